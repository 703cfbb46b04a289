"""A new version of the site deployed while a game is open: the open page and its bot worker keep the
files of the version they started with (web/sw.js serves each client from its own version's cache), the
page offers a reload, and the reload continues the same game in the new version. An old version's cache
goes once no page uses it.

Version B is dist/ with Aadu-Huli's zip changed (one module more) and its own sw.js (build.py's
write_service_worker, so its cache version is its content hash), served at the same address as A."""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import urllib.parse
import zipfile

import pytest
from playwright.sync_api import expect

import build
from engine.core.session import Session
from test_first_minutes import NO_BOT_DELAY, wait_ready
from test_hint import hinted

READY_MS = 60_000
ZIP = "engine-aadu_huli.zip"
BOT_GAME = {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", 1]], "options": {}}
HOT_SEAT = {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", None]], "options": {}}

# What the service worker says of the page: {mine, newest} (null if it does not answer)
VERSIONS = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data);
  navigator.serviceWorker.controller.postMessage({type: "version"}, [channel.port2]);
  setTimeout(() => resolve(null), 10000);
})"""
# Asks the registration for a new sw.js until the active worker names a version other than `old`
# (an update check the browser began itself, before the deployment, may answer the first ask), waits
# until it is activated and returns the version it names.
NEW_WORKER_ACTIVE = """async (old) => {
  const registration = await navigator.serviceWorker.getRegistration();
  const settled = (worker) => new Promise((resolve) => worker.addEventListener("statechange", resolve, {once: true}));
  for (let tries = 0; ; tries++) {
    await registration.update();
    for (let worker; (worker = registration.installing || registration.waiting); ) await settled(worker);
    while (registration.active.state === "activating") await settled(registration.active);
    const newest = ((await (""" + VERSIONS + """)()) || {}).newest;
    if (newest !== old || tries === 20) return newest;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}"""

SHA256 = """async (buffer) => Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", buffer)),
  (b) => b.toString(16).padStart(2, "0")).join("")"""
# The game's zip that the page's Python imported (startup.js fetched it: web/page_storage.py load_game)
LOADED_ZIP = f"""async () => ({SHA256})(await window.chaupalZip.bytes)"""
# The game's zip as the bot worker would fetch it now
FETCHED_ZIP = f"""async () => ({SHA256})(await (await fetch("{ZIP}")).arrayBuffer())"""


def cache_version(folder) -> str:
    return re.search(r'^const CACHE_VERSION = "([0-9a-f]{16})";', (folder / "sw.js").read_text(), re.M).group(1)


def sha256(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def version_b(tmp_path):
    """dist/ with Aadu-Huli's engine changed and its own sw.js."""
    folder = tmp_path / "b"
    shutil.copytree(build.DIST, folder)
    with zipfile.ZipFile(folder / ZIP) as zf:
        entries = {name: zf.read(name) for name in zf.namelist()}
    entries["engine/aadu_huli/_version_b.py"] = b"MARK = 'B'\n"
    build.write_zip(folder / ZIP, entries)
    build.write_service_worker(build.WEB / "sw.js", folder / "sw.js", folder=folder)
    assert cache_version(folder) != cache_version(build.DIST)
    return folder


def play_url(base, spec) -> str:
    return base + "play.html?new=" + urllib.parse.quote(json.dumps(spec))


def log_lines(page) -> list:
    return page.locator("#log li").all_inner_texts()


def saved_codes(page) -> dict:
    """The device's saved games: {uid: the save}."""
    return {entry["uid"]: entry["code"] for entry in page.evaluate("window.chaupalStore.list()")}


def bot_worker(page):
    workers = [w for w in page.workers if w.url.endswith("/bot-worker.mjs")]
    assert len(workers) == 1, [w.url for w in page.workers]
    return workers[0]


