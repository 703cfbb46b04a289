"""Viktory II's guide (engine/viktory/guide.py): the rule at hand for each step (the Viktory II
rulebook, version 2.1, Morrison Games), the position in words, the chart's numbers."""
import re

from engine.viktory import GAME, geometry, guide, pieces, rules, scenario

from play_helpers import player, rig_dice
from tests import rulebooks
from tests.test_viktory_naval import sea_war
from tests.test_viktory_subjugation import take_their_capital, three_way

do = player(GAME)


def ref(s):
    return guide.rule_ref(s, rules.active(s)[0])


def war():
    """2 players on the 61-hex map, all plains/grassland: me Capital 30, them Capital 52 (as in
    tests/test_viktory_combat.py)."""
    s = scenario.empty_game(2, seed=9)
    me, them = s["order"]
    for h in range(61):
        if h not in geometry.perimeter(5):
            scenario.set_terrain(s, h, "plains" if h % 2 == 0 else "grassland")
    scenario.add_site(s, me, 30, capital=True)
    scenario.add_site(s, them, 52, capital=True)
    return s, me, them


def stack(state, tiles):
    """The next draws of the pile are `tiles`, in this order."""
    for t in reversed(tiles):
        state["pile"].remove(t)
    state["pile"].extend(reversed(tiles))


# --- REFERENCE ---------------------------------------------------------------------------------------

def test_reference_keys_are_rulebook_sections_and_cover_every_step():
    sections = set(rulebooks.load("viktory-ii")["sections"])
    keys = [k for k, _t, _h in guide.REFERENCE]
    for key in keys:
        if key != "Round limit":  # the house rule (About): not in the rulebook
            assert key in sections, key
    for key in ("4.0", "6.0", "7.0", "8.2", "10.1", "10.3", "10.4", "11.1", "11.3", "12.0", "13.0", "13.3",
                "13.5", "14.0", "14.1", "14.3", "14.5", "16.3", "16.4", "16.5", "16.7", "16.82", "16.84",
                "5.1", "5.2", "5.3", "5.4", "5.5", "Round limit"):
        assert key in keys


def test_reference_is_in_our_own_words():
    """No run of eight words of the rulebook appears in a summary (tests/rulebooks.py)."""
    for key, _title, html in guide.REFERENCE:
        assert rulebooks.copied(html, "viktory-ii") == [], key
        assert not re.search(r"<(?!/?(p|ul|li|b|i)>)", html), key  # <p>, <ul>, <li>, <b>, <i> only


def test_reference_numbers_match_the_rulebook():
    html = {k: h for k, _t, h in guide.REFERENCE}
    # 5.4: 16 points with 2 players, 17 with 3, 18 with 4 or 5, 16 with 6, 14 with 7, 13 with 8
    assert all(n in html["5.4"] for n in ("16 for two", "17 for", "18 for four or five", "14 for seven", "13 for eight"))
    # 10.11, 10.31: Infantry/Artillery 2 MPs, Cavalry 3; Frigates 5 (16.7: 8)
    assert "2 MPs, Cavalry 3" in html["10.1"] and "5 hexes" in html["10.3"] and "8 MPs" in html["16.7"]
    assert "three" in html["10.4"]  # 10.41: three at a time, three a turn
    assert "3 or less" in html["11.1"] and "4 or less" in html["11.1"]  # 11.1, 11.2


# --- rule_ref --------------------------------------------------------------------------------------

def test_4_0_the_opening_turn():
    s = rules.setup(1, {"players": 2})
    assert s["phase"] in ("opening_replace", "opening_capital") and ref(s) == "4.0"
    while s["round"] == 0 and s["explore"] is None:
        assert ref(s) == "4.0"
        do(s, rules.actions(s, rules.active(s)[0])[0])


def test_6_0_10_1_13_0_13_3_a_unit_moves_into_a_battle_and_the_attacker_may_retreat():
    s, me, them = war()
    scenario.add_site(s, me, 16, kind="city", terrain="plains")
    a1 = scenario.put(s, me, "infantry", 31)
    scenario.add_site(s, them, 48, kind="city", terrain="plains")
    for _ in range(2):
        scenario.put(s, them, "infantry", 40)
    assert ref(s) == "6.0"  # the Movement & Combat Phase, no unit selected
    do(s, ["unit", a1["id"]])
    assert ref(s) == "10.1"  # a land unit moving
    do(s, 40)  # into the enemy hex: the move ends, a Battle waits (13.0)
    assert s["attacks"] and ref(s) == "13.0"
    rig_dice(s, [5, 6])  # both miss
    do(s, ["battle", 40])
    assert rules.actions(s, me) == ["continue", "retreat"] and ref(s) == "13.3"  # 13.3 step 3


