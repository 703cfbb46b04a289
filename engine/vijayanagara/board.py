"""Draws the Vijayanagara board from a view (rules.view) as SVG: two drawings, a schematic map of India
for the stand-in map of data.py (with the score, the Available pieces and the Cavalry in boxes in its
seas) and a panel (the current card, a battle, the Sequence of Play, the Influence tracks).

Pure string building, no browser imports. Every space whose name is a legal action is a clickable
target, and so is every piece group [space, kind] that is a legal action (casualties, moves, refills):
an element with class="action", data-action (the action as JSON), tabindex="0", role="button" and an
aria-label. Every other legal action becomes a button of the page (rules.action_label).

Geometry (stand-in, like the adjacency it draws): the map is a Voronoi partition of an outline of the
subcontinent around one seed per space, plus an extra cell for the Vindhya Range (drawn as mountains,
impassable, 1.3.6). The seeds were searched so that the drawn borders give exactly the adjacency of
data.py; Gondwana, Orissa, Andhra and Madhyadesh meet at one point (1.3.5).

The battle panel tells each die's story (as rolled, Charged, Screened, a hit or a miss: battle_dice)
from the battle summary of rules.view; if the summary carries "units" ({"att": n, "def": n}, the
Units involved) the panel also says which rolls hit.

What changed since the seat last acted: when the view carries "before" (the view the same
seat had right after its own last action, see web/page.py), changes() compares the two by small dicts
and the board marks, all in one colour (CHANGED, magenta):
- piece groups whose count changed (placed, moved in or out, flipped Obedient/Rebelling, removed in
  part): a halo under the group, its tooltip saying the count at the seat's last move; a group clickable
  now also gets a ring over its target (pointer-events="none");
- piece kinds gone from a space: a faint ghost with a cross where the group would stand, its tooltip
  saying what left (the ghosts take slots beside the pieces still there, in the usual order, so a
  ghost stands where the group stood if the other kinds there did not change);
- Tributary/Control markers that changed: a ring round the marker, or a dashed ghost where a marker
  was removed, with the old state in the tooltip;
- victory points and Resources that changed: a ring round the number; Influence markers that moved,
  Cavalry counts and the Dynasty that changed: a ring; a new current card: a ring round the card;
- a legend in the map's south-eastern sea, only when there are marks.
Every mark is decoration: never class "action", drawn under the click targets or with
pointer-events="none". Without "before", or when nothing drawn changed, the output is exactly the
board without marks.
"""
from __future__ import annotations

import json

from engine.core.svg import esc as _t, wrap as svg_wrap
from engine.core.text import and_list, article

from . import data, events
from .board_slots import SLOTS

# Two drawings, laid side by side on a wide screen and one above the other on a phone (style.css, "a
# board of two drawings"): the map, with the score, the Available pieces and the Cavalry in its
# seas, and the panel (the card, a battle, the Sequence of Play, the Influence tracks). On a
# 1280x800 window the page draws the map as tall as it may be, 704 px (0.98 px a unit), and gives
# the panel the rest of the width, about 300 px (style.css sizes the map's column from MAP_W/MAP_H).
MAP_W, MAP_H = 604, 716
MAP_X, MAP_Y = 6, 4  # where the map's (0, 0) goes
PW = 290  # the panel's width: about 1.05 px a unit beside the map, 1.3 on a phone
MIN_TEXT = 13.4  # the map's counts, Prosperity, markers and Vindhya Range (13 px at 1280x800)
SMALL = 11.5  # the smallest text of either drawing: 11.3 px on the map, 12 px on the panel at 1280x800

CELLS = {
    'Mountain Passes': ((30, 40), (136, 21), (74, 168), (18, 181), (15, 150)),
    'Punjab': ((136, 21), (150, 18), (219, 33), (187, 180), (106, 190), (74, 168)),
    'Delhi': ((219, 33), (250, 40), (313, 64), (287, 201), (245, 218), (187, 180)),
    'Sindh': ((88, 341), (75, 330), (40, 300), (25, 240), (18, 181), (74, 168), (106, 190), (137, 279)),
    'Rajput Kingdoms': ((137, 279), (106, 190), (187, 180), (245, 218), (212, 286)),
    'Gujarat': ((185, 408), (175, 385), (150, 370), (110, 360), (88, 341), (137, 279), (212, 286),
                (240, 343)),
    'Malwa': ((240, 343), (212, 286), (245, 218), (287, 201), (332, 237), (293, 326), (267, 347)),
    'Jaunpur': ((313, 64), (330, 70), (420, 100), (520, 130), (557, 147), (510, 182), (365, 243),
                (332, 237), (287, 201)),
    'Gondwana': ((412, 381), (378, 328), (365, 243), (510, 182)),
    'Madhyadesh': ((326, 412), (267, 347), (293, 326), (378, 328), (412, 381)),
    'Orissa': ((557, 147), (585, 160), (590, 215), (545, 255), (505, 300), (470, 350), (440, 400),
               (437, 408), (412, 381), (510, 182)),
    'Maharashtra': ((201, 452), (195, 430), (185, 408), (240, 343), (267, 347), (326, 412), (304, 457)),
    'Andhra': ((437, 408), (420, 450), (400, 520), (388, 574), (332, 552), (304, 457), (326, 412),
               (412, 381)),
    'Karnataka': ((239, 577), (215, 500), (201, 452), (304, 457), (332, 552)),
    'Tamilakam': ((388, 574), (385, 590), (350, 660), (315, 705), (290, 700), (265, 650), (240, 580),
                  (239, 577), (332, 552)),
}
VINDHYA_CELL = ((293, 326), (332, 237), (365, 243), (378, 328))
# Where a space's name and pieces go (about the cell's centroid, nudged to fit).
ANCHOR = {'Mountain Passes': (64, 96), 'Punjab': (162, 98), 'Delhi': (252, 112), 'Sindh': (72, 236),
          'Rajput Kingdoms': (170, 222), 'Gujarat': (156, 310), 'Malwa': (272, 238),
          'Jaunpur': (420, 150), 'Gondwana': (422, 255), 'Madhyadesh': (342, 352),
          'Orissa': (550, 192), 'Maharashtra': (252, 387), 'Andhra': (390, 425),
          'Karnataka': (262, 478), 'Tamilakam': (312, 598)}
LINES = {'Mountain Passes': ('Mountain', 'Passes'), 'Rajput Kingdoms': ('Rajput', 'Kingdoms'),
         'Maharashtra': ('Maha-', 'rashtra')}
# Cities (1.3.4, stand-in): at the border points of the Provinces they touch.
CITY_AT = {"Devagiri": (267, 347), "Warangal": (412, 381), "Bidar": (326, 412), "Gulbarga": (304, 457),
           "Kampili": (246, 455), "Raichur": (324, 528), "Dwarasamudra": (280, 566),
           "Madurai": (362, 563)}
# Where a City's name goes: its baseline's end nearest the point, (dx, dy) from it; a negative dx
# puts the name left of the point (clear of the spaces' names and of as many piece slots as may be).
CITY_LABEL = {"Devagiri": (-7, -5), "Kampili": (-7, -3), "Dwarasamudra": (-7, -3)}
CITY_LABEL_AT = (7, -5)  # the others: above and to the right

SEAT_COLOURS = {data.DELHI: "#3b3b3b", data.BAHMANI: "#139a94", data.VIJAYANAGARA: "#e0a800",
          data.MONGOLS: "#c62828"}
