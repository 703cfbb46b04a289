"""Yudhbhoomi: the view drawn as SVG (pure string building, no browser imports).

Layout: two drawings in one string: the fort with the camp trays (640 wide), and the turn panel (its
own drawing, PW = 400 wide, its viewBox from 0 0). The page puts them side by side on a wide screen
and one above the other on a phone, where each fills the screen's width: the panel, narrower, is
drawn about 1:1 there and on a desktop, so its text (13 units and more) reads at 12 px or more; the
fort is drawn about 0.58:1 on a phone, so the trays' headings are 17 units (about 10 px). On a
1280x800 window the fort is drawn 0.755:1, so its smallest text (coordinates, soldiers' codes, coin
counts, the "!" and the hits of an attack) is FORT_MIN = 14.8 units (11 CSS px there); a coin too
small for such a digit (carried, or under a soldier) shows no count for one token and grows for more.
  * The camp trays: above the fort the Green (north-west) and Red (north-east) camps, below it the
    Blue (south-west) and Yellow (south-east) camps, each listing the soldiers in camp (pos None):
    waiting to enter, or wounded and waiting to be healed. Only the seats' camps have a tray.
  * The fort: a 15 x 15 grid with light coordinates (columns a-o, rows 1-15, as
    data.square_name names the squares in the log): the raised walls (a drop shadow, battlements),
    the stairs, the 2 main gates (open doors, every soldier) and 4 small entrances (a narrow door,
    foot soldiers only), the palace under its tiled hip roof, the patrol ground, the 4 pillars, the
    4 camps (each army's colour, crossed swords: the rulebook's sword icon), the treasure spots and
    the treasure tokens (a gold coin with its count). In Rani Abbakka: the patrol route, the
    patrol's sight (4 squares on the ground) and each guard's and the General's alert zone (2
    squares) faintly, and a "!" on a guard or the General about to act (view["alerted"]: a sighting,
    or an attack nearby).
  * Soldiers: a standee in the army's colour (round: foot soldier; square: mounted) with a code
    (Sm Swordsman, Sw Swordswoman, Sp Spearman, Ar Archer, MS Mounted Swordswoman, MA Mounted Archer,
    RA Rani Abbakka, Pa/Gu/Ge the Portuguese Patrol, Guard and General), its defence as pips (filled
    = left, hollow = lost), the treasure it carries (a coin), its Hold-the-Fort flag, and a tooltip.
  * The turn panel (the second drawing), one thing under the other, long lines wrapped: the status
    line (or the result), the five dice with their symbols (move: a triangle, hit: crossed swords,
    heal: a cross in a ring, the rulebook's triangle, X and O) and which are kept, the roll count,
    the points left to resolve (beside the dice), every seat's score (VP, banked treasure, flags,
    soldiers in camp, hand size), the deck, an attack in progress (the face-down cards as card backs,
    their faces only when the view gives them), the viewer's Power cards (and an ally's), two a row,
    and a legend. It uses the patterns defined in the fort's drawing (ids are the page's); the page
    gives it no max-height, so on a desktop it may run below the fort rather than shrink its text.
  * What changed since the seat's last move: when the view carries "before" (the same
    seat's view right after its own last action), the two are compared by soldier index (pos None =
    in camp) and treasure square, and marked in one colour, orange (CHANGED): a ring (white halo)
    under every soldier that moved, entered from its camp, fell back to its camp (in its tray), was
    healed or hurt, took or lost treasure or a flag, with "since your last move: ..." in its tooltip;
    a faint dashed line from a moved soldier's old square (a dot there) to its new one; outlines on
    the parts that changed (the defence pips, the carried coin, the flag); the ghost of a soldier
    that fell (a dashed, crossed outline with its code on the old square, its tooltip saying who left
    and why) and of a treasure token taken; a ring on a treasure token whose count changed; the
    panel's score values that changed (VP, banked, carried, flags, palace, cards, camp) outlined and
    bold; and one legend line under the status ("orange ring: changed since your last move"). The
    marks never carry class "action" and take no click (pointer-events="none", the ghosts under the
    targets and the soldiers). Without "before", or with nothing changed, the drawing is exactly the
    one without marks.

Legal actions drawn are <g class="action"> with data-action (json.dumps of the action), tabindex="0",
role="button" and an aria-label: ["select"/"target"/"push", soldier] on the soldier (blue / red /
red), ["attack", soldier] and ["heal", soldier] on a badge beside it (red sword / green cross),
["to"/"push_to", square] on the square (blue), ["grab"/"drop", soldier, square] on the square (gold)
when no other action and no soldier is there, ["hold", i] on die i, and the card actions on the card.
Two actions never share an element: what would is left to the page's buttons (as are "give", the
army choices and the plain buttons). The view holds only what the seat may see, and so does this.
"""
from __future__ import annotations

import json
from functools import lru_cache

from engine.core.svg import esc as _t, num as _f, wrap as svg_wrap

from . import data, movement

W = 640                 # the fort's drawing
C = 40                  # a square of the fort
N = data.SIZE
TRAY_W, TRAY_H = 314, 78
TOP_TRAY_Y = 6
GX, GY = 28, TOP_TRAY_Y + TRAY_H + 20   # the fort's top-left corner (the column letters above it)
BOTTOM_TRAY_Y = GY + N * C + 6
FORT_H = BOTTOM_TRAY_Y + TRAY_H + 6
TRAY_FONT = 17          # the trays' heading (about 10 px on a phone, where the fort is drawn ~0.58:1)
PW, PM = 400, 8         # the turn panel's own width and margin: about 1:1 on a phone and on a desktop
# The smallest text of each drawing: on a 1280x800 window the page draws the fort 483 px wide (0.755
# px a unit) and the panel 420 px (1.05), on a 390 px phone the panel 374 px (0.935), so these
# measure 11 CSS px (a little more, for rounding; the fort's on a phone as the view follows).
FORT_MIN, PANEL_MIN = 14.8, 11.9

INK, MUTED, PAPER = "#2b1d12", "#6b5a45", "#f4ead6"
SEAT_COLOURS = {"Green": "#2e7d32", "Red": "#c62828", "Yellow": "#e0a800", "Blue": "#1565c0", "Portuguese": "#262626"}
TINT = {"Green": "#d6ead2", "Red": "#f3d3cf", "Yellow": "#f8ecc0", "Blue": "#d2e0f3", "Portuguese": "#dddddd"}
ON_ARMY = {"Yellow": "#2b1d12"}  # letters on the army's colour (white elsewhere)
MOVE_C, HIT_C, HEAL_C, GOLD, GOLD_DARK = "#1565c0", "#c62828", "#2e7d32", "#f2c94c", "#8a6d1f"
GROUND_OUT, GROUND_IN = "#e2dfbf", "#ecdcb8"
CAMP_AT = {v: k for k, v in data.CAMP.items()}   # each corner's colour when nobody chose it
CORNER_SQUARE = getattr(data, "CORNER_SQUARE", {"NW": data.CAMP["Green"], "NE": data.CAMP["Red"],
                                                "SE": data.CAMP["Yellow"], "SW": data.CAMP["Blue"]})
CORNER_NAME = getattr(data, "CORNER_NAME", {"NW": "north-west", "NE": "north-east", "SE": "south-east",
                                            "SW": "south-west"})
CORNER_ORDER = [CORNER_SQUARE[c] for c in ("NW", "NE", "SW", "SE")]


def _tray_xy(corner: int) -> tuple:
    """The tray of the camp on corner square `corner`: above the fort for the northern corners."""
    r, c = data.rc(corner)
    return (4 if c == 0 else W - 4 - TRAY_W), (TOP_TRAY_Y if r == 0 else BOTTOM_TRAY_Y)


def _camps(view) -> dict:
    """seat -> its camp square: the view's (chosen corners in Rani Abbakka), else each colour's corner."""
    camps = view.get("camps")
    if camps is None:
        camps = {r: data.CAMP[r] for r in view.get("seats") or [] if r in data.CAMP}
    return dict(camps)

CODE = {"swordsman": "Sm", "swordswoman": "Sw", "spearman": "Sp", "archer": "Ar", "horse": "MS",
        "elephant": "MA", "rani": "RA", "patrol": "Pa", "guard": "Gu", "general": "Ge"}
SYMBOL_WORD = {data.MOVE: "move", data.HIT: "hit", data.HEAL: "heal"}

# One line a Power card, in our own words, from the rulebook's "Power Cards Appendix" (the values
# are the stand-ins of data.CARD_KINDS).
EFFECT = {
    "move1": "+1 move point (a move must be rolled)",
    "move2": "+2 move points (a move must be rolled)",
    "attack1": "Face down with an attack: +1 hit",
    "attack2": "Face down with an attack: +2 hits",
    "defence1": "When attacked: the attack loses 1",
    "defence2": "When attacked: the attack loses 2",
    "dodge_sword": "When attacked by a sword: no effect",
    "dodge_spear": "When attacked by a spear: no effect",
    "dodge_arrow": "When attacked by an arrow: no effect",
    "extreme": "When attacked: any attack has no effect",
    "recovery2": "Heal 2 defence of soldiers in camp",
    "recovery3": "Heal 3 defence of soldiers in camp",
    "mirror": "Take the last player's roll; no rerolls",
    "extra": "Roll all 5 dice once more this turn",
    "swap": "Take a card blindly from a player, give one",
    "retreat": "Move one enemy soldier 1 square",
    "taunt": "A player discards a card picked blindly",
    "recruit": "Recruit a soldier without using dice",
}
GROUP_COLOUR = {"movement": "#1565c0", "attack": "#c62828", "defence": "#546e7a", "recovery": "#2e7d32",
                "tactic": "#7e57c2"}
CARD_VERBS = ("card", "acard", "dcard", "discard", "reroll_card", "give_card")
CARD_PREFIX = {"card": "Play", "acard": "Add face down", "dcard": "Defend with", "discard": "Discard",
               "reroll_card": "Discard for a reroll:", "give_card": "Give"}

