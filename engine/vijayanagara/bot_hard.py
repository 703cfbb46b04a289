"""The Hard computer player for Vijayanagara: several blind samples and a judged Command choice.

Like Medium (bots.py) it judges each legal action by playing on from it on a blind copy (the random
generator reseeded from the bot's seed, the deck dealt afresh from what every Faction knows,
bots.sample_deck: no dice to come, no deck order, no set-aside cards) through the rest of its own turn, and scoring the position reached with bots.score (5.1-5.3
and the positional terms). Hard differs in four ways:

  * every action is judged on SAMPLES blind samples and the mean taken: battles, Mongol attacks and
    Timur are dice, and one sample is one roll of them;
  * at the card option (2.3.3) the look-through chooses the Command (and Decree) by a short
    look-through of its own (REPLY_STEPS), where Medium's one-ply continuation cannot tell one
    Command from another (choosing one changes nothing yet), so "Command + Decree" is judged by a
    good Command rather than an arbitrary one;
  * a choice made inside a look-through is judged on copies with their own generator, so it never
    sees the dice that the look-through itself will roll (no clairvoyant rollouts);
  * staying Eligible for the next card (2.3.7) is worth ELIGIBLE in the evaluation.

With TOP > 0 (off by default: it measured weaker, see docs/benchmarks.md) the best TOP options are
also played through the end of the card with the other Factions' replies.

Everything is counted, not timed: each decision has a budget of rules.apply calls (BUDGET), shared
equally by its candidate actions and samples, so the choice depends only on the state and the seed
and the think time is bounded (measured: median ~30 ms, max 1.6 s on CPython; docs/benchmarks.md).
Negotiation: bot_negotiation.py.
"""
from __future__ import annotations

from engine.core import rng

from . import bot_negotiation, bots

SAMPLES = 2  # blind samples per candidate action
OWN_STEPS = 24  # steps of an own-turn look-through (as Medium)
REPLY_STEPS = 5  # steps of the short look-through that picks a Command inside a look-through
TOP = 0  # options also played through the end of the card with the others' replies (0: off)
CARD_STEPS = 90  # steps of a look-through to the end of the card
BUDGET = 7_000  # rules.apply calls per decision at most (deterministic)
ELIGIBLE = 0.1  # being Eligible for the next card (2.3.7)
DONE_WORDS = ("done", "skip", "decline")


def next_eligible(state, faction, root_card) -> bool:
    """2.3.7 as it will apply when the card `root_card` is over."""
    sop = state["sop"]
    if state["card"] != root_card:  # the card is over: 2.3.7 has been applied
        return sop["eligible"][faction]
    forked = {f for f in sop["forks"].values() if f is not None}
    return not (faction in forked and faction not in sop["stay"])


def score(state, faction, root_card=None) -> float:
    value = bots.score(state, faction)
    if root_card is not None and state.get("result") is None and next_eligible(state, faction, root_card):
        value += ELIGIBLE
    return value


def reseeded(s, seed) -> dict:
    """A copy of a look-through's state with its own generator: a choice made inside a look-through
    must not see the dice that the look-through itself will roll."""
    c = bots.clone(s)
    c["rng"] = rng.seed_state(seed)
    return c


