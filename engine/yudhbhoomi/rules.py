"""Yudhbhoomi: the game interface (engine/core/api.py). The rules live along the rulebook's headings:
turn.py ("Game Turn", "Recruiting Soldiers", "Resolving Dice Actions"), movement.py ("Moving Soldiers"),
attacks.py ("Attacking", "Resolving Attacks"), cards.py ("Power Cards Appendix"), campaigns.py (the
three campaigns and the automated Portuguese).

State (plain data):
    options     {campaign, players, mode, night, difficult, rounds}
    seats       the colours in clockwise order (roles)
    rng, reveals
    deck, discard   card ids (data.CARDS); the deck's order is hidden
    hands       role -> [card ids] (private)
    soldiers    [{owner, kind, def, pos (square or None = in camp), carry, flag, wounded, out}]
    treasure    {str(square): tokens on the map}; vp, banked: role -> int
    camps       role -> its camp square (a corner; chosen in Rani Abbakka with 2-3 players)
    phase       "army" (building the armies) | "play" | "over"
    army        {"seat": index, "chosen": n} while building
    turn        turn.new_turn(...) while playing
    discarding  a role that must discard down to the hand limit, or None
    last_roll   the previous player's final roll (Mirror Action); [] if that player did not roll
    round, log, result
"""
from __future__ import annotations

from engine.core import rng
from engine.core.api import same
from engine.core.text import article, plural

from . import army, attacks, campaigns, cards, data, turn
from .campaigns import log

DEFAULT_OPTIONS = {"campaign": data.TREASURE, "players": 2, "mode": "competitive", "night": False,
                   "difficult": False, "rounds": 80}


def _options(options) -> dict:
    opts = dict(DEFAULT_OPTIONS)
    for key in DEFAULT_OPTIONS:
        if options and key in options:
            opts[key] = options[key]
    if opts["campaign"] not in (data.TREASURE, data.HOLD, data.RANI):
        raise ValueError("unknown campaign")
    n = int(opts["players"])
    if opts["campaign"] == data.RANI:
        n = min(max(n, 1), 3)          # "Players: 1 - 3"
        opts["night"] = True           # "Setup the Yudhbhoomi map in Night mode"
        opts["mode"] = "cooperative"
        opts["difficult"] = False
    else:
        n = min(max(n, 2), 4)          # "Players: 2 - 4"
        if n != 4:
            opts["mode"] = "competitive"  # Semi-Collaborative is "for a game with 4 players"
    opts["players"] = n
    if opts["campaign"] != data.TREASURE:
        opts["difficult"] = False      # Difficult mode is a Treasure campaign rule
    return opts


def roles(options=None) -> list:
    return list(data.SEATS[_options(options)["players"]])


def setup(seed: int, options=None) -> dict:
    opts = _options(options)
    seats = list(data.SEATS[opts["players"]])
    state = {
        "options": opts, "seats": seats, "rng": rng.seed_state(seed), "reveals": 0,
        "deck": [], "discard": [], "hands": {r: [] for r in seats},
        "soldiers": [], "treasure": {}, "vp": {r: 0 for r in seats}, "banked": {r: 0 for r in seats},
        "camps": {} if _choose_corner(opts) else {r: data.CAMP[r] for r in seats},
        "phase": "army", "army": {"seat": 0, "chosen": 0}, "turn": None, "discarding": None,
        "last_roll": [], "round": 1, "log": [], "result": None,
    }
    camp = opts["campaign"]
    log(state, {data.TREASURE: "Treasure Campaign", data.HOLD: "Hold the Fort Campaign",
                data.RANI: "Rani Abbakka and the Capture of Ullal"}[camp]
        + (", Night" if opts["night"] else ", Day") + (", Difficult mode" if opts["difficult"] else "")
        + (", Semi-Collaborative" if opts["mode"] == "semi" else ""))
    if camp != data.RANI:
        # "Setup" 5.: shuffle the Power cards and deal 4 to each player
        state["deck"] = list(range(len(data.CARDS)))
        state["rng"] = rng.shuffle(state["rng"], state["deck"])
        for r in seats:
            for _ in range(data.START_HAND):
                state["hands"][r].append(state["deck"].pop())
    if camp == data.TREASURE:
        for s in data.TREASURE_SPOTS:
            state["treasure"][str(s)] = 1
    if camp == data.RANI:
        army.add_soldier(state, seats[0], "rani")
        for s in data.PATROL_START:
            army.add_soldier(state, "Portuguese", "patrol", s)
        for s in data.GUARD_POSTS:
            army.add_soldier(state, "Portuguese", "guard", s)
        army.add_soldier(state, "Portuguese", "general", data.GENERAL_POST)
    log(state, f"{seats[0]} builds an army")
    return state


