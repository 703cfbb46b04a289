"""Viktory II building, economics and reserve placement (rulebook 8.0-8.4, 9.0, 14.0-14.4, 15.0)."""
import pytest

from engine.viktory import GAME, building, geometry, pieces, reserves, rules, scenario

from play_helpers import player


do = player(GAME)


def reveal_all(s):
    for h in range(61):
        if h not in geometry.perimeter(5):
            scenario.set_terrain(s, h, "plains" if h % 2 == 0 else "grassland")


def game(capital=30):
    s = scenario.empty_game(2, seed=7)
    me, other = s["order"]
    reveal_all(s)
    scenario.add_site(s, me, capital, capital=True)
    scenario.add_site(s, other, 52, capital=True)
    for role in (me, other):
        h = s["capitals"][role]
        scenario.put(s, role, "infantry", h)
    return s, me, other


def test_8_2_1_towns_two_or_three_hexes_from_own_town_never_adjacent_to_any():
    s, me, other = game()
    sites = building.town_sites(s, me)
    assert sites and all(geometry.distance(5, 30, h) in (2, 3) for h in sites)
    assert not any(geometry.distance(5, 52, h) <= 1 for h in sites)  # not next to the enemy Town
    assert 45 not in sites and 44 in sites  # 45 is next to the enemy Capital 52 and its Infantry


def test_8_2_1_path_of_revealed_hexes_is_needed():
    s = scenario.empty_game(2, seed=7)
    me, other = s["order"]
    scenario.add_site(s, me, 30, capital=True, terrain="plains")
    scenario.add_site(s, other, 52, capital=True, terrain="plains")
    scenario.set_terrain(s, 14, "plains")  # two hexes from 30, but 21 and 22 are face down
    assert 14 not in building.town_sites(s, me)
    scenario.set_terrain(s, 22, "water")  # 8.2.1: "including across water"
    assert 14 in building.town_sites(s, me)


def test_8_2_2_no_town_next_to_another_players_unit():
    s, me, other = game()
    assert 14 in building.town_sites(s, me)
    scenario.add_site(s, other, 54)
    scenario.put(s, other, "infantry", 13)  # adjacent to 14
    assert 14 not in building.town_sites(s, me)


def test_8_2_one_or_two_towns_then_reserve_placement():
    s, me, other = game()
    do(s, "end_movement")
    assert s["phase"] == "build"
    first = building.town_sites(s, me)[0]
    do(s, first)
    while s["explore"]:
        do(s, rules.actions(s, me)[0])
    assert s["phase"] == "build" and 30 not in rules.actions(s, me)  # no upgrade after a Town
    second = [h for h in rules.actions(s, me) if isinstance(h, int)][0]
    do(s, second)
    assert s["phase"] == "reserve"
    # 8.4: each Town brings one Infantry into the Reserve
    assert [u["type"] for u in pieces.reserve(s, me)] == ["infantry", "infantry"]
    rules.invariants(s)


@pytest.mark.parametrize("terrain,extra", [("plains", {"infantry": 2}), ("grassland", {"cavalry": 1}),
                                           ("mountain", {"artillery": 1}), ("forest", {"frigate": 1})])
def test_8_4_and_9_2_upgrading_to_a_city_brings_the_terrains_units(terrain, extra):
    s = scenario.empty_game(2, seed=7)
    me, other = s["order"]
    reveal_all(s)
    scenario.set_terrain(s, 30, terrain)
    scenario.add_site(s, me, 30, capital=True)
    scenario.add_site(s, other, 52, capital=True)
    do(s, "end_movement", 30)
    assert s["sites"][30]["kind"] == "city"
    assert pieces.unit_counts(s, me) == {"infantry": 1 + extra.get("infantry", 0), "cavalry": extra.get("cavalry", 0),
                                         "artillery": extra.get("artillery", 0), "frigate": extra.get("frigate", 0)}
    rules.invariants(s)  # 9.0: one-to-one accounting


def test_8_1_no_building_without_the_capital():
    s, me, other = game()
    scenario.add_site(s, me, 33)
    s["capitals"][me] = 44  # the marker is elsewhere: he does not hold his Capital
    do(s, "end_movement")
    assert s["phase"] == "reserve"


def test_5_3_empire_points():
    s, me, other = game()
    scenario.add_site(s, me, 33, kind="city")
    assert pieces.empire_points(s, me) == 3  # 1 per Town, 2 per City


# --- reserve placement (14.0) --------------------------------------------------------------------

def test_14_11_a_town_takes_one_infantry_a_plains_city_three_the_capital_any():
    s, me, other = game()
    scenario.add_site(s, me, 33)  # a Town (plains)
    scenario.add_site(s, me, 16, kind="city")  # a Plains City (16 is even: plains): 3 Infantry
    scenario.add_site(s, me, 13, kind="city")  # a Grassland City: Infantry + Cavalry
    s["phase"] = "reserve"
    counts = {}
    do(s, "infantry")
    for _ in range(20):
        if not pieces.reserve(s, me) or s["reserve_type"] != "infantry":
            break
        target = [a for a in rules.actions(s, me) if isinstance(a, int) and a != 30][:1] or [30]
        do(s, target[0])
        counts[target[0]] = counts.get(target[0], 0) + 1
    assert counts.get(33, 0) == 1 and counts.get(16, 0) == 3 and counts.get(13, 0) == 1
    assert [u["type"] for u in pieces.reserve(s, me)] == ["cavalry"]
    rules.invariants(s)


def test_14_4_cavalry_only_in_grassland_cities_or_the_capital():
    s, me, other = game()
    scenario.add_site(s, me, 13, kind="city")  # Grassland City
    s["phase"] = "reserve"
    assert sorted(reserves.placements(s, me, "cavalry")) == [13, 30]


def test_14_2_no_placement_next_to_an_enemy_unit():
    s, me, other = game()
    scenario.add_site(s, me, 33)
    scenario.add_site(s, other, 54)
    scenario.put(s, other, "infantry", 41)  # adjacent to 33
    assert 33 not in reserves.placements(s, me, "infantry")


def test_14_3_frigates_go_to_water_next_to_a_forest_city_or_the_nearest_water():
    s, me, other = game()
    scenario.set_terrain(s, 22, "water")
    scenario.add_site(s, me, 32, kind="city", terrain="forest")
    # 32's neighbours: 22 is not one; none is water -> the nearest water hexes
    near = reserves.placements(s, me, "frigate")
    assert 22 in near  # hex 22 is at distance 1 from the capital 30 (14.4) and 2 from 32
    scenario.set_terrain(s, 40, "water")
    assert 40 in reserves.placements(s, me, "frigate")


def test_15_0_lost_capital_only_infantry_one_per_city():
    s, me, other = game()
    scenario.add_site(s, me, 46, kind="city")
    s["capitals"][me] = 44
    assert reserves.placements(s, me, "cavalry") == {}
    assert pieces.combat_supply(s, me) is False
