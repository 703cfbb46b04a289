"""Rulebook "Game Turn", "Recruiting Soldiers", "Dice Roll and Action Selection", "Resolving Dice Actions"
and "End of Turn": the turn's stages, their legal actions and their effects.

Stages of a turn (state["turn"]["stage"]):
  start    ["recruit", kind] (2 dice a soldier; the 5th die buys a 3rd only if all 5 go to recruits),
           "draw" (2 dice a card, likewise 5 for 3), ["card", id] (Additional Recruit, Mirror Action),
           "roll" (the remaining dice), "end" (when no dice remain: the turn is skipped)
  roll     ["hold", i] (toggle keeping die i), "reroll" (up to 3 rolls in all), ["reroll_card", id]
           (discard a Power card for an additional reroll), "accept"
  resolve  ["select", soldier], ["to", square], ["attack", soldier], ["heal", soldier],
           ["grab", soldier, square], ["give", soldier, soldier], ["drop", soldier, square],
           ["card", id], "end"; an attack then asks ["target", soldier] / "cancel", ["hits", n],
           ["acard", id] / "declare", and the defender ["dcard", id] / "defend" (attacks.py)
Out of turn: ["discard", id] by a player over the hand limit of 6.

Readings (also in the About text):
  * Recruiting and drawing happen before the roll, recruiting first (rulebook "Game Turn" order).
  * "Reroll" rerolls every die not held; a Power card discarded for a reroll is allowed once the
    three rolls are used, as often as the player has cards.
  * The bonus card for five equal symbols needs all 5 dice in the final roll (not a mirrored one).
  * Extra Turn: after this roll is resolved, the player rolls all 5 dice again (with the usual three
    rolls) and resolves them, without recruiting or drawing.
  * Symbols left unused at "end" are ignored ("Resolving Dice Actions").
"""
from __future__ import annotations

from engine.core.text import article, plural

from . import attacks, campaigns, cards, data, movement
from .army import needs_heal, recruit, recruitable
from .campaigns import log
from .dice import roll_dice, start_roll, to_resolve


def new_turn(role: str) -> dict:
    return {"seat": role, "stage": "start", "dice_left": data.DICE, "recruits": 0, "draws": 0,
            "dice": [], "held": [], "rolls": 0, "pool": {data.MOVE: 0, data.HIT: 0, data.HEAL: 0},
            "rolled_move": 0, "heal_bonus": 0, "spent": {}, "steps": {}, "sel": None,
            "attack": None, "sub": None, "extra": 0, "noise": [], "mirrored": False}


def no_cards(state) -> bool:
    return state["options"]["campaign"] == data.RANI


# --- paying with dice ("Recruiting Soldiers", "Power Cards") -------------------------------------------

def _can_pay(turn, used: str) -> bool:
    """2 dice each; the 5th die buys a 3rd only when all 5 go to the same thing."""
    other = "draws" if used == "recruits" else "recruits"
    if turn["dice_left"] >= 2:
        return True
    return turn["dice_left"] == 1 and turn[used] == 2 and turn[other] == 0


def _pay(turn, used: str) -> None:
    turn[used] += 1
    turn["dice_left"] -= 2 if turn["dice_left"] >= 2 else 1


# --- the final roll -----------------------------------------------------------------------------------

def accept(state) -> None:
    turn = state["turn"]
    dice = turn["dice"]
    # "Game Turn" 4. Earn a Bonus: the same symbol on all 5 dice
    if len(dice) == data.DICE and len(set(dice)) == 1 and not turn["mirrored"] and not no_cards(state):
        log(state, f"{turn['seat']} rolled five equal symbols: a bonus Power card")
        cards.draw(state, turn["seat"], 1)
    to_resolve(state)


# --- the actions --------------------------------------------------------------------------------------

