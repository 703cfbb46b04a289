"""How to play Rajas of the Ganges, in the project's own words; reviewed against the HUCH! (2017) rules summary, cited by its headings."""

HOWTO = """
<h2>How to play Rajas of the Ganges</h2>

<h3>Goal</h3>
<p>You are a raja or rani growing a province beside the Ganges. Your two markers race round the
main board towards each other: fame (a disc) and money (a square). Buildings bring fame, markets
bring money.</p>
<p>The game ends soon after someone's markers meet or cross; the winner is the player whose markers
have crossed by the most.</p>

<h3>A turn</h3>
<p>The lowest opening roll starts (a tie is drawn at random here). Turns go round in seat order;
on yours you send out <b>one</b> worker (Game Play):</p>
<ul>
<li><b>Place</b> it on a free space outlined in green.</li>
<li><b>Pay</b> the space's cost in money and/or dice.</li>
<li><b>Act</b> at once, bonuses included (Placing Workers And Carrying Out The Associated
Actions).</li>
</ul>
<p>The places:</p>
<ul>
<li><b>Quarry</b>: pay 1-4 money, take an open tile and pay dice of its colour worth at least its
number. Lay it with a road joined to your residence. Its markets pay money, its buildings 2-4 fame
each; a road reaching an edge yield earns it (I. Building Action; Special Yields).</li>
<li><b>Market</b>: <i>assorted goods</i> pays your best market of each kind; <i>goods of one kind</i>
costs a die and pays as many markets of one kind as the die shows (II. Market Action).</li>
<li><b>Palace</b>: outer terrace (2 money, reroll dice), terrace (a die), balcony (one die for two),
or a chamber paid with an exact die: 1 Great Mogul, 2 Dancer, 3 Yogi, 4 Raja Man Singh, 5 Master
builder, 6 Portuguese (III. Actions At The Palace).</li>
<li><b>Harbour</b>: give up a 1, 2 or 3 and sail up to that many free spaces, skipping boats; earn
the space you stop on (IV. River Action).</li>
</ul>
<p>New dice are rolled at once; your Kali statue holds 10. Karma (up to 3) turns a die you give up
to its other side, 1 to 6, 2 to 5 (Karma). Fame 15, money 20 and the bridge each bring an extra worker, two
at most (Get New Workers). Gold track spaces give bonuses (Bonuses On The Scoring Tracks).</p>
<p>When nobody can place, the round ends: workers come home and the start player's elephant goes to
whoever used the Great Mogul, else to the next player (End Of A Round). The site offers only spaces
you can use, and skips a player who has none.</p>

<h3>How the game ends and who wins</h3>
<p>When a player's fame disc reaches or passes the fame space beside their money square, the
current stage is finished: the players after them, up to the start player, place one last worker
if they can (End of the Game).</p>
<p>Of those whose markers met or crossed, the one with fame furthest past their money wins; a tie
goes to whoever crossed first. The rest are ranked by the fame they still lacked.</p>

<h3>On the screen</h3>
<p><b>Where to look.</b> The line above the buttons says what to do. Green dashed outlines on the
board can be clicked; on a computer, rest the mouse on anything to read what it is. The list of
players under the buttons gives each one's money, fame and karma; the log lists every move. Zoom with <b>+</b>, <b>−</b>, <b>Whole board</b>.</p>
<p><b>Buttons.</b></p>
<ul>
<li><b>Take a blue die (9 left)</b>: the colour of a die you get.</li>
<li><b>Take no new die (keep the 10 you have)</b>: your statue is full; or click a die to put it
back.</li>
<li><b>Reroll the marked die</b> (or <b>the 3 marked dice</b>), <b>Keep all dice (reroll none)</b>:
outer terrace; click dice to mark them first (orange ring).</li>
<li><b>Move the boat to river space …</b> / <b>Leave the boat where it is</b>: a track bonus.</li>
<li><b>Score tea: 7 money from 3 markets</b>: choose the kind of goods.</li>
<li><b>Upgrade the fort: 3 fame per fort built from now on (now 2)</b>: choose the building; the
fame-5 bonus counts <i>from your next turn on</i>.</li>
<li><b>Undo</b>: your last move, while nobody else has moved and nothing random or hidden has been
shown. <b>Share</b>: a link to the game.</li>
</ul>
<p><b>The board</b> is one column, made to be read on a phone: the race at the top, then the part
your decision is about (the spaces when you place a worker, the quarry when you take a tile, your
province when you build, your Kali statue when you give up dice, the river when you sail), then your
province and statue, the rest of the main board, the other players and a key.</p>
<ul>
<li>The race: the two tracks unrolled. Each fame disc moves right, each money square left (it stands
on the fame space its money faces); pink is still to go, green crossed. A flag marks a player's next
money bonus.</li>
<li>Quarry: tiles by dice colour (columns) and snake, cow, tiger (cheap to dear). A tick: you can
buy and lay it. Circles: worker spaces with their cost.</li>
<li>A tile: its cost top left, roads, market tents (pink silk, teal tea, red-brown spices) and
buildings T temple, P palace, F fort, M mill.</li>
<li>Palace chambers show the die they need. Fame per building: each player's cube at 2, 3 or 4.
Dice supply: a red 0 is a colour used up. Grey squares: closed with 3 players.</li>
<li>River: spaces 0-20 in rows of six, snaking, with their earnings and the boats; the brown bar
between 9 and 10 is the bridge.</li>
<li>Your province: the residence, tiles, yellow dots at open road ends, edge yields (struck through
once taken). A "+" square takes the tile; then pick a way to turn it.</li>
<li>Kali statue: your dice (a violet <b>→6</b> button under one turns it with karma as you give it
up), karma 0-3, workers (solid to place, pale placed, outlined not yet earned).</li>
<li>The other players: a line each; tap one to see its province and statue.</li>
</ul>
<p>The boards and tiles are this site's stand-ins; see About.</p>

<h3>Tips for a first game</h3>
<ul>
<li>Keep dice of several colours: a tile is paid in its own colour only.</li>
<li>Build markets early and use the market: money moves fastest there.</li>
<li>Lay roads towards edge yields, and never cut off all your open road ends.</li>
<li>Extra workers pay most early: aim for fame 15, money 20 or the bridge.</li>
<li>Save a karma for the die you need.</li>
</ul>
"""
