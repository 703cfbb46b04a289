"""Draws the Viktory II map (rulebook 3.1-3.5) from view() as an SVG string (pure string building).

- Terrain: a colour and a pattern each (plains dots, grassland tufts, forest trees, mountain peaks,
  water waves; face-down hexes hatched grey), so the map reads without colour too; tiny hex numbers
  match the log and the button labels.
- Towns (a house), Cities (a castle), Capitals (a gold star ringed in the original owner's colour),
  Doomsday coins (5.5) next to Capitals.
- Units: one counter per owner and type in each hex, letter I/C/A/F and the count; a Frigate's cargo
  (10.45) as "+n". The selected unit's counter and hex are ringed in blue.
- Clickable (class="action", data-action = the action as JSON, tabindex, role="button", aria-label):
  hexes for hex actions (moves, placements, tile placement, retreats, eliminations), unit counters
  for ["unit"|"embark"|"redeploy", id], and badges for ["battle"|"bombard"|"land", hex]. Every other
  legal action is a button made by the page from rules.action_label.
- A top bar: players in turn order with their points, the current player, the round, the tile to
  place while exploring, and the last dice rolled (also ringed on the map).
"""
from __future__ import annotations

import json
import math
from html import escape

from . import geometry

R = 30.0  # hex radius (centre to corner), SVG units
SQ3 = math.sqrt(3)
BAR = 46.0  # height of the top bar
MARGIN = 8.0

TERRAIN_FILL = {"plains": "#eadc8c", "grassland": "#a3d273", "forest": "#4d9a57", "mountain": "#ae9c8a",
                "water": "#74acdc", None: "#cfc8ba"}
TERRAIN_INK = {"plains": "#b59f3c", "grassland": "#5c8f34", "forest": "#1f5327", "mountain": "#66533f",
               "water": "#3b78b0", None: "#a79f90"}
PLAYER_COLOURS = {"Red": "#c62828", "Yellow": "#f2c418", "Blue": "#1f4fbf", "Green": "#188a3a",
                  "Purple": "#7b3fa0", "Orange": "#ef7d17", "Black": "#222222", "White": "#fafafa"}
DARK_TEXT = {"Yellow", "White", "Orange"}
LETTER = {"infantry": "I", "cavalry": "C", "artillery": "A", "frigate": "F"}
TYPES = ("infantry", "cavalry", "artillery", "frigate")
SELECT = "#0b57d0"
TARGET = "#ffd23f"

STYLE = """
.vk .action{cursor:pointer}
.vk .target{fill:rgba(255,255,255,.18);stroke:#ffd23f;stroke-width:3;stroke-dasharray:6 3}
.vk .target:hover,.vk .target:focus{fill:rgba(255,240,150,.45);outline:none}
.vk g.action:hover rect,.vk g.action:focus rect{stroke:#0b57d0;stroke-width:2.5}
.vk g.action:focus{outline:none}
.vk text{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
"""


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _centre(side: int, h: int, offset_x: float) -> tuple:
    x, y = geometry.coords(side)[h]
    col = x - y / 2
    return offset_x + col * R * SQ3, BAR + MARGIN + R + y * R * 1.5


def _bounds(side: int) -> tuple:
    cols = [x - y / 2 for x, y in geometry.coords(side)]
    lo, hi = min(cols), max(cols)
    offset_x = MARGIN + R * SQ3 / 2 - lo * R * SQ3
    width = (hi - lo) * R * SQ3 + R * SQ3 + 2 * MARGIN
    height = BAR + 2 * MARGIN + 2 * R + (2 * side - 2) * R * 1.5
    return offset_x, width, height


def _hex_points(cx: float, cy: float, r: float = R) -> str:
    return " ".join(f"{_f(cx + r * math.cos(math.radians(60 * k + 30)))},"
                    f"{_f(cy + r * math.sin(math.radians(60 * k + 30)))}" for k in range(6))


def _patterns() -> str:
    """One tile pattern per terrain: background colour plus a glyph in a darker ink."""
    glyphs = {
        "plains": '<circle cx="4" cy="4" r="1.1"/><circle cx="12" cy="11" r="1.1"/>',
        "grassland": '<path d="M2 9 l2 -4 l1 4 M10 15 l2 -4 l1 4" fill="none" stroke-width="1.2"/>',
        "forest": '<path d="M4 1 l3.5 6 h-7 z M12 9 l3.5 6 h-7 z"/>',
        "mountain": '<path d="M0 8 l4 -6 l4 6 M8 16 l4 -6 l4 6" fill="none" stroke-width="1.4"/>',
        "water": '<path d="M0 5 q2 -2 4 0 t4 0 M8 13 q2 -2 4 0 t4 0" fill="none" stroke-width="1.2"/>',
        None: '<path d="M0 16 L16 0 M-4 4 L4 -4 M12 20 L20 12" fill="none" stroke-width="1"/>',
    }
    out = ["<defs>"]
    for terrain, glyph in glyphs.items():
        name = terrain or "hidden"
        ink = TERRAIN_INK[terrain]
        out.append(f'<pattern id="vk-{name}" width="16" height="16" patternUnits="userSpaceOnUse">'
                   f'<rect width="16" height="16" fill="{TERRAIN_FILL[terrain]}"/>'
                   f'<g fill="{ink}" stroke="{ink}">{glyph}</g></pattern>')
    out.append("</defs>")
    return "".join(out)


