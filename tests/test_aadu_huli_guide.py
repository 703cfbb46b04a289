"""Aadu-Huli aata's guide (engine/aadu_huli/guide.py): the rule at hand for each step of Vijayanagara
rulebook 5.5, the position in words and the chart's numbers."""
import copy
import re

from engine.aadu_huli import GAME, guide, rules
from engine.core.api import reference_anchor

from play_helpers import player

from aadu_huli_positions import G, T, position
from tests.rulebooks import copied

do = player(GAME)
KEYS = [key for key, _title, _html in guide.REFERENCE]


def words(view_role_state, role):
    return guide.describe(rules.view(view_role_state, role), role)


# --- the reference -------------------------------------------------------------------------------

def test_reference_covers_every_part_of_5_5_and_is_wired():
    assert GAME.guide is guide
    assert KEYS == ["5.5 Setup", "5.5 Placing", "5.5 Goat moves", "5.5 Tiger moves", "5.5 Captures",
                    "5.5 Repetition", "5.5 Winning"]
    assert len({reference_anchor(k) for k in KEYS}) == len(KEYS)
    html = dict((k, h) for k, _t, h in guide.REFERENCE)
    # 5.5 Setup: fifteen goats, three tigers on the marked points; the handicap and our reading of it
    assert "fifteen goats" in html["5.5 Setup"] and "three tigers" in html["5.5 Setup"]
    assert "0 (the apex) and 3 and 4" in html["5.5 Setup"] and "Our reading" in html["5.5 Setup"]
    # 5.5 Player Two wins by capturing five goats; the house move limit is marked as ours
    assert "five goats" in html["5.5 Winning"] and "house rule" in html["5.5 Winning"]
    # the About text's readings: the goats' pass, the repetition rule's four turns back
    assert "Pass" in html["5.5 Goat moves"] and "four turns back" in html["5.5 Repetition"]
    for _key, _title, text in guide.REFERENCE:
        assert set(re.findall(r"</?(\w+)", text)) <= {"p", "ul", "li", "b"}


def test_reference_is_in_our_own_words():
    """No run of six words of the rulebook recurs in the summaries (tests/rulebooks.py)."""
    for key, _title, html in guide.REFERENCE:
        assert copied(html, "vijayanagara") == [], key


# --- rule_ref: the step's section ----------------------------------------------------------------

def test_rule_ref_placing_then_tiger_step_in_a_scripted_opening():
    s = rules.setup(1, {})
    assert guide.rule_ref(s, G) == "5.5 Placing"  # 5.5: Player One first; option 1, place a goat
    do(s, 20)
    assert guide.rule_ref(s, T) == "5.5 Tiger moves"  # no goat next to a tiger: a plain step
    do(s, 3)  # select the tiger on 3
    assert guide.rule_ref(s, T) == "5.5 Tiger moves"
    do(s, 9)
    assert guide.rule_ref(s, G) == "5.5 Placing"  # 14 goats still in supply


def test_rule_ref_goat_moves_once_all_are_placed_and_for_the_pass():
    s = position(goats=[20])  # supply 0: 5.5 Player One, option 2
    assert guide.rule_ref(s, G) == "5.5 Goat moves"
    do(s, 20)
    assert guide.rule_ref(s, G) == "5.5 Goat moves"
    stuck = position(goats=[1], tigers=(0, 2, 7))  # the goat on 1 is walled in: it must pass
    assert rules.actions(stuck, G) == ["pass"]
    assert guide.rule_ref(stuck, G) == "5.5 Goat moves"


def test_rule_ref_capture_when_a_leap_is_on_offer():
    s = position(goats=[2, 20], to_move=T)  # tiger 0 may leap 2 to 8, tiger 3 may leap 2 to 1
    assert guide.rule_ref(s, T) == "5.5 Captures"
    t0 = copy.deepcopy(s)
    do(t0, 0)
    assert guide.rule_ref(t0, T) == "5.5 Captures"
    t4 = copy.deepcopy(s)
    do(t4, 4)  # the tiger on 4 has only steps (to 5 and 10)
    assert guide.rule_ref(t4, T) == "5.5 Tiger moves"


