"""Vijayanagara (GMT Games, 2023), the COIN-series game of the Deccan, 1290-1398.

Status (session 3): complete and registered (engine/games.py): rules end to end, SVG board
(board.py), bots (bots.py), About text; passes tests/test_generic.py. Session 3 closed the open rules
gaps: Conspire may remove without replacing (4.3.3, 1.4.6); taking Cavalry from another Faction
when the pool is empty is optional (1.10 "may"); the readings of the Charge of a 6 (3.2.4, 1.10),
Negotiation "at any time" (1.5.2) and Compromising Gifts at Influence 0 (2.4.2) are decided,
documented (here, in the modules, in the About text) and tested; and a scripted game
(tests/test_vijayanagara_scripted.py) replays a frozen sequence of actions card by card.
Rules version 2 (session 4): 3.1.2 single use per piece is exact: a Unit that moved or attacked
stays used whatever its orientation becomes (1.4.5 flips, Migrate into a Tributary), and a used
Unit lost as a casualty or returned by a 1.9 refill no longer uses up a fresh one
(tests/test_vijayanagara_single_use.py).

Implemented, by rulebook section:
  data.py       1.3 map stand-in (15 spaces, adjacency meeting 1.3.5/1.3.6 and the Mongol route,
                Prosperity six at 2 and six at 1 = 18, Cities), 1.4 pieces, 1.8-1.10 tracks, 2.1 setup.
  events.py     36 Events as data from 9 primitives (6 public titles, stand-in texts, six orders x6),
                8 Mongol Invasion cards (4 BK, 4 VE), 3 Succession, 2 Timurid, the Dynasty card;
                cardtext.py writes the card texts from the primitives (so text and effect agree).
  board_state   1.4.3-1.4.6 placing/removing/stacking/entry, 1.4.5 automatic flips, 1.6 Tributary
                flips, 1.7 Control recomputed on every change, 1.8 0..24, 1.9 Influence with track
                release and refill, 1.10 Cavalry pool of ten, 5.1-5.3 victory points.
  choices.py    1.9 refilling a track slot: the Faction chooses Available or a Unit on the map, per
                Unit (automatic only when there is no choice); 1.10 with the pool empty the earner
                chooses whom to take each token from, or declines (always a choice: "may"); 1.5.2
                Negotiation: "negotiate" is offered in every decision of a Faction holding Resources
                or Cavalry, in its own turn or another's, and opens a sub-menu that gives one
                Resource or Cavalry token at a time to another Faction, then "done".
  sequence      2.1 deck construction, 2.2, 2.3.1-2.3.8 eligibility, card order, the two forks,
                Events (either side, Stay Eligible), Limited Command, Pass income, adjusting.
  effects       2.3.4 executing Events primitive by primitive ("up to", one click per piece).
  commands      3.1 selection/cost/free/limited, 3.1.2 single use (state["used"], kept with the
                pieces by board_state); 3.2.1-3.2.4, 3.3.1-3.3.4,
                3.4.1-3.4.4 (Migrate Influence shift, Attack support from Qasbah/Fort/Temple).
  battle        dice (4, 3 vs a Fort, Mongols 3 in Delhi; defender 2), Cavalry Charge/Screen attacker
                then defender, Mongol automatic Charge (a miss into a hit, else a 2 into a 1), hits:
                modified rolls <= Units, a modified 6 misses (a Charged 6 is a 5 and may hit), max 5;
                casualties chosen by their owner, the BK-VE Influence shift; the last battle is kept
                for the board.
  decrees       4.2.1, 4.2.2 Campaign along one route of up to three moves, picking up and dropping
                off Troops/Governors on the way, 4.2.3, 4.3.1-4.3.3 (Conspire: replace or just
                remove, 1.4.6), 4.4.1-4.4.3 (Influential versions).
  mongols       2.4 Strategic Assistance + Compromising Gifts (only at Influence 1+: the reduction is
                its price), 3.5.1-3.5.3 with the regional
                consequences, 2.6 both Timurid cards and Timur Invades Delhi, 5.0 result (Resources
                tie-break; 5.5 option "aadu_huli": a tie in VP and Resources sets
                result["tiebreak"] = "aadu_huli" and says so in the summary, for the page to offer a
                game of Aadu-Huli aata). succession: 2.5.1-2.5.3 every step; 2.7 Rebel only under Tughlaq.
  board.py      the map (Voronoi stand-in geometry whose borders give exactly data.py's adjacency,
                the Vindhya Range as an impassable mountain cell, Delhi walled, the Mongol route),
                Prosperity, Tributary/Control markers, Cities, pieces in the rulebook's shapes and
                colours (cubes, hexagonal cylinders, Rebelling ones with a red rim and bar, discs),
                clickable spaces and piece groups; in the map's seas VP and Resources, Available boxes
                and Cavalry; a second drawing, the panel: the card (number, title, order, Stay
                Eligible, both texts), deck count, eligibility, Dynasty, Influence tracks, the battle
                in progress or the last one (dice, rolls, Cavalry, hits), the result when the game is
                over; the space of the current decision outlined.
  bots.py       Easy: greedy on a position score built from 5.1-5.3 (VP minus 0.6 x the best
                opponent's, plus presence, Rebel-ready majorities, Sultanate Control with Governors,
                Mongol threat, Resources, Cavalry); at the option and Command/Decree choices it plays
                the turn through (others' casualties/Cavalry replies greedily for them). Medium: that
                look-through at every decision. Hard (bot_hard.py): the core's search (engine/core/
                search.py): every option and Command played on blind samples to the end of the card
                (the others' replies), elsewhere Medium's best 3 refined on samples; Medium's score
                plus a bonus for staying Eligible (2.3.7); budgets counted in rules applied.
                Copies are blind (rng reseeded, deck dealt afresh from what is known): no bot sees dice to
                come or the deck order; deterministic per seed. Negotiation (bot_negotiation.py,
                all levels): in the last stack only, a Faction 5+ VP behind a unique leader gives
                up to 6 Resources/Cavalry (keeping 2 Resources) to the Faction closest to the
                leader; the leader never gives or receives.
  Options: "timurs_shadow" (5.5 variant), "aadu_huli" (5.5 optional tie-break).

Figures (CPython 3.11, shared 2-core container, seeds 100-109, three bots of one level per game):
  Medium  10/10 finished, 321 actions and 9.1 s a game on average; decisions median ~15 ms, p95
          ~150 ms, max ~1 s; wins DS 6, BK 3, VE 2 (one BK+VE tie in VP and Resources).
  Easy    10/10 finished, 305 actions and 2.0 s a game; wins BK 6, DS 3, VE 2 (one BK+VE tie).
  Random  ~450 actions a game (max 608 in 10; it often opens the Negotiation sub-menu), 0.02 s.
  Rules tests (session 3): tests/test_vijayanagara_rules.py 83 tests (~8 s), each citing its
  section with the rulebook's numbers; tests/test_vijayanagara_scripted.py 4 (~4 s): seed 2027 and
  270 frozen actions (tests/data/vijayanagara_script.json, 32 KB, Easy bots with one decision in
  four at random), a snapshot after each of the 30 card ends, rule arithmetic checked along the
  way (Pass income, Eligibility, Tribute, the battle Influence shift, final score) and hand-checked
  numbers for five cards and the end; regenerate with `.venv/bin/python tests/test_vijayanagara_scripted.py
  --freeze` only after an intended rules change. data 13, board 8, random games 15 (~10 s);
  tests/test_generic.py -k vijayanagara 7 (~20 s). Board geometry: the map's viewBox 604 x 716, the
  panel's 290 wide. The Medium timings above predate a 1.57x faster score (same choices).

Not yet (next steps, in order):
  1. Rules: none known open. Stand-in data remains (the map's other borders, Prosperity, Cities,
     the 36 Event texts, the Invasion titles): replace with the printed components when available.
     Negotiation is offered only at a giver's decisions (see choices.py for why).
  2. Bots: Hard against two Mediums wins 151 of 200 as the Sultanate (greedy look-aheads,
     `python -m engine.vijayanagara.bot_match --games 200 --seed 9800 --seats 0`), 136 of 200 as the
     Bahmani Kingdom and 491 of 700 as the Vijayanagara Empire (looking to the end of its own turn,
     its Units weighed at a third, `--games 700 --seed 11100 --seats 2`; docs/benchmarks.md): each
     Faction above the goal's 2/3 over 100+ games.
  3. Events: the card texts are now written from the primitives (cardtext.py), so they always agree;
     still to do: play-test the 36 stand-in Events for balance (the Sultanate loses Tributaries fast
     once the Tughlaq Dynasty allows Rebel).
  4. Board: piece groups can crowd in a Province holding five or more kinds; a zoom or a list.
     Checked in the real page (a scratch copy of dist/ with the game registered, headless Chromium,
     Pyodide): ready in ~8 s, clicks on spaces and buttons work, no console errors.

Formats. Roles: "Delhi Sultanate", "Bahmani Kingdom", "Vijayanagara Empire". State: plain data, see
rules.py; the pending decisions are the frame stack of frames.py (top frame's "role" is active), and
state["pending"] holds 1.9/1.10 choices queued in the middle of a procedure.
Actions: option buttons "unshaded" "shaded" "command" "command+decree" "limited" "pass"; Command
and Decree names ("conscript", "march", "govern", "attack", "rally", "migrate", "rebel", "tribute",
"campaign", "obedience", "trade", "build", "conspire", "tax", "compel"); space names; "done", "skip",
"shift"; counts as ints; piece picks as [space, kind]; Cavalry as ["charge", i] / ["screen", j];
Mongol Advance as [space, n]; Conspire as [province, old kind, new kind], new kind None to remove
without a replacement; Lords of the Deccan as [faction, +1/-1]; Compel "place", [space, kind] or a
kind to remove; "gifts" / "decline"; Campaign ["pickup", kind] / ["drop", kind] and space names;
refill "available" or [space, kind]; Cavalry taking a Faction name or "decline"; Negotiation
"negotiate", ["give", faction, "resources"|"cavalry"], "done".
"""
from engine.core.api import BotLevel, GameInfo, Option
from engine.core.bots import RandomBot