# --- whose turn, which actions ------------------------------------------------------------------------

def active(state) -> list:
    if state["result"] is not None:
        return []
    if state["discarding"] is not None:
        return [state["discarding"]]
    if state["phase"] == "army":
        return [state["seats"][state["army"]["seat"]]]
    att = state["turn"]["attack"]
    if att is not None and att["stage"] == "defend":
        return [att["defender"]]
    return [state["turn"]["seat"]]


def _choose_corner(opts) -> bool:
    """Rani Abbakka with 2-3 players: each player chooses a starting corner (data.RANI_CHOOSE_CORNER)."""
    return opts["campaign"] == data.RANI and opts["players"] in data.RANI_CHOOSE_CORNER


def _free_corners(state) -> list:
    taken = set(state["camps"].values())
    return [c for c in data.CORNERS if data.CORNER_SQUARE[c] not in taken]


def _army_needed(state) -> int | None:
    """Soldiers the current seat must choose (Rani Abbakka), or None for "up to 3"."""
    if state["options"]["campaign"] == data.RANI:
        return data.RANI_SOLDIERS[state["options"]["players"]]
    return None


def actions(state, role) -> list:
    if role not in active(state):
        return []
    if state["discarding"] == role:
        return [["discard", c] for c in state["hands"][role]]
    if state["phase"] == "army":
        if role not in state["camps"]:
            return [["corner", c] for c in _free_corners(state)]
        if state["army"].get("placing"):
            return [["start", k] for k in _in_camp_kinds(state, role)] + ["done"]
        need = _army_needed(state)
        chosen = state["army"]["chosen"]
        if need is not None:
            return [["kind", k] for k in data.FOOT_KINDS]
        out = [["kind", k] for k in army.recruitable(state, role)] if chosen < data.ARMY_AT_START else []
        return out + ["done"]
    return turn.turn_actions(state, role)


def _in_camp_kinds(state, role) -> list:
    """Solo Rani Abbakka's placing: the kinds of `role`'s soldiers still in camp, the Rani first
    (soldiers of one kind are alike before the game starts: one choice each)."""
    kinds = {s["kind"] for s in state["soldiers"] if s["owner"] == role and s["pos"] is None}
    return [k for k in ("rani",) + data.FOOT_KINDS if k in kinds]


def is_legal(state, role, action) -> bool:
    return any(same(a, action) for a in actions(state, role))


def apply(state, role, action) -> None:
    if state["discarding"] == role and isinstance(action, list) and action[0] == "discard":
        cards.discard(state, role, action[1])
        _after(state)
        return
    if state["phase"] == "army":
        _apply_army(state, role, action)
        return
    turn.apply_turn(state, role, action)
    _after(state)


def _after(state) -> None:
    if state["result"] is not None:
        return
    t = state["turn"]
    if t is not None and t["stage"] == "start" and t["dice_left"] == 0 and t["sub"] is None \
            and state["discarding"] is None and not cards.playable(state, t["seat"], "start"):
        turn.end_turn(state)  # "Recruiting Soldiers": all 5 dice set aside, the player skips the roll


