"""Viktory II Hard (level 3): Medium's plans, switched by determinized look-ahead.

Medium (bots.py) plans a whole Player Turn from the position alone and recomputes that plan on every
click; a click-level search at every click would cost too much (a turn is some 20-25 clicks).
Hard searches only where a choice is open:
  - the policies: Medium and four variants of it (ViktoryBot tuning: bolder attacks and a weaker
    Capital garrison, more careful ones, free units walking into sites in danger, the nearest enemy
    site before his Capital) are asked for their next click;
  - beside theirs, the attacker's other choice after a Battle round (continue or retreat, 13.3
    step 3), Medium's next two best Reserve Placement hexes (14.0: placement_score) and, in the
    Building Phase, its two best Town sites and best upgrade (8.0: site_score, upgrade_score).
Where all the candidates agree (most clicks: a unit's path, the Reserve types, the casualties) Hard
plays that click at once, at the cost of five Medium decisions. Where they differ, each distinct
click is played on the same blind samples of the position (the generator reseeded, the face-down
tile pile dealt again from its known contents: the seat never reads the dice to come or the pile's
order), then the variant that proposed it (Medium for the extra candidates) plays the seat on to
the end of its Player Turn and Medium plays every other seat for one Player Turn; the position
reached is judged as a lead over the best other seat (evaluate: the Capital held, empire points,
units, Combat Supply, less what the enemy's next turn would likely take, Medium's danger, weighed
half at 4 players). The click with the best mean is played. Each click is chosen afresh from the
position and the seed, so a decision is a pure function of them (the Battle-odds cache the policies
share holds pure results only); a turn may switch from one variant's plan to another's where a
look-ahead says so ("policy switching").

Budgets are counted, never timed: HARD_BUDGET actions played in look-aheads per decision (at least
one sample per candidate, HARD_SAMPLES at most), HARD_STEPS actions in one look-ahead at most.

Measured (docs/benchmarks.md, "Viktory II Hard (search)" and "Viktory II Hard puts down no unit it
has not moved"): 149 of 200 two-player games against Medium (seats alternated, seeds 9000-9099),
95th percentile 95 ms a decision on the loaded container; at 4 players one Hard seat among three
Medium won 151 of 400 (fair share 100; "Viktory II at 4 players: the danger weighed at half").
"""
from __future__ import annotations

from engine.core.search import mix
from engine.core import rng

from . import bots, pieces, rules

# the policies whose clicks are compared: Medium first (it plays on after agreed clicks)
VARIANTS = (
    {},
    {"attack_at": 0.35, "continue_at": 0.35, "capital_risk": 0.4},  # bolder
    {"attack_at": 0.65, "capital_risk": 0.12},  # more careful
    {"garrison": True},  # free units walk into sites in danger
    {"capital_margin": 0},  # the nearest enemy site before his Capital
)
HARD_BUDGET = 160  # actions played in look-aheads per decision
HARD_SAMPLES = 6  # blind samples per candidate at most
HARD_STEPS = 90  # actions in one look-ahead at most
REPLIES = 1  # other seats' Player Turns played in a look-ahead
# with 3 or more players (larger maps, more units: each action costs more, and the seats to come are
# many) a look-ahead ends with the seat's own turn; the evaluation's danger stands for the replies
MANY = {"budget": 100, "samples": 3, "steps": 40, "replies": 0}
# the danger's weight by player count where it is not 1.0 (docs/benchmarks.md: at 4 players 0.5 won
# 117 of 300 games where 1.0 won 107, 0 and 1.5 fewer; at 3 players 0.5 won 46 of 120 against 52)
DANGER = {4: 0.5}

WIN = 200.0
CAPITAL = 14.0  # holding one's Capital (8.1, 15.0: without it no building, no placement)
POINT = 2.0  # per empire point (5.3)
UNIT = 0.3  # per unit value on the map or in the Reserve
SUPPLY = 1.5  # Combat Supply (11.2)


