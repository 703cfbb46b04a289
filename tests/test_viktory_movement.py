"""Viktory II movement (rulebook 10.0-10.3)."""

from engine.viktory import GAME, geometry, rules, scenario

from play_helpers import player


do = player(GAME)


def open_map(water=()):
    """2 players, the whole interior revealed (plains on even hexes, grassland on odd ones: the pile
    holds 34 of each), the first player's Capital at 30, the opponent's at 52."""
    s = scenario.empty_game(2, seed=5)
    me, other = s["order"]
    reveal_all(s, water)
    scenario.add_site(s, me, 30, capital=True)
    scenario.add_site(s, other, 52, capital=True)
    return s, me, other


def reveal_all(s, water=()):
    for h in range(61):
        if h not in geometry.perimeter(5):
            scenario.set_terrain(s, h, "water" if h in water else "plains" if h % 2 == 0 else "grassland")


def test_10_11_infantry_moves_two_hexes_cavalry_three():
    s, me, _ = open_map()
    inf = scenario.put(s, me, "infantry", 30)
    do(s, ["unit", inf["id"]], 31, 32)
    assert inf["hex"] == 32 and inf["mp"] == 0 and s["selected"] is None
    assert ["unit", inf["id"]] not in rules.actions(s, me)
    s, me, _ = open_map()
    scenario.add_site(s, me, 32, kind="city", terrain="grassland")  # a Grassland City: Cavalry (9.2)
    cav = scenario.put(s, me, "cavalry", 30)
    do(s, ["unit", cav["id"]], 21, 13, 12)
    assert cav["hex"] == 12 and cav["mp"] == 0
    rules.invariants(s)


def test_10_1_land_units_stay_on_land():
    s, me, _ = open_map(water=(31,))
    inf = scenario.put(s, me, "infantry", 30)
    do(s, ["unit", inf["id"]])
    assert 31 not in rules.actions(s, me)
    assert {21, 22, 29, 38, 39} <= set(rules.actions(s, me))


def test_10_12_infantry_and_artillery_stop_on_entering_forest_or_mountain():
    s, me, _ = open_map()
    scenario.set_terrain(s, 31, "forest")
    scenario.set_terrain(s, 22, "mountain")
    inf = scenario.put(s, me, "infantry", 30)
    do(s, ["unit", inf["id"]], 31)
    assert inf["mp"] == 0 and s["selected"] is None  # must stop, though 1 MP remained


def test_10_12_cavalry_ignores_slow_terrain():
    s, me, _ = open_map()
    scenario.add_site(s, me, 33, kind="city", terrain="grassland")
    scenario.set_terrain(s, 31, "forest")
    cav = scenario.put(s, me, "cavalry", 30)
    do(s, ["unit", cav["id"]], 31)
    assert cav["mp"] == 2 and s["selected"] == cav["id"]


def test_10_12_exception_a_own_town_in_the_slow_hex():
    s, me, _ = open_map()
    scenario.add_site(s, me, 32, terrain="forest")  # two hexes away: not adjacent to 30
    inf = scenario.put(s, me, "infantry", 31)
    do(s, ["unit", inf["id"]], 32)
    assert inf["mp"] == 1 and s["selected"] == inf["id"]  # may continue


def test_10_12_exception_b_own_land_unit_began_the_turn_there():
    s, me, _ = open_map()
    scenario.add_site(s, me, 33, kind="city", terrain="plains")  # three more Infantry
    scenario.set_terrain(s, 31, "mountain")
    pathfinder = scenario.put(s, me, "infantry", 31)  # began this Player Turn in the mountain
    inf = scenario.put(s, me, "infantry", 30)
    assert 31 in s["turn_start"]
    do(s, ["unit", inf["id"]], 31)
    assert inf["mp"] == 1 and s["selected"] == inf["id"]
    assert pathfinder["hex"] == 31


def test_10_0_a_unit_cannot_be_resumed_after_another_moves():
    s, me, _ = open_map()
    scenario.add_site(s, me, 33, kind="city", terrain="plains")
    a = scenario.put(s, me, "infantry", 30)
    b = scenario.put(s, me, "infantry", 33)
    do(s, ["unit", a["id"]], 31)
    assert rules.actions(s, me)[-1] == "done" and ["unit", b["id"]] not in rules.actions(s, me)
    do(s, "done")
    assert a["mp"] == 0 and ["unit", a["id"]] not in rules.actions(s, me)
    assert ["unit", b["id"]] in rules.actions(s, me)
    # selecting a unit and finishing before it moved keeps its MPs
    do(s, ["unit", b["id"]], "done")
    assert b["mp"] == 2


def test_10_13_road_movement_between_own_towns_two_or_three_hexes_apart_costs_1_mp():
    s, me, _ = open_map()
    scenario.add_site(s, me, 33)  # 3 hexes from 30
    inf = scenario.put(s, me, "infantry", 30)
    do(s, ["unit", inf["id"]])
    assert 33 in rules.actions(s, me)
    do(s, 33)
    assert inf["hex"] == 33 and inf["mp"] == 1
    rules.invariants(s)


def test_10_13_road_movement_needs_a_path_devoid_of_enemy_units():
    s = scenario.empty_game(2, seed=5)
    me, other = s["order"]
    scenario.fill(s, [29, 21, 22, 38, 39, 31, 32], "plains")  # 31 is the only link from 30 to 32
    scenario.add_site(s, me, 30, capital=True, terrain="plains")
    scenario.add_site(s, me, 32, terrain="plains")
    scenario.add_site(s, other, 52, capital=True, terrain="plains")
    inf = scenario.put(s, me, "infantry", 30)
    assert 32 in rules.movement.road_destinations(s, me, 30)
    scenario.put(s, other, "infantry", 31)
    assert 32 not in rules.movement.road_destinations(s, me, 30)
    assert 31 in rules.movement.destinations(s, inf) and rules.movement.is_enemy_hex(s, 31, me)  # a Battle (13.0)


def test_10_31_frigate_moves_five_water_hexes():
    s2 = scenario.empty_game(2, seed=5)
    me, other = s2["order"]
    for h in range(61):
        if h not in geometry.perimeter(5) and h not in (30, 52):
            scenario.set_terrain(s2, h, "water")
    scenario.add_site(s2, me, 30, kind="city", capital=True, terrain="forest")
    scenario.add_site(s2, other, 52, capital=True, terrain="plains")
    f = scenario.put(s2, me, "frigate", 31)
    do(s2, ["unit", f["id"]], 32, 33, 34, 25, 17)
    assert f["hex"] == 17 and f["mp"] == 0 and s2["selected"] is None
    rules.invariants(s2)


def test_10_32_port_transit_through_own_town_with_two_waters():
    s = scenario.empty_game(2, seed=5)
    me, other = s["order"]
    reveal_all(s)
    scenario.add_site(s, me, 30, capital=True, kind="city", terrain="forest")
    scenario.add_site(s, me, 32)  # the port: plains, water on both sides
    scenario.add_site(s, other, 52, capital=True)
    scenario.fill(s, [23, 40], "water")  # 23 and 40 touch 32 on opposite sides
    f = scenario.put(s, me, "frigate", 23)
    do(s, ["unit", f["id"]])
    assert 32 in rules.actions(s, me)
    do(s, 32)
    assert "done" not in rules.actions(s, me)  # 10.32: cannot end its move in a port
    assert 40 in rules.actions(s, me)
    do(s, 40)
    assert f["hex"] == 40 and f["mp"] == 3
    rules.invariants(s)
