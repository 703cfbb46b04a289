"""Small choices that the rules leave to a Faction in the middle of something else, and Negotiation.

  refill        1.9: Influence fell below an emptied Unit slot: the Faction puts Amirs/Rajas back
                "from either their holding box or anywhere on the map", one click per Unit:
                "available" or [space, kind].
  cavalry_take  1.10: a Cavalry token is earned while the pool is empty: it "may be taken from any
                other Faction": the earner names the Faction (a Faction name per token) or
                "decline"s the tokens still owed (always a choice, even with one possible victim).
  negotiate     1.5.2: "Resources and Cavalry tokens may be traded among any Factions at any time."
                Every decision of a player Faction offers the button "negotiate", which opens this
                frame: ["give", faction, "resources"] or ["give", faction, "cavalry"] gives one to
                that Faction; "done" returns to the decision that was interrupted.
                Reading of "at any time": a Faction can give whenever it has a decision to make,
                in its own turn or in another's (Cavalry in a battle it defends, casualties, 1.9
                refills, Mongol commands, Succession steps). Between its decisions it cannot,
                because the game interface has one active role at a time and a program acts only
                when asked for a decision; offering a button to idle Factions would need
                simultaneous turns everywhere. A trade is two gifts, each made at a decision of its
                giver; promises are not enforced (1.5.2: binding only within one action).

board_state.py queues refill and cavalry_take frames in state["pending"] (it may not push frames in
the middle of another procedure); rules.advance pushes them before anything else runs.
"""
from engine.core.text import article

from . import board_state, data
from .frames import Handler, log, pop

DONE, NEGOTIATE, GIVE, DECLINE = "done", "negotiate", "give", "decline"


# --- 1.9 refilling a track slot -------------------------------------------------------------------

def refill_actions(state, frame) -> list:
    if board_state.refill_need(state, frame["role"], frame["slot"]) <= 0:
        return []
    return board_state.refill_sources(state, frame["role"])


def refill_run(state, frame) -> bool:
    acts = refill_actions(state, frame)
    if len(acts) == 0:
        pop(state, frame)
        return True
    if len(acts) == 1:  # no choice left
        board_state.refill_one(state, frame["role"], frame["slot"], acts[0])
        return True
    return False


def refill_apply(state, frame, action) -> None:
    board_state.refill_one(state, frame["role"], frame["slot"], action)
    where = "Available" if action == "available" else action[0]
    piece = data.TRACK_PIECE[frame["role"]].capitalize()
    log(state, f"{frame['role']} returns {article(piece)} from {where} "
               f"to Influence track slot {frame['slot']}")


def refill_prompt(state, frame) -> str:
    need = board_state.refill_need(state, frame["role"], frame["slot"])
    piece = "Amir" if frame["role"] == data.BAHMANI else "Raja"
    return (f"Influence fell below slot {frame['slot']} (1.9): put {need} more {piece}{'s' if need > 1 else ''} "
            "back on the track, from Available or from the map")


# --- 1.10 taking Cavalry from another Faction -----------------------------------------------------

def take_actions(state, frame) -> list:
    if frame["left"] <= 0:
        return []
    victims = [f for f in data.FACTIONS if f != frame["role"] and state["cavalry"][f] > 0]
    return victims + [DECLINE] if victims else []


def take_run(state, frame) -> bool:
    if not take_actions(state, frame):
        pop(state, frame)
        return True
    return False


def take_apply(state, frame, action) -> None:
    if action == DECLINE:  # 1.10 "may be taken": the earner leaves the other Factions' tokens
        pop(state, frame)
        log(state, f"{frame['role']} declines to take Cavalry from another Faction (1.10)")
        return
    state["cavalry"][action] -= 1
    state["cavalry"][frame["role"]] += 1
    frame["left"] -= 1
    log(state, f"{frame['role']} takes a Cavalry token from {action} (1.10: the pool is empty)")


def take_prompt(state, frame) -> str:
    return (f"The Cavalry pool is empty (1.10): you may take {frame['left']} token"
            f"{'s' if frame['left'] > 1 else ''} from another Faction: from which, or decline?")


# --- 1.5.2 Negotiation ----------------------------------------------------------------------------

def can_negotiate(state, role) -> bool:
    return role in data.FACTIONS and (state["resources"][role] > 0 or state["cavalry"][role] > 0)


def negotiate_actions(state, frame) -> list:
    role = frame["role"]
    acts = []
    for other in data.FACTIONS:
        if other == role:
            continue
        if state["resources"][role] > 0 and state["resources"][other] < data.RESOURCES_MAX:
            acts.append([GIVE, other, "resources"])
        if state["cavalry"][role] > 0:
            acts.append([GIVE, other, "cavalry"])
    return acts + [DONE]


def negotiate_apply(state, frame, action) -> None:
    if action == DONE:
        pop(state, frame)
        return
    _give, other, what = action
    role = frame["role"]
    if what == "resources":
        board_state.add_resources(state, role, -1)
        board_state.add_resources(state, other, 1)
    else:
        state["cavalry"][role] -= 1
        state["cavalry"][other] += 1
    frame["given"] = frame.get("given", 0) + 1
    log(state, f"{role} gives 1 {'Resource' if what == 'resources' else 'Cavalry token'} to {other} (1.5.2)")


def negotiate_prompt(state, frame) -> str:
    return (f"{frame['role']}: Negotiation (1.5.2): give Resources or Cavalry to another Faction, "
            "one at a time, then done")


def open_negotiation(state, role) -> dict:
    return {"kind": "negotiate", "role": role}


HANDLERS = {
    "refill": Handler(refill_actions, refill_apply, refill_prompt, refill_run),
    "cavalry_take": Handler(take_actions, take_apply, take_prompt, take_run),
    "negotiate": Handler(negotiate_actions, negotiate_apply, negotiate_prompt),
}
