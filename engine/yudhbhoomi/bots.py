"""Computer players for Yudhbhoomi: plans of a whole turn, not one click at a time.

  Random (0): the core's RandomBot (any legal action, never one rules.confirm asks about).
  Easy (1), Medium (2): one PlanBot each. Medium differs in: its army (two Mounted Swordswomen, fast
      carriers of 2 tokens, and a Swordsman for the palace's sides; Easy takes Swordsman, Spearman,
      Archer), the exact dice-holding programme (Easy keeps the dice its largest need asks for), the
      danger and hunting terms of `evaluate`, attacks after an approach, Mirror Action, Swap a Card,
      Taunt and Retreat, and defending a carrier or flag bearer from attacks that would not defeat it.
  Hard (3): bot_hard.py, the core's search over the resolve steps of `_macro_options` (and, in Treasure and
      Hold the Fort, the dice held by the value of resolves played out: `PlanBot._needs`); it is a PlanBot
      with `strong` = HARD, which `evaluate` reads in Hold the Fort (HOLD_HARD: bolder weights, tuned in
      Medium-against-Medium play) and Rani Abbakka (RUSH: the swords go for the General once one patrol
      is left).

How a PlanBot plays a turn (`PlanBot.choose` dispatches on the stage of the turn):
  * Army: a fixed choice per campaign (ARMY; Hold the Fort and Rani Abbakka: foot soldiers only).
  * Before the roll: the dice left are worth `RollPlanner.expected_roll(n)` (the expected value of the
    best holding policy, below); recruiting or drawing costs 2 dice, so a soldier (up to an army of 3,
    Hold the Fort: 5 foot soldiers, who alone earn flags) or a card is bought when its value beats
    what the 2 dice would have brought. Additional Recruit and Mirror Action likewise.
  * Rolling: a value U(moves, hits, heals) of a final roll is read off the position (`DiceNeeds`):
    move points by the steps each soldier still wants (a carrier home, a free soldier to a treasure,
    a foot soldier into the palace (its nearest square no one stands on; the step that earns the side
    its last flag with the palace majority is worth a win), the Rani's soldiers to the walls, by an
    entrance, or to the General), hits by the enemies in reach now or after an approach (a defeat is
    worth its victory point and the treasure it drops), heals by the wounded in camp and the treasure
    one square away.
    Medium solves the holding exactly: E(h, r), the expected value of rerolling all dice but the kept
    symbol counts h with r rolls left, over the 21 symbol counts of 5 dice.
  * Resolving: a greedy planner on a blind copy (`_plan_resolve`). It scores with `evaluate` every
    square each soldier can reach with the move points left (breadth-first over the real movement
    rules: soldiers in the way, the horse's free step, the elephant's dear first step; in Rani
    Abbakka never a square the patrol sees), every attack (Medium also after an approach; hits enough
    to defeat when the pool allows, Enhanced Attack cards when they make the defeat, the defender's
    chance to block from its hand size), every heal, grab, hand-over and drop, and the Power cards of
    the resolving (Extra Turn at once, Quick Recovery for the wounded, Enhanced Movement when the
    extra points gain more than the card is worth); it takes the best, applies it with the real
    rules, and repeats until nothing gains. The clicks are cached in the bot object under a key of the
    visible state before each click (`_key`), per seat, so the next clicks follow the plan; any
    surprise (a defence revealed, a card drawn) changes the key and the bot plans again. Attacks end a
    plan (the defender answers first). No module-level mutable state (the lru caches hold terrain
    distances only); one bot object may serve several seats.
  * Defending: a Dodge of the attacker's weapon (or Enhanced Defence enough to save the soldier, or
    Extreme Dodging) when the attack, its face-down cards counted at +1.5 each, would defeat the
    soldier, or (Medium) when it costs a carried treasure or a flag.
  * Hand limit, Swap a Card: the card of least worth (CARD_VALUE) goes.
  * evaluate: victory points (100 each, a win 10,000); treasure carried (180 - 6 a step from camp) and
    on the map (the nearest free soldiers of each side take the tokens it still needs, a horse two;
    60 - 3 a step); flags (100), flag bearers kept out of danger (in the palace only once their side
    holds 4) and the palace majority (Hold the Fort); the Portuguese defeated,
    the patrol's sight in the coming steps (a soldier it would see before its seat plays again is a
    lost game; on the patrol ground, one it would see in the turns after is likely trapped, the
    stairs and entrances being few), soldiers in camp valued as on their camp square (whoever blocks
    that square pays for it, the Rani above all), archers and spearmen on the walls in range of where
    the patrol will stand next time, and the Rani's distance from the guards (Rani Abbakka);
    soldiers' defence; cards in hand. Rani Abbakka: the dice want moves for a soldier the patrol
    will soon see, and the planner also tries moving a neighbour out of its way first (`_make_way`). Medium also weighs the
    danger to each soldier from the enemies that can reach it next turn and its own threat on enemy
    carriers.

Blind copies: the bot may not see other hands, the deck's order, the other side's face-down attack or
defence cards, or the dice to come. `blind` pools every card the bot cannot see (other seats' hands
except an ally's in Semi-Collaborative play, the deck, and face-down cards of the other side), shuffles
the pool with the bot's own generator and deals it back in the same sizes, and reseeds the game's
generator from the bot's seed. The evaluation reads only public things (positions, defence, treasure,
VP, hand sizes) and the bot's own (and ally's) hand; tests/test_yudhbhoomi_bots.py checks that
dealing the hidden cards differently never changes a choice.

Measured (python -m engine.yudhbhoomi.bot_match, seed 9000, CPython): Medium beats Easy in 98 of 100
two-player Treasure games (seats alternated), Easy beats Random 50 of 50, Medium beats Random 20 of 20;
no Treasure game between them reached the round limit. Solo Rani Abbakka: Medium wins 52 of 100, the
others reach the round limit. Cooperative Rani Abbakka (seed 9100, 60 games): Medium wins 20 with 2
players (40 reach the round limit), 34 with 3 players; Easy still wins none (0 of 20, 2 and 3 players). Medium think time per decision:
median 0.1 ms, p95 16.5 ms, max 400 ms (a cold cache of terrain distances), mean 3.0 ms.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

from engine.core import rng
from engine.core.api import same

from . import army, attacks, campaigns, cards, data, movement, rules, turn as turnmod

HARD = 3  # `strong` is True for Medium; Hard (bot_hard.py) passes HARD for its own readings (RUSH)
RUSH = 1  # Hard, Rani Abbakka: the melee soldiers go for the General once this many patrols or fewer walk
WIN = 10_000.0
VP = 100.0
CARD_VALUE = {"extreme": 30, "dodge_sword": 22, "dodge_spear": 20, "dodge_arrow": 20, "defence2": 20,
              "defence1": 14, "extra": 28, "move2": 18, "move1": 12, "attack2": 18, "attack1": 12,
              "recovery3": 16, "recovery2": 13, "recruit": 22, "retreat": 12, "swap": 10, "taunt": 12,
              "mirror": 10}
PORTUGUESE = "Portuguese"
# the armies (and recruits, in order of preference) per campaign and level
ARMY = {
    data.TREASURE: {1: ("swordsman", "spearman", "archer"), 2: ("horse", "horse", "swordsman")},
    data.HOLD: {1: ("swordsman", "spearman", "archer"), 2: ("swordsman", "swordswoman", "spearman")},
    data.RANI: {1: ("swordsman", "swordswoman", "spearman", "spearman", "archer", "swordsman"),
                2: ("spearman", "archer", "swordsman", "swordswoman", "spearman", "swordsman")},
}
RECRUITS = {
    data.TREASURE: ("horse", "swordsman", "swordswoman", "elephant", "spearman", "archer"),
    data.HOLD: ("swordsman", "swordswoman", "spearman", "archer"),
    data.RANI: (),
}


# --- blind copies -------------------------------------------------------------------------------------

def _copy(state) -> dict:
    """A copy of the game state deep enough for the rules to play on (the log left empty)."""
    s = dict(state)
    s["log"] = []
    s["soldiers"] = [dict(x) for x in state["soldiers"]]
    s["treasure"] = dict(state["treasure"])
    s["vp"] = dict(state["vp"])
    s["banked"] = dict(state["banked"])
    s["hands"] = {r: list(h) for r, h in state["hands"].items()}
    s["deck"] = list(state["deck"])
    s["discard"] = list(state["discard"])
    s["last_roll"] = list(state["last_roll"])
    s["army"] = dict(state["army"])
    s["options"] = dict(state["options"])
    if "camps" in state:
        s["camps"] = dict(state["camps"])
    t = state["turn"]
    if t is not None:
        t = dict(t)
        for k in ("dice", "held", "noise"):
            t[k] = list(t[k])
        for k in ("pool", "spent", "steps"):
            t[k] = dict(t[k])
        if t["attack"] is not None:
            a = dict(t["attack"])
            a["acards"] = list(a["acards"])
            a["dcards"] = list(a["dcards"])
            t["attack"] = a
        if t["sub"] is not None:
            t["sub"] = dict(t["sub"])
        s["turn"] = t
    return s


def _sees(state, role) -> set:
    out = {role}
    if state["options"]["mode"] == "semi":
        out.add(data.ALLY[role])
    return out


def blind(state, role: str, seed: int) -> dict:
    s = _copy(state)
    s["rng"] = rng.seed_state(seed ^ 0x5EED_B11D)
    visible = _sees(s, role)
    others = [r for r in s["seats"] if r not in visible]
    t = s["turn"]
    att = t["attack"] if t is not None else None
    hidden_att = att is not None and t["seat"] not in visible
    hidden_def = att is not None and att["defender"] is not None and att["defender"] not in visible
    pool = list(s["deck"])
    for r in others:
        pool += s["hands"][r]
    if hidden_att:
        pool += att["acards"]
    if hidden_def:
        pool += att["dcards"]
    pool.sort()
    s["rng"] = rng.shuffle(s["rng"], pool)

    def take(n):
        out = pool[:n]
        del pool[:n]
        return out
    for r in others:
        s["hands"][r] = take(len(s["hands"][r]))
    if hidden_att:
        att["acards"] = take(len(att["acards"]))
    if hidden_def:
        att["dcards"] = take(len(att["dcards"]))
    s["deck"] = pool
    return s


def _key(state, role):
    """What `role` sees of the state, as a hashable value (plans are cached under it)."""
    t = state["turn"]
    tk = None
    if t is not None:
        a = t["attack"]
        ak = None
        if a is not None:
            ak = (a["by"], a["target"], a["hits"], a["stage"], a["defender"], len(a["acards"]),
                  len(a["dcards"]), tuple(a["acards"]) if t["seat"] in _sees(state, role) else ())
        sub = t["sub"]
        sk = None if sub is None else (sub["k"], sub.get("sid"), sub.get("from"))
        tk = (t["seat"], t["stage"], t["dice_left"], t["recruits"], t["draws"], tuple(t["dice"]),
              tuple(t["held"]), t["rolls"], t["pool"][data.MOVE], t["pool"][data.HIT], t["pool"][data.HEAL],
              t["heal_bonus"], t["sel"], tuple(sorted(t["spent"].items())), tuple(sorted(t["steps"].items())),
              ak, sk, t["extra"])
    sold = tuple((s["owner"], s["kind"], s["def"], s["pos"], s["carry"], s["flag"], s["out"])
                 for s in state["soldiers"])
    hands = tuple(tuple(state["hands"][r]) if r in _sees(state, role) else len(state["hands"][r])
                  for r in state["seats"])
    return (role, state["phase"], state["round"], state["discarding"], tk, sold,
            tuple(sorted(state["treasure"].items())), tuple(state["vp"][r] for r in state["seats"]),
            hands, len(state["deck"]), state["reveals"])


def _camp(state, role):
    """The camp square of `role` (chosen corners in Rani Abbakka: state["camps"]), None for none."""
    camps = state.get("camps")
    if camps is not None:
        return camps.get(role)
    return data.CAMP.get(role)


# --- geometry helpers (terrain only, cached: derived data, never game state) ----------------------------

@lru_cache(maxsize=512)
def _multi_dist(sources: frozenset, foot: bool) -> tuple:
    """Terrain steps from every square to the nearest of `sources` (one breadth-first search, as
    movement.distances_to does for one square; a pure memo of derived terrain data)."""
    kind = "swordsman" if foot else "horse"
    dist = [999] * data.NUM_SQUARES
    frontier = []
    for t in sources:
        dist[t] = 0
        frontier.append(t)
    d = 0
    while frontier:
        d += 1
        nxt = []
        for s in frontier:
            for t in movement.neighbours(s):
                if dist[t] == 999 and movement.step_ok(t, s, kind):
                    dist[t] = d
                    nxt.append(t)
        frontier = nxt
    return tuple(dist)


@lru_cache(maxsize=64)
def _grab_dist(token: int, foot: bool) -> tuple:
    """Steps from every square to a square where a soldier gets the token at `token`: onto it (foot) or
    next to it (mounted, then an O)."""
    if foot:
        return movement.distances_to(token, "swordsman")
    return _multi_dist(frozenset(b for b in movement.neighbours(token)
                                 if b not in data.PILLARS and b not in data.FOOT_ONLY), False)


def _palace_dist(state) -> tuple:
    """Steps to the nearest palace square no soldier stands on: a flag is earned by stepping onto the
    palace ("Hold the Fort": "the moment a soldier enters the Palace area"), and a square held by a
    soldier cannot be entered, so a soldier beside a row of its own flag bearers is not one step away."""
    free = data.PALACE.difference(s["pos"] for s in state["soldiers"])
    return _multi_dist(free or data.PALACE, True)


def _hits_from(kind: str, a: int, b: int, night: bool):
    """(can a soldier of `kind` on square a attack one on b, the range penalty): as attacks.py."""
    k = data.SOLDIERS[kind]
    d = movement.chebyshev(a, b)
    if d > k["range"] or d == 0:
        return False, 0
    la, lb = movement.level(a), movement.level(b)
    if la == 0 and lb == 1 and kind != "elephant":
        return False, 0
    if la == 1 and lb == 0 and k["range"] == 1:
        return False, 0
    if not movement.line_of_sight(a, b):
        return False, 0
    beyond = d - 1
    p = 0 if la == 1 else k["penalty"] * beyond
    if night and k["range"] > 1:
        p += beyond
    return True, p


def _steps_for(kind: str, points: int) -> int:
    bonus = data.SOLDIERS[kind]["move"]
    if points <= 0:
        return 0
    if bonus > 0:
        return points + bonus
    if bonus < 0:
        return max(0, points - 1)
    return points


# --- evaluation ---------------------------------------------------------------------------------------

def _material(s) -> float:
    return 10.0 + 8.0 * s["def"]


def _stride(kind: dict) -> int:
    """Squares a soldier of this kind can usually cover in a turn (the horse more, the elephant less)."""
    return 4 if kind["move"] > 0 else (2 if kind["move"] < 0 else 3)


def _pressure(units: list):
    """A function square -> expected hits that soldiers at (square, range, reach) can bring on it
    next turn: 3 in range now, less the further they must walk, at most 5 in all."""
    def at(p: int) -> float:
        h = 0.0
        dist = movement.CHEBYSHEV[p]
        for q, rng_, reach in units:
            d = dist[q]
            if d <= rng_:
                h += 3.0
            elif d <= rng_ + reach:
                h += 1.6 - 0.25 * (d - rng_)
        return min(h, 5.0)
    return at


def _danger_map(state, me: str, strong: bool, side: dict):
    """For Medium: a function square -> expected hits the other sides can bring on it next turn
    (Treasure and Hold the Fort, whose soldiers all belong to seats; `side`: each seat's side)."""
    if not strong or state["options"]["campaign"] == data.RANI:
        return None
    threats = []
    for s in state["soldiers"]:
        if s["pos"] is None or side[s["owner"]] == me:
            continue
        k = data.SOLDIERS[s["kind"]]
        threats.append((s["pos"], k["range"], _stride(k)))
    if not threats:
        return None
    return _pressure(threats)


def _hit_chances() -> tuple:
    """HIT_CHANCE[n][k]: the chance of at least k Xs on n dice rolled up to ROLLS times, the Xs kept
    (rulebook "Game Turn" 3.; a die shows X on 2 faces of 6, so it ends on X with 1 - (2/3)^3)."""
    q = 1.0 - (1.0 - data.DIE_FACES.count(data.HIT) / len(data.DIE_FACES)) ** data.ROLLS
    return tuple(tuple(sum(comb(n, j) * q ** j * (1.0 - q) ** (n - j) for j in range(k, n + 1)) if k <= n else 0.0
                       for k in range(data.DICE + 1)) for n in range(data.DICE + 1))


HIT_CHANCE = _hit_chances()
# Hard, Treasure: weight of the chance that another seat defeats a soldier in its coming turn (a seat
# does not always spend its turn on that attack); tuned in Semi-Collaborative play, docs/benchmarks.md
SEAT_THREAT = 0.5


def _seat_threat_map(state, me: str, side: dict, night: bool):
    """Hard, Treasure: a function (square, defence) -> the chance that one of the other seats defeats a
    soldier with that defence on that square in its coming turn. Each seat attacks with its own dice
    ("Resolving Attacks"): its soldier in range rolls all five for Xs, one that must walk first keeps
    a die for each move point it needs; the range penalty of the distance is added to the defence
    (line of sight and the walls' levels are not read: an estimate, as Medium's). The seats play one
    after another, so the chances combine (1 - the product of their misses);
    Medium's `_danger_map` adds expected hits of all enemy soldiers instead, which in a 4-player game
    reads a soldier next to enemies of two seats as barely in danger."""
    by_seat = {}
    for s in state["soldiers"]:
        if s["pos"] is None or side[s["owner"]] == me:
            continue
        k = data.SOLDIERS[s["kind"]]
        by_seat.setdefault(s["owner"], []).append((s["pos"], k["range"], k["move"], k["penalty"]))
    if not by_seat:
        return None
    seats = [units for _, units in sorted(by_seat.items())]

    def at(p: int, defence: int) -> float:
        dist = movement.CHEBYSHEV[p]
        miss = 1.0
        for units in seats:
            best = 0.0
            for q, reach, bonus, per in units:
                d = dist[q]
                walk = d - reach
                dice = data.DICE - (max(1, walk - bonus) if walk > 0 else 0)
                beyond = min(d, reach) - 1
                need = defence + (per * beyond + (beyond if night else 0) if reach > 1 else 0)
                if dice > 0 and need <= dice:
                    best = max(best, HIT_CHANCE[dice][max(need, 0)])
            miss *= 1.0 - best
        return 1.0 - miss
    return at


def _hunt_map(state, me: str):
    """Medium: a function square -> expected hits `me` can bring on it next turn."""
    mine = []
    for s in state["soldiers"]:
        if s["pos"] is not None and s["owner"] != PORTUGUESE and campaigns.side(state, s["owner"]) == me:
            k = data.SOLDIERS[s["kind"]]
            mine.append((s["pos"], k["range"], _stride(k)))
    if not mine:
        return None
    return _pressure(mine)


def _defeat_chance(hits: float, defence: int) -> float:
    if hits <= 0:
        return 0.0
    return max(0.0, min(0.85, (hits - defence + 1.2) / 3.0))


def evaluate(state, role: str, strong: bool = True) -> float:
    """The position for `role`'s side (higher is better); only public things and own/ally cards."""
    res = state["result"]
    if res is not None:
        return WIN if role in res["winners"] else -WIN
    camp = state["options"]["campaign"]
    if camp == data.RANI:
        return _evaluate_rani(state, role, strong)
    me = campaigns.side(state, role)
    seats = state["seats"]
    side = {r: campaigns.side(state, r) for r in seats}
    my_vp = sum(state["vp"][r] for r in seats if side[r] == me)
    foes = {}
    for r in seats:
        sd = side[r]
        if sd != me:
            foes[sd] = foes.get(sd, 0) + state["vp"][r]
    score = 0.0
    hand_mine = sum(len(state["hands"][r]) for r in seats if side[r] == me)
    hand_foe = sum(len(state["hands"][r]) for r in seats if side[r] != me)
    score += 6.0 * hand_mine - 6.0 * hand_foe / max(1, len(foes))
    danger = _danger_map(state, me, strong, side)
    defence_cards = sum(1 for r in seats if side[r] == me for c in state["hands"][r]
                        if data.CARD_KINDS[data.CARDS[c]][1] == "defence")
    guard = 0.75 if defence_cards else 1.0
    if camp == data.TREASURE:
        score += VP * my_vp - VP * (max(foes.values()) if foes else 0)
        threat = (_seat_threat_map(state, me, side, state["options"]["night"])
                  if strong == HARD and danger is not None else None)
        score += _treasure_terms(state, me, foes, danger, guard, threat)
    else:
        bold = strong == HARD and len(foes) == 1 and state["round"] < HOLD_BOLD_ROUNDS
        score += _hold_terms(state, me, foes, danger, guard, side, HOLD_HARD if bold else HOLD_MEDIUM)
    return score


@dataclass(frozen=True)
class HoldWeights:
    """Weights of Hold the Fort's evaluation (_hold_terms) that differ by level."""
    palace: float      # a foot soldier in the palace without a flag, or once its side holds 4
    flag_in_palace: float  # a flag bearer in the palace while its side holds fewer
    far: float         # per step from the palace, a foot soldier without a flag
    danger: float      # times the expected loss of a soldier the enemy can reach next turn
    majority: float    # per soldier of lead in the palace


HOLD_MEDIUM = HoldWeights(palace=45.0, flag_in_palace=0.0, far=5.0, danger=1.0, majority=25.0)
# Hard's between two sides (two players, or two alliances): tuned in Medium-against-Medium play, only
# these weights changed (docs/benchmarks.md): bolder (less fear of the enemy's reach), keener on the
# palace and its majority. Its flag bearers then stand in the palace, where two such armies strike
# each other's down as fast as flags are earned: from round HOLD_BOLD_ROUNDS on Hard keeps Medium's
# weights (bearers kept safe), so that games between Hard bots end by the rulebook's 5 flags. With
# three or more sides the bold weights stall games and win less: Medium's there.
HOLD_HARD = HoldWeights(palace=60.0, flag_in_palace=20.0, far=8.0, danger=0.6, majority=45.0)
HOLD_BOLD_ROUNDS = 45  # (the About page names it: engine/yudhbhoomi/__init__.py)


def _treasure_terms(state, me, foes, danger, guard, threat=None) -> float:
    """"#1 Treasure Campaign": tokens carried home, tokens within reach, soldiers at risk. `threat`
    (Hard): the chance each other seat defeats a soldier (_seat_threat_map) instead of Medium's
    expected hits."""
    score = 0.0
    hunt = _hunt_map(state, me) if danger is not None else None
    tokens = [(int(k), n) for k, n in state["treasure"].items()]
    free = {}          # side -> [(soldier, room)]
    nfoes = max(1, len(foes))
    for s in state["soldiers"]:
        sd = campaigns.side(state, s["owner"])
        mine = sd == me
        sign = 1.0 if mine else -1.0 / nfoes
        score += sign * _material(s)
        home = _camp(state, s["owner"])
        if s["pos"] is None:
            if s["def"] == 0:
                score -= sign * 12.0
            elif tokens:
                free.setdefault(sd, []).append((s, campaigns.carry_room(s)))
            continue
        foot = data.SOLDIERS[s["kind"]]["foot"]
        value = 0.0
        if s["pos"] == home and not s["carry"]:
            value -= 8.0  # standing in the camp's door: nobody enters, nobody banks
        if s["carry"]:
            d = movement.distances_to(home, "swordsman" if foot else "horse")[s["pos"]]
            value += s["carry"] * (180.0 - 6.0 * min(d, 16))
        if campaigns.carry_room(s) > 0 and tokens:
            free.setdefault(sd, []).append((s, campaigns.carry_room(s)))
        if mine and danger is not None:
            if threat is not None:
                p = SEAT_THREAT * threat(s["pos"], s["def"])
            else:
                h = danger(s["pos"])
                p = _defeat_chance(h, s["def"]) if h else 0.0
            value -= p * guard * (VP + _material(s) + 0.8 * s["carry"] * 120.0)
        elif not mine and hunt is not None and s["carry"]:
            h = hunt(s["pos"])
            if h:
                value -= 0.4 * _defeat_chance(h, s["def"]) * (VP + s["carry"] * 120.0)
        score += sign * value
    # treasure on the map: the nearest free soldiers of each side take the tokens the side still needs
    # (a soldier as many as it can carry); further pairings count for little
    if tokens:
        for sd, sol in free.items():
            sign = 1.0 if sd == me else -1.0 / nfoes
            roles_ = campaigns.side_roles(state, sd)
            vp = sum(state["vp"][r] for r in roles_)
            carried = sum(x["carry"] for x in state["soldiers"] if x["owner"] in roles_)
            need = max(1, -(-(data.WIN_VP - vp) // data.TREASURE_VP) - carried)
            pairs = []
            for k, (s, room) in enumerate(sol):  # k, not id(s): ties broken the same in every copy
                foot = data.SOLDIERS[s["kind"]]["foot"]
                at, extra = (s["pos"], 0) if s["pos"] is not None else (_camp(state, s["owner"]), 2)
                for t, n in tokens:
                    d = _grab_dist(t, foot)[at] + (0 if foot else 1) + extra
                    if d < 20:
                        pairs.append((d, k, t, room))
            pairs.sort()
            used, left = {}, {t: n for t, n in tokens}
            got = 0
            for d, sid, t, room in pairs:
                if used.get(sid, 0) >= room or left[t] <= 0:
                    continue
                used[sid] = used.get(sid, 0) + 1
                left[t] -= 1
                score += sign * (60.0 - 3.0 * d) * (1.0 if got < need else 0.25)
                got += 1
    return score


def _hold_terms(state, me, foes, danger, guard, side, w: HoldWeights) -> float:
    """"#2 Hold the Fort Campaign": a flag is earned on entering the palace and kept until its bearer
    is defeated (it keeps it outside the palace: our reading), and the palace majority decides the
    winner only when a side holds 5 flags ("Winning Condition"). So a bearer is worth its flag and its
    safety, standing in the palace (w.palace) only once its side holds 4 flags (the next flag ends the
    game; before that w.flag_in_palace); the majority always counts, as any side's fifth flag ends
    the game."""
    score = 0.0
    nfoes = max(1, len(foes))
    held = dict.fromkeys(state["seats"], 0)  # flags held by each seat (campaigns.flags_held)
    flags = dict.fromkeys(side.values(), 0)
    palace = dict.fromkeys(side.values(), 0)  # soldiers in the palace (campaigns.palace_count)
    for s in state["soldiers"]:
        if s["flag"]:
            held[s["owner"]] += 1
            flags[side[s["owner"]]] += 1
        if s["pos"] in data.PALACE:
            palace[side[s["owner"]]] += 1
    dist = _palace_dist(state)
    for s in state["soldiers"]:
        sd = side[s["owner"]]
        mine = sd == me
        sign = 1.0 if mine else -1.0 / nfoes
        foot = data.SOLDIERS[s["kind"]]["foot"]
        material = _material(s)
        v = material * (1.0 if foot else 0.6)
        if s["pos"] is not None and foot:
            if s["pos"] in data.PALACE:
                v += w.palace if not s["flag"] or flags[sd] >= data.FLAGS - 1 else w.flag_in_palace
            elif not s["flag"]:
                v -= w.far * min(dist[s["pos"]], 16)
                if held[s["owner"]] < data.FLAGS:
                    v += 30.0 - 3.0 * min(dist[s["pos"]], 10)
        elif s["pos"] is None and foot:
            v -= 5.0 * 14 + (12.0 if s["def"] == 0 else 0.0)
        if s["flag"]:
            v += 100.0
        if mine and danger is not None and s["pos"] is not None:
            h = danger(s["pos"])
            if h:
                v -= w.danger * _defeat_chance(h, s["def"]) * guard * (material + (100.0 if s["flag"] else 0.0) + 40.0)
        score += sign * v
    best_foe = max((palace[sd] for sd in foes), default=0)
    score += w.majority * (palace.get(me, 0) - best_foe)
    return score


def _patrol_positions(state, ahead: int) -> list:
    out = []
    route = data.PATROL_ROUTE
    for i in campaigns.portuguese(state, ("patrol",)):
        p = state["soldiers"][i]["pos"]
        if p in route:
            out.append(route[(route.index(p) + ahead) % len(route)])
    return out


@lru_cache(maxsize=16384)
def _seen_by_patrol(patrol: int, square: int) -> bool:
    if square in data.WALL or movement.chebyshev(patrol, square) > data.PATROL_SIGHT:
        return False
    return movement.line_of_sight(patrol, square)


def _evaluate_rani(state, role, strong) -> float:
    score = 0.0
    players = state["options"]["players"]
    night = state["options"]["night"]
    mine = [s for s in state["soldiers"] if s["owner"] != PORTUGUESE]
    port = [s for s in state["soldiers"] if s["owner"] == PORTUGUESE]
    patrol_alive = [s for s in port if s["kind"] == "patrol" and not s["out"]]
    rush = strong == HARD and len(patrol_alive) <= RUSH
    for s in port:
        full = data.SOLDIERS[s["kind"]]["defence"]
        lost = full - s["def"] if not s["out"] else full
        w = {"patrol": 70.0, "guard": 45.0, "general": 120.0}[s["kind"]]
        score += w * lost / full + (w if s["out"] else 0.0)
    # the patrol's sight in the steps to come: after each player's turn it steps once
    ahead = [(k, _patrol_positions(state, k)) for k in range(1, 2 * players + 2)] if patrol_alive else []
    general = next((s for s in port if s["kind"] == "general"), None)
    gpos = general["pos"] if general and general["pos"] is not None else data.PALACE_CENTRE
    targets = [s["pos"] for s in port if s["pos"] is not None and s["kind"] != "patrol"]
    wakers = [s["pos"] for s in port if s["pos"] is not None and s["kind"] in ("guard", "general")]
    # soldiers still in camp enter on the camp square: whoever stands there keeps them out
    waiting = {}
    for s in mine:
        if s["pos"] is None and not s["out"] and s["def"] > 0:
            c = _camp(state, s["owner"])
            if c is not None:
                waiting[c] = waiting.get(c, 0) + 1
    for s in mine:
        if s["out"]:
            continue
        if s["kind"] == "rani":
            score += 120.0 * s["def"]
        else:
            score += 12.0 * s["def"]
        p = s["pos"]
        if p is None:
            # valued as on the camp square, less the step in (never better than entering)
            p = _camp(state, s["owner"])
            if p is None or s["def"] == 0:
                score -= 60.0
                continue
            score -= 15.0
        else:
            if p in waiting:
                score -= 40.0 * waiting[p]
            # on the patrol ground a soldier seen soon after the next turn is likely trapped (the
            # stairs and entrances are few), so it stops there only in a wide gap
            inside = p in data.FORT_INSIDE
            for k, spots in ahead:
                if any(_seen_by_patrol(q, p) for q in spots):
                    if k <= players:
                        score -= 4000.0
                    elif inside:
                        score -= 1500.0 if k == players + 1 else (700.0 if k <= 2 * players else 250.0)
                    else:
                        score -= (300.0, 60.0, 0.0)[min(k - players - 1, 2)]
                    break
            if p in _entrances() and patrol_alive:
                score -= 30.0  # a soldier in an entrance blocks the way in and out
        # move in once the patrol is thinned; the Rani keeps out of the guards' reach
        if s["kind"] == "rani":
            near = min((movement.chebyshev(p, q) for q in wakers), default=9)
            if near <= 3:
                score -= 60.0 * (4 - near)
            continue
        if patrol_alive and not (rush and data.SOLDIERS[s["kind"]]["range"] == 1):
            # ranged soldiers to the walls above the patrol ground, closing on the patrol; the others
            # wait outside the walls by an entrance (Hard: the swords go in with one patrol left, the
            # patrol's sight above keeping them out of its way)
            if data.SOLDIERS[s["kind"]]["range"] > 1:
                d = _multi_dist(frozenset(_wall_posts()), True)[p]
                score -= 3.0 * min(d, 20)
                if p in data.WALL:
                    score += 20.0
                    # where the patrol will stand when this seat plays next: in range then, or close
                    nxt = _patrol_positions(state, players)
                    if any(_hits_from(s["kind"], p, q, night)[0] for q in nxt):
                        score += 30.0
                    near = min(movement.chebyshev(p, q) for q in nxt) if nxt else 12
                    score -= 2.0 * min(near, 12)
            else:
                d = _multi_dist(_staging(), True)[p]
                score -= 2.0 * min(d, 20)
            continue
        goal = gpos if targets else data.PALACE_CENTRE
        d = movement.distances_to(goal, "swordsman")[p]
        score -= 4.0 * min(d, 25)
    return score


@lru_cache(maxsize=1)
def _entrances() -> frozenset:
    return frozenset(data.SMALL_ENTRANCES + data.MAIN_ENTRANCES)


@lru_cache(maxsize=1)
def _staging() -> frozenset:
    """Ground squares outside the walls next to an entrance (unseen by the patrol behind the walls)."""
    out = set()
    for e in data.SMALL_ENTRANCES + data.MAIN_ENTRANCES:
        for b in movement.neighbours(e):
            if b not in data.WALL and b not in data.FORT_INSIDE and b not in data.FOOT_ONLY:
                out.add(b)
    return frozenset(out)


@lru_cache(maxsize=1)
def _wall_posts() -> tuple:
    """Wall squares right above the patrol ring (archers and spearmen shoot the patrol from there)."""
    ring = set(data.PATROL_ROUTE)
    return tuple(sorted(w for w in data.WALL if any(b in ring for b in movement.neighbours(w))))


def _last_flag_wins(state, role) -> bool:
    """Hold the Fort: the side of `role` holds all flags but one, and one more soldier stepping into
    the palace (its flag the side's last) would end the game with the side ahead ("Winning Condition":
    the palace majority; flags break a tie, our reading in campaigns.side_key)."""
    me = campaigns.side(state, role)
    palace, flags = campaigns.side_key(state, me)
    if flags != data.FLAGS - 1:
        return False
    return all((palace + 1, flags + 1) > campaigns.side_key(state, s) for s in campaigns.sides(state) if s != me)


# --- the dice: what a roll is worth ---------------------------------------------------------------------

class DiceNeeds:
    """U(moves, hits, heals) for the coming resolve, read off the position (see the module docstring)."""

    def __init__(self, state, role, strong):
        self.state, self.role, self.strong = state, role, strong
        camp = state["options"]["campaign"]
        soldiers = state["soldiers"]
        self.movers = []   # (kind, steps wanted, value a step, lump on arrival)
        tokens = [int(k) for k in state["treasure"]]
        night = state["options"]["night"]
        enemies = [(i, s) for i, s in enumerate(soldiers) if s["pos"] is not None
                   and attacks.enemies(state, role, s["owner"])]
        mine = [(i, s) for i, s in enumerate(soldiers) if s["owner"] == role and not s["out"]]
        patrol = any(s["kind"] == "patrol" for _i, s in enemies)
        rush = strong == HARD and sum(1 for _i, s in enemies if s["kind"] == "patrol") <= RUSH
        rani_ahead = []
        if camp == data.RANI and patrol:
            rani_ahead = [_patrol_positions(state, k) for k in range(1, 2 * state["options"]["players"] + 1)]
        n_players = state["options"]["players"]
        last_flag_wins = camp == data.HOLD and _last_flag_wins(state, role)
        for i, s in mine:
            if s["pos"] is None and s["def"] == 0:
                continue
            p = s["pos"] if s["pos"] is not None else _camp(state, role)
            if p is None:
                continue
            extra = 1 if s["pos"] is None else 0
            foot = data.SOLDIERS[s["kind"]]["foot"]
            if camp == data.TREASURE:
                if s["carry"]:
                    d = movement.distances_to(_camp(state, role), "swordsman" if foot else "horse")[p]
                    self.movers.append((s["kind"], d + extra, 7.0 * s["carry"], 10.0 * s["carry"] + 20))
                elif tokens:
                    d = min(_grab_dist(t, foot)[p] for t in tokens)
                    self.movers.append((s["kind"], d + extra, 4.0, 10.0))
            elif camp == data.HOLD:
                if foot and (s["pos"] is None or s["pos"] not in data.PALACE):
                    d = _palace_dist(state)[p]
                    lump = 30.0 if s["flag"] else WIN / 10 if last_flag_wins else 40.0
                    self.movers.append((s["kind"], d + extra, 5.0, lump))
            elif s["pos"] is not None and s["pos"] not in data.WALL and any(
                    _seen_by_patrol(q, s["pos"]) for spots in rani_ahead for q in spots):
                # the patrol will see it before this seat plays again (or the time after): get away now
                soon = any(_seen_by_patrol(q, s["pos"]) for spots in rani_ahead[:n_players] for q in spots)
                d = min(_multi_dist(frozenset(_wall_posts()), True)[p], _multi_dist(_staging(), True)[p])
                self.movers.append((s["kind"], max(1, d), 10.0, 1000.0 if soon else 300.0))
            elif s["kind"] != "rani":
                if patrol and data.SOLDIERS[s["kind"]]["range"] > 1:
                    d = _multi_dist(frozenset(_wall_posts()), True)[p]
                    self.movers.append((s["kind"], d + extra, 3.0, 20.0))
                elif not patrol or (rush and data.SOLDIERS[s["kind"]]["range"] == 1):
                    d = movement.distances_to(data.PALACE_CENTRE, "swordsman")[p]
                    self.movers.append((s["kind"], max(0, d - 1) + extra, 4.0, 0.0))
                else:
                    d = _multi_dist(_staging(), True)[p]
                    self.movers.append((s["kind"], d + extra, 2.0, 0.0))
        # attacks possible now
        self.targets = []  # (need, value)
        for t, e in enemies:
            best = None
            for i, s in mine:
                if s["pos"] is None:
                    continue
                ok, pen = _hits_from(s["kind"], s["pos"], e["pos"], night)
                if ok and (best is None or pen < best):
                    best = pen
            if best is None:
                continue
            if e["owner"] == PORTUGUESE:
                val = {"patrol": 140.0, "guard": 60.0, "general": 300.0}[e["kind"]]
                if patrol and e["kind"] != "patrol":
                    val *= 0.3
            else:
                val = (VP if camp == data.TREASURE else 40.0) + _material(e) + e["carry"] * 120.0 \
                    + (100.0 if e["flag"] else 0.0)
            self.targets.append((e["def"] + best, val))
        # attacks after an approach (Medium): (mover index, move points, hits needed, value)
        self.approach = []
        if strong:
            for t, e in enemies:
                if e["owner"] != PORTUGUESE and not e["carry"] and not e["flag"]:
                    continue
                for n, (i, s) in enumerate(mine):
                    if s["pos"] is None or (camp == data.RANI and patrol and s["pos"] not in data.WALL):
                        continue
                    k = data.SOLDIERS[s["kind"]]
                    steps = movement.chebyshev(s["pos"], e["pos"]) - k["range"]
                    if steps <= 0 or steps > 5:
                        continue
                    points = steps - 1 if k["move"] > 0 and steps > 1 else steps + (1 if k["move"] < 0 else 0)
                    if e["owner"] == PORTUGUESE:
                        val = {"patrol": 140.0, "guard": 60.0, "general": 300.0}[e["kind"]]
                    else:
                        val = VP + _material(e) + e["carry"] * 120.0 + (100.0 if e["flag"] else 0.0)
                    self.approach.append((i, points, e["def"], val))
        self.heals = []
        for i, s in mine:
            if army.needs_heal(s):
                full = data.SOLDIERS[s["kind"]]["defence"]
                self.heals.append(35.0 if s["def"] == 0 else 9.0)
                self.heals += [9.0] * (full - max(s["def"], 1) - (1 if s["def"] == 0 else 0))
        if camp == data.TREASURE:
            for i, s in mine:
                if s["pos"] is not None and campaigns.carry_room(s) > 0:
                    near = [b for b in movement.neighbours(s["pos"]) if campaigns.treasure_at(state, b)]
                    if near:
                        self.heals.append(70.0)
        self.heals.sort(reverse=True)
        self._fm = {}

    def moves(self, m: int) -> float:
        if m in self._fm:
            return self._fm[m]
        best = [0.0] * (m + 1)
        for kind, want, w, lump in self.movers:
            nxt = list(best)
            for used in range(1, m + 1):
                st = _steps_for(kind, used)
                g = w * min(st, want) + (lump if st >= want else 0.0)
                for base in range(0, m - used + 1):
                    v = best[base] + g
                    if v > nxt[base + used]:
                        nxt[base + used] = v
            best = nxt
        out = max(best)
        self._fm[m] = out
        return out

    def hits(self, x: int) -> float:
        best = [0.0] * (x + 1)
        for need, val in self.targets:
            nxt = list(best)
            for used in range(1, x + 1):
                g = val if used >= need else 6.0 * used
                for base in range(0, x - used + 1):
                    if best[base] + g > nxt[base + used]:
                        nxt[base + used] = best[base] + g
            best = nxt
        return max(best)

    def heal(self, o: int) -> float:
        return sum(self.heals[:o])

    def value(self, m, x, o) -> float:
        v = self.moves(m) + self.hits(x)
        for _i, points, need, val in self.approach:
            if points <= m and x >= need:
                v = max(v, self.moves(m - points) * 0.8 + val * 0.7)
        return v + self.heal(o) + 0.5 * (m + x + o)


def _compositions(n):
    return [(m, x, n - m - x) for m in range(n + 1) for x in range(n + 1 - m)]


@lru_cache(maxsize=8)
def _outcomes(n: int) -> tuple:
    """The symbol counts of n fresh dice with their probabilities (two faces of each symbol)."""
    from math import comb
    out = []
    for m, x, o in _compositions(n):
        p = comb(n, m) * comb(n - m, x) / 3 ** n
        out.append(((m, x, o), p))
    return tuple(out)


class RollPlanner:
    """The exact value of the roll with r rerolls left, holding the best subset of dice each time.
    E(h, r): the expected value of rerolling all but the held counts h; V(c, r) = max(U(c), E(h, r)
    for the h within c)."""

    def __init__(self, needs: DiceNeeds):
        self.needs = needs
        self.memo = {}
        self.emem = {}
        self.umem = {}

    def u(self, c):
        v = self.umem.get(c)
        if v is None:
            v = self.umem[c] = self.needs.value(*c)
        return v

    def e(self, h, n, r):
        key = (h, n, r)
        v = self.emem.get(key)
        if v is None:
            v = 0.0
            for (m, x, o), p in _outcomes(n - sum(h)):
                v += p * self.v((h[0] + m, h[1] + x, h[2] + o), r - 1)
            self.emem[key] = v
        return v

    def v(self, c, r):
        key = (c, r)
        got = self.memo.get(key)
        if got is not None:
            return got[0]
        best, hold = self.u(c), None
        if r > 0:
            n = sum(c)
            for m in range(c[0] + 1):
                for x in range(c[1] + 1):
                    for o in range(c[2] + 1):
                        if m + x + o < n:
                            ev = self.e((m, x, o), n, r)
                            if ev > best + 1e-9:
                                best, hold = ev, (m, x, o)
        self.memo[key] = (best, hold)
        return best

    def expected_roll(self, n: int) -> float:
        if n <= 0:
            return 0.0
        return sum(p * self.v(c, data.ROLLS - 1) for c, p in _outcomes(n))


# --- the bot --------------------------------------------------------------------------------------------

class PlanBot:
    def __init__(self, level: int):
        self.level = level
        self.strong = level >= 2
        self._plans = {}  # role -> [(key, action)]: the clicks of the current plan

    # -- entry point --
    def choose(self, game, state, role, seed: int):
        legal = rules.actions(state, role)
        if len(legal) == 1:
            return legal[0]
        key = _key(state, role)
        plan = self._plans.get(role)
        if plan:
            for n, (k, a) in enumerate(plan):
                if k == key:
                    if any(same(b, a) for b in legal):
                        self._plans[role] = plan[n + 1:]
                        return a
                    break
            self._plans.pop(role, None)
        action = self._decide(state, role, legal, seed)
        if not any(same(b, action) for b in legal):  # a planning slip never becomes an illegal action
            self._plans.pop(role, None)
            action = _fallback(state, legal)
        return action

    def _decide(self, state, role, legal, seed):
        if state["discarding"] == role:
            return min(legal, key=lambda a: (_card_worth(a[1]), a[1]))
        if state["phase"] == "army":
            return self._army(state, role, legal)
        t = state["turn"]
        if t["attack"] is not None:
            if t["attack"]["stage"] == "defend":
                return self._defend(state, role, legal)
            return self._attack_step(state, role, legal, seed)
        if t["sub"] is not None:
            return self._sub(state, role, legal, seed)
        if t["stage"] == "start":
            return self._start(state, role, legal, seed)
        if t["stage"] == "roll":
            return self._roll(state, role, legal, seed)
        return self._resolve(state, role, legal, seed)

    # -- army --
    def _army(self, state, role, legal):
        camp = state["options"]["campaign"]
        if any(isinstance(a, list) and a[0] == "start" for a in legal):
            # solo Rani Abbakka: the Rani and the first three soldiers of the army's list start out
            want = ["rani", *ARMY[camp][1 if self.level <= 1 else 2][:data.RANI_SOLO_ON_BOARD - 1]]
            for s in state["soldiers"]:
                if s["owner"] == role and s["pos"] is not None and s["kind"] in want:
                    want.remove(s["kind"])
            return next((["start", k] for k in want if ["start", k] in legal), "done")
        chosen = [s["kind"] for s in state["soldiers"] if s["owner"] == role and s["kind"] != "rani"]
        want = list(ARMY[camp][1 if self.level <= 1 else 2])
        for k in chosen:
            if k in want:
                want.remove(k)
        for k in want:
            if ["kind", k] in legal:
                return ["kind", k]
        return "done" if "done" in legal else legal[0]

    # -- before the roll --
    def _start(self, state, role, legal, seed):
        t = state["turn"]
        needs = self._needs(state, role, seed)
        planner = RollPlanner(needs)
        n = t["dice_left"]
        best, best_v = ("roll" if "roll" in legal else "end"), planner.expected_roll(n)
        camp = state["options"]["campaign"]
        kinds = [a[1] for a in legal if isinstance(a, list) and a[0] == "recruit"]
        want_kind = next((k for k in RECRUITS[camp] if k in kinds), None)
        recruit_v = self._recruit_value(state, role)
        for a in legal:
            if isinstance(a, list) and a[0] == "card":
                k = data.CARDS[a[1]]
                if k == "recruit" and recruit_v > CARD_VALUE["recruit"]:
                    return a
                if k == "mirror" and self.strong:
                    last = state["last_roll"][:n]
                    c = (last.count(data.MOVE), last.count(data.HIT), last.count(data.HEAL))
                    if planner.u(c) - CARD_VALUE["mirror"] > best_v:
                        best, best_v = a, planner.u(c) - CARD_VALUE["mirror"]
        if want_kind is not None and recruit_v > 0:
            v = recruit_v + planner.expected_roll(n - 2 if n >= 2 else 0)
            if v > best_v:
                best, best_v = ["recruit", want_kind], v
        if "draw" in legal:
            hand = len(cards.usable(state, role))
            card_v = (28.0 if hand < 2 else 18.0 if hand < 4 else 6.0) * (1.0 if self.strong else 0.6)
            v = card_v + planner.expected_roll(n - 2 if n >= 2 else 0)
            if v > best_v:
                best, best_v = "draw", v
        return best

    def _recruit_value(self, state, role) -> float:
        camp = state["options"]["campaign"]
        mine = [s for s in state["soldiers"] if s["owner"] == role]
        if camp == data.HOLD:
            foot = sum(1 for s in mine if data.SOLDIERS[s["kind"]]["foot"])
            return 80.0 if foot < 5 else 0.0
        return 30.0 if len(mine) < 3 else 0.0

    # -- rolling --
    def _needs(self, state, role, seed):
        """What each final roll (moves, hits, heals) is worth: `value(m, x, o)`. Hard reads it off
        plans played out (bot_hard.PlayedNeeds)."""
        return DiceNeeds(state, role, self.strong)

    def _roll(self, state, role, legal, seed):
        t = state["turn"]
        dice, held = t["dice"], t["held"]
        c = (dice.count(data.MOVE), dice.count(data.HIT), dice.count(data.HEAL))
        left = data.ROLLS - t["rolls"]
        if left <= 0 or "reroll" not in legal and not any(isinstance(a, list) and a[0] == "hold" for a in legal):
            return "accept"
        needs = self._needs(state, role, seed)
        if self.strong:
            planner = RollPlanner(needs)
            planner.v(c, left)
            hold = planner.memo[(c, left)][1]
        else:
            hold = _simple_hold(needs, c)
        if hold is None or left <= 0:
            if any(held) and left > 0 and "reroll" in legal:
                pass
            return "accept"
        # which dice to keep: the first ones showing each kept symbol
        want = {data.MOVE: hold[0], data.HIT: hold[1], data.HEAL: hold[2]}
        target = []
        for d in dice:
            if want[d] > 0:
                want[d] -= 1
                target.append(True)
            else:
                target.append(False)
        for i, (h, g) in enumerate(zip(held, target)):
            if h != g:
                return ["hold", i]
        return "reroll" if "reroll" in legal else "accept"

    # -- resolving --
    def _resolve(self, state, role, legal, seed):
        work = blind(state, role, seed)
        plan = _plan_resolve(work, role, self.strong)
        if not plan:
            return "end"
        self._plans[role] = plan[1:]
        return plan[0][1]

    def _attack_step(self, state, role, legal, seed):
        """An attack begun without a cached plan: target the best, hits enough, cards to defeat."""
        att = state["turn"]["attack"]
        if att["stage"] == "target":
            opts = [a for a in legal if isinstance(a, list)]
            if not opts:
                return "cancel"
            return max(opts, key=lambda a: (-state["soldiers"][a[1]]["def"], a[1]))
        if att["stage"] == "hits":
            pen = attacks.penalty(state, att["by"], att["target"])
            need = state["soldiers"][att["target"]]["def"] + pen
            n = max(a[1] for a in legal)
            return ["hits", min(n, need)]
        pen = attacks.penalty(state, att["by"], att["target"])
        need = state["soldiers"][att["target"]]["def"] + pen
        have = att["hits"] + sum(data.CARD_KINDS[data.CARDS[c]][2] for c in att["acards"])
        if have < need:
            for a in legal:
                if isinstance(a, list) and have + data.CARD_KINDS[data.CARDS[a[1]]][2] >= need:
                    return a
        return "declare"

    # -- defending --
    def _defend(self, state, role, legal):
        att = state["turn"]["attack"]
        if att["dcards"]:
            return "defend"
        target = state["soldiers"][att["target"]]
        attacker = state["soldiers"][att["by"]]
        weapon = data.SOLDIERS[attacker["kind"]]["weapon"]
        expect = att["hits"] + 1.5 * len(att["acards"]) - attacks.penalty(state, att["by"], att["target"])
        lethal = expect >= target["def"]
        precious = target["carry"] > 0 or target["flag"]
        if not lethal and not (precious and expect >= 1 and self.strong):
            return "defend"
        opts = [a for a in legal if isinstance(a, list)]
        dodge = [a for a in opts if data.DODGES.get(data.CARDS[a[1]]) == weapon]
        if dodge:
            return dodge[0]
        for k in ("defence2", "defence1"):
            for a in opts:
                if data.CARDS[a[1]] == k and (expect - data.CARD_KINDS[k][2] < target["def"] or k == "defence2"):
                    return a
        if lethal and (precious or self.strong):
            ext = [a for a in opts if data.CARDS[a[1]] == "extreme"]
            if ext:
                return ext[0]
        return "defend"

    # -- card sub-steps --
    def _sub(self, state, role, legal, seed):
        sub = state["turn"]["sub"]
        k = sub["k"]
        if k == "recruit":
            camp = state["options"]["campaign"]
            kinds = [a[1] for a in legal]
            pick = next((x for x in RECRUITS[camp] if x in kinds), kinds[0])
            return ["recruit", pick]
        if k in ("swap", "taunt"):
            if "from" in sub:
                return min(legal, key=lambda a: (_card_worth(a[1]), a[1]))
            me = campaigns.side(state, role)
            foes = [a for a in legal if campaigns.side(state, a[1]) != me] or legal
            return max(foes, key=lambda a: (len(state["hands"][a[1]]), a[1]))
        # Retreat: the push that hurts the enemy most
        work = blind(state, role, seed)
        best, best_v = legal[0], None
        for a in legal:
            w = _copy(work)
            rules.apply(w, role, a)
            if a[0] == "push":
                v = max((_after(w, role, b, self.strong) for b in rules.actions(w, role)), default=-WIN)
            else:
                v = evaluate(w, role, self.strong)
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best


def _after(work, role, action, strong) -> float:
    w = _copy(work)
    rules.apply(w, role, action)
    return evaluate(w, role, strong)


def _card_worth(cid) -> float:
    return CARD_VALUE.get(data.CARDS[cid], 10)


def _fallback(state, legal):
    for a in ("end", "accept", "defend", "declare", "roll", "done"):
        if a in legal:
            return a
    return legal[0]


def _simple_hold(needs: DiceNeeds, c):
    """Easy: keep the dice its single largest need asks for; reroll the rest (None: keep this roll)."""
    want_x = min((need for need, _v in needs.targets), default=0)
    want_o = min(len(needs.heals), 2)
    want_m = 5 - want_x - want_o if needs.movers else 0
    hold = (min(c[0], max(want_m, 0)), min(c[1], want_x), min(c[2], want_o))
    if sum(hold) >= sum(c):
        return None
    return hold


# --- the resolve planner ----------------------------------------------------------------------------------

def _reach(state, sid, budget, occ, forbidden):
    """{square: path} of the squares soldier `sid` can reach with `budget` move points now."""
    s = state["soldiers"][sid]
    t = state["turn"]
    kind = s["kind"]
    bonus = data.SOLDIERS[kind]["move"]
    sp, st = t["spent"].get(str(sid), 0), t["steps"].get(str(sid), 0)
    max_n, pts = 0, 0
    while True:
        if bonus > 0:
            c = 0 if sp >= 1 and st < sp + bonus else 1
        elif bonus < 0 and st == 0:
            c = 2
        else:
            c = 1
        if pts + c > budget or max_n > 12:
            break
        pts += c
        sp += c
        st += 1
        max_n += 1
    if max_n == 0:
        return {}
    if s["pos"] is None:
        camp = _camp(state, s["owner"])
        if camp is None or s["def"] == 0 or camp in occ or camp in forbidden:
            return {}
        start, first = camp, [camp]
        max_n -= 1
        out = {camp: first}
    else:
        start, first = s["pos"], []
        out = {}
    own_camp = _camp(state, s["owner"])
    frontier = [(start, first)]
    seen = {start}
    for _ in range(max_n):
        nxt = []
        for a, path in frontier:
            for b in movement.neighbours(a):
                if b in seen or b in occ or b in forbidden:
                    continue
                if b in data.CAMP_SQUARES and b != own_camp:
                    continue
                if not movement.step_ok(a, b, kind):
                    continue
                seen.add(b)
                p = path + [b]
                out[b] = p
                nxt.append((b, p))
        frontier = nxt
    return out


def _forbidden(state) -> set:
    """Rani Abbakka: the ground squares the patrol sees now (a step there raises the alarm)."""
    if state["options"]["campaign"] != data.RANI:
        return set()
    out = set()
    spots = [state["soldiers"][i]["pos"] for i in campaigns.portuguese(state, ("patrol",))]
    for sq in range(data.NUM_SQUARES):
        if sq in data.WALL:
            continue
        if any(_seen_by_patrol(q, sq) for q in spots):
            out.add(sq)
    return out


def _apply_all(work, role, actions, out):
    """Applies the clicks to `work`, recording (key before, action); False if one is not legal."""
    for a in actions:
        if not rules.is_legal(work, role, a):
            return False
        out.append((_key(work, role), a))
        rules.apply(work, role, a)
    return True


def _move_clicks(work, sid, path):
    clicks = []
    if work["turn"]["sel"] != sid:
        clicks.append(["select", sid])
    clicks += [["to", b] for b in path]
    return clicks


def _try(work, role, clicks, strong):
    """The position after `clicks` on a copy (no legality checks: the clicks come from the planner)."""
    w = _copy(work)
    for a in clicks:
        if w["result"] is not None:
            break
        if a[0] == "to" and w["turn"]["sel"] is None:
            return None, None
        rules.apply(w, role, a)
    return evaluate(w, role, strong), w


def _block_chance(state, role, tid) -> float:
    """How likely a defence card stops an attack on `tid` (the owner's hand size is public)."""
    owner = state["soldiers"][tid]["owner"]
    if owner == PORTUGUESE:
        return 0.0
    n = len(cards.usable(state, owner))
    return 1.0 - 0.8 ** n if n else 0.0


def free_to_step(work, role) -> bool:
    """`role` is resolving its roll and may take a next step: no result, no attack or sub-step open."""
    t = work["turn"]
    return (work["result"] is None and t["stage"] == "resolve" and t["seat"] == role
            and t["attack"] is None and t["sub"] is None)


def _plan_resolve(work, role, strong) -> list:
    """The clicks of a plan for the rest of this resolve, as [(key before, action)]."""
    out = []
    for _ in range(12):
        if not free_to_step(work, role):
            break
        best = _best_macro(work, role, strong)
        if best is None:
            break
        clicks, terminal = best
        if not _apply_all(work, role, clicks, out):
            break
        if terminal:
            att = work["turn"]["attack"]
            if att is not None and att["stage"] == "acards" and work["turn"]["seat"] == role:
                _apply_all(work, role, ["declare"], out)
            return out
    if free_to_step(work, role):
        out.append((_key(work, role), "end"))
    return out


def _best_macro(work, role, strong):
    """(clicks, ends the plan) of the best next step of the resolve, or None when ending is best."""
    base, cand = _macro_options(work, role, strong)
    if not cand:
        return None
    v, clicks, terminal = max(cand, key=lambda c: c[0])
    if v <= base + 0.5:
        return None
    return clicks, terminal


def _macro_options(work, role, strong, spare: int = 0):
    """(the score now, [(score, clicks, ends the plan)]): the steps `_best_macro` chooses among. A card
    the planner always plays comes alone (score inf). With `spare` > 0 (Hard) the moves also include
    the best destination of each other soldier, up to `spare` of them, after the best move."""
    t = work["turn"]
    pool = t["pool"]
    base = evaluate(work, role, strong)
    best_v, best = base + 0.5, None
    mine = [i for i, s in enumerate(work["soldiers"]) if s["owner"] == role and not s["out"]]
    hand = cards.playable(work, role, "resolve")
    # cards first: an Extra Turn is always worth it; a recovery when someone waits in camp
    for cid in hand:
        k = data.CARDS[cid]
        if k == "extra":
            return base, [(float("inf"), [["card", cid]], False)]
        if data.CARD_KINDS[k][1] == "recovery" and pool[data.HEAL] < sum(
                data.SOLDIERS[work["soldiers"][i]["kind"]]["defence"] - work["soldiers"][i]["def"]
                for i in mine if army.needs_heal(work["soldiers"][i])):
            return base, [(float("inf"), [["card", cid]], False)]
        if k in ("swap", "taunt") and strong:
            return base, [(float("inf"), [["card", cid]], True)]
        if k == "retreat" and strong:
            return base, [(float("inf"), [["card", cid]], True)]
    occ = movement.occupied(work)
    forbidden = _forbidden(work)
    night = work["options"]["night"]
    budget = pool[data.MOVE]
    enemies = [j for j, e in enumerate(work["soldiers"]) if e["pos"] is not None
               and attacks.enemies(work, role, e["owner"])]
    # moves
    moves = {}
    each = {}  # soldier -> (score, path) of its best destination (Hard's alternatives)
    if budget > 0 or any(movement.step_cost(work, i) == 0 for i in mine):
        for i in mine:
            reach = _reach(work, i, budget, occ, forbidden)
            moves[i] = reach
            s = work["soldiers"][i]
            saved = (s["pos"], s["carry"])
            for dest, path in reach.items():
                v = _quick(work, role, i, dest, path, strong)
                s["pos"], s["carry"] = saved
                if v > best_v:
                    best_v, best = v, (i, path)
                if spare and v > base + 0.5 and (i not in each or v > each[i][0]):
                    each[i] = (v, path)
    cand = []
    if best is not None:
        cand.append((best_v, _move_clicks(work, best[0], best[1]), False))
    if spare:
        others = sorted(((v, i, path) for i, (v, path) in each.items() if best is None or i != best[0]),
                        key=lambda x: (-x[0], x[1]))[:spare]
        cand += [(v, _move_clicks(work, i, path), False) for v, i, path in others]
    if moves and work["options"]["campaign"] == data.RANI and budget > 1:
        pair = _make_way(work, role, mine, moves, occ, forbidden, budget, strong)
        if pair is not None and pair[0] > best_v:
            cand.append(pair)
    # movement cards, when the move points would reach further
    if budget > 0 or t["rolled_move"] > 0:
        for cid in hand:
            k = data.CARDS[cid]
            if data.CARD_KINDS[k][1] == "movement":
                gain = 0.0
                for i in mine:
                    reach = _reach(work, i, budget + data.CARD_KINDS[k][2], occ, forbidden)
                    s = work["soldiers"][i]
                    saved = (s["pos"], s["carry"])
                    for dest, path in reach.items():
                        v = _quick(work, role, i, dest, path, strong)
                        s["pos"], s["carry"] = saved
                        gain = max(gain, v - max(best_v, base))
                if gain > CARD_VALUE[k] * (1.0 if strong else 2.0):
                    cand.append((best_v + gain - CARD_VALUE[k], [["card", cid]], False))
    # attacks (perhaps after an approach): they end the plan, the defender answers first
    if pool[data.HIT] > 0 and enemies:
        hits = pool[data.HIT]
        acards = [c for c in cards.usable(work, role) if data.CARD_KINDS[data.CARDS[c]][1] == "attack"]
        for i in mine:
            s = work["soldiers"][i]
            spots = {s["pos"]: []} if s["pos"] is not None else {}
            if strong or s["pos"] is None:
                for dest, path in moves.get(i, {}).items():
                    spots.setdefault(dest, path)
            for j in enemies:
                e = work["soldiers"][j]
                best_spot = None
                for sq, path in spots.items():
                    if movement.chebyshev(sq, e["pos"]) > data.SOLDIERS[s["kind"]]["range"]:
                        continue
                    ok, pen = _hits_from(s["kind"], sq, e["pos"], night)
                    if ok and (best_spot is None or (pen, len(path)) < best_spot[:2]):
                        best_spot = (pen, len(path), sq, path)
                if best_spot is None:
                    continue
                pen, _n, sq, path = best_spot
                need = e["def"] + pen
                use = min(hits, need)
                total = use - pen
                extra = []
                if total < e["def"] and acards:
                    tmp, picked = total, []
                    for c in sorted(acards, key=lambda c: (-data.CARD_KINDS[data.CARDS[c]][2], c)):
                        if tmp >= e["def"]:
                            break
                        picked.append(c)
                        tmp += data.CARD_KINDS[data.CARDS[c]][2]
                    if tmp >= e["def"]:
                        extra, total = picked, tmp
                if total <= 0:
                    continue
                clicks = (_move_clicks(work, i, path) if path else []) + [["attack", i], ["target", j],
                                                                         ["hits", use]]
                v = _attack_value(work, role, i, j, path, total, clicks, strong)
                if v is not None:
                    v -= sum(CARD_VALUE[data.CARDS[c]] * 0.5 for c in extra)
                    cand.append((v, clicks + [["acard", c] for c in extra], True))
    # heals, grabs, hand-overs, drops
    if pool[data.HEAL] + t["heal_bonus"] > 0:
        for a in turnmod.resolve_actions(work, role):
            if isinstance(a, list) and a[0] in ("heal", "grab", "give", "drop"):
                v, _w = _try(work, role, [a], strong)
                if v is not None:
                    cand.append((v, [a], False))
    return base, cand


def _path_cost(kind: str, n: int) -> int:
    """Move points a fresh soldier of `kind` pays for n steps (the Rani's second step is free)."""
    bonus = data.SOLDIERS[kind]["move"]
    if bonus > 0:
        return n - min(bonus, max(0, n - 1))
    return n + (1 if bonus < 0 and n else 0)


def _make_way(work, role, mine, moves, occ, forbidden, budget, strong):
    """Rani Abbakka: a soldier the patrol will see before this seat plays again may be walled in by
    its own side (an entrance is one square wide); try moving a neighbour first, then it. Returns
    (value, clicks, False) of the best such pair, or None."""
    players = work["options"]["players"]
    ahead = [_patrol_positions(work, k) for k in range(1, players + 1)]
    if not any(ahead):
        return None
    soldiers = work["soldiers"]
    danger = [i for i in mine if soldiers[i]["pos"] is not None and soldiers[i]["pos"] not in data.WALL
              and any(_seen_by_patrol(q, soldiers[i]["pos"]) for spots in ahead for q in spots)]
    best = None
    for i in danger:
        pi = soldiers[i]["pos"]
        for j in mine:
            sj = soldiers[j]
            if j == i or sj["pos"] is None or movement.chebyshev(sj["pos"], pi) > 2:
                continue
            if work["turn"]["spent"].get(str(j), 0) or work["turn"]["spent"].get(str(i), 0):
                continue
            start = sj["pos"]
            for dest, path in moves.get(j, {}).items():
                left = budget - _path_cost(sj["kind"], len(path))
                if left <= 0:
                    continue
                occ2 = dict(occ)
                del occ2[start]
                occ2[dest] = j
                sj["pos"] = dest
                reach = _reach(work, i, left, occ2, forbidden)
                si = soldiers[i]
                for dest2, path2 in reach.items():
                    v = _quick(work, role, i, dest2, path2, strong)
                    si["pos"] = pi
                    if best is None or v > best[0]:
                        best = (v, _move_clicks(work, j, path) + [["select", i]] + [["to", b] for b in path2],
                                False)
                sj["pos"] = start
    return best


def _quick(work, role, i, dest, path, strong) -> float:
    """The score after soldier i walks `path` (mutates pos/carry in place; the caller restores them)."""
    s = work["soldiers"][i]
    camp = work["options"]["campaign"]
    if camp == data.TREASURE:
        room = campaigns.carry_room(s)
        got = 0
        for b in path:
            n = work["treasure"].get(str(b), 0)
            if n and room > got:
                got += min(n, room - got)
        if got:
            # a real copy for pick-ups (the tokens move)
            v, _w = _try(work, role, _move_clicks(work, i, path), strong)
            return v if v is not None else -WIN
        s["pos"] = dest
        if s["carry"] and dest == _camp(work, s["owner"]):
            v, _w = _try(work, role, _move_clicks(work, i, path), strong)
            return v if v is not None else -WIN
        return evaluate(work, role, strong)
    if camp == data.HOLD:
        if any(b in data.PALACE for b in path) and not s["flag"]:
            v, _w = _try(work, role, _move_clicks(work, i, path), strong)
            return v if v is not None else -WIN
        s["pos"] = dest
        return evaluate(work, role, strong)
    s["pos"] = dest
    return evaluate(work, role, strong)


def _attack_value(work, role, i, j, path, total, clicks, strong):
    """The expected score of an attack of `total` points on soldier j (after walking `path`)."""
    w = _copy(work)
    for a in clicks:
        if a[0] in ("select", "to"):
            if a[0] == "to" and w["turn"]["sel"] is None:
                return None
            rules.apply(w, role, a)
    if w["result"] is not None:
        return evaluate(w, role, strong)
    miss = evaluate(w, role, strong)
    hit = _copy(w)
    hit["turn"]["noise"] = hit["turn"]["noise"] + [hit["soldiers"][i]["pos"], hit["soldiers"][j]["pos"]]
    campaigns.damage(hit, j, total, role)
    campaigns.check_end(hit)
    hit_v = evaluate(hit, role, strong)
    p = 1.0 - _block_chance(work, role, j)
    spend = 0.5 * total
    return p * hit_v + (1 - p) * miss - spend


def easy():
    return PlanBot(1)


def medium():
    return PlanBot(2)
