"""Viktory II in the browser: the new-game dialog follows the number of players (3.1), a game against
a bot goes on by clicks on the hex map, and a share link carries it to a fresh browser."""
from __future__ import annotations

import json
import urllib.parse

from playwright.sync_api import expect

from engine.core.session import Session

READY_MS = 60_000


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def test_new_game_dialog_seats_follow_the_number_of_players(page, site_url):
    page.goto(site_url)
    wait_ready(page)
    page.get_by_role("button", name="New game of Viktory II").click()
    assert page.locator("#seats select").count() == 2  # 2 players by default
    page.select_option("#option-players", label="4 players")
    seats = page.locator("#seats select")
    expect(seats).to_have_count(4)
    assert [seats.nth(i).get_attribute("data-role") for i in range(4)] == ["Red", "Yellow", "Blue", "Green"]
    page.select_option("#seat-3", "human")
    page.get_by_role("button", name="Start").click()
    wait_ready(page)
    session = Session.decode(page.evaluate("location.hash"))
    assert session.options["players"] == 4 and len(session.seats) == 4
    assert session.seats[0][1] is None and session.seats[3][1] is None


def test_a_game_against_the_bot_goes_on_and_travels_by_link(page, site_url, new_context):
    page.add_init_script("localStorage.setItem('chaupal.botDelay', '0')")
    page.goto(site_url)
    wait_ready(page)
    page.get_by_role("button", name="New game of Viktory II").click()
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", label="Bot: Easy")
    page.get_by_role("button", name="Start").click()
    wait_ready(page)
    expect(page.locator("#board svg")).to_be_visible()
    for _ in range(12):
        page.wait_for_function(
            "document.querySelector('#result:not([hidden])') || document.querySelector('#game .action')",
            timeout=READY_MS)
        if page.locator("#result").is_visible():
            break
        page.locator("#game .action").first.click()
    page.wait_for_function("document.querySelector('#game .action') || "
                           "document.querySelector('#result:not([hidden])')", timeout=READY_MS)
    session = Session.decode(page.evaluate("location.hash"))
    assert len(session.entries) >= 12
    other = new_context().new_page()
    other.goto(page.url)
    wait_ready(other)
    # the same board once the opened link has marked what changed since the seat's last move (a
    # replay in slices after the first drawing)
    other.wait_for_function("html => document.querySelector('#board').innerHTML === html",
                            arg=page.locator("#board").inner_html(), timeout=READY_MS)
    assert Session.decode(other.evaluate("location.hash")).state == session.state


def test_a_game_of_two_bots_runs_to_the_winner_in_the_browser(page, site_url):
    """A game plays in the browser until a winner is declared, here by two Medium bots in the worker
    under Shorter Conquest (5.3: the first Capital to fall ends it)."""
    page.add_init_script("localStorage.setItem('chaupal.botDelay', '0')")
    spec = {"game": "viktory", "options": {"players": 2, "shorter": True}, "seats": [["Red", 2], ["Yellow", 2]]}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    expect(page.locator("#result")).to_be_visible(timeout=300_000)
    session = Session.decode(page.evaluate("location.hash"))
    result = session.result()
    assert result is not None and result["winners"]
    expect(page.locator("#result .summary")).to_have_text(result["summary"])
    assert page.locator("#game .action").count() == 0  # nothing left to click