class HardBot:
    def __init__(self, top=None, samples=None, budget=None, negotiate=True):
        self.top = TOP if top is None else top
        self.samples = SAMPLES if samples is None else samples
        self.budget = BUDGET if budget is None else budget
        self.negotiate = negotiate
        self.applies = 0  # rules.apply calls of the last decision (the think-time measure)
        self.limit = 0  # the current look's share of the budget

    # -- counted primitives ------------------------------------------------------------------------
    def _apply(self, rules, s, role, action):
        self.applies += 1
        rules.apply(s, role, action)

    def _greedy(self, rules, s, role, root_card, seed):
        """One-ply, each action on a copy with its own generator."""
        acts = bots.legal(rules, s, role)
        if len(acts) == 1:
            return acts[0]
        best, best_value = acts[0], None
        for i, action in enumerate(acts):
            c = reseeded(s, seed * 131 + i)
            self._apply(rules, c, role, action)
            value = score(c, role, root_card) + bots._noise(seed, i) + (0.0 if action in DONE_WORDS else 0.01)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    def _reply(self, rules, s, actor, root_card, seed):
        """A Command/Decree (or, to the end of the card, an option) choice inside a look-through."""
        acts = bots.legal(rules, s, actor)
        if len(acts) == 1 or self.applies > self.limit:
            return acts[0] if len(acts) == 1 else self._greedy(rules, s, actor, root_card, seed)
        best, best_value = acts[0], None
        for i, action in enumerate(acts):
            c = reseeded(s, seed * 137 + i)
            self._apply(rules, c, actor, action)
            self._own_turn(rules, c, root_card, seed + 97 * i, REPLY_STEPS)
            value = score(c, actor, root_card) + bots._noise(seed, i)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    def _own_turn(self, rules, s, root_card, seed, steps, smart=False):
        """Plays on (everyone greedily, as Medium) until the next card option, `steps` or the
        budget; with `smart` the Command/Decree choice by _reply."""
        for n in range(steps):
            if s["result"] is not None or not s["stack"] or s["stack"][-1]["kind"] == "option":
                return
            if self.applies > self.limit:
                return
            actor = rules.active(s)[0]
            if smart and s["stack"][-1]["kind"] == "action":
                action = self._reply(rules, s, actor, root_card, seed + 7 * n)
            else:
                action = self._greedy(rules, s, actor, root_card, seed + n)
            self._apply(rules, s, actor, action)

    def _to_card_end(self, rules, s, root_card, seed):
        for n in range(CARD_STEPS):
            if s["result"] is not None or s["card"] != root_card or not s["stack"]:
                return
            if self.applies > self.limit:
                return
            actor = rules.active(s)[0]
            if s["stack"][-1]["kind"] in bots.STRATEGIC:
                action = self._reply(rules, s, actor, root_card, seed + 7 * n)
            else:
                action = self._greedy(rules, s, actor, root_card, seed + n)
            self._apply(rules, s, actor, action)

    def _look(self, rules, state, role, action, seed, share, deep=False) -> float:
        root_card = state["card"]
        self.limit = self.applies + share
        s = bots.blind(state, seed)
        self._apply(rules, s, role, action)
        if deep:
            self._to_card_end(rules, s, root_card, seed)
        else:
            self._own_turn(rules, s, root_card, seed, OWN_STEPS, smart=state["stack"][-1]["kind"] == "option")
        return score(s, role, root_card)

    # -- the interface -----------------------------------------------------------------------------
    def choose(self, game, state, role, seed: int):
        rules = game.rules
        self.applies = 0
        if self.negotiate:
            gift = bot_negotiation.choose(rules, state, role)
            if gift is not None:
                return gift
        acts = bots.legal(rules, state, role)
        if not acts:
            return rules.actions(state, role)[0]
        if len(acts) == 1:
            return acts[0]
        deep = state["stack"][-1]["kind"] == "option" and self.top > 0
        budget = self.budget // 2 if deep else self.budget
        share = max(1, budget // (len(acts) * self.samples))
        values = {}
        for i, action in enumerate(acts):
            total = 0.0
            for r in range(self.samples):
                total += self._look(rules, state, role, action, seed * 31 + i * 7 + r * 1_000_033, share)
            values[i] = total / self.samples + bots._noise(seed, i)
        if deep:
            order = sorted(values, key=lambda i: -values[i])[: self.top]
            share = max(1, (self.budget - self.applies) // (len(order) * self.samples))
            for i in order:
                total = 0.0
                for r in range(self.samples):
                    total += self._look(rules, state, role, acts[i], seed * 37 + i * 11 + r * 1_000_037, share, True)
                values[i] = total / self.samples + bots._noise(seed, i)
            values = {i: values[i] for i in order}
        best = max(values, key=lambda i: values[i])
        return acts[best]


def hard():
    return HardBot()
