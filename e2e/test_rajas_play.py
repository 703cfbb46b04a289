"""Rajas of the Ganges in the browser: a person plays a whole game against two bots by clicking the
board and the buttons, to the final ranking, and the finished game opens from its share link in a
fresh browser; four bots play a game to the end by themselves."""
from __future__ import annotations

import json
import urllib.parse

from playwright.sync_api import expect

from engine.core.session import Session
from engine.rajas import bots, rules

READY_MS = 60_000
NO_BOT_DELAY = "localStorage.setItem('chaupal.botDelay', '0')"


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def new_game_url(base, seats, players, seed):
    spec = {"game": "rajas", "seats": seats, "options": {"players": players}, "seed": seed}
    return base + "play.html?new=" + urllib.parse.quote(json.dumps(spec))


def saved_session(page) -> Session:
    return Session.decode(page.evaluate("location.hash"))


def wait_for_turn_or_end(page):
    page.wait_for_function(
        "document.querySelector('#result:not([hidden])') || document.querySelector('#game .action')",
        timeout=READY_MS)


def test_a_whole_game_against_two_bots_by_clicks_then_through_its_share_link(page, site_url, new_context):
    page.add_init_script(NO_BOT_DELAY)
    seats = [["Red", None], ["Yellow", 1], ["White", 2]]
    page.goto(new_game_url(site_url, seats, 3, 4100))
    wait_ready(page)
    expect(page.locator("#board svg")).to_contain_text("Palace of the Great Mogul")
    expect(page.locator("#board svg")).to_contain_text("Red (you)")
    expect(page.locator("#prompt")).to_contain_text("Place a worker", timeout=READY_MS)  # after the bots' turns
    player = bots.easy()  # the person's choices: Easy's, so that the game goes somewhere
    clicks, seen = 0, set()
    while True:
        wait_for_turn_or_end(page)
        if page.locator("#result").is_visible():
            break
        session = saved_session(page)
        state = session.state
        assert rules.active(state) == ["Red"]
        legal = rules.actions(state, "Red")
        # every legal action is on the page, once: a board target or a button
        codes = page.locator("#game .action").evaluate_all("els => els.map(e => e.dataset.action)")
        assert {json.dumps(a) for a in legal} == set(codes)
        action = player.choose(session.game, state, "Red", clicks)
        code = json.dumps(action)
        target = page.locator(f"#game .action[data-action='{code}']").first
        assert target.get_attribute("aria-label") or target.inner_text()
        seen.add("board" if target.evaluate("e => !!e.closest('svg')") else "button")
        before = page.evaluate("location.hash")
        target.click()
        page.wait_for_function("h => location.hash !== h", arg=before, timeout=READY_MS)  # the move is made
        clicks += 1
        assert clicks < 800, "the game does not end"
    assert seen == {"board", "button"}
    session = saved_session(page)
    result = session.result()
    assert result is not None and len(result["ranking"]) >= 2
    expect(page.locator("#result")).to_contain_text("Game over")
    expect(page.locator("#result .summary")).to_have_text(result["summary"])
    for line in result["details"]:
        expect(page.locator("#result")).to_contain_text(line)
    expect(page.locator("#board svg")).to_contain_text(f"Game over: {result['winners'][0]} wins")
    assert page.locator("#game .action").count() == 0
    assert page.get_by_role("alert").filter(has_text="not allowed").count() == 0
    # the finished game, opened from its link in a fresh browser, shows the same ranking and board
    other = new_context().new_page()
    other.goto(page.url)
    wait_ready(other)
    expect(other.locator("#result .summary")).to_have_text(result["summary"])
    assert Session.decode(other.evaluate("location.hash")).state == session.state
    # the same board once the opened link has marked what changed since Red's last move (a replay in
    # slices after the first drawing, racing with the chart's at the end of a game)
    other.wait_for_function("html => document.querySelector('#board').innerHTML === html",
                            arg=page.locator("#board").inner_html(), timeout=READY_MS)


def test_four_bots_play_a_game_to_the_final_ranking(page, site_url):
    page.add_init_script(NO_BOT_DELAY)
    seats = [["Red", 2], ["Yellow", 1], ["White", 2], ["Black", 1]]
    page.goto(new_game_url(site_url, seats, 4, 4200))
    wait_ready(page)
    expect(page.locator("#result")).to_be_visible(timeout=600_000)
    session = saved_session(page)
    result = session.result()
    assert result is not None and session.options == {"players": 4}
    assert sorted(r for place in result["ranking"] for r in place) == ["Black", "Red", "White", "Yellow"]
    expect(page.locator("#result .summary")).to_have_text(result["summary"])
    assert page.locator("#result .ranking li").count() == len(result["ranking"])
    assert page.locator("#game .action").count() == 0
