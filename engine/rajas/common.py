"""Shared machinery of the Rajas rules: the pending-effect queue, dice, the tile stacks (and whether
the Master builder can still cover), the scoring tracks and their bonuses, workers, karma and
upgrades (rulebook headings "Placing Workers And Carrying Out The Associated Actions", "Karma",
"Get New Workers", "Bonuses On The Scoring Tracks", "The Upgades Of The Buildings").

Everything a turn does after the worker is placed is a queue of small effects, state["todo"], all
for the player whose turn it is (state["turn"]). An effect is a plain dict {"k": kind, ...}. The
effect modules (quarry, market, palace, river and this one) give each kind two functions:

    options(state, role, eff) -> None   the effect resolves by itself (resolve(..., None))
                              -> []     nothing can be done: the effect lapses
                              -> [...]  the player must click one of these actions
    resolve(state, role, eff, action)   does it; may push new effects to the front of the queue

rules.py pops the first effect and runs it until one needs a click.
"""
from __future__ import annotations

from engine.core import rng
from engine.core.text import article

from . import data, province


# --- small helpers ---------------------------------------------------------------------------------

def me(state) -> dict:
    return state["players"][state["turn"]]


def push(state, *effects) -> None:
    """Puts effects at the front of the queue, to run in the order given (before older ones)."""
    state["todo"][0:0] = [dict(e) for e in effects]


def log(state, text: str) -> None:
    state["log"].append(text)


def die_name(colour, value) -> str:
    return f"{colour} {value}"


def a(word) -> str:
    """'a blue' / 'an orange'."""
    return article(str(word))


# --- dice ------------------------------------------------------------------------------------------
# rulebook "Placing Workers": a die taken from the supply is rolled at once and put on the Kali
# statue; at most 10 dice; a colour missing from the supply cannot be taken.

def sort_dice(dice: list) -> None:
    dice.sort(key=lambda d: (data.DICE_COLOURS.index(d[0]), d[1]))


def distinct_dice(dice) -> list:
    out = []
    for c, v in dice:
        if not out or out[-1] != [c, v]:
            out.append([c, v])
    return out


def take_die(state, role, colour) -> int:
    """Takes one die of `colour` from the supply and rolls it (the caller checked supply and room)."""
    p = state["players"][role]
    value, state["rng"] = rng.randint(state["rng"], 1, 6)
    state["supply"][colour] -= 1
    p["dice"].append([colour, value])
    sort_dice(p["dice"])
    return value


def give_up_die(state, role, colour, value) -> None:
    p = state["players"][role]
    p["dice"].remove([colour, value])
    state["supply"][colour] += 1


def capacity(dice, colour, karma) -> int:
    """The largest total that dice of `colour` can show when given up, using up to `karma` flips
    (rulebook "Karma": a die given up may be turned to its opposite side for 1 karma)."""
    values = [v for c, v in dice if c == colour]
    gains = sorted((max(0, 7 - 2 * v) for v in values), reverse=True)
    return sum(values) + sum(gains[:karma])


def has_value(p, value) -> bool:
    """Whether the player can give up a die showing exactly `value` (turning one with karma)."""
    values = {v for _, v in p["dice"]}
    return value in values or (p["karma"] > 0 and data.OPPOSITE[value] in values)


# --- the tile stacks and the Master builder's check ------------------------------------------------
# Here rather than in quarry.py, which imports this module: the "pay" effect below keeps only the dice
# of the Master builder's chamber that leave a cover possible; quarry.py and palace.py use them too.

def top(state, k):
    stack = state["stacks"][k]
    return stack[-1] if stack else None


def affordable(p, tile_id, need=None) -> bool:
    t = data.TILE[tile_id]
    return capacity(p["dice"], t["colour"], p["karma"]) >= (t["cost"] if need is None else need)


def covers(state, p, tile_id) -> list:
    """(r, c) squares the tile may cover: more expensive than the old tile, the difference payable in
    its colour, and every tile still joined to the residence."""
    t = data.TILE[tile_id]
    out = []
    for r, c, old in province.coverable(p):
        diff = t["cost"] - data.TILE[old]["cost"]
        if diff > 0 and affordable(p, tile_id, diff) and province.cover_rotations(p, r, c, tile_id):
            out.append((r, c))
    return out


