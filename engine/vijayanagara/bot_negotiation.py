"""Negotiation (1.5.2) for the Vijayanagara bots: kingmaking against a leader about to win.

The rule is simple, deterministic and uses only open information (the board, Resources, Cavalry,
the number of cards left in the deck):

  * only in the last stack of the deck (data.STACK_SIZE + 2 cards or fewer left: the Timurid cards,
    2.6, end the game there) and only at the Faction's own card option (2.3.3), so at most once a card;
  * the victory points as they would count now at the end (5.1-5.3, the Sultanate's Delhi
    adjustment included) name a single leader; a Faction never gives anything to the leader;
  * the giver is out of the race (LOST or more victory points behind the leader) and the receiver,
    the third Faction, is within REACH of the leader and closer to it than the giver;
  * the giver keeps RESERVE Resources and gives the rest of its Resources (up to the receiver's
    maximum of 24, 1.8) and its Cavalry tokens (1.10), at most MAX_GIFTS tokens in all per decision;
  * it never opens the Negotiation sub-menu twice at one decision: once the last thing in the log is
    its own gift it continues with the decision (and the sub-menu closes itself after MAX_GIFTS).

So no loop is possible: every opening gives at least one token, there is one opening per decision,
and each opening gives at most MAX_GIFTS.
"""
from __future__ import annotations

from . import board_state, data

NEGOTIATE, DONE, GIVE = "negotiate", "done", "give"
LOST = 5  # victory points behind the leader
REACH = 3  # the receiver is at most this far behind the leader
RESERVE = 2  # Resources the giver keeps for its own Commands
MAX_GIFTS = 6  # tokens given per decision at most
LAST_STACK = data.STACK_SIZE + 2


def plan(state, role):
    """(receiver, Resources to give, Cavalry to give) or None: what kingmaking asks of `role` now."""
    if role not in data.FACTIONS or state.get("result") is not None or len(state["deck"]) > LAST_STACK:
        return None
    vp = board_state.victory_points(state, final=True)
    top = max(vp.values())
    leaders = [f for f in data.FACTIONS if vp[f] == top]
    if len(leaders) != 1 or leaders[0] == role:
        return None
    leader = leaders[0]
    receiver = next(f for f in data.FACTIONS if f not in (role, leader))
    gap_me, gap_them = top - vp[role], top - vp[receiver]
    if gap_me < LOST or gap_them > REACH or gap_them >= gap_me:
        return None
    res = max(0, min(state["resources"][role] - RESERVE, data.RESOURCES_MAX - state["resources"][receiver]))
    cav = state["cavalry"][role]
    cav = min(cav, MAX_GIFTS)
    res = min(res, MAX_GIFTS - cav)
    if res + cav <= 0:
        return None
    return receiver, res, cav


def _gave_last(state, role) -> bool:
    log = state.get("log") or []
    return bool(log) and log[-1].startswith(f"{role} gives 1 ") and "1.5.2" in log[-1]


def choose(rules, state, role):
    """The Negotiation action `role` should take now, or None to go on with the decision."""
    frame = state["stack"][-1] if state["stack"] else None
    if frame is None:
        return None
    acts = rules.actions(state, role)
    if frame["kind"] == "negotiate":
        p = plan_at_opening(state, frame, role)
        if p is None or frame.get("given", 0) >= MAX_GIFTS:
            return DONE if DONE in acts else None
        receiver, res, cav = p
        for what, left in (("cavalry", cav), ("resources", res)):
            action = [GIVE, receiver, what]
            if left > 0 and action in acts:
                return action
        return DONE if DONE in acts else None
    if frame["kind"] != "option" or NEGOTIATE not in acts or _gave_last(state, role):
        return None
    return NEGOTIATE if plan(state, role) is not None else None


def plan_at_opening(state, frame, role):
    """The plan inside the sub-menu, counting down what was already given in this opening."""
    given = frame.get("given", 0)
    p = plan(state, role)
    if p is None:
        return None
    receiver, res, cav = p
    room = MAX_GIFTS - given
    cav = min(cav, room)
    res = min(res, room - cav)
    return (receiver, res, cav) if res + cav > 0 else None
