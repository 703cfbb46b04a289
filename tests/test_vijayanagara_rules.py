"""Vijayanagara rules: setup (2.1), the sequence of play (2.3), the board rules (1.4-1.10), Commands
(3.x), Decrees (4.x), Mongols (2.4, 3.5), Succession (2.5), Timur (2.6) and victory (5.x)."""
import copy

import pytest

from engine.core import api
from engine.core.api import IllegalAction
from engine.vijayanagara import GAME, battle, board_state, data, decrees, events, mongols, rules
from engine.vijayanagara.data import BAHMANI, DELHI, VIJAYANAGARA

from play_helpers import player, rig_dice

DS, BK, VE = DELHI, BAHMANI, VIJAYANAGARA


def at_event(number=1, seed=1, eligible=(DS, BK, VE)):
    """A fresh game whose current card is Event `number`, with the given Factions Eligible."""
    state = rules.setup(seed, {})
    state["stack"] = []
    state["card"] = events.event_id(number)
    state["sop"]["eligible"] = {f: f in eligible for f in data.FACTIONS}
    order = [data.BY_SHORT[s] for s in events.EVENT_BY_NUMBER[number]["order"]]
    state["sop"]["queue"] = [f for f in order if f in eligible]
    rules.advance(state)
    return state


do = player(GAME)


def acts(state, role):
    """The legal actions without the always-offered Negotiation button (1.5.2)."""
    return [a for a in rules.actions(state, role) if a != "negotiate"]


def clear_map(state):
    for here in state["spaces"].values():
        for kind in here:
            here[kind] = 0
    state["available"] = dict(data.PIECE_TOTALS)
    for f in data.DECCAN:
        state["available"][data.TRACK_PIECE[f]] -= sum(state["track"][f])
    board_state.update_control(state)


# --- setup and deck (2.1, 2.2) ------------------------------------------------------------------

def test_2_1_setup_state():
    s = rules.setup(7, {})
    rules.invariants(s)
    assert all(s["tributary"].values()) and not any(s["control"].values())
    assert s["resources"] == {DS: 12, BK: 6, VE: 7}
    assert s["cavalry"] == {DS: 2, BK: 0, VE: 0} and board_state.pool(s) == 8
    assert s["influence"] == {BK: 0, VE: 0} and s["dynasty"] == "Khalji"
    assert board_state.victory_points(s) == {DS: 18, BK: 0, VE: 0}  # 2.1 victory markers
    assert s["reveals"] == 1 and len(s["played"]) == 1  # 2.2: the first card is revealed


def test_2_1_deck_construction():
    s = rules.setup(11, {})
    deck = s["played"] + s["deck"]
    assert len(deck) == 24 + 6 + 3 + 2
    kinds = [events.card_kind(c) for c in deck]
    assert deck[8] == "S1" and deck[17] == "S2" and deck[26] == "S3"  # 6 events + 2 invasions a stack
    for lo, hi in ((0, 8), (9, 17), (18, 26)):
        assert sorted(kinds[lo:hi]) == ["event"] * 6 + ["invasion"] * 2
    assert sorted(kinds[27:]) == ["event"] * 6 + ["timurid"] * 2
    assert len(set(deck)) == len(deck)


def test_deck_is_deterministic_and_hidden_in_view():
    a, b = rules.setup(5, {}), rules.setup(5, {})
    assert a["deck"] == b["deck"] and a["deck"] != rules.setup(6, {})["deck"]
    v = rules.view(a, DS)
    assert "deck" not in v and v["deck_size"] == len(a["deck"])


# --- sequence of play (2.3) ---------------------------------------------------------------------

def test_2_3_2_faction_order_from_card_and_2_3_3_forked_options():
    s = at_event(1)  # order DS, BK, VE
    assert rules.active(s) == [DS]
    assert acts(s, DS) == ["unshaded", "shaded", "command", "command+decree", "limited", "pass"]
    do(s, "pass")
    assert rules.active(s) == [BK]


def test_2_3_6_pass_income_3_for_sultanate_1_for_others():
    s = at_event(1)
    do(s, "pass")
    assert s["resources"][DS] == 15
    do(s, "pass")
    assert s["resources"][BK] == 7


def test_2_3_3_taken_fork_is_not_available_to_later_factions():
    s = at_event(12)  # Token Currency, order BK, VE, DS... (12-1) % 6 = 5 -> VE, BK, DS
    first = rules.active(s)[0]
    do(s, "unshaded")
    second = rules.active(s)[0]
    assert second != first
    assert "unshaded" not in rules.actions(s, second) and "command" not in rules.actions(s, second)
    assert "command+decree" in rules.actions(s, second)


def test_2_3_7_eligibility_after_the_card():
    s = at_event(9)  # order BK, DS, VE ... (9-1)%6 = 2 -> BK, DS, VE
    do(s, "unshaded")          # BK: event fork -> Ineligible
    do(s, "pass")              # DS
    do(s, "pass")              # VE
    assert s["sop"]["eligible"] == {DS: True, BK: False, VE: True}


def test_2_3_4_stay_eligible_event():
    s = at_event(21)  # Merchants of Cambay, Stay Eligible
    first = rules.active(s)[0]
    do(s, "unshaded")
    while s["card"] == "E21":
        do(s, "pass")
    assert s["sop"]["eligible"][first]


def test_illegal_action_refused_and_state_unchanged():
    s = at_event(1)
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction):
        api.play(GAME, s, DS, "march")
    with pytest.raises(IllegalAction):
        api.play(GAME, s, BK, "pass")
    assert s == before


# --- board rules (1.4-1.10) ---------------------------------------------------------------------

def test_1_7_control_by_majority_only_in_independent_provinces():
    s = at_event(1)
    clear_map(s)
    board_state.place(s, "amir_o", "Gujarat", 2)
    assert s["control"]["Gujarat"] is None  # 1.7: a Tributary is never Controlled
    board_state.make_independent(s, "Gujarat")
    assert s["control"]["Gujarat"] == BK
    assert s["spaces"]["Gujarat"]["amir_r"] == 2  # 1.4.5: flipped to Rebelling
    board_state.place(s, "troop", "Gujarat", 2)
    assert s["control"]["Gujarat"] is None  # 2 against 2: no majority
    board_state.place(s, "troop", "Gujarat")
    assert s["control"]["Gujarat"] == DS


def test_1_6_tributary_marker_flips_rebels_to_obedient():
    s = at_event(1)
    board_state.make_independent(s, "Maharashtra")
    assert s["spaces"]["Maharashtra"]["amir_r"] == 4
    board_state.make_tributary(s, "Maharashtra")
    assert s["spaces"]["Maharashtra"]["amir_o"] == 4 and s["control"]["Maharashtra"] is None


def test_1_3_2_only_sultanate_and_mongols_enter_delhi():
    s = at_event(1)
    assert not board_state.can_place(s, "amir_o", "Delhi")
    assert not board_state.can_place(s, "raja_o", "Punjab")
    assert not board_state.can_place(s, "mongol", "Malwa")
    assert board_state.can_place(s, "troop", "Mountain Passes")


def test_1_4_4_one_structure_of_each_kind_per_space():
    s = at_event(1)
    assert board_state.place(s, "qasbah", "Andhra") == 0  # Andhra has one from setup
    assert board_state.place(s, "fort", "Andhra") == 1
    assert board_state.place(s, "fort", "Andhra") == 0


def test_1_8_resources_stay_within_0_and_24():
    s = at_event(1)
    board_state.add_resources(s, DS, 50)
    assert s["resources"][DS] == 24
    board_state.add_resources(s, BK, -50)
    assert s["resources"][BK] == 0


