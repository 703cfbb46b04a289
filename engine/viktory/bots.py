"""Computer players for Viktory II.

Both levels read the state without changing it, choose one legal action per call (the click-level
actions of rules.py), and are deterministic given the seed passed to choose(game, state, role, seed):
their only randomness comes from private generators (engine/core/rng.py, never state["rng"]):
one seeded from that seed for small tie-breaking noise, and the Battle estimates below. They never
look at the face-down pile.

Plan (recomputed on every call from the position alone, so the two clicks of a move agree):
  - defence: one unit stays in the Capital (losing it stops building, 8.1/15.0);
  - attack: every enemy hex (units, Town or City) that free units can reach this turn is scored by
    its value (points, Capital, units) and by the estimated chance of winning the Battle with all
    the units that can reach it (13.3: dice per unit type and extra hex side, defensive terrain,
    Naval Support, suppression, Combat Supply), estimated by simulating the Battle many times with a
    generator seeded by the Battle's inputs (so a pure function, cached per bot object);
  - expansion: free units walk to the hexes next to the most face-down hexes near home (moving
    reveals them, 10.2), then gather around one enemy Town/City (the focus), never entering it
    unless an attack is planned;
  - naval transport (10.4): units that cannot reach enemy or unexplored land over land are picked
    up by a Frigate and landed on land that can (water paths by breadth-first search);
  - building: the Town sites with the most land around and the fewest enemies near, two per turn
    (8.2); else the City upgrade that completes Combat Supply (11.2) or brings the strongest unit;
  - reserves: every unit placed, at the Capital first when it lacks its defender, else towards the
    front;
  - casualties: lose a type you have several of (keeps your dice, 13.3) and take from the enemy a
    type he has one of; eliminations (11.3) from the quietest hex; variant choices (16.4 averaging,
    16.5 relocation) are not used.

Levels (deterministic; the differences are flags on ViktoryBot, which tests may override):
    1 Easy    takes 20% of its decisions at random (never ending its turn that way), attacks at
              an estimated 45% chance (40 simulated Battles), fights on while it has at least as
              many units in the Battle as the defender, gathers on the nearest side.
    2 Medium  attacks at 50% (150 simulated Battles) when the value of the hex outweighs the
              expected losses, re-estimates the odds before each further Battle round (one-ply
              lookahead with expected dice outcomes), spreads its army over several hex sides
              (more dice, 13.3), aims at enemy Capitals, reinforces the Towns/Cities the enemy
              could take on his next turn (his reply, simulated) and bombards with idle Artillery
              and Frigates.
    Measured in 2-player games (seeds 5000-5049, both seat orders): Medium won 56 of 100 against
    Easy; without Easy's random decisions Easy's plain heuristic won 56 of 100 against Medium, so
    Medium's extra features are not yet worth much. Both won 20 of 20 against Random.

Timings (CPython 3.11, 2-core container): a 2-player game between Medium bots takes about 500
actions and 0.5 s; an 8-player game 4,000-8,000 actions and 15-35 s.
"""
from __future__ import annotations

from engine.core import rng

from . import combat, data, geometry, movement, pieces, transport

UNIT_VALUE = {data.INFANTRY: 1.0, data.CAVALRY: 1.4, data.ARTILLERY: 1.6, data.FRIGATE: 1.3}
LOSS_ORDER = (data.INFANTRY, data.CAVALRY, data.FRIGATE, data.ARTILLERY)  # own casualties first
TAKE_ORDER = (data.ARTILLERY, data.CAVALRY, data.FRIGATE, data.INFANTRY)  # enemy casualties first


class _Rand:
    """A private generator (engine/core/rng.py's), never the game's state["rng"]."""

    def __init__(self, seed):
        self.s = rng.seed_state(seed)
        self.pool, self.left = 0, 0

    def below(self, n):
        v, self.s = rng.randbelow(self.s, n)
        return v

    def die(self):
        """1-6; 24 dice from each 64-bit draw (the bias of 2**64 mod 6**24 does not matter for an
        estimate, and it is 20 times faster than one draw per die)."""
        if not self.left:
            self.pool, self.s = rng.next64(self.s)
            self.left = 24
        self.left -= 1
        self.pool, d = divmod(self.pool, 6)
        return d + 1


# --- battle estimates (13.3) --------------------------------------------------------------------

