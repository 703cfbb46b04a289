"""The home page shows each game with a picture of its board, how many play it and how long a game
lasts (games.json, written by build.py), on a laptop and on a phone, with no sideways scrolling."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

import build

READY_MS = 30_000
SIZES = {"laptop": {"viewport": {"width": 1280, "height": 800}},
         "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
                   "has_touch": True}}


def catalogue() -> list:
    return json.loads((build.DIST / "games.json").read_text(encoding="utf-8"))["games"]


@pytest.mark.parametrize("size", list(SIZES))
def test_every_game_shows_its_board_players_and_length(new_context, site_url, size):
    page = new_context(**SIZES[size]).new_page()
    page.goto(site_url + "index.html")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)
    games = catalogue()
    assert games
    width = SIZES[size]["viewport"]["width"]
    for game in games:
        card = page.locator(f'#games > li[data-game="{game["id"]}"]')
        picture = card.locator("img.card-picture")
        expect(picture).to_have_attribute("alt", f"The board of {game['title']}")
        expect(picture).to_have_attribute("loading", "lazy")
        # its size is known before it loads: the cards do not jump
        expect(picture).to_have_attribute("width", str(game["picture"]["width"]))
        expect(picture).to_have_attribute("height", str(game["picture"]["height"]))
        picture.scroll_into_view_if_needed()
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=picture.element_handle(),
                               timeout=10_000)
        box = picture.bounding_box()
        assert box["width"] > 200 and box["height"] >= 150 and box["x"] >= 0 and box["x"] + box["width"] <= width
        expect(card.locator("h3")).to_have_text(game["title"])
        expect(card.locator(".facts .players")).to_have_text(game["players"])
        expect(card.locator(".facts .length")).to_have_text(game["length"])
        for fact in (card.locator(".facts .players"), card.locator(".facts .length")):
            assert fact.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 11
    # a picture is no control: nothing on the home page is a game action
    assert page.locator(".action").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
