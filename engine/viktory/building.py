"""Building (rulebook 8.0-8.4) and the units it brings (9.0).

Every turn a player may build one or two Towns or upgrade one Town into a City (8.2), if he holds
his Capital at the start of his Building Phase (8.1). Towns reveal the adjacent hexes, Cities the
hexes two away (8.3); each brings its supported units into the Reserve (8.4, 9.0).
"""
from __future__ import annotations

from itertools import compress

from . import data, explore, geometry, pieces


def site_free(state, role, h: int) -> bool:
    """8.2.1 / 8.2.2 conditions that hold for every Town, the Capital included: an explored land hex
    with no Town/City on or next to it, and no other player's unit on or next to it (town_sites asks
    the same of many hexes at once)."""
    if state["terrain"][h] is None or state["terrain"][h] == data.WATER:
        return False
    if state["sites"][h] is not None:
        return False
    adj = geometry.neighbours(state["side"])[h]
    if any(state["sites"][n] is not None for n in adj):  # 8.2.1 Distance: no two Towns adjacent
        return False
    if pieces.enemy_units_at(state, h, role) or pieces.enemy_adjacent(state, h, role):  # 8.2.2
        return False
    return True


def _enemy_hexes(state, role) -> set:
    """The hexes holding another player's units (town_sites)."""
    return {u["hex"] for u in state["units"] if u["hex"] is not None and u["owner"] != role}


def town_sites(state, role) -> list:
    """8.2.1: hexes where `role` may build a Town: 2 or 3 hexes from one of his Towns/Cities along a
    contiguous path of revealed hexes (including across water), and free (site_free). Late in a game
    most hexes near his Towns are taken: the free ones are found first, and only if there are any,
    the paths, in one search from all his Towns/Cities, ring by ring (a hex nearer than 2 to the
    nearest is next to a Town/City, never free (8.2.1 Distance), and one 2 or 3 from the nearest is
    so from that one)."""
    adj = geometry.neighbours(state["side"])
    terrain, sites = state["terrain"], state["sites"]
    mine = pieces.sites_of(state, role)
    # site_free of every hex 2 or 3 from his Towns/Cities as the crow flies (a path is no shorter):
    # land, no Town/City on or next to it (8.2.1 Distance), no other player's unit on or next to it (8.2.2)
    crowded = set(compress(range(len(sites)), sites))
    crowded.update(*[adj[h] for h in crowded])
    free = set().union(*[geometry.two_or_three_away(state["side"])[h] for h in mine]) - crowded
    if free:
        near_enemies = _enemy_hexes(state, role)
        near_enemies.update(*[adj[h] for h in near_enemies])
        free = {h for h in free - near_enemies if terrain[h] is not None and terrain[h] != data.WATER}
    if not free:
        return []
    ring, reach = set(mine), set()
    seen = set(ring)
    for steps in (1, 2, 3):
        ring = {n for n in set().union(*[adj[h] for h in ring]) - seen if terrain[n] is not None}
        seen |= ring
        if steps >= 2:
            reach |= ring
    return sorted(free & reach)


def upgradable_towns(state, role) -> list:
    """8.2.3: one of his Towns may become a City."""
    return [h for h in pieces.sites_of(state, role) if state["sites"][h]["kind"] == "town"]


def metropolis_sites(state, role) -> list:
    """16.6: a City whose hex and six neighbours hold all five hex types, or his Capital City."""
    if not state["options"].get("metropolis"):
        return []
    result = []
    adj = geometry.neighbours(state["side"])
    for h in pieces.sites_of(state, role):
        if state["sites"][h]["kind"] != "city":
            continue
        kinds = {state["terrain"][n] for n in adj[h]} | {state["terrain"][h]}
        if all(t in kinds for t in data.TERRAINS) or state["capitals"].get(role) == h:
            result.append(h)
    return result


def upgrade_to_metropolis(state, role, h: int) -> str:
    """16.6: a Town is added next to the City; it supports more units (pieces.support)."""
    terrain = state["terrain"][h]
    before = pieces.support("city", terrain)
    state["sites"][h]["kind"] = "metropolis"
    after = pieces.support("metropolis", terrain)
    pieces.add_to_reserve(state, role, {k: after[k] - before.get(k, 0) for k in after})
    return f"{role} upgrades the City at hex {h} ({terrain}) to a Metropolis (16.6)"


def relocation_targets(state, role, h: int) -> list:
    """16.5: the adjacent hexes where the Town/City at h could be rebuilt (8.2.1/8.2.2 as for any
    Town, the site at h itself being gone). Our reading: the Capital is not relocated (its marker
    stays on its hex, 15.0)."""
    if state["capitals"].get(role) == h:
        return []
    site = state["sites"][h]
    state_sites = state["sites"]
    result = []
    adj = geometry.neighbours(state["side"])
    for n in adj[h]:
        if state["terrain"][n] not in data.LAND or state_sites[n] is not None:
            continue
        if any(state_sites[m] is not None and m != h for m in adj[n]):
            continue
        if pieces.enemy_units_at(state, n, role) or pieces.enemy_adjacent(state, n, role):
            continue
        result.append(n)
    return result if site is not None else []


def relocatable(state, role) -> list:
    if not state["options"].get("relocation"):
        return []
    return [h for h in pieces.sites_of(state, role) if relocation_targets(state, role, h)]


def can_expand(state, role) -> bool:
    """8.24 / 16.3: is he able to build a Town or to upgrade a Town to a City?"""
    return can_build(state, role) and bool(town_sites(state, role) or upgradable_towns(state, role))


def can_build(state, role) -> bool:
    """8.1: a player must possess his Capital at the beginning of his Building Phase."""
    return pieces.has_capital(state, role)


def build_town(state, role, h: int) -> str:
    """8.2, 8.3, 8.4: place the Town, receive its Infantry, reveal the adjacent hexes."""
    state["sites"][h] = {"owner": role, "kind": "town"}
    pieces.add_to_reserve(state, role, data.TOWN_SUPPORT)
    explore.start(state, role, geometry.neighbours(state["side"])[h])
    return f"{role} builds a Town at hex {h} (8.2)"


def upgrade_to_city(state, role, h: int) -> str:
    """8.2.3, 8.3, 8.4: the Town becomes a City; receive the extra units; reveal two hexes away."""
    state["sites"][h]["kind"] = "city"
    terrain = state["terrain"][h]
    extra = pieces.support("city", terrain)
    extra[data.INFANTRY] -= data.TOWN_SUPPORT[data.INFANTRY]  # the Town's Infantry is already had
    pieces.add_to_reserve(state, role, extra)
    explore.start(state, role, geometry.at_distance(state["side"], h, 2))
    return f"{role} upgrades the Town at hex {h} ({terrain}) to a City (8.2.3)"
