"""Viktory II (Morrison Games), after the Viktory II rulebook, version 2.1 (cited by section number).

Status (session 3): every rule of sections 3.0-16.8 implemented (our readings of ambiguous text are
listed in ABOUT and commented in the code); ready to register in engine/games.py (GAME below); the
generic checks of tests/test_generic.py pass. Random games run to the end for 2-8 players with every
option, invariants checked after every action.

Implemented (rulebook sections):
  3.1-3.3 map: geometry.py (axial hexes, 61/91/127/169, perimeter water ring), start hexes in data.py
          (2-3 players public, 4-8 stand-ins), 180-tile face-down pile (stand-in split), hidden in view().
  4.0     opening turn (reveal, water replacement, Capital, extra Town with the 4.0 balance rule).
  7.0, 8.3, 10.2 exploration with the player placing drawn tiles; all-water redraw.
  8.0-8.4, 9.0 building and supported units.  10.0-10.3 land, road and Frigate movement, ports.
  10.4    naval transport (transport.py): embark from adjacent land at no MP cost (10.42), 3 at a time
          and 3 per turn (10.41), units that moved may not embark and landed units may not move
          (10.43), transported Artillery may not Bombard (10.44), cargo at sea between turns and lost
          with its Frigate (10.45), one landing hex ending the Frigate's movement, all the cargo or
          one unit at a time (10.46), Amphibious Landings into enemy hexes (10.47), transport after
          moving/attacking/bombarding (12.2).
  11.1-11.4 hits, tactical victories, casualty choices (the Frigate itself where one player's Frigates
          in the hex differ, 10.45); capture; 11.3 the loser chooses each unit eliminated, from the
          Reserve or a map hex (state["eliminate"]), automatic where the choice changes nothing.
  12.0 Bombard.  13.0-13.3 Battles; 13.3 step 3 retreat: the attacker picks a hex per unit among the
          entry hexes, land units may retreat aboard their Frigates there.
  13.5    Redeployment before Reserve Placement ("redeploy" mode, ["redeploy", unit id]).
  14.0-14.5 reserve placement; 14.5 Frigates placed into enemy Frigate hexes fight a Naval Battle after
          all placement (phase "placement_battle"); our reading lets Frigates be placed next to a
          besieged Capital (14.4 "always" with the 14.5 example).  15.0 lost Capital.
  5.1, 5.2, 16.86 conceding ("concede", rules._concede; rules.confirm gives the page its question).
  5.0     victory conditions chosen at setup and combinable (options shorter/race/doomsday; 5.1
          always applies): 5.1, 5.3, 5.4, 5.5 Doomsday Clock (rolls at the start of each turn once a
          City has been captured; ends when every player still in the game has a coin).
  16.1 Terrain Leveling, 16.2 No Exploration, 16.4 Luck Averaging (attacker then defender choose
          pairs of dice to give up before each Fire Round; ["average", k]), 16.5 Town/City
          Relocation (["move_site", hex], then phase "rebuild"), 16.6 Metropolises (our readings
          in the About text), 16.7 Frigate Options (8 MPs, 1 MP per unit loaded or landed, several
          landing hexes but one hex side per Battle hex, no end on landing, Naval Support among
          Frigates).
  16.3    Immediate Empires (option "immediate"): face-up map, then building-only turns (Building and
          Reserve Placement, building compulsory while possible) until a player can neither build a
          Town nor upgrade one; he becomes the first player of the normal turns (rules.py).
  16.8 Subjugation with 5.2/16.86 and optional 16.87 (subjugation.py): Vassals keep their Capital,
          16.82 the Ruler relocates to any adjacent hex or aboard his Frigates, Battles ensuing at once
          where another player stands (Vassal included, which frees him), then the Vassal reinforces
          (reserves.py; his Frigates never among Alliance Frigates, a Naval Battle at once among
          enemy ones), 16.83 no attacks next turn, 16.84 moving through Alliance hexes (movement.py:
          a Vassal never stops there, a Ruler stopping there attacks; Alliance Towns, Cities and units
          help across Slow Terrain and make roads), no attacks on the Alliance, no siege by Alliance
          units, the nearest free water for Frigates, 16.85 freeing (Ruler attacks, Ruler loses his
          Capital, Vassal takes a Capital).
  House round limit (option round_limit, default 60, "not in the rulebook" in the summary and About).
  board.py: SVG map with terrain colours + patterns, hex numbers, Towns/Cities/Capitals/coins, unit
          counters per owner and type with counts and cargo, selection, clickable hexes, unit counters
          and battle/bombard/landing badges, top bar with scores and the last dice.
  bots.py: Easy (1) and Medium (2), see its docstring; both beat Random 20-0 in 2-player games and
          ferry stranded units by Frigate.

Audit against the rulebook (session 3): 5.5 a Capital City taken under 16.8 starts the Doomsday
  Clock; 13.31 suppression cuts 16.7 Naval Support at sea; 16.7 one MP per unit landed and one hex
  side per Battle hex per Frigate; 13.3 step 3 no retreat into another player's Town/City; 13.2 no
  14.5 Placement Battle in a hex fought over this turn; 13.4 Bombard while Battles wait elsewhere;
  13.5 cargo at sea may be redeployed alone.

Audit (rules version 2): 16.84 a Ruler moves through his new Vassal's hexes on the turn of the
  Subjugation (not stopping in one fought over, 13.2); 11.1 the choice of a Frigate casualty; 11.3
  the loser's exact choice of eliminated units; conceding (5.1, 16.86); level 0, the core's
  RandomBot, never concedes (it leaves out what rules.confirm asks about).

Session 3: Medium rewritten where it mattered (bots.py docstring; land paths, hex-side assignment,
  the selectable-unit bug, 16.3/16.4/16.5 choices, amphibious landings): beats Easy 87 of 100
  (`python -m engine.viktory.bot_match --hero 2 --field 1 --games 100 --seed 9000`). Zoom and pan:
  web/zoom.js for every board. e2e: dialog seats, a game against the bot through a share link, two
  Medium bots to the winner (5.3).

  Bots under 16.8: Rulers never attack their own Vassals (238 times in 20 games before, 0 after:
  `python -m engine.viktory.bot_match --players 3 --games 20 --seed 7100 --option subjugation=true`),
  units pass through Alliance hexes, relocation picks safe hexes unless a Battle is favourable.

Hard (bot_hard.py, level 3): Medium's variants switched click by click by determinized look-ahead;
  beats Medium 149 of 200 (`python -m engine.viktory.bot_match --hero 3 --field 2 --games 200
  --seed 9000`; docs/benchmarks.md "Viktory II Hard (search)").

Not yet (in order): Medium under
  16.8 is naive (never attacks a Vassal when it might pay, does not aim at the last free player);
  the tile-pile split and the 4-8 player start hexes remain stand-ins (data.py).

State and actions: see the docstrings of rules.py, transport.py, movement.py and subjugation.py. scenario.py
  builds test positions.
"""
from engine.core.api import BotLevel, GameInfo, Option
from engine.core.bots import RandomBot

