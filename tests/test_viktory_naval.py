"""Viktory II naval transport (rulebook 10.4), retreat choices (13.3 step 3), the loser's choice of
eliminated units (11.3), Redeployment (13.5) and the Frigate Placement Naval Battle (14.5)."""
from engine.viktory import GAME, geometry, pieces, rules, scenario

from play_helpers import player, rig_dice


do = player(GAME)


def sea_war(**options):
    """Me: Capital 38, Forest City 13 (a Frigate), Plains City 16; water at 21 and 22.
    Them: Capital 52, Plains City 48. Every other interior hex plains or grassland."""
    s = scenario.empty_game(2, seed=9, **options)
    me, them = s["order"]
    for h in range(61):
        if h not in geometry.perimeter(5):
            t = "water" if h in (21, 22) else "forest" if h == 13 else "plains" if h % 2 == 0 else "grassland"
            scenario.set_terrain(s, h, t)
    scenario.add_site(s, me, 38, capital=True)
    scenario.add_site(s, me, 13, kind="city")
    scenario.add_site(s, me, 16, kind="city")
    scenario.add_site(s, them, 52, capital=True)
    scenario.add_site(s, them, 48, kind="city")
    return s, me, them


def test_10_41_10_42_embark_up_to_three_then_10_46_land_in_one_hex():
    s, me, them = sea_war()
    f = scenario.put(s, me, "frigate", 21)
    inf = [scenario.put(s, me, "infantry", 29) for _ in range(4)]
    do(s, ["unit", f["id"]])
    assert [["embark", u["id"]] for u in inf] == [a for a in rules.actions(s, me) if isinstance(a, list) and a[0] == "embark"]
    do(s, *[["embark", u["id"]] for u in inf[:3]])  # 10.42: no MP cost
    assert f["mp"] == 5 and pieces.cargo(s, f["id"]) == inf[:3]
    assert not any(isinstance(a, list) and a[0] == "embark" for a in rules.actions(s, me))  # 10.41
    do(s, 22)
    assert all(u["hex"] is None and u["aboard"] == f["id"] for u in inf[:3])  # 10.45 cargo
    assert ["land", 31] in rules.actions(s, me) and ["land", 21] not in rules.actions(s, me)
    do(s, ["land", 31])
    assert all(u["hex"] == 31 and u["mp"] == 0 for u in inf[:3])  # 10.43: no move after
    assert f["mp"] == 0 and s["selected"] is None  # 10.46: ends the Frigate's movement
    assert ["unit", f["id"]] not in rules.actions(s, me)
    rules.invariants(s)


def test_10_43_units_that_moved_cannot_embark_and_10_45_cargo_stays_at_sea():
    s, me, them = sea_war()
    f = scenario.put(s, me, "frigate", 21)
    a = scenario.put(s, me, "infantry", 30)
    b = scenario.put(s, me, "infantry", 30)
    do(s, ["unit", a["id"]], 29, "done", ["unit", f["id"]])
    embarks = [x for x in rules.actions(s, me) if isinstance(x, list) and x[0] == "embark"]
    assert embarks == [["embark", b["id"]]]  # a moved already
    do(s, ["embark", b["id"]], "done", "end_turn")
    assert b["aboard"] == f["id"]
    do(s, "end_turn")  # the other player's turn
    assert s["current"] == me and b["aboard"] == f["id"] and b["mp"] == 0
    do(s, ["unit", f["id"]], ["land", 14])
    assert b["hex"] == 14
    rules.invariants(s)


def test_10_41_three_units_in_total_per_turn():
    s, me, them = sea_war()
    f = scenario.put(s, me, "frigate", 21)
    inf = [scenario.put(s, me, "infantry", 29) for _ in range(4)]
    do(s, ["unit", f["id"]], *[["embark", u["id"]] for u in inf[:3]], ["land", 20])
    assert pieces.cargo(s, f["id"]) == []
    do(s, ["unit", f["id"]]) if ["unit", f["id"]] in rules.actions(s, me) else None
    assert not any(isinstance(x, list) and x[0] == "embark" for x in rules.actions(s, me))


def test_10_47_amphibious_landing_then_13_3_retreat_aboard_the_frigate():
    s, me, them = sea_war()
    f = scenario.put(s, me, "frigate", 22)
    a = scenario.put(s, me, "infantry", 30)
    for _ in range(2):
        scenario.put(s, them, "infantry", 31)
    do(s, ["unit", f["id"]], ["embark", a["id"]], ["land", 31])
    assert ["battle", 31] in rules.actions(s, me) and s["attacks"] == [[31, 22, a["id"]]]
    rig_dice(s, [5, 6])  # 1 attacker die, 1 defender die (grassland, no Town): both miss
    do(s, ["battle", 31])
    assert rules.actions(s, me) == ["continue", "retreat"]
    do(s, "retreat")  # 13.3 step 3: "Land units can retreat by boarding adjacent Frigates"
    assert a["aboard"] == f["id"] and a["hex"] is None and s["battle"] is None
    rules.invariants(s)


