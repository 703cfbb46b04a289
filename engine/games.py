"""The registry of games: the site, the CLI and the generic tests iterate over GAMES."""
from engine.aadu_huli import GAME as AADU_HULI
from engine.vijayanagara import GAME as VIJAYANAGARA

GAMES = {game.id: game for game in (AADU_HULI, VIJAYANAGARA)}


def get_game(game_id: str):
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; the games are: {', '.join(GAMES)}") from None
