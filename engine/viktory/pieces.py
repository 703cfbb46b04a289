"""Reading and changing the pieces in a Viktory II state: military units, Towns, Cities, Capitals.

A unit is a dict {"id", "owner", "type", "hex", "aboard", "mp", "attacked"}: "hex" is its hex id on the map or
None; "aboard" is the id of the Frigate carrying it as cargo (rulebook 10.45) or None; a unit with
neither is in its owner's Reserve (rulebook 3.5). Units returned to the stock (rulebook 11.3) are
removed from the list. "mp" is what remains of its Movement Allowance this Player Turn; "attacked"
says it has Bombarded or Battled this Player Turn (11.7); "carried", "landed" and "shipped" are the
naval transport records of transport.py (10.4).

A site is state["sites"][hex]: None or {"owner": role, "kind": "town" | "city" | "metropolis"}
(a Metropolis is the 16.6 variant; it counts as a City wherever the rulebook says City). Capital markers
(rulebook 4.0 step 2, 15.0) are state["capitals"][role] = hex id (None before it is built); the marker
stays on its hex whoever owns the Town or City there.
"""
from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import itemgetter

from . import data, geometry

_id = itemgetter("id")


def unit(state, uid: int) -> dict:
    units = state["units"]
    # ids ascend along the list (add_to_reserve appends the next id; units are only ever removed):
    # a binary search, checked, then the plain search
    k = bisect_left(units, uid, key=_id) if type(uid) is int else len(units)
    if k < len(units) and units[k]["id"] == uid:
        return units[k]
    for u in units:
        if u["id"] == uid:
            return u
    raise KeyError(f"no unit {uid}")


def units_by_hex(state, hexes=None) -> dict:
    """{hex: [the units there, in state order]} (the Reserve and cargo under None): an index that a
    function looking at many hexes builds once per call and passes on as `at` (never kept: it is
    stale as soon as a unit moves, and the state keeps no caches). `hexes`: of those hexes alone,
    for a caller that looks at a few (a set)."""
    at = {}
    for u in state["units"]:
        if hexes is None or u["hex"] in hexes:
            at.setdefault(u["hex"], []).append(u)
    return at


class LazyUnitsByHex:
    """units_by_hex, built at its first look-up (`at.get`, all that callers ask of an index): for a
    caller that may look at no hex at all (rules.py: one unit's moves, often its adjacent hexes
    only, which need no index without a Battle fought there or Subjugation)."""
    __slots__ = ("_state", "_index")

    def __init__(self, state):
        self._state, self._index = state, None

    def get(self, h, default=None):
        if self._index is None:
            self._index = units_by_hex(self._state)
        return self._index.get(h, default)


class LazyCarriers:
    """The ids of the Frigates with cargo (`uid in carriers`: cargo(state, uid) is not empty), found
    at the first question: for a caller that may ask of no Frigate at all (rules.py, _group_key)."""
    __slots__ = ("_state", "_ids")

    def __init__(self, state):
        self._state, self._ids = state, None

    def __contains__(self, uid) -> bool:
        if self._ids is None:
            self._ids = {u["aboard"] for u in self._state["units"] if u["aboard"] is not None}
        return uid in self._ids


def units_at(state, h: int, at=None) -> list:
    if at is not None:
        return list(at.get(h, ()))
    return [u for u in state["units"] if u["hex"] == h]


def units_of(state, role) -> list:
    return [u for u in state["units"] if u["owner"] == role]


def reserve(state, role) -> list:
    return [u for u in state["units"] if u["owner"] == role and u["hex"] is None and u["aboard"] is None]


def cargo(state, frigate_id: int) -> list:
    return [u for u in state["units"] if u["aboard"] == frigate_id]


def frigate_room(state, f: dict) -> int:
    """10.41: a Frigate carries up to 3 land units at a time."""
    return data.FRIGATE_CAPACITY - len(cargo(state, f["id"]))


def frigates_with_room(state, role, h) -> list:
    return [u for u in units_at(state, h)
            if u["owner"] == role and u["type"] == data.FRIGATE and frigate_room(state, u) > 0]


def move_or_board(state, u: dict, h) -> str:
    """Moves u to hex h; a land unit sent to water boards one of its own Frigates with room there.
    Returns where it went, for the log ("to hex 7", "aboard the Frigate at hex 7")."""
    if state["terrain"][h] == data.WATER and u["type"] != data.FRIGATE:
        u["hex"], u["aboard"] = None, frigates_with_room(state, u["owner"], h)[0]["id"]
        return f"aboard the Frigate at hex {h}"
    u["hex"] = h
    return f"to hex {h}"


