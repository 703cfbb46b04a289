"""Rajas of the Ganges: the view drawn as an SVG string (pure string building, no browser imports).

One column, 380 units wide: on a 390 px phone (the page's margins leave 374 px) a unit is about one
CSS pixel, so no text is under 12 units (11.8 px) and no click target under 28 x 28 units (27.5 px),
and nobody needs to pinch. On a wide screen the drawing's own style lets it grow to 30rem (480 px,
text 15 px and more) instead of being shrunk into the screen's height (see STYLE). The column is a
stack of blocks, each a card drawn from its top (a <g data-block="..."> moved into place):

  * race: the round, and each player's fame disc against the fame space facing their money (the two
    scoring tracks unrolled: fame 0-63 left to right, money on the same scale as data.facing_fame and
    money_span give it, each money bonus marker a flag), with how far each still has to go.
  * the decision first: the block the acting seat must click in comes right under the race, so that
    the prompt and the place to tap are on one screen. Placing a worker: quarry, palace, market and
    harbour; a tile to take: the quarry; a square, a cover or a turn: the province; dice to give up,
    mark or put back: the Kali statue; a river space: the river; a free chamber: the palace; an
    upgrade: the fame per building. Then the seat's own province and Kali statue, then the rest of
    the main board in the board's order, then the other players, then a key and how to play.
  * quarry: the 12 open tiles by dice colour (columns) and back symbol (rows), with the tiles left in
    each stack and a tick on those the seat can pay and lay now; the worker spaces with their cost.
  * palace: balconies (give 1 die, take 2), the six chambers (the die value each needs, its name and
    gain), the terrace (one die of each colour) and the outer terrace (2 money, reroll).
  * market (assorted goods, goods of one kind) and harbour, their worker spaces filled in order.
  * province (the seat drawn for, `role`): its province board (tiles with roads, markets, buildings;
    the residence; open road ends; edge yields, faded once taken), and while it acts the tile in hand
    with the ways it can be turned.
  * kali: its Kali statue (10 hands: dice with colour and pips, a karma button under each die that may
    be turned over), karma 0-3 and workers (solid to place, pale placed, outlined not yet earned).
  * river: the start, 20 spaces with their earnings in words, the bridge (with the inactive
    workers), the boats. supply: fame per building (every player's cube), the dice supply, the
    white yield tiles face down (a count: the view holds no more).
  * others: one summary row per other player (numbers in words); under them the province and Kali
    statue of one of them, at the same readable scale. With two or more others each row is a radio
    button (HTML in a <foreignObject>, no game action, no class "action"): a tap shows that player
    instead (pure CSS, :has(:checked)); the player to act, else the next one, is shown first.

What changed since the seat's last move: when the view carries "before" (the same seat's view right
after its own last action), the two are compared (the spaces' occupants by space and spot, each
player's markers, province squares and dice, the quarry's open tiles) and the changes marked in one
colour, orange (CHANGED), with a white halo: a ring round each worker placed on a space since, round
each fame disc and money bonus flag that moved (a dashed outline where the fame disc or money square
was; "was N at your last move" in its tooltip) and round each boat that sailed; an outline on each
money square that moved, each province square with a new tile (or a cover), each new die of a Kali
statue (and its "N of 10 dice" when the number changed), the karma value that changed and each
quarry tile newly open; and one legend line in the race ("orange ring: changed since your last
move"). The marks are drawn last, in one <g class="changes" pointer-events="none">, never with class
"action" (those of a player not shown at the moment hide with that player). Without "before", or
with nothing changed, the drawing is exactly the one without marks.

Legal actions drawn on the board are <g class="action"> with data-action (JSON), tabindex="0",
role="button" and an aria-label saying what the click does: worker spaces, open tiles, province
squares (build, cover), the ways to turn the tile in hand, dice (give up, turn with karma, reroll,
put back), river spaces, and chambers for the river's free palace action; each is drawn once.
Everything else (die colours, goods, upgrades, yes/no choices) is left to the page, which makes
buttons from rules.action_label. The view holds nothing a seat may not see (the white yield tiles
face down are a count), so neither does the drawing.
"""
from __future__ import annotations

import json
from functools import lru_cache

from engine.core.svg import esc as _t, num as _f, wrap as svg_wrap

from . import common, data, province, texts

W = 380  # the drawing's width, in units of about one CSS pixel on a 390 px phone
MIN_FONT = 12  # the smallest text drawn
MIN_TARGET = 28  # the smallest side of a click target
GAP = 8  # between the blocks
CARD_X, CARD_W = 2, W - 4
LEFT, RIGHT = 10, W - 10  # the content of a card

DIE_FILL = {"purple": "#7b3fa0", "orange": "#e8862a", "blue": "#2f6fc0", "green": "#3a9a4a"}
TILE_TINT = {"purple": "#e3d2ee", "orange": "#f9dfc2", "blue": "#cfe0f4", "green": "#d3ebd3"}
SEAT_COLOURS = {"Red": "#d32f2f", "Yellow": "#f6c700", "White": "#fafafa", "Black": "#262626"}
GOOD_FILL = {"silk": "#d81b7a", "tea": "#00897b", "spices": "#b23a1e"}
BUILDING_LETTER = {"temple": "T", "palace": "P", "fort": "F", "mill": "M"}
INK, PAPER, WATER = "#2b1d12", "#f4ead6", "#9fd0ea"
MUTED, GREEN, ALERT = "#5d4a33", "#138a4e", "#a4262c"
GOLD = "#f2c94c"
CARD, CARD_LINE = "#fbf4e4", "#c9b38a"

# The drawing is a column to be read at about one CSS pixel a unit: its class "board-column" tells the
# page (web/style.css) never to shrink it into the screen's height and to centre it on a wide screen.
STYLE = """
.rj text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.rj .action{cursor:pointer}
.rj .target{fill:rgba(20,140,80,.10);stroke:#138a4e;stroke-width:3;stroke-dasharray:7 3}
.rj g.action:hover .target,.rj g.action:focus .target{fill:rgba(20,140,80,.28);stroke-width:4.5}
.rj g.action:focus{outline:none}
.rj .inert{pointer-events:none}
.rj .rj-more{display:none}
.rj label.rj-tab{display:block;position:relative;width:100%;height:100%;cursor:pointer;border-radius:8px}
.rj label.rj-tab input{position:absolute;left:0;top:0;opacity:0;width:1px;height:1px;margin:0}
.rj label.rj-tab:has(input:focus-visible){outline:3px solid #d98e04;outline-offset:-3px}
.rj .rj-vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
""" + "".join(f".rj:has(#rj-show-{r}:checked) .rj-for-{r}{{display:inline}}"
              f".rj:has(#rj-show-{r}:checked) .rj-row-{r} .rj-pick{{fill:#fde3b3;stroke:#b5651d;stroke-width:2}}\n"
              for r in data.PLAYER_COLOURS)


# --- text widths (DejaVu Sans, the widest system-ui font met: a line that fits it fits the others) ----------

_CHARS = (' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~'
          "→·✓×≤—–…●■")
_NORMAL = (32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64, 64,
           64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86, 75, 79, 60, 79,
           69, 63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50, 50, 61, 63, 55, 63, 62, 35, 63, 63, 28, 28,
           58, 28, 97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84, 84, 32, 84, 84, 84,
           100, 50, 100, 87, 94)
_BOLD = (35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70,
         40, 40, 84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100, 84, 85, 73, 85, 77, 72,
         68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50, 50, 67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34,
         104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84, 84, 38, 84, 84, 84, 100, 50,
         100, 87, 94)
_WIDTHS = {False: dict(zip(_CHARS, _NORMAL)), True: dict(zip(_CHARS, _BOLD))}


def text_width(s, size, bold=False) -> float:
    """The width of `s` at font size `size` (DejaVu Sans; 1 em for a character not in the table)."""
    table = _WIDTHS[bool(bold)]
    return sum(table.get(ch, 100) for ch in str(s)) * size / 100


def wrap(s, size, width, bold=False) -> list:
    """`s` cut into lines no wider than `width` (a word longer than that keeps a line of its own)."""
    return svg_wrap(str(s).split(), lambda line: text_width(line, size, bold) <= width)


# --- small helpers -------------------------------------------------------------------------------------

def _text(x, y, s, size=13, fill=INK, anchor="start", weight="normal", extra="") -> str:
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}"{(" " + extra) if extra else ""}>{_t(s)}</text>')


