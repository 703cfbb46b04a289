"""Subjugation (rulebook 16.8) and the victory conditions 5.2 / 16.86 and 16.87 (option "subjugation").

State:
    rulers       {vassal: ruler} (16.81: a Vassal is in a forced Alliance with his Ruler and the
                 Ruler's other Vassals)
    no_attack    roles that lost their Capital and may not attack on their next Player Turn (16.83);
                 restrained: the current player is under that restriction this turn
    relocate     None or {"hex", "by"}: the Ruler must move his units out of the Vassal's Capital
                 (16.82), one unit per click (a hex id)
    reinforce    None or the Vassal who may now reinforce his Capital from his Reserve (16.82): a unit
                 type puts one such land unit in the Capital, a water hex id a Frigate there, "done"
    vassals_made {ruler: [vassals made since he last lost his Capital]} for 16.87

Our simplifications (the About page says so): the Ruler's units relocate only into hexes where no
other player stands (or aboard his Frigates with room), going to his Reserve if there is none, so no
Battle follows a relocation; Vassal Frigates are not placed into hexes holding another player's
Frigate; moving *through* Alliance hexes is not offered (a Vassal cannot enter them at all; a Ruler
entering his Vassal's hex fights, which frees the Vassal, 16.85 #1).
"""
from __future__ import annotations

from . import data, geometry, pieces

DONE = "done"


def enabled(state) -> bool:
    return bool(state["options"].get("subjugation"))


def ruler_of(state, role):
    return state["rulers"].get(role)


def alliance(state, role) -> set:
    """16.81: the Ruler and all of that Ruler's Vassals."""
    head = state["rulers"].get(role, role)
    return {head} | {v for v, r in state["rulers"].items() if r == head}


def allied(state, a, b) -> bool:
    return a != b and enabled(state) and b in alliance(state, a)


def may_attack(state, attacker, defender) -> bool:
    """16.84: a Vassal may not attack Alliance units, Towns or Cities; a Ruler may attack his Vassal
    (that frees him, 16.85 #1). 16.83: nobody attacks during the turn after losing his Capital."""
    if not enabled(state):
        return True
    if state.get("restrained") and attacker == state["current"]:
        return False
    if allied(state, attacker, defender):
        return state["rulers"].get(defender) == attacker
    return True


def free(state, vassal, why) -> str:
    state["rulers"].pop(vassal, None)
    return f"{vassal} is no longer a Vassal ({why}, 16.85)"


def on_attack(state, attacker, defender) -> str:
    """16.85 #1: a Ruler attacking his Vassal (Battle or Bombard) frees him."""
    if enabled(state) and state["rulers"].get(defender) == attacker:
        return free(state, defender, f"{attacker} attacked")
    return ""


def capital_taken(state, winner, loser, h: int) -> str:
    """16.81, 16.82, 16.85: instead of 15.0, the loser becomes the winner's Vassal and keeps his
    Capital; the winner's units leave it and the Vassal may reinforce it."""
    lines = [f"{winner} takes {loser}'s Capital: {loser} becomes {winner}'s Vassal (16.81)"]
    for v, r in list(state["rulers"].items()):
        if r == loser:
            lines.append(free(state, v, f"its Ruler {loser} lost his Capital"))  # 16.85 #2
    if winner in state["rulers"]:
        lines.append(free(state, winner, f"{winner} took a Capital"))  # 16.85 #3
    state["rulers"][loser] = winner
    state["rulers"] = {v: r for v, r in state["rulers"].items() if v != winner}
    made = state["vassals_made"].setdefault(winner, [])
    if loser not in made:
        made.append(loser)
    state["vassals_made"][loser] = []  # 16.87: his own count starts again
    if loser not in state["no_attack"]:
        state["no_attack"].append(loser)  # 16.83
    state["relocate"] = {"hex": h, "by": winner}
    state["reinforce"] = loser
    settle_relocation(state)
    return "; ".join(lines)


def _relocating_unit(state):
    r = state["relocate"]
    units = [u for u in pieces.units_at(state, r["hex"]) if u["owner"] == r["by"]]
    return min(units, key=lambda u: u["id"]) if units else None


def relocation_hexes(state) -> list:
    r = state["relocate"]
    u = _relocating_unit(state)
    result = []
    for n in geometry.neighbours(state["side"])[r["hex"]]:
        others = [x for x in pieces.units_at(state, n) if x["owner"] != r["by"]]
        site = state["sites"][n]
        if state["terrain"][n] in data.LAND and u["type"] != data.FRIGATE:
            if not others and (site is None or site["owner"] == r["by"]):
                result.append(n)
        elif state["terrain"][n] == data.WATER and u["type"] in data.LAND_UNITS:
            if pieces.frigates_with_room(state, r["by"], n):
                result.append(n)
    return result


def _move(state, u, n) -> str:
    return f"{u['owner']} {u['type']} relocates {pieces.move_or_board(state, u, n)} (16.82)"


def settle_relocation(state) -> list:
    lines = []
    while state["relocate"] is not None:
        u = _relocating_unit(state)
        if u is None:
            state["relocate"] = None
            break
        options = relocation_hexes(state)
        if len(options) > 1:
            break
        if not options:  # our reading: nowhere to go, so to the Reserve
            u["hex"], u["mp"] = None, 0
            lines.append(f"{u['owner']} {u['type']} has nowhere to relocate: to the Reserve (16.82)")
        else:
            lines.append(_move(state, u, options[0]))
    return lines


def relocate(state, n: int) -> str:
    u = _relocating_unit(state)
    return "; ".join([_move(state, u, n)] + settle_relocation(state))


def reinforce_actions(state) -> list:
    role = state["reinforce"]
    h = state["capitals"][role]
    kinds = [k for k in data.LAND_UNITS if any(u["type"] == k for u in pieces.reserve(state, role))]
    waters = []
    if any(u["type"] == data.FRIGATE for u in pieces.reserve(state, role)):
        for n in geometry.neighbours(state["side"])[h]:
            if state["terrain"][n] == data.WATER and not any(
                    f["type"] == data.FRIGATE and f["owner"] != role for f in pieces.units_at(state, n)):
                waters.append(n)
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
    if reinforce_actions(state) == [DONE]:
        state["reinforce"] = None
    return f"{role} reinforces the Capital with a {kind} (16.82)"


def winner(state, alive) -> list:
    """5.2 / 16.86: every other player still in the game is his Vassal; 16.87 (optional): he has
    made Vassals of two different players since he last lost his Capital."""
    for role in alive:
        others = [r for r in alive if r != role]
        if others and all(state["rulers"].get(r) == role for r in others):
            return [role, "5.2"]
    if state["options"].get("alliance_two"):
        for role in alive:
            if len(state["vassals_made"].get(role, [])) >= 2:
                return [role, "16.87"]
    return []
