"""Reserve Placement (rulebook 14.0-14.4, 15.0).

state["placed"] lists [site hex, unit type] for every unit placed this Player Turn, to enforce the
per-turn capacities of 14.11 (a Frigate counts against the Forest City or Capital it came from).
"""
from __future__ import annotations

from . import data, geometry, pieces, subjugation


def _capacity(state, role, h: int) -> dict:
    """14.11: what one Town or City may receive in one Player Turn (15.0: Cities as Towns while the
    Capital is lost)."""
    site = state["sites"][h]
    if site["kind"] == "town" or not pieces.has_capital(state, role):
        return dict(data.TOWN_PLACEMENT)
    return pieces.support(site["kind"], state["terrain"][h])  # 14.11 (16.6: a Metropolis takes more)


def _is_capital(state, role, h: int) -> bool:
    return state["capitals"].get(role) == h and pieces.has_capital(state, role)


def _room(state, role, h: int, kind: str) -> bool:
    if _is_capital(state, role, h):
        return True  # 14.4: any or all units may always be placed in the Capital
    used = sum(1 for site, k in state["placed"] if site == h and k == kind)
    return used < _capacity(state, role, h).get(kind, 0)


def _besieged(state, role, h: int) -> bool:
    """14.2: an enemy military unit adjacent to the Town or City (16.84: Alliance units do not
    besiege)."""
    adj = set(geometry.neighbours(state["side"])[h])
    return any(u["hex"] in adj and u["owner"] != role and not subjugation.allied(state, role, u["owner"])
               for u in state["units"])


def _frigate_waters(state, role, h: int) -> list:
    """14.3 / 14.4: water hexes adjacent to the site; for a Forest City with none adjacent, the
    nearest water hexes (the owner chooses among equidistant ones). Water holding another player's
    Frigate is offered too (14.5: a Frigate Placement Naval Battle follows, rules.py)."""
    side, terrain = state["side"], state["terrain"]
    adj = [n for n in geometry.neighbours(side)[h] if terrain[n] == data.WATER]
    forest_city = pieces.is_city(state, h) and terrain[h] == data.FOREST
    if not adj and forest_city:
        waters = [w for w, t in enumerate(terrain) if t == data.WATER]
        if waters:
            best = min(geometry.distance(side, h, w) for w in waters)
            adj = [w for w in waters if geometry.distance(side, h, w) == best]
    return sorted(adj)


def placements(state, role, kind: str) -> dict:
    """{target hex: site hex} where one unit of `kind` from the Reserve may be placed now."""
    result = {}
    if not pieces.has_capital(state, role) and kind != data.INFANTRY:
        return result  # 15.0: his other military units must remain in his Reserve
    for h in pieces.sites_of(state, role):
        if not _room(state, role, h, kind):
            continue
        # 14.2 siege; our reading of 14.4 ("always") with the 14.5 example ("placed adjacent to the
        # owner's capital" into a hex holding an enemy Frigate): Frigates may still be placed
        # next to a besieged Capital
        if _besieged(state, role, h) and not (kind == data.FRIGATE and _is_capital(state, role, h)):
            continue
        if kind == data.FRIGATE:
            for w in _frigate_waters(state, role, h):
                # prefer the Capital (unlimited), then the lowest site id
                if w not in result or _is_capital(state, role, h):
                    result[w] = h
        else:
            result[h] = h
    return result


def placeable_types(state, role) -> list:
    kinds = {u["type"] for u in pieces.reserve(state, role)}
    return [k for k in data.UNIT_TYPES if k in kinds and placements(state, role, k)]


def place(state, role, kind: str, target: int) -> str:
    site = placements(state, role, kind)[target]
    u = next(u for u in pieces.reserve(state, role) if u["type"] == kind)
    u["hex"] = target
    u["mp"] = 0
    if kind == data.FRIGATE and any(e["type"] == data.FRIGATE for e in pieces.enemy_units_at(state, target, role)):
        state["attacks"].append([target, target, u["id"]])  # 14.5: fought after all placement
    state["placed"].append([site, kind])
    return f"{role} places {kind} at hex {target} (14.0)"


