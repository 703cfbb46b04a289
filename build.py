#!/usr/bin/env python3
"""Build, serve, test and measure the Chaupal site.

    python3 build.py serve [--port 8000]   set up, build dist/ and serve it on http://127.0.0.1:PORT/
    python3 build.py test [pytest args]    set up (with Chromium, WebKitGTK, Firefox ESR), build, run pytest
    python3 build.py build                 set up and write dist/ from scratch
    python3 build.py setup [--chromium] [--browsers]  only the set-up: .venv, node_modules, the msgpack
                                           wheel (and the browsers of the e2e tests)
    python3 build.py bench-site [--runs N] opening play.html (a new game, share links) against bare.html
    python3 build.py bench-open [GAME ...]  the page's longest stall while it opens the longest links
    python3 build.py bench-bots [GAME]     bot think time per level, in the browser and on CPython
                                           (--games N: whole games in the worker, one level)
    python3 build.py bench-first [GAME ...] a new game where bots move first: the wait for the first decision
    python3 build.py bench-memory [GAME ...] a game page and its bots' worker: memory above an empty tab

Runs with the system python3 and the standard library only. `setup` is idempotent and quick when
nothing changed; every other command runs it and then re-executes itself inside .venv, so the
project's pinned packages are the ones used.

Environment:
    CHAUPAL_CHROMIUM     the Chromium (or Chrome) binary for the browser tests, default /usr/bin/chromium;
                         "playwright" uses the browser that `playwright install chromium` downloaded
    CHAUPAL_WEBKIT_DRIVER, CHAUPAL_XVFB, CHAUPAL_FIREFOX
                         the other engines of e2e/test_other_browsers.py, by default Debian's
                         /usr/bin/WebKitWebDriver, /usr/bin/Xvfb and /usr/bin/firefox-esr
    CHAUPAL_KEEP_GOING=1 write an empty games.json (with an "error" key) instead of failing the
                         build when the engine cannot be imported
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import http.server
import json
import os
import re
import shutil
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
DIST = ROOT / "dist"
WEB = ROOT / "web"
CACHE = ROOT / ".cache"
WHEELS = CACHE / "wheels"
NODE_MODULES = ROOT / "node_modules"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# The QR code encoder of the Share dialog (web/share.js loads it on first use): the npm package
# qrcode-generator's browser script, as it is; its head is the package's licence notice (MIT).
QRCODE_JS = ("qrcode-generator/dist/qrcode.js", "qrcode/qrcode.js")
# PyScript chunks that only its editor/terminal load: shipped, but not precached.
OPTIONAL_PYSCRIPT = re.compile(r"^pyscript/(codemirror|xterm)[^/]*$")
DEFAULT_CHROMIUM = "/usr/bin/chromium"
IN_VENV_FLAG = "CHAUPAL_IN_VENV"
FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)

MIME_TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
              ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
              ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json",
              ".py": "text/plain", ".css": "text/css", ".html": "text/html"}


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def die(msg: str, status: int = 1) -> "None":
    print(f"[build] error: {msg}", file=sys.stderr, flush=True)
    raise SystemExit(status)


def run(cmd: list[str], **kw) -> None:
    log("$ " + " ".join(str(c) for c in cmd))
    try:
        subprocess.run([str(c) for c in cmd], check=True, **kw)
    except FileNotFoundError:
        die(f"{cmd[0]} not found: install it first")
    except subprocess.CalledProcessError as exc:
        die(f"{' '.join(str(c) for c in cmd)} failed with status {exc.returncode}")


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# ---------------------------------------------------------------------------------------------
# setup


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def pyproject() -> dict:
    import tomllib
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def msgpack_version() -> str:
    for dep in pyproject()["project"]["dependencies"]:
        m = re.fullmatch(r"\s*msgpack\s*==\s*([0-9][^\s;]*)\s*", dep)
        if m:
            return m.group(1)
    die("pyproject.toml must pin msgpack with ==")


def wheel_name() -> str:
    return f"msgpack-{msgpack_version()}-py3-none-any.whl"


def setup_venv() -> None:
    py = venv_python()
    if py.exists():
        probe = subprocess.run([str(py), "-c", "import sys"], capture_output=True)
        if probe.returncode != 0:
            log(".venv is broken: recreating it")
            shutil.rmtree(VENV)
    if not py.exists():
        run([sys.executable, "-m", "venv", VENV])
    stamp_file = VENV / ".chaupal-installed"
    version = subprocess.run([str(py), "-c", "import sys; print(sys.version)"],
                             capture_output=True, text=True).stdout
    stamp = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + version.encode()).hexdigest()
    if stamp_file.exists() and stamp_file.read_text().strip() == stamp:
        return
    run([py, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", ".[test]"], cwd=ROOT)
    stamp_file.write_text(stamp + "\n")


def setup_node() -> None:
    lock = ROOT / "package-lock.json"
    if not lock.exists():
        die("package-lock.json is missing (run `npm install` once and keep the lock file)")
    stamp_file = NODE_MODULES / ".chaupal-lock-sha256"
    stamp = sha256_file(lock)
    if stamp_file.exists() and stamp_file.read_text().strip() == stamp:
        return
    run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)
    stamp_file.write_text(stamp + "\n")


def setup_wheel() -> None:
    target = WHEELS / wheel_name()
    if target.exists():
        return
    version = msgpack_version()
    WHEELS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        env = dict(os.environ, MSGPACK_PUREPYTHON="1")
        run([venv_python(), "-m", "pip", "wheel", "--disable-pip-version-check", "-q",
             "--no-cache-dir", "--no-deps", "--no-binary", "msgpack", f"msgpack=={version}",
             "-w", tmp], env=env)
        built = Path(tmp) / target.name
        if not built.exists():
            die(f"pip wheel did not give {target.name} (got {os.listdir(tmp)}): "
                "the pure-Python build of msgpack failed")
        shutil.move(str(built), target)
    log(f"built {target.relative_to(ROOT)} ({target.stat().st_size} bytes)")


def chromium_path() -> str:
    return os.environ.get("CHAUPAL_CHROMIUM") or DEFAULT_CHROMIUM


def setup_chromium() -> None:
    path = chromium_path()
    if path == "playwright" or os.path.exists(path):  # "playwright": its own downloaded browser
        return
    if os.environ.get("CHAUPAL_CHROMIUM"):
        die(f"CHAUPAL_CHROMIUM={path} does not exist")
    if not shutil.which("apt-get"):
        die(f"no Chromium at {path} and no apt-get to install it: set CHAUPAL_CHROMIUM to a "
            "Chromium or Chrome binary")
    apt_install(["chromium"], "Chromium (about 480 MB)")
    if not os.path.exists(path):
        die(f"apt-get installed chromium but {path} is still missing")


def apt_install(packages: list[str], what: str) -> None:
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    log(f"installing {what} with apt-get")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    install = sudo + ["apt-get", "install", "-y", *packages]
    if subprocess.run(install, env=env).returncode != 0:
        run(sudo + ["apt-get", "update"], env=env)
        run(install, env=env)


# the other engines of e2e/test_other_browsers.py: (environment variable naming another binary, Debian's
# binary, its package)
OTHER_BROWSERS = [("CHAUPAL_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver", "webkit2gtk-driver"),
                  ("CHAUPAL_XVFB", "/usr/bin/Xvfb", "xvfb"),
                  ("CHAUPAL_FIREFOX", "/usr/bin/firefox-esr", "firefox-esr")]


def setup_other_browsers() -> None:
    """WebKitGTK's WebDriver, Xvfb and Firefox ESR, from Debian's packages where missing."""
    missing = {}
    for variable, default, package in OTHER_BROWSERS:
        path = os.environ.get(variable)
        if path and not os.path.exists(path):
            die(f"{variable}={path} does not exist")
        if not path and not os.path.exists(default):
            missing[default] = package
    if not missing:
        return
    packages = sorted(set(missing.values()))
    if not shutil.which("apt-get"):
        die(f"{', '.join(missing)} missing and no apt-get to install {', '.join(packages)}: install them, "
            "or name other binaries with " + ", ".join(v for v, _, _ in OTHER_BROWSERS))
    apt_install(packages, f"the other browser engines of the e2e tests: {', '.join(packages)} (about 860 MB)")
    still = [path for path in missing if not os.path.exists(path)]
    if still:
        die(f"apt-get installed {', '.join(missing[p] for p in still)} but {', '.join(still)} is still missing")


def setup(chromium: bool = False, browsers: bool = False) -> None:
    """`browsers`: also the other engines of the e2e tests (WebKitGTK, Firefox ESR)."""
    t0 = time.monotonic()
    setup_venv()
    setup_node()
    setup_wheel()
    if chromium:
        setup_chromium()
    if browsers:
        setup_other_browsers()
    log(f"setup done in {time.monotonic() - t0:.1f} s")


def in_venv() -> bool:
    try:
        return Path(sys.prefix).resolve() == VENV.resolve()
    except OSError:
        return False


def ensure_setup_and_venv(chromium: bool = False, browsers: bool = False) -> None:
    """Set up (unless the parent process just did) and re-exec this command inside .venv."""
    if os.environ.get(IN_VENV_FLAG) == "1" and in_venv():
        return
    setup(chromium=chromium, browsers=browsers)
    if in_venv():
        return
    py = str(venv_python())
    env = dict(os.environ, **{IN_VENV_FLAG: "1"})
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(py, [py, str(Path(__file__).resolve()), *sys.argv[1:]], env)


# ---------------------------------------------------------------------------------------------
# build


# Compiles the engine's modules with the site's own Pyodide (run by Node), so that the page and the bot
# worker import bytecode instead of compiling every module at start-up (about two thirds of the time
# a game's package takes to import). Unchecked-hash .pyc files (PEP 552): used as they are, whatever
# the sources' dates in the zip.
PYC_COMPILER = r"""
import { loadPyodide } from "PYODIDE_MJS";
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pyodide = await loadPyodide({ indexURL: "PYODIDE_DIR/" });
pyodide.globals.set("request_json", Buffer.concat(chunks).toString("utf8"));
process.stdout.write(pyodide.runPython(`
import base64, json, os, py_compile
compiled = {}
for rel, text in json.loads(request_json).items():
    src = "/chaupal-build/" + rel
    os.makedirs(os.path.dirname(src), exist_ok=True)
    with open(src, "w", encoding="utf-8") as out:
        out.write(text)
    cfile = py_compile.compile(src, cfile=f"/chaupal-build/pyc/{rel}c", dfile=rel, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(cfile, "rb") as pyc:
        compiled[rel + "c"] = base64.b64encode(pyc.read()).decode()
json.dumps(compiled)
`));
"""


def compile_for_pyodide(sources: dict) -> dict:
    """{zip path of a .py: its text} -> {zip path of its .pyc: bytes}, compiled by the site's Pyodide.
    Each .pyc lies beside its source (engine/core/api.py -> engine/core/api.pyc), where zipimport finds
    it: the page and the bot worker import the engine and msgpack from their zips in place, as
    unpacking them into the file system cost the page's opening more than the imports."""
    pyodide_dir = NODE_MODULES / "pyodide"
    script = PYC_COMPILER.replace("PYODIDE_MJS", (pyodide_dir / "pyodide.mjs").as_posix()) \
        .replace("PYODIDE_DIR", pyodide_dir.as_posix())
    run = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(sources).encode(),
                         capture_output=True, cwd=ROOT)
    if run.returncode != 0:
        die("compiling the engine with Pyodide failed:\n" + run.stderr.decode(errors="replace")[-2000:])
    return {path: base64.b64decode(data) for path, data in json.loads(run.stdout).items()}


