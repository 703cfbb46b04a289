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

from . import board, bots, data, rules

ON_OFF = ((False, "Off"), (True, "On"))

ABOUT = """
<h2>About this edition</h2>
<p><b>Rules source.</b> The Viktory II rulebook, version 2.1 (Morrison Games; rules by Alan Emrich
and Peter Morrison). Section numbers in the log and the prompts refer to it.</p>
<p><b>Stand-ins</b> (data printed only on the components, not public; easy to replace):</p>
<ul>
<li><b>The tile pile.</b> The box holds 180 terrain hexes, but the split per terrain is not public.
We use 34 each of plains, grassland, forest and mountain and 44 water (about a quarter water).</li>
<li><b>Start hexes for 4 to 8 players.</b> The start hexes for 2 and 3 players are those of the
licensed online version. For 4 to 8 players the rulebook's shaded groups are not public: we use the
same five-hex chevrons in the corners of the map (two opposite pairs for 4 players) and, for 7 and 8
players, groups in the middle as 3.3 describes.</li>
<li><b>Player colours</b> name the seats (Red, Yellow, Blue, ...).</li>
</ul>
<p><b>Our readings of the rulebook.</b></p>
<ul>
<li><b>Opening (4.0).</b> The five start hexes are revealed in place; 7.0's choice of arrangement
is not offered for them. With three or more water start hexes the player may replace water, one
click at a time, keeping the first land drawn.</li>
<li><b>Exploring (7.0).</b> The player who reveals several hexes at once chooses where each drawn
tile goes, one click per tile while the choice matters.</li>
<li><b>Casualties (11.1).</b> The firing player chooses for each '1', the owner for the other hits;
a choice without alternatives is made for you.</li>
<li><b>Losing a Town or City (11.3).</b> The units come from the Reserve first (the 13.3 example's
"preferably"); if more are needed, the loser clicks the hexes they come from.</li>
<li><b>Naval transport (10.4).</b> Cargo already aboard when a turn begins counts towards the three
units a Frigate may carry that turn. A Frigate lands all its cargo in one hex at once.</li>
<li><b>Retreats (13.3 step 3).</b> The attacker picks a hex for each unit in turn among the hexes
used to enter; a unit that came by sea may retreat aboard a Frigate there.</li>
<li><b>Capital placement (14.4, 14.5).</b> A Frigate may be placed next to one's Capital even when
an enemy Frigate is there (the 14.5 example); other placements obey the siege rule of 14.2.</li>
<li><b>Doomsday Clock (5.5).</b> The game ends when every player still in the game has a coin.</li>
<li><b>Terrain Leveling (16.1).</b> Forests and Mountains neither slow units nor give defensive
dice; Towns and Cities still do.</li>
<li><b>Victory conditions (5.0)</b> may be combined; Standard Conquest (5.1) always applies.</li>
</ul>
<p><b>Not yet implemented:</b> Subjugation and alliances (5.2, 16.8) and the variants 16.3
Immediate Empires, 16.4 Luck Averaging, 16.5 Town/City Relocation and 16.6 Metropolises.</p>
<p><b>House rule (not in the rulebook).</b> So that every game ends, the game stops after a number
of game rounds (60 unless changed in the new-game dialog, or off) and empires are scored as in 5.3:
1 point per Town, 2 per City; the largest empire wins.</p>
<p><b>Computer players.</b> Random plays any legal click. Easy and Medium expand towards unexplored
land, build Towns and Cities, keep a defender in their Capital, gather their armies around one
enemy Town or City on several hex sides and attack when simulated Battles give them the odds;
Medium also reinforces the places the enemy could take next turn, bombards with idle Artillery and
Frigates, aims at enemy Capitals and re-estimates the odds before each further Battle round.</p>
"""

GAME = GameInfo(
    id="viktory",
    title="Viktory II",
    rules_version=1,
    rules=rules,
    board=board,
    bot_levels=(
        BotLevel(0, "Random", RandomBot),
        BotLevel(1, "Easy", bots.easy),
        BotLevel(2, "Medium", bots.medium),
    ),
    options=(
        Option("players", "Players", tuple((n, f"{n} players") for n in range(2, 9)), 2,
               "3.3: the map grows with the number of players (61, 91, 127 or 169 hexes)."),
        Option("shorter", "Shorter Conquest (5.3)", ON_OFF, False,
               "The game ends when the first Capital falls; the largest other empire wins."),
        Option("race", "Race for Dominance (5.4)", ON_OFF, False,
               "The first empire worth the target points (16 with 2 players) wins."),
        Option("doomsday", "Doomsday Clock (5.5)", ON_OFF, False,
               "After the first City is captured, players roll each turn; the game ends at the last coin."),
        Option("leveling", "Terrain Leveling (16.1)", ON_OFF, False,
               "Forests and Mountains neither slow units nor give defensive dice."),
        Option("face_up", "No Exploration (16.2)", ON_OFF, False, "The whole map starts face up."),
        Option("frigates", "Frigate Options (16.7)", ON_OFF, False,
               "Frigates have 8 MPs, pay 1 MP per unit loaded or landed, may land in several hexes and "
               "give Naval Support to other Frigates."),
        Option("round_limit", "Round limit (house rule)",
               tuple((n, "Off" if n == 0 else f"Score empires after {n} rounds") for n in data.ROUND_LIMIT_CHOICES),
               data.DEFAULT_ROUND_LIMIT, "House rule, not in the rulebook: empires scored as in 5.3."),
    ),
    blurb="Explore a face-down hex map, build Towns and Cities, and conquer with combined arms (2-8 players).",
    about=ABOUT.strip(),
    rules_link="Viktory II rulebook v2.1",
    max_actions=100_000,
)
