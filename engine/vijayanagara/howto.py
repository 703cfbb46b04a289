"""How to play Vijayanagara, in the project's own words; reviewed against the Vijayanagara rulebook (GMT Games, 2023)."""

HOWTO = """
<h2>How to play Vijayanagara</h2>

<h3>Goal</h3>
<p>India, 1290 to 1398. The <b>Delhi Sultanate</b> (black and grey) rules Provinces that pay it
tribute; the <b>Bahmani Kingdom</b> (turquoise) and the <b>Vijayanagara Empire</b> (yellow) rise in
the south at its expense. The Mongols (red) raid Delhi; nobody plays them.</p>
<p>Every Province starts as a <b>Tributary</b> of Delhi. One that breaks away is Independent, and
a Faction with more pieces there than all others together <b>Controls</b> it (1.6, 1.7). The
Sultanate scores the Prosperity (1 or 2) of each Tributary; the other two score for the Provinces
they Control, their Forts or Temples and their Deccan Influence, a track from 0 to 4 (1.9). Most
victory points (VP) at the end wins.</p>

<h3>A turn</h3>
<p>Cards are turned one at a time (2.2). An <b>Event card</b> shows an order of Factions; the
Eligible ones act in that order (2.3.1, 2.3.2), each taking one option (2.3.3):</p>
<ul>
<li><b>Command + Decree</b>: a Command in as many spaces as you can pay for, and a Decree.</li>
<li><b>The card's Event</b> (either of its two texts) <b>or a Command alone</b>.</li>
<li><b>Limited Command</b>: a Command in one space (2.3.5).</li>
<li><b>Pass</b>: +3 Resources for the Sultanate, +1 for the others (2.3.6).</li>
</ul>
<p>Each of the first two options goes to one Faction per card. Whoever took one sits out the next
card, unless its Event said "Stay Eligible" (2.3.7).</p>
<p><b>Commands</b> cost 1 Resource per space (3.1). Sultanate (3.2): Conscript (new Troops), March
(move next door), Govern (place a Governor; where one stands, remove Obedient Amirs or Rajas, build
a Qasbah), Attack. Bahmanis and Vijayanagara (3.3, 3.4), in Provinces only: Rally (new Amirs or
Rajas), Migrate (move up to three into a Province from next door), Rebel (a Tributary where you outnumber everyone
becomes yours), Attack.</p>
<p><b>Decrees</b> (4.0) are free: Collect Tribute, Campaign, Demand Obedience (Sultanate); Trade,
Build a Fort, Conspire (Bahmanis); Tax, Build a Temple, Compel (Vijayanagara).</p>
<p><b>Battles</b> (3.2.4): the attacker rolls four dice (three against a Fort), the defender two.
A die hits if it is no higher than your Units fighting (five at most); a 6 misses. Cavalry tokens
may change dice first (1.10). Each side removes a piece per hit.</p>
<p><b>Other cards</b>: a <b>Mongol Invasion</b> lets the Bahmanis or Vijayanagara give the Mongols
two commands, then offers them Gifts (2.4). The first of three <b>Succession</b> cards brings the
Tughlaqs; only then is the Rebel Command open (2.5, 2.7). Two <b>Timurid</b> cards bring Timur (2.6).</p>

<h3>How the game ends and who wins</h3>
<p>At the second Timurid card Timur's army fights through to Delhi; then everyone scores
(2.6, 5.0):</p>
<ul>
<li><b>Sultanate</b>: the Prosperity of all Tributaries, plus 3 minus the Mongols left in Delhi
(never below −3) (5.1).</li>
<li><b>Bahmanis</b>: the Prosperity of Provinces they Control, plus Forts, plus Deccan Influence
(5.2).</li>
<li><b>Vijayanagara</b>: the same, with Temples (5.3).</li>
</ul>
<p>Most VP wins; a tie goes to the most Resources. With the Aadu-Huli option on, a tie in both
can be played off in Aadu-Huli aata (5.5).</p>

<h3>On the screen</h3>
<p>The line above the buttons says who acts and what to do. Spaces and pieces to click are on the
map; other choices are buttons. On a computer, rest the mouse on the board to read what things
are.</p>
<p><b>Buttons</b></p>
<ul>
<li><b>Event (unshaded)</b>, <b>Event (shaded)</b>: the card's light or dark text. <b>Command (no
Decree)</b>, <b>Command + Decree</b>, <b>Limited Command</b>, <b>Pass</b>: the other options.</li>
<li>A Command or Decree name (<b>Rally</b>, <b>Collect Tribute</b>...): start it, click spaces
outlined in green, then <b>Done</b>.</li>
<li><b>2 Troops</b>: how many to place. <b>Place a Governor</b>, <b>Remove an Obedient Amir</b>,
<b>Place a Qasbah</b>: Govern.</li>
<li><b>Attack the Bahmani Kingdom</b>: pick the defender.</li>
<li><b>Charge: your die 5 → 4</b>, <b>Screen: cancel the opponent's 3</b>: spend a Cavalry
token.</li>
<li><b>Shift Influence (1 Resource)</b>: Migrating where the rival is, gain 1 Influence and take 1
from them.</li>
<li><b>Pick up a Troop</b>, <b>Drop off a Governor</b>: Campaign. <b>Andhra: Governor -&gt; Obedient
Amir</b>: Conspire. <b>Place a Raja</b>, <b>Remove a Troop</b>: Compel.</li>
<li><b>Amass</b>, <b>Advance</b>, <b>Attack</b> (the rulebook's Attack and Plunder): Mongol
commands; <b>3 Mongols from Punjab</b>: how many advance. <b>Accept the Gifts</b> or
<b>Decline</b>: give up 1 Influence for 2 Resources and 2 Cavalry.</li>
<li><b>Bahmani Kingdom Influence +1</b>: a Lords of the Deccan shift for 3 Resources. <b>2
Cavalry, 1 Resources</b>: how to take a Succession reward.</li>
<li><b>From Available</b>: Influence fell, so Units return to its track, from your box or (click
them) the map (1.9). <b>Take from</b> a Faction, or <b>Decline</b>: the Cavalry pool is empty.</li>
<li><b>Negotiate: give Resources or Cavalry</b>, offered almost always: <b>Give 1 Resource
to</b>... or <b>Give 1 Cavalry to</b>..., then <b>Done</b>. Deals are up to you; the site only moves the gifts (1.5.2).</li>
<li><b>Skip</b>: let a free action offered by a card go.</li>
</ul>
<p><b>The board</b></p>
<ul>
<li><b>Top track</b>: circles VP, squares Resources.</li>
<li><b>Map</b>: yellow circle, Prosperity; brown <b>T</b>, Tributary; a <b>DS</b>, <b>BK</b> or
<b>VE</b> tag and tint, Control; plain tan, nobody's. Striped: the Mongol regions, with red arrows
to Delhi (walled). The Vindhya Range is impassable. White diamonds: Cities, named on cards.</li>
<li><b>Pieces</b>: cubes are Troops (grey) and Mongols (red); hexagons are Governors (black), Amirs
and Rajas, lettered <b>O</b> Obedient or <b>R</b> Rebelling (red rim); discs are Qasbahs, Forts,
Temples. Badges count them.</li>
<li><b>Highlights</b>: green dashes, or a yellow patch under pieces: click here (battle losses
too are clicked on the map). Orange outline: the space of the current step.</li>
<li><b>Card</b>: Faction order, <b>Stay Eligible</b> tag, light (unshaded) and dark (shaded)
texts; cards left in the deck.</li>
<li><b>Sequence of Play</b>: green rows Eligible, grey Ineligible; a thick border, who acts. The
Dynasty line says if Rebel is allowed.</li>
<li><b>Deccan Influence</b> 0-4: Units shown "×2" join you when the marker reaches them; a dashed
"0/2" slot is refilled if the marker falls back below it.</li>
<li><b>Available</b> pieces and <b>Cavalry</b> tokens (pool and each Faction's).</li>
<li><b>Battle</b>: green dice hit, grey miss; a dot gives a Charged die's roll; a cross, a
Screened die.</li>
</ul>
<p>The map's borders, Prosperity and Cities and the Event texts are this site's stand-ins (see
About). <b>Undo</b> takes back your last step until a card is turned, dice are rolled or another
person acts.</p>

<h3>Tips for a first game</h3>
<ul>
<li>Before taking Command + Decree or an Event, look who acts next: the option you take is closed
to them.</li>
<li>Pass and Limited Command keep you Eligible: handy when Resources run low.</li>
<li>Sultanate: keep Troops in Punjab and Delhi; each Mongol in Delhi at the end costs a VP.</li>
<li>Bahmanis and Vijayanagara: build majorities in Tributaries early; Rebel once the Tughlaqs
come.</li>
<li>Hold a Cavalry token or two: they swing battles.</li>
</ul>
"""