def test_1_9_influence_releases_track_units_and_refills():
    s = at_event(1)
    avail = s["available"]["raja"]
    assert board_state.shift_influence(s, VE, 2) == 2
    assert s["available"]["raja"] == avail + 4  # 1.9.2: levels 1 and 2 release two Rajas each
    assert board_state.shift_influence(s, VE, -1) == -1
    # 1.9: "from either their holding box or anywhere on the map": Vijayanagara chooses, per Raja
    rules.advance(s)
    assert rules.active(s) == [VE] and s["stack"][-1]["kind"] == "refill"
    assert acts(s, VE)[:3] == ["available", ["Andhra", "raja_o"], ["Karnataka", "raja_o"]]
    rules.invariants(s)  # a slot may be short while its refill is being chosen
    do(s, "available", ["Karnataka", "raja_o"])
    assert s["track"][VE][2] == 2 and s["available"]["raja"] == avail + 3
    assert s["spaces"]["Karnataka"]["raja_o"] == 2
    assert rules.active(s) == [DS]  # back to the interrupted decision
    assert board_state.shift_influence(s, VE, -5) == -1  # 1.9: moves off the track are ignored
    rules.advance(s)
    do(s, "available", "available")
    amirs = s["available"]["amir"]
    board_state.shift_influence(s, BK, 1)
    assert s["available"]["amir"] == amirs  # 1.9.1: no Amirs at level 1
    board_state.shift_influence(s, BK, 1)
    assert s["available"]["amir"] == amirs + 2
    rules.invariants(s)


def test_1_9_refill_without_a_choice_is_immediate():
    s = at_event(1)
    clear_map(s)
    board_state.shift_influence(s, VE, 2)
    s["available"]["raja"] -= 0
    board_state.shift_influence(s, VE, -1)  # only the holding box holds Rajas: no choice to make
    assert s["track"][VE][2] == 2 and s["pending"] == []
    rules.invariants(s)


def test_1_10_cavalry_pool_of_ten_then_taken_from_others():
    s = at_event(1)
    assert board_state.gain_cavalry(s, BK, 8) == 8 and board_state.pool(s) == 0  # 2 + 8 = ten
    # 1.10: with the pool empty a token "may be taken from any other Faction": the earner chooses
    assert board_state.gain_cavalry(s, VE, 1) == 0  # none from the pool; one may be taken
    rules.advance(s)
    assert rules.active(s) == [VE] and acts(s, VE) == [DS, BK, "decline"]
    do(s, DS)
    assert s["cavalry"] == {DS: 1, BK: 8, VE: 1} and rules.active(s) == [DS]
    rules.invariants(s)


def test_1_10_taking_cavalry_from_others_may_be_declined_even_with_one_victim():
    s = at_event(1)
    s["cavalry"] = {DS: 0, BK: 10, VE: 0}
    assert board_state.gain_cavalry(s, VE, 3) == 0
    rules.advance(s)
    assert acts(s, VE) == [BK, "decline"]  # "may": a choice, though only BK holds tokens
    do(s, BK)
    assert s["cavalry"] == {DS: 0, BK: 9, VE: 1}
    do(s, "decline")  # the two tokens still owed are not taken
    assert s["cavalry"] == {DS: 0, BK: 9, VE: 1} and rules.active(s) == [DS]
    assert s["stack"][-1]["kind"] == "option"


def test_1_10_cavalry_partly_from_the_pool_then_offered_from_others():
    s = at_event(1)
    s["cavalry"] = {DS: 3, BK: 6, VE: 0}  # one token left in the pool
    assert board_state.gain_cavalry(s, VE, 2) == 1 and board_state.pool(s) == 0
    rules.advance(s)
    assert acts(s, VE) == [DS, BK, "decline"] and s["stack"][-1]["left"] == 1
    do(s, BK)
    assert s["cavalry"] == {DS: 3, BK: 5, VE: 2} and rules.active(s) == [DS]


def test_4_2_1_tribute_with_an_empty_pool_lets_the_sultanate_take_or_decline():
    s = at_event(1)
    s["cavalry"] = {DS: 0, BK: 4, VE: 6}
    do(s, "command+decree", "tribute")
    assert s["resources"][DS] == 12 + 9  # 4.2.1: half of the Tributary Prosperity 18
    assert rules.active(s) == [DS] and acts(s, DS) == [BK, VE, "decline"]
    do(s, VE, "decline")
    assert s["cavalry"] == {DS: 1, BK: 4, VE: 5}
    assert s["stack"][-1]["kind"] == "action"  # back to the Command still to choose


# --- Negotiation (1.5.2) --------------------------------------------------------------------------

def test_1_5_2_negotiation_gives_resources_and_cavalry_at_any_decision():
    s = at_event(1)
    before = copy.deepcopy(s["stack"])
    assert rules.actions(s, DS)[-1] == "negotiate"
    assert "negotiate" not in rules.actions(s, BK)  # only the active role clicks
    do(s, "negotiate")
    assert acts(s, DS) == [["give", BK, "resources"], ["give", BK, "cavalry"],
                           ["give", VE, "resources"], ["give", VE, "cavalry"], "done"]
    do(s, ["give", BK, "resources"], ["give", BK, "resources"], ["give", VE, "cavalry"], "done")
    assert s["resources"] == {DS: 10, BK: 8, VE: 7} and s["cavalry"] == {DS: 1, BK: 0, VE: 1}
    assert s["stack"] == before  # back at the same decision
    assert GAME.rules.action_label(s, ["give", BK, "resources"]).startswith("Give 1 Resource")


def test_1_5_2_negotiation_also_at_a_decision_in_another_factions_turn():
    # Reading (choices.py): "at any time" = at any of the giver's decisions, its own turn or not;
    # here Vijayanagara decides on Cavalry while defending in the Bahmani Kingdom's Attack
    s = bk_attacks_karnataka(5, (1, 2, 3, 4, 1, 3), cavalry=(0, 1))
    assert rules.active(s) == [VE] and s["stack"][-1]["stage"] == "def_cav"
    assert rules.actions(s, VE)[-1] == "negotiate"
    do(s, "negotiate", ["give", BK, "resources"], "done")
    assert s["resources"] == {DS: 12, BK: 6 - 1 + 1, VE: 7 - 1}  # the Attack cost BK 1 (3.3.4)
    assert rules.active(s) == [VE] and s["stack"][-1]["stage"] == "def_cav"  # the battle resumes


def test_1_5_2_no_negotiation_with_nothing_to_give():
    s = at_event(1)
    s["resources"][DS], s["cavalry"][DS] = 0, 0
    assert "negotiate" not in rules.actions(s, DS)


# --- Campaign (4.2.2) -----------------------------------------------------------------------------

def campaign_state():
    s = at_event(1)
    s["stack"] = [{"kind": "campaign", "role": DS, "origin": None, "at": None, "route": [],
                   "carry": {"troop": 0, "governor": 0}, "dropped": {}, "provinces_only": False}]
    return s


def test_4_2_2_campaign_picks_up_and_drops_off_along_one_route_of_three_spaces():
    s = campaign_state()
    do(s, "Punjab", ["pickup", "troop"], ["pickup", "troop"], ["pickup", "troop"])
    assert ["pickup", "governor"] not in acts(s, DS)
    do(s, "Delhi")  # 1: the group of three Troops moves on
    do(s, ["pickup", "troop"], ["drop", "troop"])  # pick up one of Delhi's four, drop another
    assert s["spaces"]["Delhi"]["troop"] == 7
    do(s, "Malwa", ["pickup", "governor"], ["drop", "troop"])  # 2
    assert "Delhi" not in acts(s, DS)  # the route never turns back
    do(s, "Maharashtra")  # 3: no more moves
    assert not any(isinstance(a, str) and a in data.SPACES for a in acts(s, DS))
    do(s, "done")
    assert s["spaces"]["Punjab"]["troop"] == 1 and s["spaces"]["Delhi"]["troop"] == 4
    assert s["spaces"]["Malwa"]["troop"] == 4 and s["spaces"]["Malwa"]["governor"] == 0
    assert s["spaces"]["Maharashtra"]["troop"] == 2 and s["spaces"]["Maharashtra"]["governor"] == 1
    rules.invariants(s)