def _apply_army(state, role, action) -> None:
    building = state["army"]
    if isinstance(action, list) and action[0] == "corner":
        # a new mapping, not an update in place: shallow copies of the state (bots) stay apart
        state["camps"] = {**state["camps"], role: data.CORNER_SQUARE[action[1]]}
        log(state, f"{role} will start from the {data.CORNER_NAME[action[1]]} corner")
        return
    if building.get("placing"):
        if action != "done":
            _place_at_start(state, role, action[1])
        if action == "done" or _on_board(state, role) >= data.RANI_SOLO_ON_BOARD:
            _start_play(state)
        return
    if action != "done":
        army.add_soldier(state, role, action[1])
        building["chosen"] += 1
        log(state, f"{role} takes {article(data.SOLDIERS[action[1]]['name'])}")
    need = _army_needed(state)
    if action == "done" or (need is not None and building["chosen"] >= need):
        building["seat"] += 1
        building["chosen"] = 0
        if building["seat"] < len(state["seats"]):
            log(state, f"{state['seats'][building['seat']]} builds an army")
        elif state["options"]["campaign"] == data.RANI and state["options"]["players"] == 1:
            # "Solo Game": "The player can choose to place a max. of 4 soldiers at the starting point
            # on the board": the player picks them (the Rani among them or not), the rest wait in camp
            building["seat"] = 0
            building["placing"] = True
            log(state, f"{role} chooses who starts on the board")
        else:
            _start_play(state)


def _on_board(state, role) -> int:
    return sum(1 for s in state["soldiers"] if s["owner"] == role and s["pos"] is not None)


def _place_at_start(state, role, kind) -> None:
    """A soldier of `kind` from the camp onto the next free square of the starting point (the camp
    square, then the three squares beside it outside the fort: data.START_CLUSTER)."""
    sid = next(i for i, s in enumerate(state["soldiers"])
               if s["owner"] == role and s["kind"] == kind and s["pos"] is None)
    taken = {s["pos"] for s in state["soldiers"]}
    square = next(q for q in data.START_CLUSTER[state["camps"][role]] if q not in taken)
    state["soldiers"][sid]["pos"] = square
    name = data.SOLDIERS[kind]["name"]
    log(state, f"{role} puts {name if kind == 'rani' else article(name)} on the board")


def _start_play(state) -> None:
    state["phase"] = "play"
    state["army"] = {"seat": len(state["seats"]), "chosen": 0}
    state["turn"] = turn.new_turn(state["seats"][0])
    log(state, f"Round 1: {state['seats'][0]} to play")


# --- result, view, labels -----------------------------------------------------------------------------

def result(state):
    return state["result"]


def confirm(state, action):
    """Ending the resolving with hits left while an attack is possible forfeits them."""
    if action == "end" and state["phase"] == "play" and state["turn"]["stage"] == "resolve":
        t = state["turn"]
        if t["pool"][data.HIT] > 0 and any(a[0] == "attack" for a in turn.resolve_actions(state, t["seat"])
                                           if isinstance(a, list)):
            return "End with hits unused while an enemy is in reach?"
    return None


def _soldier_name(state, sid) -> str:
    s = state["soldiers"][sid]
    return f"{s['owner']} {data.SOLDIERS[s['kind']]['name']}"


def soldier_figures(kind: str) -> str:
    """What a soldier is worth, as the soldier table gives it ("Defence (Shield) Tokens", "Moving
    Soldiers", "Attacking", "Carrying Capacity")."""
    k = data.SOLDIERS[kind]
    move = {1: ", +1 step", -1: ", first step costs 2"}.get(k["move"], "")
    reach = f"range {k['range']}" + (f", −{k['penalty']} a square beyond 1" if k["penalty"] else "")
    carry = "carries any treasure" if k["carry"] >= data.UNLIMITED else f"carries {k['carry']}"
    return f"defence {k['defence']}{move}, {reach}, {carry}"