def resolve_actions(state, role: str) -> list:
    turn = state["turn"]
    pool = turn["pool"]
    out = []
    soldiers = state["soldiers"]
    occ = movement.occupied(state)
    mine = [i for i, s in enumerate(soldiers) if s["owner"] == role and not s["out"]]
    movable = []
    for i in mine:
        cost = movement.step_cost(state, i)
        if (cost == 0 or pool[data.MOVE] >= cost) and movement.destinations(state, i, occ):
            movable.append(i)
    sel = turn["sel"]
    if sel is not None and sel in movable:
        out += [["to", s] for s in movement.destinations(state, sel, occ)]
    out += [["select", i] for i in movable if i != sel]
    if pool[data.HIT] > 0:
        out += [["attack", i] for i in mine if soldiers[i]["pos"] is not None and attacks.targets(state, i)]
    if pool[data.HEAL] + turn["heal_bonus"] > 0:
        out += [["heal", i] for i in mine if needs_heal(soldiers[i])]
    if pool[data.HEAL] > 0 and state["options"]["campaign"] == data.TREASURE:
        out += treasure_actions(state, role, mine, occ)
    out += [["card", c] for c in cards.playable(state, role, "resolve")]
    out.append("end")
    return out


def treasure_actions(state, role: str, mine: list, occ: dict) -> list:
    """Rulebook "Grab/Handover/Drop Treasure": one token per O, to or from one space away."""
    out = []
    soldiers = state["soldiers"]
    for i in mine:
        s = soldiers[i]
        if s["pos"] is None:
            continue
        near = [b for b in movement.neighbours(s["pos"]) if b not in data.PILLARS]
        if campaigns.carry_room(s) > 0:
            out += [["grab", i, b] for b in [s["pos"]] + near if campaigns.treasure_at(state, b) > 0]
        if s["carry"] > 0:
            for b in near:
                j = occ.get(b)
                if j is not None:
                    other = soldiers[j]
                    if ((other["owner"] == role or (state["options"]["mode"] == "semi"
                                                    and data.ALLY.get(role) == other["owner"]))
                            and campaigns.carry_room(other) > 0):
                        out.append(["give", i, j])
                elif b not in data.CAMP_SQUARES or b == movement.camp(state, role):
                    out.append(["drop", i, b])
    return out


def turn_actions(state, role: str) -> list:
    turn = state["turn"]
    if turn["attack"] is not None:
        return attack_actions(state, role)
    if turn["sub"] is not None:
        return cards.sub_actions(state, role)
    stage = turn["stage"]
    if stage == "start":
        out = []
        if turn["draws"] == 0:
            kinds = recruitable(state, role)
            if kinds and _can_pay(turn, "recruits"):
                out += [["recruit", k] for k in kinds]
        if not no_cards(state) and _can_pay(turn, "draws") and (state["deck"] or state["discard"]):
            out.append("draw")
        out += [["card", c] for c in cards.playable(state, role, "start")]
        out.append("roll" if turn["dice_left"] > 0 else "end")
        return out
    if stage == "roll":
        unheld = not all(turn["held"])
        out = []
        can_more = turn["rolls"] < data.ROLLS or (not no_cards(state) and state["hands"][role])
        if can_more:
            out += [["hold", i] for i in range(len(turn["dice"]))]
        if unheld and turn["rolls"] < data.ROLLS:
            out.append("reroll")
        if unheld and turn["rolls"] >= data.ROLLS and not no_cards(state):
            out += [["reroll_card", c] for c in state["hands"][role]]
        out.append("accept")
        return out
    return resolve_actions(state, role)


def attack_actions(state, role: str) -> list:
    att = state["turn"]["attack"]
    stage = att["stage"]
    if stage == "target":
        return [["target", t] for t in attacks.targets(state, att["by"])] + ["cancel"]
    if stage == "hits":
        return [["hits", n] for n in range(1, state["turn"]["pool"][data.HIT] + 1)]
    if stage == "acards":
        return [["acard", c] for c in cards.usable(state, role)
                if data.CARD_KINDS[data.CARDS[c]][1] == "attack" and c not in att["acards"]] + ["declare"]
    # "defend": the defender's face-down defence cards
    return [["dcard", c] for c in cards.usable(state, role)
            if data.CARD_KINDS[data.CARDS[c]][1] == "defence" and c not in att["dcards"]] + ["defend"]


