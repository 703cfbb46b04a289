"""Computer players for Vijayanagara that pursue each Faction's own victory conditions (5.1-5.3).

The evaluation (score) of a position for a Faction is its victory points (5.1-5.3, the Sultanate's
Delhi adjustment of 5.1 included as it would count now), minus 0.6 of the best opponent's, plus
small positional terms: Units on the map (presence wins Control, 1.7), Provinces one Rebel away from
Control (a Deccan Faction's majority in a Tributary Province, 3.3.3/3.4.3), the Sultanate's Governors
and Troops in Tributaries, Mongols threatening Delhi (2.6), Resources (1.8) and Cavalry (1.10).

    Easy    greedy: every legal action is applied to a copy and the position scored; at the
            strategic decisions (the card option of 2.3.3 and the Command/Decree choice) it looks
            through the rest of its own turn, continuing greedily.
    Medium  the same look-through at every decision with two or more actions.
    Hard    bot_hard.py: the look-through at every decision on several blind samples, with the
            Command chosen by a short look-through of its own, and Eligibility (2.3.7) counted.
            It builds on this module, which never imports it (the levels are registered in
            __init__.py).

A look-through plays on (the other Factions' replies inside the turn, such as casualties and
Cavalry, greedily for them) until the next option decision of the sequence of play (2.3), the end,
or a fixed number of steps;
it works on a copy whose random generator is reseeded from the bot's seed and whose deck is dealt
afresh from what every Faction knows (sample_deck: the bots never see dice to come, the order of the
deck, or which Events and Invasions 2.1 set aside unseen). All levels negotiate
(1.5.2) by bot_negotiation.py: a Faction out of the race gives Resources and Cavalry to the one that
can still catch the leader, in the last stack, a bounded number of tokens per decision. Every level is
deterministic given the seed passed to choose() and never changes the state it is given.
"""
from __future__ import annotations

from operator import itemgetter

from engine.core import rng
from engine.core.api import plain_copy

from . import board_state, bot_negotiation, data, events
from .data import BAHMANI, DELHI

STRATEGIC = ("option", "action")
RIVAL = 0.6  # the score counts the best other Faction's victory points at this weight
UNIT = 0.15  # a Deccan Faction's Unit on the map in the score (Hard's judge may weigh it otherwise)
NEGOTIATE = "negotiate"


_FLAT = ("available", "tributary", "control", "resources", "cavalry", "influence", "options")
_LAYOUT = frozenset(("options", "rng", "reveals", "log", "result", "spaces", "available", "tributary", "control",
                     "resources", "cavalry", "influence", "track", "dynasty", "deck", "played", "card", "sop",
                     "timurids", "stack", "pending", "last_battle", "used"))  # rules.setup's keys


def clone(state) -> dict:
    """A copy to think on, without the log: a fast copy of rules.setup's plain-data layout (a state of
    another layout is deep-copied key by key). Bots make tens of thousands a decision. The sequence
    of play's record (sop) holds flat dicts and lists (sequence.new_sop); last_battle and result are
    replaced, never changed in place."""
    if state.keys() != _LAYOUT:
        return {key: [] if key == "log" else plain_copy(value) for key, value in state.items()}
    out = state.copy()
    out["log"] = []
    out["spaces"] = {space: here.copy() for space, here in state["spaces"].items()}
    for key in _FLAT:
        out[key] = state[key].copy()
    out["track"] = {f: t[:] for f, t in state["track"].items()}
    out["deck"] = state["deck"][:]
    out["played"] = state["played"][:]
    out["stack"] = plain_copy(state["stack"])
    out["sop"] = {k: v.copy() for k, v in state["sop"].items()}
    out["pending"] = plain_copy(state["pending"])
    out["used"] = plain_copy(state["used"])
    return out


def blind(state, seed) -> dict:
    """A copy whose generator is reseeded from `seed` and whose deck is dealt afresh (sample_deck):
    nothing in it depends on the real dice to come, the real order of the deck or which cards were
    set aside unseen."""
    s = clone(state)
    s["rng"] = rng.seed_state(seed)
    s["deck"], s["rng"] = sample_deck(s["deck"], s["played"], s["rng"])
    return s


_UNSEEN = {"E": tuple(events.event_id(c["number"]) for c in events.EVENTS),  # card ids by kind letter
           "M": tuple(c["id"] for c in events.INVASIONS)}


