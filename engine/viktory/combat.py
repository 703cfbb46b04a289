"""Combat (rulebook 11.0-13.5): dice and hits, casualty choices, Bombard Attacks, Battles.

Pending casualty choices live in state["losses"], a queue of
    {"chooser": role, "owner": role, "hex": h, "n": hits, "naval": bool}
resolved in order (11.1: first the firing player's choices for each '1', then the target player's for
each '2'/'3'); the chooser clicks a unit type, or ["lose", id] one of the owner's Frigates where they
differ (10.45: cargo is lost with its Frigate); a choice without alternatives is made automatically.
Pending 11.3 eliminations live in state["eliminate"], [{"owner", "kind", "n"}], settled the same way:
the loser clicks "reserve", a hex, or ["lose", id] a Frigate (elimination_choices).

A Battle in progress is state["battle"]:
    {"hex", "attacker", "defender", "naval": bool, "round": int,
     "step": "pre" | "pre_check" | "fire" | "fire_defender" | "after_fire" | "retreat" | "retreating"
             | "resolve" | "avg_attacker" | "avg_defender" (16.4 Luck Averaging choices),
     "a_avg", "d_avg": pairs of dice given up this round (16.4), "a_hits": the attacker's hits}
state["attacks"] lists [hex, from hex, unit id] for every unit that entered an enemy hex this
Player Turn and is waiting for its Battle (13.0: bring as many units as you can, then fight);
state["battled"] lists the hexes already fought over this Player Turn (13.2).
"""
from __future__ import annotations

from engine.core import rng
from engine.core.text import article

from . import data, geometry, pieces, subjugation

CONTINUE, RETREAT, AVERAGE = "continue", "retreat", "average"
LOSE, RESERVE = "lose", "reserve"


# --- dice (11.1, 11.2) ---------------------------------------------------------------------------

def roll(state, n: int) -> list:
    dice = []
    for _ in range(max(0, n)):
        d, state["rng"] = rng.randint(state["rng"], 1, 6)
        dice.append(d)
    return dice


def threshold(state, role) -> int:
    """11.1: hits on 3 or less; 11.2: 4 or less in Combat Supply."""
    return data.HIT_ON_SUPPLIED if pieces.combat_supply(state, role) else data.HIT_ON


def count_hits(dice, limit) -> tuple:
    """(tactical victories, other hits): 11.1, each '1' is a tactical victory."""
    tactical = sum(1 for d in dice if d == data.TACTICAL_VICTORY)
    other = sum(1 for d in dice if data.TACTICAL_VICTORY < d <= limit)
    return tactical, other


# --- casualties (11.1, 11.3) -------------------------------------------------------------------

def fighting_units(state, role, h: int, naval: bool, here=None) -> list:
    """`here`: the units in hex h (pieces.units_at), for a caller asking of both sides."""
    kinds = (data.FRIGATE,) if naval else data.LAND_UNITS
    if here is not None:
        return [u for u in here if u["owner"] == role and u["type"] in kinds]
    return [u for u in state["units"] if u["hex"] == h and u["owner"] == role and u["type"] in kinds]


def to_reserve(state, u: dict) -> None:
    """11.3: units lost in combat go to their owner's Reserve; 10.45: a Frigate's cargo with it."""
    u["hex"], u["aboard"], u["mp"] = None, None, 0
    for c in pieces.cargo(state, u["id"]) if u["type"] == data.FRIGATE else ():  # only Frigates carry
        c["hex"], c["aboard"], c["mp"] = None, None, 0


def queue_losses(state, firer, owner, h, tactical, other, naval) -> None:
    if tactical:
        state["losses"].append({"chooser": firer, "owner": owner, "hex": h, "n": tactical, "naval": naval})
    if other:
        state["losses"].append({"chooser": owner, "owner": owner, "hex": h, "n": other, "naval": naval})