def test_4_2_2_campaign_units_dropped_off_are_not_picked_up_again():
    s = campaign_state()
    do(s, "Delhi", ["pickup", "troop"], "Malwa", ["drop", "troop"])
    assert ["pickup", "troop"] in acts(s, DS)  # Malwa's own three Troops
    do(s, ["pickup", "troop"], ["pickup", "troop"], ["pickup", "troop"])
    assert ["pickup", "troop"] not in acts(s, DS)


def test_4_2_2_campaign_pick_up_and_drop_cannot_loop():
    s = campaign_state()
    do(s, "Delhi")
    for _ in range(4):
        do(s, ["pickup", "troop"], ["drop", "troop"])
    assert ["pickup", "troop"] not in acts(s, DS) and acts(s, DS) == ["done"]


# --- battles (3.2.4, 3.3.4, 3.4.4, 1.10) --------------------------------------------------------

def battle_state(attacker, defender, space, dice_att, dice_def, units_att, units_def):
    frame = battle.start(attacker, defender, space)
    frame["dice"] = {"att": list(dice_att), "def": list(dice_def)}
    frame["units"] = {"att": units_att, "def": units_def}
    return frame


def test_3_2_4_sultanate_raid_with_up_to_two_units_from_an_adjacent_qasbah():
    # 3.2.4: "Up to two (total) Troops and/or Governors may join the attack from one adjacent space
    # with a Qasbah (they do not move ... but contribute to the attack and may be removed as
    # casualties)"; PLAY NOTE: "a pure raid by only supporting Sultanate Units ... is allowed"
    s = at_event(1)
    board_state.make_independent(s, "Karnataka")  # Vijayanagara Controlled: three Rebelling Rajas
    board_state.place(s, "troop", "Andhra", 2)  # Andhra (Qasbah, 2.1): three Troops ...
    board_state.place(s, "governor", "Andhra")  # ... and a Governor
    rig_dice(s, [1, 2, 3, 6, 1, 1])
    do(s, "command", "attack", "Karnataka")
    assert acts(s, DS) == [["Andhra", "troop"], ["Andhra", "governor"], "done"]  # Maharashtra: no Qasbah
    do(s, ["Andhra", "troop"], ["Andhra", "governor"])  # two: the battle begins
    assert s["stack"][-1]["kind"] == "battle" and s["stack"][-1]["units"] == {"att": 2, "def": 3}
    do(s, "done")  # no Cavalry used
    assert s["stack"][-1]["stage"] == "att_loss"
    assert acts(s, DS) == [["Andhra", "troop"], ["Andhra", "governor"]]  # casualties: the supporters
    do(s, ["Andhra", "governor"])  # the second hit can only take the supporting Troop: at once
    assert s["last_battle"]["hits"] == {"att": 2, "def": 2}  # 1 and 2 at most two Units; 1 and 1
    assert s["spaces"]["Andhra"]["troop"] == 2 and s["spaces"]["Andhra"]["governor"] == 0
    assert s["spaces"]["Karnataka"]["raja_r"] == 1 and s["control"]["Karnataka"] == VE
    rules.invariants(s)


def test_3_3_4_bahmani_raid_with_up_to_two_amirs_from_an_adjacent_fort():
    s = at_event(3)  # the Bahmani Kingdom first
    board_state.place(s, "fort", "Maharashtra")  # four Amirs (2.1), next to Karnataka
    rig_dice(s, [1, 2, 3, 3, 6, 6])
    do(s, "command", "attack", "Karnataka")
    assert acts(s, BK) == [["Maharashtra", "amir_o"], "done"]
    do(s, ["Maharashtra", "amir_o"])
    assert acts(s, BK) == [["Maharashtra", "amir_o"], "done"]  # "up to two"
    do(s, ["Maharashtra", "amir_o"])
    assert s["last_battle"]["hits"] == {"att": 2, "def": 0}  # two Units involved: the 1 and the 2
    assert s["spaces"]["Karnataka"]["raja_o"] == 1 and s["spaces"]["Maharashtra"]["amir_o"] == 4
    assert s["influence"][BK] == 1  # 3.3.4: BK lost fewer pieces


def test_3_4_4_vijayanagara_raid_with_one_raja_from_an_adjacent_temple():
    s = at_event(5)  # the Vijayanagara Empire first
    board_state.place(s, "temple", "Karnataka")
    rig_dice(s, [1, 2, 2, 2, 1, 6])
    do(s, "command", "attack", "Maharashtra")
    assert acts(s, VE) == [["Karnataka", "raja_o"], "done"]
    do(s, ["Karnataka", "raja_o"])  # "Up to one Raja": the battle begins at once
    assert s["last_battle"]["hits"] == {"att": 1, "def": 1}  # one Unit involved: only the 1 hits
    assert s["spaces"]["Maharashtra"]["amir_o"] == 3 and s["spaces"]["Karnataka"]["raja_o"] == 2
    assert s["influence"] == {BK: 0, VE: 0}  # one piece each: no adjustment


def test_3_4_4_an_attack_with_no_units_involved_is_allowed_and_scores_no_hit():
    # 3.4.4: "Select any Provinces containing opposing pieces (it may or may not contain Rajas)";
    # joining from a Temple is "up to one": the Empire may attack with no Unit at all. It pays its
    # Resource and rolls, but no roll is at most 0 Units: no hit; the defender's hits find no
    # attacking piece to remove, so neither side loses one and Influence does not shift.
    s = at_event(5)
    board_state.place(s, "temple", "Karnataka")
    resources = s["resources"][VE]
    rig_dice(s, [1, 1, 1, 1, 1, 1])
    do(s, "command", "attack", "Maharashtra")
    assert acts(s, VE) == [["Karnataka", "raja_o"], "done"]
    do(s, "done")  # no Raja joins
    assert s["last_battle"]["units"] == {"att": 0, "def": 4}
    assert s["last_battle"]["hits"] == {"att": 0, "def": 2}
    assert s["last_battle"]["lost"] == {"att": 0, "def": 0}
    assert s["spaces"]["Maharashtra"]["amir_o"] == 4 and s["spaces"]["Karnataka"]["raja_o"] == 3
    assert s["resources"][VE] == resources - 1 and s["influence"] == {BK: 0, VE: 0}


def test_hits_a_roll_hits_when_at_most_the_units_involved_and_a_6_always_misses():
    # 3.2.4: "one hit for each of their modified rolls that is equal to or less than the number of
    # their Units involved ..., up to a maximum of five (rolls of 6 always miss)"
    assert battle.hits([1, 2, 3, 6], 9) == 3  # nine Units, yet the 6 misses
    assert battle.hits([5, 4, 3, 3], 2) == 0
    assert battle.hits([2, 2, 3, 5], 2) == 2
    assert battle.hits([5, 5, 1], 5) == 3


def test_hits_at_most_five_even_when_more_rolls_would_hit():
    # No battle of the rulebook rolls more than four dice (four, three against a Fort or for the
    # Mongols in Delhi; the defender two), so the maximum of five never binds in play; with six
    # hitting rolls and nine Units it caps the count at five.
    assert battle.hits([1, 1, 2, 2, 3, 3], 9) == 5
    assert battle.hits([1, 1, 2, 2, 3], 9) == 5
    s = at_event(1)
    for attacker, defender in ((DS, BK), (BK, VE), (VE, DS), (data.MONGOLS, DS)):
        assert battle.attacker_dice(s, battle.start(attacker, defender, "Karnataka")) <= 4


