"""Vijayanagara (GMT Games, 2023): the game interface of engine/core/api.py.

The rules live in small modules named after the rulebook's chapters; this one holds the state,
setup and the driver of the decision stack (frames.py). State (plain data, msgpack-able):

    options, rng, reveals, log, result
    spaces, available, tributary, control, resources, cavalry, influence, track   (board_state.py)
    dynasty       "Khalji" or "Tughlaq" (2.7)
    deck, played, card, sop, timurids                                           (sequence.py)
    stack         the pending decisions and procedures, top last                   (frames.py)
"""
from __future__ import annotations

from engine.core import rng
from engine.core.text import article

from . import (
    battle,
    board_state,
    cardtext,
    choices,
    commands,
    data,
    decrees,
    effects,
    events,
    mongols,
    sequence,
    succession,
)
from .frames import push, top

ROLES = list(data.FACTIONS)
DEFAULT_OPTIONS = {"timurs_shadow": False, "aadu_huli": False}

HANDLERS = {}
for _module in (sequence, commands, decrees, effects, battle, mongols, succession, choices):
    HANDLERS.update(_module.HANDLERS)
del _module


# --- the interface -------------------------------------------------------------------------------

def roles(options=None) -> list:
    return list(ROLES)


def setup(seed: int, options=None) -> dict:
    opts = dict(DEFAULT_OPTIONS)
    opts.update({k: v for k, v in (options or {}).items() if k in DEFAULT_OPTIONS})
    spaces = {s: {k: 0 for k in data.PIECE_KINDS} for s in data.SPACES}
    for space, pieces in data.SETUP_PIECES.items():  # 2.1
        for kind, n in pieces.items():
            spaces[space][kind] = n
    state = {
        "options": opts,
        "rng": rng.seed_state(seed),
        "reveals": 0,
        "log": [],
        "result": None,
        "spaces": spaces,
        "available": dict(data.SETUP_AVAILABLE),
        "tributary": {p: True for p in data.PROVINCES},  # 2.1: a Tributary marker in each Province
        "control": {p: None for p in data.PROVINCES},
        "resources": dict(data.SETUP_RESOURCES),
        "cavalry": dict(data.SETUP_CAVALRY),
        "influence": {f: 0 for f in data.DECCAN},
        "track": {f: list(data.TRACK_UNITS[f]) for f in data.DECCAN},
        "dynasty": events.DYNASTY["front"],
        "deck": [],
        "played": [],
        "card": None,
        "sop": sequence.new_sop(),
        "timurids": 0,
        "stack": [],
        "pending": [],  # choices queued by board_state (choices.py), pushed by advance()
        "last_battle": None,  # battle.summary() of the last finished battle, for the board
        "used": {},  # pieces used in the Command in progress (3.1.2, board_state)
    }
    state["deck"] = sequence.build_deck(state)
    board_state.update_control(state)
    advance(state)  # 2.2: draw and reveal the top card
    return state


def active(state) -> list:
    frame = top(state)
    if state["result"] is not None or frame is None:
        return []
    return [frame["role"]]


def actions(state, role) -> list:
    frame = top(state)
    if state["result"] is not None or frame is None or frame.get("role") != role:
        return []
    acts = HANDLERS[frame["kind"]].actions(state, frame)
    if acts and frame["kind"] != "negotiate" and choices.can_negotiate(state, role):
        acts = acts + [choices.NEGOTIATE]  # 1.5.2 "at any time": at each of its decisions (choices.py)
    return acts


def apply(state, role, action) -> None:
    frame = top(state)
    if action == choices.NEGOTIATE and frame["kind"] != "negotiate":
        push(state, choices.open_negotiation(state, role))
        return
    HANDLERS[frame["kind"]].apply(state, frame, action)
    advance(state)


def advance(state) -> None:
    """Runs procedures and the sequence of play until someone must choose (or the game is over)."""
    for _ in range(100_000):
        if state["result"] is not None:
            return
        if state["pending"]:  # 1.9 / 1.10 choices queued in the middle of a procedure
            push(state, state["pending"].pop(0))
            continue
        frame = top(state)
        if frame is None:
            sequence.idle(state)
            continue
        handler = HANDLERS[frame["kind"]]
        if handler.run is not None and handler.run(state, frame):
            continue
        if frame.get("auto"):
            raise AssertionError(f"procedure {frame['kind']} made no progress")
        return
    raise AssertionError("the game does not advance")


