"""Bot-against-bot matches for Viktory II: win counts per level and think times per decision.

    .venv/bin/python -m engine.viktory.bot_match --hero 2 --field 1 --games 100 --seed 9000

plays `games` games; game i uses the seed seed + i // 2 and puts the `hero` level in the first
seat (Red) for even i and in the second (Yellow) for odd i, so each seed is played from both sides
(the first player is drawn by the rules, 4.0); with more players the two levels alternate seat by
seat, swapped for odd i. Bots get
the seed a Session would give them (engine/core/match.py), so a game here replays
exactly in the page. Prints a JSON summary: wins per level (a shared first place counts for no
one), mean rounds and actions, with Subjugation (--option subjugation=true) the Vassals made, the
Rulers' attacks on their own Vassals and the games stopped by the round limit, and per level the
median, 95th percentile and largest time per decision in milliseconds (CPython; Pyodide is about
twice as slow).
"""
from __future__ import annotations

import argparse
import json
import statistics

from engine.core.match import play_timed, seating, think_summary

from . import GAME


def play_game(seed: int, seats: list, options: dict, times: dict, limit: int = 30_000, stats=None) -> tuple:
    """seats: bot level per role (roles order). Returns (winning levels, rounds, actions); with
    Subjugation (16.8) counts into `stats` the Vassals made and the Rulers' attacks on their Vassals
    (16.85 #1), from the log."""
    roles = GAME.rules.roles(options)
    state, n, spent = play_timed(GAME, seed, options, lambda role: seats[roles.index(role)], limit)
    for level, seconds in spent.items():
        times.setdefault(level, []).extend(seconds)
    result = GAME.rules.result(state)
    if stats is not None and options.get("subjugation"):
        for line in state["log"]:
            if "Vassal (16.81)" in line:
                stats["vassals_made"] = stats.get("vassals_made", 0) + 1
            if "is no longer a Vassal" in line and "attacked, 16.85" in line:
                stats["ruler_attacks_on_vassals"] = stats.get("ruler_attacks_on_vassals", 0) + 1
    if stats is not None and (result is None or "Round limit" in result["summary"]):
        stats["round_limit_or_unfinished"] = stats.get("round_limit_or_unfinished", 0) + 1
    winners = result["winners"] if result else []
    won = [seats[roles.index(w)] for w in winners] if len(winners) == 1 else []
    return won, state["round"], n


def match(hero: int, field: int, games: int, seed: int, options: dict, lone: bool = False) -> dict:
    players = options.get("players", 2)
    wins = {hero: 0, field: 0}
    rounds, actions, times, stats = [], [], {}, {}
    for i in range(games):
        seats, game_seed = seating(hero, field, players, i, seed, lone)
        won, r, n = play_game(game_seed, seats, options, times, stats=stats)
        for level in set(won):
            wins[level] = wins.get(level, 0) + 1
        rounds.append(r)
        actions.append(n)
    summary = {"hero": hero, "field": field, "games": games, "seed": seed, "options": options, "lone": lone,
               "wins": {str(k): v for k, v in wins.items()},
               "rounds_mean": round(statistics.mean(rounds), 1), "actions_mean": round(statistics.mean(actions))}
    summary["round_limit_or_unfinished"] = stats.pop("round_limit_or_unfinished", 0)
    if options.get("subjugation"):
        summary["subjugation"] = stats
    summary["think"] = {str(level): think_summary(spent) for level, spent in sorted(times.items())}
    return summary


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.viktory.bot_match", description=__doc__)
    parser.add_argument("--hero", type=int, default=2)
    parser.add_argument("--field", type=int, default=1)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--lone", action="store_true", help="one hero seat among field seats (rotating)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=true|false",
                        help="a boolean option of rules.py (luck, relocation, frigates, ...)")
    args = parser.parse_args(argv)
    options = {"players": args.players}
    for pair in args.option:
        key, _, value = pair.partition("=")
        options[key] = value.lower() in ("1", "true", "on", "yes")
    print(json.dumps(match(args.hero, args.field, args.games, args.seed, options, args.lone)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
