"""I. Building Action (quarry), and the tile work of "Palace: Master builder".

Clicks: the quarry space; a stack (["stack", k], its top tile); the dice of its colour one by one
(["die", colour, value] or ["flip", ...] with karma, common.py "pay"); a square (["cell", r, c]); a
rotation (["rot", k], skipped when only one rotation fits). The Master builder: a stack, the tile to
cover (["cover", r, c]), the dice for the difference, the rotation.

Readings (documented in the About text):
  * A quarry worker may be placed only if some open tile can be both paid and placed.
  * Covering a tile scores the new tile like a building action (its markets and buildings), and
    the edge yields it newly connects; a yield already taken is never taken again ("When covering
    a tile, you do not receive any special yield again").
  * A covering tile is never covered again, nor the square ("You may cover every province tile only
    once").
"""
from __future__ import annotations

from . import common, data, province
from .common import log, push


def quarry_cost(state):
    n = state["options"]["players"]
    placed = len(state["spaces"]["quarry"])
    costs = data.QUARRY_COSTS[n]
    return costs[placed] if placed < len(costs) else None


def quarry_stacks(state, p) -> list:
    tops = [(k, common.top(state, k)) for k in range(len(state["stacks"]))]
    return [k for k, t in tops if t is not None and common.affordable(p, t) and province.can_place(p, t)]


def can_use_quarry(state, role) -> bool:
    p = state["players"][role]
    cost = quarry_cost(state)
    return cost is not None and p["money"] >= cost and bool(quarry_stacks(state, p))


def place_quarry(state, role) -> None:
    cost = quarry_cost(state)
    common.pay_money(state, role, cost)
    log(state, f"{role} sends a worker to the quarry and pays {cost} money")
    push(state, {"k": "stack", "mode": "quarry"})


# --- effects -----------------------------------------------------------------------------------------

def _opt_stack(state, role, eff):
    p = state["players"][role]
    ks = quarry_stacks(state, p) if eff["mode"] == "quarry" else common.builder_stacks(state, p)
    return [["stack", k] for k in ks]


def _res_stack(state, role, eff, action):
    k = action[1]
    tile_id = state["stacks"][k].pop()
    if state["stacks"][k]:
        state["reveals"] += 1  # the next tile of the stack comes into view
    state["held"] = tile_id
    t = data.TILE[tile_id]
    log(state, f"{role} takes the {t['colour']} {t['cost']} tile ({t['back']} stack)")
    if eff["mode"] == "quarry":
        push(state, {"k": "pay", "mode": "sum", "colour": t["colour"], "need": t["cost"], "paid": 0,
                     "then": [{"k": "cell"}]})
    else:
        push(state, {"k": "cover"})


def _opt_cell(state, role, eff):
    p = state["players"][role]
    return [["cell", r, c] for (r, c) in sorted(province.placements(p, state["held"]))]


def _res_cell(state, role, eff, action):
    push(state, {"k": "rot", "cell": [action[1], action[2]], "cover": False})


def _opt_cover(state, role, eff):
    p = state["players"][role]
    return [["cover", r, c] for r, c in common.covers(state, p, state["held"])]


def _res_cover(state, role, eff, action):
    p = state["players"][role]
    r, c = action[1], action[2]
    new, old = data.TILE[state["held"]], data.TILE[p["province"][r][c][0]]
    diff = new["cost"] - old["cost"]
    log(state, f"{role} will cover the {old['colour']} {old['cost']} tile: difference {diff}")
    push(state, {"k": "pay", "mode": "sum", "colour": new["colour"], "need": diff, "paid": 0,
                 "then": [{"k": "rot", "cell": [r, c], "cover": True}]})


def rotations(state, role, eff) -> list:
    p = state["players"][role]
    r, c = eff["cell"]
    if eff["cover"]:
        return province.cover_rotations(p, r, c, state["held"])
    return province.placements(p, state["held"]).get((r, c), [])


def _opt_rot(state, role, eff):
    rots = rotations(state, role, eff)
    return None if len(rots) == 1 else [["rot", k] for k in rots]


def _res_rot(state, role, eff, action):
    rot = action[1] if action is not None else rotations(state, role, eff)[0]
    lay_tile(state, role, eff["cell"][0], eff["cell"][1], rot, eff["cover"])


def building_fame(state, p, building) -> int:
    """Fame for one building laid now: the level of its upgrade cube, less the fame-5 bonus's upgrade
    taken this turn ("This upgrade counts from your next turn on", rulebook "Bonuses On The Scoring
    Tracks"; only the player whose turn it is lays tiles)."""
    return p["upgrades"][building] - (building == state["late_upgrade"])


def lay_tile(state, role, r, c, rot, cover) -> None:
    """Puts the held tile down and scores it: markets give money, buildings fame at the player's
    upgrade level (building_fame), then the newly connected edge yields (rulebook "Special Yields")."""
    p = state["players"][role]
    tile_id = state["held"]
    state["held"] = None
    t = data.TILE[tile_id]
    under = p["province"][r][c][0] if cover else None
    p["province"][r][c] = [tile_id, rot, under]
    log(state, f"{role} {'covers the tile on' if cover else 'places the tile on'} row {r + 1}, column {c + 1}")
    effects = []
    money = sum(v for _, v in t["markets"])
    if money:
        effects.append({"k": "money", "n": money, "why": "markets"})
    fame = sum(building_fame(state, p, b) for b in t["buildings"])
    if fame:
        effects.append({"k": "fame", "n": fame, "why": "buildings"})
    for key in province.edge_yields(r, c, province.rotate(t["roads"], rot)):
        name = f"{key[0]},{key[1]},{key[2]}"
        if name in p["yields"]:
            continue
        p["yields"].append(name)
        kind, n = data.EDGE_YIELDS[key]
        effects.append({"k": "reward", "kind": kind, "n": n, "why": "special yield"})
    push(state, *effects)


HANDLERS = {
    "stack": (_opt_stack, _res_stack),
    "cell": (_opt_cell, _res_cell),
    "cover": (_opt_cover, _res_cover),
    "rot": (_opt_rot, _res_rot),
}