def _act(action, label: str) -> str:
    return (f'class="action" tabindex="0" role="button" data-action="{escape(json.dumps(action), quote=True)}" '
            f'aria-label="{escape(label, quote=True)}"')


def _text_colour(role) -> str:
    return "#111" if role in DARK_TEXT else "#fff"


def _town(cx, cy, colour) -> str:
    return (f'<path d="M{_f(cx - 7)} {_f(cy + 6)} v-7 l7 -6 l7 6 v7 z" fill="{colour}" '
            f'stroke="#1b1b1b" stroke-width="1.3"/>')


def _city(cx, cy, colour) -> str:
    x0, y0 = cx - 11, cy + 7
    d = (f"M{_f(x0)} {_f(y0)} v-14 h5 v3 h3 v-3 h6 v3 h3 v-3 h5 v14 z")
    return f'<path d="{d}" fill="{colour}" stroke="#1b1b1b" stroke-width="1.3"/>'


def _star(cx, cy, ring) -> str:
    pts = []
    for k in range(10):
        r = 6.5 if k % 2 == 0 else 2.8
        a = math.radians(-90 + 36 * k)
        pts.append(f"{_f(cx + r * math.cos(a))},{_f(cy + r * math.sin(a))}")
    return (f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="7.5" fill="{ring}" stroke="#1b1b1b" stroke-width="1"/>'
            f'<polygon points="{" ".join(pts)}" fill="#ffcf33" stroke="#1b1b1b" stroke-width=".8"/>')


def _die(x, y, value, colour) -> str:
    pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    out = [f'<rect x="{_f(x)}" y="{_f(y)}" width="16" height="16" rx="3" fill="#fff" stroke="{colour}" stroke-width="2"/>']
    for dx, dy in pips.get(value, []):
        out.append(f'<circle cx="{_f(x + 8 + dx * 4)}" cy="{_f(y + 8 + dy * 4)}" r="1.6" fill="#111"/>')
    return "".join(out)