def distinct_frigates(state, frigates: list) -> list:
    """One Frigate of each kind the choice of a casualty can tell apart (the lowest id): by its cargo
    (10.45: lost with it) and, in its owner's turn, by what it may still carry or land (10.41, 10.46)."""
    seen, result = set(), []
    for f in sorted(frigates, key=lambda f: f["id"]):
        key = tuple(sorted(c["type"] for c in pieces.cargo(state, f["id"])))
        if f["owner"] == state["current"]:
            key += (f["carried"], f["landed"])
        if key not in seen:
            seen.add(key)
            result.append(f)
    return result


def loss_choices(state, units=None) -> list:
    """11.1: a unit type of the owner's units in the hex; among Frigates that differ, the Frigate.
    `units`: those units (fighting_units), if at hand."""
    loss = state["losses"][0]
    if units is None:
        units = fighting_units(state, loss["owner"], loss["hex"], loss["naval"])
    choices = []
    for kind in data.UNIT_TYPES:
        of_kind = [u for u in units if u["type"] == kind]
        frigates = distinct_frigates(state, of_kind) if kind == data.FRIGATE else []
        if len(frigates) > 1:
            choices += [[LOSE, f["id"]] for f in frigates]
        elif of_kind:
            choices.append(kind)
    return choices


def settle_trivial_losses(state) -> None:
    """Applies losses that leave no choice: one possible casualty, or hits for every unit."""
    while state["losses"]:
        loss = state["losses"][0]
        units = fighting_units(state, loss["owner"], loss["hex"], loss["naval"])
        if loss["n"] <= 0 or not units:
            state["losses"].pop(0)
        elif loss["n"] >= len(units):
            for u in units:
                to_reserve(state, u)
            state["losses"].pop(0)
        elif len(loss_choices(state, units)) == 1:
            to_reserve(state, units[0])
            loss["n"] -= 1
        else:
            return


def choose_loss(state, choice) -> str:
    loss = state["losses"][0]
    if isinstance(choice, list):  # [LOSE, id]: that Frigate, with its cargo (10.45)
        u = pieces.unit(state, choice[1])
        what = f"the {frigate_words(state, u)}"
    else:
        u = next(u for u in fighting_units(state, loss["owner"], loss["hex"], loss["naval"]) if u["type"] == choice)
        what = f"a {loss['owner']} {choice}"
    to_reserve(state, u)
    loss["n"] -= 1
    settle_trivial_losses(state)
    return f"{loss['chooser']} removes {what} at hex {loss['hex']} (11.1)"


def frigate_words(state, f: dict) -> str:
    """"Yellow Frigate carrying 2 infantry", "empty Yellow Frigate": what tells Frigates apart."""
    counts = {}
    for c in pieces.cargo(state, f["id"]):
        counts[c["type"]] = counts.get(c["type"], 0) + 1
    if counts:
        load = " and ".join(f"{n} {k}" if n > 1 else _a(k) for k, n in counts.items())
        text = f"{f['owner']} Frigate carrying {load}"
    else:
        text = f"empty {f['owner']} Frigate"
    if f["owner"] == state["current"] and (f["carried"] or f["landed"] is not None):
        text += f" ({f['carried']} carried" + (", landed" if f["landed"] is not None else "") + " this turn)"
    return text


# --- bombardment (12.0) ------------------------------------------------------------------------

def bombard_targets(state, u: dict, at=None) -> list:
    """12.0: a hex adjacent to the Artillery/Frigate holding another player's military units.
    `at`: an index of pieces.units_by_hex, for a caller that asks about many units."""
    if u["type"] not in data.BOMBARDERS or u["hex"] is None or u.get("attacked"):
        return []
    if u["type"] == data.ARTILLERY and u["shipped"]:
        return []  # 10.44, 10.45: no Bombard on a turn it is transported
    if u["type"] == data.FRIGATE and state["terrain"][u["hex"]] != data.WATER:
        return []  # 10.32: no Bombard Attacks from within a port
    adj = geometry.neighbours(state["side"])[u["hex"]]
    if at is None:
        at = pieces.units_by_hex(state, set(adj))  # the units next to it, in one look
    return [n for n in adj if pieces.enemy_units_at(state, n, u["owner"], at)
            and all(subjugation.may_attack(state, u["owner"], e["owner"])
                    for e in pieces.enemy_units_at(state, n, u["owner"], at))]  # 16.83, 16.84


