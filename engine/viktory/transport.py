"""Naval transport of land units (rulebook 10.4, 10.41-10.47) and the 16.7 Frigate Options variant.

Per-unit fields (pieces.py): a Frigate's "carried" counts the land units it has carried this Player
Turn (10.41: 3 in total per turn; cargo already aboard when the turn begins counts, our reading) and
"landed" is the hex it disembarked into this turn (10.46) or None; a land unit's "shipped" says it
has been transported this turn (10.43, 10.44, 10.45) and its "landed" is the id of the Frigate that
landed it this turn (16.7: one hex side per Battle hex) or None.

Actions of the selected Frigate (rules.py, move phase):
    ["embark", unit id]  pick up one of his land units from an adjacent land hex (10.42; no MP cost);
                         the land unit must not have moved or attacked this turn (10.43, 10.44)
    ["land", hex]        disembark all the cargo into one adjacent land hex (10.46), enemy hexes
                         included (10.47 Amphibious Landing: a Land Battle follows, entered from the
                         Frigate's water hex)
    ["land", hex, type]  disembark one unit of that type there (with two or more aboard); the rest
                         may follow into the same hex only (10.46), or stay aboard as cargo (10.45)
A Frigate picks up and drops off only on water, never from within a port (10.32), and may do so after
moving and attacking (10.47 note, 12.2). Disembarking ends its movement (10.46) unless 16.7.
"""
from __future__ import annotations

from . import data, explore, geometry, movement, pieces

EMBARK, LAND = "embark", "land"


def frigate_options(state) -> bool:
    return bool(state["options"].get("frigates"))


def room(state, f: dict) -> int:
    """10.41: 3 at a time and 3 in total per turn (16.7: 3 at a time only)."""
    at_once = pieces.frigate_room(state, f)
    if frigate_options(state):
        return at_once
    return min(at_once, data.FRIGATE_CAPACITY - f["carried"])


def _mp_cost(state) -> int:
    return 1 if frigate_options(state) else 0  # 16.7: 1 MP per unit embarked or disembarked


def _can_act(state, f: dict) -> bool:
    if f["type"] != data.FRIGATE or f["hex"] is None or state["terrain"][f["hex"]] != data.WATER:
        return False
    if f["hex"] in {h for h, _f, _u in state["attacks"]}:
        return False  # still waiting for its Naval Battle
    if frigate_options(state):
        return f["mp"] >= 1
    return True


def embark_candidates(state, f: dict) -> list:
    """10.42, 10.43, 10.44: his land units in adjacent land hexes that have neither moved nor attacked."""
    if not _can_act(state, f) or room(state, f) <= 0:
        return []
    if f["landed"] is not None and not frigate_options(state):
        return []  # 10.46: landing ended its movement
    adj = set(geometry.neighbours(state["side"])[f["hex"]])
    waiting = {uid for _h, _f, uid in state["attacks"]}
    return [u for u in pieces.units_of(state, f["owner"])
            if u["hex"] in adj and u["type"] in data.LAND_UNITS and not u["shipped"]
            and not u["attacked"] and u["mp"] == data.MOVEMENT_ALLOWANCE[u["type"]]
            and u["id"] not in waiting]


def _other_side_of_battle(state, f: dict, h: int) -> bool:
    """16.7: has this Frigate landed units into the Battle hex h from another hex side?"""
    return any(bh == h and side != f["hex"] and pieces.unit(state, uid)["landed"] == f["id"]
               for bh, side, uid in state["attacks"])


def landing_hexes(state, f: dict) -> list:
    """10.46, 10.47: an adjacent land hex, with or without enemy units (not a hex already fought over
    this turn, 13.2); 16.7: several hexes, but one hex side only of each Battle hex."""
    if not _can_act(state, f) or not pieces.cargo(state, f["id"]):
        return []
    result = []
    for n in geometry.neighbours(state["side"])[f["hex"]]:
        if f["landed"] is not None and not frigate_options(state) and n != f["landed"]:
            continue  # 10.46: a single landing hex per turn
        if state["terrain"][n] not in data.LAND:
            continue
        if n in state["battled"] and movement.is_enemy_hex(state, n, f["owner"]):
            continue
        if not movement.may_enter(state, n, f["owner"]):
            continue  # 16.83, 16.84
        if frigate_options(state) and _other_side_of_battle(state, f, n):
            continue
        result.append(n)
    return result


def actions(state, f: dict) -> list:
    acts = [[EMBARK, u["id"]] for u in embark_candidates(state, f)]
    cargo = pieces.cargo(state, f["id"])
    kinds = [k for k in data.LAND_UNITS if any(u["type"] == k for u in cargo)]
    all_at_once = _mp_cost(state) * len(cargo) <= f["mp"]  # 16.7: 1 MP per unit disembarked
    for h in landing_hexes(state, f):
        if all_at_once:
            acts.append([LAND, h])
        if len(cargo) > 1:
            acts += [[LAND, h, k] for k in kinds]
    return acts


def embark(state, f: dict, uid: int) -> str:
    u = pieces.unit(state, uid)
    start = u["hex"]
    u["hex"], u["aboard"], u["mp"], u["shipped"] = None, f["id"], 0, True  # 10.43: its whole allowance
    f["carried"] += 1
    f["mp"] -= _mp_cost(state)
    return f"{f['owner']} Frigate at hex {f['hex']} embarks the {u['type']} from hex {start} (10.42)"


def land(state, f: dict, h: int, kind=None) -> str:
    role = f["owner"]
    cargo = pieces.cargo(state, f["id"])
    if kind is not None:
        cargo = [next(u for u in cargo if u["type"] == kind)]
    enemy = movement.is_enemy_hex(state, h, role)
    for u in cargo:
        u["hex"], u["aboard"], u["mp"], u["shipped"], u["landed"] = h, None, 0, True, f["id"]
        if enemy:  # 10.47: an Amphibious Landing, entering from the Frigate's water hex
            state["attacks"].append([h, f["hex"], u["id"]])
    f["landed"] = h
    if frigate_options(state):
        f["mp"] = max(0, f["mp"] - len(cargo))  # 16.7: 1 MP per unit; movement goes on
    else:
        f["mp"] = 0  # 10.46: disembarking ends the Frigate's movement
    explore.start(state, role, geometry.neighbours(state["side"])[h])  # 10.2: entering reveals
    kinds = ", ".join(u["type"] for u in cargo)
    return (f"{role} Frigate at hex {f['hex']} lands {kinds} at hex {h} (10.46)"
            + (" — an Amphibious Landing (10.47)" if enemy else ""))


def start_of_turn(state, role, units=None) -> None:
    """`units`: his units (pieces.units_of), if at hand."""
    aboard = {}  # Frigate id: its cargo count (len(pieces.cargo)), counted once
    for u in state["units"]:
        if u["aboard"] is not None:
            aboard[u["aboard"]] = aboard.get(u["aboard"], 0) + 1
    for u in pieces.units_of(state, role) if units is None else units:
        u["landed"], u["shipped"] = None, u["aboard"] is not None  # 10.45: cargo counts as shipped
        u["carried"] = aboard.get(u["id"], 0) if u["type"] == data.FRIGATE else 0
        if u["aboard"] is not None:
            u["mp"] = 0
