"""Bot-against-bot matches for Vijayanagara: win counts per seat and think times per level.

    .venv/bin/python -m engine.vijayanagara.bot_match --games 12 --seed 500 --hero 3 --field 2

plays `games` games with seeds seed, seed+1, ...; game i puts the `hero` level in seat i mod 3
(Delhi Sultanate, Bahmani Kingdom, Vijayanagara Empire, in turn) and the `field` level in the other
two seats. Bots get the seed a Session would give them (engine/core/match.py), so a game
here replays exactly in the page. Prints one line per game and a summary (JSON with --json).
A first place shared by n Factions (5.0) counts in hero_wins_by_seat as a win and in hero_wins as 1/n.
--set NAME=VALUE overrides a constant of bot_hard.py for experiments (e.g. --set TOP=3).
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from engine.core.match import play_timed, think_summary

from . import GAME, bot_hard, rules


def play_game(seed: int, levels: dict, limit: int = 5_000, options=None) -> dict:
    """levels: {faction: bot level}. Returns the result, the number of actions, per-level times, the
    Negotiation gifts made and the card options taken (per Faction/level)."""
    counts = {"gifts": 0, "options": {}}

    def note(state, role, level, action):
        if isinstance(action, list) and action and action[0] == "give":
            counts["gifts"] += 1
        if state["stack"] and state["stack"][-1]["kind"] == "option" and action != "negotiate":
            taken = counts["options"].setdefault(f"{role.split()[0]}/{level}", {})
            taken[action] = taken.get(action, 0) + 1

    state, n, times = play_timed(GAME, seed, options or {}, levels.__getitem__, limit, note)
    if rules.result(state) is None:
        raise AssertionError(f"seed {seed}: no result after {limit} actions")
    return {"result": rules.result(state), "actions": n, "times": times, **counts}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--hero", type=int, default=3, help="the level that rotates over the seats")
    parser.add_argument("--field", type=int, default=2, help="the level of the two other seats")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seats", default="012", help="the hero's seats to rotate over (0 1 2)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="experiments: override a constant of bot_hard.py")
    parser.add_argument("--options", action="store_true", help="print the card options taken")
    args = parser.parse_args(argv)
    for item in args.set:
        name, value = item.split("=", 1)
        assert hasattr(bot_hard, name), name
        setattr(bot_hard, name, type(getattr(bot_hard, name))(json.loads(value)))
    factions = rules.roles()
    wins = {f: [0, 0] for f in factions}  # hero seat: [hero wins, games]
    hero_wins, shared = 0.0, 0
    all_times = {args.hero: [], args.field: []}
    total_t0 = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        seat = factions[int(args.seats[i % len(args.seats)])]
        levels = {f: (args.hero if f == seat else args.field) for f in factions}
        t0 = time.perf_counter()
        out = play_game(seed, levels)
        winners = out["result"]["winners"]
        won = seat in winners
        wins[seat][1] += 1
        if won:
            wins[seat][0] += 1
            hero_wins += 1 / len(winners)
            shared += len(winners) > 1
        if args.options:
            print(json.dumps(out["options"]), file=sys.stderr)
        for lv, ts in out["times"].items():
            all_times.setdefault(lv, []).extend(ts)
        print(f"seed {seed}: level {args.hero} as {seat}: winners {winners} "
              f"({out['result']['summary']}); {out['actions']} actions, {out['gifts']} gifts, "
              f"{time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    report = {"games": args.games, "seed": args.seed, "hero": args.hero, "field": args.field,
              "hero_wins_by_seat": {f: f"{w}/{g}" for f, (w, g) in wins.items()},
              "hero_wins": round(hero_wins, 2), "ties_shared": shared,
              "expected_if_equal": round(args.games / 3, 2),
              "think": {str(lv): think_summary(ts) for lv, ts in all_times.items()},
              "seconds": round(time.perf_counter() - total_t0, 1)}
    print(json.dumps(report, indent=None if args.json else 1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
