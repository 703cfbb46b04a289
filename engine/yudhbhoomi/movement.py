"""Rulebook "Moving Soldiers", "Resolving Movement" and "Rani Abbakka: Specific Movement Rules".

A step moves one soldier one square, straight or diagonal (rulebook "The Dice": "as long as there are
no obstacles"). Readings (also in the About text):
  * Pillars are impassable; a diagonal step may not cut past a pillar, nor past a wall square while
    moving at ground level ("no passing pillars or walls").
  * Walls are entered and left only by way of stairs (a wall square next to a stairs square).
  * Mounted soldiers may not use walls, stairs, small entrances or the palace.
  * One soldier a square; nobody moves through another soldier (a step ends on an empty square).
  * A soldier never stands on another army's camp square (nor on a corner no army uses).
  * Move cost: 1 move point a step. A Mounted Swordswoman (and the Rani) moved with at least one
    point gets one free step that turn (+1); the first step of a Mounted Archer costs 2 points (-1).
"""
from __future__ import annotations

from functools import lru_cache

from . import data

N = data.SIZE


def level(s: int) -> int:
    return 1 if s in data.WALL else 0


def _neighbours(s: int) -> tuple:
    r, c = data.rc(s)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < N and 0 <= c + dc < N:
                out.append(data.sq(r + dr, c + dc))
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(s) for s in range(N * N))  # the bots ask for them millions of times


def neighbours(s: int) -> tuple:
    """The squares around s (up to 8), in reading order."""
    return NEIGHBOURS[s]


def _blocks_corner(s: int, ground: bool) -> bool:
    return s in data.PILLARS or (ground and s in data.WALL)


@lru_cache(maxsize=None)  # terrain only: a pure function of its arguments
def step_ok(a: int, b: int, kind: str) -> bool:
    """Whether a soldier of `kind` may step from a to the adjacent square b (terrain only)."""
    if b in data.PILLARS:
        return False
    foot = data.SOLDIERS[kind]["foot"]
    if not foot and b in data.FOOT_ONLY:
        return False
    la, lb = level(a), level(b)
    if la != lb:
        ground = a if la == 0 else b
        if ground not in data.STAIRS:
            return False
    ar, ac = data.rc(a)
    br, bc = data.rc(b)
    if ar != br and ac != bc:
        ground = la == 0 and lb == 0
        if la != lb:
            return False  # stairs are climbed straight
        if _blocks_corner(data.sq(ar, bc), ground) or _blocks_corner(data.sq(br, ac), ground):
            return False
    return True


def camp(state, role: str):
    """The camp square of `role` (its corner: data.CAMP unless chosen, Rani Abbakka); None for the
    Portuguese, or while a corner is still to be chosen."""
    return state["camps"].get(role)


def occupied(state) -> dict:
    return {s["pos"]: i for i, s in enumerate(state["soldiers"]) if s["pos"] is not None}


def destinations(state, sid: int, occ: dict | None = None) -> list:
    """The empty squares soldier `sid` may step to now (a soldier in camp enters onto its camp square)."""
    soldier = state["soldiers"][sid]
    occ = occupied(state) if occ is None else occ
    if soldier["pos"] is None:
        home = camp(state, soldier["owner"])
        return [home] if home is not None and home not in occ and soldier["def"] > 0 else []
    out = []
    for b in neighbours(soldier["pos"]):
        if b in occ:
            continue
        if b in data.CAMP_SQUARES and b != camp(state, soldier["owner"]):
            continue
        if step_ok(soldier["pos"], b, soldier["kind"]):
            out.append(b)
    return out


def step_cost(state, sid: int) -> int:
    """Move points the next step of `sid` costs this turn (0 for the horse's / Rani's free step)."""
    soldier = state["soldiers"][sid]
    bonus = data.SOLDIERS[soldier["kind"]]["move"]
    turn = state["turn"]
    spent = turn["spent"].get(str(sid), 0)
    steps = turn["steps"].get(str(sid), 0)
    if bonus > 0:
        return 0 if spent >= 1 and steps < spent + bonus else 1
    if bonus < 0 and steps == 0:
        return 2
    return 1


# --- line of sight (rulebook "Attacking": Line of Sight, Obstructions; readings in attacks.py) ---

EPS = 1e-6


def _line_squares(a: int, b: int) -> list:
    """Squares strictly between a and b that the centre line crosses: a list of alternatives, each a
    tuple of squares any one of which the line may pass (two at an exact corner)."""
    ar, ac = data.rc(a)
    br, bc = data.rc(b)
    n = max(abs(ar - br), abs(ac - bc)) * 8
    found = []
    seen = set()
    for i in range(1, n):
        t = i / n
        r = ar + (br - ar) * t
        c = ac + (bc - ac) * t
        opts = set()
        for er in (-EPS, EPS):
            for ec in (-EPS, EPS):
                opts.add(data.sq(int(r + 0.5 + er), int(c + 0.5 + ec)))
        opts.discard(a)
        opts.discard(b)
        key = tuple(sorted(opts))
        if key and key not in seen:
            seen.add(key)
            found.append(key)
    return found


def line_of_sight(a: int, b: int) -> bool:
    """Whether soldiers on squares a and b see each other (terrain only; sight is mutual).

    Rulebook "Obstructions": pillars block sight; the palace roof blocks sight between a wall and the
    palace; the Fort Wall blocks sight across it at ground level ("cannot shoot over the Fort Wall").
    Reading: a soldier on the wall top stands above the walkway, so wall squares never hide the
    ground (or another wall top) from it ("Elevation Advantage": shooting down from the wall)."""
    la, lb = level(a), level(b)
    on_wall = la == 1 or lb == 1
    if on_wall and (a in data.PALACE or b in data.PALACE):
        return False  # the palace roof

    def blocks(s: int) -> bool:
        if s in data.PILLARS:
            return True
        if on_wall:
            return s in data.PALACE
        return s in data.WALL

    for squares in _line_squares(a, b):
        if all(blocks(s) for s in squares):
            return False
    return True


# king-move distance between every two squares, computed once (the bots ask for it millions of times)
CHEBYSHEV = tuple(tuple(max(abs(a // N - b // N), abs(a % N - b % N)) for b in range(N * N)) for a in range(N * N))


def chebyshev(a: int, b: int) -> int:
    return CHEBYSHEV[a][b]


def distances_to(target: int, kind: str) -> tuple:
    """Terrain distances from every square to `target` for a soldier of `kind`."""
    return _distances(target, data.SOLDIERS[kind]["foot"])


@lru_cache(maxsize=512)
def _distances(target: int, foot: bool) -> tuple:
    """A pure memo of derived terrain data (never game state): the same answer on every call."""
    kind = "swordsman" if foot else "horse"
    dist = [999] * data.NUM_SQUARES
    dist[target] = 0
    frontier = [target]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for s in frontier:
            for t in neighbours(s):
                if dist[t] == 999 and step_ok(t, s, kind):
                    dist[t] = d
                    nxt.append(t)
        frontier = nxt
    return tuple(dist)
