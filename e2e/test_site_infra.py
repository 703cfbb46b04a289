"""The site's plumbing: Pyodide starts from our own files, under a sub-path too, and offline.

bare.html only starts Pyodide (the floor of start-up time); these tests use it so that they say
something about the build and the service worker, whatever state the game pages are in.
"""
from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
import zipfile

import pytest
from playwright.sync_api import expect

import build

READY_MS = 60_000  # Pyodide starts in about 2 s here; a slow CI machine gets room


def wait_ready(page) -> None:
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def test_bare_page_starts_pyodide_from_the_site_alone(page, site_url):
    page.goto(site_url + "bare.html")
    wait_ready(page)
    assert "is ready" in page.locator("#status").inner_text()


def test_site_works_under_a_sub_path(page, site_subpath_url):
    assert site_subpath_url.endswith("/chaupal/")
    page.goto(site_subpath_url + "bare.html")
    wait_ready(page)
    # the service worker registers and precaches from under the sub-path, too
    assert page.evaluate("window.chaupalOffline") is True
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == site_subpath_url
    # and the sub-path server really hides the root, as GitHub Pages would
    root = site_subpath_url[: -len("chaupal/")]
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(root + "bare.html", timeout=10)
    assert info.value.code == 404


def test_second_visit_works_offline(page, context, site_url):
    page.goto(site_url + "bare.html")
    wait_ready(page)
    assert page.evaluate("window.chaupalOffline") is True
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    # a page asked for with a query string and a fragment (a share link) is the cached page
    page.goto(site_url + "bare.html?from=share#some-save")
    wait_ready(page)


def test_wasm_and_mjs_are_served_with_their_mime_types(site_url):
    for path, mime in [("pyodide/pyodide.asm.wasm", "application/wasm"),
                       ("pyodide/pyodide.mjs", "text/javascript"),
                       ("bare.html", "text/html")]:
        with urllib.request.urlopen(site_url + path, timeout=10) as response:
            assert response.headers.get_content_type() == mime, path


def test_precache_lists_every_file_of_dist():
    dist = build.DIST
    sw = (dist / "sw.js").read_text()
    version = re.search(r'^const CACHE_VERSION = "([0-9a-f]{16})";', sw, re.M)
    assert version, "dist/sw.js has no content-hash cache version"
    listed = json.loads(re.search(r"^const PRECACHE = (\[.*?\]);", sw, re.M | re.S).group(1))
    files = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    expected = {f for f in files if build.precached(f)}
    assert set(u for u in listed if u != "./") == expected
    assert not any(u.startswith("/") or "://" in u for u in listed), "precache URLs must be relative"
    for name in build.PYODIDE_FILES:
        assert f"pyodide/{name}" in listed
    assert "engine.zip" in listed and "engine-viktory.zip" in listed and "games.json" in listed
    assert not any(f.endswith(".map") for f in files)
    assert (dist / ".nojekyll").exists()


def test_engine_zips_are_deterministic_rooted_at_engine_and_one_per_game(tmp_path):
    from engine.games import PACKAGES

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    counts = build.write_engine_zips(tmp_path / "a")
    build.write_engine_zips(tmp_path / "b")
    # the core for every page, and one zip per game, fetched when that game opens (web/page_storage.py)
    assert set(counts) == {"engine.zip"} | {f"engine-{game}.zip" for game in PACKAGES}
    assert all(package == f"engine.{game}" for game, package in PACKAGES.items())  # zip names = ids
    for name in counts:
        a, b = tmp_path / "a" / name, tmp_path / "b" / name
        assert a.read_bytes() == b.read_bytes()
        with zipfile.ZipFile(a) as zf:
            names = zf.namelist()
            # PEP 552 flags: 1 = unchecked hash, used whatever the dates in the zip
            flags = {n: int.from_bytes(zf.read(n)[4:8], "little") for n in names if n.endswith(".pyc")}
        assert names == sorted(names)
        if name == "engine.zip":  # engine/*.py, engine/core/ and the game page's modules (web/page*.py)
            page = build.page_modules()
            assert "page.py" in page and len(page) > 1
            assert all(n.startswith("engine/core/") or n.count("/") == 1 or n.removesuffix("c") in page
                       for n in names)
            assert set(page) | {n + "c" for n in page} <= set(names)
        else:
            assert all(n.startswith(f"engine/{name[len('engine-'):-len('.zip')]}/") for n in names), name
        sources = {n for n in names if n.endswith(".py")}
        # every module precompiled by the site's own Pyodide (build.compile_for_pyodide), its .pyc
        # beside its source, where zipimport looks
        assert {n + "c" for n in sources} == set(names) - sources == set(flags)
        assert all(flag == 1 for flag in flags.values())
        assert counts[name] == len(sources)
    core = zipfile.ZipFile(tmp_path / "a" / "engine.zip").namelist()
    assert {"engine/__init__.py", "engine/games.py", "engine/core/session.py"} <= set(core)


