"""A smoke test of the built site in the browser engines beside Chromium: WebKit (WebKitGTK) and
Gecko (Firefox ESR), driven as e2e/other_browsers.py describes. Per engine, in a fresh profile:

- every title, from the home page's new-game dialog: start a game, play a few moves by clicking
  `.action` targets (pointer clicks, board and buttons alike), reload and find the same game, open
  its share link in a fresh navigation (after clearing this device's saved games, as a friend's
  browser would) and find the same moves; no error in the pages and no role="alert" message;
- a cold first visit of a game page downloads no file twice (Resource Timing), and the service
  worker's offline precache completes;
- one game in two tabs: each tab shows the moves played in the other.

Aadu-Huli is played against the dialog's default bot, so the bot worker (a module worker running its
own Pyodide) is exercised too; the other titles are played hot-seat (every seat human), which keeps
the run short: each page start is a Pyodide start, several seconds in WebKitGTK here.

A browser that is missing or cannot start fails these tests with a message saying how to install it
(`python3 build.py test` installs them); they are never skipped.
"""
from __future__ import annotations

import json
import time

import pytest

import build
from engine.core.session import Session

from other_browsers import ENGINES, BrowserError, first_visit, hot_seat_url, launch, repeated

READY_S = 240  # Pyodide's start: 4-17 s in WebKitGTK on a busy 2-core machine; generous for CI
TURN_S = 240   # until a person may act again (a bot's worker starts its own Pyodide first)
MOVES = 3      # moves played per title
BOT_TITLE = "aadu_huli"  # the one title played against a bot (the dialog's default seats)


@pytest.fixture(params=ENGINES)
def other_browser(request):
    """A fresh browser (new profile) of each engine; a missing or broken browser fails the test."""
    try:
        b = launch(request.param)
    except BrowserError as exc:
        problem = str(exc)
    else:
        problem = None
    if problem:
        pytest.fail(f"{problem}\n(this test is not skipped: CI must not lose the {request.param} coverage)",
                    pytrace=False)
    yield b
    b.close()


@pytest.fixture(scope="module")
def catalog():
    return json.loads((build.DIST / "games.json").read_text())["games"]


# ---------------------------------------------------------------------------------------------
# steps

ALERTS = ("return [...document.querySelectorAll('[role=alert]')]"
          ".filter((e) => !e.hidden && e.getClientRects().length && e.textContent.trim())"
          ".map((e) => e.textContent.trim());")

# What the game page waits for now: the game is over, a "pass the device" screen, a question, or a
# person's move ("action"); false while Python starts or a bot thinks.
TURN = """
const alert = [...document.querySelectorAll('[role=alert]')].find((e) => !e.hidden && e.textContent.trim());
if (alert) return "alert";
if (document.body.dataset.ready !== "true") return false;
const shown = (id) => {
  const e = document.getElementById(id);
  return e && !e.hidden && e.getClientRects().length > 0;
};
if (document.getElementById("confirm-dialog").open) return "confirm";
if (shown("result")) return "result";
if (shown("pass")) return "pass";
if (shown("game") && document.querySelector("#game .action:not([disabled])")) return "action";
return false;
"""

ACTIONS = ("return [...document.querySelectorAll('#game .action')]"
           ".filter((e) => !e.disabled && e.getAttribute('aria-disabled') !== 'true')")


def check_page(browser, where: str) -> None:
    alerts = browser.js(ALERTS)
    assert not alerts, f"{browser.name}: {where}: the page shows an error: {alerts}"
    browser.drain()
    assert not browser.problems, \
        f"{browser.name}: {where}: errors in the page:\n  " + "\n  ".join(browser.problems)


def wait_game_page(browser, title: str, what: str) -> str:
    started = time.monotonic()
    browser.wait("return location.pathname.endsWith('/play.html') && document.body"
                 " && (document.body.dataset.ready === 'true' || !document.getElementById('alert').hidden)",
                 READY_S, f"{title}: {what} (data-ready)")
    state = browser.wait(TURN, TURN_S, f"{title}: {what}: a move to make or the game's end")
    if state == "alert":
        check_page(browser, f"{title}: {what}")
    print(f"{browser.name}: {title}: {what} ready in {time.monotonic() - started:.1f} s", flush=True)
    heading = browser.js("return document.getElementById('game-title').textContent")
    assert title in heading, f"{browser.name}: {title}: {what}: the page is titled {heading!r}"
    return state


