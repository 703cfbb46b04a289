"""Aadu-Huli aata, the Goat-Tiger game of the Vijayanagara rulebook, section 5.5.

The interface is the one documented at the top of engine/core/api.py.

State (plain data only, so it deep-copies and msgpacks; this module keeps no mutable globals):

    board       list of 23: "G", "T" or None
    supply      goats not yet placed
    captured    goats captured by the tigers so far
    to_move     "Goats" or "Tigers"
    selected    the point of the piece picked for a move (first click of a move), or None
    history     the keys of the last 4 positions, oldest first (see the repetition rule)
    quiet       plies played in the movement phase since the last capture (house move limit)
    last_move   {"role", "from", "to", "captured"} of the last completed turn, or None
    log         one short string per completed turn
    options     {"tigers", "goats", "move_limit"}
    result      None while playing, else the result() dict
    turns       completed turns (plies)
    rng         rng.seed_state(seed); the game uses no randomness, kept for uniformity

Actions are one click each (DESIGN.md): a plain int is a point number.
  * Goats with goats in supply: the empty point to place one on (5.5, Player One option 1).
  * Moving (goats once all are placed, 5.5 option 2; tigers always): first the point of a piece that
    has a legal move, then its destination. While a piece is selected the legal actions are its
    destinations followed by the other movable pieces of the same side (a click on another piece
    re-selects it).
  * "pass": only for the goats, only when they have no legal move (see below).

Rule readings (5.5 is short; where it is silent we say what we did):
  * Repetition. 5.5: "A move that would return the game to the same state as the turn before last is
    not allowed by either player". A position is (board, goats in supply, side to move). A move is
    illegal when the position it produces equals the position produced by the mover's own turn
    before last, i.e. the position 4 plies before the resulting one. (The position right after the
    mover's previous turn, 2 plies back, can never recur after one move by each side, so this is the
    only reading that forbids anything: it stops A-B-A-B shuffling.)
  * The goats' pass. The rulebook gives no rule for goats that cannot move (all blocked, or their
    only moves forbidden by repetition). They then pass: the explicit action "pass", offered only
    then. A pass is never itself forbidden by repetition.
  * Endings (5.5): the Goats win when the Tigers, at their turn, have no legal move (moves forbidden
    by repetition count as unavailable); the Tigers win when they have captured five goats (also
    with fewer tigers or goats: handicaps change the pieces, not the target).
  * House rule, not in 5.5 (option "move_limit"): to make every game finite, the game is drawn when
    that many consecutive plies of the movement phase (no goats left in supply) pass without a
    capture. 0 turns the limit off.
  * Handicap (5.5: "Play may be handicapped by adjusting the number of Tigers and Goats"): options
    "tigers" (1-3) and "goats" (12-20). With k tigers they start on the first k marked points
    (0, 3, 4): a stand-in choice of ours, since the rulebook does not say which.
  * One capture per turn: 5.5 describes one leap; there are no multi-jump chains.
"""
from __future__ import annotations

from engine.core import rng

from . import data

GOATS = "Goats"
TIGERS = "Tigers"
ROLES = [GOATS, TIGERS]
PASS = "pass"

DEFAULT_OPTIONS = {"tigers": data.TIGERS, "goats": data.GOATS, "move_limit": 200}

# Immutable lookup tables derived from the board data.
_ADJ = data.ADJACENCY
# _JUMPS_FROM[p]: ((over, to), ...) for a tiger standing on p.
_JUMPS_FROM = tuple(tuple((o, t) for f, o, t in data.JUMPS if f == p) for p in range(data.NUM_POINTS))
_PIECE = {GOATS: "G", TIGERS: "T"}
_CHAR = {None: ".", "G": "G", "T": "T"}


# --- the interface -------------------------------------------------------------------------------

def roles(options=None) -> list:
    return list(ROLES)


def _options(options) -> dict:
    opts = dict(DEFAULT_OPTIONS)
    if options:
        for key in DEFAULT_OPTIONS:
            if key in options:
                opts[key] = int(options[key])
    if not 1 <= opts["tigers"] <= len(data.TIGER_START):
        raise ValueError("tigers must be 1, 2 or 3")
    if not 1 <= opts["goats"] <= data.NUM_POINTS - opts["tigers"]:
        raise ValueError("too many or too few goats")
    return opts


