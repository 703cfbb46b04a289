"""Viktory II casualty and elimination choices: which Frigate is lost (11.1 with 10.45) and which
units the loser of a Town or City eliminates (11.3)."""
from engine.viktory import GAME, bots, pieces, rules, scenario

from play_helpers import player, rig_dice
from tests.test_viktory_naval import sea_war


do = player(GAME)


def two_frigates_at_22():
    """sea_war, plus two Forest Cities for them (44, 27: a Frigate each) and both their Frigates at
    22, the second one carrying an Infantry; my Frigate at 21, next to 22."""
    s, me, them = sea_war()
    scenario.add_site(s, them, 44, kind="city", terrain="forest")
    scenario.add_site(s, them, 27, kind="city", terrain="forest")
    empty = scenario.put(s, them, "frigate", 22)
    loaded = scenario.put(s, them, "frigate", 22)
    cargo = next(u for u in pieces.reserve(s, them) if u["type"] == "infantry")
    cargo["aboard"] = loaded["id"]
    mine = scenario.put(s, me, "frigate", 21)
    rules.invariants(s)
    return s, me, them, empty, loaded, cargo, mine


def test_11_1_a_tactical_victory_lets_the_firing_player_choose_the_loaded_frigate_10_45():
    s, me, them, empty, loaded, cargo, mine = two_frigates_at_22()
    rig_dice(s, [1])  # 11.1: a '1', the firing player "selects the unit the target player loses"
    do(s, ["unit", mine["id"]], ["bombard", 22])
    assert rules.active(s) == [me]
    assert rules.actions(s, me) == [["lose", empty["id"]], ["lose", loaded["id"]]]
    assert "carrying an infantry" in rules.action_label(s, ["lose", loaded["id"]])
    assert "empty" in rules.action_label(s, ["lose", empty["id"]])
    do(s, ["lose", loaded["id"]])
    # 10.45: "If a Frigate transporting cargo is destroyed, its cargo is also destroyed"
    assert loaded["hex"] is None and cargo["aboard"] is None and cargo in pieces.reserve(s, them)
    assert empty["hex"] == 22 and rules.active(s) == [me]
    rules.invariants(s)


def test_11_1_on_a_2_or_3_the_owner_chooses_and_keeps_the_frigate_with_cargo():
    s, me, them, empty, loaded, cargo, mine = two_frigates_at_22()
    rig_dice(s, [2])  # 11.1: "the target player chooses his own losses for each '2' or '3'"
    do(s, ["unit", mine["id"]], ["bombard", 22])
    assert rules.active(s) == [them]
    assert rules.actions(s, them) == [["lose", empty["id"]], ["lose", loaded["id"]]]
    assert bots.medium().choose(GAME, s, them, 1) == ["lose", empty["id"]]  # keeps the cargo
    do(s, ["lose", empty["id"]])
    assert empty["hex"] is None and loaded["hex"] == 22 and cargo["aboard"] == loaded["id"]
    rules.invariants(s)


def test_11_1_frigates_alike_leave_no_choice():
    s, me, them, empty, loaded, cargo, mine = two_frigates_at_22()
    cargo["aboard"] = None  # both empty now: the same Frigate either way
    rig_dice(s, [2])
    do(s, ["unit", mine["id"]], ["bombard", 22])
    assert rules.active(s) == [me] and len(pieces.units_at(s, 22)) == 1
    rules.invariants(s)


def test_11_1_the_medium_bot_takes_the_enemys_loaded_frigate():
    s, me, them, empty, loaded, cargo, mine = two_frigates_at_22()
    rig_dice(s, [1])
    do(s, ["unit", mine["id"]], ["bombard", 22])
    assert bots.medium().choose(GAME, s, me, 1) == ["lose", loaded["id"]]


def capture_town_31(reserve_infantry_on_map=()):
    """sea_war; them: an empty Town at 31, Infantry moved from their Reserve to the given hexes;
    my Infantry takes the Town from 30."""
    s, me, them = sea_war()
    scenario.add_site(s, them, 31)
    for h in reserve_infantry_on_map:
        scenario.put(s, them, "infantry", h)
    a = scenario.put(s, me, "infantry", 30)
    do(s, ["unit", a["id"]], 31)
    rig_dice(s, [6, 5])  # both miss; no defenders: the attacker captures (13.3 step 4)
    do(s, ["battle", 31])
    assert s["sites"][31]["owner"] == me
    return s, me, them


