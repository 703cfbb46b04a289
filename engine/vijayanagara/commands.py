"""Commands (3.1-3.4) and the "action" frame that runs a Command and/or a Decree (2.3.3, 4.1).

The action frame: {"kind": "action", "role", "limited", "free", "decree": None|"owed"|"done",
"command": None|"done", "only": a Command or Decree name or None, "optional": may be skipped,
"provinces_only": Campaign limited to Delhi and Provinces (2.5)}. Its actions are the names of the
Commands (and, while a Decree is owed, of the Decrees) the Faction may start now.

A Command frame: {"kind": "command", "role", "command", "limited", "free", "selected": [spaces],
"shifted": bool}. Its actions are the spaces that may be selected next (each once, 3.1.1; 1
Resource each unless free, 3.1.3) and "done". A Limited Command ends after one space (2.3.5).
Per-space steps push small frames of their own (counts, moves). The Units that have moved or
attacked are marked in state["used"] (3.1.2, board_state: the marks follow the pieces when they
flip), from the start of the Command to its end.
"""
from . import battle, board_state, data, decrees
from .data import BAHMANI, DELHI, DELHI_SPACE, VIJAYANAGARA
from .frames import Handler, log, pop, push

DONE, SKIP, SHIFT = "done", "skip", "shift"
COMMANDS = {
    DELHI: ("conscript", "march", "govern", "attack"),             # 3.2
    BAHMANI: ("rally", "migrate", "rebel", "attack"),              # 3.3
    VIJAYANAGARA: ("rally", "migrate", "rebel", "attack"),         # 3.4
}
UNIT_OF = {BAHMANI: ("amir_o", "amir_r"), VIJAYANAGARA: ("raja_o", "raja_r"), DELHI: ("troop", "governor")}
HOME = {BAHMANI: "Maharashtra", VIJAYANAGARA: "Karnataka"}  # 3.3.1, 3.4.1
MIGRATE_MAX = 3  # 3.3.2, 3.4.2
SUPPORT = {DELHI: ("qasbah", 2), BAHMANI: ("fort", 2), VIJAYANAGARA: ("temple", 1)}  # 3.2.4, 3.3.4, 3.4.4


# --- the action frame -----------------------------------------------------------------------------

def command_allowed(state, frame, name) -> bool:
    """2.7.1: no Rebel Command under the Khalji Dynasty, but "Some Event cards may still allow a Rebel
    Command": an Event's free Command that names Rebel (frame["only"]) is allowed."""
    if name == "rebel" and frame.get("only") != "rebel":
        return state["dynasty"] == "Tughlaq"
    return True


def action_actions(state, frame) -> list:
    faction, only = frame["role"], frame.get("only")
    acts = []
    if frame["command"] is None:
        acts += [c for c in COMMANDS[faction] if command_allowed(state, frame, c) and only in (None, c)]
    if frame["decree"] == "owed":
        acts += [d for d in decrees.DECREES[faction] if only in (None, d)]
    if frame.get("optional"):
        acts.append(SKIP)
    return acts


def action_run(state, frame) -> bool:
    if (frame["command"] == "done" and frame["decree"] != "owed") or not action_actions(state, frame):
        pop(state, frame)
        return True
    return False


def action_apply(state, frame, action) -> None:
    faction = frame["role"]
    if action == SKIP:
        pop(state, frame)
        return
    if action in decrees.DECREES[faction]:
        frame["decree"] = "done"
        log(state, f"{faction} Decree: {action.capitalize()}")
        decrees.start(state, faction, action, frame)
        return
    frame["command"] = "done"
    limited = frame["limited"] or shadow_of_timur(state)
    log(state, f"{faction} Command: {action.capitalize()}" + (" (Limited)" if limited else ""))
    state["used"] = {}  # 3.1.2: every piece is fresh for a new Command
    push(state, {"kind": "command", "role": faction, "command": action, "limited": limited,
                 "free": frame["free"], "selected": [], "shifted": False})


