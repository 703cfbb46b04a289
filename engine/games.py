"""The registry of games: the site, the CLI and the generic tests iterate over GAMES.

A game's package is imported the first time it is asked for, so that a page playing one game
does not pay, at start-up in the browser, for importing all the others.
"""
from collections.abc import Mapping
from importlib import import_module

# game id -> the package whose GAME describes it (a game never imports another game)
PACKAGES = {
    "aadu_huli": "engine.aadu_huli",
    "rajas": "engine.rajas",
    "vijayanagara": "engine.vijayanagara",
    "viktory": "engine.viktory",
    "yudhbhoomi": "engine.yudhbhoomi",
}


class _Registry(Mapping):
    def __getitem__(self, game_id):
        if not isinstance(game_id, str) or game_id not in PACKAGES:
            raise KeyError(game_id)
        return import_module(PACKAGES[game_id]).GAME

    def __iter__(self):
        return iter(PACKAGES)

    def __len__(self):
        return len(PACKAGES)


GAMES = _Registry()


def get_game(game_id: str):
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; the games are: {', '.join(GAMES)}") from None