def test_11_3_the_loser_may_eliminate_a_map_unit_instead_of_one_in_the_reserve():
    # 11.3: "These units must come either from his Reserve (if available) or directly from those in
    # play on the map; the losing player makes the exact choice as to which units to eliminate."
    s, me, them = capture_town_31((46, 53))
    in_reserve = len(pieces.reserve(s, them))
    assert in_reserve == 3
    assert rules.active(s) == [them] and rules.actions(s, them) == ["reserve", 46, 53]
    assert rules.action_label(s, "reserve") == "Eliminate an infantry from the Reserve"
    assert "Reserve" in rules.view(s, them)["prompt"]
    do(s, 53)
    assert pieces.units_at(s, 53) == [] and len(pieces.reserve(s, them)) == in_reserve
    assert rules.active(s) == [me]
    rules.invariants(s)


def test_11_3_the_reserve_when_the_loser_wants_it():
    s, me, them = capture_town_31((46, 53))
    assert bots.medium().choose(GAME, s, them, 1) == "reserve"  # the 13.3 example's "preferably"
    do(s, "reserve")
    assert len(pieces.reserve(s, them)) == 2 and pieces.units_at(s, 46) and pieces.units_at(s, 53)
    rules.invariants(s)


def test_11_3_no_question_where_the_choice_changes_nothing():
    s, me, them = capture_town_31()  # every Infantry of theirs is in the Reserve
    assert rules.active(s) == [me] and len(pieces.reserve(s, them)) == 4
    s, me, them = capture_town_31((46,) * 5)  # none in the Reserve, all in one hex
    assert rules.active(s) == [me] and len(pieces.units_at(s, 46)) == 4
    rules.invariants(s)


def test_11_3_the_loser_chooses_which_frigate_is_eliminated_10_45():
    s, me, them, empty, loaded, cargo, mine = two_frigates_at_22()
    a = scenario.put(s, me, "infantry", 45)
    do(s, ["unit", a["id"]], 44)
    rig_dice(s, [6, 6, 6])  # 1 attacker die, 2 City dice: all miss; no defenders: captured
    do(s, ["battle", 44])
    assert s["sites"][44]["owner"] == me
    # a Forest City: an Infantry (from the Reserve, or the one at sea at 22) and a Frigate (11.3)
    assert rules.active(s) == [them] and rules.actions(s, them) == ["reserve", 22]
    do(s, "reserve")
    assert rules.actions(s, them) == [["lose", empty["id"]], ["lose", loaded["id"]]]
    do(s, ["lose", loaded["id"]])
    assert loaded not in s["units"] and empty["hex"] == 22  # returned to the stock
    assert cargo in pieces.reserve(s, them)  # 10.45: the cargo goes to the Reserve
    rules.invariants(s)


def test_11_1_in_a_naval_battle_too_the_owner_picks_the_frigate():
    s, me, them, empty, loaded, cargo, mine = two_frigates_at_22()
    do(s, ["unit", mine["id"]], 22)
    rig_dice(s, [2, 6])  # 1 die each (one unit type): my '2' hits, theirs misses
    do(s, ["battle", 22])
    assert rules.active(s) == [them] and rules.actions(s, them) == [["lose", empty["id"]], ["lose", loaded["id"]]]
    do(s, ["lose", loaded["id"]])
    assert loaded["hex"] is None and cargo in pieces.reserve(s, them) and empty["hex"] == 22
    rules.invariants(s)


def test_the_new_choices_are_hexes_on_the_board_or_labelled_buttons():
    s, me, them = capture_town_31((46, 53))
    legal = rules.actions(s, them)
    svg = GAME.board.render(rules.view(s, them), them, legal)
    assert 'data-action="46"' in svg and 'data-action="53"' in svg  # hexes to click
    assert 'data-action="&quot;reserve&quot;"' not in svg  # a button, made from its label
    s, me, them, empty, loaded, cargo, mine = two_frigates_at_22()
    rig_dice(s, [1])
    do(s, ["unit", mine["id"]], ["bombard", 22])
    labels = [rules.action_label(s, a) for a in rules.actions(s, me)]
    assert labels == [f"Remove the empty {them} Frigate at hex 22",
                      f"Remove the {them} Frigate carrying an infantry at hex 22"]
