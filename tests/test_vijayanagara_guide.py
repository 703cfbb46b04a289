"""Vijayanagara's guide (engine/vijayanagara/guide.py): the rulebook section behind each step
(rule_ref), the position in words (describe) and the race chart's numbers (chart_sample), checked on
positions built as in tests/test_vijayanagara_rules.py, with the rulebook's numbers."""
import copy
import json

from engine.core.api import reference_anchor
from engine.vijayanagara import GAME, board_state, data, decrees, events, guide, rules
from engine.vijayanagara.data import BAHMANI, DELHI, VIJAYANAGARA

from play_helpers import player, rig_dice
from tests.test_vijayanagara_rules import at_card

DS, BK, VE = DELHI, BAHMANI, VIJAYANAGARA
do = player(GAME)
KEYS = [key for key, _, _ in guide.REFERENCE]


def at_event(number=1, seed=1):
    """A fresh game whose current card is Event `number`, every Faction Eligible (2.3.1)."""
    state = rules.setup(seed, {})
    state["stack"] = []
    state["card"] = events.event_id(number)
    state["sop"]["queue"] = [data.BY_SHORT[s] for s in events.EVENT_BY_NUMBER[number]["order"]]
    rules.advance(state)
    return state


def ref(state):
    role = rules.active(state)[0]
    return guide.rule_ref(state, role)


def words(state, role):
    return guide.describe(rules.view(state, role), role)


# --- REFERENCE ------------------------------------------------------------------------------------

def test_the_reference_covers_the_rulebook_sections_of_every_kind_of_step():
    # 1.5.2 Negotiation, 1.9 Influence refills, 1.10 Cavalry, 2.3.3-2.3.5 the sequence of play, 2.4-2.6
    # the special cards, 3.x each Faction's four Commands, 4.x each Faction's three Decrees, 5.0 and
    # the two options (5.5, the Timur's Shadow box)
    for key in ("1.5.2", "1.9", "1.10", "2.3.3", "2.3.4", "2.3.5", "2.4.1", "2.4.2", "2.5.1", "2.5.2",
                "2.5.3", "2.6", "3.1", "3.1.3", "3.2.1", "3.2.2", "3.2.3", "3.2.4", "3.3.1", "3.3.2",
                "3.3.3", "3.3.4", "3.4.1", "3.4.2", "3.4.3", "3.4.4", "3.5.1", "3.5.2", "3.5.3", "4.1",
                "4.2.1", "4.2.2", "4.2.3", "4.3.1", "4.3.2", "4.3.3", "4.4.1", "4.4.2", "4.4.3", "5.0",
                "5.5", "Timur's Shadow"):
        assert key in KEYS, key
    assert len(set(map(reference_anchor, KEYS))) == len(KEYS)
    text = dict((key, html) for key, _, html in guide.REFERENCE)
    # a few numbers of the rulebook, in the summaries
    assert "+3 Resources for the Sultanate, +1 for the others" in text["2.3.3"]  # 2.3.6
    assert "four dice (three against the Bahmanis where a Fort stands)" in text["3.2.4"]
    assert "up to five in Delhi" in text["3.2.1"] and "up to two in a space with a Qasbah" in text["3.2.1"]
    assert "3 minus the Invaders left in Delhi" in text["5.0"]
    # the About text's readings are told where they apply
    assert "Reading" in text["1.10"] or "reads" in text["1.10"]
    for key in ("1.5.2", "1.9", "2.4.2", "2.6", "3.2.4", "4.2.2", "4.3.3", "5.0"):
        assert "Reading" in text[key] or "reading" in text[key], key
    for _, _, html in guide.REFERENCE:
        assert 40 < len(html) < 1400
        assert all(tag in ("p", "/p", "ul", "/ul", "li", "/li", "b", "/b", "i", "/i")
                   for tag in (part.split(">")[0] for part in html.split("<")[1:]))


