"""Viktory II combat (rulebook 11.0-13.5, 15.0, 5.3) with rigged (seeded) dice."""
import pytest

from engine.viktory import GAME, combat, geometry, pieces, rules, scenario

from play_helpers import player, rig_dice


do = player(GAME)


def reveal_all(s):
    for h in range(61):
        if h not in geometry.perimeter(5):
            scenario.set_terrain(s, h, "plains" if h % 2 == 0 else "grassland")


def war(my_capital=30, their_capital=52):
    s = scenario.empty_game(2, seed=9)
    me, them = s["order"]
    reveal_all(s)
    scenario.add_site(s, me, my_capital, capital=True)
    scenario.add_site(s, them, their_capital, capital=True)
    return s, me, them


def test_11_1_bombard_hits_on_3_or_less_and_12_1_no_return_fire():
    for die, hit in [(3, True), (4, False)]:
        s, me, them = war()
        scenario.add_site(s, me, 32, kind="city", terrain="mountain")  # an Artillery (9.2)
        art = scenario.put(s, me, "artillery", 39)
        scenario.add_site(s, them, 54)
        scenario.put(s, them, "infantry", 47)  # adjacent to 39
        rig_dice(s, [die])
        do(s, ["unit", art["id"]], ["bombard", 47])
        assert (pieces.units_at(s, 47) == []) == hit
        assert art["hex"] == 39 and art["mp"] == 0 and art["attacked"]  # 11.8: movement ends
        rules.invariants(s)


def test_11_2_combat_supply_hits_on_4_or_less():
    s, me, them = war()
    for h, t in [(32, "mountain"), (13, "forest"), (16, "plains"), (46, "grassland")]:
        scenario.add_site(s, me, h, kind="city", terrain=t)
    s["sites"][52] = None
    s["capitals"][them] = None
    for u in [u for u in s["units"] if u["owner"] == them]:
        s["units"].remove(u)
    scenario.add_site(s, them, 54, capital=True)
    assert pieces.combat_supply(s, me) and combat.threshold(s, me) == 4
    assert combat.threshold(s, them) == 3


def test_11_1_tactical_victory_lets_the_firing_player_choose():
    s, me, them = war()
    scenario.add_site(s, me, 32, kind="city", terrain="mountain")
    art = scenario.put(s, me, "artillery", 39)
    scenario.add_site(s, them, 48, kind="city", terrain="grassland")
    scenario.put(s, them, "infantry", 47)
    scenario.put(s, them, "cavalry", 47)
    rig_dice(s, [1])
    do(s, ["unit", art["id"]], ["bombard", 47])
    assert rules.active(s) == [me] and rules.actions(s, me) == ["infantry", "cavalry"]
    do(s, "cavalry")
    assert [u["type"] for u in pieces.units_at(s, 47)] == ["infantry"]
    # a '2' is a hit whose casualty the target chooses
    s, me, them = war()
    scenario.add_site(s, me, 32, kind="city", terrain="mountain")
    art = scenario.put(s, me, "artillery", 39)
    scenario.add_site(s, them, 48, kind="city", terrain="grassland")
    scenario.put(s, them, "infantry", 47)
    scenario.put(s, them, "cavalry", 47)
    rig_dice(s, [2])
    do(s, ["unit", art["id"]], ["bombard", 47])
    assert rules.active(s) == [them]
    do(s, "infantry")
    assert rules.active(s) == [me] and [u["type"] for u in pieces.units_at(s, 47)] == ["cavalry"]
    rules.invariants(s)


def test_13_3_attacker_dice_one_per_type_plus_one_per_extra_side():
    s, me, them = war()
    scenario.add_site(s, me, 32, kind="city", terrain="grassland")
    b = {"hex": 40, "attacker": me, "defender": them, "naval": False}
    inf = scenario.put(s, me, "infantry", 40)
    inf2 = scenario.put(s, me, "infantry", 40)
    cav = scenario.put(s, me, "cavalry", 40)
    s["attacks"] = [[40, 31, inf["id"]], [40, 31, inf2["id"]], [40, 32, cav["id"]]]
    assert combat.attacker_dice(s, b) == 2 + 1  # two unit types, two hex sides


@pytest.mark.parametrize("terrain,kind,dice", [("plains", None, 0), ("forest", None, 1), ("mountain", None, 2),
                                               ("plains", "town", 1), ("plains", "city", 2),
                                               ("mountain", "town", 2), ("forest", "city", 2)])
def test_13_3_step_2_defensive_terrain_dice_not_cumulative(terrain, kind, dice):
    s, me, them = war()
    scenario.set_terrain(s, 40, terrain)
    if kind:
        scenario.add_site(s, them, 40, kind=kind)
    b = {"hex": 40, "attacker": me, "defender": them, "naval": False}
    assert combat.defensive_terrain_dice(s, b) == dice


