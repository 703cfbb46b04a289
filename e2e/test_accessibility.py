"""Accessibility: axe-core (the npm package, pinned in package.json, injected from
node_modules: nothing fetched) finds no serious or critical violation on the home page, the new-game
dialog, the About and How to play pages and every game's page (in play, in review, at the end); a
whole game of Aadu-Huli aata is played with the keyboard alone; each move is announced politely."""
from __future__ import annotations

import json
import urllib.parse

import pytest
from playwright.sync_api import expect

import build
from engine.core.session import Session
from engine.games import GAMES
from test_review_play import against_bots

READY_MS = 60_000
NO_BOT_DELAY = "localStorage.setItem('chaupal.botDelay', '0')"
AXE = build.ROOT / "node_modules" / "axe-core" / "axe.min.js"


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def serious_violations(page) -> list:
    """axe-core's serious and critical violations of the page as it is now, one line each."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations)")
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v["impact"] in ("serious", "critical")]


def test_the_home_page_and_the_new_game_dialog(page, site_url):
    page.goto(site_url)
    wait_ready(page)
    assert serious_violations(page) == []
    page.get_by_role("button", name="New game of Vijayanagara").click()
    expect(page.locator("#new-game")).to_be_visible()
    assert serious_violations(page) == []


@pytest.mark.parametrize("kind", ["about", "howto"])
def test_the_about_and_how_to_play_pages(page, site_url, kind):
    for game_id in sorted(GAMES):
        page.goto(f"{site_url}{kind}.html?game={game_id}")
        wait_ready(page)
        assert serious_violations(page) == [], game_id


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_page_in_play_in_review_and_at_the_end(page, site_url, game_id):
    roles = against_bots(page, site_url, game_id)
    expect(page.locator("#game")).to_be_visible()
    assert serious_violations(page) == [], "in play"
    page.get_by_role("button", name="Describe the position").click()
    expect(page.locator("#words-list li").first).to_be_visible()
    page.get_by_role("button", name="Review").click()
    expect(page.locator("#review-bar")).to_be_visible(timeout=READY_MS)
    assert serious_violations(page) == [], "in review"
    session = Session.new(game_id, [[role, 0] for role in roles], seed=3)
    while session.result() is None and len(session.entries) < 3000:
        session.play_bot(session.active()[0])
    page.goto(site_url + "play.html#" + session.encode())
    wait_ready(page)
    expect(page.locator("#chart-box figure").first).to_be_visible(timeout=READY_MS)
    assert serious_violations(page) == [], "at the end"


def focused(page) -> dict:
    return page.evaluate("""() => { const e = document.activeElement;
        return {action: !!(e && e.classList && e.classList.contains('action')),
                label: e ? (e.getAttribute('aria-label') || e.textContent || '') : ''}; }""")


def test_a_whole_game_with_the_keyboard_alone(page, site_url):
    """Aadu-Huli aata, a person's Tigers against the Random goats: Tab to a target, Enter to play it
    (a tiger, then where it goes; a jump when there is one), to the end; no mouse at all."""
    spec = {"game": "aadu_huli", "seats": [["Goats", 0], ["Tigers", None]]}
    page.add_init_script(NO_BOT_DELAY)
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    moves = 0
    while page.locator("#result").is_hidden():
        page.wait_for_function("document.querySelector('#result:not([hidden])') || "
                               "(document.querySelector('#board .action') && !/thinking/.test("
                               "document.querySelector('#prompt').textContent))", timeout=READY_MS)
        if page.locator("#result").is_visible():
            break
        labels = page.locator("#game .action").evaluate_all(
            "nodes => nodes.map(e => e.getAttribute('aria-label') || e.textContent)")
        wanted = next((label for label in labels if "capturing" in label), labels[0])
        for _ in range(200):  # Tab through the page to it (the page focuses its first target itself)
            now = focused(page)
            if now["action"] and now["label"] == wanted:
                break
            page.keyboard.press("Tab")
        assert focused(page)["label"] == wanted
        before = page.evaluate("location.hash")
        page.keyboard.press("Enter")
        page.wait_for_function(f"location.hash !== {json.dumps(before)}", timeout=READY_MS)
        moves += 1
        assert moves < 600, "the game did not end"
    session = Session.decode(page.evaluate("location.hash"))
    assert session.result() is not None and session.actors.count("Tigers") == moves
    assert page.locator("#announce").inner_text()  # the last move was told to screen readers
