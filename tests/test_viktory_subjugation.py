"""Viktory II Subjugation (rulebook 16.8) and its victory conditions (5.2 / 16.86, 16.87)."""
from engine.viktory import geometry, movement, pieces, rules, scenario
from play_helpers import rig_dice
from tests.test_viktory_naval import do, sea_war


def three_way():
    """3 players on the 91-hex map, plains and grassland: me Capital 45, them Capital 47, a third player's
    Capital far away (8); them is my Vassal."""
    s = scenario.empty_game(3, seed=4, subjugation=True)
    me, them, third = s["order"]
    for h in range(91):
        if h not in geometry.perimeter(6):
            scenario.set_terrain(s, h, ("plains", "grassland")[h % 2])
    scenario.add_site(s, me, 45, capital=True)
    scenario.add_site(s, them, 47, capital=True)
    scenario.add_site(s, third, 8, capital=True)
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
    assert not movement.may_enter(s, 39, them)  # no stopping there: that would be an attack
    u["mp"] = 1  # 16.84: entering 39 with no MP left to move on would mean stopping there
    assert 39 not in movement.destinations(s, u)
    s["restrained"] = False
    assert 39 not in movement.destinations(s, u)  # still a Vassal: no attack on the Ruler
    s["rulers"] = {}
    assert 39 in movement.destinations(s, u)


def test_16_85_a_ruler_attacking_his_vassal_frees_him():
    s, me, them, third = three_way()
    a = scenario.put(s, me, "infantry", 46)
    scenario.put(s, them, "infantry", 56)
    do(s, ["unit", a["id"]], 56)  # 16.84: "A Ruler may engage in Battle against ... his Vassal"
    assert a["mp"] == 1 and "Vassal" in rules.action_label(s, "done")  # he could move on through it
    do(s, "done")  # 16.84: "if his military units stop in the same hex ... an immediate Battle ensues"
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


def take_capital_47():
    """Me (Capital 45) takes their empty Capital (47) from 46 with one Infantry; no Vassals yet."""
    s, me, them, third = three_way()
    s["rulers"] = {}
    a = scenario.put(s, me, "infantry", 46)
    do(s, ["unit", a["id"]], 47)
    rig_dice(s, [6, 6])  # 1 attacker die, 1 Town die: both miss; no defenders: captured (13.3 step 4)
    do(s, ["battle", 47])
    assert s["rulers"] == {them: me} and s["relocate"] == {"hex": 47, "by": me}
    return s, me, them, third, a


def test_16_82_relocating_into_another_players_hex_a_battle_ensues_before_the_vassal_reinforces():
    s, me, them, third, a = take_capital_47()
    t = scenario.put(s, third, "infantry", 48)
    assert rules.actions(s, me) == [36, 37, 46, 48, 57, 58]  # "any adjacent hex(es) of his choice"
    assert "Battle ensues" in rules.action_label(s, 48)
    rig_dice(s, [1, 6])  # the relocation Battle: my '1' (tactical victory) hits, their die misses
    do(s, 48)  # no click to start it: "a battle immediately ensues"
    assert t["hex"] is None and a["hex"] == 48 and 48 in s["battled"]
    assert any("relocates to hex 48 (16.82) — a Battle ensues" in line for line in s["log"])
    assert s["relocate"] is None and rules.active(s) == [them]  # then the Vassal reinforces
    assert s["rulers"] == {them: me}  # a Battle against a third player leaves the Alliance alone
    rules.invariants(s)


