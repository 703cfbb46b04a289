"""Zoom and pan on the game board (web/zoom.js), checked on Viktory II's 169-hex map for 8 players:
the buttons and Ctrl + wheel zoom, a drag pans without making a move, the view survives the redraw
after a move, and "Whole board" brings the whole map back."""
from __future__ import annotations

import json
import urllib.parse

from playwright.sync_api import expect

from engine.core.session import Session

READY_MS = 60_000
ROLES = ["Red", "Yellow", "Blue", "Green", "Purple", "Orange", "White", "Black"]


def view_box(page):
    return [float(v) for v in page.locator("#board svg").get_attribute("viewBox").split()]


def units_per_pixel(page, box):
    """Drawing units per screen pixel: the zoom, whatever the shape of the board's box."""
    rect = page.locator("#board svg").bounding_box()
    return max(box[2] / rect["width"], box[3] / rect["height"])


def test_zoom_pan_and_whole_board_on_the_eight_player_map(page, site_url):
    spec = {"game": "viktory", "options": {"players": 8},
            "seats": [[role, None] for role in ROLES]}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)
    whole = view_box(page)
    whole_units = units_per_pixel(page, whole)
    expect(page.get_by_role("button", name="Whole board")).to_be_disabled()

    page.get_by_role("button", name="Zoom in").click()
    page.get_by_role("button", name="Zoom in").click()
    zoomed = view_box(page)
    assert abs(units_per_pixel(page, zoomed) * 2.25 - whole_units) < 0.01
    # zoomed about the middle: the centre of the drawing stays put
    assert abs((zoomed[0] + zoomed[2] / 2) - (whole[0] + whole[2] / 2)) < 0.5

    # a drag pans the board and is not a click on the hex under the pointer
    moves = len(Session.decode(page.evaluate("location.hash")).entries)
    box = page.locator("#board svg").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 40, steps=6)
    page.mouse.up()
    panned = view_box(page)
    assert panned[0] < zoomed[0] and panned[1] < zoomed[1]  # dragged right/down: the view moved left/up
    assert abs(panned[2] - zoomed[2]) < 0.5
    assert len(Session.decode(page.evaluate("location.hash")).entries) == moves

    # a move redraws the board, and the view stays where the player put it
    before = page.evaluate("location.hash")
    page.locator("#board .action").first.click()
    page.wait_for_function("before => location.hash !== before", arg=before)
    assert len(Session.decode(page.evaluate("location.hash")).entries) == moves + 1
    assert all(abs(a - b) < 0.5 for a, b in zip(view_box(page), panned))

    # Ctrl + wheel (a trackpad's pinch) zooms in further around the pointer
    page.mouse.move(x, y)
    page.keyboard.down("Control")
    page.mouse.wheel(0, -100)
    page.keyboard.up("Control")
    expect(page.locator("#board svg")).not_to_have_attribute("viewBox", " ".join(f"{v:g}" for v in panned))
    assert view_box(page)[2] < panned[2]

    page.get_by_role("button", name="Whole board").click()
    assert view_box(page) == whole
    expect(page.get_by_role("button", name="Zoom out")).to_be_disabled()
