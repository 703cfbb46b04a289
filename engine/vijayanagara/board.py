"""Draws the Vijayanagara board from a view (rules.view) as an SVG string: a schematic map of India
for the stand-in map of data.py, and beside it the tracks, boxes and the current card.

Pure string building, no browser imports. Every space whose name is a legal action is a clickable
target, and so is every piece group [space, kind] that is a legal action (casualties, moves, refills):
an element with class="action", data-action (the action as JSON), tabindex="0", role="button" and an
aria-label. Every other legal action becomes a button of the page (rules.action_label).

Geometry (stand-in, like the adjacency it draws): the map is a Voronoi partition of an outline of the
subcontinent around one seed per space, plus an extra cell for the Vindhya Range (drawn as mountains,
impassable, 1.3.6). The seeds were searched so that the drawn borders give exactly the adjacency of
data.py; Gondwana, Orissa, Andhra and Madhyadesh meet at one point (1.3.5).
"""
from __future__ import annotations

import json
from html import escape

from . import data

W, H = 1090, 850
MAP_X, MAP_Y = 14, 92  # where the map's (0, 0) goes
PANEL_X = 640

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
ANCHOR = {'Mountain Passes': (64, 96), 'Punjab': (162, 98), 'Delhi': (252, 112), 'Sindh': (72, 250),
          'Rajput Kingdoms': (174, 228), 'Gujarat': (166, 330), 'Malwa': (266, 262),
          'Jaunpur': (420, 150), 'Gondwana': (446, 262), 'Madhyadesh': (336, 352),
          'Orissa': (526, 222), 'Maharashtra': (236, 404), 'Andhra': (380, 468),
          'Karnataka': (272, 500), 'Tamilakam': (314, 612)}
LINES = {'Mountain Passes': ('Mountain', 'Passes'), 'Rajput Kingdoms': ('Rajput', 'Kingdoms'),
         'Madhyadesh': ('Madhya-', 'desh'), 'Maharashtra': ('Maha-', 'rashtra')}
# Cities (1.3.4, stand-in): at the border points of the Provinces they touch.
CITY_AT = {"Devagiri": (267, 347), "Warangal": (412, 381), "Bidar": (326, 412), "Gulbarga": (304, 457),
           "Kampili": (246, 455), "Raichur": (324, 528), "Dwarasamudra": (280, 566),
           "Madurai": (362, 563)}

COLOUR = {data.DELHI: "#3b3b3b", data.BAHMANI: "#139a94", data.VIJAYANAGARA: "#e0a800",
          data.MONGOLS: "#c62828"}
LIGHT = {data.DELHI: "#bdbdbd", data.BAHMANI: "#a8e0dc", data.VIJAYANAGARA: "#f8dc8a"}
PIECE_FILL = {"troop": "#9e9e9e", "governor": "#212121", "qasbah": "#212121", "amir_o": "#17a79f",
              "amir_r": "#17a79f", "fort": "#17a79f", "raja_o": "#f2c230", "raja_r": "#f2c230",
              "temple": "#f2c230", "mongol": "#c62828"}
INK, PAPER, SEA, LAND = "#3e2a14", "#f3e7cc", "#a9cfe0", "#efe1bd"
TARGET = "#1b7f3a"


def _f(v) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _t(s) -> str:
    return escape(str(s), quote=True)


def _pts(poly, dx=MAP_X, dy=MAP_Y) -> str:
    return " ".join(f"{_f(x + dx)},{_f(y + dy)}" for x, y in poly)


def _m(x, y):
    return x + MAP_X, y + MAP_Y


def _target(action, label, inner) -> str:
    return (f'<g class="action" data-action="{_t(json.dumps(action))}" tabindex="0" role="button" '
            f'aria-label="{_t(label)}" style="cursor:pointer"><title>{_t(label)}</title>{inner}</g>')