def _rect(x, y, w, h, fill="none", stroke="none", sw=1, rx=0, extra="") -> str:
    return (f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(rx)}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{_f(sw)}"{(" " + extra) if extra else ""}/>')


def _paragraph(x, y, s, size, width, fill=INK, weight="normal", leading=None) -> tuple:
    """`s` wrapped into lines from baseline y; returns (svg, the baseline after the last line)."""
    leading = leading or round(size * 1.3)
    out = []
    for line in wrap(s, size, width, weight == "bold"):
        out.append(_text(x, y, line, size, fill, weight=weight))
        y += leading
    return "".join(out), y


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


def _card(h, title=None, fill=CARD, stroke=CARD_LINE) -> str:
    out = _rect(CARD_X, 0, CARD_W, h, fill, stroke, 1.2, 10)
    if title:
        out += _text(LEFT, 22, title, 16, weight="bold")
    return out


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


def _marks_of(ch, r):
    """(what changed of player r, the list the marks go to), or None."""
    return (ch["players"][r], ch["marks"]) if ch and r in ch["players"] else None


def _moved(ch, start, wrap_with) -> None:
    """Put the marks made since index `start` of ch["marks"] into one group opened by `wrap_with`."""
    if ch and len(ch["marks"]) > start:
        ch["marks"][start:] = [wrap_with + "".join(ch["marks"][start:]) + "</g>"]


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
    fill = "none" if outline else SEAT_COLOURS.get(role, "#999")
    stroke = SEAT_COLOURS.get(role, "#999") if outline and role != "White" else "#222"
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
            f'H{_f(x - s * .32)} Z" fill="{SEAT_COLOURS[role]}" stroke="#222" stroke-width="1"/>'
            f'<path d="M{_f(x)},{_f(y - s * .28)} V{_f(y - s * .72)} L{_f(x + s * .3)},{_f(y - s * .35)} Z" '
            f'fill="{SEAT_COLOURS[role]}" stroke="#222" stroke-width=".8"/>')


def _label(x, y, s, ratio, label, fill) -> str:
    """The number inside an icon of size s, if it can be drawn at MIN_FONT or more."""
    size = s * ratio
    return _text(x, y, label, size, fill, "middle", "bold") if label and size >= MIN_FONT else ""


@lru_cache(maxsize=4096)
def icon(kind, x, y, s, n=None) -> str:
    """A small symbol for an earning, centred on (x, y): a gold coin (money), a red ribbon (fame), a
    white die (a die of any colour), a violet lotus (karma), a brown arrow (upgrade), a boat, a worker.
    The number `n` inside it only where it can be drawn at MIN_FONT."""
    label = "" if n is None else str(n)
    if kind == "money":
        return (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(s / 2)}" fill="{GOLD}" stroke="#9a7400"/>'
                + _label(x, y + s * .2, s, .58, label, "#5a4000"))
    if kind == "fame":
        return (f'<path d="M{_f(x - s / 2)},{_f(y - s / 2)} h{_f(s)} v{_f(s * .8)} l{_f(-s / 2)},{_f(s * .25)} '
                f'l{_f(-s / 2)},{_f(-s * .25)} Z" fill="#a4262c" stroke="#5c1014"/>'
                + _label(x, y + s * .15, s, .56, label, "#fff"))
    if kind in ("die", "dice"):
        return die(x - s / 2, y - s / 2, s, "white", 0 if label else 5 if kind == "dice" else 1) \
            + _label(x, y + s * .2, s, .56, label, "#333")
    if kind == "karma":
        petals = "".join(f'<ellipse cx="{_f(x)}" cy="{_f(y - s * .18)}" rx="{_f(s * .13)}" ry="{_f(s * .26)}" '
                         f'fill="#fff" opacity=".85" transform="rotate({a} {_f(x)} {_f(y + s * .1)})"/>'
                         for a in (-50, 0, 50)) if not label else ""
        return (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(s / 2)}" fill="#7e57c2" stroke="#3f2a78"/>'
                + petals + _label(x, y + s * .2, s, .56, label, "#fff"))
    if kind == "upgrade":
        return (_rect(x - s / 2, y - s / 2, s, s, "#8d6e63", "#3e2723", 1, s * .15)
                + f'<path d="M{_f(x)},{_f(y - s * .36)} l{_f(s * .3)},{_f(s * .3)} h{_f(-s * .18)} v{_f(s * .36)} '
                  f'h{_f(-s * .24)} v{_f(-s * .36)} h{_f(-s * .18)} Z" fill="#fff"/>')
    if kind == "boat":
        return boat(x, y + s * .25, s * 1.1, "White").replace(SEAT_COLOURS["White"], "#6d4c41")
    if kind == "worker":
        return worker(x, y + s / 2, s, "White").replace(SEAT_COLOURS["White"], "#6d4c41")
    return ""


@lru_cache(maxsize=4096)
def tile(x, y, s, tile_id, rot=0) -> str:
    """A province tile: its colour, cost, roads (turned `rot` quarter turns), markets (tents in the
    colour of their goods, with their value) and buildings (houses with their initial). Its numbers
    and letters need s >= 60 to reach MIN_FONT; a smaller tile is drawn without them."""
    t = data.TILE[tile_id]
    words = s * .2 >= MIN_FONT
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
    out.append(_rect(x + s * .04, y + s * .04, s * .38, s * .32, DIE_FILL[t["colour"]], "#fff", max(.6, s / 60),
                     s * .06))
    if words:
        out.append(_text(x + s * .23, y + s * .3, t["cost"], s * .27, "#fff", "middle", "bold"))
    spots = [(x + s * .75, y + s * .27), (x + s * .75, y + s * .75), (x + s * .27, y + s * .75)]
    k = 0
    for good, value in t["markets"]:
        px, py = spots[k]
        k += 1
        z = s * .4
        out.append(f'<path d="M{_f(px)},{_f(py - z * .6)} L{_f(px + z * .6)},{_f(py + z * .42)} '
                   f'L{_f(px - z * .6)},{_f(py + z * .42)} Z" fill="{GOOD_FILL[good]}" stroke="#fff" '
                   f'stroke-width="{_f(max(.6, s / 70))}"/>')
        if words:
            out.append(_text(px, py + z * .34, value, s * .2, "#fff", "middle", "bold"))
    for building in t["buildings"]:
        px, py = spots[k]
        k += 1
        z = s * .36
        out.append(f'<path d="M{_f(px - z / 2)},{_f(py + z / 2)} V{_f(py - z * .1)} L{_f(px)},{_f(py - z * .62)} '
                   f'L{_f(px + z / 2)},{_f(py - z * .1)} V{_f(py + z / 2)} Z" fill="#4e342e" stroke="#fff" '
                   f'stroke-width="{_f(max(.6, s / 70))}"/>')
        if words:
            out.append(_text(px, py + z * .42, BUILDING_LETTER[building], s * .2, "#fff", "middle", "bold"))
    label = texts.tile_text(tile_id) + f"; roads to the {texts.roads_text(roads)}"
    return _tip(label, "".join(out))


# --- the race: the two scoring tracks unrolled ----------------------------------------------------------------
# A position u in [0, 64] on the fame track in fame units: fame space f is [f, f + 1]; money space m is
# [64 - 7 (m + 1) / 13, 64 - 7 m / 13], so its end towards fame 63 lies in fame space
# 63 - floor(7 m / 13), the space it faces (data.py). The race draws both markers on that scale.

SPAN = data.FAME_MAX + 1
BAR_X0, BAR_X1 = 104, 262  # the bar starts after "1. Yellow", ends before "passed by 12"


def money_span(m):
    return SPAN - data.MONEY_PER_FAME_NUM * (m + 1) / data.MONEY_PER_FAME_DEN, \
        SPAN - data.MONEY_PER_FAME_NUM * m / data.MONEY_PER_FAME_DEN


def _bar_x(u) -> float:
    return BAR_X0 + (BAR_X1 - BAR_X0) * max(0.0, min(SPAN, u)) / SPAN


def _money_x(m) -> float:
    u0, u1 = money_span(m)
    return _bar_x((max(u0, 0) + u1) / 2)