LIGHT = {data.DELHI: "#bdbdbd", data.BAHMANI: "#a8e0dc", data.VIJAYANAGARA: "#f8dc8a"}
PIECE_FILL = {"troop": "#9e9e9e", "governor": "#212121", "qasbah": "#212121", "amir_o": "#17a79f",
              "amir_r": "#17a79f", "fort": "#17a79f", "raja_o": "#f2c230", "raja_r": "#f2c230",
              "temple": "#f2c230", "mongol": "#c62828"}
INK, PAPER, SEA, LAND = "#3e2a14", "#f3e7cc", "#a9cfe0", "#efe1bd"
TARGET = "#1b7f3a"
REBEL = "#b71c1c"  # the rim and bar of Rebelling Amirs and Rajas (1.4.5)
CHANGED = "#d500c8"  # marks what changed since the seat's last action (changes())
NOMOUSE = 'pointer-events="none"'
# Boxes in the map's seas (top-left corners, the map drawing's coordinates): the score off the
# north-east coast, the Available pieces and the Cavalry off the west coast, the legend of the
# change marks off the south-east coast; each clear of the land and of the Cities' names.
SEAS = {"score": (446, 6), "available": (6, 438), "cavalry": (6, 586), "legend": (446, 640)}


def _f(v) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _pts(poly, dx=MAP_X, dy=MAP_Y) -> str:
    return " ".join(f"{_f(x + dx)},{_f(y + dy)}" for x, y in poly)


def _m(x, y):
    return x + MAP_X, y + MAP_Y


def _box(x, y, w, h) -> str:
    """A box in the sea, like the boxes printed round the map."""
    return (f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="6" fill="#fffaf0" '
            f'fill-opacity="0.92" stroke="#8d6e3f" stroke-width="1"/>')


def _target(action, label, inner) -> str:
    return (f'<g class="action" data-action="{_t(json.dumps(action))}" tabindex="0" role="button" '
            f'aria-label="{_t(label)}" style="cursor:pointer"><title>{_t(label)}</title>{inner}</g>')


def _wrap(text, width) -> list:
    """`text` in lines of at most `width` characters."""
    return svg_wrap(str(text).split(), lambda line: len(line) <= width)


def _text(x, y, s, size=12, fill=INK, anchor="start", weight="normal", extra="") -> str:
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" {extra}>{_t(s)}</text>')


# --- what changed since the seat's last action (view["before"]) -----------------------------------

def _marker_of(view, prov):
    """The Province's marker as drawn: "Tributary", a controlling Faction, or None."""
    if view.get("tributary", {}).get(prov):
        return "Tributary"
    return view.get("control", {}).get(prov)


def changes(view):
    """What the board marks: the differences between view["before"] and the view, each as the old
    value, keyed by what is drawn; None when there is no "before" or nothing drawn changed.
        pieces     {(space, kind): count before}  for every group whose count changed
        markers    {province: "Tributary" | faction | None before}
        victory, resources, cavalry  {faction or "Pool": value before}
        influence  {faction: level before}
        card, dynasty  the old value, when it changed"""
    before = view.get("before")
    if not before:
        return None
    pieces = {}
    was, now = before.get("spaces", {}), view.get("spaces", {})
    for space in data.SPACES:
        a, b = was.get(space, {}), now.get(space, {})
        if a != b:
            for kind in data.PIECE_KINDS:
                if a.get(kind, 0) != b.get(kind, 0):
                    pieces[(space, kind)] = a.get(kind, 0)
    markers = {p: _marker_of(before, p) for p in data.PROVINCES if _marker_of(before, p) != _marker_of(view, p)}

    def moved(key, who):
        old, new = before.get(key) or {}, view.get(key) or {}
        return {f: old.get(f, 0) for f in who if old.get(f, 0) != new.get(f, 0)}

    cavalry = moved("cavalry", data.FACTIONS)
    if before.get("cavalry_pool", 0) != view.get("cavalry_pool", 0):
        cavalry["Pool"] = before.get("cavalry_pool", 0)
    ch = {"pieces": pieces, "markers": markers, "victory": moved("victory", data.FACTIONS),
          "resources": moved("resources", data.FACTIONS), "influence": moved("influence", data.DECCAN),
          "cavalry": cavalry}
    marked = any(ch.values())
    for key in ("card", "dynasty"):  # present only when changed (the old value may be None)
        if before.get(key) != view.get(key):
            ch[key] = before.get(key)
            marked = True
    return ch if marked else None


def _ring(x, y, w, h, rx=5, width=2.5) -> str:
    """A mark round a changed thing: decoration, never in the way of a click."""
    return (f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(rx)}" fill="none" '
            f'stroke="{CHANGED}" stroke-width="{_f(width)}" {NOMOUSE}/>')


def _was(old) -> str:
    return f" (was {old} at your last move)"


def _legend(ch) -> list:
    if not ch:
        return []
    x, y = SEAS["legend"]
    return [f'<g class="changes-legend" {NOMOUSE}><title>Marked: changed since your last move (a faint ×: gone)'
            f'</title>' + _box(x, y, 152, 64)
            + f'<rect x="{x + 8}" y="{y + 8}" width="20" height="14" rx="4" fill="{CHANGED}" fill-opacity="0.3" '
            f'stroke="{CHANGED}" stroke-width="2.5"/>'
            + "".join(_text(x + (34 if i == 0 else 8), y + 20 + 18 * i, line, size=12, weight="bold", fill=CHANGED)
                      for i, line in enumerate(("changed since", "your last move", "(faint ×: gone)"))) + '</g>']


# --- piece shapes (1.4: cubes, hexagonal cylinders, discs) -----------------------------------------

def piece_shape(kind, x, y, s=9.0) -> str:
    fill = PIECE_FILL[kind]
    if kind in ("troop", "mongol"):  # cubes: a square with a lit top and side
        d = s * 0.45
        return (f'<path d="M{_f(x - s)},{_f(y - s + d)} l{_f(d)},{_f(-d)} h{_f(2 * s)} l{_f(-d)},{_f(d)} z" '
                f'fill="{fill}" stroke="#222" stroke-width="0.8" filter="brightness(1.3)" opacity="0.85"/>'
                f'<rect x="{_f(x - s)}" y="{_f(y - s + d)}" width="{_f(2 * s - d)}" height="{_f(2 * s - d)}" '
                f'fill="{fill}" stroke="#222" stroke-width="1"/>'
                f'<path d="M{_f(x + s - d)},{_f(y - s + d)} l{_f(d)},{_f(-d)} v{_f(2 * s - d)} '
                f'l{_f(-d)},{_f(d)} z" fill="#000" fill-opacity="0.25" stroke="#222" stroke-width="0.8"/>')
    if kind in data.STRUCTURES:  # discs: a flat cylinder seen from above and a little aside
        return (f'<ellipse cx="{_f(x)}" cy="{_f(y + 3)}" rx="{_f(s + 1)}" ry="{_f(s * 0.62)}" fill="#000" '
                f'fill-opacity="0.35"/>'
                f'<ellipse cx="{_f(x)}" cy="{_f(y)}" rx="{_f(s + 1)}" ry="{_f(s * 0.62)}" fill="{fill}" '
                f'stroke="#222" stroke-width="1"/>'
                f'<ellipse cx="{_f(x)}" cy="{_f(y)}" rx="{_f(s * 0.5)}" ry="{_f(s * 0.3)}" fill="none" '
                f'stroke="#fff" stroke-opacity="0.6" stroke-width="1"/>')
    # hexagonal cylinders: Governors, Amirs, Rajas. Rebelling ones (1.4.5) wear a red rim and a red
    # bar across: a letter would be under 11 px on pieces this small (the key: _rebel_key)
    r = s * 1.05
    pts = " ".join(f"{_f(x + r * c)},{_f(y + r * d)}" for c, d in
                   ((1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0), (-0.5, -0.866), (0.5, -0.866)))
    rebel = kind.endswith("_r")
    out = (f'<polygon points="{pts}" fill="{fill}" stroke="{REBEL if rebel else "#222"}" '
           f'stroke-width="{2.4 if rebel else 1}"/>')
    if rebel:
        out += (f'<path d="M{_f(x - r * 0.5)},{_f(y + r * 0.866)} L{_f(x + r * 0.5)},{_f(y - r * 0.866)}" '
                f'stroke="{REBEL}" stroke-width="{_f(max(2, s * 0.38))}"/>')
    return out


