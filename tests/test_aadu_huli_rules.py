"""Rules of Aadu-Huli aata, Vijayanagara rulebook 5.5 (plus our documented readings)."""
import copy

import pytest

from engine.aadu_huli import GAME, data, rules
from engine.core import api
from engine.core.api import IllegalAction

from play_helpers import player

from aadu_huli_positions import G, T, position


do = player(GAME)


def tiger_destinations(state, tiger):
    s = copy.deepcopy(state)
    do(s, tiger)
    return sorted(a for a in rules.actions(s, T) if s["board"][a] is None)


# --- setup -----------------------------------------------------------------------------------------

def test_setup_5_5_tigers_on_marked_points_fifteen_goats_goats_first():
    s = rules.setup(42, {})
    assert rules.roles({}) == ["Goats", "Tigers"]
    assert [p for p, c in enumerate(s["board"]) if c == "T"] == [0, 3, 4]  # 5.5 Setup
    assert s["board"].count("G") == 0
    assert s["supply"] == 15  # 5.5: fifteen Goats
    assert rules.active(s) == ["Goats"]  # 5.5: Player One is first to act
    assert rules.actions(s, "Tigers") == []
    assert rules.result(s) is None
    v = rules.view(s, "Goats")
    assert v["prompt"].startswith("Place a goat on an empty point")
    assert v["phase"] == "placement" and v["goats_in_supply"] == 15 and v["captured"] == 0
    assert v["board"][0] == "T" and v["selected"] is None and v["last_move"] is None


@pytest.mark.parametrize("k,points", [(1, [0]), (2, [0, 3]), (3, [0, 3, 4])])
def test_handicap_5_5_tigers_start_on_first_k_marked_points(k, points):
    s = rules.setup(1, {"tigers": k})
    assert [p for p, c in enumerate(s["board"]) if c == "T"] == points


@pytest.mark.parametrize("n", [12, 20])
def test_handicap_5_5_number_of_goats(n):
    s = rules.setup(1, {"goats": n})
    assert s["supply"] == n
    assert GAME.check_options({"goats": n})["goats"] == n
    with pytest.raises(ValueError):
        GAME.check_options({"goats": 21})


def test_twenty_goats_can_fill_the_board_and_trap_the_tigers():
    # 20 goats + 3 tigers = 23 points: placing the last goat on the last empty point traps them.
    empty_last = 22
    goats = [p for p in range(23) if p not in (0, 3, 4, empty_last)]
    s = position(goats=goats, supply=1, options={"goats": 20})
    assert rules.actions(s, G) == [empty_last]
    do(s, empty_last)
    assert rules.result(s)["winners"] == ["Goats"]


# --- the goats' turn -------------------------------------------------------------------------------

def test_placement_on_every_empty_point_and_not_on_occupied():
    s = rules.setup(1, {})
    do(s, 7)
    do(s, 3, 9)  # tiger 3 -> 9
    acts = rules.actions(s, G)
    empty = [p for p in range(23) if s["board"][p] is None]
    assert acts == empty and len(acts) == 23 - 3 - 1
    for p in acts:
        s2 = copy.deepcopy(s)
        do(s2, p)
        assert s2["board"][p] == "G" and s2["supply"] == 13
        assert s2["log"][-1] == f"Goat placed on {p}"
        assert s2["last_move"] == {"role": G, "from": None, "to": p, "captured": None}
    for p in (0, 4, 7, 9):
        with pytest.raises(IllegalAction):
            do(copy.deepcopy(s), p)


def test_no_goat_movement_before_all_goats_placed():
    # 5.5 option 2: "Move one Goat ... but only once all Goats have been placed."
    s = position(goats=[20], supply=1)
    acts = rules.actions(s, G)
    assert 20 not in acts  # selecting the goat is not an action
    assert set(acts) == {p for p in range(23) if s["board"][p] is None}


