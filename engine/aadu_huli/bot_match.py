"""Think times of the Aadu-Huli aata bots (engine/aadu_huli/bots.py), run by hand:

    .venv/bin/python -m engine.aadu_huli.bot_match

Four mid-game positions (placement and movement phases), reached by Easy bots on both sides from
seeds 1-4 (noise from the seed varies the games); on each, one decision of every level, timed, and
for the deterministic levels the depth their search completed. Prints one line per level; the
figures recorded in the docstring of bots.py come from here.
"""
from __future__ import annotations

import time

from . import GAME, rules
from .bots import Search, _root_moves, easy, hard, medium


def bench() -> None:
    positions = []
    for seed, plies in ((1, 12), (2, 24), (3, 34), (4, 44)):
        # a mid-game position: Easy bots on both sides (noise from the seed varies the games)
        state = rules.setup(seed, {})
        bot = easy()
        for i in range(plies):
            if rules.result(state):
                break
            role = rules.active(state)[0]
            rules.apply(state, role, bot.choose(GAME, state, role, seed * 1000 + i))
        if rules.result(state) is None:
            positions.append(state)
    for name, make in (("Easy", easy), ("Medium", medium), ("Hard", hard)):
        times, depths = [], []
        for st in positions:
            role = rules.active(st)[0]
            bot = make()
            t0 = time.perf_counter()
            bot.choose(GAME, st, role, 7)
            times.append(time.perf_counter() - t0)
            if not bot.noise:
                search = Search(st, bot.budget)
                search.best(_root_moves(st), bot.depth)
                depths.append(search.completed_depth)
        print(f"{name:6}", " ".join(f"{t * 1000:5.0f} ms" for t in times),
              f"| max {max(times) * 1000:.0f} ms", f"| depths {depths}" if depths else "")


if __name__ == "__main__":
    bench()
