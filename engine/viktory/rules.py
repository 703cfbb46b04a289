"""Viktory II: the state machine behind the game interface of engine/core/api.py.

State (plain data; this module keeps no mutable globals):
    options     DEFAULT_OPTIONS below (players, victory conditions 5.3-5.5, variants 16.1-16.8, round_limit)
    side        hexes per side of the map (3.3); hex ids are those of geometry.py
    order       roles in turn order (4.0 step 1: a random first player, then clockwise)
    start       {role: [five start hex ids]} (3.3)
    terrain     per hex: a terrain name, or None while face down (3.2)
    sites       per hex: None or {"owner", "kind": "town" | "city"} (pieces.py)
    capitals    {role: hex id or None} (4.0 step 2)
    units       list of unit dicts (pieces.py); next_unit the next unit id
    pile        the face-down draw pile (hidden); explore a pending reveal or None (explore.py)
    current     the role whose Player Turn (or opening turn) it is
    phase       "opening_replace" | "opening_capital" | "opening_town"   (4.0)
                "move" | "build" | "reserve"                            (6.0)
    selected    the id of the unit being moved (move phase), or None; moved: it has moved already
    reserve_type the unit type picked for Reserve Placement, or None
    placed      [[site hex, unit type], ...] placed this turn (14.11); built: Towns built this turn
    turn_start  hexes where the current player's land units began the Player Turn (10.12 B)
    round       game rounds started (1 = the first round of normal Player Turns; 0 = opening)
    losses, battle, attacks, battled   pending casualty choices, the Battle in progress, units waiting
                to fight, hexes fought over this turn (combat.py)
    eliminate   pending 11.3 eliminations [{"owner", "kind", "n"}] (the loser clicks the Reserve or hexes)
    cities_captured, capitals_captured  for 5.5 and 5.3 ([[loser, winner], ...]); doomsday: the roles
                with a coin next to their Capital (5.5); redeploying: 13.5 mode; last_roll for the board
    empires     16.3 Immediate Empires: True while the building-only turns go on
    via         the hex the selected unit last moved from (16.84: the hex side of a Ruler's stop)
    conceded    the roles that have conceded, in order (5.1, 16.86; _concede)
    rulers, no_attack, restrained, relocate, ensuing, reinforce, reinforce_next, vassals_made
                16.8 Subjugation (subjugation.py); rebuild: 16.5 (phase "rebuild")
    log, reveals, rng, result

Actions (one click each, DESIGN.md):
    int                 a hex id: a start hex to replace, the Capital/Town site, a Town to upgrade,
                        a destination, a tile location while exploring, a Reserve placement hex,
                        a retreat hex (13.3 step 3), the hex of a unit to eliminate (11.3)
    "reserve"           eliminate a unit of that type from the Reserve (11.3)
    ["lose", id]        that Frigate is the casualty (11.1) or the unit eliminated (11.3), where the
                        owner's Frigates in the hex differ (10.45: their cargo goes with them)
    ["unit", id]        select a unit to move (move phase)
    ["bombard", hex]    the selected Artillery/Frigate bombards (12.0)
    ["battle", hex]     fight the Battle in a hex your units have moved into (13.0), or a 14.5 Battle
    ["embark", id]      the selected Frigate picks up that land unit (10.42)
    ["land", hex]       the selected Frigate lands all its cargo there (10.46, 10.47)
    "redeploy"          enter 13.5 Redeployment; ["redeploy", id] sends that unit to the Reserve
    "continue" | "retreat"  the attacker's choice after a round (13.3 step 3)
    "infantry" | "cavalry" | "artillery" | "frigate"   pick a Reserve unit type (reserve phase),
                        or the type of a casualty (11.1)
    "redraw" | "keep"   the all-water choice (7.0) or, in the opening, keep the start hexes (4.0)
    "skip"              build no extra Town in the opening (4.0 step 4)
    "done"              finish moving the selected unit (10.0; 16.84: a Ruler stopping in his
                        Vassal's hex attacks it), or leave Redeployment, or end a 16.82 reinforcement
    "end_movement"      on to the Building Phase; "end_building" on to Reserve Placement
    "end_turn"          end the Player Turn now (always available in a normal turn)
    "concede"           leave the game (5.1, 16.86), offered in one's own Player Turns (_may_concede);
                        the page asks confirm(state, action) first
"""
from __future__ import annotations

from itertools import compress
from operator import itemgetter

from engine.core import rng
from engine.core.api import same
from engine.core.text import and_list, article

from . import building, combat, data, explore, geometry, movement, pieces, reserves, subjugation, transport

UNIT, BOMBARD, BATTLE, REDEPLOY, MOVE_SITE = "unit", "bombard", "battle", "redeploy", "move_site"
DONE, SKIP, KEEP = "done", "skip", "keep"
END_MOVEMENT, END_BUILDING, END_TURN = "end_movement", "end_building", "end_turn"
CONCEDE = "concede"
# 5.0: victory conditions are chosen before the first turn and may be combined; 5.1 Standard
# Conquest always applies (the last player left wins). Variants 16.1, 16.2, 16.7 are on/off options.
BOOLEAN_OPTIONS = ("race", "shorter", "doomsday", "leveling", "face_up", "frigates", "metropolis",
                   "subjugation", "alliance_two", "luck", "relocation", "immediate")
DEFAULT_OPTIONS = {"players": 2, "race": False, "shorter": False, "doomsday": False,
                   "subjugation": False, "alliance_two": False, "luck": False, "relocation": False,
                   "leveling": False, "face_up": False, "frigates": False, "metropolis": False,
                   "immediate": False, "round_limit": data.DEFAULT_ROUND_LIMIT}


# --- the interface -------------------------------------------------------------------------------

def roles(options=None) -> list:
    return list(data.ROLES[:_options(options)["players"]])


def _options(options) -> dict:
    opts = dict(DEFAULT_OPTIONS)
    for key in DEFAULT_OPTIONS:
        if options and key in options:
            opts[key] = options[key]
    if opts["players"] not in data.SIDE_FOR_PLAYERS:
        raise ValueError("Viktory II is for 2 to 8 players")
    for key in BOOLEAN_OPTIONS:
        if type(opts[key]) is not bool:
            raise ValueError(f"option {key} is on (true) or off (false)")
    if opts["round_limit"] not in data.ROUND_LIMIT_CHOICES:
        raise ValueError(f"round_limit must be one of {data.ROUND_LIMIT_CHOICES}")
    return opts


def setup(seed: int, options=None) -> dict:
    opts = _options(options)
    n = opts["players"]
    side = data.SIDE_FOR_PLAYERS[n]
    seats = list(data.ROLES[:n])
    state = {
        "options": opts, "side": side, "rng": rng.seed_state(seed), "reveals": 0,
        "terrain": [data.WATER if h in geometry.perimeter(side) else None
                    for h in range(geometry.hex_count(side))],  # 3.2: perimeter water face up
        "sites": [None] * geometry.hex_count(side),
        "capitals": {role: None for role in seats},
        "units": [], "next_unit": 1, "pile": [], "explore": None,
        "current": None, "phase": None, "selected": None, "moved": False, "reserve_type": None,
        "placed": [], "built": 0, "turn_start": [], "round": 0, "log": [], "result": None,
        "losses": [], "battle": None, "attacks": [], "battled": [], "eliminate": [],
        "cities_captured": 0, "capitals_captured": [], "doomsday": [], "redeploying": False,
        "last_roll": None, "rulers": {}, "no_attack": [], "restrained": False, "relocate": None,
        "reinforce": None, "reinforce_next": [], "ensuing": [], "vassals_made": {}, "rebuild": None,
        "via": None, "conceded": [],
        "empires": opts["immediate"],  # 16.3: the Immediate Empires turns are still going on
    }
    explore.new_pile(state)  # 3.2
    if opts["face_up"] or opts["immediate"]:  # 16.2 No Exploration; 16.3 "first setup an explored map"
        hidden = [h for h, t in enumerate(state["terrain"]) if t is None]
        for h, tile in zip(hidden, explore.draw(state, len(hidden))):
            state["terrain"][h] = tile
    first, state["rng"] = rng.randbelow(state["rng"], n)  # 4.0 step 1: random first player
    state["order"] = seats[first:] + seats[:first]
    state["start"] = {role: list(data.START_HEXES[n][k]) for k, role in enumerate(state["order"])}
    state["log"].append(f"{state['order'][0]} is the first player (4.0)")
    _begin_opening(state, state["order"][0])
    return state