# Mounts dist's zips in the site's Pyodide as play.html does (web/pyscript.json writes them, its script
# puts them on sys.path; web/page_storage.py adds a game's zip with engine.add_game_zip), imports what a game
# page imports, and reports where each module came from.
IMPORT_IN_PLACE = r"""
import { loadPyodide } from "DIST/pyodide/pyodide.mjs";
import fs from "fs";
const py = await loadPyodide({ indexURL: "DIST/pyodide/" });
for (const [from, to] of Object.entries(JSON.parse(fs.readFileSync("DIST/pyscript.json")).files)) {
  py.FS.writeFile("/home/pyodide/" + to.replace("./", ""), fs.readFileSync("DIST/" + from.replace("./", "")));
}
for (const name of fs.readdirSync("DIST").filter((name) => /^engine-\w+\.zip$/.test(name))) {
  py.FS.writeFile("/home/pyodide/" + name, fs.readFileSync("DIST/" + name));
}
py.runPython(SCRIPT);
process.stdout.write(py.runPython(`
import json, sys
from importlib import import_module
import engine
from engine.games import PACKAGES
for game in PACKAGES:
    engine.add_game_zip(f"/home/pyodide/engine-{game}.zip")
    import_module(PACKAGES[game]).GAME
import msgpack, engine.core.saves
json.dumps({name: [module.__spec__.origin, type(module.__spec__.loader).__name__]
            for name, module in sorted(sys.modules.items())
            if name.split(".")[0] in ("engine", "msgpack") and getattr(module, "__spec__", None)})
`));
"""


def test_the_page_imports_the_engine_and_msgpack_in_place_from_their_bytecode():
    """The page imports engine.zip, the msgpack wheel and a game's zip where they lie, from the
    .pyc beside each module: unpacking them into the file system (~1 ms a file) and compiling
    sources cost the page's opening more."""
    import subprocess

    html = (build.DIST / "play.html").read_text()
    script = re.search(r'<script type="py" config="pyscript.json">(.*?)</script>', html).group(1)
    mounted = json.loads((build.DIST / "pyscript.json").read_text())["files"]
    assert not list(build.DIST.glob("page*.py"))  # the page's modules are in engine.zip only
    # every file PyScript writes is on sys.path, and PyScript unpacks nothing
    on_path = json.loads(re.fullmatch(r"import sys; sys\.path\[:0\] = (\[.*\]); import page", script).group(1))
    assert sorted(on_path) == sorted("/home/pyodide/" + to.replace("./", "") for to in mounted.values())
    code = IMPORT_IN_PLACE.replace("DIST", build.DIST.as_posix()).replace(
        "SCRIPT", json.dumps(script.replace("; import page", "")))
    run = subprocess.run(["node", "--input-type=module", "-e", code], capture_output=True, timeout=120)
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-2000:]
    origins = json.loads(run.stdout)
    from engine.games import PACKAGES
    assert {"engine.core.saves", "msgpack.fallback"} | set(PACKAGES.values()) <= set(origins)
    wrong = {name: where for name, (where, loader) in origins.items()
             if loader != "zipimporter" or not where.endswith(".pyc") or ".zip/" not in where and ".whl/" not in where}
    assert wrong == {}
    for game, package in PACKAGES.items():
        assert origins[package][0] == f"/home/pyodide/engine-{game}.zip/{package.replace('.', '/')}/__init__.pyc"


def test_games_json_lists_the_games():
    catalog = json.loads((build.DIST / "games.json").read_text())
    assert "error" not in catalog, catalog.get("error")
    assert catalog["games"], "games.json lists no game"
    for game in catalog["games"]:
        assert {"id", "title", "roles", "options", "bots"} <= set(game)


def test_a_game_page_downloads_only_its_own_game_before_it_is_ready(page, site_url):
    """So that a game page opens fast, nothing it never uses comes before it is ready: of the engine, the core
    and the one game it shows (its bots' code included: the bot worker takes it from the cache); none
    of PyScript's plugins the page does not use (web/pyscript.json)."""
    asked = []
    page.on("request", lambda request: asked.append(request.url.rsplit("/", 1)[-1]))
    spec = {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", None]], "options": {}}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    engine = sorted(name for name in asked if name.startswith("engine"))
    assert engine == ["engine-aadu_huli.zip", "engine.zip"], engine
    plugins = [name for name in asked if re.match(r"(py-editor|py-game|py-terminal|donkey|deprecations)", name)]
    assert plugins == []


def test_the_game_page_preloads_its_start_up_files_and_fetches_each_once(page, site_url):
    """play.html asks for PyScript's chunks, Pyodide's files and the engine from its <head>
    (build.write_preloads, build.early_fetches), so that Pyodide starts as early as on a bare page;
    each must name a file of dist/ and be the very request the page uses later (a mismatch downloads
    it twice: the wasm is 9.6 MB)."""
    html = (build.DIST / "play.html").read_text()
    early = re.search(r"const early = new Map\((\[[^\]]*\])", html)           # build.early_fetches
    assert early and "rel=\"preload\"" not in html  # WebKit ignores preload links for fetch(): no such link
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)"', html) + json.loads(early.group(1))
    assert {"pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide.mjs", "pyscript.json",
            "engine.zip"} <= set(preloads)
    assert any(re.fullmatch(r"pyscript/core-[\w-]+\.js", url) for url in preloads), preloads
    assert all((build.DIST / url).is_file() for url in preloads), preloads
    asked = []
    page.on("request", lambda request: asked.append(urllib.parse.urlsplit(request.url).path.lstrip("/")))
    spec = {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", None]], "options": {}}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    twice = [url for url in preloads if asked.count(urllib.parse.urlsplit(site_url + url).path.lstrip("/")) != 1]
    assert twice == [], f"preloaded files not asked for exactly once: {twice}"