STYLE = """
.yb text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.yb .action{cursor:pointer}
.yb .action:focus{outline:none}
.yb .target{fill-opacity:.16;stroke-width:2.5}
.yb .mv .target{fill:#1565c0;stroke:#1565c0}
.yb .at .target{fill:#c62828;stroke:#c62828;stroke-dasharray:5 3}
.yb .he .target{fill:#2e7d32;stroke:#2e7d32}
.yb .tr .target{fill:#f2c94c;fill-opacity:.4;stroke:#8a6d1f;stroke-width:3}
.yb .ca .target{fill:#1565c0;fill-opacity:.06;stroke:#1565c0}
.yb g.action:hover .target,.yb g.action:focus .target{fill-opacity:.34;stroke-width:4}
.yb .inert{pointer-events:none}
"""


# --- small helpers -------------------------------------------------------------------------------------

def _text(x, y, s, size=12, fill=INK, anchor="start", weight="normal", extra="") -> str:
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" fill="{fill}" text-anchor="{anchor}"'
            f'{" font-weight=" + chr(34) + weight + chr(34) if weight != "normal" else ""}'
            f'{(" " + extra) if extra else ""}>{_t(s)}</text>')


# the em widths of a wide sans-serif (DejaVu Sans, regular and bold): the layout's worst case
_EM_CLASSES = (("ijlI ,.:;!'|", .29, .35), ("ftr()-+/[]", .47, .51), ("mwMW", .92, 1.02),
               ("ABCDEFGHKLNOPQRSTUVXYZ", .69, .77))


def _est(s, size, bold=False) -> float:
    """About how wide `s` is drawn at `size` (a little more than in DejaVu Sans)."""
    em = 0.0
    for ch in str(s):
        for chars, reg, bld in _EM_CLASSES:
            if ch in chars:
                em += bld if bold else reg
                break
        else:
            em += .69 if bold else .62
    return em * size * 1.03


def _wrap_to(s, size, width, bold=False) -> list:
    """`s` wrapped into lines at most about `width` wide at `size` (one empty line for no text)."""
    return svg_wrap(str(s).split(), lambda line: _est(line, size, bold) <= width) or [""]


def _para(x, y, s, size, width, fill=INK, weight="normal", lead=None) -> tuple:
    """`s` wrapped to `width`, its first baseline at y: (the text elements, the baseline after it)."""
    lead = lead or round(size * 1.3)
    out = []
    for line in _wrap_to(s, size, width, weight == "bold"):
        out.append(_text(x, y, line, size, fill, weight=weight))
        y += lead
    return out, y


def _rect(x, y, w, h, fill="none", stroke="none", sw=1, rx=0, extra="") -> str:
    return (f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}"'
            f'{" rx=" + chr(34) + _f(rx) + chr(34) if rx else ""} fill="{fill}"'
            f'{" stroke=" + chr(34) + stroke + chr(34) + " stroke-width=" + chr(34) + _f(sw) + chr(34) if stroke != "none" else ""}'
            f'{(" " + extra) if extra else ""}/>')


def _action(action, label, cls, inner, target) -> str:
    """A clickable legal action: `inner` drawn, `target` the highlight (an element with class target)."""
    return (f'<g class="action {cls}" data-action="{_t(json.dumps(action))}" tabindex="0" role="button" '
            f'aria-label="{_t(label)}"><title>{_t(label)}</title>{inner}{target}</g>')


def _tip(label, inner, cls="") -> str:
    return f'<g{" class=" + chr(34) + cls + chr(34) if cls else ""}><title>{_t(label)}</title>{inner}</g>'


def _xy(s: int) -> tuple:
    """The top-left corner of square s."""
    r, c = data.rc(s)
    return GX + c * C, GY + r * C


def _centre(s: int) -> tuple:
    x, y = _xy(s)
    return x + C / 2, y + C / 2


def _name(soldier) -> str:
    return f"{soldier['owner']} {data.SOLDIERS[soldier['kind']]['name']}"


# --- icons -----------------------------------------------------------------------------------------------

def _symbol(kind, cx, cy, s) -> str:
    """A die symbol centred on (cx, cy), about s across: move (triangle), hit (crossed swords),
    heal (a cross in a ring)."""
    h = s / 2
    if kind == data.MOVE:
        return (f'<path d="M{_f(cx)},{_f(cy - h)} L{_f(cx + h * .95)},{_f(cy + h * .75)} '
                f'L{_f(cx - h * .95)},{_f(cy + h * .75)} Z" fill="{MOVE_C}"/>')
    if kind == data.HIT:
        out = []
        for sx in (1, -1):
            # the blade from the hilt (bottom) to the point (top), then the cross-guard and the grip
            x0, y0, x1, y1 = cx - sx * h * .85, cy + h * .85, cx + sx * h * .85, cy - h * .85
            gx, gy = cx - sx * h * .45, cy + h * .45
            out.append(f'<path d="M{_f(gx)},{_f(gy)} L{_f(x1)},{_f(y1)}" stroke="{HIT_C}" '
                       f'stroke-width="{_f(s * .13)}" stroke-linecap="round"/>')
            out.append(f'<path d="M{_f(gx - h * .3)},{_f(gy - sx * h * .3 * sx)} L{_f(gx + h * .3)},{_f(gy + h * .3)}" '
                       f'stroke="{HIT_C}" stroke-width="{_f(s * .1)}" stroke-linecap="round" '
                       f'transform="rotate({90 if sx == 1 else 0} {_f(gx)} {_f(gy)})"/>')
            out.append(f'<path d="M{_f(gx)},{_f(gy)} L{_f(x0)},{_f(y0)}" stroke="#6d2a1a" '
                       f'stroke-width="{_f(s * .16)}" stroke-linecap="round"/>')
        return "".join(out)
    return (f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(h * .85)}" fill="none" stroke="{HEAL_C}" '
            f'stroke-width="{_f(s * .1)}"/>'
            f'<path d="M{_f(cx - h * .45)},{_f(cy)} H{_f(cx + h * .45)} M{_f(cx)},{_f(cy - h * .45)} '
            f'V{_f(cy + h * .45)}" stroke="{HEAL_C}" stroke-width="{_f(s * .16)}"/>')


def _coin(cx, cy, r, n=None, floor=FORT_MIN) -> str:
    """A treasure coin with its count (its digits at least `floor` units, the drawing's smallest text)."""
    out = (f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{GOLD}" stroke="{GOLD_DARK}" '
           f'stroke-width="1.3"/>')
    if n is not None:
        size = max(r * 1.15, floor)
        out += _text(cx, cy + size * .365, n, size, "#5a4000", "middle", "bold")
    return out


def _swords(cx, cy, s, colour) -> str:
    """The camp's crossed swords (the rulebook's sword icon) in the army's colour."""
    h = s / 2
    return (f'<path d="M{_f(cx - h)},{_f(cy + h)} L{_f(cx + h)},{_f(cy - h)} M{_f(cx + h)},{_f(cy + h)} '
            f'L{_f(cx - h)},{_f(cy - h)}" stroke="{colour}" stroke-width="{_f(s * .12)}" stroke-linecap="round"/>'
            f'<path d="M{_f(cx - h * .75)},{_f(cy + h * .25)} l{_f(h * .5)},{_f(h * .5)} '
            f'M{_f(cx + h * .75)},{_f(cy + h * .25)} l{_f(-h * .5)},{_f(h * .5)}" stroke="{colour}" '
            f'stroke-width="{_f(s * .12)}" stroke-linecap="round"/>')


def _flag(x, y, colour) -> str:
    """A flag token: a pole rising from (x, y) with a pennant in the army's colour, outlined so that it
    shows on a standee of the same colour."""
    return (f'<path d="M{_f(x)},{_f(y)} V{_f(y - 14)}" stroke="#2b1d12" stroke-width="2" stroke-linecap="round"/>'
            f'<path d="M{_f(x + 1)},{_f(y - 14)} L{_f(x + 16)},{_f(y - 10)} L{_f(x + 1)},{_f(y - 6)} Z" '
            f'fill="{colour}" stroke="#fff" stroke-width="2.6" stroke-linejoin="round" paint-order="stroke"/>'
            f'<path d="M{_f(x + 1)},{_f(y - 14)} L{_f(x + 16)},{_f(y - 10)} L{_f(x + 1)},{_f(y - 6)} Z" '
            f'fill="none" stroke="#2b1d12" stroke-width=".9" stroke-linejoin="round"/>')


def _standee(cx, cy, soldier, faded=False) -> str:
    """A soldier centred on (cx, cy) in a square of C: its base (round on foot, square mounted), the
    code of its kind, its defence pips, the treasure it carries and its flag."""
    kind = soldier["kind"]
    owner = soldier["owner"]
    colour = SEAT_COLOURS.get(owner, "#555")
    ink = ON_ARMY.get(owner, "#fff")
    out = []
    by = cy - 3
    if not data.SOLDIERS[kind]["foot"]:
        out.append(_rect(cx - 14.5, by - 13.5, 29, 27, colour, "#1b1b1b", 1.3, 5))
        out.append(f'<path d="M{_f(cx - 10)},{_f(by + 9.5)} h20" stroke="{ink}" stroke-width="1.2" opacity=".7"/>')
    else:
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(by)}" r="14" fill="{colour}" stroke="#1b1b1b" stroke-width="1.3"/>')
    if kind == "rani":
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(by)}" r="11.5" fill="none" stroke="{GOLD}" stroke-width="1.6"/>')
        out.append(f'<path d="M{_f(cx - 7)},{_f(by - 12)} l2,-6 l3,4 l2,-5 l2,5 l3,-4 l2,6 Z" fill="{GOLD}" '
                   f'stroke="{GOLD_DARK}" stroke-width=".8"/>')
    if kind == "general":
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(by)}" r="11.5" fill="none" stroke="#bdbdbd" stroke-width="1.4"/>')
    out.append(_text(cx, by + FORT_MIN * .36, CODE.get(kind, "?"), FORT_MIN, ink, "middle", "bold"))
    # defence pips on a light strip: filled = left, hollow = lost
    full = data.SOLDIERS[kind]["defence"]
    pw = 6.0
    x0 = cx - (full - 1) * pw / 2
    out.append(_rect(x0 - 4.5, cy + 11.5, (full - 1) * pw + 9, 8, "#fffdf6", "#6b5a45", .7, 4))
    for k in range(full):
        on = k < soldier["def"]
        out.append(f'<circle cx="{_f(x0 + k * pw)}" cy="{_f(cy + 15.5)}" r="2.3" '
                   f'fill="{"#3b2a1a" if on else "#fff"}" stroke="#3b2a1a" stroke-width=".8"/>')
    if soldier.get("carry") == 1:  # one token: the coin says it (a digit would not fit at a readable size)
        out.append(_coin(cx + 13.5, cy + 6, 6))
    elif soldier.get("carry"):
        out.append(_coin(cx + 13, cy + 8, 8.5, soldier["carry"]))
    if soldier.get("flag"):
        out.append(_flag(cx - 12, cy - 9, colour))
    g = "".join(out)
    if faded:
        g = f'<g opacity=".5">{g}</g>'
    return g


