"""Viktory II (Morrison Games), rulebook v2.1: /work/shared/rules/viktory-ii.txt.

Status (session 1): NOT yet registered in engine/games.py. Random games run to the end through the
interface for 2-8 players, with invariants checked after every action.

Implemented (rulebook sections):
  3.1-3.3 map: geometry.py (axial hexes, 61/91/127/169, perimeter water ring), start hexes in data.py
          (2-3 players public, 4-8 stand-ins), 180-tile face-down pile (stand-in split), hidden in view().
  4.0     opening turn: random first player, reveal of the five start hexes (no arrangement choice: our
          reading, 7.0 does not list it), water replacement (>=3 water, keep two, first land drawn is
          kept), Capital, extra Town (not for the first player with 2-6), Infantry placed automatically.
  7.0, 8.3, 10.2 exploration: k tiles drawn at once, player places them (one click per tile while a
          choice exists), all-water redraw; state["reveals"] counts draws.
  8.0-8.4 building: one or two Towns (2-3 hexes along revealed hexes, never adjacent, not next to
          enemy units) or one City upgrade; 8.1 Capital requirement; 9.0 units into the Reserve.
  10.0-10.13 land movement (allowances, slow terrain + both exceptions, road/ferry moves), 10.31 frigate
          movement, 10.32 port transit.
  11.1-11.4 hits (3 or less; 4 with Combat Supply), tactical victories (firing side chooses), casualty
          choices, losses to Reserve, capture with one-to-one unit accounting.
  12.0 Bombard (one die, no return fire).  13.0-13.3 Battles: move in (several units, sides recorded),
          then ["battle", hex]; pre-battle artillery fire, dice per type + extra sides, suppression,
          naval support, defensive terrain, lost capital penalty, retreat/continue, resolution, capture;
          13.2 one battle per hex per turn; naval battles (frigate vs frigate) via the same code.
  14.0-14.4 reserve placement with capacities, siege (14.2), frigate placement (14.3/14.4), 15.0
          (no building, cities as towns, only Infantry placed, no Combat Supply without the Capital).
  5.1 standard (elimination), 5.3 shorter conquest, 5.4 race for dominance; house round limit.

Not yet: 10.4 naval transport (embark, cargo, one disembark hex, amphibious landings, 10.44) and
  retreat onto frigates; retreat destination choice (now: each unit back to the hex it came from);
  the loser's choice of eliminated units on capture (now: Reserve first, then newest units); 13.5
  redeployment; 14.5 frigate placement naval battle (enemy frigate hexes are not offered); 5.2 and
  16.8 subjugation/alliances; 5.5 Doomsday Clock (state["cities_captured"] is already counted);
  victory conditions combinable; variants 16.1-16.7; bots beyond random; a real board.py (the current
  one is a plain provisional SVG); 16.2/16.3 face-up map setups.

State and actions: see the docstring of rules.py (actions: hex ints, ["unit", id], ["bombard", hex],
  ["battle", hex], unit-type strings for casualties/reserve, "redraw"/"keep"/"skip"/"done"/
  "continue"/"retreat"/"end_movement"/"end_building"/"end_turn"). scenario.py builds test positions.
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
