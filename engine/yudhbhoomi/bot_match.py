"""Bot-against-bot matches for Yudhbhoomi: wins per level, how games end, think times per decision.

    .venv/bin/python -m engine.yudhbhoomi.bot_match --hero 2 --field 1 --games 100 --seed 9000
    .venv/bin/python -m engine.yudhbhoomi.bot_match --campaign rani --players 1 --hero 2 --games 50
    .venv/bin/python -m engine.yudhbhoomi.bot_match --campaign hold --players 4 --mode semi --games 10

Game i uses the seed seed + i // 2 and puts the `hero` level in the first seat for even i and in the
second for odd i (with more players the two levels alternate seat by seat, swapped for odd i; in
Semi-Collaborative play the diagonal allies are seats 1+3 and 2+4, so each alliance is one level). In
Rani Abbakka (cooperative) every seat is the hero's and the figure is the players' win share; there,
and where hero and field are one level, game i uses the seed seed + i (swapping seats would only
replay the same game). Bots get
the seed a Session would give them (engine/core/match.py), so a game here replays exactly in the page.
Prints one JSON line: wins per level (a shared win counts for every level among the winners; "none"
counts games nobody won), games ended by the rulebook's victory and by the house round limit, mean
rounds and actions, and think times in milliseconds.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

from engine.core.match import play_timed, think_summary

from . import GAME, rules


def match(hero: int, field: int, games: int, seed: int, campaign: str = "treasure", players: int = 2,
          mode: str = "competitive", night: bool = False, difficult: bool = False,
          rounds: int = rules.DEFAULT_OPTIONS["rounds"]) -> dict:
    options = {"campaign": campaign, "players": players, "mode": mode, "night": night,
               "difficult": difficult, "rounds": rounds}
    roles = GAME.rules.roles(options)
    coop = campaign == "rani"
    wins = {str(hero): 0, str(field): 0, "none": 0}
    by_limit, rounds_played, actions, times = 0, [], [], {}
    started = time.perf_counter()
    for i in range(games):
        if coop:
            seats = [hero] * len(roles)
        else:
            first, second = (hero, field) if i % 2 == 0 else (field, hero)
            seats = [first if k % 2 == 0 else second for k in range(len(roles))]
        game_seed = seed + i if coop or hero == field else seed + i // 2  # swapping identical seats repeats a game
        state, n, spent = play_timed(GAME, game_seed, options, lambda role: seats[roles.index(role)], 20_000)
        for level, seconds in spent.items():
            times.setdefault(level, []).extend(seconds)
        result = GAME.rules.result(state)
        if result is None or not result["winners"]:
            wins["none"] += 1
        else:
            for level in sorted({seats[roles.index(r)] for r in result["winners"]}):
                wins[str(level)] += 1
        if result is not None and result["summary"].startswith("Round limit"):
            by_limit += 1
        rounds_played.append(state["round"])
        actions.append(n)
    return {"campaign": campaign, "players": len(roles), "mode": GAME.rules.setup(0, options)["options"]["mode"],
            "hero": hero, "field": field, "games": games, "seed": seed, "wins": wins,
            "ended_by_round_limit": by_limit, "rounds_mean": round(statistics.mean(rounds_played), 1),
            "actions_mean": round(statistics.mean(actions)), "seconds": round(time.perf_counter() - started, 1),
            "think": {str(level): think_summary(spent) for level, spent in sorted(times.items())}}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.yudhbhoomi.bot_match", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hero", type=int, default=2)
    parser.add_argument("--field", type=int, default=1)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--campaign", choices=("treasure", "hold", "rani"), default="treasure")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--mode", choices=("competitive", "semi"), default="competitive")
    parser.add_argument("--night", action="store_true")
    parser.add_argument("--difficult", action="store_true")
    parser.add_argument("--rounds", type=int, default=rules.DEFAULT_OPTIONS["rounds"],
                        help="the round limit (house rule; the game's default unless given, 0 off)")
    args = parser.parse_args(argv)
    print(json.dumps(match(args.hero, args.field, args.games, args.seed, args.campaign, args.players,
                           args.mode, args.night, args.difficult, args.rounds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
