"""Rajas of the Ganges (HUCH!, 2017), for 2-4 players, after the publisher's rules summary of the basic game
(without section numbers: code and tests cite its headings).

Status (session 2): rules complete and tested, two heuristic bots, the board drawn in full, registered
in engine/games.py and playable in the browser from the first move to the final ranking
(e2e/test_rajas_play.py).

Implemented, by rulebook heading:
  Setup (rules.setup): board side per player count (data: spaces for 2 / 3-4, the two 3-player cover
      tiles), 48 dice in 4 colours with a finite supply, 12 shuffled stacks by colour and back symbol,
      8 white yield tiles face down, workers 3 + inactive on fame 15 / money 20 / the bridge, boat on
      the start, karma 1, upgrades at 2, fame 0, money bonus marker on 12, the opening roll of one die
      per colour (lowest total starts, ties drawn at random), money 3, 4, 5, 6 in turn order.
  Game Play / Placing Workers (rules.py, common.py): stages in clockwise order, one worker a turn,
      pay, act; players who cannot place are passed over; round end, workers back, the elephant to
      the Great Mogul's player or on clockwise. Money and dice costs; a missing colour cannot be
      taken; the 10-dice limit (put dice back first, or take fewer).
  I. Building Action (quarry.py, province.py): quarry costs row by row; tile bought with dice of its
      colour totalling at least its value (overpay allowed, karma flips, only completable choices
      offered); placed joined by road in any rotation, cutting roads allowed; market money, building
      fame at the upgrade level; special yields on the edge once, after the tile's own scoring (the
      rulebook's example of Leila's corner bend is met by a junction: see data.py, the 64 tiles).
  II. Market Action (market.py): assorted goods (one market per kind), goods of one kind (a die's
      value in markets of one kind); one assorted worker per player per round with 3-4 players; a
      market space only for a player with a market (else the scoring would earn nothing).
  III. Actions At The Palace (palace.py): outer terrace (2 money, reroll any dice), terrace, balconies,
      the six chambers by exact value: Great Mogul, Dancer (+ yield tile, reshuffled when used up),
      Yogi, Raja Man Singh, Master builder (cost difference in the new colour, every tile joined,
      each tile covered once, no repeated yield, unavailable without matching tiles or dice),
      Portuguese (exactly 6 unoccupied spaces: offered only when 6 lie ahead; not from the last six).
  IV. River Action (river.py): harbour costs 0 then 1-2; die 1/2/3 moves exactly 1 / up to 2 / up to
      3 unoccupied spaces, boats skipped, start and end shared; every earning of "Explanation Of The
      Earnings On The River" incl. the free palace action; none from the final space.
  Karma, Get New Workers, Bonuses On The Scoring Tracks (common.py): flips 0-3; extra workers, two at
      most, the third removed; fame 5 (its upgrade counts from the next turn on: rules.late_upgrade)
      /24/31, money 12/33/44/55 with the bonus marker (no repeats when money falls back); the boat
      bonus may be declined ("You may").
  End of the Game (rules._end_turn, compute_result): markers meet or pass, the stage is finished by the
      players between the trigger and the starting player, winner by the largest difference among
      those who passed (ties: first to pass), the rest by the fame points still between their markers.
      The rulebook example (65/30 and 52/37, both 2) is a test.
  Bots (bots.py): Easy (1) greedy one click ahead; Medium (2) plays each candidate's turn out on a
      blind copy (reseeded generator; the face-down yield tiles and the tiles under the open ones put
      in an order of the copy's own). Medium beats Easy 86 of 100 two-player games, seats alternated
      (`.venv/bin/python -m engine.rajas.bot_match --hero 2 --field 1 --games 100 --seed 9000`: mean
      9.6 rounds, 187 actions; think time CPython Medium median 5.2 ms, p95 44 ms, max 222 ms;
      Easy median 1.8 ms, max 124 ms; rules version 2 with blind copies; it was 94 of 100 when the
      copies saw the hidden tiles). Easy beats Random 73 of 100 (`--hero 1 --field 0`, same seed;
      Random no longer wastes workers on empty markets since rules version 2).
  board.py: one column 380 units wide, read on a 390 px phone without zooming (text 12 units and more,
      targets 28 x 28 and more): the race (the two tracks unrolled: fame discs, money squares on the
      fame they face, money bonus flags), then the block of the decision at hand (the spaces, the
      quarry, the province, the Kali statue, the river), then the seat's province (with the tile in
      hand and its turns) and Kali statue (dice with pips, karma turns, rerolls), the rest of the main
      board (quarry's 12 open tiles by colour and back symbol, palace, market, harbour, river with
      boats and bridge, fame per building, dice supply, yield tiles as a count), the other players (a
      line each, one shown in full, a tap on a line shows another) and a key. Board targets: spaces,
      open tiles, squares, covers, turns, dice, river spaces, chambers for the river's palace action;
      the page makes buttons for die colours, goods, upgrades and yes/no choices.
  Tests: tests/test_rajas_rules.py (by heading), test_rajas_generic.py (what tests/test_generic.py
      leaves out: 3 and 4 players, Rajas-shaped junk, Medium to the end), test_rajas_bots.py,
      test_rajas_board.py;
      e2e/test_rajas_play.py (a game against two bots by clicks, its share link; four bots).
  Figures (CPython 3.11): replaying a save costs 0.05 ms per action (60 bot games, fresh process;
      up to 0.2 ms on a loaded machine; the dearest single action found, a Master builder placement,
      1.8 ms, 8 ms loaded), so a save of max_actions (2,700) replays in 0.1-0.5 s; the longest bot
      games measured are given beside max_actions below. Drawing the board: 11 ms (CPython).

Not yet (for the next person):
  1. Wide screens: the board is the phone's column, grown to 30rem; with the board's width from the
     page it could lay the main board and the players side by side.
  2. A stronger bot if Medium's margin over Easy falls below 75% in 100 games (86 now); Easy looks
     one click ahead and seldom builds or sails.
  Figures: docs/benchmarks.md, "Rajas of the Ganges".

Stand-ins (data.py, each marked there): player colours; the split of the 37 spaces (quarry 8, harbour
5, market 2+3, palace 19 = outer 3, terrace 4, balconies 6, chambers 6) and the 2-player side (29);
the 3-player covered spaces (last quarry and last harbour space); balcony colour pairs; the track
geometry (fame 0-63, money 0-117, money m faces fame 63 - floor(7m/13): exact for the rulebook's
example); the river (20 spaces after the start, bridge before space 10); the province grid (4 x 5,
residence top middle with roads W, S, E) and its 13 edge yields; the 64 tiles (16 per colour: 6 snake
3-6, 5 cow 7-9, 5 tiger 10-12, goods and buildings rotated between colours); 2 white yield tiles of each kind.

Readings (also in ABOUT): see ABOUT below.
"""
from engine.core.api import BotLevel, GameInfo, Option
from engine.core.bots import RandomBot