def test_goat_movement_to_adjacent_empty_points_only():
    s = position(goats=[9, 15, 20])
    assert rules.actions(s, G) == [9, 15, 20]  # every goat has a move
    assert rules.view(s, G)["prompt"] == "Select a goat to move"
    do(s, 15)
    assert s["selected"] == 15
    # 15 is adjacent to 9, 14, 16, 20; 9 and 20 are goats. Then the re-selections 9 and 20.
    assert rules.actions(s, G) == [14, 16, 9, 20]
    assert rules.view(s, G)["prompt"] == "Move the goat from 15: select its destination"
    do(s, 20)  # re-select another goat
    assert s["selected"] == 20 and rules.actions(s, G) == [19, 21, 9, 15]
    assert s["log"] == []  # selections are not turns
    with pytest.raises(IllegalAction):
        do(s, 22)  # not adjacent to 20
    do(s, 21)
    assert s["board"][21] == "G" and s["board"][20] is None
    assert s["log"][-1] == "Goat 20 → 21" and rules.active(s) == [T]
    assert s["last_move"] == {"role": G, "from": 20, "to": 21, "captured": None}


def test_only_goats_with_a_move_can_be_selected():
    # goat 1 is hemmed in by tigers 2 and 7 and by nothing else it could reach
    s = position(goats=[1, 20], tigers=(2, 7, 0))
    assert rules.actions(s, G) == [20]


# --- the tigers' turn ------------------------------------------------------------------------------

def test_tiger_moves_to_adjacent_empty_points():
    s = position(goats=[20], to_move=T)
    assert rules.actions(s, T) == [0, 3, 4]
    assert tiger_destinations(s, 0) == [2, 5]  # 0 is adjacent to 2, 3, 4, 5; 3 and 4 are tigers
    assert tiger_destinations(s, 3) == [2, 9]
    do(s, 3, 9)
    assert s["board"][9] == "T" and s["log"][-1] == "Tiger 3 → 9"


def test_tiger_captures_by_leaping_over_adjacent_goat_along_a_line():
    s = position(goats=[2, 5, 11], to_move=T)
    # tiger 0 leaps over 2 to 8 (line 0-2-8-14-19); not over 5 because 11 is occupied
    assert tiger_destinations(s, 0) == [8]
    s2 = copy.deepcopy(s)
    do(s2, 0)
    assert rules.action_label(s2, 8) == "Jump to 8, capturing the goat on 2"
    do(s2, 8)
    assert s2["board"][2] is None and s2["board"][8] == "T" and s2["board"][0] is None
    assert s2["captured"] == 1 and s2["log"][-1] == "Tiger 0 × 2 → 8 (captures a goat)"
    assert s2["last_move"] == {"role": T, "from": 0, "to": 8, "captured": 2}
    # tiger 3 leaps over 2 along row 1 to 1; tiger 4 leaps over 5 to 6
    assert 1 in tiger_destinations(s, 3)
    assert 6 in tiger_destinations(s, 4)


def test_no_leap_over_a_tiger_nor_off_a_line_nor_onto_occupied():
    s = position(goats=[8, 9, 15], tigers=(0, 3, 4), to_move=T)
    # tiger 0 cannot leap over tiger 3 to 9 (occupied anyway) nor over tiger 4 to 10 (empty!)
    assert 10 not in tiger_destinations(s, 0)
    # tiger 3 cannot leap over goat 9: 15 is occupied
    assert 15 not in tiger_destinations(s, 3)
    # 8 and 9 are not on a line through 3 and 8: no leap from 3 over 9 to 14 or similar
    assert tiger_destinations(s, 3) == [2]
    # every leap in the data runs along one line of the board
    for f, o, t in data.JUMPS:
        assert any(any(line[i:i + 3] in ([f, o, t], [t, o, f]) for i in range(len(line)))
                   for line in map(list, data.LINES))


def test_one_capture_per_turn_no_multi_jump():
    s = position(goats=[2, 14], tigers=(0,), to_move=T, options={"tigers": 1})
    do(s, 0, 8)  # leaps over 2; another leap over 14 to 19 would be possible
    assert rules.active(s) == [G] and s["captured"] == 1


# --- repetition (5.5: "same state as the turn before last") ----------------------------------------