def _pending(state):
    """The choice the game is waiting for outside the phases, most urgent first (16.82: a relocation
    Battle is fought before the Ruler's next unit or the Vassal's reinforcement), or None."""
    if state["explore"] is not None:
        return "explore"
    if state["eliminate"]:
        return "eliminate"
    if state["losses"]:
        return "losses"
    if state["battle"] is not None:
        return "battle"
    if state["relocate"] is not None:
        return "relocate"
    if state["reinforce"] is not None:
        return "reinforce"
    return None


def active(state) -> list:
    if state["result"] is not None:
        return []
    return [_PENDING[_pending(state)][0](state)]


def actions(state, role) -> list:
    if state["result"] is not None:
        return []
    who, listed, _apply = _PENDING[_pending(state)]
    return listed(state, role) if who(state) == role else []


def is_legal(state, role, action) -> bool:
    """Exactly `any(api.same(c, action) for c in actions(state, role))` (engine/core/api.py): replaying
    a game checks every action, and listing them all costs every unit's moves (_movable). The
    frequent actions of the Movement, Building and Reserve Placement Phases are checked alone
    (_FAST_LEGAL); anything else is looked up in the list. Any value is answered, never raised on.
    tests/test_viktory_is_legal.py compares the two on the states of many games."""
    if state["result"] is not None:
        return False  # active(state) is []
    pending = _pending(state)
    if role != _PENDING[pending][0](state):
        return False  # not active(state)
    if pending is None:
        fast = _FAST_LEGAL.get(state["phase"])
        known = fast(state, role, action) if fast is not None else None
        if known is not None:
            return bool(known)
    return any(same(candidate, action) for candidate in actions(state, role))


def apply(state, role, action) -> None:
    text = _PENDING[_pending(state)][2](state, role, action)
    if text:
        state["log"].append(text)
    _advance(state)
    state["result"] = _judge(state)


def result(state):
    return state["result"]


# --- the opening turn (4.0) ---------------------------------------------------------------------

def _begin_opening(state, role) -> None:
    """4.0 step 2: the player reveals his five starting hexes."""
    state["current"] = role
    hexes = [h for h in state["start"][role] if state["terrain"][h] is None]
    if hexes:
        for h, tile in zip(hexes, explore.draw(state, len(hexes))):
            state["terrain"][h] = tile
    state["log"].append(f"{role} reveals the start hexes (4.0)")
    state["phase"] = "opening_replace" if _start_water(state, role) else "opening_capital"


def _start_water(state, role) -> list:
    """4.0 step 2: with three or more Water start hexes, all but two may be replaced."""
    water = [h for h in state["start"][role] if state["terrain"][h] == data.WATER]
    return water if len(water) >= 3 and explore.pile_has_land(state) else []


def _start_land(state, role) -> list:
    return [h for h in state["start"][role] if state["terrain"][h] in data.LAND]


def _actions_opening_replace(state, role) -> list:
    acts = list(_start_water(state, role))
    if _start_land(state, role):
        acts.append(KEEP)  # he "may" replace; a Capital needs one land hex
    return acts


def _apply_opening_replace(state, role, action) -> str:
    if action == KEEP:
        state["phase"] = "opening_capital"
        return f"{role} keeps the start hexes"
    land = explore.return_and_draw_land(state, state["terrain"][action])
    state["terrain"][action] = land  # 4.0: he must keep the first land hex drawn
    if not _start_water(state, role):
        state["phase"] = "opening_capital"
    return f"{role} replaces the water at hex {action} with {land} (4.0)"


def _actions_opening_capital(state, role) -> list:
    land = _start_land(state, role)
    free = [h for h in land if building.site_free(state, role, h)]
    return free or [h for h in land if state["sites"][h] is None]


def _apply_opening_capital(state, role, h) -> str:
    """4.0 steps 2-3: the Capital (a Town with the Capital marker) and its Infantry."""
    state["capitals"][role] = h
    text = building.build_town(state, role, h).replace("a Town", "the Capital")
    first_skips = state["order"][0] == role and state["options"]["players"] <= 6
    state["phase"] = "opening_end" if first_skips else "opening_town"  # 4.0 step 4 balance rule
    return text


def _actions_opening_town(state, role) -> list:
    return building.town_sites(state, role) + [SKIP]


def _apply_opening_town(state, role, action) -> str:
    state["phase"] = "opening_end"
    if action == SKIP:
        return f"{role} builds no second Town"
    return building.build_town(state, role, action)


def _end_opening(state) -> None:
    """4.0 step 5: the Reserve Infantry go to the player's Towns; then the next player (step 6) or,
    after the last, the first normal Player Turn (step 7)."""
    role = state["current"]
    for h in pieces.sites_of(state, role):
        for u in pieces.reserve(state, role)[:1]:
            u["hex"] = h
    order = state["order"]
    k = order.index(role)
    if k + 1 < len(order):
        _begin_opening(state, order[k + 1])
    else:
        state["round"] = 1
        _start_turn(state, order[0])


# --- a Player Turn (6.0) --------------------------------------------------------------------------

def _start_turn(state, role) -> None:
    state.update(current=role, phase="move", selected=None, moved=False, reserve_type=None,
                 placed=[], built=0, attacks=[], battled=[], redeploying=False)
    if state["empires"]:
        _immediate_empire_turn(state, role)
    units = pieces.units_of(state, role)
    for u in units:
        u["mp"] = movement.allowance(state, u)
        u["attacked"] = False
    transport.start_of_turn(state, role, units)
    state["restrained"] = role in state["no_attack"]  # 16.83: no attacks this turn
    state["no_attack"] = [r for r in state["no_attack"] if r != role]
    state["turn_start"] = movement.land_hexes_at_turn_start(state, role, units)
    state["log"].append(f"— Round {state['round']}: {role}'s turn —")
    _doomsday_roll(state, role)


def _immediate_empire_turn(state, role) -> None:
    """16.3 Immediate Empires: players take turns doing everything except moving and attacking
    (Building, then Reserve Placement). The first player unable either to build a Town or to
    upgrade a Town to a City becomes the first player to take a normal turn, at once; every other
    player then takes normal turns (the turn order starts again with him)."""
    if building.can_expand(state, role):
        state["phase"] = "build"
        state["log"].append(f"{role} builds an Immediate Empire: no movement this turn (16.3)")
        return
    state["empires"] = False
    k = state["order"].index(role)
    state["order"] = state["order"][k:] + state["order"][:k]
    state["log"].append(f"{role} can build no more and becomes the first player to take a normal turn (16.3)")


