"""The Hard computer player for Vijayanagara: the core's search (engine/core/search.py) with this
game's evaluation, candidates, horizon and rollout policy.

  * a sample is a blind copy (bots.blind: the generator reseeded, the deck dealt afresh from what
    every Faction knows by bots.sample_deck: no dice to come, no deck order, no set-aside cards);
  * the candidates are every legal action at the card option (2.3.3) and at the Command/Decree
    choice; elsewhere (targets, moves, battles, replies) Medium's WIDTH best (each action played
    through the rest of the turn on a blind copy, bots.look_through, as Medium judges it), so the
    search refines Medium's choice with samples where Medium plays one;
  * a look-ahead plays the candidate, then every Faction with the rollout policy (Policy: greedy on
    the score, and at a card option or Command choice a short look-through of a few steps,
    every choice on a copy with its own generator, so it never sees the look-ahead's own dice);
    the look-through's steps depend on the Hard seat's Faction (REPLY_STEPS): in the Sultanate's
    look-aheads every Faction is greedy at those choices too (twice the look-aheads for the budget;
    it wins far more often so, the Deccan Factions less: docs/benchmarks.md);
  * the horizon: at the card option and the Command choice of the Sultanate and the Bahmani
    Kingdom, the end of the card, so the other Factions' options and Commands on the same card answer
    the candidate; elsewhere, and for the Vijayanagara Empire everywhere, the end of the Faction's own
    turn (the next card option, as Medium; CARD_HORIZON: the Empire wins more often so,
    docs/benchmarks.md);
  * the evaluation: bots.score (5.1-5.3 as they would count now, less 0.6 of the best other
    Faction's, and the positional terms), plus ELIGIBLE for being Eligible on the next card (2.3.7);
    the Empire's Hard weighs its own Units on the map at a third of Medium's weight (UNIT);
  * sequential halving spends the budget (Search), counted in rules.apply calls: the policy's own
    trial applications included (Search.cost), STRATEGIC_BUDGET at the option and Command choice,
    BUDGET elsewhere (plus Medium's ranking there), each look-ahead at most LOOK_CAP, so the choice
    depends only on the position and the seed and the think time is bounded.

Negotiation: bot_negotiation.py, before any search. The measured strength and think time are in
docs/benchmarks.md.
"""
from __future__ import annotations

from engine.core import rng
from engine.core.bots import unconfirmed
from engine.core.search import Search

from . import bot_negotiation, bots
from .data import BAHMANI, DELHI, VIJAYANAGARA

# (twice the first budgets since the score became 1.57x faster: stronger, docs/benchmarks.md)
STRATEGIC_BUDGET = 4_800  # rules.apply calls at a card option (2.3.3) or Command/Decree choice
BUDGET = 800  # rules.apply calls at any other decision
STEPS = 150  # actions in one look-ahead at most
WIDTH = 3  # candidates kept at a decision that is not strategic (Medium's best)
MEDIUM_STEPS = 24  # steps of Medium's look-through that ranks them (bots.medium)
# steps of the policy's look-through at a card option or Command choice, by the Hard seat's Faction
# (0: greedy there as elsewhere); measured per Faction in docs/benchmarks.md
REPLY_STEPS = {DELHI: 0, BAHMANI: 5, VIJAYANAGARA: 5}
LOOK_CAP = 250  # rules.apply calls of one look-ahead at most (its policy's trials included; less
#                 when the decision's budget shared by its candidates is smaller, 2 x budget / candidates)
COPY = 4  # what a blind copy costs, counted as rules.apply calls
# where the look-aheads of a strategic decision end, by the Hard seat's Faction: 1 the end of the card,
# 0 the end of the Faction's own turn (measured per Faction in docs/benchmarks.md)
CARD_HORIZON = {DELHI: 1, BAHMANI: 1, VIJAYANAGARA: 0}
ELIGIBLE = 0.1  # being Eligible for the next card (2.3.7)
RIVAL = bots.RIVAL  # weight of the best other Faction's VP in the judged positions (5.0: the most wins)
# a Unit on the map in the Hard seat's own judged positions, by its Faction (bots.UNIT where absent):
# the Empire, weighing its Units less, wins more often (docs/benchmarks.md)
UNIT = {VIJAYANAGARA: 0.05}
DONE_WORDS = ("done", "skip", "decline")


def next_eligible(state, faction, root_card) -> bool:
    """2.3.7 as it will apply when the card `root_card` is over."""
    sop = state["sop"]
    if state["card"] != root_card:  # the card is over: 2.3.7 has been applied
        return sop["eligible"][faction]
    forked = {f for f in sop["forks"].values() if f is not None}
    return not (faction in forked and faction not in sop["stay"])


def score(state, faction, root_card=None, rival=bots.RIVAL, unit=bots.UNIT) -> float:
    value = bots.score(state, faction, rival, unit)
    if root_card is not None and state.get("result") is None and next_eligible(state, faction, root_card):
        value += ELIGIBLE
    return value


def reseeded(s, seed) -> dict:
    """A copy of a look-ahead's state with its own generator: a choice made inside a look-ahead
    must not see the dice that the look-ahead itself will roll."""
    c = bots.clone(s)
    c["rng"] = rng.seed_state(seed)
    return c