def bombard(state, u: dict, target: int) -> str:
    """12.0: one die; 12.1 no return fire; the hit unit goes to the Reserve (11.1 choice of casualty)."""
    role = u["owner"]
    u["attacked"] = True
    u["mp"] = 0  # 11.8: attacking ends the unit's movement
    die = roll(state, 1)
    state["last_roll"] = {"hex": target, "rolls": [[role, die]]}
    tactical, other = count_hits(die, threshold(state, role))
    victims = pieces.enemy_units_at(state, target, role)
    text = f"{role} {u['type']} bombards hex {target}: rolls {die[0]}"
    freed = subjugation.on_attack(state, role, victims[0]["owner"])  # 16.85 #1
    if freed:
        text += f"; {freed}"
    if tactical or other:
        naval = state["terrain"][target] == data.WATER  # Frigates at sea, land units on land
        queue_losses(state, role, victims[0]["owner"], target, tactical, other, naval=naval)
        settle_trivial_losses(state)
        text += " — a hit" + (" (tactical victory, 11.1)" if tactical else "")
    else:
        text += " — a miss"
    return text


# --- battles (13.0) ----------------------------------------------------------------------------

def battle_hexes(state) -> list:
    attacks = state["attacks"]
    return sorted({h for h, _f, _u in attacks}) if attacks else []  # (none, most of the time)


def start_battle(state, h: int, attacker=None) -> str:
    """13.0: the units waiting at h fight; the attacker is the player whose turn it is, or (16.82) a
    Vassal whose Frigate was placed among enemy Frigates."""
    role = attacker or state["current"]
    naval = state["terrain"][h] == data.WATER
    defenders = {u["owner"] for u in pieces.enemy_units_at(state, h, role)}
    site = state["sites"][h]
    if not defenders and (site is None or site["owner"] == role):  # e.g. bombarded away meanwhile
        state["attacks"] = [a for a in state["attacks"] if a[0] != h]
        return f"No enemy is left at hex {h}: no Battle"
    defender = site["owner"] if site is not None and site["owner"] != role else sorted(defenders)[0]
    state["battle"] = {"hex": h, "attacker": role, "defender": defender, "naval": naval,
                       "round": 1, "step": "pre"}
    state["battled"].append(h)
    freed = subjugation.on_attack(state, role, defender)  # 16.85 #1
    for u in fighting_units(state, role, h, naval):
        u["attacked"] = True
    return f"{role} attacks {defender} at hex {h} (13.0)" + (f"; {freed}" if freed else "")


def entry_sides(state, h) -> list:
    return sorted({f for bh, f, _u in state["attacks"] if bh == h})


def attacker_dice(state, b) -> int:
    """13.3 step 1: one die per unit type present, plus one per extra hex side used."""
    units = fighting_units(state, b["attacker"], b["hex"], b["naval"])
    types = len({u["type"] for u in units})
    return types + max(0, len(entry_sides(state, b["hex"])) - 1) if units else 0


def defensive_terrain_dice(state, b) -> int:
    """13.3 step 2: two dice for a Mountain hex or a City, else one for Forest or a Town; the Lost
    Capital Penalty makes a City worth one."""
    h = b["hex"]
    site = state["sites"][h]
    terrain = state["terrain"][h]
    # 16.1 Terrain Leveling: the hex's terrain gives no dice (our reading: Towns and Cities still do)
    best = 0 if state["options"].get("leveling") else data.DEFENSIVE_TERRAIN_DICE.get(terrain, 0)
    if site is not None and site["owner"] == b["defender"]:
        if not pieces.has_capital(state, b["defender"]) or site["kind"] == "town":
            dice = data.DEFENSIVE_TERRAIN_DICE["town"]  # 15.0: Cities function as Towns
        elif site["kind"] == "metropolis":
            dice = data.METROPOLIS_DEFENCE_DICE  # 16.6
        else:
            dice = data.DEFENSIVE_TERRAIN_DICE["city"]
        best = max(best, dice)
    return best


