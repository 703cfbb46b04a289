"""Machinery shared by every game: the game interface, random numbers, saves, sessions, the CLI."""
