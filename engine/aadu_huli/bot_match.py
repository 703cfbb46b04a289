"""Matches and think times of the Aadu-Huli aata bots (engine/aadu_huli/bots.py), run by hand:

    .venv/bin/python -m engine.aadu_huli.bot_match
    .venv/bin/python -m engine.aadu_huli.bot_match --hero 3 --field 2 --games 200 --seed 9000

Without --hero: the think times below. With it, a match: Medium and Hard are deterministic, so every
game opens with `--opening` random clicks (the core's Random bot, from the game's seed) before the
levels take over. Game i uses the seed seed + i // 2 and gives the hero the Goats for even i and the
Tigers for odd i, so each opening is played from both sides. Prints one JSON line: the hero's wins,
draws and losses as Goats and as Tigers, its score (a draw counts half), the games drawn by the house
move limit, and think times in milliseconds.

Four mid-game positions (placement and movement phases), reached by Easy bots on both sides from
seeds 1-4 (noise from the seed varies the games); on each, one decision of every level, timed, and
for the deterministic levels the depth their search completed. Prints one line per level; the
figures recorded in the docstring of bots.py come from here.
"""
from __future__ import annotations

import argparse
import json
import time

from engine.core.api import play
from engine.core.bots import RandomBot, bot_seed
from engine.core.match import think_summary

from . import GAME, rules
from .bots import _root_moves, easy, hard, medium


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
                search = bot.search(st, bot.budget)
                search.best(_root_moves(st), bot.depth)
                depths.append(search.completed_depth)
        print(f"{name:6}", " ".join(f"{t * 1000:5.0f} ms" for t in times),
              f"| max {max(times) * 1000:.0f} ms", f"| depths {depths}" if depths else "")


def match(hero: int, field: int, games: int, seed: int, opening: int = 6) -> dict:
    tally = {side: {"won": 0, "drawn": 0, "lost": 0} for side in rules.ROLES}
    times: dict = {}
    for i in range(games):
        game_seed = seed + i // 2
        hero_side = rules.ROLES[i % 2]
        level = {side: hero if side == hero_side else field for side in rules.ROLES}
        state = rules.setup(game_seed, {})
        bots = {side: GAME.bot(level[side]) for side in rules.ROLES}
        moves = 0
        while rules.result(state) is None:
            role = rules.active(state)[0]
            bot = RandomBot() if moves < opening else bots[role]
            started = time.perf_counter()
            action = bot.choose(GAME, state, role, bot_seed(game_seed, moves))
            if moves >= opening:
                times.setdefault(level[role], []).append(time.perf_counter() - started)
            play(GAME, state, role, action)
            moves += 1
        winners = rules.result(state)["winners"]
        outcome = "drawn" if not winners else "won" if winners == [hero_side] else "lost"
        tally[hero_side][outcome] += 1
    won = sum(t["won"] for t in tally.values())
    drawn = sum(t["drawn"] for t in tally.values())
    return {"hero": hero, "field": field, "games": games, "seed": seed, "opening": opening,
            "as": tally, "score": (won + drawn / 2) / games, "drawn_by_move_limit": drawn,
            "think": {str(k): think_summary(v) for k, v in sorted(times.items())}}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.aadu_huli.bot_match", description=__doc__)
    parser.add_argument("--hero", type=int)
    parser.add_argument("--field", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--opening", type=int, default=6)
    args = parser.parse_args(argv)
    if args.hero is None:
        bench()
    else:
        print(json.dumps(match(args.hero, args.field, args.games, args.seed, args.opening)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
