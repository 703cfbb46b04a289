"""The Mongol Invaders: Mongol Invasion cards (2.4), the Mongol Commands (3.5), the Timurid Empire
cards and the Timur Invades Delhi sequence (2.6), and the final scoring (5.0-5.3).

Readings:
  * Timur's attacks "ignore the Resource consequences" (Mountain Passes) and "the Resource and
    Province-related consequences" (Punjab); in Delhi only the Resource loss applies. The return of
    Invaders beyond three (the last sentence of 3.5.3) is not applied during Timur's sequence, since
    5.1 counts up to six or more Invaders left in Delhi at the end.
  * The Delhi assault repeats while both sides have Units in Delhi; a safety bound of 200 rounds
    (never reached in practice: a round with a Mongol and a Sultanate Unit always may hit).
"""
from engine.core.text import and_list

from . import battle, board_state, data, events
from .data import DELHI, DELHI_SPACE, MONGOL, MOUNTAIN_PASSES, PUNJAB
from .frames import Handler, log, pop, push

AMASS, ADVANCE, ATTACK = "amass", "advance", "attack"
GIFTS, DECLINE = "gifts", "decline"
MONGOL_SPACES = (MOUNTAIN_PASSES, PUNJAB, DELHI_SPACE)
DELHI_ROUNDS_MAX = 200


# --- Mongol Invasion cards (2.4) ------------------------------------------------------------------

def run_invasion(state, frame) -> bool:
    card = next(c for c in events.INVASIONS if c["id"] == frame["card"])
    faction = data.BY_SHORT[card["faction"]]
    step = frame["step"]
    frame["step"] += 1
    if step in (0, 1):  # 2.4.1 Strategic Assistance: any two Mongol Commands
        push(state, {"kind": "mongol_command", "role": faction})
    elif step == 2:
        # 2.4.2 Compromising Gifts: "may optionally reduce its Deccan Influence by one to gain 2
        # Resources and 2 Cavalry": the reduction is the price of the gain, so a Faction at
        # Influence 0, which cannot reduce it (1.9 ignores moves off the track), is not offered it.
        if state["influence"][faction] > 0:
            push(state, {"kind": "gifts", "role": faction})
    else:
        pop(state, frame)
    return True


def gifts_actions(state, frame) -> list:
    return [GIFTS, DECLINE]


def gifts_apply(state, frame, action) -> None:
    pop(state, frame)
    if action == GIFTS:
        faction = frame["role"]
        board_state.shift_influence(state, faction, -1)
        board_state.add_resources(state, faction, 2)
        board_state.gain_cavalry(state, faction, 2)
        log(state, f"{faction} accepts Compromising Gifts: Influence -1, +2 Resources, +2 Cavalry")


# --- Mongol Commands (3.5) ------------------------------------------------------------------------

def mongols_in(state, space) -> int:
    return state["spaces"][space][MONGOL]


def command_actions(state, frame) -> list:
    acts = []
    if state["available"]["mongol"] > 0:  # 3.5.1
        acts.append(AMASS)
    if mongols_in(state, MOUNTAIN_PASSES) or mongols_in(state, PUNJAB):  # 3.5.2
        acts.append(ADVANCE)
    if any(mongols_in(state, s) for s in MONGOL_SPACES):  # 3.5.3
        acts.append(ATTACK)
    return acts


def command_apply(state, frame, action) -> None:
    faction = frame["role"]
    pop(state, frame)
    if action == AMASS:
        amass(state)
    elif action == ADVANCE:
        push(state, {"kind": "mongol_advance", "role": faction})
    else:
        push(state, {"kind": "mongol_attack", "role": faction})


def amass(state) -> None:
    """3.5.1: three Invaders into the Mountain Passes, then any beyond four move on to Punjab, then
    any in Punjab beyond four into Delhi."""
    n = board_state.place(state, MONGOL, MOUNTAIN_PASSES, 3)
    for src, dst in ((MOUNTAIN_PASSES, PUNJAB), (PUNJAB, DELHI_SPACE)):
        board_state.move(state, src, dst, MONGOL, max(0, mongols_in(state, src) - 4))
    log(state, f"Mongols Amass: {n} placed in the Mountain Passes")


