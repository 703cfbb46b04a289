"""Viktory II exploration (rulebook 7.0, 8.3, 10.2): drawing face-down tiles and placing them."""

from engine.viktory import GAME, data, geometry, rules, scenario

from play_helpers import player


do = player(GAME)


def stack(state, tiles):
    """Arranges the pile so that the next draws are `tiles`, in this order."""
    for t in reversed(tiles):
        state["pile"].remove(t)
    state["pile"].extend(reversed(tiles))


def game_with_town_at_30(neighbours="plains"):
    """2 players; the first player's Capital at the centre hex 30 (plains), its neighbours revealed,
    an Infantry on it."""
    s = scenario.empty_game(2, seed=3)
    me = s["current"]
    scenario.add_site(s, me, 30, capital=True, terrain="plains")
    scenario.fill(s, geometry.neighbours(5)[30], neighbours)
    inf = scenario.put(s, me, "infantry", 30)
    scenario.add_site(s, s["order"][1], 52, capital=True, terrain="plains")  # the opponent, far away
    rules.invariants(s)
    return s, me, inf


def test_10_2_moving_reveals_all_adjacent_face_down_hexes_and_7_0_player_places_them():
    s, me, inf = game_with_town_at_30()
    stack(s, ["forest", "mountain", "forest"])
    reveals = s["reveals"]
    do(s, ["unit", inf["id"]], 31)
    # 31's neighbours 23, 32, 40 were face down: three tiles drawn at once (7.0: the maximum)
    assert s["reveals"] == reveals + 1
    pending = s["explore"]
    assert pending["hexes"] == [23, 32, 40] and sorted(pending["tiles"]) == ["forest", "forest", "mountain"]
    assert rules.active(s) == [me] and rules.actions(s, me) == [23, 32, 40]
    do(s, 32)  # the first tile (forest, in terrain order) goes to 32
    assert s["terrain"][32] == "forest"
    do(s, 40)  # the second forest to 40; the last tile (mountain) has only one place: automatic
    assert s["terrain"][40] == "forest" and s["terrain"][23] == "mountain"
    assert s["explore"] is None
    # 7.0: the unit keeps moving afterwards if it has MPs left (it entered plains: not slowed)
    assert s["selected"] == inf["id"] and inf["mp"] == 1
    rules.invariants(s)


def test_7_0_a_single_revealed_hex_gives_no_discretion():
    s, me, inf = game_with_town_at_30()
    scenario.fill(s, [23, 32], "plains")
    stack(s, ["mountain"])
    do(s, ["unit", inf["id"]], 31)
    assert s["explore"] is None and s["terrain"][40] == "mountain"


def test_7_0_identical_tiles_are_placed_without_a_click():
    s, me, inf = game_with_town_at_30()
    stack(s, ["grassland", "grassland", "grassland"])
    do(s, ["unit", inf["id"]], 31)
    assert s["explore"] is None and [s["terrain"][h] for h in (23, 32, 40)] == ["grassland"] * 3


def test_7_0_all_water_reveal_may_redraw_one_until_land():
    s, me, inf = game_with_town_at_30()
    stack(s, ["water", "water", "water", "water", "forest"])
    do(s, ["unit", inf["id"]], 31)
    assert rules.actions(s, me) == ["redraw", "keep"]
    reveals = s["reveals"]
    do(s, "redraw")
    assert s["reveals"] == reveals + 1
    # one water went back; drawing until land: two waters and one land tile to place
    assert sorted(s["explore"]["tiles"]) == sorted(["water", "water", s["explore"]["tiles"][0]])
    assert s["explore"]["tiles"][0] in data.LAND
    land = s["explore"]["tiles"][0]
    do(s, 40)
    assert s["terrain"][40] == land and s["terrain"][23] == s["terrain"][32] == "water"
    rules.invariants(s)


def test_7_0_all_water_reveal_may_be_kept():
    s, me, inf = game_with_town_at_30()
    stack(s, ["water", "water", "water"])
    do(s, ["unit", inf["id"]], 31, "keep")
    assert [s["terrain"][h] for h in (23, 32, 40)] == ["water"] * 3
    rules.invariants(s)


def test_7_0_no_redraw_offer_when_the_pile_holds_no_land():
    s, me, inf = game_with_town_at_30()
    s["pile"] = [t for t in s["pile"] if t == "water"]
    do(s, ["unit", inf["id"]], 31)
    assert s["explore"] is None and s["terrain"][40] == "water"


def test_8_3_a_new_town_reveals_adjacent_hexes_a_city_those_two_away():
    s, me, inf = game_with_town_at_30()
    scenario.fill(s, [14, 15, 23, 32], "plains")
    do(s, "end_movement")
    assert s["phase"] == "build"
    stack(s, ["grassland"] * 4)
    do(s, 15)  # 15 is two hexes from 30 through revealed hexes (8.2.1)
    assert s["sites"][15] == {"owner": me, "kind": "town"}
    assert all(s["terrain"][n] is not None for n in geometry.neighbours(5)[15])
    s2, me2, _ = game_with_town_at_30()
    do(s2, "end_movement")
    stack(s2, ["forest"] * 12)
    do(s2, 30)  # upgrade the Capital (a Town) to a City
    ring2 = geometry.at_distance(5, 30, 2)
    assert s2["sites"][30]["kind"] == "city"
    assert all(s2["terrain"][h] == "forest" for h in ring2)  # 8.3: two hexes away revealed
    assert s2["phase"] == "reserve"
    rules.invariants(s2)
