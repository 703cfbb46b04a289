"""A first, plain SVG drawing of the Viktory II map from view() (pure string building).

Provisional: hexes coloured by terrain (face-down hexes grey), Towns/Cities as squares, units as
letters, and every clickable hex carrying the CSS class "action". A richer board comes later.
"""
from __future__ import annotations

import math
from html import escape

from . import geometry

SIZE = 22
COLOURS = {"plains": "#e8d77a", "grassland": "#8cc063", "forest": "#2f7d3a", "mountain": "#9b8b7a",
           "water": "#5b9bd5", None: "#bbbbbb"}
PLAYER_COLOURS = {"Red": "#c0392b", "Yellow": "#f1c40f", "Blue": "#2e4da7", "Green": "#1e8449",
                  "Purple": "#7d3c98", "Orange": "#e67e22", "Black": "#222222", "White": "#f4f4f4"}
LETTER = {"infantry": "I", "cavalry": "C", "artillery": "A", "frigate": "F"}


def _centre(side, h):
    x, y = geometry.coords(side)[h]
    col = x - y / 2
    return (col + side) * SIZE * math.sqrt(3), (y + 1) * SIZE * 1.5


def render(view: dict, role: str, legal: list) -> str:
    side = view["side"]
    clickable = {a for a in legal if type(a) is int}
    n = geometry.hex_count(side)
    width = (2 * side + 1) * SIZE * math.sqrt(3)
    height = (2 * side) * SIZE * 1.5 + SIZE
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
           f'role="img" aria-label="Viktory II map">']
    for h in range(n):
        cx, cy = _centre(side, h)
        points = " ".join(f"{cx + SIZE * math.cos(math.radians(60 * k + 30)):.1f},"
                          f"{cy + SIZE * math.sin(math.radians(60 * k + 30)):.1f}" for k in range(6))
        terrain = view["terrain"][h]
        attrs = ""
        if h in clickable:
            attrs = (f' class="action" tabindex="0" role="button" data-action="{h}" '
                     f'aria-label="hex {h} ({escape(str(terrain or "face down"))})"')
        out.append(f'<polygon points="{points}" fill="{COLOURS[terrain]}" stroke="#333"{attrs}/>')
        site = view["sites"][h]
        if site:
            s = 9 if site["kind"] == "town" else 13
            out.append(f'<rect x="{cx - s / 2:.1f}" y="{cy - s / 2:.1f}" width="{s}" height="{s}" '
                       f'fill="{PLAYER_COLOURS.get(site["owner"], "#000")}" stroke="#000"/>')
        letters = "".join(LETTER[u["type"]] for u in view["units"] if u["hex"] == h)
        if letters:
            out.append(f'<text x="{cx:.1f}" y="{cy + SIZE * 0.75:.1f}" font-size="9" '
                       f'text-anchor="middle">{escape(letters)}</text>')
    out.append("</svg>")
    return "\n".join(out)
