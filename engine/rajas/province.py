"""The province board: tiles, roads, connection to the residence, edge yields (rulebook "The Province
Boards", "Special Yields"). Pure functions of a player's dict; the grid is stand-in data (data.py).

p["province"][r][c] is None (empty), "R" (the residence) or [tile id, rotation, covered tile id or
None]. Every road end of a tile joins its centre (stand-in), so two neighbouring squares are joined
when both have a road end on their common side. Every placed tile is joined to the residence by
construction (each new tile joins a joined one; a Master builder cover must keep them all joined),
so a new tile is legal when one of its road ends meets a road end of a neighbour.
"""
from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType

from . import data



def _turn(roads: str, rot: int) -> str:
    turned = {data.DIRS[(data.DIRS.index(d) + rot) % 4] for d in roads}
    return "".join(d for d in data.DIRS if d in turned)


# an immutable table, built once at import: (roads, rotation) -> roads turned
_ROTATED = MappingProxyType({(roads, rot): _turn(roads, rot)
                             for roads in {t["roads"] for t in data.TILE.values()} for rot in range(4)})


def rotate(roads: str, rot: int) -> str:
    """The road ends after `rot` quarter turns clockwise, in N, E, S, W order."""
    return _ROTATED.get((roads, rot)) or _turn(roads, rot)


@lru_cache(maxsize=None)
def _distinct_rotations(tile_id) -> tuple:
    return tuple(distinct_rotations_uncached(tile_id))


def distinct_rotations(tile_id) -> list:
    """Rotations 0-3 that give different roads (a crossing has one, a straight road two)."""
    return list(_distinct_rotations(tile_id))


def distinct_rotations_uncached(tile_id) -> list:
    """Rotations 0-3 that give different roads (a crossing has one, a straight road two)."""
    seen, out = set(), []
    for rot in range(4):
        roads = rotate(data.TILE[tile_id]["roads"], rot)
        if roads not in seen:
            seen.add(roads)
            out.append(rot)
    return out


def new_grid() -> list:
    grid = [[None] * data.COLS for _ in range(data.ROWS)]
    r, c = data.RESIDENCE
    grid[r][c] = "R"
    return grid


def roads_at(grid, r, c) -> str:
    cell = grid[r][c]
    if cell is None:
        return ""
    if cell == "R":
        return data.RESIDENCE_ROADS
    return rotate(data.TILE[cell[0]]["roads"], cell[1])


def inside(r, c) -> bool:
    return 0 <= r < data.ROWS and 0 <= c < data.COLS


def tiles(p) -> list:
    """The visible tiles of the province: (row, column, tile id)."""
    return [(r, c, cell[0]) for r, row in enumerate(p["province"]) for c, cell in enumerate(row)
            if cell not in (None, "R")]


def markets(p) -> list:
    """(good, value) of every market in the province (covered tiles no longer count)."""
    return [m for _, _, t in tiles(p) for m in data.TILE[t]["markets"]]


def buildings(p) -> list:
    return [b for _, _, t in tiles(p) for b in data.TILE[t]["buildings"]]


def joins(grid, r, c, roads) -> bool:
    """Whether a tile with `roads` on (r, c) meets a road end of a neighbour."""
    for d in roads:
        dr, dc = data.STEP[d]
        nr, nc = r + dr, c + dc
        if inside(nr, nc) and data.BACK[d] in roads_at(grid, nr, nc):
            return True
    return False


def placements(p, tile_id) -> dict:
    """{(r, c): [rotations]} where the tile may be added (rulebook "The Province Boards")."""
    grid = p["province"]
    out = {}
    for r in range(data.ROWS):
        for c in range(data.COLS):
            if grid[r][c] is not None:
                continue
            rots = [rot for rot in distinct_rotations(tile_id)
                    if joins(grid, r, c, rotate(data.TILE[tile_id]["roads"], rot))]
            if rots:
                out[(r, c)] = rots
    return out


def grid_key(grid) -> tuple:
    """The province grid as an immutable value (for the caches below: the checks that a tile can be
    placed or laid over another are pure functions of the grid, asked for again and again)."""
    return tuple(tuple(tuple(cell) if isinstance(cell, list) else cell for cell in row) for row in grid)


def can_place(p, tile_id) -> bool:
    return _placeable(grid_key(p["province"]), data.TILE[tile_id]["roads"], _distinct_rotations(tile_id))


@lru_cache(maxsize=4096)
def _placeable(key, roads, rots) -> bool:
    for r in range(data.ROWS):
        for c in range(data.COLS):
            if key[r][c] is None and any(joins(key, r, c, rotate(roads, rot)) for rot in rots):
                return True
    return False


def all_joined(grid) -> bool:
    """Every tile is joined to the residence by roads (rulebook "Palace: Master builder")."""
    start = data.RESIDENCE
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        here = roads_at(grid, r, c)
        for d in here:
            dr, dc = data.STEP[d]
            nr, nc = r + dr, c + dc
            if inside(nr, nc) and (nr, nc) not in seen and data.BACK[d] in roads_at(grid, nr, nc):
                seen.add((nr, nc))
                todo.append((nr, nc))
    placed = sum(1 for row in grid for cell in row if cell is not None)
    return len(seen) == placed


def cover_rotations(p, r, c, tile_id) -> list:
    """Rotations of `tile_id` laid over the tile on (r, c) that keep every tile joined."""
    key = grid_key(p["province"])
    roads = data.TILE[tile_id]["roads"]
    return [rot for rot in _distinct_rotations(tile_id) if _joined_if(key, r, c, rotate(roads, rot))]


@lru_cache(maxsize=8192)
def _joined_if(key, r, c, roads) -> bool:
    """all_joined for the grid `key` with a tile of `roads` on (r, c) (over the tile there)."""
    def at(rr, cc):
        return roads if (rr, cc) == (r, c) else roads_at(key, rr, cc)
    start = data.RESIDENCE
    seen = {start}
    todo = [start]
    while todo:
        rr, cc = todo.pop()
        for d in at(rr, cc):
            dr, dc = data.STEP[d]
            nr, nc = rr + dr, cc + dc
            if inside(nr, nc) and (nr, nc) not in seen and data.BACK[d] in at(nr, nc):
                seen.add((nr, nc))
                todo.append((nr, nc))
    placed = sum(1 for row in key for cell in row if cell is not None)
    return len(seen) == placed


def coverable(p) -> list:
    """Squares whose tile may still be covered (rulebook: every tile only once)."""
    return [(r, c, t) for r, c, t in tiles(p) if p["province"][r][c][2] is None]


def edge_yields(r, c, roads) -> list:
    """The edge-yield keys that road ends of a tile on (r, c) lead to."""
    out = []
    for d in roads:
        dr, dc = data.STEP[d]
        if not inside(r + dr, c + dc) and (r, c, d) in data.EDGE_YIELDS:
            out.append((r, c, d))
    return out
