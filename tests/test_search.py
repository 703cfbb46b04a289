"""The core's search (engine/core/search.py), on a small game of its own.

Race to 10: two players take turns adding 1, 2 or 3 to a shared count; whoever makes it exactly 10
wins (a move past 10 is not allowed). Each player also holds a face-down number that changes nothing
in play: it stands for a hidden card, so that a test can show the search never reads it. The player
to move loses from a count 2 or 6 (10 less the count a multiple of 4) and wins from any other count by
leaving the other player one of those (or 10).
"""
from __future__ import annotations

import random
from types import SimpleNamespace

from engine.core import rng, search
from engine.core.api import plain_copy

TARGET = 10


class Race:
    @staticmethod
    def roles(options=None):
        return ["A", "B"]

    @staticmethod
    def setup(seed, options=None):
        return {"count": 0, "turn": "A", "hidden": {"A": seed % 7, "B": seed % 5}, "rng": rng.seed_state(seed),
                "result": None}

    @staticmethod
    def active(state):
        return [] if state["result"] else [state["turn"]]

    @staticmethod
    def actions(state, role):
        if state["result"] or role != state["turn"]:
            return []
        return [n for n in (1, 2, 3) if state["count"] + n <= TARGET]

    @staticmethod
    def apply(state, role, action):
        state["count"] += action
        if state["count"] == TARGET:
            state["result"] = {"winners": [role]}
        state["turn"] = "B" if role == "A" else "A"

    @staticmethod
    def result(state):
        return state["result"]


GAME = SimpleNamespace(rules=Race)
def blind(state, role, seed):
    """The other seat's face-down number dealt afresh from the seed; the generator reseeded."""
    twin = plain_copy(state)
    other = "B" if role == "A" else "A"
    twin["hidden"][other] = seed % 11
    twin["rng"] = rng.seed_state(seed)
    return twin


class RandomPolicy:
    def choose(self, game, state, role, seed):
        legal = game.rules.actions(state, role)
        return legal[seed % len(legal)]


def evaluate(state, role) -> float:
    res = state["result"]
    if res is None:
        return 0.0
    return 1.0 if res["winners"] == [role] else -1.0


def make(budget=300, steps=20):
    return search.Search(blind=blind, rollout=RandomPolicy, evaluate=evaluate, budget=budget, steps=steps,
                         stop=lambda root, state, history: state["result"] is not None)


def at(count, turn="A", hidden=None):
    state = Race.setup(3)
    state["count"], state["turn"] = count, turn
    if hidden is not None:
        state["hidden"] = hidden
    return state


def test_finds_the_winning_move_and_the_move_that_leaves_a_lost_count():
    bot = make()
    assert bot.choose(GAME, at(8), "A", 1) == 2  # 8 + 2 = 10 wins at once
    assert bot.choose(GAME, at(7), "A", 2) == 3
    # from 5 the only winning move is to 6 (10 - 6 = 4: whatever the other adds, 10 is reached next)
    assert [bot.choose(GAME, at(5), "A", seed) for seed in range(5)] == [1] * 5


def test_sequential_halving_keeps_the_best_and_reports_every_candidate():
    ranked = make().scores(GAME, at(8), "A", 1)
    assert sorted(a for a, _, _ in ranked) == [1, 2]  # 8 + 3 is past 10: not legal
    best, value, samples = ranked[0]
    assert (best, value) == (2, 1.0) and samples >= 1


def test_a_single_legal_action_is_returned_without_search():
    assert make().scores(GAME, at(9), "A", 1) == [(1, 0.0, 0)]


def test_the_choice_depends_only_on_the_position_and_the_seed():
    bot = make(budget=60)
    picks = [bot.choose(GAME, at(1), "A", seed) for seed in range(6)]
    assert picks == [make(budget=60).choose(GAME, at(1), "A", seed) for seed in range(6)]


def test_the_other_seats_hidden_number_never_changes_the_choice():
    r = random.Random(4)
    for seed in range(8):
        hidden = {"A": r.randrange(7), "B": r.randrange(7)}
        changed = {"A": hidden["A"], "B": (hidden["B"] + 1 + r.randrange(5)) % 7}
        a, b = at(r.randrange(0, 8), hidden=hidden), at(0, hidden=changed)
        b["count"], b["rng"] = a["count"], rng.seed_state(seed * 31 + 7)
        assert make(budget=40).choose(GAME, a, "A", seed) == make(budget=40).choose(GAME, b, "A", seed)