def action_label(state, action) -> str:
    if isinstance(action, str):
        return {"done": "Done", "draw": "Draw a Power card (2 dice)", "roll": "Roll the dice",
                "reroll": "Reroll the dice not kept", "accept": "Keep this roll", "end": "End the turn",
                "cancel": "Cancel the attack", "declare": "Declare the attack",
                "defend": "Reveal the defence"}.get(action, action)
    verb = action[0]
    if verb in ("kind", "recruit"):
        return (f"{'Recruit' if verb == 'recruit' else 'Take'} {article(data.SOLDIERS[action[1]]['name'])} "
                f"({soldier_figures(action[1])})")
    if verb in ("card", "acard", "dcard", "discard", "reroll_card", "give_card"):
        prefix = {"card": "Play", "acard": "Add face down", "dcard": "Defend with", "discard": "Discard",
                  "reroll_card": "Discard for a reroll:", "give_card": "Give"}[verb]
        return f"{prefix} {cards.name(action[1])}"
    if verb == "hold":
        return f"Keep/release die {action[1] + 1}"
    if verb in ("select", "attack", "heal", "target", "push"):
        word = {"select": "Move", "attack": "Attack with", "heal": "Heal", "target": "Attack",
                "push": "Retreat"}[verb]
        return f"{word} {_soldier_name(state, action[1])}"
    if verb in ("to", "push_to"):
        return f"To {data.square_name(action[1])}"
    if verb == "hits":
        return f"{action[1]} hit{'s' if action[1] != 1 else ''}"
    if verb == "grab":
        return f"Grab treasure at {data.square_name(action[2])}"
    if verb == "give":
        return f"Hand a treasure to {_soldier_name(state, action[2])}"
    if verb == "drop":
        return f"Drop a treasure at {data.square_name(action[2])}"
    if verb == "player":
        return f"Choose {action[1]}"
    if verb == "corner":
        return f"Start from the {data.CORNER_NAME[action[1]]} corner"
    if verb == "start":
        name = data.SOLDIERS[action[1]]["name"]
        return f"Start {name if action[1] == 'rani' else article(name)} on the board"
    return str(action)


def _prompt(state, role) -> str:
    if state["result"] is not None:
        return state["result"]["summary"]
    act = active(state)
    if role not in act:
        return f"Waiting for {act[0]}."
    if state["discarding"] == role:
        return f"Discard down to {data.HAND_LIMIT} Power cards."
    if state["phase"] == "army":
        if role not in state["camps"]:
            return "Choose the corner your army starts from."
        if state["army"].get("placing"):
            placed = _on_board(state, role)
            return (f"Choose up to {data.RANI_SOLO_ON_BOARD} soldiers to start on the board at your camp "
                    f"({placed} so far), then Done: the others wait in camp and enter later.")
        need = _army_needed(state)
        if need and state["options"]["players"] == 1:
            return (f"Choose your {need} foot soldiers to fight beside Rani Abbakka; then choose who "
                    f"starts on the board (up to {data.RANI_SOLO_ON_BOARD}).")
        return (f"Choose your {need} foot soldiers." if need else
                f"Choose up to {data.ARMY_AT_START} soldiers for your army, then Done.")
    t = state["turn"]
    if t["attack"] is not None:
        stage = t["attack"]["stage"]
        return {"target": "Choose the enemy to attack.", "hits": "How many hits for this attack?",
                "acards": "Add Enhanced Attack cards face down, then declare.",
                "defend": "You are attacked: add defence cards face down, then reveal."}[stage]
    if t["sub"] is not None:
        return {"recruit": "Recruit a soldier for free.", "swap": "Choose a player to swap with.",
                "taunt": "Choose a player to taunt.", "retreat": "Choose an enemy soldier to move."}[t["sub"]["k"]]
    if t["stage"] == "start":
        return _start_prompt(state, role)
    if t["stage"] == "roll":
        legal = turn.turn_actions(state, role)
        if "reroll" in legal or any(isinstance(a, list) and a[0] == "reroll_card" for a in legal):
            return f"Roll {t['rolls']} of {data.ROLLS}: keep dice and reroll, or keep this roll."
        if any(isinstance(a, list) and a[0] == "hold" for a in legal):  # every die kept: free one to reroll
            return f"Roll {t['rolls']} of {data.ROLLS}: every die is kept; tap one to reroll it, or keep this roll."
        return f"Roll {t['rolls']} of {data.ROLLS}: no reroll left; keep this roll."
    p = t["pool"]
    return (f"Resolve: {p[data.MOVE]} move, {p[data.HIT]} hit, {p[data.HEAL] + t['heal_bonus']} heal left. "
            + _resolve_hint(state, role))


