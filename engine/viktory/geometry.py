"""The hexagonal map of Viktory II (rulebook 3.1-3.3) as pure geometry: hex ids, neighbours, distances.

Coordinates are axial (x, y), the convention of the project's start-hex data file (the start hexes of
the licensed online version of Viktory II; a copy is tests/data/viktory_start_hexes.json): on a map
with `side` hexes per side, the rows y = 0 .. 2*side-2 run top to bottom with widths
side .. 2*side-1 .. side, and a hex (x, y) exists when 0 <= x, y <= 2*side-2 and |x - y| <= side-1.
The neighbours of (x, y) are (x+-1, y), (x, y+-1), (x+1, y+1) and (x-1, y-1). A hex id is the
row-major index (the file's "hex_indices").

On screen a hex sits at column x - y/2, row y, so DIRECTIONS below run clockwise starting up-right.

Every function is pure; results are cached per side (immutable tuples), so the module holds no
mutable game state and the engine stays reentrant.
"""
from __future__ import annotations

from functools import lru_cache

# Clockwise on screen: up-right, right, down-right, down-left, left, up-left.
DIRECTIONS = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1))


def axial_distance(a: tuple, b: tuple) -> int:
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx * dy >= 0:
        return max(abs(dx), abs(dy))
    return abs(dx) + abs(dy)


@lru_cache(maxsize=None)
def coords(side: int) -> tuple:
    """(x, y) of every hex, indexed by hex id."""
    top = 2 * side - 2
    return tuple((x, y) for y in range(top + 1) for x in range(top + 1) if abs(x - y) <= side - 1)


@lru_cache(maxsize=None)
def _index(side: int) -> dict:
    return {xy: i for i, xy in enumerate(coords(side))}


def hex_id(side: int, x: int, y: int):
    """The id of hex (x, y), or None off the map."""
    return _index(side).get((x, y))


def center(side: int) -> tuple:
    return (side - 1, side - 1)


@lru_cache(maxsize=None)
def neighbours(side: int) -> tuple:
    """neighbours(side)[h]: the ids of the hexes adjacent to h, in DIRECTIONS order, sorted."""
    index = _index(side)
    result = []
    for x, y in coords(side):
        adj = [index[(x + dx, y + dy)] for dx, dy in DIRECTIONS if (x + dx, y + dy) in index]
        result.append(tuple(sorted(adj)))
    return tuple(result)


@lru_cache(maxsize=None)
def two_or_three_away(side: int) -> tuple:
    """two_or_three_away(side)[h]: the hexes 2 or 3 hexes from h, sorted (10.13: where a road goes)."""
    offsets = [(dx, dy) for dx in range(-3, 4) for dy in range(-3, 4) if 2 <= axial_distance((0, 0), (dx, dy)) <= 3]
    index = _index(side)
    return tuple(tuple(sorted(index[(x + dx, y + dy)] for dx, dy in offsets if (x + dx, y + dy) in index))
                 for x, y in coords(side))


def distance(side: int, a: int, b: int) -> int:
    cs = coords(side)
    return axial_distance(cs[a], cs[b])


@lru_cache(maxsize=None)
def rings(side: int) -> tuple:
    """rings(side)[h]: the distance of hex h from the centre hex."""
    c = center(side)
    return tuple(axial_distance(c, xy) for xy in coords(side))


@lru_cache(maxsize=None)
def perimeter(side: int) -> frozenset:
    """3.2: the Perimeter Water Pentagons, the outer ring of the map (always water)."""
    return frozenset(h for h, r in enumerate(rings(side)) if r == side - 1)


def at_distance(side: int, h: int, d: int) -> list:
    """The hexes exactly d hexes from h (8.3: a City reveals the hexes two away), sorted."""
    x, y = coords(side)[h]
    index = _index(side)
    return sorted(index[(x + dx, y + dy)] for dx in range(-d, d + 1) for dy in range(-d, d + 1)
                  if axial_distance((0, 0), (dx, dy)) == d and (x + dx, y + dy) in index)


def within(side: int, h: int, d: int) -> list:
    cs = coords(side)
    return [i for i, xy in enumerate(cs) if axial_distance(cs[h], xy) <= d]


def hex_count(side: int) -> int:
    return 3 * side * (side - 1) + 1


def corner_group(side: int, corner: int) -> list:
    """The five start hexes of a corner (3.3, as in the data file's note): the corner hex of the ring
    just inside the perimeter water in DIRECTIONS[corner], plus the two ring hexes on each side."""
    c = center(side)
    r = side - 2
    d = DIRECTIONS[corner]
    hx = (c[0] + r * d[0], c[1] + r * d[1])
    group = [hx]
    for other in (DIRECTIONS[(corner - 1) % 6], DIRECTIONS[(corner + 1) % 6]):
        step = (other[0] - d[0], other[1] - d[1])  # along the ring edge toward the next corner
        for k in (1, 2):
            group.append((hx[0] + k * step[0], hx[1] + k * step[1]))
    return sorted(hex_id(side, x, y) for x, y in group)