def builder_stacks(state, p) -> list:
    return [k for k in range(len(state["stacks"])) if top(state, k) is not None and covers(state, p, top(state, k))]


def builder_feasible(state, role) -> bool:
    return bool(builder_stacks(state, state["players"][role]))


def builder_feasible_after(state, role, action) -> bool:
    """Whether the Master builder can still cover after giving up the chamber's die `action`."""
    kind, c, v = action
    p = state["players"][role]
    trial = {"dice": [d for d in p["dice"]], "karma": p["karma"] - (kind == "flip"), "province": p["province"]}
    trial["dice"].remove([c, v])
    return bool(builder_stacks(state, trial))


# --- tracks ---------------------------------------------------------------------------------------

def difference(p) -> int:
    """Fame points by which the fame marker has passed the money marker (negative: still apart).
    rulebook "End of the Game"; the facing of the tracks is data.facing_fame."""
    return p["fame"] - data.facing_fame(p["money"])


def pay_money(state, role, n) -> None:
    """rulebook "Pay money for an action": the money marker moves back (no bonuses going back)."""
    p = state["players"][role]
    assert p["money"] >= n
    p["money"] -= n


def gain_money(state, role, n) -> None:
    """Moves the money marker on; the bonuses reached or crossed follow at once, in track order:
    the inactive worker on 20 and the space under the player's bonus marker (12, 33, 44, 55), which
    then moves on to the next bonus space (rulebook "Bonuses On The Scoring Tracks")."""
    if n <= 0:
        return
    p = state["players"][role]
    old, new = p["money"], min(data.MONEY_MAX, p["money"] + n)
    p["money"] = new
    found = []
    if old < data.MONEY_WORKER <= new and "money" in p["inactive"]:
        found.append((data.MONEY_WORKER, {"k": "worker", "source": "money"}))
    while p["bonus"] < len(data.MONEY_BONUSES) and new >= data.MONEY_BONUSES[p["bonus"]][0]:
        space, kind = data.MONEY_BONUSES[p["bonus"]]
        p["bonus"] += 1  # the bonus marker moves on (and leaves the game after 55)
        found.append((space, _bonus_effect(kind, f"money space {space}")))
        log(state, f"{role} reaches money {space}: bonus, {BONUS_WORDS[kind]}")
    push(state, *[eff for _, eff in sorted(found, key=lambda x: x[0])])


def gain_fame(state, role, n) -> None:
    """Fame never falls, so each bonus space of the fame track is reached once (rulebook "Bonuses On
    The Scoring Tracks": 5 upgrade, 24 two karma, 31 boat; "Get New Workers": 15)."""
    if n <= 0:
        return
    p = state["players"][role]
    old, new = p["fame"], min(data.FAME_MAX, p["fame"] + n)
    p["fame"] = new
    found = []
    if old < data.FAME_WORKER <= new and "fame" in p["inactive"]:
        found.append((data.FAME_WORKER, {"k": "worker", "source": "fame"}))
    for space, kind in data.FAME_BONUSES:
        if old < space <= new:
            found.append((space, _bonus_effect(kind, f"fame space {space}")))
            log(state, f"{role} reaches fame {space}: bonus, {BONUS_WORDS[kind]}")
    push(state, *[eff for _, eff in sorted(found, key=lambda x: x[0])])


BONUS_WORDS = {"upgrade": "a building upgrade", "karma": "2 karma", "boat": "the boat may move on",
               "dice": "2 dice"}


def _bonus_effect(kind, where) -> dict:
    if kind == "upgrade":  # fame space 5: "This upgrade counts from your next turn on"
        return {"k": "upgrade", "why": where, "late": True}
    if kind == "karma":
        return {"k": "karma", "n": 2, "why": where}
    if kind == "boat":
        return {"k": "boat_bonus", "why": where}
    return {"k": "reward", "kind": "dice", "n": 2, "why": where}


def gain_karma(state, role, n) -> None:
    p = state["players"][role]
    p["karma"] = min(data.KARMA_MAX, p["karma"] + n)