def _race(ctx) -> tuple:
    """Who is closest to crossing: each player's fame disc against the money square, on the fame scale
    (the money square stands on the fame space its money faces); at the end, the final ranking."""
    view, ch = ctx.view, ctx.ch
    result = view["result"]
    place = {}
    if result is not None:
        for i, group in enumerate(result["ranking"]):
            for r in group:
                place[r] = i + 1
        title, hint = "Game over: " + result["winners"][0] + " wins", ""
    else:
        title = ("Last stage" if view["final"] is not None else f"Round {view['round']}") + " · the race"
        hint = "fame ● chases money ■"
    moved = ch["players"] if ch else {}
    rows = view["seats"]
    h = 34 + 26 * len(rows) + (22 if ch else 0) + 2
    out = [_card(h), _text(LEFT, 22, title, 16, ALERT if result else INK, weight="bold"),
           _text(RIGHT, 22, hint, 12, MUTED, "end")]
    for i, r in enumerate(rows):
        p = view["players"][r]
        y = 32 + i * 26
        out.append(_rect(LEFT, y + 5, 14, 14, SEAT_COLOURS[r], "#111", 1.2, 3))
        out.append(_text(LEFT + 20, y + 17, (f"{place[r]}. " if r in place else "") + r, 13, weight="bold"))
        out.append(_rect(BAR_X0, y + 8, BAR_X1 - BAR_X0, 8, "#e9dcc0", "#b59a70", .6, 3))
        fx, mx = _bar_x(p["fame"] + .5), _money_x(p["money"])
        gap = p["facing"] - p["fame"]
        out.append(_rect(min(fx, mx), y + 8, abs(mx - fx), 8, "#5fb36b" if gap <= 0 else "#e0a0a0", "none", 0, 3))
        if p["bonus"] < len(data.MONEY_BONUSES):  # the money bonus marker: a flag over the bar
            m = data.MONEY_BONUSES[p["bonus"]][0]
            bx = _money_x(m)
            if "bonus" in moved.get(r, {}):
                ch["marks"].append(_ring(bx + 2, y + 6, 8))
            out.append(_tip(f"{r}'s money bonus marker: the next money bonus is on money {m}",
                            f'<path d="M{_f(bx - 1)},{_f(y + 14)} v-13 l7,3.5 l-7,3.5" fill="{SEAT_COLOURS[r]}" '
                            f'stroke="#111" stroke-width="1"/>'))
        if "money" in moved.get(r, {}):
            ox = _money_x(moved[r]["money"])
            ch["marks"].append(_rect(ox - 6, y + 6, 12, 12, "none", CHANGED, 2, 1, 'stroke-dasharray="3 2"')
                               + _box(mx - 9.5, y + 2.5, 19, 19, 3))
        out.append(_tip(f"{r}: money {p['money']}{_was(ch, r, 'money')}, beside fame {p['facing']}",
                        _rect(mx - 6, y + 6, 12, 12, SEAT_COLOURS[r], "#111", 1.6, 2)))
        if "fame" in moved.get(r, {}):
            ox = _bar_x(moved[r]["fame"] + .5)
            ch["marks"].append(f'<circle cx="{_f(ox)}" cy="{_f(y + 12)}" r="6" fill="none" stroke="{CHANGED}" '
                               f'stroke-width="2" stroke-dasharray="3 2"/>' + _ring(fx, y + 12, 11))
        out.append(_tip(f"{r}: fame {p['fame']}{_was(ch, r, 'fame')}",
                        f'<circle cx="{_f(fx)}" cy="{_f(y + 12)}" r="7" fill="{SEAT_COLOURS[r]}" stroke="#111" '
                        f'stroke-width="1.6"/>'))
        words = f"passed by {-gap}" if gap < 0 else "met" if gap == 0 else f"{gap} to go"
        out.append(_tip(f"{r}: fame {p['fame']}, money {p['money']} (beside fame {p['facing']}): "
                        + (words if gap <= 0 else f"{gap} fame to go"),
                        _text(RIGHT, y + 17, words, 12, "#2e7d32" if gap <= 0 else INK, "end", "bold")))
    if ch:  # the legend of the marks, drawn with them
        y = 32 + 26 * len(rows) + 14
        ch["marks"].append(_ring(LEFT + 7, y - 4, 5) + _text(LEFT + 18, y, MARK_NOTE, 12, INK, weight="bold"))
    return out, h


# --- the main board's areas ----------------------------------------------------------------------------------

def _spaces_row(view, space, costs, x, y, pitch, r=14, ch=None) -> tuple:
    """Circles for the worker spaces of an area filled in order (quarry, harbour, markets): the workers
    on them, the cost of each; returns (svg, whether one is free)."""
    out, free = [], False
    who = view["spaces"].get(space, [])
    for i, cost in enumerate(costs):
        cx, cy = x + i * pitch, y
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{r}" fill="#fff8e8" stroke="#7a5a3a" stroke-width="1.2"/>')
        if i < len(who):
            out.append(worker(cx, cy + r * .75, r * 1.5, who[i]))
            _mark_worker(ch, space, i, cx, cy + r * .75, r * 1.5)
        else:
            free = True
            if cost is not None:
                free_word = cost == "free"
                out.append(_text(cx, cy + 4.5, cost, 12 if free_word else 13, "#7a5a3a", "middle",
                                 "normal" if free_word else "bold"))
    return "".join(out), free


def _affordable(p, tile_id) -> bool:
    t = data.TILE[tile_id]
    return common.capacity(p["dice"], t["colour"], p["karma"]) >= t["cost"] and province.can_place(p, tile_id)


Q_TILE, Q_PITCH, Q_ROW, Q_X = 62, 76, 84, 62


def _quarry(ctx) -> tuple:
    view, actions, viewer, ch = ctx.view, ctx.actions, ctx.viewer, ctx.ch
    n = view["players_count"]
    h = 102 + 3 * Q_ROW - 4
    out = [_card(h, "Quarry", "#eadbb8", "#b08850"),
           _text(LEFT, 40, "Pay money, take a tile, pay its dice and build it", 12, MUTED)]
    # the worker spaces, filled in order
    costs = data.QUARRY_COSTS[n]
    qx, qy = 88, 66
    body, free = _spaces_row(view, "quarry", list(costs), qx, qy, 32, 14, ch)
    if n == 3:  # the cover tile on the 3-4 player side's last quarry space
        cx = qx + len(costs) * 32
        body += _tip("closed by a cover tile in the 3-player game",
                     _rect(cx - 13, qy - 13, 26, 26, "#9e8e76", "#5d4a33", 1, 3))
    out.append(_text(LEFT, qy + 5, "workers", 12, MUTED))
    who = view["spaces"].get("quarry", [])
    if "quarry" in actions and free:
        label = texts.space_text("quarry", n, costs[len(who)])
        out.append(_target("quarry", label, body, (qx - 18, qy - 18, (len(costs) - 1) * 32 + 36, 36)))
    else:
        out.append(_tip("Quarry worker spaces, filled in order: their cost in money", body))
    # the open tiles: a column per dice colour, a row per back symbol
    stacks = _legal(actions, "stack")
    p = view["players"].get(viewer)
    placing = ctx.acting and view["pending"] is None and p is not None
    s, gy = Q_TILE, 102
    for j, colour in enumerate(data.DICE_COLOURS):
        out.append(_rect(Q_X + j * Q_PITCH + 10, gy - 10, s - 20, 6, DIE_FILL[colour], "none", 0, 2))
    for i, back in enumerate(data.BACKS):
        lo = min(t["cost"] for t in data.TILE.values() if t["back"] == back)
        hi = max(t["cost"] for t in data.TILE.values() if t["back"] == back)
        out.append(_text(LEFT, gy + i * Q_ROW + 26, back, 13, weight="bold"))
        out.append(_text(LEFT, gy + i * Q_ROW + 42, f"{lo}-{hi}", 12, MUTED))
    for k, (colour, back) in enumerate(data.STACKS):
        j, i = data.DICE_COLOURS.index(colour), data.BACKS.index(back)
        x, y = Q_X + j * Q_PITCH, gy + i * Q_ROW
        top = view["tops"][k]
        left = view["stack_sizes"][k]
        if top is None:
            out.append(_rect(x, y, s, s, "none", "#b59a70", 1, 4, 'stroke-dasharray="4 3"'))
            out.append(_text(x + s / 2, y + s / 2 + 4, "empty", 12, "#8a7050", "middle"))
            continue
        inner = tile(x, y, s, top)
        if ch and k in ch["tops"]:
            ch["marks"].append(_box(x - 3, y - 3, s + 6, s + 6, 5))
        can = placing and _affordable(p, top)
        words = f"{'✓ ' if can else ''}{left} left"
        inner += _text(x + s / 2, y + s + 15, words, 12, GREEN if can else MUTED, "middle", "bold" if can else "normal")
        if (k,) in stacks:
            label = f"Take the {texts.tile_text(top)}"
            out.append(_target(stacks[(k,)], label, inner, (x - 3, y - 3, s + 6, s + 6)))
        else:
            faded = stacks and (k,) not in stacks
            out.append(f'<g opacity=".45">{inner}</g>' if faded else inner)
    return out, h