def bk_attacks_karnataka(amirs=5, dice=(), influence=(0, 0), cavalry=(0, 0)):
    """The Bahmani Kingdom (acting first on Event 3) Attacks the three Rajas of Karnataka (2.1) with
    `amirs` Amirs placed there, the next rolls rigged to `dice` (four attacker's, two defender's)."""
    s = at_event(3)
    s["spaces"]["Karnataka"]["amir_o"] = amirs
    s["available"]["amir"] -= amirs
    board_state.shift_influence(s, BK, influence[0])
    board_state.shift_influence(s, VE, influence[1])
    s["cavalry"][BK], s["cavalry"][VE] = cavalry
    rig_dice(s, list(dice))
    do(s, "command", "attack", "Karnataka")  # one defender, no Fort nearby: the dice roll at once
    return s


@pytest.mark.parametrize("dice, lost, influence", [
    # 3.3.4 Influence Shift: "the winning Faction (the Faction that loses the fewest pieces)
    # increases its Influence by one ..., while the other Faction decreases its Influence by one"
    ((1, 2, 3, 6, 1, 6), (1, 3), (2, 0)),  # BK hits 3 (5 Units), VE hits 1: BK wins
    ((6, 6, 6, 6, 1, 2), (2, 0), (0, 2)),  # BK misses, VE hits 2 (3 Units): VE wins
    ((1, 6, 6, 6, 3, 6), (1, 1), (1, 1)),  # one each: "no adjustment"
])
def test_3_3_4_battle_between_bahmani_and_vijayanagara_shifts_influence(dice, lost, influence):
    s = bk_attacks_karnataka(5, dice, influence=(1, 1))
    if s["stack"][-1]["kind"] == "refill":  # 1.9: VE fell below its emptied slot 1: two Rajas back
        do(s, "available", "available")
    here = s["spaces"]["Karnataka"]
    assert (5 - here["amir_o"], 3 - here["raja_o"]) == lost
    assert (s["influence"][BK], s["influence"][VE]) == influence
    assert s["last_battle"]["hits"] == {"att": lost[1], "def": lost[0]}
    assert s["stack"][-1]["kind"] == "command"  # back to the Attack Command
    rules.invariants(s)


def test_1_10_charge_turns_a_6_into_a_5_which_hits_with_five_units():
    # Reading (battle.py): the hit test is on the modified roll; a Charged 6 is a 5, not a 6.
    s = bk_attacks_karnataka(5, (6, 6, 6, 6, 6, 6), cavalry=(1, 0))
    assert rules.active(s) == [BK] and ["charge", 0] in acts(s, BK)
    pool = board_state.pool(s)
    do(s, ["charge", 0])
    assert board_state.pool(s) == pool + 1  # 1.10: used tokens return to the pool
    assert s["last_battle"]["dice"]["att"] == [5, 6, 6, 6] and s["last_battle"]["hits"]["att"] == 1
    assert s["spaces"]["Karnataka"]["raja_o"] == 2 and s["influence"][BK] == 1  # 3.3.4: BK won


def test_1_10_charges_may_hit_the_same_die_twice_and_a_charged_5_misses_with_four_units():
    s = bk_attacks_karnataka(4, (6, 6, 6, 6, 6, 6), cavalry=(2, 0))
    do(s, ["charge", 0])
    frame = s["stack"][-1]
    assert frame["dice"]["att"] == [5, 6, 6, 6] and battle.hits(frame["dice"]["att"], 4) == 0
    do(s, ["charge", 0])  # "the same die may be affected ... multiple times"
    assert s["last_battle"]["dice"]["att"] == [4, 6, 6, 6] and s["last_battle"]["hits"]["att"] == 1


def test_1_10_screen_removes_an_opponents_die_unless_it_shows_a_1_then_the_defender_acts():
    s = bk_attacks_karnataka(5, (1, 2, 3, 4, 1, 3), cavalry=(1, 1))
    assert rules.active(s) == [BK]
    assert [a for a in acts(s, BK) if a[0] == "screen"] == [["screen", 1]]  # not the 1
    assert [a for a in acts(s, BK) if a[0] == "charge"] == [["charge", 1], ["charge", 2], ["charge", 3]]
    do(s, ["screen", 1])
    assert rules.active(s) == [VE]  # 1.10: "the attacker first and then the defender"
    assert ["screen", 0] not in acts(s, VE) and ["screen", 1] in acts(s, VE)
    do(s, ["screen", 3])  # removes BK's 4
    battle_ = s["last_battle"]
    assert battle_["dice"] == {"att": [1, 2, 3], "def": [1]} and battle_["hits"] == {"att": 3, "def": 1}
    assert s["cavalry"] == {DS: 2, BK: 0, VE: 0}
    assert s["spaces"]["Karnataka"]["raja_o"] == 0 and s["spaces"]["Karnataka"]["amir_o"] == 4


def test_1_10_mongol_charge_turns_a_miss_into_a_hit_else_a_2_into_a_1():
    f = battle_state(data.MONGOLS, DS, "Punjab", [5, 4, 6, 6], [1, 1], 3, 2)
    battle.mongol_charge(f, "att")
    assert f["dice"]["att"] == [5, 3, 6, 6]  # the 4 misses with three Units: made a 3
    f = battle_state(data.MONGOLS, DS, "Punjab", [6, 2, 6, 6], [1, 1], 5, 2)
    battle.mongol_charge(f, "att")
    assert f["dice"]["att"] == [5, 2, 6, 6]  # a miss into a hit comes first: the 6 made a 5
    f = battle_state(data.MONGOLS, DS, "Punjab", [4, 3, 5, 6], [1, 1], 1, 2)
    battle.mongol_charge(f, "att")
    assert f["dice"]["att"] == [4, 3, 5, 6] and "cavalry" not in f  # nothing useful: no Charge


def test_3_5_3_mongol_charge_makes_a_2_a_1_which_the_sultanate_cannot_screen():
    # 3.5.3: "The Charge must be used to convert a miss to a hit if possible, then to reduce a 2 to
    # a 1 if possible"; 1.10: a Screen removes a die "unless it is showing a 1"
    s = at_card("M1")  # stand-in: run by the Bahmani Kingdom
    do(s, "amass")  # three Invaders join the Sultanate's two Troops in the Mountain Passes (2.1)
    rig_dice(s, [2, 5, 6, 6, 1, 4])  # with three Invaders no miss can become a hit
    do(s, "attack", "Mountain Passes")
    assert rules.active(s) == [DS] and s["stack"][-1]["dice"]["att"] == [1, 5, 6, 6]
    assert s["stack"][-1]["cavalry"] == ["Mongol Invaders: Charge 2 -> 1"]
    assert [a for a in acts(s, DS) if a[0] == "screen"] == [["screen", 1], ["screen", 2], ["screen", 3]]
    do(s, "done")
    assert s["last_battle"]["hits"] == {"att": 1, "def": 1}
    assert s["spaces"]["Mountain Passes"]["troop"] == 1 and s["spaces"]["Mountain Passes"]["mongol"] == 2
    assert s["resources"][DS] == 12 - 2  # Plunder: one per Invader remaining (3.5.3)


def test_attacker_dice_three_against_a_fort_and_for_mongols_in_delhi():
    s = at_event(1)
    s["spaces"]["Maharashtra"]["fort"] = 1
    s["available"]["fort"] -= 1
    assert battle.attacker_dice(s, battle.start(DS, BK, "Maharashtra")) == 3
    assert battle.attacker_dice(s, battle.start(BK, VE, "Maharashtra")) == 4
    assert battle.attacker_dice(s, battle.start(data.MONGOLS, DS, "Delhi")) == 3
    assert battle.attacker_dice(s, battle.start(data.MONGOLS, DS, "Punjab")) == 4


