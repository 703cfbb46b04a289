"""The random bot that every game has (level 0): used by `simulate` and the generic tests."""
from engine.core import rng


def bot_seed(seed: int, moves: int) -> int:
    """The seed of a bot's decision after `moves` actions of the game with this seed (a Session and
    engine/core/match.py give the same, so that a game played there replays exactly in the page)."""
    return (seed * 1_000_003 + moves) % 2**63


def unconfirmed(game, state, legal: list) -> list:
    """The actions of `legal` the page plays without asking (rules.confirm): what a bot or a random
    walk considers. Conceding and the like would end most random games at once. All of `legal` if
    every one asks."""
    confirm = getattr(game.rules, "confirm", None)
    return [a for a in legal if not (confirm and confirm(state, a))] or legal


class RandomBot:
    """Any legal action, uniformly, but one the game wants confirmed (see unconfirmed)."""

    def choose(self, game, state, role, seed: int):
        legal = unconfirmed(game, state, game.rules.actions(state, role))
        action, _ = rng.choice(rng.seed_state(seed), legal)
        return action


class BotPool:
    """Keeps one bot object per game and level, so that a bot may reuse what it found for the
    first click of a move when asked for the second (bots never keep game state of their own)."""

    def __init__(self):
        self._bots = {}

    def get(self, game, level: int):
        key = (game.id, level)
        if key not in self._bots:
            self._bots[key] = game.bot(level)
        return self._bots[key]
