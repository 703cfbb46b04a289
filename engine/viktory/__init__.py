"""Viktory II (Morrison Games), rulebook v2.1: /work/shared/rules/viktory-ii.txt.

Status: work in progress, not yet registered in engine/games.py (see the end of this docstring).
"""
from engine.core.api import BotLevel, GameInfo, Option
from engine.core.bots import RandomBot

from . import board, data, rules

GAME = GameInfo(
    id="viktory",
    title="Viktory II",
    rules_version=1,
    rules=rules,
    board=board,
    bot_levels=(BotLevel(0, "Random", RandomBot),),
    options=(
        Option("players", "Players", tuple((n, f"{n} players") for n in range(2, 9)), 2,
               "3.3: the map grows with the number of players (61, 91, 127 or 169 hexes)."),
        Option("victory", "Victory condition",
               (("standard", "Standard Conquest (5.1)"), ("race", "Race for Dominance (5.4)"),
                ("shorter", "Shorter Conquest (5.3)")), "standard", "5.0: chosen before the first turn."),
        Option("round_limit", "Round limit",
               tuple((n, "Off" if n == 0 else f"Score empires after {n} rounds") for n in data.ROUND_LIMIT_CHOICES),
               data.DEFAULT_ROUND_LIMIT, "House rule, not in the rulebook: empires scored as in 5.3."),
    ),
    blurb="Explore a face-down hex map, build towns and cities, and conquer with combined arms (2-8 players).",
    about="<h2>About this edition</h2><p>Rules: Viktory II v2.1 rulebook. Work in progress.</p>",
    rules_link="Viktory II rulebook",
    max_actions=100_000,
)
