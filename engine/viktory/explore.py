"""Map exploration (rulebook 3.2, 4.0 step 2, 7.0, 8.3, 10.2): the face-down draw pile and placing
newly revealed tiles.

state["pile"] is the face-down draw pile (hidden: view() never shows its order); tiles are drawn from
its end. state["terrain"][h] is None while hex h is face down. Each draw increments state["reveals"]
so the undo policy stops there.

When several hexes are revealed at once the revealing player draws that many tiles and chooses where
each goes (7.0). state["explore"] holds such a pending reveal:
    {"by": role, "hexes": [face-down hex ids still to fill], "tiles": [drawn terrains, sorted],
     "stage": "water" | "place"}
Stage "water" (7.0): every drawn tile is water and land remains in the pile; the player answers
"redraw" (put one water back and draw until land) or "keep". Stage "place": the player clicks the hex
for the first tile of "tiles" (in data.TERRAINS order); once the remaining tiles are all alike they are
placed at once, so there is never a click without a real choice.
"""
from __future__ import annotations

from engine.core import rng

from . import data

REDRAW, KEEP = "redraw", "keep"


def new_pile(state) -> None:
    """rulebook 3.2: all the regular hexagon tiles face down, mixed up."""
    pile = [t for t in data.TERRAINS for _ in range(data.TILE_PILE[t])]
    state["rng"] = rng.shuffle(state["rng"], pile)
    state["pile"] = pile


def draw(state, k: int) -> list:
    tiles = [state["pile"].pop() for _ in range(min(k, len(state["pile"])))]
    state["reveals"] += 1
    return tiles


def return_and_draw_land(state, tile: str):
    """Put `tile` back into the pile and draw until a land tile comes up (4.0 step 2, 7.0): the
    water tiles drawn on the way go back too and the pile is mixed again. None if no land is left."""
    state["pile"].append(tile)
    land_at = [i for i, t in enumerate(state["pile"]) if t != data.WATER]
    if not land_at:
        return None
    # Drawing from the end until land: the last land tile in pile order is the one drawn.
    land = state["pile"].pop(land_at[-1])
    state["rng"] = rng.shuffle(state["rng"], state["pile"])
    state["reveals"] += 1
    return land


def pile_has_land(state) -> bool:
    return any(t != data.WATER for t in state["pile"])


def start(state, role, hexes) -> None:
    """Reveal the face-down hexes among `hexes` for `role` (7.0); may leave a pending choice."""
    hexes = [h for h in hexes if state["terrain"][h] is None]
    if not hexes:
        return  # as most often: nothing face down there
    hexes = sorted(set(hexes))
    tiles = draw(state, len(hexes))
    hexes = hexes[:len(tiles)]  # only if the pile ran out (it cannot with the rulebook's 180 tiles)
    if not hexes:
        return
    stage = "water" if all(t == data.WATER for t in tiles) and pile_has_land(state) else "place"
    state["explore"] = {"by": role, "hexes": hexes, "tiles": _sorted(tiles), "stage": stage}
    _place_if_no_choice(state)


def actions(state) -> list:
    pending = state["explore"]
    if pending["stage"] == "water":
        return [REDRAW, KEEP]
    return list(pending["hexes"])


def apply(state, action) -> str:
    """Performs an exploration choice; returns a log line."""
    pending = state["explore"]
    if pending["stage"] == "water":
        pending["stage"] = "place"
        if action == REDRAW:
            land = return_and_draw_land(state, pending["tiles"].pop())
            pending["tiles"] = _sorted(pending["tiles"] + [land])
            text = f"{pending['by']} puts a water tile back and draws {land} (7.0)"
        else:
            text = f"{pending['by']} keeps the water"
        _place_if_no_choice(state)
        return text
    tile = pending["tiles"].pop(0)
    pending["hexes"].remove(action)
    state["terrain"][action] = tile
    _place_if_no_choice(state)
    return f"{pending['by']} places {tile} at hex {action} (7.0)"


def _sorted(tiles) -> list:
    return sorted(tiles, key=data.TERRAINS.index)


def _place_if_no_choice(state) -> None:
    pending = state["explore"]
    if pending["stage"] != "place":
        return
    if len(set(pending["tiles"])) <= 1:
        for h, t in zip(pending["hexes"], pending["tiles"]):
            state["terrain"][h] = t
        state["explore"] = None