def render(view: dict, role: str, legal: list) -> str:
    side = view["side"]
    offset_x, width, height = _bounds(side)
    n = geometry.hex_count(side)
    centre = {h: _centre(side, h, offset_x) for h in range(n)}
    terrain, sites = view["terrain"], view["sites"]
    units = view["units"]
    by_id = {u["id"]: u for u in units}

    hex_actions = {a for a in legal if type(a) is int}
    badge_actions = [a for a in legal if isinstance(a, list) and len(a) == 2 and a[0] in ("battle", "bombard", "land")]
    unit_actions = {}
    for a in legal:
        if isinstance(a, list) and a[0] in ("unit", "embark", "redeploy") and a[1] in by_id:
            unit_actions.setdefault(a[1], a)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="vk" viewBox="0 0 {_f(width)} {_f(height)}" '
           f'role="group" aria-label="Viktory II map, {n} hexes" style="max-width:100%;height:auto">',
           f"<style>{STYLE}</style>", _patterns(),
           f'<rect width="{_f(width)}" height="{_f(height)}" fill="#f3ede0"/>']

    # --- terrain --------------------------------------------------------------------------------
    for h in range(n):
        cx, cy = centre[h]
        t = terrain[h]
        out.append(f'<polygon points="{_hex_points(cx, cy)}" fill="url(#vk-{t or "hidden"})" '
                   f'stroke="#4b4436" stroke-width="1"><title>hex {h}: {escape(t or "face down")}</title></polygon>')
        out.append(f'<text x="{_f(cx)}" y="{_f(cy - R + 10)}" font-size="7" text-anchor="middle" '
                   f'fill="#2b2b2b" fill-opacity=".6">{h}</text>')

    # --- start hexes during the opening ------------------------------------------------------------
    if view["phase"] and view["phase"].startswith("opening"):
        for r, hexes in view["start"].items():
            for h in hexes:
                cx, cy = centre[h]
                out.append(f'<polygon points="{_hex_points(cx, cy, R - 3)}" fill="none" '
                           f'stroke="{PLAYER_COLOURS.get(r, "#000")}" stroke-width="2.5" stroke-opacity=".8"/>')

    # --- last roll ring ----------------------------------------------------------------------------
    last = view.get("last_roll")
    if last and last.get("hex") is not None:
        cx, cy = centre[last["hex"]]
        out.append(f'<polygon points="{_hex_points(cx, cy, R - 2)}" fill="none" stroke="#e4572e" '
                   f'stroke-width="2" stroke-dasharray="3 2"/>')

    # --- sites, capitals, coins ----------------------------------------------------------------------
    capital_of = {h: r for r, h in view["capitals"].items() if h is not None}
    occupied = set()
    for h in range(n):
        cx, cy = centre[h]
        site = sites[h]
        if site:
            occupied.add(h)
            colour = PLAYER_COLOURS.get(site["owner"], "#777")
            if site["kind"] == "metropolis":  # 16.6: a City with a Town beside it
                out.append(_city(cx - 4, cy - 9, colour) + _town(cx + 12, cy - 8, colour))
            else:
                out.append((_city if site["kind"] == "city" else _town)(cx, cy - 9, colour))
        if h in capital_of:
            owner = capital_of[h]
            out.append(_star(cx - 15, cy - 12, PLAYER_COLOURS.get(owner, "#000")))
            if owner in view.get("doomsday", []):
                out.append(f'<circle cx="{_f(cx + 15)}" cy="{_f(cy - 12)}" r="5" fill="#c9a227" stroke="#5a4500">'
                           f'<title>Doomsday coin (5.5)</title></circle>')

    # --- units ------------------------------------------------------------------------------------------
    groups = {}
    cargo = {}
    for u in units:
        if u["aboard"] is not None:
            cargo[u["aboard"]] = cargo.get(u["aboard"], 0) + 1
    for u in units:
        if u["hex"] is None:
            continue
        groups.setdefault(u["hex"], {}).setdefault(u["owner"], {}).setdefault(u["type"], []).append(u)
    selected = view.get("selected")
    for h, owners in sorted(groups.items()):
        cx, cy = centre[h]
        row_y = cy + 4 if h in occupied else cy - 7
        counters = []
        for owner in sorted(owners, key=lambda r: view["order"].index(r) if r in view["order"] else 0):
            for kind in TYPES:
                if kind in owners[owner]:
                    counters.append((owner, kind, owners[owner][kind]))
        rows = [counters[i:i + 3] for i in range(0, len(counters), 3)]
        for k, row in enumerate(rows):
            widths = []
            for owner, kind, us in row:
                text = LETTER[kind] + (str(len(us)) if len(us) > 1 else "")
                load = sum(cargo.get(u["id"], 0) for u in us)
                if load:
                    text += f"+{load}"
                widths.append((text, 8 + 6 * len(text)))
            total = sum(w for _t, w in widths) + 2 * (len(row) - 1)
            x = cx - total / 2
            y = row_y + k * 13
            for (owner, kind, us), (text, w) in zip(row, widths):
                colour = PLAYER_COLOURS.get(owner, "#777")
                ids = [u["id"] for u in us]
                is_selected = selected in ids
                action = next((unit_actions[i] for i in ids if i in unit_actions), None)
                noun = f"{owner} {kind}" + (f" ×{len(us)}" if len(us) > 1 else "")
                body = (f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="12" rx="2.5" fill="{colour}" '
                        f'stroke="{SELECT if is_selected else "#1b1b1b"}" stroke-width="{3 if is_selected else 1}"/>'
                        f'<text x="{_f(x + w / 2)}" y="{_f(y + 9.3)}" font-size="9" font-weight="700" '
                        f'text-anchor="middle" fill="{_text_colour(owner)}">{escape(text)}</text>')
                if action is not None:
                    verb = {"unit": "Select", "embark": "Embark", "redeploy": "Redeploy"}[action[0]]
                    out.append(f'<g {_act(action, f"{verb} the {kind} at hex {h}")}>{body}'
                               f'<title>{escape(noun)}</title></g>')
                else:
                    out.append(f"<g>{body}<title>{escape(noun)}</title></g>")
                x += w + 2
        if any(selected in [u["id"] for us in o.values() for u in us] for o in owners.values()):
            out.append(f'<polygon points="{_hex_points(cx, cy, R - 2)}" fill="none" stroke="{SELECT}" stroke-width="3"/>')

    # --- clickable hexes -------------------------------------------------------------------------------
    for h in sorted(hex_actions):
        if not 0 <= h < n:
            continue
        cx, cy = centre[h]
        label = f"hex {h} ({terrain[h] or 'face down'})"
        out.append(f'<polygon points="{_hex_points(cx, cy, R - 1.5)}" class="action target" tabindex="0" '
                   f'role="button" data-action="{h}" aria-label="{escape(label, quote=True)}"/>')

    # --- badges: battle, bombard, landing ------------------------------------------------------------
    for a in badge_actions:
        kind, h = a[0], a[1]
        if not (type(h) is int and 0 <= h < n):
            continue
        cx, cy = centre[h]
        bx, by = cx + 13, cy + 13
        if kind == "battle":
            art = (f'<circle cx="{_f(bx)}" cy="{_f(by)}" r="9" fill="#b71c1c" stroke="#fff" stroke-width="1.5"/>'
                   f'<path d="M{_f(bx - 5)} {_f(by - 5)} L{_f(bx + 5)} {_f(by + 5)} M{_f(bx + 5)} {_f(by - 5)} '
                   f'L{_f(bx - 5)} {_f(by + 5)}" stroke="#fff" stroke-width="2.2"/>')
            label = f"Fight the Battle at hex {h}"
        elif kind == "bombard":
            bx, by = cx - 13, cy + 13
            art = (f'<circle cx="{_f(bx)}" cy="{_f(by)}" r="9" fill="#4a148c" stroke="#fff" stroke-width="1.5"/>'
                   f'<circle cx="{_f(bx)}" cy="{_f(by)}" r="4" fill="none" stroke="#fff" stroke-width="1.6"/>'
                   f'<path d="M{_f(bx)} {_f(by - 7)} V{_f(by + 7)} M{_f(bx - 7)} {_f(by)} H{_f(bx + 7)}" '
                   f'stroke="#fff" stroke-width="1.2"/>')
            label = f"Bombard hex {h}"
        else:
            bx, by = cx + 14, cy - 11
            art = (f'<circle cx="{_f(bx)}" cy="{_f(by)}" r="9" fill="#0d47a1" stroke="#fff" stroke-width="1.5"/>'
                   f'<path d="M{_f(bx)} {_f(by - 6)} V{_f(by + 4)} M{_f(bx - 4)} {_f(by)} L{_f(bx)} {_f(by + 5)} '
                   f'L{_f(bx + 4)} {_f(by)}" fill="none" stroke="#fff" stroke-width="2"/>')
            label = f"Land the cargo at hex {h}"
        out.append(f"<g {_act(a, label)}>{art}<title>{escape(label)}</title></g>")

    # --- top bar ----------------------------------------------------------------------------------------
    out.append(f'<rect x="0" y="0" width="{_f(width)}" height="{_f(BAR)}" fill="#2f2a22"/>')
    x = 10.0
    scores = view.get("scores", {})
    for r in view["order"]:
        colour = PLAYER_COLOURS.get(r, "#777")
        current = r == view.get("current")
        label = f"{r} {scores.get(r, 0)}"
        ruler = view.get("rulers", {}).get(r)
        if ruler:
            label += f" (vassal of {ruler})"  # 16.81
        w = 24 + 7 * len(label)
        out_of_game = r in view.get("eliminated", [])
        out.append(f'<g opacity="{".4" if out_of_game else "1"}">')
        out.append(f'<title>{escape(r)}: {"out of the game" if out_of_game else str(scores.get(r, 0)) + " points"}</title>')
        out.append(f'<rect x="{_f(x)}" y="8" width="{_f(w)}" height="20" rx="4" fill="{"#5a5040" if current else "#3b352b"}" '
                   f'stroke="{"#ffd23f" if current else "#5a5040"}" stroke-width="{2 if current else 1}"/>'
                   f'<circle cx="{_f(x + 11)}" cy="18" r="6" fill="{colour}" stroke="#fff" stroke-width="1"/>'
                   f'<text x="{_f(x + 21)}" y="22" font-size="11" fill="#fff">{escape(label)}</text></g>')
        x += w + 6
    info = f"Round {view.get('round', 0)}" if view.get("round") else "Opening"
    pending = view.get("explore")
    if pending and pending.get("tiles"):
        info += f" · place {pending['tiles'][0]} ({len(pending['tiles'])} tile{'s' if len(pending['tiles']) > 1 else ''})"
    out.append(f'<text x="10" y="41" font-size="10" fill="#e9e2d0">{escape(info)} · VP: 1 per Town, 2 per City (5.3)</text>')
    if last and last.get("rolls"):
        dx = width - 10
        parts = []
        for r, dice in reversed(last["rolls"]):
            for d in reversed(dice):
                dx -= 18
                parts.append(_die(dx, 16, d, PLAYER_COLOURS.get(r, "#777")))
            dx -= 6
        out.append("".join(parts))
        out.append(f'<text x="{_f(width - 10)}" y="11" font-size="8.5" fill="#e9e2d0" text-anchor="end">'
                   f'last roll, hex {last["hex"]}</text>')
    out.append("</svg>")
    return "\n".join(out)