def _rebel_key(x, y) -> list:
    """The key to the Obedient and Rebelling look (1.4.5), one line from (x, y), its baseline."""
    return ['<g><title>Obedient Amirs and Rajas plain; Rebelling ones with a red rim and bar (1.4.5)</title>',
            piece_shape("raja_o", x + 7, y - 4, 6.5), _text(x + 17, y, "Obedient", size=SMALL),
            piece_shape("raja_r", x + 83, y - 4, 6.5), _text(x + 93, y, "Rebelling", size=SMALL), '</g>']


# --- the map --------------------------------------------------------------------------------------

def _space_fill(view, space) -> str:
    if space in data.MONGOL_REGIONS:
        return "url(#vj-steppe)"
    if space == data.DELHI_SPACE:
        return "#d9c9a3"
    control = view["control"].get(space)
    if view["tributary"].get(space):
        return "#f6ecd2"
    if control in LIGHT:
        return LIGHT[control]
    return "#e6d3ac"


def _space_label(view, space, actions_here) -> str:
    what = "Province" if space in data.PROVINCES else "space"
    label = f"{space}"
    if actions_here:
        return f"Select {label}"
    return f"{label} ({what})"


# --- where the names, markers and pieces of a space go --------------------------------------------
# The name is centred on ANCHOR; the Prosperity circle and the Tributary/Control marker go beside its
# first line, or, in the narrow cells of MARKS_BELOW, on a line of their own under the name, or where
# MARKS_AT puts them (two awkward cells). tests/test_vijayanagara_board.py checks that names, markers
# and piece slots all lie inside their own cell.
MARKS_BELOW = {'Gondwana', 'Orissa', 'Malwa', 'Maharashtra', 'Karnataka', 'Gujarat', 'Andhra', 'Sindh'}
MARKS_AT = {'Madhyadesh': ((294, 342), (288, 352)), 'Rajput Kingdoms': ((126, 210), (203, 211))}


def marks(space):
    """(Prosperity circle centre, marker top-left) in map coordinates."""
    ax, ay = ANCHOR[space]
    lines = LINES.get(space, (space,))
    if space in MARKS_AT:
        return MARKS_AT[space]
    if space in MARKS_BELOW:
        return (ax - 14, ay + 4), (ax + 1, ay - 3)
    longest = max(len(line) for line in lines)
    return (ax - longest * 3.6 - 18, ay - 12 - 13 * (len(lines) - 1)), \
        (ax + longest * 3.6 + 12, ay - 21 - 13 * (len(lines) - 1))


def label_boxes(space) -> list:
    """Map-coordinate boxes of a space's name, Prosperity circle and marker."""
    ax, ay = ANCHOR[space]
    lines = LINES.get(space, (space,))
    boxes = []
    for i, line in enumerate(lines):  # one box a line (see _map: 12.5 bold, centred)
        base, half = ay - 8 - 13 * (len(lines) - 1 - i), len(line) * 3.7 + 2
        boxes.append((ax - half, base - 11, ax + half, base + 3 if i == len(lines) - 1 else base + 2))
    if space in data.PROVINCES:
        (px, py), (mx, my) = marks(space)
        boxes += [(px - 9, py - 9, px + 9, py + 9), (mx - 1, my - 1, mx + 25, my + 16)]
    return boxes


def _city_boxes() -> list:
    boxes = []
    for city, (x, y) in CITY_AT.items():
        boxes.append((x - 6, y - 6, x + 6, y + 6))
        w = len(city) * 0.62 * SMALL  # italic, SMALL units (see _map), as measured in Chromium
        dx, dy = CITY_LABEL.get(city, CITY_LABEL_AT)
        x0 = x + dx - w if dx < 0 else x + dx
        boxes.append((x0, y + dy - 10, x0 + w, y + dy + 3))
    return boxes


# A piece group is the piece with its count in a badge at its lower right. Slots are found inside the
# cell, clear of the name, markers and Cities, in rows under the name (then above it), each row filled
# from the middle out; a crowded space uses smaller pieces. Finding them takes about 0.6 s for the
# whole map on CPython (more in the browser, at the first drawing of every game), so the table is
# computed ahead, in board_slots.py (`python -m engine.vijayanagara.board` writes it; a test checks
# that it matches compute_slots).
SIZES = {1.0: ((-11, -11, 19, 13), 24), 0.78: ((-9, -9, 15, 11), 20), 0.62: ((-7, -7, 12, 9), 16)}  # footprint, row pitch
MAX_KINDS = len(data.PIECE_KINDS)


def _inside(pt, poly) -> bool:
    x, y = pt
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _rect_in_poly(r, poly) -> bool:
    x0, y0, x1, y1 = r
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    pts = ((x0, y0), (x1, y0), (x0, y1), (x1, y1), (xm, y0), (xm, y1), (x0, ym), (x1, ym))
    if not all(_inside(p, poly) for p in pts):
        return False
    return not any(x0 < vx < x1 and y0 < vy < y1 for vx, vy in poly)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def slots(space, scale=1.0) -> list:
    """The piece positions (map coordinates) that fit in the space's cell at this scale, best first."""
    return SLOTS[(space, scale)]


def compute_slots(space, scale) -> list:
    """What slots() answers, computed from the cells, names and markers (see board_slots.py)."""
    poly = list(CELLS[space])
    ax = ANCHOR[space][0]
    blocked = label_boxes(space) + _city_boxes()
    (l, t, r, b), pitch = SIZES[scale]
    xs = [x for x, _ in poly]
    top = min(box[1] for box in label_boxes(space))
    names = len(LINES.get(space, (space,)))
    below = max(box[3] for box in label_boxes(space)[:names if space in MARKS_AT else None]) - t + 2
    rows = [below + pitch * k for k in range(6)] + [top - b - 2 - pitch * k for k in range(4)]
    cands = []
    for rank, gy in enumerate(rows):
        for gx in range(int(min(xs)), int(max(xs)) + 1, 2):
            box = (gx + l, gy + t, gx + r, gy + b)
            if _rect_in_poly((box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2), poly) and \
                    not any(_overlap(box, o) for o in blocked):
                cands.append((rank, abs(gx + (l + r) / 2 - ax), gx, gy, box))
    cands.sort()
    chosen = []
    for _, _, gx, gy, box in cands:
        if len(chosen) == MAX_KINDS:
            break
        if not any(_overlap(box, c[2]) for c in chosen):
            chosen.append((gx, gy, box))
    return [(x, y) for x, y, _ in chosen]


