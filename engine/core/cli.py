"""`python -m engine`: the headless face of the engine (DESIGN.md, "Command line")."""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

from engine.core import saves
from engine.core.saves import SaveError
from engine.core.session import Session
from engine.games import GAMES, get_game


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="the games")
    sim = commands.add_parser("simulate", help="bot-vs-bot games")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bot", type=int, default=0, help="bot level in every seat (0 = random)")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--save-dir")
    rep = commands.add_parser("replay", help="replay a save: a share link, its fragment, or a file")
    rep.add_argument("save")
    bench = commands.add_parser("bench", help="performance figures")
    bench.add_argument("game", nargs="?")
    bench.add_argument("--games", type=int, default=20)
    links = commands.add_parser("bench-links", help="time to open the longest links a game accepts")
    links.add_argument("game", nargs="?")
    args = parser.parse_args(argv)
    try:
        if args.command == "list":
            for game in GAMES.values():
                roles = game.rules.roles(game.default_options())
                print(f"{game.id}\t{game.title}\t{', '.join(roles)}")
            return 0
        if args.command == "simulate":
            options = parse_options(get_game(args.game), args.option)
            print(json.dumps(simulate(args.game, args.games, args.seed, args.bot, options, args.save_dir)))
            return 0
        if args.command == "replay":
            print(json.dumps(replay_summary(read_save_argument(args.save))))
            return 0
        if args.command == "bench":
            for game_id in [args.game] if args.game else list(GAMES):
                print(json.dumps(bench_game(game_id, args.games)))
            return 0
        if args.command == "bench-links":
            for game_id in [args.game] if args.game else list(GAMES):
                print(json.dumps(bench_links(game_id)))
            return 0
    except SaveError as err:
        print(f"bad save: {err}", file=sys.stderr)
        return 2
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 1


def parse_options(game, pairs: list) -> dict:
    """KEY=VALUE pairs, each value read as the type of that option's choices."""
    options = {}
    specs = {opt.key: opt for opt in game.options}
    for pair in pairs:
        key, _, text = pair.partition("=")
        if key not in specs:
            raise ValueError(f"{game.title} has no option {key!r} (it has: {', '.join(specs) or 'none'})")
        matches = [value for value, _ in specs[key].choices if str(value).lower() == text.lower()]
        if not matches:
            raise ValueError(f"option {key} takes one of: {', '.join(str(v) for v, _ in specs[key].choices)}")
        options[key] = matches[0]
    return options


def play_out(session: Session) -> None:
    """Bots play every seat until the game ends; a game past its action bound is a bug."""
    while session.result() is None:
        turn = session.bot_turn()
        if turn is None:
            raise RuntimeError(f"dead end: no bot to act and no result after {len(session.entries)} actions")
        session.play_bot(turn[0])
        if len(session.entries) > session.game.max_actions:
            raise RuntimeError(f"game not finished after {session.game.max_actions} actions")


def simulate(game_id: str, games: int, seed: int, level: int, options: dict, save_dir=None) -> dict:
    game = get_game(game_id)
    started = time.perf_counter()
    finished, errors, lengths, winners = 0, 0, [], {}
    spans = []  # each finished game's last x of the guide's chart: its rounds, cards or turns
    chars = {"link": [], "by_value": []}  # the share link (format 2); the save by value (format 1)
    for index in range(games):
        roles = game.rules.roles(game.check_options(options))
        session = Session.new(game_id, [[f"Bot {r}", level] for r in roles], options, seed=seed + index)
        try:
            play_out(session)
        except Exception as err:  # reported in the summary: simulate is a bug-hunting tool
            errors += 1
            print(f"game {index} (seed {seed + index}): {type(err).__name__}: {err}", file=sys.stderr)
            continue
        finished += 1
        lengths.append(len(session.entries))
        if game.guide is not None:
            spans.append(game.guide.chart_sample(session.state)[0])
        code = session.encode()
        chars["link"].append(len(code))
        chars["by_value"].append(len(session.encode_save()))
        for winner in session.result()["winners"] or ["draw"]:
            winners[winner] = winners.get(winner, 0) + 1
        if save_dir:
            os.makedirs(save_dir, exist_ok=True)
            with open(os.path.join(save_dir, f"{game_id}-{seed + index}.save"), "w") as out:
                out.write(code + "\n")
    return {"game": game_id, "games": games, "finished": finished, "errors": errors, "bot": level,
            "actions_mean": round(statistics.mean(lengths), 1) if lengths else 0,
            # the share link's characters (format 2), and those of the same game by value: the device's
            # copy, and the share link as format 1 made it (docs/benchmarks.md, "Link length")
            "save_chars_mean": round(statistics.mean(chars["link"]), 1) if lengths else 0,
            "save_chars_max": max(chars["link"], default=0),
            "by_value_chars_mean": round(statistics.mean(chars["by_value"]), 1) if lengths else 0,
            "by_value_chars_max": max(chars["by_value"], default=0),
            # the length in the unit of the game's chart ("Round", "Card", "Turn"): docs/benchmarks.md,
            # "Typical length of a game"
            "length_unit": game.guide.CHART_X if game.guide is not None else None,
            "length_mean": round(statistics.mean(spans), 1) if spans else 0,
            "length_min": min(spans, default=0), "length_max": max(spans, default=0),
            "wins": winners, "seconds": round(time.perf_counter() - started, 3)}