def _soldier_desc(soldier, view) -> str:
    k = data.SOLDIERS[soldier["kind"]]
    camp = (view.get("options") or {}).get("campaign")
    parts = [f"{_name(soldier)}: defence {soldier['def']} of {k['defence']}"]
    if soldier["pos"] is None:
        if soldier.get("out"):
            parts.append("defeated, out of the game")
        elif soldier["def"] == 0:
            parts.append("wounded in camp: heal it (O) before it re-enters")
        else:
            parts.append("in camp: enters the board on its camp square")
    else:
        parts.append(f"on {data.square_name(soldier['pos'])} ({_terrain(view, soldier['pos'])})")
    rng = f"attack range {k['range']}"
    if k["penalty"]:
        rng += f" (-{k['penalty']} a square beyond the first, none from a wall)"
    parts.append(rng)
    if k["move"] > 0:
        parts.append("+1 move when moved")
    elif k["move"] < 0:
        parts.append("-1 move (its first step costs 2)")
    parts.append("foot soldier" if k["foot"] else "mounted: no walls, stairs, small entrances or palace")
    if camp == data.TREASURE and soldier["owner"] != "Portuguese":
        cap = "any number" if k["carry"] >= data.UNLIMITED else k["carry"]
        parts.append(f"carries {soldier.get('carry', 0)} treasure (can carry {cap})")
    if soldier.get("flag"):
        parts.append("holds a flag")
    return "; ".join(parts)


# --- the fort ----------------------------------------------------------------------------------------

def _map(view) -> tuple:
    rows = view.get("map") or data.MAP
    return _cells(tuple(rows))


@lru_cache(maxsize=8)
def _cells(rows: tuple) -> tuple:
    return tuple(ch for row in rows for ch in row)


def _terrain(view, s: int) -> str:
    return _terrain_of(_map(view)[s], s, {v: k for k, v in _camps(view).items()}.get(s))


def _terrain_of(ch: str, s: int, owner) -> str:
    if ch in "ABCD":
        if owner:
            return f"{owner} camp, the army's starting space"
        return "a corner camp (no army here)"
    return {
        "W": "fort wall: raised, foot soldiers only, reached by the stairs",
        "S": "stairs: foot soldiers only, up to the wall",
        "M": "main entrance: every soldier",
        "e": "small entrance: foot soldiers only",
        "o": "pillar: blocks movement and sight",
        "P": "palace: roofed, foot soldiers only",
        "G": "palace centre: roofed, foot soldiers only",
        "$": "palace, a treasure spot: roofed, foot soldiers only",
    }.get(ch, "patrol ground" if s in data.FORT_INSIDE else "open ground outside the fort")


DEFS = (
    '<defs>'
    '<pattern id="yb-roof" width="10" height="8" patternUnits="userSpaceOnUse">'
    '<rect width="10" height="8" fill="#c98461"/>'
    '<path d="M0,8 Q5,1.5 10,8 M-5,4 Q0,-2.5 5,4 M5,4 Q10,-2.5 15,4" fill="none" stroke="#9a5434" stroke-width="1"/>'
    '</pattern>'
    '<pattern id="yb-brick" width="20" height="10" patternUnits="userSpaceOnUse">'
    '<rect width="20" height="10" fill="#b39a74"/>'
    '<path d="M0,0.5 H20 M0,5.5 H20 M5,0.5 V5.5 M15,5.5 V10" stroke="#8f7654" stroke-width=".9"/>'
    '</pattern>'
    '<pattern id="yb-back" width="8" height="8" patternUnits="userSpaceOnUse">'
    '<rect width="8" height="8" fill="#5d4037"/><path d="M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6" '
    'stroke="#a1887f" stroke-width="1.2"/></pattern>'
    '<marker id="yb-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
    f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{HIT_C}"/></marker>'
    '<marker id="yb-chev" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" '
    'orient="auto"><path d="M1,1 L8,5 L1,9" fill="none" stroke="#6d4c41" stroke-width="2"/></marker>'
    '</defs>'
)


def _fort(view) -> list:
    opts = view.get("options") or {}
    owners = tuple(sorted((v, k) for k, v in _camps(view).items()))
    return list(_fort_cached(_map(view), owners, opts.get("campaign", data.TREASURE), bool(opts.get("night"))))


@lru_cache(maxsize=32)
def _fort_cached(cells: tuple, owner_items: tuple, campaign: str, night: bool) -> tuple:
    """The terrain layer: it depends only on the map, whose corner is whose camp, the campaign and
    night, so it is drawn once and reused (pure strings)."""
    owners = dict(owner_items)
    out = ['<g class="fort">']
    # the ground and every square (with its name and terrain as a tooltip)
    out.append(_rect(GX, GY, N * C, N * C, GROUND_OUT))
    out.append(_rect(GX + 2 * C, GY + 2 * C, 11 * C, 11 * C, GROUND_IN))
    out.append('<g class="squares-grid" fill="none" stroke="#7d6a50" stroke-opacity=".35" stroke-width=".6">')
    for s, ch in enumerate(cells):
        x, y = _xy(s)
        fill = ' fill="url(#yb-brick)"' if ch == "W" else ""
        out.append(f'<rect x="{x}" y="{y}" width="{C}" height="{C}"{fill}>'
                   f'<title>{data.square_name(s)}: {_t(_terrain_of(ch, s, owners.get(s)))}</title></rect>')
    out.append('</g>')
    out.append('<g class="inert">')
    # the raised walls: a drop shadow inside the ring, battlements on the outer edge, a lit top edge
    for s, ch in enumerate(cells):
        if ch != "W":
            continue
        x, y = _xy(s)
        r, c = data.rc(s)
        for nr, nc, dx, dy, w, h in ((r + 1, c, 0, C, C, 5), (r, c + 1, C, 0, 5, C)):
            if 0 <= nr < N and 0 <= nc < N and cells[data.sq(nr, nc)] != "W":
                out.append(_rect(x + dx, y + dy, w, h, "#000", extra='opacity=".22"'))
        out.append(f'<path d="M{x + 1},{y + C - 1} V{y + 1} H{x + C - 1}" fill="none" stroke="#dbc9a5" stroke-width="1.5"/>')
        edges = []
        if r == 2:
            edges.append("N")
        if r == N - 3:
            edges.append("S")
        if c == 2:
            edges.append("W")
        if c == N - 3:
            edges.append("E")
        for e in edges:
            for k in range(3):
                off = 3 + k * 13
                if e == "N":
                    out.append(_rect(x + off, y, 8, 6, "#8c7352"))
                elif e == "S":
                    out.append(_rect(x + off, y + C - 6, 8, 6, "#8c7352"))
                elif e == "W":
                    out.append(_rect(x, y + off, 6, 8, "#8c7352"))
                else:
                    out.append(_rect(x + C - 6, y + off, 6, 8, "#8c7352"))
    # the stairs: treads rising toward the wall corner
    for s, ch in enumerate(cells):
        if ch != "S":
            continue
        x, y = _xy(s)
        r, c = data.rc(s)
        up = r < N // 2  # the wall is above (north stairs) or below
        for k in range(5):
            ty = y + (k * 8 if up else C - (k + 1) * 8)
            shade = ["#8f7654", "#a58b66", "#b9a07b", "#cdb792", "#dfcdaa"][k]
            out.append(_rect(x + 2, ty, C - 4, 8, shade, "#6d5a40", .6))
    # the gates: main (open doors, every soldier), small (a narrow door, foot soldiers only)
    for s, ch in enumerate(cells):
        if ch not in "Me":
            continue
        x, y = _xy(s)
        r, c = data.rc(s)
        vertical = r in (2, N - 3)  # the passage runs north-south
        if ch == "M":
            if vertical:
                out.append(f'<path d="M{x},{y + 6} l9,-5 M{x},{y + C - 6} l9,5 M{x + C},{y + 6} l-9,-5 '
                           f'M{x + C},{y + C - 6} l-9,5" stroke="#5d4037" stroke-width="3" stroke-linecap="round"/>')
                out.append(_rect(x - 3, y - 2, 5, C + 4, "#7a6446", rx=1.5))
                out.append(_rect(x + C - 2, y - 2, 5, C + 4, "#7a6446", rx=1.5))
            else:
                out.append(_rect(x - 2, y - 3, C + 4, 5, "#7a6446", rx=1.5))
                out.append(_rect(x - 2, y + C - 2, C + 4, 5, "#7a6446", rx=1.5))
        else:
            if vertical:
                out.append(_rect(x, y, 13, C, "url(#yb-brick)"))
                out.append(_rect(x + C - 13, y, 13, C, "url(#yb-brick)"))
                out.append(f'<path d="M{x + 13},{y} V{y + C} M{x + C - 13},{y} V{y + C}" stroke="#5d4037" stroke-width="2"/>')
            else:
                out.append(_rect(x, y, C, 13, "url(#yb-brick)"))
                out.append(_rect(x, y + C - 13, C, 13, "url(#yb-brick)"))
                out.append(f'<path d="M{x},{y + 13} H{x + C} M{x},{y + C - 13} H{x + C}" stroke="#5d4037" stroke-width="2"/>')
    # the palace: a tiled hip roof over its squares
    pal = [s for s, ch in enumerate(cells) if ch in "P$G"]
    if pal:
        rs = [data.rc(s)[0] for s in pal]
        cs = [data.rc(s)[1] for s in pal]
        x0, y0 = GX + min(cs) * C, GY + min(rs) * C
        x1, y1 = GX + (max(cs) + 1) * C, GY + (max(rs) + 1) * C
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        out.append(_rect(x0 + 3, y0 + 4, x1 - x0, y1 - y0, "#000", extra='opacity=".18"'))
        out.append(_rect(x0, y0, x1 - x0, y1 - y0, "url(#yb-roof)", "#6e3520", 2.5))
        out.append(f'<path d="M{x0},{y0} L{_f(mx)},{_f(my)} L{x1},{y0} M{x0},{y1} L{_f(mx)},{_f(my)} L{x1},{y1}" '
                   f'stroke="#6e3520" stroke-width="2" opacity=".55" fill="none"/>')
        for s in pal:  # the grid stays visible on the roof
            x, y = _xy(s)
            out.append(_rect(x, y, C, C, "none", "#5a2a18", .5, extra='stroke-opacity=".45"'))
    # treasure spots (the Treasure campaign's)
    for s, ch in enumerate(cells):
        if ch == "$" and campaign == data.TREASURE:
            cx, cy = _centre(s)
            out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="14" fill="#f7e3a1" fill-opacity=".55" '
                       f'stroke="{GOLD_DARK}" stroke-width="1.5" stroke-dasharray="3 2"/>')
    out.append('</g>')
    # pillars and camps (counted by the tests: class pillar, camp)
    for s, ch in enumerate(cells):
        if ch == "o":
            cx, cy = _centre(s)
            out.append(_tip(f"{data.square_name(s)}: pillar (blocks movement and sight)",
                            f'<circle cx="{_f(cx + 2)}" cy="{_f(cy + 3)}" r="14" fill="#000" opacity=".22"/>'
                            f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="14" fill="#7b6d60" stroke="#3e352e" stroke-width="2"/>'
                            f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="8.5" fill="#9c8e80" stroke="#5b4f45" stroke-width="1.2"/>',
                            "pillar"))
        elif ch in "ABCD":
            owner = owners.get(s)
            colour = owner or CAMP_AT.get(s, "Green")
            x, y = _xy(s)
            cx, cy = _centre(s)
            out.append(f'<g class="camp" data-colour="{colour}"{"" if owner else " opacity=" + chr(34) + ".45" + chr(34)}>'
                       f'<title>{data.square_name(s)}: {_t(_terrain_of(ch, s, owner))}</title>'
                       + _rect(x + 1.5, y + 1.5, C - 3, C - 3, TINT[colour], SEAT_COLOURS[colour], 3, 4)
                       + _swords(cx, cy, 22, SEAT_COLOURS[colour]) + '</g>')
    out.append('</g>')
    # coordinates: letters above, numbers on the left
    out.append('<g class="coords inert">')
    for c in range(N):
        out.append(_text(GX + c * C + C / 2, GY - 5, chr(ord("a") + c), FORT_MIN, MUTED, "middle"))
    for r in range(N):
        out.append(_text(GX - 4, GY + r * C + C / 2 + 5.3, r + 1, FORT_MIN, MUTED, "end"))
    out.append('</g>')
    if night:
        out.append(_rect(GX, GY, N * C, N * C, "#1a2450", extra='opacity=".13" class="night inert"'))
    return tuple(out)


