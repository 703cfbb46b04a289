"""One battle of an Attack (3.2.4, 3.3.4, 3.4.4) or a Mongol Attack (3.5.3), with Cavalry (1.10).

A battle frame runs these stages (the input stages wait for the named Faction):
    roll        the attacker rolls four dice (three when the Sultanate or Vijayanagara attack the
                Bahmani Kingdom where a Fort is, or the Mongols attack in Delhi), the defender two
    att_cav     the attacker may spend Cavalry: ["charge", i] lowers its own die i by one (not
                below 1), ["screen", j] removes the opponent's die j unless it shows 1; "done"
    def_cav     the same for the defender (1.10: attacker first, then defender); the Mongols always
                Charge once, automatically (1.10, 3.5.3)
    hits        each side scores a hit per modified roll at most its number of Units involved, at
                most five hits, and a modified 6 always misses
    att_loss    the attacker removes its own pieces, one click each: [space, kind]
    def_loss    the defender removes its own pieces in the space
    influence   between Bahmani and Vijayanagara, the side losing fewer pieces gains one Influence
                and the other loses one (3.3.4, 3.4.4)

Frame: {"kind": "battle", "role", "attacker", "defender", "space", "support": [space, {kind: n}]
or None, "stage", "dice": {"att": [...], "def": [...]}, "hits": {...}, "lost": {...}}.
Readings:
  * Charge and "rolls of 6 always miss": a Charged 6 becomes a 5 and scores a hit when the side has
    five or more Units involved. 3.2.4/3.3.4/3.4.4 score "one hit for each of their modified rolls
    that is equal to or less than the number of their Units involved ..., up to a maximum of five
    (rolls of 6 always miss)": the test is on the modified roll, and a modified 5 is not a 6.
    1.10 agrees: the Mongols' Charge "must be used to convert a miss into a hit", which with five or
    more Mongols can only be a 6 made a 5. The parenthesis reads as the consequence of "a maximum of
    five" on the threshold (a roll hits if it is at most min(Units, 5)); reading the five as a cap on
    hits instead changes nothing, since no battle rolls more than four dice.
  * The attacker's casualties are the Units involved (in the space and the supporters), the
    defender's any of its pieces in the space (Structures included: "removes its own pieces").
"""
from engine.core import rng

from . import board_state, data
from .frames import Handler, log, pop

MONGOLS = data.MONGOLS
DONE = "done"
HITS_MAX = 5  # 3.2.4, 3.3.4, 3.4.4, 3.5.3


def start(attacker, defender, space, support=None, units_used=None) -> dict:
    """A battle frame ready to roll. `units_used` are the attacker's Units in `space` already used
    in another attack of this Command (3.1.2): they do not attack here."""
    return {"kind": "battle", "role": None, "attacker": attacker, "defender": defender, "space": space,
            "support": support, "units_used": units_used or {}, "stage": "roll",
            "dice": {"att": [], "def": []}, "hits": {"att": 0, "def": 0}, "lost": {"att": 0, "def": 0}}


def attacker_units(state, frame) -> dict:
    """{(space, kind): n} of the attacker's Units involved."""
    involved = {}
    for kind in data.KINDS_OF[frame["attacker"]]:
        if kind in data.UNITS:
            n = state["spaces"][frame["space"]][kind] - frame["units_used"].get(kind, 0)
            if n > 0:
                involved[(frame["space"], kind)] = n
    if frame["support"]:
        src, kinds = frame["support"]
        for kind, n in kinds.items():
            if n > 0:
                involved[(src, kind)] = involved.get((src, kind), 0) + n
    return involved


def defender_units(state, frame) -> int:
    return board_state.faction_units(state, frame["space"], frame["defender"])


def attacker_dice(state, frame) -> int:
    if frame["attacker"] == MONGOLS and frame["space"] == data.DELHI_SPACE:
        return 3  # 3.5.3, 2.6
    if (frame["defender"] == data.BAHMANI and frame["attacker"] in (data.DELHI, data.VIJAYANAGARA)
            and state["spaces"][frame["space"]][data.FORT]):
        return 3  # 3.2.4, 3.4.4
    return 4