def simulate_battle(att: dict, sides: int, dfd: dict, extra: int, in_site: bool, a_thr: int, d_thr: int,
                    rand: _Rand, runs: int, naval: bool = False, fought_round: bool = False) -> tuple:
    """(chance the attacker wins, expected attacking units lost) over `runs` simulated Battles.

    att/dfd: unit counts by type; extra: Defensive Terrain + Naval Support dice; the attacker
    retreats once he has no more units than the defender after a round."""
    wins, lost = 0, 0
    for _ in range(runs):
        a, d = dict(att), dict(dfd)
        if not naval and not fought_round:  # step 0: pre-battle Artillery fire
            ah = sum(1 for _ in range(a.get(data.ARTILLERY, 0)) if rand.die() <= a_thr)
            dh = sum(1 for _ in range(d.get(data.ARTILLERY, 0)) if rand.die() <= d_thr)
            _take(d, ah)
            _take(a, dh)
        rounds = 0
        while sum(a.values()) > 0:
            if sum(d.values()) == 0 and (not in_site or rounds > 0 or fought_round):
                break
            rounds += 1
            a_types = sum(1 for v in a.values() if v)
            hits = sum(1 for _ in range(a_types + sides - 1) if rand.die() <= a_thr)
            defenders = sum(d.values())
            excess = max(0, hits - defenders)
            d_types = sum(1 for v in d.values() if v)
            if in_site:
                n = max(0, d_types - excess) + extra
            else:
                n = max(0, d_types + extra - excess)
            d_hits = sum(1 for _ in range(n) if rand.die() <= d_thr)
            _take(d, hits)
            _take(a, d_hits)
            if sum(d.values()) == 0:
                break
            if sum(a.values()) <= sum(d.values()) or rounds >= 6:
                break  # retreat
        a_left = sum(a.values())
        if a_left and not sum(d.values()):
            wins += 1
        lost += sum(att.values()) - a_left
    return wins / runs, lost / runs


def _take(units: dict, hits: int) -> None:
    for kind in LOSS_ORDER:
        while hits and units.get(kind, 0):
            units[kind] -= 1
            hits -= 1


def _counts(units) -> dict:
    c = {}
    for u in units:
        c[u["type"]] = c.get(u["type"], 0) + 1
    return c


# --- the bot --------------------------------------------------------------------------------------

class ViktoryBot:
    def __init__(self, level: int, **tuning):
        self.level = level
        self.attack_at = 0.45 if level == 1 else 0.5
        self.runs = 40 if level == 1 else 150
        self._odds = {}
        self.spread = level >= 2  # staging around the focus on several hex sides (13.3)
        self.guard = level >= 2  # one-ply look at the enemy's reply: reinforce what he could take
        self.guard_hold = False  # ... and keep units home for it (tested: idles too many units)
        self.bombard_idle = level >= 2  # Artillery/Frigates outside the plan bombard (12.0)
        self.weigh_losses = level >= 2  # attack only if value * chance outweighs expected losses
        self.sim_retreat = level >= 2  # re-estimate the odds before each further Battle round
        self.go_for_capital = level >= 2  # focus on an enemy Capital unless much farther (15.0)
        self.blunder = 0.2 if level == 1 else 0.0  # decisions taken at random: Easy is easier
        self.capital_guard = level >= 2  # keep Capital defenders while its danger is high (15.0)
        self.capital_risk = 0.25
        self.lean_attacks = False  # the fewest units that give an attack its odds
        self.lean_goal = 0.9
        self.loss_weight = 0.3
        for key, value in tuning.items():  # experiments only; the levels use the defaults
            setattr(self, key, value)

    def estimate(self, att, sides, dfd, extra, in_site, a_thr, d_thr, runs, naval=False, fought=False):
        """simulate_battle with a generator seeded by the inputs alone: a pure function of them, so
        the plan is the same on the click that selects a unit and on the one that moves it, and the
        results may be remembered (a bounded cache of pure results, not game state)."""
        key = (tuple(sorted(att.items())), sides, tuple(sorted(dfd.items())), extra, in_site, a_thr, d_thr,
               runs, naval, fought)
        if key not in self._odds:
            if len(self._odds) > 20_000:
                self._odds.clear()
            seed = 0
            for part in repr(key).encode():
                seed = (seed * 131 + part) % (1 << 61)
            self._odds[key] = simulate_battle(att, sides, dfd, extra, in_site, a_thr, d_thr, _Rand(seed),
                                              runs, naval, fought)
        return self._odds[key]

    def choose(self, game, state, role, seed: int):
        legal = game.rules.actions(state, role)
        if len(legal) == 1:
            return legal[0]
        rand = _Rand(seed)
        if self.blunder and rand.below(1000) < self.blunder * 1000:
            options = [a for a in legal if a != "end_turn"] or legal  # it still builds and places
            return options[rand.below(len(options))]
        ctx = _Context(self, state, role, rand)
        action = ctx.decide(legal)
        if not any(type(a) is type(action) and a == action for a in legal):
            action = legal[0]  # never play an illegal action, whatever the heuristics say
        return action


