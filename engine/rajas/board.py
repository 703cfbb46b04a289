"""Rajas of the Ganges: the view drawn as an SVG string (pure string building, no browser imports).

Layout (one drawing, 1200 wide):
  * The main board (top left), framed by the two scoring tracks that run around it in opposite
    directions: money (outer ring, 0-117, counter-clockwise from the top-left corner) and fame (inner
    ring, 0-63, clockwise from the same corner), drawn so that each money space lies beside the fame
    space it faces (data.facing_fame), with the bonus spaces (gold), the inactive workers on fame 15
    and money 20, every player's fame disc, money square and money bonus marker (a flag). Inside: the
    quarry (the 12 open tiles by colour and back symbol, with the tiles left in each stack, and the
    quarry's worker spaces row by row with their cost), the palace (balconies, the six chambers,
    terraces, outer terrace), the market, the harbour, the building development scrolls with every
    player's upgrade cubes, the dice supply and the white yield tiles (face down: only their number),
    and the river (start, 20 spaces with their earnings, the bridge with the inactive workers, boats).
  * The right column: the race (every player's fame against the fame space facing their money: who is
    closest to crossing), then the seat being drawn for (`role`, the acting player on the page) with
    its province board large (tiles, roads, open road ends, edge yields taken or not), the tile in
    hand and the ways it can be turned, and its Kali statue: 10 hands with the dice (colour and pips),
    karma, workers (active, placed, inactive), upgrades.
  * The bottom strip: every other player the same way, smaller, and a legend where there is room.
  * What changed since the seat's last move: when the view carries "before" (the same
    seat's view right after its own last action), the two are compared (the spaces' occupants by
    space and spot, each player's markers, province squares and dice, the quarry's open tiles) and
    the changes marked in one colour, orange (CHANGED), with a white halo: a ring round each worker
    placed on a space since, round each fame disc, money square and money bonus flag that moved (a
    dashed outline where the fame disc or money square was; "was N at your last move" in its
    tooltip) and round each boat that sailed; an outline on each province square with a new tile
    (or a cover), on each new die of a Kali statue (and on its "N of 10 dice" when the number
    changed), on the karma value that changed and on each quarry tile newly open; and one legend line under the race ("orange ring: changed since your
    last move"). The marks are drawn last, in one <g class="changes" pointer-events="none">, never
    with class "action". Without "before", or with nothing changed, the drawing is exactly the one
    without marks.

Legal actions drawn on the board are <g class="action"> with data-action (JSON), tabindex="0",
role="button" and an aria-label saying what the click does: worker spaces, open tiles, province
squares (build, cover), the ways to turn the tile in hand, dice (give up, turn with karma, reroll,
put back), river spaces, and chambers for the river's free palace action. Everything else (die
colours, goods, upgrades, yes/no choices) is left to the page, which makes buttons from
rules.action_label. The view holds nothing a seat may not see (the white yield tiles face down are a
count), so neither does the drawing.
"""
from __future__ import annotations

import json
import textwrap
from functools import lru_cache

from engine.core.svg import esc as _t, num as _f

from . import common, data, province, texts

W = 1200
MAIN_W, MAIN_H = 800, 620  # the main board with its tracks
RIGHT_X = 810  # the right column
STRIP_Y = 630  # the bottom strip
PANEL_W, PANEL_H = 390, 236

DIE_FILL = {"purple": "#7b3fa0", "orange": "#e8862a", "blue": "#2f6fc0", "green": "#3a9a4a"}
TILE_TINT = {"purple": "#e3d2ee", "orange": "#f9dfc2", "blue": "#cfe0f4", "green": "#d3ebd3"}
PLAYER_FILL = {"Red": "#d32f2f", "Yellow": "#f6c700", "White": "#fafafa", "Black": "#262626"}
GOOD_FILL = {"silk": "#d81b7a", "tea": "#00897b", "spices": "#b23a1e"}
BUILDING_LETTER = {"temple": "T", "palace": "P", "fort": "F", "mill": "M"}
INK, PAPER, BOARD, WATER = "#2b1d12", "#f4ead6", "#efe0bd", "#9fd0ea"
GOLD = "#f2c94c"
MONEY_CELL, FAME_CELL = "#fbf5e6", "#f1e4c8"

STYLE = """
.rj text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.rj .action{cursor:pointer}
.rj .target{fill:rgba(20,140,80,.10);stroke:#138a4e;stroke-width:3;stroke-dasharray:7 3}
.rj g.action:hover .target,.rj g.action:focus .target{fill:rgba(20,140,80,.28);stroke-width:4.5}
.rj g.action:focus{outline:none}
.rj .inert{pointer-events:none}
"""


# --- small helpers -------------------------------------------------------------------------------------

def _text(x, y, s, size=11, fill=INK, anchor="start", weight="normal", extra="") -> str:
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}"{(" " + extra) if extra else ""}>{_t(s)}</text>')


def _rect(x, y, w, h, fill="none", stroke="none", sw=1, rx=0, extra="") -> str:
    return (f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(rx)}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{_f(sw)}"{(" " + extra) if extra else ""}/>')


def _target(action, label, inner, box) -> str:
    """A clickable legal action: `inner` drawn, with the green dashed outline `box` (x, y, w, h) on top
    of it as the button. The drawing stays outside the button, so that the button's name is its label
    alone: a button's visible text must be part of its name (axe-core), and the drawing's numbers
    ("1 2 2 3" of the quarry's costs) are not words."""
    x, y, w, h = box
    return (f'{inner}<g class="action" data-action="{_t(json.dumps(action))}" tabindex="0" role="button" '
            f'aria-label="{_t(label)}"><title>{_t(label)}</title>'
            f'<rect class="target" x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="5"/></g>')


def _tip(label, inner) -> str:
    return f'<g><title>{_t(label)}</title>{inner}</g>'


def _legal(actions, kind) -> dict:
    """{tuple(args): action} for the list actions of one kind."""
    return {tuple(a[1:]): a for a in actions if isinstance(a, list) and a and a[0] == kind}


# --- what changed since the seat's last move (view["before"]) ----------------------------------------------

CHANGED = "#ff6d00"  # the one colour of every mark of a change
MARK_NOTE = "orange ring: changed since your last move"


def _changes(view):
    """What changed between view["before"] (this seat's own view right after its last action) and the
    view, in small dicts keyed by space, player and square; None when nothing did (or no "before").
    The marks themselves are collected in ["marks"] while the board is drawn and drawn last, on top,
    taking no click."""
    before = view.get("before")
    if not isinstance(before, dict):
        return None
    old_spaces = before.get("spaces") or {}
    spaces = {}
    for space, who in view["spaces"].items():
        old = old_spaces.get(space) or []
        new = {i for i, r in enumerate(who) if i >= len(old) or old[i] != r}
        if new:
            spaces[space] = new
    players = {}
    old_players = before.get("players") or {}
    for r in view["seats"]:
        p, q = view["players"][r], old_players.get(r)
        if q is None:
            continue
        c = {key: q[key] for key in ("fame", "money", "boat", "bonus", "karma") if p[key] != q[key]}
        cells = {(i, j) for i, row in enumerate(p["province"]) for j, cell in enumerate(row)
                 if cell != q["province"][i][j]}
        if cells:
            c["cells"] = cells
        left = {}
        for d in q["dice"]:
            left[tuple(d)] = left.get(tuple(d), 0) + 1
        dice = set()
        for j, d in enumerate(p["dice"]):
            if left.get(tuple(d)):
                left[tuple(d)] -= 1
            else:
                dice.add(j)
        if dice:
            c["dice"] = dice
        if len(p["dice"]) != len(q["dice"]):
            c["ndice"] = len(q["dice"])
        if c:
            players[r] = c
    old_tops = before.get("tops") or []
    tops = {k for k, t in enumerate(view["tops"]) if k < len(old_tops) and old_tops[k] != t and t is not None}
    if not (spaces or players or tops):
        return None
    return {"spaces": spaces, "players": players, "tops": tops, "marks": []}


def _ring(cx, cy, r) -> str:
    """The mark of a change: an orange ring with a white halo."""
    return (f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="none" stroke="#fff" stroke-width="6" '
            f'opacity=".85"/><circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="none" stroke="{CHANGED}" '
            f'stroke-width="3.5"/>')


def _box(x, y, w, h, rx=5) -> str:
    """The mark of a change around a square thing (a tile, a die, a box): an orange outline, halo."""
    return (_rect(x, y, w, h, "none", "#fff", 6, rx, 'opacity=".85"')
            + _rect(x, y, w, h, "none", CHANGED, 3.5, rx))


def _mark_worker(ch, space, i, x, y, s) -> None:
    """A ring round the worker drawn by worker(x, y, s) on `space`'s i-th spot if it is new there."""
    if ch and i in ch["spaces"].get(space, ()):
        ch["marks"].append(_ring(x, y - s * .5, s * .66))


def _was(ch, r, key) -> str:
    """The words for a tooltip: what `key` of player `r` was at the seat's last move, if it changed."""
    c = ch["players"].get(r, {}) if ch else {}
    return f" (was {c[key]} at your last move)" if key in c else ""


# --- pieces and icons ------------------------------------------------------------------------------------

PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