def test_13_3_lost_capital_penalty_city_gives_one_die():
    s, me, them = war()
    scenario.add_site(s, them, 40, kind="city")
    s["capitals"][them] = 44  # not held
    assert combat.defensive_terrain_dice(s, {"hex": 40, "attacker": me, "defender": them, "naval": False}) == 1


def test_13_3_naval_support_and_13_31_suppression():
    s, me, them = war()
    scenario.set_terrain(s, 41, "water")
    scenario.add_site(s, them, 40, kind="city", terrain="forest")  # Infantry + Frigate
    scenario.put(s, them, "infantry", 40)
    scenario.put(s, them, "frigate", 41)  # adjacent to 40
    b = {"hex": 40, "attacker": me, "defender": them, "naval": False}
    assert combat.naval_support(s, b) == 1
    assert combat.defender_dice(s, b, 0) == 1 + 1 + 2  # Infantry, Naval Support, City
    # 13.31: the excess hit suppresses the military die only, in a Town/City hex
    assert combat.defender_dice(s, b, 1) == 3 and combat.defender_dice(s, b, 5) == 3


def test_13_3_battle_capture_and_11_4_economics():
    s, me, them = war()
    scenario.add_site(s, me, 16, kind="city", terrain="plains")  # three more Infantry
    a1 = scenario.put(s, me, "infantry", 31)
    a2 = scenario.put(s, me, "infantry", 31)
    scenario.add_site(s, them, 40)  # an enemy Town next to 31
    scenario.put(s, them, "infantry", 40)
    do(s, ["unit", a1["id"]], 40, ["unit", a2["id"]], 40)
    assert "end_movement" not in rules.actions(s, me) and ["battle", 40] in rules.actions(s, me)
    # attacker: 1 die (Infantry, one side); defender: 1 (Infantry) + 1 (Town) = 2 dice
    rig_dice(s, [2, 5, 6])
    do(s, ["battle", 40])
    assert s["battle"] is None
    assert s["sites"][40] == {"owner": me, "kind": "town"}  # 13.3 step 4: captured
    assert pieces.sites_of(s, them) == [52]
    # 11.4: the loser eliminated the Town's Infantry (the casualty, from his Reserve); the winner gained one
    assert pieces.unit_counts(s, them)["infantry"] == 1
    assert len([u for u in pieces.reserve(s, me) if u["type"] == "infantry"]) == 3
    rules.invariants(s)


def test_13_3_empty_town_still_fights_one_round_with_its_terrain_dice():
    s, me, them = war()
    scenario.add_site(s, me, 16, kind="city", terrain="plains")
    a1 = scenario.put(s, me, "infantry", 31)
    scenario.add_site(s, them, 40, terrain="mountain")  # defended by 2 Mountain dice, no units
    do(s, ["unit", a1["id"]], 40)
    rig_dice(s, [6, 1, 5])  # attacker misses; defender's 1 kills the lone attacker
    do(s, ["battle", 40])
    assert s["sites"][40]["owner"] == them and a1["hex"] is None  # in the Reserve
    rules.invariants(s)


def test_13_3_step_3_attacker_may_retreat_and_13_2_no_second_battle():
    s, me, them = war()
    scenario.add_site(s, me, 16, kind="city", terrain="plains")
    a1 = scenario.put(s, me, "infantry", 31)
    scenario.add_site(s, them, 48, kind="city", terrain="plains")
    for _ in range(2):
        scenario.put(s, them, "infantry", 40)
    do(s, ["unit", a1["id"]], 40)
    rig_dice(s, [5, 6])  # both miss: 1 attacker die, 1 defender die (plains, no town)
    do(s, ["battle", 40])
    assert rules.actions(s, me) == ["continue", "retreat"]
    do(s, "retreat")
    assert a1["hex"] == 31 and s["battle"] is None  # back to the hex it entered from
    assert 40 in s["battled"]
    assert 40 not in rules.movement.destinations(s, a1)
    rules.invariants(s)


def test_13_3_step_0_pre_battle_artillery_fire():
    s, me, them = war()
    scenario.add_site(s, me, 32, kind="city", terrain="mountain")
    art = scenario.put(s, me, "artillery", 31)
    scenario.add_site(s, them, 54)
    scenario.put(s, them, "infantry", 47)
    do(s, ["unit", art["id"]], 40)  # plains, no enemy: just a move
    s2, me2, them2 = war()
    scenario.add_site(s2, me2, 32, kind="city", terrain="mountain")
    art = scenario.put(s2, me2, "artillery", 31)
    scenario.add_site(s2, them2, 54)
    scenario.put(s2, them2, "infantry", 40)
    do(s2, ["unit", art["id"]], 40)
    rig_dice(s2, [3])  # the artillery's pre-battle shot kills the only defender: outside a Town, over
    do(s2, ["battle", 40])
    assert s2["battle"] is None and art["hex"] == 40 and pieces.units_at(s2, 40) == [art]
    assert any("Pre-battle" in line for line in s2["log"])
    rules.invariants(s2)