def _copy(x):
    """A deep copy of plain data (dicts, lists, scalars), faster than copy.deepcopy."""
    if type(x) is dict:
        return {k: _copy(v) for k, v in x.items()}
    if type(x) is list:
        return [_copy(v) for v in x]
    return x


def blind(state, seed: int) -> dict:
    """A copy of the position as a seat knows it: the generator reseeded from `seed` and the
    face-down pile (3.2: its contents are known, its order is not) sorted, then shuffled with it."""
    twin = {k: _copy(v) for k, v in state.items() if k != "log"}
    twin["log"] = []
    twin["rng"] = rng.seed_state(seed)
    twin["pile"].sort()
    twin["rng"] = rng.shuffle(twin["rng"], twin["pile"])
    return twin


class HardBot:
    """Level 3. The tuning arguments are for experiments; the level uses the defaults."""

    def __init__(self, variants=VARIANTS, budget=HARD_BUDGET, samples=HARD_SAMPLES, steps=HARD_STEPS,
                 replies=REPLIES, danger_weight=None, prior=0.0, battles=True, placements=2, builds=2,
                 many=MANY):
        self.policies = [bots.ViktoryBot(2, **t) for t in variants]
        odds = self.policies[0]._odds
        for p in self.policies:
            p._odds = odds  # one cache of pure Battle estimates
        self.medium = self.policies[0]
        self.two = {"budget": budget, "samples": samples, "steps": steps, "replies": replies}
        self.many = dict(self.two, **many)
        self.danger_weight = danger_weight  # None: DANGER by the player count, else 1.0
        self.battles = battles  # search "continue" against "retreat" (13.3 step 3)
        self.placements = placements  # Reserve Placement hexes searched beside the policies' (14.0)
        self.builds = builds  # Town sites and upgrades searched beside the policies' (8.0)
        self.prior = prior  # Medium's own click keeps this lead over the others' (noise in few samples)

    # -- the decision ------------------------------------------------------------------------------
    def proposals(self, game, state, role, seed) -> list:
        """[(action, policy index)]: each distinct click the policies would play, first proposer."""
        found = []

        def offer(a, k=0):
            if not any(type(a) is type(b) and a == b for b, _ in found):
                found.append((a, k))

        for k, p in enumerate(self.policies):
            offer(p.choose(game, state, role, seed), k)
        if state["phase"] == "move" and state["selected"] is not None and not state["moved"] \
                and rules._pending(state) is None:
            # "done" before the selected unit has moved only puts it down again (rules._finish_unit):
            # the position is the one where the search chose to pick it up, so it would pick it up
            # again, and again, for ever (one policy selects, another puts down). Move it instead.
            moves = [c for c in found if c[0] != rules.DONE]
            if not moves:
                moves = [(a, 0) for a in rules.actions(state, role) if a != rules.DONE][:1]
            found = moves or found
        if self.battles and state["battle"] is not None and state["battle"]["attacker"] == role:
            legal = rules.actions(state, role)
            for a in ("continue", "retreat"):
                if a in legal:
                    offer(a)
        hexes = _own_hexes(state, role, "reserve") if self.placements else []
        if len(hexes) > 1:
            ctx = bots._Context(self.medium, state, role, bots._Rand(seed))
            hexes.sort(key=lambda h: (-ctx.placement_score(h), h))
            for h in hexes[:self.placements]:
                offer(h)
        hexes = _own_hexes(state, role, "build") if self.builds else []
        if len(hexes) > 1:
            ctx = bots._Context(self.medium, state, role, bots._Rand(seed))
            towns = sorted((h for h in hexes if state["sites"][h] is None), key=lambda h: (-ctx.site_score(h), h))
            ups = sorted((h for h in hexes if state["sites"][h] is not None), key=lambda h: (-ctx.upgrade_score(h), h))
            for h in towns[:self.builds] + ups[:1]:
                offer(h)
        return found

    def choose(self, game, state, role, seed: int):
        legal = bots.playable(game, state, role)
        if len(legal) == 1:
            return legal[0]
        cands = self.proposals(game, state, role, seed)
        if len(cands) == 1:
            return cands[0][0]
        return self.scores(game, state, role, seed, cands)[0][0]

    def scores(self, game, state, role, seed, cands=None) -> list:
        """(action, mean value, samples) per candidate, best first."""
        if cands is None:
            cands = self.proposals(game, state, role, seed)
        limits = self.limits(state)
        total = [0.0] * len(cands)
        spent, n = 0, 0
        while n < limits["samples"] and (n == 0 or spent < limits["budget"]):
            for i, (action, k) in enumerate(cands):
                value, used = self.look_ahead(game, state, role, action, k, mix(seed, n), limits)
                total[i] += value
                spent += used
            n += 1
        mean = [t / n - (0.0 if cands[i][1] == 0 else self.prior) for i, t in enumerate(total)]
        order = sorted(range(len(cands)), key=lambda i: (-mean[i], i))
        return [(cands[i][0], mean[i], n) for i in order]

    def limits(self, state) -> dict:
        """The look-ahead's budgets: the 2-player ones, or with more seats the shorter MANY ones."""
        return self.two if len(state["order"]) <= 2 else self.many

    def look_ahead(self, game, state, role, action, k, seed, limits) -> tuple:
        """Plays `action` on a blind sample, then policy k for the seat and Medium for the others,
        until limits["replies"] other Player Turns are over; (value for role, actions played)."""
        twin = blind(state, seed)
        rules.apply(twin, role, action)
        played, turns = 1, 0
        last = twin["current"]
        while played < limits["steps"] and twin["result"] is None:
            if twin["current"] != last:
                last = twin["current"]
                turns += 1
                if turns > limits["replies"]:
                    break
            seat = rules.active(twin)[0]
            policy = self.policies[k] if seat == role else self.medium
            move = policy.choose(game, twin, seat, mix(seed, played))
            rules.apply(twin, seat, move)
            played += 1
        return self.evaluate(twin, role), played

    # -- the evaluation -----------------------------------------------------------------------------
    def worth(self, state, role) -> float:
        if pieces.has_capital(state, role):
            v = CAPITAL
        else:
            v = 0.0
        v += POINT * pieces.empire_points(state, role)
        v += UNIT * sum(bots.UNIT_VALUE[u["type"]] for u in state["units"] if u["owner"] == role)
        if pieces.combat_supply(state, role):
            v += SUPPLY
        return v

    def exposure(self, state, role) -> float:
        """What the other seats' next turn would likely take from `role` (Medium's danger: a simulated
        Battle with the enemy land units within their Movement Allowance of each site)."""
        ctx = bots._Context(self.medium, state, role, bots._Rand(0))
        capital = state["capitals"].get(role)
        loss = 0.0
        for h in pieces.sites_of(state, role):
            d = ctx.danger(h, ctx.own_land_at(h))
            if d:
                pts = 2 if state["sites"][h]["kind"] != "town" else 1
                loss += d * (POINT * pts + (CAPITAL if h == capital else 0.0))
        return loss

    def evaluate(self, state, role) -> float:
        res = state["result"]
        if res is not None:
            if role in res["winners"]:
                return WIN / len(res["winners"])
            return -WIN
        seats = [r for r in state["order"] if not rules._eliminated(state, r)]
        to_move = state["current"]
        danger = self.danger_weight
        if danger is None:
            danger = DANGER.get(len(state["order"]), 1.0)
        value = {}
        for r in seats:
            v = self.worth(state, r)
            if danger and r != to_move:
                v -= danger * self.exposure(state, r)
            value[r] = v
        own = value.get(role, -WIN)
        others = [v for r, v in value.items() if r != role]
        return own - max(others) if others else own


def _own_hexes(state, role, phase: str) -> list:
    """The hexes `role` may click in its own `phase` step (Reserve placement, building), when no Battle,
    loss or elimination comes first; else []."""
    if state["phase"] != phase or state["current"] != role or state["battle"] is not None \
            or state["losses"] or state["eliminate"]:
        return []
    return [a for a in rules.actions(state, role) if type(a) is int]


def hard() -> HardBot:
    return HardBot()
