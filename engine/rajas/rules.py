"""Rajas of the Ganges: the game interface (engine/core/api.py) and the turn structure.

Rulebook: the Rajas of the Ganges (HUCH!, 2017) rules summary, cited by heading. The areas live in their own
modules: quarry.py ("I. Building Action"), market.py ("II. Market Action"), palace.py ("III. Actions At
The Palace"), river.py ("IV. River Action"); common.py holds dice, karma, the tracks and the effect
queue; province.py the province board.

State (plain data):
    options     {"players": 2..4}
    seats       the player colours in clockwise order (roles)
    players     role -> {money, fame, karma, upgrades {building: 2..4}, dice [[colour, value]...],
                workers (active), placed (this round), inactive [sources left: fame/money/river],
                boat (river space), bonus (index of the money bonus marker, 4 = removed),
                province (grid, see province.py), yields [edge yields taken "r,c,d"], opening}
    supply      dice colour -> dice left in the general supply
    stacks      12 lists of tile ids (data.STACKS order); the last id is the open top tile
    yield_stack, yield_discard   white yield tile indices (data.WHITE_YIELDS); the stack is hidden
    spaces      space id -> roles of the workers on it this round (in order of placement)
    start       holder of the starting-player elephant; mogul: who took the Great Mogul this round
    turn        whose turn it is; phase "place" (choose a space) or "act" (effects pending) or "over"
    todo        pending effects of the current turn (common.py); held: the tile id in hand or None
    late_upgrade  the building upgraded by the fame-5 bonus this turn, or None: that upgrade counts
                from the player's next turn on (rulebook "Bonuses On The Scoring Tracks")
    passed      roles in the order their markers met or passed; final: None, or the players still to
                place in the last stage (rulebook "End of the Game")
    round, log, result, rng, reveals

Actions (one click each; lists so they survive msgpack): a space id string at the start of a turn
("quarry", "assorted", "onekind", "outer", "terrace:<colour>", "balcony:<i>", "mogul", "dancer",
"yogi", "raja", "builder", "portuguese", "harbour"), then the choices of the pending effects:
["die"|"flip", colour, value], ["stack", k], ["cell", r, c], ["cover", r, c], ["rot", k],
["river", space], ["good", g], ["palace", chamber], ["upgrade", building], ["colour", c],
["return", colour, value], "fewer", ["mark"|"unmark", colour, value], "roll", "advance", "decline".

Readings of the turn structure (also in the About text):
  * A player whose turn comes with workers left but no legal space is passed over; the round ends
    when nobody can place (rulebook "Game Play").
  * The end is checked at the end of each turn (after every bonus of the action); the players after
    the one who triggered it, up to the starting player, place one more worker each if they can.
  * Opening roll tie: the rulebook's "who ate Indian food last" is replaced by a random draw among
    the tied players (from the game's generator).
"""
from __future__ import annotations

from engine.core import rng
from engine.core.api import same

from . import common, data, market, palace, province, quarry, river, texts
from .common import difference, log

HANDLERS = {**common.HANDLERS, **quarry.HANDLERS, **market.HANDLERS, **palace.HANDLERS, **river.HANDLERS}
AREA_SPACES = ("quarry", "assorted", "onekind", "harbour")


# --- setup -------------------------------------------------------------------------------------------

def roles(options=None) -> list:
    return list(data.PLAYER_COLOURS[:_options(options)["players"]])


def _options(options) -> dict:
    players = int((options or {}).get("players", 2))
    if not data.MIN_PLAYERS <= players <= data.MAX_PLAYERS:
        raise ValueError("Rajas of the Ganges is for 2 to 4 players")
    return {"players": players}


def space_ids(players) -> list:
    return ["quarry", "assorted", "onekind"] + palace.space_ids(players) + ["harbour"]