from . import board, bot_hard, bots, guide, howto, rules

ABOUT = """
<p><strong>Vijayanagara: The Deccan Empires of Medieval India, 1290-1398</strong> is a COIN-series
game by Saverio E. Spagnolie, Mathieu Johnson, Cory Graham and Aman Matthews (as credited in the
rulebook; GMT Games, 2023): the Delhi Sultanate, the Bahmani Kingdom and the Vijayanagara Empire,
with the Mongol Invaders as a non-player force. Here every seat may be a person or a computer player. This edition follows the published rulebook (its section numbers are cited throughout the code
and the prompts). Much of what is printed only on the board and the cards is not public, so this
edition uses <em>stand-ins</em>, designed to be consistent with every fact in the rulebook and easy to
replace by someone who owns the game:</p>
<ul>
<li><strong>Map adjacency</strong> (1.3.5): the rulebook fixes Gondwana-Andhra and Madhyadesh-Orissa as
adjacent, Jaunpur-Punjab as not, the Vindhya Range between Malwa-Gondwana and Madhyadesh-Jaunpur
(1.3.6), and the Mongol route Mountain Passes - Punjab - Delhi. The other borders follow the
geography of 14th-century India. The drawn map is schematic: its borders give exactly this
adjacency.</li>
<li><strong>Prosperity</strong> (1.3.1): all twelve Provinces total 18 (5.1, 2.1), so six are worth 2
and six 1. Worth 2 here: Gujarat, Malwa, Jaunpur, Maharashtra, Andhra, Karnataka.</li>
<li><strong>Cities</strong> (1.3.4): Devagiri, Warangal, Dwarasamudra, Madurai, Kampili, Gulbarga,
Bidar and Raichur, at borders of the Provinces around them.</li>
<li><strong>The 36 Event cards</strong> (2.3): six titles are public (Capital Relocated, Uprising in
Daulatabad, Kakatiya Empire Extinguished, The Raichur Doab, Musunuri Nayakas, The Turquoise
Throne); every text, and the other thirty titles, are invented from the history of 1290-1398 using
only the rulebook's own vocabulary of effects (place, remove, Tributary markers, Resources, Cavalry,
Influence, free Commands and Decrees). Each of the six faction orders appears on six cards.</li>
<li><strong>The Mongol Invasion cards</strong> (2.4): eight cards, four naming the Bahmani Kingdom and
four the Vijayanagara Empire as the Faction that runs the Mongols; their titles are invented.</li>
<li><strong>Computer players</strong> stand in for the separate Non-Player rulebook, which is not
public. Easy and Medium weigh each Faction's victory conditions (5.1-5.3) and play their turn
through on copies of the game that know neither the deck order nor the dice to come; Hard plays
every option and Command out on many such copies, as the Sultanate and the Bahmani Kingdom to the
end of the card with the other Factions answering, as the Vijayanagara Empire to the end of its own
turn (each level's measured strength is listed under Computer players, below). In the last stack
of cards, a computer Faction far behind a single leader gives Resources and Cavalry to the Faction
closest to the leader (1.5.2).</li>
</ul>
<p><strong>Readings</strong> where the rulebook leaves a detail open:</p>
<ul>
<li>Battles (3.2.4, 1.10): a hit is scored by each <em>modified</em> roll at most the number of Units
involved, so a Cavalry Charge that turns a 6 into a 5 scores a hit for a side with five or more
Units: "rolls of 6 always miss" speaks of the roll as modified, and 1.10 has the Mongols Charge "to
convert a miss into a hit", which with five or more Invaders can only be a 6 made a 5. The
attacker's casualties are its Units involved (including supporters), the defender's any of its
pieces in the space.</li>
<li>Attack (3.2.4, 3.3.4, 3.4.4): a space may be attacked with no Unit of the attacker involved, none
in it and none joining from next door ("it may or may not contain Amirs", "up to two"). It costs its
Resource and the dice are rolled, but no roll is at most 0 Units, so the attacker scores no hit; the
defender's hits find no attacking piece to remove. The rulebook does not forbid it; it is rarely
worth a Resource.</li>
<li>1.9: when Influence falls below an emptied slot, the Faction picks each Amir/Raja to return, from
Available or from the map. In the middle of an Attack, a Unit taken from a space returns one
already used in that Command before an unused one there (3.1.2: the Faction's better choice).</li>
<li>1.10: a Cavalry token earned while the pool is empty "may be taken from any other Faction": the
earner picks whom each token comes from, or declines to take it, even when only one Faction holds
tokens.</li>
<li>4.3.3 Conspire with 1.4.6: a Governor (or Raja) may be removed without being replaced, even with
Amirs Available.</li>
<li>2.4.2 Compromising Gifts: the Faction "may reduce its Deccan Influence by one to gain" 2 Resources
and 2 Cavalry; the reduction is the price, so a Faction at Influence 0 is not offered the Gifts.</li>
<li>4.2.2 Campaign: the Units move along one route of up to three moves that does not turn back onto
itself; Units dropped off on the way are not picked up again.</li>
<li>1.5.2 Negotiation "at any time": a Faction may give Resources and Cavalry to another at any of its
decisions, in its own turn or another's (the Negotiate button): the computer acts only when some
Faction has a decision to make, so a Faction with no decision pending waits for its next one. A
trade is two gifts; other arrangements are up to the players and are not enforced.</li>
<li>Timur's final assault (2.6): in Delhi only the Resource loss applies, and Invaders beyond three are
not returned, since 5.1 counts up to six or more left in Delhi.</li>
<li>5.0: Factions tied in victory points and Resources share the place; with the option on, the result
suggests settling it with a game of Aadu-Huli aata (5.5), which this site also plays.</li>
</ul>
<p>Rules source: the Vijayanagara rulebook (GMT Games, 2023), as published by GMT Games.</p>
"""

