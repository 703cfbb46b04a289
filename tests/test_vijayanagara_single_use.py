"""Vijayanagara 3.1.2, single use per piece: "No piece may be used more than once during one
Command (e.g., in more than one Migrate/March, Attack, or Govern)."

A piece keeps being "used" whatever happens to it later in the Command: flipping to Rebelling when
its Faction takes Control (1.4.5) or to Obedient on entering a Tributary (3.3.2) does not make it
a fresh piece, and losing a used piece (a casualty, a 1.9 refill from the map) does not use up a
fresh one.
"""
from engine.vijayanagara import GAME, board_state, data, events, rules
from engine.vijayanagara.data import BAHMANI, DELHI, VIJAYANAGARA

from play_helpers import player, rig_dice

DS, BK, VE = DELHI, BAHMANI, VIJAYANAGARA
do = player(GAME)


def at_event(number):
    """A fresh game (seed 1) on Event `number`, every Faction Eligible, its first Faction to act."""
    state = rules.setup(1, {})
    state["stack"] = []
    state["card"] = events.event_id(number)
    state["sop"]["eligible"] = {f: True for f in data.FACTIONS}
    state["sop"]["queue"] = [data.BY_SHORT[s] for s in events.EVENT_BY_NUMBER[number]["order"]]
    rules.advance(state)
    return state


def acts(state, role):
    return [a for a in rules.actions(state, role) if a != "negotiate"]


def put(state, space, kind, n=1):
    assert board_state.place(state, kind, space, n) == n


def test_3_3_4_amirs_that_attacked_stay_used_after_flipping_to_rebelling():
    # 3.3.4: "All Amirs in that space are attacking"; PLAY NOTE: "Units may only ever be involved in
    # a single attack during any Command (3.1.2)". The two Amirs that win Karnataka flip to
    # Rebelling (1.4.5: "If a Province becomes Controlled ... immediately flip all their Units"),
    # and are still the Amirs that attacked: the Fort there may not send them into a second attack.
    s = at_event(3)  # the Bahmani Kingdom first
    board_state.make_independent(s, "Karnataka")  # three Rajas: Vijayanagara Controlled
    put(s, "Karnataka", "amir_o", 2)
    put(s, "Karnataka", "fort")
    rig_dice(s, [1, 2, 6, 6, 6, 6])
    do(s, "command", "attack", "Karnataka")  # no Fort next door: the dice roll at once
    assert s["last_battle"]["hits"] == {"att": 2, "def": 0}
    here = s["spaces"]["Karnataka"]
    assert s["control"]["Karnataka"] == BK and here["amir_r"] == 2 and here["amir_o"] == 0
    do(s, "Andhra")
    assert acts(s, BK) == [DS, VE]
    do(s, VE)  # no fresh Amir next to Andhra with a Fort: a raid by nobody, at once
    assert ["Karnataka", "amir_r"] not in acts(s, BK)
    assert s["last_battle"]["space"] == "Andhra" and s["last_battle"]["units"]["att"] == 0
    rules.invariants(s)


def test_3_4_4_rajas_that_attacked_stay_used_after_flipping_to_rebelling():
    # 3.4.4: the same for the Rajas and "one adjacent Province with a Temple".
    s = at_event(5)  # the Vijayanagara Empire first
    board_state.make_independent(s, "Maharashtra")  # four Amirs: Bahmani Controlled
    put(s, "Maharashtra", "raja_o", 2)
    put(s, "Maharashtra", "temple")
    rig_dice(s, [1, 2, 6, 6, 6, 6])
    do(s, "command", "attack", "Maharashtra")  # one defender, no Temple next door: at once
    assert s["last_battle"]["hits"] == {"att": 2, "def": 0}
    here = s["spaces"]["Maharashtra"]
    assert s["control"]["Maharashtra"] == VE and here["raja_r"] == 2 and here["raja_o"] == 0
    do(s, "Gujarat", BK)  # Maharashtra's Rajas both attacked: no Temple support
    assert ["Maharashtra", "raja_r"] not in acts(s, VE)
    assert s["last_battle"]["space"] == "Gujarat" and s["last_battle"]["units"]["att"] == 0
    rules.invariants(s)


def test_3_3_2_an_amir_that_migrated_may_not_move_on_beside_an_unmoved_one():
    # 3.3.2 PLAY NOTE: "Amirs may only ever be moved once during a single Migrate Command (3.1.2)".
    # Karnataka (Vijayanagara Controlled) holds an unmoved Rebelling Amir; an Obedient Amir migrates
    # in and keeps its orientation ("otherwise they retain their original orientation"). Migrating
    # on into Tamilakam, only the unmoved Rebelling Amir may go.
    s = at_event(3)
    board_state.make_independent(s, "Karnataka")
    s["spaces"]["Karnataka"]["amir_r"] = 1
    s["available"]["amir"] -= 1
    board_state.update_control(s)
    assert s["control"]["Karnataka"] == VE
    do(s, "command", "migrate", "Karnataka", ["Maharashtra", "amir_o"], "done")
    here = s["spaces"]["Karnataka"]
    assert here["amir_o"] == 1 and here["amir_r"] == 1
    do(s, "Tamilakam")
    assert [a for a in acts(s, BK) if isinstance(a, list)] == [["Karnataka", "amir_r"]]
    do(s, ["Karnataka", "amir_r"])
    assert [a for a in acts(s, BK) if isinstance(a, list)] == []
    assert s["spaces"]["Tamilakam"]["amir_o"] == 1  # 3.3.2: Obedient on entering a Tributary
    rules.invariants(s)


