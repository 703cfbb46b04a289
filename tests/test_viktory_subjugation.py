"""Viktory II Subjugation (rulebook 16.8) and its victory conditions (5.2 / 16.86, 16.87)."""
from engine.viktory import geometry, movement, pieces, rules, scenario
from play_helpers import rig_dice
from tests.test_viktory_naval import do, sea_war


def three_way():
    """3 players on the 91-hex map, plains and grassland: me Capital 45, them Capital 47, a third player's
    Capital far away (20); them is my Vassal."""
    s = scenario.empty_game(3, seed=4, subjugation=True)
    me, them, third = s["order"]
    for h in range(91):
        if h not in geometry.perimeter(6):
            scenario.set_terrain(s, h, ("plains", "grassland")[h % 2])
    scenario.add_site(s, me, 45, capital=True)
    scenario.add_site(s, them, 47, capital=True)
    scenario.add_site(s, third, 20, capital=True)
    s["rulers"] = {them: me}
    return s, me, them, third


def take_their_capital(**options):
    """Me attacks their empty Capital (52, plains) from 46 and 51 and takes it."""
    s, me, them = sea_war(subjugation=True, **options)
    a = scenario.put(s, me, "infantry", 46)
    b = scenario.put(s, me, "infantry", 51)
    do(s, ["unit", a["id"]], 52, ["unit", b["id"]], 52)
    rig_dice(s, [6, 6, 5])  # 2 attacker dice (two sides), 1 Town die: all miss; no defenders: captured
    do(s, ["battle", 52])
    return s, me, them, a, b


def test_16_81_the_loser_becomes_a_vassal_and_keeps_his_capital():
    s, me, them, a, b = take_their_capital()
    assert s["rulers"] == {them: me}
    assert s["sites"][52]["owner"] == them and pieces.has_capital(s, them)  # 16.82: remains his
    assert s["capitals_captured"] == [[them, me]]
    # 16.82: the Ruler relocates his units, one click each where there is a choice
    assert rules.active(s) == [me] and s["relocate"] == {"hex": 52, "by": me}
    while s["relocate"] is not None:
        do(s, rules.actions(s, me)[0])
    assert a["hex"] != 52 and b["hex"] != 52
    # then the Vassal may reinforce his Capital from the Reserve
    assert rules.active(s) == [them] and "infantry" in rules.actions(s, them)
    do(s, "infantry", "done")
    assert [u["owner"] for u in pieces.units_at(s, 52)] == [them]
    assert rules.result(s) is not None  # 5.2: his only rival is his Vassal
    assert "5.2" in rules.result(s)["summary"] and rules.result(s)["winners"] == [me]
    rules.invariants(s)


def test_16_83_16_84_a_vassal_may_not_attack_the_alliance_and_no_attack_next_turn():
    s, me, them = sea_war(subjugation=True)
    s["rulers"] = {them: me}
    s["no_attack"] = [them]
    do(s, "end_turn")  # their turn: restrained (16.83) and a Vassal (16.84)
    assert s["current"] == them and s["restrained"]
    u = scenario.put(s, them, "infantry", 47)
    scenario.put(s, me, "infantry", 39)  # my unit next to theirs
    assert not movement.may_enter(s, 39, them) and 39 not in movement.destinations(s, u)
    s["restrained"] = False
    assert 39 not in movement.destinations(s, u)  # still a Vassal: no attack on the Ruler
    s["rulers"] = {}
    assert 39 in movement.destinations(s, u)


def test_16_85_a_ruler_attacking_his_vassal_frees_him():
    s, me, them, third = three_way()
    a = scenario.put(s, me, "infantry", 46)
    scenario.put(s, them, "infantry", 56)
    do(s, ["unit", a["id"]], 56)  # 16.84: "A Ruler may engage in Battle against ... his Vassal"
    rig_dice(s, [6, 6])
    do(s, ["battle", 56])
    assert s["rulers"] == {}
    assert any("no longer a Vassal" in line for line in s["log"])


def test_16_84_alliance_units_do_not_besiege():
    s, me, them, third = three_way()
    scenario.put(s, them, "infantry", 46)  # next to my Capital (45)
    do(s, "end_movement", "end_building", "infantry")
    assert 45 in rules.actions(s, me)
    s["rulers"] = {}
    assert rules.reserves._besieged(s, me, 45)


def test_16_87_two_vassals_without_losing_the_capital():
    s, me, them, third = three_way()
    s["options"]["alliance_two"] = True
    s["vassals_made"] = {me: [them]}
    do(s, "end_movement")
    assert rules.result(s) is None
    s["vassals_made"] = {me: [them, third]}
    do(s, "end_building")
    assert rules.result(s)["winners"] == [me] and "16.87" in rules.result(s)["summary"]
