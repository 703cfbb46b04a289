"""Rajas of the Ganges: the view drawn as an SVG string (pure string building, no browser imports).

A first drawing (session 1), enough to play from: the race of every player (fame marker against the
fame space facing the money marker), the quarry's 12 open tiles, the worker spaces with their
workers, the river with the boats and the bridge, every province (tiles with roads, markets and
buildings, edge yields) and every Kali statue (dice with colour and pips value, karma, upgrades).
Legal actions drawn on the board are <g class="action"> with data-action (JSON), tabindex, role
"button" and an aria-label: spaces, stacks, squares (cell/cover), dice (die/flip/mark/unmark/return)
and river spaces. Other choices (rotation, goods, upgrades, colours, ...) are left to the page's
buttons. Still to do: the real board's shapes, rotation previews, a large own province with the others
small.
"""
from __future__ import annotations

import json
from html import escape

from . import data, province

DIE_FILL = {"purple": "#7b3fa0", "orange": "#e8862a", "blue": "#2f6fc0", "green": "#3a9a4a"}
PLAYER_FILL = {"Red": "#c8102e", "Yellow": "#f2c500", "White": "#f4f4f4", "Black": "#222"}
WIDTH = 1000


def _attrs(**kw) -> str:
    return " ".join(f'{k.rstrip("_").replace("_", "-")}="{escape(str(v), quote=True)}"' for k, v in kw.items())


def _clickable(action, label, inner) -> str:
    return (f'<g {_attrs(class_="action", data_action=json.dumps(action), tabindex="0", role="button", aria_label=label)}>'
            f'<title>{escape(label)}</title>{inner}</g>')


def _text(x, y, s, size=11, anchor="start", fill="#222", weight="normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}" '
            f'font-weight="{weight}">{escape(str(s))}</text>')


def _legal(actions, kind) -> dict:
    """{tuple(args): action} for list actions of one kind."""
    return {tuple(a[1:]): a for a in actions if isinstance(a, list) and a and a[0] == kind}


def _tile(x, y, size, tile_id, rot=0) -> str:
    t = data.TILE[tile_id]
    out = [f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="3" fill="{DIE_FILL[t["colour"]]}" '
           f'fill-opacity="0.35" stroke="{DIE_FILL[t["colour"]]}"/>']
    cx, cy = x + size / 2, y + size / 2
    ends = {"N": (cx, y), "S": (cx, y + size), "E": (x + size, cy), "W": (x, cy)}
    for d in province.rotate(t["roads"], rot):
        ex, ey = ends[d]
        out.append(f'<line x1="{cx}" y1="{cy}" x2="{ex}" y2="{ey}" stroke="#8a6d3b" stroke-width="{size / 9:.1f}"/>')
    out.append(_text(x + 3, y + 11, f'{t["cost"]}', 10, weight="bold"))
    marks = [f'{g[0].upper()}{v}' for g, v in t["markets"]] + [b[:2].capitalize() for b in t["buildings"]]
    out.append(_text(cx, y + size - 4, " ".join(marks), 9, "middle"))
    return "".join(out)


def _die(x, y, colour, value, size=20) -> str:
    return (f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="4" fill="{DIE_FILL[colour]}" stroke="#111"/>'
            + _text(x + size / 2, y + size * 0.72, value, size * 0.6, "middle", "#fff", "bold"))