from . import board, bot_hard, bots, data, guide, howto, rules

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
a choice without alternatives is made for you. Where one player's Frigates in a hex differ (one
carries cargo, which is lost with it, 10.45), the chooser picks the Frigate itself; this holds for
Bombardment too.</li>
<li><b>Losing a Town or City (11.3).</b> "The losing player makes the exact choice": each unit
eliminated comes from the Reserve or from a hex of the map, as he clicks (a Frigate by itself where
his Frigates there differ; its cargo goes to the Reserve, 10.45). The 13.3 example's "Reserve
(preferably)" is advice, not a rule. Where the choice changes nothing (only the Reserve, or a single
hex, holds that type, or every unit of it goes) it is made for him.</li>
<li><b>Naval transport (10.4).</b> Cargo already aboard when a turn begins counts towards the three
units a Frigate may carry that turn. A Frigate lands all its cargo, or one unit at a time, into
its single landing hex of the turn; what stays aboard remains at sea.</li>
<li><b>Retreats (13.3 step 3).</b> The attacker picks a hex for each unit in turn among the hexes
used to enter; a unit that came by sea may retreat aboard a Frigate there.</li>
<li><b>Capital placement (14.4, 14.5).</b> A Frigate may be placed next to one's Capital even when
an enemy Frigate is there (the 14.5 example); other placements obey the siege rule of 14.2.</li>
<li><b>Doomsday Clock (5.5).</b> The game ends when every player still in the game has a coin.</li>
<li><b>Terrain Leveling (16.1).</b> Forests and Mountains neither slow units nor give defensive
dice; Towns and Cities still do.</li>
<li><b>Victory conditions (5.0)</b> may be combined; Standard Conquest (5.1) always applies.</li>
<li><b>Metropolises (16.6).</b> Upgrading a City to a Metropolis is the turn's building (like a
City upgrade); the Capital must be a City first. A Metropolis adds the City's own units once more
(a Plains Metropolis supports 5 Infantry, a Grassland one 1 Infantry and 2 Cavalry), may receive as
many in one Reserve Placement, counts as a City for Combat Supply and the Doomsday Clock, and is
worth 3 points (the City and the Town beside it). Without its owner's Capital it defends as a Town
(15.0).</li>
<li><b>Luck Averaging (16.4).</b> Before each Fire Round the firing player (the attacker, then
the defender once the attacker's hits are known) may give up whole pairs of his dice; each pair is
one hit whose casualty its owner chooses. With an odd number of dice the odd one is always rolled.
Pre-battle Artillery fire and Bombardment are not Fire Rounds and are always rolled.</li>
<li><b>Town/City Relocation (16.5).</b> The new hex must meet the distance rules of 8.2.1-8.2.2
like any new Town; the rebuilt City brings the units of its new terrain and reveals as 8.3 says.
The Capital is not relocated (its marker stays on its hex, 15.0).</li>
<li><b>Subjugation (16.8).</b> When a Capital is taken, the captor's units leave it one at a time
for any adjacent land hex or aboard his adjacent Frigates (a unit with nowhere to go returns to the
Reserve); once all have moved, a Battle is fought in each hex where another player stood, with all the
units relocated there, except in a hex already fought over this turn (13.2); the Vassal's Capital is
not a hex to retreat into. The Vassal then reinforces his Capital; his Frigates go next to it, never
among Alliance Frigates (the nearest free water if Alliance Frigates fill every adjacent hex), and a
Naval Battle is fought at once among enemy ones (14.5). A unit moving through an Alliance hex may go
on from it; a Vassal enters one only if he can leave it the same move. A Ruler's unit that stops in
his Vassal's hex starts a Battle there like any unit entering an enemy hex (13.0), so more units may
join before it is fought; from then on that Vassal's other hexes are enemy hexes (16.85 note: the
Alliance movement serves a single attack). Alliance ports are not ports for one's Frigates (16.84
names only Slow Terrain and roads). A Ruler moves through his Vassal's hexes "without effect" even
on the turn he made him a Vassal (his Capital, just fought over, included), but may not stop in a
hex fought over that turn (13.2: one Battle per hex per turn). A Capital taken under this rule keeps
its owner, so 15.0 does not apply; it counts as a City captured for the Doomsday Clock (5.5); 5.3
Shorter Conquest still ends the game at the first Capital taken.</li>
<li><b>Conceding (5.1, 5.2, 16.86).</b> "A player wins when all other players are eliminated [or
his Vassals] or concede" is all the rulebook says. A player may concede in his own turn: at its
start, between units, and in the Building and Reserve Placement Phases (the page asks first). We
treat it as leaving the game like an eliminated player, whom 5.1 names beside him: his Towns, Cities,
units and Capital marker leave the map, his turns are skipped and the others play on (in a
two-player game the other wins at once). He ranks with the eliminated players, after everyone still
in the game. Under Subjugation his Vassals go free (as when a Ruler loses his Capital, 16.85 #2), and
a Vassal who concedes still counts for 16.87. The computer players never concede.</li>
<li><b>Immediate Empires (16.3).</b> The map starts face up ("first setup an explored map"; the
rulebook's "see 15.2" must mean 16.2, and "which reveals the map" has nothing left to reveal). After
the opening turns of 4.0, each player in turn builds and places his Reserve, without moving. Building
is compulsory in those turns while he can build a Town or upgrade a Town to a City (else "unable"
would never be reached); a second Town stays optional. The first player who can do neither moves at
once and becomes the first player of the normal turns; the game rounds (and the round limit) count
the building turns too.</li>
<li><b>Frigate Options (16.7).</b> Landing all the cargo at once needs one MP per unit; a Frigate
that has landed units into a Battle hex may not land more into it from another water hex.</li>
<li><b>Bombardment and Battles (13.4).</b> Units may Bombard while Battles wait to be fought
elsewhere; a unit that has finished its move may still Bombard later in the phase if it has not
attacked (11.7).</li>
</ul>
<p><b>House rule (not in the rulebook).</b> So that every game ends, the game stops after a number
of game rounds (60 unless changed in the new-game dialog, or off) and empires are scored as in 5.3:
1 point per Town, 2 per City; the largest empire wins.</p>
<p><b>Computer players.</b> Random plays any legal click but conceding. Easy and Medium expand
towards unexplored land along real land paths, build Towns and Cities, keep defenders in their
Capital while the enemy could take it, gather their armies around one enemy Town or City, spread the
attackers over as many hex sides as they can reach (each extra side is a die, 13.3) and attack when
simulated Battles give them the odds; Easy takes one decision in five at random; Medium also
reinforces the places the enemy could take next turn, bombards with idle Artillery and Frigates,
aims at enemy Capitals, re-estimates the odds before each further Battle round, lands troops from
Frigates when the odds are good, uses Luck Averaging when favoured and relocates a Town only for a
much better site. Both ferry units stranded on an island by Frigate. Under Subjugation (16.8) they
pass through their Alliance's hexes and never attack their own Vassals. Hard asks Medium and four
variants of it (bolder, more careful, guarding its sites, going for the nearest site) for their next
click, and considers the attacker's other choice after a Battle round and Medium's next best Reserve
hexes, Town sites and upgrade; where these differ it plays each on a few samples of the dice and the
face-down tiles (it never reads the real ones) to the end of its turn and through the next player's,
and keeps the one that leaves it best placed (its Capital, its empire, what the enemy could take
next). Each level's measured strength is listed under Computer players, below.</p>
"""

GAME = GameInfo(
    id="viktory",
    title="Viktory II",
    rules_version=2,  # 2: 16.84 through a new Vassal's hexes, 11.1/11.3 choices, conceding
    rules=rules,
    board=board,
    bot_levels=(
        BotLevel(0, "Random", RandomBot, "any legal click but conceding, at random."),
        BotLevel(1, "Easy", bots.easy, "expands, builds and attacks at good odds, one decision in five at "
                 "random; beats Random 20 games in 20."),
        BotLevel(2, "Medium", bots.medium, "also guards what the enemy could take next turn, bombards and "
                 "lands from Frigates; beats Easy about 87 games in 100."),
        BotLevel(3, "Hard", bot_hard.hard, "plays Medium and four variants of it on samples of the dice and "
                 "tiles it cannot see, through the next player's turn (its own with more players), and "
                 "keeps the best; beats Medium 149 games in 200 (two players); one Hard among three "
                 "Medium players won 151 of 400 four-player games (a fair share is 100)."),
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
        Option("immediate", "Immediate Empires (16.3)", ON_OFF, False,
               "The map starts face up; players build and place units, without moving, until one "
               "can build no more: he moves first."),
        Option("luck", "Luck Averaging (16.4)", ON_OFF, False,
               "In Battle, give up pairs of dice for sure hits of the opponent's choice."),
        Option("relocation", "Town/City Relocation (16.5)", ON_OFF, False,
               "Instead of building, move a Town or City to an adjacent hex."),
        Option("metropolis", "Metropolises (16.6)", ON_OFF, False,
               "Cities amid all five hex types (and the Capital) may become Metropolises: 3 defence dice, more units."),
        Option("subjugation", "Subjugation (16.8, 5.2)", ON_OFF, False,
               "A player whose Capital falls becomes the captor's Vassal instead of losing it; "
               "win when every other player is your Vassal."),
        Option("alliance_two", "Alliance optional victory (16.87)", ON_OFF, False,
               "With Subjugation: win by making Vassals of two players without losing your Capital."),
        Option("round_limit", "Round limit (house rule)",
               tuple((n, "Off" if n == 0 else f"Score empires after {n} rounds") for n in data.ROUND_LIMIT_CHOICES),
               data.DEFAULT_ROUND_LIMIT, "House rule, not in the rulebook: empires scored as in 5.3."),
    ),
    blurb="Explore a face-down hex map, build Towns and Cities, and conquer with combined arms.",
    about=ABOUT.strip(),
    howto=howto.HOWTO.strip(),
    rules_link="Viktory II rulebook v2.1",
    max_actions=20_000,  # the longest link a game accepts must open in under 2 s (bench-links)
    bot_delay=0.12,  # a turn is some 24 clicks: at the page's usual 0.35 s each it would drag
    guide=guide,
    players=(2, 8),
    length="About 9 rounds (2 players)",  # Medium bots (docs/benchmarks.md)
    picture_moves=30,
)
