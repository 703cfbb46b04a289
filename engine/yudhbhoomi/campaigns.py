"""The three campaigns: "#1 Treasure Campaign", "#2 Hold the Fort Campaign", "#3 Rani Abbakka Campaign".

Readings (also in the About text):
  * Treasure: a carrier banks its tokens the moment it stands on its own camp square (the army's
    "camp" and starting space are the same square, rulebook "The Yudhbhoomi Map" 2.); a token dropped
    with an O onto one's own camp square is banked too. Moving onto a token square picks up as many
    tokens as the soldier can still carry. VP are per player; in Semi-Collaborative play an
    alliance's VP are its two players' VP together, and the first alliance to 5 wins both seats.
  * Difficult mode: defeating a soldier whose owner holds VP takes one of them (the owner -1, the
    attacker +1); otherwise the attacker takes 1 VP from the supply as usual.
  * Hold the Fort: a soldier that steps onto a palace square without a flag gets one if its army has
    one left of 5; it keeps it until defeated (leaving the palace does not lose it). The game ends
    when a player (alliance) holds 5 flags; the winner is the player (alliance) with the most soldiers
    in the palace then, ties broken by flags held, then shared.
  * Rani Abbakka (see portuguese_turn): after every player's turn, first the guards and the General
    that are alerted step and strike, then each patrol soldier steps one square clockwise; the patrol's
    sighting is checked after every action.
  * House rule, not in the rulebook (option "rounds"): the game ends after that many rounds. Treasure:
    the most VP wins (ties shared); Hold the Fort: the palace majority as above; Rani Abbakka: the sun
    rises and the players lose ("When the sun rises, the palace will be ours again!").
"""
from __future__ import annotations

from engine.core.text import plural

from . import data
from .movement import camp as camp_of
from .movement import chebyshev, distances_to, level, line_of_sight, neighbours, step_ok


def side(state, role: str) -> str:
    """The scoring side of a seat: the alliance name in Semi-Collaborative play, else the seat."""
    if state["options"]["mode"] == "semi":
        return "+".join(sorted((role, data.ALLY[role])))
    return role


def sides(state) -> list:
    out = []
    for role in state["seats"]:
        s = side(state, role)
        if s not in out:
            out.append(s)
    return out


def side_roles(state, s: str) -> list:
    return [r for r in state["seats"] if side(state, r) == s]


def log(state, text: str) -> None:
    state["log"].append(text)


# --- treasure ------------------------------------------------------------------------------------------

def carry_room(soldier) -> int:
    return max(0, data.SOLDIERS[soldier["kind"]]["carry"] - soldier["carry"])


def treasure_at(state, s: int) -> int:
    return state["treasure"].get(str(s), 0)


def put_treasure(state, s: int, n: int) -> None:
    if n <= 0:
        return
    key = str(s)
    state["treasure"][key] = state["treasure"].get(key, 0) + n


def take_treasure(state, s: int, n: int) -> None:
    key = str(s)
    state["treasure"][key] -= n
    if state["treasure"][key] == 0:
        del state["treasure"][key]


def after_step(state, sid: int) -> None:
    """A soldier arrived on its square: picks up treasure, banks it at camp, takes a flag."""
    soldier = state["soldiers"][sid]
    s = soldier["pos"]
    camp = state["options"]["campaign"]
    if camp == data.TREASURE:
        here = treasure_at(state, s)
        n = min(here, carry_room(soldier))
        if n:
            take_treasure(state, s, n)
            soldier["carry"] += n
            log(state, f"{soldier['owner']}'s {data.SOLDIERS[soldier['kind']]['name']} picks up {n} treasure")
        bank(state, sid)
    elif camp == data.HOLD and s in data.PALACE and not soldier["flag"]:
        if flags_held(state, soldier["owner"]) < data.FLAGS:
            soldier["flag"] = True
            log(state, f"{soldier['owner']}'s {data.SOLDIERS[soldier['kind']]['name']} enters the palace and earns a flag")
    check_end(state)


def bank(state, sid: int) -> None:
    soldier = state["soldiers"][sid]
    if soldier["carry"] and soldier["pos"] == camp_of(state, soldier["owner"]):
        n = soldier["carry"]
        soldier["carry"] = 0
        state["banked"][soldier["owner"]] += n
        gain_vp(state, soldier["owner"], data.TREASURE_VP * n)
        log(state, f"{soldier['owner']} brings {n} treasure to camp: +{data.TREASURE_VP * n} VP")