def test_16_82_a_relocation_battle_against_the_vassal_frees_him_and_he_still_reinforces():
    s, me, them, third, a = take_capital_47()
    v = scenario.put(s, them, "infantry", 48)
    rig_dice(s, [6, 6])  # both miss: a second round is needed
    do(s, 48)
    assert s["rulers"] == {} and any("no longer a Vassal" in line for line in s["log"])  # 16.85 #1
    # the only hex used to enter was the Capital, his no more: no retreat (13.3 step 3)
    assert rules.active(s) == [me] and rules.actions(s, me) == ["continue"]
    assert rules.view(s, me)["prompt"].endswith("fight another round (no hex to retreat into) (13.3 step 3)")
    rig_dice(s, [6, 1])
    do(s, "continue")
    assert a["hex"] is None and v["hex"] == 48
    # "Even if the Ruler immediately breaks the forced Alliance ... the Vassal still gets to reinforce"
    # (his one Infantry is on the map: nothing to place but "done")
    assert rules.active(s) == [them] and rules.actions(s, them) == ["done"]
    rules.invariants(s)


def test_16_84_a_vassal_moves_through_alliance_hexes_as_in_the_rulebook_example():
    """16.84 example: a Vassal's Cavalry uses 1 MP to move from his City to his Ruler's City three
    hexes away by road, 1 MP into an adjacent Mountain hex holding an Alliance unit, and its last
    MP into an enemy City to fight a Battle."""
    s = scenario.empty_game(3, seed=4, subjugation=True)
    me, them, third = s["order"]
    for h in range(91):
        if h not in geometry.perimeter(6):
            scenario.set_terrain(s, h, "mountain" if h == 10 else ("plains", "grassland")[h % 2])
    scenario.add_site(s, me, 17, kind="city", capital=True)  # the Ruler's City
    scenario.add_site(s, them, 47, kind="city", capital=True)  # the Vassal's Grassland City (a Cavalry)
    scenario.add_site(s, third, 11, kind="city", capital=True)  # the enemy City
    scenario.put(s, me, "infantry", 10)  # the Alliance unit in the Mountain hex
    s["rulers"] = {them: me}
    do(s, "end_turn")  # the Vassal's turn
    cav = scenario.put(s, them, "cavalry", 47)
    assert geometry.distance(6, 47, 17) == 3
    do(s, ["unit", cav["id"]], 17)  # by road (10.13) onto the Ruler's City
    assert cav["mp"] == 2 and s["selected"] == cav["id"]
    assert "done" not in rules.actions(s, them) and 10 in rules.actions(s, them)  # cannot stop there
    assert "move on (16.84)" in rules.view(s, them)["prompt"]
    do(s, 10)
    assert cav["mp"] == 1 and "done" not in rules.actions(s, them)
    rules.invariants(s)  # two players in one hex while moving through it
    do(s, 11)
    assert cav["mp"] == 0 and s["attacks"] == [[11, 10, cav["id"]]] and ["battle", 11] in rules.actions(s, them)


def test_16_84_alliance_units_help_across_slow_terrain():
    s, me, them, third = three_way()
    scenario.set_terrain(s, 56, "mountain")
    scenario.put(s, me, "infantry", 56)  # the Ruler's unit in a Mountain hex
    do(s, "end_turn")  # them, my Vassal
    inf = scenario.put(s, them, "infantry", 57)
    do(s, ["unit", inf["id"]], 56)
    assert inf["mp"] == 1 and 55 in rules.actions(s, them)  # 10.12 does not stop it (16.84)
    do(s, 55)
    assert inf["hex"] == 55 and s["selected"] is None


def test_16_84_a_ruler_moves_through_his_vassal_then_a_stop_commits_him_16_85_note():
    s, me, them, third = three_way()
    scenario.add_site(s, me, 62, kind="city")  # a Plains City: 3 Infantry
    scenario.add_site(s, them, 53, kind="city")  # a Grassland City: a second Infantry
    scenario.put(s, them, "infantry", 56)
    scenario.put(s, them, "infantry", 36)
    a = scenario.put(s, me, "infantry", 46)
    do(s, ["unit", a["id"]], 56, 66)  # "without effect": through the Vassal's hex and on
    assert a["hex"] == 66 and s["attacks"] == [] and s["rulers"] == {them: me}
    b = scenario.put(s, me, "infantry", 46)
    do(s, ["unit", b["id"]], 56, "done")  # stops in the Vassal's hex: a Battle there
    assert s["attacks"] == [[56, 46, b["id"]]]
    # 16.85 note: the Alliance movement serves a single attack; his other hexes are enemy hexes now
    c = scenario.put(s, me, "infantry", 35)
    do(s, ["unit", c["id"]], 36)
    assert c["mp"] == 0 and [36, 35, c["id"]] in s["attacks"]


