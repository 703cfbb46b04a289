"""Draws the Aadu-Huli aata board (Vijayanagara rulebook 5.5) as an SVG string.

Pure string building from the view (no browser imports), so it is tested with xml.etree. Every point
whose number is a legal action is a clickable target: a <g class="action"> with data-action (the
action as JSON), tabindex, role="button" and an aria-label. "pass" is not drawn: the page shows it as
a button.
"""
from __future__ import annotations

import json

from engine.core.svg import esc

from . import data

SX, SY = 80.0, 100.0     # board units -> SVG units
OX, OY = 310.0, 44.0     # where the apex (0, 0) goes
WIDTH, HEIGHT = 620, 500
R_POINT = 6
R_TOKEN = 18             # tokens are designed at radius 21 and scaled to this
_K = R_TOKEN / 21

INK = "#5b3d22"
PAPER = "#f4e6c8"
SELECT = "#1565c0"
TARGET = "#2e7d32"
LAST = "#c2410c"

_JUMP_OVER = {(f, t): o for f, o, t in data.JUMPS}


# Drawn depth of each row. The data's rows are evenly spaced, which crowds the four points of row 1
# (half a unit apart) so that tokens overlap; lowering the rows, and moving each point along its
# line from the apex, keeps every line straight and gives row 1 room for its tokens.
ROW_DEPTH = (0.0, 1.6, 2.4, 3.2, 4.0)
RECTANGLE_X = 3.5  # the crossing rectangle's sides stay vertical


def _xy(p):
    x, y = data.COORDS[p]
    depth = ROW_DEPTH[int(y)]
    if y and abs(x) != RECTANGLE_X:
        x = x * depth / y  # slide along the straight line from the apex
    return OX + x * SX, OY + depth * SY


def _f(v):
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _attrs(**kw):
    out = []
    for k, v in kw.items():
        if v is None:
            continue
        k = k.rstrip("_").replace("_", "-")
        out.append(f'{k}="{esc(str(v))}"')
    return " ".join(out)


# the tokens' colours: the goat's disc and the tiger's (the chart draws each side's line in them)
SEAT_COLOURS = {"Goats": "#fbf7ee", "Tigers": "#f08c1a"}


def _goat(px, py, opacity=1.0):
    """A cream goat token: a disc with two curled horns, eyes and a dark muzzle."""
    r, x, y = 21, 0, 0
    return (
        f'<g class="goat" opacity="{_f(opacity)}" transform="translate({_f(px)},{_f(py)}) scale({_K:.3f})">'
        f'<circle cx="{_f(x + 1.5)}" cy="{_f(y + 2.5)}" r="{r}" fill="#000" opacity="0.18"/>'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{r}" fill="{SEAT_COLOURS["Goats"]}" stroke="#8d7b63" stroke-width="2"/>'
        f'<path d="M{_f(x - 7)},{_f(y - 8)} q-6,-10 -13,-7 q5,1 7,9" fill="none" stroke="#6d6256" '
        f'stroke-width="3" stroke-linecap="round"/>'
        f'<path d="M{_f(x + 7)},{_f(y - 8)} q6,-10 13,-7 q-5,1 -7,9" fill="none" stroke="#6d6256" '
        f'stroke-width="3" stroke-linecap="round"/>'
        f'<ellipse cx="{_f(x)}" cy="{_f(y + 1)}" rx="8" ry="11" fill="#efe6d4" stroke="#b3a48c"/>'
        f'<circle cx="{_f(x - 3.5)}" cy="{_f(y - 2)}" r="1.6" fill="#3b332a"/>'
        f'<circle cx="{_f(x + 3.5)}" cy="{_f(y - 2)}" r="1.6" fill="#3b332a"/>'
        f'<ellipse cx="{_f(x)}" cy="{_f(y + 8)}" rx="3.5" ry="2.2" fill="#8d7b63"/>'
        f'</g>'
    )


