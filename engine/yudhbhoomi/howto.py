"""How to play Yudhbhoomi, in the project's own words; reviewed against the Yudhbhoomi rulebook (no section numbers: cited by its headings)."""

HOWTO = """
<h2>How to play Yudhbhoomi</h2>

<h3>Goal</h3>
<p>You lead a small army into a walled fort on a square grid. Each turn you roll five dice:
triangles move, crossed swords (X) hit, circles (O) heal or carry treasure. The campaign, chosen at
set-up, decides how you win:</p>
<ul>
<li><b>Treasure</b> (2-4 players): score victory points (VP): 2 for each treasure token carried
from the palace to your camp, 1 for each enemy soldier defeated.</li>
<li><b>Hold the Fort</b> (2-4): win flags by entering the palace, and hold the palace.</li>
<li><b>Rani Abbakka</b> (1-3, all together, at night): defeat the Portuguese General at the palace
centre, unseen by the patrol, without losing the Rani.</li>
</ul>
<p>With 4 players, <i>Semi-Collaborative</i> makes diagonal seats allies sharing cards, score and
victory.</p>

<h3>A turn</h3>
<p>First each player builds an army: up to 3 soldiers, then <b>Done</b>. In Rani Abbakka: foot
soldiers only, 6 alone, 3 each for two players, 2 each for three; with 2-3 players each first clicks
a free corner camp. Soldiers wait in camp; playing alone, the Rani and your first 3 start beside
it.</p>
<p>Power cards are private; each says what it does: extra moves, hits, defence, healing or a
trick. You start with 4 (none in Rani Abbakka) and hold 6 at most.</p>
<p>Then turns go round, Green first (Game Turn; End of Turn):</p>
<ul>
<li><b>Spend dice</b> if you like: 2 to recruit a soldier, or 2 to draw a Power card; all 5 buy 3.
Recruit before drawing (Recruiting Soldiers; Power Cards).</li>
<li><b>Roll</b> the rest. Tap dice to keep them and reroll the others, 3 rolls in all; after that a
discarded Power card buys each extra reroll (Dice Roll and Action Selection).</li>
<li><b>Keep the roll.</b> Five equal symbols earn a bonus card (Game Turn).</li>
<li><b>Resolve</b> it in any order (Resolving Dice Actions):
<ul>
<li>Triangle: one soldier moves one square, diagonals too; a soldier in camp enters on your camp
square (Resolving Movement).</li>
<li>X: one hit in an attack (Resolving Attacks).</li>
<li>O: a wounded soldier in camp gets 1 defence back. In Treasure an O may instead grab, hand over
or drop a token one square away; stepping onto a token picks it up free (Resolving Healing or
Grab/Drop Treasure).</li>
</ul></li>
<li><b>End the turn.</b> Unused symbols are lost.</li>
</ul>
<p><b>Moving.</b> One soldier per square, and nobody walks through another. Walls are reached by
stairs. Mounted soldiers (horse +1 move, elephant −1) keep off walls, stairs, small gates and the
palace (Moving Soldiers).</p>
<p><b>Attacking.</b> Choose a soldier, an enemy in range and sight, and how many hits. Swords reach
1 square, the Spearman 2, archers 3. Spearman and Archer lose 1 per square beyond the first, except
from a wall; at night every ranged soldier loses 1 more a square. Pillars, walls and the palace roof block
sight; from the ground only the Mounted Archer hits a wall (Attacking; Elevation Advantage;
Obstructions).</p>
<p>The attacker may add Enhanced Attack cards face down, a defender with cards answers face down, then both
are shown. At 0 defence a soldier is defeated: back to camp wounded, its treasure dropped, its flag
lost (Resolving Attacks).</p>
<p><b>Rani Abbakka</b>: no cards, no recruiting. The Rani moves +1, has 5 defence, is never healed.
After each turn, guards and the General who saw a soldier or an attack within 2 squares step toward
it and hit each soldier next to them for 1; then the patrol steps one square clockwise (#3 Rani
Abbakka Campaign).</p>

<h3>How the game ends and who wins</h3>
<ul>
<li><b>Treasure</b>: 5 VP wins at once (allies add up). Difficult mode: a defeat also costs the
loser a VP.</li>
<li><b>Hold the Fort</b>: 5 flags held at once end it; the palace majority wins (ties: flags, then
shared). For one player that means all 5 foot soldiers flagged at once, so games are long.</li>
<li><b>Rani Abbakka</b>: the General falls, all win. The Rani falls, or the patrol sees a soldier on
the ground within 4 squares: all lose.</li>
<li><b>Round limit</b> (house rule, 80 by default): most VP or palace majority wins; in Rani
Abbakka the sun rises and all lose.</li>
</ul>

<h3>On the screen</h3>
<p><b>Where to look.</b> The fort, then the panel (dice, scores, cards) beside or below it. The
line above the buttons says what to do; the list of players under them gives each one's score,
cards and soldiers on the board. On a computer, rest the mouse on anything to read about it.</p>
<p><b>Buttons.</b></p>
<ul>
<li><b>Take Archer</b>, <b>Done</b>: building the army. <b>Recruit Spearman</b>, <b>Draw a Power
card (2 dice)</b>.</li>
<li><b>Roll the dice</b>, <b>Reroll the dice not kept</b>, <b>Keep this roll</b>.</li>
<li><b>1 hit</b>, <b>2 hits</b>: hits for this attack. <b>Declare the attack</b>, <b>Cancel
the attack</b>; the defender: <b>Reveal the defence</b>.</li>
<li><b>Grab treasure at e5</b>, <b>Drop a treasure at e5</b>, <b>Hand a treasure to …</b>.</li>
<li><b>Choose Red</b>: the hand a Swap a Card or Taunt takes from.</li>
<li><b>End the turn</b>; with hits left and an enemy in reach: <b>Yes</b> / <b>No, go back</b>.</li>
<li><b>Undo</b>: until someone else acts or something random or hidden is shown.</li>
</ul>
<p><b>The fort</b> (columns a-o, rows 1-15):</p>
<ul>
<li>Brick: walls. Treads: stairs. Posts: main gates. Narrow doors: small gates. Tiled roof: the
palace. Grey rounds: pillars (they block moves and sight). Crossed swords: the camps. Gold coins:
treasure.</li>
<li>Soldiers: round base on foot, square mounted; Sm, Sw, Sp, Ar, MS (Mounted Swordswoman), MA (Mounted Archer); RA the Rani (crown); Pa,
Gu, Ge the Portuguese. Dots: defence left (filled) and lost. Coin: treasure carried. Pennant: a
flag.</li>
<li>Blue: a soldier to move, then squares to step to. Red sword badge: attack with it. Red dashes:
a target (or a soldier to push with Retreat). Red arrow: the attack. Green cross: heal. Gold dashes:
grab or drop treasure.</li>
<li>Rani Abbakka: dotted ring, the patrol's route; orange, what the patrol sees; small red dashed
squares, the guards' reach; "!", a guard about to act.</li>
<li>Camp trays above and below: soldiers in camp, the wounded pale.</li>
</ul>
<p><b>The panel.</b> Dice (crossed: set aside; gold: kept) and the symbols left to use, scores, the
deck, an attack's cards (backs until shown), and your Power cards: outlined ones can be played
(or discarded, or given) now.</p>
<p><b>Pass the device.</b> With two or more people at one device, the board and hands hide between
turns behind "Red to play". Hand it over; Red presses <b>I am Red: show my game</b>. A defender with
cards gets it too.</p>
<p>The fort, dice faces and card values are this site's stand-ins; see About.</p>

<h3>Tips for a first game</h3>
<ul>
<li>Put a Spearman or Archer on a wall: it shoots without penalty and is hard to reach.</li>
<li>Keep the dice you need; reroll the rest.</li>
<li>Finish off weakened enemies: a defeat sends them to camp (and scores in Treasure).</li>
<li>Rani Abbakka: watch the orange squares; the patrol moves after every turn.</li>
</ul>
"""
