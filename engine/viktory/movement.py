"""Movement (rulebook 10.0-10.3): land units, road/ferry movement, Frigates, port transit, and the
exploration that entering a hex causes (10.2).

Units move one at a time (10.0 PROCEDURE), one hex per click; each hex costs 1 MP.
"""
from __future__ import annotations

from collections import deque

from . import data, explore, geometry, pieces, subjugation


def _own_site(state, h, role) -> bool:
    s = state["sites"][h]
    return s is not None and s["owner"] == role


def _enemy_site(state, h, role) -> bool:
    s = state["sites"][h]
    return s is not None and s["owner"] != role


def road_destinations(state, role, h: int) -> list:
    """10.13: from one of his Towns/Cities to another 2 or 3 contiguous land or water hexes away, if a
    2-3 hex path is devoid of enemy units; costs 1 MP."""
    if not _own_site(state, h, role):
        return []
    adj = geometry.neighbours(state["side"])
    dist = {h: 0}
    queue = deque([h])
    found = set()
    while queue:
        x = queue.popleft()
        if dist[x] == 3:
            continue
        for n in adj[x]:
            if n in dist or state["terrain"][n] is None:
                continue
            dist[n] = dist[x] + 1
            if _own_site(state, n, role) and dist[n] >= 2:
                found.add(n)
            if not pieces.enemy_units_at(state, n, role):  # the path must be devoid of enemy units
                queue.append(n)
    return sorted(found)


is_enemy_hex = pieces.is_enemy_hex  # 13.0: entering it means a Battle


def may_enter(state, h: int, role) -> bool:
    """16.83, 16.84: a hex whose entry would attack a player he may not attack is closed to him."""
    if not subjugation.enabled(state) or not is_enemy_hex(state, h, role):
        return True
    owners = {u["owner"] for u in pieces.enemy_units_at(state, h, role)}
    if state["sites"][h] is not None and state["sites"][h]["owner"] != role:
        owners.add(state["sites"][h]["owner"])
    return all(subjugation.may_attack(state, role, o) for o in owners)


def is_port(state, h: int, role) -> bool:
    """10.32: a land hex with one of his Towns/Cities adjacent to two water hexes."""
    if not _own_site(state, h, role):
        return False
    adj = geometry.neighbours(state["side"])[h]
    return sum(1 for n in adj if state["terrain"][n] == data.WATER) >= 2


def destinations(state, u: dict) -> list:
    """The hexes the unit may move into now (enemy hexes included: a Battle, 13.0), sorted."""
    if u["hex"] is None or u["mp"] < 1:
        return []
    role, h = u["owner"], u["hex"]
    adj = geometry.neighbours(state["side"])[h]
    terrain = state["terrain"]
    result = set()
    if u["type"] == data.FRIGATE:
        in_port = terrain[h] != data.WATER
        for n in adj:
            if terrain[n] == data.WATER:
                enemy = any(e["type"] == data.FRIGATE for e in pieces.enemy_units_at(state, n, role))
                if not enemy or n not in state["battled"]:  # 13.2: one Battle per hex per turn
                    result.add(n)
            elif not in_port and u["mp"] >= 2 and is_port(state, n, role) \
                    and not pieces.enemy_units_at(state, n, role):
                result.add(n)  # 10.32: enter a port only with the MP to leave it
        return sorted(n for n in result if may_enter(state, n, role))
    for n in adj:
        if terrain[n] in data.LAND and (n not in state["battled"] or not is_enemy_hex(state, n, role)):
            result.add(n)  # 13.0: entering an enemy hex starts a Battle; 13.2: one per hex per turn
    result.update(road_destinations(state, role, h))
    return sorted(n for n in result if may_enter(state, n, role))


def may_stop(state, u: dict) -> bool:
    """10.32: a Frigate cannot end its movement in a port."""
    return not (u["type"] == data.FRIGATE and state["terrain"][u["hex"]] != data.WATER)


def move(state, u: dict, dest: int) -> str:
    """Moves the unit one step (or one road move) into `dest`; 10.12 slow terrain; 10.2 reveal."""
    role, start = u["owner"], u["hex"]
    u["mp"] -= 1
    u["hex"] = dest
    terrain = state["terrain"][dest]
    road = geometry.distance(state["side"], start, dest) > 1
    text = f"{role} {u['type']} {start} → {dest}" + (" by road (10.13)" if road else "")
    if is_enemy_hex(state, dest, role):  # 10.0 PROHIBITIONS: entering an enemy hex ends the move
        u["mp"] = 0
        state["attacks"].append([dest, start, u["id"]])
        text += " (to battle, 13.0)"
    if u["type"] in data.SLOWED_BY_TERRAIN and terrain in data.SLOW_TERRAIN \
            and not state["options"].get("leveling"):  # 16.1 Terrain Leveling: no slow terrain
        # 10.12: must stop, unless A) his Town/City is there or B) one of his land units began there
        if not _own_site(state, dest, role) and dest not in state["turn_start"]:
            u["mp"] = 0
            text += f" (stops in {terrain}, 10.12)"
    explore.start(state, role, geometry.neighbours(state["side"])[dest])  # 10.2
    return text


def allowance(state, u: dict) -> int:
    """10.11, 10.31; 16.7 Frigate Options: Frigates have 8 MPs."""
    if u["type"] == data.FRIGATE and state["options"].get("frigates"):
        return data.FRIGATE_OPTIONS_ALLOWANCE
    return data.MOVEMENT_ALLOWANCE[u["type"]]


def land_hexes_at_turn_start(state, role) -> list:
    """10.12 B: hexes where one of his land units began the Player Turn."""
    return sorted({u["hex"] for u in pieces.units_of(state, role)
                   if u["hex"] is not None and u["type"] in data.LAND_UNITS})