def saved(browser) -> Session:
    """The game in the page's URL fragment, decoded by the engine."""
    return Session.decode(browser.js("return location.hash"))


def play_moves(browser, title: str, moves: int) -> int:
    """Clicks the first action that a pointer can reach `moves` times (acting for whoever is at the device), each
    until the save in the URL changes; answers a "pass the device" screen or a question as a person
    would. Returns the moves played (fewer if the game ended)."""
    played, clicked = 0, []
    for _ in range(moves * 5):
        state = browser.wait(TURN, TURN_S, f"{title}: a move to make after {played} moves")
        if state == "alert":
            check_page(browser, f"{title}: after {played} moves")
        if state == "result":
            break
        if state == "pass":
            browser.click("return document.getElementById('pass-ready')", f"{title}: the 'pass the device' button")
            continue
        if state == "confirm":
            browser.click("return document.getElementById('confirm-yes')", f"{title}: the confirmation's Yes")
            continue
        if played == moves:
            break
        before = browser.js("return location.hash")
        clicked.append(browser.click(ACTIONS, f"{title}: a clickable .action target"))
        browser.wait("return location.hash !== arguments[0] || document.getElementById('confirm-dialog').open"
                     " || (document.getElementById('pass') && !document.getElementById('pass').hidden)",
                     TURN_S, f"{title}: the save to change after a click", before)
        if browser.js("return location.hash") != before:
            played += 1
    else:
        raise AssertionError(f"{browser.name}: {title}: only {played} of {moves} moves played")
    print(f"{browser.name}: {title}: clicked {', '.join(f'<{tag}>' for tag in clicked)}", flush=True)
    return played


def start_from_home(browser, site_url: str, game: dict, hot_seat: bool) -> None:
    title = game["title"]
    browser.get(site_url)
    browser.wait("return document.body.dataset.ready === 'true' && document.querySelector('#games button')",
                 60, "the home page's list of games")
    check_page(browser, "the home page")
    browser.js("localStorage.setItem('chaupal.botDelay', '0'); return null")  # bots answer at once
    browser.click("return [...document.querySelectorAll('#games button')]"
                  ".find((b) => b.getAttribute('aria-label') === arguments[0])",
                  f"the button 'New game of {title}'", f"New game of {title}")
    browser.wait("return document.getElementById('new-game').open", 30, f"{title}: the new-game dialog")
    if hot_seat:  # every seat human: choose "Human" in each seat's list
        browser.js("for (const s of document.querySelectorAll('#seats select')) {"
                   " s.value = 'human'; s.dispatchEvent(new Event('change', {bubbles: true})); } return null")
    browser.click("return document.getElementById('start-game')", f"{title}: the dialog's Start button")
    wait_game_page(browser, title, "the new game")


# ---------------------------------------------------------------------------------------------
# tests

def test_every_title_starts_plays_reloads_and_opens_by_link(other_browser, site_url, catalog):
    browser = other_browser
    assert catalog, "games.json lists no game"
    for game in catalog:
        title = game["title"]
        start_from_home(browser, site_url, game, hot_seat=game["id"] != BOT_TITLE)
        started = time.monotonic()
        played = play_moves(browser, title, MOVES)
        print(f"{browser.name}: {title}: {played} moves in {time.monotonic() - started:.1f} s", flush=True)
        assert played >= 1, f"{browser.name}: {title}: no move could be played"
        browser.wait(TURN, TURN_S, f"{title}: a settled position after {played} moves")
        code, session = browser.js("return location.hash"), saved(browser)
        assert len(session.entries) >= played
        check_page(browser, f"{title}: {played} moves played")

        browser.refresh()
        wait_game_page(browser, title, "the reloaded page")
        assert saved(browser).entries == session.entries, f"{browser.name}: {title}: the reload lost moves"
        assert browser.js("return location.hash") == code, f"{browser.name}: {title}: the reload changed the save"
        check_page(browser, f"{title}: reloaded")

        if browser.wait(TURN, TURN_S, f"{title}: the reloaded game") == "pass":
            browser.click("return document.getElementById('pass-ready')", f"{title}: the 'pass the device' button")
            browser.wait(TURN, TURN_S, f"{title}: the board after passing the device")
        browser.click("return document.getElementById('share')", f"{title}: the Share button")
        browser.wait("return document.getElementById('share-dialog').open", 30, f"{title}: the share dialog")
        link, here = browser.js("return [document.getElementById('share-link').value, location.href]")
        assert link == here and "#" in link, f"{browser.name}: {title}: the share link {link!r} is not {here!r}"
        browser.click("return document.querySelector('#share-dialog button[value=close]')",
                      f"{title}: the share dialog's Close button")

        # a friend's browser: no saved games (this one's are cleared on the home page), then the link
        browser.get(site_url)
        browser.wait("return document.body.dataset.ready === 'true'", 60, "the home page")
        listed = browser.js("return document.querySelectorAll('#saves li').length")
        assert listed >= 1, f"{browser.name}: {title}: the home page lists no saved game"
        browser.js("localStorage.clear(); localStorage.setItem('chaupal.botDelay', '0'); return null")
        browser.get(link)
        wait_game_page(browser, title, "the share link")
        assert saved(browser).entries == session.entries, \
            f"{browser.name}: {title}: the share link opened at another move"
        check_page(browser, f"{title}: opened by its link")


