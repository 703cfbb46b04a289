"""The Hard computer player for Vijayanagara: several blind samples and the other Factions' replies.

Like Medium (bots.py) it judges an action by playing on from it on a blind copy (the random
generator reseeded from the bot's seed, the deck shuffled: no dice to come, no deck order) and
scoring the position reached; Hard differs in three ways:

  * at the card option (2.3.3) it first screens every option with Medium's look-through of its own
    turn, then plays the best TOP of them through the end of the card, with the other Factions'
    replies (their options and Commands chosen by a short look-through of their own), in SAMPLES
    blind samples each, and takes the best mean;
  * at the Command/Decree choice and every other decision it averages its own-turn look-through over
    SAMPLES blind samples (battles and Mongol attacks are dice: one sample is one roll of them);
  * its evaluation (score) weighs the victory conditions by the stage of the game: the best
    opponent's victory points count more, and the positional terms less, as the last stack of the
    deck (where the Timurid cards end the game, 2.2, 2.6) comes near; the Sultanate's Delhi
    adjustment (5.1) and the Mongols that Timur will bring to Delhi count more near the end; staying
    Eligible for the next card (2.3.7) is worth something.

Everything is counted, not timed: each decision has a budget of rules.apply calls (BUDGET), so the
choice depends only on the state and the seed. Negotiation follows bot_negotiation.py.
"""
from __future__ import annotations

from engine.core import rng

from . import board_state, bot_negotiation, bots, data
from .data import BAHMANI, DELHI, VIJAYANAGARA

TOP = 3  # options played through the end of the card
SAMPLES = 2  # blind samples per candidate
OWN_STEPS = 24  # steps of an own-turn look-through (as Medium)
CARD_STEPS = 90  # steps of a look-through to the end of the card
REPLY_STEPS = 5  # steps of another Faction's look-through at its option/Command choice
BUDGET = 9_000  # rules.apply calls per decision at most (deterministic, about 1.5 s on CPython)
ELIGIBLE = 0.35  # being Eligible for the next card (2.3.7)
DONE_WORDS = ("done", "skip", "decline")


def progress(state) -> float:
    """0 at the start, 1 when the last stack is reached (the deck's size is open, 2.3)."""
    total = len(state["deck"]) + len(state["played"])
    left = len(state["deck"])
    last = bot_negotiation.LAST_STACK
    if total <= last:
        return 1.0
    return max(0.0, min(1.0, (total - left) / (total - last)))


def next_eligible(state, faction, root_card) -> bool:
    sop = state["sop"]
    if state["card"] != root_card:  # the card is over: 2.3.7 has been applied
        return sop["eligible"][faction]
    forked = {f for f in sop["forks"].values() if f is not None}
    return not (faction in forked and faction not in sop["stay"])


def score(state, faction, root_card=None) -> float:
    result = state.get("result")
    if result is not None:
        vp = result["scores"]
        bonus = 60.0 / len(result["winners"]) if faction in result["winners"] else 0.0
        return bonus + vp[faction] - max(vp[f] for f in data.FACTIONS if f != faction)
    p = progress(state)
    spaces = state["spaces"]
    vp = board_state.victory_points(state)
    delhi_mongols = spaces[data.DELHI_SPACE]["mongol"]
    # 5.1: 3 minus the Mongols left in Delhi; Timur brings those of Punjab and the Passes (2.6)
    threat = delhi_mongols + p * 0.5 * (spaces[data.PUNJAB]["mongol"] + spaces[data.MOUNTAIN_PASSES]["mongol"])
    vp[DELHI] += max(-3.0, 3.0 - threat) * (0.5 + 0.5 * p)
    others = sorted((vp[f] for f in data.FACTIONS if f != faction), reverse=True)
    value = vp[faction] - (0.6 + 0.4 * p) * others[0] - 0.1 * others[1]
    positional = bots.score(state, faction) - (board_state.victory_points(state)[faction] - 0.6 * _best_other_raw(state, faction))
    value += (1.0 - 0.5 * p) * positional
    if root_card is not None and p < 1.0 and next_eligible(state, faction, root_card):
        value += ELIGIBLE
    return value


def _best_other_raw(state, faction) -> float:
    vp = board_state.victory_points(state)
    vp[DELHI] += max(-3, 3 - state["spaces"][data.DELHI_SPACE]["mongol"]) * 0.5
    return max(vp[f] for f in data.FACTIONS if f != faction)