def _doomsday_roll(state, role) -> None:
    """5.5: once the first City has been captured, each player rolls at the beginning of his turn;
    a '1' puts a coin next to his Capital and he rolls no more."""
    if not state["options"]["doomsday"] or not state["cities_captured"] or role in state["doomsday"]:
        return
    die = combat.roll(state, 1)[0]
    if die == data.DOOMSDAY_HIT:
        state["doomsday"].append(role)
        state["log"].append(f"Doomsday Clock: {role} rolls a 1 — a coin next to {role}'s Capital (5.5)")
    else:
        state["log"].append(f"Doomsday Clock: {role} rolls {die} (5.5)")


def _movable(state, role) -> list:
    """His units that can move, bombard or ferry now; one per group of interchangeable units (same
    hex, type and turn records, no cargo), so that a click means one real choice (DESIGN.md)."""
    at, carriers, battles = _move_context(state)
    seen, result = set(), []
    for u in pieces.units_of(state, role):
        if u["hex"] is None:
            continue
        key = _group_key(u, carriers)
        if key in seen:
            continue
        if _can_act(state, u, at, battles):
            seen.add(key)
            result.append(u)
    return result


def _move_context(state, index=pieces.units_by_hex) -> tuple:
    """What _movable (and is_legal) look up for every unit, computed once per call: units by hex
    (pieces.units_by_hex, or `index`), the ids of the Frigates with cargo, the Battle hexes."""
    return index(state), pieces.LazyCarriers(state), set(combat.battle_hexes(state))


def _unit_index(state):
    """The units_by_hex index for a few units' moves: without Subjugation built at its first look-up
    (pieces.LazyUnitsByHex), as a move often looks at no hex but the adjacent ones; with it every
    hex a unit may enter is looked at (16.84), and the index is built at once."""
    return pieces.units_by_hex(state) if subjugation.enabled(state) else pieces.LazyUnitsByHex(state)


def _group_key(u, carriers):
    """Units with the same key are interchangeable (_movable); a Frigate with cargo is unique.
    `carriers`: the ids of (at least his) Frigates with cargo (a set, or pieces.LazyCarriers: it is
    asked of Frigates only)."""
    if u["type"] == data.FRIGATE and u["id"] in carriers:  # pieces.cargo(state, u["id"]) is not empty
        return u["id"]
    return _GROUP_FIELDS(u)


_GROUP_FIELDS = itemgetter("hex", "type", "mp", "attacked", "shipped", "carried", "landed")


def _can_act(state, u, at, battles) -> bool:
    """The unit can move, bombard or ferry now (its entry in _movable)."""
    return movement.can_move(state, u, at) or bool(_bombard_targets(state, u, at, battles)) \
        or (u["type"] == data.FRIGATE and bool(transport.actions(state, u)))


def _bombard_targets(state, u, at=None, battles=None) -> list:
    if u["type"] not in data.BOMBARDERS:
        return []  # combat.bombard_targets: 11.5, without sorting the Battle hexes
    if u["hex"] in (combat.battle_hexes(state) if battles is None else battles):
        return []
    return combat.bombard_targets(state, u, at)


def _actions_move(state, role) -> list:
    if state["selected"] is not None:
        u = pieces.unit(state, state["selected"])
        at = _unit_index(state)
        acts = movement.destinations(state, u, at)
        if movement.passing(state, u, at):  # 16.84: move on, or (a Ruler) stop and attack
            return acts + ([DONE] if movement.may_stop(state, u, at) else [])
        if movement.may_stop(state, u, at):
            if u["type"] == data.FRIGATE:
                acts += transport.actions(state, u)  # 10.4
            if u["type"] in data.BOMBARDERS:  # (bombard_targets looks at the 6 hexes next to it)
                acts += [[BOMBARD, h] for h in _bombard_targets(state, u)]
            acts.append(DONE)
        return acts
    return [[UNIT, u["id"]] for u in _movable(state, role)] + _move_buttons(state)


def _move_buttons(state) -> list:
    battles = combat.battle_hexes(state)
    if battles:  # 13.0: every Battle started by moving in is fought before the phase ends
        return [[BATTLE, h] for h in battles]
    return [END_MOVEMENT, END_TURN]


def link_choices(state, role) -> list:
    """api.choices: what a share link's index of a move points into: the legal actions (None), but between
    units in the Movement Phase the first unit of each group (_group_key) on the board that has MP
    left, may bombard or is a Frigate, a superset of _movable checked by is_legal, so that replaying a
    link does not try every unit's moves at every step (their cost is most of a long game's replay)."""
    if state["phase"] != "move" or state["selected"] is not None or _pending(state) is not None \
            or state["result"] is not None or role != state["current"]:  # not active(state)
        return None  # the legal actions (the cheap tests first: this is asked at every step)
    units, carriers = [], set()  # in one pass: his units that may act, and his Frigates with cargo
    for u in state["units"]:
        if u["owner"] == role:
            if u["hex"] is not None:
                # _can_act: no move without MP, and only these bombard or ferry
                if u["mp"] > 0 or u["type"] == data.FRIGATE or (u["type"] in data.BOMBARDERS and not u["attacked"]):
                    units.append(u)
            elif u["aboard"] is not None:
                carriers.add(u["aboard"])  # 10.45: his cargo is aboard his own Frigates
    first = {}  # group key: its first unit, in state order
    for u in units:
        first.setdefault(_group_key(u, carriers), u)
    acts = [[UNIT, u["id"]] for u in first.values()]
    acts += _move_buttons(state)
    if _may_concede(state):
        acts.append(CONCEDE)
    return acts


def _legal_move(state, role, action):
    """is_legal in the Movement Phase (_actions_move, _may_concede): True or False, or None where
    the list decides (a Frigate's transport and the Bombard targets of the selected unit)."""
    if state["selected"] is not None:
        u = pieces.unit(state, state["selected"])
        if type(action) is int:  # a destination
            return movement.can_reach(state, u, action)
        if type(action) is str:  # no concession amid a unit's move
            return action == DONE and movement.may_stop(state, u)
        return None if type(action) is list else False
    if type(action) is str:
        if action == END_MOVEMENT or action == END_TURN:
            return not state["attacks"]  # combat.battle_hexes: 13.0, Battles first
        return action == CONCEDE and _may_concede(state)
    if type(action) is not list or len(action) != 2 or type(action[0]) is not str or type(action[1]) is not int:
        return False
    if action[0] == UNIT:
        return _unit_offered(state, role, action[1])
    if action[0] == BATTLE:
        return action[1] in combat.battle_hexes(state)
    return False


def _unit_offered(state, role, uid: int) -> bool:
    """[UNIT, uid] is in _actions_move: the unit can act, and no unit before it in _movable's order
    with the same group key can (_movable offers the first of each group)."""
    try:
        target = pieces.unit(state, uid)
    except KeyError:
        return False
    if target["owner"] != role or target["hex"] is None:
        return False
    at, carriers, battles = _move_context(state, _unit_index)  # a few units' moves
    if not _can_act(state, target, at, battles):
        return False
    key = _group_key(target, carriers)
    h, kind = target["hex"], target["type"]
    for u in state["units"]:  # up to the target, in state order
        if u is target:
            return True
        # a key equal to a tuple key holds the same hex and type: look at those units only
        if u["hex"] == h and u["type"] == kind and u["owner"] == role and _group_key(u, carriers) == key \
                and _can_act(state, u, at, battles):
            return False
    return True


