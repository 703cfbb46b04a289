"""The search behind every game's Hard level, written once over the game interface.

Determinized Monte Carlo search with sequential halving:

  * the candidates are the legal actions (a game may rank them with its own Medium and keep the best
    few: `Search.rank`, `Search.width`);
  * one sample is a blind copy of the position (`Search.blind`): the generator reseeded and whatever
    the seat cannot see (cards, face-down tiles, the deck's order) dealt afresh from what it knows, so
    the search never reads hidden information (the design's "Bots");
  * a look-ahead plays a candidate on a sample, then every seat's moves with the game's rollout policy
    (its Medium, or a cheaper level) until `Search.stop` says the horizon is reached (by default: the
    seat has finished its turn and each other seat has had one) or `Search.steps` actions are played;
    the position reached is judged by the game's evaluation as a margin over the best other seat;
  * sequential halving spends the budget in rounds: every candidate still in play gets the same
    samples (so candidates are compared on the same dice and the same dealt cards), then the worse
    half is dropped, until one is left.

Budgets are counted, not timed (`Search.budget`: actions played in look-aheads per decision), so a
decision depends only on the position and the seed, and a game replays exactly. The search keeps no
state between calls beyond what the rollout policy caches (bots keep no game state of their own).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Optional

from engine.core.bots import unconfirmed


def mix(*parts: int) -> int:
    """A 63-bit seed from several integers (the decision's seed, a sample, a step)."""
    h = 0x243F6A8885A308D3
    for p in parts:
        h = (h ^ (p & 0xFFFFFFFFFFFFFFFF)) * 0x100000001B3 & 0xFFFFFFFFFFFFFFFF
        h ^= h >> 29
    return h & (2**63 - 1)


def margin(evaluate: Callable, roles: Callable) -> Callable:
    """An evaluation as a margin: `evaluate(state, role)` less the best of the other seats'
    (`roles(state)` lists the seats). With 3 or more seats this is the usual 'best opponent' reading:
    a seat is only as well off as its lead over whoever is ahead of the rest."""
    def judged(state, role) -> float:
        own = evaluate(state, role)
        others = [evaluate(state, r) for r in roles(state) if r != role]
        return own - max(others) if others else own
    return judged


def turn_over(rules, turns: int = 1) -> Callable:
    """The default horizon: the seat that decides has played on to the end of its turn, the other
    seats have acted since, and the deciding seat is to act again (or the game is over); with
    `turns` = k, that k times (the look-ahead then also plays k - 1 whole turns of its own). Games
    whose other seats answer inside a turn (a defence) pass a `stop` of their own."""
    def stop(root_role, state, history) -> bool:
        if rules.result(state) is not None:
            return True
        if root_role not in rules.active(state):
            history["away"] = True
            return False
        if history.get("away"):
            history["away"] = False
            history["back"] = history.get("back", 0) + 1
        return history.get("back", 0) >= turns
    return stop


@dataclass
class Search:
    """A game's Hard: the core's search with the game's parts.

    blind(state, role, seed) -> dict      a copy of the position with what `role` cannot see dealt
                                          afresh and the generator reseeded from `seed`
    rollout() -> bot                      the policy that plays every seat in a look-ahead (a bot
                                          object: choose(game, state, role, seed))
    evaluate(state, role) -> float        how good the position is for `role` (higher is better): a
                                          margin over the others (see `margin`)
    budget                                actions played in look-aheads per decision, in all
    steps                                 actions played in one look-ahead at most
    width                                 candidates kept after ranking (0: all legal actions)
    rank(state, role, legal, seed)        the candidates, best first (default: the legal order)
    stop(root_role, state, history)       True at the horizon (default: turn_over with `turns`)
    turns                                 how often the deciding seat's turn comes round again in a
                                          look-ahead with the default horizon
    fixed(state, role, legal) -> action   a choice made without search where the game's rules of thumb
                                          are sure (None: search)
    cost(policy) -> int                   a running count of the work the rollout policy does besides
                                          the actions it plays (e.g. rules applied on its own copies
                                          to choose them); when given, a look-ahead spends the actions
                                          it played plus the growth of that count, so a policy that
                                          thinks is charged for its thinking (None: actions only)
    """
    blind: Callable
    rollout: Callable
    evaluate: Callable
    budget: int
    steps: int
    width: int = 0
    rank: Optional[Callable] = None
    stop: Optional[Callable] = None
    turns: int = 1
    fixed: Optional[Callable] = None
    cost: Optional[Callable] = None

    def __post_init__(self):
        self._policy = None

    @property
    def policy(self):
        if self._policy is None:
            self._policy = self.rollout()
        return self._policy

    def candidates(self, game, state, role, seed) -> list:
        legal = unconfirmed(game, state, game.rules.actions(state, role))
        if len(legal) <= 1:
            return legal
        ranked = self.rank(state, role, legal, seed) if self.rank is not None else legal
        return ranked[:self.width] if self.width else ranked

    def look_ahead(self, game, state, role, action, seed: int, sample: int, limit: int) -> tuple[float, int]:
        """Plays `action` on blind sample `sample` and on to the horizon; (value for role, actions)."""
        rules = game.rules
        twin = self.blind(state, role, mix(seed, sample))
        rules.apply(twin, role, action)
        stop = self.stop or turn_over(rules, self.turns)
        history: dict = {}
        played = 1
        thought = self.cost(self.policy) if self.cost is not None else 0
        while played < limit and not stop(role, twin, history):
            seat = rules.active(twin)[0]
            move = self.policy.choose(game, twin, seat, mix(seed, sample, played))
            rules.apply(twin, seat, move)
            played += 1
        spent = played if self.cost is None else played + self.cost(self.policy) - thought
        return self.evaluate(twin, role), spent

    def scores(self, game, state, role, seed: int) -> list:
        """(candidate, mean value, samples) for every candidate that reached the last round, best
        first; the others follow in the order they were dropped. For tests and tuning."""
        cands = self.candidates(game, state, role, seed)
        if len(cands) <= 1:
            return [(a, 0.0, 0) for a in cands]
        total = [0.0] * len(cands)
        count = [0] * len(cands)
        alive = list(range(len(cands)))
        dropped: list = []
        rounds = max(1, math.ceil(math.log2(len(cands))))
        per_round = self.budget // rounds
        sample = 0
        for _ in range(rounds):
            spent = 0
            while True:  # every candidate in play gets the same samples; at least one pass a round
                for i in alive:
                    value, used = self.look_ahead(game, state, role, cands[i], seed, sample, self.steps)
                    total[i] += value
                    count[i] += 1
                    spent += used
                sample += 1
                if spent >= per_round:
                    break
            alive.sort(key=lambda i: (-total[i] / count[i], i))
            keep = max(1, (len(alive) + 1) // 2)
            dropped = alive[keep:] + dropped
            alive = alive[:keep]
            if len(alive) == 1:
                break
        order = alive + dropped
        return [(cands[i], total[i] / count[i], count[i]) for i in order]

    def choose(self, game, state, role, seed: int):
        if self.fixed is not None:
            legal = game.rules.actions(state, role)
            action = self.fixed(state, role, legal)
            if action is not None:
                return action
        return self.scores(game, state, role, seed)[0][0]