def _space_box(view, actions, space, x, y, w, h, draw, label, extra=None, ch=None, feet=None) -> str:
    """A palace space: a box drawn by `draw` (faded under the worker once taken), and the click target
    if legal (`extra`: another (action, label) this box stands for, the river's free palace action).
    The worker stands in the middle, or with its feet at `feet` below the box's top."""
    who = view["spaces"].get(space, [])
    inner = _rect(x, y, w, h, "#fff8e8", "#7a5a3a", 1.2, 5) + (f'<g opacity=".35">{draw}</g>' if who else draw)
    for i, r in enumerate(who):
        z = min(28, h * .7)
        wx, wy = x + w / 2 + i * 12, y + (feet if feet is not None else h / 2 + z / 2)
        inner += worker(wx, wy, z, r)
        _mark_worker(ch, space, i, wx, wy, z)
    if space in actions:
        return _target(space, label, inner, (x - 2, y - 2, w + 4, h + 4))
    if extra is not None:
        return _target(extra[0], extra[1], inner, (x - 2, y - 2, w + 4, h + 4))
    return _tip(label, inner)


CHAMBER_WORDS = {"mogul": (("Great", "Mogul"), ("2 fame,", "start")),
                 "dancer": (("Dancer",), ("2 dice,", "yield tile")),
                 "yogi": (("Yogi",), ("2 karma,", "1 die")), "raja": (("Raja",), ("upgrade,", "3 money")),
                 "builder": (("Master", "builder"), ("cover", "a tile")),
                 "portuguese": (("Portu-", "guese"), ("6 river", "spaces"))}


def _palace(ctx) -> tuple:
    view, actions, ch = ctx.view, ctx.actions, ctx.ch
    n = view["players_count"]
    inner_w = RIGHT - LEFT
    h = 296
    out = [_card(h, "Palace of the Great Mogul", "#f6e3b8", "#b08850")]
    # balconies
    by = 48
    out.append(_text(LEFT, by - 6, "Balconies: give up 1 die, take 2 dice", 12, MUTED))
    pairs = data.BALCONIES[n]
    bw = (inner_w - (len(pairs) - 1) * 4) / len(pairs)
    for i, (give, get) in enumerate(pairs):
        x = LEFT + i * (bw + 4)
        o = x + (bw - 56) / 2
        draw = (die(o + 4, by + 13, 20, give, 0) + _text(o + 31, by + 28, "→", 13, anchor="middle", weight="bold")
                + die(o + 38, by + 5, 16, get, 0) + die(o + 38, by + 25, 16, get, 0))
        out.append(_space_box(view, actions, f"balcony:{i}", x, by, bw, 46, draw,
                              texts.space_text(f"balcony:{i}", n), ch=ch))
    # the chambers
    cy = 118
    out.append(_text(LEFT, cy - 6, "Chambers: give up a die of exactly this value", 12, MUTED))
    river_palace = _legal(actions, "palace")
    cw = (inner_w - 5 * 3) / 6
    for i, (key, value, name) in enumerate(data.CHAMBERS):
        x = LEFT + i * (cw + 3)
        mid = x + cw / 2
        names, gains = CHAMBER_WORDS[key]
        draw = die(mid - 12, cy + 6, 24, "white", value)
        for k, line in enumerate(names):
            draw += _text(mid, cy + 46 + k * 14, line, 12, anchor="middle", weight="bold")
        for k, line in enumerate(gains):
            draw += _text(mid, cy + 78 + k * 14, line, 12, MUTED, "middle")
        extra = None
        if (key,) in river_palace:
            extra = (river_palace[(key,)], f"{name} (free, from the river): {texts.CHAMBER_EFFECT[key]}")
        out.append(_space_box(view, actions, key, x, cy, cw, 100, draw, texts.space_text(key, n), extra, ch,
                              feet=32))
    # the terrace (one die of each colour) and the outer terrace
    ty = 242
    out.append(_text(LEFT, ty - 6, "Terrace: take a die", 12, MUTED))
    for i, colour in enumerate(data.DICE_COLOURS):
        x = LEFT + i * 50
        draw = die(x + 11, ty + 11, 24, colour, 0)
        out.append(_space_box(view, actions, f"terrace:{colour}", x, ty, 46, 46, draw,
                              texts.space_text(f"terrace:{colour}", n), ch=ch))
    ox = LEFT + 4 * 50 + 4
    ow = RIGHT - ox
    out.append(_text(ox, ty - 6, "Outer terrace (free)", 12, MUTED))
    who = view["spaces"].get("outer", [])
    cap = data.OUTER_TERRACE_SPACES[n]
    inner = (_rect(ox, ty, ow, 46, "#fff8e8", "#7a5a3a", 1.2, 5) + icon("money", ox + 16, ty + 16, 24, 2)
             + _text(ox + 33, ty + 21, "+ reroll dice", 13, weight="bold"))
    for i in range(cap):
        wx = ox + ow - 16 - (cap - 1 - i) * 26
        inner += f'<circle cx="{_f(wx)}" cy="{_f(ty + 36)}" r="7" fill="#fff" stroke="#b59a70"/>'
        if i < len(who):
            inner += worker(wx, ty + 42, 18, who[i])
            _mark_worker(ch, "outer", i, wx, ty + 42, 18)
    label = texts.space_text("outer", n)
    if "outer" in actions:
        out.append(_target("outer", label, inner, (ox - 2, ty - 2, ow + 4, 50)))
    else:
        out.append(_tip(label, inner))
    return out, h


def _market(ctx) -> tuple:
    """The market (assorted goods, goods of one kind) and the harbour."""
    view, actions, ch = ctx.view, ctx.actions, ctx.ch
    n = view["players_count"]
    out = [_card(118, "Market", "#f3e6c8", "#b08850")]
    rows = (("assorted", data.ASSORTED_SPACES[n], "Assorted goods", "money for 1 market of each kind", 32),
            ("onekind", data.ONE_KIND_SPACES[n], "Goods of one kind", "give up a die: its value in markets", 74))
    for space, count, name, words, y in rows:
        body, free = _spaces_row(view, space, [None] * count, LEFT + 16, y + 19, 32, 14, ch)
        body += _text(LEFT + 104, y + 15, name, 13, weight="bold") + _text(LEFT + 104, y + 31, words, 12, MUTED)
        label = texts.space_text(space, n)
        if space in actions and free:
            out.append(_target(space, label, body, (LEFT - 4, y, RIGHT - LEFT + 8, 38)))
        else:
            out.append(_tip(label, body))
    # the harbour
    hy = 126
    out.append(f'<g transform="translate(0,{hy})">{_card(80, "Harbour", "#dcecf2", "#5b8aa0")}</g>')
    costs = data.HARBOUR_COSTS[n]
    body, free = _spaces_row(view, "harbour", ["free" if c == 0 else c for c in costs], LEFT + 16, hy + 53, 32, 14,
                             ch=ch)
    if n == 3:
        body += _tip("closed by a cover tile in the 3-player game",
                     _rect(LEFT + 16 + len(costs) * 32 - 13, hy + 40, 26, 26, "#9e8e76", "#5d4a33", 1, 3))
    tx = LEFT + 16 + 5 * 32
    body += _text(tx, hy + 48, "Give up a 1, 2 or 3,", 12, MUTED) + _text(tx, hy + 64, "then sail your boat", 12, MUTED)
    who = view["spaces"].get("harbour", [])
    cost = costs[len(who)] if len(who) < len(costs) else None
    label = texts.space_text("harbour", n, harbour_cost=cost)
    if "harbour" in actions and free:
        out.append(_target("harbour", label, body, (LEFT - 4, hy + 34, RIGHT - LEFT + 8, 38)))
    else:
        out.append(_tip("Harbour worker spaces, filled in order: their cost in money. " + label, body))
    return out, hy + 80


RIVER_COLS, RIVER_PITCH, RIVER_S, RIVER_H, RIVER_ROW, RIVER_Y = 6, 60.6, 57, 62, 70, 68