def test_10_44_transported_artillery_may_not_bombard():
    s, me, them = sea_war()
    scenario.add_site(s, me, 33, kind="city", terrain="mountain")  # an Artillery (9.2)
    f = scenario.put(s, me, "frigate", 22)
    art = scenario.put(s, me, "artillery", 23)
    scenario.put(s, them, "infantry", 32)  # adjacent to 23 and to 31
    do(s, ["unit", f["id"]], ["embark", art["id"]], ["land", 31])
    assert art["hex"] == 31 and art["shipped"]
    assert ["unit", art["id"]] not in rules.actions(s, me)  # no Bombard from 31 (10.44)
    rules.invariants(s)


def test_13_3_attacker_chooses_the_retreat_hex_of_each_unit():
    s, me, them = sea_war()
    a = scenario.put(s, me, "infantry", 31)
    b = scenario.put(s, me, "infantry", 39)
    for _ in range(2):
        scenario.put(s, them, "infantry", 40)
    do(s, ["unit", a["id"]], 40, ["unit", b["id"]], 40)
    rig_dice(s, [6, 6, 6])  # 2 attacker dice (one type, two sides), 1 defender die: all miss
    do(s, ["battle", 40], "retreat")
    assert rules.actions(s, me) == [31, 39]  # the hexes used to enter (13.3 step 3)
    do(s, 39)
    assert a["hex"] == 39
    do(s, 39)  # both to the same hex: "as many different adjacent hexes as he desires"
    assert b["hex"] == 39 and s["battle"] is None
    rules.invariants(s)


def test_11_3_the_loser_chooses_which_map_unit_is_eliminated():
    s, me, them = sea_war()
    scenario.add_site(s, them, 31)  # an empty Town; its Infantry stands elsewhere
    for h in (46, 53, 54, 41, 47):
        scenario.put(s, them, "infantry", h)
    assert pieces.reserve(s, them) == []
    a = scenario.put(s, me, "infantry", 30)
    do(s, ["unit", a["id"]], 31)
    rig_dice(s, [6, 5])  # both miss; no defenders: the attacker captures
    do(s, ["battle", 31])
    assert s["sites"][31]["owner"] == me
    assert rules.active(s) == [them] and rules.actions(s, them) == [41, 46, 47, 53, 54]
    do(s, 47)
    assert pieces.units_at(s, 47) == [] and rules.active(s) == [me]
    rules.invariants(s)


def test_13_5_redeployment_before_reserve_placement():
    s, me, them = sea_war()
    scenario.add_site(s, me, 33, kind="city", terrain="mountain")
    art = scenario.put(s, me, "artillery", 32)
    do(s, "end_movement", "end_building")
    assert "redeploy" in rules.actions(s, me)
    do(s, "redeploy")
    assert ["redeploy", art["id"]] in rules.actions(s, me)
    do(s, ["redeploy", art["id"]])  # his last unit on the map: redeployment is over
    assert not s["redeploying"] and art["hex"] is None and art in pieces.reserve(s, me)
    do(s, "artillery", 38)  # 14.4: anything may be placed in the Capital
    assert art["hex"] == 38 or pieces.units_at(s, 38)
    assert "redeploy" not in rules.actions(s, me)  # only before placement begins
    rules.invariants(s)


def test_14_5_frigate_placement_naval_battle():
    s, me, them = sea_war()
    scenario.set_terrain(s, 37, "water")  # water next to my Capital (38)
    scenario.add_site(s, them, 44, kind="city", terrain="forest")
    enemy = scenario.put(s, them, "frigate", 37)
    do(s, "end_movement", "end_building", "frigate")
    assert 37 in rules.actions(s, me)  # 14.5 "if placed adjacent to the owner's capital"
    do(s, 37, "end_turn")
    assert s["phase"] == "placement_battle" and rules.actions(s, me) == [["battle", 37]]
    rig_dice(s, [2, 6])  # attacker hits, defender misses
    do(s, ["battle", 37])
    assert enemy["hex"] is None and rules.actions(s, me) == ["end_turn"]
    do(s, "end_turn")
    assert s["current"] == them
    rules.invariants(s)