# --- rule_ref: the section of each step ----------------------------------------------------------

def test_the_option_step_cites_2_3_3_and_a_limited_command_2_3_5():
    s = at_event(1)  # order DS, BK, VE
    assert rules.active(s) == [DS] and ref(s) == "2.3.3"
    do(s, "limited")
    assert s["stack"][-1]["kind"] == "action" and ref(s) == "2.3.5"


def test_command_and_decree_steps_cite_3_1_the_command_and_4_1():
    s = at_event(1)
    do(s, "command+decree")
    assert ref(s) == "3.1"  # choose a Command, or first a Decree (4.1: before or after)
    do(s, "conscript")
    assert ref(s) == "3.2.1"
    do(s, "Delhi")  # 3.2.1: up to five Troops in Delhi: how many
    assert s["stack"][-1]["kind"] == "count" and rules.actions(s, DS)[:5] == [1, 2, 3, 4, 5]
    assert ref(s) == "3.2.1"
    do(s, 5, "done")
    assert s["stack"][-1]["kind"] == "action" and ref(s) == "4.1"  # the Decree still owed
    do(s, "tribute")  # 4.2.1: automatic, half of the Tributary Prosperity 18 and two Cavalry
    assert s["resources"][DS] == 12 - 1 + 9 and s["cavalry"][DS] == 4
    assert rules.active(s) == [BK] and ref(s) == "2.3.3"


def test_each_factions_commands_cite_their_own_sections():
    s = at_event(1)
    s["dynasty"] = "Tughlaq"  # 2.7.2: Rebel allowed
    do(s, "command", "march")
    assert ref(s) == "3.2.2"
    do(s, "Rajput Kingdoms")
    assert s["stack"][-1]["kind"] == "move_units" and ref(s) == "3.2.2"
    do(s, "done", "done")
    assert rules.active(s) == [BK]
    do(s, "command+decree", "rebel")
    assert ref(s) == "3.3.3"
    do(s, "Maharashtra", "done")
    assert ref(s) == "4.1"
    do(s, "build")
    assert s["stack"][-1]["kind"] == "build" and ref(s) == "4.3.2"
    do(s, "Maharashtra")
    assert rules.active(s) == [VE]
    do(s, "limited", "rally")
    assert ref(s) == "3.4.1"
    do(s, "Karnataka")  # 3.4.1: one, +1 in Karnataka
    assert rules.actions(s, VE)[:2] == [1, 2] and ref(s) == "3.4.1"


def test_migrate_govern_conspire_compel_and_campaign_cite_their_sections():
    s = at_event(3)  # Bahmani Kingdom first
    do(s, "command", "migrate", "Karnataka")
    assert s["stack"][-1]["kind"] == "move_units" and ref(s) == "3.3.2"
    s = at_event(5)  # Vijayanagara Empire first
    do(s, "command", "migrate", "Maharashtra")
    assert ref(s) == "3.4.2"
    s = at_event(1)
    do(s, "command", "govern", "Malwa")
    assert s["stack"][-1]["kind"] == "govern" and ref(s) == "3.2.3"
    s = at_event(1)
    s["stack"] = []
    decrees.start(s, VE, "compel", None)
    assert ref(s) == "4.4.3"
    s["stack"] = [{"kind": "conspire", "role": BK, "done_in": []}]
    assert guide.rule_ref(s, BK) == "4.3.3"
    s = at_event(1)
    board_state.make_independent(s, "Malwa")  # 3 Troops and a Governor: Sultanate Controlled (1.7)
    assert s["control"]["Malwa"] == DS
    do(s, "command+decree", "obedience")
    assert s["stack"][-1]["kind"] == "obedience" and ref(s) == "4.2.3"
    do(s, "Malwa")  # 4.2.3: a Tributary again, + its Prosperity 2
    assert s["tributary"]["Malwa"] and s["resources"][DS] == 12 + 2
    s = at_event(1)
    do(s, "command+decree", "campaign")
    assert s["stack"][-1]["kind"] == "campaign" and ref(s) == "4.2.2"


