"""Rulebook "Power Cards" and the "Power Cards Appendix": the deck, hands, the hand limit and every kind.

When each kind may be played (readings; the appendix gives no timing except where quoted):
  * Enhanced Movement: in the resolving, only if the final roll has at least one move symbol; adds
    its value to the move points.
  * Enhanced Attack: placed face down while declaring an attack (it needs hits, so the appendix's
    "at least one triangle" is read as at least one X). Several may be used.
  * Enhanced Defence, Dodge the Sword/Spear/Arrow, Extreme Dodging: by the defender, face down,
    after the attack is declared (rulebook "Resolving Attacks" 3.).
  * Quick Recovery: in the resolving, when a soldier in camp is below full defence; heals that many
    points (spent like O symbols, on any soldiers in camp).
  * Mirror Action: before rolling; the dice show the previous player's final roll (as many dice as
    are left), with no rerolls and no five-of-a-kind bonus.
  * Extra Turn: in the resolving; see turn.py.
  * Swap a Card: take a random card from another player's hand, then give them one of yours.
  * Retreat: move one enemy soldier on the board one square (by its own movement rules).
  * Taunt: a random card from another player's hand is discarded.
  * Additional Recruit: before rolling, recruit one soldier without setting dice aside.
  * Semi-Collaborative: allies "share their cards": each may play the other's cards and sees them.
  * An empty deck is refilled by shuffling the discard pile.
"""
from __future__ import annotations

from engine.core import rng
from engine.core.text import plural

from . import campaigns, data, movement
from .army import needs_heal, recruit, recruitable
from .attacks import enemies
from .campaigns import log
from .dice import to_resolve


def name(cid: int) -> str:
    return data.CARD_KINDS[data.CARDS[cid]][0]


def kind(cid: int) -> str:
    return data.CARDS[cid]


def usable(state, role: str) -> list:
    """The cards `role` may play: its hand, and its ally's in Semi-Collaborative play."""
    if role not in state["hands"]:
        return []
    out = list(state["hands"][role])
    if state["options"]["mode"] == "semi":
        out += state["hands"][data.ALLY[role]]
    return out


def remove_card(state, cid: int) -> None:
    for hand in state["hands"].values():
        if cid in hand:
            hand.remove(cid)
            return
    raise ValueError(f"card {cid} is in no hand")


def draw(state, role: str, n: int) -> None:
    got = 0
    for _ in range(n):
        if not state["deck"] and state["discard"]:
            state["deck"] = state["discard"]
            state["discard"] = []
            state["rng"] = rng.shuffle(state["rng"], state["deck"])
            log(state, "The discard pile is shuffled into a new deck")
        if not state["deck"]:
            break
        state["hands"][role].append(state["deck"].pop())
        got += 1
    state["reveals"] += 1
    log(state, f"{role} draws {plural(got, 'Power card')}")
    check_limit(state, role)


def check_limit(state, role: str) -> None:
    if len(state["hands"][role]) > data.HAND_LIMIT:
        state["discarding"] = role


def discard(state, role: str, cid: int) -> None:
    state["hands"][role].remove(cid)
    state["discard"].append(cid)
    state["reveals"] += 1  # the card is shown: undo stops here
    log(state, f"{role} discards {name(cid)} (hand limit {data.HAND_LIMIT})")
    if len(state["hands"][role]) <= data.HAND_LIMIT:
        state["discarding"] = None


def _others_with_cards(state, role: str, playing=None) -> list:
    """The other seats holding a card; with `playing`, once that card has left its hand (an ally's
    last card, played by `role` in Semi-Collaborative play, leaves nothing to take)."""
    return [r for r in state["seats"] if r != role and any(c != playing for c in state["hands"][r])]


def _retreat_targets(state, role: str) -> list:
    occ = movement.occupied(state)
    return [i for i, s in enumerate(state["soldiers"])
            if s["pos"] is not None and enemies(state, role, s["owner"]) and s["owner"] != "Portuguese"
            and movement.destinations(state, i, occ)]


