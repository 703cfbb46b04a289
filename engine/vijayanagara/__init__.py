"""Vijayanagara (GMT Games, 2023), the COIN-series game of the Deccan, 1290-1398.

Status: work in progress, not registered in engine/games.py yet (see the report in NOTES below).
"""
from engine.core.api import BotLevel, GameInfo, Option
from engine.core.bots import RandomBot

from . import rules

GAME = GameInfo(
    id="vijayanagara",
    title="Vijayanagara",
    rules_version=1,
    rules=rules,
    board=None,
    bot_levels=(BotLevel(0, "Random", RandomBot),),
    options=(
        Option("timurs_shadow", "Timur's Shadow", ((False, "Off"), (True, "On")), False,
               "Optional variant (5.5): single-space Commands once the first Timurid card is out."),
    ),
    blurb="The Delhi Sultanate, the Bahmani Kingdom and the Vijayanagara Empire, 1290-1398.",
    rules_link="Vijayanagara rulebook",
    max_actions=20_000,
)