def _legal_build(state, role, action):
    """is_legal in the Building Phase for the buttons (_actions_build); None: the list decides."""
    if type(action) is not str:
        return None
    if action == END_BUILDING or action == END_TURN:
        return not (state["built"] == 0 and state["empires"])  # 16.3: building while he can
    return action == CONCEDE and _may_concede(state)


def _legal_reserve(state, role, action):
    """is_legal in the Reserve Placement Phase (_actions_reserve); None: the list decides."""
    picked = state["reserve_type"]
    if type(action) is str:
        if action == CONCEDE:
            return _may_concede(state)
        if state["redeploying"]:
            return action == DONE
        if action == END_TURN:
            return True
        if action == REDEPLOY:
            return not state["placed"] and _may_redeploy(state, role)
        # a unit type to pick: placeable, and not the one picked already
        return action in data.UNIT_TYPES and action != picked and _placeable(state, role, action)
    if type(action) is int:  # a hex for the unit type picked
        return not state["redeploying"] and picked in data.UNIT_TYPES \
            and any(u["type"] == picked for u in pieces.reserve(state, role)) \
            and action in reserves.placements(state, role, picked)
    if type(action) is list:
        return None if state["redeploying"] else False  # [REDEPLOY, id]
    return False


def _placeable(state, role, kind) -> bool:
    """kind in reserves.placeable_types(state, role)."""
    return any(u["type"] == kind for u in pieces.reserve(state, role)) \
        and bool(reserves.placements(state, role, kind, first=True))


_FAST_LEGAL = {"move": _legal_move, "build": _legal_build, "reserve": _legal_reserve}


def _selected(state):
    return pieces.unit(state, state["selected"]) if state["selected"] is not None else None


def _finish_unit(state) -> str:
    u = _selected(state)
    text = ""
    if u is not None and state["moved"]:
        text = movement.stop(state, u)  # 16.84: a Ruler stopping in his Vassal's hex attacks
        u["mp"] = 0  # 10.0: no resuming later
    state["selected"], state["moved"], state["via"] = None, False, None
    return text


def _apply_move(state, role, action) -> str:
    if isinstance(action, list):
        if action[0] == UNIT:
            state["selected"], state["moved"] = action[1], False
            return ""
        if action[0] == BATTLE:
            return combat.start_battle(state, action[1])
        if action[0] == BOMBARD:
            u = pieces.unit(state, state["selected"])
            text = combat.bombard(state, u, action[1])
            # 12.2: a Frigate may still pick up and drop off units from where it stands
            if not (u["type"] == data.FRIGATE and u["hex"] is not None and transport.actions(state, u)):
                state["selected"], state["moved"] = None, False
            return text
        if action[0] == transport.EMBARK:
            state["moved"] = True
            return transport.embark(state, pieces.unit(state, state["selected"]), action[1])
        if action[0] == transport.LAND:
            f = pieces.unit(state, state["selected"])
            state["moved"] = True
            text = transport.land(state, f, action[1], action[2] if len(action) > 2 else None)
            if f["mp"] == 0 and not transport.actions(state, f):
                _finish_unit(state)
            return text
    if action == DONE:
        return _finish_unit(state)
    if action == END_MOVEMENT:
        _finish_unit(state)
        state["phase"] = "build" if building.can_build(state, role) else "reserve"  # 8.1
        return f"{role} ends movement" + ("" if state["phase"] == "build" else "; no Capital, no building (8.1)")
    if action == END_TURN:
        _end_turn(state)
        return ""
    u = pieces.unit(state, state["selected"])
    text = movement.move(state, u, action)
    state["moved"] = True
    if u["mp"] == 0 and movement.may_stop(state, u):
        text = "; ".join(t for t in (text, _finish_unit(state)) if t)
    return text


def _actions_build(state, role) -> list:
    acts = building.town_sites(state, role)
    if state["built"] == 0:  # 8.2: one or two Towns, or one upgrade (16.6: a City to a Metropolis)
        acts = sorted(acts + building.upgradable_towns(state, role) + building.metropolis_sites(state, role))
        acts += [[MOVE_SITE, h] for h in building.relocatable(state, role)]  # 16.5
        if state["empires"]:
            return acts  # 16.3: an Immediate Empire turn builds while it can (our reading of "unable")
    return acts + [END_BUILDING, END_TURN]


def _apply_build(state, role, action) -> str:
    if action == END_TURN:
        _end_turn(state)
        return ""
    if action == END_BUILDING:
        state["phase"] = "reserve"
        return ""
    if isinstance(action, list):  # 16.5: remove the Town/City; it is rebuilt next door (phase "rebuild")
        h = action[1]
        site = state["sites"][h]
        targets = building.relocation_targets(state, role, h)
        state["sites"][h] = None
        state["rebuild"] = {"from": h, "kind": site["kind"], "hexes": targets}
        state["phase"] = "rebuild"
        combat.eliminate_supported(state, role, pieces.support(site["kind"], state["terrain"][h]))
        return f"{role} removes the {site['kind']} at hex {h} to rebuild it next door (16.5)"
    if state["sites"][action] is not None:  # 8.2: upgrade one Town instead of building
        state["phase"] = "reserve"
        if state["sites"][action]["kind"] == "city":
            return building.upgrade_to_metropolis(state, role, action)
        return building.upgrade_to_city(state, role, action)
    state["built"] += 1
    if state["built"] == 2:  # 8.2: one or two Towns
        state["phase"] = "reserve"
    return building.build_town(state, role, action)


def _redeployable(state, role) -> list:
    """13.5: "any units from the map" (cargo at sea included, 10.45), one per (hex, type, carrier)
    group (the lowest id), not in a Battle hex."""
    groups = {}
    for where, u in _on_the_map_out_of_battle(state, role):
        groups.setdefault((where, u["type"], u["aboard"] or 0), u["id"])
    return [[REDEPLOY, uid] for _k, uid in sorted(groups.items())]


def _may_redeploy(state, role) -> bool:
    """bool(_redeployable(state, role)), looking no further than the first unit found."""
    return next(_on_the_map_out_of_battle(state, role), None) is not None


def _on_the_map_out_of_battle(state, role):
    """(where, unit) for each of `role`'s units that 13.5 may redeploy, in state order."""
    fighting = set(combat.battle_hexes(state))
    for u in state["units"]:
        if u["owner"] == role:
            where = combat.unit_location(state, u)
            if where is not None and where not in fighting:
                yield where, u


def _actions_rebuild(state, role) -> list:
    return list(state["rebuild"]["hexes"])


def _apply_rebuild(state, role, h) -> str:
    """16.5: the same Town or City, rebuilt in its entirety: its units (for the new terrain) and
    its reveal (8.3)."""
    kind = state["rebuild"]["kind"]
    state["rebuild"] = None
    state["sites"][h] = {"owner": role, "kind": kind}
    pieces.add_to_reserve(state, role, pieces.support(kind, state["terrain"][h]))
    reveal = geometry.neighbours(state["side"])[h] if kind == "town" else geometry.within(state["side"], h, 2)
    explore.start(state, role, reveal)
    state["phase"] = "reserve"
    return f"{role} rebuilds the {kind} at hex {h} (16.5)"


