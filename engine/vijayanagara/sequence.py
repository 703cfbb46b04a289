"""Deck construction (2.1) and the sequence of play (2.2, 2.3): drawing cards, eligibility, faction
order, the two forked options, Limited Command, Pass and adjusting eligibility.

State used here:
    deck      card ids still to draw, top first (hidden: view() shows only its length)
    played    card ids drawn so far, in order
    card      the current card id or None
    sop       {"eligible": {faction: bool}, "queue": [factions still to act on this card],
               "forks": {"command_decree": faction|None, "event_command": faction|None},
               "acted": {faction: option taken}, "stay": [factions that took a Stay Eligible Event]}
    timurids  Timurid Empire cards drawn so far (2.6)
"""
import copy

from engine.core import rng

from . import board_state, data, events
from .frames import Handler, log, pop, push

# The options of 2.3.3-2.3.6, as the buttons of the "option" frame.
UNSHADED, SHADED, COMMAND, COMMAND_DECREE, LIMITED, PASS = (
    "unshaded", "shaded", "command", "command+decree", "limited", "pass")
OPTION_LABELS = {
    UNSHADED: "Event (unshaded)", SHADED: "Event (shaded)", COMMAND: "Command (no Decree)",
    COMMAND_DECREE: "Command + Decree", LIMITED: "Limited Command", PASS: "Pass",
}


def build_deck(state) -> list:
    """2.1 deck construction, shuffles through the state's generator."""
    numbers = [events.event_id(c["number"]) for c in events.EVENTS]
    state["rng"] = rng.shuffle(state["rng"], numbers)
    invasions = [c["id"] for c in events.INVASIONS]
    state["rng"] = rng.shuffle(state["rng"], invasions)
    dealt = numbers[:data.EVENTS_DEALT]  # 2.1 step 2: the other 12 are not used
    stacks = [dealt[i * data.STACK_SIZE:(i + 1) * data.STACK_SIZE] for i in range(data.STACKS)]
    for i in range(3):  # 2.1 step 3: two Mongol Invasion cards into each of the first three stacks
        stacks[i] += invasions[i * data.INVASIONS_PER_STACK:(i + 1) * data.INVASIONS_PER_STACK]
    stacks[3] += [c["id"] for c in events.TIMURIDS]  # ... and both Timurid Empire cards into the 4th
    for stack in stacks:
        state["rng"] = rng.shuffle(state["rng"], stack)
    s1, s2, s3 = (c["id"] for c in events.SUCCESSIONS)
    # 2.1 steps 4-7: stack 1, Zenith, stack 2, Rise of the Rebel Sultans, stack 3, Lords, stack 4.
    return stacks[0] + [s1] + stacks[1] + [s2] + stacks[2] + [s3] + stacks[3]


def new_sop() -> dict:
    return {"eligible": {f: True for f in data.FACTIONS},  # 2.3.1: all begin Eligible
            "queue": [], "forks": {COMMAND_DECREE: None, "event_command": None}, "acted": {}, "stay": []}


def idle(state) -> None:
    """Called when nothing is pending: the next Eligible Faction acts, or the next card comes."""
    card, sop = state["card"], state["sop"]
    if card is not None and events.card_kind(card) == "event" and sop["queue"]:
        push(state, {"kind": "option", "role": sop["queue"].pop(0)})
        return
    if card is not None and events.card_kind(card) == "event":
        adjust_eligibility(state)
    draw(state)


def adjust_eligibility(state) -> None:
    """2.3.7: Factions that took a forked option become Ineligible (unless they executed a Stay
    Eligible Event); all others (Ineligible, Limited Command, Pass) become Eligible."""
    sop = state["sop"]
    forked = {f for f in sop["forks"].values() if f is not None}
    for f in data.FACTIONS:
        sop["eligible"][f] = not (f in forked and f not in sop["stay"])
    sop["forks"] = {COMMAND_DECREE: None, "event_command": None}
    sop["acted"], sop["stay"], sop["queue"] = {}, [], []


def draw(state) -> None:
    """2.3, 2.3.8: reveal the top card of the deck."""
    if not state["deck"]:  # cannot happen: the second Timurid card ends the game first (2.2)
        raise AssertionError("the Event deck ran out before Timur invaded Delhi")
    card = state["deck"].pop(0)
    state["played"].append(card)
    state["card"] = card
    state["reveals"] += 1
    kind = events.card_kind(card)
    log(state, f"Card {len(state['played'])}: {events.CARD_TITLES[card]}")
    if kind == "event":
        order = [data.BY_SHORT[s] for s in events.EVENT_BY_NUMBER[int(card[1:])]["order"]]
        state["sop"]["queue"] = [f for f in order if state["sop"]["eligible"][f]]  # 2.3.2
    elif kind == "invasion":
        push(state, {"kind": "invasion", "auto": True, "card": card, "step": 0})
    elif kind == "succession":
        push(state, {"kind": "succession", "auto": True, "card": card, "step": 0})
    else:
        state["timurids"] += 1
        push(state, {"kind": "timurid", "auto": True, "number": state["timurids"], "step": 0})


# --- the option frame (2.3.3) ---------------------------------------------------------------------

def current_event(state) -> dict:
    return events.EVENT_BY_NUMBER[int(state["card"][1:])]


def option_actions(state, frame) -> list:
    forks = state["sop"]["forks"]
    acts = []
    if forks["event_command"] is None:
        acts += [UNSHADED, SHADED, COMMAND]
    if forks[COMMAND_DECREE] is None:
        acts.append(COMMAND_DECREE)
    return acts + [LIMITED, PASS]  # 2.3.5, 2.3.6: always available


def option_apply(state, frame, action) -> None:
    faction, sop = frame["role"], state["sop"]
    pop(state, frame)
    sop["acted"][faction] = action
    if action == PASS:  # 2.3.6
        gain = board_state.add_resources(state, faction, data.PASS_INCOME[faction])
        log(state, f"{faction} passes (+{gain} Resource{'s' * (gain != 1)})")
        return
    if action in (UNSHADED, SHADED):  # 2.3.4
        sop["forks"]["event_command"] = faction
        card = current_event(state)
        if card["stay_eligible"]:
            sop["stay"].append(faction)
        log(state, f"{faction} executes the {action} Event: {card['title']}")
        push(state, {"kind": "effects", "auto": True, "role": faction, "effects": copy.deepcopy(card[action]),
                     "step": 0})
        return
    if action == COMMAND:
        sop["forks"]["event_command"] = faction
    elif action == COMMAND_DECREE:
        sop["forks"][COMMAND_DECREE] = faction
    log(state, f"{faction} chooses {OPTION_LABELS[action]}")
    push(state, {"kind": "action", "role": faction, "limited": action == LIMITED, "free": False,
                 "decree": "owed" if action == COMMAND_DECREE else None, "command": None,
                 "only": None})


def option_prompt(state, frame) -> str:
    return f"{frame['role']}: choose an option for {events.CARD_TITLES[state['card']]}"


HANDLERS = {"option": Handler(option_actions, option_apply, option_prompt)}
