"""II. Market Action (market place): income from the markets of the province.

  * Assorted goods: exactly one market per kind of good (the best one of each kind is scored: more
    money is never worse). In the 3- and 4-player game a player may have only one worker on the
    assorted-goods spaces in a round.
  * Goods of one kind: give up any one die (karma may turn it), then score up to that many markets of
    one kind (["good", g]); the highest ones are scored.
The river's market earnings use the same scorings without a die.

Reading: a worker goes to a market space only if the player has a market in the province (else the
scoring would earn nothing: "a worker can only go where its action can be carried out", About text);
the river's market earnings simply earn nothing without markets.
"""
from __future__ import annotations

from . import data, province
from .common import log, push


def assorted_income(p, most=3) -> int:
    best = {}
    for good, value in province.markets(p):
        best[good] = max(best.get(good, 0), value)
    return sum(sorted(best.values(), reverse=True)[:most])


def one_kind_income(p, good, most) -> int:
    values = sorted((v for g, v in province.markets(p) if g == good), reverse=True)
    return sum(values[:most])


def can_use_assorted(state, role) -> bool:
    """A free space, at most one of the player's workers there with 3-4 players, and a market in the
    province: without one the scoring would earn nothing (our reading: a worker only goes where its
    action can be carried out)."""
    n = state["options"]["players"]
    taken = state["spaces"]["assorted"]
    if len(taken) >= data.ASSORTED_SPACES[n]:
        return False
    if n >= 3 and role in taken:  # "In the 3- or 4-player game ... only one of your workers"
        return False
    return bool(province.markets(state["players"][role]))


def can_use_one_kind(state, role) -> bool:
    """A free space, a die to give up and a market to score (as can_use_assorted)."""
    n = state["options"]["players"]
    p = state["players"][role]
    return (len(state["spaces"]["onekind"]) < data.ONE_KIND_SPACES[n] and bool(p["dice"])
            and bool(province.markets(p)))


def place_assorted(state, role) -> None:
    log(state, f"{role} sends a worker to the assorted-goods market")
    push(state, {"k": "assorted", "max": 3})


def place_one_kind(state, role) -> None:
    log(state, f"{role} sends a worker to the goods-of-one-kind market")
    push(state, {"k": "pay", "mode": "any", "then": [{"k": "good", "max": 0}], "fill": "max"})


def _opt_auto(state, role, eff):
    return None


def _res_assorted(state, role, eff, action):
    money = assorted_income(state["players"][role], eff["max"])
    push(state, {"k": "money", "n": money, "why": "assorted goods"})
    if not money:
        log(state, f"{role} has no market to score")


def _opt_good(state, role, eff):
    p = state["players"][role]
    return [["good", g] for g in data.GOODS if any(m[0] == g for m in province.markets(p))]


def _res_good(state, role, eff, action):
    money = one_kind_income(state["players"][role], action[1], eff["max"])
    push(state, {"k": "money", "n": money, "why": f"{action[1]}, up to {eff['max']} market{'s' * (eff['max'] != 1)}"})


HANDLERS = {
    "assorted": (_opt_auto, _res_assorted),
    "good": (_opt_good, _res_good),
}