def _actions_reserve(state, role) -> list:
    if state["redeploying"]:  # 13.5 Redeployment, before any unit is placed
        return _redeployable(state, role) + [DONE]
    reserve = pieces.reserve(state, role)
    # placement_context, for every type and the one picked (none with nothing to place, 14.0)
    context = reserves.placement_context(state, role) if reserve else None
    kinds = reserves.placeable_types(state, role, context, reserve)
    picked = state["reserve_type"]
    extra = [REDEPLOY] if not state["placed"] and _may_redeploy(state, role) else []
    if picked in kinds:
        return (sorted(reserves.placements(state, role, picked, context=context))
                + [k for k in kinds if k != picked] + extra + [END_TURN])
    return kinds + extra + [END_TURN]


def _apply_reserve(state, role, action) -> str:
    if action == END_TURN:
        return _end_reserve(state, role)
    if action == REDEPLOY or action == DONE:
        state["redeploying"] = action == REDEPLOY
        return ""
    if isinstance(action, list):  # 13.5: the unit (with any cargo) goes back to the Reserve
        u = pieces.unit(state, action[1])
        where = combat.unit_location(state, u)
        combat.to_reserve(state, u)
        if not _may_redeploy(state, role):
            state["redeploying"] = False
        return f"{role} redeploys {_a(u['type'])} from hex {where} to the Reserve (13.5)"
    if isinstance(action, str):
        state["reserve_type"] = action
        return ""
    kind = state["reserve_type"]
    of_kind = [u for u in pieces.reserve(state, role) if u["type"] == kind]
    text = reserves.place(state, role, kind, action, of_kind[0])
    if kind == data.FRIGATE:  # 7.0: Frigate placement reveals like movement
        explore.start(state, role, geometry.neighbours(state["side"])[action])
    # _placeable no longer (not among reserves.placeable_types): the last of its kind, or nowhere to go
    if len(of_kind) == 1 or not reserves.placements(state, role, kind, first=True):
        state["reserve_type"] = None
    return text


def _end_reserve(state, role) -> str:
    """14.5: after all placement, the Frigate Placement Naval Battles, then the turn ends."""
    if combat.battle_hexes(state):
        state["phase"] = "placement_battle"
        return f"{role} ends placement: Frigate Placement Naval Battle (14.5)"
    _end_turn(state)
    return ""


def _actions_placement_battle(state, role) -> list:
    battles = combat.battle_hexes(state)
    return [[BATTLE, h] for h in battles] if battles else [END_TURN]


def _apply_placement_battle(state, role, action) -> str:
    if action == END_TURN:
        _end_turn(state)
        return ""
    return combat.start_battle(state, action[1])


def _end_turn(state) -> None:
    role = state["current"]
    _finish_unit(state)
    for u in pieces.units_of(state, role):
        u["mp"] = 0
    state["log"].append(f"{role} ends the turn")
    order = state["order"]
    k = order.index(role)
    present = _in_game(state)
    for step in range(1, len(order) + 1):
        nxt = order[(k + step) % len(order)]
        if nxt in present:  # not _eliminated
            break
    if k + step >= len(order):  # 6.0: the round is over when play passes the last player
        state["round"] += 1
    limit = state["options"]["round_limit"]
    if limit and state["round"] > limit:
        state["phase"] = "over"
        return
    _start_turn(state, nxt)


def _eliminated(state, role) -> bool:
    """5.1: a player with no Towns or Cities (hence no units, 9.0) is out of the game."""
    return not pieces.sites_of(state, role) and not pieces.units_of(state, role)


def _in_game(state) -> set:
    """The roles not _eliminated, in one pass over the sites (and the units where needed)."""
    present = {s["owner"] for s in filter(None, state["sites"])}
    if any(role not in present for role in state["order"]):  # units only, or out of the game
        present.update({u["owner"] for u in state["units"]})
    return present


def _alive(state) -> list:
    """The roles in the game (_in_game), in turn order."""
    present = _in_game(state)
    return [role for role in state["order"] if role in present]


def _one_left(state) -> bool:
    """len(_alive(state)) == 1: the owners of the sites and units are those in the game, and this
    looks no further than the second one found (_judge asks after every action: the answer is no)."""
    first = None
    # the units first: the first ones are those of the opening (4.0), one player's after another
    for piece in state["units"]:
        if piece["owner"] != first:
            if first is not None:
                return False
            first = piece["owner"]
    for piece in compress(state["sites"], state["sites"]):  # the sites, past the empty hexes at C speed
        if piece["owner"] != first:
            if first is not None:
                return False
            first = piece["owner"]
    return first is not None


_PHASE_ACTIONS = {
    "opening_replace": _actions_opening_replace,
    "opening_capital": _actions_opening_capital,
    "opening_town": _actions_opening_town,
    "move": _actions_move,
    "build": _actions_build,
    "reserve": _actions_reserve,
    "placement_battle": _actions_placement_battle,
    "rebuild": _actions_rebuild,
    "opening_end": lambda state, role: [],
    "over": lambda state, role: [],
}
_PHASE_APPLY = {
    "opening_replace": _apply_opening_replace,
    "opening_capital": _apply_opening_capital,
    "opening_town": _apply_opening_town,
    "move": _apply_move,
    "build": _apply_build,
    "reserve": _apply_reserve,
    "placement_battle": _apply_placement_battle,
    "rebuild": _apply_rebuild,
}


def _phase_actions(state, role) -> list:
    acts = _PHASE_ACTIONS[state["phase"]](state, role)
    if _may_concede(state):
        acts = acts + [CONCEDE]
    return acts


def _may_concede(state) -> bool:
    """5.1, 16.86: a player may concede in his own Player Turn, wherever he picks what to do next:
    in the Movement & Combat Phase between units, in the Building and Reserve Placement Phases (not
    in the 4.0 opening, which is the setup, nor amid a unit's move or a forced step)."""
    if not state["round"] or state["phase"] not in ("move", "build", "reserve"):
        return False
    return state["phase"] != "move" or state["selected"] is None


def _phase_apply(state, role, action) -> str:
    if action == CONCEDE:
        return _concede(state, role)
    return _PHASE_APPLY[state["phase"]](state, role, action)


def _concede(state, role) -> str:
    """5.1, 5.2 and 16.86: "A player wins when all other players are eliminated [are his Vassals]
    or concede" is all the rulebook says. Our reading (ABOUT): 5.1 puts the conceding player beside
    the eliminated one, so he leaves the game as if eliminated. His Towns, Cities, units (cargo
    included) and Capital marker leave the map, so that nobody inherits them and his empire scores
    nothing; the others play on, his turns skipped (_eliminated); he ranks with the eliminated
    players, below everyone still in the game (_result). Under 16.8 (subjugation.conceded) his
    Vassals go free, as when a Ruler loses his Capital (16.85 #2), and a Vassal who concedes still
    counts as made for 16.87."""
    state.update(selected=None, moved=False, via=None, attacks=[], reserve_type=None, redeploying=False)
    state["units"] = [u for u in state["units"] if u["owner"] != role]
    state["sites"] = [None if s is not None and s["owner"] == role else s for s in state["sites"]]
    state["capitals"][role] = None
    state["conceded"].append(role)
    state["log"].append(f"{role} concedes the game: his Towns, Cities and units leave the map (5.1)")
    state["log"].extend(subjugation.conceded(state, role))
    if sum(1 for r in state["order"] if not _eliminated(state, r)) > 1:
        _end_turn(state)  # the others play on
    return ""