# --- Commands (3.x) -----------------------------------------------------------------------------

def test_3_2_1_conscript_five_in_delhi_costs_one_resource():
    s = at_event(1)
    do(s, "command", "conscript", "Delhi")
    assert acts(s, DS) == [1, 2, 3, 4, 5]
    do(s, 5)
    assert s["spaces"]["Delhi"]["troop"] == 9 and s["resources"][DS] == 11
    do(s, "done")
    assert rules.active(s) == [BK]


def test_2_3_5_limited_command_ends_after_one_space_and_stays_eligible():
    s = at_event(1)
    do(s, "limited", "conscript", "Sindh")
    assert s["spaces"]["Sindh"]["troop"] == 2
    assert rules.active(s) == [BK]


def test_2_7_1_no_rebel_under_khalji():
    s = at_event(1)
    do(s, "pass")
    do(s, "command")
    assert "rebel" not in rules.actions(s, BK)
    s["dynasty"] = "Tughlaq"
    assert "rebel" in rules.actions(s, BK)


def test_2_7_1_an_event_may_still_allow_a_rebel_command_under_khalji():
    # 2.7.1: "Some Event cards may still allow a Rebel Command ... while this Dynasty card is in play"
    s = at_event(1)
    assert s["dynasty"] == "Khalji"
    s["stack"].append({"kind": "action", "role": BK, "limited": True, "free": True, "decree": None,
                       "command": None, "only": "rebel", "optional": True})  # effects.py's "free"
    assert acts(s, BK) == ["rebel", "skip"]
    do(s, "rebel", "Maharashtra")
    assert s["control"]["Maharashtra"] == BK and s["resources"][BK] == 6  # free (3.1.3)


def test_3_3_3_rebel_makes_province_bahmani_controlled():
    s = at_event(1)
    s["dynasty"] = "Tughlaq"
    do(s, "pass", "command", "rebel")
    assert acts(s, BK) == ["Gondwana", "Maharashtra", "done"]  # Bahmani majority
    do(s, "Maharashtra")
    assert not s["tributary"]["Maharashtra"] and s["control"]["Maharashtra"] == BK
    assert s["spaces"]["Maharashtra"]["amir_r"] == 4


def test_3_4_1_rally_adds_one_raja_for_a_temple_and_one_where_controlled_placed_rebelling():
    # 3.4.1: one Raja, +1 in Karnataka, +1 with a Temple, +1 if Vijayanagara Controlled
    s = at_event(5)  # the Vijayanagara Empire first
    board_state.place(s, "temple", "Andhra")
    board_state.place(s, "temple", "Karnataka")
    board_state.make_independent(s, "Karnataka")
    do(s, "command", "rally", "Andhra")
    assert acts(s, VE) == [1, 2]  # a Tributary with a Temple
    do(s, 2, "Karnataka")
    assert acts(s, VE) == [1, 2, 3, 4]
    do(s, 4)
    assert s["spaces"]["Andhra"]["raja_o"] == 2 + 2
    assert s["spaces"]["Karnataka"]["raja_r"] == 3 + 4 and s["spaces"]["Karnataka"]["raja_o"] == 0
    assert s["resources"][VE] == 7 - 2


def test_3_3_1_rally_in_maharashtra_places_two():
    s = at_event(1)
    do(s, "pass", "command", "rally", "Maharashtra")
    assert acts(s, BK) == [1, 2]
    do(s, 2)
    assert s["spaces"]["Maharashtra"]["amir_o"] == 6 and s["resources"][BK] == 6 - 1


def test_3_2_2_march_units_move_once():
    s = at_event(1)
    do(s, "command", "march", "Rajput Kingdoms", ["Delhi", "troop"], ["Delhi", "troop"], "done")
    assert s["spaces"]["Rajput Kingdoms"]["troop"] == 3
    do(s, "Sindh", ["Rajput Kingdoms", "troop"])  # 3.1.2: only the Troop that had not moved
    assert ["Rajput Kingdoms", "troop"] not in rules.actions(s, DS)
    assert s["spaces"]["Rajput Kingdoms"]["troop"] == 2


def test_3_2_3_govern_places_a_governor_then_removes_obedient_units():
    s = at_event(1)
    do(s, "command", "govern", "Maharashtra", "governor")
    assert s["spaces"]["Maharashtra"]["governor"] == 1
    do(s, "done", "pass", "pass")  # next card
    s2 = at_event(1)
    do(s2, "command", "govern", "Malwa")
    assert "qasbah" in rules.actions(s2, DS)


# --- Decrees (4.x) ------------------------------------------------------------------------------

def test_4_2_3_demand_obedience_where_controlled_with_a_governor():
    # 4.2.3: a Tributary marker in Sultanate Controlled Provinces with a Governor, Rebelling Units
    # there flipped to Obedient, Resources + the Prosperity of those Provinces
    s = at_event(1)
    board_state.place(s, "amir_o", "Malwa")
    board_state.make_independent(s, "Malwa")  # three Troops and a Governor against one Amir
    board_state.flip(s, "Malwa", "amir_o", "amir_r")
    board_state.make_independent(s, "Jaunpur")  # Sultanate Controlled, but no Governor
    assert s["control"]["Malwa"] == DS and s["control"]["Jaunpur"] == DS
    assert board_state.victory_points(s)[DS] == 18 - 2 - 2
    do(s, "command+decree", "obedience")
    assert acts(s, DS) == ["Malwa", "done"]
    do(s, "Malwa")
    assert s["tributary"]["Malwa"] and s["control"]["Malwa"] is None
    assert s["spaces"]["Malwa"]["amir_o"] == 1 and s["spaces"]["Malwa"]["amir_r"] == 0
    assert s["resources"][DS] == 12 + 2  # Malwa's Prosperity (stand-in 2)
    assert board_state.victory_points(s)[DS] == 18 - 2
    assert s["stack"][-1]["kind"] == "action"  # the Command is still to come (4.1)


def test_4_3_2_build_places_a_fort_where_an_amir_is_one_per_province():
    s = at_event(3)  # the Bahmani Kingdom first
    do(s, "command+decree", "build")
    assert acts(s, BK) == ["Gujarat", "Madhyadesh", "Gondwana", "Maharashtra"]  # with an Amir (2.1)
    do(s, "Maharashtra")
    assert s["spaces"]["Maharashtra"]["fort"] == 1 and s["available"]["fort"] == 4
    assert board_state.victory_points(s)[BK] == 1  # 5.2: Forts on the map
    s["stack"] = [{"kind": "build", "role": BK}]
    assert "Maharashtra" not in acts(s, BK)  # 1.4.4: one Fort per Province


def test_4_4_2_build_places_a_temple_where_a_raja_is():
    s = at_event(5)  # the Vijayanagara Empire first
    do(s, "command+decree", "build")
    assert acts(s, VE) == ["Andhra", "Karnataka", "Tamilakam"]
    do(s, "Tamilakam")
    assert s["spaces"]["Tamilakam"]["temple"] == 1 and s["available"]["temple"] == 4
    assert board_state.victory_points(s)[VE] == 1  # 5.3: Temples on the map


def test_4_2_1_collect_tribute_half_tributary_prosperity_and_two_cavalry():
    s = at_event(1)
    do(s, "command+decree", "tribute")
    assert s["resources"][DS] == 12 + 9 and s["cavalry"][DS] == 4


def test_4_4_1_tax_controlled_prosperity_plus_temples():
    s = at_event(5)  # order VE, DS, BK
    assert rules.active(s) == [VE]
    board_state.place(s, "temple", "Karnataka")
    board_state.make_independent(s, "Karnataka")
    do(s, "command+decree", "tax")
    assert s["resources"][VE] == 7 + 2 + 1