def gain_worker(state, role, source) -> None:
    """rulebook "Get New Workers": at most 2 more workers; on receiving the second, the third inactive
    worker leaves the game. A new worker may be placed in the same round."""
    p = state["players"][role]
    if source not in p["inactive"]:
        return
    p["inactive"].remove(source)
    p["workers"] += 1
    log(state, f"{role} gains a worker ({source})")
    if p["workers"] - data.START_WORKERS >= data.MAX_EXTRA_WORKERS and p["inactive"]:
        log(state, f"{role}'s last inactive worker ({p['inactive'][0]}) leaves the game")
        p["inactive"].clear()


def upgrades_done(p) -> int:
    return sum(level - data.UPGRADE_LEVELS[0] for level in p["upgrades"].values())


# --- the generic effects ----------------------------------------------------------------------------

def _opt_auto(state, role, eff):
    return None


def _res_money(state, role, eff, action):
    if not eff["n"]:
        return
    log(state, f"{role} +{eff['n']} money" + (f" ({eff['why']})" if eff.get("why") else ""))
    gain_money(state, role, eff["n"])


def _res_fame(state, role, eff, action):
    if not eff["n"]:
        return
    log(state, f"{role} +{eff['n']} fame" + (f" ({eff['why']})" if eff.get("why") else ""))
    gain_fame(state, role, eff["n"])


def _res_karma(state, role, eff, action):
    gain_karma(state, role, eff["n"])
    log(state, f"{role} karma +{eff['n']} -> {state['players'][role]['karma']}"
        + (f" ({eff['why']})" if eff.get("why") else ""))


def _res_worker(state, role, eff, action):
    gain_worker(state, role, eff["source"])


def _opt_die(state, role, eff):
    """A die from the supply: of a given colour, or of the player's choice (colour None). With 10
    dice the player first returns a die or takes fewer (rulebook "Placing Workers")."""
    p = state["players"][role]
    colour = eff.get("colour")
    if colour is not None and state["supply"][colour] == 0:
        return []
    if colour is None and not any(state["supply"].values()):
        return []
    if len(p["dice"]) >= data.MAX_DICE:
        return [["return", c, v] for c, v in distinct_dice(p["dice"])] + ["fewer"]
    if colour is None:
        return [["colour", c] for c in data.DICE_COLOURS if state["supply"][c] > 0]
    return None


def _res_die(state, role, eff, action):
    if action == "fewer":
        log(state, f"{role} takes one die fewer (10 dice)")
        return
    if isinstance(action, list) and action[0] == "return":
        give_up_die(state, role, action[1], action[2])
        log(state, f"{role} puts {a(die_name(action[1], action[2]))} back to make room")
        push(state, eff)
        return
    colour = action[1] if action is not None else eff["colour"]
    value = take_die(state, role, colour)
    log(state, f"{role} takes {a(colour)} die and rolls {value}")


def _opt_upgrade(state, role, eff):
    p = state["players"][role]
    return [["upgrade", b] for b in data.BUILDINGS if p["upgrades"][b] < data.UPGRADE_LEVELS[-1]]


def _res_upgrade(state, role, eff, action):
    """Moves the cube of the building one level on. The fame-5 bonus's upgrade "counts from your next
    turn on" (rulebook "Bonuses On The Scoring Tracks"): the building is remembered until the turn ends
    and its new level is not yet used for the buildings laid this turn (quarry.lay_tile)."""
    p = state["players"][role]
    p["upgrades"][action[1]] += 1
    if eff.get("late"):
        state["late_upgrade"] = action[1]
    log(state, f"{role} upgrades the {action[1]} to {p['upgrades'][action[1]]} fame"
        + (f" ({eff['why']}; it counts from the next turn on)" if eff.get("late") else
           f" ({eff['why']})" if eff.get("why") else ""))


