"""Viktory II victory conditions chosen at setup (5.0-5.5, combinable) and the variants 16.1, 16.2,
16.7, plus the house round limit (not in the rulebook)."""
import pytest

from engine.viktory import GAME, data, geometry, pieces, rules, scenario
from play_helpers import rig_dice
from tests.test_viktory_naval import do, sea_war


def test_5_0_options_are_checked():
    with pytest.raises(ValueError):
        rules.setup(1, {"players": 2, "race": "yes"})
    assert GAME.check_options({})["round_limit"] == data.DEFAULT_ROUND_LIMIT
    assert rules.roles(GAME.default_options()) == ["Red", "Yellow"]


def test_5_5_doomsday_clock_starts_with_the_first_city_captured_and_ends_the_game():
    s, me, them = sea_war(doomsday=True)
    do(s, "end_turn", "end_turn")
    assert s["doomsday"] == [] and not any("Doomsday" in line for line in s["log"])  # not started
    s["cities_captured"] = 1
    rig_dice(s, [1])  # them: a '1' at the beginning of the turn
    do(s, "end_turn")
    assert s["doomsday"] == [them] and rules.result(s) is None
    rig_dice(s, [4])
    do(s, "end_turn")  # me: no effect
    assert s["doomsday"] == [them]
    do(s, "end_turn")  # them: already has a coin, rolls no more
    assert s["doomsday"] == [them]
    rig_dice(s, [1])
    do(s, "end_turn")
    res = rules.result(s)
    assert res and "Doomsday" in res["summary"] and "5.5" in res["summary"]
    assert res["winners"] == [me]  # me 5 points (Capital 1 + two Cities), them 3


def test_5_4_race_combined_with_5_3_shorter_conquest():
    s, me, them = sea_war(race=True, shorter=True)
    adj = geometry.neighbours(5)
    for _ in range(5):  # 5 more Cities: 5 + 10 = 15 points, 16 needed with 2 players
        h = next(h for h in range(61) if s["terrain"][h] in data.LAND and s["sites"][h] is None
                 and not any(s["sites"][n] for n in adj[h]))
        scenario.add_site(s, me, h, kind="city")
    assert pieces.empire_points(s, me) == 15
    do(s, "end_movement")
    assert rules.result(s) is None
    do(s, next(a for a in rules.actions(s, me) if type(a) is int))  # a Town: 16 (5.4: any point)
    res = rules.result(s)
    assert res["winners"] == [me] and "Race" in res["summary"]


def test_16_1_terrain_leveling_no_slow_terrain_and_no_terrain_dice():
    s, me, them = sea_war(leveling=True)
    scenario.set_terrain(s, 30, "forest")
    a = scenario.put(s, me, "infantry", 29)
    do(s, ["unit", a["id"]], 30)
    assert a["mp"] == 1  # 10.12 does not apply
    s2, me2, them2 = sea_war()
    scenario.set_terrain(s2, 30, "forest")
    b = scenario.put(s2, me2, "infantry", 29)
    do(s2, ["unit", b["id"]], 30)
    assert b["mp"] == 0


def test_16_2_no_exploration_sets_the_map_face_up():
    s = rules.setup(4, {"players": 3, "face_up": True})
    assert all(t is not None for t in s["terrain"])
    rules.invariants(s)


def test_16_7_frigate_options_eight_mps_and_landing_does_not_end_movement():
    s, me, them = sea_war(frigates=True)
    f = scenario.put(s, me, "frigate", 21, mp=8)
    a = scenario.put(s, me, "infantry", 29)
    do(s, ["unit", f["id"]], ["embark", a["id"]])
    assert f["mp"] == 7  # 1 MP per unit embarked
    do(s, ["land", 20])
    assert f["mp"] == 6 and s["selected"] == f["id"]  # movement goes on
    assert 22 in rules.actions(s, me)
    rules.invariants(s)


def test_house_round_limit_is_labelled_as_not_in_the_rulebook():
    s, me, them = sea_war(round_limit=30)
    s["round"] = 30
    do(s, "end_turn", "end_turn")
    assert "not in the rulebook" in rules.result(s)["summary"]


def test_16_6_metropolis_upgrade_support_defence_and_points():
    from engine.viktory import combat
    s, me, them = sea_war(metropolis=True)
    # hex 13 (a Forest City) touches water 21 and plains/grassland; no mountain yet: not offered
    do(s, "end_movement")
    assert 13 not in rules.actions(s, me)
    s2, me2, them2 = sea_war(metropolis=True)
    scenario.set_terrain(s2, 12, "mountain")  # now all five types around 13
    do(s2, "end_movement")
    assert 13 in rules.actions(s2, me2) and "Metropolis" in rules.action_label(s2, 13)
    do(s2, 13)
    assert s2["sites"][13]["kind"] == "metropolis" and s2["phase"] == "reserve"
    assert pieces.supported_units(s2, me2)["frigate"] == 2  # Forest: 1 Infantry + 2 Frigates
    assert pieces.empire_points(s2, me2) == 6  # Capital Town 1 + Plains City 2 + Metropolis 3
    b = {"hex": 13, "defender": me2, "naval": False}
    assert combat.defensive_terrain_dice(s2, b) == data.METROPOLIS_DEFENCE_DICE
    rules.invariants(s2)
    # without the variant, a City is never upgraded further
    s3, me3, _ = sea_war()
    scenario.set_terrain(s3, 12, "mountain")
    do(s3, "end_movement")
    assert 13 not in rules.actions(s3, me3)


