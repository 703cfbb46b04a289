"""Constructed Aadu-Huli positions for the rules and bot tests."""
from engine.aadu_huli import data, rules

G, T = "Goats", "Tigers"


def position(goats=(), tigers=(0, 3, 4), supply=0, to_move=G, captured=0, options=None, quiet=0):
    """A constructed position with a fresh repetition history."""
    state = rules.setup(1, options or {})
    board = [None] * data.NUM_POINTS
    for p in goats:
        board[p] = "G"
    for p in tigers:
        board[p] = "T"
    state.update(board=board, supply=supply, to_move=to_move, captured=captured, quiet=quiet)
    state["history"] = [rules._key(board, supply, to_move)]
    return state
