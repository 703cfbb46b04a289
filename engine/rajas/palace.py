"""III. Actions At The Palace (rulebook headings "The outer terrace", "The terrace", "The balconies",
"The chambers": Great Mogul, Dancer, Yogi, Raja Man Singh, Master builder, Portuguese).

Spaces: "outer" (free: 2 money, then reroll any dice: ["mark", c, v] / ["unmark", c, v] then
"roll"), "terrace:<colour>" (free: one die of that colour), "balcony:<i>" (give up a die of one
colour, get two of another, data.BALCONIES), and the six chambers by name, each paid with one die of
its exact value (karma may turn a die). The river's palace earning ("palace_choice") runs a chamber
2-6 without a worker and without the die, even if its space is taken.

Readings:
  * A terrace or balcony worker needs a die of the colour received in the supply (else the action
    would give nothing); a balcony also needs a die of the colour given up.
  * Master builder: the chamber may be taken only if a cover is possible with the dice left after its
    5 is given up ("You cannot use the master builder if you have no matching tiles or dice").
  * Portuguese: exactly 6 unoccupied spaces (boats skipped), so it is offered only when 6 unoccupied
    spaces lie ahead, the final space counting as one (river.portuguese_allowed); never from the last
    six spaces (15-20 of the stand-in river).
  * Great Mogul: the player becomes the starting player of the next round (rules.py, round end).
"""
from __future__ import annotations

from engine.core import rng

from . import common, data, river
from .common import log, push


def space_ids(players) -> list:
    return (["outer"] + [f"terrace:{c}" for c in data.DICE_COLOURS]
            + [f"balcony:{i}" for i in range(len(data.BALCONIES[players]))]
            + [key for key, _, _ in data.CHAMBERS])


def capacity(players, space) -> int:
    return data.OUTER_TERRACE_SPACES[players] if space == "outer" else 1


def can_use(state, role, space) -> bool:
    n = state["options"]["players"]
    if len(state["spaces"][space]) >= capacity(n, space):
        return False
    p = state["players"][role]
    if space == "outer":
        return True
    if space.startswith("terrace:"):
        return state["supply"][space.split(":")[1]] > 0
    if space.startswith("balcony:"):
        give, get = data.BALCONIES[n][int(space.split(":")[1])]
        return any(c == give for c, _ in p["dice"]) and state["supply"][get] + (give == get) > 0
    value = data.CHAMBER_VALUE[space]
    if not common.has_value(p, value):
        return False
    if space == "builder":
        return any(common.builder_feasible_after(state, role, a) for a in _exact_payments(p, value))
    if space == "portuguese":
        return river.portuguese_allowed(state, role)
    return True


def _exact_payments(p, value):
    out = []
    for c, v in common.distinct_dice(p["dice"]):
        if v == value:
            out.append(["die", c, v])
        elif p["karma"] and data.OPPOSITE[v] == value:
            out.append(["flip", c, v])
    return out


def place(state, role, space) -> None:
    n = state["options"]["players"]
    if space == "outer":
        log(state, f"{role} goes to the outer terrace")
        push(state, {"k": "money", "n": 2, "why": "outer terrace"}, {"k": "reroll", "marked": []})
    elif space.startswith("terrace:"):
        colour = space.split(":")[1]
        log(state, f"{role} goes to the {colour} terrace")
        push(state, {"k": "die", "colour": colour, "why": "terrace"})
    elif space.startswith("balcony:"):
        give, get = data.BALCONIES[n][int(space.split(":")[1])]
        log(state, f"{role} goes to the balcony: {common.a(give)} die for two {get} dice")
        push(state, {"k": "pay", "mode": "colour", "colour": give,
                     "then": [{"k": "die", "colour": get, "why": "balcony"}, {"k": "die", "colour": get, "why": "balcony"}]})
    else:
        log(state, f"{role} goes to the {data.CHAMBER_NAME[space]} chamber")
        pay = {"k": "pay", "mode": "exact", "need": data.CHAMBER_VALUE[space],
               "then": [{"k": "chamber", "name": space}]}
        if space == "builder":
            pay["after"] = "builder"
        push(state, pay)


