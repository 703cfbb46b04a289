"""Movement (rulebook 10.0-10.3): land units, road/ferry movement, Frigates, port transit, and the
exploration that entering a hex causes (10.2); with Subjugation (16.84), moving through Alliance
hexes.

Units move one at a time (10.0 PROCEDURE), one hex per click; each hex costs 1 MP.

16.84 (subjugation.passable): a unit enters an Alliance hex without a Battle and may move on from
it, even a hex fought over this turn (13.2 limits Battles, and moving through is "without effect");
a Vassal (or any player who may not attack its owner) may enter it only if he can move on, and
never stops there; a Ruler who stops in his Vassal's hex attacks it (stop(): a Battle entered from
the hex he came from, state["via"]). Alliance Towns, Cities and land units help across Slow Terrain
and Alliance Towns and Cities make roads, as if they were his own.
"""
from __future__ import annotations

from . import data, explore, geometry, pieces, subjugation

is_enemy_hex = pieces.is_enemy_hex  # 13.0: entering it means a Battle


def _own_site(state, h, role) -> bool:
    s = state["sites"][h]
    return s is not None and s["owner"] == role


def _friendly_site(state, h, role) -> bool:
    """His Town/City, or (16.84) an Alliance player's, "as if they all belong to the moving player"."""
    s = state["sites"][h]
    return s is not None and (s["owner"] == role or subjugation.allied(state, role, s["owner"]))


def road_destinations(state, role, h: int) -> list:
    """10.13: from one of his Towns/Cities to another 2 or 3 contiguous land or water hexes away, if a
    2-3 hex path is devoid of enemy units; costs 1 MP. 16.84: Alliance Towns and Cities count."""
    if not _friendly_site(state, h, role):
        return []
    friends = subjugation.allies(state, role) or (role,)  # 16.84: Alliance Towns, Cities and units as his own
    sites = state["sites"]
    ends = [n for n in geometry.two_or_three_away(state["side"])[h]
            if sites[n] is not None and sites[n]["owner"] in friends]
    if not ends:
        return []
    terrain = state["terrain"]
    adj = geometry.neighbours(state["side"])
    blocked = {u["hex"] for u in state["units"] if u["owner"] not in friends}  # 10.13: enemy units block
    # a path's first and second hexes, revealed and open: a road ends next to one of them
    first = [n for n in adj[h] if terrain[n] is not None and n not in blocked]
    path = {n for x in first for n in adj[x] if terrain[n] is not None and n not in blocked}
    path.update(first)
    return [n for n in ends if not path.isdisjoint(adj[n])]


def may_enter(state, h: int, role, at=None) -> bool:
    """16.83, 16.84: a hex whose entry would attack a player he may not attack is closed to him
    (to stop in: see destinations for moving through)."""
    if not subjugation.enabled(state) or not is_enemy_hex(state, h, role, at):
        return True
    return all(subjugation.may_attack(state, role, o) for o in pieces.others_in(state, h, role, at))


def passing(state, u, at=None) -> bool:
    """16.84: the unit stands in an Alliance hex it is moving through."""
    return u is not None and u["hex"] is not None and subjugation.enabled(state) \
        and is_enemy_hex(state, u["hex"], u["owner"], at) and subjugation.passable(state, u["owner"], u["hex"], at)


def is_port(state, h: int, role) -> bool:
    """10.32: a land hex with one of his Towns/Cities adjacent to two water hexes."""
    if not _own_site(state, h, role):
        return False
    adj = geometry.neighbours(state["side"])[h]
    return sum(1 for n in adj if state["terrain"][n] == data.WATER) >= 2


def _steps(state, u: dict, h: int, mp: int, at=None) -> set:
    """The hexes next on the unit's way from h with mp MPs left (before 16.83/16.84 checks).
    `at`: an index of pieces.units_by_hex (built here if not given)."""
    if at is None:
        at = pieces.units_by_hex(state)
    result = _near_steps(state, u, h, mp, at)
    if u["type"] != data.FRIGATE:
        result.update(road_destinations(state, u["owner"], h))
    return result