def gain_vp(state, role: str, n: int) -> None:
    state["vp"][role] += n


def flags_held(state, role: str) -> int:
    return sum(1 for s in state["soldiers"] if s["owner"] == role and s["flag"])


# --- defeat --------------------------------------------------------------------------------------------

def damage(state, tid: int, points: int, by_role: str | None) -> bool:
    """Takes `points` of defence off soldier `tid`; defeats it at 0. True if it was defeated."""
    if points <= 0:
        return False
    soldier = state["soldiers"][tid]
    soldier["def"] = max(0, soldier["def"] - points)
    if soldier["def"] == 0:
        defeat(state, tid, by_role)
        return True
    return False


def defeat(state, tid: int, by_role: str | None) -> None:
    """Rulebook "Resolving Attacks" 5.: a defeated soldier returns to its camp, wounded. Portuguese
    soldiers leave the board. The campaign's consequences (treasure dropped, victory points, flags)
    are in on_defeat."""
    soldier = state["soldiers"][tid]
    where = soldier["pos"]
    on_defeat(state, tid, where, by_role)
    soldier["pos"] = None
    soldier["def"] = 0
    soldier["wounded"] = True
    if soldier["owner"] == "Portuguese":
        soldier["out"] = True


def on_defeat(state, tid: int, where: int, by_role: str | None) -> None:
    soldier = state["soldiers"][tid]
    owner = soldier["owner"]
    name = data.SOLDIERS[soldier["kind"]]["name"]
    log(state, f"{owner}'s {name} is defeated" + (f" by {by_role}" if by_role else ""))
    camp = state["options"]["campaign"]
    if soldier["carry"]:
        put_treasure(state, where, soldier["carry"])  # "#1 Treasure Campaign", Objective, Note
        log(state, f"{soldier['carry']} treasure dropped where it fell")
        soldier["carry"] = 0
    if soldier["flag"]:
        soldier["flag"] = False  # "Hold the Fort": flag tokens are lost when a soldier is defeated
        log(state, f"{owner} loses a flag")
    if camp == data.TREASURE and by_role is not None and owner != "Portuguese":
        if state["options"]["difficult"] and state["vp"][owner] > 0:
            state["vp"][owner] -= 1
            log(state, f"Difficult mode: {by_role} takes a VP flag from {owner}")
        gain_vp(state, by_role, data.DEFEAT_VP)
    if camp == data.RANI:
        if soldier["kind"] == "rani":
            finish(state, [], "Rani Abbakka is captured: the players lose")
        elif soldier["kind"] == "general":
            finish(state, list(state["seats"]), "The Portuguese General is defeated: Ullal is won")


def check_end(state) -> None:
    if state["result"] is not None:
        return
    camp = state["options"]["campaign"]
    if camp == data.TREASURE:
        for s in sides(state):
            if sum(state["vp"][r] for r in side_roles(state, s)) >= data.WIN_VP:
                finish(state, side_roles(state, s), f"{s} reaches {data.WIN_VP} victory points")
                return
    elif camp == data.HOLD:
        for s in sides(state):
            if sum(flags_held(state, r) for r in side_roles(state, s)) >= data.FLAGS:
                finish_by_palace(state, f"{s} holds {data.FLAGS} flags")
                return
    elif camp == data.RANI and state["phase"] == "play":
        sighted = patrol_sighting(state)
        if sighted is not None:
            finish(state, [], "The patrol sights " + sighted + " and raises the alarm: the players lose")


def palace_count(state, role: str) -> int:
    return sum(1 for s in state["soldiers"] if s["owner"] == role and s["pos"] in data.PALACE)


def side_key(state, s: str):
    """What ranks a side: Treasure, its VP; Hold the Fort, its soldiers in the palace, then its flags
    (our tie-break); Rani Abbakka, nothing (the players win or lose together)."""
    roles = side_roles(state, s)
    camp = state["options"]["campaign"]
    if camp == data.TREASURE:
        return sum(state["vp"][r] for r in roles)
    if camp == data.HOLD:
        return (sum(palace_count(state, r) for r in roles), sum(flags_held(state, r) for r in roles))
    return 0