def advance_actions(state, frame) -> list:
    return [[src, n] for src in (MOUNTAIN_PASSES, PUNJAB) for n in range(1, mongols_in(state, src) + 1)]


def advance_apply(state, frame, action) -> None:
    src, n = action
    dst = PUNJAB if src == MOUNTAIN_PASSES else DELHI_SPACE
    board_state.move(state, src, dst, MONGOL, n)
    pop(state, frame)
    log(state, f"Mongols Advance: {n} from {src} into {dst}")


def attack_actions(state, frame) -> list:
    return [s for s in MONGOL_SPACES if mongols_in(state, s)]


def attack_apply(state, frame, action) -> None:
    pop(state, frame)
    push(state, plunder(action, "invasion"))


def plunder(space, mode) -> dict:
    """A Mongol Attack and Plunder procedure (3.5.3); mode "invasion" or one of Timur's steps
    ("timur_passes", "timur_punjab", "timur_delhi")."""
    return {"kind": "plunder", "auto": True, "space": space, "mode": mode, "step": 0}


def sultanate_pieces(state, space) -> int:
    return board_state.faction_pieces(state, space, DELHI)


def run_plunder(state, frame) -> bool:
    space, mode = frame["space"], frame["mode"]
    step = frame["step"]
    frame["step"] += 1
    if step == 0:
        if sultanate_pieces(state, space) and mongols_in(state, space):
            push(state, battle.start(data.MONGOLS, DELHI, space))
        return True
    if step == 1:  # the consequences by region, whether or not a battle was fought
        left = mongols_in(state, space)
        if mode in ("invasion", "timur_delhi") and left:
            before = state["resources"][DELHI]
            if before > 3:
                board_state.add_resources(state, DELHI, -min(left, before - 3))
            log(state, f"Plunder: Sultanate Resources {before} -> {state['resources'][DELHI]}")
        if mode == "invasion" and space != MOUNTAIN_PASSES and left:
            troops = left * (1 if space == PUNJAB else 2)
            push(state, {"kind": "plunder_troops", "role": DELHI, "left": troops})
        return True
    if step == 2:
        # 3.5.3: Invaders beyond three return to the holding box. Timur's attacks in the Passes and
        # Punjab ignore only the Resource and Province-related consequences (2.6 steps 1-2), so the
        # return applies there too; not in Delhi, where 5.1 counts "six or more" Invaders left.
        if mode != "timur_delhi":
            extra = max(0, mongols_in(state, space) - 3)
            if extra:
                board_state.remove(state, space, MONGOL, extra)
        pop(state, frame)
        return True
    raise AssertionError(step)


def troop_provinces(state) -> list:
    return [p for p in data.PROVINCES if state["spaces"][p][data.TROOP]]


def plunder_troops_run(state, frame) -> bool:
    if frame["left"] <= 0 or not troop_provinces(state):
        pop(state, frame)
        return True
    return False


def plunder_troops_apply(state, frame, action) -> None:
    board_state.remove(state, action, data.TROOP)
    frame["left"] -= 1
    log(state, f"Plunder: the Sultanate removes a Troop from {action}")


# --- Timurid Empire cards (2.6) -------------------------------------------------------------------