def test_4_3_1_trade_cavalry_grows_with_influence():
    s = at_event(3)  # order BK, DS, VE
    board_state.shift_influence(s, BK, 3)
    do(s, "command+decree", "trade")
    assert s["cavalry"][BK] == 3  # 1.9.1 level 3: three in all
    assert s["resources"][BK] == 6 + 4  # Provinces with Bahmani pieces


# --- Mongols (2.4, 3.5) -------------------------------------------------------------------------

def test_3_5_1_amass_overflows_four_into_punjab_then_delhi():
    s = at_event(1)
    mongols.amass(s)
    mongols.amass(s)
    assert [s["spaces"][x]["mongol"] for x in mongols.MONGOL_SPACES] == [4, 2, 0]
    mongols.amass(s)
    mongols.amass(s)
    assert [s["spaces"][x]["mongol"] for x in mongols.MONGOL_SPACES] == [4, 4, 4]


def test_5_1_final_delhi_adjustment():
    s = at_event(1)
    assert board_state.victory_points(s, final=True)[DS] == 18 + 3
    s["spaces"]["Delhi"]["mongol"] = 7
    s["available"]["mongol"] -= 7
    assert board_state.victory_points(s, final=True)[DS] == 18 - 3


def test_5_0_ties_broken_by_resources():
    s = at_event(1)
    clear_map(s)
    for p in data.PROVINCES:
        s["tributary"][p] = False
    board_state.update_control(s)
    s["spaces"]["Delhi"]["mongol"] = 3
    s["available"]["mongol"] -= 3
    s["resources"] = {DS: 5, BK: 9, VE: 1}
    res = mongols.final_result(s)
    assert res["ranking"] == [[BK], [DS], [VE]] and res["winners"] == [BK]
    assert "tiebreak" not in res


def test_5_5_aadu_huli_tiebreak_offered_only_when_tied_in_vp_and_resources_and_the_option_is_on():
    s = at_event(1)
    clear_map(s)
    for p in data.PROVINCES:
        s["tributary"][p] = False
    board_state.update_control(s)
    s["spaces"]["Delhi"]["mongol"] = 3  # 5.1: Delhi 0 VP, like the others
    s["available"]["mongol"] -= 3
    s["resources"] = {DS: 4, BK: 4, VE: 1}
    res = mongols.final_result(s)
    assert res["winners"] == [DS, BK] and "tiebreak" not in res  # 5.0: the tie stands
    s["options"]["aadu_huli"] = True
    res = mongols.final_result(s)
    assert res["winners"] == [DS, BK] and res["tiebreak"] == "aadu_huli"
    assert "Aadu-Huli aata" in res["summary"] and all(res["details"])
    s["resources"][BK] = 5
    assert "tiebreak" not in mongols.final_result(s)  # Resources break the tie first (5.0)


# --- special cards (2.4-2.6) --------------------------------------------------------------------

def at_card(card, seed=1):
    """A fresh game about to reveal `card` next."""
    state = rules.setup(seed, {})
    state["stack"], state["card"], state["sop"]["queue"] = [], None, []
    state["deck"].insert(0, card)
    rules.advance(state)
    return state


def test_2_4_invasion_two_mongol_commands_then_gifts():
    s = at_card("M1")  # stand-in: run by the Bahmani Kingdom
    assert rules.active(s) == [BK] and acts(s, BK) == ["amass"]
    do(s, "amass")
    assert acts(s, BK) == ["amass", "advance", "attack"]
    do(s, "advance", ["Mountain Passes", 3])
    assert s["spaces"]["Punjab"]["mongol"] == 3
    assert s["card"] != "M1"  # Influence 0: no Compromising Gifts; the next card is revealed
    assert s["sop"]["eligible"] == {DS: True, BK: True, VE: True}  # no eligibility adjustment


def test_2_4_2_compromising_gifts():
    s = at_card("M2")  # Vijayanagara
    board_state.shift_influence(s, VE, 1)
    do(s, "amass", "amass")
    assert acts(s, VE) == ["gifts", "decline"]
    do(s, "gifts")
    assert s["influence"][VE] == 0 and s["resources"][VE] == 9 and s["cavalry"][VE] == 2


def test_2_4_2_no_compromising_gifts_at_influence_0():
    # 2.4.2 "reduce its Deccan Influence by one to gain": at 0 there is nothing to pay with
    s = at_card("M2")  # Vijayanagara
    do(s, "amass", "amass")
    assert s["card"] != "M2" and s["resources"][VE] == 7 and s["cavalry"][VE] == 0


def clear_sultanate_units(s, spaces):
    for space in spaces:
        for kind in ("troop", "governor"):
            board_state.remove(s, space, kind, s["spaces"][space][kind])


def test_3_5_3_plunder_in_punjab_one_resource_and_one_troop_per_invader():
    s = at_card("M1")  # the Bahmani Kingdom runs the Mongols
    clear_sultanate_units(s, ["Punjab"])  # no battle: "regardless of whether any attack occurred"
    board_state.place(s, "mongol", "Punjab", 2)
    do(s, "attack", "Punjab")
    assert s["resources"][DS] == 12 - 2
    assert rules.active(s) == [DS] and s["stack"][-1]["left"] == 2
    assert "Delhi" not in acts(s, DS) and "Malwa" in acts(s, DS)  # "from any Province"
    do(s, "Malwa", "Malwa")
    assert s["spaces"]["Malwa"]["troop"] == 1 and s["available"]["troop"] == 10 + 4 + 2
    assert rules.active(s) == [BK]  # the second Mongol Command


def test_3_5_3_plunder_in_delhi_two_troops_per_invader_if_possible():
    s = at_card("M1")
    clear_sultanate_units(s, ["Delhi"] + [p for p in data.PROVINCES if p not in ("Sindh", "Malwa")])
    board_state.remove(s, "Malwa", "troop", 1)  # three Troops left in Provinces: Sindh 1, Malwa 2
    board_state.place(s, "mongol", "Delhi", 2)
    s["resources"][DS] = 4
    do(s, "attack", "Delhi")
    assert s["resources"][DS] == 3  # -1 per Invader, "down to a minimum of 3"
    assert s["stack"][-1]["left"] == 4 and acts(s, DS) == ["Sindh", "Malwa"]
    do(s, "Malwa", "Sindh", "Malwa")  # four owed, three possible: the rest is not owed
    assert sum(s["spaces"][p]["troop"] for p in data.PROVINCES) == 0
    assert rules.active(s) == [BK] and s["stack"][-1]["kind"] == "mongol_command"
    assert s["spaces"]["Delhi"]["mongol"] == 2


def test_3_5_3_plunder_in_mountain_passes_costs_resources_down_to_3_and_returns_excess():
    s = at_card("M1")
    s["spaces"]["Mountain Passes"]["troop"] = 0
    s["available"]["troop"] += 2
    s["resources"][DS] = 5
    do(s, "amass", "attack", "Mountain Passes")
    assert s["resources"][DS] == 3  # three Invaders, but not below 3
    assert s["spaces"]["Mountain Passes"]["mongol"] == 3


def test_2_5_1_zenith_flips_dynasty_and_pays_deccan():
    s = at_card("S1")
    assert s["dynasty"] == "Tughlaq"
    assert rules.active(s) == [DS] and rules.actions(s, DS) == ["campaign", "skip", "negotiate"]
    do(s, "campaign", "Delhi", ["pickup", "troop"])
    assert "Punjab" not in rules.actions(s, DS)  # Campaign using only Delhi and Provinces
    do(s, "Malwa", "done")
    assert s["spaces"]["Malwa"]["troop"] == 4