def shadow_of_timur(state) -> bool:
    """Optional variant (5.5, Timur's Shadow): single-space Commands once a Timurid card is out."""
    return bool(state["options"].get("timurs_shadow")) and state["timurids"] >= 1


def _names(keys) -> str:
    named = {"tribute": "Collect Tribute", "obedience": "Demand Obedience"}
    return ", ".join(named.get(k, k.capitalize()) for k in keys)


def action_prompt(state, frame) -> str:
    faction = frame["role"]
    if frame["command"] is None and frame["decree"] == "owed":
        offered = action_actions(state, frame)
        cmds = [c for c in COMMANDS[faction] if c in offered]
        decs = [d for d in decrees.DECREES[faction] if d in offered]
        if cmds and decs:
            return f"{faction}: choose a Command ({_names(cmds)}), or first a Decree ({_names(decs)})"
        if decs:
            return f"{faction}: choose a Decree ({_names(decs)})"
        return f"{faction}: choose a Command ({_names(cmds)})"
    if frame["command"] is None:
        return f"{faction}: choose a Command" + (" (Limited: one space)" if frame["limited"] else "")
    offered = action_actions(state, frame)
    return f"{faction}: choose a Decree ({_names(d for d in decrees.DECREES[faction] if d in offered)})"


# --- the command frame ----------------------------------------------------------------------------

def affordable(state, frame) -> bool:
    return frame["free"] or state["resources"][frame["role"]] >= 1


def command_actions(state, frame) -> list:
    if frame["limited"] and frame["selected"]:
        return []
    if not affordable(state, frame):
        return [DONE]
    check = SELECTABLE[frame["command"]]
    return [s for s in data.SPACES if s not in frame["selected"] and check(state, frame, s)] + [DONE]


def end_command(state, frame) -> None:
    pop(state, frame)
    state["used"] = {}  # 3.1.2 holds "during one Command"


def command_run(state, frame) -> bool:
    if frame["limited"] and frame["selected"]:
        end_command(state, frame)
        return True
    return False


def command_apply(state, frame, action) -> None:
    if action == DONE:
        end_command(state, frame)
        return
    if not frame["free"]:
        board_state.add_resources(state, frame["role"], -1)  # 1 Resource per selected space
    frame["selected"].append(action)
    log(state, f"{frame['role']} selects {action} for {frame['command']}")
    PROCEDURE[frame["command"]](state, frame, action)


def command_prompt(state, frame) -> str:
    cost = "free" if frame["free"] else "1 Resource each"
    what = "a destination space" if frame["command"] in ("march", "migrate") else "a space"
    return f"{frame['command'].capitalize()}: select {what} ({cost}), or done"


# --- space selection (3.1.1: Bahmani and Vijayanagara select Provinces only) ---------------------

def units_free_to_move(state, space, kinds) -> int:
    """Units of `kinds` in `space` that have not moved in this Command (3.1.2)."""
    return sum(board_state.unused(state, space, k) for k in kinds)


def can_conscript(state, frame, s) -> bool:
    here = state["spaces"][s]
    eligible = s == DELHI_SPACE or here["qasbah"] or (s in data.PROVINCES and state["tributary"][s])
    return bool(eligible) and state["available"]["troop"] > 0


def can_march(state, frame, s) -> bool:
    return any(units_free_to_move(state, a, UNIT_OF[DELHI]) for a in data.ADJACENT[s])


def can_govern(state, frame, s) -> bool:
    if s in data.PROVINCES and not (state["tributary"][s] or state["control"][s] == DELHI):
        return False
    return state["available"]["governor"] > 0 or state["spaces"][s]["governor"] > 0


def can_rally(state, frame, s) -> bool:
    faction = frame["role"]
    return (s in data.PROVINCES and (board_state.has_piece(state, s, faction) or s == HOME[faction])
            and state["available"][data.TRACK_PIECE[faction]] > 0)