@lru_cache(maxsize=256)
def _patrol_sight(p: int) -> frozenset:
    """The squares a patrol soldier on p sees: up to 4 away, on the ground (not the walls), in line of
    sight (terrain only, so the answer is memoised)."""
    return frozenset(q for q in range(data.NUM_SQUARES)
                     if q != p and q not in data.WALL and q not in data.PILLARS
                     and movement.chebyshev(p, q) <= data.PATROL_SIGHT and movement.line_of_sight(p, q))


@lru_cache(maxsize=256)
def _guard_zone(p: int) -> frozenset:
    """The squares within which a guard (or the General) on p spots a soldier: up to 2 away, in line of
    sight, the walls hidden by the palace roof."""
    return frozenset(q for q in range(data.NUM_SQUARES)
                     if q != p and q not in data.PILLARS and movement.chebyshev(p, q) <= data.GUARD_SIGHT
                     and movement.line_of_sight(p, q) and not (q in data.WALL and p in data.PALACE))


def _sight(view) -> list:
    """Rani Abbakka: the patrol route, the patrol's sight and the guards' and General's alert zones."""
    soldiers = view.get("soldiers") or []
    out = ['<g class="sentries inert">']
    route = data.PATROL_ROUTE
    pts = " ".join(f"{_f(_centre(s)[0])},{_f(_centre(s)[1])}" for s in route + route[:1])
    out.append(f'<polyline class="patrol-route" points="{pts}" fill="none" stroke="#6d4c41" stroke-width="2" '
               f'stroke-dasharray="2 5" stroke-linecap="round" opacity=".5"/>')
    for k in range(2, len(route), 4):  # chevrons show the clockwise direction
        a, b = _centre(route[k]), _centre(route[(k + 1) % len(route)])
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        out.append(f'<path d="M{_f(a[0])},{_f(a[1])} L{_f(mx)},{_f(my)}" stroke="none" fill="none" '
                   f'marker-end="url(#yb-chev)" opacity=".6"/>')
    players = [s["pos"] for s in soldiers if s["owner"] != "Portuguese" and s["pos"] is not None]
    seen_patrol, seen_guard = set(), set()
    alerts = []
    for i, s in enumerate(soldiers):
        if s["owner"] != "Portuguese" or s["pos"] is None:
            continue
        if s["kind"] == "patrol":
            seen_patrol |= _patrol_sight(s["pos"])
        else:
            zone = _guard_zone(s["pos"])
            seen_guard |= zone
            if any(q in zone for q in players):
                alerts.append(i)
    for q in sorted(seen_patrol):
        x, y = _xy(q)
        out.append(_rect(x + 1, y + 1, C - 2, C - 2, "#ef6c00", extra='opacity=".15" class="patrol-sight"'))
    for q in sorted(seen_guard):
        x, y = _xy(q)
        out.append(_rect(x + 5, y + 5, C - 10, C - 10, "none", "#b71c1c", 1.2,
                         extra='opacity=".45" stroke-dasharray="2 3" class="guard-zone"'))
    out.append('</g>')
    return out, alerts


# --- what changed since the seat's last move (view["before"]) ----------------------------------------------

CHANGED = "#ff6d00"  # the one colour of every mark of a change
MARK_NOTE = "orange ring: changed since your last move"
NOPE = 'pointer-events="none"'


def _changes(view):
    """What changed between view["before"] (this seat's own view right after its last action) and the
    view, in small dicts keyed by soldier index and square; None when nothing did (or no "before")."""
    before = view.get("before")
    if not isinstance(before, dict):
        return None
    now, then = view.get("soldiers") or [], before.get("soldiers") or []
    sol, trail, ghosts = {}, {}, []
    for i, s in enumerate(now):
        old = then[i] if i < len(then) else None
        notes, parts = [], set()
        if old is None:
            notes.append("new")
        else:
            p0, p1 = old.get("pos"), s.get("pos")
            if p0 != p1:
                if p0 is None:
                    notes.append("entered from its camp")
                elif p1 is not None:
                    notes.append(f"moved from {data.square_name(p0)}")
                    trail[i] = (p0, p1)
                else:
                    notes.append(f"fell on {data.square_name(p0)}")
                    fate = "defeated, out of the game" if s.get("out") else "wounded, back in its camp"
                    ghosts.append((p0, old, f"{_name(old)} left {data.square_name(p0)} since your last move: {fate}"))
            if old.get("def") != s.get("def"):
                parts.add("pips")
                notes.append(f"defence {old.get('def')} → {s.get('def')}")
            if (old.get("carry") or 0) != (s.get("carry") or 0):
                parts.add("carry")
                notes.append(f"treasure {old.get('carry') or 0} → {s.get('carry') or 0}")
            if bool(old.get("flag")) != bool(s.get("flag")):
                parts.add("flag")
                notes.append("won a flag" if s.get("flag") else "lost its flag")
        if notes and not s.get("out"):
            sol[i] = (parts, "since your last move: " + ", ".join(notes))
    t_now, t_then = view.get("treasure") or {}, before.get("treasure") or {}
    coins = {int(k) for k, n in t_now.items() if t_then.get(k) != n}
    gone = {int(k): n for k, n in t_then.items() if k not in t_now}
    scores = _score_changes(view, before)
    if not (sol or ghosts or coins or gone or scores):
        return None
    return {"soldiers": sol, "trail": trail, "ghosts": ghosts, "coins": coins, "gone": gone, "scores": scores}


def _score_changes(view, before) -> set:
    """(seat, column) of the panel's scores whose value changed."""
    now, then = _score_cols(view), _score_cols(before)
    if [h for h, _fn in now] != [h for h, _fn in then]:
        return set()
    return {(r, j) for r in view.get("seats") or [] for j, ((_h, fn), (_h0, fn0)) in enumerate(zip(now, then))
            if fn(r) != fn0(r)}


def _ring(cx, cy, r=19.5) -> str:
    """The mark of a change: an orange ring with a white halo, under the piece (never clickable)."""
    return (f'<g class="changed" {NOPE}><circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{CHANGED}" '
            f'fill-opacity=".14" stroke="#fff" stroke-width="7"/><circle cx="{_f(cx)}" cy="{_f(cy)}" '
            f'r="{_f(r)}" fill="none" stroke="{CHANGED}" stroke-width="3.5"/></g>')