def test_the_budget_counts_actions_played_in_look_aheads():
    policy_moves, samples = [], []

    class Counting(RandomPolicy):
        def choose(self, game, state, role, seed):
            policy_moves.append(1)
            return super().choose(game, state, role, seed)

    def counting_blind(state, role, seed):
        samples.append(1)  # one look-ahead: the candidate is its first action
        return blind(state, role, seed)

    bot = search.Search(blind=counting_blind, rollout=Counting, evaluate=evaluate, budget=90, steps=4,
                        stop=lambda root, state, history: state["result"] is not None)
    bot.choose(GAME, at(0), "A", 5)
    played = len(policy_moves) + len(samples)
    # three candidates, two rounds of 45 actions; a round stops after the pass that reaches its share,
    # so it overshoots by less than one pass (3 and then 2 look-aheads of at most 4 actions)
    assert 90 <= played < 90 + 3 * 4 + 2 * 4


def test_a_policy_that_thinks_is_charged_for_its_thinking():
    """With `cost`, a look-ahead spends its actions plus the growth of the policy's own count: a
    policy charged 9 a move plays about a tenth of the moves on the same budget; without `cost` the
    budget counts actions only (as before)."""
    moves = []

    class Thinking(RandomPolicy):
        def __init__(self):
            self.work = 0

        def choose(self, game, state, role, seed):
            moves.append(1)
            self.work += 9
            return super().choose(game, state, role, seed)

    stop = lambda root, state, history: state["result"] is not None  # noqa: E731
    plain = search.Search(blind=blind, rollout=Thinking, evaluate=evaluate, budget=300, steps=4, stop=stop)
    plain.choose(GAME, at(0), "A", 5)
    free = len(moves)
    moves.clear()
    charged = search.Search(blind=blind, rollout=Thinking, evaluate=evaluate, budget=300, steps=4, stop=stop,
                            cost=lambda policy: policy.work)
    charged.choose(GAME, at(0), "A", 5)
    assert free > 150 and 0 < len(moves) < free / 5
    assert charged.choose(GAME, at(0), "A", 5) == search.Search(
        blind=blind, rollout=Thinking, evaluate=evaluate, budget=300, steps=4, stop=stop,
        cost=lambda policy: policy.work).choose(GAME, at(0), "A", 5)


def test_margin_and_turn_over():
    judged = search.margin(lambda state, role: state["points"][role], lambda state: list(state["points"]))
    assert judged({"points": {"A": 5, "B": 7, "C": 2}}, "A") == -2
    assert judged({"points": {"A": 9, "B": 7, "C": 2}}, "A") == 2
    stop = search.turn_over(Race)
    history: dict = {}
    state = at(0, turn="A")
    assert not stop("A", state, history)  # still A's turn, nobody else has played
    state["turn"] = "B"
    assert not stop("A", state, history)
    state["turn"] = "A"
    assert stop("A", state, history)  # B has had a turn and A is to act again
    two, history = search.turn_over(Race, turns=2), {}
    for turn, stopped in (("A", False), ("B", False), ("A", False), ("A", False), ("B", False), ("A", True)):
        state["turn"] = turn
        assert two("A", state, history) is stopped, (turn, history)


def test_a_match_plays_every_seed_from_every_side():
    """engine.core.match.seating: two sides swap seats on each seed; a lone hero takes every seat of
    each seed in turn, among field seats."""
    from engine.core.match import seating

    assert [seating(3, 2, 2, i, 100) for i in range(4)] == [([3, 2], 100), ([2, 3], 100), ([3, 2], 101), ([2, 3], 101)]
    lone = [seating(3, 2, 4, i, 100, lone=True) for i in range(8)]
    for seed in (100, 101):
        games = [seats for seats, s in lone if s == seed]
        assert sorted(seats.index(3) for seats in games) == [0, 1, 2, 3]
        assert all(seats.count(3) == 1 and seats.count(2) == 3 for seats in games)