def bk_attacks_karnataka(dice, cavalry=(0, 0)):
    """The Bahmani Kingdom (first on Event 3) Attacks the three Rajas of Karnataka (2.1) with five
    Amirs placed there; the next six rolls rigged (four attacker's, two defender's, 3.3.4)."""
    s = at_event(3)
    s["spaces"]["Karnataka"]["amir_o"] = 5
    s["available"]["amir"] -= 5
    s["cavalry"][BK], s["cavalry"][VE] = cavalry
    rig_dice(s, list(dice))
    do(s, "command", "attack")
    assert ref(s) == "3.3.4"
    do(s, "Karnataka")  # one defender, no Fort nearby: the dice roll at once
    return s


def test_a_battle_cites_the_attackers_attack_section_and_describe_tells_the_dice():
    s = bk_attacks_karnataka((6, 6, 6, 6, 6, 6), cavalry=(1, 0))
    frame = s["stack"][-1]
    assert frame["kind"] == "battle" and frame["stage"] == "att_cav" and rules.active(s) == [BK]
    assert ref(s) == "3.3.4"  # Cavalry in a Bahmani Attack: the battle section
    line = ("Battle in progress in Karnataka: Bahmani Kingdom (5 Units) attacks Vijayanagara Empire "
            "(3 Units); dice 6, 6, 6, 6 against 6, 6.")
    assert line in words(s, BK) and line in words(s, VE)
    assert "Waiting for Bahmani Kingdom, in a battle." in words(s, VE)
    do(s, ["charge", 0])  # 1.10: 6 -> 5, which hits with five Units (the site's reading)
    assert s["last_battle"]["hits"] == {"att": 1, "def": 0}
    assert ("Last battle in Karnataka: Bahmani Kingdom (5 Units) attacks Vijayanagara Empire (3 Units); "
            "dice 5, 6, 6, 6 against 6, 6; Cavalry: Bahmani Kingdom: Charge 6 -> 5; the attacker scores "
            "1 hit, the defender 0.") in words(s, DS)


def test_mongol_steps_cite_2_4_and_3_5():
    s = at_card("M2")  # stand-in: run by the Vijayanagara Empire
    board_state.shift_influence(s, VE, 1)
    assert rules.active(s) == [VE] and ref(s) == "2.4.1"
    do(s, "amass")
    do(s, "advance")
    assert ref(s) == "3.5.2"
    do(s, ["Mountain Passes", 3])
    assert s["stack"][-1]["kind"] == "gifts" and ref(s) == "2.4.2"  # Influence 1: Gifts offered
    s = at_card("M1")
    do(s, "amass", "attack")
    assert ref(s) == "3.5.3"
    rig_dice(s, [6, 6, 6, 1, 1, 1])  # Mongols 6 6 6 1 (their Charge cannot make a 6 hit with 3 Units)
    do(s, "Mountain Passes")  # 3 Mongols against the 2 Troops of 2.1
    frame = s["stack"][-1]
    assert frame["kind"] == "battle" and frame["stage"] == "def_cav" and rules.active(s) == [DS]
    assert ref(s) == "3.5.3"  # the Sultanate's Cavalry (it holds 2 tokens) in a Mongol attack


def test_succession_steps_cite_2_5():
    s = at_card("S1")
    assert rules.active(s) == [DS] and ref(s) == "2.5.1"  # Campaign or Skip
    do(s, "campaign")
    assert ref(s) == "4.2.2"
    s = at_card("S2")
    assert ref(s) == "2.5.2"
    do(s, "skip")
    assert rules.active(s) == [BK] and ref(s) == "2.5.2"  # the free Limited Command
    do(s, "rally")
    assert ref(s) == "3.3.1"
    s = at_card("S3")
    assert s["stack"][-1]["kind"] == "lords" and ref(s) == "2.5.3"


