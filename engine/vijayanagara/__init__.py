"""Vijayanagara (GMT Games, 2023), the COIN-series game of the Deccan, 1290-1398.

Status (session 1): playable end to end by the random bot, card by card to Timur and the final
scores, invariants green; NOT registered in engine/games.py (no board.py, no real bots yet).

Implemented, by rulebook section:
  data.py       1.3 map stand-in (15 spaces, adjacency meeting 1.3.5/1.3.6 and the Mongol route,
                Prosperity six at 2 and six at 1 = 18, Cities), 1.4 pieces, 1.8-1.10 tracks, 2.1 setup.
  events.py     36 Events as data from 9 primitives (6 public titles, stand-in texts, six orders x6),
                8 Mongol Invasion cards (4 BK, 4 VE), 3 Succession, 2 Timurid, the Dynasty card.
  board_state   1.4.3-1.4.6 placing/removing/stacking/entry, 1.4.5 automatic flips, 1.6 Tributary
                flips, 1.7 Control recomputed on every change, 1.8 0..24, 1.9 Influence with track
                release and refill, 1.10 Cavalry pool of ten, 5.1-5.3 victory points.
  sequence      2.1 deck construction, 2.2, 2.3.1-2.3.8 eligibility, card order, the two forks,
                Events (either side, Stay Eligible), Limited Command, Pass income, adjusting.
  effects       2.3.4 executing Events primitive by primitive ("up to", one click per piece).
  commands      3.1 selection/cost/free/limited, 3.1.2 single use; 3.2.1-3.2.4, 3.3.1-3.3.4,
                3.4.1-3.4.4 (Migrate Influence shift, Attack support from Qasbah/Fort/Temple).
  battle        dice (4, 3 vs a Fort, Mongols 3 in Delhi; defender 2), Cavalry Charge/Screen attacker
                then defender, Mongol automatic Charge, hits <= Units, 6 misses, max 5, casualties
                chosen by their owner, the BK-VE Influence shift.
  decrees       4.2.1-4.2.3, 4.3.1-4.3.3, 4.4.1-4.4.3 with the Influential versions.
  mongols       2.4 Strategic Assistance + Compromising Gifts, 3.5.1-3.5.3 with the regional
                consequences, 2.6 both Timurid cards and Timur Invades Delhi, 5.0 result (Resources
                tie-break). succession: 2.5.1-2.5.3 every step; 2.7 Rebel only under the Tughlaq.
  Option "timurs_shadow" (5.5 variant).

Not yet (next steps, in order):
  1. 4.2.2 Campaign: pick up / drop off along the route (now: one origin -> one destination).
  2. Choices now made automatically: 1.9 refilling a track slot (Available first, then the map),
     1.10 whom to take Cavalry from when the pool is empty; 1.5.2 Negotiation (give Resources/Cavalry).
  3. board.py (SVG map of India; coordinates for the stand-in map), view() details, action labels.
  4. bots.py: two or more levels per faction pursuing 5.1-5.3; then About text, register the game
     (the lead), generic tests; 5.5 optional Aadu-Huli aata tie-break.
  5. Review each Event's text against the primitives; more tests of Compel/Conspire/Govern edge cases.

Formats. Roles: "Delhi Sultanate", "Bahmani Kingdom", "Vijayanagara Empire". State: plain data, see
rules.py; the pending decisions are the frame stack of frames.py (top frame's "role" is active).
Actions: option buttons "unshaded" "shaded" "command" "command+decree" "limited" "pass"; Command
and Decree names ("conscript", "march", "govern", "attack", "rally", "migrate", "rebel", "tribute",
"campaign", "obedience", "trade", "build", "conspire", "tax", "compel"); space names; "done", "skip",
"shift"; counts as ints; piece picks as [space, kind]; Cavalry as ["charge", i] / ["screen", j];
Mongol Advance as [space, n]; Conspire as [province, old kind, new kind]; Lords of the Deccan as
[faction, +1/-1]; Compel "place", [space, kind] or a kind to remove; "gifts" / "decline".
"""
from engine.core.api import BotLevel, GameInfo, Option
from engine.core.bots import RandomBot

from . import rules

GAME = GameInfo(
    id="vijayanagara",
    title="Vijayanagara",
    rules_version=1,
    rules=rules,
    board=None,
    bot_levels=(BotLevel(0, "Random", RandomBot),),
    options=(
        Option("timurs_shadow", "Timur's Shadow", ((False, "Off"), (True, "On")), False,
               "Optional variant (5.5): single-space Commands once the first Timurid card is out."),
    ),
    blurb="The Delhi Sultanate, the Bahmani Kingdom and the Vijayanagara Empire, 1290-1398.",
    rules_link="Vijayanagara rulebook",
    max_actions=20_000,
)