def confirm(state, action):
    """The question the page asks before it plays `action`, or None: conceding, which ends one's
    game for good, asks first; so does ending the turn where that skips a phase (6.0: Building,
    Reserve Placement) in which the player could still act."""
    if action == END_TURN and state["phase"] in ("move", "build"):
        return _skipped_phases(state)
    if action != CONCEDE:
        return None
    role = state["current"]
    others = [r for r in state["order"] if r != role and not _eliminated(state, r)]
    if len(others) == 1:
        return f"Concede the game? {others[0]} wins (5.1)."
    return ("Concede the game? Your Towns, Cities and units leave the map and you are out of the game; "
            "the others play on (5.1).")


def _skipped_phases(state):
    role = state["current"]
    skipped = []
    if state["phase"] == "move" and building.can_expand(state, role):
        skipped.append("the Building Phase (8.0)")
    if reserves.placeable_types(state, role):
        skipped.append("the Reserve Placement Phase (14.0): your Reserve stays off the map")
    if not skipped:
        return None
    return "End your turn now? That skips " + " and ".join(skipped) + "."


# who acts, their actions, and applying one, for each pending choice (_pending) and for the phases
_PENDING = {
    "explore": (lambda s: s["explore"]["by"], lambda s, r: explore.actions(s), lambda s, r, a: explore.apply(s, a)),
    "eliminate": (lambda s: s["eliminate"][0]["owner"], lambda s, r: combat.elimination_choices(s),  # 11.3
                  lambda s, r, a: combat.choose_elimination(s, a)),
    "losses": (lambda s: s["losses"][0]["chooser"], lambda s, r: combat.loss_choices(s),  # 11.1
               lambda s, r, a: combat.choose_loss(s, a)),
    "battle": (combat.battle_chooser, lambda s, r: combat.battle_choices(s),  # 13.3 step 3, 16.4
               lambda s, r, a: combat.retreat_or_continue(s, a)),
    "relocate": (lambda s: s["relocate"]["by"], lambda s, r: subjugation.relocation_hexes(s),  # 16.82
                 lambda s, r, a: subjugation.relocate(s, a)),
    "reinforce": (lambda s: s["reinforce"], lambda s, r: reserves.reinforcements(s),  # 16.82
                  lambda s, r, a: reserves.reinforce(s, a)),
    None: (lambda s: s["current"], _phase_actions, _phase_apply),
}


def _advance(state) -> None:
    """Automatic steps that wait until a pending exploration or choice is resolved: the end of the
    opening (4.0), the Battle in progress (13.3), forced relocations and the Battles that ensue at
    once (16.82)."""
    while state["explore"] is None:
        if state["phase"] == "opening_end":
            _end_opening(state)
        elif state["battle"] is not None:
            state["log"].extend(combat.advance(state))
            if state["battle"] is not None:
                return  # a player decides (retreat, 16.4) or chooses casualties
        elif state["losses"] or state["eliminate"]:
            return
        elif not subjugation.enabled(state):
            return  # what follows is 16.82's
        else:
            lines = subjugation.settle(state)
            state["log"].extend(lines)
            ensuing = subjugation.ensuing_battle(state) if state["explore"] is None else None
            if ensuing is not None:
                state["log"].append(combat.start_battle(state, *ensuing))
            elif not lines:
                return


# --- victory (5.0) ---------------------------------------------------------------------------------

def _judge(state):
    """5.0: the chosen Victory Conditions, combined; 5.1 always applies."""
    opts = state["options"]
    order = state["order"]
    if state["round"] == 0 or state["eliminate"] or state["losses"] or state["relocate"] or state["reinforce"] \
            or state["rebuild"]:
        return None
    # run after every action: the players in the game and the scores only where needed
    if _one_left(state):  # 5.1 Standard Conquest: "all other players are eliminated or concede"
        alive = _alive(state)
        out = [r for r in order if r not in alive]
        conceded = [r for r in out if r in state["conceded"]]
        why = "is eliminated"
        if conceded:
            why = "has conceded" if conceded == out else "is eliminated or has conceded"
        return _result(state, _scores(state), alive, f"{alive[0]} wins: every other player {why} (5.1)")
    if opts["subjugation"] and (state["rulers"] or opts["alliance_two"]):  # subjugation.winner: none else
        alive = _alive(state)
        found = subjugation.winner(state, alive)
        if found:
            scores = _scores(state)
            conceded = [r for r in order if r not in alive and r in state["conceded"]]
            role, section = found
            if section == "5.2" and conceded:  # 16.86: "become his Vassals or concede"
                why, section = "every other player is his Vassal or has conceded", "5.2, 16.86"
            elif section == "5.2":
                why = "every other player is his Vassal"
            else:
                why = "he has made Vassals of two players without losing his Capital"
            return _result(state, scores, [role], f"{role} wins: {why} ({section})")
    if opts["shorter"] and state["capitals_captured"]:
        loser = state["capitals_captured"][0][0]  # 5.3: the game ends at the first Capital captured
        rest = [r for r in _alive(state) if r != loser]
        return _scored(state, _scores(state), rest, f"Shorter Conquest: {loser}'s Capital fell", "5.3")
    if opts["race"] and state["explore"] is None and state["battle"] is None:
        role = state["current"]
        target = data.RACE_TARGETS[opts["players"]]
        if pieces.empire_points(state, role) >= target:  # 5.4: at any point in their turn
            scores = _scores(state)
            return _result(state, scores, [role],
                           f"{role} wins the Race for Dominance with {scores[role]} point{'s' * (scores[role] != 1)} (5.4)")
    if opts["doomsday"] and state["doomsday"] and all(r in state["doomsday"] for r in _alive(state)):
        # 5.5: the last Capital has its coin (our reading: the Capitals of players still in the game)
        return _scored(state, _scores(state), _alive(state), "The Doomsday Clock has struck", "5.5")
    if state["phase"] == "over":
        return _scored(state, _scores(state), _alive(state), "Round limit reached (house rule, not in the rulebook)",
                       "5.3 scoring")
    return None


def _scores(state) -> dict:
    return {role: pieces.empire_points(state, role) for role in state["order"]}


def _scored(state, scores, candidates, why, section) -> dict:
    candidates = candidates or list(scores)
    best = max(scores[r] for r in candidates)
    winners = [r for r in candidates if scores[r] == best]
    verb = "wins" if len(winners) == 1 else "tie"
    return _result(state, scores, winners, f"{why}: {and_list(winners)} {verb} with {best} point{'s' * (best != 1)} ({section})")


def _result(state, scores, winners, summary) -> dict:
    """The winners, then the players still in the game by their empires (5.3 scoring), then those
    out of it (eliminated or conceded: 5.1 sets them side by side), tied."""
    out = [r for r in state["order"] if _eliminated(state, r) and r not in winners]
    values = sorted({scores[r] for r in scores}, reverse=True)
    ranking = [list(winners)]
    for v in values:
        group = [r for r in scores if scores[r] == v and r not in winners and r not in out]
        if group:
            ranking.append(group)
    if out:
        ranking.append(out)
    result = {"winners": list(winners), "ranking": ranking, "scores": dict(scores), "summary": summary}
    if state["conceded"]:
        result["details"] = [f"{r} conceded the game (5.1)" for r in state["conceded"]]
    return result


# --- view, labels, invariants ------------------------------------------------------------------

def numbers(view) -> dict:
    """Each player's key numbers for the page's status panel, in figures: empire points (5.3) and the
    Towns and Cities held."""
    out = {}
    for role, points in view["scores"].items():
        kinds = [s["kind"] for s in view["sites"] if s and s["owner"] == role]
        towns, cities = kinds.count("town"), len(kinds) - kinds.count("town")
        out[role] = [f"{points} point{'s' * (points != 1)}", f"{towns} Town{'s' * (towns != 1)}",
                     f"{cities} Cit{'ies' if cities != 1 else 'y'}"]
    return out