def _tiger(px, py):
    """A warm orange tiger token with black stripes, white cheeks and round ears."""
    r, x, y = 21, 0, 0
    stripes = "".join(
        f'<path d="M{_f(x + s * 19)},{_f(y + dy)} l{_f(-s * 8)},{_f(1.5)}" stroke="#1f1a17" '
        f'stroke-width="3" stroke-linecap="round"/>'
        for s in (-1, 1) for dy in (-6, 0, 6))
    return (
        f'<g class="tiger" transform="translate({_f(px)},{_f(py)}) scale({_K:.3f})">'
        f'<circle cx="{_f(x + 1.5)}" cy="{_f(y + 2.5)}" r="{r}" fill="#000" opacity="0.22"/>'
        f'<circle cx="{_f(x - 13)}" cy="{_f(y - 15)}" r="6" fill="#e07b12" stroke="#1f1a17" stroke-width="1.5"/>'
        f'<circle cx="{_f(x + 13)}" cy="{_f(y - 15)}" r="6" fill="#e07b12" stroke="#1f1a17" stroke-width="1.5"/>'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{r}" fill="{SEAT_COLOURS["Tigers"]}" stroke="#1f1a17" stroke-width="2"/>'
        f'{stripes}'
        f'<path d="M{_f(x - 6)},{_f(y - 17)} l3,7 M{_f(x)},{_f(y - 19)} v8 M{_f(x + 6)},{_f(y - 17)} l-3,7" '
        f'stroke="#1f1a17" stroke-width="2.5" stroke-linecap="round"/>'
        f'<ellipse cx="{_f(x)}" cy="{_f(y + 8)}" rx="10" ry="7" fill="#fff8ec"/>'
        f'<circle cx="{_f(x - 6)}" cy="{_f(y - 3)}" r="2.2" fill="#1f1a17"/>'
        f'<circle cx="{_f(x + 6)}" cy="{_f(y - 3)}" r="2.2" fill="#1f1a17"/>'
        f'<path d="M{_f(x - 3)},{_f(y + 4)} h6 l-3,3 z" fill="#1f1a17"/>'
        f'</g>'
    )


def _label(view, role, p):
    board = view.get("board") or [None] * data.NUM_POINTS
    if view.get("phase") == "placement" and role == "Goats" and board[p] is None:
        return f"Place a goat on point {p}"
    if board[p] == "G":
        return f"Select the goat on {p}"
    if board[p] == "T":
        return f"Select the tiger on {p}"
    sel = view.get("selected")
    over = _JUMP_OVER.get((sel, p))
    if over is not None and board[over] == "G" and board[sel] == "T":
        return f"Jump to {p}, capturing the goat on {over}"
    return f"Move to {p}"