def test_a_first_visit_downloads_each_file_once(other_browser, site_url, catalog):
    """A cold first visit of a game page (a new hot-seat game in a fresh profile) downloads every file
    once: no URL has two Resource Timing entries whose body came from the network (WebKit downloaded
    each file named by a <link rel="preload" as="fetch"> twice: build.early_fetches replaced them).
    The page's own downloads only: the service worker's precache, which starts at data-ready,
    revalidates what the browser's HTTP cache holds, and a WebKitGTK automation session has no HTTP
    cache (see docs/benchmarks.md). The precache must complete, too: offline play works there."""
    browser = other_browser
    game = next(g for g in catalog if g["id"] == "aadu_huli")
    visit = first_visit(browser, site_url, game, ready_s=READY_S)
    check_page(browser, "the first visit")
    assert visit["offline"] == "yes", f"{browser.name}: offline play: {visit['offline']}"
    entries = visit["entries"]
    assert any(e["url"].endswith("pyodide.asm.wasm") for e in entries), \
        f"{browser.name}: Resource Timing lists no pyodide.asm.wasm: {[e['url'] for e in entries]}"
    twice = repeated(entries)
    detail = [e for e in entries if any(e["url"].endswith(path) for path in twice)]
    assert not twice, f"{browser.name}: files downloaded more than once on a first visit: {twice}; {detail}"


def test_two_tabs_of_one_game_follow_each_other(other_browser, site_url, catalog):
    """One game open in two tabs: each tab shows at once the move played in the other (the `storage`
    event, web/page_tabs.py), and the device keeps one game holding every move of both. The moves are
    clicked by a script here (WebKitWebDriver's pointer actions never return in a second tab); the
    pointer clicks of every title are in the test above."""
    browser = other_browser
    game = next(g for g in catalog if g["id"] == "aadu_huli")
    title = game["title"]
    browser.get(hot_seat_url(site_url, game))
    wait_game_page(browser, title, "the first tab")
    play_moves(browser, title, 1)
    tabs = [browser.tab()]
    link = browser.js("return location.href")
    tabs.append(browser.new_tab())
    browser.get(link)
    wait_game_page(browser, title, "the second tab")
    for turn in range(3):
        here, there = (turn + 1) % 2, turn % 2
        browser.switch_to(tabs[here])
        browser.wait(TURN, TURN_S, f"{title}: a move to make in tab {here + 1}")
        before = browser.js("return location.hash")
        browser.js(ACTIONS + "[0].dispatchEvent(new MouseEvent('click', {bubbles: true})); return null")
        browser.wait("return location.hash !== arguments[0]", TURN_S, f"{title}: tab {here + 1}'s move", before)
        code = browser.js("return location.hash")
        browser.switch_to(tabs[there])
        browser.wait("return location.hash === arguments[0]", 60,
                     f"{title}: tab {there + 1} to show the other tab's move", code)
        notice = browser.js("return document.getElementById('notice').textContent")
        assert "Another tab played on in this game" in notice, f"{browser.name}: the notice says {notice!r}"
        check_page(browser, f"{title}: tab {there + 1} after the other tab's move")
    games = browser.js("return window.chaupalStore.list().map((e) => e.code)")
    assert len(games) == 1, f"{browser.name}: {len(games)} saved games, not one"
    assert Session.decode(games[0]).entries == saved(browser).entries and len(saved(browser).entries) == 4