def test_repetition_forbids_shuffling_back():
    s = position(goats=[21, 13, 18])
    do(s, 21, 22)   # goat 21 -> 22
    do(s, 0, 2)     # tiger 0 -> 2
    do(s, 22, 21)   # goat back 22 -> 21 (3rd move: allowed, it recreates nothing 4 plies back)
    do(s, 2)        # select the tiger on 2
    assert 0 not in rules.actions(s, T)  # tiger 2 -> 0 would recreate the starting position
    with pytest.raises(IllegalAction):
        api.play(GAME, s, T, 0)
    # the same move is legal in the same position without that history
    fresh = position(goats=[21, 13, 18], tigers=(2, 3, 4), to_move=T)
    fresh["board"] = list(s["board"])
    fresh["history"] = [rules._key(fresh["board"], 0, T)]
    do(fresh, 2)
    assert 0 in rules.actions(fresh, T)
    # other moves remain legal
    assert 1 in rules.actions(s, T) and 8 in rules.actions(s, T)


def test_repetition_also_binds_the_goats():
    s = position(goats=[21, 13, 18], to_move=T)
    do(s, 0, 2)     # tiger 0 -> 2
    do(s, 21, 22)   # goat 21 -> 22
    do(s, 2, 0)     # tiger back 2 -> 0
    do(s, 22)
    # goat 22 -> 21 would recreate the starting position, four plies back
    assert 21 not in rules.actions(s, G)
    with pytest.raises(IllegalAction):
        api.play(GAME, s, G, 21)
    assert rules.actions(s, G) == [17, 13, 18]  # 22 -> 17 and the re-selections stay


def test_tiger_whose_only_moves_repeat_is_trapped():
    # One tiger (handicap) on 2; goats on 3, 7, 8, 9, 13, 20 (P0, goats to move).
    s = position(goats=[3, 7, 13, 20, 8, 9], tigers=(2,), options={"tigers": 1})
    do(s, 20, 19)   # P1
    do(s, 2, 1)     # P2: tiger 2 -> 1
    # from 1 its only move is back to 2 (7 is a goat; no leap: 2 is empty, 13 is occupied)
    s_t = copy.deepcopy(s)
    s_t["to_move"] = T
    s_t["history"] = [rules._key(s_t["board"], 0, T)]
    assert tiger_destinations(s_t, 1) == [2]
    do(s, 19, 20)   # P3: goat back; tiger 1 -> 2 would recreate P0, so the tigers have no move
    res = rules.result(s)
    assert res is not None and res["winners"] == ["Goats"]
    assert res["summary"] == "Goats win: the tigers are trapped"


# --- endings ---------------------------------------------------------------------------------------

def test_goats_win_by_trapping_the_tigers():
    trap = [2, 5, 9, 10, 8, 11, 1, 15, 6]
    s = position(goats=trap + [17])
    assert rules.result(s) is None
    do(s, 17, 16)  # closes the last gap: tiger 4 could leap over 10 to 16
    res = rules.result(s)
    assert res["winners"] == ["Goats"] and res["ranking"] == [["Goats"], ["Tigers"]]
    assert rules.active(s) == [] and rules.actions(s, T) == []
    assert rules.view(s, T)["prompt"] == "Goats win: the tigers are trapped"
    assert rules.view(s, G)["phase"] == "over"


def test_tigers_win_at_the_fifth_capture():
    s = position(goats=[2, 20], captured=3, to_move=T)
    do(s, 0, 8)
    assert s["captured"] == 4 and rules.result(s) is None  # 4 captures: play goes on
    s = position(goats=[2, 20], captured=4, to_move=T)
    do(s, 0, 8)
    res = rules.result(s)
    assert res["winners"] == ["Tigers"] and res["scores"]["Tigers"] == 5
    assert res["summary"].startswith("Tigers win")
    assert rules.active(s) == []


def test_tigers_need_five_even_with_fewer_goats():
    s = position(goats=[2, 20], captured=4, to_move=T, options={"goats": 12, "tigers": 1},
                 tigers=(0,))
    do(s, 0, 8)
    assert rules.result(s)["winners"] == ["Tigers"]