RIVER_LINES = {"money": ("{n}", "money"), "fame": ("{n}", "fame"), "karma": ("+{n}", "karma"),
               "dice": ("2 dice", "any", "colour"), "upgrade": ("1", "upgrade"),
               "karma_dice": ("", "1 per", "karma"), "money_per_market": ("1 money", "per", "market"),
               "palace": ("palace", "action", "2-6"), "assorted": ("assorted", "goods", "up to {n}"),
               "fame_per_upgrade": ("1 fame", "per", "upgrade"), "one_kind": ("one kind", "goods", "up to {n}"),
               "money_per_upgrade": ("2 money", "per", "upgrade"), "fame_per_karma": ("2 fame", "per", "karma")}


def _river_pos(pos):
    """Top-left corner of river space `pos`: rows of six, snaking (left to right, then back)."""
    row, col = divmod(pos, RIVER_COLS)
    if row % 2:
        col = RIVER_COLS - 1 - col
    return LEFT + col * RIVER_PITCH, RIVER_Y + row * RIVER_ROW


def _river(ctx) -> tuple:
    view, actions, ch = ctx.view, ctx.actions, ctx.ch
    rows = data.RIVER_END // RIVER_COLS + 1
    h = RIVER_Y + rows * RIVER_ROW
    out = [_card(h, "River Ganges", "#e3f1f8", "#5b8aa0"),
           _paragraph(LEFT, 40, "Each space earns when your boat stops on it. One boat a space; any number on "
                      "the start and the end.", 12, RIGHT - LEFT, "#35576a", leading=15)[0]]
    # the water, snaking under the spaces
    half = RIVER_S / 2
    pts = []
    for row in range(rows):
        first, last = row * RIVER_COLS, min(data.RIVER_END, row * RIVER_COLS + RIVER_COLS - 1)
        a, b = _river_pos(first), _river_pos(last)
        pts.append((a[0] + half, a[1] + RIVER_H / 2))
        pts.append((b[0] + half, b[1] + RIVER_H / 2))
    path = "M" + " L".join(f"{_f(x)},{_f(y)}" for x, y in pts)
    out.append(f'<path d="{path}" fill="none" stroke="{WATER}" stroke-width="{RIVER_H - 14}" stroke-linejoin="round" '
               f'stroke-linecap="round"/>')
    river = _legal(actions, "river")
    boats = {}
    for r in view["seats"]:
        boats.setdefault(view["players"][r]["boat"], []).append(r)
    s = RIVER_S
    for pos in range(data.RIVER_END + 1):
        x, y = _river_pos(pos)
        reward = data.RIVER[pos]
        ends = pos in (0, data.RIVER_END)
        inner = _rect(x, y, s, RIVER_H, "#eaf6fc" if not ends else "#fff3d6", "#3f7ea0", 1.2, 7)
        inner += _text(x + 4, y + 14, pos, 12, "#35576a", weight="bold")
        if reward is None:
            lines = ("start",)
        else:
            kind, n = reward
            lines = tuple(line.format(n=n) for line in RIVER_LINES[kind])
            if pos == data.RIVER_END:
                lines = (f"{lines[0]} {lines[1]}", "end")
            if kind == "karma_dice":
                inner += die(x + s / 2 - 8, y + 18, 16, n, 0)
        for k, line in enumerate(lines):
            if line:
                inner += _text(x + s / 2, y + 31 + k * 13, line, 12, INK, "middle", "bold" if k == 0 and len(line) < 4
                               else "normal")
        here = boats.get(pos, [])
        for i, r in enumerate(here):
            if ends:
                bx, by, z = x + 9 + i * 13, y + RIVER_H - 4, 14
            else:
                bx, by, z = x + s - 12, y + 15, 17
            inner += _tip(f"{r}'s boat" + _was(ch, r, "boat").replace("was", "on river space", 1), boat(bx, by, z, r))
            if ch and "boat" in ch["players"].get(r, {}):
                ch["marks"].append(_ring(bx, by - z * .3, 10))
        if (pos,) in river:
            out.append(_target(river[(pos,)], f"Sail to river space {pos}: {texts.river_text(pos)}", inner,
                               (x - 2, y - 2, s + 4, RIVER_H + 4)))
        else:
            out.append(_tip(f"River space {pos}: {texts.river_text(pos)}", inner))
    # the bridge, before space 10 (not a space), with the inactive workers
    x10, y10 = _river_pos(data.BRIDGE)
    x9, _ = _river_pos(data.BRIDGE - 1)
    bx = (x10 + x9 + s) / 2 if x9 < x10 else (x9 + x10 + s) / 2
    out.append(_tip("The bridge: a boat that passes it brings its player a new worker",
                    _rect(bx - 4, y10 - 5, 8, RIVER_H + 10, "#8d6e4f", "#4e342e", 1.2, 2)))
    roles = [r for r in view["seats"] if "river" in view["players"][r]["inactive"]]
    for i, r in enumerate(roles):
        out.append(_tip(f"{r}'s inactive worker on the bridge", worker(bx, y10 + 34 + i * 11, 11, r)))
    return out, h


def _supply(ctx) -> tuple:
    """Fame per building (every player's upgrade cube), the dice supply, the white yield tiles."""
    view = ctx.view
    h = 172
    out = [_card(h, "Fame per building", "#f3e6c8", "#b08850")]
    cx0, pitch = 112, 46
    for j, level in enumerate(data.UPGRADE_LEVELS):
        out.append(_text(cx0 + j * pitch + 21, 44, level, 12, MUTED, "middle", "bold"))
    for i, building in enumerate(data.BUILDINGS):
        y = 50 + i * 24
        out.append(_text(LEFT, y + 15, f"{BUILDING_LETTER[building]} {building}", 13))
        for j, level in enumerate(data.UPGRADE_LEVELS):
            x = cx0 + j * pitch
            out.append(_rect(x, y, 42, 20, "#fff8e8", "#b59a70", .8, 3))
            here = [r for r in view["seats"] if view["players"][r]["upgrades"][building] == level]
            for k, r in enumerate(here):
                out.append(_tip(f"{r}: {level} fame per {building}",
                                _rect(x + 3 + k * 9.5, y + 5, 8.5, 10, SEAT_COLOURS[r], "#111", .8, 1)))
    x0 = 262
    out.append(_text(x0, 22, "Dice supply", 16, weight="bold"))
    for j, colour in enumerate(data.DICE_COLOURS):
        y = 50 + j * 24
        left = view["supply"][colour]
        out.append(_tip(f"{left} {colour} dice in the supply", die(x0, y + 1, 18, colour, 0, faded=left == 0)
                        + _text(x0 + 26, y + 15, f"{left} left", 12, "#222" if left else "#b00", weight="bold")))
    count = view["yield_stack_size"]
    y = 50 + 4 * 24 + 6
    out.append(_tip(f"{count} white yield tiles face down (the Dancer draws one)",
                    _rect(LEFT, y, 15, 15, "#fff", "#777", 1, 2) + _rect(LEFT + 3, y - 3, 15, 15, "#fff", "#777", 1, 2)
                    + _text(LEFT + 26, y + 12, f"{count} white yield tiles, face down", 12, MUTED)))
    return out, h


# --- the players -------------------------------------------------------------------------------------------

P_SIZE = 62  # a province square: its tile's numbers reach MIN_FONT
P_X = LEFT + 26  # the grid's left edge (the west edge yields before it)
P_H = data.ROWS * P_SIZE + 34  # the grid with the south edge yields


