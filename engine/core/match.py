"""Bot-against-bot games outside a Session, timed per decision: the loop the games' match runners
(engine/<game>/bot_match.py) and bot tests share. Bots get the seed a Session would give them, so a
game played here replays exactly in the page."""
from __future__ import annotations

import statistics
import time

from engine.core.api import play
from engine.core.bots import bot_seed


def play_timed(game, seed: int, options: dict, level_of, limit: int, on_action=None) -> tuple:
    """Plays bots from rules.setup(seed, options) until a result or `limit` actions; level_of(role)
    gives the bot level of a seat. Returns (state, actions played, {level: [seconds per decision]}).
    on_action(state, role, level, action) sees each action before it is played."""
    state = game.rules.setup(seed, options)
    bots, times = {}, {}
    moves = 0
    while game.rules.result(state) is None and moves < limit:
        role = game.rules.active(state)[0]
        level = level_of(role)
        if level not in bots:
            bots[level] = game.bot(level)
        started = time.perf_counter()
        action = bots[level].choose(game, state, role, bot_seed(seed, moves))
        times.setdefault(level, []).append(time.perf_counter() - started)
        if on_action is not None:
            on_action(state, role, level, action)
        play(game, state, role, action)
        moves += 1
    return state, moves, times


def think_summary(seconds: list) -> dict:
    """Decisions, median, 95th percentile, largest and mean time per decision, in milliseconds."""
    if not seconds:
        return {}
    ordered = sorted(seconds)
    return {"decisions": len(ordered), "median_ms": round(1000 * statistics.median(ordered), 1),
            "p95_ms": round(1000 * ordered[int(0.95 * (len(ordered) - 1))], 1),
            "max_ms": round(1000 * ordered[-1], 1), "mean_ms": round(1000 * statistics.fmean(ordered), 1)}


def seating(hero: int, field: int, players: int, i: int, seed: int, lone: bool = False) -> tuple:
    """Game i of a match between two levels: (the level of each seat, the game's seed). Two sides
    (the default): the levels alternate seat by seat, swapped for odd i, seed + i // 2, so each seed
    is played from both sides. `lone`: one hero seat among field seats, in seat i mod players, with
    seed + i // players, so each seed is played from every seat."""
    if lone:
        return [hero if k == i % players else field for k in range(players)], seed + i // players
    first, second = (hero, field) if i % 2 == 0 else (field, hero)
    return [first if k % 2 == 0 else second for k in range(players)], seed + i // 2
