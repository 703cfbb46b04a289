"""Rulebook "The Dice" and "Dice Roll and Action Selection": rolling the dice not kept, and the final
roll becoming the pool of symbols to resolve. Below turn.py and cards.py (Mirror Action sets the dice)."""
from __future__ import annotations

from engine.core import rng

from . import data
from .campaigns import log


def roll_dice(state, indices) -> None:
    turn = state["turn"]
    for i in indices:
        turn["dice"][i], state["rng"] = rng.choice(state["rng"], data.DIE_FACES)
    turn["rolls"] += 1
    state["reveals"] += 1
    log(state, f"{turn['seat']} rolls: " + ", ".join(turn["dice"]))


def start_roll(state, n: int) -> None:
    turn = state["turn"]
    turn["dice"] = [data.MOVE] * n
    turn["held"] = [False] * n
    turn["rolls"] = 0
    turn["stage"] = "roll"
    roll_dice(state, range(n))


def to_resolve(state) -> None:
    turn = state["turn"]
    turn["stage"] = "resolve"
    for sym in data.SYMBOLS:
        turn["pool"][sym] = sum(1 for d in turn["dice"] if d == sym)
    turn["rolled_move"] = turn["pool"][data.MOVE]
    turn["spent"], turn["steps"], turn["sel"] = {}, {}, None
    state["last_roll"] = list(turn["dice"])