from . import board, bots, data, guide, howto, rules

ABOUT = """
<h2>About this edition</h2>
<p><b>Rules source.</b> The publisher's rules summary of <i>Rajas of the Ganges</i> (HUCH!, 2017),
basic game. It has no section numbers; the prompts and the code cite its headings.</p>
<p><b>Not included.</b> The two modules the rules name without describing them:
<i>Navaratnas</i> (the yellow, red and brown yield tiles) and the <i>Ganga module</i> (the 8 river
tiles).</p>
<p><b>Stand-in components.</b> The printed boards and tiles are not public, so this edition uses
its own, designed to meet every fact the rules give; someone who owns the game can replace them in one
data file:</p>
<ul>
<li>Player colours Red, Yellow, White and Black (the dice are purple, orange, blue and green).</li>
<li>The main board: 37 worker spaces on the 3-4 player side (quarry 8 costing 1,1,2,2,3,3,4,4; harbour
5 costing 0,1,1,2,2; market 2 assorted-goods and 3 one-kind spaces; palace 19: outer terrace 3,
terrace 4 (one per dice colour), 6 balconies, the 6 chambers). The 2-player side: quarry 6, harbour 3,
market 2+2, palace 16 (4 balconies, 2 outer-terrace spaces). With 3 players the cover tiles close the
last quarry space and the last harbour space.</li>
<li>Balconies: purple for 2 orange, orange for 2 blue, blue for 2 green, green for 2 purple, and on
the 3-4 player side also purple for 2 blue and orange for 2 green.</li>
<li>The tracks: fame 0-63 and money 0-117, running towards each other; money space <i>m</i> faces fame
space 63 - floor(7<i>m</i>/13). This reproduces the rules' end-of-game example exactly (money 65 faces
fame 28, money 52 faces fame 35).</li>
<li>The river: 20 spaces after the start, the bridge before space 10: 3 money, 2 dice, 2 karma, purple
karma dice, 2 fame, upgrade, 1 money per market, palace action, 5 money, orange karma dice,
assorted-goods scoring, 4 fame, 1 fame per upgrade, blue karma dice, one-kind scoring (up to 4),
2 money per upgrade, palace action, green karma dice, 2 fame per karma, and the final space 6 fame.</li>
<li>The province: 4 rows of 5 squares, the residence in the top middle with roads west, south and east;
13 edge yields on the west, east and south edges (2 or 5 money, 3 or 4 fame, a die, a karma, an
upgrade); the bottom-left corner gives a die and 5 money, as in the rules' example.</li>
<li>The 64 tiles: per colour 6 snake tiles (3-6), 5 cow (7-9), 5 tiger (10-12), with bends, straight
roads, junctions and crossings; every road end of a tile joins the others on that tile. So the rules'
example of a bend in the corner reaching both yields is met here by a junction: roads to both edges and
to the square beside it.</li>
<li>The 8 white yield tiles: 2 each of 1 die, 3 money, 1 upgrade, 1 karma.</li>
</ul>
<p><b>Our readings of the rules.</b></p>
<ul>
<li>Opening: a tie for the lowest total is broken by a random draw (for "who ate Indian food last").</li>
<li>A player whose turn comes with workers left but no legal space is passed over; the round ends when
nobody can place. A worker can only go where its action can be carried out (e.g. the quarry only if a
tile can be paid and placed; a terrace only if that colour is in the supply; a market space only with a
market in your province, and goods of one kind only with a die to give up).</li>
<li>Several bonus spaces crossed in one move all count, in track order; the money bonus marker then
lies on the next bonus space ahead.</li>
<li>"You may move your boat" (fame 31, money 12 and 44) is a choice; the karma and dice bonuses are
simply taken (taking them never hurts; the 10-dice limit still applies).</li>
<li>The upgrade of fame space 5 "counts from your next turn on": a building laid later in the same turn
(say by a Master builder reached through a boat bonus) scores at the level before it. The river's
earnings per upgrade done count it at once (the upgrade is done).</li>
<li>Portuguese: "exactly 6 unoccupied spaces", so it can be chosen (in the palace or from the river)
only when 6 unoccupied spaces lie ahead of your boat, the final space counting as one; boats in the way
near the end can rule it out before your boat reaches the last six spaces.</li>
<li>Master builder: the new tile scores like a built tile (markets and buildings) and may take edge
yields it newly reaches; a yield already taken is never taken again; a covering tile is never covered.</li>
<li>A balcony needs a die of the colour given up, and a terrace or balcony a die of the colour
received left in the supply. The Master builder's chamber can be taken only if a tile can still be
covered with the dice left after its 5 is given up ("no matching tiles or dice").</li>
<li>Assorted goods score the best market of each kind; goods of one kind score the most valuable
markets of that kind, up to the die's value.</li>
<li>The river's palace action may use a chamber whose space is taken, without a die (as the rules say);
its Master builder and Portuguese follow the chambers' own limits.</li>
<li>The quarry and the harbour fill row by row: a worker takes the next free space and pays its cost.</li>
<li>The end is checked after each whole turn (with all its bonuses). Players who finish the stage and
whose markers pass too are ranked with the trigger by their difference, ties to the first to pass;
players whose markers have not met are ranked by the fame points still between them (ties share).</li>
</ul>
<p><b>The board.</b> One column, made to be read on a phone: the race first (the two tracks
unrolled: each fame disc against the money square, which stands on the fame space its money faces;
flags are the money bonus markers), then the part of the board the decision at hand is about, then
your own province and Kali statue, the rest of the main board, the other players (a line each; a tap
shows one in full) and a key. The white yield tiles are face down: the page shows only how many are
left, and the tiles under the open quarry tiles stay hidden.</p>
<p><b>Computer players.</b> Random plays any legal click. Easy picks the click whose immediate result
looks best (the race between the markers, dice, karma, workers, upgrades, markets, the river). Medium
plays each candidate to the end of its turn on a copy whose future dice, face-down yield tiles and tiles
under the open ones it cannot see, and keeps the best. Hard takes Medium's three best clicks and plays
each on through the other players' next turns on several such copies, and keeps the one that leaves it
furthest ahead. Each level's measured strength is listed under Computer players, below.</p>
"""