def _part_marks(parts, soldier, cx, cy) -> str:
    """Outlines over the parts of a standee that changed: its defence pips, its coin, its flag."""
    out = []
    if "pips" in parts:
        full = data.SOLDIERS[soldier["kind"]]["defence"]
        w = (full - 1) * 6.0 + 13
        out.append(_rect(cx - w / 2, cy + 9, w, 13, "none", CHANGED, 2.5, 6.5, f'class="changed" {NOPE}'))
    if "carry" in parts and soldier.get("carry"):
        out.append(f'<circle class="changed" cx="{_f(cx + 13.5)}" cy="{_f(cy + 6)}" r="8.5" fill="none" '
                   f'stroke="{CHANGED}" stroke-width="2.5" {NOPE}/>')
    if "flag" in parts and soldier.get("flag"):
        out.append(_rect(cx - 15, cy - 26, 23, 20, "none", CHANGED, 2.5, 5, f'class="changed" {NOPE}'))
    return "".join(out)


def _ghost(soldier, cx, cy, label) -> str:
    """Where a soldier stood before it fell: its faint outline and code, crossed (with a tooltip; drawn
    under the targets and the soldiers, so it never takes a click)."""
    colour = SEAT_COLOURS.get(soldier["owner"], "#555")
    return (f'<g class="ghost"><title>{_t(label)}</title>'
            f'<circle cx="{_f(cx)}" cy="{_f(cy - 3)}" r="14" fill="{colour}" fill-opacity=".18" stroke="{CHANGED}" '
            f'stroke-width="2.5" stroke-dasharray="4 3"/>'
            + _text(cx, cy + 2.3, CODE.get(soldier["kind"], "?"), FORT_MIN, colour, "middle", "bold", 'opacity=".6"')
            + f'<path d="M{_f(cx - 9)},{_f(cy - 12)} L{_f(cx + 9)},{_f(cy + 6)} M{_f(cx + 9)},{_f(cy - 12)} '
              f'L{_f(cx - 9)},{_f(cy + 6)}" stroke="{CHANGED}" stroke-width="2.5" stroke-linecap="round" '
              f'opacity=".85"/></g>')


def _under_marks(ch) -> list:
    """The marks under the targets and the soldiers: a faint line from each moved soldier's old square
    (a dot there) to its new one, the ghost of each soldier that fell and of each treasure token taken."""
    out = ['<g class="changes">']
    for p0, p1 in ch["trail"].values():
        (x0, y0), (x1, y1) = _centre(p0), _centre(p1)
        out.append(f'<g class="trail" {NOPE}><line x1="{_f(x0)}" y1="{_f(y0)}" x2="{_f(x1)}" y2="{_f(y1)}" '
                   f'stroke="{CHANGED}" stroke-width="3" stroke-dasharray="6 4" stroke-linecap="round" '
                   f'opacity=".7"/><circle cx="{_f(x0)}" cy="{_f(y0)}" r="5" fill="{CHANGED}" opacity=".75" '
                   f'stroke="#fff" stroke-width="1.5"/></g>')
    for p0, old, label in ch["ghosts"]:
        cx, cy = _centre(p0)
        out.append(_ghost(old, cx, cy, label))
    for s, n in sorted(ch["gone"].items()):
        cx, cy = _centre(s)
        label = f"{data.square_name(s)}: {n} treasure token{'s' if n != 1 else ''} taken since your last move"
        out.append(f'<g class="ghost"><title>{_t(label)}</title><circle cx="{_f(cx)}" cy="{_f(cy)}" r="10" '
                   f'fill="{GOLD}" fill-opacity=".25" stroke="{CHANGED}" stroke-width="2.5" '
                   f'stroke-dasharray="4 3"/></g>')
    out.append('</g>')
    return out


# --- the whole drawing ------------------------------------------------------------------------------------

def _group_actions(legal):
    """Sort the legal actions by the element they would go on; return {element key: action} for the
    elements that get exactly one."""
    by_key = {}
    for a in legal:
        if not isinstance(a, list) or not a:
            continue
        verb = a[0]
        if verb in ("to", "push_to"):
            key = ("sq", a[1])
        elif verb in ("grab", "drop"):
            key = ("sq", a[2])
        elif verb == "corner" and a[1] in CORNER_SQUARE:
            key = ("sq", CORNER_SQUARE[a[1]])
        elif verb in ("select", "target", "push"):
            key = ("body", a[1])
        elif verb in ("attack", "heal"):
            key = ("badge", a[1])
        elif verb == "hold":
            key = ("die", a[1])
        elif verb in CARD_VERBS:
            key = ("card", a[1])
        else:
            continue
        by_key.setdefault(key, []).append(a)
    out = {}
    for key, acts in by_key.items():
        if len(acts) == 1:
            out[key] = acts[0]
        elif key[0] == "sq":
            moves = [a for a in acts if a[0] in ("to", "push_to")]
            if len(moves) == 1:  # the move on the square, a grab/drop there left to a button
                out[key] = moves[0]
    return out


def _soldier_g(sid, soldier, cx, cy, view, drawn, sel, attack, alert=False, mark=None) -> str:
    """A soldier with its clickable body and badge, if any; `mark` (parts, note): what changed since
    the seat's last move (a ring under it, outlines on the parts, the note in its tooltip)."""
    body = drawn.get(("body", sid))
    badge = drawn.get(("badge", sid))
    desc = _soldier_desc(soldier, view)
    if mark:
        desc += "; " + mark[1]
    faded = soldier["pos"] is None and soldier["def"] == 0
    inner = _standee(cx, cy, soldier, faded)
    out = [_ring(cx, cy - 1)] if mark else []
    ring = ""
    if sid == sel:
        ring = (f'<circle cx="{_f(cx)}" cy="{_f(cy - 3)}" r="19" fill="{MOVE_C}" fill-opacity=".25" '
                f'stroke="{MOVE_C}" stroke-width="4" class="selected"/>')
    elif attack and sid in (attack.get("by"), attack.get("target")):
        ring = (f'<circle cx="{_f(cx)}" cy="{_f(cy - 3)}" r="18.5" fill="none" stroke="{HIT_C}" '
                f'stroke-width="3.5" class="attacking"/>')
    if alert:
        inner += (f'<circle cx="{_f(cx - 13)}" cy="{_f(cy - 15)}" r="8.5" fill="#ffeb3b" stroke="#b71c1c" stroke-width="1.3"/>'
                  + _text(cx - 13, cy - 15 + FORT_MIN * .36, "!", FORT_MIN, "#b71c1c", "middle", "bold"))
        desc += "; alerted: steps toward the noise or the soldier it sees and strikes at the end of the turn"
    if body is not None:
        verb = body[0]
        word = {"select": "Move", "target": "Attack", "push": "Retreat"}[verb]
        label = f"{word} {_name(soldier)}"
        if verb == "select" and soldier["pos"] is None:
            camp = _camps(view).get(soldier["owner"])
            if camp is not None:
                label += f" (enter at {data.square_name(camp)})"
        elif soldier["pos"] is not None:
            label += f" on {data.square_name(soldier['pos'])}"
        cls = "mv" if verb == "select" else "at"
        hl = (f'<rect class="target" x="{_f(cx - C / 2 + 1.5)}" y="{_f(cy - C / 2 + 1.5)}" width="{C - 3}" '
              f'height="{C - 3}" rx="6"/>'
              # the whole square takes the tap (a phone shows a square 24 px wide)
              f'<rect x="{_f(cx - C / 2)}" y="{_f(cy - C / 2)}" width="{C}" height="{C}" fill="#fff" '
              f'fill-opacity="0" pointer-events="all"/>')
        out.append(ring + _action(body, f"{label}. {desc}", cls, inner, hl))
    else:
        out.append(_tip(desc, ring + inner, "soldier"))
    if badge is not None:
        verb = badge[0]
        bx, by = cx + 14, cy - 15
        if verb == "attack":
            icon = (f'<circle cx="{_f(bx)}" cy="{_f(by)}" r="8" fill="#fff" stroke="{HIT_C}" stroke-width="1.5"/>'
                    + _symbol(data.HIT, bx, by, 11))
            label, cls = f"Attack with {_name(soldier)}", "at"
        else:
            icon = (f'<circle cx="{_f(bx)}" cy="{_f(by)}" r="8" fill="#fff" stroke="{HEAL_C}" stroke-width="1.5"/>'
                    f'<path d="M{_f(bx - 4.5)},{_f(by)} h9 M{_f(bx)},{_f(by - 4.5)} v9" stroke="{HEAL_C}" stroke-width="2.6"/>')
            label, cls = f"Heal {_name(soldier)}", "he"
        if soldier["pos"] is not None:
            label += f" on {data.square_name(soldier['pos'])}"
        hl = f'<circle class="target" cx="{_f(bx)}" cy="{_f(by)}" r="10.5"/>'
        out.append(_action(badge, label, cls, icon, hl))
    if mark and mark[0]:
        out.append(_part_marks(mark[0], soldier, cx, cy))
    return "".join(out)


def _tray(view, colour, corner, drawn, sel, attack, marks=None) -> list:
    soldiers = view.get("soldiers") or []
    x, y = _tray_xy(corner)
    here = [i for i, s in enumerate(soldiers) if s["owner"] == colour and s["pos"] is None and not s.get("out")]
    wounded = sum(1 for i in here if soldiers[i]["def"] == 0)
    out = [f'<g class="tray" data-colour="{colour}">',
           _rect(x, y, TRAY_W, TRAY_H, TINT[colour], SEAT_COLOURS[colour], 1.5, 8)]
    n = len(here)
    many = f"{n} soldier{'s' if n != 1 else ''}"
    hurt = f", {wounded} wounded" if wounded else ""
    if corner not in _camps(view).values():
        labels = [f"{colour}: corner not chosen yet, {many}{hurt}", f"{colour}: no corner yet, {many}{hurt}",
                  f"{colour}: {many}{hurt}, no corner", f"{colour}: no corner, {n}" + (f" ({wounded} hurt)" if wounded else "")]
    else:
        labels = [f"{colour} camp: {many}{hurt}"] + ([f"{colour} camp: {n} ({wounded} wounded)"] if wounded else [])
    room = TRAY_W - 16
    label = next((lb for lb in labels if _est(lb, TRAY_FONT, True) <= room), labels[-1])
    size = max(FORT_MIN, min(TRAY_FONT, TRAY_FONT * room / _est(label, TRAY_FONT, True)))
    out.append(_text(x + 8, y + 21, label, size, INK, weight="bold"))
    if not here:
        out.append(_text(x + 8, y + 56, "nobody in camp", TRAY_FONT, MUTED))
    slot = min(37.0, (TRAY_W - 12) / max(1, len(here)))
    for k, i in enumerate(here):
        cx = x + 6 + slot * k + slot / 2
        out.append(_soldier_g(i, soldiers[i], cx, y + 52, view, drawn, sel, attack,
                              mark=marks.get(i) if marks else None))
    out.append('</g>')
    return out