def naval_support(state, b, here=None) -> int:
    """13.3 step 2, 13.32, 13.33: one die if a defending Frigate is adjacent to the land Battle hex
    and the hex holds defending land units or the defender's Town/City (`here`: fighting_units)."""
    h, d = b["hex"], b["defender"]
    site = state["sites"][h]
    if not fighting_units(state, d, h, False, here) and not (site and site["owner"] == d):
        return 0
    adj = geometry.neighbours(state["side"])[h]
    return 1 if any(u["type"] == data.FRIGATE and u["owner"] == d and u["hex"] in adj
                    for u in state["units"]) else 0


def naval_support_at_sea(state, b) -> int:
    """16.7 Frigate Options: a Frigate provides Naval Support to other Frigates (13.33): one die if
    a defending Frigate is adjacent to the Naval Battle hex."""
    if not state["options"].get("frigates"):
        return 0
    adj = geometry.neighbours(state["side"])[b["hex"]]
    return 1 if any(u["hex"] in adj and u["owner"] == b["defender"] and u["type"] == data.FRIGATE
                    for u in state["units"]) else 0


def defender_dice(state, b, suppression: int, here=None) -> int:
    """`here`: the units in the Battle hex (fighting_units), if at hand."""
    units = fighting_units(state, b["defender"], b["hex"], b["naval"], here)
    military = len({u["type"] for u in units})
    if b["naval"]:
        extra = naval_support_at_sea(state, b)
    else:
        extra = naval_support(state, b, here) + defensive_terrain_dice(state, b)
    if state["sites"][b["hex"]] is not None:  # 13.31: not suppressed in a Town or City hex
        return max(0, military - suppression) + extra
    return max(0, military + extra - suppression)


