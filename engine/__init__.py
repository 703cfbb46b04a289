"""Chaupal: rules engines for board games, pure Python (CPython 3.11+ and Pyodide)."""


def add_game_zip(path: str) -> None:
    """Makes a game's code importable in place from its zip (the site's engine-<game>.zip, laid out for
    zipimport by build.py): the site ships each game's folder of this package in a zip of its own, and
    the page and the bot worker import this package itself from engine.zip."""
    if f"{path}/engine" not in __path__:
        __path__.append(f"{path}/engine")