def test_12_0_and_11_1_a_bombard_with_a_tactical_victory():
    s, me, them = war()
    scenario.add_site(s, me, 32, kind="city", terrain="mountain")  # an Artillery (9.2)
    art = scenario.put(s, me, "artillery", 39, mp=0)  # no MP left: only the Bombard remains
    scenario.add_site(s, them, 48, kind="city", terrain="grassland")
    scenario.put(s, them, "infantry", 47)
    scenario.put(s, them, "cavalry", 47)
    do(s, ["unit", art["id"]])
    assert ref(s) == "12.0"
    rig_dice(s, [1])  # 11.1: a '1', the firing player picks the casualty
    do(s, ["bombard", 47])
    assert rules.active(s) == [me] and rules.actions(s, me) == ["infantry", "cavalry"] and ref(s) == "11.1"


def test_11_3_the_loser_chooses_the_unit_eliminated():
    s, me, them = sea_war()
    scenario.add_site(s, them, 31)
    for h in (46, 53, 54, 41, 47):
        scenario.put(s, them, "infantry", h)
    a = scenario.put(s, me, "infantry", 30)
    do(s, ["unit", a["id"]], 31)
    rig_dice(s, [6, 5])
    do(s, ["battle", 31])  # the empty Town falls: Them picks the Infantry that leaves the game
    assert rules.active(s) == [them] and s["eliminate"] and guide.rule_ref(s, them) == "11.3"


def test_10_3_10_4_16_7_a_frigate_moving_or_ferrying():
    s, me, them = sea_war()
    f = scenario.put(s, me, "frigate", 21)
    do(s, ["unit", f["id"]])
    assert ref(s) == "10.3"  # nobody beside it to take aboard
    s, me, them = sea_war()
    f = scenario.put(s, me, "frigate", 21)
    scenario.put(s, me, "infantry", 29)  # beside water hex 21: may embark (10.42)
    do(s, ["unit", f["id"]])
    assert ref(s) == "10.4"
    s, me, them = sea_war(frigates=True)
    f = scenario.put(s, me, "frigate", 21, mp=8)
    do(s, ["unit", f["id"]])
    assert ref(s) == "16.7"


def test_describe_cargo_at_sea():
    """10.45: land units aboard are told with their Frigate; empty Frigates in one hex are counted."""
    s, me, them = sea_war()
    f = scenario.put(s, me, "frigate", 21)
    a = scenario.put(s, me, "infantry", 29)
    b = scenario.put(s, me, "infantry", 29)
    do(s, ["unit", f["id"]], ["embark", a["id"]], ["embark", b["id"]])
    lines = guide.describe(rules.view(s, them), them)
    assert f"{me} units (3 on the map): Frigate on hex 21 carrying 2 infantry." in lines
    assert f"Moving: {me} Frigate on hex 21, 5 MP left." in lines
    assert ref(s) == "10.4"
    for h in (44, 8):  # two Forest Cities: a Frigate each (9.2)
        scenario.add_site(s, them, h, kind="city", terrain="forest")
    scenario.put(s, them, "frigate", 22)
    scenario.put(s, them, "frigate", 22)
    rules.invariants(s)
    assert f"{them} units (2 on the map): Frigates on hex 22 (2)." in guide.describe(rules.view(s, me), me)


def test_7_0_exploring_from_movement():
    s = scenario.empty_game(2, seed=3)
    me = s["current"]
    scenario.add_site(s, me, 30, capital=True, terrain="plains")
    scenario.fill(s, geometry.neighbours(5)[30], "plains")
    inf = scenario.put(s, me, "infantry", 30)
    scenario.add_site(s, s["order"][1], 52, capital=True, terrain="plains")
    stack(s, ["forest", "mountain", "forest"])
    do(s, ["unit", inf["id"]], 31)  # 10.2: three hexes turn up; the player places the tiles (7.0)
    assert s["explore"] is not None and ref(s) == "7.0"