def test_16_82_16_84_vassal_frigates_avoid_alliance_frigates_and_take_the_nearest_free_water():
    s, me, them, third = three_way()
    for h in (36, 37, 26):
        scenario.set_terrain(s, h, "water")  # 36 and 37 touch their Capital (47); 26 is two away
    for h in (62, 64):
        scenario.add_site(s, me, h, kind="city", terrain="forest")  # a Frigate each
    scenario.put(s, me, "frigate", 36)
    scenario.put(s, me, "frigate", 37)
    assert geometry.distance(6, 47, 26) == 2
    assert rules.reserves.frigate_waters(s, them, 47) == [26]  # 16.84: the nearest free water
    s["rulers"] = {}
    assert rules.reserves.frigate_waters(s, them, 47) == [36, 37]  # 14.5: enemies' water is allowed


def test_16_82_a_vassal_frigate_placed_among_enemy_frigates_fights_at_once_14_5():
    s, me, them, third = three_way()
    scenario.set_terrain(s, 36, "water")  # next to their Capital (47)
    scenario.add_site(s, them, 53, kind="city", terrain="forest")  # their Frigate, in the Reserve
    scenario.add_site(s, third, 73, kind="city", terrain="forest")
    enemy = scenario.put(s, third, "frigate", 36)
    s["rulers"] = {}
    a = scenario.put(s, me, "infantry", 46)
    do(s, ["unit", a["id"]], 47)
    rig_dice(s, [6, 6])
    do(s, ["battle", 47], 46)  # captured; my Infantry relocates back to 46
    assert rules.active(s) == [them] and 36 in rules.actions(s, them)
    rig_dice(s, [1, 6])  # the Vassal (attacker) hits with a '1'; the enemy Frigate misses
    do(s, 36)  # "a battle immediately ensues as per the Frigate Placement Naval Battle rule"
    assert enemy["hex"] is None and [u["owner"] for u in pieces.units_at(s, 36)] == [them]
    assert rules.active(s) == [them] and rules.actions(s, them) == ["infantry", "done"]  # it goes on
    rules.invariants(s)


def test_5_5_a_capital_city_captured_under_16_8_starts_the_doomsday_clock():
    s, me, them = sea_war(subjugation=True, doomsday=True)
    s["sites"][52]["kind"] = "city"  # their Capital becomes a Plains City: 2 more Infantry (9.2)
    pieces.add_to_reserve(s, them, {"infantry": 2})
    a = scenario.put(s, me, "infantry", 46)
    b = scenario.put(s, me, "infantry", 51)
    do(s, ["unit", a["id"]], 52, ["unit", b["id"]], 52)
    rig_dice(s, [6, 6, 6, 6])  # 2 attacker dice (two sides), 2 City dice: all miss; captured
    do(s, ["battle", 52])
    assert s["rulers"] == {them: me}  # 16.81: "when a capital is captured"
    assert s["cities_captured"] == 1  # 5.5: "Once the first City ... has been captured"


def _take_capital(s, role, target):
    """role's Infantry next to the empty Capital `target` takes it (1 die and 1 Town die, both miss)
    and relocates to the first hex offered."""
    near = next(n for n in geometry.neighbours(s["side"])[target]
                if s["terrain"][n] != "water" and s["sites"][n] is None and not pieces.units_at(s, n))
    u = scenario.put(s, role, "infantry", near)
    do(s, ["unit", u["id"]], target)
    rig_dice(s, [6, 6])
    do(s, ["battle", target])
    while s["relocate"] is not None:
        do(s, rules.actions(s, role)[0])