# The game page's code: the modules web/page*.py (page.py, which play.html's script imports, and the
# parts it is assembled from), shipped in engine.zip with their bytecode (PyScript would compile a
# script's text at every opening, ~0.25 s for the page), and not as loose files of dist/.
PAGE_MODULES = "page*.py"


def page_modules() -> list:
    """The names of the game page's modules in web/, which are also their paths in engine.zip."""
    return sorted(path.name for path in WEB.glob(PAGE_MODULES))


def zip_of(rel: str) -> str:
    """The zip a module of engine/ goes into: a game's folder into engine-<game>.zip, which a page
    fetches when it opens that game (web/page_storage.py, load_game; the bot worker likewise); the package
    and engine/core into engine.zip, which every game page mounts at start-up (web/pyscript.json)."""
    parts = rel.split("/")
    return f"engine-{parts[1]}.zip" if len(parts) > 2 and parts[1] != "core" else "engine.zip"


def write_zip(target: Path, entries: dict) -> None:
    """A deterministic zip of {path: bytes}, in path order."""
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            zf.writestr(info, entries[name])


# The files that name the msgpack wheel: the page mounts it (pyscript.json) and puts it on sys.path
# (play.html's script), the bot worker likewise.
WHEEL_NAMED_IN = ("pyscript.json", "play.html", "bot-worker.mjs")


def write_wheel_with_pyc(wheel: Path, target: Path) -> None:
    """The pure-Python msgpack wheel with each module's .pyc beside it, compiled by the site's Pyodide:
    the page imports msgpack from the wheel in place (zipimport), and compiling it at import cost the
    page ~45 ms. The wheel's RECORD does not list them: nothing installs it with pip."""
    with zipfile.ZipFile(wheel) as zf:
        entries = {name: zf.read(name) for name in zf.namelist()}
    sources = {name: data.decode("utf-8") for name, data in entries.items() if name.endswith(".py")}
    entries.update(compile_for_pyodide(sources))
    write_zip(target, entries)