def advance(state) -> list:
    """Runs the Battle until a player must choose (casualties, retreat) or it ends. Returns log lines."""
    lines = []
    while state["battle"] is not None and not state["losses"] and not state["eliminate"]:
        b = state["battle"]
        h, att, dfd, naval = b["hex"], b["attacker"], b["defender"], b["naval"]
        step = b["step"]
        if step == "pre":  # 13.3 step 0: every Artillery on both sides fires once, simultaneously
            b["step"] = "pre_check"
            if naval:
                continue
            here = pieces.units_at(state, h)  # both sides (fighting_units)
            a_art = sum(1 for u in fighting_units(state, att, h, False, here) if u["type"] == data.ARTILLERY)
            d_art = sum(1 for u in fighting_units(state, dfd, h, False, here) if u["type"] == data.ARTILLERY)
            if a_art or d_art:
                a_dice, d_dice = roll(state, a_art), roll(state, d_art)
                state["last_roll"] = {"hex": h, "rolls": [[att, a_dice], [dfd, d_dice]]}
                lines.append(f"Pre-battle artillery fire: {att} {a_dice}, {dfd} {d_dice} (13.3 step 0)")
                queue_losses(state, att, dfd, h, *count_hits(a_dice, threshold(state, att)), naval)
                queue_losses(state, dfd, att, h, *count_hits(d_dice, threshold(state, dfd)), naval)
                settle_trivial_losses(state)
        elif step == "pre_check":
            here = pieces.units_at(state, h)
            over = not fighting_units(state, att, h, naval, here) or not fighting_units(state, dfd, h, naval, here)
            b["step"] = "resolve" if over and state["sites"][h] is None else "fire"
        elif step == "fire":  # 13.3 step 1, the Attacker's Fire Round
            n = attacker_dice(state, b)
            if luck_averaging(state) and n >= 2 and b.get("a_avg") is None:
                b["step"] = "avg_attacker"  # 16.4: the attacker may give up pairs of dice
                continue
            k = b.get("a_avg") or 0
            a_dice = roll(state, n - 2 * k)
            tactical, other = count_hits(a_dice, threshold(state, att))
            b["a_hits"], b["a_dice"] = [tactical, other + k], a_dice  # 16.4: a hit per pair
            b["step"] = "fire_defender"
        elif step == "fire_defender":  # 13.3 step 2 and removing casualties
            a_hits = b["a_hits"]
            here = pieces.units_at(state, h)
            excess = sum(a_hits) - len(fighting_units(state, dfd, h, naval, here))
            m = defender_dice(state, b, max(0, excess), here)
            if luck_averaging(state) and m >= 2 and b.get("d_avg") is None:
                b["step"] = "avg_defender"
                continue
            k = b.get("d_avg") or 0
            d_dice = roll(state, m - 2 * k)
            tactical, other = count_hits(d_dice, threshold(state, dfd))
            d_hits = (tactical, other + k)
            a_dice = b["a_dice"]
            state["last_roll"] = {"hex": h, "rolls": [[att, a_dice], [dfd, d_dice]]}
            ka = b.get("a_avg") or 0
            avg = f" and gives up {2 * ka} dice for {ka} hit{'s' * (ka != 1)} (16.4)" if ka else ""
            davg = f" and gives up {2 * k} dice for {k} hit{'s' * (k != 1)} (16.4)" if k else ""
            lines.append(f"Round {b['round']}: {att} rolls {a_dice}{avg}, {dfd} rolls {d_dice}{davg} (13.3)")
            queue_losses(state, att, dfd, h, a_hits[0], 0, naval)
            queue_losses(state, dfd, dfd, h, 0, a_hits[1], naval)
            queue_losses(state, dfd, att, h, d_hits[0], 0, naval)
            queue_losses(state, att, att, h, 0, d_hits[1], naval)
            settle_trivial_losses(state)
            b["a_avg"] = b["d_avg"] = None
            b["step"] = "after_fire"
        elif step == "after_fire":  # 13.3 step 3
            here = pieces.units_at(state, h)
            both = fighting_units(state, att, h, naval, here) and fighting_units(state, dfd, h, naval, here)
            b["step"] = "retreat" if both else "resolve"
        elif step in ("retreat", "retreating", "avg_attacker", "avg_defender"):
            return lines  # a player decides
        elif step == "resolve":
            lines.append(resolve(state))
    return lines


def unit_location(state, u: dict):
    """The hex of a unit on the map, or of the Frigate carrying it (10.45); None in the Reserve."""
    if u["hex"] is not None:
        return u["hex"]
    if u["aboard"] is not None:
        return pieces.unit(state, u["aboard"])["hex"]
    return None


def retreat_hexes(state, u: dict) -> list:
    """13.3 step 3: the adjacent hexes used to enter the Battle hex; land units onto land, or aboard
    one of their own Frigates with room there (Land units can retreat by boarding adjacent
    Frigates); Frigates onto water."""
    b = state["battle"]
    adj = geometry.neighbours(state["side"])[b["hex"]]
    result = []
    for f in entry_sides(state, b["hex"]):
        if f not in adj:
            continue
        water = state["terrain"][f] == data.WATER
        if u["type"] == data.FRIGATE:
            ok = water
        elif water:
            ok = bool(pieces.frigates_with_room(state, u["owner"], f))
        else:  # not into another player's units or Town/City (e.g. a Capital left under 16.82)
            ok = not pieces.is_enemy_hex(state, f, u["owner"])
        if ok:
            result.append(f)
    return result


def can_retreat(state) -> bool:
    """Every attacking unit must have somewhere to go (all to one land hex always works; Frigate
    room is shared, so count it)."""
    b = state["battle"]
    units = fighting_units(state, b["attacker"], b["hex"], b["naval"])
    room = {}
    for f in entry_sides(state, b["hex"]):
        room[f] = sum(pieces.frigate_room(state, fr) for fr in pieces.frigates_with_room(state, b["attacker"], f))
    for u in units:
        options = retreat_hexes(state, u)
        if not options:
            return False
        land = [f for f in options if state["terrain"][f] != data.WATER or u["type"] == data.FRIGATE]
        if land:
            continue
        f = max(options, key=lambda x: room[x])
        if room[f] <= 0:
            return False
        room[f] -= 1
    return True


