"""How to play Viktory II, in the project's own words; reviewed against the Viktory II rulebook v2.1 (Morrison Games)."""

HOWTO = """
<h2>How to play Viktory II</h2>

<h3>Goal</h3>
<p>Build a Capital on a map of face-down hexes, explore, found Towns and Cities, and raise armies
and fleets from them. Each Town or City supports units; take one from a rival and it supports
yours (9.0, 11.4).</p>
<p>In the standard game you win by conquering everyone else (5.1).</p>

<h3>A turn</h3>
<p><b>Opening</b> (4.0). The first player is drawn at random; turns follow the order at the top of
the board. In your first turn your five start hexes (ringed in your colour) turn face up. Pick a land
hex for your Capital, then, if you like, a second Town; with six players or fewer the first player
builds only the Capital. Each brings an Infantry, placed for you.</p>
<p><b>Every later turn</b> has three phases, in order (6.0):</p>
<ul>
<li><b>1. Move and fight</b> (10.0-13.0). Move units one at a time: Infantry and Artillery 2 hexes,
Cavalry 3, Frigates 5 on water. Infantry and Artillery stop on entering Forest or Mountain, unless
your Town, City or a unit that began the turn there is in it (10.12). Between your Towns and Cities
2-3 hexes apart, a land unit travels in one step (a road, 10.13). A Frigate carries up to three
land units: select it, click units beside it to embark them, then a blue arrow to land them (10.4).
Each hex a unit enters turns up the hexes around it (10.2); you choose where each drawn tile goes
(7.0).</li>
<li><b>2. Build</b> (8.0), only while you hold your Capital: one or two Towns, or make one Town a
City. A new Town goes on explored land 2-3 hexes from one of yours, not next to any Town or City,
nor on or next to an enemy unit (8.2).</li>
<li><b>3. Place your Reserve</b> (14.0): new units, and units lost in battle, go into your Towns
and Cities, or stay in the Reserve for later.</li>
</ul>
<p><b>Units</b> (8.4, 9.0). A Town supports an Infantry. A City adds, by terrain: Plains 2
Infantry, Grassland a Cavalry, Mountain an Artillery, Forest a Frigate. A Town takes one Infantry
at placement, a City its own types (a Frigate on water beside it), the Capital anything. Nothing is
placed where an enemy unit is next door (14.1-14.4).</p>
<p><b>Fighting</b> (11.0-13.0):</p>
<ul>
<li><b>Bombard</b> (12.0): an Artillery or Frigate fires one die at a hex next to it; no return
fire.</li>
<li><b>Battle</b> (13.0): move units into a hex with enemy units, Town or City, then fight.
Artillery fires once first. Each round the attacker rolls a die per unit type there, plus one per
extra hex side used; the defender a die per unit type, plus 1 for Forest or Town (2 for Mountain or
City) and 1 for his Frigate next door. Then the attacker fights on or retreats (13.3).</li>
<li>Dice of 1-3 hit; 1-4 with Cities on all four land terrains (Combat Supply, 11.2). For each 1
the firing player picks the unit lost, the owner the rest (11.1). Lost units go to the
Reserve.</li>
<li>Win a Town or City and it is yours, with the units it supports; the loser gives up the same units (11.3).
Without his Capital a player cannot build and his Cities count as Towns (15.0).</li>
</ul>

<h3>How the game ends and who wins</h3>
<ul>
<li><b>Standard Conquest</b> (5.1, always on): a player with no Towns, Cities or units is out; the
last one left wins. A player may also concede.</li>
<li><b>Round limit</b> (this site's rule, not the rulebook's): after 60 rounds empires are scored,
1 point per Town and 2 per City; the biggest wins. The new-game dialog can change or drop it.</li>
<li>The dialog also offers the rulebook's other endings: Shorter Conquest (5.3), Race for Dominance
(5.4), the Doomsday Clock (5.5) and Subjugation (16.8).</li>
</ul>

<h3>On the screen</h3>
<p>The line above the buttons says what to do. On the map, anything with a <b>black-and-white
dashed outline</b> can be clicked; on a computer, rest the mouse on it to read what a click does.
Tiny numbers name the hexes, as in the log.</p>
<p><b>The map</b></p>
<ul>
<li>Plains pale yellow, Grassland light green, Forest dark green, Mountain grey-brown, Water blue,
each with its own pattern. Hatched grey: face down. <b>?</b>: a hex waiting for the tile named top
right.</li>
<li>A house is a Town, a castle a City. A gold star in a ring is a Capital (ringed in its first
owner's colour); a gold coin beside it, a Doomsday coin.</li>
<li>Unit counters: <b>I</b> Infantry, <b>C</b> Cavalry, <b>A</b> Artillery, <b>F</b> Frigate,
with a count (<b>I3</b>) and cargo (<b>F+2</b>). A white ring: the unit you are moving.</li>
<li>Crossed swords in red dashes: a Battle waiting; click it to fight once no unit is selected. Red
outline: the Battle under way. Purple crosshair: bombard. Blue arrow: land the cargo. Building
targets say <b>Capital</b>, <b>Town</b> or <b>→ City</b>.</li>
<li>Top bar: players in turn order with points (the one playing outlined in white) and the round.
Corners: the Reserves, the last dice (solid hits, faded misses, gold 1s) and two keys.</li>
</ul>
<p><b>Buttons</b></p>
<ul>
<li><b>Done moving this unit</b>: finish with it; only then can another move (10.0).</li>
<li><b>End movement</b>, <b>End building</b>, <b>End turn</b>: on to the next phase, or end now
(the page asks if that skips a phase). Battles you started come first.</li>
<li><b>Fight another round</b> or <b>Retreat</b>: the attacker's choice after each round.</li>
<li><b>Remove a Red infantry</b>: pick a casualty. <b>Eliminate an infantry from the Reserve</b>:
you lost a Town or City; pick the unit that goes (or click a hex).</li>
<li><b>Place infantry</b> (cavalry, artillery, frigate): pick a Reserve type, then click a hex.
<b>Redeploy units to the Reserve (13.5)</b>: first lift units off the map to place them anew; then
<b>Done redeploying</b>.</li>
<li><b>Embark the infantry from hex 12</b>, <b>Land one infantry at hex 14</b>, <b>Select the
empty Red Frigate at hex 57</b>: for a unit sharing a counter with others (two Frigates in a hex are
told apart by their cargo).</li>
<li><b>Keep</b> or <b>Put a water tile back and draw land</b>: only water turned up (7.0). In
the opening, with three or more water start hexes, click one to swap it for land, or <b>Keep</b>;
<b>No second Town</b> skips it (4.0).</li>
<li><b>Concede the game</b>: leave (the page asks first).</li>
<li>Options add <b>Roll every die</b> or <b>Give up 2 dice for 1 sure hit</b> (16.4), <b>Relocate
the town at hex 9</b> (16.5) and Subjugation's buttons (16.8).</li>
</ul>
<p>The tile mix and the start hexes for 4-8 players are this site's stand-ins (see About).
<b>Undo</b> takes back your last click until dice are rolled, a tile is drawn or another person
acts.</p>

<h3>Tips for a first game</h3>
<ul>
<li>Move so that one step turns up several hexes: you arrange them.</li>
<li>Build Towns early: each is an Infantry, and land runs out.</li>
<li>Mix unit types and attack from several sides: Battle dice count types and sides, not
numbers.</li>
<li>Keep a defender in your Capital.</li>
<li>A unit next to an enemy Town or City stops reinforcements being placed there.</li>
</ul>
"""
