"""Bot-against-bot matches for Rajas of the Ganges: wins per level and think times per decision.

    .venv/bin/python -m engine.rajas.bot_match --hero 2 --field 1 --games 100 --seed 9000

Game i uses the seed seed + i // 2 and puts the `hero` level in the first seat for even i and in the
second for odd i (with more players the two levels alternate seat by seat, swapped for odd i; with
--lone one hero seat among field seats instead, game i putting it in seat i mod players with the seed
seed + i // players, so each seed is played from every seat). Bots
get the seed a Session would give them (engine/core/match.py), so a game here replays exactly in the
page. Prints one JSON line: wins per level, mean rounds and actions, think times in milliseconds.
"""
from __future__ import annotations

import argparse
import json
import statistics

from engine.core.match import play_timed, seating, think_summary

from . import GAME


def match(hero: int, field: int, games: int, seed: int, players: int = 2, lone: bool = False) -> dict:
    options = {"players": players}
    roles = GAME.rules.roles(options)
    wins = {hero: 0, field: 0}
    rounds, actions, times = [], [], {}
    for i in range(games):
        seats, game_seed = seating(hero, field, players, i, seed, lone)
        state, n, spent = play_timed(GAME, game_seed, options, lambda role: seats[roles.index(role)], 20_000)
        for level, seconds in spent.items():
            times.setdefault(level, []).extend(seconds)
        result = GAME.rules.result(state)
        if result:
            wins[seats[roles.index(result["winners"][0])]] += 1
        rounds.append(state["round"])
        actions.append(n)
    return {"hero": hero, "field": field, "games": games, "seed": seed, "players": players, "lone": lone,
            "wins": {str(k): v for k, v in wins.items()},
            "rounds_mean": round(statistics.mean(rounds), 1), "actions_mean": round(statistics.mean(actions)),
            "think": {str(level): think_summary(spent) for level, spent in sorted(times.items())}}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.rajas.bot_match", description=__doc__)
    parser.add_argument("--hero", type=int, default=2)
    parser.add_argument("--field", type=int, default=1)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--lone", action="store_true", help="one hero seat among field seats (rotating)")
    args = parser.parse_args(argv)
    print(json.dumps(match(args.hero, args.field, args.games, args.seed, args.players, args.lone)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