def view(state, role) -> dict:
    return {
        "prompt": _prompt(state, role),
        "log": list(state["log"]),
        "players": state["options"]["players"],
        "options": dict(state["options"]),
        "side": state["side"],
        "order": list(state["order"]),
        "current": state["current"],
        "phase": state["phase"],
        "round": state["round"],
        "terrain": list(state["terrain"]),
        "sites": [dict(s) if s else None for s in state["sites"]],
        "capitals": dict(state["capitals"]),
        "start": {r: list(h) for r, h in state["start"].items()},
        "units": [dict(u) for u in state["units"] if u["hex"] is not None or u["aboard"] is not None],
        "reserves": {r: _counts(pieces.reserve(state, r)) for r in state["order"]},
        "pile_count": len(state["pile"]),  # the count is public; the order is not
        "explore": ({k: (list(v) if isinstance(v, list) else v) for k, v in state["explore"].items()}
                    if state["explore"] else None),
        "selected": state["selected"],
        "reserve_type": state["reserve_type"],
        "scores": {r: pieces.empire_points(state, r) for r in state["order"]},
        "combat_supply": {r: pieces.combat_supply(state, r) for r in state["order"]},
        "battle": dict(state["battle"]) if state["battle"] else None,
        "losses": [dict(x) for x in state["losses"]],
        "eliminate": [dict(x) for x in state["eliminate"]],
        "attacks": [list(a) for a in state["attacks"]],
        "result": state["result"],
        "doomsday": list(state["doomsday"]),
        "rulers": dict(state["rulers"]),
        "eliminated": [r for r in state["order"] if state["round"] and _eliminated(state, r)],
        "conceded": list(state["conceded"]),
        "restrained": state["restrained"],
        "relocate": dict(state["relocate"]) if state["relocate"] else None,
        "reinforce": state["reinforce"],
        "rebuild": dict(state["rebuild"], hexes=list(state["rebuild"]["hexes"])) if state["rebuild"] else None,
        "redeploying": state["redeploying"],
        "empires": state["empires"],
        "last_roll": state["last_roll"] and {"hex": state["last_roll"]["hex"],
                                             "rolls": [list(r) for r in state["last_roll"]["rolls"]]},
    }


def _counts(units) -> dict:
    counts = {k: 0 for k in data.UNIT_TYPES}
    for u in units:
        counts[u["type"]] += 1
    return counts


_PROMPTS = {
    "opening_replace": "Three or more start hexes are water: click one to replace it with land, or keep them (4.0)",
    "opening_capital": "Choose a land start hex for your Capital (4.0)",
    "opening_town": "Choose a hex for a second Town, or skip (4.0)",
    "move": "Move and fight: select a unit, or end movement (6.0)",
    "build": "Build one or two Towns, or upgrade a Town to a City (8.2)",
    "reserve": "Place units from your Reserve (14.0), then end the turn",
    "placement_battle": "Fight the Frigate Placement Naval Battles (14.5)",
    "rebuild": "Rebuild the Town or City in an adjacent hex (16.5)",
}


def _prompt(state, role) -> str:
    if state["result"] is not None:
        return state["result"]["summary"]
    who = active(state)
    if role not in who:
        return f"Waiting for {who[0]}"
    pending = state["explore"]
    if pending is not None:
        if pending["stage"] == "water":
            return "The tiles drawn are all water: put one back and draw until land, or keep them (7.0)"
        return f"Place the {pending['tiles'][0]} tile: click one of the hexes marked ? (7.0)"
    if state["eliminate"]:
        e = state["eliminate"][0]
        return (f"Your Town or City is lost: choose {_a(e['kind'])} to eliminate, from the Reserve or a hex "
                f"({e['n']} to go) (11.3)")
    if state["losses"]:
        loss = state["losses"][0]
        many = "units are" if loss["n"] > 1 else "unit is"
        if loss["chooser"] != loss["owner"]:  # 11.1: a '1' rolled, the firing player chooses
            return (f"Tactical victory: choose which {loss['owner']} {many} lost at hex {loss['hex']} "
                    f"({loss['n']} to choose, 11.1)")
        return f"Your units at hex {loss['hex']} took {loss['n']} hit{'s' if loss['n'] > 1 else ''}: choose which {many} lost (11.1)"
    if state["battle"] is not None:
        if state["battle"]["step"] in ("avg_attacker", "avg_defender"):
            return "Luck Averaging: roll every die, or give up pairs of dice for sure hits (16.4)"
        if state["battle"]["step"] == "retreating":
            u = combat.retreating_unit(state)
            return f"Retreat: choose the hex for the {u['type']} (13.3 step 3)"
        choices = "fight another round or retreat" if combat.can_retreat(state) else \
            "fight another round (no hex to retreat into)"
        return f"Battle at hex {state['battle']['hex']}: {choices} (13.3 step 3)"
    if state["relocate"] is not None:
        return (f"Move your units out of the Vassal's Capital at hex {state['relocate']['hex']}; "
                "into another player's hex, a Battle ensues (16.82)")
    if state["reinforce"] is not None:
        return "You are a Vassal now: reinforce your Capital from your Reserve, then done (16.82)"
    if state["phase"] == "move" and state["selected"] is not None:
        u = pieces.unit(state, state["selected"])
        if movement.passing(state, u):
            stop = ", or stop here to attack the Vassal" if movement.may_stop(state, u) else ""
            return f"Moving through an Alliance hex ({u['mp']} MP left): move on{stop} (16.84)"
        ways = ["a dashed hex"]
        if u["type"] == data.FRIGATE:  # 10.4: the board shows these as counters and badges
            kinds = {a[0] for a in _actions_move(state, role) if isinstance(a, list)}
            if transport.EMBARK in kinds:
                ways.append("a unit beside it to take aboard")
            if transport.LAND in kinds:
                ways.append("a blue arrow to land the cargo")
            if BOMBARD in kinds:
                ways.append("a purple crosshair to bombard")
        elif any(isinstance(a, list) and a[0] == BOMBARD for a in _actions_move(state, role)):
            ways.append("a purple crosshair to bombard")
        section = "10.3" if u["type"] == data.FRIGATE else "10.1"  # Frigates, land units
        return f"Move the {u['type']} ({u['mp']} MP left): click {', '.join(ways)}, or done ({section})"
    if state["phase"] == "reserve" and state["redeploying"]:
        return "Redeployment: pick units to return to your Reserve, then done (13.5)"
    if state["phase"] == "reserve" and state["reserve_type"]:
        section = "14.3" if state["reserve_type"] == data.FRIGATE else "14.1"  # Frigates, land units
        return f"Place the {state['reserve_type']}: click a hex ({section})"
    if state["phase"] == "move" and combat.battle_hexes(state):
        return ("Move more units into the Battle, or fight it: click the hex with crossed swords (13.0)"
                if len(combat.battle_hexes(state)) == 1 else
                "Move more units in, or fight the Battles: click a hex with crossed swords (13.0)")
    if state["phase"] == "build" and state["empires"] and not state["built"]:
        return "Immediate Empires: build one or two Towns or upgrade a Town to a City (16.3)"
    if state["phase"] == "opening_town" and not building.town_sites(state, role):
        return "No hex can take a second Town here: skip (4.0)"
    return _PROMPTS[state["phase"]]


