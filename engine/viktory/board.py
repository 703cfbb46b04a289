"""Draws the Viktory II map (rulebook 3.1-3.5) from view() as an SVG string (pure string building).

- Terrain: a colour and a pattern each (plains dots, grassland tufts, forest trees, mountain peaks,
  water waves; face-down hexes hatched grey), so the map reads without colour too; hex numbers
  match the log and the button labels. Hexes being explored (7.0) carry a "?" until their tile is
  placed; the start hexes are ringed in their player's colour during the opening (4.0).
- Towns (a house), Cities (a castle), Capitals (a gold star ringed in the original owner's colour),
  Doomsday coins (5.5) next to Capitals.
- Units: one counter per owner and type in each hex, letter I/C/A/F and the count; a Frigate's cargo
  (10.45) as "+n". The selected unit (and the unit choosing its retreat hex) is ringed in white.
- What the player may click has a black-and-white dashed outline, never a player colour (a yellow
  outline read as Yellow's hexes): hexes for hex actions (moves, placements, tile placement, retreats,
  eliminations; building targets say "Town", "-> City"...), unit counters for ["unit"|"embark"|
  "redeploy", id] (the whole hex when it holds the only one, for fingers), a whole hex in red dashes
  with crossed swords for ["battle", hex] (Battles still waiting show the swords alone), and badges
  for ["bombard"|"land", hex] with a ring on their hex. Hex targets lie below the counters, so that a
  counter stays clickable in a target hex; counters and marks over a target let clicks through. All
  carry class="action", data-action = the action as JSON, tabindex, role="button" and an aria-label
  that says what the click does (also the tooltip). Every other legal action is a button made by the
  page from rules.action_label.
- A top bar: players in turn order with their points (the current player ringed in white), the
  round, and the tile to place while exploring (a small hex of that terrain).
- Blocks in the empty corners of the hexagonal map (so the board keeps its size; a block that does not
  fit goes to a strip below the map): every player's Reserve (3.5, 14.0), the Battle in progress and
  the last dice rolled (hits solid, misses faded, tactical '1's gold, 11.1-11.2, with the hits counted;
  in rows of four where one row does not fit its corner),
  a legend of the counters, and a legend of the marks.
- Text size: every text is at least 11 CSS px on a 1280x800 window, where the page draws the board
  704 px tall (_sizes: a floor in SVG units per map size; the corner blocks and the top bar are
  drawn scaled up on the larger maps, the top bar in two rows on the 169-hex map; each hex's number
  sits lower in its top corner as it grows, and what the hex holds moves down with it; on those maps
  a build label stays inside its hex, "→ Metro" for "→ Metropolis"). The floor holds only while
  nothing spills to the strip below the map (a taller board is drawn smaller): the largest rolls,
  a Battle and the marks' legend fit the corners and the bar on every map.
- What changed since the seat's last move: the page may pass view["before"], the view this
  seat had right after its own last action; _changes compares the two with small dicts keyed by hex,
  (hex, owner, type) and player, and marks in one colour, magenta (CHANGED, no player's colour): a
  ring inside every hex that changed (a tile revealed or turned, a Town/City/Metropolis built,
  upgraded, taken or gone, a Capital marker or Doomsday coin placed, units arrived, moved or left;
  the hex's tooltip lists what), a dot at the corner of each counter whose units changed (its tooltip
  says how), a faded ghost with a dashed magenta edge where a player's units of a type or a Town/City
  are gone (tooltip: what left), a ring and the difference ("+2") on a player's points in the top bar,
  a ring on the dot of a Reserve that changed, and the legend line "changed since your last move" in
  a free corner (else at the right end of a line of the top bar, light on its dark ground; else under
  a block, else below the map). Marks never carry class "action" and let clicks
  through (pointer-events="none"; a ghost over anything clickable too). Without "before", or with an
  equal one, the SVG is byte for byte the one drawn without marks.
"""
from __future__ import annotations

import json
import math

from engine.core.svg import esc, wrap as svg_wrap
from engine.core.text import article

from . import data, geometry

R = 30.0  # hex radius (centre to corner), SVG units
SQ3 = math.sqrt(3)
BAR = 46.0  # height of the top bar (one row of players; taller on the largest map, see _sizes)
MARGIN = 8.0
# Text size: the page draws the board at most 100vh - 6rem tall (704 CSS px on a 1280x800 window),
# and the map fills that height, so a larger map is drawn smaller. Every text is at least FLOOR SVG
# units tall, FLOOR chosen so that it measures 11 CSS px there (a little more, for rounding): 7.6 on
# the 61-hex map, 9.1 on 91 hexes, 10.5 on 127, 12.8 on 169 (where the top bar has two rows).
TEXT_PX, BOARD_PX = 11.15, 704.0
_FLOOR = 7.0  # the floor of the board being drawn (render sets it)

TERRAIN_FILL = {"plains": "#eadc8c", "grassland": "#a3d273", "forest": "#4d9a57", "mountain": "#ae9c8a",
                "water": "#74acdc", None: "#cfc8ba"}
TERRAIN_INK = {"plains": "#b59f3c", "grassland": "#5c8f34", "forest": "#1f5327", "mountain": "#66533f",
               "water": "#3b78b0", None: "#a79f90"}
SEAT_COLOURS = {"Red": "#c62828", "Yellow": "#f2c418", "Blue": "#1f4fbf", "Green": "#188a3a",
                  "Purple": "#7b3fa0", "Orange": "#ef7d17", "Black": "#222222", "White": "#fafafa"}
DARK_TEXT = {"Yellow", "White", "Orange"}
LETTER = {"infantry": "I", "cavalry": "C", "artillery": "A", "frigate": "F"}
TYPES = ("infantry", "cavalry", "artillery", "frigate")
BATTLE_RED = "#b71c1c"
CHANGED = "#e8178a"  # the one colour of "changed since your last move" (magenta: no player's colour)

STYLE = """
.vk .action{cursor:pointer}
.vk .target{fill:rgba(255,255,255,.3);stroke:#111;stroke-width:2.5;stroke-dasharray:6 4}
.vk .target:hover,.vk .target:focus{fill:rgba(255,255,255,.6);stroke-width:3.5;outline:none}
.vk .fight{fill:rgba(183,28,28,.16);stroke:#b71c1c;stroke-width:3;stroke-dasharray:7 4}
.vk g.action:hover .fight,.vk g.action:focus .fight{fill:rgba(183,28,28,.32);stroke-width:4}
.vk g.action:hover .ring,.vk g.action:focus .ring{stroke-width:2.6}
.vk g.action:hover .hit,.vk g.action:focus .hit{fill:rgba(255,255,255,.3)}
.vk g.action:hover .badge,.vk g.action:focus .badge{stroke:#111;stroke-width:2.5}
.vk g.action:focus{outline:none}
.vk .inert{pointer-events:none}
.vk text{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
"""


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


_SIZES = {}


def _sizes(side: int) -> tuple:
    """(the text floor in SVG units, the top bar's scale, its height, its rows of players) for a map."""
    if side not in _SIZES:
        rows = 2 if side >= 8 else 1  # 6-8 players: one row of names would be wider than the map
        floor, scale, bar = 7.0, 1.0, BAR
        for _ in range(30):  # the floor depends on the board's height, which the bar's text changes
            scale = max(1.0, floor / 10)  # the bar's smallest text is 10 units
            bar = (BAR + 24 * (rows - 1)) * scale
            height = bar + 2 * MARGIN + 2 * R + (2 * side - 2) * R * 1.5
            floor = max(7.0, round(TEXT_PX * height / BOARD_PX, 2))
        _SIZES[side] = (floor, scale, bar, rows)
    return _SIZES[side]


def _centre(side: int, h: int, offset_x: float) -> tuple:
    x, y = geometry.coords(side)[h]
    col = x - y / 2
    return offset_x + col * R * SQ3, _sizes(side)[2] + MARGIN + R + y * R * 1.5


