"""A placeholder drawing of the Yudhbhoomi fort (the real board comes with the page, issue 9): the
map's squares as coloured cells, soldiers as letters, treasure as dots. Pure string building."""
from __future__ import annotations

from html import escape

from . import data

CELL = 24
FILL = {"W": "#8d6e63", "S": "#bcaaa4", "M": "#e0c9a6", "e": "#e0c9a6", "o": "#424242", "P": "#f3e5ab",
        "$": "#f3e5ab", "G": "#f3e5ab", ".": "#c5e1a5", "A": "#81c784", "B": "#e57373", "C": "#fff176",
        "D": "#64b5f6"}
COLOUR = {"Green": "#2e7d32", "Red": "#c62828", "Yellow": "#f9a825", "Blue": "#1565c0", "Portuguese": "#000"}


def render(view, role, legal) -> str:
    n = data.SIZE
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n * CELL} {n * CELL}" '
             f'role="img" aria-label="Yudhbhoomi fort">']
    for i, ch in enumerate(data.CELL):
        r, c = data.rc(i)
        parts.append(f'<rect x="{c * CELL}" y="{r * CELL}" width="{CELL}" height="{CELL}" '
                     f'fill="{FILL.get(ch, "#fff")}" stroke="#555" stroke-width="0.5"/>')
    for key, count in view["treasure"].items():
        r, c = data.rc(int(key))
        parts.append(f'<circle cx="{c * CELL + 6}" cy="{r * CELL + 6}" r="4" fill="gold"><title>{count} treasure'
                     f'</title></circle>')
    for s in view["soldiers"]:
        if s["pos"] is None:
            continue
        r, c = data.rc(s["pos"])
        name = data.SOLDIERS[s["kind"]]["name"]
        parts.append(f'<text x="{c * CELL + CELL / 2}" y="{r * CELL + 17}" text-anchor="middle" '
                     f'font-size="13" fill="{COLOUR.get(s["owner"], "#000")}">{escape(name[0])}'
                     f'<title>{escape(s["owner"])} {escape(name)} ({s["def"]})</title></text>')
    parts.append("</svg>")
    return "".join(parts)