def retreating_unit(state):
    b = state["battle"]
    units = fighting_units(state, b["attacker"], b["hex"], b["naval"])
    return min(units, key=lambda u: u["id"]) if units else None


def luck_averaging(state) -> bool:
    return bool(state["options"].get("luck"))


def battle_chooser(state):
    b = state["battle"]
    return b["defender"] if b["step"] == "avg_defender" else b["attacker"]


def _pairs(state, b) -> int:
    """16.4: whole pairs of the dice he is entitled to; an odd die is always rolled."""
    if b["step"] == "avg_attacker":
        return attacker_dice(state, b) // 2
    excess = sum(b["a_hits"]) - len(fighting_units(state, b["defender"], b["hex"], b["naval"]))
    return defender_dice(state, b, max(0, excess)) // 2


def battle_choices(state) -> list:
    b = state["battle"]
    if b["step"] in ("avg_attacker", "avg_defender"):
        return [[AVERAGE, k] for k in range(_pairs(state, b) + 1)]
    if b["step"] == "retreating":
        return retreat_hexes(state, retreating_unit(state))
    return [CONTINUE, RETREAT] if can_retreat(state) else [CONTINUE]


def _retreat_one(state, u, dest) -> str:
    return f"{u['owner']} {u['type']} retreats {pieces.move_or_board(state, u, dest)} (13.3 step 3)"


def _retreat_forced(state) -> list:
    """Moves retreating units that have a single possible hex; stops at the first real choice."""
    lines = []
    b = state["battle"]
    while True:
        u = retreating_unit(state)
        if u is None:
            b["step"] = "resolve"
            return lines
        options = retreat_hexes(state, u)
        if len(options) != 1:
            return lines
        lines.append(_retreat_one(state, u, options[0]))


def retreat_or_continue(state, action) -> str:
    b = state["battle"]
    if b["step"] in ("avg_attacker", "avg_defender"):  # 16.4
        who = battle_chooser(state)
        if b["step"] == "avg_attacker":
            b["a_avg"], b["step"] = action[1], "fire"
        else:
            b["d_avg"], b["step"] = action[1], "fire_defender"
        return f"{who} rolls every die" if action[1] == 0 else \
            f"{who} gives up {2 * action[1]} dice for {action[1]} hit{'s' * (action[1] != 1)} of the opponent's choice (16.4)"
    if b["step"] == "retreating":  # the attacker picks the hex of one unit at a time
        lines = [_retreat_one(state, retreating_unit(state), action)] + _retreat_forced(state)
        return "; ".join(lines)
    if action == CONTINUE:
        b["round"] += 1
        b["step"] = "fire"
        return f"{b['attacker']} fights on (13.3 step 3)"
    b["step"] = "retreating"  # 13.3 step 3: to as many of the entry hexes as he desires
    lines = [f"{b['attacker']} retreats from hex {b['hex']}"] + _retreat_forced(state)
    return "; ".join(lines)


def resolve(state) -> str:
    """13.3 step 4: the defender prevails unless only the attacker has units left; capture (11.4)."""
    b = state["battle"]
    h, att, dfd = b["hex"], b["attacker"], b["defender"]
    state["battle"] = None
    state["attacks"] = [a for a in state["attacks"] if a[0] != h]
    here = pieces.units_at(state, h)
    if not fighting_units(state, att, h, b["naval"], here):
        return f"{dfd} holds hex {h} (13.3 step 4)"
    if fighting_units(state, dfd, h, b["naval"], here):
        return f"{dfd} holds hex {h}"
    site = state["sites"][h]
    if site is None or site["owner"] == att:
        return f"{att} wins the battle at hex {h}"
    return capture(state, att, h)