def test_2_5_2_rise_of_the_rebel_sultans():
    # 2.5.2: Delhi may Campaign; then each Deccan Faction may execute a free Limited Command, then
    # gains Resources and Cavalry in any combination equal to the Prosperity of its Controlled
    # Independent Provinces, at most three
    s = rules.setup(1, {})
    board_state.place(s, "amir_o", "Sindh", 2)
    for p in ("Maharashtra", "Gondwana", "Sindh", "Karnataka"):
        board_state.make_independent(s, p)
    assert [s["control"][p] for p in ("Maharashtra", "Gondwana", "Sindh")] == [BK] * 3  # 2 + 1 + 1
    assert s["control"]["Karnataka"] == VE  # 2
    s["stack"], s["card"], s["sop"]["queue"] = [], None, []
    s["deck"].insert(0, "S2")
    rules.advance(s)
    assert rules.active(s) == [DS] and acts(s, DS) == ["campaign", "skip"]
    do(s, "skip")
    assert rules.active(s) == [BK] and acts(s, BK) == ["rally", "migrate", "attack", "skip"]
    do(s, "rally", "Maharashtra")
    assert acts(s, BK) == [1, 2, 3]  # 1, +1 Maharashtra, +1 Bahmani Controlled (3.3.1)
    do(s, 3)  # Limited: one Province; free: no Resource spent
    assert s["spaces"]["Maharashtra"]["amir_r"] == 4 + 3 and s["resources"][BK] == 6
    assert s["stack"][-1]["kind"] == "spoils" and acts(s, BK) == [0, 1, 2, 3]  # 4, at most three
    do(s, 1)
    assert s["resources"][BK] == 6 + 2 and s["cavalry"][BK] == 1
    assert rules.active(s) == [VE]
    do(s, "skip")
    assert acts(s, VE) == [0, 1, 2]  # Karnataka's Prosperity 2
    do(s, 0)
    assert s["resources"][VE] == 7 + 2 and s["cavalry"][VE] == 0
    assert events.card_kind(s["card"]) == "event" and s["played"][-1] != "S2"  # no Eligibility change
    assert s["sop"]["eligible"] == {DS: True, BK: True, VE: True}


def test_2_5_3_lords_of_the_deccan_three_resources_per_shift():
    s = at_card("S3")
    assert rules.active(s) == [DS]
    assert [BK, -1] not in rules.actions(s, DS)  # Influence 0: off the track
    do(s, [VE, 1])
    assert s["influence"][VE] == 1 and s["resources"][DS] == 9


def test_2_6_first_timurid_card_places_half_the_available_mongols():
    s = at_card("T1")
    assert s["spaces"]["Mountain Passes"]["mongol"] == 6 and s["timurids"] == 1


def test_2_6_timur_invades_delhi_ends_the_game():
    s = at_card("T1")
    s["deck"].insert(0, "T2")
    while rules.active(s) and s["timurids"] < 2:
        do(s, "pass")
    while rules.result(s) is None:
        do(s, acts(s, rules.active(s)[0])[-1])
    res = rules.result(s)
    assert s["timurids"] == 2 and res["winners"]
    here = s["spaces"]["Delhi"]
    assert here["mongol"] == 0 or here["troop"] + here["governor"] == 0
    assert s["spaces"]["Mountain Passes"]["mongol"] == 0 and s["spaces"]["Punjab"]["mongol"] == 0


# --- Govern, Conspire and Compel edge cases (3.2.3, 4.3.3, 4.4.3) --------------------------------

def test_3_2_3_govern_where_a_governor_is_removes_up_to_two_obedient_units_and_places_a_qasbah():
    s = at_event(1)
    s["spaces"]["Maharashtra"]["governor"] = 1
    s["available"]["governor"] -= 1
    board_state.update_control(s)
    do(s, "command", "govern", "Maharashtra")
    assert acts(s, DS) == ["governor", "amir_o", "qasbah", "done"]
    do(s, "amir_o", "qasbah")
    assert "governor" not in acts(s, DS)  # either a Governor OR removals/Qasbah (PLAY NOTE)
    do(s, "amir_o")
    assert acts(s, DS) == ["done"]  # up to two Obedient Units, one Qasbah
    assert s["spaces"]["Maharashtra"]["amir_o"] == 2 and s["spaces"]["Maharashtra"]["qasbah"] == 1


def test_3_2_3_govern_not_in_an_independent_province_the_sultanate_does_not_control():
    s = at_event(1)
    s["tributary"]["Karnataka"] = False
    board_state.update_control(s)  # Vijayanagara Controlled
    do(s, "command", "govern")
    assert "Karnataka" not in acts(s, DS) and "Delhi" in acts(s, DS) and "Punjab" in acts(s, DS)


def conspire_state(influence=0):
    s = at_event(1)
    board_state.shift_influence(s, BK, influence)  # 1.9: releases the track's Amirs
    s["stack"] = [{"kind": "conspire", "role": BK, "done_in": []}]
    return s


def test_4_3_3_conspire_replaces_governors_in_two_different_provinces_with_bahmani_pieces():
    s = conspire_state()
    for p in ("Maharashtra", "Gujarat", "Karnataka"):
        s["spaces"][p]["governor"] = 1
    s["available"]["governor"] -= 3
    assert acts(s, BK) == [["Gujarat", "governor", "amir_o"], ["Gujarat", "governor", "amir_r"],
                           ["Gujarat", "governor", None],
                           ["Maharashtra", "governor", "amir_o"], ["Maharashtra", "governor", "amir_r"],
                           ["Maharashtra", "governor", None],
                           "done"]  # not Karnataka: no Bahmani piece there
    do(s, ["Gujarat", "governor", "amir_r"])
    assert s["spaces"]["Gujarat"]["amir_r"] == 1 and s["spaces"]["Gujarat"]["governor"] == 0
    assert all(a == "done" or a[0] != "Gujarat" for a in acts(s, BK))  # two different Provinces
    do(s, ["Maharashtra", "governor", "amir_o"])
    assert s["stack"] == [] or s["stack"][-1]["kind"] != "conspire"
    rules.invariants(s)


def test_4_3_3_conspire_may_remove_a_governor_without_replacing_it():
    # 1.4.6: "A piece can simply be removed without being replaced by another piece during such an
    # action if desired", although Amirs are Available
    s = conspire_state()
    s["spaces"]["Maharashtra"]["governor"] = 1
    s["available"]["governor"] -= 1
    amirs, governors = s["available"]["amir"], s["available"]["governor"]
    assert amirs == 6
    do(s, ["Maharashtra", "governor", None])
    here = s["spaces"]["Maharashtra"]
    assert here["governor"] == 0 and here["amir_o"] + here["amir_r"] == 4  # the four of 2.1 only
    assert s["available"]["amir"] == amirs and s["available"]["governor"] == governors + 1
    assert "removed" in s["log"][-1]
    assert GAME.rules.action_label(s, ["Gujarat", "governor", None]) == \
        "Gujarat: remove a Governor (no replacement)"
    rules.invariants(s)


def test_4_3_3_conspire_with_no_amir_available_only_removes():
    s = conspire_state()
    s["spaces"]["Maharashtra"]["governor"] = 1
    s["available"]["governor"] -= 1
    s["spaces"]["Sindh"]["amir_o"] = s["available"]["amir"]
    s["available"]["amir"] = 0  # 1.4.6: none in the box, none placed
    assert [a for a in acts(s, BK) if a != "done" and a[0] == "Maharashtra"] == \
        [["Maharashtra", "governor", None]]