def _start_prompt(state, role) -> str:
    """Before the roll ("Game Turn" 1.-3.): only the choices this turn has (none but the roll in Rani
    Abbakka, which has no recruiting and no Power cards)."""
    kinds = {a[0] if isinstance(a, list) else a for a in turn.turn_actions(state, role)}
    ways = []
    if "recruit" in kinds:
        ways.append("recruit a soldier (2 dice each)")
    if "draw" in kinds:
        ways.append("draw a Power card (2 dice each)")
    if "card" in kinds:
        ways.append("play a Power card")
    dice_left = state["turn"]["dice_left"]
    roll = f"roll the {plural(dice_left, 'die', 'dice')}" if "roll" in kinds else "end the turn"
    if not ways:
        return roll[0].upper() + roll[1:] + "."
    text = ", ".join(ways) + " or " + roll if len(ways) > 1 else ways[0] + ", or " + roll
    return text[0].upper() + text[1:] + "."


def _resolve_hint(state, role) -> str:
    """What the symbols left can do now ("Resolving Dice Actions"), as the board offers it (board.py)."""
    legal = [a for a in turn.resolve_actions(state, role) if isinstance(a, list)]
    kinds = {a[0] for a in legal}
    ways = []
    if "to" in kinds:
        ways.append("move the selected soldier: a square")
    if "select" in kinds:
        ways.append("move: a soldier, then a square")
    if "attack" in kinds:
        ways.append("attack: the sword beside a soldier")
    if "heal" in kinds:
        ways.append("heal: the cross beside a wounded soldier in camp")
    if kinds & {"grab", "give", "drop"}:
        # the board draws a grab or drop on its square unless a move shares the square (board.py)
        moves = {a[1] for a in legal if a[0] == "to"}
        places = [a[2] not in moves for a in legal if a[0] in ("grab", "drop")]
        where = (["a gold square"] if any(places) else []) + \
            (["a button"] if "give" in kinds or not all(places) else [])
        ways.append("treasure: " + " or ".join(where))
    if "card" in kinds:
        ways.append("play a Power card")
    if not ways:
        return "Nothing left can be used: end the turn."
    text = "; ".join(ways)
    return text[0].upper() + text[1:] + "."


def numbers(view) -> dict:
    """Each seat's key numbers for the page's status panel (web/page_render.py), by campaign."""
    camp = view["options"]["campaign"]
    out = {}
    for role in view["seats"]:
        items = []
        if camp == data.TREASURE:
            items.append(f"{view['vp'][role]} VP")
        elif camp == data.HOLD:
            items.append(f"{view['flags'][role]} of {data.FLAGS} flags")
        if camp != data.RANI:
            items.append(f"{view['hand_sizes'][role]} Power card{'s' * (view['hand_sizes'][role] != 1)}")
        standing = sum(1 for s in view["soldiers"] if s["owner"] == role and s["pos"] is not None)
        items.append(f"{standing} on the board")
        out[role] = items
    return out


