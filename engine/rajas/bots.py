"""Computer players for Rajas of the Ganges (level 0, Random, is the core's RandomBot).

Both heuristic levels score a position for the player with `evaluate`: the race itself (the fame
points by which the fame marker is past or short of the money marker, rulebook "End of the Game")
plus what will move the markers later: dice (by value), karma, extra workers, building upgrades,
markets in the province, the boat's progress on the river, open road ends; a won game is worth 1000.

  Easy (1):   at every click, the action whose immediate result scores best (one step ahead).
  Medium (2): at every click, each legal action is tried on a blind copy and the rest of the turn is
              played out with Easy's rule; the action whose turn ends best is chosen.

Some small choices follow fixed rules in both: reroll the dice showing 1 or 2 at the outer terrace;
with 10 dice put back a 1 or 2 for a new die, else take one fewer; always move the boat on.

Copies are blind (_clone): their generator is reseeded from the bot's seed, so no bot sees the dice it
will roll, and the face-down white yield tiles and the tiles under each open quarry tile are put in an
order of the copy's own, so no bot sees the next yield tile or the tile a taken one uncovers.
"""
from __future__ import annotations

from engine.core import rng, search
from engine.core.api import plain_copy

from . import common, data, province, rules

ROLLOUT_STEPS = 60
HARD_WIDTH = 3  # Medium's best clicks that Hard searches
HARD_BUDGET = 80  # actions played in Hard's look-aheads per decision (120 with 4 clicks: weaker and slower)
HARD_STEPS = 40  # actions in one look-ahead at most


def evaluate(state, role) -> float:
    res = state["result"]
    if res is not None:
        return 1000.0 if res["winners"] == [role] else -1000.0 + res["scores"][role]
    p = state["players"][role]
    score = float(common.difference(p))
    marked = []
    if state["turn"] == role and state["todo"] and state["todo"][0]["k"] == "reroll":
        marked = state["todo"][0]["marked"]
    values = [v for _, v in p["dice"]]
    for c, v in marked:
        values.remove(v)
        values.append(3.5)
    score += sum(0.6 + 0.35 * v for v in values)
    score += 1.2 * p["karma"]
    score += 3.5 * (p["workers"] - data.START_WORKERS)
    score += 1.0 * common.upgrades_done(p)
    score += 0.35 * sum(v for _, v in province.markets(p))
    score += 0.45 * p["boat"]
    grid = p["province"]
    open_ends = 0
    for r in range(data.ROWS):
        for c in range(data.COLS):
            for d in province.roads_at(grid, r, c):
                dr, dc = data.STEP[d]
                if province.inside(r + dr, c + dc) and grid[r + dr][c + dc] is None:
                    open_ends += 1
    score += 0.3 * min(open_ends, 4)
    if state["held"] is not None and state["turn"] == role:
        score += 0.5 * data.TILE[state["held"]]["cost"]
    return score


def _clone(state, seed) -> dict:
    """A blind copy: its generator reseeded from `seed`, and what no player sees put in an order of
    its own (sorted, then shuffled with that generator, so that nothing in the copy depends on the
    real order): the face-down white yield tiles (rulebook "Setup", "Palace: Dancer") and the tiles
    under the open top tile of each quarry stack."""
    log = state["log"]
    state["log"] = []
    try:
        twin = plain_copy(state)
    finally:
        state["log"] = log
    twin["rng"] = rng.seed_state(seed)
    twin["yield_stack"].sort()
    twin["rng"] = rng.shuffle(twin["rng"], twin["yield_stack"])
    for stack in twin["stacks"]:
        if len(stack) > 2:
            below = sorted(stack[:-1])
            twin["rng"] = rng.shuffle(twin["rng"], below)
            stack[:-1] = below
    return twin


def _rule(state, role, legal):
    """The fixed small choices; None when the heuristics decide."""
    eff = state["todo"][0] if state["todo"] else None
    if eff is None:
        return None
    if eff["k"] == "reroll":
        for a in legal:
            if isinstance(a, list) and a[0] == "mark" and a[2] <= 2:
                return a
        return "roll"
    if eff["k"] == "boat_bonus":
        return "advance"
    if "fewer" in legal:
        for a in legal:
            if isinstance(a, list) and a[0] == "return" and a[2] <= 2:
                return a
        return "fewer"
    return None


def _best(state, role, legal, seed, stride: int, rollout: bool):
    """The legal action whose result scores best on a blind copy: at once (Easy) or after playing the
    rest of the turn greedily (Medium)."""
    fixed = _rule(state, role, legal)
    if fixed is not None:
        return fixed
    if len(legal) == 1:
        return legal[0]
    return _ranked(state, role, legal, seed, stride, rollout)[0]


def _ranked(state, role, legal, seed, stride: int, rollout: bool) -> list:
    """`legal` from the best-scoring result to the worst (ties in the legal order), as `_best` judges."""
    scored = []
    for i, action in enumerate(legal):
        twin = _clone(state, seed + stride * i)
        rules.apply(twin, role, action)
        if rollout:
            _finish_turn(twin, role, seed + stride * i + 1)
        scored.append((-evaluate(twin, role), i, action))
    scored.sort(key=lambda t: (t[0], t[1]))
    return [action for _, _, action in scored]


def _greedy(state, role, legal, seed):
    return _best(state, role, legal, seed, 1, rollout=False)


def _finish_turn(state, role, seed) -> None:
    """Plays the rest of `role`'s turn with the greedy rule (on a copy)."""
    steps = 0
    while state["result"] is None and state["turn"] == role and state["todo"] and steps < ROLLOUT_STEPS:
        legal = rules.actions(state, role)
        rules.apply(state, role, _greedy(state, role, legal, seed + 7919 * steps))
        steps += 1


class RajasBot:
    def __init__(self, lookahead: bool):
        self.lookahead = lookahead

    def choose(self, game, state, role, seed: int):
        legal = rules.actions(state, role)
        if not self.lookahead:
            return _greedy(state, role, legal, seed)
        return _best(state, role, legal, seed, 104729, rollout=True)


def easy() -> RajasBot:
    return RajasBot(lookahead=False)


def medium() -> RajasBot:
    return RajasBot(lookahead=True)


def _margin(state, role) -> float:
    """`evaluate` as a lead over the best other player (the race is won against the others)."""
    own = evaluate(state, role)
    return own - max(evaluate(state, other) for other in state["players"] if other != role)


def hard() -> search.Search:
    """Medium's best HARD_WIDTH clicks, each played on HARD blind samples through the rest of the
    turn and every other player's next turn (Medium plays every seat), judged as a lead."""
    return search.Search(
        blind=lambda state, role, seed: _clone(state, seed), rollout=medium, evaluate=_margin, budget=HARD_BUDGET, steps=HARD_STEPS,
        width=HARD_WIDTH, rank=lambda state, role, legal, seed: _ranked(state, role, legal, seed, 104729, True),
        fixed=_rule)