HARD_ABOUT = ("plays Medium's three best clicks on through every player's next turn, on several samples "
              "of the dice and tiles it cannot see, and keeps the one that leads best; beats Medium 150 "
              "games in 200 (two players), and wins 65 of 128 alone among three Mediums (a fair share "
              "is 32).")

GAME = GameInfo(
    id="rajas",
    title="Rajas of the Ganges",
    # 2: the fame-5 upgrade counts from the next turn on, the Portuguese only with 6 unoccupied spaces
    # ahead, a market space only with a market (saves of version 1 open as far as they replay)
    rules_version=2,
    rules=rules,
    board=board,
    bot_levels=(
        BotLevel(0, "Random", RandomBot, "any legal click, at random."),
        BotLevel(1, "Easy", bots.easy, "takes the click that looks best at once; beats Random 73 games in 100."),
        BotLevel(2, "Medium", bots.medium, "plays each choice to the end of its turn on copies that cannot "
                 "see the dice to come; beats Easy 86 games in 100."),
        BotLevel(3, "Hard", bots.hard, HARD_ABOUT),
    ),
    options=(Option("players", "Players",
                    tuple((n, f"{n} players") for n in range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1)), 2,
                    "Setup: the board side for 2 or for 3-4 players; with 3, two cover tiles close spaces."),),
    blurb="Build your province, trade at the markets, sail the Ganges: fame races money.",
    about=ABOUT.strip(),
    howto=howto.HOWTO.strip(),
    rules_link="Rajas of the Ganges rules summary",
    # The longest bot games measured: 898 actions (4 players, Random, seed 4382; 3,700 games), 801 at 3
    # players (2,700 games), 552 at 2 (700 games); Easy 475 and Medium 600 at 4 players. About three
    # times the longest. Replaying costs 0.05 ms an action on CPython 3.11 (60 bot games, a fresh
    # process; up to 0.2 ms on a loaded machine), the dearest single action found 1.8 ms (8 ms loaded),
    # so a save of this length replays in 0.1-0.5 s (a link of 2,700 outer-terrace mark/unmark
    # clicks after 323 random moves: 0.12 s, 0.33 s loaded).
    max_actions=2700,
    # A bot's turn is 2-3 clicks on average (Medium, 2 players: 188 actions in 9.8 rounds), so 0.2 s a
    # click shows each one and a bot's turn passes in about half a second.
    bot_delay=0.2,
    guide=guide,
    players=(2, 4),
    length="About 10 rounds",  # Medium bots, 2 players (docs/benchmarks.md)
    picture_box="0 0 380 450",  # the race and the quarry, the top of the column
)