def slot_table_source() -> str:
    """The text of board_slots.py: every space's slots at every size."""
    rows = [f"    {(space, scale)!r}: {compute_slots(space, scale)!r}," for space in CELLS for scale in SIZES]
    return ('"""Piece slots of every map space at every size: computed by engine/vijayanagara/board.py\n'
            '(compute_slots), written by `python -m engine.vijayanagara.board`; do not edit."""\n'
            "SLOTS = {\n" + "\n".join(rows) + "\n}\n")


def layout(space, n):
    """(scale, positions) for n piece groups in a space: full size if they fit, else smaller; should
    even those not fit (not expected in play), the rest go in rows under the space's name."""
    for scale in SIZES:
        spots = slots(space, scale)
        if len(spots) >= n:
            break
    spots = list(spots[:n])
    ax, ay = ANCHOR[space]
    for i in range(n - len(spots)):
        spots.append((ax - 24 + 24 * (i % 3), ay + 70 + 20 * (i // 3)))
    spots.sort(key=lambda p: (round(p[1] / 10), p[0]))  # read left to right, top to bottom
    return scale, spots


def _badge(x, y, n, scale=1.0) -> str:
    """The count of a piece group: a small badge at the piece's lower right."""
    if n <= 1:
        return ""
    w, h = (13 if n < 10 else 20), 14.5  # its digits MIN_TEXT tall at every scale
    x, y = x - 2, y - 2.5
    return (f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(h / 2)}" fill="#fffaf0" '
            f'stroke="#3e2a14" stroke-width="1"/>'
            + _text(x + w / 2, y + h - 2.4, n, size=MIN_TEXT, anchor="middle", weight="bold"))


# What clicking a piece group does, by the kind of the current decision (its aria-label and tooltip).
PICK_LABELS = {"move_units": "Move {one} from {space}", "compel": "Move {one} in from {space}",
               "battle": "Remove {one} in {space} (a casualty)", "effect_remove": "Remove {one} from {space}",
               "plunder_troops": "Remove {one} from {space}", "attack_setup": "Add {one} from {space} to the attack",
               "refill": "Put {one} from {space} back on the Influence track"}


def _one(name) -> str:
    return article(name)


def _pieces(view, space, piece_targets, on_top, ch=None) -> list:
    """The piece groups of a space; clickable ones go to `on_top` (drawn above the space targets).
    With changes (ch): a halo under every group whose count changed, a ring over a clickable one, and
    a ghost for every kind gone from the space (see changes())."""
    here = view["spaces"].get(space, {})
    was = {k: old for (s, k), old in ch["pieces"].items() if s == space} if ch else {}
    kinds = [k for k in data.PIECE_KINDS if here.get(k) or was.get(k)]
    scale, spots = layout(space, len(kinds))
    (l, t, r, b), _pitch = SIZES[scale]
    out, groups = [], []
    for kind, (mx, my) in zip(kinds, spots):
        x, y = _m(mx, my)
        n = here.get(kind, 0)
        name = data.PIECE_NAMES[kind]
        if kind in was:
            out.append(f'<rect x="{_f(x + l - 3)}" y="{_f(y + t - 3)}" width="{_f(r - l + 6)}" '
                       f'height="{_f(b - t + 6)}" rx="6" fill="{CHANGED}" fill-opacity="{0.12 if not n else 0.3}" '
                       f'stroke="{CHANGED}" stroke-width="2.5"' + (' stroke-dasharray="4 3"' if not n else "")
                       + f' {NOMOUSE}/>')
        if not n:  # gone since the seat's last action: a faint ghost, crossed
            old = was[kind]
            s = 7 * scale
            groups.append(f'<g class="gone"><title>{_t(f"Gone since your last move: {data.pieces_text(old, kind)}")}'
                          f'</title><g opacity="0.35">{piece_shape(kind, x, y, 9 * scale)}</g>'
                          f'<path d="M{_f(x - s)},{_f(y - s)} l{_f(2 * s)},{_f(2 * s)} M{_f(x + s)},{_f(y - s)} '
                          f'l{_f(-2 * s)},{_f(2 * s)}" stroke="{CHANGED}" stroke-width="{_f(3 * scale)}" '
                          f'stroke-linecap="round"/></g>')
            continue
        g = piece_shape(kind, x, y, 9 * scale) + _badge(x + 8 * scale, y + 1, n, scale)
        plural = "s" if n > 1 else ""
        if [space, kind] in piece_targets:
            label = PICK_LABELS.get(view.get("stage"), "Select {one} in {space}").format(one=_one(name), space=space)
            label += f" ({n} there)"
            on_top.append(_target([space, kind], label,
                                  f'<rect x="{_f(x + l - 2)}" y="{_f(y + t - 2)}" width="{_f(r - l + 4)}" '
                                  f'height="{_f(b - t + 4)}" rx="5" fill="#fff59d" fill-opacity="0.8" '
                                  f'stroke="{TARGET}" stroke-width="2.5"/>' + g))
            if kind in was:
                on_top.append(_ring(x + l - 5, y + t - 5, r - l + 10, b - t + 10, rx=7))
            continue
        title = f"{n} {name}{plural}" + (_was(was[kind]) if kind in was else "")
        groups.append(f'<g><title>{_t(title)}</title>{g}</g>')
    return out + groups


def _map(view, actions, ch=None) -> list:
    space_targets = {a for a in actions if isinstance(a, str) and a in data.SPACES}
    piece_targets = [a for a in actions if isinstance(a, list) and len(a) == 2
                     and isinstance(a[0], str) and a[0] in data.SPACES and a[1] in data.PIECE_KINDS]
    clickable_pieces = []
    out = ['<g class="map">',
           f'<rect width="{MAP_W}" height="{MAP_H}" rx="10" fill="{SEA}"/>',
           f'<polygon points="{_pts(_outline())}" fill="{LAND}" stroke="none"/>']
    for space in data.SPACES:
        poly = CELLS[space]
        out.append(f'<polygon class="space" points="{_pts(poly)}" fill="{_space_fill(view, space)}" '
                   f'stroke="#7a5a30" stroke-width="1.6" stroke-linejoin="round"/>')
    # Delhi: a walled city; the Mongol route (2.6) as arrows
    out.append(f'<polygon points="{_pts(CELLS[data.DELHI_SPACE])}" fill="none" stroke="#5d4037" '
               f'stroke-width="3" stroke-dasharray="2 3"/>')
    for a, b in ((data.MOUNTAIN_PASSES, data.PUNJAB), (data.PUNJAB, data.DELHI_SPACE)):
        (x1, y1), (x2, y2) = _m(*ANCHOR[a]), _m(*ANCHOR[b])
        out.append(f'<line x1="{_f(x1 + 22)}" y1="{_f(y1 - 24)}" x2="{_f(x2 - 24)}" y2="{_f(y2 - 24)}" '
                   f'stroke="#b71c1c" stroke-width="3" stroke-dasharray="7 4" marker-end="url(#vj-arrow)" '
                   f'opacity="0.75"/>')
    # the Vindhya Range: impassable (1.3.6)
    out.append(f'<polygon points="{_pts(VINDHYA_CELL)}" fill="url(#vj-mountains)" stroke="#5d4037" '
               f'stroke-width="1.6"/>')
    vx, vy = _m(335, 286)
    out.append('<g><title>Vindhya Range: impassable, not a space (1.3.6)</title>')
    for i, word in enumerate(("Vindhya", "Range")):
        out.append(_text(vx, vy - 2 + 14 * i, word, size=MIN_TEXT, anchor="middle", weight="bold", fill="#fff8e6",
                         extra='font-style="italic" paint-order="stroke" stroke="#4e342e" stroke-width="2.5"'))
    out.append('</g>')
    # Cities (1.3.4): points on the borders, not spaces
    for city, (x, y) in CITY_AT.items():
        cx, cy = _m(x, y)
        out.append(f'<g><title>{_t(city)} (City)</title><rect x="{_f(cx - 4)}" y="{_f(cy - 4)}" width="8" '
                   f'height="8" fill="#fff" stroke="#5d4037" stroke-width="1.5" transform="rotate(45 {_f(cx)} '
                   f'{_f(cy)})"/></g>')
        dx, dy = CITY_LABEL.get(city, CITY_LABEL_AT)
        out.append(_text(cx + dx, cy + dy, city, size=SMALL, fill="#5d4037", anchor="end" if dx < 0 else "start",
                         extra='font-style="italic" paint-order="stroke" stroke="#fff8e6" stroke-width="2"'))
    # names, Prosperity, markers, pieces
    for space in data.SPACES:
        ax, ay = _m(*ANCHOR[space])
        lines = LINES.get(space, (space,))
        for i, line in enumerate(lines):
            out.append(_text(ax, ay - 8 - 13 * (len(lines) - 1 - i), line, size=12.5, anchor="middle",
                             weight="bold", extra='paint-order="stroke" stroke="#fff8e6" stroke-width="3"'))
        if space in data.PROVINCES:
            p = data.PROSPERITY[space]
            (px, py), (mx, my) = marks(space)
            px, py = _m(px, py)
            mx, my = _m(mx, my)
            out.append(f'<g><title>Prosperity {p}</title><circle cx="{_f(px)}" cy="{_f(py)}" r="8" '
                       f'fill="#fff3c4" stroke="#a07a2a" stroke-width="1.5"/>'
                       + _text(px, py + 4.8, p, size=MIN_TEXT, anchor="middle", weight="bold", fill="#7a5200") + '</g>')
            moved, width = bool(ch) and space in ch["markers"], 0
            old = ch["markers"][space] if moved else None
            was = _was({"Tributary": "Tributary", None: "no marker"}.get(old, f"{old} Control")) if moved else ""
            if view["tributary"].get(space):
                out.append(f'<g><title>Tributary (1.6){_t(was)}</title><rect x="{_f(mx)}" y="{_f(my)}" width="17" '
                           f'height="15" rx="2" fill="#6d4c41" stroke="#fff" stroke-width="1"/>'
                           + _text(mx + 8.5, my + 12.4, "T", size=MIN_TEXT, anchor="middle", weight="bold", fill="#fff")
                           + '</g>')
                width = 17
            elif view["control"].get(space):
                owner = view["control"][space]
                out.append(f'<g><title>{_t(owner)} Control (1.7){_t(was)}</title><rect x="{_f(mx)}" y="{_f(my)}" '
                           f'width="24" height="15" rx="2" fill="{SEAT_COLOURS[owner]}" stroke="#fff" stroke-width="1"/>'
                           + _text(mx + 12, my + 12.4, data.SHORT[owner], size=MIN_TEXT, anchor="middle", weight="bold",
                                   fill="#fff") + '</g>')
                width = 24
            elif moved:  # the marker was removed: a dashed ghost where it stood
                out.append(f'<g class="gone"><title>{_t(f"No marker now{was}")}</title><rect x="{_f(mx)}" '
                           f'y="{_f(my)}" width="{17 if old == "Tributary" else 24}" height="15" rx="2" '
                           f'fill="{CHANGED}" fill-opacity="0.12" stroke="{CHANGED}" stroke-width="2" '
                           f'stroke-dasharray="3 2"/></g>')
            if moved and width:
                out.append(_ring(mx - 3, my - 3, width + 6, 21, rx=4))
        out.extend(_pieces(view, space, piece_targets, clickable_pieces, ch))
    focus = view.get("focus")
    if focus in CELLS:
        out.append(f'<g><title>{_t(focus)}: the space of this decision</title><polygon '
                   f'points="{_pts(CELLS[focus])}" fill="none" stroke="#e65100" stroke-width="4.5" '
                   f'stroke-linejoin="round"/></g>')
    # clickable spaces on top
    for space in data.SPACES:
        if space in space_targets:
            poly = CELLS[space]
            out.append(_target(space, _space_label(view, space, True),
                               f'<polygon points="{_pts(poly)}" fill="#43a047" fill-opacity="0.16" '
                               f'stroke="{TARGET}" stroke-width="4" stroke-dasharray="10 5"/>'))
    out.extend(clickable_pieces)
    out.append('</g>')
    return out


def _outline():
    return ((30, 40), (150, 18), (250, 40), (330, 70), (420, 100), (520, 130), (585, 160), (590, 215),
            (545, 255), (505, 300), (470, 350), (440, 400), (420, 450), (400, 520), (385, 590), (350, 660),
            (315, 705), (290, 700), (265, 650), (240, 580), (215, 500), (195, 430), (175, 385), (150, 370),
            (110, 360), (75, 330), (40, 300), (25, 240), (15, 150))


# --- the boxes in the seas: the score (5.0: victory points; 1.8: Resources), Available, Cavalry ----
# The printed board keeps victory points and Resources on a 0-30 edge track; here they are numbers
# in a table (an 11 px digit needs more room than a track's 31 spaces leave on a 700 px map).

def _score(view, ch=None) -> list:
    x, y = SEAS["score"]
    vp, res = view.get("victory", {}), view.get("resources", {})
    out = ['<g class="score">', _box(x, y, 152, 86),
           '<g><title>victory points (5.0)</title>' + _text(x + 92, y + 17, "VP", size=12, anchor="end",
                                                             weight="bold", fill="#6b4f2a") + '</g>',
           '<g><title>Resources (1.8)</title>' + _text(x + 144, y + 17, "Res.", size=12, anchor="end",
                                                        weight="bold", fill="#6b4f2a") + '</g>']
    for i, f in enumerate(data.FACTIONS):
        ry = y + 37 + 20 * i
        out.append(f'<rect x="{x + 8}" y="{ry - 11}" width="12" height="12" fill="{SEAT_COLOURS[f]}"/>'
                   + _text(x + 26, ry, data.SHORT[f], size=12, weight="bold", fill=SEAT_COLOURS[f]))
        for key, right, what in (("victory", 92, "victory points"), ("resources", 144, "Resource")):
            n = (vp if key == "victory" else res).get(f, 0)
            name = what if key == "victory" else what + "s" * (n != 1)
            moved = bool(ch) and f in ch[key]
            out.append(f'<g><title>{_t(f)}: {n} {name}{_was(ch[key][f]) if moved else ""}</title>'
                       + _text(x + right, ry, n, size=MIN_TEXT, anchor="end", weight="bold") + '</g>')
            if moved:
                out.append(_ring(x + right - 26, ry - 14, 30, 19, rx=4))
    out.append('</g>')
    return out


def _available(view) -> list:
    x, y = SEAS["available"]
    out = [_box(x, y, 178, 140), _text(x + 6, y + 18, "Available (1.4.3)", size=12.5, weight="bold")]
    av = view.get("available", {})
    rows = ((data.DELHI, (("troop", "troop"), ("governor", "governor"), ("qasbah", "qasbah"))),
            (data.BAHMANI, (("amir", "amir_o"), ("fort", "fort"))),
            (data.VIJAYANAGARA, (("raja", "raja_o"), ("temple", "temple"))),
            (data.MONGOLS, (("mongol", "mongol"),)))
    for i, (f, items) in enumerate(rows):
        ry = y + 38 + i * 22
        out.append(_text(x + 6, ry + 4, data.SHORT[f], size=SMALL, weight="bold", fill=SEAT_COLOURS[f]))
        for j, (ptype, kind) in enumerate(items):
            bx = x + 42 + j * 50
            out.append(f'<g><title>{av.get(ptype, 0)} {_t(ptype)} Available</title>'
                       + piece_shape(kind, bx, ry, 7) + _text(bx + 11, ry + 5, f"×{av.get(ptype, 0)}", size=SMALL)
                       + '</g>')
    return out + _rebel_key(x + 6, y + 132)


def _cavalry(view, ch=None) -> list:
    x, y = SEAS["cavalry"]
    out = [_box(x, y, 200, 104), _text(x + 6, y + 18, "Cavalry (1.10)", size=12.5, weight="bold")]
    cav = view.get("cavalry", {})
    pool = view.get("cavalry_pool", 0)
    holders = [("Pool", pool, "#8d6e63")] + [(data.SHORT[f], cav.get(f, 0), SEAT_COLOURS[f]) for f in data.FACTIONS]
    for i, (key, (name, n, colour)) in enumerate(zip(("Pool",) + data.FACTIONS, holders)):
        ry = y + 36 + i * 19
        if ch and key in ch["cavalry"]:  # a changed count: a ring round the row
            out.append(_ring(x + 3, ry - 9, 194, 18, rx=4))
        out.append(_text(x + 6, ry + 4, name, size=SMALL, weight="bold", fill=colour))
        for k in range(n):
            out.append(f'<circle cx="{x + 44 + k * 12}" cy="{ry}" r="4.8" fill="#fbe9c6" stroke="{colour}" '
                       f'stroke-width="2"/>')
        out.append(_text(x + 44 + max(n, 0) * 12, ry + 4, n, size=SMALL))
    return out


# --- the panel beside the map (its own drawing, PW wide, as tall as its parts) ----------------------
# Each part is drawn from its top y and answers (its elements, its bottom y); ch: changes(view).

def _card(view, x, y, w, ch=None):
    out, bottom = _card_face(view, x, y, w)
    if ch and "card" in ch:  # a new card since the seat's last action
        out.append(_ring(x + 1, y + 1, w - 2, bottom - y - 2, rx=9, width=4))
    return out, bottom


def _card_face(view, x, y, w):
    info = view.get("card_info") or {}
    out = []
    if not info:
        out.append(_text(x + 14, y + 30, "No card", size=14))
        ty = y + 44
    elif info["kind"] == "event":
        out.append(f'<circle cx="{x + 22}" cy="{y + 24}" r="15" fill="#5d4037"/>')
        out.append(_text(x + 22, y + 29, info["number"], size=14, anchor="middle", weight="bold", fill="#fff"))
        title = _wrap(info["title"], 24)
        for i, line in enumerate(title):
            out.append(_text(x + 44, y + 30 + 19 * i, line, size=16, weight="bold"))
        oy = y + 30 + 19 * len(title) + 2  # the order's row, its top
        out.append(_text(x + 10, oy + 14, "Order:", size=SMALL, fill="#6b4f2a"))
        for i, f in enumerate(info["order"]):
            bx = x + 56 + i * 40
            out.append(f'<rect x="{bx}" y="{oy}" width="36" height="19" rx="3" fill="{SEAT_COLOURS[f]}"/>')
            out.append(_text(bx + 18, oy + 14, data.SHORT[f], size=12, anchor="middle", weight="bold", fill="#fff"))
        if info.get("stay"):
            out.append(f'<rect x="{x + 178}" y="{oy}" width="{w - 188}" height="19" rx="9" fill="#2e7d32"/>')
            out.append(_text(x + 178 + (w - 188) / 2, oy + 14, "Stay Eligible", size=SMALL, anchor="middle",
                             weight="bold", fill="#fff"))
        ty = oy + 28
        for side, bg, fg in (("unshaded", "#fff3d6", INK), ("shaded", "#5d4037", "#fff3d6")):
            lines = _wrap(info[side], 40)
            hgt = 24 + 15 * len(lines)
            out.append(f'<rect x="{x + 8}" y="{ty}" width="{w - 16}" height="{hgt}" rx="6" fill="{bg}" '
                       f'stroke="#8d6e3f" stroke-width="1"/>')
            out.append(_text(x + 15, ty + 16, side.capitalize(), size=12, weight="bold", fill=fg))
            for i, line in enumerate(lines):
                out.append(_text(x + 15, ty + 32 + 15 * i, line, size=SMALL, fill=fg))
            ty += hgt + 8
    else:
        kind = info["kind"]
        names = {"invasion": "Mongol Invasion", "succession": "Succession", "timurid": "Timurid Empire"}
        colour = {"invasion": "#c62828", "succession": "#4a148c", "timurid": "#b71c1c"}[kind]
        out.append(f'<rect x="{x + 10}" y="{y + 12}" width="150" height="22" rx="4" fill="{colour}"/>')
        out.append(_text(x + 85, y + 28, names[kind], size=12.5, anchor="middle", weight="bold", fill="#fff"))
        title = _wrap(info["title"], 24)
        for i, line in enumerate(title):
            out.append(_text(x + 12, y + 56 + 19 * i, line, size=16, weight="bold"))
        ty = y + 56 + 19 * len(title)
        for line in _wrap(info.get("text", ""), 36):
            ty += 16
            out.append(_text(x + 12, ty, line, size=12))
        ty += 12
    played = view.get("played", [])
    if len(played) >= 2:  # 2.3: played cards are open; name the one before this
        title = events.CARD_TITLES.get(played[-2], str(played[-2]))
        short = title if len(title) <= 28 else title[:27] + "…"
        ty += 4
        out.append(f'<g><title>{_t("Previous card: " + title)}</title>'
                   + _text(x + 12, ty + 10, f"Previous: {short}", size=SMALL, fill="#6b4f2a") + '</g>')
        ty += 16
    deck = view.get("deck_size", 0)
    out.append(f'<g><title>{len(played)} card{"s" * (len(played) != 1)} played so far</title>'
               + _text(x + 12, ty + 14, f"Deck: {deck} card{'s' if deck != 1 else ''} left",
                       size=SMALL, fill="#6b4f2a") + '</g>')
    bottom = ty + 24
    face = (f'<rect x="{x}" y="{y}" width="{w}" height="{bottom - y}" rx="10" fill="#fffaf0" stroke="#8d6e3f" '
            f'stroke-width="2"/>')
    return [face] + out, bottom


def _result(view, x, y, w, ch=None):
    """5.0: the final ranking, victory points and Resources (the tie-break), above the card."""
    res = view.get("result")
    if not res:
        return [], y
    winners = res.get("winners", [])
    head = (f"{winners[0]} wins" if len(winners) == 1 else
            f"{and_list(data.SHORT.get(f, f) for f in winners)} share the win")
    ranking = res.get("ranking") or [[f] for f in data.FACTIONS]
    scores = res.get("scores", {})
    notes = []
    if len(winners) > 1:
        notes = _wrap("Tied in victory points and Resources (5.0)"
                      + ("; they may settle it with a game of Aadu-Huli aata (5.5)."
                         if res.get("tiebreak") == "aadu_huli" else "."), 38)
    heads = ["Game over (5.0):", head]
    rows = sum(len(group) for group in ranking)
    hgt = 16 + 19 * len(heads) + 36 * rows + 15 * len(notes) + 6
    out = [f'<g><title>{_t(res.get("summary", ""))}</title>'
           f'<rect x="{x}" y="{y}" width="{w}" height="{hgt}" rx="6" fill="#1b5e20"/>']
    for i, line in enumerate(heads):
        out.append(_text(x + 10, y + 22 + 19 * i, line, size=15, weight="bold", fill="#fff"))
    ry = y + 22 + 19 * len(heads) + 6
    for place, group in enumerate(ranking, 1):
        for f in group:
            out.append(f'<rect x="{x + 10}" y="{ry - 11}" width="13" height="13" fill="{SEAT_COLOURS.get(f, INK)}" '
                       f'stroke="#fff" stroke-width="1"/>')
            out.append(_text(x + 30, ry, f"{place}. {f}", size=13, weight="bold", fill="#fff"))
            res_f = view.get('resources', {}).get(f, 0)
            out.append(_text(x + 30, ry + 16, f"{scores.get(f, 0)} VP · {res_f} Resource{'s' * (res_f != 1)}",
                             size=12, fill="#fff"))
            ry += 36
    for i, line in enumerate(notes):
        out.append(_text(x + 10, ry - 6 + 15 * i, line, size=SMALL, fill="#fff"))
    out.append('</g>')
    return out, y + hgt


def _sequence(view, x, y, w, ch=None):
    out = [_text(x, y + 14, "Sequence of Play (2.3)", size=MIN_TEXT, weight="bold")]
    acted = view.get("acted", {})
    active = view.get("active", [])
    names = {"unshaded": "Event (unshaded)", "shaded": "Event (shaded)", "command": "Command",
             "command+decree": "Command + Decree", "limited": "Limited Command", "pass": "Pass"}
    for i, f in enumerate(data.FACTIONS):  # two lines a Faction: its name, then where it stands
        ry = y + 22 + i * 40
        elig = view.get("eligible", {}).get(f)
        out.append(f'<rect x="{x}" y="{ry}" width="{w}" height="36" rx="4" '
                   f'fill="{"#e8f5e9" if elig else "#eeeeee"}" stroke="{SEAT_COLOURS[f] if f in active else "#bbb"}" '
                   f'stroke-width="{3 if f in active else 1}"/>')
        out.append(f'<rect x="{x + 5}" y="{ry + 5}" width="12" height="12" fill="{SEAT_COLOURS[f]}"/>')
        out.append(_text(x + 22, ry + 15.5, f, size=12, weight="bold"))
        state = "Eligible" if elig else "Ineligible"
        if f in acted:
            state = f"{state} · took {names.get(acted[f], acted[f])}"
        if f in active:
            state += " · to act"
        out.append(_text(x + 22, ry + 30.5, state, size=SMALL, fill="#2e7d32" if elig else "#616161"))
    dyn = view.get("dynasty", "")
    dy = y + 22 + 3 * 40 + 14
    out.append(_text(x, dy, f"Dynasty (2.7): {dyn}", size=12.5, fill="#4a148c", weight="bold"))
    out.append(_text(x, dy + 16, "no Rebel Command" if dyn == "Khalji" else "Rebel allowed", size=SMALL,
                     fill="#4a148c"))
    if ch and "dynasty" in ch:
        out.append(_ring(x - 3, dy - 15, w + 6, 36, rx=4))
    return out, dy + 22


def _influence(view, x, y, w, ch=None):
    out = [_text(x, y + 14, "Deccan Influence (1.9)", size=MIN_TEXT, weight="bold")]
    pitch = (w - 26) / 5
    for i, f in enumerate(data.DECCAN):
        ry = y + 22 + i * 40
        level = view.get("influence", {}).get(f, 0)
        track = view.get("track", {}).get(f, [0] * 5)
        out.append(_text(x, ry + 22, data.SHORT[f], size=12, weight="bold", fill=SEAT_COLOURS[f]))
        for s in range(5):
            bx = x + 26 + s * pitch
            out.append(f'<rect x="{_f(bx)}" y="{ry}" width="{_f(pitch - 4)}" height="36" rx="4" fill="#fffaf0" '
                       f'stroke="{SEAT_COLOURS[f] if s == level else "#bca77f"}" stroke-width="{3 if s == level else 1}"/>')
            out.append(_text(bx + 5, ry + 13, s, size=SMALL, fill="#6b4f2a"))
            if s == level:
                moved = bool(ch) and f in ch["influence"]
                out.append(f'<g><title>{_t(f)} Influence {level}{_was(ch["influence"][f]) if moved else ""}</title>'
                           f'<circle cx="{_f(bx + pitch - 15)}" cy="{ry + 10}" r="7" '
                           f'fill="{SEAT_COLOURS[f]}" stroke="#fff" stroke-width="1.5"/></g>')
                if moved:
                    out.append(f'<circle cx="{_f(bx + pitch - 15)}" cy="{ry + 10}" r="10" fill="none" '
                               f'stroke="{CHANGED}" stroke-width="2.5" {NOMOUSE}/>')
            full = data.TRACK_UNITS[f][s]
            if full and track[s] < full:  # an emptied slot (1.9): refilled if Influence falls below it
                refilling = view.get("stage") == "refill" and f in view.get("active", []) and s > level
                out.append(f'<g><title>{full - track[s]} of {full} Units gone from this slot: put back if the '
                           f'Influence falls below it (1.9)</title><rect x="{_f(bx + 3)}" y="{ry + 17}" '
                           f'width="{_f(pitch - 10)}" height="16" rx="3" fill="{"#fff59d" if refilling else "none"}" '
                           f'stroke="{TARGET if refilling else "#bca77f"}" stroke-width="{2 if refilling else 1}" '
                           f'stroke-dasharray="3 2"/>'
                           + (_text(bx + (pitch - 4) / 2, ry + 29.5, f"0/{full}", size=SMALL, anchor="middle",
                                    fill=TARGET if refilling else "#8d6e3f") if not track[s] else "") + '</g>')
            if track[s]:
                kind = data.OBEDIENT[f]
                unit = "Amir" if f == data.BAHMANI else "Raja"
                out.append(f'<g><title>{track[s]} {unit}{"s" if track[s] != 1 else ""} waiting: they go to '
                           f'Available when the Influence marker reaches this box (1.9)</title>'
                           + piece_shape(kind, bx + 12, ry + 25, 6)
                           + _text(bx + 21, ry + 30, f"×{track[s]}", size=SMALL) + '</g>')
    return out, y + 22 + 2 * 40


def battle_dice(b) -> dict:
    """Each side's dice as rolled, with what Cavalry did to them (1.10) and, once the hits are
    scored, which of them hit: {"att"|"def": [{"rolled", "now", "charged", "screened", "hit"}]}."""
    sides = {side: [{"rolled": d, "now": d, "charged": False, "screened": False, "hit": None}
                    for d in b.get("rolled", {}).get(side, b["dice"][side])] for side in ("att", "def")}
    own = {b["attacker"]: "att", b["defender"]: "def"}
    for entry in b.get("cavalry", []):
        who, _, what = entry.partition(": ")
        side = own.get(who)
        if side is None:
            continue
        words = what.split()
        if words[:1] == ["Charge"] and len(words) == 4:
            for die in sides[side]:
                if not die["screened"] and die["now"] == int(words[1]):
                    die["now"], die["charged"] = int(words[3]), True
                    break
        elif words[:2] == ["Screen", "removes"]:
            other = "def" if side == "att" else "att"
            for die in sides[other]:
                if not die["screened"] and not die["charged"] and die["now"] == int(words[-1]):
                    die["screened"] = True
                    break
            else:
                for die in sides[other]:
                    if not die["screened"] and die["now"] == int(words[-1]):
                        die["screened"] = True
                        break
    if b.get("stage") not in ("att_cav", "def_cav"):  # hits are scored: the lowest dice under 6 hit
        for side, dice in sides.items():
            live = sorted((d for d in dice if not d["screened"]), key=lambda d: d["now"])
            for i, die in enumerate(live):
                die["hit"] = i < b["hits"][side] and die["now"] < 6
    return sides


def _battle(view, x, y, w, ch=None):
    b = view.get("battle")
    if not b:
        return [], y
    current = b.get("current")
    stage = b.get("stage")
    out = [_text(x + 10, y + 19, ("Battle" if current else "Last battle") + f" in {b['space']}",
                 size=13, weight="bold", fill="#b71c1c")]
    who = {"att": b["attacker"], "def": b["defender"]}
    if current and stage in ("att_cav", "def_cav"):
        deciding = who["att" if stage == "att_cav" else "def"]
        note = f"{data.SHORT.get(deciding, deciding)} may use Cavalry"
    elif current and stage in ("att_loss", "def_loss"):
        loser = who["att" if stage == "att_loss" else "def"]
        note = f"{data.SHORT.get(loser, loser)} removes casualties"
    else:
        note = ""
    ry = y + 30
    if note:
        out.append(_text(x + 10, y + 36, note, size=SMALL, fill="#b71c1c", weight="bold"))
        ry += 14
    dice = battle_dice(b)
    units = b.get("units") or {}
    for side in ("att", "def"):  # a side: its dice beside its name, then the Units' rule and the hits
        f = who[side]
        out.append(_text(x + 10, ry + 14, data.SHORT.get(f, f), size=12, weight="bold", fill=SEAT_COLOURS.get(f, INK)))
        out.append(_text(x + 10, ry + 29, "attacks" if side == "att" else "defends", size=SMALL, fill="#6b4f2a"))
        for k, die in enumerate(dice[side]):
            dx = x + 70 + k * 34
            fill, ink, edge = "#fff", INK, "#333"
            if die["hit"] is True:
                fill, ink, edge = "#2e7d32", "#fff", "#1b5e20"
            elif die["hit"] is False:
                fill, ink, edge = "#eeeeee", "#757575", "#9e9e9e"
            tip = f"rolled {die['rolled']}"
            if die["charged"]:
                tip += f", Charged to {die['now']}"
            if die["screened"]:
                tip += ", Screened (cancelled)"
            if die["hit"] is not None and not die["screened"]:
                tip += ": a hit" if die["hit"] else ": a miss"
            g = (f'<rect x="{dx}" y="{ry + 4}" width="24" height="24" rx="4" fill="{fill}" stroke="{edge}" '
                 f'stroke-width="1.3" opacity="{0.45 if die["screened"] else 1}"/>'
                 + _text(dx + 12, ry + 21.5, die["now"], size=14, anchor="middle", weight="bold", fill=ink))
            if die["charged"]:  # the roll before the Charge, in a dot at the corner
                g += (f'<circle cx="{dx + 24}" cy="{ry + 4}" r="8" fill="#6d4c41" stroke="#fff"/>'
                      + _text(dx + 24, ry + 8, die["rolled"], size=SMALL, anchor="middle", weight="bold", fill="#fff"))
            if die["screened"]:
                g += (f'<path d="M{dx + 2},{ry + 6} l20,20 M{dx + 22},{ry + 6} l-20,20" stroke="#c62828" '
                      f'stroke-width="2.5"/>')
            out.append(f'<g><title>{_t(tip)}</title>{g}</g>')
        ry += 36
        if side in units:
            n = units[side]
            ry += 15
            out.append(_text(x + 10, ry, f"{n} Unit{'s' if n != 1 else ''}: a die of 1-{min(5, n)} hits"
                             if n else "no Units: no hits", size=SMALL, fill="#5d4037"))
        if stage not in ("att_cav", "def_cav"):
            h, lost = b["hits"][side], b["lost"][side]
            ry += 16
            out.append(_text(x + 10, ry, f"{h} hit{'s' if h != 1 else ''} · lost {lost} "
                                         f"piece{'s' if lost != 1 else ''}", size=12, weight="bold"))
        elif side in units:  # the Cavalry step: the hits as the dice stand now (the legend's rule)
            h = sum(1 for die in dice[side] if not die["screened"] and die["now"] <= min(5, units[side]))
            ry += 16
            out.append(_text(x + 10, ry, f"{h} hit{'s' if h != 1 else ''} as the dice stand", size=SMALL,
                             fill="#5d4037"))
        ry += 8
    legend = ("A die hits if it is at most the side's Units in the battle (5 at most); a 6 always misses. "
              "Cavalry (1.10): Charge lowers an own die by 1 (small dot: the roll), Screen cancels an "
              "enemy die (crossed). Green: hit.")
    for line in _wrap(legend, 40):
        ry += 14
        out.append(_text(x + 10, ry, line, size=SMALL, fill="#5d4037"))
    ry += 4
    for line in _wrap(f"Cavalry used: {'; '.join(b.get('cavalry', [])) or 'none'}", 36):
        ry += 15
        out.append(_text(x + 10, ry, line, size=SMALL, fill="#5d4037", weight="bold"))
    bottom = ry + 10
    box = (f'<rect x="{x}" y="{y}" width="{w}" height="{bottom - y}" rx="8" fill="#fff5f5" stroke="#c62828" '
           f'stroke-width="1.5"/>')
    return [box] + out, bottom


def render(view, role, actions) -> str:
    """Two drawings: the map (the page's zoom and every click target are there) and the panel."""
    head = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" class="board vijayanagara {cls}" '
            'role="group" aria-label="{label}" font-family="system-ui, sans-serif"><title>{label}</title>')
    out = [head.format(w=MAP_W, h=MAP_H, cls="vj-map", label="Vijayanagara map"),
           '<defs>'
           '<pattern id="vj-mountains" width="16" height="12" patternUnits="userSpaceOnUse">'
           '<rect width="16" height="12" fill="#b79f7a"/><path d="M0,12 L5,3 L10,12 M7,12 L12,5 L16,12" '
           'fill="#8d6e4f" stroke="#5d4037" stroke-width="0.8"/></pattern>'
           '<pattern id="vj-steppe" width="10" height="10" patternUnits="userSpaceOnUse" '
           'patternTransform="rotate(35)"><rect width="10" height="10" fill="#e7c9a7"/>'
           '<line x1="0" y1="0" x2="0" y2="10" stroke="#c9a07a" stroke-width="3"/></pattern>'
           '<marker id="vj-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
           'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#b71c1c"/></marker>'
           '</defs>']
    ch = changes(view)
    out += _map(view, actions, ch)
    out += _score(view, ch) + _available(view) + _cavalry(view, ch) + _legend(ch)
    out.append('</svg>')
    x, w, y = 4, PW - 8, 4
    panel = []
    for part in (_result, _card, _battle, _sequence, _influence):
        drawn, bottom = part(view, x, y, w, ch)
        panel += drawn
        y = bottom + 14 if drawn else y
    out += [head.format(w=PW, h=_f(y), cls="vj-panel", label="Vijayanagara: the card, Sequence of Play and Influence"),
            f'<rect width="{PW}" height="{_f(y)}" rx="10" fill="{PAPER}"/>'] + panel + ['</svg>']
    return "".join(out)


if __name__ == "__main__":
    import pathlib

    pathlib.Path(__file__).with_name("board_slots.py").write_text(slot_table_source())