def finish_by_palace(state, why: str) -> None:
    """"Hold the Fort", Winning Condition: the area majority inside the palace wins; ties go to the
    flags held, then are shared (reading)."""
    best = max(side_key(state, s) for s in sides(state))
    winners = [r for s in sides(state) if side_key(state, s) == best for r in side_roles(state, s)]
    finish(state, winners, why + "; the palace majority wins")


def finish(state, winners: list, why: str) -> None:
    if state["result"] is not None:
        return
    log(state, why)
    camp = state["options"]["campaign"]
    if camp == data.TREASURE:
        scores = {r: state["vp"][r] for r in state["seats"]}
    elif camp == data.HOLD:
        scores = {r: palace_count(state, r) for r in state["seats"]}
    else:
        scores = {r: (1 if r in winners else 0) for r in state["seats"]}
    # ranking: winners first, then the other sides by side_key (equal keys share a place)
    ranking = []
    if winners:
        ranking.append([r for r in state["seats"] if r in winners])
    rest = [s for s in sides(state) if not any(r in winners for r in side_roles(state, s))]
    keys = {s: side_key(state, s) for s in rest}
    for value in sorted(set(keys.values()), reverse=True):
        ranking.append([r for s in rest if keys[s] == value for r in side_roles(state, s)])
    details = [f"{r}: {_standing(state, r)}" for r in state["seats"]]
    state["result"] = {"winners": [r for r in state["seats"] if r in winners], "ranking": ranking,
                       "scores": scores, "summary": why, "details": details}
    state["phase"] = "over"


def _standing(state, role: str) -> str:
    """The end screen's line of a seat: what its campaign counts."""
    camp = state["options"]["campaign"]
    if camp == data.TREASURE:
        return f"{plural(state['vp'][role], 'VP', 'VP')}, {state['banked'][role]} treasure banked"
    if camp == data.HOLD:
        return f"{plural(palace_count(state, role), 'soldier')} in the palace, {plural(flags_held(state, role), 'flag')}"
    mine = [s for s in state["soldiers"] if s["owner"] == role]
    line = f"{sum(1 for s in mine if s['pos'] is not None)} of {len(mine)} soldiers on the board"
    rani = next((s for s in mine if s["kind"] == "rani"), None)
    if rani is not None:
        line += f"; Rani Abbakka's defence {rani['def']} of {data.SOLDIERS['rani']['defence']}"
    return line


def round_limit(state) -> None:
    camp = state["options"]["campaign"]
    why = f"Round limit ({state['options']['rounds']} rounds, house rule)"
    if camp == data.TREASURE:
        best = max(side_key(state, s) for s in sides(state))
        winners = [r for s in sides(state) if side_key(state, s) == best for r in side_roles(state, s)]
        finish(state, winners, why + ": the most victory points win")
    elif camp == data.HOLD:
        finish_by_palace(state, why)
    else:
        finish(state, [], why + ": the sun rises over Ullal and the players lose")


# --- Rani Abbakka: the automated Portuguese ----------------------------------------------------------

def portuguese(state, kinds) -> list:
    return [i for i, s in enumerate(state["soldiers"])
            if s["owner"] == "Portuguese" and s["kind"] in kinds and s["pos"] is not None]


def players_on_board(state) -> list:
    return [i for i, s in enumerate(state["soldiers"]) if s["owner"] != "Portuguese" and s["pos"] is not None]


def patrol_sighting(state) -> str | None:
    """Rulebook "Rani Abbakka: Specific Movement Rules": up to 4 squares around, on the ground only."""
    for p in portuguese(state, ("patrol",)):
        ps = state["soldiers"][p]["pos"]
        for i in players_on_board(state):
            s = state["soldiers"][i]["pos"]
            if s in data.WALL or chebyshev(ps, s) > data.PATROL_SIGHT:
                continue
            if line_of_sight(ps, s):
                return data.SOLDIERS[state["soldiers"][i]["kind"]]["name"]
    return None