def _bounds(side: int) -> tuple:
    """(x offset, width, height of the map area including the top bar)."""
    cols = [x - y / 2 for x, y in geometry.coords(side)]
    lo, hi = min(cols), max(cols)
    offset_x = MARGIN + R * SQ3 / 2 - lo * R * SQ3
    width = (hi - lo) * R * SQ3 + R * SQ3 + 2 * MARGIN
    height = _sizes(side)[2] + 2 * MARGIN + 2 * R + (2 * side - 2) * R * 1.5
    return offset_x, width, height


def _hex_points(cx: float, cy: float, r: float = R) -> str:
    return " ".join(f"{_f(cx + r * math.cos(math.radians(60 * k + 30)))},"
                    f"{_f(cy + r * math.sin(math.radians(60 * k + 30)))}" for k in range(6))


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the width of system-ui text (no font metrics in pure Python)."""
    w = sum(0.34 if c in " .,:;'!|()ijlI1" else 0.72 if c.isupper() else 0.62 if c.isdigit() else 0.58
            for c in text) * size
    return w * 1.08 * (1.1 if bold else 1.0)  # a margin for fonts wider than the one measured


def _wrap(items: list, size: float, width: float, sep: str = " · ") -> list:
    """Greedy line breaking of text items joined by sep, to fit width (one empty line for none)."""
    return svg_wrap(items, lambda line: _text_width(line, size) <= width, sep) or [""]


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
    return (f'class="action" tabindex="0" role="button" data-action="{esc(json.dumps(action))}" '
            f'aria-label="{esc(label)}"')


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


def _swords(bx, by, colour="#fff", scale=0.78) -> str:
    """Two crossed swords, points up, the Battle mark (13.0)."""
    blade = "M0 -8.5 L1.3 -6.8 V4 H-1.3 V-6.8 Z"
    hilt = "M-3.8 4 H3.8 V5.8 H-3.8 Z M-0.9 5.8 H0.9 V9 H-0.9 Z"
    one = (f'<path d="{blade}" fill="{colour}"/><path d="{hilt}" fill="{colour}"/>'
           f'<circle cx="0" cy="9.8" r="1.4" fill="{colour}"/>')
    return "".join(f'<g transform="translate({_f(bx)} {_f(by)}) rotate({a}) scale({scale})">{one}</g>'
                   for a in (45, -45))


def _die(x, y, value, colour, size=16.0, faded=False, gold=False) -> str:
    pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    k = size / 16
    fill = "#ffe082" if gold else "#fff"
    fade = ' opacity=".38"' if faded else ""
    out = [(f'<g{fade}>'
            f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(size)}" height="{_f(size)}" rx="{_f(3 * k)}" fill="{fill}" '
            f'stroke="{colour}" stroke-width="{_f(2 * k)}"/>')]
    if colour in ("#fafafa", "#f2c418"):  # a pale player colour: a dark edge keeps the die visible
        out.append(f'<rect x="{_f(x - k)}" y="{_f(y - k)}" width="{_f(size + 2 * k)}" height="{_f(size + 2 * k)}" '
                   f'rx="{_f(3.5 * k)}" fill="none" stroke="#555" stroke-width=".8"/>')
    for dx, dy in pips.get(value, []):
        out.append(f'<circle cx="{_f(x + size / 2 + dx * 4 * k)}" cy="{_f(y + size / 2 + dy * 4 * k)}" '
                   f'r="{_f(1.6 * k)}" fill="#111"/>')
    out.append("</g>")
    return "".join(out)


def _counter(x, y, text, owner, ring=None, clickable=False, height=12.0, floor=None) -> tuple:
    """A unit counter: (svg, width). ring: "selected" (solid white) or None; clickable: dashed outline.
    Its letters are 3/4 of its height, at least the text floor."""
    height = max(height, (_FLOOR if floor is None else floor) * 12 / 9)
    size = 9 * height / 12
    w = 7 + 6 * len(text) * height / 12
    colour = SEAT_COLOURS.get(owner, "#777")
    out = []
    if ring == "selected":
        out.append(f'<rect x="{_f(x - 3)}" y="{_f(y - 3)}" width="{_f(w + 6)}" height="{_f(height + 6)}" rx="4" '
                   f'fill="none" stroke="#111" stroke-width="5.5"/>'
                   f'<rect x="{_f(x - 3)}" y="{_f(y - 3)}" width="{_f(w + 6)}" height="{_f(height + 6)}" rx="4" '
                   f'fill="none" stroke="#fff" stroke-width="2.5"/>')
    elif clickable:
        out.append(f'<rect x="{_f(x - 2.5)}" y="{_f(y - 2.5)}" width="{_f(w + 5)}" height="{_f(height + 5)}" rx="3.5" '
                   f'fill="none" stroke="#fff" stroke-width="3.5"/>'
                   f'<rect class="ring" x="{_f(x - 2.5)}" y="{_f(y - 2.5)}" width="{_f(w + 5)}" height="{_f(height + 5)}" '
                   f'rx="3.5" fill="none" stroke="#111" stroke-width="1.6" stroke-dasharray="3 2"/>')
    out.append(f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(height)}" rx="2.5" fill="{colour}" '
               f'stroke="#1b1b1b" stroke-width="1"/>'
               f'<text x="{_f(x + w / 2)}" y="{_f(y + height * 0.775)}" font-size="{_f(size)}" font-weight="700" '
               f'text-anchor="middle" fill="{_text_colour(owner)}">{esc(text)}</text>')
    return "".join(out), w


def _noun(kind: str, n: int) -> str:
    return kind if n == 1 else f"{n} {kind}"


def _hex_label(view: dict, h: int, by_id: dict) -> str:
    """What clicking hex h does (the aria-label and the tooltip of a hex target)."""
    sites, terrain = view["sites"], view["terrain"]
    where = f"hex {h} ({terrain[h] or 'face down'})"
    pending = view.get("explore")
    if pending and pending.get("tiles"):
        return f"Put the {pending['tiles'][0]} tile at hex {h}"
    if view.get("eliminate"):
        kind = view["eliminate"][0]["kind"]
        return f"Eliminate {article(kind)} at hex {h}"
    battle = view.get("battle")
    if battle and battle.get("step") == "retreating":
        u = _retreating(view)
        return f"Retreat the {u['type'] if u else 'unit'} to {where}"
    if view.get("relocate"):
        return f"Relocate to {where}"
    if view.get("reinforce"):
        return f"Place a Frigate at {where}"
    phase = view.get("phase")
    if phase == "opening_replace":
        return f"Replace the water at hex {h} with land"
    if phase == "opening_capital":
        return f"Build your Capital at {where}"
    if phase == "opening_town":
        return f"Build a Town at {where}"
    if phase == "build":
        site = sites[h]
        if site is not None:
            return (f"Upgrade the City at hex {h} to a Metropolis" if site["kind"] == "city"
                    else f"Upgrade the Town at hex {h} to a City")
        return f"Build a Town at {where}"
    if phase == "rebuild":
        return f"Rebuild at {where}"
    if phase == "reserve":
        return f"Place the {view.get('reserve_type') or 'unit'} at {where}"
    u = by_id.get(view.get("selected"))
    if phase == "move" and u:
        me = u["owner"]
        enemy = any(v["hex"] == h and v["owner"] != me for v in view["units"]) or \
            (sites[h] is not None and sites[h]["owner"] != me)
        return f"Move the {u['type']} to {where}" + (", attacking" if enemy else "")
    return f"Hex {h} ({terrain[h] or 'face down'})"


def _retreating(view):
    """The unit whose retreat hex is being chosen (combat.retreating_unit, from the view)."""
    b = view.get("battle")
    if not b or b.get("step") != "retreating":
        return None
    kinds = ("frigate",) if b.get("naval") else ("infantry", "cavalry", "artillery")
    units = [u for u in view["units"] if u["hex"] == b["hex"] and u["owner"] == b["attacker"] and u["type"] in kinds]
    return min(units, key=lambda u: u["id"]) if units else None


_SITE_WORD = {"town": "Town", "city": "City", "metropolis": "Metropolis"}


def _site_name(site) -> str:
    return f"{site['owner']} {_SITE_WORD.get(site['kind'], 'Town')}"


def _unit_groups(view: dict, n: int) -> dict:
    """{(hex, owner, type): (sorted unit ids, units carried)} of the units on the map."""
    units = view.get("units") or ()
    cargo, groups = {}, {}
    for u in units:
        if u.get("aboard") is not None:
            cargo[u["aboard"]] = cargo.get(u["aboard"], 0) + 1
    for u in units:
        h = u.get("hex")
        if type(h) is int and 0 <= h < n:
            groups.setdefault((h, u["owner"], u["type"]), []).append(u["id"])
    return {k: (sorted(ids), sum(cargo.get(i, 0) for i in ids)) for k, ids in groups.items()}


def _changes(view: dict, before, n: int):
    """What changed since `before`, the view this seat had right after its own last action (the page
    passes it as view["before"]); None when nothing did. Both views are the same seat's, so nothing
    hidden is compared. Small dicts keyed by hex, (hex, owner, type) and role:
    "hexes" {hex: [notes]} (ringed; the notes go in the hex's tooltip), "counters" {(hex, owner, type):
    note} (dotted), "ghosts" {hex: [(owner, type, count)]} (units gone), "sites" {hex: note},
    "site_ghosts" {hex: old site} (a Town or City gone), "players" {role: (old points, note)} and
    "reserves" {role: note}."""
    if not isinstance(before, dict) or before.get("side") != view.get("side"):
        return None
    hexes, counters, ghosts, sites, site_ghosts, players, reserves = {}, {}, {}, {}, {}, {}, {}

    def note(h, text):
        hexes.setdefault(h, []).append(text)

    terrain, old_terrain = view.get("terrain") or [], before.get("terrain") or []
    if terrain != old_terrain and len(terrain) == len(old_terrain) == n:
        for h, (t, t0) in enumerate(zip(terrain, old_terrain)):
            if t != t0 and t is not None:
                note(h, f"revealed: {t}" if t0 is None else f"{t0} became {t}")
    now_sites, old_sites = view.get("sites") or [], before.get("sites") or []
    if now_sites != old_sites and len(now_sites) == len(old_sites) == n:
        for h, (site, old) in enumerate(zip(now_sites, old_sites)):
            if site == old:
                continue
            if site is None:
                site_ghosts[h] = old
                note(h, f"{_site_name(old)} gone")
            elif old is None:
                sites[h] = "new since your last move"
                note(h, f"{_site_name(site)} built")
            else:
                sites[h] = f"was {'an' if old['kind'] == 'metropolis' else 'a'} {_site_name(old)}"
                note(h, f"{_site_name(site)}, {sites[h]}")
    old_capitals = before.get("capitals") or {}
    for r, h in (view.get("capitals") or {}).items():
        if type(h) is int and 0 <= h < n and old_capitals.get(r) != h:
            note(h, f"{r} Capital")
    capitals = view.get("capitals") or {}
    for r in set(view.get("doomsday") or ()) - set(before.get("doomsday") or ()):
        h = capitals.get(r)
        if type(h) is int and 0 <= h < n:
            note(h, f"{r} took a Doomsday coin")
    groups, old_groups = _unit_groups(view, n), _unit_groups(before, n)
    if groups != old_groups:
        for key, (ids, load) in groups.items():
            old = old_groups.get(key)
            if old == (ids, load):
                continue
            h, owner, kind = key
            if old is None:
                text = f"{owner} {_noun(kind, len(ids))} arrived"
            elif len(old[0]) != len(ids):
                text = f"{owner} {kind}: {len(old[0])}, now {len(ids)}"
            elif old[0] != ids:
                text = f"{owner} {kind}: moved"
            else:
                text = f"{owner} {kind}: carried {old[1]}, now {load}"
            counters[key] = text
            note(h, text)
        for key, (ids, _load) in old_groups.items():
            if key not in groups:
                h, owner, kind = key
                ghosts.setdefault(h, []).append((owner, kind, len(ids)))
                note(h, f"{owner} {_noun(kind, len(ids))} left")
    scores, old_scores = view.get("scores") or {}, before.get("scores") or {}
    rulers, old_rulers = view.get("rulers") or {}, before.get("rulers") or {}
    out_now, out_then = set(view.get("eliminated") or ()), set(before.get("eliminated") or ())
    for r in view.get("order") or ():
        said = []
        if r in old_scores and scores.get(r, 0) != old_scores[r]:
            said.append(f"{old_scores[r]} point{'s' * (old_scores[r] != 1)} after your last move")
        if rulers.get(r) != old_rulers.get(r):
            said.append(f"vassal of {rulers[r]}" if rulers.get(r) else f"no longer vassal of {old_rulers[r]}")
        if (r in out_now) != (r in out_then):
            said.append("out of the game" if r in out_now else "back in the game")
        if said:
            players[r] = (old_scores.get(r), "; ".join(said))
    now_res, old_res = view.get("reserves") or {}, before.get("reserves") or {}
    for r, counts in now_res.items():
        old = old_res.get(r)
        if old is not None and old != counts:
            was = ", ".join(f"{old[k]} {k}" for k in TYPES if old.get(k)) or "empty"
            reserves[r] = f"was {was} after your last move"
    if not (hexes or players or reserves):
        return None
    return {"hexes": hexes, "counters": counters, "ghosts": ghosts, "sites": sites, "site_ghosts": site_ghosts,
            "players": players, "reserves": reserves}


def _dot(x, y) -> str:
    """The mark on a changed counter: a magenta dot at its corner (lets clicks through)."""
    return (f'<circle pointer-events="none" cx="{_f(x)}" cy="{_f(y)}" r="3.6" fill="{CHANGED}" stroke="#fff" '
            f'stroke-width="1.3"/>')


def render(view: dict, role: str, legal: list) -> str:
    global _FLOOR
    side = view["side"]
    _FLOOR = _sizes(side)[0]
    offset_x, width, map_height = _bounds(side)
    num = max(7.0, _FLOOR)  # the hex numbers, in the top corner of each hex
    num_y = R - 1.3 * num - 0.9  # their baseline above the centre: 20 for 7
    down = max(0.0, 19.5 - num_y)  # what a hex holds moves down as much as its number grows
    ch = max(12.0, _FLOOR * 12 / 9)  # the counters' height (_counter)
    n = geometry.hex_count(side)
    centre = {h: _centre(side, h, offset_x) for h in range(n)}
    terrain, sites = view["terrain"], view["sites"]
    units = view["units"]
    by_id = {u["id"]: u for u in units}
    marks = _changes(view, view["before"], n) if view.get("before") is not None else None

    hex_actions = sorted(a for a in legal if type(a) is int and 0 <= a < n)
    battle_actions = [a for a in legal if isinstance(a, list) and len(a) == 2 and a[0] == "battle"
                      and type(a[1]) is int and 0 <= a[1] < n]
    badge_actions = [a for a in legal if isinstance(a, list) and len(a) == 2 and a[0] in ("bombard", "land")
                     and type(a[1]) is int and 0 <= a[1] < n]
    unit_actions = {}
    for a in legal:
        if isinstance(a, list) and len(a) == 2 and a[0] in ("unit", "embark", "redeploy") and a[1] in by_id:
            unit_actions.setdefault(a[1], a)

    corners, strip, strip_height, legend_spot = _corner_blocks(view, side, offset_x, width, map_height, marks)
    height = map_height + strip_height
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" class="vk" viewBox="0 0 {_f(width)} {_f(height)}" '
            f'role="group" aria-label="Viktory II map, {n} hexes" style="max-width:100%;height:auto">'),
           f"<style>{STYLE}</style>", _patterns(),
           f'<rect width="{_f(width)}" height="{_f(height)}" fill="#f3ede0"/>']

    # --- terrain --------------------------------------------------------------------------------
    for h in range(n):
        cx, cy = centre[h]
        t = terrain[h]
        tip = f"hex {h}: {t or 'face down'}"
        if marks and h in marks["hexes"]:
            tip += " · since your last move: " + "; ".join(marks["hexes"][h])
        out.append(f'<polygon points="{_hex_points(cx, cy)}" fill="url(#vk-{t or "hidden"})" '
                   f'stroke="#4b4436" stroke-width="1"><title>{esc(tip)}</title></polygon>')

    # --- hexes being explored (7.0): a "?" until their tile is placed ----------------------------------
    pending = view.get("explore")
    if pending:
        for h in pending.get("hexes", []):
            if 0 <= h < n:
                cx, cy = centre[h]
                out.append(f'<text class="inert" x="{_f(cx)}" y="{_f(cy + 9)}" font-size="26" font-weight="700" '
                           f'text-anchor="middle" fill="#3d3528" fill-opacity=".75">?</text>')

    # --- last roll ring ----------------------------------------------------------------------------
    last = view.get("last_roll")
    battle = view.get("battle")
    if battle and type(battle.get("hex")) is int and 0 <= battle["hex"] < n:  # the Battle being fought
        cx, cy = centre[battle["hex"]]
        out.append(f'<polygon class="inert" points="{_hex_points(cx, cy, R - 2.5)}" fill="none" '
                   f'stroke="{BATTLE_RED}" stroke-width="3.5"/>')
    elif last and last.get("hex") is not None and 0 <= last["hex"] < n:
        cx, cy = centre[last["hex"]]
        out.append(f'<polygon class="inert" points="{_hex_points(cx, cy, R - 2)}" fill="none" stroke="#e4572e" '
                   f'stroke-width="2" stroke-dasharray="3 2"/>')

    # --- sites, capitals, coins ----------------------------------------------------------------------
    capital_of = {h: r for r, h in view["capitals"].items() if h is not None}
    occupied = set()
    for h in range(n):
        cx, cy0 = centre[h]
        cy = cy0 + down
        site = sites[h]
        if site:
            occupied.add(h)
            colour = SEAT_COLOURS.get(site["owner"], "#777")
            kind = {"city": "City", "metropolis": "Metropolis"}.get(site["kind"], "Town")
            if site["kind"] == "metropolis":  # 16.6: a City with a Town beside it
                art = _city(cx - 4, cy - 11, colour) + _town(cx + 12, cy - 10, colour)
            else:
                art = (_city if site["kind"] == "city" else _town)(cx, cy - 11, colour)
            tip = f"{site['owner']} {kind}, hex {h}"
            if marks and h in marks["sites"]:
                tip += f" ({marks['sites'][h]})"
            out.append(f'<g>{art}<title>{esc(tip)}</title></g>')
        elif marks and h in marks["site_ghosts"]:  # a Town or City gone since the last move: its ghost
            old = marks["site_ghosts"][h]
            colour = SEAT_COLOURS.get(old.get("owner"), "#777")
            if old.get("kind") == "metropolis":
                art = _city(cx - 4, cy - 11, colour) + _town(cx + 12, cy - 10, colour)
            else:
                art = (_city if old.get("kind") == "city" else _town)(cx, cy - 11, colour)
            art = art.replace('stroke="#1b1b1b"', f'stroke="{CHANGED}" stroke-dasharray="2.5 1.5"')
            out.append(f'<g opacity=".45">{art}<title>{esc(_site_name(old))} gone since your last move'
                       f'</title></g>')
        if h in capital_of:
            owner = capital_of[h]
            out.append(f'<g>{_star(cx - 15, cy - 13 + min(down, 2.0), SEAT_COLOURS.get(owner, "#000"))}'
                       f'<title>{esc(owner)} Capital</title></g>')
            if owner in view.get("doomsday", []):
                out.append(f'<circle cx="{_f(cx + 16)}" cy="{_f(cy - 13)}" r="5" fill="#c9a227" stroke="#5a4500">'
                           f'<title>Doomsday coin (5.5)</title></circle>')

    # --- clickable hexes (below the counters, so that those stay readable and clickable) -------------------
    for h in hex_actions:
        cx, cy = centre[h]
        pts = _hex_points(cx, cy, R - 2)
        label = _hex_label(view, h, by_id)
        out.append(f'<polygon class="inert" points="{pts}" fill="none" stroke="#fff" stroke-width="4.5"/>')
        out.append(f'<polygon points="{pts}" class="action target" tabindex="0" role="button" data-action="{h}" '
                   f'aria-label="{esc(label)}"><title>{esc(label)}</title></polygon>')

    # --- start hexes during the opening (above the click targets, which they must not hide; below the labels)
    if view["phase"] and view["phase"].startswith("opening"):
        for r, hexes in view["start"].items():
            for h in hexes:
                cx, cy = centre[h]
                pts = _hex_points(cx, cy, R - 4)
                out.append(f'<polygon class="inert" points="{pts}" fill="none" stroke="#1b1b1b" stroke-width="5.5" '
                           f'stroke-opacity=".55"/><polygon class="inert" points="{pts}" fill="none" '
                           f'stroke="{SEAT_COLOURS.get(r, "#000")}" stroke-width="3.5"><title>{esc(r)} start hex'
                           f'</title></polygon>')

    # --- what a building click makes (8.2, 8.2.3, 16.6; 4.0 Capital and Town) -------------------------------
    phase = view.get("phase")
    if phase in ("build", "opening_capital", "opening_town", "rebuild") and not pending and not view.get("battle"):
        for h in hex_actions:
            site = sites[h]
            word = ("Capital" if phase == "opening_capital" else
                    "Town" if site is None else "→ City" if site["kind"] == "town" else "→ Metropolis")
            if phase == "rebuild":
                word = "rebuild"
            cx, cy = centre[h]
            fs = max(7.5, _FLOOR)
            bold, squeeze = ' font-weight="700"', ""
            w = _text_width(word, fs, True) + 6
            if _FLOOR > 9:  # a larger map: each label stays inside its hex, clear of the next one's
                room = R * SQ3 - 6
                if word == "→ Metropolis":
                    word = "→ Metro"
                if w > room:
                    bold = ""
                    text_w = _text_width(word, fs)
                    w = min(text_w + 6, room)
                    if text_w + 6 > room:  # the estimate is generous: a small squeeze at most in practice
                        squeeze = f' textLength="{_f(room - 6)}" lengthAdjust="spacingAndGlyphs"'
            manned = any(u["hex"] == h for u in units)
            top = (cy + 13 if manned else cy + 1) if site else cy + 7 if manned else cy - 5
            top += down + (ch - 12 if manned else 0.0)
            out.append(f'<g class="inert"><rect x="{_f(cx - w / 2)}" y="{_f(top)}" width="{_f(w)}" '
                       f'height="{_f(fs + 3)}" rx="3" fill="#fff" fill-opacity=".85" stroke="#111" stroke-width=".6"/>'
                       f'<text x="{_f(cx)}" y="{_f(top + fs * 8 / 7.5)}" font-size="{_f(fs)}"{bold}{squeeze} '
                       f'text-anchor="middle" fill="#111">{esc(word)}</text></g>')

    # --- changed since the seat's last move: a magenta ring inside the hex ------------------------------
    if marks:
        for h in sorted(marks["hexes"]):
            if 0 <= h < n:
                pts = _hex_points(*centre[h], R - 5.5)
                out.append(f'<polygon class="inert" pointer-events="none" points="{pts}" fill="none" stroke="#fff" '
                           f'stroke-width="4.5" stroke-opacity=".75"/><polygon class="inert" pointer-events="none" '
                           f'points="{pts}" fill="none" stroke="{CHANGED}" stroke-width="2.6"/>')

    # --- hex numbers (above the rings, which would cross them, below the units) ----------------------------
    for h in range(n):
        cx, cy = centre[h]
        out.append(f'<text class="inert" x="{_f(cx)}" y="{_f(cy - num_y)}" font-size="{_f(num)}" text-anchor="middle" '
                   f'fill="#2b2b2b" fill-opacity=".6">{h}</text>')

    # --- units ------------------------------------------------------------------------------------------
    cargo = {}
    for u in units:
        if u["aboard"] is not None:
            cargo[u["aboard"]] = cargo.get(u["aboard"], 0) + 1
    groups = {}
    for u in units:
        if u["hex"] is None or not 0 <= u["hex"] < n:
            continue
        groups.setdefault(u["hex"], {}).setdefault(u["owner"], {}).setdefault(u["type"], []).append(u)
    retreating = _retreating(view)
    ringed = {view.get("selected")} | ({retreating["id"]} if retreating else set())
    targets = set(hex_actions)
    ghosts = marks["ghosts"] if marks else {}
    for h in sorted(set(groups) | set(ghosts)):
        owners = groups.get(h, {})
        cx, cy = centre[h]
        row_y = (cy + 1 if h in occupied else cy - 7) + down
        counters = []
        order = view["order"]
        for owner in sorted(owners, key=lambda r: order.index(r) if r in order else 0):
            for kind in TYPES:
                if kind in owners[owner]:
                    counters.append((owner, kind, owners[owner][kind]))
        clickable = [c for c in counters if any(u["id"] in unit_actions for u in c[2])]
        whole_hex = len(clickable) == 1 and h not in targets  # on a phone a counter is a small target
        counters += ghosts.get(h, [])  # (owner, type, count): units gone since the last move
        rows = [counters[i:i + 3] for i in range(0, len(counters), 3)]
        for k, row in enumerate(rows):
            texts = []
            for owner, kind, us in row:
                if type(us) is int:  # a ghost
                    texts.append(LETTER.get(kind, "?") + (str(us) if us > 1 else ""))
                    continue
                text = LETTER[kind] + (str(len(us)) if len(us) > 1 else "")
                load = sum(cargo.get(u["id"], 0) for u in us)
                if load:
                    text += f"+{load}"
                texts.append(text)
            total = sum(7 + 6 * len(t) * ch / 12 for t in texts) + 3 * (len(row) - 1)
            x = cx - total / 2
            y = row_y + k * (ch + 1)
            for (owner, kind, us), text in zip(row, texts):
                if type(us) is int:  # a ghost: faded, dashed magenta edge, says what left
                    body, w = _counter(x, y, text, owner)
                    tip = f"Gone since your last move: {owner} {_noun(kind, us)}"
                    through = ' pointer-events="none"' if h in targets or clickable else ""
                    out.append(f'<g{through}><g opacity=".4">{body}</g><rect x="{_f(x - 1.5)}" y="{_f(y - 1.5)}" '
                               f'width="{_f(w + 3)}" height="{_f(ch + 3)}" rx="3" fill="none" stroke="{CHANGED}" '
                               f'stroke-width="1.4" stroke-dasharray="2.5 1.5"/><title>{esc(tip)}</title></g>')
                    x += w + 3
                    continue
                ids = [u["id"] for u in us]
                action = next((unit_actions[i] for i in ids if i in unit_actions), None)
                load = sum(cargo.get(u["id"], 0) for u in us)
                noun = f"{owner} {_noun(kind, len(us))}" + (f" carrying {load}" if load else "")
                change = marks["counters"].get((h, owner, kind)) if marks else None
                if change:
                    noun += f"; since your last move: {change}"
                body, w = _counter(x, y, text, owner, ring="selected" if ringed & set(ids) else None,
                                   clickable=action is not None)
                if action is not None:
                    verb = {"unit": "Select", "embark": "Embark", "redeploy": "Redeploy"}[action[0]]
                    label = f"{verb} the {kind} at hex {h}"
                    if action[0] == "redeploy":
                        label = f"Redeploy {article(kind)} from hex {h} to the Reserve"
                    if whole_hex:
                        hit = f'<polygon class="hit" points="{_hex_points(cx, cy, R - 1)}" fill="transparent"/>'
                    else:
                        hit = (f'<rect x="{_f(x - 1.5)}" y="{_f(y - 5)}" width="{_f(w + 3)}" height="{_f(ch + 10)}" '
                               f'fill="transparent"/>')
                    out.append(f'<g {_act(action, label)}>{hit}{body}<title>{esc(label)} ({esc(noun)})</title></g>')
                else:
                    inert = ' class="inert"' if h in targets else ""  # a click goes to the hex beneath
                    out.append(f"<g{inert}>{body}<title>{esc(noun)}</title></g>")
                if change:
                    out.append(_dot(x + w, y))
                x += w + 3
        if ringed & {u["id"] for o in owners.values() for us in o.values() for u in us}:
            pts = _hex_points(cx, cy, R - 2)
            out.append(f'<polygon class="inert" points="{pts}" fill="none" stroke="#111" stroke-width="5"/>'
                       f'<polygon class="inert" points="{pts}" fill="none" stroke="#fff" stroke-width="2.5"/>')

    # --- Battles: to fight (the whole hex is the button) or waiting (13.0) -------------------------------------
    fight = {a[1] for a in battle_actions}
    fought = {battle["hex"]} if battle else set()
    waiting = sorted({a[0] for a in view.get("attacks", []) if type(a[0]) is int and 0 <= a[0] < n} - fight - fought)
    for h in waiting:
        cx, cy = centre[h]
        out.append(f'<polygon class="inert" points="{_hex_points(cx, cy, R - 3)}" fill="none" stroke="{BATTLE_RED}" '
                   f'stroke-width="2" stroke-dasharray="4 3"/>')
        out.append(f'<g><circle cx="{_f(cx)}" cy="{_f(cy + 21.5)}" r="8" fill="{BATTLE_RED}" fill-opacity=".85" '
                   f'stroke="#fff" stroke-width="1.2"/>{_swords(cx, cy + 21.5, scale=0.62)}'
                   f'<title>A Battle waits at hex {h} (13.0)</title></g>')
    for a in battle_actions:
        h = a[1]
        cx, cy = centre[h]
        label = f"Fight the Battle at hex {h}"
        out.append(f'<g {_act(a, label)}><title>{esc(label)}</title>'
                   f'<polygon points="{_hex_points(cx, cy, R - 2)}" fill="none" stroke="#fff" stroke-width="5"/>'
                   f'<polygon class="fight" points="{_hex_points(cx, cy, R - 2)}"/>'
                   f'<circle class="badge" cx="{_f(cx)}" cy="{_f(cy + 21.5)}" r="9" fill="{BATTLE_RED}" stroke="#fff" '
                   f'stroke-width="1.5"/>{_swords(cx, cy + 21.5)}</g>')

    # --- badges: bombard, landing --------------------------------------------------------------------------
    per_hex = {}
    for a in badge_actions:
        per_hex.setdefault(a[1], []).append(a)
    for h, acts in per_hex.items():
        cx, cy = centre[h]
        ring = "#4a148c" if acts[0][0] == "bombard" else "#0d47a1"  # ties the badge to its hex
        out.append(f'<polygon class="inert" points="{_hex_points(cx, cy, R - 5.5)}" fill="none" stroke="{ring}" '
                   f'stroke-width="2.5" stroke-opacity=".9"/>')
        for k, a in enumerate(acts):
            bx, by = cx + (k - (len(acts) - 1) / 2) * 19, cy + 21.5
            if a[0] == "bombard":
                art = (f'<circle class="badge" cx="{_f(bx)}" cy="{_f(by)}" r="9" fill="#4a148c" stroke="#fff" '
                       f'stroke-width="1.5"/>'
                       f'<circle cx="{_f(bx)}" cy="{_f(by)}" r="4" fill="none" stroke="#fff" stroke-width="1.6"/>'
                       f'<path d="M{_f(bx)} {_f(by - 7)} V{_f(by + 7)} M{_f(bx - 7)} {_f(by)} H{_f(bx + 7)}" '
                       f'stroke="#fff" stroke-width="1.2"/>')
                label = f"Bombard hex {h} (12.0)"
            else:
                art = (f'<circle class="badge" cx="{_f(bx)}" cy="{_f(by)}" r="9" fill="#0d47a1" stroke="#fff" '
                       f'stroke-width="1.5"/>'
                       f'<path d="M{_f(bx)} {_f(by - 6)} V{_f(by + 4)} M{_f(bx - 4)} {_f(by)} L{_f(bx)} {_f(by + 5)} '
                       f'L{_f(bx + 4)} {_f(by)}" fill="none" stroke="#fff" stroke-width="2"/>')
                label = f"Land the cargo at hex {h} (10.46)"
            out.append(f"<g {_act(a, label)}>{art}<title>{esc(label)}</title></g>")

    out.append(_top_bar(view, width, marks, legend_spot))
    out.append(corners)
    out.append(strip)
    out.append("</svg>")
    return "\n".join(out)


def _bar_parts(view: dict, marks=None) -> tuple:
    """What the top bar writes: each player's (role, label, its points' change since the seat's last
    move, the chip's width, its row), the line about the round, and the tile to place (or "")."""
    scores = view.get("scores", {})
    rows = _sizes(view["side"])[3]
    per_row = -(-len(view["order"]) // rows)
    chips = []
    for k, r in enumerate(view["order"]):
        label = f"{r} {scores.get(r, 0)}"
        ruler = view.get("rulers", {}).get(r)
        if ruler:
            label += f" (vassal of {ruler})"  # 16.81
        change = marks["players"].get(r) if marks else None
        delta = ""
        if change and change[0] is not None and scores.get(r, 0) != change[0]:
            delta = f" {scores.get(r, 0) - change[0]:+d}".replace("-", "−")
        chips.append((r, label, delta, 24 + 7 * len(label + delta), k // per_row))
    info = f"Round {view['round']}" if view.get("round") else "Opening (4.0)"
    if view.get("empires"):
        info += " · Immediate Empires (16.3)"
    info += " · points: 1 per Town, 2 per City (5.3)"
    tile = ""
    pending = view.get("explore")
    if pending and pending.get("tiles"):  # 7.0
        tiles = pending["tiles"]
        more = f" (+{len(tiles) - 1} more)" if len(tiles) > 1 else ""
        tile = ("Drawn: water" + (f" ×{len(tiles)}" if len(tiles) > 1 else "")) if pending.get("stage") == "water" \
            else f"Tile to place: {tiles[0]}{more}"
    return chips, info, tile


MARKS_LEGEND = "changed since your last move"


def _bar_legend_spot(view: dict, width: float, marks) -> tuple | None:
    """Where the marks' legend fits in the top bar, in the bar's own units (before its scale): the
    (x, baseline) of the right end of the round's line, or of the last row of players, or None."""
    _floor, scale, _bar, rows = _sizes(view["side"])
    width /= scale
    chips, info, tile = _bar_parts(view, marks)
    need = 21 + _text_width(MARKS_LEGEND, 10, True)
    right = width - 10 - (34 + _text_width(tile, 10, True) if tile else 0)
    if 10 + _text_width(info, 10) + 12 + need <= right:
        return right - need, 41 + 24 * (rows - 1)
    last = chips[-1][4]
    end = 10 + sum(w + 6 for *_x, w, row in chips if row == last)
    if end + 6 + need <= width - 10:
        return width - 10 - need, 22 + 24 * last
    return None


def _top_bar(view: dict, width: float, marks=None, spot=None) -> str:
    """The players in one row (two on the largest map, half in each), and a line about the round;
    drawn larger on larger maps (scale), so that its text measures 11 CSS px too (_sizes). With a
    `spot` (_bar_legend_spot, chosen by _corner_blocks), the marks' legend there."""
    _floor, scale, bar, rows = _sizes(view["side"])
    out = [f'<rect x="0" y="0" width="{_f(width)}" height="{_f(bar)}" fill="#2f2a22"/>']
    if scale != 1:
        out.append(f'<g transform="scale({scale:.4f})">')
        width = width / scale
    x = 10.0
    scores = view.get("scores", {})
    chips, info, text = _bar_parts(view, marks)
    for k, (r, label, delta, w, row) in enumerate(chips):
        if k and row != chips[k - 1][4]:  # the next row
            x = 10.0
        dy = 24 * row
        colour = SEAT_COLOURS.get(r, "#777")
        current = r == view.get("current")
        change = marks["players"].get(r) if marks else None
        out_of_game = r in view.get("eliminated", [])
        status = f"{scores.get(r, 0)} point{'s' * (scores.get(r, 0) != 1)}"
        if out_of_game:
            status = "conceded, out of the game (5.1)" if r in view.get("conceded", []) else "out of the game"
        bold = ' font-weight="700"' if current else ""
        if current:
            status += ", playing now"
        if change:
            status += f" (since your last move: {change[1]})"
        out.append(f'<g opacity="{".4" if out_of_game else "1"}">')
        out.append(f'<title>{esc(r)}: {esc(status)}</title>')
        out.append(f'<rect x="{_f(x)}" y="{_f(8 + dy)}" width="{_f(w)}" height="20" rx="4" '
                   f'fill="{"#6a5e48" if current else "#3b352b"}" '
                   f'stroke="{"#fff" if current else "#5a5040"}" stroke-width="{2 if current else 1}"/>'
                   f'<circle cx="{_f(x + 11)}" cy="{_f(18 + dy)}" r="6" fill="{colour}" stroke="#fff" stroke-width="1"/>'
                   f'<text x="{_f(x + 21)}" y="{_f(22 + dy)}" font-size="11" fill="#fff"{bold}>'
                   f'{esc(label)}'
                   + (f'<tspan fill="#ff9fd0" font-weight="700">{esc(delta)}</tspan>' if delta else "")
                   + '</text>'
                   + (f'<rect pointer-events="none" x="{_f(x - 2.5)}" y="{_f(5.5 + dy)}" width="{_f(w + 5)}" height="25" rx="5.5" '
                      f'fill="none" stroke="{CHANGED}" stroke-width="2.5"/>' if change else "")
                   + '</g>')
        x += w + 6
    dy = 24 * (rows - 1)
    out.append(f'<text x="10" y="{_f(41 + dy)}" font-size="10" fill="#e9e2d0">{esc(info)}</text>')
    if text:  # 7.0: the tile to place, drawn as a small hex
        tile = view["explore"]["tiles"][0]
        cx, cy = width - 20, 35 + dy
        out.append(f'<text x="{_f(cx - 14)}" y="{_f(41 + dy)}" font-size="10" font-weight="700" fill="#fff" '
                   f'text-anchor="end">{esc(text)}</text>'
                   f'<polygon points="{_hex_points(cx, cy, 8.5)}" fill="url(#vk-{tile if tile in TERRAIN_FILL else "hidden"})" '
                   f'stroke="#fff" stroke-width="1.2"><title>{esc(tile)}</title></polygon>')
    if spot:
        out.append(_marks_legend(size=10, ink="#ff9fd0")[0][2](spot[0], spot[1] - 11))
    if scale != 1:
        out.append("</g>")
    return "".join(out)


# --- the information blocks in the empty corners of the hexagonal map ---------------------------------
# A block is a list of lines (need, height, draw) where draw(x, y) returns the SVG of a line whose
# box starts at (x, y). Each block goes into its corner of the map if every line fits beside the hexes
# there, else into a strip below the map (which then makes the board taller).

def _free_space(side: int, offset_x: float, width: float):
    rows = {}
    for h in range(geometry.hex_count(side)):
        cx, cy = _centre(side, h, offset_x)
        lo, hi = rows.get(cy, (cx, cx))
        rows[cy] = (min(lo, cx), max(hi, cx))

    def half(dy):
        dy = abs(dy)
        return R * SQ3 / 2 if dy <= R / 2 else (R - dy) * SQ3 if dy < R else None

    def free(y0, y1):
        """(left edge of the hexes, right edge of the hexes) in the band y0..y1."""
        left, right = width, 0.0
        y = y0
        while y <= y1 + 0.01:
            for cy, (lo, hi) in rows.items():
                k = half(y - cy)
                if k is not None:
                    left, right = min(left, lo - k), max(right, hi + k)
            y += 2
        return left, right
    return free


def _scaled(block) -> list:
    """The block drawn larger on a larger map, so that its smallest text (8.5 units) is at least the
    text floor (render sets _FLOOR)."""
    k = max(1.0, _FLOOR / 8.5)
    if k == 1:
        return block

    def draw(x, y, d):
        return f'<g transform="translate({_f(x)} {_f(y)}) scale({k:.4f})">{d(0, 0)}</g>'
    return [(need * k, hgt * k, lambda x, y, d=d: draw(x, y, d)) for need, hgt, d in block]


def _place(block, corner: str, free, width: float, top: float, bottom: float):
    """The SVG of the block in its corner, or None if a line does not fit there."""
    gap, edge = 5.0, 6.0
    block = _scaled(block)
    heights = sum(hgt for _n, hgt, _d in block)
    y = top + 3 if corner.startswith("top") else bottom - 3 - heights
    out = []
    for need, hgt, draw in block:
        left, right = free(y, y + hgt)
        if corner.endswith("left"):
            if edge + need > left - gap:
                return None
            out.append(draw(edge, y))
        else:
            if right + gap > width - edge - need:
                return None
            out.append(draw(width - edge - need, y))
        y += hgt
    return "".join(out)


def _text_line(text, size, colour="#2b1d12", bold=False, height=None, title=""):
    weight = ' font-weight="700"' if bold else ""
    tip = f"<title>{esc(title)}</title>" if title else ""
    return (_text_width(text, size, bold), height or size + 4,
            lambda x, y: f'<text x="{_f(x)}" y="{_f(y + size)}" font-size="{_f(size)}" fill="{colour}"{weight}>'
                         f'{esc(text)}{tip}</text>')


def _reserve_block(view: dict, names: bool = True, marks=None) -> list:
    reserves = view.get("reserves", {})
    picking = view.get("reserve_type")
    lines = [_text_line("Reserves", 10, bold=True, height=15, title="Units not on the map (3.5); placed in "
                                                                    "the Reserve Placement Phase (14.0)")]
    for r in view["order"]:
        if r in view.get("eliminated", []):
            continue
        counts = reserves.get(r, {})
        parts = [(LETTER[k] + (str(counts[k]) if counts[k] > 1 else ""), k) for k in TYPES if counts.get(k)]
        summary = ", ".join(f"{counts[k]} {k}" for k in TYPES if counts.get(k)) or "empty"
        label = _text_width(r, 9) + 5 if names else 0
        change = marks["reserves"].get(r) if marks else None
        if change:
            summary += f" ({change})"
        need = 14 + label + (sum(8 + 5.5 * len(t) + 4 for t, _k in parts) if parts else _text_width("empty", 9))

        def draw(x, y, r=r, parts=parts, summary=summary, label=label, change=change):
            out = [(f'<g><title>{esc(r)} Reserve: {esc(summary)}</title>'
                    f'<circle cx="{_f(x + 5)}" cy="{_f(y + 7.5)}" r="5" fill="{SEAT_COLOURS.get(r, "#777")}" '
                    f'stroke="#1b1b1b"/>')]
            if change:  # this Reserve changed since the last move
                out.append(f'<circle pointer-events="none" cx="{_f(x + 5)}" cy="{_f(y + 7.5)}" r="7" fill="none" '
                           f'stroke="{CHANGED}" stroke-width="2.2"/>')
            x += 14
            if label:
                out.append(f'<text x="{_f(x)}" y="{_f(y + 11)}" font-size="9" fill="#2b1d12">{esc(r)}</text>')
                x += label
            if not parts:
                out.append(f'<text x="{_f(x)}" y="{_f(y + 11)}" font-size="9" fill="#6f5d4b">empty</text>')
            for text, kind in parts:
                ring = "selected" if picking and kind == picking and r == view.get("current") else None
                body, w = _counter(x, y + 2, text, r, ring=ring, height=11.4, floor=0)
                out.append(body)
                x += w + 4
            out.append("</g>")
            return "".join(out)
        lines.append((need, 15, draw))
    return lines


def _dice_block(view: dict, compact: bool = False) -> list:
    last, battle = view.get("last_roll"), view.get("battle")
    if not (last and last.get("rolls")):
        return []
    if battle and compact:
        lines = [_text_line(f"Battle, round {battle.get('round', 1)}", 9.5, bold=True, height=13,
                            title=f"{battle['attacker']} attacks {battle['defender']} at hex {battle['hex']} (13.0)")]
    elif battle:
        lines = [_text_line(f"Battle at hex {battle['hex']}", 9.5, bold=True, height=13,
                            title=f"{battle['attacker']} attacks {battle['defender']} (13.0)"),
                 _text_line(f"round {battle.get('round', 1)}: {battle['attacker']} attacks", 8.5, height=13)]
    else:
        lines = [_text_line(f"Last roll, hex {last['hex']}", 9.5, bold=True, height=14)]
    supply = view.get("combat_supply", {})
    for r, dice in last["rolls"]:
        limit = data.HIT_ON_SUPPLIED if supply.get(r) else data.HIT_ON
        tactical = sum(1 for d in dice if d == data.TACTICAL_VICTORY)
        hits = sum(1 for d in dice if d <= limit)
        result = ("" if compact else f"{r}: ") + ("no dice" if not dice else f"{hits} hit{'s' if hits != 1 else ''}")
        why = (f"{r} rolled {', '.join(map(str, dice)) or 'no dice'}; hits on {limit} or less"
               + (" (Combat Supply, 11.2)" if limit == data.HIT_ON_SUPPLIED else " (11.1)")
               + (f"; {tactical} tactical victor{'ies' if tactical > 1 else 'y'}: the firing player chooses"
                  if tactical else ""))
        colour = SEAT_COLOURS.get(r, "#777")

        def head(x, y, r=r, colour=colour, result=result, why=why):
            return (f'<g><title>{esc(why)}</title><circle cx="{_f(x + 5)}" cy="{_f(y + 7)}" r="4.5" '
                    f'fill="{colour}" stroke="#1b1b1b"/><text x="{_f(x + 13)}" y="{_f(y + 10.5)}" font-size="8.5" '
                    f'fill="#2b1d12">{esc(result)}</text></g>')

        def draw(x, y, dice, limit=limit, colour=colour, why=why):
            out = [f"<g><title>{esc(why)}</title>"]
            for d in dice:
                out.append(_die(x, y + 1, d, colour, size=13, faded=d > limit, gold=d == data.TACTICAL_VICTORY))
                x += 15
            out.append("</g>")
            return "".join(out)
        lines.append((13 + _text_width(result, 8.5), 14, head))
        row = 4 if compact else max(len(dice), 1)  # compact: the dice in rows of four, to fit a corner
        for k in range(0, len(dice), row):
            lines.append((15 * len(dice[k:k + row]), 17, lambda x, y, some=dice[k:k + row]: draw(x, y, some)))
    return lines


def _legend_block() -> list:
    lines = []
    for letter, word in (("I", "Infantry"), ("C", "Cavalry"), ("A", "Artillery"), ("F", "Frigate"),
                         ("F+2", "carrying 2")):
        def draw(x, y, letter=letter, word=word):
            w = 8 + 5 * len(letter)
            return (f'<rect x="{_f(x)}" y="{_f(y + 1.5)}" width="{_f(w)}" height="10" rx="2" fill="#6b6358" '
                    f'stroke="#1b1b1b" stroke-width=".8"/><text x="{_f(x + w / 2)}" y="{_f(y + 9.7)}" '
                    f'font-size="8.5" font-weight="700" text-anchor="middle" fill="#fff">{letter}</text>'
                    f'<text x="{_f(x + w + 4)}" y="{_f(y + 10)}" font-size="9" fill="#2b1d12">{word}</text>')
        lines.append((8 + 5 * len(letter) + 4 + _text_width(word, 9), 13, draw))
    lines.append((16 + _text_width("Capital", 9), 15,
                  lambda x, y: _star(x + 6, y + 7, "#6b6358").replace('r="7.5"', 'r="6"')
                  + f'<text x="{_f(x + 16)}" y="{_f(y + 11)}" font-size="9" fill="#2b1d12">Capital</text>'))
    return lines


def _hints_block() -> list:
    def row(icon, text, need_icon=16):
        return (need_icon + 4 + _text_width(text, 8.5), 14,
                lambda x, y: icon(x, y) + f'<text x="{_f(x + need_icon + 4)}" y="{_f(y + 10.5)}" font-size="8.5" '
                                          f'fill="#2b1d12">{esc(text)}</text>')

    def dashed(x, y):
        return (f'<rect x="{_f(x + 1)}" y="{_f(y + 2)}" width="14" height="10" rx="2" fill="#fff" stroke="#111" '
                f'stroke-width="1.3" stroke-dasharray="3 2"/>')

    def swords(x, y):
        return f'<circle cx="{_f(x + 8)}" cy="{_f(y + 7)}" r="6.5" fill="{BATTLE_RED}"/>' + _swords(x + 8, y + 7, scale=0.5)

    def hit_miss(x, y):
        return _die(x, y + 1, 3, "#6b6358", size=11) + _die(x + 13, y + 1, 5, "#6b6358", size=11, faded=True)

    def gold(x, y):
        return _die(x + 2, y + 1, 1, "#6b6358", size=11, gold=True)
    def bombard(x, y):
        return (f'<circle cx="{_f(x + 8)}" cy="{_f(y + 7)}" r="6.5" fill="#4a148c"/><circle cx="{_f(x + 8)}" '
                f'cy="{_f(y + 7)}" r="3" fill="none" stroke="#fff" stroke-width="1.3"/>')

    def land(x, y):
        return (f'<circle cx="{_f(x + 8)}" cy="{_f(y + 7)}" r="6.5" fill="#0d47a1"/><path d="M{_f(x + 8)} {_f(y + 3)} '
                f'V{_f(y + 10)} M{_f(x + 5)} {_f(y + 7.5)} L{_f(x + 8)} {_f(y + 10.5)} L{_f(x + 11)} {_f(y + 7.5)}" '
                f'fill="none" stroke="#fff" stroke-width="1.5"/>')
    return [row(bombard, "bombard"), row(land, "land cargo"), row(swords, "Battle"), row(gold, "tactical (11.1)"),
            row(hit_miss, "hit, miss", need_icon=24), row(dashed, "you may click")]


def _marks_legend(lines: int = 1, size: float = 9, ink: str = CHANGED) -> list:
    """The legend of the marks (drawn only when there are some), on one line or two; in the top bar
    larger and lighter (its text is 10 units, on a dark ground)."""
    texts = [MARKS_LEGEND] if lines == 1 else ["changed since", "your last move"]
    tip = ("Magenta ring: the hex changed since your last move (its tooltip says what); dot: a changed "
           "counter; faded with a dashed edge: gone since")

    def draw(x, y, k):
        icon = (f'<polygon pointer-events="none" points="{_hex_points(x + 8, y + 7.5, 7)}" fill="none" '
                f'stroke="{CHANGED}" stroke-width="2.4"/>{_dot(x + 14.5, y + 2.5)}' if k == 0 else "")
        return (f'<g><title>{esc(tip)}</title>{icon}<text x="{_f(x + 21)}" y="{_f(y + 11)}" font-size="{_f(size)}" '
                f'font-weight="700" fill="{ink}">{esc(texts[k])}</text></g>')
    return [(21 + _text_width(t, size, True), 14 if k + 1 < len(texts) else 16, lambda x, y, k=k: draw(x, y, k))
            for k, t in enumerate(texts)]


def _corner_blocks(view: dict, side: int, offset_x: float, width: float, map_height: float, marks=None) -> tuple:
    """(SVG in the corners, SVG of the strip below the map, height of the strip, where the marks'
    legend goes in the top bar or None)."""
    free = _free_space(side, offset_x, width)
    top, bottom = _sizes(side)[2], map_height
    placed, spill, used, where = [], [], set(), []
    reserves = _reserve_block(view, marks=marks)
    if _place(reserves, "top-left", free, width, top, bottom) is None:
        reserves = _reserve_block(view, names=False, marks=marks)  # the colour dots alone name the players
    dice = _dice_block(view)
    if dice and all(_place(dice, c, free, width, top, bottom) is None for c in ("top-right", "bottom-right")):
        dice = _dice_block(view, compact=True)
    for block, corners in ((reserves, ("top-left", "bottom-left")),
                           (dice, ("top-right", "bottom-right")),
                           (_legend_block(), ("bottom-left", "top-left")),
                           (_hints_block(), ("bottom-right", "top-right"))):
        if not block:
            continue
        for corner in corners:
            svg = None if corner in used else _place(block, corner, free, width, top, bottom)
            if svg is not None:
                placed.append(svg)
                where.append((block, corner))
                used.add(corner)
                break
        else:
            spill.append(block)
    bar_spot = None
    if marks:  # the marks' legend: a free corner, else the top bar, else below a block placed, else the strip
        corners = [c for c in ("top-right", "bottom-right", "top-left", "bottom-left") if c not in used]
        one, two = _marks_legend(1), _marks_legend(2)
        tries = [(None, c, legend) for legend in (one, two) for c in corners]
        spot = _bar_legend_spot(view, width, marks)
        if spot is not None:
            tries.append(("bar", None, None))
        tries += [(k, where[k][1], where[k][0] + legend) for legend in (one, two)
                  for k in reversed(range(len(where)))]
        for k, corner, block in tries:
            if k == "bar":
                bar_spot = spot
                break
            svg = _place(block, corner, free, width, top, bottom)
            if svg is not None:
                if k is None:
                    placed.append(svg)
                else:
                    placed[k] = svg
                break
        else:
            spill.append(one)
    if not spill:
        return "".join(placed), "", 0.0, bar_spot
    out, y = [], map_height + 4
    for block in spill:  # one line after another, left-aligned
        for _need, hgt, draw in _scaled(block):
            out.append(draw(8.0, y))
            y += hgt
        y += 4
    height = y - map_height
    strip = (f'<g class="panel"><rect x="0" y="{_f(map_height)}" width="{_f(width)}" height="{_f(height)}" '
             f'fill="#fbf6ec"/><line x1="0" x2="{_f(width)}" y1="{_f(map_height)}" y2="{_f(map_height)}" '
             f'stroke="#dccbb0"/>' + "".join(out) + "</g>")
    return "".join(placed), strip, height, bar_spot