def test_3_3_2_an_amir_made_obedient_by_a_tributary_is_still_the_one_that_moved():
    # 3.3.2: Amirs "become ... Obedient if they enter a Tributary Province": a Rebelling Amir that
    # migrates into Gondwana (Tributary, one unmoved Obedient Amir, 2.1) is the one that moved.
    s = at_event(3)
    board_state.make_independent(s, "Andhra")
    s["spaces"]["Andhra"]["amir_r"] = 1
    s["available"]["amir"] -= 1
    board_state.update_control(s)
    do(s, "command", "migrate", "Gondwana", ["Andhra", "amir_r"], "done")
    assert s["spaces"]["Gondwana"]["amir_o"] == 2
    do(s, "Jaunpur")  # Tributary, next to Gondwana
    assert [a for a in acts(s, BK) if isinstance(a, list)] == [["Gondwana", "amir_o"]]
    do(s, ["Gondwana", "amir_o"])
    assert [a for a in acts(s, BK) if isinstance(a, list)] == []  # the other one already moved
    rules.invariants(s)


def bk_attacks_karnataka_with_fort_support(amirs_in_karnataka, dice):
    """The Bahmani Kingdom Attacks the three Rajas of Karnataka (2.1) with `amirs_in_karnataka`
    Amirs there and two of Maharashtra's four Amirs joining from a Fort."""
    s = at_event(3)
    if amirs_in_karnataka:
        put(s, "Karnataka", "amir_o", amirs_in_karnataka)
    put(s, "Maharashtra", "fort")
    rig_dice(s, dice)
    do(s, "command", "attack", "Karnataka", ["Maharashtra", "amir_o"], ["Maharashtra", "amir_o"])
    return s


def test_3_3_4_a_supporting_amir_lost_as_a_casualty_leaves_the_fresh_ones_fresh():
    # 3.3.4: supporting Amirs "may be removed as casualties". One of the two is lost: Maharashtra
    # keeps one used Amir and two fresh ones, and "Up to two Amirs may join" the next attack.
    s = bk_attacks_karnataka_with_fort_support(0, [6, 6, 6, 6, 1, 6])
    assert s["last_battle"]["lost"] == {"att": 1, "def": 0}
    assert s["spaces"]["Maharashtra"]["amir_o"] == 3
    do(s, "Andhra", VE)
    assert acts(s, BK) == [["Maharashtra", "amir_o"], "done"]
    do(s, ["Maharashtra", "amir_o"])
    assert acts(s, BK) == [["Maharashtra", "amir_o"], "done"]  # the second fresh Amir
    do(s, ["Maharashtra", "amir_o"])
    assert s["last_battle"]["space"] == "Andhra" and s["last_battle"]["units"]["att"] == 2
    rules.invariants(s)


def test_1_9_a_refill_from_the_map_during_an_attack_returns_a_used_amir_first():
    # 1.9: Influence falling below an emptied slot puts Units back "from ... anywhere on the map".
    # The Bahmani lose the battle (3.3.4 Influence Shift) and return one of Maharashtra's Amirs:
    # Amirs of one kind in one space differ only in having been used in this Command or not, and a
    # used one is the Faction's better choice (it can do nothing more in this Command), so the
    # engine returns a used one: Maharashtra keeps its two fresh Amirs for the next attack.
    s = at_event(3)
    board_state.shift_influence(s, BK, 2)  # slot 2's two Amirs to Available
    put(s, "Karnataka", "amir_o")
    put(s, "Maharashtra", "fort")
    rig_dice(s, [6, 6, 6, 6, 1, 6])
    do(s, "command", "attack", "Karnataka", ["Maharashtra", "amir_o"], ["Maharashtra", "amir_o"])
    assert acts(s, BK) == [["Karnataka", "amir_o"], ["Maharashtra", "amir_o"]]
    do(s, ["Karnataka", "amir_o"])  # the casualty: the Amir in Karnataka
    assert s["influence"][BK] == 1 and s["stack"][-1]["kind"] == "refill"
    do(s, ["Maharashtra", "amir_o"], "available")
    assert s["spaces"]["Maharashtra"]["amir_o"] == 3
    do(s, "Andhra", VE)
    do(s, ["Maharashtra", "amir_o"])
    assert acts(s, BK) == [["Maharashtra", "amir_o"], "done"]  # two fresh Amirs
    rules.invariants(s)


def test_3_2_2_a_troop_that_marched_may_not_march_on():
    # 3.2.2 PLAY NOTE: "Units may only ever be moved once during a single March Command (3.1.2)."
    s = at_event(1)  # the Sultanate first
    do(s, "command", "march", "Rajput Kingdoms", ["Delhi", "troop"], ["Delhi", "troop"], "done")
    do(s, "Sindh")
    assert ["Rajput Kingdoms", "troop"] in acts(s, DS)  # the one Troop that had not moved
    do(s, ["Rajput Kingdoms", "troop"])
    assert ["Rajput Kingdoms", "troop"] not in acts(s, DS)
    rules.invariants(s)


def test_3_1_2_used_marks_end_with_the_command():
    # 3.1.2 is "during one Command": the next Command starts with every piece fresh.
    s = bk_attacks_karnataka_with_fort_support(0, [6] * 6)
    assert s["used"]  # two supporting Amirs are used ...
    do(s, "done")
    assert s["used"] == {}  # ... until the Command ends
    rules.invariants(s)