def setup(seed: int, options=None) -> dict:
    opts = _options(options)
    n = opts["players"]
    seats = list(data.PLAYER_COLOURS[:n])
    state = {
        "options": opts, "seats": seats, "rng": rng.seed_state(seed), "reveals": 0,
        "supply": {c: data.DICE_PER_COLOUR for c in data.DICE_COLOURS},
        "stacks": [], "yield_stack": [], "yield_discard": [],
        "spaces": {s: [] for s in space_ids(n)},
        "players": {}, "start": None, "mogul": None, "turn": None, "phase": "place",
        "todo": [], "held": None, "late_upgrade": None,
        "passed": [], "final": None, "round": 1, "log": [], "result": None,
    }
    # rulebook "Setup": 12 stacks by colour and back symbol, each mixed, face up
    for colour, back in data.STACKS:
        stack = [t[0] for t in data.TILES if t[1] == colour and t[2] == back]
        state["rng"] = rng.shuffle(state["rng"], stack)
        state["stacks"].append(stack)
    # the 8 white yield tiles, mixed, face down on the temple
    state["yield_stack"] = list(range(len(data.WHITE_YIELDS)))
    state["rng"] = rng.shuffle(state["rng"], state["yield_stack"])
    for role in seats:
        state["players"][role] = {
            "money": 0, "fame": 0, "karma": data.KARMA_START,
            "upgrades": {b: data.UPGRADE_LEVELS[0] for b in data.BUILDINGS},
            "dice": [], "workers": data.START_WORKERS, "placed": 0,
            "inactive": list(data.WORKER_SOURCES), "boat": 0, "bonus": 0,
            "province": province.new_grid(), "yields": [], "opening": 0,
        }
    # one die of each colour, rolled: the lowest total starts
    for role in seats:
        for colour in data.DICE_COLOURS:
            common.take_die(state, role, colour)
        total = sum(v for _, v in state["players"][role]["dice"])
        state["players"][role]["opening"] = total
        log(state, f"{role} rolls " + ", ".join(f"{c} {v}" for c, v in state["players"][role]["dice"])
            + f" (total {total})")
    low = min(state["players"][r]["opening"] for r in seats)
    tied = [r for r in seats if state["players"][r]["opening"] == low]
    start, state["rng"] = rng.choice(state["rng"], tied)
    if len(tied) > 1:
        log(state, f"Tie at {low} between {', '.join(tied)}: {start} is drawn to start")
    state["start"] = state["turn"] = start
    i = seats.index(start)
    for k in range(n):  # rulebook "Setup": money 3 for the starting player, 4 for the next, ...
        state["players"][seats[(i + k) % n]]["money"] = data.START_MONEY[k]
    log(state, f"{start} has the lowest total and takes the elephant; money 3, 4, ... in turn order")
    log(state, "Round 1")
    return state


# --- whose turn, which actions ------------------------------------------------------------------------

def active(state) -> list:
    if state["result"] is not None:
        return []
    return [state["turn"]]


def space_ok(state, role, space) -> bool:
    """Whether `role` may place a worker on `space` now (the player has a worker left)."""
    if space == "quarry":
        return quarry.can_use_quarry(state, role)
    if space == "assorted":
        return market.can_use_assorted(state, role)
    if space == "onekind":
        return market.can_use_one_kind(state, role)
    if space == "harbour":
        return river.can_use_harbour(state, role)
    return palace.can_use(state, role, space)


def legal_spaces(state, role) -> list:
    p = state["players"][role]
    if p["placed"] >= p["workers"]:
        return []
    return [space for space in state["spaces"] if space_ok(state, role, space)]


# the order in which can_place tries the spaces: the cheap checks first (the outer terrace is free),
# the quarry and the Master builder, which try tiles on the province, last
_CHEAP_FIRST = {"outer": 0, "assorted": 1, "onekind": 1, "harbour": 2, "quarry": 4, "builder": 5}


def is_legal(state, role, action) -> bool:
    """`action in actions(state, role)` with exact types (engine/core/api.py), without listing every
    space when a worker is placed (replaying a save checks every move)."""
    if state["result"] is not None or role != state["turn"]:
        return False
    if state["todo"]:
        return any(same(candidate, action) for candidate in actions(state, role))
    if type(action) is not str or action not in state["spaces"]:
        return False
    p = state["players"][role]
    return p["placed"] < p["workers"] and space_ok(state, role, action)


