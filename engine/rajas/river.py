"""IV. River Action (harbour), the river and its earnings (rulebook "Explanation Of The Earnings On
The River"), the boat bonuses of the tracks and the bridge worker.

Harbour: the next free harbour space (first free, then 1 or 2 money, data.HARBOUR_COSTS), a die
showing 1, 2 or 3 (karma may turn a 6, 5 or 4), then the destination (["river", space]): a 1 moves
exactly one unoccupied space, a 2 one or two, a 3 up to three; spaces holding another boat are
skipped and not counted; the final space takes any number of boats and ends every move. No river
action from the final space.
"""
from __future__ import annotations

from . import data
from .common import log, pay_money, push


def occupied(state, role) -> set:
    """River spaces holding another player's boat (the start and the end never count)."""
    return {p["boat"] for r, p in state["players"].items()
            if r != role and 0 < p["boat"] < data.RIVER_END}


def ahead(state, role, count) -> list:
    """The first `count` unoccupied spaces ahead of the boat, stopping at the final space."""
    taken = occupied(state, role)
    out = []
    pos = state["players"][role]["boat"] + 1
    while pos <= data.RIVER_END and len(out) < count:
        if pos not in taken:
            out.append(pos)
        pos += 1
    return out


def harbour_cost(state):
    costs = data.HARBOUR_COSTS[state["options"]["players"]]
    placed = len(state["spaces"]["harbour"])
    return costs[placed] if placed < len(costs) else None


def can_use_harbour(state, role) -> bool:
    p = state["players"][role]
    cost = harbour_cost(state)
    if cost is None or p["money"] < cost or p["boat"] >= data.RIVER_END:
        return False
    values = {v for _, v in p["dice"]}
    return bool(values & {1, 2, 3}) or (p["karma"] > 0 and bool(values & {4, 5, 6}))


def place_harbour(state, role) -> None:
    cost = harbour_cost(state)
    if cost:
        pay_money(state, role, cost)
    log(state, f"{role} sends a worker to the harbour" + (f" and pays {cost} money" if cost else ""))
    push(state, {"k": "pay", "mode": "low", "then": [{"k": "river_move", "max": 0}], "fill": "max"})


def portuguese_allowed(state, role) -> bool:
    """rulebook "Palace: Portuguese": "advance exactly 6 unoccupied spaces"; "When you have advanced to
    the last 6 spaces on the river, you may not use the Portuguese anymore".
    Our reading: the Portuguese (the chamber or the river's palace action) can be chosen only when 6
    unoccupied spaces lie ahead of the boat, the final space counting as one, so the boat always moves
    exactly 6; near the end, other boats in the way can rule it out before the last six spaces."""
    p = state["players"][role]
    return (p["boat"] < data.PORTUGUESE_LAST
            and len(ahead(state, role, data.PORTUGUESE_STEPS)) == data.PORTUGUESE_STEPS)


def move_boat(state, role, pos, why) -> None:
    p = state["players"][role]
    old = p["boat"]
    p["boat"] = pos
    log(state, f"{role}'s boat moves to river space {pos} ({why})")
    effects = []
    if old < data.BRIDGE <= pos:  # rulebook "Get New Workers": passing the bridge
        effects.append({"k": "worker", "source": "river"})
    effects.append({"k": "earn", "pos": pos})
    push(state, *effects)


def _opt_river_move(state, role, eff):
    spaces = ahead(state, role, eff["max"])
    return None if len(spaces) == 1 else [["river", pos] for pos in spaces]  # one way: no click


def _res_river_move(state, role, eff, action):
    pos = action[1] if action is not None else ahead(state, role, eff["max"])[0]
    move_boat(state, role, pos, f"harbour, die {eff['max']}")


def _opt_auto(state, role, eff):
    return None


def _res_earn(state, role, eff, action):
    reward = data.RIVER[eff["pos"]]
    if reward is not None:
        kind, n = reward
        push(state, {"k": "reward", "kind": kind, "n": n, "why": f"river space {eff['pos']}"})


def _res_portuguese(state, role, eff, action):
    spaces = ahead(state, role, data.PORTUGUESE_STEPS)
    assert len(spaces) == data.PORTUGUESE_STEPS  # portuguese_allowed, checked when it was chosen
    move_boat(state, role, spaces[-1], "Portuguese")


def _opt_boat_bonus(state, role, eff):
    """rulebook "Bonuses On The Scoring Tracks": "You may move your boat to the next unoccupied river
    space": a choice (["advance" / "decline"]); nothing to do at the final space."""
    return ["advance", "decline"] if ahead(state, role, 1) else []


def _res_boat_bonus(state, role, eff, action):
    if action == "decline":
        log(state, f"{role} leaves the boat where it is ({eff.get('why', 'bonus')})")
        return
    move_boat(state, role, ahead(state, role, 1)[0], eff.get("why", "bonus"))


HANDLERS = {
    "river_move": (_opt_river_move, _res_river_move),
    "earn": (_opt_auto, _res_earn),
    "portuguese": (_opt_auto, _res_portuguese),
    "boat_bonus": (_opt_boat_bonus, _res_boat_bonus),
}
