"""Viktory II map geometry and data (rulebook 3.1-3.3, 5.4, 8.4, 9.0, 10.11, 10.31)."""
import json
import os

import pytest

from engine.viktory import data, geometry

# The start hexes of the licensed online version of Viktory II (public; 2 and 3 players), as the
# project's research data recorded them, copied here unchanged.
START_FILE = os.path.join(os.path.dirname(__file__), "data", "viktory_start_hexes.json")


@pytest.mark.parametrize("players,side,hexes,across", [(2, 5, 61, 9), (3, 6, 91, 11), (4, 7, 127, 13),
                                                        (5, 8, 169, 15), (8, 8, 169, 15)])
def test_3_3_map_sizes(players, side, hexes, across):
    # 3.3: "2-Players: 61 Hexagons, 9 Hexagons Across Center, 5 On a Side" etc.
    assert data.SIDE_FOR_PLAYERS[players] == side
    assert geometry.hex_count(side) == hexes == len(geometry.coords(side))
    middle_row = [xy for xy in geometry.coords(side) if xy[1] == side - 1]
    assert len(middle_row) == across
    top_row = [xy for xy in geometry.coords(side) if xy[1] == 0]
    assert len(top_row) == side


@pytest.mark.parametrize("side", [5, 6, 7, 8])
def test_3_2_perimeter_water_ring_and_neighbours(side):
    perimeter = geometry.perimeter(side)
    assert len(perimeter) == 6 * (side - 1)  # the outer ring of the hexagon
    adj = geometry.neighbours(side)
    for h in range(geometry.hex_count(side)):
        assert len(adj[h]) == (6 if h not in perimeter else len(adj[h]))
        assert all(h in adj[n] for n in adj[h]), "adjacency is symmetric"
        assert all(geometry.distance(side, h, n) == 1 for n in adj[h])
    # 3.2: ships can circumnavigate the map around its perimeter: the ring is connected
    ring = sorted(perimeter)
    seen, todo = {ring[0]}, [ring[0]]
    while todo:
        h = todo.pop()
        for n in adj[h]:
            if n in perimeter and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == perimeter


def test_3_3_start_hexes_for_2_and_3_players_match_the_public_data_file():
    with open(START_FILE) as f:
        public = json.load(f)
    assert [tuple(g["hex_indices"]) for g in public["2p_board_side5_61hexes"]] == list(data.START_HEXES[2])
    assert [tuple(g["hex_indices"]) for g in public["3p_board_side6_91hexes"]] == list(data.START_HEXES[3])
    for group in public["2p_board_side5_61hexes"]:
        assert [geometry.hex_id(5, x, y) for x, y in group["axial"]] == group["hex_indices"]


@pytest.mark.parametrize("players", range(2, 9))
def test_3_3_start_hexes_five_per_player_interior_and_disjoint(players):
    side = data.SIDE_FOR_PLAYERS[players]
    groups = data.START_HEXES[players]
    assert len(groups) == players
    all_hexes = [h for g in groups for h in g]
    assert len(all_hexes) == len(set(all_hexes)) == 5 * players
    assert not set(all_hexes) & geometry.perimeter(side), "start hexes are interior hexes"


def test_3_3_corner_chevrons_are_the_stand_in_shape():
    # the stand-ins for 4-6 players use the public shape (geometry.corner_group) at corners
    for players in (4, 5, 6):
        side = data.SIDE_FOR_PLAYERS[players]
        corners = [sorted(geometry.corner_group(side, c)) for c in range(6)]
        for group in data.START_HEXES[players]:
            assert list(group) in corners
    # 7 players: the 1st in the centre (3.3)
    assert geometry.hex_id(8, 7, 7) in data.START_HEXES[7][0]


def test_tile_pile_and_units_tables():
    assert sum(data.TILE_PILE.values()) == 180  # research notes: the box holds 180 terrain hexes
    assert data.MOVEMENT_ALLOWANCE == {"infantry": 2, "artillery": 2, "cavalry": 3, "frigate": 5}  # 10.11, 10.31
    # 9.2: Plains Cities support 3 Infantry; Grassland 1 Infantry + 1 Cavalry; Mountain 1 Infantry +
    # 1 Artillery; Forest 1 Infantry + 1 Frigate. 9.0: Cities on all four terrains -> 1 Frigate,
    # 1 Artillery, 1 Cavalry and 6 Infantry.
    total = {}
    for support in data.CITY_SUPPORT.values():
        for kind, n in support.items():
            total[kind] = total.get(kind, 0) + n
    assert total == {"infantry": 6, "cavalry": 1, "artillery": 1, "frigate": 1}
    assert data.RACE_TARGETS == {2: 16, 3: 17, 4: 18, 5: 18, 6: 16, 7: 14, 8: 13}  # 5.4