def test_8_2_13_5_14_0_14_1_14_3_14_5_building_then_placing():
    s, me, them = sea_war()
    scenario.set_terrain(s, 37, "water")  # water next to my Capital (38)
    scenario.add_site(s, me, 33, kind="city", terrain="mountain")
    scenario.put(s, me, "artillery", 32)
    scenario.add_site(s, them, 44, kind="city", terrain="forest")
    scenario.put(s, them, "frigate", 37)
    do(s, "end_movement")
    assert s["phase"] == "build" and ref(s) == "8.2"
    do(s, "end_building")
    assert ref(s) == "14.0"
    do(s, "redeploy")
    assert ref(s) == "13.5"
    do(s, "done", "infantry")
    assert ref(s) == "14.1"
    do(s, "frigate")
    assert ref(s) == "14.3"
    do(s, 37, "end_turn")  # beside the Capital, among an enemy Frigate (14.5)
    assert s["phase"] == "placement_battle" and ref(s) == "14.5"


def test_16_3_immediate_empires_then_8_2_for_the_optional_second_town():
    s = rules.setup(3, {"players": 2, "immediate": True})
    while s["empires"] and s["round"] == 0:
        do(s, rules.actions(s, rules.active(s)[0])[0])
    first = s["order"][0]
    assert s["phase"] == "build" and s["empires"] and ref(s) == "16.3"
    town = next(a for a in rules.actions(s, first) if type(a) is int and s["sites"][a] is None)
    do(s, town)
    while s["explore"] is not None:
        do(s, rules.actions(s, first)[0])
    assert s["phase"] == "build" and ref(s) == "8.2"


def test_16_4_luck_averaging():
    s, me, them = sea_war(luck=True)
    a = scenario.put(s, me, "infantry", 31)
    b = scenario.put(s, me, "infantry", 39)
    for _ in range(2):
        scenario.put(s, them, "infantry", 40)
    do(s, ["unit", a["id"]], 40, ["unit", b["id"]], 40, ["battle", 40])
    assert rules.actions(s, me) == [["average", 0], ["average", 1]] and ref(s) == "16.4"


def test_16_5_town_city_relocation():
    s, me, them = sea_war(relocation=True)
    do(s, "end_movement", ["move_site", 16])
    assert s["phase"] == "rebuild" and ref(s) == "16.5"


def test_16_82_returning_the_vassals_capital_and_16_84_moving_through_the_alliance():
    s, me, them, a, b = take_their_capital()
    assert s["relocate"] is not None or s["reinforce"] is not None
    while s["relocate"] is not None or s["reinforce"] is not None:
        assert ref(s) == "16.82"
        do(s, rules.actions(s, rules.active(s)[0])[0])
    s, me, them, third = three_way()
    scenario.add_site(s, them, 53, kind="city")
    scenario.put(s, them, "infantry", 56)
    u = scenario.put(s, me, "infantry", 46)
    do(s, ["unit", u["id"]], 56)  # into his Vassal's hex: he may go on, or stop and attack
    assert ref(s) == "16.84"


def test_rule_ref_never_raises_and_falls_back_on_the_turn():
    s, me, them = war()
    s["phase"] = "no such phase"
    assert guide.rule_ref(s, me) == "6.0"


# --- describe --------------------------------------------------------------------------------------

def known_position():
    """Me: Capital Town 30 (plains), Mountain City 32; Infantry on 30, Artillery on 31, an Infantry in
    the Reserve. Them: Capital Town 52 (plains), Infantry on 47 (forest). Every other interior hex
    face down."""
    s = scenario.empty_game(2, seed=9)
    me, them = s["order"]
    scenario.set_terrain(s, 31, "grassland")
    scenario.set_terrain(s, 47, "forest")
    scenario.add_site(s, me, 30, capital=True, terrain="plains")
    scenario.add_site(s, me, 32, kind="city", terrain="mountain")
    scenario.add_site(s, them, 52, capital=True, terrain="plains")
    scenario.put(s, me, "infantry", 30)
    scenario.put(s, me, "artillery", 31)
    scenario.put(s, them, "infantry", 47)
    rules.invariants(s)
    return s, me, them


def test_describe_a_known_position():
    s, me, them = known_position()
    lines = guide.describe(rules.view(s, me), me)
    shown = {30, 31, 32, 47, 52}
    hidden = [h for h in range(61) if h not in geometry.perimeter(5) and h not in shown]
    assert len(hidden) == 32
    assert lines == [
        f"Round 1: {me}'s turn, Movement & Combat Phase (6.0).",
        f"You are {me}. Move and fight: select a unit, or end movement (6.0)",
        "2 players. Rules in play: Standard Conquest (5.1); round limit 60 (house rule).",
        # 5.3: 1 point per Town, 2 per City; 9.2: a Mountain City supports 1 Infantry + 1 Artillery
        f"{me} (you, playing now): 3 points; Capital on hex 30; 1 Town on hex 30 (plains); "
        "1 City on hex 32 (mountain); Reserve: 1 infantry.",
        f"{them}: 1 point; Capital on hex 52; 1 Town on hex 52 (plains); Reserve: empty.",
        f"{me} units (2 on the map): infantry on hex 30; artillery on hex 31.",
        f"{them} units (1 on the map): infantry on hex 47.",
        # 3.2/3.3: 61 hexes for 2 players, the 24 of the perimeter water; 180 tiles less the 5 turned up
        "Map: 61 hexes; the outer ring of 24 is water; of the 37 inside, 5 are face up and 32 face down; "
        "175 tiles in the draw pile.",
        "Plains: hexes 30, 52.",
        "Grassland: hex 31.",
        "Forest: hex 47.",
        "Mountain: hex 32.",
        "Face down: hexes " + ", ".join(map(str, hidden)) + ".",
    ]