def can_migrate(state, frame, s) -> bool:
    return s in data.PROVINCES and any(
        a in data.PROVINCES and units_free_to_move(state, a, UNIT_OF[frame["role"]])
        for a in data.ADJACENT[s])


def rebel_majority(state, faction, s) -> bool:
    mine = board_state.faction_pieces(state, s, faction)
    others = sum(board_state.faction_pieces(state, s, f) for f in data.FACTIONS if f != faction)
    return mine > others


def can_rebel(state, frame, s) -> bool:
    return s in data.PROVINCES and state["tributary"][s] and rebel_majority(state, frame["role"], s)


def attack_targets(state, faction, s) -> list:
    """The Factions that may be the defender in space s (3.2.4, 3.3.4, 3.4.4)."""
    here = state["spaces"][s]
    targets = []
    if faction == DELHI:  # Rebelling Units, or a Structure with none of its Faction's Units
        for f in (BAHMANI, VIJAYANAGARA):
            struct = data.STRUCTURE_OF[f]
            if here[data.REBELLING[f]] or (here[struct] and not board_state.faction_units(state, s, f)):
                targets.append(f)
        if here["mongol"]:
            targets.append(data.MONGOLS)
        return targets
    if s not in data.PROVINCES:
        return []
    return [f for f in data.FACTIONS if f != faction and board_state.has_piece(state, s, f)]


def can_attack(state, frame, s) -> bool:
    return bool(attack_targets(state, frame["role"], s))


SELECTABLE = {"conscript": can_conscript, "march": can_march, "govern": can_govern, "rally": can_rally,
              "migrate": can_migrate, "rebel": can_rebel, "attack": can_attack}


# --- per-space procedures -------------------------------------------------------------------------

def ask_count(state, role, piece, space, most, what) -> None:
    """Place up to `most` pieces: a count frame when there is a choice."""
    most = min(most, state["available"][data.PIECE_TYPE[piece]])
    if most <= 1:
        n = board_state.place(state, piece, space, most)
        log(state, f"{what}: {data.pieces_text(n, piece)} in {space}")
        return
    push(state, {"kind": "count", "role": role, "piece": piece, "space": space, "most": most, "what": what})


def count_apply(state, frame, action) -> None:
    pop(state, frame)
    n = board_state.place(state, frame["piece"], frame["space"], action)
    log(state, f"{frame['what']}: {data.pieces_text(n, frame['piece'])} in {frame['space']}")


def conscript(state, frame, s) -> None:
    """3.2.1: five Troops in Delhi, two where a Qasbah is, else one in a Tributary."""
    most = 5 if s == DELHI_SPACE else 2 if state["spaces"][s]["qasbah"] else 1
    ask_count(state, DELHI, "troop", s, most, "Conscript")


def rally(state, frame, s) -> None:
    """3.3.1, 3.4.1: one, plus one in the home Province, plus one where Controlled, plus (Rajas)
    one where a Temple is. Placed Obedient, Rebelling where Controlled (board_state.place)."""
    faction = frame["role"]
    most = 1 + (s == HOME[faction]) + (state["control"][s] == faction)
    if faction == VIJAYANAGARA:
        most += state["spaces"][s]["temple"] > 0
    ask_count(state, faction, data.OBEDIENT[faction], s, most, "Rally")


def rebel(state, frame, s) -> None:
    """3.3.3, 3.4.3: flip the Faction's Units to Rebelling and remove the Tributary marker."""
    faction = frame["role"]
    board_state.flip(state, s, data.OBEDIENT[faction], data.REBELLING[faction])
    board_state.make_independent(state, s)
    log(state, f"{s} rebels: {state['control'][s]} Controlled")


def march(state, frame, s) -> None:
    push(state, {"kind": "move_units", "role": frame["role"], "dest": s, "moved_here": 0, "most": None})


def migrate(state, frame, s) -> None:
    push(state, {"kind": "move_units", "role": frame["role"], "dest": s, "moved_here": 0,
                 "most": MIGRATE_MAX})