def render(view, role, actions=()) -> str:
    actions = list(actions or [])
    out = []
    y = 10
    out.append(_text(10, y + 12, view["prompt"], 14, weight="bold"))
    y += 26
    # --- the race: fame marker against the fame space facing the money marker ---------------------
    scale = (WIDTH - 200) / data.FAME_MAX
    for r in view["seats"]:
        p = view["players"][r]
        out.append(_text(10, y + 12, f'{r}{" (start)" if r == view["start"] else ""}', 11, weight="bold"))
        out.append(f'<rect x="150" y="{y + 4}" width="{WIDTH - 200}" height="8" fill="#eee"/>')
        fx, mx = 150 + p["fame"] * scale, 150 + p["facing"] * scale
        out.append(f'<rect x="{min(fx, mx):.1f}" y="{y + 4}" width="{abs(mx - fx):.1f}" height="8" '
                   f'fill="{"#4caf50" if p["difference"] >= 0 else "#f0a0a0"}"/>')
        out.append(f'<circle cx="{fx:.1f}" cy="{y + 8}" r="6" fill="{PLAYER_FILL[r]}" stroke="#000"/>')
        out.append(f'<rect x="{mx - 5:.1f}" y="{y + 2}" width="10" height="12" fill="{PLAYER_FILL[r]}" stroke="#000"/>')
        out.append(_text(WIDTH - 45, y + 12, f'{p["difference"]:+d}', 11))
        y += 18
    out.append(_text(150, y + 10, "circle: fame; square: money (the fame space it faces); green: passed", 9))
    y += 20
    # --- quarry: the 12 open tiles --------------------------------------------------------------
    stacks = _legal(actions, "stack")
    out.append(_text(10, y + 12, "Quarry", 12, weight="bold"))
    for k, tile_id in enumerate(view["tops"]):
        x = 70 + k * 66
        if tile_id is None:
            out.append(f'<rect x="{x}" y="{y}" width="56" height="56" fill="none" stroke="#bbb" stroke-dasharray="3"/>')
            continue
        inner = _tile(x, y, 56, tile_id) + _text(x + 53, y + 11, view["stack_sizes"][k], 9, "end")
        if (k,) in stacks:
            t = data.TILE[tile_id]
            inner = f'<rect x="{x - 3}" y="{y - 3}" width="62" height="62" fill="none" stroke="#d4a000" stroke-width="3"/>' + inner
            out.append(_clickable(stacks[(k,)], f'Take the {t["colour"]} {t["cost"]} tile', inner))
        else:
            out.append(inner)
    y += 70
    # --- worker spaces ---------------------------------------------------------------------------
    spaces = [s for s in view["spaces"]]
    for i, space in enumerate(spaces):
        x, yy = 10 + (i % 9) * 109, y + (i // 9) * 34
        who = view["spaces"][space]
        inner = (f'<rect x="{x}" y="{yy}" width="104" height="30" rx="4" fill="#fbf3e0" stroke="#a08050"/>'
                 + _text(x + 4, yy + 12, space.replace("terrace:", "terrace ").replace("balcony:", "balcony "), 10))
        for j, r in enumerate(who):
            inner += f'<circle cx="{x + 8 + j * 12}" cy="{yy + 22}" r="5" fill="{PLAYER_FILL[r]}" stroke="#000"/>'
        if space in actions:
            out.append(_clickable(space, f"Place a worker: {space}", inner.replace('stroke="#a08050"', 'stroke="#d4a000" stroke-width="3"')))
        else:
            out.append(inner)
    y += 34 * ((len(spaces) + 8) // 9) + 8
    # --- the river -----------------------------------------------------------------------------------
    river = _legal(actions, "river")
    out.append(_text(10, y + 16, "River", 12, weight="bold"))
    for pos in range(data.RIVER_END + 1):
        x = 60 + pos * 44
        reward = data.RIVER[pos]
        label = "start" if reward is None else f"{reward[0].replace('_', ' ')} {reward[1] or ''}"
        inner = (f'<rect x="{x}" y="{y}" width="40" height="40" rx="6" fill="#cfe8f7" stroke="#4a7fa0"/>'
                 + _text(x + 20, y + 10, pos, 9, "middle") + _text(x + 20, y + 38, label[:9], 7, "middle"))
        boats = [r for r in view["seats"] if view["players"][r]["boat"] == pos]
        for j, r in enumerate(boats):
            inner += f'<rect x="{x + 3 + j * 9}" y="{y + 14}" width="8" height="12" fill="{PLAYER_FILL[r]}" stroke="#000"/>'
        if (pos,) in river:
            out.append(_clickable(river[(pos,)], f"Boat to river space {pos}", inner.replace('stroke="#4a7fa0"', 'stroke="#d4a000" stroke-width="3"')))
        else:
            out.append(inner)
        if pos == data.BRIDGE:
            out.append(f'<line x1="{x - 2}" y1="{y - 4}" x2="{x - 2}" y2="{y + 44}" stroke="#6b4b2b" stroke-width="4"/>')
    y += 56
    # --- provinces and Kali statues ------------------------------------------------------------------
    cell = 40
    cells, covers = _legal(actions, "cell"), _legal(actions, "cover")
    dice_acts = [a for a in actions if isinstance(a, list) and a and a[0] in ("die", "flip", "mark", "unmark", "return")]
    for i, r in enumerate(view["seats"]):
        p = view["players"][r]
        ox, oy = 10 + i * 245, y
        out.append(_text(ox, oy + 12, f'{r}: karma {p["karma"]}, workers {p["workers"] - p["placed"]}/{p["workers"]}', 11, weight="bold"))
        gy = oy + 20
        for rr in range(data.ROWS):
            for cc in range(data.COLS):
                x, yy = ox + cc * cell, gy + rr * cell
                c = p["province"][rr][cc]
                if c == "R":
                    inner = (f'<rect x="{x}" y="{yy}" width="{cell}" height="{cell}" fill="#e9d7b0" stroke="#777"/>'
                             + _text(x + cell / 2, yy + cell / 2 + 4, "Res.", 9, "middle"))
                    for d in data.RESIDENCE_ROADS:
                        ex, ey = {"W": (x, yy + cell / 2), "E": (x + cell, yy + cell / 2), "S": (x + cell / 2, yy + cell)}[d]
                        inner += f'<line x1="{x + cell / 2}" y1="{yy + cell / 2 + 6}" x2="{ex}" y2="{ey}" stroke="#8a6d3b" stroke-width="4"/>'
                elif c is None:
                    inner = f'<rect x="{x}" y="{yy}" width="{cell}" height="{cell}" fill="#f7f2e6" stroke="#ccc"/>'
                else:
                    inner = _tile(x, yy, cell, c[0], c[1])
                    if c[2] is not None:
                        inner += f'<circle cx="{x + cell - 5}" cy="{yy + 5}" r="3" fill="#000"/>'
                key = (rr, cc)
                act = cells.get(key) or covers.get(key) if role == view["turn"] else None
                if act:
                    inner += f'<rect x="{x + 2}" y="{yy + 2}" width="{cell - 4}" height="{cell - 4}" fill="none" stroke="#d4a000" stroke-width="3"/>'
                    out.append(_clickable(act, f'{"Cover" if act[0] == "cover" else "Place on"} row {rr + 1}, column {cc + 1}', inner))
                else:
                    out.append(inner)
        for (rr, cc, d), (kind, n) in data.EDGE_YIELDS.items():
            x, yy = ox + cc * cell + cell / 2, gy + rr * cell + cell / 2
            x += {"W": -cell / 2 - 4, "E": cell / 2 + 4, "S": 0}[d]
            yy += {"W": 0, "E": 0, "S": cell / 2 + 6}[d]
            taken = f"{rr},{cc},{d}" in p["yields"]
            out.append(_text(x, yy + 3, f"{kind[0].upper()}{n}", 7, "middle", "#999" if taken else "#a05000"))
        ky = gy + data.ROWS * cell + 14
        out.append(_text(ox, ky + 8, "Kali: " + " ".join(f"{b[:2]}{lv}" for b, lv in p["upgrades"].items()), 9))
        ky += 14
        own = r == view["turn"] and r == role
        for j, (colour, value) in enumerate(p["dice"]):
            x, yy = ox + (j % 5) * 26, ky + (j // 5) * 26
            inner = _die(x, yy, colour, value)
            acts = [a for a in dice_acts if a[1] == colour and a[2] == value] if own else []
            if acts:
                dice_acts = [a for a in dice_acts if a is not acts[0]]
                out.append(_clickable(acts[0], f"{acts[0][0]} the {colour} {value}", inner + f'<rect x="{x - 2}" y="{yy - 2}" width="24" height="24" fill="none" stroke="#d4a000" stroke-width="2"/>'))
            else:
                out.append(inner)
    height = y + 20 + data.ROWS * cell + 100
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="board rajas" role="group" '
            f'aria-label="Rajas of the Ganges board" viewBox="0 0 {WIDTH} {height}">'
            + "".join(out) + "</svg>")