def test_16_4_luck_averaging_pairs_of_dice_for_sure_hits():
    s, me, them = sea_war(luck=True)
    a = scenario.put(s, me, "infantry", 31)
    b = scenario.put(s, me, "infantry", 39)
    for _ in range(2):
        scenario.put(s, them, "infantry", 40)
    do(s, ["unit", a["id"]], 40, ["unit", b["id"]], 40, ["battle", 40])
    # the attacker has 2 dice (one type, two hex sides): roll both, or give up the pair for a hit
    assert rules.active(s) == [me] and rules.actions(s, me) == [["average", 0], ["average", 1]]
    rig_dice(s, [6])  # the defender's single die (Infantry on plains)
    do(s, ["average", 1])
    # 1 sure hit on 2 defenders: the defender has 1 die, nothing to average; no more choices
    assert pieces.units_at(s, 40) and len([u for u in pieces.units_at(s, 40) if u["owner"] == them]) == 1
    assert any("16.4" in line for line in s["log"])
    assert rules.actions(s, me) == ["continue", "retreat"]
    rules.invariants(s)


def test_16_4_the_defender_chooses_too():
    s, me, them = sea_war(luck=True)
    scenario.set_terrain(s, 40, "mountain")
    a = scenario.put(s, me, "infantry", 31)
    for _ in range(2):
        scenario.put(s, them, "infantry", 40)
    do(s, ["unit", a["id"]], 40)
    rig_dice(s, [6])  # the attacker's single die misses
    do(s, ["battle", 40])
    # the defender: 1 (Infantry) + 2 (Mountain) = 3 dice: one pair may be given up
    assert rules.active(s) == [them] and rules.actions(s, them) == [["average", 0], ["average", 1]]
    rig_dice(s, [6])
    do(s, ["average", 1])
    assert a["hex"] is None  # the sure hit took the lone attacker
    rules.invariants(s)


def test_16_5_town_city_relocation():
    s, me, them = sea_war(relocation=True)
    do(s, "end_movement")
    assert ["move_site", 16] in rules.actions(s, me) and ["move_site", 38] not in rules.actions(s, me)
    scenario.set_terrain(s, 24, "grassland")
    do(s, ["move_site", 16])  # the Plains City (3 Infantry, all in the Reserve) is taken down
    assert s["sites"][16] is None and s["phase"] == "rebuild"
    assert rules.actions(s, me) == [9, 15, 23, 24]  # the land next to 16 (10 and 17 are water)
    do(s, 24)
    assert s["sites"][24] == {"owner": me, "kind": "city"} and s["phase"] == "reserve"
    assert pieces.supported_units(s, me)["cavalry"] == 1  # rebuilt on Grassland: 1 I + 1 C (9.2)
    rules.invariants(s)


def _first_legal_opening(s):
    """Plays the 4.0 opening turns with the first legal click (Capital, second Town or skip)."""
    while s["empires"] and s["round"] == 0:
        role = rules.active(s)[0]
        do(s, rules.actions(s, role)[0])


def test_16_3_immediate_empires_start_face_up_and_build_without_moving():
    s = rules.setup(3, {"players": 2, "immediate": True})
    assert all(t is not None for t in s["terrain"])  # 16.3: "First setup an explored map"
    _first_legal_opening(s)
    first, second = s["order"]
    # 16.3: "players take turns doing everything except moving and attacking with units"
    assert s["current"] == first and s["phase"] == "build" and s["empires"]
    legal = rules.actions(s, first)
    assert legal[-1] == "concede"  # 5.1: a player may concede, in these turns too
    assert legal[:-1] and all(type(a) is int for a in legal[:-1])  # no unit to move, no ending the phase unbuilt
    assert "16.3" in rules.view(s, first)["prompt"]
    infantry = pieces.unit_counts(s, first)["infantry"]
    town = next(a for a in legal if s["sites"][a] is None)
    do(s, town)
    assert pieces.unit_counts(s, first)["infantry"] == infantry + 1  # 8.4: a Town provides 1 Infantry
    assert "end_building" in rules.actions(s, first)  # 8.2: one or two Towns; a second is optional
    do(s, "end_building")
    assert s["phase"] == "reserve"
    do(s, "infantry")
    assert town in rules.actions(s, first)  # 14.11: one Infantry may be placed in a Town
    do(s, town)
    assert [u["owner"] for u in pieces.units_at(s, town)] == [first]
    do(s, "end_turn")
    assert s["current"] == second and s["phase"] == "build" and s["empires"]
    rules.invariants(s)


def test_16_3_the_first_player_unable_to_build_moves_first_then_normal_turns():
    s = scenario.empty_game(2, seed=5, immediate=True)
    me, them = s["order"]
    for h in range(61):
        if h not in geometry.perimeter(5):
            scenario.set_terrain(s, h, "plains" if h in (7, 9, 44, 51) else "water")
    scenario.add_site(s, me, 51, kind="city", capital=True)  # no Town to upgrade, no land 2-3 away
    scenario.add_site(s, them, 7, capital=True)  # hex 9 is two hexes away: a Town site (8.2.1)
    inf = scenario.put(s, me, "infantry", 51)
    s["empires"] = True
    s["phase"] = "reserve"  # me ends an Immediate Empire turn
    do(s, "end_turn")
    assert s["current"] == them and s["phase"] == "build" and rules.actions(s, them) == [7, 9, "concede"]
    do(s, 9, "end_turn")
    # me: neither a Town site nor a Town to upgrade: the first player to take a normal turn
    assert not s["empires"] and s["current"] == me and s["order"] == [me, them]
    assert s["phase"] == "move" and ["unit", inf["id"]] in rules.actions(s, me)  # "may immediately move"
    assert any("16.3" in line for line in s["log"])
    do(s, "end_turn")
    assert s["current"] == them and s["phase"] == "move"  # every other player: normal turns
    rules.invariants(s)