def actions(state, role) -> list:
    if state["result"] is not None or role != state["turn"]:
        return []
    if state["todo"]:
        eff = state["todo"][0]
        return HANDLERS[eff["k"]][0](state, role, eff) or []
    return legal_spaces(state, role)


def apply(state, role, action) -> None:
    if state["todo"]:
        eff = state["todo"].pop(0)
        HANDLERS[eff["k"]][1](state, role, eff, action)
    else:
        _place(state, role, action)
    _advance(state)


def _place(state, role, space) -> None:
    """rulebook "Placing Workers": place a worker, pay, carry out the action."""
    p = state["players"][role]
    p["placed"] += 1
    state["phase"] = "act"
    if space == "quarry":
        quarry.place_quarry(state, role)
    elif space == "assorted":
        market.place_assorted(state, role)
    elif space == "onekind":
        market.place_one_kind(state, role)
    elif space == "harbour":
        river.place_harbour(state, role)
    else:
        palace.place(state, role, space)
    state["spaces"][space].append(role)


def _advance(state) -> None:
    """Runs the effects that need no click; ends the turn when none are left."""
    role = state["turn"]
    while state["todo"]:
        eff = state["todo"][0]
        opts = HANDLERS[eff["k"]][0](state, role, eff)
        if opts is None:
            state["todo"].pop(0)
            HANDLERS[eff["k"]][1](state, role, eff, None)
        elif not opts:
            state["todo"].pop(0)
            _lapse(state, role, eff)
        else:
            return
    _end_turn(state)


def _lapse(state, role, eff) -> None:
    k = eff["k"]
    if k == "die":
        log(state, f"{role} cannot take {common.a(eff['colour']) if eff.get('colour') else 'a'} die: none left in the supply")
    elif k == "good":
        log(state, f"{role} has no market to score")
    elif k == "upgrade":
        log(state, f"{role} has every building upgraded already")


def can_place(state, role) -> bool:
    """Whether legal_spaces is not empty (the cheap spaces tried first)."""
    p = state["players"][role]
    if p["placed"] >= p["workers"]:
        return False
    order = sorted(state["spaces"], key=lambda space: _CHEAP_FIRST.get(space, 3))
    return any(space_ok(state, role, space) for space in order)


def _end_turn(state) -> None:
    role = state["turn"]
    seats, n = state["seats"], len(state["seats"])
    p = state["players"][role]
    state["phase"] = "place"
    state["late_upgrade"] = None  # the fame-5 upgrade counts from now on
    if difference(p) >= 0 and role not in state["passed"]:
        state["passed"].append(role)
        log(state, f"{role}'s fame and money markers have met: fame {p['fame']}, money {p['money']}")
    if state["final"] is None and state["passed"]:
        # rulebook "End of the Game": the current stage is completed by the players sitting between
        # the one who triggered the end and the starting player
        final, j = [], (seats.index(role) + 1) % n
        while seats[j] != state["start"]:
            final.append(seats[j])
            j = (j + 1) % n
        state["final"] = final
        log(state, "The end of the game is triggered" + (f": {', '.join(final)} may place once more" if final else ""))
    if state["final"] is not None:
        while state["final"]:
            nxt = state["final"].pop(0)
            if can_place(state, nxt):
                state["turn"] = nxt
                return
        _finish(state)
        return
    i = seats.index(role)
    for k in range(1, n + 1):
        cand = seats[(i + k) % n]
        if can_place(state, cand):
            state["turn"] = cand
            return
    _end_round(state)