def test_rule_ref_repetition_when_it_bars_a_move():
    # the shuffle of test_repetition_forbids_shuffling_back: tiger 2 -> 0 would recreate the start
    s = position(goats=[21, 13, 18])
    do(s, 21, 22, 0, 2, 22, 21)
    assert guide.rule_ref(s, T) == "5.5 Repetition"
    back = copy.deepcopy(s)
    do(back, 2)
    assert 0 not in rules.actions(back, T)
    assert guide.rule_ref(back, T) == "5.5 Repetition"
    other = copy.deepcopy(s)
    do(other, 3)  # nothing of the tiger on 3 is barred
    assert guide.rule_ref(other, T) == "5.5 Tiger moves"
    # the goats too: goat 22 -> 21 would recreate the position four turns back
    g = position(goats=[21, 13, 18], to_move=T)
    do(g, 0, 2, 21, 22, 2, 0, 22)
    assert 21 not in rules.actions(g, G)
    assert guide.rule_ref(g, G) == "5.5 Repetition"


def test_rule_ref_after_the_end_never_raises():
    s = position(goats=[2, 20], captured=4, to_move=T)
    do(s, 0, 8)  # the fifth capture: 5.5, the Tigers win
    assert rules.result(s)["winners"] == [T]
    assert guide.rule_ref(s, T) == "5.5 Winning" and guide.rule_ref(s, G) == "5.5 Winning"


# --- describe: the position in words -------------------------------------------------------------

def test_describe_the_start():
    s = rules.setup(1, {})
    assert words(s, G) == [
        "You play the Goats.",
        "Your turn: Place a goat on an empty point (15 goats in supply).",
        "No goats on the board (0 on the board, 15 to place, 0 captured).",
        "Tigers on 0, 3, 4 (0 of 5 captures needed to win).",
        "Empty points: 1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22.",
        "The board: point 0 is the apex; rows of 1-6, 7-12 and 13-18 (1, 7, 13 and 6, 12, 18 are the "
        "sides of the rectangle), base row 19-22.",
    ]
    assert words(s, T)[:2] == ["You play the Tigers.", "The Goats are to play: placing a goat."]


def test_describe_a_position_with_jumps_and_the_last_move():
    s = position(goats=[2, 5, 11, 20, 21], captured=1)
    do(s, 20, 19)  # goats: 20 -> 19; now the tigers are to move, with three leaps on offer
    lines = words(s, T)
    assert lines == [
        "You play the Tigers.",
        "Your turn: Select a tiger to move.",
        "Goats on 2, 5, 11, 19, 21 (5 on the board, 0 to place, 1 captured).",
        "Tigers on 0, 3, 4 (1 of 5 captures needed to win).",
        "Empty points: 1, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 20, 22.",
        "Goats a tiger could jump now: the goat on 2 (tiger 0 to 8); the goat on 2 (tiger 3 to 1); "
        "the goat on 5 (tiger 4 to 6).",
        "Last move: Goat 20 → 19.",
        "Move limit: 1 turn of moving without a capture; a draw at 200.",
        lines[-1],
    ]
    goats = words(s, G)
    assert goats[1] == "The Tigers are to play: moving a tiger."
    assert goats[2:] == lines[2:]  # nothing is hidden: both seats hear the same board
    do(s, 0)
    assert words(s, T)[1] == "Your turn: Move the tiger from 0: select its destination."


def test_describe_the_end():
    s = position(goats=[2, 20], captured=4, to_move=T)
    do(s, 0, 8)
    lines = words(s, G)
    assert lines[1] == "Game over: Tigers win: they have captured 5 goats."
    assert lines[3] == "Tigers on 3, 4, 8 (5 of 5 captures needed to win)."
    assert not any(line.startswith("Goats a tiger could jump") for line in lines)
    assert "Last move: Tiger 0 × 2 → 8 (captures a goat)." in lines


# --- the chart -----------------------------------------------------------------------------------

def test_chart_counts_captures_and_goats_on_the_board():
    assert guide.CHART_X == "Turn"
    s = rules.setup(1, {})
    assert guide.chart_sample(s) == (0, {"Goats captured": {"Tigers": 0}, "Goats on the board": {"Goats": 0}})
    do(s, 2, 3, 9)  # a goat on 2; tiger 3 -> 9
    assert guide.chart_sample(s) == (2, {"Goats captured": {"Tigers": 0}, "Goats on the board": {"Goats": 1}})
    do(s, 20, 0, 8)  # a goat on 20; tiger 0 leaps over 2 to 8: the first capture
    assert s["captured"] == 1
    assert guide.chart_sample(s) == (4, {"Goats captured": {"Tigers": 1}, "Goats on the board": {"Goats": 1}})


def test_chart_at_the_fifth_capture():
    s = position(goats=[2, 20], captured=4, to_move=T)
    do(s, 0, 8)
    x, panels = guide.chart_sample(s)
    assert x == 1 and panels == {"Goats captured": {"Tigers": 5}, "Goats on the board": {"Goats": 1}}