def _die(x, y, s, face, held) -> str:
    out = _rect(x, y, s, s, "#fff3c4" if held else "#fffdf8", "#8a6d1f" if held else "#3b2a1a",
                3 if held else 1.3, s * .18)
    if face in SYMBOL_WORD:
        out += _symbol(face, x + s / 2, y + s / 2, s * .56)
    return out


def _dice(view, drawn, x0, y0, w) -> tuple:
    """The dice block from y0 (its top), `w` wide: the stage, the five dice (and their words) and, to
    their right, the points left to resolve and an extra turn. Returns (elements, its bottom)."""
    t = view.get("turn")
    out = []
    size, gap = 44, 8
    if t is None:
        out.append(_text(x0, y0 + 15, "Building the armies", 15, INK, weight="bold"))
        lines, y = _para(x0, y0 + 34, "Each army takes its soldiers before the first turn.", 13, w, MUTED)
        return out + lines, y - 10
    stage = t.get("stage")
    dice = t.get("dice") or []
    held = t.get("held") or []
    rani = (view.get("options") or {}).get("campaign") == data.RANI
    if view.get("result"):
        head, sub = "The game is over", view["result"].get("summary", "")
        stage = "over"
    elif stage == "start":
        head = f"Before the roll: {t.get('dice_left', 0)} dice left"
        sub = ("no recruiting and no Power cards in this campaign: roll" if rani else
               f"recruited {t.get('recruits', 0)}, drew {t.get('draws', 0)} card"
               f"{'s' if t.get('draws', 0) != 1 else ''} (2 dice each)")
    elif stage == "roll":
        head = f"Roll {t.get('rolls', 0)} of {data.ROLLS}"
        last = t.get("rolls", 0) >= data.ROLLS and rani  # no card to discard for another reroll
        sub = ("the last roll: keep it" if last else
               "tap a die to keep it, then reroll or accept" if any(k[0] == "die" for k in drawn)
               else f"{t.get('seat', '')} keeps dice and rerolls")
    else:
        head = "Resolving the roll" + (" (mirrored)" if t.get("mirrored") else "")
        sub = ""
    out.append(_text(x0, y0 + 15, head, 15, INK, weight="bold"))
    dy = y0 + 24
    if sub:
        lines, y = _para(x0, y0 + 34, sub, 13, w, MUTED)
        out += lines
        dy = y - 8
    if stage == "start":
        left = t.get("dice_left", 0)
        for i in range(data.DICE):
            x = x0 + i * (size + gap)
            if i < left:
                out.append(_tip("A die still to roll", _die(x, dy, size, None, False)))
            else:
                out.append(_tip("A die set aside (recruit or draw)",
                                f'<g opacity=".35">{_die(x, dy, size, None, False)}'
                                f'<path d="M{x + 8},{dy + 8} l{size - 16},{size - 16}" stroke="#555" stroke-width="2"/></g>'))
    else:
        for i, face in enumerate(dice):
            x = x0 + i * (size + gap)
            h = bool(held[i]) if i < len(held) and stage == "roll" else False
            g = _die(x, dy, size, face, h)
            word = SYMBOL_WORD.get(face, face)
            if h and stage == "roll":
                g += _text(x + size / 2, dy + size + 15, "kept", 13, GOLD_DARK, "middle", "bold")
            else:
                g += _text(x + size / 2, dy + size + 15, word, 13, MUTED, "middle")
            a = drawn.get(("die", i))
            if a is not None:
                label = f"{'Release' if h else 'Keep'} die {i + 1} ({word})"
                hl = _rect(x - 3, dy - 3, size + 6, size + 6, extra='class="target" rx="8"')
                out.append(_action(a, label, "mv", g, hl))
            else:
                out.append(_tip(f"Die {i + 1}: {word}" + (" (kept)" if h else ""), g))
    bottom = dy + size + (20 if stage != "start" else 6)
    # to the right of the dice: the points left to resolve, an extra turn
    rx = x0 + data.DICE * (size + gap) + 6
    ry = dy + 12
    if stage == "resolve":
        pool = t.get("pool") or {}
        out.append(_text(rx, ry, "Left to use:", 14, INK, weight="bold"))
        for sym in data.SYMBOLS:
            ry += 18
            n = pool.get(sym, 0)
            extra = t.get("heal_bonus", 0) if sym == data.HEAL else 0
            out.append(_symbol(sym, rx + 7, ry - 5, 14))
            out.append(_text(rx + 19, ry, f"{n} {SYMBOL_WORD[sym]}" + (f" +{extra}" if extra else ""), 14, INK))
        ry += 18
    if t.get("extra"):
        out += _para(rx, ry, f"+{t['extra']} extra turn", 13, x0 + w - rx, MUTED)[0]
        ry += 18
    return out, max(bottom, ry - 8)


def _score_cols(view) -> list:
    """The score columns of the campaign: (heading, seat -> value) read off `view`."""
    camp = (view.get("options") or {}).get("campaign")
    soldiers = view.get("soldiers") or []
    sizes = view.get("hand_sizes") or {}
    if camp == data.TREASURE:
        cols = [("VP", lambda r: (view.get("vp") or {}).get(r, 0)),
                ("banked", lambda r: (view.get("banked") or {}).get(r, 0)),
                ("carried", lambda r: sum(s.get("carry", 0) for s in soldiers if s["owner"] == r)),
                ("cards", lambda r: sizes.get(r, 0))]
    elif camp == data.HOLD:
        cols = [("flags", lambda r: f"{(view.get('flags') or {}).get(r, 0)}/{data.FLAGS}"),
                ("palace", lambda r: sum(1 for s in soldiers if s["owner"] == r and s["pos"] in data.PALACE)),
                ("cards", lambda r: sizes.get(r, 0))]
    else:
        cols = [("on board", lambda r: sum(1 for s in soldiers if s["owner"] == r and s["pos"] is not None))]
    cols.append(("camp", lambda r: sum(1 for s in soldiers if s["owner"] == r and s["pos"] is None)))
    return cols


def _scores(view, role, x0, y0, w, changed=()) -> tuple:
    """Every seat's score from y0 (its top), `w` wide, then the deck and the alliances (or the
    Portuguese still standing); a value that changed since the seat's last move (`changed`: (seat,
    column)) outlined. Returns (elements, its bottom)."""
    camp = (view.get("options") or {}).get("campaign")
    seats = view.get("seats") or []
    soldiers = view.get("soldiers") or []
    active = view.get("active") or []
    out = ['<g class="scores">']
    cols = _score_cols(view)
    name_w = 128
    # each column as wide as its heading asks, the room left shared out evenly
    need = [max(_est(head, 13), 26) for head, _fn in cols]
    spare = (w - name_w - sum(need)) / len(cols)
    mid, x = [], x0 + name_w
    for n in need:
        mid.append(x + (n + spare) / 2)
        x += n + spare
    out.append(_text(x0 + 4, y0 + 14, f"Round {view.get('round', 1)}", 14, MUTED, weight="bold"))
    for j, (head, _fn) in enumerate(cols):
        out.append(_text(mid[j], y0 + 14, head, 13, MUTED, "middle"))
    for k, r in enumerate(seats):
        y = y0 + 21 + k * 25
        if r in active:
            out.append(_rect(x0, y, w, 23, "#fbe7cf", rx=4))
        out.append(_rect(x0 + 4, y + 5, 13, 13, SEAT_COLOURS.get(r, "#888"), "#1b1b1b", .8, 2))
        name = ("▶ " if r in active else "") + r
        bold = r in active
        out.append(_text(x0 + 22, y + 17, name, 14, INK, weight="bold" if bold else "normal"))
        if r == role:
            out.append(_text(x0 + 27 + _est(name, 14, bold), y + 17, "you", 13, MUTED))
        for j, (_head, fn) in enumerate(cols):
            value = fn(r)
            if (r, j) in changed:
                half = max(_est(value, 14, True) / 2 + 6, 13)
                out.append(_rect(mid[j] - half, y + 1.5, 2 * half, 20, CHANGED, CHANGED, 2, 6,
                                 f'fill-opacity=".16" class="changed" {NOPE}'))
                out.append(_text(mid[j], y + 17, value, 14, INK, "middle", "bold"))
            else:
                out.append(_text(mid[j], y + 17, value, 14, INK, "middle"))
    y = y0 + 21 + len(seats) * 25 + 16
    notes = []
    if camp != data.RANI:
        notes.append(f"Deck {view.get('deck_size', 0)} · discard {len(view.get('discard') or [])}")
        if view.get("options", {}).get("mode") == "semi":
            pairs = []
            for r in seats:
                a = data.ALLY.get(r)
                if a in seats and r < a:
                    pts = sum((view.get("vp") or {}).get(x, 0) for x in (r, a)) if camp == data.TREASURE else \
                        sum((view.get("flags") or {}).get(x, 0) for x in (r, a))
                    pairs.append(f"{r}+{a} {pts}")
            notes.append("Alliances: " + ", ".join(pairs) + (" VP" if camp == data.TREASURE else " flags"))
    else:
        por = [s for s in soldiers if s["owner"] == "Portuguese"]
        standing = {k: sum(1 for s in por if s["kind"] == k and not s.get("out")) for k in ("patrol", "guard", "general")}
        total = {k: sum(1 for s in por if s["kind"] == k) for k in ("patrol", "guard", "general")}
        notes.append("Portuguese standing:")
        notes.append(f"patrol {standing['patrol']}/{total['patrol']}, guards {standing['guard']}/{total['guard']}, "
                     f"General {standing['general']}/{total['general']}")
    for note in notes:
        lines, y = _para(x0 + 4, y, note, 13, w - 4, MUTED, lead=17)
        out += lines
    out.append('</g>')
    return out, y - 12