def run_timurid(state, frame) -> bool:
    if frame["number"] == 1:
        n = state["available"]["mongol"] // 2
        board_state.place(state, MONGOL, MOUNTAIN_PASSES, n)
        log(state, f"The Timurid Empire stirs: {n} Mongol Invaders in the Mountain Passes")
        pop(state, frame)
        return True
    step = frame["step"]
    frame["step"] += 1
    if step == 0:
        log(state, "Timur invades Delhi")
        push(state, plunder(MOUNTAIN_PASSES, "timur_passes"))
    elif step == 1:
        move_all(state, MOUNTAIN_PASSES, PUNJAB)
        push(state, plunder(PUNJAB, "timur_punjab"))
    elif step == 2:
        move_all(state, PUNJAB, DELHI_SPACE)
        frame["rounds"] = 0
    elif step == 3:
        here = state["spaces"][DELHI_SPACE]
        sultanate_units = here[data.TROOP] + here[data.GOVERNOR]
        # 2.6 step 3: "Finally, the Mongol Invaders Attack in Delhi" (at least once: its Resource
        # consequences apply "regardless of whether any attack actually occurred", 3.5.3), then
        # "continue to Attack ... until either no Mongol Invaders or no Delhi Sultanate Units remain".
        first = frame["rounds"] == 0
        if here[MONGOL] and (first or sultanate_units) and frame["rounds"] < DELHI_ROUNDS_MAX:
            frame["rounds"] += 1
            frame["step"] = 3  # attack again (2.6 step 3)
            push(state, plunder(DELHI_SPACE, "timur_delhi"))
    else:
        state["result"] = final_result(state)
        log(state, state["result"]["summary"])
        pop(state, frame)
    return True


def move_all(state, src, dst) -> None:
    for kind in (MONGOL, data.TROOP, data.GOVERNOR):
        board_state.move(state, src, dst, kind, state["spaces"][src][kind])


# --- Victory (5.0) --------------------------------------------------------------------------------

def final_result(state) -> dict:
    """5.0: the most victory points wins; ties broken by Resources. With the option "aadu_huli" on
    (5.5, "may optionally be determined by a game of Aadu-Huli aata"), Factions still tied for first
    get result["tiebreak"] = "aadu_huli" and the summary says so; the page may offer a new game of
    Aadu-Huli aata (a game never imports another game). Otherwise they share the place."""
    vp = board_state.victory_points(state, final=True)
    key = {f: (vp[f], state["resources"][f]) for f in data.FACTIONS}
    ranking = []
    for f in sorted(data.FACTIONS, key=lambda f: key[f], reverse=True):
        if ranking and key[ranking[-1][0]] == key[f]:
            ranking[-1].append(f)
        else:
            ranking.append([f])
    scores = {f: vp[f] for f in data.FACTIONS}
    summary = ", ".join(f"{f} {vp[f]} VP" for f in data.FACTIONS)
    winners = ranking[0]
    details = [f"{f}: {vp[f]} VP, {state['resources'][f]} Resource{'s' * (state['resources'][f] != 1)}" for f in data.FACTIONS]
    names = and_list(winners)
    result = {"winners": winners, "ranking": ranking, "scores": scores, "details": details,
              "summary": f"{names} win{'s' if len(winners) == 1 else ''} ({summary})"}
    if len(winners) > 1:
        details.append("Tied in victory points and Resources (5.0).")
        if state["options"].get("aadu_huli"):
            result["tiebreak"] = "aadu_huli"
            result["summary"] += (f". Tied in victory points and Resources: {names} may settle "
                                  "the win with a game of Aadu-Huli aata (5.5)")
            details.append("Optional tie-break (5.5): the winner of a game of Aadu-Huli aata between "
                           "the tied Factions wins.")
    return result


HANDLERS = {
    "invasion": Handler(run=run_invasion),
    "gifts": Handler(gifts_actions, gifts_apply,
                     lambda s, f: "Compromising Gifts: reduce your Influence by one for 2 Resources and 2 Cavalry?"),
    "mongol_command": Handler(command_actions, command_apply,
                              lambda s, f: "Strategic Assistance: choose a Mongol Command"),
    "mongol_advance": Handler(advance_actions, advance_apply,
                              lambda s, f: "Advance: choose where from and how many Mongols move"),
    "mongol_attack": Handler(attack_actions, attack_apply,
                             lambda s, f: "Attack and Plunder: choose a space with Mongol Invaders"),
    "plunder": Handler(run=run_plunder),
    "plunder_troops": Handler(lambda s, f: troop_provinces(s), plunder_troops_apply,
                              lambda s, f: f"Plunder: remove a Troop from a Province ({f['left']} more)",
                              plunder_troops_run),
    "timurid": Handler(run=run_timurid),
}
