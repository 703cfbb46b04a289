"""Hand-built positions (for tests, tutorials and debugging): a game past its opening with an empty,
face-down map, where terrain, Towns, Cities and units are then set one by one.

Every helper keeps the state consistent with rules.invariants: terrain comes out of the draw pile,
and a Town/City brings exactly its supported units (9.0) into the Reserve, from where put() moves
them onto the map.
"""
from __future__ import annotations

from . import data, explore, geometry, pieces, rules


def empty_game(players: int = 2, seed: int = 1, **options) -> dict:
    """A game at the start of the first player's first normal Player Turn, with nothing on the map."""
    state = rules.setup(seed, {"players": players, **options})
    side = state["side"]
    state["terrain"] = [data.WATER if h in geometry.perimeter(side) else None
                        for h in range(geometry.hex_count(side))]
    state["sites"] = [None] * geometry.hex_count(side)
    state["capitals"] = {role: None for role in state["order"]}
    state["units"] = []
    state["explore"] = None
    explore.new_pile(state)
    state["round"] = 1
    state["log"] = []
    rules._start_turn(state, state["order"][0])
    return state


def hexes_at(state, x: int, y: int) -> int:
    return geometry.hex_id(state["side"], x, y)


def set_terrain(state, h: int, terrain: str) -> None:
    """Turns hex h face up as `terrain`, taking that tile out of the pile."""
    old = state["terrain"][h]
    assert h not in geometry.perimeter(state["side"]) or terrain == data.WATER
    if h in geometry.perimeter(state["side"]):
        return
    state["pile"].remove(terrain)
    if old is not None:
        state["pile"].append(old)
    state["terrain"][h] = terrain


def fill(state, hexes, terrain: str) -> None:
    for h in hexes:
        set_terrain(state, h, terrain)


def add_site(state, role, h: int, kind: str = "town", capital: bool = False, terrain=None) -> None:
    """A Town or City of `role` on h, with its supported units in the Reserve (9.0)."""
    if terrain is not None:
        set_terrain(state, h, terrain)
    state["sites"][h] = {"owner": role, "kind": kind}
    if capital:
        state["capitals"][role] = h
    pieces.add_to_reserve(state, role, pieces.support(kind, state["terrain"][h]))


def put(state, role, kind: str, h: int, mp=None) -> dict:
    """Moves one `kind` unit from `role`'s Reserve onto hex h (full MP if it is role's turn)."""
    u = next(u for u in pieces.reserve(state, role) if u["type"] == kind)
    u["hex"] = h
    u["mp"] = data.MOVEMENT_ALLOWANCE[kind] if mp is None and state["current"] == role else (mp or 0)
    if kind in data.LAND_UNITS and state["current"] == role:
        state["turn_start"] = sorted(set(state["turn_start"]) | {h})
    return u
