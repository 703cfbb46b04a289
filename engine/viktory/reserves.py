"""Reserve Placement (rulebook 14.0-14.5, 15.0) and a Vassal's reinforcement of his Capital (16.82).

state["placed"] lists [site hex, unit type] for every unit placed this Player Turn, to enforce the
per-turn capacities of 14.11 (a Frigate counts against the Forest City or Capital it came from).
"""
from __future__ import annotations

from . import data, explore, geometry, pieces, subjugation

DONE = "done"


def _capacity(state, h: int, capital) -> dict:
    """14.11: what one Town or City may receive in one Player Turn (15.0: Cities as Towns while the
    Capital is lost: `capital` is None, placement_context), by unit type. Not to be changed."""
    site = state["sites"][h]
    if site["kind"] == "town" or capital is None:
        return data.TOWN_PLACEMENT
    return pieces.support(site["kind"], state["terrain"][h])  # 14.11 (16.6: a Metropolis takes more)


def _placed(state, kind: str) -> dict:
    """{site hex: how many units of `kind` were placed there this Player Turn} (14.11)."""
    counts = {}
    for site, k in state["placed"]:
        if k == kind:
            counts[site] = counts.get(site, 0) + 1
    return counts


def _besieged(state, role, h: int) -> bool:
    """14.2: an enemy military unit adjacent to the Town or City (16.84: Alliance units do not
    besiege). placements asks it of every site at once, with _hostile_hexes."""
    adj = set(geometry.neighbours(state["side"])[h])
    return any(u["hex"] in adj and u["owner"] != role and not subjugation.allied(state, role, u["owner"])
               for u in state["units"])


def _hostile_hexes(state, role) -> set:
    """The hexes holding a unit of another player not allied with `role` (_besieged)."""
    friends = subjugation.allies(state, role) or (role,)
    return {u["hex"] for u in state["units"] if u["owner"] not in friends and u["hex"] is not None}


def _alliance_frigate_hexes(state, role) -> set:
    """The water hexes holding an Alliance Frigate (16.82, 16.84), in one pass over the units."""
    allies = subjugation.allies(state, role)
    if not allies:
        return set()  # no Alliance without Subjugation
    return {f["hex"] for f in state["units"] if f["type"] == data.FRIGATE and f["hex"] is not None
            and f["owner"] != role and f["owner"] in allies}


def _nearest(state, h: int, waters: list) -> list:
    if not waters:
        return []
    distance = {w: geometry.distance(state["side"], h, w) for w in waters}
    best = min(distance.values())
    return [w for w in waters if distance[w] == best]


def frigate_waters(state, role, h: int) -> list:
    """14.3 / 14.4: water hexes adjacent to the site; for a Forest City with none adjacent, the
    nearest water hexes (the owner chooses among equidistant ones). Water holding another player's
    Frigate is offered too (14.5: a Frigate Placement Naval Battle follows, rules.py), but never one
    holding an Alliance Frigate (16.82, 16.84); if Alliance Frigates fill every adjacent water hex of
    his Capital or Forest City, the nearest water hexes without one (16.84)."""
    terrain = state["terrain"]
    adj = [n for n in geometry.neighbours(state["side"])[h] if terrain[n] == data.WATER]
    forest_city = pieces.is_city(state, h) and terrain[h] == data.FOREST
    if not adj and not forest_city:
        return []
    taken = _alliance_frigate_hexes(state, role)
    if adj:
        open_adj = [w for w in adj if w not in taken]
        if open_adj or not (forest_city or state["capitals"].get(role) == h):
            return sorted(open_adj)
    waters = [w for w, t in enumerate(terrain) if t == data.WATER and w not in taken]
    return sorted(_nearest(state, h, waters))


def _unfought(state, role, waters) -> list:
    """13.2: no 14.5 Naval Battle in a hex where a Battle was fought this Player Turn."""
    return [w for w in waters if w not in state["battled"] or not pieces.is_enemy_hex(state, w, role)]


def placement_context(state, role) -> tuple:
    """What placements looks up for every site, once for a caller asking of several unit types:
    his sites, the hexes of the units that besiege (_hostile_hexes), and the hex of his Capital
    while he holds it (14.4, 15.0), else None."""
    capital = state["capitals"].get(role) if pieces.has_capital(state, role) else None
    return pieces.sites_of(state, role), _hostile_hexes(state, role), capital