def write_engine_zips(folder: Path) -> dict:
    """engine.zip and one engine-<game>.zip per game, deterministic, each module beside its .pyc
    compiled by the site's Pyodide, imported in place (web/play.html, web/bot-worker.mjs). Returns
    {zip name: number of modules}."""
    files = sorted(p for p in (ROOT / "engine").rglob("*.py") if "__pycache__" not in p.parts)
    sources = {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8") for path in files}
    for name in page_modules():  # the game page, in engine.zip
        sources[name] = (WEB / name).read_text(encoding="utf-8")
    entries = {path: text.encode("utf-8") for path, text in sources.items()}
    entries.update(compile_for_pyodide(sources))
    zips = {}
    for name in sorted(entries):
        zips.setdefault(zip_of(name), []).append(name)
    for zip_name, names in zips.items():
        write_zip(folder / zip_name, {name: entries[name] for name in names})
    return {zip_name: sum(n.endswith(".py") for n in names) for zip_name, names in sorted(zips.items())}


def write_games_json(target: Path) -> None:
    """The catalogue the home page reads, and beside it the picture of each game's board
    (pictures/<id>.svg, board_picture), named in the game's entry with its size."""
    sys.path.insert(0, str(ROOT))
    try:
        from engine.games import GAMES
        entries = []
        (target.parent / "pictures").mkdir(exist_ok=True)
        for game in GAMES.values():
            svg, width, height = board_picture(game)
            rel = f"pictures/{game.id}.svg"
            (target.parent / rel).write_text(svg, encoding="utf-8")
            entries.append({**game.catalog_entry(), "picture": {"src": rel, "width": width, "height": height}})
            log(f"{rel}: {len(svg.encode())} bytes")
        text = json.dumps({"games": entries}, indent=1, ensure_ascii=False, sort_keys=False)
    except Exception as exc:  # engine/ is written by others: say clearly what broke
        traceback.print_exc()
        msg = f"cannot build games.json: importing engine.games or drawing a picture failed: {exc!r}"
        if os.environ.get("CHAUPAL_KEEP_GOING") != "1":
            die(msg + " (set CHAUPAL_KEEP_GOING=1 to write an empty catalogue and go on)")
        log("WARNING: " + msg + "; writing an empty catalogue")
        text = json.dumps({"games": [], "error": msg}, indent=1)
    finally:
        sys.path.remove(str(ROOT))
    target.write_text(text + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# the home page's pictures of the boards

SVG_NS = "http://www.w3.org/2000/svg"
PICTURE_SEED = 1  # the setup's seed: every build draws the same picture
PICTURE_BOT = 2  # Medium plays the picture's opening moves (GameInfo.picture_moves)
# attributes of a playable board that a picture has no use for: what makes an element focusable or
# clickable, names for assistive technology (the picture is one image with one name), the page's
# data about actions and pieces
PICTURE_DROPPED = re.compile(r"^(tabindex|focusable|role|aria-[\w-]+|data-[\w-]+|onclick|pointer-events)$")


def picture_position(game):
    """(the state, the role whose view is drawn): the setup with PICTURE_SEED and the default options,
    then game.picture_moves moves of Medium bots in every seat; the view is the first seat's (where a
    seat may see what others may not, GameInfo.private_views, the tests check that every seat's view
    draws the same picture, so that nothing hidden is shown)."""
    from engine.core.session import Session
    roles = game.rules.roles(game.default_options())
    session = Session.new(game.id, [[role, PICTURE_BOT] for role in roles], {}, seed=PICTURE_SEED)
    for _ in range(game.picture_moves):
        turn = session.bot_turn()
        if turn is None or session.result() is not None:
            break
        session.play_bot(turn[0])
    return session.state, roles[0]


def board_picture(game, role: str | None = None) -> tuple[str, int, int]:
    """(SVG text, width, height) of the picture of `game`'s board on the home page: the board's own
    drawing of picture_position, seen by `role` (the first seat by default) with no legal actions, made
    a static image: its first <svg> only (a board may draw a second, e.g. a panel of cards), cut to
    game.picture_box, with no titles (tooltips), nothing focusable or clickable and no ids that
    nothing refers to; role="img" and its name, "The board of <title>", on the root."""
    import xml.etree.ElementTree as ET
    state, first = picture_position(game)
    role = role or first
    drawing = game.board.render(game.rules.view(state, role), role, [])
    drawing = drawing[:drawing.index("</svg>") + len("</svg>")]
    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(drawing)
    box = game.picture_box or root.get("viewBox")
    x0, y0, width, height = (float(v) for v in box.replace(",", " ").split())
    if game.picture_box:  # a board of sections side by side or one below another: drop those outside
        for child in list(root):
            shift = re.fullmatch(r"translate\(\s*([-\d.]+)[\s,]+([-\d.]+)\s*\)", child.get("transform", ""))
            if shift and (float(shift.group(1)) >= x0 + width or float(shift.group(2)) >= y0 + height):
                root.remove(child)
    referred = set(re.findall(r"url\(#([^)\s]+)\)|href=\"#([^\"]+)\"", drawing))
    referred = {name for pair in referred for name in pair if name}
    for parent in root.iter():
        for child in list(parent):
            if child.tag in (f"{{{SVG_NS}}}title", f"{{{SVG_NS}}}desc"):
                parent.remove(child)
    for node in root.iter():
        for key in list(node.attrib):
            if PICTURE_DROPPED.match(key) or (key == "id" and node.get(key) not in referred):
                del node.attrib[key]
        classes = [c for c in node.get("class", "").split() if c != "action"]
        if classes:
            node.set("class", " ".join(classes))
        elif "class" in node.attrib:
            del node.attrib["class"]
    name = f"The board of {game.title}"
    for key in ("style", "width", "height"):
        root.attrib.pop(key, None)
    root.set("viewBox", " ".join(_num(v) for v in (x0, y0, width, height)))
    root.set("width", _num(width))
    root.set("height", _num(height))
    root.set("role", "img")
    root.set("aria-label", name)
    title = ET.Element(f"{{{SVG_NS}}}title")
    title.text = name
    root.insert(0, title)
    return ET.tostring(root, encoding="unicode") + "\n", round(width), round(height)


def _num(v: float) -> str:
    return str(int(v)) if v == int(v) else f"{v:g}"


PRELOAD_MARK = "<!-- build.py: preloads -->"


def write_preloads(page: Path, wheel: str) -> None:
    """The game page asks for every file of its start-up at once, from its <head>: PyScript
    finds Pyodide only after a chain of its own modules and its config (~0.4 s after the page began,
    where a bare Pyodide page starts at once), then fetches the engine and the msgpack wheel
    one after another. Modules are preloaded by <link rel="modulepreload">, which every engine matches
    with the later import; the other files are fetched at once by early_fetches, whose responses the
    later fetch() takes. They come after the page's own scripts, which block its parsing: asked for
    first, the 12 MB of Pyodide held them back (PyScript then found Pyodide ~0.2 s later)."""
    core = re.search(r'from"\./(core-[\w-]+\.js)"', (DIST / "pyscript" / "core.js").read_text())
    chunk = (DIST / "pyscript" / core.group(1)).read_text() if core else ""
    error = re.search(r'import\("\./(error-[\w-]+\.js)"\)', chunk)  # its error plugin, loaded first
    modules = [f"pyscript/{m.group(1)}" for m in (core, error) if m] + ["pyodide/pyodide.mjs",
                                                                         "pyodide/pyodide.asm.mjs"]
    fetches = ["pyscript.json", "pyodide/pyodide-lock.json", "pyodide/pyodide.asm.wasm",
               "pyodide/python_stdlib.zip", "engine.zip", f"wheels/{wheel}"]
    if not core or not error:
        log("WARNING: PyScript's core or error chunk not found: play.html preloads less")
    links = [f'<link rel="modulepreload" href="{url}">' for url in modules] + [early_fetches(fetches)]
    text = page.read_text(encoding="utf-8")
    if PRELOAD_MARK not in text:
        die(f"{page.name} has no {PRELOAD_MARK}")
    page.write_text(text.replace(PRELOAD_MARK, "\n  ".join(links)), encoding="utf-8")


def early_fetches(urls: list) -> str:
    """An inline script that starts fetch() for each of `urls` at once and hands each response to the
    first plain fetch() of that URL the page makes later (Pyodide's, PyScript's: a string or URL and no
    options but an empty integrity). It replaces <link rel="preload" as="fetch">, which WebKit never
    matches with a later fetch(): there every preloaded file was downloaded twice (12.5 MB more on a
    first visit). A response is handed over once; any other request goes to the network as before."""
    return ("<script>(() => {\n"
            f"    const early = new Map({json.dumps(urls)}.map((u) => [new URL(u, location.href).href, null]));\n"
            "    for (const url of early.keys()) early.set(url, fetch(url));\n"
            "    const plain = (init) => !init || Object.entries(init).every(([k, v]) => k === \"integrity\" && !v);\n"
            "    const networkFetch = window.fetch;\n"
            "    window.fetch = function (input, init) {\n"
            "      const url = typeof input === \"string\" || input instanceof URL ? new URL(input, location.href).href : null;\n"
            "      if (url !== null && early.has(url) && plain(init)) {\n"
            "        const response = early.get(url);\n"
            "        early.delete(url);\n"
            "        return response;\n"
            "      }\n"
            "      return networkFetch.apply(this, arguments);\n"
            "    };\n"
            "  })();</script>")


def write_game_ids(target: Path, ids: list) -> None:
    """startup.js fetches a game's zip while Pyodide starts, for the games the site has only (an
    unknown id in a link would be a 404 in the console): its line `const GAME_IDS = [];` lists them."""
    if not target.exists():
        return
    out, n = re.subn(r"^  const GAME_IDS = \[\];", lambda m: "  const GAME_IDS = " + json.dumps(ids) + ";",
                     target.read_text(encoding="utf-8"), flags=re.M)
    if n != 1:
        die("web/startup.js must contain exactly one line `  const GAME_IDS = [];`")
    target.write_text(out, encoding="utf-8")


def precached(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return not (rel == "sw.js" or name.startswith(".") or OPTIONAL_PYSCRIPT.match(rel))


def write_service_worker(template: Path, target: Path, folder: Path = DIST) -> tuple[list[str], str]:
    """`target` (the sw.js of the site in `folder`) from `template`: the site's content hash as its cache
    version and its precache list. Returns (the list, the version)."""
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    files = [f for f in files if precached(f)]
    h = hashlib.sha256()
    source = template.read_text(encoding="utf-8")
    h.update(hashlib.sha256(source.encode()).digest())
    for rel in files:
        h.update(rel.encode() + b"\0" + bytes.fromhex(sha256_file(folder / rel)))
    version = h.hexdigest()[:16]
    urls = [urllib.parse.quote(f) for f in files]
    if "index.html" in files:
        urls.insert(0, "./")  # the sub-path itself (https://user.github.io/repo/) is a page too
    out, n1 = re.subn(r'^const CACHE_VERSION = "[^"\n]*";', f'const CACHE_VERSION = "{version}";',
                      source, flags=re.M)
    out, n2 = re.subn(r"^const PRECACHE = \[\];",
                      lambda m: "const PRECACHE = " + json.dumps(urls, indent=2) + ";", out,
                      flags=re.M)
    if (n1, n2) != (1, 1):
        die(f"{template.relative_to(ROOT)} must contain exactly one line "
            '`const CACHE_VERSION = "dev";` and one line `const PRECACHE = [];`')
    target.write_text(out, encoding="utf-8")
    return urls, version


def dir_bytes(path: Path) -> tuple[int, int]:
    files = [p for p in path.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def build() -> None:
    t0 = time.monotonic()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    # the pages
    template = None
    page_files = set(page_modules())
    if WEB.exists():
        for src in sorted(WEB.rglob("*")):
            rel = src.relative_to(WEB)
            if "__pycache__" in rel.parts or src.suffix == ".pyc" or not src.is_file():
                continue
            if rel.as_posix() in page_files:
                continue  # in engine.zip (write_engine_zips)
            if rel.as_posix() == "sw.js":
                template = src
                continue
            (DIST / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, DIST / rel)
    # Pyodide: only the files the site needs
    pyodide_src = NODE_MODULES / "pyodide"
    (DIST / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        if not (pyodide_src / name).exists():
            die(f"node_modules/pyodide/{name} is missing: run `python3 build.py setup`")
        shutil.copy2(pyodide_src / name, DIST / "pyodide" / name)
    # PyScript: its self-contained dist/ without source maps
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    if not pyscript_src.is_dir():
        die("node_modules/@pyscript/core/dist is missing: run `python3 build.py setup`")
    shutil.copytree(pyscript_src, DIST / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    # the QR code encoder, with its licence notice at its head
    qr_src, qr_dist = NODE_MODULES / QRCODE_JS[0], DIST / QRCODE_JS[1]
    if not qr_src.exists():
        die(f"node_modules/{QRCODE_JS[0]} is missing: run `python3 build.py setup`")
    if "Licensed under the MIT license" not in qr_src.read_text(encoding="utf-8")[:1000]:
        die(f"node_modules/{QRCODE_JS[0]} no longer starts with its licence notice: ship its licence beside it")
    qr_dist.parent.mkdir()
    shutil.copy2(qr_src, qr_dist)
    # the engine: its core for every page, and each game apart (a page downloads only its game)
    zips = write_engine_zips(DIST)
    write_game_ids(DIST / "startup.js", sorted(name[len("engine-"):-len(".zip")] for name in zips
                                              if name.startswith("engine-")))
    # the pure-Python msgpack wheel
    wheel = WHEELS / wheel_name()
    if not wheel.exists():
        die(f"{wheel.relative_to(ROOT)} is missing: run `python3 build.py setup`")
    (DIST / "wheels").mkdir()
    write_wheel_with_pyc(wheel, DIST / "wheels" / wheel.name)
    stale = [name for name in WHEEL_NAMED_IN if wheel.name not in (WEB / name).read_text(encoding="utf-8")]
    if stale:
        die(f"web/{', web/'.join(stale)} must name the msgpack wheel {wheel.name} (pyproject.toml's pin)")
    write_preloads(DIST / "play.html", wheel.name)
    # the catalogue the home page reads
    write_games_json(DIST / "games.json")
    # GitHub Pages: serve files whose names start with "_" as they are
    (DIST / ".nojekyll").write_bytes(b"")
    # the service worker, last: it lists and hashes everything else
    if template is None:
        log("WARNING: web/sw.js (the service worker template) is missing: no offline support")
        urls, version = [], "-"
    else:
        urls, version = write_service_worker(template, DIST / "sw.js")
    total, count = dir_bytes(DIST)
    log(f"engine: {', '.join(f'{name} {n} modules' for name, n in zips.items())}; sw.js: {len(urls)} "
        f"precached URLs, cache version {version}")
    log(f"dist/: {count} files, {total} bytes ({total / 1e6:.1f} MB) in "
        f"{time.monotonic() - t0:.1f} s")


# ---------------------------------------------------------------------------------------------
# serving


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types; optionally only under a URL prefix (a sub-path). It serves
    its server's `directory`, which may change while the server runs (a new deployment, e2e)."""

    prefix = "/"  # e.g. "/chaupal/": everything else is 404, as on GitHub Pages under a repo
    quiet = True
    counter = None  # a ByteCounter, for bench-site

    def __init__(self, request, client_address, server):
        self.extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
        super().__init__(request, client_address, server, directory=server.directory)

    def translate_path(self, path):
        parsed = urllib.parse.urlsplit(path).path
        if self.prefix != "/":
            if not parsed.startswith(self.prefix):  # outside the sub-path: 404
                return os.path.join(self.directory, ".outside-the-site", "missing")
            path = "/" + path[len(self.prefix):]
        return super().translate_path(path)

    def send_head(self):
        parsed = urllib.parse.urlsplit(self.path).path
        if self.prefix != "/" and parsed == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        return super().send_head()

    def end_headers(self):
        # revalidate every time: a rebuilt dist/ is seen at once (the service worker does the caching)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source, outputfile):
        if self.counter is None:
            return super().copyfile(source, outputfile)
        n = 0
        while block := source.read(1 << 16):
            outputfile.write(block)
            n += len(block)
        self.counter.add(self.path, n)

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class ByteCounter:
    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.bytes = 0
            self.requests = []

    def add(self, path, n):
        with self.lock:
            self.bytes += n
            self.requests.append((path, n))


class SiteServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    directory = str(DIST)  # what it serves: set it to serve another folder from the next request on


def make_server(directory: Path = DIST, port: int = 0, prefix: str = "/", quiet: bool = True,
                counter: ByteCounter | None = None) -> SiteServer:
    """A server of `directory` on 127.0.0.1:port (0 = a free port), under URL `prefix`."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError("prefix must start and end with '/'")
    handler = type("Handler", (SiteHandler,), {"prefix": prefix, "quiet": quiet, "counter": counter})
    server = SiteServer(("127.0.0.1", port), handler)
    server.directory = str(directory)
    return server


def start_server_thread(**kw) -> tuple[SiteServer, str]:
    server = make_server(**kw)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}{kw.get('prefix', '/')}"


def serve(port: int) -> None:
    try:
        server = make_server(port=port, quiet=False)
    except OSError as exc:
        die(f"cannot listen on 127.0.0.1:{port}: {exc.strerror} (try --port)")
    print(f"\nServing dist/ on http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C to stop)\n",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()


# ---------------------------------------------------------------------------------------------
# bench-site

# play.html starts a new game from ?new=<JSON spec> (web/home.js); two human seats, default options
DEFAULT_PLAY = "play.html?new=" + urllib.parse.quote(json.dumps(
    {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", None]], "options": {}},
    separators=(",", ":")))

READY_PROBE = """
(() => {
  const mark = () => {
    if (window.__chaupalReadyAt === undefined && document.body && document.body.dataset.ready === "true")
      window.__chaupalReadyAt = performance.now();
  };
  new MutationObserver(mark).observe(document, {subtree: true, childList: true, attributes: true,
                                                attributeFilter: ["data-ready"]});
})();
"""


def launch_args() -> dict:
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run",
            "--disable-dev-shm-usage"]  # containers often have a tiny /dev/shm: renderers crash there
    path = chromium_path()
    return {"executable_path": path, "args": args, "headless": True} if path != "playwright" else \
        {"args": args, "headless": True}


# share links opened by bench-site (complete games between bots, made by the CLI's simulate): the
# 8-player Viktory II game is the longest common link (the goal: replayed and drawn in under 1 s)
DEFAULT_LINKS = ["tests/data/links_v2/vijayanagara-default-bot3-seed3004.txt",
                 "tests/data/links_v2/viktory-players8-bot1-seed1.txt"]
MARKS = ["chaupal:py-ready", "chaupal:main", "chaupal:imported", "chaupal:decoded", "chaupal:replayed",
         "chaupal:drawn"]  # performance marks of startup.js and web/page.py, in the order they come


def bench_site(runs: int, play_path: str, timeout_s: float, links: list) -> None:
    import statistics
    from playwright.sync_api import Error as PlaywrightError, sync_playwright

    if not DIST.is_dir():
        die("dist/ is missing")
    counter = ByteCounter()
    server, base = start_server_thread(counter=counter)
    pages = {"bare": "bare.html"}
    play_file = urllib.parse.urlsplit(play_path).path
    if (DIST / play_file).exists():
        pages["play"] = play_path
        for link in links:
            pages["link " + Path(link).stem] = "play.html#" + (ROOT / link).read_text().strip()
    else:
        log(f"dist/{play_file} does not exist yet: measuring bare.html only")
    results = {name: {"cold": [], "warm": [], "first_bytes": [], "precache_bytes": [], "marks": [],
                      "files": {}} for name in pages}

    def visit(context, url):
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        page.wait_for_function("window.__chaupalReadyAt !== undefined", timeout=timeout_s * 1000,
                               polling=50)
        ms = page.evaluate("window.__chaupalReadyAt")
        marks = page.evaluate("Object.fromEntries(performance.getEntriesByType('mark')"
                              ".map((m) => [m.name, m.startTime]))")
        # what the page itself fetched before it was ready (not the service worker's precache, which
        # starts then): the resource timings that began before data-ready
        marks["files"] = page.evaluate("performance.getEntriesByType('resource')"
                                       ".filter((e) => e.startTime <= window.__chaupalReadyAt)"
                                       ".map((e) => [new URL(e.name).pathname, e.encodedBodySize])")
        return page, ms, errors, marks

    def visit_pair(p, profile, url):
        """A first and a second visit in one fresh browser profile on disk, as a real first visit has:
        an in-memory (incognito) context cannot keep the 9.6 MB wasm in its HTTP cache, so there the
        service worker's precache would download it a second time."""
        context = p.chromium.launch_persistent_context(profile, **launch_args())
        try:
            context.add_init_script(READY_PROBE)
            for blank in context.pages:
                blank.close()
            counter.reset()
            page, cold, errors, marks = visit(context, url)
            first = counter.bytes
            try:  # the service worker's precache, if the page registers one
                page.evaluate("window.chaupalOffline ? window.chaupalOffline.then(() => true,"
                              " () => false) : false")
            except Exception:
                pass
            precache = counter.bytes
            page.close()
            _, warm, errors2, _ = visit(context, url)
            return cold, warm, first, precache, marks, errors + errors2
        finally:
            context.close()

    with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="chaupal-bench-") as tmp:
        try:
            for i in range(runs):
                order = list(pages.items()) if i % 2 == 0 else list(reversed(pages.items()))
                for name, path in order:
                    for attempt in (1, 2):  # Chromium's renderer crashed once in ~60 cold visits here
                        try:
                            cold, warm, first, precache, marks, errors = visit_pair(
                                p, os.path.join(tmp, f"{name}-{i}-{attempt}"), base + path)
                            break
                        except PlaywrightError as err:
                            if attempt == 2 or "crashed" not in str(err):
                                raise
                            log(f"run {i + 1}/{runs} {name}: the page crashed ({str(err).splitlines()[0]});"
                                " measuring it again in a fresh profile")
                    for e in errors:
                        log(f"{name}: page error: {e}")
                    r = results[name]
                    for file, n in marks.pop("files"):
                        r["files"][file.lstrip("/")] = n
                    r["cold"].append(cold)
                    r["warm"].append(warm)
                    r["first_bytes"].append(first)
                    r["precache_bytes"].append(precache)
                    r["marks"].append(marks)
                    log(f"run {i + 1}/{runs} {name}: first visit {cold:.0f} ms, second visit "
                        f"{warm:.0f} ms, {first} bytes to data-ready, {precache} bytes with precache")
        finally:
            server.shutdown()
            server.server_close()
    total, count = dir_bytes(DIST)
    summary = {"runs": runs, "dist_bytes": total, "dist_files": count}
    print()
    for name, r in results.items():
        cold = statistics.median(r["cold"])
        warm = statistics.median(r["warm"])
        summary[name] = {"url": pages[name], "first_visit_ms": round(cold), "second_visit_ms": round(warm),
                         "first_visit_bytes": int(statistics.median(r["first_bytes"])),
                         "first_visit_bytes_with_precache": int(statistics.median(r["precache_bytes"])),
                         "first_visit_files": dict(sorted(r["files"].items(), key=lambda f: -f[1]))}
        # where the first visit's time goes: each mark's median time after the previous one
        previous, steps = 0.0, {}
        for mark in MARKS:
            times = [m[mark] for m in r["marks"] if mark in m]
            if len(times) == len(r["marks"]):
                at = statistics.median(times)
                steps[mark.split(":")[1]] = round(at - previous)
                previous = at
        if steps:
            steps["ready"] = round(cold - previous)
            summary[name]["first_visit_steps_ms"] = steps
            print(f"{name}: first visit, ms until each step after the previous one: {steps}")
        print(f"{name:5s} median to data-ready: first visit {cold:7.0f} ms, second visit {warm:7.0f} ms;"
              f" first visit downloads {summary[name]['first_visit_bytes']} bytes"
              f" ({summary[name]['first_visit_bytes_with_precache']} with the offline precache)")
    for name in results:
        if name == "bare":
            continue
        for kind in ("first_visit_ms", "second_visit_ms"):
            summary[name][f"ratio_{kind}"] = round(summary[name][kind] / summary["bare"][kind], 2)
        # each run's own ratio (the two pages were opened one after the other) and their range: how
        # far single visits swing, which the ratio of medians hides (docs/benchmarks.md, noise floor)
        paired = sorted(a / b for a, b in zip(results[name]["cold"], results["bare"]["cold"]))
        summary[name]["ratio_first_visit_per_run"] = [round(r, 3) for r in paired]
        print(f"ratio {name}/bare: first visit {summary[name]['ratio_first_visit_ms']} (each run's own: "
              f"median {statistics.median(paired):.3f}, {paired[0]:.2f}-{paired[-1]:.2f}), second visit "
              f"{summary[name]['ratio_second_visit_ms']}")
    print(f"dist/: {count} files, {total} bytes")
    print(json.dumps(summary))


def bot_positions(game_id: str, options: dict, moves: list) -> list:
    """Saves of seeded Medium-bot games after the given numbers of moves, a bot to act in each."""
    from engine.core.session import Session
    from engine.games import get_game

    game = get_game(game_id)
    roles = game.rules.roles(game.check_options(options))
    positions = []
    for index, count in enumerate(moves):
        session = Session.new(game_id, [[role, 2] for role in roles], options, seed=100 + index)
        while len(session.entries) < count and session.result() is None:
            session.play_bot(session.bot_turn()[0])
        if session.result() is None:
            positions.append(session.to_save())
    return positions


# a bot worker's decision, as the page asks for it: [the action as JSON, milliseconds]
TIMED_CHOOSE = """async (request) => {
    const start = performance.now();
    const answer = await window.chaupalBot.choose(request);
    return [answer, performance.now() - start];
}"""


def _started_page(p, base: str, timeout_s: float) -> tuple:
    """(browser, page): Chromium with the site's default new game loaded (the bots' worker API ready)."""
    browser = p.chromium.launch(**launch_args())
    page = browser.new_page()
    page.goto(base + DEFAULT_PLAY)
    page.wait_for_function("document.body.dataset.ready === 'true'", timeout=timeout_s * 1000)
    return browser, page


def bench_bots(game_id: str, timeout_s: float, option_pairs: list, moves: list) -> None:
    """Time per decision of each bot level, in the page's bot worker and on CPython, same positions.

    As in play, the worker has seen the game one move earlier (it carries its game on between
    requests), so a decision costs one replayed move plus the bot's choice."""
    import statistics
    from playwright.sync_api import sync_playwright

    from engine.core.botserver import BotServer
    from engine.core.cli import parse_options
    from engine.games import get_game

    game = get_game(game_id)
    options = parse_options(game, option_pairs)
    positions = bot_positions(game_id, options, moves)
    server, base = start_server_thread()
    summary = {"game": game_id, "options": options, "moves": [len(save["a"]) for save in positions],
               "levels": {}}
    try:
        with sync_playwright() as p:
            browser, page = _started_page(p, base, timeout_s)
            started = time.perf_counter()
            page.evaluate("window.chaupalBot.warm()")
            summary["worker_start_ms"] = round((time.perf_counter() - started) * 1000)
            for bot in game.bot_levels:
                browser_ms, python_ms = [], []
                cpython = BotServer()
                for save in positions:
                    seats = [[name, bot.level] for name, _ in save["p"]]
                    earlier = {**save, "p": seats, "a": save["a"][:-1]}
                    warm = json.dumps({"save": earlier, "role": game.rules.active(_replayed(earlier))[0]})
                    page.evaluate("(request) => window.chaupalBot.choose(request)", warm)
                    cpython.choose_json(warm)
                    role = game.rules.active(_replayed(save))[0]
                    request = json.dumps({"save": {**save, "p": seats}, "role": role})
                    _, ms = page.evaluate(TIMED_CHOOSE, request)
                    browser_ms.append(ms)
                    started = time.perf_counter()
                    cpython.choose_json(request)
                    python_ms.append((time.perf_counter() - started) * 1000)
                entry = {"browser_ms_mean": round(statistics.mean(browser_ms), 1),
                         "browser_ms_max": round(max(browser_ms), 1),
                         "cpython_ms_mean": round(statistics.mean(python_ms), 1)}
                if entry["cpython_ms_mean"] >= 1:
                    entry["ratio_browser_cpython"] = round(entry["browser_ms_mean"] / entry["cpython_ms_mean"], 2)
                summary["levels"][bot.name] = entry
                log(f"{game_id} {bot.name}: browser {entry['browser_ms_mean']} ms mean "
                    f"(max {entry['browser_ms_max']}), CPython {entry['cpython_ms_mean']} ms")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(json.dumps(summary))


def bench_bot_games(game_id: str, timeout_s: float, option_pairs: list, games: int, level: int,
                    limit: int) -> None:
    """Whole games in the page's bot worker: `level` in every seat, seeds 100, 101, ...; every
    decision asked of the worker as the page asks it (the save so far, carried on between requests)
    and timed there, the action played on CPython. The think times of goal "within a second" over
    every position a game reaches, not only early ones. At most `limit` moves a game."""
    import statistics
    from playwright.sync_api import sync_playwright

    from engine.core.cli import parse_options
    from engine.core.session import Session
    from engine.games import get_game

    game = get_game(game_id)
    options = parse_options(game, option_pairs)
    levels = [b.level for b in game.bot_levels]
    level = level if level in levels else max(levels)
    roles = game.rules.roles(game.check_options(options))
    server, base = start_server_thread()
    times, finished, moves = [], 0, []
    try:
        with sync_playwright() as p:
            browser, page = _started_page(p, base, timeout_s)
            page.evaluate("window.chaupalBot.warm()")
            for i in range(games):
                session = Session.new(game_id, [[role, level] for role in roles], options, seed=100 + i)
                while session.result() is None and len(session.entries) < limit:
                    role = session.bot_turn()[0]
                    request = json.dumps({"save": session.to_save(), "role": role})
                    answer, ms = page.evaluate(TIMED_CHOOSE, request)
                    times.append(ms)
                    session.act(role, json.loads(answer))
                finished += session.result() is not None  # a house limit's end counts too
                moves.append(len(session.entries))
                log(f"{game_id} level {level} game {i + 1}: {len(session.entries)} moves, "
                    f"{'finished' if session.result() is not None else 'stopped at --limit'}")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    times.sort()
    print(json.dumps({"game": game_id, "options": options, "level": level, "games": games,
                      "finished": finished, "moves": moves, "decisions": len(times),
                      "median_ms": round(statistics.median(times), 1),
                      "p95_ms": round(times[int(0.95 * (len(times) - 1))], 1),
                      "max_ms": round(times[-1], 1), "mean_ms": round(statistics.mean(times), 1)}))


# ---------------------------------------------------------------------------------------------
# bench-open: opening the longest links a game accepts, in the browser

GAP_PROBE = """
window.__gaps = [];
(() => { let last = performance.now(), before = "";
  const stage = () => {
    if (document.body && document.body.dataset.ready === "true") return "ready";
    const text = document.getElementById("loading-text")?.textContent || "";
    return text.startsWith("Replaying") ? "replaying" : text.startsWith("Drawing") ? "after" : "start";
  };
  setInterval(() => { const now = performance.now(), now_stage = stage();
    // a gap belongs to a stage only if the stage had begun before it: the replay's slices, then
    // what follows them until data-ready (the first drawing, saving, starting the bot's worker)
    window.__gaps.push([now - last, before === now_stage || (before === "after" && now_stage === "ready") ? before : "between"]);
    last = now; before = now_stage; }, 10); })();
"""


def bench_open(game_ids: list, timeout_s: float) -> None:
    """For each game, the slowest loop link of engine/core/stress.py (as `python -m engine
    bench-links` finds it) opened in Chromium: time to data-ready, and the page's longest stall
    (the largest gap between ticks of a 10 ms timer) while the link replays, and over the whole load."""
    from playwright.sync_api import sync_playwright

    from engine.core import stress
    from engine.games import GAMES

    server, base = start_server_thread()
    summary = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_args())
            page = browser.new_page()  # the floor: a page that only starts Pyodide stalls this long
            page.add_init_script(READY_PROBE)
            page.add_init_script(GAP_PROBE)
            page.goto(base + "bare.html")
            page.wait_for_function("window.__chaupalReadyAt !== undefined", timeout=timeout_s * 1000)
            summary["bare.html"] = {"ready_ms": round(page.evaluate("window.__chaupalReadyAt")),
                                    "longest_stall_ms": round(max(g for g, _ in page.evaluate("window.__gaps")))}
            log(f"bare.html: {summary['bare.html']}")
            page.close()
            for game_id in game_ids or list(GAMES):
                game = GAMES[game_id]
                seconds, session = stress.slowest_loop_link(game)
                code = session.encode()
                page = browser.new_page()
                page.add_init_script(READY_PROBE)
                page.add_init_script(GAP_PROBE)
                page.goto(base + "play.html#" + code)
                page.wait_for_function("window.__chaupalReadyAt !== undefined", timeout=timeout_s * 1000)
                ready_ms = page.evaluate("window.__chaupalReadyAt")
                gaps = page.evaluate("window.__gaps")
                page.close()
                replaying = [gap for gap, stage in gaps if stage == "replaying"]
                after = [gap for gap, stage in gaps if stage == "after"]
                entry = {"actions": len(session.entries), "link_chars": len(code),
                         "cpython_open_s": round(seconds, 3), "browser_ready_ms": round(ready_ms),
                         "longest_stall_while_replaying_ms": round(max(replaying)) if replaying else None,
                         "longest_stall_after_replay_ms": round(max(after)) if after else None,
                         "longest_stall_whole_load_ms": round(max(gap for gap, _ in gaps))}
                summary[game_id] = entry
                log(f"{game_id}: {entry}")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(json.dumps(summary))


# bench-first: a new game where bots move first, from the board drawn to the player's first decision

FIRST_DECISION_PROBE = """
window.__firstDecision = null;
new MutationObserver(() => {
  if (window.__firstDecision === null && document.body && document.body.dataset.ready === "true"
      && document.querySelector("#game:not([hidden]) .action")) {
    window.__firstDecision = performance.now();
  }
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def first_seats(game) -> list:
    """The seats of a benchmark game: Medium bots, and a person in the last seat (the rules decide
    who starts; in most games a bot's turn comes first)."""
    roles = game.rules.roles(game.default_options())
    return [[role, None if i == len(roles) - 1 else 2] for i, role in enumerate(roles)]


def bench_first(game_ids: list, runs: int, timeout_s: float) -> None:
    """For each game, `runs` new games (play.html?new=..., as the home page starts them): the time
    from the board drawn (performance mark chaupal:drawn) to the person's first decision on screen,
    and how many bot moves came before it (played by the page itself, 1, or by the bot worker, 0: see
    web/page_bots.py). Runs where the person moved first wait for nothing."""
    from playwright.sync_api import sync_playwright

    from engine.core.session import Session
    from engine.games import GAMES

    server, base = start_server_thread()
    summary = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_args())
            for game_id in game_ids or list(GAMES):
                spec = {"game": game_id, "seats": first_seats(GAMES[game_id]), "options": {}}
                waits, first, moves_seen, by_page = [], 0, [], []
                for _ in range(runs):
                    context = browser.new_context()  # a fresh worker each time, as a new visit
                    page = context.new_page()
                    page.add_init_script(FIRST_DECISION_PROBE)
                    page.goto(base + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
                    page.wait_for_function("window.__firstDecision !== null", timeout=timeout_s * 1000)
                    drawn = page.evaluate("performance.getEntriesByName('chaupal:drawn')[0].startTime")
                    moves = len(Session.decode(page.evaluate("location.hash.slice(1)")).entries)
                    if moves:
                        moves_seen.append(moves)
                        by_page.append(page.evaluate("performance.getEntriesByName('chaupal:opening-by-page').length"))
                        waits.append(round(page.evaluate("window.__firstDecision") - drawn))
                    else:
                        first += 1
                    context.close()
                summary[game_id] = {"bots_first_runs": len(waits), "person_first_runs": first, "wait_ms": waits,
                                    "bot_moves": moves_seen, "played_by_the_page": by_page, "median_ms": sorted(waits)[len(waits) // 2] if waits else None}
                log(f"{game_id}: {summary[game_id]}")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(json.dumps(summary))


# bench-memory: what a game page and its bot worker cost in memory, above an empty tab

def _profile_dirs() -> dict:
    """{pid: the --user-data-dir of that Chromium process}: every process of one browser (its
    renderers, GPU and utility processes too) names the same profile folder."""
    found = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:  # a zygote's children rewrite their command line as one string, spaces between
            args = (proc / "cmdline").read_bytes().replace(b"\0", b" ").split()
        except OSError:
            continue
        for arg in args:
            if arg.startswith(b"--user-data-dir="):
                found[int(proc.name)] = arg.split(b"=", 1)[1].decode(errors="replace")
    return found


def _private_kib(profile: str) -> int:
    """The memory of its own (private pages: a unique set size) of every process of the browser whose
    profile folder is `profile`, in KiB. Not PSS: shared pages are split among every process that
    maps them, other browsers on the machine included, so PSS moves with what else runs."""
    total = 0
    for pid, folder in _profile_dirs().items():
        if folder != profile:
            continue
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        total += sum(int(line.split()[1]) for line in rollup.splitlines()
                     if line.startswith(("Private_Clean:", "Private_Dirty:")))
    return total


def _sampled(profile: str, seconds: float) -> tuple:
    """`_private_kib(profile)` every 0.25 s for `seconds`: (the largest, the last)."""
    import time

    peak, last, end = 0, 0, time.monotonic() + seconds
    while time.monotonic() < end:
        last = _private_kib(profile)
        peak = max(peak, last)
        time.sleep(0.25)
    return peak, last


def bench_memory(game_ids: list, seconds: float, level: int, timeout_s: float) -> None:
    """For each game: a fresh browser; its memory (private pages of all its processes) with one empty tab, then
    with a game page whose every seat is a bot of `level` playing for `seconds` (no pause between
    moves), sampled every 0.25 s: the largest and last figures above the empty tab, in MiB."""
    import time

    from playwright.sync_api import sync_playwright

    from engine.games import GAMES

    server, base = start_server_thread()
    summary = {}
    try:
        with sync_playwright() as p:
            for game_id in game_ids or list(GAMES):
                before = set(_profile_dirs().values())
                browser = p.chromium.launch(**launch_args())
                ours = [d for d in set(_profile_dirs().values()) - before if "playwright" in d]
                if len(ours) != 1:
                    die(f"cannot tell this browser's processes from others ({ours})")
                context = browser.new_context()
                blank = context.new_page()
                blank.goto("about:blank")
                time.sleep(3)  # the browser's own start settles (its GPU and utility processes)
                empty, _ = _sampled(ours[0], 2)
                game = GAMES[game_id]
                levels = sorted(b.level for b in game.bot_levels)
                seats = [[role, level if level in levels else levels[-1]] for role in game.rules.roles(game.default_options())]
                page = context.new_page()
                page.add_init_script("localStorage.setItem('chaupal.botDelay', '0')")
                page.goto(base + "play.html?new=" + urllib.parse.quote(json.dumps({"game": game_id, "seats": seats})))
                page.wait_for_selector("body[data-ready=true]", timeout=timeout_s * 1000)
                peak, last = _sampled(ours[0], seconds)
                moves = page.evaluate("document.querySelectorAll('#log li').length")
                summary[game_id] = {"empty_tab_mib": round(empty / 1024), "peak_above_mib": round((peak - empty) / 1024),
                                    "last_above_mib": round((last - empty) / 1024), "log_lines": moves, "level": seats[0][1]}
                log(f"{game_id}: {summary[game_id]}")
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(json.dumps(summary))


def _replayed(save: dict) -> dict:
    from engine.core.session import Session

    return Session.from_save(save).state


# ---------------------------------------------------------------------------------------------
# command line


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_setup = sub.add_parser("setup", help="create .venv, run npm ci, build the msgpack wheel")
    p_setup.add_argument("--chromium", action="store_true", help="also make sure Chromium exists")
    p_setup.add_argument("--browsers", action="store_true",
                         help="also make sure WebKitGTK's WebDriver, Xvfb and Firefox ESR exist")
    sub.add_parser("build", help="write dist/ from scratch")
    p_serve = sub.add_parser("serve", help="build and serve dist/ on 127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8000)
    p_serve.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    p_test = sub.add_parser("test", help="build and run pytest (extra arguments go to pytest)")
    p_test.add_argument("pytest_args", nargs=argparse.REMAINDER)
    p_bots = sub.add_parser("bench-bots", help="bot think time per level, in the browser and on CPython")
    p_bots.add_argument("game", nargs="?", default="aadu_huli")
    p_bots.add_argument("--timeout", type=float, default=60, help="seconds for the page to start")
    p_bots.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, as in `python3 -m engine simulate`")
    p_bots.add_argument("--moves", default="12,22,32,42",
                        help="comma-separated move counts of the positions (default: 12,22,32,42)")
    p_bots.add_argument("--games", type=int, default=0,
                        help="instead: this many whole games in the worker, one level in every seat")
    p_bots.add_argument("--level", type=int, default=3, help="with --games: the bots' level (the highest if none)")
    p_bots.add_argument("--limit", type=int, default=5000, help="with --games: moves a game at most")
    p_open = sub.add_parser("bench-open", help="the page's stalls while it opens the longest links")
    p_open.add_argument("games", nargs="*")
    p_open.add_argument("--timeout", type=float, default=120)
    p_first = sub.add_parser("bench-first", help="a new game where bots move first: the wait for the first decision")
    p_first.add_argument("games", nargs="*")
    p_first.add_argument("--runs", type=int, default=5)
    p_first.add_argument("--timeout", type=float, default=120)
    p_memory = sub.add_parser("bench-memory", help="a game page and its bot worker: memory above an empty tab")
    p_memory.add_argument("games", nargs="*")
    p_memory.add_argument("--seconds", type=float, default=60, help="how long the bots play")
    p_memory.add_argument("--level", type=int, default=3, help="the bots' level (the game's highest if it has no such)")
    p_memory.add_argument("--timeout", type=float, default=120)
    p_bench = sub.add_parser("bench-site", help="start-up time of play.html against bare.html")
    p_bench.add_argument("--runs", type=int, default=5)
    p_bench.add_argument("--play", default=DEFAULT_PLAY,
                         help="the page (relative URL) that starts a fresh game; default: a "
                              "hot-seat Aadu-Huli game (two humans, so no bot worker starts)")
    p_bench.add_argument("--link", action="append", default=None, metavar="FILE",
                         help="a file holding a share link to open too (repeatable; default: "
                              + ", ".join(DEFAULT_LINKS) + ")")
    p_bench.add_argument("--timeout", type=float, default=60, help="seconds per page load")
    p_bench.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    # `test` passes everything after it to pytest, including options argparse would reject
    if len(argv) >= 1 and argv[0] == "test":
        args = argparse.Namespace(command="test", pytest_args=argv[1:])
    else:
        args = parser.parse_args(argv)

    if args.command == "setup":
        setup(chromium=args.chromium, browsers=args.browsers)
        return 0
    if args.command == "build":
        ensure_setup_and_venv()
        build()
        return 0
    if args.command == "serve":
        ensure_setup_and_venv()
        if not args.no_build:
            build()
        serve(args.port)
        return 0
    if args.command == "test":
        ensure_setup_and_venv(chromium=True, browsers=True)
        build()
        cmd = [sys.executable, "-m", "pytest", "tests", "e2e", *args.pytest_args]
        log("$ " + " ".join(cmd))
        sys.stdout.flush()
        return subprocess.run(cmd, cwd=ROOT).returncode
    if args.command == "bench-site":
        args.link = DEFAULT_LINKS if args.link is None else args.link
        ensure_setup_and_venv(chromium=True)
        if not args.no_build:
            build()
        bench_site(args.runs, args.play, args.timeout, args.link)
        return 0
    if args.command == "bench-first":
        ensure_setup_and_venv(chromium=True)
        build()
        sys.path.insert(0, str(ROOT))
        bench_first(args.games, args.runs, args.timeout)
        return 0
    if args.command == "bench-memory":
        ensure_setup_and_venv(chromium=True)
        build()
        sys.path.insert(0, str(ROOT))
        bench_memory(args.games, args.seconds, args.level, args.timeout)
        return 0
    if args.command == "bench-open":
        ensure_setup_and_venv(chromium=True)
        build()
        sys.path.insert(0, str(ROOT))
        bench_open(args.games, args.timeout)
        return 0
    if args.command == "bench-bots":
        ensure_setup_and_venv(chromium=True)
        build()
        sys.path.insert(0, str(ROOT))
        if args.games:
            bench_bot_games(args.game, args.timeout, args.option, args.games, args.level, args.limit)
        else:
            bench_bots(args.game, args.timeout, args.option, [int(m) for m in args.moves.split(",")])
        return 0
    parser.error(f"unknown command {args.command}")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