def _a(noun: str) -> str:
    return article(noun)


_BUTTONS = {
    "redraw": "Put a water tile back and draw land", "keep": "Keep", "skip": "No second Town",
    "done": "Done moving this unit", "end_movement": "End movement", "end_building": "End building",
    "end_turn": "End turn", "continue": "Fight another round", "retreat": "Retreat",
    "redeploy": "Redeploy units to the Reserve (13.5)", "concede": "Concede the game",
}


def action_label(state, action) -> str:
    if isinstance(action, list):
        if action[0] == combat.LOSE:
            f = pieces.unit(state, action[1])
            if _pending(state) == "eliminate":
                cargo = " (its cargo goes to the Reserve)" if pieces.cargo(state, f["id"]) else ""
                return f"Eliminate the {combat.frigate_words(state, f)} at hex {f['hex']}{cargo}"
            return f"Remove the {combat.frigate_words(state, f)} at hex {f['hex']}"
        if action[0] == BOMBARD:
            return f"Bombard hex {action[1]}"
        if action[0] == BATTLE:
            return f"Fight the Battle at hex {action[1]}"
        if action[0] == transport.LAND:
            if len(action) > 2:
                return f"Land one {action[2]} at hex {action[1]}"
            return f"Land all the cargo at hex {action[1]}"
        if action[0] == MOVE_SITE:
            return f"Relocate the {state['sites'][action[1]]['kind']} at hex {action[1]} (16.5)"
        if action[0] == combat.AVERAGE:
            if action[1] == 0:
                return "Roll every die"
            return f"Give up {2 * action[1]} dice for {action[1]} sure hit{'s' if action[1] > 1 else ''} (16.4)"
        u = pieces.unit(state, action[1])
        if action[0] == transport.EMBARK:
            return f"Embark the {u['type']} from hex {u['hex']}"
        if action[0] == REDEPLOY:
            aboard = " (aboard a Frigate)" if u["aboard"] is not None else ""
            return f"Redeploy {_a(u['type'])} from hex {combat.unit_location(state, u)}{aboard}"
        if u["type"] == data.FRIGATE:  # two Frigates may share a hex: say which (its cargo)
            return f"Select the {combat.frigate_words(state, u)} at hex {u['hex']}"
        return f"Select the {u['type']} at hex {u['hex']}"
    pending = _pending(state)
    if pending == "relocate":
        battle = state["terrain"][action] in data.LAND and pieces.is_enemy_hex(state, action, state["relocate"]["by"])
        return f"Relocate to hex {action}" + (" (a Battle ensues)" if battle else "")
    if pending == "reinforce":
        if action == DONE:
            return "Done reinforcing"
        if type(action) is int:
            return f"Place a Frigate at hex {action}"
        return f"Reinforce the Capital with {_a(action)}"
    if action == combat.RESERVE and pending == "eliminate":
        return f"Eliminate {_a(state['eliminate'][0]['kind'])} from the Reserve"
    if isinstance(action, str) and pending == "losses":
        loss = state["losses"][0]
        return f"Remove a {loss['owner']} {action}"
    if action == DONE and state["redeploying"]:
        return "Done redeploying"
    if action == DONE and pending is None and movement.passing(state, _selected(state)):
        return "Stop here and attack the Vassal (16.84)"
    if isinstance(action, str):
        return _BUTTONS.get(action, f"Place {action}" if action in data.UNIT_TYPES else action)
    if pending == "explore":
        return f"Put the {state['explore']['tiles'][0]} tile at hex {action}"
    if pending == "eliminate":
        return f"Eliminate {_a(state['eliminate'][0]['kind'])} at hex {action}"
    if pending == "battle":
        return f"Retreat the {combat.retreating_unit(state)['type']} to hex {action}"
    phase = state["phase"]
    if phase == "build" and state["sites"][action] is not None:
        if state["sites"][action]["kind"] == "city":
            return f"Upgrade the City at hex {action} to a Metropolis"
        return f"Upgrade the Town at hex {action} to a City"
    return {"opening_replace": "Replace the water at hex {}", "opening_capital": "Capital at hex {}",
            "opening_town": "Town at hex {}", "build": "Build a Town at hex {}",
            "move": "Move to hex {}", "reserve": "Place at hex {}", "rebuild": "Rebuild at hex {}"}.get(phase, "Hex {}").format(action)


def invariants(state) -> None:
    side = state["side"]
    terrain, sites = state["terrain"], state["sites"]
    n = geometry.hex_count(side)
    assert len(terrain) == n and len(sites) == n
    perimeter = geometry.perimeter(side)
    assert all(terrain[h] == data.WATER for h in perimeter), "3.2: the perimeter is water"
    # 3.2: every tile is in the pile, face up in the interior, or drawn and awaiting placement
    tiles = {t: 0 for t in data.TERRAINS}
    for t in state["pile"]:
        tiles[t] += 1
    for h in range(n):
        if h not in perimeter and terrain[h] is not None:
            tiles[terrain[h]] += 1
    if state["explore"]:
        for t in state["explore"]["tiles"]:
            tiles[t] += 1
        assert all(terrain[h] is None for h in state["explore"]["hexes"])
        assert len(state["explore"]["tiles"]) == len(state["explore"]["hexes"])
    assert tiles == data.TILE_PILE, f"tiles not conserved: {tiles}"
    adj = geometry.neighbours(side)
    for h, s in enumerate(sites):
        if s is not None:
            assert terrain[h] in data.LAND, "towns stand on land"
            assert not any(sites[m] for m in adj[h]), "8.2.1: no two Towns/Cities adjacent"
    pending = {e["owner"] for e in state["eliminate"]}  # 11.3: the loser is still choosing
    for role in state["order"]:
        assert role in pending or pieces.unit_counts(state, role) == pieces.supported_units(state, role), \
            f"9.0: {role}'s units do not match its Towns and Cities"
    ids = [u["id"] for u in state["units"]]
    assert len(ids) == len(set(ids)) and all(i < state["next_unit"] for i in ids)
    owners_at = {}
    for u in state["units"]:
        assert 0 <= u["mp"] <= movement.allowance(state, u)
        if u["hex"] is None:
            continue
        assert u["aboard"] is None
        t = terrain[u["hex"]]
        if u["type"] == data.FRIGATE:
            assert t == data.WATER or (u["id"] == state["selected"] and movement.is_port(state, u["hex"], u["owner"])), \
                "10.3: Frigates stay on water (ports only in transit)"
        else:
            assert t in data.LAND, "10.1: land units stay on land"
        owners_at.setdefault(u["hex"], set()).add(u["owner"])
    fighting = set(combat.battle_hexes(state)) | ({state["battle"]["hex"]} if state["battle"] else set())
    if movement.passing(state, _selected(state)):
        fighting.add(_selected(state)["hex"])  # 16.84: moving through an Alliance hex
    assert all(len(o) == 1 for h, o in owners_at.items() if h not in fighting), \
        "no hex holds two players' units outside a battle"
    for u in state["units"]:
        if u["aboard"] is not None:
            carrier = pieces.unit(state, u["aboard"])
            assert carrier["type"] == data.FRIGATE and carrier["owner"] == u["owner"]
            assert carrier["hex"] is not None and u["type"] in data.LAND_UNITS, "10.45: cargo at sea"
        if u["type"] == data.FRIGATE:
            assert len(pieces.cargo(state, u["id"])) <= data.FRIGATE_CAPACITY, "10.41: 3 at a time"
    assert state["phase"] in _PHASE_ACTIONS