def run(state, frame) -> bool:
    stage = frame["stage"]
    if stage == "roll":
        for side, n in (("att", attacker_dice(state, frame)), ("def", 2)):
            for _ in range(n):
                value, state["rng"] = rng.randint(state["rng"], 1, 6)
                frame["dice"][side].append(value)
        state["reveals"] += 1
        frame["rolled"] = {"att": list(frame["dice"]["att"]), "def": list(frame["dice"]["def"])}
        frame["units"] = {"att": sum(attacker_units(state, frame).values()),
                          "def": defender_units(state, frame)}
        log(state, f"Attack in {frame['space']}: {frame['attacker']} rolls {frame['dice']['att']}, "
                   f"{frame['defender']} rolls {frame['dice']['def']}")
        frame["stage"] = "att_cav"
        return True
    if stage in ("att_cav", "def_cav"):
        side = "att" if stage == "att_cav" else "def"
        faction = frame["attacker"] if side == "att" else frame["defender"]
        if faction == MONGOLS:
            mongol_charge(frame, side)
            frame["stage"] = "def_cav" if side == "att" else "hits"
            return True
        if not cavalry_actions(state, frame, side):
            frame["stage"] = "def_cav" if side == "att" else "hits"
            return True
        frame["role"] = faction
        return False
    if stage == "hits":
        for side in ("att", "def"):
            frame["hits"][side] = hits(frame["dice"][side], frame["units"][side])
        log(state, f"{frame['attacker']} scores {frame['hits']['att']} hit{'s' * (frame['hits']['att'] != 1)}, "
                   f"{frame['defender']} scores {frame['hits']['def']}")
        frame["to_lose"] = {"att": frame["hits"]["def"], "def": frame["hits"]["att"]}
        frame["stage"] = "att_loss"
        return True
    if stage in ("att_loss", "def_loss"):
        side = "att" if stage == "att_loss" else "def"
        options = loss_actions(state, frame, side)
        if frame["to_lose"][side] <= 0 or not options:
            frame["stage"] = "def_loss" if side == "att" else "influence"
            return True
        kinds = {tuple(o) for o in options}
        if len(kinds) == 1 or frame[("attacker" if side == "att" else "defender")] == MONGOLS:
            take_loss(state, frame, side, options[0])
            return True
        frame["role"] = frame["attacker"] if side == "att" else frame["defender"]
        return False
    if stage == "influence":
        pair = {frame["attacker"], frame["defender"]}
        if pair == set(data.DECCAN) and frame["lost"]["att"] != frame["lost"]["def"]:
            winner = frame["attacker"] if frame["lost"]["att"] < frame["lost"]["def"] else frame["defender"]
            loser = frame["defender"] if winner == frame["attacker"] else frame["attacker"]
            board_state.shift_influence(state, winner, 1)
            board_state.shift_influence(state, loser, -1)
            log(state, f"{winner} wins the battle: Influence +1, {loser} -1")
        state["last_battle"] = summary(frame)
        pop(state, frame)
        return True
    raise AssertionError(stage)


def hits(dice, units) -> int:
    """3.2.4, 3.3.4, 3.4.4, 3.5.3: a hit for each modified roll at most the Units involved, up to a
    maximum of five; a (modified) 6 always misses (see the module's readings)."""
    return min(HITS_MAX, sum(1 for d in dice if d <= units and d < 6))


# --- Cavalry (1.10) -------------------------------------------------------------------------------

def cavalry_actions(state, frame, side) -> list:
    faction = frame["attacker"] if side == "att" else frame["defender"]
    if state["cavalry"].get(faction, 0) <= 0:
        return []
    other = "def" if side == "att" else "att"
    acts = [["charge", i] for i, d in enumerate(frame["dice"][side]) if d > 1]
    acts += [["screen", j] for j, d in enumerate(frame["dice"][other]) if d != 1]
    return acts + [DONE] if acts else []


def summary(frame) -> dict:
    """What the board shows of a battle (in progress or the last one): plain data."""
    return {"attacker": frame["attacker"], "defender": frame["defender"], "space": frame["space"],
            "rolled": frame.get("rolled", frame["dice"]), "dice": frame["dice"],
            "cavalry": list(frame.get("cavalry", [])), "hits": dict(frame["hits"]),
            "lost": dict(frame["lost"]), "stage": frame["stage"], "units": dict(frame["units"])}