def context(view, role) -> list:
    """What a decision needs, shown beside its buttons (on a phone the card's text on the map is
    too small to read): while a Faction chooses its option (2.3), the card's two Event texts and
    the Faction's Resources."""
    card = view.get("card_info")
    if not card or card.get("kind") != "event" or "choose an option" not in view["prompt"]:
        return []
    order = ", ".join(card["order"])
    return [f"{card['title']} (card {card['number']}): {order}" + (" · Stay Eligible" if card.get("stay") else ""),
            f"Event (unshaded): {card['unshaded']}", f"Event (shaded): {card['shaded']}",
            f"{role}: {view['resources'][role]} Resource{'s' * (view['resources'][role] != 1)}"]


def numbers(view) -> dict:
    """Each Faction's key numbers for the page's status panel: Resources and victory points, the
    numbers the 0-30 track shows only as markers."""
    return {f: [f"{view['resources'][f]} Resource{'s' * (view['resources'][f] != 1)}", f"{view['victory'][f]} VP"]
            for f in view["resources"]}


def view(state, role) -> dict:
    frame = top(state)
    if state["result"] is not None:
        prompt = state["result"]["summary"]
    elif frame is None:
        prompt = ""
    elif frame["role"] != role:
        prompt = f"Waiting for {frame['role']}"
    else:
        prompt = HANDLERS[frame["kind"]].prompt(state, frame)
    return {
        "prompt": prompt,
        "log": list(state["log"]),
        "spaces": {s: {k: n for k, n in here.items() if n} for s, here in state["spaces"].items()},
        "available": dict(state["available"]),
        "tributary": dict(state["tributary"]),
        "control": dict(state["control"]),
        "resources": dict(state["resources"]),
        "cavalry": dict(state["cavalry"]),
        "cavalry_pool": board_state.pool(state),
        "influence": dict(state["influence"]),
        "track": {f: list(t) for f, t in state["track"].items()},
        "dynasty": state["dynasty"],
        "card": state["card"],
        "card_title": events.CARD_TITLES.get(state["card"], ""),
        "card_info": cardtext.card_info(state["card"]),  # 2.3: the face-up card only
        "played": list(state["played"]),
        "deck_size": len(state["deck"]),  # 2.3: the number of cards left is open; their order is not
        "eligible": dict(state["sop"]["eligible"]),
        "acted": dict(state["sop"]["acted"]),
        "battle": current_battle(state),
        "stage": frame["kind"] if frame else None,
        "focus": focus_space(frame),
        "victory": board_state.victory_points(state),
        "active": active(state),
        "result": state["result"],
    }


def focus_space(frame):
    """The space the current decision is about (a March/Migrate destination, a battle, Govern,
    Compel, where a Campaign's group stands), for the board to outline."""
    if not frame:
        return None
    for key in ("dest", "space", "at"):
        if isinstance(frame.get(key), str) and frame[key] in data.SPACES:
            return frame[key]
    return None


def current_battle(state):
    """The battle in progress (its dice and Cavalry decisions so far), else the last one."""
    for frame in reversed(state["stack"]):
        if frame["kind"] == "battle" and frame["stage"] != "roll":
            return dict(battle.summary(frame), current=True)
    last = state.get("last_battle")
    return dict(last, current=False) if last else None


def result(state):
    return state["result"]


WORDS = {
    "done": "Done", "skip": "Skip", "shift": "Shift Influence (1 Resource)",
    "negotiate": "Negotiate: give Resources or Cavalry", "gifts": "Accept the Gifts",
    "decline": "Decline", "place": "Place a Raja", "available": "From Available",
    "command+decree": "Command + Decree",
    "tribute": "Collect Tribute", "obedience": "Demand Obedience",
}
for _kind, _name in data.PIECE_NAMES.items():
    WORDS.setdefault(_kind, _name)
del _kind, _name


def _a(name) -> str:
    return article(name)


