"""Helpers shared by the rules tests of every game."""
from engine.core import api, rng


def player(game):
    """do(state, *actions): each action played, through the legality check, by whoever is active."""
    def do(state, *actions):
        for action in actions:
            api.play(game, state, game.rules.active(state)[0], action)
    return do


def rig_dice(state, dice) -> None:
    """Sets state["rng"] to a seed whose next d6 rolls are `dice` (found by search)."""
    for seed in range(10**6):
        s = seed
        for want in dice:
            got, s = rng.randint(s, 1, 6)
            if got != want:
                break
        else:
            state["rng"] = seed
            return
    raise AssertionError(f"no seed gives the rolls {dice}")
