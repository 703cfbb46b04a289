"""How to play Aadu-Huli aata, in the project's own words; reviewed against the Vijayanagara rulebook (GMT Games, 2023), section 5.5."""

HOWTO = """
<h2>How to play Aadu-Huli aata</h2>

<h3>Goal</h3>
<p>Fifteen goats against three tigers. The tigers win by capturing five goats. The goats win by
hemming the tigers in until none of them can move. (In Vijayanagara it can settle a tie.)</p>

<h3>A turn</h3>
<p>The board has 23 points joined by lines. The tigers start on the three ringed points; the goats
start off the board. The goats move first, then the sides take turns (5.5).</p>
<p><b>Goats</b> (5.5):</p>
<ul>
<li>While any goat is off the board, <b>place</b> one on any empty point. Placed goats wait.</li>
<li>Once all are placed, <b>move</b> one goat a step along a line to an empty point.</li>
<li>Goats never capture.</li>
</ul>
<p><b>Tigers</b> (5.5): step one tiger along a line to an empty point, or <b>jump</b> over a goat
next to it onto the empty point just beyond, on the same line. The goat is captured for good. One
jump per turn: no chains.</p>
<p><b>No shuffling</b> (5.5): you may not bring back the position that followed your own turn
before last, so a piece cannot just step back and forth.</p>

<h3>How the game ends and who wins</h3>
<ul>
<li><b>Tigers win</b> the moment they have captured five goats (5.5).</li>
<li><b>Goats win</b> when it is the tigers' turn and no tiger can move or jump (5.5). Moves barred
by the shuffling rule do not count.</li>
<li><b>Draw</b> (this site's rule, not the rulebook's): 200 turns of moving without a capture,
counted once all goats are placed. The new-game dialog can set 100 or switch it off.</li>
</ul>
<p>The rulebook does not say what happens if the goats cannot move: here they pass. The dialog
also offers handicaps (5.5): 1 to 3 tigers, 12 to 20 goats; the tigers still need five
captures.</p>

<h3>On the screen</h3>
<p>The line above the buttons says what to do. You play on the board: click a piece, then the
point it goes to. Placing a goat is one click.</p>
<ul>
<li><b>Green circle</b>: you may place or move there. On a computer, rest the mouse on it to read,
say, "Jump to 15, capturing the goat on 9".</li>
<li><b>Dashed yellow ring</b> round a piece: it can move; click it.</li>
<li><b>Blue ring</b>: the piece you picked. Click another ringed piece to change your mind.</li>
<li><b>Orange arrow</b>: the last move. A <b>faded goat with a red cross</b>: the goat it
captured.</li>
<li><b>Ringed points</b>: where the tigers start. Small numbers name the points, as in the
log.</li>
<li><b>Under the board</b>: goats still to place, and captures out of five.</li>
</ul>
<p>The one button, <b>Pass (no goat can move)</b>, appears only when the goats are stuck.
<b>Undo</b> takes back your last move (and the computer's reply); between two people, only until
the other moves. <b>Share</b> gives a link to the game; <b>+</b>, <b>−</b> and <b>Whole board</b>
zoom.</p>

<h3>Tips for a first game</h3>
<ul>
<li>Goats: a goat is safe when the point behind it, seen from the tiger, is filled. Keep a solid
block with no gaps.</li>
<li>Goats: place the first ones far from the tigers, along the bottom and the sides.</li>
<li>Tigers: keep to the middle, where four lines meet. The corners (1, 6, 13, 18, 19, 22) have
only two neighbours: traps.</li>
<li>Tigers: threaten two jumps at once; the goats can block only one.</li>
<li>Start against the Easy computer.</li>
</ul>
"""
