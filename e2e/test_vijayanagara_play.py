"""Vijayanagara in the browser: a bot-heavy game played card by card to the final scores (5.0),
then carried to a fresh browser by its share link."""
from __future__ import annotations

import json
import urllib.parse

from playwright.sync_api import expect

from engine.core.session import Session

READY_MS = 60_000


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def test_a_bot_heavy_game_to_the_final_scores_and_through_a_share_link(page, site_url, new_context):
    page.add_init_script("localStorage.setItem('chaupal.botDelay', '0')")
    spec = {"game": "vijayanagara", "options": {},
            "seats": [["Delhi Sultanate", None], ["Bahmani Kingdom", 1], ["Vijayanagara Empire", 1]]}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    expect(page.locator("#board")).to_contain_text("Vindhya")
    clicks = 0
    while True:
        page.wait_for_function(
            "document.querySelector('#result:not([hidden])') || document.querySelector('#game .action')",
            timeout=READY_MS)
        if page.locator("#result").is_visible():
            break
        page.locator("#game .action").first.click()  # the human Sultanate takes its first choice
        clicks += 1
        assert clicks < 1500, "the game does not end"
    session = Session.decode(page.evaluate("location.hash"))
    result = session.result()
    assert result is not None and page.get_by_role("alert").count() in (0, 1)
    expect(page.locator("#result")).to_contain_text(result["summary"])
    for line in result.get("details", []):
        expect(page.locator("#result")).to_contain_text(line)
    # the finished game, opened elsewhere from its link, shows the same final scores
    other = new_context().new_page()
    other.goto(page.url)
    wait_ready(other)
    expect(other.locator("#result")).to_contain_text(result["summary"])
    # the same board once the opened link has marked what changed since the seat's last move (a
    # replay in slices after the first drawing)
    other.wait_for_function("html => document.querySelector('#board').innerHTML === html",
                            arg=page.locator("#board").inner_html(), timeout=READY_MS)
