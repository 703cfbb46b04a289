"""Aadu-Huli aata, the Goat-Tiger game of the Vijayanagara rulebook (5.5)."""
from engine.core.api import BotLevel, GameInfo, Option
from engine.core.bots import RandomBot

from . import board, bots, guide, howto, rules

ABOUT = """
<h2>About this edition</h2>
<p><b>Rules source.</b> The rules are those of section 5.5 of GMT Games' <i>Vijayanagara</i>
rulebook, where Aadu-Huli aata (the Goat-Tiger game) breaks a tie in both victory points and
Resources. Player One has fifteen goats and moves first; Player Two has three tigers.</p>
<p><b>The board.</b> The rulebook's board is a separate printed board. We use the traditional
23-point Lambs-and-Tigers board (a triangle crossed by a rectangle; also known as Aadu Puli Aattam
and Pulijudam) from the project's board data file, whose three marked points (the apex and the two
middle points of the first row) are where the tigers start. Points are numbered 0 (the apex) to 22.</p>
<p><b>How to play here.</b> The goats place one goat per turn on an empty point; once all are placed
they move one goat per turn to an adjacent empty point. The tigers move one step along a line, or
capture by leaping over an adjacent goat to the empty point just beyond it along the same line (one
leap per turn). A move takes two clicks: the piece, then its destination. The tigers win by
capturing five goats; the goats win by leaving the tigers without a legal move.</p>
<p><b>Our readings of the rulebook.</b></p>
<ul>
<li><b>Repetition.</b> 5.5 forbids "a move that would return the game to the same state as the turn
before last". We read a state as the board, the goats in supply and the side to move, and forbid a
move whose result equals the position after the mover's own turn before last (four half-turns
earlier). This stops a player from shuffling one piece back and forth. A tiger whose only moves are
forbidden this way counts as trapped.</li>
<li><b>Goats that cannot move.</b> The rulebook does not say what happens when the goats have no
legal move. Here they pass (a "Pass" button appears only then).</li>
<li><b>Move limit (house rule, not in the rulebook).</b> So that every game ends, the game is drawn
after 200 consecutive turns of movement (all goats placed) without a capture. The new-game dialog
can set it to 100 or turn it off.</li>
<li><b>Handicaps.</b> 5.5 allows adjusting the number of tigers and goats. The dialog offers 1 to 3
tigers and 12 to 20 goats; the tigers still need five captures. With fewer tigers they start on the
first marked points in the order apex, then the left and right middle points of the first row (our
choice; the rulebook does not say).</li>
</ul>
<p><b>Computer players.</b> Easy, Medium and Hard search ahead, so they play the same way every
time in the same position. Hard's goats, once all are placed, also vary their choice between equally
good moves with the count of turns without a capture, so that they do not walk a long cycle of
positions that the repetition rule (which looks back only to the turn before last) allows. Each
level's measured strength is listed under Computer players, below.</p>
"""

HARD_ABOUT = ("looks up to 12 half-turns ahead within a fixed budget; against Medium, from 100 varied "
              "openings played from both sides, it won 89 and drew 11 as the Goats, and won 1, drew 98 "
              "and lost 1 as the Tigers (72 % with a draw as a half).")

GAME = GameInfo(
    id="aadu_huli",
    title="Aadu-Huli aata",
    rules_version=1,
    rules=rules,
    board=board,
    bot_levels=(
        BotLevel(0, "Random", RandomBot, "any legal move, at random."),
        BotLevel(1, "Easy", bots.easy, "looks 2 half-turns ahead, with some noise."),
        BotLevel(2, "Medium", bots.medium, "looks 4 half-turns ahead."),
        BotLevel(3, "Hard", bots.hard, HARD_ABOUT),
    ),
    options=(
        Option("tigers", "Number of tigers", ((1, "1 tiger"), (2, "2 tigers"), (3, "3 tigers (rulebook)")), 3,
               "Handicap (5.5): fewer tigers start on the first marked points."),
        Option("goats", "Number of goats",
               tuple((n, f"{n} goats" + (" (rulebook)" if n == 15 else "")) for n in range(12, 21)), 15,
               "Handicap (5.5): the tigers still need five captures."),
        Option("move_limit", "Move limit",
               ((0, "Off"), (100, "100 turns"), (200, "200 turns")), 200,
               "A draw after this many turns without a capture. House rule, not in the rulebook: "
               "counted once all goats are placed."),
    ),
    blurb="The Goat-Tiger game of the Vijayanagara rulebook (5.5): fifteen goats against three tigers.",
    about=ABOUT.strip(),
    howto=howto.HOWTO.strip(),
    rules_link="Vijayanagara rulebook 5.5",
    # the longest games measured: 509 plies (random, move limit off); with the 200-ply limit a game
    # cannot pass about 1,250. 5,000 plies replay in 0.1 s (docs/benchmarks.md); with the limit off,
    # a game stops taking moves there (Session.act says so)
    max_actions=5_000,
    guide=guide,
    players=(2, 2),
    length="About 30 moves each",  # Medium bots (docs/benchmarks.md)
    picture_moves=10,
)