@lru_cache(maxsize=4096)
def die(x, y, s, colour, value, faded=False) -> str:
    """A die of `colour` showing `value` as pips."""
    fill = DIE_FILL.get(colour, "#fff")
    pip = "#fff" if colour in DIE_FILL else "#222"
    fade = ' opacity=".35"' if faded else ""
    out = [_rect(x, y, s, s, fill, "#1d1d1d", 1, s * 0.18, fade.strip())]
    if value:
        for dx, dy in PIPS[value]:
            out.append(f'<circle cx="{_f(x + s / 2 + dx * s * 0.27)}" cy="{_f(y + s / 2 + dy * s * 0.27)}" '
                       f'r="{_f(s * 0.095)}" fill="{pip}"{fade}/>')
    return "".join(out)


@lru_cache(maxsize=4096)
def worker(x, y, s, role, faded=False, outline=False) -> str:
    """A worker meeple (head and body), centred on x, standing on y."""
    fill = "none" if outline else PLAYER_FILL.get(role, "#999")
    stroke = PLAYER_FILL.get(role, "#999") if outline and role != "White" else "#222"
    op = ' opacity=".35"' if faded else ""
    return (f'<path d="M{_f(x - s * .45)},{_f(y)} L{_f(x - s * .3)},{_f(y - s * .55)} '
            f'Q{_f(x)},{_f(y - s * .72)} {_f(x + s * .3)},{_f(y - s * .55)} L{_f(x + s * .45)},{_f(y)} Z" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="1.2"{op}/>'
            f'<circle cx="{_f(x)}" cy="{_f(y - s * .82)}" r="{_f(s * .2)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="1.2"{op}/>')


@lru_cache(maxsize=4096)
def boat(x, y, s, role) -> str:
    """A boat, centred on x, its hull on y."""
    return (f'<path d="M{_f(x - s / 2)},{_f(y - s * .25)} H{_f(x + s / 2)} L{_f(x + s * .32)},{_f(y + s * .08)} '
            f'H{_f(x - s * .32)} Z" fill="{PLAYER_FILL[role]}" stroke="#222" stroke-width="1"/>'
            f'<path d="M{_f(x)},{_f(y - s * .28)} V{_f(y - s * .72)} L{_f(x + s * .3)},{_f(y - s * .35)} Z" '
            f'fill="{PLAYER_FILL[role]}" stroke="#222" stroke-width=".8"/>')


@lru_cache(maxsize=4096)
def icon(kind, x, y, s, n=None) -> str:
    """A small symbol for an earning, centred on (x, y): a gold coin (money), a red ribbon (fame), a
    white die (a die of any colour), a violet lotus (karma), a brown arrow (upgrade), a boat, a worker."""
    label = "" if n is None else str(n)
    if kind == "money":
        return (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(s / 2)}" fill="{GOLD}" stroke="#9a7400"/>'
                + _text(x, y + s * .2, label, s * .58, "#5a4000", "middle", "bold"))
    if kind == "fame":
        return (f'<path d="M{_f(x - s / 2)},{_f(y - s / 2)} h{_f(s)} v{_f(s * .8)} l{_f(-s / 2)},{_f(s * .25)} '
                f'l{_f(-s / 2)},{_f(-s * .25)} Z" fill="#a4262c" stroke="#5c1014"/>'
                + _text(x, y + s * .15, label, s * .56, "#fff", "middle", "bold"))
    if kind in ("die", "dice"):
        return die(x - s / 2, y - s / 2, s, "white", 0) + _text(x, y + s * .2, label or "?", s * .56, "#333", "middle", "bold")
    if kind == "karma":
        return (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(s / 2)}" fill="#7e57c2" stroke="#3f2a78"/>'
                + _text(x, y + s * .2, label or "K", s * .56, "#fff", "middle", "bold"))
    if kind == "upgrade":
        return (_rect(x - s / 2, y - s / 2, s, s, "#8d6e63", "#3e2723", 1, s * .15)
                + f'<path d="M{_f(x)},{_f(y - s * .36)} l{_f(s * .3)},{_f(s * .3)} h{_f(-s * .18)} v{_f(s * .36)} '
                  f'h{_f(-s * .24)} v{_f(-s * .36)} h{_f(-s * .18)} Z" fill="#fff"/>')
    if kind == "boat":
        return boat(x, y + s * .25, s * 1.1, "White").replace(PLAYER_FILL["White"], "#6d4c41")
    if kind == "worker":
        return worker(x, y + s / 2, s, "White").replace(PLAYER_FILL["White"], "#6d4c41")
    return ""


@lru_cache(maxsize=4096)
def tile(x, y, s, tile_id, rot=0) -> str:
    """A province tile: its colour, cost, roads (turned `rot` quarter turns), markets (tents in the
    colour of their goods, with their value) and buildings (houses with their initial)."""
    t = data.TILE[tile_id]
    out = [_rect(x, y, s, s, TILE_TINT[t["colour"]], DIE_FILL[t["colour"]], max(1.0, s / 30), s * .08)]
    cx, cy = x + s / 2, y + s / 2
    ends = {"N": (cx, y), "S": (cx, y + s), "E": (x + s, cy), "W": (x, cy)}
    roads = province.rotate(t["roads"], rot)
    for d in roads:
        ex, ey = ends[d]
        out.append(f'<line x1="{_f(cx)}" y1="{_f(cy)}" x2="{_f(ex)}" y2="{_f(ey)}" stroke="#7a5a3a" '
                   f'stroke-width="{_f(s * .2)}"/>')
    for d in roads:
        ex, ey = ends[d]
        out.append(f'<line x1="{_f(cx)}" y1="{_f(cy)}" x2="{_f(ex)}" y2="{_f(ey)}" stroke="#e8d3a8" '
                   f'stroke-width="{_f(s * .1)}"/>')
    out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(s * .1)}" fill="#e8d3a8" stroke="#7a5a3a" '
               f'stroke-width="{_f(s * .03)}"/>')
    # the cost, top left, in the tile's die colour
    out.append(_rect(x + s * .04, y + s * .04, s * .36, s * .28, DIE_FILL[t["colour"]], "#fff", max(.6, s / 60), s * .06))
    out.append(_text(x + s * .22, y + s * .26, t["cost"], s * .24, "#fff", "middle", "bold"))
    spots = [(x + s * .76, y + s * .24), (x + s * .76, y + s * .76), (x + s * .24, y + s * .76)]
    k = 0
    for good, value in t["markets"]:
        px, py = spots[k]
        k += 1
        z = s * .3
        out.append(f'<path d="M{_f(px)},{_f(py - z * .62)} L{_f(px + z * .62)},{_f(py + z * .45)} '
                   f'L{_f(px - z * .62)},{_f(py + z * .45)} Z" fill="{GOOD_FILL[good]}" stroke="#fff" '
                   f'stroke-width="{_f(max(.6, s / 70))}"/>')
        out.append(_text(px, py + z * .36, value, z * .62, "#fff", "middle", "bold"))
    for building in t["buildings"]:
        px, py = spots[k]
        k += 1
        z = s * .28
        out.append(f'<path d="M{_f(px - z / 2)},{_f(py + z / 2)} V{_f(py - z * .1)} L{_f(px)},{_f(py - z * .6)} '
                   f'L{_f(px + z / 2)},{_f(py - z * .1)} V{_f(py + z / 2)} Z" fill="#4e342e" stroke="#fff" '
                   f'stroke-width="{_f(max(.6, s / 70))}"/>')
        out.append(_text(px, py + z * .4, BUILDING_LETTER[building], z * .6, "#fff", "middle", "bold"))
    label = texts.tile_text(tile_id) + f"; roads to the {texts.roads_text(roads)}"
    return _tip(label, "".join(out))


# --- the scoring tracks ------------------------------------------------------------------------------------
# The tracks run around the main board. A position u in [0, 64] goes clockwise from the top-left corner
# in fame units: fame space f is [f, f + 1]; money space m is [64 - 7 (m + 1) / 13, 64 - 7 m / 13], so
# its end towards fame 63 lies in fame space 63 - floor(7 m / 13), the space it faces (data.py).

TRACK_OUT, TRACK_MID, TRACK_IN = 16, 38, 60  # insets of the money ring (outer) and fame ring (inner)
_SIDES = (MAIN_W - 2 * TRACK_MID, MAIN_H - 2 * TRACK_MID) * 2
_CUM = [0.0]
for _len in _SIDES:
    _CUM.append(_CUM[-1] + _len)
SPAN = data.FAME_MAX + 1
_ALONG = ((1, 0), (0, 1), (-1, 0), (0, -1))  # clockwise direction on the top, right, bottom, left side
_INWARD = ((0, 1), (-1, 0), (0, -1), (1, 0))


def _corner(i, inset):
    return ((inset, inset), (MAIN_W - inset, inset), (MAIN_W - inset, MAIN_H - inset), (inset, MAIN_H - inset))[i % 4]


def _side(u) -> int:
    s = max(0.0, min(1.0, u / SPAN)) * _CUM[-1]
    for i in range(4):
        if s <= _CUM[i + 1]:
            return i
    return 3


def _track_point(u, inset):
    s = max(0.0, min(1.0, u / SPAN)) * _CUM[-1]
    i = _side(u)
    f = (s - _CUM[i]) / _SIDES[i]
    (ax, ay), (bx, by) = _corner(i, inset), _corner(i + 1, inset)
    return ax + f * (bx - ax), ay + f * (by - ay)