def test_5_3_shorter_conquest_ends_when_the_first_capital_falls():
    s = scenario.empty_game(2, seed=9, shorter=True)
    me, them = s["order"]
    reveal_all(s)
    scenario.add_site(s, me, 30, capital=True)
    scenario.add_site(s, me, 16, kind="city", terrain="plains")
    scenario.add_site(s, them, 40, capital=True)  # an empty enemy Capital, plains Town
    scenario.add_site(s, them, 54)
    a = scenario.put(s, me, "infantry", 31)
    do(s, ["unit", a["id"]], 40)
    rig_dice(s, [6, 5])  # attacker misses, the Town's single die misses: the attacker survives
    do(s, ["battle", 40])
    res = rules.result(s)
    assert res is not None and res["winners"] == [me] and "Shorter Conquest" in res["summary"]
    assert not pieces.has_capital(s, them)


def test_13_31_suppression_also_cuts_16_7_naval_support_at_sea():
    # 13.31: suppression spares Naval Support dice only in a Town or City hex; at sea (16.7: a
    # Frigate gives Naval Support to other Frigates) every die of the defender may be suppressed
    from tests.test_viktory_naval import sea_war
    s, me, them = sea_war(frigates=True)
    pieces.add_to_reserve(s, them, {"frigate": 2})
    scenario.put(s, them, "frigate", 1)
    scenario.put(s, them, "frigate", 2)  # adjacent to hex 1: Naval Support (16.7)
    b = {"hex": 1, "attacker": me, "defender": them, "naval": True}
    assert combat.defender_dice(s, b, 0) == 2  # 1 Frigate die + 1 Naval Support die
    assert combat.defender_dice(s, b, 1) == 1
    assert combat.defender_dice(s, b, 2) == 0


def test_13_4_bombard_while_a_battle_waits_elsewhere():
    # 13.4: "Players may move, Bombard, and initiate Battles in any order"
    s, me, them = war()
    scenario.add_site(s, me, 32, kind="city", terrain="mountain")  # an Artillery (9.2)
    art = scenario.put(s, me, "artillery", 39, mp=0)  # it has moved already, and not attacked
    scenario.put(s, them, "infantry", 47)  # adjacent to 39
    inf = scenario.put(s, me, "infantry", 51)
    do(s, ["unit", inf["id"]], 52)  # into their Capital: a Battle waits there (13.0)
    assert combat.battle_hexes(s) == [52] and ["unit", art["id"]] in rules.actions(s, me)
    rig_dice(s, [1])
    do(s, ["unit", art["id"]], ["bombard", 47])
    assert pieces.units_at(s, 47) == [] and art["attacked"]


def test_13_32_one_frigate_supports_every_adjacent_battle_and_13_33_not_an_empty_hex():
    s, me, them = war()
    scenario.set_terrain(s, 41, "water")
    scenario.add_site(s, them, 40, kind="city", terrain="forest")  # Infantry + Frigate
    scenario.put(s, them, "frigate", 41)  # adjacent to 40 and 33 (and 48, 49)
    scenario.put(s, them, "infantry", 33)
    for h in (40, 33):  # 13.32: "every adjacent hex that is being attacked"
        assert combat.naval_support(s, {"hex": h, "attacker": me, "defender": them, "naval": False}) == 1
    # 13.33: no Naval Support to a hex with neither defending land units nor his Town or City
    assert 49 in geometry.neighbours(5)[41] and not pieces.units_at(s, 49) and s["sites"][49] is None
    assert combat.naval_support(s, {"hex": 49, "attacker": me, "defender": them, "naval": False}) == 0


def test_11_7_a_unit_that_battled_may_not_bombard():
    s, me, them = war()
    scenario.add_site(s, me, 32, kind="city", terrain="mountain")  # an Artillery (9.2)
    art = scenario.put(s, me, "artillery", 39)
    scenario.put(s, them, "infantry", 47)  # adjacent to 39 and to 46
    scenario.add_site(s, them, 54)
    scenario.put(s, them, "infantry", 46)
    do(s, ["unit", art["id"]], 46)
    rig_dice(s, [1, 6, 1, 6])  # pre-battle: my Artillery hits; round 1: my hit, their miss
    do(s, ["battle", 46])
    assert art["hex"] == 46 and art["attacked"] and rules.result(s) is None
    assert 47 in geometry.neighbours(5)[46] and combat.bombard_targets(s, art) == []  # 11.7: one attack
    assert ["unit", art["id"]] not in rules.actions(s, me)


def test_5_1_standard_conquest_when_the_last_rival_is_eliminated():
    s, me, them = war()  # their only Town is their Capital (52), its Infantry in the Reserve
    inf = scenario.put(s, me, "infantry", 51)
    do(s, ["unit", inf["id"]], 52)
    rig_dice(s, [6, 6])  # 1 attacker die, 1 Town die: both miss; no defenders: captured
    do(s, ["battle", 52])
    assert pieces.units_of(s, them) == [] and pieces.sites_of(s, them) == []  # 11.3: eliminated
    res = rules.result(s)
    assert res["winners"] == [me] and "5.1" in res["summary"]