def apply_turn(state, role: str, action) -> None:
    turn = state["turn"]
    if turn["attack"] is not None:
        return apply_attack(state, role, action)
    if turn["sub"] is not None:
        return cards.apply_sub(state, role, action)
    if isinstance(action, str):
        if action == "draw":
            _pay(turn, "draws")
            cards.draw(state, role, 1)
        elif action == "roll":
            start_roll(state, turn["dice_left"])
        elif action == "reroll":
            roll_dice(state, [i for i, h in enumerate(turn["held"]) if not h])
        elif action == "accept":
            accept(state)
        elif action == "end":
            end_of_roll(state)
        return
    verb = action[0]
    if verb == "recruit":
        _pay(turn, "recruits")
        recruit(state, role, action[1])
    elif verb == "hold":
        turn["held"][action[1]] = not turn["held"][action[1]]
    elif verb == "reroll_card":
        cards.remove_card(state, action[1])
        state["discard"].append(action[1])
        log(state, f"{role} discards {cards.name(action[1])} for an extra reroll")
        roll_dice(state, [i for i, h in enumerate(turn["held"]) if not h])
    elif verb == "card":
        cards.play(state, role, action[1])
    elif verb == "select":
        turn["sel"] = action[1]
    elif verb == "to":
        step(state, turn["sel"], action[1])
    elif verb == "attack":
        turn["attack"] = {"by": action[1], "target": None, "hits": 0, "acards": [], "dcards": [],
                          "stage": "target", "defender": None}
    elif verb == "heal":
        heal(state, action[1])
    elif verb == "grab":
        turn["pool"][data.HEAL] -= 1
        s = state["soldiers"][action[1]]
        campaigns.take_treasure(state, action[2], 1)
        s["carry"] += 1
        log(state, f"{role}'s {data.SOLDIERS[s['kind']]['name']} grabs a treasure at {data.square_name(action[2])}")
        campaigns.bank(state, action[1])
        campaigns.check_end(state)
    elif verb == "give":
        turn["pool"][data.HEAL] -= 1
        state["soldiers"][action[1]]["carry"] -= 1
        state["soldiers"][action[2]]["carry"] += 1
        log(state, f"{role}'s {data.SOLDIERS[state['soldiers'][action[1]]['kind']]['name']} hands a treasure to "
            f"{state['soldiers'][action[2]]['owner']}'s {data.SOLDIERS[state['soldiers'][action[2]]['kind']]['name']}")
        campaigns.bank(state, action[2])
        campaigns.check_end(state)
    elif verb == "drop":
        turn["pool"][data.HEAL] -= 1
        state["soldiers"][action[1]]["carry"] -= 1
        if action[2] == movement.camp(state, role):
            state["banked"][role] += 1
            campaigns.gain_vp(state, role, data.TREASURE_VP)
            log(state, f"{role} drops a treasure into camp: +{data.TREASURE_VP} VP")
        else:
            campaigns.put_treasure(state, action[2], 1)
            log(state, f"{role} drops a treasure at {data.square_name(action[2])}")
        campaigns.check_end(state)


def step(state, sid: int, to: int) -> None:
    turn = state["turn"]
    cost = movement.step_cost(state, sid)
    turn["pool"][data.MOVE] -= cost
    key = str(sid)
    turn["spent"][key] = turn["spent"].get(key, 0) + cost
    turn["steps"][key] = turn["steps"].get(key, 0) + 1
    soldier = state["soldiers"][sid]
    came = "camp" if soldier["pos"] is None else data.square_name(soldier["pos"])
    soldier["pos"] = to
    log(state, f"{soldier['owner']}'s {data.SOLDIERS[soldier['kind']]['name']} moves {came} → {data.square_name(to)}")
    campaigns.after_step(state, sid)
    # keep the soldier selected while it can go on
    if state["result"] is None:
        c = movement.step_cost(state, sid)
        if not (c == 0 or turn["pool"][data.MOVE] >= c) or not movement.destinations(state, sid):
            turn["sel"] = None


def heal(state, sid: int) -> None:
    """Rulebook "Resolving Healing": the first O heals a wounded soldier to 1, each further O adds a shield."""
    turn = state["turn"]
    if turn["heal_bonus"] > 0:
        turn["heal_bonus"] -= 1
    else:
        turn["pool"][data.HEAL] -= 1
    s = state["soldiers"][sid]
    s["def"] += 1
    s["wounded"] = False
    log(state, f"{s['owner']} heals {article(data.SOLDIERS[s['kind']]['name'])} to {s['def']}")