def view(state, role) -> dict:
    """Public: the board, soldiers, treasure, VP, dice, hand sizes, each army's camp square ("camps"),
    the Portuguese guards and General alerted now ("alerted": soldier indices; they step and strike at
    the end of the turn). Private: the hand of `role` (and its ally's in Semi-Collaborative play); the
    deck's order, the generator, other hands and the other side's face-down cards never appear."""
    semi = state["options"]["mode"] == "semi"
    ally = data.ALLY.get(role) if semi else None
    t = state["turn"]
    public_turn = None
    if t is not None:
        public_turn = {k: t[k] for k in ("seat", "stage", "dice_left", "recruits", "draws", "rolls",
                                         "rolled_move", "heal_bonus", "sel", "extra", "mirrored")}
        public_turn.update(dice=list(t["dice"]), held=list(t["held"]), pool=dict(t["pool"]))
        att = t["attack"]
        if att is not None:
            sees_att = role in (t["seat"], data.ALLY.get(t["seat"]) if semi else None)
            sees_def = att["defender"] is not None and role in (
                att["defender"], data.ALLY.get(att["defender"]) if semi else None)
            public_turn["attack"] = {
                "by": att["by"], "target": att["target"], "hits": att["hits"], "stage": att["stage"],
                "defender": att["defender"],
                "acards": [data.CARDS[c] for c in att["acards"]] if sees_att else None,
                "acards_count": len(att["acards"]),
                # "Resolving Attacks": the range penalty is public (positions and the time of day)
                "penalty": attacks.penalty(state, att["by"], att["target"]) if att["target"] is not None else 0,
                "dcards": [data.CARDS[c] for c in att["dcards"]] if sees_def else None,
                "dcards_count": len(att["dcards"]),
            }
        else:
            public_turn["attack"] = None
        sub = t["sub"]
        public_turn["sub"] = None if sub is None else {"k": sub["k"], "sid": sub.get("sid"),
                                                       "from": sub.get("from")}
    hands = {}
    if role in state["hands"]:
        hands[role] = [[c, data.CARDS[c]] for c in state["hands"][role]]
        if ally:
            hands[ally] = [[c, data.CARDS[c]] for c in state["hands"][ally]]
    return {
        "prompt": _prompt(state, role),
        "log": list(state["log"]),
        "options": dict(state["options"]),
        "seats": list(state["seats"]),
        "map": list(data.MAP),
        "soldiers": [dict(s) for s in state["soldiers"]],
        "treasure": dict(state["treasure"]),
        "vp": dict(state["vp"]),
        "banked": dict(state["banked"]),
        "flags": {r: campaigns.flags_held(state, r) for r in state["seats"]},
        "camps": dict(state["camps"]),
        "alerted": campaigns.alerted(state),
        "hands": hands,
        "hand_sizes": {r: len(h) for r, h in state["hands"].items()},
        "deck_size": len(state["deck"]),
        "discard": [data.CARDS[c] for c in state["discard"]],
        "phase": state["phase"],
        "turn": public_turn,
        "discarding": state["discarding"],
        "round": state["round"],
        "active": active(state),
        "result": state["result"],
    }


# --- invariants -----------------------------------------------------------------------------------------

def invariants(state) -> None:
    opts = state["options"]
    soldiers = state["soldiers"]
    positions = [s["pos"] for s in soldiers if s["pos"] is not None]
    assert len(positions) == len(set(positions)), "two soldiers on one square"
    for s in soldiers:
        k = data.SOLDIERS[s["kind"]]
        assert 0 <= s["def"] <= k["defence"], s
        assert 0 <= s["carry"] <= k["carry"], s
        if s["pos"] is not None:
            assert s["pos"] not in data.PILLARS and s["def"] > 0, s
            assert k["foot"] or s["pos"] not in data.FOOT_ONLY, s
    for r in state["seats"]:
        owned = {}
        for s in soldiers:
            if s["owner"] == r:
                owned[s["kind"]] = owned.get(s["kind"], 0) + 1
        if opts["campaign"] != data.RANI:
            assert all(owned.get(k, 0) <= data.STANDEES[k] for k in data.ARMY_KINDS), owned
        assert campaigns.flags_held(state, r) <= data.FLAGS
        assert state["vp"][r] >= 0
    if opts["campaign"] == data.TREASURE:
        total = sum(state["treasure"].values()) + sum(s["carry"] for s in soldiers) + sum(state["banked"].values())
        assert total == data.TREASURE_TOKENS, total
        assert all(v > 0 for v in state["treasure"].values())
    if opts["campaign"] != data.RANI:
        pending = []
        t = state["turn"]
        if t is not None and t["attack"] is not None:
            pending = t["attack"]["acards"] + t["attack"]["dcards"]
        everything = state["deck"] + state["discard"] + pending + [c for h in state["hands"].values() for c in h]
        assert sorted(everything) == list(range(len(data.CARDS))), "cards not conserved"
        for r, h in state["hands"].items():
            assert len(h) <= data.HAND_LIMIT + 1
            if state["discarding"] != r and not (t and t["sub"] and t["sub"].get("from") and r == t["seat"]):
                assert len(h) <= data.HAND_LIMIT, (r, len(h))
    assert (state["result"] is None) == (state["phase"] != "over")
    camps = list(state["camps"].values())
    assert len(camps) == len(set(camps)) and set(camps) <= data.CAMP_SQUARES, camps
    if state["phase"] != "army":
        assert set(state["camps"]) == set(state["seats"]), state["camps"]