def render(view, role, actions) -> str:
    board = view.get("board") or [None] * data.NUM_POINTS
    selected = view.get("selected")
    last = view.get("last_move")
    targets = [a for a in actions if isinstance(a, int) and not isinstance(a, bool)
               and 0 <= a < data.NUM_POINTS]
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="board aadu-huli" role="group" aria-label="Aadu-Huli aata board" '
        f'font-family="system-ui, sans-serif">',
        '<title>Aadu-Huli aata board</title>',
        '<defs><marker id="ah-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        f'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{LAST}"/>'
        '</marker></defs>',
        f'<rect x="4" y="4" width="{WIDTH - 8}" height="{HEIGHT - 8}" rx="18" fill="{PAPER}" '
        f'stroke="#c9a86b" stroke-width="3"/>',
    ]
    # The lines of the board: the triangle with its rays, crossed by the rectangle.
    out.append(f'<g class="lines" stroke="{INK}" stroke-width="3.5" stroke-linecap="round" '
               f'stroke-linejoin="round" fill="none">')
    for line in data.LINES:
        pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in map(_xy, line))
        out.append(f'<polyline points="{pts}"/>')
    out.append('</g>')
    # Points, the specially marked tiger vertices (5.5 Setup) and point numbers.
    out.append('<g class="points">')
    for p in range(data.NUM_POINTS):
        x, y = _xy(p)
        if p in data.TIGER_START:
            out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{R_POINT + 5}" fill="none" '
                       f'stroke="{INK}" stroke-width="2"/>')
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{R_POINT}" fill="{INK}"/>')
        # 18 units: 11 px where the board is 380 px wide (a phone), the least text a phone should show
        nx = x - 23 if x > WIDTH - 60 else x + 23  # inside the board at its right edge
        out.append(f'<text x="{_f(nx)}" y="{_f(y - 16)}" font-size="18" fill="#8a6a45" '
                   f'text-anchor="middle">{p}</text>')
    out.append('</g>')
    # The last move: an arrow from -> to, a ring on a placed goat, a ghost and a cross on a capture.
    if last:
        src, dst, cap = last.get("from"), last.get("to"), last.get("captured")
        out.append('<g class="last-move">')
        if dst is not None:
            x2, y2 = _xy(dst)
            out.append(f'<circle cx="{_f(x2)}" cy="{_f(y2)}" r="{R_TOKEN + 6}" fill="{LAST}" '
                       f'opacity="0.22"/>')
            if src is not None:
                x1, y1 = _xy(src)
                dx, dy = x2 - x1, y2 - y1
                d = max((dx * dx + dy * dy) ** 0.5, 1.0)
                sx, sy = x1 + dx / d * 10, y1 + dy / d * 10
                ex, ey = x2 - dx / d * (R_TOKEN + 4), y2 - dy / d * (R_TOKEN + 4)
                out.append(f'<circle cx="{_f(x1)}" cy="{_f(y1)}" r="9" fill="none" stroke="{LAST}" '
                           f'stroke-width="2.5" stroke-dasharray="3 3"/>')
                out.append(f'<line x1="{_f(sx)}" y1="{_f(sy)}" x2="{_f(ex)}" y2="{_f(ey)}" '
                           f'stroke="{LAST}" stroke-width="4" stroke-linecap="round" '
                           f'marker-end="url(#ah-arrow)"/>')
        if cap is not None and board[cap] is None:
            cx, cy = _xy(cap)
            out.append(f'<g class="captured-mark">{_goat(cx, cy, 0.35)}'
                       f'<path d="M{_f(cx - 12)},{_f(cy - 12)} l24,24 M{_f(cx + 12)},{_f(cy - 12)} l-24,24" '
                       f'stroke="#b71c1c" stroke-width="5" stroke-linecap="round"/></g>')
        out.append('</g>')
    # The pieces.
    out.append('<g class="pieces">')
    for p in range(data.NUM_POINTS):
        x, y = _xy(p)
        if p == selected:
            out.append(f'<circle class="selected" cx="{_f(x)}" cy="{_f(y)}" r="{R_TOKEN + 7}" '
                       f'fill="{SELECT}" fill-opacity="0.18" stroke="{SELECT}" stroke-width="4"/>')
        if board[p] == "G":
            out.append(_goat(x, y))
        elif board[p] == "T":
            out.append(_tiger(x, y))
    out.append('</g>')
    # Clickable targets, on top so they receive the clicks.
    out.append('<g class="targets">')
    for p in targets:
        x, y = _xy(p)
        label = _label(view, role, p)
        piece = board[p] is not None
        ring = (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{R_TOKEN + 3}" fill="none" stroke="#f9a825" '
                f'stroke-width="3" stroke-dasharray="6 4"/>' if piece else
                f'<circle cx="{_f(x)}" cy="{_f(y)}" r="13" fill="{TARGET}" fill-opacity="0.25" '
                f'stroke="{TARGET}" stroke-width="3"/>')
        out.append(
            f'<g {_attrs(class_="action", data_action=json.dumps(p), tabindex="0", role="button", aria_label=label)} '
            f'style="cursor:pointer"><title>{esc(label)}</title>'
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{R_TOKEN + 4}" fill="#fff" fill-opacity="0" '
            f'pointer-events="all"/>{ring}</g>')
    out.append('</g>')
    # Caption: goats in supply, goats captured.
    supply = view.get("goats_in_supply", 0)
    captured = view.get("captured", 0)
    need = view.get("captures_to_win", data.TIGER_WIN_CAPTURES)
    caption = f"Goats in supply: {supply}   ·   Goats captured: {captured} of {need}"
    out.append(f'<text class="caption" x="{WIDTH / 2:.0f}" y="{HEIGHT - 16}" font-size="19" '
               f'fill="{INK}" text-anchor="middle">{esc(caption)}</text>')
    out.append('</svg>')
    return "".join(out)