def _end_round(state) -> None:
    """rulebook "End Of A Round": the Great Mogul's worker takes the elephant, else it passes on
    clockwise; all workers come back."""
    seats = state["seats"]
    if state["mogul"] is not None:
        state["start"] = state["mogul"]
    else:
        state["start"] = seats[(seats.index(state["start"]) + 1) % len(seats)]
    state["mogul"] = None
    for space in state["spaces"]:
        state["spaces"][space] = []
    for p in state["players"].values():
        p["placed"] = 0
    state["round"] += 1
    log(state, f"Round {state['round']}: {state['start']} starts")
    i = seats.index(state["start"])
    for k in range(len(seats)):
        cand = seats[(i + k) % len(seats)]
        if can_place(state, cand):
            state["turn"] = cand
            return
    raise AssertionError("nobody can place a worker at the start of a round")  # the outer terrace is free


# --- the end -------------------------------------------------------------------------------------------

def _finish(state) -> None:
    state["phase"] = "over"
    state["result"] = compute_result(state)
    log(state, state["result"]["summary"])


def compute_result(state) -> dict:
    """rulebook "End of the Game": among the players whose markers met or passed, the largest
    difference wins, a tie going to the first who passed; the others are ranked by the fame points
    still separating their markers (ties share a place)."""
    players = state["players"]
    scores = {r: difference(players[r]) for r in state["seats"]}
    passed = [r for r in state["passed"] if scores[r] >= 0]
    passed_sorted = sorted(passed, key=lambda r: (-scores[r], passed.index(r)))
    ranking = [[r] for r in passed_sorted]
    rest = [r for r in state["seats"] if r not in passed]
    for value in sorted({scores[r] for r in rest}, reverse=True):
        ranking.append([r for r in rest if scores[r] == value])
    winner = ranking[0][0]
    details = []
    for r in state["seats"]:
        p = players[r]
        where = ((f"markers passed by {scores[r]}" if scores[r] else "markers met") if r in passed
                 else f"{-scores[r]} fame short")
        details.append(f"{r}: fame {p['fame']}, money {p['money']} (facing fame {data.facing_fame(p['money'])}), {where}")
    tie = [r for r in passed if scores[r] == scores[winner] and r != winner]
    summary = f"{winner} wins: " + (f"fame marker {scores[winner]} past the money marker" if scores[winner]
                                    else "the fame and money markers met")
    if tie:
        summary += f" (tied with {', '.join(tie)}; {winner} passed first)"
    return {"winners": [winner], "ranking": ranking, "scores": scores, "summary": summary, "details": details}


def result(state):
    return state["result"]


# --- what a player sees ---------------------------------------------------------------------------------