def action_label(state, action) -> str:
    """Readable text for every action kind (see the formats in __init__.py)."""
    frame = top(state)
    kind = frame["kind"] if frame else None
    if isinstance(action, bool):
        return str(action)
    if isinstance(action, int):
        if kind == "spoils":
            rest = frame['amount'] - action
            return f"{action} Cavalry, {rest} Resource{'s' if rest != 1 else ''}"
        if kind == "count":
            return f"{action} {data.PIECE_NAMES[frame['piece']]}{'s' if action != 1 else ''}"
        return str(action)
    if isinstance(action, str):
        if action in sequence.OPTION_LABELS:
            return sequence.OPTION_LABELS[action]
        if kind == "govern" and action in data.PIECE_NAMES:  # before WORDS, which names the pieces
            verb = "Place" if action in ("governor", "qasbah") else "Remove"
            return f"{verb} {_a(data.PIECE_NAMES[action])}"
        if kind == "compel" and action in data.PIECE_NAMES:
            return f"Remove {_a(data.PIECE_NAMES[action])}"
        if action in WORDS:
            return WORDS[action]
        if action in data.FACTIONS or action == data.MONGOLS:
            if kind == "cavalry_take":
                return f"Take from {action}"
            return f"Attack the {action}" if kind == "attack_setup" else action
        return action.replace("_", " ").capitalize() if action.islower() else action
    if isinstance(action, list) and action:
        head = action[0]
        if head in ("pickup", "drop") and len(action) == 2:
            return f"{'Pick up' if head == 'pickup' else 'Drop off'} {_a(data.PIECE_NAMES[action[1]])}"
        if head == "give" and len(action) == 3:
            return f"Give 1 {'Resource' if action[2] == 'resources' else 'Cavalry'} to {action[1]}"
        if head in ("charge", "screen") and len(action) == 2 and frame and kind == "battle":
            side = "att" if frame["stage"] == "att_cav" else "def"
            if head == "charge":
                return f"Charge: your die {frame['dice'][side][action[1]]} → {frame['dice'][side][action[1]] - 1}"
            other = "def" if side == "att" else "att"
            return f"Screen: cancel the opponent's {frame['dice'][other][action[1]]}"
        if head in data.FACTIONS and len(action) == 2:  # Lords of the Deccan
            return f"{action[0]} Influence {action[1]:+d}"
        if len(action) == 3 and action[0] in data.SPACES:  # Conspire
            if action[2] is None:
                return f"{action[0]}: remove {_a(data.PIECE_NAMES[action[1]])} (no replacement)"
            return f"{action[0]}: {data.PIECE_NAMES[action[1]]} → {data.PIECE_NAMES[action[2]]}"
        if len(action) == 2 and action[0] in data.SPACES:
            if isinstance(action[1], int):  # Mongol Advance
                return f"{action[1]} Mongol{'s' if action[1] != 1 else ''} from {action[0]}"
            name = data.PIECE_NAMES.get(action[1], str(action[1]))
            if kind in ("battle", "effect_remove"):
                return f"Remove {_a(name)} in {action[0]}"
            if kind == "attack_setup":
                return f"Support: {_a(name)} from {action[0]}"
            return f"{_a(name)} from {action[0]}"
    return " ".join(str(a) for a in action) if isinstance(action, list) else str(action)


def invariants(state) -> None:
    """Pieces are conserved (1.2, 1.4: 32 Troops, 5 Governors, 18 Amirs, 22 Rajas, ...); Resources
    0..24 (1.8); Influence 0..4 (1.9); ten Cavalry tokens (1.10); the map's entry rules (1.3); pieces
    marked used (3.1.2) exist, and only during a Command."""
    for piece_type, total in data.PIECE_TOTALS.items():
        on_track = sum(state["track"][f][i] for f in data.DECCAN for i in range(5)
                       if data.TRACK_PIECE[f] == piece_type)
        counted = board_state.on_map(state, piece_type) + state["available"][piece_type] + on_track
        assert counted == total, f"{piece_type}: {counted} pieces instead of {total}"
        assert state["available"][piece_type] >= 0
    for space, here in state["spaces"].items():
        for kind, n in here.items():
            assert n >= 0, f"{n} {kind} in {space}"
            if n:
                assert board_state.may_enter(space, kind), f"{kind} may not be in {space}"
        for kind in data.STRUCTURES:
            assert here[kind] <= 1, f"two {kind}s in {space} (1.4.4)"
    for f in data.FACTIONS:
        assert 0 <= state["resources"][f] <= data.RESOURCES_MAX, f"{f} Resources out of range"
        assert state["cavalry"][f] >= 0
    assert board_state.pool(state) >= 0, "more than ten Cavalry tokens"
    for f in data.DECCAN:
        level = state["influence"][f]
        assert 0 <= level <= data.INFLUENCE_MAX
        owed = {fr["slot"] for fr in state["stack"] + state["pending"]
                if fr["kind"] == "refill" and fr["role"] == f}
        for slot in range(5):  # 1.9: a slot holds its Units exactly while Influence is below it
            expected = data.TRACK_UNITS[f][slot] if level < slot else 0
            have = state["track"][f][slot]
            assert have == expected or (slot in owed and have < expected), f"{f} track slot {slot}"
    in_command = any(fr["kind"] == "command" for fr in state["stack"])
    assert in_command or not state["used"], "pieces marked used outside a Command (3.1.2)"
    for space, marks in state["used"].items():
        for kind, n in marks.items():
            assert 0 < n <= state["spaces"][space][kind], f"{n} used {kind} in {space} (3.1.2)"
    for prov in data.PROVINCES:
        assert state["control"][prov] == board_state.controller(state, prov), f"Control of {prov}"
        owner = state["control"][prov]
        if owner in data.DECCAN:
            assert state["spaces"][prov][data.OBEDIENT[owner]] == 0, f"Obedient units in {prov} (1.4.5)"