def test_describe_tells_no_seat_the_face_down_tiles():
    """The pile's order is the only hidden thing (3.2): two games differing only there read alike,
    from either seat, and the seats' words differ only where they name the reader."""
    s, me, them = known_position()
    t, _, _ = known_position()
    t["pile"] = list(reversed(t["pile"]))
    assert t["pile"] != s["pile"]
    for role in (me, them):
        assert guide.describe(rules.view(s, role), role) == guide.describe(rules.view(t, role), role)
    mine = guide.describe(rules.view(s, me), me)
    theirs = guide.describe(rules.view(s, them), them)
    assert theirs[1] == f"You are {them}. Waiting for {me}"
    assert theirs[3] == f"{me} (playing now): " + mine[3].split(": ", 1)[1]
    assert [a for a, b in zip(mine, theirs) if a != b] == [mine[1], mine[3], mine[4]]


def test_describe_a_battle_and_its_casualties():
    s, me, them = war()
    scenario.add_site(s, me, 32, kind="city", terrain="mountain")
    art = scenario.put(s, me, "artillery", 39, mp=0)
    scenario.add_site(s, them, 48, kind="city", terrain="grassland")
    scenario.put(s, them, "infantry", 47)
    scenario.put(s, them, "cavalry", 47)
    do(s, ["unit", art["id"]])
    rig_dice(s, [1])
    do(s, ["bombard", 47])
    lines = guide.describe(rules.view(s, them), them)
    assert f"Casualties: {me} chooses 1 of {them}'s units lost at hex 47 (11.1)." in lines
    assert f"Last dice, at hex 47: {me} 1." in lines
    assert f"{them} units (2 on the map): infantry on hex 47; cavalry on hex 47." in lines


# --- chart_sample ----------------------------------------------------------------------------------

def test_chart_at_the_start_after_a_capture_and_at_the_end():
    s = rules.setup(1, {"players": 2})
    assert guide.chart_sample(s) == (0, {"Points": {r: 0 for r in s["order"]}, "Units": {r: 0 for r in s["order"]}})
    assert guide.CHART_X == "Round"

    s, me, them = war()
    scenario.add_site(s, me, 16, kind="city", terrain="plains")  # 3 Infantry
    a1 = scenario.put(s, me, "infantry", 31)
    a2 = scenario.put(s, me, "infantry", 31)
    scenario.add_site(s, them, 40)
    scenario.put(s, them, "infantry", 40)
    assert guide.chart_sample(s) == (1, {"Points": {me: 3, them: 2}, "Units": {me: 2, them: 1}})
    do(s, ["unit", a1["id"]], 40, ["unit", a2["id"]], 40)
    rig_dice(s, [2, 5, 6])  # the attacker's hit takes the Infantry; the Town's 2 dice miss
    do(s, ["battle", 40])
    # 11.4: the Town changes hands (1 point), its defender is gone
    assert guide.chart_sample(s) == (1, {"Points": {me: 4, them: 1}, "Units": {me: 2, them: 0}})
    do(s, "end_movement", "end_building", "end_turn")
    assert guide.chart_sample(s)[0] == 1  # the round ends when play passes the last player
    do(s, "end_turn")
    assert guide.chart_sample(s)[0] == 2

    # the end (5.1): the last Town of the rival falls, he is out with nothing
    s, me, them = war()
    a = scenario.put(s, me, "infantry", 30)
    a["hex"] = 51  # next to their empty Capital (52)
    do(s, ["unit", a["id"]], 52)
    rig_dice(s, [6, 6])
    do(s, ["battle", 52])
    assert rules.result(s) is not None and rules.result(s)["winners"] == [me]
    assert guide.chart_sample(s) == (1, {"Points": {me: 2, them: 0}, "Units": {me: 1, them: 0}})
    assert pieces.empire_points(s, me) == 2