def test_4_3_3_influential_conspire_reaches_adjacent_rajas_and_rebels_stay_rebels():
    s = conspire_state(influence=2)
    s["spaces"]["Karnataka"]["raja_r"], s["spaces"]["Karnataka"]["raja_o"] = 1, 2
    picks = [a for a in acts(s, BK) if a != "done" and a[0] == "Karnataka"]  # adjacent to Maharashtra
    assert picks == [["Karnataka", "raja_o", "amir_o"], ["Karnataka", "raja_o", "amir_r"],
                     ["Karnataka", "raja_o", None],
                     ["Karnataka", "raja_r", "amir_r"], ["Karnataka", "raja_r", None]]


def compel_state(influence=0):
    s = at_event(1)
    board_state.shift_influence(s, VE, influence)  # 1.9: releases the track's Rajas
    s["stack"] = []
    decrees.start(s, VE, "compel", None)  # the Decree's own frame
    return s


def test_4_4_3_compel_places_one_and_moves_one_from_a_single_adjacent_province():
    s = compel_state()
    assert "Maharashtra" in acts(s, VE) and "Sindh" not in acts(s, VE)  # with or adjacent to a Raja
    do(s, "Maharashtra", "place")
    assert ["Karnataka", "raja_o"] in acts(s, VE) and ["Andhra", "raja_o"] in acts(s, VE)
    do(s, ["Karnataka", "raja_o"])
    assert acts(s, VE) == ["done"]  # two Rajas in all; no removal below Influence 2
    assert s["spaces"]["Maharashtra"]["raja_o"] == 2 and s["spaces"]["Karnataka"]["raja_o"] == 2


def test_4_4_3_influential_compel_gains_cavalry_removes_a_troop_and_flips_the_new_rajas():
    s = compel_state(influence=2)
    do(s, "Andhra")
    assert s["cavalry"][VE] == 1
    do(s, "place", "place")
    assert ["Karnataka", "raja_o"] not in acts(s, VE)  # two Rajas already
    do(s, "troop")
    here = s["spaces"]["Andhra"]
    assert here["troop"] == 0 and here["raja_r"] == 2 and here["raja_o"] == 2
    rules.invariants(s)


def test_4_4_3_compel_flips_rajas_brought_in_after_the_sultanate_unit_is_removed():
    # "flip any Rajas just placed or moved" - also those placed after the removal
    s = compel_state(influence=2)
    do(s, "Andhra", "troop", "place", "place")
    here = s["spaces"]["Andhra"]
    assert here["troop"] == 0 and here["raja_r"] == 2 and here["raja_o"] == 2
    rules.invariants(s)


def test_4_4_3_compel_flips_only_the_rajas_just_brought_in():
    # a Rebelling Raja moved in stays as it is, and the Obedient Rajas already there are not flipped
    s = compel_state(influence=2)
    k = s["spaces"]["Karnataka"]
    k["raja_o"], k["raja_r"] = k["raja_o"] - 1, k["raja_r"] + 1
    before = dict(s["spaces"]["Andhra"])
    do(s, "Andhra", ["Karnataka", "raja_r"], "troop")
    here = s["spaces"]["Andhra"]
    assert here["raja_o"] == before["raja_o"] and here["raja_r"] == before["raja_r"] + 1


def _timur_with_empty_route(mongols_in_delhi=0, resources=10):
    """The second Timurid card drawn with no Sultanate Units on the Mongol route or in Delhi."""
    s = at_card("T1")
    for space in ("Delhi", "Punjab", "Mountain Passes"):
        for kind in ("troop", "governor"):
            s["available"][kind] += s["spaces"][space][kind]
            s["spaces"][space][kind] = 0
    s["spaces"]["Delhi"]["mongol"] = mongols_in_delhi
    s["available"]["mongol"] -= mongols_in_delhi
    s["resources"]["Delhi Sultanate"] = resources
    s["stack"], s["card"], s["sop"]["queue"] = [], None, []
    s["deck"].insert(0, "T2")
    rules.advance(s)
    return s


def test_2_6_step_3_delhi_is_plundered_even_with_no_sultanate_units_there():
    # 2.6 step 3 "Finally, the Mongol Invaders Attack in Delhi"; 3.5.3: the consequences apply
    # "regardless of whether any attack actually occurred": -1 Resource per Invader, minimum 3.
    s = _timur_with_empty_route(mongols_in_delhi=4)
    assert rules.result(s) is not None
    assert s["spaces"]["Delhi"]["mongol"] == 4 + 3
    assert s["resources"]["Delhi Sultanate"] == 3  # 10 - 7 would pass the minimum of 3


def test_2_6_invaders_beyond_three_return_after_the_passes_and_punjab_attacks():
    # 3.5.3 "return any Mongol Invaders in excess of three" is neither a Resource nor a
    # Province-related consequence, so Timur's steps 1 and 2 keep it: 6 Invaders in the Passes
    # (half of the twelve Available, 2.6) become 3 before moving on; Delhi then loses 3 Resources.
    s = _timur_with_empty_route(mongols_in_delhi=0, resources=10)
    assert rules.result(s) is not None
    assert s["spaces"]["Delhi"]["mongol"] == 3
    assert s["resources"]["Delhi Sultanate"] == 7
    vp = rules.result(s)["scores"]["Delhi Sultanate"]
    assert vp == board_state.victory_points(s, final=True)["Delhi Sultanate"]


def test_3_3_2_migrate_shifts_influence_in_a_destination_with_a_vijayanagara_piece():
    # "In up to one destination which contains a Vijayanagara piece, the Bahmani Kingdom may spend 1
    # Resource to increase their own Influence by one and decrease the Vijayanagara Empire's
    # Influence by one" - whether or not any Amir has moved in yet.
    s = at_event(3)  # the Bahmani Kingdom acts first
    board_state.shift_influence(s, VIJAYANAGARA, 2)
    s["resources"][BAHMANI] = 5
    assert board_state.has_piece(s, "Karnataka", VIJAYANAGARA)
    do(s, "command", "migrate", "Karnataka")
    assert "shift" in acts(s, BAHMANI)
    bk, ve, money = s["influence"][BAHMANI], s["influence"][VIJAYANAGARA], s["resources"][BAHMANI]
    do(s, "shift")
    assert s["influence"][BAHMANI] == bk + 1 and s["influence"][VIJAYANAGARA] == ve - 1
    assert s["resources"][BAHMANI] == money - 1
    assert "shift" not in acts(s, BAHMANI)  # up to one destination


def test_4_4_3_compel_with_no_province_with_or_next_to_a_raja_does_nothing():
    # 4.4.3 selects "one Province with or adjacent to a Vijayanagara piece": with none, only "done"
    s = compel_state(influence=0)
    for space in data.PROVINCES:
        for kind in ("raja_o", "raja_r", "temple"):
            s["available"][data.PIECE_TYPE[kind]] += s["spaces"][space][kind]
            s["spaces"][space][kind] = 0
    assert decrees.compel_targets(s) == []
    assert acts(s, VE) == ["done"]
    do(s, "done")
    assert not s["stack"] or s["stack"][-1]["kind"] != "compel"


def test_2_3_the_option_choice_carries_the_cards_texts_beside_the_buttons():
    """On a phone the card on the map is unreadable, so the decision's buttons come with the
    Event card's two texts and the Faction's Resources (rules.context)."""
    from engine.core.session import Session
    s = Session.new("vijayanagara", [["Delhi Sultanate", None], ["Bahmani Kingdom", 1], ["Vijayanagara Empire", 1]], seed=3)
    role = s.active()[0]
    view = rules.view(s.state, role)
    card = view["card_info"]
    assert "unshaded" in rules.actions(s.state, role)
    lines = rules.context(view, role)
    assert lines[0].startswith(f"{card['title']} (card {card['number']})")
    assert lines[1] == f"Event (unshaded): {card['unshaded']}" and lines[2] == f"Event (shaded): {card['shaded']}"
    assert lines[3] == f"{role}: {s.state['resources'][role]} Resources"