def govern(state, frame, s) -> None:
    push(state, {"kind": "govern", "role": DELHI, "space": s, "removed": 0, "qasbah": False,
                 "started": False})


def attack(state, frame, s) -> None:
    targets = attack_targets(state, frame["role"], s)
    push(state, {"kind": "attack_setup", "role": frame["role"], "space": s, "targets": targets,
                 "defender": targets[0] if len(targets) == 1 else None, "support": None,
                 "stage": "defender" if len(targets) > 1 else "support"})


PROCEDURE = {"conscript": conscript, "march": march, "govern": govern, "rally": rally,
             "migrate": migrate, "rebel": rebel, "attack": attack}


def command_frame(state):
    """The command frame below the current sub-frame."""
    for frame in reversed(state["stack"]):
        if frame["kind"] == "command":
            return frame
    raise AssertionError("no command in progress")


# --- moving Units: March (3.2.2) and Migrate (3.3.2, 3.4.2) --------------------------------------

def move_actions(state, frame) -> list:
    cmd = command_frame(state)
    faction, dest = frame["role"], frame["dest"]
    acts = []
    if frame["most"] is None or frame["moved_here"] < frame["most"]:
        for src in data.ADJACENT[dest]:
            if faction != DELHI and src not in data.PROVINCES:
                continue
            for kind in UNIT_OF[faction]:
                if board_state.unused(state, src, kind) > 0:  # 3.1.2: each Unit moves once
                    acts.append([src, kind])
    if (faction != DELHI and not cmd["shifted"]
            and state["resources"][faction] >= 1
            and board_state.has_piece(state, dest, BAHMANI if faction == VIJAYANAGARA else VIJAYANAGARA)):
        acts.append(SHIFT)  # 3.3.2, 3.4.2: Shift Influence in up to one destination, 1 Resource
    return acts + [DONE]


def move_apply(state, frame, action) -> None:
    faction, dest = frame["role"], frame["dest"]
    cmd = command_frame(state)
    if action == DONE:
        pop(state, frame)
        return
    if action == SHIFT:
        other = BAHMANI if faction == VIJAYANAGARA else VIJAYANAGARA
        cmd["shifted"] = True
        board_state.add_resources(state, faction, -1)
        board_state.shift_influence(state, faction, 1)
        board_state.shift_influence(state, other, -1)
        log(state, f"{faction} shifts Influence in {dest}")
        return
    src, kind = action
    new_kind = kind
    if faction != DELHI:  # Migrate: Rebelling into own Control, Obedient into a Tributary
        if state["tributary"][dest]:
            new_kind = data.OBEDIENT[faction]
        elif state["control"][dest] == faction:
            new_kind = data.REBELLING[faction]
    board_state.move(state, src, dest, kind, 1, to_kind=new_kind, mark=True)  # 3.1.2: moved once
    frame["moved_here"] += 1
    log(state, f"{data.PIECE_NAMES[kind]} moves {src} -> {dest}")


# --- Govern (3.2.3) -------------------------------------------------------------------------------

def govern_actions(state, frame) -> list:
    s, here = frame["space"], state["spaces"][frame["space"]]
    acts = []
    if not frame["started"] and state["available"]["governor"] > 0:
        acts.append("governor")
    if here["governor"]:
        if frame["removed"] < 2:
            acts += [k for k in ("amir_o", "raja_o") if here[k]]
        if not frame["qasbah"] and board_state.can_place(state, "qasbah", s):
            acts.append("qasbah")
    return acts + [DONE]


def govern_apply(state, frame, action) -> None:
    s = frame["space"]
    if action == DONE:
        pop(state, frame)
        return
    if action == "governor":
        board_state.place(state, "governor", s)
        log(state, f"Governor placed in {s}")
        pop(state, frame)
        return
    frame["started"] = True
    if action == "qasbah":
        frame["qasbah"] = True
        board_state.place(state, "qasbah", s)
        log(state, f"Qasbah placed in {s}")
    else:
        frame["removed"] += 1
        board_state.remove(state, s, action)
        log(state, f"{data.PIECE_NAMES[action]} removed from {s}")