GAME = GameInfo(
    id="vijayanagara",
    title="Vijayanagara",
    rules_version=2,
    rules=rules,
    board=board,
    bot_levels=(BotLevel(0, "Random", RandomBot, "any legal action, at random."),
                BotLevel(1, "Easy", bots.easy, "takes the action that scores best at once on its Faction's "
                         "victory conditions; won 20 of 20 games against two Random Factions."),
                BotLevel(2, "Medium", bots.medium, "plays each choice through its turn on copies that know "
                         "neither the deck nor the dice; 35.5 of 60 against two Easy Factions (a fair share "
                         "is 20)."),
                BotLevel(3, "Hard", bot_hard.hard, "plays each option and Command out on many such "
                         "copies and keeps the best; against two Medium Factions it won 151 of 200 games "
                         "as the Sultanate, 136 of 200 as the Bahmani Kingdom and 491 of 700 as the "
                         "Vijayanagara Empire (a fair share is a third).")),
    options=(
        Option("timurs_shadow", "Timur's Shadow", ((False, "Off"), (True, "On")), False,
               "Optional variant (5.5): single-space Commands once the first Timurid card is out."),
        Option("aadu_huli", "Aadu-Huli aata tie-break", ((False, "Off"), (True, "On")), False,
               "Optional (5.0, 5.5): a tie in victory points and Resources is settled by a game of "
               "Aadu-Huli aata."),
    ),
    blurb="The Delhi Sultanate, the Bahmani Kingdom and the Vijayanagara Empire, 1290-1398.",
    about=ABOUT.strip(),
    howto=howto.HOWTO.strip(),
    rules_link="Vijayanagara rulebook",
    guide=guide,
    # the longest games measured: 588 actions (random bots), about 400 (Medium, Hard); a link of
    # 3,000 legal actions (a Negotiation menu opened and closed) replays in 0.1 s (docs/benchmarks.md)
    max_actions=3_000,
    # 1.5.1: the Non-Player rules run spare Factions (bots here), so 1 or 2 people play too
    players=(1, 3),
    length="About 33 Event cards",  # Medium bots (docs/benchmarks.md)
)