def capture(state, winner, h: int) -> str:
    """11.3, 11.4, 15.0: the Town/City changes hands with its supported units."""
    site = state["sites"][h]
    loser = site["owner"]
    if site["kind"] != "town":
        state["cities_captured"] += 1  # 5.5 (a Metropolis is a City too; a Capital under 16.8 too)
    if subjugation.enabled(state) and state["capitals"].get(loser) == h:
        state["capitals_captured"].append([loser, winner])
        return subjugation.capital_taken(state, winner, loser, h)  # 16.8 instead of 15.0
    support = pieces.support(site["kind"], state["terrain"][h])
    site["owner"] = winner
    eliminate_supported(state, loser, support)
    pieces.add_to_reserve(state, winner, support)
    text = f"{winner} captures the {site['kind']} at hex {h} (11.4)"
    if state["capitals"].get(loser) == h:
        state["capitals_captured"].append([loser, winner])
        text += f"; {loser} loses the Capital (15.0)"
    return text


def eliminate_supported(state, loser, support: dict) -> None:
    """11.3: the loser returns the corresponding units to his stock, "either from his Reserve (if
    available) or directly from those in play on the map; the losing player makes the exact choice"
    (state["eliminate"], settled by choose_elimination; the 13.3 example's "Reserve (preferably)" is
    advice, not a rule). Where the choice changes nothing it is made for him."""
    for kind in data.UNIT_TYPES:
        if support.get(kind, 0):
            state["eliminate"].append({"owner": loser, "kind": kind, "n": support[kind]})
    settle_eliminations(state)


def _candidates(state, e) -> list:
    return [u for u in state["units"] if u["owner"] == e["owner"] and u["type"] == e["kind"]]


def elimination_choices(state, units=None) -> list:
    """11.3: "reserve", the hexes of his units of that type on the map (cargo at sea by its
    Frigate's hex, 10.45), or [LOSE, id] for each Frigate of a hex where his Frigates differ.
    `units`: _candidates, if at hand."""
    e = state["eliminate"][0]
    if units is None:
        units = _candidates(state, e)
    choices = [RESERVE] if any(unit_location(state, u) is None for u in units) else []
    for h in sorted({unit_location(state, u) for u in units} - {None}):
        frigates = distinct_frigates(state, [u for u in units if u["hex"] == h]) if e["kind"] == data.FRIGATE else []
        choices += [[LOSE, f["id"]] for f in frigates] if len(frigates) > 1 else [h]
    return choices


def _eliminate(state, owner, kind, choice) -> None:
    if isinstance(choice, list):
        victim = pieces.unit(state, choice[1])
    else:
        h = None if choice == RESERVE else choice
        victim = min((u for u in pieces.units_of(state, owner) if u["type"] == kind and unit_location(state, u) == h),
                     key=lambda u: u["id"])
    for c in pieces.cargo(state, victim["id"]) if victim["type"] == data.FRIGATE else ():
        c["aboard"], c["hex"], c["mp"] = None, None, 0  # 10.45: its cargo goes to the Reserve
    state["units"].remove(victim)


def settle_eliminations(state) -> None:
    while state["eliminate"]:
        e = state["eliminate"][0]
        units = _candidates(state, e)
        if e["n"] <= 0 or not units:
            state["eliminate"].pop(0)
        elif e["n"] >= len(units):  # all of them go: nothing to choose
            for u in units:
                _eliminate(state, e["owner"], e["kind"], [LOSE, u["id"]])
            state["eliminate"].pop(0)
        else:
            choices = elimination_choices(state, units)
            if len(choices) != 1:
                return
            _eliminate(state, e["owner"], e["kind"], choices[0])
            e["n"] -= 1


def choose_elimination(state, choice) -> str:
    e = state["eliminate"][0]
    if isinstance(choice, list):
        f = pieces.unit(state, choice[1])
        what = f"the {frigate_words(state, f)} at hex {f['hex']}"
    else:
        what = f"{_a(e['kind'])} " + ("from the Reserve" if choice == RESERVE else f"at hex {choice}")
    _eliminate(state, e["owner"], e["kind"], choice)
    e["n"] -= 1
    settle_eliminations(state)
    return f"{e['owner']} eliminates {what} (11.3)"


def _a(noun: str) -> str:
    return article(noun)
