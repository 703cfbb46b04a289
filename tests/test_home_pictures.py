"""The home page's card of each game: the picture of its board that build.py draws (a static image:
valid SVG, nothing focusable or clickable, one name, small, nothing hidden), its player count (the
seats the rules give over the options that set them) and its typical length."""
from __future__ import annotations

import functools
import json
import re
import xml.etree.ElementTree as ET

import pytest

import build
from engine.games import GAMES

SVG = "{http://www.w3.org/2000/svg}"
MAX_BYTES = 150_000  # a picture on the home page, precached for offline use: kept small
# where the rulebook lets fewer people play than there are seats, the rest run by its own rules for
# spare seats (bots here): the rule that says so
SPARE_SEATS = {"vijayanagara": "1.5.1 Spare Factions"}


@functools.cache
def picture(game_id: str, role: str | None = None):
    return build.board_picture(GAMES[game_id], role)


def seat_counts(game) -> set:
    """The numbers of seats over every value of the options that change them (catalog_entry's roles_by)."""
    entry = game.catalog_entry()
    if entry["roles_by"] is None:
        return {len(entry["roles"])}
    return {len(roles) for roles in entry["roles_by"]["roles"].values()}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_picture_is_a_small_static_svg_image_named_after_the_game(game_id):
    game = GAMES[game_id]
    svg, width, height = picture(game_id)
    assert len(svg.encode()) < MAX_BYTES, f"{game_id}: {len(svg.encode())} bytes"
    root = ET.fromstring(svg)  # well-formed XML, as an <img> needs
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img" and root.get("aria-label") == f"The board of {game.title}"
    assert root[0].tag == SVG + "title" and root[0].text == f"The board of {game.title}"
    x0, y0, w, h = (float(v) for v in root.get("viewBox").split())
    assert (round(w), round(h)) == (width, height) and width > 0 and height > 0
    assert float(root.get("width")) == w and float(root.get("height")) == h  # a size of its own in an <img>
    for node in root.iter():
        tag = node.tag.removeprefix(SVG)
        assert tag not in ("a", "foreignObject", "script"), f"{game_id}: a <{tag}> in the picture"
        assert "action" not in node.get("class", "").split(), f"{game_id}: an .action element"
        assert not {"tabindex", "focusable", "onclick"} & set(node.attrib), f"{game_id}: {node.attrib}"
        assert not any(key.startswith("data-") for key in node.attrib), f"{game_id}: {node.attrib}"
        if node is not root:
            assert "role" not in node.attrib and not any(k.startswith("aria-") for k in node.attrib)
    assert list(root.iter(SVG + "title")) == [root[0]] and not list(root.iter(SVG + "desc")), \
        f"{game_id}: a tooltip left in the picture"
    # the ids that patterns and markers need are kept, and only those
    ids = {node.get("id") for node in root.iter() if node.get("id")}
    refs = set(re.findall(r"url\(#([^)\s]+)\)", svg))
    assert refs <= ids, f"{game_id}: patterns or markers lost: {refs - ids}"
    assert ids <= refs | set(re.findall(r'href="#([^"]+)"', svg))


@pytest.mark.parametrize("game_id", [game_id for game_id, game in GAMES.items() if game.private_views])
def test_the_picture_shows_what_every_seat_may_see(game_id):
    """The picture is drawn from the first seat's view. Where a seat's view may hold what the others
    may not see (private_views), every seat's view must draw the same picture; elsewhere a view holds
    nothing private by definition (a seat's own marks, such as the tiles it can afford, may differ)."""
    game = GAMES[game_id]
    svg = picture(game_id)[0]
    for role in game.rules.roles(game.default_options())[1:]:
        assert picture(game_id, role)[0] == svg, f"{game_id}: the picture differs from {role}'s seat"


def test_the_picture_is_the_same_at_every_build():
    assert build.board_picture(GAMES["viktory"]) == picture("viktory")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_player_count_follows_the_seats_of_the_rules(game_id):
    game = GAMES[game_id]
    fewest, most = game.players
    counts = seat_counts(game)
    assert most == max(counts), f"{game_id}: up to {max(counts)} seats, the card says {most}"
    if game_id in SPARE_SEATS:
        assert 1 <= fewest < min(counts)
    else:
        assert fewest == min(counts), f"{game_id}: from {min(counts)} seats, the card says {fewest}"
    text = game.players_text()
    assert text == (f"{most} players" if fewest == most else f"{fewest}–{most} players")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_catalogue_gives_the_player_count_and_a_typical_length(game_id):
    game = GAMES[game_id]
    entry = game.catalog_entry()
    assert entry["players"] == game.players_text() and entry["players"]
    assert entry["length"] == game.length and game.length.startswith("About ")
    json.dumps(entry)


def test_the_catalogue_names_each_picture_with_its_size(tmp_path):
    build.write_games_json(tmp_path / "games.json")
    catalog = json.loads((tmp_path / "games.json").read_text(encoding="utf-8"))
    assert [entry["id"] for entry in catalog["games"]] == list(GAMES)
    for entry in catalog["games"]:
        pic = entry["picture"]
        assert pic["src"] == f"pictures/{entry['id']}.svg" and build.precached(pic["src"])
        svg, width, height = picture(entry["id"])
        assert (tmp_path / pic["src"]).read_text(encoding="utf-8") == svg
        assert (pic["width"], pic["height"]) == (width, height)