def _opt_pay(state, role, eff):
    """Giving up dice (rulebook "Costs"), with the karma turn offered where it helps (rulebook
    "Karma"). Modes: "sum" (dice of one colour totalling at least `need`, overpaying allowed),
    "exact" (one die showing `need`), "low" (one die showing 1, 2 or 3), "any" (one die),
    "colour" (one die of that colour). Only choices that can still complete are offered."""
    p = state["players"][role]
    mode, karma = eff["mode"], p["karma"]
    out = []
    for c, v in distinct_dice(p["dice"]):
        if mode == "sum":
            if c != eff["colour"]:
                continue
            rest = eff["need"] - eff["paid"]
            for kind, value, k in (("die", v, karma), ("flip", 7 - v, karma - 1)):
                if kind == "flip" and (karma == 0 or 7 - v <= v):
                    continue
                others = list(p["dice"])
                others.remove([c, v])
                if value >= rest or capacity(others, c, k) >= rest - value:
                    out.append([kind, c, v])
        elif mode == "exact":
            if v == eff["need"]:
                out.append(["die", c, v])
            elif karma and data.OPPOSITE[v] == eff["need"]:
                out.append(["flip", c, v])
        elif mode == "low":
            if v <= 3:
                out.append(["die", c, v])
            elif karma:
                out.append(["flip", c, v])
        elif mode == "any":
            out.append(["die", c, v])
            if karma and v <= 3:
                out.append(["flip", c, v])
        elif mode == "colour":
            if c == eff["colour"]:
                out.append(["die", c, v])
    if eff.get("after") == "builder":  # the Master builder must still find a tile to cover with the dice left
        out = [a for a in out if builder_feasible_after(state, role, a)]
    return out


def _res_pay(state, role, eff, action):
    kind, c, v = action
    p = state["players"][role]
    value = v
    if kind == "flip":
        p["karma"] -= 1
        value = data.OPPOSITE[v]
    give_up_die(state, role, c, v)
    log(state, f"{role} gives up {a(die_name(c, value))}" + (f" (turned from {v} with karma)" if kind == "flip" else ""))
    eff = dict(eff)
    eff["paid"] = eff.get("paid", 0) + value
    if eff["mode"] == "sum" and eff["paid"] < eff["need"]:
        push(state, eff)
        return
    then = [dict(e) for e in eff.get("then", [])]
    if eff.get("fill") and then:
        then[0][eff["fill"]] = value
    push(state, *then)


def _res_reward(state, role, eff, action):
    """The earnings of the river, the edge yields and the yield tiles, computed at this moment
    (rulebook "Explanation Of The Earnings On The River")."""
    p = state["players"][role]
    kind, n = eff["kind"], eff.get("n")
    why = eff.get("why", "")
    if kind == "money":
        push(state, {"k": "money", "n": n, "why": why})
    elif kind == "fame":
        push(state, {"k": "fame", "n": n, "why": why})
    elif kind == "karma":
        push(state, {"k": "karma", "n": n, "why": why})
    elif kind in ("die", "dice"):
        push(state, *[{"k": "die", "colour": None, "why": why}] * n)
    elif kind == "upgrade":
        push(state, *[{"k": "upgrade", "why": why}] * n)
    elif kind == "karma_dice":  # one die of the colour per karma level now (0 to 3)
        log(state, f"{role} takes {p['karma']} {n} dice for karma {p['karma']}")
        push(state, *[{"k": "die", "colour": n, "why": why}] * p["karma"])
    elif kind == "money_per_market":
        push(state, {"k": "money", "n": n * len(province.markets(p)), "why": why or "1 per market"})
    elif kind == "assorted":
        push(state, {"k": "assorted", "max": n})
    elif kind == "one_kind":
        push(state, {"k": "good", "max": n})
    elif kind == "fame_per_upgrade":
        push(state, {"k": "fame", "n": n * upgrades_done(p), "why": why or "per upgrade"})
    elif kind == "money_per_upgrade":
        push(state, {"k": "money", "n": n * upgrades_done(p), "why": why or "per upgrade"})
    elif kind == "fame_per_karma":
        push(state, {"k": "fame", "n": n * p["karma"], "why": why or "per karma"})
    elif kind == "palace":
        push(state, {"k": "palace_choice"})
    else:  # pragma: no cover - data error
        raise ValueError(f"unknown reward {kind!r}")


HANDLERS = {
    "money": (_opt_auto, _res_money),
    "fame": (_opt_auto, _res_fame),
    "karma": (_opt_auto, _res_karma),
    "worker": (_opt_auto, _res_worker),
    "die": (_opt_die, _res_die),
    "upgrade": (_opt_upgrade, _res_upgrade),
    "pay": (_opt_pay, _res_pay),
    "reward": (_opt_auto, _res_reward),
}
