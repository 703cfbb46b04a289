"""The Hint button: for the person to move, the action the game's strongest level would take in
their seat, ringed on the board (or its button marked) and told in words; never in review."""
from __future__ import annotations

import json
import urllib.parse

from playwright.sync_api import expect

from engine.core.session import Session
from test_first_minutes import new_game, wait_ready

HINT_MS = 90_000  # the bot worker starts on the first hint of a game without bots


def hinted(page) -> tuple:
    text = page.locator("#hint-text")
    expect(text).to_contain_text("Hint:", timeout=HINT_MS)
    return text.inner_text(), json.loads(text.get_attribute("data-hint"))


def test_the_hint_is_the_strongest_levels_move_ringed_on_the_board(page, site_url):
    new_game(page, site_url, "aadu_huli", [["Goats", None], ["Tigers", 2]])
    button = page.locator("#hint")
    expect(button).to_be_visible()
    button.focus()
    page.keyboard.press("Enter")  # a keyboard player asks too
    words, action = hinted(page)
    session = Session.decode(urllib.parse.unquote(page.evaluate("location.hash.slice(1)")))
    strongest = session.game.bot(3).choose(session.game, session.state, "Goats", session.bot_seed())
    assert action == strongest, (action, strongest)
    assert "ringed on the board" in words
    expect(page.locator("#board .hint-ring")).to_have_count(2)  # the ring and its pale casing
    target = page.locator(f"#board .action[data-action='{json.dumps(action)}']")
    expect(target).to_have_count(1)
    target.click()
    expect(page.locator("#hint-text")).to_be_hidden()  # the hint was about the position before
    expect(page.locator("#board .hint-ring")).to_have_count(0)


def test_a_hint_that_is_a_button_marks_the_button_and_review_offers_none(page, site_url):
    # Rajas' first decision: a worker space on the board, or a button for what the board does not draw
    new_game(page, site_url, "rajas", [["Red", None], ["Yellow", None]], {"players": 2})
    page.locator("#hint").click()
    words, action = hinted(page)
    marked = page.locator(".hinted")
    ring = page.locator("#board .hint-ring")
    if "marked below" in words:
        expect(marked).to_have_count(1)
        assert json.loads(marked.get_attribute("data-action")) == action
    else:
        expect(ring).to_have_count(2)
    page.locator("#review").click()
    expect(page.locator("#hint")).to_be_hidden()
    expect(page.locator("#hint-text")).to_be_hidden()


def test_no_hint_for_a_bots_turn(page, site_url):
    page.add_init_script("localStorage.setItem('chaupal.botDelay', '600000')")  # the bot waits
    spec = {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", 1]], "options": {}}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    expect(page.locator("#hint")).to_be_visible()
    page.locator("#board .action").first.click()  # a goat placed: now the Tigers' bot is to move
    expect(page.locator("#prompt")).to_contain_text("Tigers")
    expect(page.locator("#hint")).to_be_hidden()