def _prompt(state, role) -> str:
    """What the player must do now, in plain words, and where to click (board.py draws the targets;
    the page makes buttons for the rest)."""
    if state["result"] is not None:
        return state["result"]["summary"]
    if role != state["turn"]:
        return f"Waiting for {state['turn']}"
    p = state["players"][role]
    if not state["todo"]:
        left = p["workers"] - p["placed"]
        final = " (the game is ending: this is your last worker)" if state["final"] is not None else ""
        return (f"Place a worker ({left} left){final}: click a space outlined in green on the main board "
                "(quarry, market, palace or harbour)")
    eff = state["todo"][0]
    k = eff["k"]
    held = data.TILE[state["held"]] if state["held"] is not None else None
    if k == "pay":
        mode = eff["mode"]
        if mode == "sum":
            rest = eff["need"] - eff["paid"]
            what = (f"the {held['colour']} {held['cost']} tile" if held and eff["then"][0]["k"] == "cell"
                    else "the Master builder's difference")
            paid = f" ({eff['paid']} paid)" if eff["paid"] else ""
            return (f"Pay for {what}: click {eff['colour']} dice worth {rest} more on your Kali statue{paid}; "
                    "overpaying is allowed, a karma button under a die turns it over")
        if mode == "exact":
            chamber = eff["then"][0].get("name") if eff.get("then") else None
            who = f"{data.CHAMBER_NAME[chamber]}: " if chamber else ""
            return (f"{who}give up a die showing {eff['need']}: click it on your Kali statue "
                    f"(karma turns a {data.OPPOSITE[eff['need']]} into a {eff['need']})")
        if mode == "low":
            return ("Harbour: give up a die showing 1, 2 or 3 (click it); your boat sails up to that many "
                    "free river spaces (karma turns a 6, 5 or 4 into a 1, 2 or 3)")
        if mode == "any":
            return ("Goods of one kind: give up any die (click it); its value is how many markets of one "
                    "kind you score")
        get = eff["then"][0].get("colour") if eff.get("then") else None
        return f"Balcony: click {common.a(eff['colour'])} die to give up" + (f" for two {get} dice" if get else "")
    if k == "die":
        why = f"{eff['why'][:1].upper()}{eff['why'][1:]}: " if eff.get("why") else ""
        what = f"{common.a(eff['colour'])} die" if eff.get("colour") else "a die"
        if len(p["dice"]) >= data.MAX_DICE:
            return (f"{why}you get {what}, but your Kali statue holds 10 dice, its most: click a die to put "
                    "back for the new one, or take one die fewer")
        return f"{why}choose the colour of your new die (it is rolled at once)"
    if k == "stack":
        if eff.get("mode") == "quarry":
            return "Choose a tile: click an open tile outlined in green in the quarry (you can pay and place those)"
        return "Master builder: click the new tile in the quarry (it must cost more than the tile it covers)"
    if k == "cell":
        return (f"Build the {held['colour']} {held['cost']} tile: click a green square of your province "
                "where a road joins it to your residence")
    if k == "cover":
        return f"Master builder: click the tile of your province that the {held['colour']} {held['cost']} tile covers"
    if k == "rot":
        return "Turn the tile: click one of the ways shown under your province"
    if k == "river_move":
        return f"Sail: click a river space outlined in green (a {eff.get('max')} sails up to {eff.get('max')} free space{'s' * (eff.get('max') != 1)})"
    if k == "good":
        return f"Choose the kind of goods to score (up to {eff.get('max')} market{'s' * (eff.get('max') != 1)} of that kind)"
    if k == "palace_choice":
        return "River: click a palace chamber outlined in green to use it for free (no worker, no die)"
    if k == "reroll":
        return "Outer terrace: click the dice you want to reroll, then press Reroll (or keep them all)"
    if k == "upgrade":
        why = f"{eff['why'][:1].upper()}{eff['why'][1:]}: c" if eff.get("why") else "C"
        when = "from your next turn on" if eff.get("late") else "from now on"
        return f"{why}hoose a building to upgrade: tiles with it built {when} give 1 more fame each"
    if k == "boat_bonus":
        return f"Bonus ({eff.get('why', 'track')}): move your boat to the next free river space?"
    return "Choose"


def numbers(view) -> dict:
    """Each player's key numbers for the page's status panel, in figures (the board shows them only as
    markers on tracks): money and fame (the two tracks that must meet), and karma."""
    return {role: [f"{p['money']} money", f"{p['fame']} fame", f"{p['karma']} karma"]
            for role, p in view["players"].items()}


def view(state, role) -> dict:
    """Everything is public except the order of the tiles under the open ones and of the white yield
    tiles, and the generator."""
    players = {}
    for r in state["seats"]:
        p = state["players"][r]
        players[r] = {
            "money": p["money"], "fame": p["fame"], "karma": p["karma"], "upgrades": dict(p["upgrades"]),
            "dice": [list(d) for d in p["dice"]], "workers": p["workers"], "placed": p["placed"],
            "inactive": list(p["inactive"]), "boat": p["boat"], "bonus": p["bonus"],
            "province": [[(list(c) if isinstance(c, list) else c) for c in row] for row in p["province"]],
            "yields": list(p["yields"]), "difference": difference(p),
            "facing": data.facing_fame(p["money"]),
        }
    return {
        "prompt": _prompt(state, role),
        "log": list(state["log"]),
        "players": players,
        "seats": list(state["seats"]),
        "turn": state["turn"],
        "start": state["start"],
        "mogul": state["mogul"],
        "round": state["round"],
        "supply": dict(state["supply"]),
        "tops": [stack[-1] if stack else None for stack in state["stacks"]],
        "stack_sizes": [len(stack) for stack in state["stacks"]],
        "yield_stack_size": len(state["yield_stack"]),
        "yield_discard": list(state["yield_discard"]),
        "spaces": {s: list(v) for s, v in state["spaces"].items()},
        "held": state["held"],
        "pending": dict(state["todo"][0]) if state["todo"] and role == state["turn"] else None,
        "passed": list(state["passed"]),
        "final": None if state["final"] is None else list(state["final"]),
        "players_count": state["options"]["players"],
        "result": state["result"],
    }