def _name_lines(name, width) -> list:
    """A card's name on one line, or on two of about equal length when it is too wide."""
    if _est(name, 14, True) <= width or " " not in name:
        return [name]
    words = name.split(" ")
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    return list(min(splits, key=lambda ab: max(len(ab[0]), len(ab[1]))))


def _card_lines(kind, w) -> tuple:
    """(name lines, effect lines) of a card `w` wide."""
    name = data.CARD_KINDS.get(kind, (kind,))[0]
    return _name_lines(name, w - 18), _wrap_to(EFFECT.get(kind, ""), 13, w - 18)


def _card_height(kind, w) -> float:
    names, effects = _card_lines(kind, w)
    return 12 + 17 * len(names) + 16 * len(effects)


def _card(x, y, w, h, cid, kind, drawn, owner_label) -> str:
    name, group, _value, _count = data.CARD_KINDS.get(kind, (kind, "tactic", 0, 0))
    colour = GROUP_COLOUR.get(group, "#7e57c2")
    effect = EFFECT.get(kind, "")
    names, effects = _card_lines(kind, w)
    inner = [_rect(x, y, w, h, "#fffdf6", "#6b5a45", 1.2, 6), _rect(x, y, 7, h, colour, rx=3)]
    for k, line in enumerate(names):
        inner.append(_text(x + 13, y + 18 + 17 * k, line, 14, INK, weight="bold"))
    for k, line in enumerate(effects):
        inner.append(_text(x + 13, y + 19 + 17 * len(names) + 16 * k, line, 13, "#4a3b2c"))
    inner = "".join(inner)
    a = drawn.get(("card", cid))
    desc = f"{name} ({group}): {effect}"
    if a is not None:
        label = f"{CARD_PREFIX[a[0]]} {name}"
        hl = _rect(x - 2, y - 2, w + 4, h + 4, extra='class="target" rx="7"')
        return _action(a, f"{label}. {effect}", "ca" if a[0] != "discard" else "at", inner, hl)
    return _tip(f"{owner_label}: {desc}", inner, "card")


def _hand(role, r, hand, drawn, x0, y0, w) -> tuple:
    """A hand of Power cards from y0 (its top), two a row. Returns (elements, its bottom)."""
    head = ("Your Power cards" if r == role else f"{r}'s Power cards (your ally)") + f" ({len(hand)})"
    out = [_text(x0, y0 + 15, head, 14, INK, weight="bold")]
    y = y0 + 24
    if not hand:
        out.append(_text(x0, y + 13, "no cards", 13, MUTED))
        return out, y + 18
    gap = 8
    cw = (w - gap) / 2
    for k in range(0, len(hand), 2):
        row = hand[k:k + 2]
        ch = max(_card_height(kind, cw) for _cid, kind in row)
        for j, (cid, kind) in enumerate(row):
            out.append(_card(x0 + j * (cw + gap), y, cw, ch, cid, kind, drawn, r))
        y += ch + gap
    return out, y - gap


def _card_back(x, y, w=22, h=30) -> str:
    return _rect(x, y, w, h, "url(#yb-back)", "#3e2723", 1.2, 3)


def _attack_box(view, x0, y0, w) -> tuple:
    """An attack in progress from y0 (its top): who attacks whom, the hits, the attack and defence
    cards (face down: card backs and a count). Returns (elements, its bottom), y0 when none."""
    t = view.get("turn") or {}
    att = t.get("attack")
    if not att:
        return [], y0
    soldiers = view.get("soldiers") or []
    by = soldiers[att["by"]] if att.get("by") is not None and att["by"] < len(soldiers) else None
    tg = soldiers[att["target"]] if att.get("target") is not None and att["target"] < len(soldiers) else None
    head = "Attack: " + (_name(by) if by else "?") + (f" on {_name(tg)}" if tg else ": choosing the target")
    if att.get("hits"):
        head += f", {att['hits']} hit{'s' if att['hits'] != 1 else ''}"
    if att.get("penalty"):  # "Resolving Attacks": taken once off the whole attack
        head += f", range penalty −{att['penalty']}"
    inner, y = _para(x0 + 10, y0 + 20, head, 14, w - 20, INK, "bold", 18)
    cx = x0 + 122  # the cards' column
    for key, what in (("acards", "attack cards"), ("dcards", "defence cards")):
        n = att.get(f"{key}_count", 0)
        faces = att.get(key)
        y += 2
        inner.append(_text(x0 + 10, y, f"{what}:", 13, MUTED))
        if faces:
            names = ", ".join(data.CARD_KINDS.get(k, (k,))[0] for k in faces)
            lines, y = _para(cx, y, names, 13, x0 + w - 10 - cx, INK, lead=17)
            inner += lines
            inner.append(_text(cx, y, "(face down to the others)", 13, MUTED))
            y += 17
        elif n:
            for k in range(min(n, 4)):
                inner.append(_card_back(cx + k * 9, y - 14, 18, 26))
            inner.append(_text(cx + min(n, 4) * 9 + 18, y + 2, f"×{n}", 14, INK, weight="bold"))
            y += 24
        else:
            inner.append(_text(cx, y, "none", 13, INK))
            y += 17
    bottom = y - 6
    out = ['<g class="attack-box">', _rect(x0, y0, w, bottom - y0, "#fbe9e7", HIT_C, 1.3, 6)] + inner
    out.append('</g>')
    return out, bottom


def _attack_line(view) -> list:
    att = (view.get("turn") or {}).get("attack")
    soldiers = view.get("soldiers") or []
    if not att or att.get("target") is None:
        return []
    a, b = soldiers[att["by"]]["pos"], soldiers[att["target"]]["pos"]
    if a is None or b is None:
        return []
    (x1, y1), (x2, y2) = _centre(a), _centre(b)
    dx, dy = x2 - x1, y2 - y1
    d = max((dx * dx + dy * dy) ** .5, 1)
    sx, sy, ex, ey = x1 + dx / d * 17, y1 + dy / d * 17, x2 - dx / d * 19, y2 - dy / d * 19
    out = [f'<g class="attack-line inert"><line x1="{_f(sx)}" y1="{_f(sy)}" x2="{_f(ex)}" y2="{_f(ey)}" '
           f'stroke="{HIT_C}" stroke-width="3.5" stroke-linecap="round" marker-end="url(#yb-arrow)" opacity=".85"/>']
    if att.get("hits"):
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out.append(f'<circle cx="{_f(mx)}" cy="{_f(my)}" r="11" fill="#fff" stroke="{HIT_C}" stroke-width="1.5"/>')
        out.append(_text(mx, my + FORT_MIN * .36, att["hits"], FORT_MIN, HIT_C, "middle", "bold"))
    out.append('</g>')
    return out


def _legend(view, x0, y0, w) -> tuple:
    """The legend from y0 (its top), `w` wide: the terrain's icons, the soldiers' codes and what the
    marks mean. Returns (elements, its bottom)."""
    camp = (view.get("options") or {}).get("campaign")
    out = ['<g class="legend inert">', _rect(x0, y0, w, 1, "#d8c7a4")]
    items = [
        (_rect(0, 0, 16, 16, "url(#yb-brick)", "#6d5a40", .8), "wall"),
        (_rect(0, 0, 16, 16, "#cdb792", "#6d5a40", .8) + '<path d="M0,5 H16 M0,10 H16" stroke="#6d5a40"/>', "stairs"),
        (_rect(0, 0, 16, 16, GROUND_IN) + _rect(-1, -1, 3, 18, "#7a6446") + _rect(14, -1, 3, 18, "#7a6446"),
         "main gate"),
        (_rect(0, 0, 16, 16, GROUND_IN) + _rect(0, 0, 5, 16, "url(#yb-brick)") + _rect(11, 0, 5, 16, "url(#yb-brick)"),
         "small gate (foot)"),
        (_rect(0, 0, 16, 16, "url(#yb-roof)", "#6e3520", 1), "palace (roof, foot)"),
        ('<circle cx="8" cy="8" r="7" fill="#7b6d60" stroke="#3e352e" stroke-width="1.5"/>', "pillar"),
    ]
    if camp == data.TREASURE:
        items.append((_coin(8, 8, 7, 1, PANEL_MIN), "treasure"))
    x, y = x0, y0 + 10
    for icon, text in items:
        width = 22 + _est(text, 13) + 12
        if x > x0 and x + width > x0 + w:
            x, y = x0, y + 24
        out.append(f'<g transform="translate({_f(x)},{_f(y)})">{icon}</g>')
        out.append(_text(x + 22, y + 13, text, 13, INK))
        x += width
    y += 44
    kinds = ["Sm Swordsman", "Sw Swordswoman", "Sp Spearman", "Ar Archer", "MS Mounted Swordswoman",
             "MA Mounted Archer"]
    if camp == data.RANI:
        kinds = ["RA Rani Abbakka", "Sm Swordsman", "Sw Swordswoman", "Sp Spearman", "Ar Archer",
                 "Pa Portuguese Patrol", "Gu Guard", "Ge General"]
    # the codes, never broken inside a name
    line = ""
    for k in kinds:
        more = f"{line} · {k}" if line else k
        if line and _est(more, 13) > w:
            out.append(_text(x0, y, line, 13, INK))
            y += 17
            more = k
        line = more
    out.append(_text(x0, y, line, 13, INK))
    y += 21
    notes = ["Round base: on foot; square: mounted.", "Pips: defence left (filled) of the maximum."]
    if camp == data.TREASURE:
        notes.append("A coin on a soldier: the treasure it carries.")
    elif camp == data.HOLD:
        notes.append("A pennant on a soldier: a flag it holds (the palace gives one; lost when defeated).")
    for note in notes:
        lines, y = _para(x0, y, note, 13, w, MUTED, lead=17)
        out += lines
    if camp == data.RANI:
        y += 4
        out.append(_rect(x0, y - 11, 14, 12, "#ef6c00", extra='opacity=".3"'))
        lines, y = _para(x0 + 20, y, "the patrol sees (the ground, 4 squares)", 13, w - 20, MUTED, lead=17)
        out += lines
        out.append(_rect(x0, y - 11, 14, 12, "none", "#b71c1c", 1.2, extra='stroke-dasharray="2 3"'))
        lines, y = _para(x0 + 20, y, "a guard or the General is alerted (2 squares)", 13, w - 20, MUTED, lead=17)
        out += lines
        for note in ("Dotted ring: the patrol's route, one square clockwise after every turn.",
                     "! : a guard about to step and strike."):
            lines, y = _para(x0, y, note, 13, w, MUTED, lead=17)
            out += lines
    out.append('</g>')
    return out, y - 12


