"""Subjugation (rulebook 16.8) and the victory conditions 5.2 / 16.86 and 16.87 (option "subjugation").

State:
    rulers       {vassal: ruler} (16.81: a Vassal is in a forced Alliance with his Ruler and the
                 Ruler's other Vassals)
    no_attack    roles that lost their Capital and may not attack on their next Player Turn (16.83);
                 restrained: the current player is under that restriction this turn
    relocate     None or {"hex", "by"}: the Ruler must move his units out of the Vassal's Capital
                 (16.82), one unit per click (a hex id): any adjacent land hex, or aboard his adjacent
                 Frigates; where another player stands a Battle ensues
    ensuing      [[hex, attacker], ...] Battles that ensue at once (16.82), fought one after the
                 other, without a click, once every relocating unit has moved (rules._advance)
    reinforce    None or the Vassal who may now reinforce his Capital from his Reserve (16.82,
                 reserves.py); reinforce_next: Vassals made meanwhile (by a relocation Battle) whose
                 turn to reinforce comes after
    vassals_made {ruler: [vassals made since he last lost his Capital]} for 16.87

Our readings (the About page says so): every relocating unit moves first, then the Battles are
fought, one per hex with all the units relocated there (13.0, 13.2: not into a hex already fought
over this turn); a unit with nowhere to go returns to the Reserve. Moving through Alliance hexes
(16.84) is movement.py's; a Ruler's units that stop in a Vassal's hex attack it like units entering
an enemy hex (13.0), and once he has units waiting to fight a Vassal, that Vassal's hexes are no
longer moved through (16.85 note: the Alliance movement serves a single attack).
"""
from __future__ import annotations

from . import data, explore, geometry, pieces

DONE = "done"


def enabled(state) -> bool:
    return state["options"]["subjugation"]  # a bool (rules.setup)


def ruler_of(state, role):
    return state["rulers"].get(role)


def alliance(state, role) -> set:
    """16.81: the Ruler and all of that Ruler's Vassals."""
    head = state["rulers"].get(role, role)
    return {head} | {v for v, r in state["rulers"].items() if r == head}


def allied(state, a, b) -> bool:
    return a != b and enabled(state) and b in alliance(state, a)


def allies(state, role):
    """The Alliance of `role` (himself included), or nobody without Subjugation: for another player
    b, allied(state, role, b) is `b in allies(state, role)`, for a caller asking of many units."""
    return alliance(state, role) if enabled(state) else ()


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


def _waiting_to_fight(state, role, other, at=None) -> bool:
    """Units of `role` have entered a hex of `other` and wait for the Battle (13.0)."""
    return any(other in pieces.others_in(state, h, role, at) for h in {a[0] for a in state["attacks"]})


def passable(state, role, h: int, at=None) -> bool:
    """16.84: a hex holding only Alliance units, Towns or Cities, which `role` moves through without
    effect (a Vassal never stops there; a Ruler who stops there attacks his Vassal). 16.85 note:
    once the Ruler has units waiting to fight a Vassal, that Vassal's hexes are enemy hexes.
    `at`: an index of pieces.units_by_hex, for a caller that looks at many hexes."""
    if not enabled(state):
        return False  # nobody is allied (allied() below): the same answer without looking at the hex
    owners = pieces.others_in(state, h, role, at)
    if not owners or not all(allied(state, role, o) for o in owners):
        return False
    return not any(state["rulers"].get(o) == role and _waiting_to_fight(state, role, o, at) for o in owners)


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
    Capital; the winner's units leave it (relocate) and the Vassal may reinforce it (reinforce)."""
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
    if state["reinforce"] is not None:  # taken in a relocation Battle: the first Vassal waits
        state["reinforce_next"].append(state["reinforce"])
    state["relocate"] = {"hex": h, "by": winner}
    state["reinforce"] = loser
    return "; ".join(lines)


# --- 16.82: the Ruler's units leave the Vassal's Capital ---------------------------------------------

def _relocating_unit(state):
    r = state["relocate"]
    units = [u for u in pieces.units_at(state, r["hex"]) if u["owner"] == r["by"]]
    return min(units, key=lambda u: u["id"]) if units else None