def placements(state, role, kind: str, first: bool = False, context=None) -> dict:
    """{target hex: site hex} where one unit of `kind` from the Reserve may be placed now (with
    `first`, only the first found: is there one?). `context`: placement_context, if at hand."""
    result = {}
    sites, hostile, capital = context or placement_context(state, role)
    if capital is None and kind != data.INFANTRY:
        return result  # 15.0: his other military units must remain in his Reserve
    placed = _placed(state, kind)
    adj = geometry.neighbours(state["side"])
    for h in sites:
        # 14.11: room for one more this turn; 14.4: any or all units may always go to the Capital
        if h != capital and placed.get(h, 0) >= _capacity(state, h, capital).get(kind, 0):
            continue
        # 14.2 siege (_besieged); our reading of 14.4 ("always") with the 14.5 example ("placed adjacent
        # to the owner's capital" into a hex holding an enemy Frigate): Frigates may still be placed
        # next to a besieged Capital
        if not hostile.isdisjoint(adj[h]) and not (kind == data.FRIGATE and h == capital):
            continue
        if kind == data.FRIGATE:
            for w in _unfought(state, role, frigate_waters(state, role, h)):
                # prefer the Capital (unlimited), then the lowest site id
                if w not in result or h == capital:
                    result[w] = h
        else:
            result[h] = h
        if first and result:
            break
    return result


def placeable_types(state, role, context=None, reserve=None) -> list:
    """`context`: placement_context, `reserve`: his Reserve units (pieces.reserve), if at hand."""
    kinds = {u["type"] for u in (pieces.reserve(state, role) if reserve is None else reserve)}
    if not kinds:
        return []
    context = context or placement_context(state, role)
    return [k for k in data.UNIT_TYPES if k in kinds and placements(state, role, k, True, context)]


def place(state, role, kind: str, target: int, u=None) -> str:
    """Places `u`, the first unit of `kind` in his Reserve (looked up if not given)."""
    # 14.1: a land unit goes into the Town or City itself; a Frigate counts against a site near it
    site = target if kind != data.FRIGATE else placements(state, role, kind)[target]
    if u is None:
        u = next(u for u in pieces.reserve(state, role) if u["type"] == kind)
    u["hex"] = target
    u["mp"] = 0
    if kind == data.FRIGATE and any(e["type"] == data.FRIGATE for e in pieces.enemy_units_at(state, target, role)):
        state["attacks"].append([target, target, u["id"]])  # 14.5: fought after all placement
    state["placed"].append([site, kind])
    return f"{role} places {kind} at hex {target} (14.0)"




# --- 16.82: the Vassal reinforces his Capital ----------------------------------------------------

def reinforcements(state) -> list:
    """16.82: "he may immediately reinforce it with any or all of the units currently in his
    Reserve": a land unit type (into the Capital), a water hex for a Frigate (14.4, 16.84), or done."""
    role = state["reinforce"]
    h = state["capitals"][role]
    reserve = pieces.reserve(state, role)
    kinds = [k for k in data.LAND_UNITS if any(u["type"] == k for u in reserve)]
    waters = frigate_waters(state, role, h) if any(u["type"] == data.FRIGATE for u in reserve) else []
    return kinds + waters + [DONE]


def reinforce(state, action) -> str:
    role = state["reinforce"]
    if action == DONE:
        state["reinforce"] = None
        return f"{role} has reinforced the Capital (16.82)"
    kind = data.FRIGATE if type(action) is int else action
    u = next(u for u in pieces.reserve(state, role) if u["type"] == kind)
    u["hex"] = action if type(action) is int else state["capitals"][role]
    u["mp"] = 0
    text = f"{role} reinforces the Capital with a {kind} (16.82)"
    if kind == data.FRIGATE:
        if any(e["type"] == data.FRIGATE for e in pieces.enemy_units_at(state, action, role)):
            state["attacks"].append([action, action, u["id"]])  # 16.82: a Battle "as per" 14.5, at once
            state["ensuing"].append([action, role])
            text += " — a Frigate Placement Naval Battle ensues (14.5)"
        explore.start(state, role, geometry.neighbours(state["side"])[action])  # 7.0: placement reveals
    if reinforcements(state) == [DONE]:
        state["reinforce"] = None
    return text