# --- naval transport for the bots (10.4) ------------------------------------------------------------

def _components(state) -> dict:
    """Revealed land hexes -> the id of their land mass (hexes joined over land)."""
    adj = geometry.neighbours(state["side"])
    comp = {}
    for start, t in enumerate(state["terrain"]):
        if t not in data.LAND or start in comp:
            continue
        comp[start] = start
        stack = [start]
        while stack:
            h = stack.pop()
            for n in adj[h]:
                if n not in comp and state["terrain"][n] in data.LAND:
                    comp[n] = start
                    stack.append(n)
    return comp


class _Naval:
    """The bots' use of naval transport (10.4), mixed into _Context."""

    def components(self):
        if self._comp is None:
            s = self.state
            comp = _components(s)
            useful = set()
            for h, c in comp.items():
                site = s["sites"][h]
                if (site and site["owner"] != self.role) or any(s["terrain"][n] is None for n in self.adj[h]):
                    useful.add(c)
            self._comp, self._useful = comp, useful
        return self._comp, self._useful


    def stranded(self) -> list:
        """His land units that cannot reach an enemy Town/City or unexplored land by land, and could
        embark now (10.43: full allowance, no attack), except the Capital's last defender."""
        comp, useful = self.components()
        s = self.state
        capital = s["capitals"].get(self.role)
        result = []
        for u in pieces.units_of(s, self.role):
            h = u["hex"]
            if h is None or u["type"] not in data.LAND_UNITS or comp.get(h) in useful:
                continue
            if u["mp"] != data.MOVEMENT_ALLOWANCE[u["type"]] or u["attacked"] or u["shipped"]:
                continue
            if h == capital and len(self.own_land_at(h)) <= 1:
                continue
            if not any(s["terrain"][n] == data.WATER for n in self.adj[h]):
                continue
            result.append(u)
        return result


    def _water_path(self, u, goals: set):
        """The first step of a shortest water path from Frigate u to any hex of `goals` (BFS over water
        hexes free of other players' Frigates), or None."""
        s = self.state
        if u["hex"] in goals:
            return None
        parent = {u["hex"]: None}
        queue = [u["hex"]]
        for h in queue:
            for n in self.adj[h]:
                if n in parent or s["terrain"][n] != data.WATER:
                    continue
                if any(e["type"] == data.FRIGATE and e["owner"] != self.role for e in pieces.units_at(s, n)):
                    continue
                parent[n] = h
                if n in goals:
                    while parent[n] != u["hex"]:
                        n = parent[n]
                    return n
                queue.append(n)
        return None


    def frigate_action(self, f):
        """The next ferrying click for Frigate f: land its cargo on useful land, pick up stranded
        units next to it, or sail towards either; None if it has nothing to do."""
        s = self.state
        if f["hex"] is None or s["terrain"][f["hex"]] != data.WATER:
            return None
        comp, useful = self.components()
        acts = transport.actions(s, f)
        cargo = pieces.cargo(s, f["id"])
        enemy = self.enemy_hexes()
        if cargo:
            lands = [a for a in acts if a[0] == transport.LAND and len(a) == 2 and comp.get(a[1]) in useful
                 and a[1] not in enemy]
            if lands:
                return min(lands, key=lambda a: (self.threat(a[1]), a[1]))
        stranded = self.stranded()
        ids = {u["id"] for u in stranded}
        embarks = [a for a in acts if a[0] == transport.EMBARK and a[1] in ids]
        if embarks:
            return embarks[0]
        if f["mp"] < 1:
            return None
        if cargo:
            goals = {n for h, c in comp.items() if c in useful and h not in enemy
                     for n in self.adj[h] if s["terrain"][n] == data.WATER}
        elif stranded and not self.state["attacks"]:
            goals = {n for u in stranded for n in self.adj[u["hex"]] if s["terrain"][n] == data.WATER}
        else:
            return None
        step = self._water_path(f, goals)
        return step if step is not None and step in movement.destinations(s, f) else None