def alert_goal(state, g: int, noise: list):
    """Where the Portuguese guard or General `g` goes when alerted, or None if it is not: it sees a
    player's soldier within 2 squares (line of sight) or an attack was made within 2 squares of it
    this turn (`noise`: the attacker's square then the target's square of each attack, one flat list;
    within 2 squares of either end counts). Note 1: the Rani first when she is seen; else the closest
    attack (the attacker's square: a guard attacked from afar goes for the attacker) or sighted
    soldier."""
    gs = state["soldiers"][g]["pos"]
    seen = [i for i in players_on_board(state)
            if chebyshev(gs, state["soldiers"][i]["pos"]) <= data.GUARD_SIGHT
            and line_of_sight(gs, state["soldiers"][i]["pos"])
            and not (state["soldiers"][i]["pos"] in data.WALL and gs in data.PALACE)]
    heard = [a for a, t in zip(noise[::2], noise[1::2])
             if min(chebyshev(gs, a), chebyshev(gs, t)) <= data.GUARD_SIGHT]
    if not seen and not heard:
        return None
    rani = [i for i in seen if state["soldiers"][i]["kind"] == "rani"]
    if rani:
        return state["soldiers"][rani[0]]["pos"]
    spots = heard + [state["soldiers"][i]["pos"] for i in seen]
    return min(spots, key=lambda s: (chebyshev(gs, s), s))


def alerted(state) -> list:
    """The Portuguese guards and General alerted now (they step and strike at the end of the turn)."""
    if state["options"]["campaign"] != data.RANI or state["turn"] is None or state["result"] is not None:
        return []
    noise = state["turn"]["noise"]
    return [g for g in portuguese(state, ("guard", "general")) if alert_goal(state, g, noise) is not None]


def portuguese_turn(state) -> None:
    """After every player's turn: alerted guards and the General step and strike, the patrol steps.
    The Portuguese act like another player: undo stops here (state["reveals"])."""
    state["reveals"] += 1
    noise = state["turn"]["noise"]
    for g in portuguese(state, ("guard", "general")):
        if state["result"] is not None:
            return
        guard = state["soldiers"][g]
        gs = guard["pos"]
        goal = alert_goal(state, g, noise)
        if goal is None:
            continue
        if chebyshev(gs, goal) > 1:
            occ = {s["pos"] for s in state["soldiers"] if s["pos"] is not None}
            dist = distances_to(goal, "guard")
            options = [b for b in neighbours(gs) if b not in occ and step_ok(gs, b, "guard")
                       and b not in data.CAMP_SQUARES]
            if options:
                best = min(options, key=lambda b: (dist[b], chebyshev(b, goal), b))
                if (dist[best], chebyshev(best, goal)) < (dist[gs], chebyshev(gs, goal)):
                    log(state, f"{data.SOLDIERS[guard['kind']]['name']} is alerted and steps toward the intruders: "
                        f"{data.square_name(gs)} → {data.square_name(best)}")
                    guard["pos"] = best
        strike(state, g)
    if state["result"] is not None:
        return
    for p in portuguese(state, ("patrol",)):
        patrol = state["soldiers"][p]
        i = data.PATROL_ROUTE.index(patrol["pos"]) if patrol["pos"] in data.PATROL_ROUTE else -1
        if i < 0:
            continue
        nxt = data.PATROL_ROUTE[(i + 1) % len(data.PATROL_ROUTE)]
        if all(s["pos"] != nxt for s in state["soldiers"]):
            log(state, f"Portuguese Patrol steps {data.square_name(patrol['pos'])} → {data.square_name(nxt)}")
            patrol["pos"] = nxt
        else:
            log(state, f"Portuguese Patrol waits at {data.square_name(patrol['pos'])}: the way is blocked")
    check_end(state)


def strike(state, g: int) -> None:
    """An alerted guard strikes each adjacent player soldier with 1 hit ("Resolving Attacks" of Rani
    Abbakka); the Rani's defeat ends the game. Swords strike on one level only, as the players'
    swords do (attacks.can_attack): not between a wall and the ground."""
    gs = state["soldiers"][g]["pos"]
    for i in players_on_board(state):
        s = state["soldiers"][i]["pos"]
        if s is not None and chebyshev(gs, s) == 1 and level(s) == level(gs) and state["result"] is None:
            log(state, f"{data.SOLDIERS[state['soldiers'][g]['kind']]['name']} strikes "
                f"{data.SOLDIERS[state['soldiers'][i]['kind']]['name']}")
            damage(state, i, 1, None)
