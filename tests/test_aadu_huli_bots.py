"""Computer players of Aadu-Huli aata (Vijayanagara rulebook 5.5)."""
import copy

import pytest

from engine.aadu_huli import GAME, bots, data, rules
from engine.core import api

from aadu_huli_positions import G, T, position


def bot_turn(bot, state, seed=0):
    """Lets the bot complete one whole turn (one or two actions); returns the actions."""
    role = rules.active(state)[0]
    turns = state["turns"]
    acts = []
    while state["turns"] == turns and rules.result(state) is None:
        before = copy.deepcopy(state)
        a = bot.choose(GAME, state, role, seed + len(acts))
        assert state == before, "a bot must not mutate the state"
        assert a in rules.actions(state, role)
        api.play(GAME, state, role, a)
        acts.append(a)
        assert len(acts) <= 4, "the bot keeps re-selecting"
    return acts


def capture_available(state):
    b = state["board"]
    return any(b[f] == "T" and b[o] == "G" and b[t] is None for f, o, t in data.JUMPS)


@pytest.mark.parametrize("level", [2, 3])
def test_strong_bot_captures_when_it_can(level):
    # 5.5: the tigers capture by leaping. Tiger 0 can leap over goat 2 to 8.
    s = position(goats=[2, 13, 18, 20, 22], to_move=T)
    bot_turn(GAME.bot(level), s)
    assert s["captured"] == 1 and s["last_move"]["captured"] is not None


@pytest.mark.parametrize("level", [2, 3])
def test_strong_bot_reselects_to_capture(level):
    # A human (or anyone) selected tiger 4 first; the bot re-selects tiger 0 to capture over 2.
    s = position(goats=[2, 13, 18, 20, 22], to_move=T)
    api.play(GAME, s, T, 4)
    bot = GAME.bot(level)
    a = bot.choose(GAME, s, T, 0)
    assert a == 0 or s["board"][a] is None and a == 8
    bot_turn(bot, s)
    assert s["captured"] == 1


@pytest.mark.parametrize("level", [2, 3])
def test_goats_do_not_offer_a_goat_at_the_start(level):
    # At the start, a goat on 2, 5, 9 or 10 could be captured at once; safe points exist (e.g. 1).
    s = rules.setup(1, {})
    bot_turn(GAME.bot(level), s)
    assert not capture_available(s)


@pytest.mark.parametrize("level", [2, 3])
def test_goats_block_a_threatened_capture(level):
    # The goat on 9 is threatened: tiger 3 can leap over it to 15. A goat placed on 15 saves it.
    s = position(goats=[9], supply=14)
    assert capture_available(s)
    bot_turn(GAME.bot(level), s)
    assert not capture_available(s)
    assert s["board"][15] == "G"


@pytest.mark.parametrize("level", [2, 3])
def test_goats_do_not_move_into_danger(level):
    # Movement phase: goats far from the tigers; several goat moves would expose a goat to a leap.
    goats = [1, 6, 7, 12, 13, 18, 19, 20, 21, 22, 14, 15, 16, 17, 9]
    s = position(goats=goats, tigers=(0, 3, 4))
    assert not capture_available(s)
    bot_turn(GAME.bot(level), s)
    assert not capture_available(s)


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_bots_return_only_legal_actions(level):
    # whole games for the quick levels; the first 60 actions of two games for Hard (time)
    bot = GAME.bot(level)
    other = GAME.bot(1)
    limit = 60 if level == 3 else 2000
    for seed, bot_role in ((3, G), (4, T)):
        s = rules.setup(seed, {"move_limit": 100})
        n = 0
        while rules.result(s) is None and n < limit:
            role = rules.active(s)[0]
            player = bot if role == bot_role else other
            before = copy.deepcopy(s)
            a = player.choose(GAME, s, role, seed * 1000 + n)
            assert s == before
            assert a in rules.actions(s, role)
            api.play(GAME, s, role, a)
            n += 1
        assert n < 2000


def _match(goats_level, tigers_level, seed):
    bots_ = {G: GAME.bot(goats_level), T: GAME.bot(tigers_level)}
    s = rules.setup(seed, {})
    n = 0
    while rules.result(s) is None:
        role = rules.active(s)[0]
        api.play(GAME, s, role, bots_[role].choose(GAME, s, role, seed * 7919 + n))
        n += 1
    return rules.result(s)


@pytest.mark.parametrize("seed", [0])
def test_hard_beats_random_as_goats(seed):
    assert _match(3, 0, seed)["winners"] == [G]


@pytest.mark.parametrize("seed", [0, 1])
def test_hard_beats_random_as_tigers(seed):
    assert _match(0, 3, seed)["winners"] == [T]


def test_bots_are_deterministic():
    s = rules.setup(9, {})
    for _ in range(6):
        bot_turn(GAME.bot(1), s, seed=5)
    for level in (1, 2, 3):
        role = rules.active(s)[0]
        assert GAME.bot(level).choose(GAME, s, role, 11) == GAME.bot(level).choose(GAME, s, role, 11)