def test_goats_pass_when_they_cannot_move():
    s = position(goats=[1], tigers=(0, 2, 7))
    assert rules.actions(s, G) == ["pass"]
    assert rules.view(s, G)["prompt"] == "No goat can move: pass"
    assert rules.action_label(s, "pass") == "Pass (no goat can move)"
    do(s, "pass")
    assert rules.active(s) == [T] and s["log"][-1] == "Goats pass (no goat can move)"
    # pass is offered only then
    s2 = position(goats=[20])
    assert "pass" not in rules.actions(s2, G)
    with pytest.raises(IllegalAction):
        api.play(GAME, s2, G, "pass")


def test_move_limit_draw_house_rule():
    s = position(goats=[20], options={"move_limit": 100}, quiet=98)
    do(s, 20, 21)
    assert s["quiet"] == 99 and rules.result(s) is None
    do(s, 0, 2)
    res = rules.result(s)
    assert res["winners"] == [] and res["ranking"] == [["Goats", "Tigers"]]
    assert "Draw" in res["summary"]


def test_move_limit_counts_movement_only_and_resets_on_capture():
    s = rules.setup(1, {"goats": 12})
    do(s, 20, 0, 2)
    assert s["quiet"] == 0  # placement phase: not counted
    s = position(goats=[2, 20], to_move=T, quiet=57)
    do(s, 0, 8)
    assert s["quiet"] == 0
    do(s, 20, 21)
    assert s["quiet"] == 1


def test_move_limit_off():
    s = position(goats=[20], options={"move_limit": 0}, quiet=10_000)
    do(s, 20, 21)
    assert rules.result(s) is None


# --- the interface ---------------------------------------------------------------------------------

def test_illegal_actions_are_refused_and_change_nothing():
    s = rules.setup(1, {})
    do(s, 9)
    before = copy.deepcopy(s)
    for role, act in [(G, 10), (T, 9), (T, 20), (T, "pass"), (T, 15.5), (T, None), (T, -1)]:
        with pytest.raises(IllegalAction):
            api.play(GAME, s, role, act)
        assert s == before
    do(s, 3)
    before = copy.deepcopy(s)
    for act in (10, 20, 3 + 100):
        with pytest.raises(IllegalAction):
            api.play(GAME, s, T, act)
        assert s == before


def test_state_is_plain_data_and_replays():
    import msgpack
    s = rules.setup(5, {})
    acts = []
    from engine.core.bots import RandomBot
    bot = RandomBot()
    i = 0
    while rules.result(s) is None:
        role = rules.active(s)[0]
        a = bot.choose(GAME, s, role, i)
        acts.append(a)
        do(s, a)
        i += 1
    assert msgpack.unpackb(msgpack.packb(s), strict_map_key=False) == s
    r = rules.setup(5, {})
    for a in acts:
        do(r, a)
    assert r == s


def test_random_games_finish_with_a_result():
    from engine.core.bots import RandomBot
    bot = RandomBot()
    for seed in range(40):
        opts = {"tigers": 1 + seed % 3, "goats": 12 + seed % 9, "move_limit": (0, 100, 200)[seed % 3]}
        if opts["move_limit"] == 0:
            opts["move_limit"] = 100
        s = rules.setup(seed, opts)
        n = 0
        while rules.result(s) is None:
            role = rules.active(s)[0]
            acts = rules.actions(s, role)
            assert acts, "the side to move always has an action"
            do(s, bot.choose(GAME, s, role, seed * 1000 + n))
            n += 1
            assert n < GAME.max_actions
        res = rules.result(s)
        assert set(res) >= {"winners", "ranking", "scores", "summary"}


def test_view_and_labels():
    s = rules.setup(1, {})
    assert rules.action_label(s, 7) == "Place a goat on point 7"
    assert rules.view(s, T)["prompt"] == "Waiting for the Goats"
    do(s, 7)
    v = rules.view(s, T)
    assert v["prompt"] == "Select a tiger to move" and v["to_move"] == T
    assert rules.action_label(s, 3) == "Select the tiger on 3"
    do(s, 4)
    assert rules.view(s, T)["prompt"] == "Move the tiger from 4: select its destination"
    assert rules.action_label(s, 10) == "Move to 10"
    assert GAME.rules_link == "Vijayanagara rulebook 5.5"
    entry = GAME.catalog_entry()
    assert entry["roles"] == ["Goats", "Tigers"] and [b["level"] for b in entry["bots"]] == [0, 1, 2, 3]
