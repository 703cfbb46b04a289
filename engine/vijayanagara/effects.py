"""Executing Events (2.3.4): the effect primitives of events.py, run in order by the executing
Faction, "as much of the Event as possible". Effects that need a choice wait for one click per piece
or Province; every such step offers "done" (effects are "up to", 1.4.6).
"""
from . import board_state, data
from .frames import Handler, log, pop, push

DONE = "done"


def spaces_of(state, where) -> list:
    """The spaces named by an effect's `where` (see events.py), in map order."""
    if isinstance(where, list):
        return [s for s in data.SPACES if s in where]
    if where == "provinces":
        return list(data.PROVINCES)
    if where.startswith("with:"):
        faction = data.BY_SHORT[where[5:]]
        return [p for p in data.PROVINCES if board_state.has_piece(state, p, faction)]
    if where.startswith("city:"):
        touching = data.CITIES[where[5:]]
        return [p for p in data.PROVINCES if p in touching]
    raise ValueError(f"unknown space selector {where!r}")


def run_effects(state, frame) -> bool:
    if frame["step"] >= len(frame["effects"]):
        pop(state, frame)
        return True
    effect = frame["effects"][frame["step"]]
    frame["step"] += 1
    execute(state, frame["role"], effect)
    return True


def execute(state, executor, effect) -> None:
    """Performs one primitive; those needing choices push an input frame for the executor."""
    name = effect[0]
    if name == "resources":
        faction = data.BY_SHORT[effect[1]]
        change = board_state.add_resources(state, faction, effect[2])
        log(state, f"{faction} Resources {change:+d}")
    elif name == "cavalry":
        faction, n = data.BY_SHORT[effect[1]], effect[2]
        change = board_state.gain_cavalry(state, faction, n) if n > 0 else -board_state.spend_cavalry(
            state, faction, -n)
        log(state, f"{faction} Cavalry {change:+d}")
    elif name == "influence":
        faction = data.BY_SHORT[effect[1]]
        change = board_state.shift_influence(state, faction, effect[2])
        log(state, f"{faction} Influence {change:+d}" if change else
            f"{faction} Influence unchanged (already at the end of its track, 1.9)")
    elif name == "place":
        push(state, {"kind": "effect_place", "role": executor, "piece": effect[1], "left": effect[2],
                     "where": effect[3]})
    elif name == "remove":
        push(state, {"kind": "effect_remove", "role": executor, "kinds": list(effect[1]),
                     "left": effect[2], "where": effect[3]})
    elif name in ("independent", "tributary"):
        push(state, {"kind": "effect_marker", "role": executor, "marker": name, "left": effect[2],
                     "where": effect[1]})
    elif name == "free":
        push(state, {"kind": "action", "role": data.BY_SHORT[effect[1]], "limited": effect[3],
                     "free": True, "decree": None, "command": None, "only": effect[2],
                     "optional": True})
    elif name == "decree":
        push(state, {"kind": "action", "role": data.BY_SHORT[effect[1]], "limited": False,
                     "free": True, "decree": "owed", "command": "done", "only": effect[2],
                     "optional": True})
    else:
        raise ValueError(f"unknown effect {name!r}")


# --- place ----------------------------------------------------------------------------------------

def place_actions(state, frame) -> list:
    if frame["left"] <= 0:
        return []
    return [s for s in spaces_of(state, frame["where"]) if board_state.can_place(state, frame["piece"], s)]


def place_run(state, frame) -> bool:
    if not place_actions(state, frame):
        pop(state, frame)
        return True
    return False


def place_apply(state, frame, action) -> None:
    if action == DONE:
        pop(state, frame)
        return
    board_state.place(state, frame["piece"], action)
    frame["left"] -= 1
    log(state, f"{data.PIECE_NAMES[frame['piece']]} placed in {action}")


# --- remove ---------------------------------------------------------------------------------------

def remove_actions(state, frame) -> list:
    if frame["left"] <= 0:
        return []
    return [[s, k] for s in spaces_of(state, frame["where"]) for k in frame["kinds"]
            if state["spaces"][s][k] > 0]


def remove_run(state, frame) -> bool:
    if not remove_actions(state, frame):
        pop(state, frame)
        return True
    return False


def remove_apply(state, frame, action) -> None:
    if action == DONE:
        pop(state, frame)
        return
    space, kind = action
    board_state.remove(state, space, kind)
    frame["left"] -= 1
    log(state, f"{data.PIECE_NAMES[kind]} removed from {space}")


# --- Tributary markers ----------------------------------------------------------------------------

def marker_actions(state, frame) -> list:
    if frame["left"] <= 0:
        return []
    want = frame["marker"] == "independent"  # remove from Tributaries, or place in Independents
    return [p for p in spaces_of(state, frame["where"]) if p in data.PROVINCES and state["tributary"][p] == want]


def marker_run(state, frame) -> bool:
    if not marker_actions(state, frame):
        pop(state, frame)
        return True
    return False


def marker_apply(state, frame, action) -> None:
    if action == DONE:
        pop(state, frame)
        return
    frame["left"] -= 1
    if frame["marker"] == "independent":
        board_state.make_independent(state, action)
        log(state, f"{action} becomes Independent")
    else:
        board_state.make_tributary(state, action)
        log(state, f"{action} becomes a Tributary")


def _with_done(fn):
    def actions(state, frame):
        acts = fn(state, frame)
        return acts + [DONE] if acts else []
    return actions


HANDLERS = {
    "effects": Handler(run=run_effects),
    "effect_place": Handler(_with_done(place_actions), place_apply,
                            lambda s, f: f"Event: place {data.PIECE_NAMES[f['piece']]}s, one space per click (up to {f['left']} more)",
                            place_run),
    "effect_remove": Handler(_with_done(remove_actions), remove_apply,
                             lambda s, f: f"Remove a piece (up to {f['left']} more)", remove_run),
    "effect_marker": Handler(_with_done(marker_actions), marker_apply,
                             lambda s, f: ("Remove a Tributary marker" if f["marker"] == "independent"
                                           else "Place a Tributary marker") + f" (up to {f['left']})",
                             marker_run),
}