def setup(seed: int, options=None) -> dict:
    opts = _options(options)
    board = [None] * data.NUM_POINTS
    # 5.5 Setup: "The three Tigers are placed onto the three specially marked vertices."
    # Handicap with k tigers: the first k marked points (our stand-in choice).
    for p in data.TIGER_START[:opts["tigers"]]:
        board[p] = "T"
    state = {
        "board": board,
        "supply": opts["goats"],
        "captured": 0,
        "to_move": GOATS,  # 5.5: "Player One is first to act."
        "selected": None,
        "history": [],
        "quiet": 0,
        "last_move": None,
        "log": [],
        "options": opts,
        "result": None,
        "turns": 0,
        "rng": rng.seed_state(seed),
    }
    state["history"] = [_key(board, state["supply"], GOATS)]
    return state


def active(state) -> list:
    if state["result"] is not None:
        return []
    return [state["to_move"]]


def actions(state, role) -> list:
    if state["result"] is not None or role != state["to_move"]:
        return []
    board = state["board"]
    if role == GOATS and state["supply"] > 0:
        return [p for p in range(data.NUM_POINTS) if board[p] is None]
    moves = legal_moves(state)
    if not moves:
        return [PASS] if role == GOATS else []
    sel = state["selected"]
    froms = sorted({f for f, _t, _o in moves})
    if sel is None or sel not in froms:
        return froms
    return [t for f, t, _o in moves if f == sel] + [f for f in froms if f != sel]


def invariants(state) -> None:
    """Pieces are conserved (5.5: captured goats are removed permanently, never return)."""
    opts, board = state["options"], state["board"]
    assert len(board) == data.NUM_POINTS
    assert board.count("T") == opts["tigers"], "tigers are never removed"
    assert board.count("G") + state["supply"] + state["captured"] == opts["goats"], "goats conserved"
    assert 0 <= state["supply"] <= opts["goats"] and 0 <= state["captured"] <= data.TIGER_WIN_CAPTURES
    assert state["selected"] is None or board[state["selected"]] == _PIECE[state["to_move"]]
    assert 0 <= state["quiet"] and len(state["history"]) <= 5


def apply(state, role, action) -> None:
    board = state["board"]
    if action == PASS:
        _finish_turn(state, role, "Goats pass (no goat can move)", None)
        return
    if role == GOATS and state["supply"] > 0:
        board[action] = "G"
        state["supply"] -= 1
        _finish_turn(state, role, f"Goat placed on {action}",
                     {"role": role, "from": None, "to": action, "captured": None})
        return
    if board[action] == _PIECE[role]:  # a selection (or re-selection)
        state["selected"] = action
        return
    src = state["selected"]
    over = _over(src, action)
    board[action] = board[src]
    board[src] = None
    state["selected"] = None
    if over is not None:
        board[over] = None
        state["captured"] += 1
        text = f"Tiger {src} × {over} → {action} (captures a goat)"
    else:
        text = f"{'Goat' if role == GOATS else 'Tiger'} {src} → {action}"
    _finish_turn(state, role, text, {"role": role, "from": src, "to": action, "captured": over})


def numbers(view) -> dict:
    """Each side's key numbers for the page's status panel, in figures, from the public view."""
    return {GOATS: [f"{view['goats_on_board']} on the board", f"{view['goats_in_supply']} to place"],
            TIGERS: [f"{view['captured']} of {view['captures_to_win']} captures"]}


def view(state, role) -> dict:
    res = state["result"]
    sel = state["selected"]
    if res is not None:
        prompt = res["summary"]
    elif role != state["to_move"]:
        prompt = f"Waiting for the {state['to_move']}"
    elif role == GOATS and state["supply"] > 0:
        n = state["supply"]
        prompt = f"Place a goat on an empty point ({n} goat{'s' if n != 1 else ''} in supply)"
    else:
        piece = "goat" if role == GOATS else "tiger"
        acts = actions(state, role)
        if acts == [PASS]:
            prompt = "No goat can move: pass"
        elif sel is None:
            prompt = f"Select a {piece} to move"
        else:
            prompt = f"Move the {piece} from {sel}: select its destination"
    return {
        "prompt": prompt,
        "log": list(state["log"]),
        "board": list(state["board"]),
        "selected": sel,
        "last_move": dict(state["last_move"]) if state["last_move"] else None,
        "goats_in_supply": state["supply"],
        "captured": state["captured"],
        "goats_on_board": state["board"].count("G"),
        "tigers": state["options"]["tigers"],
        "phase": "over" if res is not None else ("placement" if state["supply"] > 0 else "movement"),
        "to_move": state["to_move"],
        "quiet": state["quiet"],
        "move_limit": state["options"]["move_limit"],
        "captures_to_win": data.TIGER_WIN_CAPTURES,
        "result": res,
    }


def result(state):
    return state["result"]