def read_save_argument(text: str) -> str:
    if "#" not in text and os.path.isfile(text):
        with open(text, encoding="utf-8", errors="replace") as handle:
            return handle.read(2_000_000)
    return text


def replay_summary(text: str) -> dict:
    started = time.perf_counter()
    session = Session.decode(text)
    result = session.result()
    return {"game": session.game.id, "name": session.name, "actions": len(session.entries),
            "active": session.active(), "seats": session.seats, "options": session.options,
            "result": result, "last_log": session.game.rules.view(session.state, session.roles[0])["log"][-3:],
            "seconds": round(time.perf_counter() - started, 4)}


def bench_game(game_id: str, games: int) -> dict:
    """Bot-vs-bot games per second, bot think time per level, share-link length, replay time."""
    game = get_game(game_id)
    roles = game.rules.roles(game.default_options())
    run = simulate(game_id, games, 1, 0, {})
    session = Session.new(game_id, [[role, 0] for role in roles], seed=7)
    play_out(session)
    code = session.encode()
    started = time.perf_counter()
    Session.decode(code)
    replay_seconds = time.perf_counter() - started
    return {"game": game_id, "random_games_per_second": round(run["finished"] / run["seconds"], 2),
            "actions_mean": run["actions_mean"], "share_link_chars": len(code),
            "replay_seconds": round(replay_seconds, 4),
            "bot_seconds_per_action": {bot.name: round(bot_think_time(game_id, bot.level), 4)
                                       for bot in game.bot_levels}}


def bot_think_time(game_id: str, level: int, decisions: int = 12) -> float:
    """Mean seconds a bot of `level` takes per action over the first actions of a seeded game."""
    game = get_game(game_id)
    session = Session.new(game_id, [[role, level] for role in game.rules.roles(game.default_options())], seed=3)
    spent = []
    while session.result() is None and len(spent) < decisions:
        started = time.perf_counter()
        session.play_bot(session.bot_turn()[0])
        spent.append(time.perf_counter() - started)
    return statistics.mean(spent)


def bench_links(game_id: str) -> dict:
    """The longest links a game accepts (engine/core/stress.py: legal action loops repeated up to
    max_actions, from positions after 30-400 random moves), and one move more: characters, and the
    seconds to open (decode and replay) or refuse each. The bound aimed at: under 2 s on CPython."""
    from engine.core import stress

    game = get_game(game_id)
    seconds, session = stress.slowest_loop_link(game)
    worst = {"seconds": round(seconds, 3), "actions": len(session.entries), "chars": len(session.encode()),
             "loop": session.entries[-2:]}
    save = session.to_save()
    over = {**save, "a": save["a"] + save["a"][-1:] * (game.max_actions + 1 - len(save["a"]))}
    started = time.perf_counter()
    try:
        Session.decode(saves.encode(over))
    except SaveError:
        pass
    return {"game": game_id, "max_actions": game.max_actions, "slowest_loop_link": worst,
            "refuse_over_bound_seconds": round(time.perf_counter() - started, 4)}