def action_label(state, action) -> str:
    """A button's words: what the click does (the board's targets say the same in their labels)."""
    n = state["options"]["players"]
    role = state["turn"]
    p = state["players"].get(role) if role else None
    if isinstance(action, str):
        if action in state["spaces"]:
            return texts.space_text(action, n, quarry.quarry_cost(state), river.harbour_cost(state))
        if action == "fewer":
            return "Take no new die (keep the 10 you have)"
        if action == "roll":
            marked = state["todo"][0].get("marked", []) if state["todo"] else []
            return (f"Reroll the {len(marked)} marked dice" if len(marked) > 1 else
                    "Reroll the marked die" if marked else "Keep all dice (reroll none)")
        if action == "advance":
            nxt = river.ahead(state, role, 1) if p else []
            return (f"Move the boat to river space {nxt[0]}: {texts.river_text(nxt[0])}" if nxt
                    else "Move the boat on")
        if action == "decline":
            return "Leave the boat where it is"
        return action
    kind = action[0]
    if kind == "die":
        return f"Give up the {action[1]} {action[2]}"
    if kind == "flip":
        return f"Turn the {action[1]} {action[2]} to {data.OPPOSITE[action[2]]} with 1 karma and give it up"
    if kind == "stack":
        return f"Take the {texts.tile_text(state['stacks'][action[1]][-1])}"
    if kind == "cell":
        return f"Build on row {action[1] + 1}, column {action[2] + 1}"
    if kind == "cover":
        return f"Cover the tile on row {action[1] + 1}, column {action[2] + 1}"
    if kind == "rot":
        roads = province.rotate(data.TILE[state["held"]]["roads"], action[1]) if state["held"] is not None else ""
        return f"Roads to the {texts.roads_text(roads)}" if roads else f"Rotation {action[1]}"
    if kind == "river":
        return f"Sail to river space {action[1]}: {texts.river_text(action[1])}"
    if kind == "good":
        eff = state["todo"][0] if state["todo"] else {}
        most = eff.get("max", 0)
        money = market.one_kind_income(p, action[1], most) if p else 0
        count = min(most, sum(1 for g, _ in province.markets(p) if g == action[1])) if p else 0
        return f"Score {action[1]}: {money} money from {count} market{'s' if count != 1 else ''}"
    if kind == "palace":
        return f"{data.CHAMBER_NAME[action[1]]} (free): {texts.CHAMBER_EFFECT[action[1]]}"
    if kind == "upgrade":
        level = p["upgrades"][action[1]] if p else 2
        late = bool(state["todo"]) and state["todo"][0].get("late")
        return (f"Upgrade the {action[1]}: {level + 1} fame per {action[1]} built "
                f"{'from your next turn on' if late else 'from now on'} (now {level})")
    if kind == "colour":
        return f"Take {common.a(action[1])} die ({state['supply'][action[1]]} left)"
    if kind == "return":
        return f"Put the {action[1]} {action[2]} back"
    if kind == "mark":
        return f"Reroll the {action[1]} {action[2]}"
    if kind == "unmark":
        return f"Keep the {action[1]} {action[2]} (do not reroll it)"
    return str(action)


# --- conservation laws ----------------------------------------------------------------------------------