def _wrap(text, width) -> list:
    words, lines, line = str(text).split(), [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    if line:
        lines.append(line)
    return lines


def _text(x, y, s, size=12, fill=INK, anchor="start", weight="normal", extra="") -> str:
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" {extra}>{_t(s)}</text>')


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
    # hexagonal cylinders: Governors, Amirs, Rajas; Rebelling ones wear a red rim and an "R"
    r = s * 1.05
    pts = " ".join(f"{_f(x + r * c)},{_f(y + r * d)}" for c, d in
                   ((1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0), (-0.5, -0.866), (0.5, -0.866)))
    rebel = kind.endswith("_r")
    out = (f'<polygon points="{pts}" fill="{fill}" stroke="{"#b71c1c" if rebel else "#222"}" '
           f'stroke-width="{2.4 if rebel else 1}"/>')
    if kind != "governor":
        mark = "R" if rebel else "O"
        colour = "#b71c1c" if rebel else "#1d2a33"
        out += _text(x, y + s * 0.42, mark, size=_f(s * 1.15), fill=colour, anchor="middle", weight="bold")
    return out


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


def _pieces(view, space, piece_targets, on_top) -> list:
    """The piece groups of a space; clickable ones go to `on_top` (drawn above the space targets)."""
    here = view["spaces"].get(space, {})
    kinds = [k for k in data.PIECE_KINDS if here.get(k)]
    ax, ay = _m(*ANCHOR[space])
    out = []
    per_row = 3
    step_x, step_y = 36, 23
    for i, kind in enumerate(kinds):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(kinds) - row * per_row)
        x = ax + (col - (in_row - 1) / 2) * step_x - 6
        y = ay + 20 + row * step_y
        n = here[kind]
        g = piece_shape(kind, x, y) + _text(x + 11, y + 5, f"{n}" if n > 1 else "", size=12,
                                              weight="bold")
        name = data.PIECE_NAMES[kind]
        if [space, kind] in piece_targets:
            label = f"{name} in {space}"
            on_top.append(_target([space, kind], label,
                                  f'<rect x="{_f(x - 13)}" y="{_f(y - 13)}" width="30" height="26" rx="5" '
                                  f'fill="#fff59d" fill-opacity="0.7" stroke="{TARGET}" stroke-width="2.5"/>' + g))
            continue
        else:
            plural = "s" if n > 1 else ""
            g = f'<g><title>{_t(f"{n} {name}{plural}")}</title>{g}</g>'
        out.append(g)
    return out