def chamber_effects(state, role, name) -> list:
    if name == "mogul":
        state["mogul"] = role
        return [{"k": "fame", "n": 2, "why": "Great Mogul"}]
    if name == "dancer":
        return [{"k": "die", "colour": None, "why": "Dancer"}, {"k": "die", "colour": None, "why": "Dancer"},
                {"k": "yield_tile"}]
    if name == "yogi":
        return [{"k": "karma", "n": 2, "why": "Yogi"}, {"k": "die", "colour": None, "why": "Yogi"}]
    if name == "raja":
        return [{"k": "upgrade", "why": "Raja Man Singh"}, {"k": "money", "n": 3, "why": "Raja Man Singh"}]
    if name == "builder":
        return [{"k": "stack", "mode": "builder"}]
    if name == "portuguese":
        return [{"k": "portuguese"}]
    raise ValueError(name)


def _opt_auto(state, role, eff):
    return None


def _res_chamber(state, role, eff, action):
    push(state, *chamber_effects(state, role, eff["name"]))


def _opt_palace_choice(state, role, eff):
    out = []
    for name in data.RIVER_PALACE_CHOICES:
        if name == "builder" and not common.builder_feasible(state, role):
            continue
        if name == "portuguese" and not river.portuguese_allowed(state, role):
            continue
        out.append(["palace", name])
    return out


def _res_palace_choice(state, role, eff, action):
    log(state, f"{role} uses the {data.CHAMBER_NAME[action[1]]} from the river")
    push(state, *chamber_effects(state, role, action[1]))


def _res_yield_tile(state, role, eff, action):
    """rulebook "Palace: Dancer": draw a white yield tile, earn it, discard it; reshuffle when used up."""
    if not state["yield_stack"]:
        state["yield_stack"], state["yield_discard"] = state["yield_discard"], []
        state["rng"] = rng.shuffle(state["rng"], state["yield_stack"])
        log(state, "The white yield tiles are reshuffled")
    index = state["yield_stack"].pop()
    state["yield_discard"].append(index)
    state["reveals"] += 1
    kind, n = data.WHITE_YIELDS[index]
    log(state, f"{role} draws a yield tile: {n} {kind}")
    push(state, {"k": "reward", "kind": kind, "n": n, "why": "yield tile"})


def _opt_reroll(state, role, eff):
    p = state["players"][role]
    if not p["dice"]:
        return None  # nothing to reroll: no click
    marked = eff["marked"]
    out = []
    for c, v in common.distinct_dice(p["dice"]):
        if p["dice"].count([c, v]) > marked.count([c, v]):
            out.append(["mark", c, v])
    for c, v in common.distinct_dice(sorted(marked, key=lambda d: (data.DICE_COLOURS.index(d[0]), d[1]))):
        out.append(["unmark", c, v])
    return out + ["roll"]


def _res_reroll(state, role, eff, action):
    if isinstance(action, list):
        eff = {"k": "reroll", "marked": [list(d) for d in eff["marked"]]}
        if action[0] == "mark":
            eff["marked"].append([action[1], action[2]])
        else:
            eff["marked"].remove([action[1], action[2]])
        push(state, eff)
        return
    p = state["players"][role]
    if not eff["marked"]:
        log(state, f"{role} rerolls no dice")
        return
    rolled = []
    for c, v in eff["marked"]:
        p["dice"].remove([c, v])
        value, state["rng"] = rng.randint(state["rng"], 1, 6)
        p["dice"].append([c, value])
        rolled.append(f"{c} {v}->{value}")
    common.sort_dice(p["dice"])
    log(state, f"{role} rerolls " + ", ".join(rolled))


HANDLERS = {
    "chamber": (_opt_auto, _res_chamber),
    "palace_choice": (_opt_palace_choice, _res_palace_choice),
    "yield_tile": (_opt_auto, _res_yield_tile),
    "reroll": (_opt_reroll, _res_reroll),
}
