"""Others' moves are seen happening: after a bot's move what changed on the board fades into place
(web/motion.js marks it `arrive`, style.css fades it in over 0.3 s); the player's own moves and a
player who asks for reduced motion get no animation."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_first_minutes import new_game

BOTS_MOVE = "document.querySelector('#board .action') && document.querySelectorAll('#log li').length >= 2"


def goats_place_and_tigers_answer(page):
    page.locator("#board .action").first.click()  # a goat placed (5.5): the player's own move
    page.wait_for_function(BOTS_MOVE, timeout=60_000)  # the tigers' answer, and the goats to move again


@pytest.mark.parametrize("game_id,seats", [
    ("aadu_huli", [["Goats", None], ["Tigers", 1]]),
    ("viktory", [["Red", None], ["Yellow", 1]]),
])
def test_a_bots_move_fades_in_and_nothing_else_does(page, site_url, game_id, seats):
    new_game(page, site_url, game_id, seats)
    expect(page.locator("#board .arrive")).to_have_count(0)  # the opening drawing stands still
    if game_id == "aadu_huli":
        goats_place_and_tigers_answer(page)
        marked = page.locator("#board .arrive")
        assert 0 < marked.count() < 40  # the tiger that moved (and its marks), not the whole board
        animation = marked.first.evaluate("n => getComputedStyle(n).animationName + ' ' + getComputedStyle(n).animationDuration")
        assert animation == "chaupal-arrive 0.3s", animation
    else:  # Viktory II: the bot's opening turn (4.0) comes before the player's
        page.wait_for_function("document.querySelectorAll('#board .arrive').length > 0 || "
                               "document.querySelector('#game .action')", timeout=60_000)
        assert page.locator("#log li").count() >= 1


def test_moves_made_at_the_device_are_drawn_at_once(page, site_url):
    new_game(page, site_url, "aadu_huli", [["Goats", None], ["Tigers", None]])  # two people, one device
    for _ in range(3):
        before = page.locator("#board").inner_html()
        page.locator("#board .action").first.click()
        page.wait_for_function("html => document.querySelector('#board').innerHTML !== html", arg=before)
        expect(page.locator("#board .arrive")).to_have_count(0)


def test_no_motion_for_a_player_who_asks_for_less(page, site_url):
    page.emulate_media(reduced_motion="reduce")
    new_game(page, site_url, "aadu_huli", [["Goats", None], ["Tigers", 1]])
    goats_place_and_tigers_answer(page)
    expect(page.locator("#board .arrive")).to_have_count(0)