def test_event_refill_cavalry_and_negotiation_steps():
    s = at_event(1)  # Capital Relocated: unshaded -3 DS Resources, up to 2 Amirs around Devagiri
    do(s, "unshaded")
    assert s["stack"][-1]["kind"] == "effect_place" and ref(s) == "2.3.4"
    s = at_event(1)
    board_state.shift_influence(s, VE, 2)
    board_state.shift_influence(s, VE, -1)  # 1.9: below the emptied slot 2: two Rajas back
    rules.advance(s)
    assert s["stack"][-1]["kind"] == "refill" and guide.rule_ref(s, VE) == "1.9"
    s = at_event(1)
    s["cavalry"] = {DS: 0, BK: 10, VE: 0}
    board_state.gain_cavalry(s, VE, 1)  # 1.10: the pool is empty, a token may be taken
    rules.advance(s)
    assert s["stack"][-1]["kind"] == "cavalry_take" and guide.rule_ref(s, VE) == "1.10"
    s = at_event(1)
    do(s, "negotiate")
    assert ref(s) == "1.5.2"
    do(s, "done")
    assert ref(s) == "2.3.3"


# --- describe ---------------------------------------------------------------------------------------

def test_describe_the_setup_position_of_2_1():
    s = at_event(1)
    lines = words(s, DS)
    assert lines[0].startswith(f"Card 1: {events.CARD_TITLES['E1']} (Event 1, order Delhi Sultanate, "
                               "Bahmani Kingdom, Vijayanagara Empire)")
    assert "Khalji Dynasty (no Rebel)." in lines[0]
    assert f"Your turn (Delhi Sultanate): Choose an option for {events.CARD_TITLES['E1']}" in lines
    for line in (
        "Delhi Sultanate (you): 18 VP, 12 Resources, 2 Cavalry; Eligible.",  # 2.1 tracks
        "Bahmani Kingdom: 0 VP, 6 Resources, 0 Cavalry, Influence 0; Eligible.",
        "Vijayanagara Empire: 0 VP, 7 Resources, 0 Cavalry, Influence 0; Eligible.",
        "Cavalry pool: 8 tokens.",  # 1.10: ten, two with the Sultanate
        "Bahmani Kingdom Influence track: 4 Amirs waiting on slots 2, 4.",  # 1.9.1
        "Vijayanagara Empire Influence track: 8 Rajas waiting on slots 1, 2, 3, 4.",  # 1.9.2
        "Delhi: 4 Troops.",
        "Malwa (Tributary, Prosperity 2): 3 Troops, 1 Governor.",
        "Andhra (Tributary, Prosperity 2): 1 Troop, 1 Qasbah, 2 Obedient Rajas.",
        "Maharashtra (Tributary, Prosperity 2): 4 Obedient Amirs.",
        "No pieces in: Orissa (Tributary, Prosperity 1).",
        "Available: Delhi Sultanate 10 Troops, 4 Governors, 4 Qasbahs; Bahmani Kingdom 6 Amirs, 5 Forts; "
        "Vijayanagara Empire 8 Rajas, 5 Temples; Mongol Invaders 12 Mongol Invaders.",
    ):
        assert line in lines, line
    assert "Waiting for Delhi Sultanate, choosing an option for the card." in words(s, BK)
    assert len(lines) < 40


def test_describe_after_a_rebel_pass_and_from_the_view_alone():
    s = at_event(1)
    s["dynasty"] = "Tughlaq"
    do(s, "pass", "command", "rebel", "Maharashtra", "done")  # 3.3.3
    view = json.loads(json.dumps(rules.view(s, VE)))  # plain data only: nothing else is read
    lines = guide.describe(view, VE)
    assert "Maharashtra (Bahmani Kingdom Control, Prosperity 2): 4 Rebelling Amirs." in lines
    assert "Delhi Sultanate: 16 VP, 15 Resources, 2 Cavalry; Eligible, passed on this card." in lines
    assert "Bahmani Kingdom: 2 VP, 5 Resources, 0 Cavalry, Influence 0; Eligible, took a Command on this card." in lines
    assert "Tughlaq Dynasty (Rebel allowed)." in lines[0]
    assert any(line.startswith("Your turn (Vijayanagara Empire): ") for line in lines)