def test_16_85_2_a_ruler_who_loses_his_capital_frees_his_vassals():
    s, me, them, third = three_way()
    do(s, "end_turn", "end_turn")  # on to the third player
    _take_capital(s, third, 45)
    assert s["rulers"] == {me: third}  # them is free; me is the third player's Vassal
    assert any(f"{them} is no longer a Vassal (its Ruler {me} lost his Capital" in line for line in s["log"])


def test_16_85_3_a_vassal_who_takes_a_capital_is_free_and_a_ruler():
    s, me, them, third = three_way()
    do(s, "end_turn")  # their turn: a Vassal, not restrained
    _take_capital(s, them, 8)
    assert s["rulers"] == {third: them}
    assert s["vassals_made"][them] == [third]


def test_16_82_10_2_a_relocating_unit_reveals_the_hexes_around_it():
    s, me, them, third, a = take_capital_47()
    s["pile"].append(s["terrain"][26])
    s["terrain"][26] = None  # face down, next to 36 (not to 47)
    do(s, 36)
    assert a["hex"] == 36 and s["terrain"][26] is not None  # 10.2: "When a military unit enters a hex"
    rules.invariants(s)


def test_16_84_on_the_turn_of_subjugation_the_ruler_moves_through_the_new_vassals_capital():
    """16.84: "A Ruler may move *through* hexes containing his Vassal's military units, Towns or
    Cities without effect", the Capital he has just taken included (moving through is no Battle);
    stopping there would be a second Battle in that hex this turn, which 13.2 forbids."""
    s, me, them, third, a = take_capital_47()
    do(s, 46)  # 16.82: the Ruler's Infantry relocates back to 46
    assert rules.active(s) == [them]
    do(s, "infantry")  # the Vassal reinforces his Capital
    assert rules.active(s) == [me] and 47 in s["battled"]
    scenario.add_site(s, me, 62, kind="city")  # a Plains City: Infantry for the test
    b = scenario.put(s, me, "infantry", 46)
    do(s, ["unit", b["id"]])
    assert 47 in rules.actions(s, me)
    do(s, 47)
    assert b["mp"] == 1 and "done" not in rules.actions(s, me) and 48 in rules.actions(s, me)
    rules.invariants(s)
    do(s, 48)
    assert b["hex"] == 48 and s["attacks"] == [] and s["rulers"] == {them: me}
    b["mp"] = 1  # with a single MP it could only stop in 47: not offered
    b["hex"] = 46
    do(s, ["unit", b["id"]]) if ["unit", b["id"]] in rules.actions(s, me) else None
    assert 47 not in movement.destinations(s, b)
    rules.invariants(s)


def test_16_84_a_rulers_frigate_moves_through_a_vassals_frigate_in_a_hex_fought_over_this_turn():
    s, me, them, third = three_way()
    for h in (36, 37, 38):
        scenario.set_terrain(s, h, "water")
    scenario.add_site(s, me, 62, kind="city", terrain="forest")  # a Frigate each
    scenario.add_site(s, them, 64, kind="city", terrain="forest")
    f = scenario.put(s, me, "frigate", 36)
    scenario.put(s, them, "frigate", 37)
    s["battled"].append(37)  # a Naval Battle was fought at 37 this turn, before them became my Vassal
    do(s, ["unit", f["id"]])
    assert 37 in rules.actions(s, me)
    do(s, 37)
    assert "done" not in rules.actions(s, me) and 38 in rules.actions(s, me)  # 13.2: no stop, no Battle
    do(s, 38)
    assert f["hex"] == 38 and s["attacks"] == [] and s["rulers"] == {them: me}
    rules.invariants(s)