def _province(x0, y0, s, p, cells=None, covers=None, rot_cell=None, held=None, marks=None) -> list:
    """A province board: the 4 x 5 squares, the residence, the tiles with their roads, the open road
    ends (a dot where a tile can join), the edge yields (faded once taken); legal squares outlined;
    `marks` (changes, list): the squares that changed since the seat's last move, marked in the list."""
    cells, covers = cells or {}, covers or {}
    grid = p["province"]
    if marks:
        for r, c in sorted(marks[0].get("cells", ())):
            marks[1].append(_box(x0 + c * s + 1.5, y0 + r * s + 1.5, s - 3, s - 3, 4))
    out = [_rect(x0 - 26, y0 - 6, data.COLS * s + 52, data.ROWS * s + 38, "#c9d9a0", "#7a8a50", 1.2, 8)]
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
                out.append(_tip("The residence: roads lead west, south and east", inner))
            elif cell is None:
                inner = _rect(x, y, s, s, "#dfe9bf", "#9aab70", .8, 3)
            else:
                inner = tile(x, y, s, cell[0], cell[1])
                if cell[2] is not None:
                    inner = (_rect(x + 3, y + 3, s, s, TILE_TINT[data.TILE[cell[2]]["colour"]], "#555", .8, 3)
                             + inner + _tip("covered by the Master builder (no more covering here)",
                                            _rect(x + s * .72, y + s * .84, s * .26, s * .12, "#333", "none", 0, 2)))
            if (r, c) in cells:
                out.append(_target(cells[(r, c)], f"Build on row {r + 1}, column {c + 1}",
                                   inner + _text(x + s / 2, y + s / 2 + s * .14, "+", s * .45, GREEN, "middle", "bold"),
                                   (x + 2, y + 2, s - 4, s - 4)))
            elif (r, c) in covers:
                label = f"Cover the tile on row {r + 1}, column {c + 1}"
                if held is not None:
                    new, old = data.TILE[held], data.TILE[cell[0]]
                    label += f" (pay {new['cost'] - old['cost']} or more in {new['colour']} dice)"
                out.append(_target(covers[(r, c)], label, inner, (x + 1, y + 1, s - 2, s - 2)))
            elif rot_cell == (r, c):
                out.append(inner + _rect(x + 2, y + 2, s - 4, s - 4, "rgba(20,140,80,.15)", GREEN, 3, 5)
                           + _text(x + s / 2, y + s / 2 + s * .14, "?", s * .45, GREEN, "middle", "bold"))
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
    # the edge yields, beside the west, east and south edges
    for (r, c, d), (kind, n) in data.EDGE_YIELDS.items():
        taken = f"{r},{c},{d}" in p["yields"]
        cx = x0 + c * s + s / 2 + {"W": -s / 2 - 13, "E": s / 2 + 13, "S": 0}[d]
        cy = y0 + r * s + s / 2 + {"W": 0, "E": 0, "S": s / 2 + 16}[d]
        z = 23
        g = icon(kind, cx, cy, z, None if kind in ("die", "upgrade") else n)
        if taken:
            g = f'<g opacity=".3">{g}</g>' + (f'<path d="M{_f(cx - z / 2)},{_f(cy + z / 2)} l{_f(z)},{_f(-z)}" '
                                              f'stroke="#333" stroke-width="1.5"/>')
        out.append(_tip(f"Edge yield: {texts.reward_text(kind, n)}" + (" (taken)" if taken else
                                                                         " (when a road reaches it)"), g))
    return out


def _upgrade_line(p) -> str:
    return " · ".join(f"{BUILDING_LETTER[b]} {p['upgrades'][b]}" for b in data.BUILDINGS)


def _tags(view, r) -> list:
    tags = []
    if r == view["start"]:
        tags.append("start player")
    if r == view["turn"] and view["result"] is None:
        tags.append("to act")
    if r in view["passed"]:
        tags.append("markers met")
    return tags


def _name_line(x, y, r, name, size, view) -> list:
    """The player's colour, name and tags (start player, to act, markers met) on one line, the tags
    on the next line when they do not fit."""
    out = [_rect(x, y - size + 1, size, size, SEAT_COLOURS[r], "#111", 1.2, 3),
           _text(x + size + 6, y, name, size, weight="bold")]
    tags = _tags(view, r)
    if tags:
        words = "· " + " · ".join(tags)
        tx = x + size + 12 + text_width(name, size, True)
        if tx + text_width(words, 12, True) > RIGHT:
            return out + [_text(x, y + 17, words[2:], 12, ALERT, weight="bold")], True
        out.append(_text(tx, y, words, 12, ALERT, weight="bold"))
    return out, False


def _rot_roads(held, rot):
    return province.rotate(data.TILE[held]["roads"], rot)


SHORT_REWARD = {"money": "{n} money", "fame": "{n} fame", "karma": "{n} karma", "die": "1 die", "dice": "{n} dice",
                "upgrade": "upgrade"}


def _rot_gains(p, held, rot, cell) -> list:
    if cell is None:
        return []
    new = [key for key in province.edge_yields(cell[0], cell[1], _rot_roads(held, rot))
           if f"{key[0]},{key[1]},{key[2]}" not in p["yields"]]
    return [data.EDGE_YIELDS[key] for key in new]


def _rot_label(p, held, rot, cell) -> str:
    label = f"Turn the tile: roads to the {texts.roads_text(_rot_roads(held, rot))}"
    gain = " + ".join(texts.reward_text(*g) for g in _rot_gains(p, held, rot, cell))
    return label + (f"; reaches the edge yield {gain}" if gain else "")


def _you(ctx) -> tuple:
    """The seat drawn for: its name and numbers, its province (the squares it may build on or cover),
    and while it acts the tile in hand with the ways it can be turned."""
    view, actions, viewer, ch = ctx.view, ctx.actions, ctx.viewer, ctx.ch
    p = view["players"][viewer]
    acting, pending = ctx.acting, ctx.pending
    name = viewer + (" (you)" if not view.get("watching") else "")
    out, wrapped = _name_line(LEFT, 24, viewer, name, 16, view)
    y = 42 + (17 if wrapped else 0)
    out.append(_text(LEFT, y, f"fame {p['fame']} · money {p['money']} · boat on river space {p['boat']}", 12, MUTED))
    out.append(_text(LEFT, y + 16, f"fame per building: {_upgrade_line(p)}", 12, MUTED))
    gy = y + 34
    rot_cell = tuple(pending["cell"]) if pending and pending.get("k") == "rot" else None
    out += _province(P_X, gy, P_SIZE, p, _legal(actions, "cell") if acting else {},
                     _legal(actions, "cover") if acting else {}, rot_cell, view["held"], _marks_of(ch, viewer))
    hy = gy + P_H
    held = view["held"]
    rots = _legal(actions, "rot") if acting else {}
    if held is not None and acting:
        s = P_SIZE
        out.append(_text(LEFT, hy + 14, "Tile in hand", 13, weight="bold"))
        out.append(tile(LEFT, hy + 22, s, held))
        bottom = hy + 22 + s
        tx = LEFT + s + 12
        if rots:
            out.append(_text(LEFT + text_width("Tile in hand ", 13, True), hy + 14, "· tap a way to turn it:", 13,
                             GREEN, weight="bold"))
            for i, (rot,) in enumerate(sorted(rots)):
                x = tx + i * 72
                inner = tile(x, hy + 22, s, held, rot)
                gains = _rot_gains(p, held, rot, rot_cell)
                for k, (kind, n) in enumerate(gains):
                    inner += _text(x + s / 2, hy + 22 + s + 15 + k * 14, "+ " + SHORT_REWARD[kind].format(n=n), 12,
                                   GREEN, "middle", "bold")
                    bottom = max(bottom, hy + 22 + s + 19 + k * 14)
                out.append(_target(rots[(rot,)], _rot_label(p, held, rot, rot_cell), inner,
                                   (x - 3, hy + 19, s + 6, s + 6)))
        elif pending and pending.get("k") == "pay":
            need = pending["need"] - pending["paid"]
            out.append(_text(tx, hy + 44, f"pay {pending['colour']} dice: {need} more", 13, GREEN, weight="bold"))
            if pending["paid"]:
                out.append(_text(tx, hy + 62, f"{pending['paid']} paid so far", 12, MUTED))
        else:
            words = {"cell": "tap a green square to build it", "cover": "tap the tile it covers"}.get(
                pending.get("k") if pending else "", "")
            if words:
                out.append(_text(tx, hy + 48, words, 13, GREEN, weight="bold"))
        hy = bottom + 6
    h = hy + 4
    return [_card(h)] + out, h