def test_an_open_game_keeps_its_version_until_the_reload_which_continues_it_in_the_new_one(
        context, switchable_site, version_b):
    server, base = switchable_site
    a_zip, b_zip = sha256(build.DIST / ZIP), sha256(version_b / ZIP)
    a, b = cache_version(build.DIST), cache_version(version_b)
    game = context.new_page()
    game.add_init_script(NO_BOT_DELAY)
    # a second visit: on the first one the bot worker starts before the service worker exists, and
    # nothing but the network serves it
    game.goto(base + "about.html")
    wait_ready(game)
    assert game.evaluate("window.chaupalOffline") is True
    game.goto(play_url(base, BOT_GAME))
    wait_ready(game)
    game.locator("#board .action").first.click()
    expect(game.locator("#log li")).to_have_count(2, timeout=READY_MS)  # my goat, the bot's tiger
    hot_seat = context.new_page()  # a game without bots: its worker starts at the first Hint
    hot_seat.add_init_script(NO_BOT_DELAY)
    hot_seat.goto(play_url(base, HOT_SEAT))
    wait_ready(hot_seat)
    assert hot_seat.evaluate("window.chaupalOffline") is True
    assert game.evaluate(LOADED_ZIP) == a_zip

    server.directory = str(version_b)  # deployed
    assert game.evaluate(NEW_WORKER_ACTIVE, a) == b
    expect(game.locator("#new-version")).to_be_visible()
    expect(game.locator("#new-version")).to_have_attribute("role", "status")
    expect(game.locator("#new-version")).to_contain_text("A new version of Chaupal is ready")
    expect(hot_seat.locator("#new-version")).to_be_visible()
    assert game.evaluate(VERSIONS) == {"mine": a, "newest": b}
    assert sorted(game.evaluate("caches.keys()")) == sorted([f"chaupal-{a}", f"chaupal-{b}", "chaupal.clients"])

    # the old page plays on against its bot, whose worker gets version A's files
    game.locator("#board .action").first.click()
    expect(game.locator("#log li")).to_have_count(4, timeout=READY_MS)
    assert bot_worker(game).evaluate(FETCHED_ZIP) == a_zip
    assert game.evaluate(FETCHED_ZIP) == a_zip
    # a bot worker started after the deployment by a page of version A is of version A too
    assert hot_seat.workers == []
    hot_seat.locator("#hint").click()
    hinted(hot_seat)
    assert bot_worker(hot_seat).evaluate(FETCHED_ZIP) == a_zip

    # the reload is version B, and the same game goes on
    lines, saved = log_lines(game), saved_codes(game)
    assert len(saved) == 2  # this game and the hot-seat one
    address = game.evaluate("location.hash")
    with game.expect_navigation():
        game.locator("#new-version").get_by_role("button", name="Reload").click()
    wait_ready(game)
    assert game.evaluate(LOADED_ZIP) == b_zip
    assert game.evaluate(VERSIONS) == {"mine": b, "newest": b}
    expect(game.locator("#new-version")).to_be_hidden()
    assert game.evaluate("location.hash") == address
    assert log_lines(game) == lines
    assert saved_codes(game) == saved
    game.locator("#board .action").first.click()
    expect(game.locator("#log li")).to_have_count(6, timeout=READY_MS)
    assert bot_worker(game).evaluate(FETCHED_ZIP) == b_zip
    moves = Session.decode(game.evaluate("location.hash")).entries
    assert len(moves) > len(Session.decode(address).entries)
    assert [Session.decode(code).entries for code in saved_codes(game).values()].count(moves) == 1


def test_an_old_versions_cache_goes_once_no_page_uses_it(context, switchable_site, version_b):
    server, base = switchable_site
    a, b = cache_version(build.DIST), cache_version(version_b)
    old = context.new_page()
    old.goto(base + "about.html")
    wait_ready(old)
    assert old.evaluate("window.chaupalOffline") is True
    assert sorted(old.evaluate("caches.keys()")) == sorted([f"chaupal-{a}", "chaupal.clients"])
    server.directory = str(version_b)
    assert old.evaluate(NEW_WORKER_ACTIVE, a) == b
    assert sorted(old.evaluate("caches.keys()")) == sorted([f"chaupal-{a}", f"chaupal-{b}", "chaupal.clients"])
    old.close()
    fresh = context.new_page()
    fresh.goto(base + "about.html")  # a navigation: the worker cleans up
    wait_ready(fresh)
    fresh.wait_for_function(f"""async () => !(await caches.keys()).includes("chaupal-{a}")""")
    assert sorted(fresh.evaluate("caches.keys()")) == sorted([f"chaupal-{b}", "chaupal.clients"])
