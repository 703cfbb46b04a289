"""A share link of a game that this device has saved further on (or differently) never silently
replaces the device's copy: the page asks which copy to open and keeps the other as its own saved
game. A link that simply carries the device's game on opens without a question."""
from __future__ import annotations

import json
import urllib.parse

from playwright.sync_api import expect

from engine.core.session import Session

READY_MS = 60_000


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def saved_games(page) -> list:
    return page.evaluate("window.chaupalStore.list()")


def play_points(page, points):
    for point in points:
        before = page.evaluate("location.hash")
        page.locator(f"#board .action[data-action='{point}']").click()
        page.wait_for_function("before => location.hash !== before", arg=before)


def start_hot_seat_game(page, site_url):
    spec = {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", None]], "options": {}}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)


def test_an_older_link_asks_which_copy_and_keeps_both(page, site_url):
    start_hot_seat_game(page, site_url)
    play_points(page, [1])  # Goats place on 1
    old_link = page.url
    play_points(page, [0, 2, 7])  # the Tiger on 0 moves to 2; Goats place on 7
    device_moves = len(Session.decode(page.evaluate("location.hash")).entries)
    assert device_moves == 4  # selecting the Tiger is an action of its own

    page.goto(site_url)  # leave, then open the older link on the same device
    wait_ready(page)
    page.goto(old_link)
    dialog = page.locator("#copy-dialog")
    expect(dialog).to_be_visible(timeout=READY_MS)
    expect(dialog).to_contain_text("4 moves, where the link has 1")
    page.get_by_role("button", name="Open the link's copy").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#log li")).to_have_count(1)
    games = saved_games(page)
    assert len(games) == 2
    moves = sorted(len(Session.decode(game["code"]).entries) for game in games)
    assert moves == [1, 4]  # the device's further copy is kept as a game of its own
    earlier = next(game for game in games if len(Session.decode(game["code"]).entries) == 4)
    # named and listed by progress, so that nobody deletes the copy further on by mistake
    assert earlier["name"].endswith("(this device's copy, at move 4)")
    assert earlier["status"].startswith("move 4: ")
    opened = next(game for game in games if game is not earlier)
    assert opened["status"] == "move 1: Tigers to move"
    assert Session.decode(earlier["code"]).uid == earlier["uid"] != Session.decode(old_link.split("#")[1]).uid

    # that kept copy opens like any saved game, without a question, also when its link is pasted
    # into this tab (only the fragment changes)
    page.goto(site_url + "play.html#" + earlier["code"])
    expect(page.locator("#log li")).to_have_count(3, timeout=READY_MS)  # after the reload
    wait_ready(page)
    expect(page.locator("#copy-dialog")).to_be_hidden()


def test_keeping_the_device_copy_also_keeps_the_link_as_a_saved_game(page, site_url):
    start_hot_seat_game(page, site_url)
    play_points(page, [1])
    old_link = page.url
    play_points(page, [0, 2])
    page.goto(site_url)  # a link opened from elsewhere loads the page afresh
    page.goto(old_link)
    page.get_by_role("button", name="Open this device's copy").click()
    expect(page.locator("#log li")).to_have_count(2)
    assert len(Session.decode(page.evaluate("location.hash")).entries) == 3
    games = saved_games(page)
    moves = sorted(len(Session.decode(game["code"]).entries) for game in games)
    assert moves == [1, 3]
    kept = next(game for game in games if len(Session.decode(game["code"]).entries) == 1)
    assert kept["name"].endswith("(the link's copy, at move 1)") and kept["status"] == "move 1: Tigers to move"


def test_a_link_that_carries_the_game_on_opens_without_a_question(page, site_url, new_context):
    start_hot_seat_game(page, site_url)
    play_points(page, [1])
    other = new_context().new_page()  # the friend at a distance plays a move and sends it back
    other.goto(page.url)
    wait_ready(other)
    play_points(other, [0, 2])
    page.goto(site_url)
    page.goto(other.url)
    wait_ready(page)
    expect(page.locator("#log li")).to_have_count(2)
    expect(page.locator("#copy-dialog")).to_be_hidden()
    assert len(saved_games(page)) == 1
