"""Computer players for Yudhbhoomi.

  Random (0): any legal action, except one rules.confirm asks about (unless nothing else is legal).
  Easy (1), Medium (2): at every click, each legal action is tried on a blind copy of the state and
      the resulting position scored with `evaluate` (Medium with stronger weights on the campaign's
      goal and a look at enemy threats); the best is chosen, ties broken by the seed.

Blind copies: the bot may not see other hands, the deck's order, the attacker's face-down cards or
the dice to come. `blind` pools every card the bot cannot see (other seats' hands except an ally's in
Semi-Collaborative play, the deck, and face-down attack or defence cards of the other side), shuffles
the pool with the bot's own generator and deals it back in the same sizes, and reseeds the game's
generator from the bot's seed (as engine/vijayanagara/bots.py `blind` does).
"""
from __future__ import annotations

import copy

from engine.core import rng

from . import campaigns, data, movement, rules


def blind(state, role: str, seed: int) -> dict:
    s = copy.deepcopy(state)
    s["rng"] = rng.seed_state(seed ^ 0x5EED_B11D)
    visible = {role}
    if s["options"]["mode"] == "semi":
        visible.add(data.ALLY[role])
    slots = [("deck", None)] + [("hand", r) for r in s["seats"] if r not in visible]
    t = s["turn"]
    hidden_att = t is not None and t["attack"] is not None and t["attack"]["stage"] == "defend" \
        and t["seat"] not in visible
    hidden_def = t is not None and t["attack"] is not None and t["attack"]["defender"] is not None \
        and t["attack"]["defender"] not in visible
    pool = list(s["deck"])
    for _k, r in slots[1:]:
        pool += s["hands"][r]
    if hidden_att:
        pool += t["attack"]["acards"]
    if hidden_def:
        pool += t["attack"]["dcards"]
    pool.sort()
    s["rng"] = rng.shuffle(s["rng"], pool)
    # deal back in the same sizes (kinds are what matters; ids only name cards)

    def take(n):
        out = pool[:n]
        del pool[:n]
        return out
    for _k, r in slots[1:]:
        s["hands"][r] = take(len(s["hands"][r]))
    if hidden_att:
        t["attack"]["acards"] = take(len(t["attack"]["acards"]))
    if hidden_def:
        t["attack"]["dcards"] = take(len(t["attack"]["dcards"]))
    s["deck"] = pool
    return s


def evaluate(state, role: str, strong: bool) -> float:
    res = state["result"]
    if res is not None:
        return 10_000.0 if role in res["winners"] else -10_000.0
    camp = state["options"]["campaign"]
    me = campaigns.side(state, role)
    score = 0.0
    for r in state["seats"]:
        sign = 1.0 if campaigns.side(state, r) == me else -1.0
        score += sign * 100.0 * state["vp"][r]
        score += sign * 2.0 * len(state["hands"][r])
    for i, s in enumerate(state["soldiers"]):
        own = s["owner"] != "Portuguese" and campaigns.side(state, s["owner"]) == me
        sign = 1.0 if own else -1.0
        if s["owner"] == "Portuguese":
            score += 25.0 * (data.SOLDIERS[s["kind"]]["defence"] - s["def"] if s["pos"] is not None else 6)
            if s["kind"] == "general":
                score += 30.0 * (4 - s["def"])
            continue
        score += sign * (8.0 + 4.0 * s["def"])
        if s["pos"] is None:
            score -= sign * 3.0
            continue
        if camp == data.TREASURE:
            home = data.CAMP[s["owner"]]
            if s["carry"]:
                d = movement.distances_to(home, s["kind"])[s["pos"]]
                score += sign * s["carry"] * (60.0 - (4.0 if strong else 2.0) * min(d, 15))
            elif campaigns.carry_room(s) > 0 and state["treasure"]:
                best = min(movement.distances_to(int(k), "swordsman" if data.SOLDIERS[s["kind"]]["foot"]
                                                 else "horse")[s["pos"]] for k in state["treasure"])
                score -= sign * (2.0 if strong else 1.0) * min(best, 20)
        elif camp == data.HOLD:
            if s["flag"]:
                score += sign * 40.0
            if s["pos"] in data.PALACE:
                score += sign * 25.0
            elif data.SOLDIERS[s["kind"]]["foot"]:
                d = movement.distances_to(data.PALACE_CENTRE, s["kind"])[s["pos"]]
                score -= sign * 1.5 * min(d, 20)
        else:
            # Rani Abbakka: approach the General unseen; archers like walls near the patrol
            d = movement.distances_to(data.PALACE_CENTRE, s["kind"])[s["pos"]]
            score -= 1.0 * min(d, 25)
            if s["kind"] == "rani":
                score += 10.0 * s["def"]
    return score


class HeuristicBot:
    def __init__(self, strong: bool):
        self.strong = strong

    def choose(self, game, state, role, seed: int):
        legal = rules.actions(state, role)
        if len(legal) == 1:
            return legal[0]
        base = blind(state, role, seed)
        s = rng.seed_state(seed)
        best, best_score = None, None
        for action in legal:
            if rules.confirm(state, action) and len(legal) > 1:
                continue
            trial = copy.deepcopy(base)
            rules.apply(trial, role, action)
            value = evaluate(trial, role, self.strong) + self._bias(state, action)
            noise, s = rng.randbelow(s, 1000)
            value += noise / 1000.0 * (3.0 if not self.strong else 0.5)
            if best_score is None or value > best_score:
                best, best_score = action, value
        return best if best is not None else legal[0]

    def _bias(self, state, action) -> float:
        """Small preferences that the one-step score cannot see (rolling matters, finish the turn)."""
        if action == "end":
            return -1.0
        if action == "accept":
            return 0.5
        if isinstance(action, list) and action[0] == "hold":
            return -0.2
        return 0.0


def easy():
    return HeuristicBot(strong=False)


def medium():
    return HeuristicBot(strong=True)