# --- Attack setup: defender and adjacent support (3.2.4, 3.3.4, 3.4.4) --------------------------

def support_sources(state, frame) -> list:
    faction = frame["role"]
    struct, _most = SUPPORT[faction]
    out = []
    for a in data.ADJACENT[frame["space"]]:
        if faction != DELHI and a not in data.PROVINCES:
            continue
        if state["spaces"][a][struct] and available_attackers(state, a, faction):
            out.append(a)
    return out


def available_attackers(state, space, faction) -> dict:
    """{kind: n} of the Faction's Units in `space` not yet involved in an attack of this Command
    (3.1.2), whatever their orientation has become since."""
    kinds = {}
    for kind in data.KINDS_OF[faction]:
        if kind in data.UNITS:
            n = board_state.unused(state, space, kind)
            if n > 0:
                kinds[kind] = n
    return kinds


def setup_actions(state, frame) -> list:
    if frame["stage"] == "defender":
        return list(frame["targets"])
    faction = frame["role"]
    _struct, most = SUPPORT[faction]
    if frame["support"] is None:
        picks = [[a, k] for a in support_sources(state, frame) for k in available_attackers(state, a, faction)]
    else:
        src, kinds = frame["support"]
        if sum(kinds.values()) >= most:
            return [DONE]
        left = available_attackers(state, src, faction)
        picks = [[src, k] for k, n in left.items() if n - kinds.get(k, 0) > 0]
    return picks + [DONE]


def setup_run(state, frame) -> bool:
    if frame["stage"] == "support" and setup_actions(state, frame) == [DONE]:
        begin_battle(state, frame)
        return True
    return False


def setup_apply(state, frame, action) -> None:
    if frame["stage"] == "defender":
        frame["defender"], frame["stage"] = action, "support"
        return
    if action == DONE:
        begin_battle(state, frame)
        return
    src, kind = action
    if frame["support"] is None:
        frame["support"] = [src, {}]
    kinds = frame["support"][1]
    kinds[kind] = kinds.get(kind, 0) + 1


def begin_battle(state, frame) -> None:
    pop(state, frame)
    faction, s, defender = frame["role"], frame["space"], frame["defender"]
    if faction == DELHI and defender in data.DECCAN:  # 3.2.4: the defender's Units all Rebel
        board_state.flip(state, s, data.OBEDIENT[defender], data.REBELLING[defender])
    used_here = dict(state["used"].get(s, {}))  # supporters of an earlier attack: not in this one
    # 3.1.2: every attacking Unit is used for this Command
    for kind, n in available_attackers(state, s, faction).items():
        board_state.mark_used(state, s, kind, n)
    if frame["support"]:
        src, kinds = frame["support"]
        for kind, n in kinds.items():
            board_state.mark_used(state, src, kind, n)
    push(state, battle.start(faction, defender, s, frame["support"], used_here))


def setup_prompt(state, frame) -> str:
    if frame["stage"] == "defender":
        return f"Attack in {frame['space']}: choose the defender"
    return f"Attack in {frame['space']}: add supporting Units from one adjacent space, or done"


HANDLERS = {
    "action": Handler(action_actions, action_apply, action_prompt, action_run),
    "command": Handler(command_actions, command_apply, command_prompt, command_run),
    "count": Handler(lambda s, f: list(range(1, f["most"] + 1)), count_apply,
                     lambda s, f: f"{f['what']}: how many {data.PIECE_NAMES[f['piece']]}s in {f['space']}?"),
    "move_units": Handler(move_actions, move_apply,
                          lambda s, f: f"Move Units into {f['dest']} from adjacent spaces, or done"),
    "govern": Handler(govern_actions, govern_apply,
                      lambda s, f: f"Govern in {f['space']}: place a Governor, or remove Obedient Units "
                                   "and/or place a Qasbah"),
    "attack_setup": Handler(setup_actions, setup_apply, setup_prompt, setup_run),
}