def action_label(state, action) -> str:
    if action == PASS:
        return "Pass (no goat can move)"
    role = state["to_move"]
    board = state["board"]
    if role == GOATS and state["supply"] > 0:
        return f"Place a goat on point {action}"
    piece = "goat" if role == GOATS else "tiger"
    if board[action] is not None:
        return f"Select the {piece} on {action}"
    src = state["selected"]
    over = _over(src, action) if src is not None else None
    if over is not None:
        return f"Jump to {action}, capturing the goat on {over}"
    return f"Move to {action}"


# --- helpers -------------------------------------------------------------------------------------

def _key(board, supply, to_move) -> str:
    """A position for the repetition rule: board, goats in supply, side to move."""
    return "".join(_CHAR[c] for c in board) + f"|{supply}|{to_move[0]}"


def _over(src, dst):
    """The point jumped over when moving src -> dst, or None for a plain step."""
    for o, t in _JUMPS_FROM[src]:
        if t == dst:
            return o
    return None


def raw_moves(board, role) -> list:
    """All (from, to, over) moves of `role` on `board`, ignoring repetition; over is None for a step.

    Goats step to an adjacent empty point; tigers step, or leap over an adjacent goat along a line to
    the empty point just beyond (5.5). Ordered by from, then steps before jumps, then to.
    """
    piece = _PIECE[role]
    moves = []
    for p in range(data.NUM_POINTS):
        if board[p] != piece:
            continue
        for q in _ADJ[p]:
            if board[q] is None:
                moves.append((p, q, None))
        if piece == "T":
            for o, t in _JUMPS_FROM[p]:
                if board[o] == "G" and board[t] is None:
                    moves.append((p, t, o))
    moves.sort(key=lambda m: (m[0], m[1]))
    return moves


def legal_moves(state) -> list:
    """The whole moves (from, to, over) the side to move may make now, repetition rule applied.

    Empty for goats still placing (placements are not moves) and once the game is over.
    """
    role = state["to_move"]
    if state["result"] is not None or (role == GOATS and state["supply"] > 0):
        return []
    return _filter_repetition(state["board"], state["supply"], role, state["history"],
                              raw_moves(state["board"], role))


def _filter_repetition(board, supply, role, history, moves) -> list:
    # 5.5 repetition: the resulting position may not equal the one 4 plies before it, which is
    # history[-4] when history ends with the current position.
    if len(history) < 4:
        return moves
    banned = history[-4]
    after_mover = GOATS if role == TIGERS else TIGERS
    if not banned.endswith(f"|{supply}|{after_mover[0]}"):
        return moves
    cur = list(_key(board, supply, after_mover)[:data.NUM_POINTS])
    keep = []
    for f, t, o in moves:
        new = cur[:]
        new[t] = new[f]
        new[f] = "."
        if o is not None:
            new[o] = "."
        if "".join(new) != banned[:data.NUM_POINTS]:
            keep.append((f, t, o))
    return keep


def _finish_turn(state, role, text, last_move) -> None:
    movement = state["supply"] == 0 and not (role == GOATS and last_move and last_move["from"] is None)
    state["selected"] = None
    state["log"].append(text)
    state["last_move"] = last_move
    state["turns"] += 1
    other = TIGERS if role == GOATS else GOATS
    state["to_move"] = other
    if last_move is not None and last_move["captured"] is not None:
        state["quiet"] = 0
    elif movement:
        state["quiet"] += 1
    hist = state["history"]
    hist.append(_key(state["board"], state["supply"], other))
    del hist[:-4]
    state["result"] = _judge(state)


def _judge(state):
    captured = state["captured"]
    goats_left = state["board"].count("G") + state["supply"]
    scores = {GOATS: goats_left, TIGERS: captured}
    outcome = {"scores": scores, "details": [f"Goats: {goats_left} goat{'s' * (goats_left != 1)} left",
                                             f"Tigers: {captured} goat{'s' * (captured != 1)} captured"]}
    if captured >= data.TIGER_WIN_CAPTURES:  # 5.5: "Player Two wins by capturing five Goats."
        return {"winners": [TIGERS], "ranking": [[TIGERS], [GOATS]], **outcome,
                "summary": f"Tigers win: they have captured {captured} goats"}
    if state["to_move"] == TIGERS and not legal_moves(state):
        # 5.5: "Player One wins by trapping the Tigers (so that the Tigers have no available moves)."
        return {"winners": [GOATS], "ranking": [[GOATS], [TIGERS]], **outcome,
                "summary": "Goats win: the tigers are trapped"}
    limit = state["options"]["move_limit"]
    if limit and state["quiet"] >= limit:  # house rule, not in 5.5
        return {"winners": [], "ranking": [[GOATS, TIGERS]], **outcome,
                "summary": f"Draw: {limit} turns of movement without a capture (house move limit)"}
    return None
