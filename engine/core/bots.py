"""The random bot that every game has (level 0): used by `simulate` and the generic tests."""
from engine.core import rng


class RandomBot:
    def choose(self, game, state, role, seed: int):
        legal = game.rules.actions(state, role)
        action, _ = rng.choice(rng.seed_state(seed), legal)
        return action