def _near_steps(state, u: dict, h: int, mp: int, at) -> set:
    """_steps but the road moves of land units (10.13): the adjacent hexes."""
    role = u["owner"]
    adj = geometry.neighbours(state["side"])[h]
    terrain = state["terrain"]
    battled = state["battled"]  # _fought_over: no hex yet, most of a turn
    result = set()
    if u["type"] == data.FRIGATE:
        in_port = terrain[h] != data.WATER
        for n in adj:
            if terrain[n] == data.WATER:  # 13.2: one Battle per hex per turn (is_enemy_hex: Frigates)
                if not (battled and _fought_over(state, n, role, at)) or not is_enemy_hex(state, n, role, at):
                    result.add(n)
            elif not in_port and mp >= 2 and is_port(state, n, role) \
                    and not pieces.enemy_units_at(state, n, role, at):
                result.add(n)  # 10.32: enter a port only with the MP to leave it
        return result
    for n in adj:
        if terrain[n] in data.LAND and not (battled and _fought_over(state, n, role, at)
                                            and is_enemy_hex(state, n, role, at)):
            result.add(n)  # 13.0: entering an enemy hex starts a Battle; 13.2: one per hex per turn
    return result


def _any_step(state, u: dict, h: int, mp: int, at) -> bool:
    """any(_may_go(state, u, n, mp - 1, at) for n in _steps(state, u, h, mp, at)), looking at the
    adjacent hexes before the road moves."""
    near = _near_steps(state, u, h, mp, at)
    if near and _enterable_near(state):
        return True
    if any(_may_go(state, u, n, mp - 1, at) for n in near):
        return True
    return u["type"] != data.FRIGATE and \
        any(_may_go(state, u, n, mp - 1, at) for n in road_destinations(state, u["owner"], h))


def _enterable_near(state) -> bool:
    """Without 16.84 (Subjugation), _may_go holds for every hex _near_steps offers: it asks that a
    hex be no enemy hex or one not fought over this turn (13.0, 13.2), and _near_steps offers only
    such hexes (a port, 10.32, is his own Town or City without enemy units). Then nothing but a
    road move (10.13) needs _may_go. tests/test_viktory_fast_paths.py checks it."""
    return not subjugation.enabled(state)


def _all_enterable(state) -> bool:
    """_may_go holds for every hex without 16.84 (Subjugation) before the first Battle of the turn:
    it asks then only that the hex not be fought over this turn (13.2). tests/test_viktory_fast_paths.py
    checks it."""
    return not state["battled"] and not subjugation.enabled(state)


def _fought_over(state, h: int, role, at=None) -> bool:
    """13.2: a hex fought over this Player Turn sees no second Battle; 16.84: an Alliance hex may
    still be moved through, "without effect" (e.g. the Capital of a Vassal made this turn)."""
    return h in state["battled"] and not subjugation.passable(state, role, h, at)


def _slowed(state, u: dict, h: int, at=None) -> bool:
    """10.12: Infantry and Artillery stop in Forest or Mountain, unless A) his Town/City is there or
    B) one of his land units began the Player Turn there; 16.84: Alliance Towns, Cities and land
    units help alike; 16.1 Terrain Leveling: no Slow Terrain."""
    if u["type"] not in data.SLOWED_BY_TERRAIN or state["terrain"][h] not in data.SLOW_TERRAIN:
        return False
    if state["options"].get("leveling") or _friendly_site(state, h, u["owner"]) or h in state["turn_start"]:
        return False
    return not any(x["type"] in data.LAND_UNITS and subjugation.allied(state, u["owner"], x["owner"])
                   for x in pieces.units_at(state, h, at))


def _may_go(state, u: dict, n: int, mp_after: int, at=None) -> bool:
    """May the unit enter n, keeping mp_after MPs? An Alliance hex if it can stop there or move on
    (16.84); another player's hex if it may attack him (13.0, 16.83, 16.84)."""
    role = u["owner"]
    if n not in state["battled"] and may_enter(state, n, role, at):
        return True  # 13.2: no Battle fought there this turn (may_enter: any hex without Subjugation)
    if not is_enemy_hex(state, n, role, at):
        return True
    return subjugation.passable(state, role, n, at) and _can_go_on(state, u, n, mp_after, at)


def _can_go_on(state, u: dict, h: int, mp: int, at=None) -> bool:
    if mp < 1 or _slowed(state, u, h, at):
        return False
    if at is None:
        at = pieces.units_by_hex(state)
    return _any_step(state, u, h, mp, at)