def invariants(state) -> None:
    n = state["options"]["players"]
    players = state["players"]
    for c in data.DICE_COLOURS:
        held = sum(1 for p in players.values() for d in p["dice"] if d[0] == c)
        assert 0 <= state["supply"][c] and state["supply"][c] + held == data.DICE_PER_COLOUR, f"{c} dice"
    for (colour, back), stack in zip(data.STACKS, state["stacks"]):  # rulebook "Setup": 12 stacks
        assert all(data.TILE[t]["colour"] == colour and data.TILE[t]["back"] == back for t in stack), \
            f"the {colour} {back} stack holds only {colour} {back} tiles"
    tiles = [t for stack in state["stacks"] for t in stack]
    for p in players.values():
        for row in p["province"]:
            for cell in row:
                if isinstance(cell, list):
                    tiles.append(cell[0])
                    if cell[2] is not None:
                        tiles.append(cell[2])
        assert province.all_joined(p["province"]), "every tile joined to the residence"
    if state["held"] is not None:
        tiles.append(state["held"])
    assert sorted(tiles) == list(data.TILE_IDS), "64 tiles"
    assert sorted(state["yield_stack"] + state["yield_discard"]) == list(range(len(data.WHITE_YIELDS)))
    boats = [p["boat"] for p in players.values() if 0 < p["boat"] < data.RIVER_END]
    assert len(boats) == len(set(boats)), "one boat per river space"
    for role, p in players.items():
        assert len(p["dice"]) <= data.MAX_DICE and all(1 <= v <= 6 for _, v in p["dice"])
        assert 0 <= p["karma"] <= data.KARMA_MAX
        assert all(data.UPGRADE_LEVELS[0] <= lvl <= data.UPGRADE_LEVELS[-1] for lvl in p["upgrades"].values())
        assert 0 <= p["money"] <= data.MONEY_MAX and 0 <= p["fame"] <= data.FAME_MAX
        extra = p["workers"] - data.START_WORKERS
        assert 0 <= extra <= data.MAX_EXTRA_WORKERS
        assert extra + len(p["inactive"]) == 3 or (extra == 2 and not p["inactive"])
        on_board = sum(v.count(role) for v in state["spaces"].values())
        assert on_board == p["placed"] <= p["workers"], "workers on the board"
        assert 0 <= p["boat"] <= data.RIVER_END and 0 <= p["bonus"] <= len(data.MONEY_BONUSES)
        # rulebook "Bonuses On The Scoring Tracks": the bonus marker lies on the next bonus ahead
        assert p["bonus"] == len(data.MONEY_BONUSES) or data.MONEY_BONUSES[p["bonus"]][0] > p["money"], \
            "the money bonus marker is ahead of the money marker"
        # rulebook "Get New Workers": a marker on or past fame 15 / money 20, a boat past the bridge,
        # took its worker (or the worker is among the effects still to run this turn)
        coming = {e["source"] for e in state["todo"] if e["k"] == "worker"} if role == state["turn"] else set()
        for source, reached in (("fame", p["fame"] >= data.FAME_WORKER),
                                ("money", p["money"] >= data.MONEY_WORKER),
                                ("river", p["boat"] >= data.BRIDGE)):
            assert not reached or source not in p["inactive"] or source in coming, f"the {source} worker taken"
        assert len(p["yields"]) == len(set(p["yields"])), "each special yield taken once"
    for space, who in state["spaces"].items():
        if space == "quarry":
            cap = len(data.QUARRY_COSTS[n])
        elif space == "harbour":
            cap = len(data.HARBOUR_COSTS[n])
        elif space == "assorted":
            cap = data.ASSORTED_SPACES[n]
        elif space == "onekind":
            cap = data.ONE_KIND_SPACES[n]
        else:
            cap = palace.capacity(n, space)
        assert len(who) <= cap, f"space {space} over capacity"
    if n >= 3:  # rulebook "Market Action": one worker of each player on the assorted goods market
        assert len(set(state["spaces"]["assorted"])) == len(state["spaces"]["assorted"]), "one assorted worker each"
    if not state["todo"]:  # a tile taken is placed at once; the fame-5 upgrade counts from the next turn
        assert state["held"] is None, "no tile in hand between actions"
        assert state["late_upgrade"] is None, "the fame-5 upgrade remembered only during its turn"
    if state["result"] is None:
        assert state["turn"] in state["seats"]
        assert state["todo"] or legal_spaces(state, state["turn"]), "the player to act can act"