def apply_attack(state, role: str, action) -> None:
    turn = state["turn"]
    att = turn["attack"]
    if action == "cancel":
        turn["attack"] = None
        return
    verb = action if isinstance(action, str) else action[0]
    if verb == "target":
        att["target"] = action[1]
        att["stage"] = "hits"
    elif verb == "hits":
        att["hits"] = action[1]
        turn["pool"][data.HIT] -= action[1]
        att["stage"] = "acards" if cards.usable(state, role) else "ready"
        if att["stage"] == "ready":
            declare(state)
    elif verb == "acard":
        cards.remove_card(state, action[1])
        att["acards"].append(action[1])
    elif verb == "declare":
        declare(state)
    elif verb == "dcard":
        cards.remove_card(state, action[1])
        att["dcards"].append(action[1])
    elif verb == "defend":
        resolve_attack(state)


def declare(state) -> None:
    """"Resolving Attacks" 1.-3.: the attack is fixed; the defender answers with face-down cards."""
    att = state["turn"]["attack"]
    target = state["soldiers"][att["target"]]
    attacker = state["soldiers"][att["by"]]
    log(state, f"{attacker['owner']}'s {data.SOLDIERS[attacker['kind']]['name']} attacks "
        f"{target['owner']}'s {data.SOLDIERS[target['kind']]['name']} with {plural(att['hits'], 'hit')}"
        + (f" and {plural(len(att['acards']), 'face-down card')}" if att["acards"] else ""))
    # the defender answers whenever it holds any card, a defence card or not: asking only those who
    # hold one would tell the attacker what is in their hand
    if target["owner"] != "Portuguese" and cards.usable(state, target["owner"]):
        att["stage"] = "defend"
        att["defender"] = target["owner"]
    else:
        resolve_attack(state)


def resolve_attack(state) -> None:
    """"Resolving Attacks" 4.-6.: both sides reveal, the outcome is resolved, the cards discarded."""
    turn = state["turn"]
    att = turn["attack"]
    played = att["acards"] + att["dcards"]
    if played:
        state["reveals"] += 1
        log(state, "Revealed: " + ", ".join(cards.name(c) for c in played))
    points = attacks.attack_total(state, att)
    attacker = state["soldiers"][att["by"]]
    target = state["soldiers"][att["target"]]
    turn["noise"] += [attacker["pos"], target["pos"]]  # Rani Abbakka: the guards hear it (flat pairs)
    log(state, f"The attack takes {points} defence")
    state["discard"] += played
    turn["attack"] = None
    campaigns.damage(state, att["target"], points, attacker["owner"])
    campaigns.check_end(state)


def end_of_roll(state) -> None:
    """End of the resolving (or a turn without dice): an Extra Turn rolls again, else the dice pass on."""
    turn = state["turn"]
    if turn["stage"] == "resolve" and turn["extra"] > 0:
        turn["extra"] -= 1
        log(state, f"{turn['seat']} takes the Extra Turn")
        turn["mirrored"] = False
        start_roll(state, data.DICE)
        return
    end_turn(state)


def end_turn(state) -> None:
    """Rulebook "End of Turn": play proceeds clockwise and the dice pass to the next player."""
    role = state["turn"]["seat"]
    if state["turn"]["stage"] != "resolve":
        state["last_roll"] = []  # no roll this turn: Mirror Action has no "previous player's roll"
    if state["options"]["campaign"] == data.RANI:
        campaigns.portuguese_turn(state)
        if state["result"] is not None:
            return
    seats = state["seats"]
    i = (seats.index(role) + 1) % len(seats)
    if i == 0:
        if state["options"]["rounds"] and state["round"] >= state["options"]["rounds"]:
            campaigns.round_limit(state)  # the game ends in its last round, not in a round after it
            return
        state["round"] += 1
        log(state, f"Round {state['round']}")
    state["turn"] = new_turn(seats[i])