def _kali_dice(x0, y0, s, pitch, per_row, row_h, p, actions, pending, marks=None) -> list:
    """The dice of a Kali statue in rows: legal dice outlined, a karma button under a die that may be
    turned over, "reroll" under a die marked for the outer terrace's reroll. Of two dice alike (the
    same colour and value, the same action) only the first is a target: each action is drawn once."""
    out = []
    drawn = set()

    def once(action):
        key = json.dumps(action)
        if key in drawn:
            return False
        drawn.add(key)
        return True

    marked = [tuple(d) for d in pending.get("marked", [])] if pending and pending.get("k") == "reroll" else []
    dice_acts = {}
    for a in actions:
        if isinstance(a, list) and a and a[0] in ("die", "flip", "mark", "unmark", "return"):
            dice_acts.setdefault((a[1], a[2]), {})[a[0]] = a
    seen_marked = []
    for j in range(data.MAX_DICE):
        x, y = x0 + (j % per_row) * pitch, y0 + (j // per_row) * row_h
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
                      + _text(x + s / 2, y + s + 20, "reroll", 12, "#e65100", "middle", "bold"))
        acts = {k: a for k, a in dice_acts.get(key, {}).items()
                if k not in ("mark", "unmark") or (k == "unmark") == is_marked}
        acts = {k: a for k, a in acts.items() if once(a)}
        box = (x - 4, y - 4, s + 8, s + 8)
        if is_marked and "unmark" in acts:
            out.append(_target(acts["unmark"], f"Keep the {colour} {value} (do not reroll it)", inner, box))
        elif not is_marked and "mark" in acts:
            out.append(_target(acts["mark"], f"Reroll the {colour} {value}", inner, box))
        elif "die" in acts:
            out.append(_target(acts["die"], f"Give up the {colour} {value}", inner, box))
        elif "return" in acts:
            out.append(_target(acts["return"], f"Put the {colour} {value} back in the supply", inner, box))
        elif acts or key in dice_acts:  # only a karma turn, or a die like one already outlined
            out.append(_tip(f"{colour} {value}", inner))
        else:
            faded = bool(dice_acts) and pending and pending.get("k") in ("pay", "die")
            out.append(_tip(f"{colour} {value}", f'<g opacity=".4">{inner}</g>' if faded else inner))
        if "flip" in acts:
            to = data.OPPOSITE[value]
            fy = y + s + 6
            btn = (_rect(x - 8, fy, s + 16, 30, "#7e57c2", "#3f2a78", 1, 5) + icon("karma", x + 5, fy + 15, 18)
                   + _text(x + s / 2 + 11, fy + 20, f"→{to}", 14, "#fff", "middle", "bold"))
            out.append(_target(acts["flip"], f"Turn the {colour} {value} to {to} with 1 karma and give it up",
                               btn, (x - 9, fy - 1, s + 18, 32)))
    return out


def _karma_workers(x0, y0, p, role, z, marks=None) -> tuple:
    """Karma 0-3 (the value boxed) on one line, the workers (solid to place, pale placed, outlined not
    yet earned) on the next; returns (svg list, height)."""
    out = []
    kx = x0 + 50
    if marks and "karma" in marks[0]:
        marks[1].append(_box(kx + p["karma"] * (z + 5) - 2.5, y0 - 2.5, z + 5, z + 5, 4))
    boxes = [_text(x0, y0 + z * .72, "karma", 13, weight="bold")]
    for k in range(data.KARMA_MAX + 1):
        x = kx + k * (z + 5)
        on = p["karma"] == k
        boxes.append(_rect(x, y0, z, z, "#7e57c2" if on else "#efe6f8", "#3f2a78", 1, 3))
        boxes.append(_text(x + z / 2, y0 + z * .72, k, 13, "#fff" if on else "#3f2a78", "middle", "bold"))
    was = f" (was {marks[0]['karma']} at your last move)" if marks and "karma" in marks[0] else ""
    out.append(_tip(f"{role}: karma {p['karma']}{was} (0-3): each karma turns a die over when you give it up",
                    "".join(boxes)))
    wy = y0 + z + 12
    out.append(_text(x0, wy + z * .72, "workers", 13, weight="bold"))
    left = p["workers"] - p["placed"]
    zw = z + 2
    wx = x0 + text_width("workers", 13, True) + 10 + zw / 2
    parts = []
    for i in range(p["workers"]):
        parts.append(worker(wx + i * (zw + 2), wy + z, zw, role, faded=i >= left))
    for j, source in enumerate(p["inactive"]):
        parts.append(worker(wx + (p["workers"] + j) * (zw + 2) + 4, wy + z, zw, role, outline=True))
    where = {"fame": "fame 15", "money": "money 20", "river": "the bridge"}
    tip = (f"{role}: {left} of {p['workers']} workers still to place this round"
           + (f"; inactive: {', '.join(where[s] for s in p['inactive'])}" if p["inactive"] else ""))
    out.append(_tip(tip, "".join(parts)))
    tx = wx + (p["workers"] + len(p["inactive"])) * (zw + 2) + 8
    out.append(_text(tx, wy + z * .72, f"{left} of {p['workers']} to place", 12, MUTED))
    return out, wy + z + 4 - y0


def _kali(ctx) -> tuple:
    """The seat's Kali statue, large: its dice (the legal ones outlined), karma and workers."""
    view, actions, viewer, ch = ctx.view, ctx.actions, ctx.viewer, ctx.ch
    p = view["players"][viewer]
    out = [_text(LEFT, 22, "Kali statue", 16, weight="bold"),
           _text(LEFT + 104, 22, f"{len(p['dice'])} of 10 dice", 12, MUTED)]
    if ch and "ndice" in ch["players"].get(viewer, {}):
        ch["marks"].append(_box(LEFT + 100, 8, 86, 20, 4))
    s = 44
    acts = actions if ctx.acting else []
    below = any(isinstance(a, list) and a[0] == "flip" for a in acts) or (ctx.pending or {}).get("k") == "reroll"
    row_h = s + (46 if below else 16)
    out += _kali_dice(LEFT + 14, 40, s, 72, 5, row_h, p, acts, ctx.pending, _marks_of(ch, viewer))
    ky = 40 + 2 * row_h
    more, kh = _karma_workers(LEFT, ky, p, viewer, 22, _marks_of(ch, viewer))
    out += more
    h = ky + kh + 8
    return [_card(h)] + out, h


def _summary(view, r) -> str:
    p = view["players"][r]
    left = p["workers"] - p["placed"]
    dice = len(p["dice"])
    return (f"karma {p['karma']} · boat on {p['boat']} · {dice} {'die' if dice == 1 else 'dice'} · "
            f"{left} of {p['workers']} workers left")


def _others(ctx) -> tuple:
    """The other players: a summary row each, and one of them in full under the rows (province and
    Kali statue, no targets). With two or more, each row is a radio button that shows that player."""
    view, viewer, ch = ctx.view, ctx.viewer, ctx.ch
    seats = view["seats"]
    i = seats.index(viewer)
    others = seats[i + 1:] + seats[:i]
    if not others:
        return [], 0
    several = len(others) > 1
    shown = view["turn"] if view["turn"] in others and view["result"] is None else others[0]
    out = [_text(LEFT, 22, "Other players" if several else "The other player", 16, weight="bold")]
    if several:
        out.append(_text(RIGHT, 22, "tap one to see it below", 12, MUTED, "end"))
    row_h = 50
    for k, r in enumerate(others):
        p = view["players"][r]
        y = 32 + k * (row_h + 4)
        row = [_rect(LEFT - 4, y, RIGHT - LEFT + 8, row_h, "#fffaf0", "#d8c6a2", 1, 8, 'class="rj-pick"')]
        line, _ = _name_line(LEFT + 2, y + 20, r, r, 14, view)
        row += line
        row.append(_text(RIGHT - 4, y + 20, f"fame {p['fame']} · money {p['money']}", 12, INK, "end", "bold"))
        row.append(_text(LEFT + 2, y + 40, _summary(view, r), 12, MUTED))
        if ch and r in ch["players"]:
            ch["marks"].append(f'<circle cx="{_f(RIGHT - 8)}" cy="{_f(y + 34)}" r="5" fill="{CHANGED}" '
                               f'stroke="#fff" stroke-width="1.5"/>')
        out.append(f'<g class="rj-row-{r}">' + "".join(row) + "</g>")
        if several:
            checked = ' checked="checked"' if r == shown else ""
            out.append(f'<foreignObject x="{_f(LEFT - 4)}" y="{_f(y)}" width="{_f(RIGHT - LEFT + 8)}" '
                       f'height="{row_h}"><label xmlns="http://www.w3.org/1999/xhtml" class="rj-tab">'
                       f'<input type="radio" name="rj-others" id="rj-show-{r}" value="{r}"{checked}/>'
                       f'<span class="rj-vh">Show {r}\'s province and Kali statue</span></label></foreignObject>')
    dy = 32 + len(others) * (row_h + 4) + 4
    detail_h = 0
    for r in others:
        start = len(ch["marks"]) if ch else 0
        body, detail_h = _other_detail(view, r, ch)
        cls = f' class="rj-more rj-for-{r}"' if several else ""
        out.append(f'<g{cls} transform="translate(0,{_f(dy)})">' + "".join(body) + "</g>")
        _moved(ch, start, f'<g{cls} transform="translate(0,{_f(dy)})">')
    h = dy + detail_h + 4
    return [_card(h)] + out, h