def sample_deck(deck, played, g) -> tuple:
    """A deck as every Faction knows it (2.1), drawn with the generator `g`; returns (deck, g).
    Known: the deck's size, the Succession cards between its stacks, and how many Events, Mongol
    Invasions and Timurid cards each stack still holds (from the cards drawn). Hidden: the order
    within each stack, and which Events and Invasions are still to come (2.1 step 2 sets 12 Events
    aside unseen, and 2 Invasions are never shuffled in), drawn here from those not yet played."""
    seen = set(played)
    pools = {k: [c for c in ids if c not in seen] for k, ids in _UNSEEN.items()}
    out, size, specials = [], 0, []
    for card in deck + [None]:
        if card is not None and card[0] != "S":
            size += 1
            if card[0] != "E":
                specials.append("M" if card[0] == "M" else card)  # an Invasion to draw, a Timurid card
            continue
        # the end of a stack: its Invasions and Timurid cards go to places drawn at random (a partial
        # Fisher-Yates over the places), its Events to the others; the Events and Invasions are drawn
        # from the unseen ones (uniform, and nothing of the real order or cards is read)
        specials.sort()
        stack, places = [None] * size, list(range(size))
        for t, c in enumerate(specials):
            j, g = rng.randbelow(g, size - t)
            places[t], places[t + j] = places[t + j], places[t]
            if c == "M":
                c, g = _draw(pools["M"], g)
            stack[places[t]] = c
        for i in range(size):
            if stack[i] is None:
                stack[i], g = _draw(pools["E"], g)
        out += stack
        if card is not None:
            out.append(card)
        size, specials = 0, []
    return out, g


def _draw(pool, g) -> tuple:
    """A card drawn at random from `pool` (removed from it), and the generator."""
    j, g = rng.randbelow(g, len(pool))
    pool[j], pool[-1] = pool[-1], pool[j]
    return pool.pop(), g


def score(state, faction, rival=RIVAL, unit=UNIT) -> float:
    result = state.get("result")
    if result is not None:
        bonus = 50.0 if faction in result["winners"] else 0.0
        vp = result["scores"]
        return bonus + vp[faction] - rival * max(vp[f] for f in data.FACTIONS if f != faction)
    vp = board_state.victory_points(state)
    vp[DELHI] += max(-3, 3 - state["spaces"][data.DELHI_SPACE]["mongol"]) * 0.5
    best_other = max(vp[f] for f in data.FACTIONS if f != faction)
    return positional(state, faction, vp[faction] - rival * best_other, unit)


def positional(state, faction, value=0.0, unit=UNIT) -> float:
    """`value` plus the positional terms of the score (presence, Rebel-ready majorities, the
    Sultanate's Governors and Control, the Mongol threat, Resources, Cavalry); `unit` weighs a
    Deccan Faction's Units on the map."""
    spaces = state["spaces"]
    provinces = _PROVINCES_OF(spaces)  # the Provinces' {kind: count}, in data.PROVINCES' order
    tributary = state["tributary"]
    if faction == DELHI:
        troops, governors = sum(map(_TROOPS, provinces)), sum(map(_GOVERNORS, provinces))
        value += 0.08 * troops + 0.25 * governors + 0.06 * spaces[data.DELHI_SPACE]["troop"]
        value -= 0.25 * (spaces[data.PUNJAB]["mongol"] + 2 * spaces[data.DELHI_SPACE]["mongol"])
        control = state["control"]
        for (p, prosperity), here in zip(data.PROVINCE_PROSPERITY, provinces):
            if control[p] == DELHI:  # one Demand Obedience away from Tributary (4.2.3)
                value += (0.5 if here["governor"] else 0.3) * prosperity
            elif not tributary[p]:  # rebels to put down (3.2.4)
                value -= 0.05 * (here["amir_r"] + here["raja_r"])
            else:  # a Deccan majority may Rebel (3.3.3, 3.4.3)
                troop, governor, qasbah, amir_o, amir_r, fort, raja_o, raja_r, temple = _FACTIONS_PIECES(here)
                bahmani, vijayanagara = amir_o + amir_r + fort, raja_o + raja_r + temple
                total = troop + governor + qasbah + bahmani + vijayanagara
                if 2 * bahmani > total:
                    value -= 0.3 * prosperity
                if 2 * vijayanagara > total:
                    value -= 0.3 * prosperity
    else:
        units = sum(map(sum, map(_UNITS[faction], provinces)))
        value += unit * units + 0.35 * state["influence"][faction]
        bahmani = faction == BAHMANI
        for (p, prosperity), here in zip(data.PROVINCE_PROSPERITY, provinces):
            if tributary[p]:  # ready to Rebel (3.3.3, 3.4.3)
                troop, governor, qasbah, amir_o, amir_r, fort, raja_o, raja_r, temple = _FACTIONS_PIECES(here)
                own = amir_o + amir_r + fort if bahmani else raja_o + raja_r + temple
                if 2 * own > troop + governor + qasbah + amir_o + amir_r + fort + raja_o + raja_r + temple:
                    value += 0.45 * prosperity
    res = state["resources"][faction]
    value += 0.04 * min(res, 12) + 0.01 * max(0, res - 12) + 0.12 * state["cavalry"][faction]
    return value