def _panel(view, role, drawn, ch=None) -> tuple:
    """The turn panel, its own drawing PW wide from 0 0: the status, the dice, the scores, an attack,
    the Power cards the viewer may see and the legend, one under the other. Returns (elements,
    height)."""
    camp = (view.get("options") or {}).get("campaign")
    x0, w = PM, PW - 2 * PM
    out = []
    y = PM
    result = view.get("result")
    opts = view.get("options") or {}
    title = {data.TREASURE: "Treasure campaign", data.HOLD: "Hold the Fort",
             data.RANI: "Rani Abbakka and the Capture of Ullal"}.get(camp, "Yudhbhoomi")
    title += ", night" if opts.get("night") else ", day"
    if opts.get("difficult"):
        title += ", difficult"
    if opts.get("mode") == "semi":
        title += ", semi-collaborative"
    if result:
        lines, by = _para(x0 + 8, y + 20, "Game over: " + str(result.get("summary", "")), 15, w - 16, INK,
                          "bold", 19)
        out.append(_rect(x0 - 4, y, w + 8, by - 9 - y, "#eaf3e3", "#9cc08f", 1, 6))
        out += lines
        lines, y = _para(x0, by + 10, title, 13, w, MUTED)
        out += lines
        y -= 8
    else:
        act = view.get("active") or []
        who = ", ".join(act)
        status = f"{title} · " + (f"{who} to play" if who else "")
        if view.get("discarding"):
            status = f"{title} · {view['discarding']} discards down to {data.HAND_LIMIT}"
        lines, y = _para(x0, y + 15, status, 15, w, INK, "bold", 19)
        out += lines
        y -= 8
    if ch:  # the marks' legend, one line, only when there are marks
        out.append(f'<g class="changes-legend" {NOPE}><circle cx="{_f(x0 + 8)}" cy="{_f(y + 1.5)}" r="6.5" '
                   f'fill="{CHANGED}" fill-opacity=".14" stroke="{CHANGED}" stroke-width="2.5"/>'
                   + _text(x0 + 21, y + 6, MARK_NOTE, 13, INK) + '</g>')
        y += 18
    out.append(_rect(x0, y, w, 1, "#d8c7a4"))
    dice, y = _dice(view, drawn, x0, y + 8, w)
    out += dice
    scores, y = _scores(view, role, x0, y + 12, w, ch["scores"] if ch else ())
    out += scores
    if (view.get("turn") or {}).get("attack"):
        box, y = _attack_box(view, x0, y + 12, w)
        out += box
    # the Power cards the viewer may see: its own, and its ally's in Semi-Collaborative play
    hands = view.get("hands") or {}
    order = ([role] if role in hands else []) + [r for r in hands if r != role]
    if camp == data.RANI:
        order = []  # no Power cards in this campaign
    for r in order:
        cards, y = _hand(role, r, hands[r], drawn, x0, y + 8, w)
        out += cards
    if camp != data.RANI and not order:
        out += _para(x0, y + 26, "Power cards are private: each seat sees its own.", 13, w, MUTED)[0]
        y += 30
    legend, y = _legend(view, x0, y + 14, w)
    out += legend
    return out, int(y + PM + 4)


def render(view, role, legal) -> str:
    legal = list(legal or [])
    drawn = _group_actions(legal)
    soldiers = view.get("soldiers") or []
    t = view.get("turn") or {}
    sel = t.get("sel")
    attack = t.get("attack")
    camp = (view.get("options") or {}).get("campaign")
    seats = view.get("seats") or []

    ch = _changes(view)
    marks = ch["soldiers"] if ch else None
    fort = _fort(view)
    alerts = []
    sentries = []
    if camp == data.RANI:
        sentries, alerts = _sight(view)
        if "alerted" in view:  # the rules' own answer (sight and the noise of attacks)
            alerts = list(view.get("alerted") or [])
    board = fort + sentries
    # treasure tokens on the map
    occupied = {s["pos"] for s in soldiers if s["pos"] is not None}
    board.append('<g class="treasures">')
    for key, n in sorted((view.get("treasure") or {}).items(), key=lambda kv: int(kv[0])):
        s = int(key)
        cx, cy = _centre(s)
        if s in occupied:  # under a soldier: a small coin in the corner (its count from 2 tokens)
            g = _coin(cx - 13.5, cy - 13.5, 6) if n == 1 else _coin(cx - 12, cy - 12, 8.5, n)
        else:
            g = _coin(cx, cy, 12, n)
        note = ""
        if ch and s in ch["coins"]:
            note = " (changed since your last move)"
            g += (f'<circle class="changed" cx="{_f(cx - 13.5 if s in occupied else cx)}" '
                  f'cy="{_f(cy - 13.5 if s in occupied else cy)}" r="{8.5 if s in occupied else 15}" fill="none" '
                  f'stroke="{CHANGED}" stroke-width="{2.5 if s in occupied else 3.5}" {NOPE}/>')
        board.append(f'<g class="treasure" data-count="{n}"><title>{data.square_name(s)}: {n} treasure '
                     f'token{"s" if n != 1 else ""}{note}</title>{g}</g>')
    board.append('</g>')
    if ch:
        board += _under_marks(ch)
    # square targets
    board.append('<g class="squares">')
    for key, a in drawn.items():
        if key[0] != "sq":
            continue
        s = key[1]
        x, y = _xy(s)
        verb = a[0]
        if verb == "corner":
            label = f"Start from the {CORNER_NAME.get(a[1], a[1])} corner"
            cls = "mv"
        elif verb in ("grab", "drop"):
            if s in occupied:
                continue
            sol = soldiers[a[1]] if a[1] < len(soldiers) else None
            who = f" with {_name(sol)}" if sol else ""
            label = (f"Grab treasure at {data.square_name(s)}{who}" if verb == "grab"
                     else f"Drop a treasure at {data.square_name(s)}{who}")
            cls = "tr"
        else:
            label = f"To {data.square_name(s)}"
            if verb == "push_to" and t.get("sub") and t["sub"].get("sid") is not None:
                sid = t["sub"]["sid"]
                if sid < len(soldiers):
                    label += f" (push {_name(soldiers[sid])})"
            cls = "mv"
        hl = (f'<rect class="target" x="{x + 3}" y="{y + 3}" width="{C - 6}" height="{C - 6}" rx="6"/>'
              f'<circle cx="{x + C / 2}" cy="{y + C / 2}" r="4" fill="{MOVE_C if cls == "mv" else GOLD_DARK}" opacity=".7"/>')
        hit = _rect(x, y, C, C, "#fff", extra='fill-opacity="0"')
        board.append(_action(a, label, cls, hit, hl))
    board.append('</g>')
    # soldiers on the map
    board.append('<g class="soldiers">')
    for i, s in enumerate(soldiers):
        if s["pos"] is None:
            continue
        cx, cy = _centre(s["pos"])
        board.append(_soldier_g(i, s, cx, cy, view, drawn, sel, attack, alert=i in alerts,
                                mark=marks.get(i) if marks else None))
    board.append('</g>')
    board += _attack_line(view)
    # camp trays
    trays = []
    camps = _camps(view)
    free = [c for c in CORNER_ORDER if c not in camps.values()]
    placed = {}
    for colour in seats:  # a seat that has not chosen its corner yet borrows a free corner's tray
        corner = camps.get(colour)
        if corner is None and free:
            corner = free.pop(0)
        if corner is not None:
            placed[corner] = colour
    for corner in CORNER_ORDER:
        if corner in placed:
            trays += _tray(view, placed[corner], corner, drawn, sel, attack, marks)
        else:
            x, y = _tray_xy(corner)
            trays.append(_rect(x, y, TRAY_W, TRAY_H, "none", "#c9b48e", 1, 8, 'stroke-dasharray="4 4"'))
            name = [k for k, v in CORNER_SQUARE.items() if v == corner]
            trays.append(_text(x + TRAY_W / 2, y + TRAY_H / 2 + 6,
                               f"{CORNER_NAME.get(name[0], '') if name else ''} corner: no army", TRAY_FONT,
                               "#a8957a", "middle"))

    panel, height = _panel(view, role, drawn, ch)

    # Two drawings, the fort and its panel: the page lays them side by side on a wide screen and one
    # above the other on a phone (style.css, "a board of two drawings"); the page's zoom takes the
    # first. The panel has its own coordinates, narrower than the fort's so that its text reads at
    # about the same size on a phone (the fort's width) and on a desktop (a column), and uses the
    # patterns defined in the fort's drawing (ids are the document's). It is as tall as its text (the
    # page gives a second drawing no max-height).
    def head(cls, label, w, h):
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="board yudhbhoomi yb {cls}" role="group" '
                f'aria-label="{label}" viewBox="0 0 {w} {h}" font-family="system-ui, sans-serif">'
                f"<title>{label}</title><style>{STYLE}</style>")
    out = [head("yb-fort", "Yudhbhoomi fort", W, FORT_H), DEFS, _rect(0, 0, W, FORT_H, PAPER)]
    out += trays + board
    out.append("</svg>")
    out += [head("yb-panel", "The turn: dice, scores and cards", PW, height),
            _rect(0, 0, PW, height, PAPER)]
    out += panel
    out.append("</svg>")
    return "".join(out)