def test_10_46_partial_landing_one_hex_and_the_rest_stays_aboard():
    s, me, them = sea_war()
    scenario.add_site(s, me, 33, kind="city", terrain="mountain")  # an Artillery (9.2)
    f = scenario.put(s, me, "frigate", 22)
    a = scenario.put(s, me, "infantry", 30)
    art = scenario.put(s, me, "artillery", 23)
    do(s, ["unit", f["id"]], ["embark", a["id"]], ["embark", art["id"]])
    assert ["land", 31, "infantry"] in rules.actions(s, me) and ["land", 31, "artillery"] in rules.actions(s, me)
    do(s, ["land", 31, "infantry"])
    assert a["hex"] == 31 and art["aboard"] == f["id"] and f["mp"] == 0
    landings = [x for x in rules.actions(s, me) if isinstance(x, list) and x[0] == "land"]
    assert landings == [["land", 31]]  # 10.46: only into the same hex now
    assert not any(isinstance(x, list) and x[0] == "embark" for x in rules.actions(s, me))
    do(s, "done", "end_turn", "end_turn")
    assert art["aboard"] == f["id"]  # 10.45: kept at sea
    rules.invariants(s)


def test_16_7_one_mp_per_unit_landed_and_one_hex_side_per_battle_hex():
    s, me, them = sea_war(frigates=True)
    f = scenario.put(s, me, "frigate", 21, mp=8)
    a = scenario.put(s, me, "infantry", 29)
    b = scenario.put(s, me, "infantry", 29)
    scenario.put(s, them, "infantry", 30)  # hex 30 touches the water hexes 21 and 22
    do(s, ["unit", f["id"]], ["embark", a["id"]], ["embark", b["id"]])
    assert f["mp"] == 6  # 16.7: 1 MP per unit embarked
    f["mp"] = 1  # one MP left: one unit may land, not both (1 MP per unit disembarked)
    assert ["land", 30] not in rules.actions(s, me) and ["land", 30, "infantry"] in rules.actions(s, me)
    f["mp"] = 6
    do(s, ["land", 30, "infantry"], 22)  # one unit into the Battle hex from 21, then on to 22
    assert f["mp"] == 4
    # 16.7: "though not into more than one hex side of the same Battle hex"
    assert ["land", 30] not in rules.actions(s, me) and ["land", 31] in rules.actions(s, me)


def test_13_2_no_frigate_placement_battle_where_a_battle_was_fought_this_turn():
    s, me, them = sea_war()
    scenario.set_terrain(s, 37, "water")  # water next to my Capital (38)
    scenario.add_site(s, them, 44, kind="city", terrain="forest")
    scenario.put(s, them, "frigate", 37)
    s["battled"].append(37)  # a Naval Battle was fought at 37 this turn; their Frigate held
    do(s, "end_movement", "end_building", "frigate")
    assert 37 not in rules.actions(s, me)  # 13.2: one Battle per hex per Player Turn


def test_13_5_cargo_at_sea_may_be_redeployed_alone():
    s, me, them = sea_war()
    f = scenario.put(s, me, "frigate", 21)
    a = scenario.put(s, me, "infantry", 29)
    do(s, ["unit", f["id"]], ["embark", a["id"]], "done", "end_movement", "end_building", "redeploy")
    assert "aboard a Frigate" in rules.action_label(s, ["redeploy", a["id"]])
    do(s, ["redeploy", a["id"]])  # 13.5: "any units from the map"; cargo is at sea (10.45)
    assert a in pieces.reserve(s, me) and f["hex"] == 21 and pieces.cargo(s, f["id"]) == []
    rules.invariants(s)


def test_two_frigates_in_one_hex_are_told_apart_by_their_cargo_in_the_buttons():
    """Formerly the second of two Frigates in a hex was a button "Frigate at hex 21", saying neither
    that it selects nor which Frigate (10.45: the cargo is what tells them apart)."""
    s, me, _them = sea_war()
    pieces.add_to_reserve(s, me, {"frigate": 1})  # a second Frigate to put to sea
    loaded, empty = scenario.put(s, me, "frigate", 21), scenario.put(s, me, "frigate", 21)
    cargo = scenario.put(s, me, "infantry", 29)
    do(s, ["unit", loaded["id"]], ["embark", cargo["id"]], "done")
    assert rules.action_label(s, ["unit", empty["id"]]) == f"Select the empty {me} Frigate at hex 21"
    infantry = scenario.put(s, me, "infantry", 30)
    assert rules.action_label(s, ["unit", infantry["id"]]) == "Select the infantry at hex 30"