# the score's hot loop, run for every action a bot tries, reads spaces with operator.itemgetter:
# all three Factions' pieces in a space, in the order unpacked above (the majority a Deccan Faction
# needs to Rebel, 3.3.3 and 3.4.3: more than half of them its own), a Faction's units, the Provinces
_FACTIONS_PIECES = itemgetter("troop", "governor", "qasbah", "amir_o", "amir_r", "fort", "raja_o", "raja_r", "temple")
_UNITS = {f: itemgetter(data.OBEDIENT[f], data.REBELLING[f]) for f in data.DECCAN}
_TROOPS, _GOVERNORS = itemgetter("troop"), itemgetter("governor")
_PROVINCES_OF = itemgetter(*data.PROVINCES)


def legal(rules, state, role) -> list:
    return [a for a in rules.actions(state, role) if a != NEGOTIATE]


def _noise(seed, i) -> float:
    return (rng.next64(rng.seed_state(seed * 1_000_003 + i))[0] % 1000) / 1_000_000.0  # tie-breaks only


def greedy(rules, state, role, seed, sampled=False):
    """One-ply: the action whose result scores best (acting beats stopping on a tie). `sampled`:
    `state` is a look-through's blind copy, whose deck is already the bot's own sample (only the
    generator is reseeded then)."""
    acts = legal(rules, state, role)
    if len(acts) == 1:
        return acts[0]
    best, best_value = acts[0], None
    for i, action in enumerate(acts):
        if sampled:
            s = clone(state)
            s["rng"] = rng.seed_state(seed * 131 + i)
        else:
            s = blind(state, seed * 131 + i)  # never the real dice, deck order or set-aside cards
        rules.apply(s, role, action)
        value = score(s, role) + _noise(seed, i) + (0.0 if action in ("done", "skip", "decline") else 0.01)
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


def look_through(rules, state, role, action, seed, steps) -> float:
    """Applies `action` to a blind copy, then continues greedily while `role` acts; scores the end."""
    s = blind(state, seed)
    rules.apply(s, role, action)
    for n in range(steps):
        if s["result"] is not None or not s["stack"] or s["stack"][-1]["kind"] == "option":
            break  # the turn is over: the next decision of the sequence of play (2.3)
        actor = rules.active(s)[0]  # others' replies inside the turn (casualties, Cavalry) too
        rules.apply(s, actor, greedy(rules, s, actor, seed + n, sampled=True))
    return score(s, role)


class Bot:
    def __init__(self, depth_everywhere: bool, rollouts: int, steps: int):
        self.depth_everywhere = depth_everywhere
        self.rollouts = rollouts
        self.steps = steps

    def choose(self, game, state, role, seed: int):
        rules = game.rules
        gift = bot_negotiation.choose(rules, state, role)  # 1.5.2: kingmaking against a leader
        if gift is not None:
            return gift
        acts = legal(rules, state, role)
        if not acts:  # only Negotiation offered: cannot happen (it is added to other actions)
            return rules.actions(state, role)[0]
        if len(acts) == 1:
            return acts[0]
        frame = state["stack"][-1]
        if not (self.depth_everywhere or frame["kind"] in STRATEGIC):
            return greedy(rules, state, role, seed)
        best, best_value = acts[0], None
        for i, action in enumerate(acts):
            total = 0.0
            for r in range(self.rollouts):
                total += look_through(rules, state, role, action, seed * 31 + i * 7 + r * 1_000_033, self.steps)
            value = total / self.rollouts + _noise(seed, i)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best


def easy():
    return Bot(depth_everywhere=False, rollouts=1, steps=30)


def medium():
    return Bot(depth_everywhere=True, rollouts=1, steps=24)