def playable(state, role: str, stage: str) -> list:
    """Card ids `role` may play now, at the start of the turn or in the resolving."""
    if state["options"]["campaign"] == data.RANI:
        return []
    turn = state["turn"]
    out = []
    seen_kinds = set()
    for cid in usable(state, role):
        k = data.CARDS[cid]
        group = data.CARD_KINDS[k][1]
        ok = False
        if stage == "start":
            if k == "recruit":
                ok = bool(recruitable(state, role))
            elif k == "mirror":
                ok = turn["dice_left"] > 0 and bool(state["last_roll"])
        else:
            if group == "movement":
                ok = turn["rolled_move"] > 0
            elif group == "recovery":
                ok = any(s["owner"] == role and needs_heal(s) for s in state["soldiers"])
            elif k == "extra":
                ok = True
            elif k in ("swap", "taunt"):
                ok = bool(_others_with_cards(state, role, cid))
            elif k == "retreat":
                ok = bool(_retreat_targets(state, role))
        if ok and k not in seen_kinds:
            # identical cards are one choice: the first of each kind (a stable order)
            seen_kinds.add(k)
            out.append(cid)
    return out


def play(state, role: str, cid: int) -> None:
    turn = state["turn"]
    k = data.CARDS[cid]
    remove_card(state, cid)
    state["discard"].append(cid)
    state["reveals"] += 1
    log(state, f"{role} plays {name(cid)}")
    group = data.CARD_KINDS[k][1]
    if group == "movement":
        turn["pool"][data.MOVE] += data.CARD_KINDS[k][2]
    elif group == "recovery":
        turn["heal_bonus"] += data.CARD_KINDS[k][2]
    elif k == "extra":
        turn["extra"] += 1
    elif k == "mirror":
        n = min(turn["dice_left"], len(state["last_roll"]))
        turn["dice"] = list(state["last_roll"][:n])
        turn["held"] = [True] * n
        turn["mirrored"] = True
        to_resolve(state)
    elif k == "recruit":
        turn["sub"] = {"k": "recruit"}
    elif k in ("swap", "taunt"):
        turn["sub"] = {"k": k}
    elif k == "retreat":
        turn["sub"] = {"k": "retreat", "sid": None}


def sub_actions(state, role: str) -> list:
    sub = state["turn"]["sub"]
    k = sub["k"]
    if k == "recruit":
        return [["recruit", x] for x in recruitable(state, role)]
    if k in ("swap", "taunt"):
        if "from" in sub:
            return [["give_card", c] for c in state["hands"][role]]
        return [["player", r] for r in _others_with_cards(state, role)]
    if sub["sid"] is None:
        return [["push", i] for i in _retreat_targets(state, role)]
    return [["push_to", s] for s in movement.destinations(state, sub["sid"])]


def apply_sub(state, role: str, action) -> None:
    turn = state["turn"]
    sub = turn["sub"]
    verb = action[0]
    if verb == "recruit":
        recruit(state, role, action[1])
        turn["sub"] = None
    elif verb == "player":
        victim = action[1]
        i, state["rng"] = rng.randbelow(state["rng"], len(state["hands"][victim]))
        cid = state["hands"][victim].pop(i)
        state["reveals"] += 1
        if sub["k"] == "taunt":
            state["discard"].append(cid)
            log(state, f"Taunt: {victim} discards {name(cid)}")
            turn["sub"] = None
        else:
            state["hands"][role].append(cid)
            sub["from"] = victim
            log(state, f"{role} takes a card from {victim}")
    elif verb == "give_card":
        state["hands"][role].remove(action[1])
        state["hands"][sub["from"]].append(action[1])
        state["reveals"] += 1  # another seat now holds (and sees) the card: undo stops here
        log(state, f"{role} gives a card to {sub['from']}")
        turn["sub"] = None
    elif verb == "push":
        sub["sid"] = action[1]
    elif verb == "push_to":
        s = state["soldiers"][sub["sid"]]
        log(state, f"Retreat: {s['owner']}'s {data.SOLDIERS[s['kind']]['name']} is moved "
            f"{data.square_name(s['pos'])} → {data.square_name(action[1])}")
        s["pos"] = action[1]
        turn["sub"] = None
        campaigns.after_step(state, sub["sid"])
