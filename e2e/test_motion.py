"""Others' moves are seen happening: after a bot's move what changed on the board fades into place
(web/motion.js marks it `arrive`, style.css fades it in over 0.3 s); the player's own moves and a
player who asks for reduced motion get no animation."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_first_minutes import new_game

BOTS_MOVE = "document.querySelector('#board .action') && document.querySelectorAll('#log li').length >= 2"
# What web/motion.js marked at each drawing, seen as it marks (the marks go once the fade is over)
WATCH = """window.__marked = [];
window.addEventListener('DOMContentLoaded', () => {
  const drawn = window.chaupalMotion.drawn;
  window.chaupalMotion.drawn = (board, animate) => {
    const n = drawn(board, animate);
    const first = board.querySelector('.arrive');
    window.__marked.push([n, first ? getComputedStyle(first).animationName + ' ' + getComputedStyle(first).animationDuration : '']);
    return n;
  };
});"""


def marked(page) -> list:
    return page.evaluate("window.__marked")


def goats_place_and_tigers_answer(page):
    page.locator("#board .action").first.click()  # a goat placed (5.5): the player's own move
    page.wait_for_function(BOTS_MOVE, timeout=60_000)  # the tigers' answer, and the goats to move again


@pytest.mark.parametrize("game_id,seats", [  # the person moves first; the bot moves first
    ("aadu_huli", [["Goats", None], ["Tigers", 1]]),
    ("aadu_huli", [["Goats", 1], ["Tigers", None]]),  # the bot opens: its first goat fades in
])
def test_a_bots_move_fades_in_and_nothing_else_does(page, site_url, game_id, seats):
    page.add_init_script(WATCH)
    new_game(page, site_url, game_id, seats)
    assert marked(page)[0][0] == 0  # the opening drawing stands still
    if seats[0][1] is None:
        goats_place_and_tigers_answer(page)
        counts = [n for n, _ in marked(page)]
        assert counts[1] == 0  # the goat placed by the player: drawn at once
        n, animation = marked(page)[-1]
        assert 0 < n < 40, counts  # the tiger that moved (and its marks), not the whole board
        assert animation == "chaupal-arrive 0.3s", animation
        expect(page.locator("#board .arrive")).to_have_count(0, timeout=5_000)  # the board's own drawing again
    else:
        page.wait_for_function("document.querySelector('#game .action')", timeout=60_000)
        assert any(n > 0 for n, _ in marked(page)), marked(page)


def test_moves_made_at_the_device_are_drawn_at_once(page, site_url):
    page.add_init_script(WATCH)
    new_game(page, site_url, "aadu_huli", [["Goats", None], ["Tigers", None]])  # two people, one device
    for _ in range(3):
        before = page.locator("#board").inner_html()
        page.locator("#board .action").first.click()
        page.wait_for_function("html => document.querySelector('#board').innerHTML !== html", arg=before)
    assert all(n == 0 for n, _ in marked(page)), marked(page)


def test_no_motion_for_a_player_who_asks_for_less(page, site_url):
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(WATCH)
    new_game(page, site_url, "aadu_huli", [["Goats", None], ["Tigers", 1]])
    goats_place_and_tigers_answer(page)
    assert len(marked(page)) >= 3 and all(n == 0 for n, _ in marked(page)), marked(page)