def _other_detail(view, r, ch) -> tuple:
    """Another player's province (readable, no targets) and Kali statue (dice small, one row)."""
    p = view["players"][r]
    out = [_text(LEFT, 16, f"{r}'s province", 13, weight="bold")]
    gy = 30
    out += _province(P_X, gy, P_SIZE, p, marks=_marks_of(ch, r))
    ky = gy + P_H + 8
    out.append(_text(LEFT, ky + 14, f"{r}'s Kali statue: {len(p['dice'])} of 10 dice", 13, weight="bold"))
    if ch and "ndice" in ch["players"].get(r, {}):
        ch["marks"].append(_box(LEFT - 4, ky, text_width(f"{r}'s Kali statue: {len(p['dice'])} of 10 dice", 13, True)
                                + 8, 20, 4))
    out += _kali_dice(LEFT + 2, ky + 24, 30, 36, 10, 0, p, [], None, _marks_of(ch, r))
    more, kh = _karma_workers(LEFT, ky + 64, p, r, 20, _marks_of(ch, r))
    return out + more, ky + 64 + kh


# --- the key and how to play -----------------------------------------------------------------------------------

KEY_BONUS = {"upgrade": "a building upgrade", "karma": "two karma", "boat": "your boat moves on",
             "dice": "two dice", "worker": "a new worker"}


def _key(ctx) -> tuple:
    """What the symbols mean, and the bonuses of the two tracks."""
    out = [_text(LEFT, 22, "Key", 16, weight="bold")]
    tx, width = LEFT + 92, RIGHT - LEFT - 92
    y = 36
    rows = [
        (lambda yy: tile(LEFT + 8, yy, 62, 22), 62,
         "A tile: its cost top left (paid in dice of its colour), roads, market tents and buildings"),
        (lambda yy: "".join(f'<path d="M{LEFT + 12 + i * 24},{yy + 2} l10,17 h-20 Z" fill="{GOOD_FILL[g]}"/>'
                            for i, g in enumerate(data.GOODS)), 22,
         "Markets: silk, tea, spices (money when built and at the market)"),
        (lambda yy: (f'<path d="M{LEFT + 14},{yy + 22} v-12 l10,-9 l10,9 v12 Z" fill="#4e342e"/>'), 22,
         "Buildings T temple, P palace, F fort, M mill: fame when built"),
        (lambda yy: "".join(icon(k, LEFT + 11 + i * 17, yy + 11, 15) for i, k in
                            enumerate(("money", "fame", "die", "karma", "upgrade"))), 22,
         "Money, fame, a die of any colour, karma, a building upgrade"),
        (lambda yy: f'<circle cx="{LEFT + 30}" cy="{yy + 10}" r="5" fill="#fff3c4" stroke="#7a5a3a"/>', 20,
         "An open road end: a new tile can join there"),
        (lambda yy: _rect(LEFT + 8, yy + 2, 54, 26, "rgba(20,140,80,.10)", GREEN, 2.5, 4, 'stroke-dasharray="7 3"'), 30,
         "Outlined in green: what you can tap now"),
    ]
    for draw, hh, words in rows:
        para, end = _paragraph(tx, y + 14, words, 12, width, leading=15)
        out.append(draw(y) + para)
        y = max(y + hh, end - 11) + 10
    fame = sorted(list(data.FAME_BONUSES) + [(data.FAME_WORKER, "worker")])
    money = sorted(list(data.MONEY_BONUSES) + [(data.MONEY_WORKER, "worker")])
    for words in (f"Fame track bonuses: {' · '.join(f'{f} {KEY_BONUS[k]}' for f, k in fame)}.",
                  f"Money track bonuses: {' · '.join(f'{m} {KEY_BONUS[k]}' for m, k in money)}. Your flag "
                  "marks your next money bonus.",
                  "The race: each fame disc moves right, each money square left (it stands on the fame space its "
                  "money faces); when they meet, the game ends with that stage."):
        para, y = _paragraph(LEFT, y + 12, words, 12, RIGHT - LEFT, leading=15)
        out.append(para)
        y -= 8
    h = y + 10
    return [_card(h)] + out, h


HOWTO = (
    "A turn: place one worker, pay what its space costs (money, dice), carry out the action. Turns go "
    "round until nobody can place; then the workers come back.",
    "Quarry: build tiles. Markets bring money, buildings fame. Roads must join your residence; reaching an "
    "edge yield earns it.",
    "Market: money from your markets. Palace: dice, karma, upgrades, the chambers. Harbour: sail the river "
    "for its earnings.",
    "Karma turns a die you give up to its opposite side. More workers: fame 15, money 20, the bridge.",
    "The end: when a player's fame marker meets or passes their money marker, the stage is finished; the "
    "largest difference wins.",
)


def _howto(ctx) -> tuple:
    out = [_text(LEFT, 22, "How to play", 16, weight="bold")]
    y = 42
    for words in HOWTO:
        para, y = _paragraph(LEFT, y, words, 12, RIGHT - LEFT, leading=15)
        out.append(para)
        y += 6
    h = y - 10
    return [_card(h)] + out, h


# --- the whole drawing --------------------------------------------------------------------------------------

class _Ctx:
    """What every block draws from: the view, the legal actions (none unless the seat drawn for acts),
    the seat, its pending effect and the changes since its last move."""

    def __init__(self, view, actions, viewer, ch):
        self.view, self.actions, self.viewer, self.ch = view, actions, viewer, ch
        self.acting = viewer == view["turn"] and view["result"] is None
        self.pending = view["pending"] if self.acting else None
        if not self.acting:
            self.actions = []


BLOCKS = {"race": _race, "quarry": _quarry, "palace": _palace, "market": _market, "river": _river,
          "supply": _supply, "province": _you, "kali": _kali, "others": _others, "key": _key, "howto": _howto}

# the block(s) a decision is about, by the kind of the pending effect (None: placing a worker)
FIRST = {None: ("quarry", "palace", "market"), "stack": ("quarry",), "cell": ("province",), "cover": ("province",),
         "rot": ("province",), "good": ("province",), "pay": ("kali", "province"), "die": ("kali",),
         "reroll": ("kali",), "river_move": ("river",), "boat_bonus": ("river",), "palace_choice": ("palace",),
         "upgrade": ("supply", "province")}
REST = ("province", "kali", "quarry", "palace", "market", "river", "supply", "others", "key", "howto")


def order(view, role, actions=()) -> list:
    """The blocks from the top: the race, the blocks of the decision at hand, the seat's own province
    and statue, the rest of the main board, the other players, the key."""
    acting = bool(actions) and role == view["turn"] and view["result"] is None
    kind = (view["pending"] or {}).get("k") if acting else None
    first = FIRST.get(kind, FIRST[None])
    return ["race", *first, *(b for b in REST if b not in first)]


def render(view, role, actions=()) -> str:
    actions = list(actions or [])
    seats = view["seats"]
    viewer = role if role in view["players"] else seats[0]
    ch = _changes(view)
    ctx = _Ctx(view, actions, viewer, ch)
    blocks, y = [], 0
    for name in order(view, viewer, ctx.actions):
        start = len(ch["marks"]) if ch else 0
        parts, h = BLOCKS[name](ctx)
        if not parts:
            continue
        move = f'<g data-block="{name}" transform="translate(0,{_f(y)})">'
        blocks.append(move + "".join(parts) + "</g>")
        _moved(ch, start, f'<g transform="translate(0,{_f(y)})">')
        y += h + GAP
    height = y - GAP + 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board rajas rj board-column" role="group" '
           f'aria-label="Rajas of the Ganges board" viewBox="0 0 {W} {_f(height)}" '
           'font-family="system-ui, sans-serif">',
           "<title>Rajas of the Ganges board</title>", f"<style>{STYLE}</style>",
           _rect(0, 0, W, height, PAPER)] + blocks
    if ch and ch["marks"]:  # on top of everything, taking no click
        out.append('<g class="changes" pointer-events="none">' + "".join(ch["marks"]) + "</g>")
    out.append("</svg>")
    return "".join(out)