class HardBot:
    def __init__(self, top=TOP, samples=SAMPLES, budget=BUDGET, negotiate=True):
        self.top = top
        self.samples = samples
        self.budget = budget
        self.negotiate = negotiate
        self.applies = 0

    # -- counted primitives ------------------------------------------------------------------------
    def _apply(self, rules, s, role, action):
        self.applies += 1
        rules.apply(s, role, action)

    def _greedy(self, rules, s, role, root_card, seed):
        """One-ply on copies of a state that is already blind (its generator is not the real one)."""
        acts = bots.legal(rules, s, role)
        if len(acts) == 1:
            return acts[0]
        best, best_value = acts[0], None
        for i, action in enumerate(acts):
            c = bots.clone(s)
            self._apply(rules, c, role, action)
            value = score(c, role, root_card) + bots._noise(seed, i) + (0.0 if action in DONE_WORDS else 0.01)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    def _own_turn(self, rules, s, role, root_card, seed, steps):
        """Plays on greedily (everyone, as Medium) until the next card option or `steps`."""
        for n in range(steps):
            if s["result"] is not None or not s["stack"] or s["stack"][-1]["kind"] == "option":
                return
            if self.applies > self.budget:
                return
            actor = rules.active(s)[0]
            self._apply(rules, s, actor, self._greedy(rules, s, actor, root_card, seed + n))

    def _reply(self, rules, s, actor, root_card, seed):
        """Another Faction's option or Command choice inside a look-through: a short look-through."""
        acts = bots.legal(rules, s, actor)
        if len(acts) == 1 or self.applies > self.budget:
            return acts[0] if len(acts) == 1 else self._greedy(rules, s, actor, root_card, seed)
        best, best_value = acts[0], None
        for i, action in enumerate(acts):
            c = bots.clone(s)
            self._apply(rules, c, actor, action)
            self._own_turn(rules, c, actor, root_card, seed + 97 * i, REPLY_STEPS)
            value = score(c, actor, root_card) + bots._noise(seed, i)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    def _to_card_end(self, rules, s, role, root_card, seed):
        for n in range(CARD_STEPS):
            if s["result"] is not None or s["card"] != root_card or not s["stack"]:
                return
            if self.applies > self.budget:
                return
            actor = rules.active(s)[0]
            kind = s["stack"][-1]["kind"]
            if actor != role and kind in bots.STRATEGIC:
                action = self._reply(rules, s, actor, root_card, seed + 7 * n)
            else:
                action = self._greedy(rules, s, actor, root_card, seed + n)
            self._apply(rules, s, actor, action)

    def _look(self, rules, state, role, action, seed, deep) -> float:
        root_card = state["card"]
        s = bots.blind(state, seed)
        self._apply(rules, s, role, action)
        if deep:
            self._to_card_end(rules, s, role, root_card, seed)
        else:
            self._own_turn(rules, s, role, root_card, seed, OWN_STEPS)
        return score(s, role, root_card)

    # -- the interface -----------------------------------------------------------------------------
    def choose(self, game, state, role, seed: int):
        rules = game.rules
        if self.negotiate:
            gift = bot_negotiation.choose(rules, state, role)
            if gift is not None:
                return gift
        acts = bots.legal(rules, state, role)
        if not acts:
            return rules.actions(state, role)[0]
        if len(acts) == 1:
            return acts[0]
        self.applies = 0
        kind = state["stack"][-1]["kind"]
        values = {}
        # screening: every action, own turn; SAMPLES samples (one for the card option, deepened below)
        screen_samples = 1 if kind == "option" else self.samples
        for i, action in enumerate(acts):
            total = 0.0
            for r in range(screen_samples):
                total += self._look(rules, state, role, action, seed * 31 + i * 7 + r * 1_000_033, False)
            values[i] = total / screen_samples + bots._noise(seed, i)
        if kind == "option":
            order = sorted(values, key=lambda i: -values[i])[: self.top]
            deep = {}
            for i in order:
                total, n = 0.0, 0
                for r in range(self.samples):
                    if n and self.applies > self.budget:
                        break
                    total += self._look(rules, state, role, acts[i], seed * 37 + i * 11 + r * 1_000_037, True)
                    n += 1
                deep[i] = total / n + bots._noise(seed, i)
            best = max(deep, key=lambda i: deep[i])
            return acts[best]
        best = max(values, key=lambda i: values[i])
        return acts[best]


def hard():
    return HardBot()