def _map(view, actions) -> list:
    space_targets = {a for a in actions if isinstance(a, str) and a in data.SPACES}
    piece_targets = [a for a in actions if isinstance(a, list) and len(a) == 2
                     and isinstance(a[0], str) and a[0] in data.SPACES and a[1] in data.PIECE_KINDS]
    clickable_pieces = []
    out = ['<g class="map">',
           f'<rect x="{MAP_X - 6}" y="{MAP_Y - 6}" width="{PANEL_X - MAP_X - 4}" height="{H - MAP_Y}" rx="10" '
           f'fill="{SEA}"/>',
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
        out.append(_text(vx, vy + 12 * i, word, size=10, anchor="middle", weight="bold", fill="#fff8e6",
                         extra='font-style="italic" paint-order="stroke" stroke="#4e342e" stroke-width="2.5"'))
    out.append('</g>')
    # Cities (1.3.4): points on the borders, not spaces
    for city, (x, y) in CITY_AT.items():
        cx, cy = _m(x, y)
        out.append(f'<g><title>{_t(city)} (City)</title><rect x="{_f(cx - 4)}" y="{_f(cy - 4)}" width="8" '
                   f'height="8" fill="#fff" stroke="#5d4037" stroke-width="1.5" transform="rotate(45 {_f(cx)} '
                   f'{_f(cy)})"/></g>')
        left = city in ("Devagiri", "Kampili", "Dwarasamudra")
        out.append(_text(cx - 7 if left else cx + 7, cy - 5, city, size=9, fill="#5d4037",
                         anchor="end" if left else "start",
                         extra='font-style="italic" paint-order="stroke" stroke="#fff8e6" stroke-width="2"'))
    # names, Prosperity, markers, pieces
    for space in data.SPACES:
        ax, ay = _m(*ANCHOR[space])
        lines = LINES.get(space, (space,))
        for i, line in enumerate(lines):
            out.append(_text(ax, ay - 8 - 13 * (len(lines) - 1 - i), line, size=12.5, anchor="middle",
                             weight="bold", extra='paint-order="stroke" stroke="#fff8e6" stroke-width="3"'))
        longest = max(len(line) for line in lines)
        if space in data.PROVINCES:
            p = data.PROSPERITY[space]
            px = ax - 6 - longest * 3.6 - 12
            out.append(f'<g><title>Prosperity {p}</title><circle cx="{_f(px)}" cy="{_f(ay - 12)}" r="8" '
                       f'fill="#fff3c4" stroke="#a07a2a" stroke-width="1.5"/>'
                       + _text(px, ay - 8, p, size=11, anchor="middle", weight="bold", fill="#7a5200") + '</g>')
            mx = ax + 6 + longest * 3.6 + 6
            if view["tributary"].get(space):
                out.append(f'<g><title>Tributary (1.6)</title><rect x="{_f(mx)}" y="{_f(ay - 21)}" width="17" '
                           f'height="15" rx="2" fill="#6d4c41" stroke="#fff" stroke-width="1"/>'
                           + _text(mx + 8.5, ay - 9.5, "T", size=11, anchor="middle", weight="bold", fill="#fff")
                           + '</g>')
            elif view["control"].get(space):
                owner = view["control"][space]
                out.append(f'<g><title>{_t(owner)} Control (1.7)</title><rect x="{_f(mx)}" y="{_f(ay - 21)}" '
                           f'width="24" height="15" rx="2" fill="{COLOUR[owner]}" stroke="#fff" stroke-width="1"/>'
                           + _text(mx + 12, ay - 9.5, data.SHORT[owner], size=10, anchor="middle", weight="bold",
                                   fill="#fff") + '</g>')
        out.extend(_pieces(view, space, piece_targets, clickable_pieces))
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


# --- the edge track (5.0: victory points; 1.8: Resources) ------------------------------------------

def _edge_track(view) -> list:
    n, x0, y0 = 31, 14, 10
    cw = (W - 2 * x0) / n
    out = ['<g class="edge-track">']
    vp, res = view.get("victory", {}), view.get("resources", {})
    for i in range(n):
        x = x0 + i * cw
        out.append(f'<rect x="{_f(x)}" y="{y0}" width="{_f(cw - 2)}" height="64" rx="3" '
                   f'fill="{"#e8d5a9" if i % 5 else "#d8bd80"}" stroke="#a88a55" stroke-width="0.8"/>')
        out.append(_text(x + cw / 2 - 1, y0 + 12, i, size=10, anchor="middle", fill="#6b4f2a"))
    for j, f in enumerate(data.FACTIONS):
        v = max(0, min(n - 1, vp.get(f, 0)))
        x = x0 + v * cw + 7 + j * 10
        out.append(f'<g><title>{_t(f)}: {vp.get(f, 0)} victory points</title>'
                   f'<circle cx="{_f(x + 3)}" cy="{y0 + 28}" r="7" fill="{COLOUR[f]}" stroke="#fff" '
                   f'stroke-width="1.5"/></g>')
        r = max(0, min(n - 1, res.get(f, 0)))
        x = x0 + r * cw + 4 + j * 10
        out.append(f'<g><title>{_t(f)}: {res.get(f, 0)} Resources</title>'
                   f'<rect x="{_f(x)}" y="{y0 + 44}" width="11" height="11" fill="{COLOUR[f]}" stroke="#fff" '
                   f'stroke-width="1.5"/></g>')
    out.append(_text(x0 + n * cw - 4, y0 + 79, "● victory points (5.0)    ■ Resources (1.8)", size=10,
                     anchor="end", fill="#6b4f2a"))
    out.append('</g>')
    return out


# --- the panel beside the map ---------------------------------------------------------------------

def _card(view, x, y, w) -> list:
    info = view.get("card_info") or {}
    out = [f'<rect x="{x}" y="{y}" width="{w}" height="262" rx="10" fill="#fffaf0" stroke="#8d6e3f" '
           f'stroke-width="2"/>']
    deck = view.get("deck_size", 0)
    out.append(_text(x + w - 12, y + 252, f"Deck: {deck} card{'s' if deck != 1 else ''} left · "
                                         f"{len(view.get('played', []))} played", size=11, anchor="end",
                     fill="#6b4f2a"))
    if not info:
        out.append(_text(x + 14, y + 30, "No card", size=14))
        return out
    kind = info["kind"]
    if kind == "event":
        out.append(f'<circle cx="{x + 26}" cy="{y + 28}" r="16" fill="#5d4037"/>')
        out.append(_text(x + 26, y + 33, info["number"], size=14, anchor="middle", weight="bold", fill="#fff"))
        out.append(_text(x + 50, y + 34, info["title"], size=17, weight="bold"))
        ox = x + 14
        out.append(_text(ox, y + 62, "Order:", size=11, fill="#6b4f2a"))
        for i, f in enumerate(info["order"]):
            bx = ox + 44 + i * 62
            out.append(f'<rect x="{bx}" y="{y + 50}" width="56" height="17" rx="3" fill="{COLOUR[f]}"/>')
            out.append(_text(bx + 28, y + 63, data.SHORT[f], size=11, anchor="middle", weight="bold",
                             fill="#fff"))
        if info.get("stay"):
            out.append(f'<rect x="{ox + 240}" y="{y + 50}" width="96" height="17" rx="8" fill="#2e7d32"/>')
            out.append(_text(ox + 288, y + 63, "Stay Eligible", size=11, anchor="middle", weight="bold",
                             fill="#fff"))
        ty = y + 80
        for side, bg, fg in (("unshaded", "#fff3d6", INK), ("shaded", "#5d4037", "#fff3d6")):
            lines = _wrap(info[side], 60)[:4]
            hgt = 20 + 15 * len(lines)
            out.append(f'<rect x="{x + 10}" y="{ty}" width="{w - 20}" height="{hgt}" rx="6" fill="{bg}" '
                       f'stroke="#8d6e3f" stroke-width="1"/>')
            out.append(_text(x + 18, ty + 15, side.capitalize(), size=10, weight="bold", fill=fg))
            for i, line in enumerate(lines):
                out.append(_text(x + 18, ty + 30 + 15 * i, line, size=12, fill=fg))
            ty += hgt + 8
    else:
        names = {"invasion": "Mongol Invasion", "succession": "Succession", "timurid": "Timurid Empire"}
        colour = {"invasion": "#c62828", "succession": "#4a148c", "timurid": "#b71c1c"}[kind]
        out.append(f'<rect x="{x + 10}" y="{y + 12}" width="150" height="22" rx="4" fill="{colour}"/>')
        out.append(_text(x + 85, y + 28, names[kind], size=12, anchor="middle", weight="bold", fill="#fff"))
        out.append(_text(x + 14, y + 60, info["title"], size=17, weight="bold"))
        for i, line in enumerate(_wrap(info.get("text", ""), 56)[:6]):
            out.append(_text(x + 14, y + 86 + 17 * i, line, size=13))
    return out


def _result(view, x, y, w) -> list:
    res = view.get("result")
    if not res:
        return []
    lines = _wrap(res["summary"], 62)[:3]
    out = [f'<rect x="{x + 10}" y="{y}" width="{w - 20}" height="{24 + 16 * len(lines)}" rx="6" '
           f'fill="#1b5e20"/>', _text(x + 20, y + 17, "Game over (5.0)", size=12, weight="bold", fill="#fff")]
    for i, line in enumerate(lines):
        out.append(_text(x + 20, y + 34 + 16 * i, line, size=12.5, fill="#fff"))
    return out


def _sequence(view, x, y, w) -> list:
    out = [_text(x, y, "Sequence of Play (2.3)", size=13, weight="bold")]
    acted = view.get("acted", {})
    active = view.get("active", [])
    names = {"unshaded": "Event (unshaded)", "shaded": "Event (shaded)", "command": "Command",
             "command+decree": "Command + Decree", "limited": "Limited Command", "pass": "Pass"}
    for i, f in enumerate(data.FACTIONS):
        ry = y + 10 + i * 24
        elig = view.get("eligible", {}).get(f)
        out.append(f'<rect x="{x}" y="{ry}" width="{w}" height="20" rx="4" '
                   f'fill="{"#e8f5e9" if elig else "#eeeeee"}" stroke="{COLOUR[f] if f in active else "#bbb"}" '
                   f'stroke-width="{3 if f in active else 1}"/>')
        out.append(f'<rect x="{x + 4}" y="{ry + 4}" width="12" height="12" fill="{COLOUR[f]}"/>')
        out.append(_text(x + 22, ry + 14.5, f, size=11.5, weight="bold"))
        state = "Eligible" if elig else "Ineligible"
        if f in acted:
            state = f"{state} · took {names.get(acted[f], acted[f])}"
        if f in active:
            state += " · to act"
        out.append(_text(x + w - 6, ry + 14.5, state, size=11, anchor="end",
                         fill="#2e7d32" if elig else "#757575"))
    dyn = view.get("dynasty", "")
    out.append(_text(x, y + 94, f"Dynasty (2.7): {dyn}" + ("  (no Rebel Command)" if dyn == "Khalji" else
                                                            "  (Rebel allowed)"), size=11.5, fill="#4a148c"))
    return out


def _influence(view, x, y, w) -> list:
    out = [_text(x, y, "Deccan Influence (1.9)", size=13, weight="bold")]
    for i, f in enumerate(data.DECCAN):
        ry = y + 10 + i * 40
        level = view.get("influence", {}).get(f, 0)
        track = view.get("track", {}).get(f, [0] * 5)
        out.append(_text(x, ry + 22, data.SHORT[f], size=12, weight="bold", fill=COLOUR[f]))
        for s in range(5):
            bx = x + 28 + s * 54
            out.append(f'<rect x="{bx}" y="{ry}" width="50" height="34" rx="4" fill="#fffaf0" '
                       f'stroke="{COLOUR[f] if s == level else "#bca77f"}" stroke-width="{3 if s == level else 1}"/>')
            out.append(_text(bx + 6, ry + 12, s, size=10, fill="#6b4f2a"))
            if s == level:
                out.append(f'<g><title>{_t(f)} Influence {level}</title><circle cx="{bx + 38}" cy="{ry + 11}" r="7" '
                           f'fill="{COLOUR[f]}" stroke="#fff" stroke-width="1.5"/></g>')
            if track[s]:
                kind = data.OBEDIENT[f]
                out.append(piece_shape(kind, bx + 16, ry + 24, 6.5))
                out.append(_text(bx + 27, ry + 29, f"×{track[s]}", size=10))
    return out


def _available(view, x, y, w) -> list:
    out = [_text(x, y, "Available (1.4.3)", size=13, weight="bold")]
    av = view.get("available", {})
    rows = ((data.DELHI, (("troop", "troop"), ("governor", "governor"), ("qasbah", "qasbah"))),
            (data.BAHMANI, (("amir", "amir_o"), ("fort", "fort"))),
            (data.VIJAYANAGARA, (("raja", "raja_o"), ("temple", "temple"))),
            (data.MONGOLS, (("mongol", "mongol"),)))
    for i, (f, items) in enumerate(rows):
        ry = y + 22 + i * 26
        out.append(_text(x, ry + 4, data.SHORT[f], size=11, weight="bold", fill=COLOUR[f]))
        for j, (ptype, kind) in enumerate(items):
            bx = x + 40 + j * 70
            out.append(f'<g><title>{av.get(ptype, 0)} {_t(ptype)} Available</title>'
                       + piece_shape(kind, bx, ry, 8) + _text(bx + 14, ry + 5, f"×{av.get(ptype, 0)}", size=11.5)
                       + '</g>')
    return out


def _cavalry(view, x, y, w) -> list:
    out = [_text(x, y, "Cavalry (1.10)", size=13, weight="bold")]
    cav = view.get("cavalry", {})
    pool = view.get("cavalry_pool", 0)
    holders = [("Pool", pool, "#8d6e63")] + [(data.SHORT[f], cav.get(f, 0), COLOUR[f]) for f in data.FACTIONS]
    for i, (name, n, colour) in enumerate(holders):
        ry = y + 22 + i * 24
        out.append(_text(x, ry + 4, name, size=11, weight="bold", fill=colour))
        for k in range(n):
            cx = x + 44 + k * 13
            out.append(f'<circle cx="{cx}" cy="{ry}" r="5.5" fill="#fbe9c6" stroke="{colour}" stroke-width="2"/>')
        out.append(_text(x + 44 + max(n, 0) * 13 + 2, ry + 4, n, size=11))
    return out


def _battle(view, x, y, w) -> list:
    b = view.get("battle")
    if not b:
        return []
    out = [f'<rect x="{x}" y="{y}" width="{w}" height="110" rx="8" fill="#fff5f5" stroke="#c62828" '
           f'stroke-width="1.5"/>',
           _text(x + 10, y + 18, ("Battle" if b.get("current") else "Last battle") + f" in {b['space']}",
                 size=13, weight="bold", fill="#b71c1c")]
    for i, side, who in ((0, "att", b["attacker"]), (1, "def", b["defender"])):
        ry = y + 32 + i * 30
        out.append(_text(x + 10, ry + 13, data.SHORT.get(who, who), size=11, weight="bold",
                         fill=COLOUR.get(who, INK)))
        for k, d in enumerate(b["dice"][side]):
            dx = x + 40 + k * 26
            out.append(f'<rect x="{dx}" y="{ry}" width="21" height="21" rx="4" fill="#fff" stroke="#333"/>')
            out.append(_text(dx + 10.5, ry + 15, d, size=13, anchor="middle", weight="bold"))
        rolled = b.get("rolled", {}).get(side, [])
        if rolled != b["dice"][side]:
            out.append(_text(x + 150, ry + 14, f"rolled {rolled}", size=10, fill="#757575"))
        if b.get("stage") not in ("att_cav", "def_cav"):
            out.append(_text(x + w - 10, ry + 14, f"{b['hits'][side]} hit{'s' if b['hits'][side] != 1 else ''}, "
                                                   f"lost {b['lost'][side]}", size=11, anchor="end"))
    cav = "; ".join(b.get("cavalry", [])) or "no Cavalry used"
    for i, line in enumerate(_wrap(cav, 70)[:2]):
        out.append(_text(x + 10, y + 94 + 12 * i, line, size=10, fill="#5d4037"))
    return out


def render(view, role, actions) -> str:
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" class="board vijayanagara" '
           f'role="group" aria-label="Vijayanagara board" font-family="system-ui, sans-serif">',
           '<title>Vijayanagara board</title>',
           '<defs>'
           '<pattern id="vj-mountains" width="16" height="12" patternUnits="userSpaceOnUse">'
           '<rect width="16" height="12" fill="#b79f7a"/><path d="M0,12 L5,3 L10,12 M7,12 L12,5 L16,12" '
           'fill="#8d6e4f" stroke="#5d4037" stroke-width="0.8"/></pattern>'
           '<pattern id="vj-steppe" width="10" height="10" patternUnits="userSpaceOnUse" '
           'patternTransform="rotate(35)"><rect width="10" height="10" fill="#e7c9a7"/>'
           '<line x1="0" y1="0" x2="0" y2="10" stroke="#c9a07a" stroke-width="3"/></pattern>'
           '<marker id="vj-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
           'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#b71c1c"/></marker>'
           '</defs>',
           f'<rect width="{W}" height="{H}" rx="12" fill="{PAPER}"/>']
    out += _edge_track(view)
    out += _map(view, actions)
    px, pw = PANEL_X + 8, W - PANEL_X - 22
    out += _card(view, px, 92, pw)
    out += _result(view, px, 92 + 160, pw)
    out += _sequence(view, px, 376, pw)
    out += _influence(view, px, 494, pw)
    out += _available(view, px, 600, 220)
    out += _cavalry(view, px + 236, 600, pw - 236)
    out += _battle(view, px, 722, pw)
    out.append('</svg>')
    return "".join(out)