def destinations(state, u: dict, at=None) -> list:
    """The hexes the unit may move into now (enemy hexes included: a Battle, 13.0), sorted: each of
    _steps that _may_go allows. `at`: an index of pieces.units_by_hex (built here if not given)."""
    if u["hex"] is None or u["mp"] < 1:
        return []
    if at is None:
        at = pieces.units_by_hex(state)
    h, mp = u["hex"], u["mp"]
    result = _near_steps(state, u, h, mp, at)  # _steps, each step checked with _may_go
    if not _enterable_near(state):
        result = {n for n in result if _may_go(state, u, n, mp - 1, at)}
    if u["type"] != data.FRIGATE:
        roads = road_destinations(state, u["owner"], h)
        result.update(roads if _all_enterable(state) else (n for n in roads if _may_go(state, u, n, mp - 1, at)))
    return sorted(result)


def can_move(state, u: dict, at=None) -> bool:
    """bool(destinations(state, u)), stopping at the first destination found."""
    if u["hex"] is None or u["mp"] < 1:
        return False
    if at is None:
        at = pieces.units_by_hex(state)
    return _any_step(state, u, u["hex"], u["mp"], at)


def can_reach(state, u: dict, n, at=None) -> bool:
    """n in destinations(state, u), looking at n only (n: any hashable value)."""
    if u["hex"] is None or u["mp"] < 1:
        return False
    if at is None:
        at = pieces.units_by_hex(state)
    h, mp = u["hex"], u["mp"]
    if n in _near_steps(state, u, h, mp, at):
        return _enterable_near(state) or _may_go(state, u, n, mp - 1, at)
    if u["type"] == data.FRIGATE or n not in road_destinations(state, u["owner"], h):
        return False
    return _may_go(state, u, n, mp - 1, at)


def may_stop(state, u: dict, at=None) -> bool:
    """10.32: a Frigate cannot end its movement in a port; 16.84: a unit ends its movement in an
    Alliance hex only if stopping there is an attack it may make (a Ruler on his Vassal, and not
    in a hex already fought over this turn, 13.2)."""
    if u["type"] == data.FRIGATE and state["terrain"][u["hex"]] != data.WATER:
        return False
    return not passing(state, u, at) \
        or (may_enter(state, u["hex"], u["owner"], at) and u["hex"] not in state["battled"])


def move(state, u: dict, dest: int) -> str:
    """Moves the unit one step (or one road move) into `dest`; 10.12 slow terrain; 10.2 reveal."""
    role, start = u["owner"], u["hex"]
    u["mp"] -= 1
    u["hex"] = dest
    state["via"] = start
    adj = geometry.neighbours(state["side"])
    text = f"{role} {u['type']} {start} → {dest}" + ("" if dest in adj[start] else " by road (10.13)")
    here = {dest: pieces.units_at(state, dest)}  # for the two questions below (an index of one hex)
    enemy = is_enemy_hex(state, dest, role, here)
    if subjugation.enabled(state) and enemy and subjugation.passable(state, role, dest):
        text += " (through an Alliance hex, 16.84)"
    elif enemy:  # 10.0 PROHIBITIONS: entering an enemy hex ends the move
        u["mp"] = 0
        state["attacks"].append([dest, start, u["id"]])
        text += " (to battle, 13.0)"
    if _slowed(state, u, dest, here):
        u["mp"] = 0
        text += f" (stops in {state['terrain'][dest]}, 10.12)"
    explore.start(state, role, adj[dest])  # 10.2
    return text


def stop(state, u: dict) -> str:
    """16.84: a Ruler's unit that stops in his Vassal's hex attacks it: "an immediate Battle ensues"
    (our reading: like entering an enemy hex, 13.0, so more units may join before it is fought)."""
    if not passing(state, u):
        return ""
    u["mp"] = 0
    state["attacks"].append([u["hex"], state["via"], u["id"]])
    return f"{u['owner']} {u['type']} stops at hex {u['hex']}: a Battle against the Vassal (16.84)"


def allowance(state, u: dict) -> int:
    """10.11, 10.31; 16.7 Frigate Options: Frigates have 8 MPs."""
    if u["type"] == data.FRIGATE and state["options"].get("frigates"):
        return data.FRIGATE_OPTIONS_ALLOWANCE
    return data.MOVEMENT_ALLOWANCE[u["type"]]


def land_hexes_at_turn_start(state, role, units=None) -> list:
    """10.12 B: hexes where one of his land units began the Player Turn (`units`: his units, if at hand)."""
    return sorted({u["hex"] for u in (pieces.units_of(state, role) if units is None else units)
                   if u["hex"] is not None and u["type"] in data.LAND_UNITS})