def add_to_reserve(state, role, counts: dict) -> None:
    """rulebook 11.4: units gained are moved from the stock into the Reserve."""
    for kind in data.UNIT_TYPES:
        for _ in range(counts.get(kind, 0)):
            state["units"].append({"id": state["next_unit"], "owner": role, "type": kind,
                                   "hex": None, "aboard": None, "mp": 0, "attacked": False,
                                   "carried": 0, "landed": None, "shipped": False})
            state["next_unit"] += 1


def enemy_units_at(state, h: int, role, at=None) -> list:
    """Another player's units in hex h (`at`: an index of units_by_hex, for many hexes)."""
    if at is not None:
        return [u for u in at.get(h, ()) if u["owner"] != role]
    return [u for u in state["units"] if u["hex"] == h and u["owner"] != role]


def is_enemy_hex(state, h: int, role, at=None) -> bool:
    """A hex whose entry means a Battle (13.0): another player's Frigates at sea; on land, another
    player's military units or Town/City. (Asked of every hex a unit might enter: it looks at the
    units there without listing them.)"""
    site = state["sites"][h]
    if site is not None and site["owner"] != role:
        return True  # a Town or City stands on land
    here = at.get(h, ()) if at is not None else [u for u in state["units"] if u["hex"] == h]
    if state["terrain"][h] == data.WATER:
        return any(u["owner"] != role and u["type"] == data.FRIGATE for u in here)
    return any(u["owner"] != role for u in here)


def others_in(state, h: int, role, at=None) -> set:
    """The other players with military units, a Town or a City in hex h."""
    owners = {u["owner"] for u in enemy_units_at(state, h, role, at)}
    site = state["sites"][h]
    if site is not None and site["owner"] != role:
        owners.add(site["owner"])
    return owners


def enemy_adjacent(state, h: int, role) -> bool:
    """rulebook 8.2.2 / 14.2: another player's military unit in a hex adjacent to h."""
    adj = set(geometry.neighbours(state["side"])[h])
    return any(u["hex"] in adj and u["owner"] != role for u in state["units"])


def sites_of(state, role) -> list:
    sites = state["sites"]  # compress: past the hexes without a site at C speed (most of the map)
    return [h for h in compress(range(len(sites)), sites) if sites[h]["owner"] == role]


def has_capital(state, role) -> bool:
    """rulebook 8.1, 15.0: does `role` hold its own Capital now?"""
    h = state["capitals"].get(role)
    return h is not None and state["sites"][h] is not None and state["sites"][h]["owner"] == role


def support(kind: str, terrain: str) -> dict:
    """Units supported by a Town or City on `terrain` (rulebook 9.1, 9.2)."""
    if kind == "town":
        return dict(data.TOWN_SUPPORT)
    units = dict(data.CITY_SUPPORT[terrain])
    if kind == "metropolis":  # 16.6: "an additional City-supported unit(s)", e.g. Grassland 1 I + 2 C
        for k, n in data.CITY_SUPPORT[terrain].items():
            units[k] += n - data.TOWN_SUPPORT.get(k, 0)
    return units


CITY_KINDS = ("city", "metropolis")  # a Metropolis (16.6) is a City with a Town beside it


def is_city(state, h: int) -> bool:
    """A City, or a Metropolis (16.6)."""
    site = state["sites"][h]
    return site is not None and site["kind"] in CITY_KINDS


def supported_units(state, role) -> dict:
    """rulebook 9.0 KEY CONCEPT: the units `role` must have, by type, from its Towns and Cities."""
    total = {kind: 0 for kind in data.UNIT_TYPES}
    for h in sites_of(state, role):
        for kind, n in support(state["sites"][h]["kind"], state["terrain"][h]).items():
            total[kind] += n
    return total


def unit_counts(state, role) -> dict:
    total = {kind: 0 for kind in data.UNIT_TYPES}
    for u in units_of(state, role):
        total[u["type"]] += 1
    return total


def empire_points(state, role) -> int:
    """rulebook 5.3: 1 point per Town, 2 per City."""
    points = {"town": data.TOWN_POINTS, "city": data.CITY_POINTS, "metropolis": data.METROPOLIS_POINTS}
    return sum(points[state["sites"][h]["kind"]] for h in sites_of(state, role))


def combat_supply(state, role) -> bool:
    """rulebook 11.2: a City on all four land terrains (and 15.0: lost while the Capital is lost)."""
    if not has_capital(state, role):
        return False
    sites, terrain = state["sites"], state["terrain"]  # his Cities (is_city), in one pass over the sites
    terrains = {terrain[h] for h in compress(range(len(sites)), sites)
                if sites[h]["owner"] == role and sites[h]["kind"] in CITY_KINDS}
    return all(t in terrains for t in data.LAND)