def test_bot_respects_repetition_rule():
    # 5.5 repetition: after tiger 0->2, goat 21->22, tiger 2->0, the goat on 22 may not go back
    # to 21 (the starting position would recur); the bots must pick another action.
    s = position(goats=[21, 13, 18], to_move=T)
    for a in (0, 2, 21, 22, 2, 0, 22):
        api.play(GAME, s, rules.active(s)[0], a)
    # goats: 22 -> 21 is forbidden now (it recreates the starting position)
    for level in (1, 2, 3):
        s2 = copy.deepcopy(s)
        a = GAME.bot(level).choose(GAME, s2, G, 0)
        assert a in rules.actions(s2, G) and a != 21


def test_zobrist_matches_rules_keys():
    s = position(goats=[5, 9], supply=3, to_move=T)
    key = rules._key(s["board"], 3, T)
    search = bots.Search(s, 10)
    assert bots.key_hash(key) == search.hash
    m = (0, 2, -1)
    h = search.child_hash(m)
    b = list(s["board"])
    b[2], b[0] = "T", None
    assert h == bots.key_hash(rules._key(b, 3, G))


def test_hard_wins_with_the_fifth_capture():
    # 5.5: the tigers win by capturing five goats; four are taken and tiger 0 can leap over 2 to 8.
    s = position(goats=[2, 9, 13, 14, 18, 19, 20, 21, 22, 16, 17], tigers=(0, 7, 12), to_move=T,
                 captured=4)
    assert capture_available(s)
    bot_turn(GAME.bot(3), s)
    assert rules.result(s)["winners"] == [T]


def test_hard_traps_the_last_tiger():
    # Tigers 19 and 22 are hemmed in; tiger 0's only free point is 5. The goat 6 -> 5 traps all
    # three (5.5: the goats win); a goat from 4 or 11 would open another point or a leap.
    goats = [2, 3, 4, 6, 8, 9, 10, 11, 14, 17, 20, 21]
    s = position(goats=goats, tigers=(0, 19, 22), captured=3)
    assert bot_turn(GAME.bot(3), s) == [6, 5]
    assert rules.result(s)["winners"] == [G]


def test_hard_defends_a_goat_in_the_movement_phase():
    # Tiger 10 threatens to leap over goat 9 to 8; moving goat 7 to 8 closes the landing point,
    # and goat 9 cannot run (its only empty neighbour is 15, beside which tiger 16 waits).
    goats = [1, 2, 3, 5, 6, 7, 9, 11, 12, 13, 14, 17, 18, 20, 21]
    s = position(goats=goats, tigers=(0, 10, 16))
    assert capture_available(s)
    bot_turn(GAME.bot(3), s)
    assert s["captured"] == 0
    s2 = copy.deepcopy(s)
    if rules.result(s2) is None:
        bot_turn(GAME.bot(2), s2)  # the tigers' best reply captures nothing either
        assert s2["captured"] == 0


def test_hard_search_moves_match_the_rules():
    # HardSearch generates the goats' steps from the empty points (a fast path): on random games
    # its legal moves equal the rules' move for move, repetition rule included.
    for seed in range(6):
        s = rules.setup(seed, {"move_limit": 60})
        bot = GAME.bot(0)
        n = 0
        while rules.result(s) is None:
            role = rules.active(s)[0]
            if s["selected"] is None:
                search = bots.HardSearch(s, 10)
                expected = bots._root_moves(s)
                got = search.legal() or [None]
                assert sorted(got, key=str) == sorted(expected, key=str)
                tigers = sorted(p for p, c in enumerate(s["board"]) if c == "T")
                assert sorted(search.tigers) == tigers
            api.play(GAME, s, role, bot.choose(GAME, s, role, seed * 1000 + n))
            n += 1


# the goats at the end of the placement of a measured game (seed 9062 against Medium's tigers)
CYCLE_GOATS = [1, 2, 5, 6, 7, 8, 10, 11, 13, 14, 16, 17, 19, 21, 22]


def test_hard_goats_do_not_walk_a_cycle_again():
    # 5.5 forbids only a return to the position of the turn before last. From this position (the
    # end of the placement in a measured game against Medium's tigers) the goats once walked a
    # 16-ply cycle of safe moves again and again until the house move limit drew a game they could
    # win. Hard's goats answer a position met again at another quiet count differently.
    s = position(goats=CYCLE_GOATS, tigers=(0, 4, 15), to_move=T)
    players = {G: GAME.bot(3), T: GAME.bot(2)}
    seen = []
    while len(seen) < 48 and rules.result(s) is None:
        bot_turn(players[rules.active(s)[0]], s)
        seen.append(rules._key(s["board"], s["supply"], s["to_move"]))
    if rules.result(s) is None:
        assert any(seen[k] != seen[k + 16] for k in range(8, 32))
    else:
        assert rules.result(s)["winners"] == [G]


def test_hard_goats_tie_break_follows_the_quiet_count():
    # The same position at different quiet counts: one choice for each count, reproducible, and
    # not always the same one (the tie-break is salted by the count).
    choices = set()
    for quiet in range(0, 40, 4):
        s = position(goats=CYCLE_GOATS, tigers=(0, 3, 20), quiet=quiet)
        first = bot_turn(GAME.bot(3), copy.deepcopy(s))
        assert bot_turn(GAME.bot(3), copy.deepcopy(s)) == first
        choices.add(tuple(first))
    assert len(choices) > 1