class Policy:
    """Every Faction's play inside a look-ahead; counts the rules.apply calls of its trials."""

    def __init__(self, steps: int = 5):
        self.applies = 0
        self.limit = None  # the look-ahead's end (in self.applies): then only greedy choices
        self.steps = steps  # the look-through's steps at a card option or Command choice (0: greedy)
        self.units = {}  # Faction -> the weight of its Units when its choices are scored (UNIT)

    def greedy(self, rules, s, role, seed, card=None):
        acts = bots.legal(rules, s, role)
        if len(acts) == 1:
            return acts[0]
        best, best_value = acts[0], None
        unit = self.units.get(role, bots.UNIT)
        for i, action in enumerate(acts):
            c = reseeded(s, seed * 131 + i)
            self.applies += 1
            rules.apply(c, role, action)
            value = score(c, role, card, unit=unit) + bots._noise(seed, i) + (0.0 if action in DONE_WORDS else 0.01)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    def choose(self, game, state, role, seed):
        rules = game.rules
        acts = bots.legal(rules, state, role)
        if not acts:
            return rules.actions(state, role)[0]
        if len(acts) == 1:
            return acts[0]
        card = state["card"]
        over = self.limit is not None and self.applies + len(acts) * (1 + self.steps * 6) > self.limit
        if over or not self.steps or state["stack"][-1]["kind"] not in bots.STRATEGIC:
            return self.greedy(rules, state, role, seed, card)
        best, best_value = acts[0], None  # a short look-through, as Medium's but shorter
        unit = self.units.get(role, bots.UNIT)
        for i, action in enumerate(acts):
            c = reseeded(state, seed * 137 + i)
            self.applies += 1
            rules.apply(c, role, action)
            for n in range(self.steps):
                if c["result"] is not None or not c["stack"] or c["stack"][-1]["kind"] == "option":
                    break
                actor = rules.active(c)[0]
                move = self.greedy(rules, c, actor, seed + 97 * i + n, card)
                self.applies += 1
                rules.apply(c, actor, move)
            value = score(c, role, card, unit=unit) + bots._noise(seed, i)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best


class HardBot(Search):
    """Search with Vijayanagara's parts; `choose` sets the decision's horizon and budget."""

    def __init__(self, negotiate=True, budget=None, strategic_budget=None):
        super().__init__(blind=lambda state, role, seed: bots.blind(state, seed), rollout=Policy,
                         evaluate=self._judge, budget=BUDGET, steps=STEPS, width=WIDTH, rank=self._rank,
                         stop=self._stop, cost=lambda policy: policy.applies)
        self.negotiate = negotiate
        self.normal = BUDGET if budget is None else budget
        self.strategic = STRATEGIC_BUDGET if strategic_budget is None else strategic_budget
        self.root_card = None
        self.deep = False
        self.applies = 0  # rules.apply calls of the last decision's search (Medium's ranking aside)
        self.cap = LOOK_CAP  # the current decision's look-ahead cap

    def _judge(self, state, role) -> float:
        return score(state, role, self.root_card, RIVAL, UNIT.get(role, bots.UNIT))

    def _stop(self, root_role, state, history) -> bool:
        if "start" not in history:
            history["start"] = self.policy.applies
            self.policy.limit = history["start"] + self.cap
        if self.policy.applies >= self.policy.limit:
            return True
        if state["result"] is not None or not state["stack"] or state["card"] != self.root_card:
            return True
        return not self.deep and state["stack"][-1]["kind"] == "option"

    def _rank(self, state, role, legal, seed) -> list:
        """Every action at a strategic decision; elsewhere the actions as Medium judges them (each
        played through the rest of the turn on a blind copy, bots.look_through), best first."""
        if state["stack"][-1]["kind"] in bots.STRATEGIC or len(legal) <= self.width:
            return legal
        rules = self._game.rules
        scored = []
        for i, action in enumerate(legal):
            value = bots.look_through(rules, state, role, action, seed * 31 + i * 7, MEDIUM_STEPS)
            scored.append((-(value + bots._noise(seed, i)), i, action))
        scored.sort(key=lambda t: (t[0], t[1]))
        return [a for _, _, a in scored]

    def choose(self, game, state, role, seed: int):
        self._game = game
        rules = game.rules
        self.applies = 0
        if self.negotiate:
            gift = bot_negotiation.choose(rules, state, role)
            if gift is not None:
                return gift
        acts = unconfirmed(game, state, bots.legal(rules, state, role))
        if not acts:
            return rules.actions(state, role)[0]
        if len(acts) == 1:
            return acts[0]
        self.root_card = state["card"]
        self.policy.steps = REPLY_STEPS[role]
        self.policy.units = {role: UNIT.get(role, bots.UNIT)}
        strategic = state["stack"][-1]["kind"] in bots.STRATEGIC
        self.deep = strategic and bool(CARD_HORIZON[role])
        self.budget = self.strategic if strategic else self.normal
        self.cap = min(LOOK_CAP, 2 * self.budget // (len(acts) if strategic else min(len(acts), self.width)))
        return self.scores(game, state, role, seed)[0][0]

    def candidates(self, game, state, role, seed) -> list:
        legal = bots.legal(game.rules, state, role)
        legal = unconfirmed(game, state, legal)
        if len(legal) <= 1:
            return legal
        ranked = self._rank(state, role, legal, seed)
        return ranked if state["stack"][-1]["kind"] in bots.STRATEGIC else ranked[:self.width]

    def look_ahead(self, game, state, role, action, seed, sample, limit):
        value, used = super().look_ahead(game, state, role, action, seed, sample, limit)
        self.applies += used + COPY
        return value, used + COPY


def hard():
    return HardBot()
