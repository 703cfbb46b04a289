"""Decrees (4.1-4.4), each started from the action frame of commands.py, before or after the
Command (4.1). Decrees that need choices push a frame of their own.
"""
from . import board_state, data
from .data import BAHMANI, DELHI, VIJAYANAGARA
from .frames import Handler, log, pop, push

DONE, PICKUP, DROP = "done", "pickup", "drop"
DECREES = {
    DELHI: ("tribute", "campaign", "obedience"),   # 4.2
    BAHMANI: ("trade", "build", "conspire"),       # 4.3
    VIJAYANAGARA: ("tax", "build", "compel"),      # 4.4
}
CAMPAIGN_REACH = 3  # 4.2.2: up to three spaces away


def start(state, faction, name, action_frame) -> None:
    if name == "tribute":  # 4.2.1
        gain = board_state.add_resources(state, DELHI, board_state.tributary_prosperity(state) // 2)
        cav = board_state.gain_cavalry(state, DELHI, 2)
        log(state, f"Collect Tribute: +{gain} Resource{'s' * (gain != 1)}, +{cav} Cavalry")
    elif name == "trade":  # 4.3.1 with the Influential bonus of 1.9.1
        n = sum(1 for p in data.PROVINCES if board_state.has_piece(state, p, BAHMANI))
        gain = board_state.add_resources(state, BAHMANI, n)
        level = state["influence"][BAHMANI]
        cav = board_state.gain_cavalry(state, BAHMANI, 1 if level == 0 else 2 if level <= 2 else 3)
        log(state, f"Trade: +{gain} Resource{'s' * (gain != 1)}, +{cav} Cavalry")
    elif name == "tax":  # 4.4.1
        n = board_state.controlled_prosperity(state, VIJAYANAGARA) + board_state.on_map(state, "temple")
        gain = board_state.add_resources(state, VIJAYANAGARA, n)
        log(state, f"Tax: +{gain} Resource{'s' * (gain != 1)}")
    elif name == "build":  # 4.3.2, 4.4.2
        push(state, {"kind": "build", "role": faction})
    elif name == "obedience":  # 4.2.3
        push(state, {"kind": "obedience", "role": DELHI})
    elif name == "campaign":  # 4.2.2
        push(state, {"kind": "campaign", "role": DELHI, "origin": None, "at": None, "route": [],
                     "carry": {"troop": 0, "governor": 0}, "dropped": {},
                     "provinces_only": bool(action_frame.get("provinces_only"))})
    elif name == "conspire":  # 4.3.3
        push(state, {"kind": "conspire", "role": BAHMANI, "done_in": []})
    elif name == "compel":  # 4.4.3
        push(state, {"kind": "compel", "role": VIJAYANAGARA, "space": None, "placed": 0, "moved": 0,
                     "src": None, "removed": False, "cavalry": False,
                     "fresh": 0, "sultanate_removed": False})  # Obedient Rajas just brought in
    else:
        raise ValueError(name)


# --- Build (4.3.2, 4.4.2) -------------------------------------------------------------------------

def build_actions(state, frame) -> list:
    faction = frame["role"]
    struct = data.STRUCTURE_OF[faction]
    return [p for p in data.PROVINCES
            if state["spaces"][p][data.OBEDIENT[faction]] + state["spaces"][p][data.REBELLING[faction]]
            and board_state.can_place(state, struct, p)]


def build_run(state, frame) -> bool:
    if not build_actions(state, frame):
        pop(state, frame)
        return True
    return False


def build_apply(state, frame, action) -> None:
    pop(state, frame)
    struct = data.STRUCTURE_OF[frame["role"]]
    board_state.place(state, struct, action)
    log(state, f"Build: {data.PIECE_NAMES[struct]} in {action}")


# --- Demand Obedience (4.2.3) ---------------------------------------------------------------------

def obedience_actions(state, frame) -> list:
    acts = [p for p in data.PROVINCES if state["control"][p] == DELHI and state["spaces"][p]["governor"]]
    return acts + [DONE] if acts else []


def obedience_run(state, frame) -> bool:
    if not obedience_actions(state, frame):
        pop(state, frame)
        return True
    return False


def obedience_apply(state, frame, action) -> None:
    if action == DONE:
        pop(state, frame)
        return
    board_state.make_tributary(state, action)
    gain = board_state.add_resources(state, DELHI, data.PROSPERITY[action])
    log(state, f"Demand Obedience: {action} becomes a Tributary, +{gain} Resource{'s' * (gain != 1)}")


# --- Campaign (4.2.2) -----------------------------------------------------------------------------

def campaign_spaces(frame) -> list:
    if frame["provinces_only"]:
        return [s for s in data.SPACES if s not in data.MONGOL_REGIONS]
    return list(data.SPACES)


def carried(frame) -> int:
    return sum(frame["carry"].values())


def campaign_actions(state, frame) -> list:
    """4.2.2 as clicks: the origin space; then, at each space of the route, ["pickup", kind] takes a
    Troop/Governor along, ["drop", kind] leaves one there, an adjacent space moves the group on (at
    most three moves, never back onto the route); "done" ends the Campaign where the group is."""
    allowed = campaign_spaces(frame)
    if frame["origin"] is None:
        return [s for s in allowed if state["spaces"][s]["troop"] + state["spaces"][s]["governor"]] + [DONE]
    at, here = frame["at"], state["spaces"][frame["at"]]
    acts = []
    for kind in ("troop", "governor"):
        # Units dropped here stay dropped (they are not picked up again)
        if here[kind] - frame["carry"][kind] - frame["dropped"].get(at, {}).get(kind, 0) > 0:
            acts.append([PICKUP, kind])
    for kind in ("troop", "governor"):
        if frame["carry"][kind] > 0:
            acts.append([DROP, kind])
    if carried(frame) and len(frame["route"]) <= CAMPAIGN_REACH:
        acts += [s for s in data.ADJACENT[at] if s in allowed and s not in frame["route"]]
    return acts + [DONE]


def campaign_apply(state, frame, action) -> None:
    if action == DONE:
        pop(state, frame)
        if frame["origin"] is not None and len(frame["route"]) > 1:
            log(state, f"Campaign: {' -> '.join(frame['route'])}")
        return
    if frame["origin"] is None:
        frame["origin"] = frame["at"] = action
        frame["route"] = [action]
        return
    at = frame["at"]
    if isinstance(action, list) and action[0] == PICKUP:
        frame["carry"][action[1]] += 1
    elif isinstance(action, list):  # DROP
        frame["carry"][action[1]] -= 1
        spot = frame["dropped"].setdefault(at, {})  # stays here: never picked up again (no loops)
        spot[action[1]] = spot.get(action[1], 0) + 1
        if at != frame["origin"]:
            log(state, f"Campaign: {data.PIECE_NAMES[action[1]]} dropped off in {at}")
    else:  # the carried Units move on to an adjacent space
        for kind, n in frame["carry"].items():
            board_state.move(state, at, action, kind, n)
        frame["at"] = action
        frame["route"].append(action)


def campaign_prompt(state, frame) -> str:
    if frame["origin"] is None:
        return "Campaign (4.2.2): choose the origin space, or done"
    moves_left = CAMPAIGN_REACH + 1 - len(frame["route"])
    group = ", ".join(f"{n} {data.PIECE_NAMES[k]}{'s' if n > 1 else ''}" for k, n in frame["carry"].items() if n)
    return (f"Campaign in {frame['at']} ({moves_left} move{'s' if moves_left != 1 else ''} left): "
            f"carrying {group or 'nothing'}. Pick up or drop off Units, move on to an adjacent space, "
            "or done")


# --- Conspire (4.3.3) -----------------------------------------------------------------------------

def conspire_actions(state, frame) -> list:
    if len(frame["done_in"]) >= 2:
        return []
    influential = state["influence"][BAHMANI] >= 2
    with_amirs = [p for p in data.PROVINCES if board_state.has_piece(state, p, BAHMANI)]
    if influential:
        near = set(with_amirs) | {a for p in with_amirs for a in data.ADJACENT[p] if a in data.PROVINCES}
        spaces = [p for p in data.PROVINCES if p in near]
    else:
        spaces = with_amirs
    targets = ("governor", "raja_o", "raja_r") if influential else ("governor",)
    acts = []
    for p in spaces:
        if p in frame["done_in"]:
            continue
        for old in targets:
            if state["spaces"][p][old]:
                acts += [[p, old, new] for new in replacements(state, old)]
    return acts + [DONE] if acts else []


def replacements(state, old) -> list:
    """4.3.3: the Amir that may replace `old` (Obedient or Rebelling as desired; a Rebelling Raja
    only by a Rebelling Amir), or None: 1.4.6 "A piece can simply be removed without being replaced
    by another piece ... if desired" (and must be, when no Amir is Available)."""
    amirs = ["amir_r"] if old == "raja_r" else ["amir_o", "amir_r"]
    if state["available"]["amir"] <= 0:
        amirs = []
    return amirs + [None]


def conspire_run(state, frame) -> bool:
    if not conspire_actions(state, frame):
        pop(state, frame)
        return True
    return False


def conspire_apply(state, frame, action) -> None:
    if action == DONE:
        pop(state, frame)
        return
    space, old, new = action
    frame["done_in"].append(space)
    board_state.remove(state, space, old)
    if new is None:  # 1.4.6: removed without a replacement
        log(state, f"Conspire in {space}: {data.PIECE_NAMES[old]} removed")
        return
    board_state.place(state, new, space)
    log(state, f"Conspire in {space}: {data.PIECE_NAMES[old]} replaced by {data.a_piece(new)}")


# --- Compel (4.4.3) -------------------------------------------------------------------------------

def compel_targets(state) -> list:
    with_raja = {p for p in data.PROVINCES if board_state.has_piece(state, p, VIJAYANAGARA)}
    near = with_raja | {a for p in with_raja for a in data.ADJACENT[p] if a in data.PROVINCES}
    return [p for p in data.PROVINCES if p in near]


def compel_actions(state, frame) -> list:
    if frame["space"] is None:
        return compel_targets(state) or [DONE]  # no Province qualifies: the Decree does nothing
    s = frame["space"]
    acts = []
    if frame["placed"] + frame["moved"] < 2:
        if state["available"]["raja"] and frame["placed"] < 2:
            acts.append("place")
        sources = [frame["src"]] if frame["src"] else [a for a in data.ADJACENT[s] if a in data.PROVINCES]
        acts += [[a, k] for a in sources for k in ("raja_o", "raja_r") if state["spaces"][a][k]]
    if state["influence"][VIJAYANAGARA] >= 2 and not frame["removed"]:  # Influential
        acts += [k for k in ("troop", "governor", "amir_o", "amir_r") if state["spaces"][s][k]]
    return acts + [DONE]


def compel_apply(state, frame, action) -> None:
    if action == DONE and frame["space"] is None:
        pop(state, frame)
        return
    if frame["space"] is None:
        frame["space"] = action
        if state["influence"][VIJAYANAGARA] >= 2:  # Influential: also gain one Cavalry
            board_state.gain_cavalry(state, VIJAYANAGARA, 1)
        return
    s = frame["space"]
    if action == DONE:
        pop(state, frame)
    elif action == "place":
        frame["placed"] += 1
        if board_state.place(state, "raja_o", s):
            frame["fresh"] += 1
    elif isinstance(action, list):
        src, kind = action
        frame["src"] = src
        frame["moved"] += 1
        if board_state.move(state, src, s, kind) and kind == "raja_o":
            frame["fresh"] += 1
    else:
        frame["removed"] = True
        board_state.remove(state, s, action)
        if action in ("troop", "governor"):
            frame["sultanate_removed"] = True
    if frame["sultanate_removed"] and frame["fresh"]:
        # 4.4.3 Influential: "If removing a Sultanate Unit, flip any Rajas just placed or moved to
        # Rebelling": only those (not Rajas already there), whether they came before or after it
        n = min(frame["fresh"], state["spaces"][s]["raja_o"])
        board_state.flip(state, s, "raja_o", "raja_r", n)
        frame["fresh"] = 0
    if action != DONE:
        log(state, f"Compel in {s}: {action if isinstance(action, str) else ' '.join(action)}")


HANDLERS = {
    "build": Handler(build_actions, build_apply, lambda s, f: "Build: choose a Province for a "
                      + ("Fort" if f["role"] == BAHMANI else "Temple"), build_run),
    "obedience": Handler(obedience_actions, obedience_apply,
                         lambda s, f: "Demand Obedience: choose a Sultanate Controlled Province with a "
                                      "Governor, or done", obedience_run),
    "campaign": Handler(campaign_actions, campaign_apply, campaign_prompt),
    "conspire": Handler(conspire_actions, conspire_apply,
                        lambda s, f: "Conspire: replace a Governor (or Raja) with an Amir, or remove it (1.4.6), "
                                     "or done", conspire_run),
    "compel": Handler(compel_actions, compel_apply,
                      lambda s, f: "Compel: choose a Province" if f["space"] is None
                      else f"Compel in {f['space']}: place or move in Rajas, or done"),
}