def _track_cell(u0, u1, outer, inner) -> str:
    """The polygon of the band between insets `outer` and `inner` from u0 to u1 (corners included)."""
    corners = [c * SPAN / _CUM[-1] for c in _CUM[1:4]]
    us = [u0] + [c for c in corners if u0 < c < u1] + [u1]
    pts = [_track_point(u, outer) for u in us] + [_track_point(u, inner) for u in reversed(us)]
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)


def money_span(m):
    return SPAN - data.MONEY_PER_FAME_NUM * (m + 1) / data.MONEY_PER_FAME_DEN, \
        SPAN - data.MONEY_PER_FAME_NUM * m / data.MONEY_PER_FAME_DEN


BONUS_WORDS = {"upgrade": "a building upgrade", "karma": "2 karma",
               "boat": "move your boat to the next free river space", "dice": "2 dice of any colours"}


def _workers_grid(x, y, roles, z) -> str:
    """Up to four small workers in a 2 x 2 block centred on (x, y)."""
    out = []
    for i, r in enumerate(roles):
        wx = x + (i % 2 - .5) * z * .95 if len(roles) > 1 else x
        wy = y + (i // 2 - (.5 if len(roles) > 2 else 0)) * z * 1.05 + z * .5
        out.append(_tip(f"{r}'s inactive worker", worker(wx, wy, z, r)))
    return "".join(out)


@lru_cache(maxsize=None)
def _tracks() -> str:
    """The two tracks, without pieces (the same in every drawing: built once)."""
    out = [_rect(0, 0, MAIN_W, MAIN_H, "#8c5a2b", "none", 0, 14),
           _rect(TRACK_OUT - 2, TRACK_OUT - 2, MAIN_W - 2 * TRACK_OUT + 4, MAIN_H - 2 * TRACK_OUT + 4,
                 "#5d3a1a", "none", 0, 4)]
    fame_bonus = dict(data.FAME_BONUSES)
    money_bonus = dict(data.MONEY_BONUSES)
    for f in range(SPAN):
        special = f in fame_bonus or f == data.FAME_WORKER
        tip = f"fame {f}"
        if f in fame_bonus:
            tip += f": bonus, {BONUS_WORDS[fame_bonus[f]]}"
        if f == data.FAME_WORKER:
            tip += ": each player who reaches it gains a new worker (the inactive workers wait here)"
        mid = (TRACK_MID + TRACK_IN) / 2
        cx, cy = _track_point(f + .5, mid)
        body = (f'<polygon points="{_track_cell(f, f + 1, TRACK_MID, TRACK_IN)}" '
                f'fill="{GOLD if special else FAME_CELL}" stroke="#8c6a3a" stroke-width=".7"/>')
        if special:
            ax, ay = _ALONG[_side(f + .5)]
            body += _text(cx + ax * 10, cy + ay * 10 + 3.5, f, 9, "#5a3d1c", "middle", "bold")
            body += icon(fame_bonus.get(f, "worker"), cx - ax * 9, cy - ay * 9, 12)
        else:
            body += _text(cx, cy + 3.5, f, 9.5, "#5a3d1c", "middle", "bold")
        out.append(_tip(tip, body))
    for m in range(data.MONEY_MAX + 1):
        u0, u1 = money_span(m)
        special = m in money_bonus or m == data.MONEY_WORKER
        tip = f"money {m} (beside fame {data.facing_fame(m)})"
        if m in money_bonus:
            tip += f": bonus, {BONUS_WORDS[money_bonus[m]]}"
        if m == data.MONEY_WORKER:
            tip += ": each player who reaches it gains a new worker (the inactive workers wait beside it)"
        cx, cy = _track_point((u0 + u1) / 2, (TRACK_OUT + TRACK_MID) / 2)
        body = (f'<polygon points="{_track_cell(max(u0, 0), u1, TRACK_OUT, TRACK_MID)}" '
                f'fill="{GOLD if special else MONEY_CELL}" stroke="#a88a5a" stroke-width=".6"/>')
        if special:
            ax, ay = _ALONG[_side((u0 + u1) / 2)]
            nx, ny = _INWARD[_side((u0 + u1) / 2)]
            body += _text(cx - nx * 5, cy - ny * 5 + 3, m, 7.5, "#5a3d1c", "middle", "bold")
            body += icon(money_bonus.get(m, "worker"), cx + nx * 5, cy + ny * 5, 9)
        else:
            body += _text(cx, cy + 3, m, 8, "#6a5030", "middle")
        out.append(_tip(tip, body))
    return "".join(out)


def _track_markers(view, ch=None) -> list:
    """Fame discs in the inner ring, money squares in the outer ring, the inactive workers beside
    money 20, and each player's money bonus marker (a flag beside the next bonus space); with `ch`, a
    ring on each marker that moved since the seat's last move and a dashed outline where it was."""
    out = []
    moved = ch["players"] if ch else {}
    seats = view["seats"]
    by_fame, by_money, by_bonus = {}, {}, {}
    for r in seats:
        p = view["players"][r]
        by_fame.setdefault(p["fame"], []).append(r)
        by_money.setdefault(p["money"], []).append(r)
        if p["bonus"] < len(data.MONEY_BONUSES):
            by_bonus.setdefault(data.MONEY_BONUSES[p["bonus"]][0], []).append(r)
    for f, roles in by_fame.items():
        for i, r in enumerate(roles):
            u = f + (i + 1) / (len(roles) + 1)
            x, y = _track_point(u, (TRACK_MID + TRACK_IN) / 2)
            rad = 7.5 if len(roles) < 3 else 6
            if "fame" in moved.get(r, {}):
                ox, oy = _track_point(moved[r]["fame"] + .5, (TRACK_MID + TRACK_IN) / 2)
                ch["marks"].append(f'<circle cx="{_f(ox)}" cy="{_f(oy)}" r="6" fill="none" stroke="{CHANGED}" '
                                   f'stroke-width="2" stroke-dasharray="3 2"/>' + _ring(x, y, rad + 3.5))
            out.append(_tip(f"{r}: fame {f}{_was(ch, r, 'fame')}", f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{rad}" fill="{PLAYER_FILL[r]}" '
                                              f'stroke="#111" stroke-width="1.6"/>'))
    for m, roles in by_money.items():
        u0, u1 = money_span(m)
        uc = (u0 + u1) / 2
        cx, cy = _track_point(uc, (TRACK_OUT + TRACK_MID) / 2)
        ax, ay = _ALONG[_side(uc)]
        nx, ny = _INWARD[_side(uc)]
        for i, r in enumerate(roles):
            if len(roles) == 1:
                x, y, z = cx, cy, 13
            else:
                a, b = (i % 2 - .5) * 9, ((i // 2) - .5) * 10 if len(roles) > 2 else 0
                x, y, z = cx + ax * a + nx * b, cy + ay * a + ny * b, 9
            if "money" in moved.get(r, {}):
                o0, o1 = money_span(moved[r]["money"])
                ox, oy = _track_point((o0 + o1) / 2, (TRACK_OUT + TRACK_MID) / 2)
                ch["marks"].append(_rect(ox - 5.5, oy - 5.5, 11, 11, "none", CHANGED, 2, 1,
                                         'stroke-dasharray="3 2"') + _box(x - z / 2 - 3.5, y - z / 2 - 3.5, z + 7, z + 7, 3))
            out.append(_tip(f"{r}: money {m}{_was(ch, r, 'money')}",
                            _rect(x - z / 2, y - z / 2, z, z, PLAYER_FILL[r], "#111", 1.6, 2)))
    for m, roles in by_bonus.items():
        u0, u1 = money_span(m)
        uc = (u0 + u1) / 2
        ax, ay = _ALONG[_side(uc)]
        for i, r in enumerate(roles):
            x, y = _track_point(uc, TRACK_OUT - 8)
            x, y = x + ax * (i - (len(roles) - 1) / 2) * 8, y + ay * (i - (len(roles) - 1) / 2) * 8
            if "bonus" in moved.get(r, {}):
                ch["marks"].append(_ring(x + 1, y, 8))
            out.append(_tip(f"{r}'s money bonus marker: the next money bonus is on money {m}",
                            f'<path d="M{_f(x - 2.5)},{_f(y + 6)} v-12 l7,3.5 l-7,3.5" fill="{PLAYER_FILL[r]}" '
                            f'stroke="#111" stroke-width="1"/>'))
    roles = [r for r in seats if "fame" in view["players"][r]["inactive"]]
    if roles:  # on fame 15, over the worker symbol
        f = data.FAME_WORKER
        cx, cy = _track_point(f + .5, (TRACK_MID + TRACK_IN) / 2)
        ax, ay = _ALONG[_side(f + .5)]
        out.append(_rect(cx - ax * 9 - 9, cy - ay * 9 - 10, 18, 20, GOLD))
        out.append(_workers_grid(cx - ax * 9, cy - ay * 9 - 6, roles, 8))
    roles = [r for r in seats if "money" in view["players"][r]["inactive"]]
    if roles:
        u0, u1 = money_span(data.MONEY_WORKER)
        uc = (u0 + u1) / 2
        ax, ay = _ALONG[_side(uc)]
        for i, r in enumerate(roles):
            x, y = _track_point(uc, TRACK_OUT - 8)
            x, y = x + ax * (i - (len(roles) - 1) / 2) * 9, y + ay * (i - (len(roles) - 1) / 2) * 9
            out.append(_tip(f"{r}'s inactive worker beside money {data.MONEY_WORKER}", worker(x, y + 6, 11, r)))
    return out


# --- the main board's areas ----------------------------------------------------------------------------------

def _spaces_row(view, space, costs, x, y, pitch, r=11, ch=None) -> tuple:
    """Circles for the worker spaces of an area filled in order (quarry, harbour, markets): the workers
    on them, the cost of each; returns (svg, box of the next free one)."""
    out, box = [], None
    who = view["spaces"].get(space, [])
    for i, cost in enumerate(costs):
        cx, cy = x + i * pitch, y
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{r}" fill="#fff8e8" stroke="#7a5a3a" stroke-width="1.2"/>')
        if i < len(who):
            out.append(worker(cx, cy + r * .75, r * 1.5, who[i]))
            _mark_worker(ch, space, i, cx, cy + r * .75, r * 1.5)
        else:
            if cost is not None:
                size = 8 if cost == "free" else 11
                out.append(_text(cx, cy + size * .36, cost, size, "#7a5a3a", "middle", "bold"))
            if box is None:
                box = (cx - r - 3, cy - r - 3, 2 * r + 6, 2 * r + 6)
    return "".join(out), box


def _quarry(view, actions, viewer, ch=None) -> list:
    x0, y0 = 68, 66
    n = view["players_count"]
    out = [_rect(x0 - 4, y0 - 2, 344, 228, "#eadbb8", "#b08850", 1.2, 8),
           _text(x0 + 2, y0 + 13, "Quarry", 14, weight="bold"),
           _text(x0 + 60, y0 + 13, "pay money, take a tile, pay its dice, build it", 9.5, "#5d4a33")]
    stacks = _legal(actions, "stack")
    p = view["players"].get(viewer)
    placing = viewer == view["turn"] and view["pending"] is None and p is not None and view["result"] is None
    gx, gy, s, px, py = x0 + 44, y0 + 32, 50, 58, 63
    for j, colour in enumerate(data.DICE_COLOURS):
        out.append(_rect(gx + j * px + 10, gy - 9, s - 20, 6, DIE_FILL[colour], "none", 0, 2))
    for i, back in enumerate(data.BACKS):
        lo = min(t["cost"] for t in data.TILE.values() if t["back"] == back)
        hi = max(t["cost"] for t in data.TILE.values() if t["back"] == back)
        out.append(_text(x0 + 2, gy + i * py + 22, back, 10.5, weight="bold"))
        out.append(_text(x0 + 2, gy + i * py + 35, f"{lo}-{hi}", 9.5, "#5d4a33"))
    for k, (colour, back) in enumerate(data.STACKS):
        j, i = data.DICE_COLOURS.index(colour), data.BACKS.index(back)
        x, y = gx + j * px, gy + i * py
        top = view["tops"][k]
        left = view["stack_sizes"][k]
        if top is None:
            out.append(_rect(x, y, s, s, "none", "#b59a70", 1, 4, 'stroke-dasharray="4 3"'))
            out.append(_text(x + s / 2, y + s / 2 + 4, "empty", 9, "#8a7050", "middle"))
            continue
        inner = tile(x, y, s, top)
        if ch and k in ch["tops"]:
            ch["marks"].append(_box(x - 2.5, y - 2.5, s + 5, s + 5, 5))
        can = placing and _affordable(p, top)
        words = f"{'✓ ' if can else ''}{left} in stack"
        inner += _text(x + s / 2, y + s + 9, words, 8, "#138a4e" if can else "#5d4a33", "middle", "bold" if can else "normal")
        if (k,) in stacks:
            label = f"Take the {texts.tile_text(top)}"
            out.append(_target(stacks[(k,)], label, inner, (x - 3, y - 3, s + 6, s + 6)))
        else:
            faded = stacks and (k,) not in stacks
            out.append(f'<g opacity=".45">{inner}</g>' if faded else inner)
    # the worker spaces, in rows of two
    costs = data.QUARRY_COSTS[n]
    qx, qy = gx + 4 * px + 8, gy + 10
    who = view["spaces"].get("quarry", [])
    free_box = None
    circles = []
    for i, cost in enumerate(costs):
        cx, cy = qx + (i % 2) * 25, qy + (i // 2) * 28
        circles.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="11" fill="#fff8e8" stroke="#7a5a3a" stroke-width="1.2"/>')
        if i < len(who):
            circles.append(worker(cx, cy + 8, 16, who[i]))
            _mark_worker(ch, "quarry", i, cx, cy + 8, 16)
        else:
            circles.append(_text(cx, cy + 4, cost, 11, "#7a5a3a", "middle", "bold"))
            if free_box is None:
                free_box = (cx - 14, cy - 14, 28, 28)
    if n == 3:  # the cover tile on the 3-4 player side's last quarry space
        i = len(costs)
        cx, cy = qx + (i % 2) * 25, qy + (i // 2) * 28
        circles.append(_tip("closed by a cover tile in the 3-player game",
                            _rect(cx - 11, cy - 11, 22, 22, "#9e8e76", "#5d4a33", 1, 3)))
    out.append(_text(qx + 12, qy - 17, "workers", 8.5, "#5d4a33", "middle"))
    body = "".join(circles)
    if "quarry" in actions and free_box:
        label = texts.space_text("quarry", n, costs[len(who)])
        out.append(_target("quarry", label, body, (qx - 15, qy - 15, 55, 28 * ((len(costs) + 1) // 2) + 2)))
    else:
        out.append(_tip("Quarry worker spaces, filled in order: their cost in money", body))
    return out


def _affordable(p, tile_id) -> bool:
    t = data.TILE[tile_id]
    return common.capacity(p["dice"], t["colour"], p["karma"]) >= t["cost"] and province.can_place(p, tile_id)


def _space_box(view, actions, space, x, y, w, h, draw, label, extra=None, ch=None) -> str:
    """A palace space: a box drawn by `draw`, the workers on it, and the click target if legal
    (`extra`: another (action, label) that this box stands for, the river's free palace action)."""
    who = view["spaces"].get(space, [])
    inner = _rect(x, y, w, h, "#fff8e8", "#7a5a3a", 1.2, 5) + draw
    for i, r in enumerate(who):
        inner += worker(x + w - 8 - i * 12, y + h - 3, 14, r)
        _mark_worker(ch, space, i, x + w - 8 - i * 12, y + h - 3, 14)
    if space in actions:
        return _target(space, label, inner, (x - 2, y - 2, w + 4, h + 4))
    if extra is not None:
        return _target(extra[0], extra[1], inner, (x - 2, y - 2, w + 4, h + 4))
    return _tip(label, inner)


def _palace(view, actions, ch=None) -> list:
    n = view["players_count"]
    x0, y0, pitch = 422, 66, 52
    out = [_rect(x0 - 6, y0 - 2, 6 * pitch + 10, 228, "#f6e3b8", "#b08850", 1.5, 8),
           _text(x0, y0 + 13, "Palace of the Great Mogul", 13, weight="bold")]
    # balconies
    by = y0 + 30
    out.append(_text(x0, by - 7, "balconies: give 1 die, take 2", 9, "#5d4a33"))
    for i, (give, get) in enumerate(data.BALCONIES[n]):
        x = x0 + i * pitch
        draw = (die(x + 4, by + 9, 13, give, 0) + _text(x + 22, by + 20, "→", 11, anchor="middle", weight="bold")
                + die(x + 29, by + 4, 11, get, 0) + die(x + 35, by + 16, 11, get, 0))
        out.append(_space_box(view, actions, f"balcony:{i}", x, by, pitch - 4, 32, draw,
                              texts.space_text(f"balcony:{i}", n), ch=ch))
    # the chambers
    cy = by + 52
    out.append(_text(x0, cy - 7, "chambers: give up a die of exactly this value", 9, "#5d4a33"))
    river_palace = _legal(actions, "palace")
    short = {"mogul": ("Great", "Mogul"), "dancer": ("Dancer", ""), "yogi": ("Yogi", ""),
             "raja": ("Raja Man", "Singh"), "builder": ("Master", "builder"), "portuguese": ("Portu-", "guese")}
    gain = {"mogul": ("2 fame,", "start"), "dancer": ("2 dice,", "yield tile"), "yogi": ("2 karma,", "1 die"),
            "raja": ("upgrade,", "3 money"), "builder": ("cover", "a tile"), "portuguese": ("6 river", "spaces")}
    for i, (key, value, name) in enumerate(data.CHAMBERS):
        x = x0 + i * pitch
        a, b = short[key]
        c, d = gain[key]
        mid = x + (pitch - 4) / 2
        draw = (die(mid - 8, cy + 4, 16, "white", value)
                + _text(mid, cy + 31, a, 8.5, anchor="middle", weight="bold")
                + _text(mid, cy + 41, b, 8.5, anchor="middle", weight="bold")
                + _text(mid, cy + 54, c, 8, "#5d4a33", "middle") + _text(mid, cy + 63, d, 8, "#5d4a33", "middle"))
        extra = None
        if (key,) in river_palace:
            extra = (river_palace[(key,)], f"{name} (free, from the river): {texts.CHAMBER_EFFECT[key]}")
        out.append(_space_box(view, actions, key, x, cy, pitch - 4, 68, draw, texts.space_text(key, n), extra, ch))
    # the terrace (one die of each colour) and the outer terrace
    ty = cy + 88
    out.append(_text(x0, ty - 7, "terrace: take a die", 9, "#5d4a33"))
    for i, colour in enumerate(data.DICE_COLOURS):
        x = x0 + i * 38
        draw = die(x + 9, ty + 6, 16, colour, 0)
        out.append(_space_box(view, actions, f"terrace:{colour}", x, ty, 34, 34, draw,
                              texts.space_text(f"terrace:{colour}", n), ch=ch))
    ox = x0 + 4 * 38 + 4
    ow = 6 * pitch - 4 - (ox - x0)
    out.append(_text(ox, ty - 7, "outer terrace (free)", 9, "#5d4a33"))
    who = view["spaces"].get("outer", [])
    cap = data.OUTER_TERRACE_SPACES[n]
    inner = (_rect(ox, ty, ow, 34, "#fff8e8", "#7a5a3a", 1.2, 5) + icon("money", ox + 12, ty + 11, 14, 2)
             + _text(ox + 23, ty + 15, "+ reroll dice", 9, weight="bold"))
    for i in range(cap):
        wx = ox + 14 + i * 22
        inner += f'<circle cx="{_f(wx)}" cy="{_f(ty + 26)}" r="6" fill="#fff" stroke="#b59a70"/>'
        if i < len(who):
            inner += worker(wx, ty + 32, 13, who[i])
            _mark_worker(ch, "outer", i, wx, ty + 32, 13)
    label = texts.space_text("outer", n)
    if "outer" in actions:
        out.append(_target("outer", label, inner, (ox - 2, ty - 2, ow + 4, 38)))
    else:
        out.append(_tip(label, inner))
    return out


ROW_B = 302


def _market_harbour(view, actions, ch=None) -> list:
    n = view["players_count"]
    out = []
    # the market
    x0, y0 = 68, ROW_B
    out.append(_rect(x0 - 4, y0 - 2, 186, 72, "#f3e6c8", "#b08850", 1.2, 8))
    out.append(_text(x0 + 2, y0 + 12, "Market", 13, weight="bold"))
    rows = (("assorted", data.ASSORTED_SPACES[n], "1 market of each kind", 31),
            ("onekind", data.ONE_KIND_SPACES[n], "give up a die", 56))
    for space, count, words, dy in rows:
        body, box = _spaces_row(view, space, [None] * count, x0 + 14, y0 + dy, 23, 10, ch)
        name = "assorted goods" if space == "assorted" else "goods of one kind"
        body += _text(x0 + 14 + 3 * 23 - 6, y0 + dy - 1, name, 8.5, weight="bold")
        body += _text(x0 + 14 + 3 * 23 - 6, y0 + dy + 9, words, 8.5, "#5d4a33")
        label = texts.space_text(space, n)
        if space in actions and box:
            out.append(_target(space, label, body, (x0, y0 + dy - 12, 176, 24)))
        else:
            out.append(_tip(label, body))
    # the harbour
    x0 = 262
    out.append(_rect(x0 - 4, y0 - 2, 144, 72, "#dcecf2", "#5b8aa0", 1.2, 8))
    out.append(_text(x0 + 2, y0 + 12, "Harbour", 13, weight="bold"))
    out.append(_text(x0 + 2, y0 + 64, "give up a 1, 2 or 3, then sail", 8.5, "#35576a"))
    costs = data.HARBOUR_COSTS[n]
    body, box = _spaces_row(view, "harbour", ["free" if c == 0 else c for c in costs], x0 + 16, y0 + 36, 26, 11,
                            ch=ch)
    if n == 3:
        body += _tip("closed by a cover tile in the 3-player game",
                     _rect(x0 + 16 + len(costs) * 26 - 11, y0 + 25, 22, 22, "#9e8e76", "#5d4a33", 1, 3))
    who = view["spaces"].get("harbour", [])
    cost = costs[len(who)] if len(who) < len(costs) else None
    label = texts.space_text("harbour", n, harbour_cost=cost)
    if "harbour" in actions and box:
        out.append(_target("harbour", label, body, (x0 + 1, y0 + 21, 132, 30)))
    else:
        out.append(_tip("Harbour worker spaces, filled in order: their cost in money", body))
    return out


def _upgrades_supply(view) -> list:
    out = []
    x0, y0 = 412, ROW_B
    out.append(_rect(x0 - 4, y0 - 2, 168, 72, "#f3e6c8", "#b08850", 1.2, 8))
    out.append(_text(x0 + 2, y0 + 12, "Fame per building", 11, weight="bold"))
    for j, level in enumerate(data.UPGRADE_LEVELS):
        out.append(_text(x0 + 72 + j * 30, y0 + 24, level, 9, "#5d4a33", "middle", "bold"))
    for i, building in enumerate(data.BUILDINGS):
        y = y0 + 27 + i * 10.5
        out.append(_text(x0 + 2, y + 8.5, f"{BUILDING_LETTER[building]} {building}", 9))
        for j, level in enumerate(data.UPGRADE_LEVELS):
            x = x0 + 58 + j * 30
            out.append(_rect(x, y, 28, 10, "#fff8e8", "#b59a70", .8, 2))
            here = [r for r in view["seats"] if view["players"][r]["upgrades"][building] == level]
            for k, r in enumerate(here):
                out.append(_tip(f"{r}: {level} fame per {building}",
                                _rect(x + 2 + k * 6.5, y + 2, 6, 6, PLAYER_FILL[r], "#111", .8)))
    # the dice supply and the yield tiles
    x0 = 588
    out.append(_rect(x0 - 4, y0 - 2, 150, 72, "#f3e6c8", "#b08850", 1.2, 8))
    out.append(_text(x0 + 2, y0 + 12, "Dice supply", 11, weight="bold"))
    for j, colour in enumerate(data.DICE_COLOURS):
        x = x0 + 4 + j * 34
        left = view["supply"][colour]
        out.append(_tip(f"{left} {colour} dice in the supply", die(x, y0 + 18, 16, colour, 0, faded=left == 0)
                        + _text(x + 24, y0 + 31, left, 10, "#222" if left else "#b00", "middle", "bold")))
    count = view["yield_stack_size"]
    out.append(_tip(f"{count} white yield tiles face down (the Dancer draws one)",
                    _rect(x0 + 4, y0 + 48, 13, 13, "#fff", "#777", 1, 2) + _rect(x0 + 6, y0 + 46, 13, 13, "#fff", "#777", 1, 2)
                    + _text(x0 + 24, y0 + 58, f"{count} white yield tiles", 9, "#5d4a33")))
    return out


RIVER_X, RIVER_Y, RIVER_PITCH, RIVER_S = 74, 406, 55, 50
RIVER_DROP = 80


def _river_pos(pos):
    """Top-left corner of river space `pos`: 0-10 left to right, 11-20 right to left below."""
    if pos <= 10:
        return RIVER_X + pos * RIVER_PITCH, RIVER_Y
    return RIVER_X + (21 - pos) * RIVER_PITCH, RIVER_Y + RIVER_DROP


RIVER_WORDS = {"money": ("{n}", "money"), "fame": ("{n}", "fame"), "karma": ("+{n}", "karma"),
               "dice": ("2 dice", "any colour"), "upgrade": ("1", "upgrade"),
               "karma_dice": ("1 die", "per karma"), "money_per_market": ("1 money", "per market"),
               "palace": ("palace", "action 2-6"), "assorted": ("assorted", "goods ≤ {n}"),
               "fame_per_upgrade": ("1 fame", "per upgrade"), "one_kind": ("one kind", "≤ {n} markets"),
               "money_per_upgrade": ("2 money", "per upgrade"), "fame_per_karma": ("2 fame", "per karma")}


def _river(view, actions, ch=None) -> list:
    out = [_text(RIVER_X - 6, RIVER_Y - 14, "River Ganges", 13, weight="bold"),
           _text(RIVER_X + 100, RIVER_Y - 14, "each space earns when your boat stops on it; one boat a space, "
                 "but any number on the start and the end", 9, "#35576a")]
    # the water: along the top row, round the bend, back along the bottom row
    h = RIVER_S / 2
    x0c, x10c = _river_pos(0)[0] + h, _river_pos(10)[0] + h
    y1c = RIVER_Y + h
    bend = RIVER_DROP / 2
    out.append(f'<path d="M{_f(x0c - 36)},{_f(y1c)} H{_f(x10c)} a{_f(bend)},{_f(bend)} 0 0 1 0,{_f(RIVER_DROP)} '
               f'H{_f(_river_pos(20)[0] - 12)}" fill="none" stroke="{WATER}" stroke-width="{RIVER_S + 14}" '
               f'stroke-linejoin="round"/>')
    river = _legal(actions, "river")
    boats = {}
    for r in view["seats"]:
        boats.setdefault(view["players"][r]["boat"], []).append(r)
    s = RIVER_S
    for pos in range(data.RIVER_END + 1):
        x, y = _river_pos(pos)
        reward = data.RIVER[pos]
        inner = _rect(x, y, s, s, "#eaf6fc" if pos not in (0, data.RIVER_END) else "#fff3d6", "#3f7ea0", 1.2, 7)
        inner += _text(x + 4, y + 10, pos, 8.5, "#35576a", weight="bold")
        if reward is None:
            inner += _text(x + s / 2, y + 24, "start", 10, "#35576a", "middle", "bold")
        else:
            kind, n = reward
            a, b = RIVER_WORDS[kind]
            a, b = a.format(n=n), b.format(n=n)
            if kind in ("money", "fame", "karma", "upgrade"):
                inner += icon(kind, x + 17, y + 19, 14, n if kind != "upgrade" else None)
                inner += _text(x + s / 2, y + 34, f"{n} {kind}" if kind != "upgrade" else "upgrade", 8.5, INK, "middle", "bold")
            elif kind == "karma_dice":
                inner += die(x + 12, y + 12, 14, n, 0) + _text(x + 31, y + 23, "×", 9, anchor="middle")
                inner += icon("karma", x + 40, y + 19, 11)
                inner += _text(x + s / 2, y + 34, "per karma", 8, INK, "middle")
            else:
                inner += _text(x + s / 2, y + 22, a, 8.5, INK, "middle", "bold")
                inner += _text(x + s / 2, y + 32, b, 8, INK, "middle")
            if pos == data.RIVER_END:
                inner += _text(x + s - 4, y + 10, "end", 8.5, "#35576a", "end", weight="bold")
        here = boats.get(pos, [])
        for i, r in enumerate(here):
            bx = x + s / 2 + (i - (len(here) - 1) / 2) * (s / max(2, len(here)) * .9)
            inner += _tip(f"{r}'s boat" + _was(ch, r, "boat").replace("was", "on river space", 1),
                          boat(bx, y + s - 2, 14 if len(here) < 3 else 11, r))
            if ch and "boat" in ch["players"].get(r, {}):
                ch["marks"].append(_ring(bx, y + s - 7, 10))
        if (pos,) in river:
            out.append(_target(river[(pos,)], f"Sail to river space {pos}: {texts.river_text(pos)}", inner,
                               (x - 3, y - 3, s + 6, s + 6)))
        else:
            out.append(_tip(f"River space {pos}: {texts.river_text(pos)}", inner))
    # the bridge, between spaces 9 and 10 (not a space), with the inactive workers
    bx = _river_pos(data.BRIDGE)[0] - (RIVER_PITCH - RIVER_S) / 2
    out.append(_tip("The bridge: a boat that passes it brings its player a new worker",
                    _rect(bx - 4, RIVER_Y - 6, 8, RIVER_S + 12, "#8d6e4f", "#4e342e", 1.2, 2)))
    roles = [r for r in view["seats"] if "river" in view["players"][r]["inactive"]]
    for i, r in enumerate(roles):
        out.append(_tip(f"{r}'s inactive worker on the bridge", worker(bx, RIVER_Y + 10 + i * 14, 11, r)))
    return out


# --- the players -------------------------------------------------------------------------------------------

def _race(view, x0, y0, w) -> list:
    """Who is closest to crossing: each player's fame against the fame space its money faces; at the
    end, the final ranking."""
    result = view["result"]
    place = {}
    if result is not None:
        for i, group in enumerate(result["ranking"]):
            for r in group:
                place[r] = i + 1
        title = "Game over: " + result["winners"][0] + " wins"
        hint = ""
    else:
        ending = " · last stage" if view["final"] is not None else ""
        title = f"Round {view['round']}{ending} · the race"
        hint = "fame ● must reach the fame beside money ■"
    out = [_text(x0, y0 + 12, title, 13, "#a4262c" if result else INK, weight="bold"),
           _text(x0 + w, y0 + 12, hint, 9.5, "#5d4a33", "end")]
    bar_x, bar_w = x0 + 72, w - 160
    for i, r in enumerate(view["seats"]):
        p = view["players"][r]
        y = y0 + 22 + i * 19
        out.append(_text(x0, y + 10, (f"{place[r]}. " if r in place else "") + r, 10.5, weight="bold"))
        out.append(_rect(bar_x, y + 3, bar_w, 8, "#e9dcc0", "#b59a70", .6, 3))
        fx = bar_x + bar_w * p["fame"] / data.FAME_MAX
        mx = bar_x + bar_w * p["facing"] / data.FAME_MAX
        gap = p["facing"] - p["fame"]
        out.append(_rect(min(fx, mx), y + 3, abs(mx - fx), 8, "#5fb36b" if gap <= 0 else "#e0a0a0", "none", 0, 3))
        out.append(f'<circle cx="{_f(fx)}" cy="{_f(y + 7)}" r="5.5" fill="{PLAYER_FILL[r]}" stroke="#111" stroke-width="1.2"/>')
        out.append(_rect(mx - 5, y + 2, 10, 10, PLAYER_FILL[r], "#111", 1.2, 1.5))
        words = f"passed by {-gap}" if gap < 0 else "met" if gap == 0 else f"{gap} fame to go"
        out.append(_tip(f"{r}: fame {p['fame']}, money {p['money']} (beside fame {p['facing']}): {words}",
                        _text(x0 + w, y + 10, words, 10, "#2e7d32" if gap <= 0 else INK, "end", "bold")))
    return out


def _howto(x0, y0, w) -> list:
    """The turn and the goal in a few lines (drawn where the bottom strip has room)."""
    out = [_rect(x0, y0, w - 4, PANEL_H, "#fbf4e4", "#c9b38a", 1.2, 10),
           _text(x0 + 10, y0 + 18, "How to play", 12, weight="bold")]
    lines = [
        "A turn: place one worker, pay what its space costs (money, dice), carry out the action. "
        "Turns go round until nobody can place; then the workers come back.",
        "Quarry: build tiles. Markets bring money, buildings fame. Roads must join your residence; "
        "reaching an edge yield earns it.",
        "Market: money from your markets. Palace: dice, karma, upgrades, the chambers. Harbour: sail "
        "the river for its earnings.",
        "Karma turns a die you give up to its opposite side. More workers: fame 15, money 20, the bridge.",
        "The end: when a player's fame marker meets or passes their money marker, the stage is finished; "
        "the largest difference wins.",
    ]
    y = y0 + 36
    for text in lines:
        for line in textwrap.wrap(text, int((w - 30) / 5.4), break_long_words=False, break_on_hyphens=False):
            out.append(_text(x0 + 12, y, line, 9.5))
            y += 12
        y += 5
    return out


def _province(x0, y0, s, p, cells=None, covers=None, rot_cell=None, large=True, held=None, marks=None) -> list:
    """A province board: the 4 x 5 squares, the residence, the tiles with their roads, the open road
    ends (a dot where a tile can join), the edge yields (faded once taken); legal squares outlined;
    `marks` (changes, list): the squares that changed since the seat's last move, marked in the list."""
    cells, covers = cells or {}, covers or {}
    grid = p["province"]
    if marks:
        for r, c in sorted(marks[0].get("cells", ())):
            marks[1].append(_box(x0 + c * s + 1.5, y0 + r * s + 1.5, s - 3, s - 3, 4))
    out = [_rect(x0 - s * .55, y0 - 6, data.COLS * s + s * 1.1, data.ROWS * s + s * .5 + 6, "#c9d9a0", "#7a8a50",
                 1.2, 8)]
    for r in range(data.ROWS):
        for c in range(data.COLS):
            x, y = x0 + c * s, y0 + r * s
            cell = grid[r][c]
            if cell == "R":
                inner = _rect(x, y, s, s, "#f3dcae", "#8a6a3a", 1, 3)
                cx, cy = x + s / 2, y + s / 2
                for d in data.RESIDENCE_ROADS:
                    ex, ey = {"W": (x, cy), "E": (x + s, cy), "S": (cx, y + s)}[d]
                    inner += (f'<line x1="{_f(cx)}" y1="{_f(cy)}" x2="{_f(ex)}" y2="{_f(ey)}" stroke="#7a5a3a" '
                              f'stroke-width="{_f(s * .2)}"/><line x1="{_f(cx)}" y1="{_f(cy)}" x2="{_f(ex)}" '
                              f'y2="{_f(ey)}" stroke="#e8d3a8" stroke-width="{_f(s * .1)}"/>')
                inner += (f'<path d="M{_f(cx - s * .25)},{_f(cy + s * .12)} V{_f(cy - s * .12)} '
                          f'Q{_f(cx)},{_f(cy - s * .42)} {_f(cx + s * .25)},{_f(cy - s * .12)} V{_f(cy + s * .12)} Z" '
                          f'fill="#c0392b" stroke="#6d1a12" stroke-width="1"/>')
                if large:
                    inner += _text(cx, y + s - 3, "residence", s * .15, "#6d1a12", "middle", "bold")
                out.append(_tip("Your residence: roads lead west, south and east", inner))
            elif cell is None:
                inner = _rect(x, y, s, s, "#dfe9bf", "#9aab70", .8, 3)
            else:
                inner = tile(x, y, s, cell[0], cell[1])
                if cell[2] is not None:
                    inner = (_rect(x + 3, y + 3, s, s, TILE_TINT[data.TILE[cell[2]]["colour"]], "#555", .8, 3)
                             + inner + _tip("covered by the Master builder (no more covering here)",
                                            _rect(x + s * .72, y + s * .82, s * .26, s * .14, "#333", "none", 0, 2)))
            if (r, c) in cells:
                out.append(_target(cells[(r, c)], f"Build on row {r + 1}, column {c + 1}",
                                   inner + _text(x + s / 2, y + s / 2 + s * .12, "+", s * .4, "#138a4e", "middle", "bold"),
                                   (x + 2, y + 2, s - 4, s - 4)))
            elif (r, c) in covers:
                label = f"Cover the tile on row {r + 1}, column {c + 1}"
                if held is not None:
                    new, old = data.TILE[held], data.TILE[cell[0]]
                    label += f" (pay {new['cost'] - old['cost']} or more in {new['colour']} dice)"
                out.append(_target(covers[(r, c)], label, inner, (x + 1, y + 1, s - 2, s - 2)))
            elif rot_cell == (r, c):
                out.append(inner + _rect(x + 2, y + 2, s - 4, s - 4, "rgba(20,140,80,.15)", "#138a4e", 3, 5)
                           + _text(x + s / 2, y + s / 2 + s * .12, "?", s * .4, "#138a4e", "middle", "bold"))
            else:
                out.append(inner)
    # open road ends: a road end of a tile (or the residence) facing an empty square
    for r in range(data.ROWS):
        for c in range(data.COLS):
            for d in province.roads_at(grid, r, c):
                dr, dc = data.STEP[d]
                nr, nc = r + dr, c + dc
                if province.inside(nr, nc) and grid[nr][nc] is None:
                    cx = x0 + c * s + s / 2 + dc * s / 2
                    cy = y0 + r * s + s / 2 + dr * s / 2
                    out.append(f'<circle class="inert" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(max(2.5, s * .08))}" '
                               f'fill="#fff3c4" stroke="#7a5a3a" stroke-width="1"/>')
    # the edge yields
    for (r, c, d), (kind, n) in data.EDGE_YIELDS.items():
        taken = f"{r},{c},{d}" in p["yields"]
        cx = x0 + c * s + s / 2 + {"W": -s * .78, "E": s * .78, "S": 0}[d]
        cy = y0 + r * s + s / 2 + {"W": 0, "E": 0, "S": s * .72}[d]
        z = s * (.34 if large else .38)
        g = icon(kind, cx, cy, z, None if kind in ("die", "upgrade") else n)
        if taken:
            g = f'<g opacity=".3">{g}</g>' + (f'<path d="M{_f(cx - z / 2)},{_f(cy + z / 2)} l{_f(z)},{_f(-z)}" '
                                              f'stroke="#333" stroke-width="1.5"/>')
        out.append(_tip(f"Edge yield: {texts.reward_text(kind, n)}" + (" (taken)" if taken else
                                                                         " (when a road reaches it)"), g))
    return out


def _kali(x0, y0, s, p, role, actions, pending, large=True, marks=None) -> list:
    """The Kali statue: 10 hands (dice with colour and pips; legal dice outlined, a karma button under
    a die that may be turned over), karma 0-3, workers."""
    out = []
    gap = s * .3
    pitch_y = s + (20 if large else gap)
    marked = [tuple(d) for d in pending.get("marked", [])] if pending and pending.get("k") == "reroll" else []
    dice_acts = {}
    for a in actions:
        if isinstance(a, list) and a and a[0] in ("die", "flip", "mark", "unmark", "return"):
            dice_acts.setdefault((a[1], a[2]), {})[a[0]] = a
    seen_marked = []
    for j in range(data.MAX_DICE):
        x, y = x0 + (j % 5) * (s + gap), y0 + (j // 5) * pitch_y
        if j >= len(p["dice"]):
            out.append(_rect(x, y, s, s, "none", "#b59a70", 1, s * .18, 'stroke-dasharray="3 3"'))
            continue
        colour, value = p["dice"][j]
        key = (colour, value)
        if marks and j in marks[0].get("dice", ()):
            marks[1].append(_box(x - 2.5, y - 2.5, s + 5, s + 5, s * .22))
        is_marked = seen_marked.count(key) < marked.count(key)
        if is_marked:
            seen_marked.append(key)
        inner = die(x, y, s, colour, value)
        if is_marked:
            inner += (f'<circle cx="{_f(x + s / 2)}" cy="{_f(y + s / 2)}" r="{_f(s * .72)}" fill="none" '
                      f'stroke="#e65100" stroke-width="3" stroke-dasharray="5 3"/>'
                      + _text(x + s / 2, y + s + 14, "reroll", 9, "#e65100", "middle", "bold"))
        acts = dice_acts.get(key, {})
        box = (x - 3, y - 3, s + 6, s + 6)
        if is_marked and "unmark" in acts:
            out.append(_target(acts["unmark"], f"Keep the {colour} {value} (do not reroll it)", inner, box))
        elif not is_marked and "mark" in acts:
            out.append(_target(acts["mark"], f"Reroll the {colour} {value}", inner, box))
        elif "die" in acts:
            out.append(_target(acts["die"], f"Give up the {colour} {value}", inner, box))
        elif "return" in acts:
            out.append(_target(acts["return"], f"Put the {colour} {value} back in the supply", inner, box))
        elif acts:  # only a karma turn
            out.append(_tip(f"{colour} {value}", inner))
        else:
            faded = bool(dice_acts) and pending and pending.get("k") in ("pay", "die")
            out.append(_tip(f"{colour} {value}", f'<g opacity=".4">{inner}</g>' if faded else inner))
        if "flip" in acts:
            to = data.OPPOSITE[value]
            fy = y + s + 3
            btn = (_rect(x - 3, fy, s + 6, 14, "#7e57c2", "#3f2a78", 1, 4)
                   + _text(x + s / 2, fy + 10.5, f"karma→{to}", 8.5, "#fff", "middle", "bold"))
            out.append(_target(acts["flip"], f"Turn the {colour} {value} to {to} with 1 karma and give it up",
                               btn, (x - 4, fy - 1, s + 8, 16)))
    return out


def _karma_workers(x0, y0, p, role, view, large=True, marks=None) -> list:
    out = []
    z = 15 if large else 11
    if marks and "karma" in marks[0]:
        x = x0 + (40 if large else 34) + p["karma"] * (z + 4)
        marks[1].append(_box(x - 2.5, y0 - 2.5, z + 5, z + 5, 4))
    out.append(_text(x0, y0 + z * .8, "karma", 10 if large else 9, weight="bold"))
    for k in range(data.KARMA_MAX + 1):
        x = x0 + (40 if large else 34) + k * (z + 4)
        on = p["karma"] == k
        out.append(_rect(x, y0, z, z, "#7e57c2" if on else "#efe6f8", "#3f2a78", 1, 3))
        out.append(_text(x + z / 2, y0 + z * .75, k, z * .65, "#fff" if on else "#3f2a78", "middle", "bold"))
    was = f" (was {marks[0]['karma']} at your last move)" if marks and "karma" in marks[0] else ""
    out[-(2 * (data.KARMA_MAX + 1)):] = [_tip(f"{role}: karma {p['karma']}{was} (0-3): each karma turns a die over "
                                              "when you give it up", "".join(out[-(2 * (data.KARMA_MAX + 1)):]))]
    wy = y0 + z + (26 if large else 20)
    out.append(_text(x0, wy - 2, "workers", 10 if large else 9, weight="bold"))
    left = p["workers"] - p["placed"]
    wx = x0 + (62 if large else 50)
    parts = []
    for i in range(p["workers"]):
        parts.append(worker(wx + i * (z + 3), wy, z + 3, role, faded=i >= left))
    for j, source in enumerate(p["inactive"]):
        parts.append(worker(wx + (p["workers"] + j) * (z + 3) + 4, wy, z + 3, role, outline=True))
    where = {"fame": "fame 15", "money": "money 20", "river": "the bridge"}
    tip = (f"{role}: {left} of {p['workers']} workers still to place this round"
           + (f"; inactive: {', '.join(where[s] for s in p['inactive'])}" if p["inactive"] else ""))
    out.append(_tip(tip, "".join(parts)))
    return out


def _upgrade_line(p) -> str:
    return " · ".join(f"{BUILDING_LETTER[b]} {p['upgrades'][b]}" for b in data.BUILDINGS)


def _header(x0, y0, r, p, view, viewer, large) -> list:
    out = []
    size = 14 if large else 12
    out.append(_rect(x0, y0 - size + 1, size, size, PLAYER_FILL[r], "#111", 1.2, 3))
    name = r + (" (you)" if r == viewer and large and not view.get("watching") else "")
    out.append(_text(x0 + size + 5, y0, name, size, weight="bold"))
    tags = []
    if r == view["start"]:
        tags.append("start player")
    if r == view["turn"] and view["result"] is None:
        tags.append("to act")
    if r in view["passed"]:
        tags.append("markers met")
    if tags:
        out.append(_text(x0 + size + 10 + len(name) * size * .62, y0, "· " + " · ".join(tags), size * .78,
                         "#a4262c", weight="bold"))
    line = (f"fame {p['fame']} · money {p['money']} · boat on {p['boat']} · "
            f"fame per building {_upgrade_line(p)}")
    out.append(_text(x0, y0 + (16 if large else 14), line, 9.5 if large else 9, "#5d4a33"))
    return out


def _marks_of(ch, r):
    """(what changed of player r, the list the marks go to), or None."""
    return (ch["players"][r], ch["marks"]) if ch and r in ch["players"] else None


def _you(view, viewer, actions, ch=None) -> list:
    """The seat drawn large: its province, the tile in hand with its turns, its Kali statue."""
    p = view["players"][viewer]
    x0 = RIGHT_X
    acting = viewer == view["turn"] and view["result"] is None
    pending = view["pending"] if acting else None
    out = [_rect(x0 - 4, 118, W - x0, 500, "#fbf4e4", "#c9b38a", 1.2, 10)]
    out += _header(x0 + 6, 138, viewer, p, view, viewer, True)
    s = 50
    gx, gy = x0 + 66, 168
    rot_cell = tuple(pending["cell"]) if pending and pending.get("k") == "rot" else None
    out += _province(gx, gy, s, p, _legal(actions, "cell") if acting else {}, _legal(actions, "cover") if acting else {},
                     rot_cell, True, view["held"], _marks_of(ch, viewer))
    # the tile in hand, and the ways it can be turned
    hy = gy + data.ROWS * s + 38
    held = view["held"]
    rots = _legal(actions, "rot") if acting else {}
    if held is not None and acting:
        out.append(_text(x0 + 8, hy + 10, "tile in hand", 10, weight="bold"))
        out.append(tile(x0 + 8, hy + 16, 44, held))
        if rots:
            out.append(_text(x0 + 84, hy + 10, "click a way to turn it:", 10, "#138a4e", weight="bold"))
            for i, (rot,) in enumerate(sorted(rots)):
                x = x0 + 84 + i * 74
                label = _rot_label(p, held, rot, rot_cell)
                inner = tile(x, hy + 16, 44, held, rot)
                words = _rot_gain(p, held, rot, rot_cell)
                if words:
                    inner += _text(x + 22, hy + 72, words, 8.5, "#138a4e", "middle", "bold")
                out.append(_target(rots[(rot,)], label, inner, (x - 3, hy + 13, 50, 50)))
        elif pending and pending.get("k") == "pay":
            need = pending["need"] - pending["paid"]
            out.append(_text(x0 + 84, hy + 32, f"pay {pending['colour']} dice: {need} more", 11, "#138a4e", weight="bold"))
            if pending["paid"]:
                out.append(_text(x0 + 84, hy + 48, f"{pending['paid']} paid so far", 10, "#5d4a33"))
        else:
            words = {"cell": "click a green square to build it", "cover": "click the tile it covers",
                     "stack": ""}.get(pending.get("k") if pending else "", "")
            out.append(_text(x0 + 84, hy + 36, words, 11, "#138a4e", weight="bold"))
        ky = hy + 80
    else:
        ky = hy + 6
    # the Kali statue
    out.append(_text(x0 + 8, ky + 10, "Kali statue", 11, weight="bold"))
    out.append(_text(x0 + 82, ky + 10, f"{len(p['dice'])} of 10 dice", 9.5, "#5d4a33"))
    if ch and "ndice" in ch["players"].get(viewer, {}):
        ch["marks"].append(_box(x0 + 78, ky - 2, 74, 16, 4))
    out += _kali(x0 + 10, ky + 20, 30, p, viewer, actions if acting else [], pending, True, _marks_of(ch, viewer))
    out += _karma_workers(x0 + 214, ky + 22, p, viewer, view, True, _marks_of(ch, viewer))
    return out


def _rot_roads(held, rot):
    return province.rotate(data.TILE[held]["roads"], rot)


def _rot_gain(p, held, rot, cell) -> str:
    if cell is None:
        return ""
    new = [key for key in province.edge_yields(cell[0], cell[1], _rot_roads(held, rot))
           if f"{key[0]},{key[1]},{key[2]}" not in p["yields"]]
    return " + ".join(texts.reward_text(*data.EDGE_YIELDS[key]) for key in new)


def _rot_label(p, held, rot, cell) -> str:
    label = f"Turn the tile: roads to the {texts.roads_text(_rot_roads(held, rot))}"
    gain = _rot_gain(p, held, rot, cell)
    return label + (f"; reaches the edge yield {gain}" if gain else "")


def _other(view, r, x0, y0, ch=None) -> list:
    p = view["players"][r]
    out = [_rect(x0, y0, PANEL_W - 4, PANEL_H, "#fbf4e4", "#c9b38a", 1.2, 10)]
    out += _header(x0 + 8, y0 + 18, r, p, view, None, False)
    s = 30
    out += _province(x0 + 8 + s * .6, y0 + 48, s, p, large=False, marks=_marks_of(ch, r))
    kx = x0 + 206
    out.append(_text(kx, y0 + 54, f"Kali: {len(p['dice'])} of 10 dice", 9.5, weight="bold"))
    if ch and "ndice" in ch["players"].get(r, {}):
        ch["marks"].append(_box(kx - 4, y0 + 42, 104, 16, 4))
    out += _kali(kx, y0 + 62, 22, p, r, [], None, False, _marks_of(ch, r))
    out += _karma_workers(kx, y0 + 134, p, r, view, False, _marks_of(ch, r))
    return out


def _legend(x0, y0, w) -> list:
    out = [_rect(x0, y0, w - 4, PANEL_H, "#fbf4e4", "#c9b38a", 1.2, 10), _text(x0 + 10, y0 + 18, "Key", 12, weight="bold")]
    y = y0 + 44
    rows = [
        (lambda x, yy: tile(x, yy - 17, 32, 22), "a tile: cost (dice of its colour), roads, markets, buildings"),
        (lambda x, yy: (f'<path d="M{x + 13},{yy - 10} l8,14 h-16 Z" fill="{GOOD_FILL["silk"]}"/>'
                        f'<path d="M{x + 30},{yy - 10} l8,14 h-16 Z" fill="{GOOD_FILL["tea"]}"/>'
                        f'<path d="M{x + 47},{yy - 10} l8,14 h-16 Z" fill="{GOOD_FILL["spices"]}"/>'),
         "markets: silk, tea, spices (money when built and at the market)"),
        (lambda x, yy: (f'<path d="M{x + 5},{yy + 5} v-9 l7,-6 l7,6 v9 Z" fill="#4e342e"/>'
                        + _text(x + 12, yy + 3, "T", 8, "#fff", "middle", "bold")),
         "buildings T temple, P palace, F fort, M mill: fame when built"),
        (lambda x, yy: icon("money", x + 8, yy - 3, 14, 2) + icon("fame", x + 26, yy - 3, 14, 3)
         + icon("die", x + 44, yy - 3, 14) + icon("karma", x + 62, yy - 3, 14) + icon("upgrade", x + 80, yy - 3, 14),
         "money, fame, a die, karma, an upgrade"),
        (lambda x, yy: f'<circle cx="{x + 8}" cy="{yy - 3}" r="4" fill="#fff3c4" stroke="#7a5a3a"/>',
         "an open road end: a new tile can join here"),
        (lambda x, yy: _rect(x, yy - 12, 30, 16, "rgba(20,140,80,.10)", "#138a4e", 2.5, 4, 'stroke-dasharray="7 3"'),
         "outlined in green: what you can click now"),
    ]
    for draw, words in rows:
        out.append(draw(x0 + 10, y))
        lines = textwrap.wrap(words, 42, break_long_words=False, break_on_hyphens=False)
        for i, line in enumerate(lines[:2]):
            out.append(_text(x0 + 104, y - 1 + i * 11 - (5 if len(lines) > 1 else 0), line, 9.5))
        y += 31
    return out


# --- the whole drawing --------------------------------------------------------------------------------------

def render(view, role, actions=()) -> str:
    actions = list(actions or [])
    seats = view["seats"]
    viewer = role if role in view["players"] else seats[0]
    others = [r for r in seats[seats.index(viewer) + 1:] + seats[:seats.index(viewer)]]
    height = STRIP_Y + PANEL_H + 8
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board rajas rj" role="group" '
           f'aria-label="Rajas of the Ganges board" viewBox="0 0 {W} {height}" font-family="system-ui, sans-serif">',
           "<title>Rajas of the Ganges board</title>", f"<style>{STYLE}</style>",
           _rect(0, 0, W, height, PAPER)]
    # the main board
    out.append(_tracks())
    out.append(_rect(TRACK_IN + 2, TRACK_IN + 2, MAIN_W - 2 * TRACK_IN - 4, MAIN_H - 2 * TRACK_IN - 4, BOARD,
                     "#8c6a3a", 1.5, 6))
    ch = _changes(view)
    out += _quarry(view, actions, viewer, ch)
    out += _palace(view, actions, ch)
    out += _market_harbour(view, actions, ch)
    out += _upgrades_supply(view)
    out += _river(view, actions, ch)
    out += _track_markers(view, ch)
    # the right column
    out += _race(view, RIGHT_X, 4, W - RIGHT_X - 8)
    out += _you(view, viewer, actions, ch)
    # the bottom strip
    x = 0
    for r in others:
        out += _other(view, r, x, STRIP_Y, ch)
        x += PANEL_W
    if x + PANEL_W <= W:
        out += _legend(x, STRIP_Y, PANEL_W)
        x += PANEL_W
    if x + PANEL_W <= W:
        out += _howto(x, STRIP_Y, W - x)
    if ch and ch["marks"]:  # on top of everything, taking no click; and the marks' legend line
        out.append('<g class="changes" pointer-events="none">' + "".join(ch["marks"])
                   + _ring(RIGHT_X + 7, 108, 5) + _text(RIGHT_X + 18, 112, MARK_NOTE, 10.5, INK, weight="bold")
                   + "</g>")
    out.append("</svg>")
    return "".join(out)