def relocation_hexes(state) -> list:
    """16.82: "any adjacent hex(es) of his choice, including onto any of his adjacent Frigates";
    a land hex where another player stands means a Battle, except where one was fought this turn
    (13.2)."""
    r = state["relocate"]
    result = []
    for n in geometry.neighbours(state["side"])[r["hex"]]:
        if state["terrain"][n] in data.LAND:
            if not (n in state["battled"] and pieces.is_enemy_hex(state, n, r["by"])):
                result.append(n)
        elif state["terrain"][n] == data.WATER and pieces.frigates_with_room(state, r["by"], n):
            result.append(n)
    return result


def _move(state, u, n) -> str:
    r = state["relocate"]
    battle = state["terrain"][n] in data.LAND and pieces.is_enemy_hex(state, n, u["owner"])
    text = f"{u['owner']} {u['type']} relocates {pieces.move_or_board(state, u, n)} (16.82)"
    u["mp"] = 0
    if battle:  # 16.82: "a battle immediately ensues"
        state["attacks"].append([n, r["hex"], u["id"]])
        if [n, u["owner"]] not in state["ensuing"]:
            state["ensuing"].append([n, u["owner"]])
        text += " — a Battle ensues"
    if u["hex"] is not None:
        explore.start(state, u["owner"], geometry.neighbours(state["side"])[n])  # 10.2
    return text


def relocate(state, n: int) -> str:
    return _move(state, _relocating_unit(state), n)


def settle(state) -> list:
    """Moves the relocating units that have a single choice (to the Reserve with none: our reading),
    ends the relocation when the Capital is empty, and hands the reinforcement on to a waiting
    Vassal. Stops at a pending choice or exploration. Returns log lines."""
    lines = []
    while state["relocate"] is not None and state["explore"] is None:
        u = _relocating_unit(state)
        if u is None:
            state["relocate"] = None
            break
        options = relocation_hexes(state)
        if len(options) > 1:
            return lines
        if not options:
            u["hex"], u["mp"] = None, 0
            lines.append(f"{u['owner']} {u['type']} has nowhere to relocate: to the Reserve (16.82)")
        else:
            lines.append(_move(state, u, options[0]))
    if state["relocate"] is None and state["reinforce"] is None and state["reinforce_next"] \
            and not state["ensuing"]:
        state["reinforce"] = state["reinforce_next"].pop()
        lines.append(f"{state['reinforce']} may now reinforce the Capital (16.82)")
    return lines


def ensuing_battle(state):
    """The next Battle that ensues at once (16.82), as [hex, attacker], once no relocating unit is
    left to move; None if there is none."""
    if state["relocate"] is not None and _relocating_unit(state) is not None:
        return None
    while state["ensuing"]:
        h, attacker = state["ensuing"].pop(0)
        if any(a[0] == h for a in state["attacks"]):
            return [h, attacker]
    return None


def conceded(state, role) -> list:
    """16.86 "or concede" (rules._concede): the conceding player leaves the Alliance with the game;
    his Vassals have no Ruler left and are free (our reading, as when a Ruler loses his Capital,
    16.85 #2). vassals_made keeps him: 16.87 counts Vassals made, whatever became of them."""
    lines = []
    for v, r in list(state["rulers"].items()):
        if r == role:
            state["rulers"].pop(v)
            lines.append(f"{v} is no longer a Vassal: his Ruler {role} has conceded (16.86)")
    state["rulers"].pop(role, None)
    state["no_attack"] = [r for r in state["no_attack"] if r != role]
    state["reinforce_next"] = [r for r in state["reinforce_next"] if r != role]
    return lines


def winner(state, alive) -> list:
    """5.2 / 16.86: every other player still in the game is his Vassal; 16.87 (optional): he has
    made Vassals of two different players since he last lost his Capital."""
    # every other player a Vassal: as many Vassals at least (none yet: no 5.2 winner)
    for role in alive if state["rulers"] and len(state["rulers"]) >= len(alive) - 1 else ():
        others = [r for r in alive if r != role]
        if others and all(state["rulers"].get(r) == role for r in others):
            return [role, "5.2"]
    if state["options"].get("alliance_two"):
        for role in alive:
            if len(state["vassals_made"].get(role, [])) >= 2:
                return [role, "16.87"]
    return []
