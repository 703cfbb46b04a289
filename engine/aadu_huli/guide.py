"""Aadu-Huli aata's guide (the "guide module" of engine/core/api.py): the rules at hand, the position
in words and the race chart.

The Vijayanagara rulebook (GMT Games, 2023) gives the whole game in one section, 5.5, without
sub-numbers. Its text falls into parts: the setup (and, at its end, the handicap), Player One's two
options (place a goat, move a goat), Player Two's two options (move a tiger, capture by leaping), the
repetition ban and the two ways to win. REFERENCE has one entry per part, keyed "5.5 <part>". The
summaries are in the project's own words; the site's readings of unclear points are those of the
About text (engine/aadu_huli/__init__.py ABOUT).

rule_ref follows the same state fields as rules.view's prompt: the side to move, goats in supply
(placing or moving), the selected piece; it narrows a tiger's turn to the capture when a leap is on
offer, and points at the repetition ban when it is what takes a move away right now.

describe reads only the view (rules.view). The game has no hidden information: every seat sees the
whole board.

chart_sample: x is the number of completed turns (plies, state["turns"]); panels: goats captured by
the Tigers, goats on the board for the Goats. Both are on the board for everyone to see.
"""
from __future__ import annotations

from . import data, rules

CHART_X = "Turn"

GOATS, TIGERS = rules.GOATS, rules.TIGERS

SETUP = "5.5 Setup"
PLACE = "5.5 Placing"
GOAT_MOVE = "5.5 Goat moves"
TIGER_MOVE = "5.5 Tiger moves"
CAPTURE = "5.5 Captures"
REPETITION = "5.5 Repetition"
WINNING = "5.5 Winning"

REFERENCE = (
    (SETUP, "Setup and handicaps",
     "<p>One side plays fifteen goats and moves first; the other plays three tigers, which begin on "
     "the three marked points of the board. The goats all start off the board. The rulebook lets the "
     "players change the numbers of tigers and goats as a handicap.</p>"
     "<p><b>On this site</b> the seats are chosen in the new-game dialog (Goats are Player One), which "
     "also offers 1 to 3 tigers and 12 to 20 goats. The marked points are 0 (the apex) and 3 and 4 "
     "(the middle of the first row). Our reading: with fewer tigers they take the first of these in "
     "that order (0, then 3); the tigers still need five captures.</p>"),
    (PLACE, "Goats' turn: placing a goat",
     "<p>While any goat is still off the board, the goats' turn is to put one of them on any empty "
     "point. A placed goat cannot move until every goat is on the board.</p>"
     "<p><b>On this site</b> click the empty point (green circle). The line under the board counts "
     "the goats still to place.</p>"),
    (GOAT_MOVE, "Goats' turn: moving a goat",
     "<p>Once all goats are on the board, the goats' turn is to move one goat one step along a line "
     "to a neighbouring empty point. Goats never jump and never capture.</p>"
     "<p><b>On this site</b> click the goat, then its destination. Our reading: the rulebook does not "
     "say what happens when no goat can move; here the goats pass with the <b>Pass</b> button, "
     "offered only then.</p>"),
    (TIGER_MOVE, "Tigers' turn: moving a tiger",
     "<p>The tigers' turn is to move one tiger one step along a line to a neighbouring empty point, "
     "unless it captures instead (see Captures).</p>"
     "<p><b>On this site</b> click the tiger (dashed ring), then its destination (green circle); "
     "click another ringed tiger to change your mind.</p>"),
    (CAPTURE, "Tigers' turn: capturing a goat",
     "<p>Instead of a step, a tiger may jump over a goat next to it onto the empty point directly "
     "beyond it, on the same straight line, as in draughts. The goat is removed for the rest of the "
     "game. Only one jump per turn: no chains.</p>"
     "<p><b>On this site</b> click the tiger, then the landing point; resting the mouse on it reads, "
     "say, \"Jump to 15, capturing the goat on 9\".</p>"),
    (REPETITION, "No return to the turn before last",
     "<p>Neither side may make a move that brings back the position as it stood at the turn before "
     "last, so a piece cannot shuffle back and forth for ever.</p>"
     "<p><b>On this site</b> the barred moves are simply not offered. Our reading: a position is the "
     "board, the goats still to place and the side to move, and a move is barred when it recreates "
     "the position left by the mover's own turn before last (four turns back). A tiger side whose "
     "only moves are barred counts as trapped; goats in that case pass.</p>"),
    (WINNING, "End of the game",
     "<ul><li><b>Tigers win</b> as soon as they have captured five goats (also with a handicap).</li>"
     "<li><b>Goats win</b> when the tigers, at their turn, have no move at all: every tiger is hemmed "
     "in (moves barred by the repetition rule do not count).</li>"
     "<li><b>Draw</b> (a house rule of this site, not in the rulebook): 200 turns of moving pieces "
     "without a capture, counted once all goats are placed; the new-game dialog can make it 100 or "
     "switch it off.</li></ul>"),
)