def mongol_charge(frame, side) -> None:
    """1.10, 3.5.3: one Charge, used to turn a miss into a hit if possible, else a 2 into a 1."""
    dice, units = frame["dice"][side], frame["units"][side]
    for i, d in enumerate(dice):
        if (d > units or d >= 6) and d - 1 <= units and d - 1 < 6:
            dice[i] -= 1
            frame.setdefault("cavalry", []).append(f"{MONGOLS}: Charge {d} -> {d - 1}")
            return
    for i, d in enumerate(dice):
        if d == 2:
            dice[i] = 1
            frame.setdefault("cavalry", []).append(f"{MONGOLS}: Charge 2 -> 1")
            return


def cavalry_apply(state, frame, action) -> None:
    side = "att" if frame["stage"] == "att_cav" else "def"
    if action == DONE:
        frame["stage"] = "def_cav" if side == "att" else "hits"
        return
    board_state.spend_cavalry(state, frame["role"], 1)
    what, i = action
    if what == "charge":
        d = frame["dice"][side][i]
        frame["dice"][side][i] -= 1
        frame.setdefault("cavalry", []).append(f"{frame['role']}: Charge {d} -> {d - 1}")
    else:
        other = "def" if side == "att" else "att"
        d = frame["dice"][other].pop(i)
        frame.setdefault("cavalry", []).append(f"{frame['role']}: Screen removes a {d}")
    log(state, f"{frame['role']} uses Cavalry to {what}")


# --- casualties -----------------------------------------------------------------------------------

def loss_actions(state, frame, side) -> list:
    if side == "att":
        return [[space, kind] for (space, kind), n in attacker_units(state, frame).items() if n > 0]
    here = state["spaces"][frame["space"]]
    return [[frame["space"], kind] for kind in data.KINDS_OF[frame["defender"]] if here[kind] > 0]


def take_loss(state, frame, side, action) -> None:
    space, kind = action
    board_state.remove(state, space, kind)
    frame["to_lose"][side] -= 1
    frame["lost"][side] += 1
    if side == "att" and frame["support"] and space == frame["support"][0] and space != frame["space"]:
        kinds = frame["support"][1]
        kinds[kind] -= 1
    log(state, f"{data.PIECE_NAMES[kind]} lost in {space}")


def battle_actions(state, frame) -> list:
    stage = frame["stage"]
    if stage in ("att_cav", "def_cav"):
        return cavalry_actions(state, frame, "att" if stage == "att_cav" else "def")
    if stage in ("att_loss", "def_loss"):
        return loss_actions(state, frame, "att" if stage == "att_loss" else "def")
    return []


def battle_apply(state, frame, action) -> None:
    if frame["stage"] in ("att_cav", "def_cav"):
        cavalry_apply(state, frame, action)
    else:
        take_loss(state, frame, "att" if frame["stage"] == "att_loss" else "def", action)


def battle_prompt(state, frame) -> str:
    if frame["stage"] in ("att_cav", "def_cav"):
        side = "att" if frame["stage"] == "att_cav" else "def"
        other = "def" if side == "att" else "att"
        units = frame.get("units", {})

        def rolls(who, n):
            top = min(HITS_MAX, n)
            if not n:
                return f"{who} rolls cannot hit (no Units)"
            return f"{who} rolls of {'1' if top == 1 else f'1-{top}'} hit ({n} Unit{'s' if n != 1 else ''})"
        mine, theirs = rolls("your", units.get(side, 0)), rolls("the opponent's", units.get(other, 0))
        return (f"Battle in {frame['space']}: {mine}, {theirs}. Use Cavalry to Charge (your die -1) or "
                f"Screen (cancel an opponent's die), or done")
    side = "att" if frame["stage"] == "att_loss" else "def"
    n = frame["to_lose"][side]
    return f"Battle in {frame['space']}: remove {n} of your piece{'s' if n != 1 else ''} (click them on the map)"


HANDLERS = {"battle": Handler(battle_actions, battle_apply, battle_prompt, run)}