def test_describe_never_names_the_hidden_deck_order():
    # 2.3: the number of cards left is open, their order is not
    s = at_event(1)
    shown = {events.CARD_TITLES[c] for c in s["played"] + [s["card"]]}
    hidden = [events.CARD_TITLES[c] for c in s["deck"] if events.CARD_TITLES[c] not in shown]
    assert len(hidden) > 20
    for role in rules.roles():
        text = "\n".join(words(s, role))
        assert f"{len(s['deck'])} cards left in the deck" in text
        for title in hidden:
            assert title not in text, (role, title)


# --- chart_sample ----------------------------------------------------------------------------------

def test_chart_starts_at_card_1_with_the_setup_victory_points():
    s = rules.setup(5, {})
    assert guide.CHART_X == "Card"
    assert guide.chart_sample(s) == (1, {"Victory points": {DS: 18, BK: 0, VE: 0}})  # 2.1


def test_chart_follows_a_rebel_and_a_battle_won():
    s = at_event(1)
    s["dynasty"] = "Tughlaq"
    do(s, "pass", "command", "rebel", "Maharashtra")
    # 5.1: Maharashtra (2) is no longer a Tributary; 5.2: the Bahmanis Control it
    assert guide.chart_sample(s) == (1, {"Victory points": {DS: 16, BK: 2, VE: 0}})
    s = bk_attacks_karnataka((1, 2, 3, 6, 1, 6))  # BK hits 3, VE hits 1: BK wins (3.3.4)
    while s["stack"] and s["stack"][-1]["kind"] == "battle":
        do(s, rules.actions(s, rules.active(s)[0])[0])
    assert s["influence"] == {BK: 1, VE: 0}
    assert guide.chart_sample(s)[1]["Victory points"] == {DS: 18, BK: 1, VE: 0}  # 5.2: Influence 1


def test_chart_at_the_end_gives_the_final_score_with_the_delhi_adjustment():
    s = at_card("T1")
    for space in ("Delhi", "Punjab", "Mountain Passes"):
        for kind in ("troop", "governor"):
            s["available"][kind] += s["spaces"][space][kind]
            s["spaces"][space][kind] = 0
    s["spaces"]["Delhi"]["mongol"] = 4
    s["available"]["mongol"] -= 4
    before = guide.chart_sample(s)
    assert before[1]["Victory points"][DS] == 18
    s["stack"], s["card"], s["sop"]["queue"] = [], None, []
    s["deck"].insert(0, "T2")
    rules.advance(s)  # 2.6: Timur invades an empty Delhi; 4 + 3 Invaders are left there
    assert rules.result(s) is not None and s["spaces"]["Delhi"]["mongol"] == 7
    x, panels = guide.chart_sample(s)
    assert x == len(s["played"]) and s["played"][-1] == "T2" and x > before[0]
    assert panels["Victory points"][DS] == 18 - 3  # 5.1: 3 - 7, at worst -3
    assert panels["Victory points"] == rules.result(s)["scores"]
    assert any(line.startswith("Game over: ") for line in words(s, BK))


def test_guide_reads_but_never_changes_the_state():
    s = bk_attacks_karnataka((6, 6, 6, 6, 6, 6), cavalry=(1, 0))
    before = copy.deepcopy(s)
    for role in rules.roles():
        guide.rule_ref(s, BK)
        guide.describe(rules.view(s, role), role)
    guide.chart_sample(s)
    assert s == before