# --- the rule at hand ------------------------------------------------------------------------------

def rule_ref(state, role) -> str:
    """The REFERENCE key of the step `role` must take now (the same fields as rules.view's prompt)."""
    if state.get("result") is not None:
        return WINNING
    to_move = state.get("to_move")
    if to_move == GOATS and state.get("supply", 0) > 0:
        return PLACE  # 5.5 Player One, option 1
    board, sel = state["board"], state.get("selected")
    raw = rules.raw_moves(board, to_move)
    legal = rules.legal_moves(state)
    if sel is not None:  # the step is the destination of the selected piece
        raw = [m for m in raw if m[0] == sel]
        legal = [m for m in legal if m[0] == sel]
    if to_move == TIGERS and any(o is not None for _f, _t, o in legal):
        return CAPTURE  # 5.5 Player Two, option 2
    if len(legal) < len(raw):
        return REPETITION  # a move is barred right now (also the goats' pass when all are barred)
    return GOAT_MOVE if to_move == GOATS else TIGER_MOVE  # 5.5 option 2 of Player One / 1 of Player Two


# --- the position in words -------------------------------------------------------------------------

def _points(points) -> str:
    return ", ".join(str(p) for p in points)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def describe(view, role) -> list:
    """The position in words for `role`, from its view only (rules.view). Nothing is hidden in this
    game, so every seat hears the same board."""
    board = view.get("board") or []
    to_move = view.get("to_move")
    result = view.get("result")
    goats = [p for p, c in enumerate(board) if c == "G"]
    tigers = [p for p, c in enumerate(board) if c == "T"]
    empty = [p for p, c in enumerate(board) if c is None]
    supply = view.get("goats_in_supply", 0)
    captured = view.get("captured", 0)
    target = view.get("captures_to_win", data.TIGER_WIN_CAPTURES)
    lines = [f"Seen by the {role}." if view.get("watching") else f"You play the {role}."]
    if result is not None:
        lines.append(f"Game over: {result.get('summary', '')}.")
    elif role == to_move:
        lines.append(f"Your turn: {view.get('prompt', '')}.")
    else:
        step = ("placing a goat" if to_move == GOATS and supply > 0
                else "moving a goat" if to_move == GOATS else "moving a tiger")
        lines.append(f"The {to_move} are to play: {step}.")
    goat_line = f"Goats on {_points(goats)}" if goats else "No goats on the board"
    lines.append(f"{goat_line} ({len(goats)} on the board, {supply} to place, {captured} captured).")
    lines.append(f"Tigers on {_points(tigers)} ({captured} of {target} captures needed to win).")
    lines.append(f"Empty points: {_points(empty)}." if empty else "No empty point.")
    jumps = [(f, o, t) for f, t, o in rules.raw_moves(board, TIGERS) if o is not None] if result is None else []
    if jumps:
        lines.append("Goats a tiger could jump now: "
                     + "; ".join(f"the goat on {o} (tiger {f} to {t})" for f, o, t in jumps) + ".")
    log = view.get("log") or []
    if log:
        lines.append(f"Last move: {log[-1]}.")
    limit = view.get("move_limit", 0)
    if limit and view.get("phase") == "movement":
        quiet = view.get("quiet", 0)
        lines.append(f"Move limit: {_plural(quiet, 'turn')} of moving without a capture; a draw at {limit}.")
    lines.append("The board: point 0 is the apex; rows of 1-6, 7-12 and 13-18 (1, 7, 13 and 6, 12, 18 "
                 "are the sides of the rectangle), base row 19-22.")
    return lines


# --- the chart -------------------------------------------------------------------------------------

def chart_sample(state):
    """(completed turns, {"Goats captured": {"Tigers": n}, "Goats on the board": {"Goats": n}})."""
    return state["turns"], {"Goats captured": {TIGERS: state["captured"]},
                            "Goats on the board": {GOATS: state["board"].count("G")}}