class _Context(_Naval):
    def __init__(self, bot, state, role, rand):
        self.bot, self.state, self.role, self.rand = bot, state, role, rand
        self.side = state["side"]
        self.adj = geometry.neighbours(self.side)
        self._threat = None
        self._enemy_hexes = None
        self._dests = {}
        self._comp, self._useful = None, None

    # -- helpers ------------------------------------------------------------------------------
    def dist(self, a, b):
        return geometry.distance(self.side, a, b)

    def enemy_land_units(self):
        return [u for u in self.state["units"] if u["owner"] != self.role and u["hex"] is not None
                and u["type"] in data.LAND_UNITS]

    def threat(self, h) -> int:
        """Enemy land units within two hexes of h (plus enemy Frigates next to it)."""
        if self._threat is None:
            self._threat = {}
        if h not in self._threat:
            t = 0
            for u in self.state["units"]:
                if u["owner"] == self.role or u["hex"] is None:
                    continue
                d = self.dist(h, u["hex"])
                if u["type"] in data.LAND_UNITS and d <= 2:
                    t += 2 if d <= 1 else 1
                elif u["type"] == data.FRIGATE and d <= 1:
                    t += 1
            self._threat[h] = t
        return self._threat[h]

    def defenders_wanted(self, h) -> int:
        """Units kept at home: one in the Capital; Medium keeps a second there when an enemy army
        (three or more land units) is within two hexes (holding more only idles units)."""
        is_capital = self.state["capitals"].get(self.role) == h
        if not is_capital:
            return 0
        return 1

    def danger(self, h, defenders) -> float:
        """The chance that the enemy land units able to reach h on their next turn (10.11: within
        their Movement Allowance) would take it from `defenders` (Medium's look at the reply)."""
        s = self.state
        attackers = [u for u in self.enemy_land_units()
                     if self.dist(u["hex"], h) <= data.MOVEMENT_ALLOWANCE[u["type"]]]
        if not attackers:
            return 0.0
        by_owner = {}
        for u in attackers:
            by_owner.setdefault(u["owner"], []).append(u)
        worst = 0.0
        for owner, units in sorted(by_owner.items()):
            sides = min(len({u["hex"] for u in units}), 6)
            b = {"hex": h, "defender": self.role, "naval": False}
            extra = combat.defensive_terrain_dice(s, b) + combat.naval_support(s, b)
            p, _ = self.bot.estimate(_counts(units), sides, _counts(defenders), extra, s["sites"][h] is not None,
                                     combat.threshold(s, owner), combat.threshold(s, self.role), 60)
            worst = max(worst, p)
        return worst

    def site_worth(self, h) -> float:
        s = self.state
        v = 1.0 if s["sites"][h]["kind"] == "town" else 2.0
        return v + (4.0 if s["capitals"].get(self.role) == h else 0.0)

    def enemy_hexes(self) -> set:
        """Hexes whose entry means a Battle for this player (movement.is_enemy_hex), computed once."""
        if self._enemy_hexes is None:
            s = self.state
            found = set()
            for u in s["units"]:
                if u["owner"] != self.role and u["hex"] is not None:
                    if s["terrain"][u["hex"]] != data.WATER or u["type"] == data.FRIGATE:
                        found.add(u["hex"])
            for h, site in enumerate(s["sites"]):
                if site is not None and site["owner"] != self.role:
                    found.add(h)
            self._enemy_hexes = found
        return self._enemy_hexes

    def own_land_at(self, h):
        return [u for u in pieces.units_at(self.state, h) if u["owner"] == self.role and u["type"] in data.LAND_UNITS]

    # -- the decision --------------------------------------------------------------------------
    def decide(self, legal):
        s = self.state
        if s["explore"] is not None:
            return self.explore_choice(legal)
        if s["eliminate"]:
            return self.elimination_choice(legal)
        if s["relocate"] is not None:  # 16.82: out of the Vassal's Capital, to the safest hex
            return min(legal, key=lambda h: (self.threat(h), h))
        if s["reinforce"] is not None:  # 16.82: everything into the Capital
            return legal[0]
        if s["losses"]:
            return self.loss_choice(legal)
        if s["battle"] is not None:
            return self.battle_choice(legal)
        phase = s["phase"]
        if phase == "opening_replace":
            return next((a for a in legal if type(a) is int), legal[-1])
        if phase in ("opening_capital", "opening_town"):
            return self.best_site([a for a in legal if type(a) is int], legal)
        if phase == "move":
            return self.move_choice(legal)
        if phase == "build":
            return self.build_choice(legal)
        if phase == "reserve":
            return self.reserve_choice(legal)
        if phase == "placement_battle":
            return legal[0]
        return legal[0]

    # -- exploration (7.0) ----------------------------------------------------------------------
    def explore_choice(self, legal):
        if "redraw" in legal:
            return "redraw"  # land is worth more than water for building
        tile = self.state["explore"]["tiles"][0]
        home = pieces.sites_of(self.state, self.role) or [u["hex"] for u in pieces.units_of(self.state, self.role) if u["hex"] is not None]
        if not home:
            return legal[0]

        def near(h):
            return min(self.dist(h, x) for x in home)
        if tile == data.WATER:
            return max(legal, key=lambda h: (near(h), -h))  # water far from home
        # land two or three hexes from a Town is where the next Town goes (8.2.1)
        return min(legal, key=lambda h: (abs(near(h) - 2), h))

    # -- sites ----------------------------------------------------------------------------------
    def site_score(self, h) -> float:
        s = self.state
        score = 0.0
        for n in self.adj[h]:
            t = s["terrain"][n]
            if t in data.LAND:
                score += 1.0
            elif t is None:
                score += 0.7  # will be revealed by the Town (8.3)
            elif t == data.WATER:
                score += 0.2
        score += {data.GRASSLAND: 0.6, data.MOUNTAIN: 0.6, data.PLAINS: 0.5, data.FOREST: 0.3}.get(s["terrain"][h], 0)
        score -= 1.5 * self.threat(h)
        enemies = [u["hex"] for u in self.enemy_land_units()]
        if enemies:
            score += 0.2 * min(4, min(self.dist(h, e) for e in enemies))
        return score + self.rand.below(100) / 1000

    def best_site(self, hexes, legal):
        if not hexes:
            return legal[-1]
        return max(hexes, key=self.site_score)

    # -- building (8.0) -------------------------------------------------------------------------
    def build_choice(self, legal):
        s = self.state
        towns = [a for a in legal if type(a) is int and s["sites"][a] is None]
        if towns:
            return max(towns, key=self.site_score)
        upgrades = [a for a in legal if type(a) is int and s["sites"][a] is not None]
        if upgrades:
            return max(upgrades, key=self.upgrade_score)
        return "end_building" if "end_building" in legal else legal[-1]

    def upgrade_score(self, h) -> float:
        s = self.state
        t = s["terrain"][h]
        have = {s["terrain"][x] for x in pieces.sites_of(s, self.role) if pieces.is_city(s, x)}
        score = 1.0 if t not in have else 0.0  # towards Combat Supply (11.2)
        score += {data.GRASSLAND: 0.8, data.MOUNTAIN: 0.9, data.PLAINS: 0.7, data.FOREST: 0.2}[t]
        if t == data.FOREST and any(s["terrain"][n] == data.WATER for n in self.adj[h]):
            score += 0.4
        if s["capitals"].get(self.role) == h:
            score += 0.5  # the Capital also defends with two dice as a City (13.3 step 2)
        return score + 0.3 * min(3, self.threat(h)) + self.rand.below(100) / 1000

    # -- reserves (14.0) ------------------------------------------------------------------------
    def reserve_choice(self, legal):
        hexes = [a for a in legal if type(a) is int]
        if hexes:
            return max(hexes, key=self.placement_score)
        kinds = [a for a in legal if a in data.UNIT_TYPES]
        if kinds:
            return max(kinds, key=lambda k: UNIT_VALUE[k])
        if "done" in legal:
            return "done"
        return "end_turn"

    def placement_score(self, h) -> float:
        s = self.state
        if s["terrain"][h] == data.WATER:  # a Frigate: near enemy Frigates we can beat, or open sea
            return -sum(1 for n in self.adj[h] if s["terrain"][n] is None) - h / 1000
        deficit = self.defenders_wanted(h) - len(self.own_land_at(h))
        enemies = [u["hex"] for u in self.enemy_land_units()]
        front = -min((self.dist(h, e) for e in enemies), default=10)
        score = 3 * deficit + 0.3 * front + 0.01 * self.threat(h)
        if self.bot.guard and s["sites"][h] is not None:
            score += 4 * self.danger(h, self.own_land_at(h)) * self.site_worth(h)
        return score

    # -- casualties, eliminations, retreats -------------------------------------------------------
    def loss_choice(self, legal):
        loss = self.state["losses"][0]
        units = combat.fighting_units(self.state, loss["owner"], loss["hex"], loss["naval"])
        c = _counts(units)
        if loss["owner"] == self.role:
            return min(legal, key=lambda k: (c.get(k, 0) <= 1, LOSS_ORDER.index(k)))
        return min(legal, key=lambda k: (c.get(k, 0) > 1, TAKE_ORDER.index(k)))

    def elimination_choice(self, legal):
        return min(legal, key=lambda h: (self.threat(h), h))

    def battle_choice(self, legal):
        b = self.state["battle"]
        if b["step"] == "retreating":
            return max(legal, key=lambda h: (self.state["terrain"][h] != data.WATER, -self.threat(h), -h))
        if "retreat" not in legal:
            return legal[0]
        att = combat.fighting_units(self.state, b["attacker"], b["hex"], b["naval"])
        dfd = combat.fighting_units(self.state, b["defender"], b["hex"], b["naval"])
        if not self.bot.sim_retreat:
            return "continue" if len(att) >= len(dfd) else "retreat"
        p, _lost = self.odds(b["hex"], att, dfd, b["naval"], sides=len(combat.entry_sides(self.state, b["hex"])),
                             fought_round=True)
        return "continue" if p >= 0.45 else "retreat"

    # -- battle odds ----------------------------------------------------------------------------
    def odds(self, h, att_units, dfd_units=None, naval=False, sides=1, fought_round=False):
        s = self.state
        site = s["sites"][h]
        if dfd_units is None:
            dfd_units = [u for u in pieces.enemy_units_at(s, h, self.role)
                         if (u["type"] == data.FRIGATE) == naval]
        defender = site["owner"] if site and site["owner"] != self.role else \
            (dfd_units[0]["owner"] if dfd_units else None)
        if defender is None:
            return 1.0, 0.0
        b = {"hex": h, "defender": defender, "naval": naval}
        extra = 0 if naval else combat.defensive_terrain_dice(s, b) + combat.naval_support(s, b)
        return self.bot.estimate(_counts(att_units), max(1, sides), _counts(dfd_units), extra,
                                 site is not None and not naval, combat.threshold(s, self.role),
                                 combat.threshold(s, defender), self.bot.runs, naval, fought_round)

    def target_value(self, h) -> float:
        s = self.state
        site = s["sites"][h]
        v = 0.0
        if site and site["owner"] != self.role:
            v += 2.0 if site["kind"] == "town" else 3.0
            if s["capitals"].get(site["owner"]) == h:
                v += 4.0
        v += 0.5 * len(pieces.enemy_units_at(s, h, self.role))
        return v

    # -- movement and combat (10.0-13.0) ---------------------------------------------------------
    def move_choice(self, legal):
        s = self.state
        if s["selected"] is not None:
            return self.step_choice(legal, pieces.unit(s, s["selected"]))
        plan = self.plan()
        pending = [a for a in legal if isinstance(a, list) and a[0] == "battle"]
        selectable = {a[1]: a for a in legal if isinstance(a, list) and a[0] == "unit"}
        # units that will join a pending Battle move first, then the Battles are fought
        for uid, target in plan:
            if uid in selectable and self.next_step(pieces.unit(s, uid), target, legal_only=True) is not None \
                    and self.would_act(uid):
                return selectable[uid]
        if pending:
            return max(pending, key=lambda a: self.target_value(a[1]))
        for uid in selectable:  # 10.4: ferry stranded units
            u = pieces.unit(s, uid)
            if u["type"] == data.FRIGATE and self.frigate_action(u) is not None and self.would_act(uid):
                return selectable[uid]
        if self.bot.bombard_idle:
            for uid in selectable:
                u = pieces.unit(s, uid)
                if u["type"] in data.BOMBARDERS and combat.bombard_targets(s, u) and not s["attacks"] \
                        and u["mp"] == movement.allowance(s, u) and not any(p[0] == uid for p in plan) \
                        and self.would_act(uid):
                    return selectable[uid]
        return "end_movement" if "end_movement" in legal else legal[-1]

    def would_act(self, uid) -> bool:
        """Selecting a unit only to click "done" would change nothing and could repeat forever:
        look at what the bot would click once it is selected (a shallow copy with "selected" set;
        nothing in the state is changed)."""
        from . import rules
        view = dict(self.state, selected=uid, moved=False)
        other = _Context(self.bot, view, self.role, _Rand(0))
        return other.step_choice(rules.actions(view, self.role), pieces.unit(view, uid)) != "done"

    def step_choice(self, legal, u):
        if u["type"] == data.FRIGATE and not any(isinstance(a, list) and a[0] == "bombard" for a in legal):
            act = self.frigate_action(u)
            if act is not None and act in legal:
                return act
        if u["type"] in data.BOMBARDERS:
            bombards = [a for a in legal if isinstance(a, list) and a[0] == "bombard"]
            if bombards and not self.state["attacks"] and u["mp"] == movement.allowance(self.state, u):
                return max(bombards, key=lambda a: self.target_value(a[1]))
        target = dict(self.plan()).get(u["id"])
        if target is not None:
            step = self.next_step(u, target, legal_only=True)
            if step is not None and step in legal:
                return step
        return "done" if "done" in legal else next(a for a in legal if type(a) is int)

    def next_step(self, u, target, legal_only=True):
        """The legal destination that brings u strictly closer to target (the target itself first)."""
        if u["hex"] == target:
            return None
        dests = movement.destinations(self.state, u)
        if target in dests:
            return target
        here = self.dist(u["hex"], target)
        best = None
        for d in dests:
            if movement.is_enemy_hex(self.state, d, self.role):
                continue  # only the planned target is attacked
            if u["type"] == data.FRIGATE and self.state["terrain"][d] != data.WATER:
                continue
            dd = self.dist(d, target)
            if dd < here and (best is None or dd < best[0]):
                best = (dd, d)
        if best is None:
            return None
        if u["type"] != data.FRIGATE and u["mp"] < 1:
            return None
        return best[1]

    def plan(self) -> list:
        """[(unit id, target hex)] in priority order: attacks, then expansion and staging."""
        s = self.state
        mine = [u for u in pieces.units_of(s, self.role) if u["hex"] is not None and u["mp"] > 0]
        hold = set()
        for h in pieces.sites_of(s, self.role):
            here = sorted((u for u in self.own_land_at(h) if u["mp"] > 0), key=lambda u: u["id"])
            keep = self.defenders_wanted(h)
            if self.bot.guard_hold:  # keep defenders while the enemy would likely take the site
                stay = [u for u in self.own_land_at(h) if u["mp"] == 0]
                keep = 0
                while keep < len(here) and self.danger(h, stay + here[:keep]) > 0.3 / self.site_worth(h):
                    keep += 1
                keep = max(keep, self.defenders_wanted(h))
            elif self.bot.capital_guard and s["capitals"].get(self.role) == h:
                # 15.0: keep defenders in the Capital while the enemy's reply would likely take it
                stay = [u for u in self.own_land_at(h) if u["mp"] == 0]
                while keep < len(here) and self.danger(h, stay + here[:keep]) > self.bot.capital_risk:
                    keep += 1
            for u in here[:keep]:
                hold.add(u["id"])
        free = [u for u in mine if u["id"] not in hold]
        plan, used = [], set()
        # attacks: waiting Battles first (units already committed), then new targets
        pending = combat.battle_hexes(s)
        candidates = set(pending)
        enemy_hexes = self.enemy_hexes()
        for u in free:
            for n in enemy_hexes:
                if n not in s["battled"] and self.dist(u["hex"], n) <= min(u["mp"], 3):
                    candidates.add(n)
        scored = []
        for h in candidates:
            naval = s["terrain"][h] == data.WATER
            reach = [u for u in free if (u["type"] == data.FRIGATE) == naval
                     and self.dist(u["hex"], h) <= u["mp"] and self._could_reach(u, h)]
            committed = [pieces.unit(s, uid) for bh, _f, uid in s["attacks"] if bh == h
                         and any(x["id"] == uid for x in s["units"])]
            att = reach + [c for c in committed if c["hex"] == h]
            if not att:
                continue
            sides = len({x["hex"] for x in reach if x["hex"] != h} | set(combat.entry_sides(s, h)))
            p, lost = self.odds(h, att, naval=naval, sides=sides)
            value = self.target_value(h)
            if h in pending or (p >= self.bot.attack_at and (not self.bot.weigh_losses or p * value > 0.6 * lost)):
                scored.append((h in pending, p * value - self.bot.loss_weight * lost, h, reach))
        scored.sort(key=lambda x: (not x[0], -x[1], x[2]))
        if self.bot.lean_attacks:
            self._lean_allocation(scored, plan, used)
        for _pending, _v, h, reach in scored:
            for u in reach:
                if u["id"] not in used and u["hex"] != h:
                    plan.append((u["id"], h))
                    used.add(u["id"])
        # expansion: walk towards hexes next to many face-down hexes, near home
        home = pieces.sites_of(s, self.role)
        frontier = []
        for h in range(len(s["terrain"])):
            if s["terrain"][h] not in data.LAND or h in enemy_hexes:
                continue
            hidden = sum(1 for n in self.adj[h] if s["terrain"][n] is None)
            if hidden:
                near = min((self.dist(h, x) for x in home), default=0)
                frontier.append((hidden - 0.4 * near, h))
        frontier.sort(key=lambda x: (-x[0], x[1]))
        claimed = set()
        enemy_sites = [h for h, site in enumerate(s["sites"]) if site and site["owner"] != self.role]
        focus = None
        stranded = {u["id"] for u in self.stranded()}
        idle = [u for u in free if u["id"] not in used and u["type"] != data.FRIGATE and u["id"] not in stranded]
        if enemy_sites and idle:
            # one focus for the whole army: the enemy Town/City nearest to its units
            def far(e):
                return sum(self.dist(u["hex"], e) for u in idle) / len(idle)
            focus = min(enemy_sites, key=lambda e: (far(e), e))
            if self.bot.go_for_capital:
                capitals = [e for e in enemy_sites if s["capitals"].get(s["sites"][e]["owner"]) == e]
                if capitals:
                    best = min(capitals, key=lambda e: (far(e), e))
                    if far(best) <= far(focus) + 2:
                        focus = best
        gathered = {}
        for u in sorted(idle, key=lambda u: u["id"]):
            goal = None
            for _score, h in frontier:
                if h not in claimed and self.dist(u["hex"], h) <= 4:
                    goal = h
                    break
            if goal is not None:
                claimed.add(goal)
            elif focus is not None:
                # staging: spread over the land hexes around the focus, for more hex sides (13.3)
                ring = [n for n in self.adj[focus] if s["terrain"][n] in data.LAND and n not in enemy_hexes]
                if ring:
                    spread = self.bot.spread  # Easy takes the nearest side, Medium spreads out
                    goal = min(ring, key=lambda n: (gathered.get(n, 0) if spread else 0, self.dist(u["hex"], n), n))
                    gathered[goal] = gathered.get(goal, 0) + 1
            if goal is not None and goal != u["hex"]:
                plan.append((u["id"], goal))
        return plan

    def _lean_allocation(self, scored, plan, used):
        """Each attack in order of value gets the fewest reaching units that give it (nearly) the
        odds of all of them: units of a new type first (13.3: dice per type), then from a new hex
        side, then the nearest; the units left over are free for the next targets."""
        s = self.state
        for _pending, _v, h, reach in scored:
            naval = s["terrain"][h] == data.WATER
            committed = [u for u in s["units"] if u["hex"] == h and u["owner"] == self.role
                         and (u["type"] == data.FRIGATE) == naval]
            avail = [u for u in reach if u["id"] not in used and u["hex"] != h]
            if not avail:
                continue
            sides0 = set(combat.entry_sides(s, h))

            def sides_of(group):
                return max(1, len(sides0 | {x["hex"] for x in group}))
            full, _ = self.odds(h, committed + avail, naval=naval, sides=sides_of(avail))
            goal = min(self.bot.lean_goal, full - 0.03)
            chosen = []
            p = 0.0
            while avail and (not chosen or p < goal):
                types = {u["type"] for u in committed + chosen}
                hexes = {u["hex"] for u in chosen} | sides0
                best = min(avail, key=lambda u: (u["type"] in types, u["hex"] in hexes,
                                                 self.dist(u["hex"], h), u["id"]))
                avail.remove(best)
                chosen.append(best)
                p, _ = self.odds(h, committed + chosen, naval=naval, sides=sides_of(chosen))
            for u in chosen:
                plan.append((u["id"], h))
                used.add(u["id"])

    def dests(self, u) -> list:
        if u["id"] not in self._dests:
            self._dests[u["id"]] = movement.destinations(self.state, u)
        return self._dests[u["id"]]

    def _could_reach(self, u, h) -> bool:
        if self.dist(u["hex"], h) == 1:
            return h in self.dests(u)
        if u["type"] == data.FRIGATE:
            return True
        # two or three steps over land, not through enemies (a rough path check)
        enemy = self.enemy_hexes()
        for n in self.dests(u):
            if self.dist(n, h) < self.dist(u["hex"], h) and n not in enemy \
                    and self.state["terrain"][n] not in data.SLOW_TERRAIN:
                return True
        return False


def easy() -> ViktoryBot:
    return ViktoryBot(1)


def medium() -> ViktoryBot:
    return ViktoryBot(2)
