"""Yudhbhoomi's Hard (level 3): Medium's turn plans, with the core's search (engine/core/search.py)
choosing each step of the resolve (in Hold the Fort between two sides, bolder plans without search).

Medium (bots.PlanBot) resolves its dice greedily: of the steps it can take next (a soldier's walk, an
attack perhaps after an approach, a heal, a grab, a card) it takes the one whose position `evaluate`
scores best at once, and repeats. Hard's planner is the same with Hard's evaluation (`strong` =
bots.HARD: in Hold the Fort bolder weights, bots.HOLD_HARD, tuned in Medium-against-Medium play; in
Rani Abbakka bots.RUSH; in Treasure Medium's weights, the danger read as each other seat's chance
to defeat a soldier). Hard asks its planner for its best few steps
(`bots._macro_options`: its best walk, the best walk of each of HARD_SPARE other soldiers, every
attack, heal, grab, hand-over and card; the planner's own choice always among them, "end" where it
would end) and plays each on blind samples of the position (bots.blind: other hands, the deck and
the other side's face-down cards dealt afresh, the dice to come reseeded), then lets a policy play
every seat on to a horizon (SidePolicy: its own side with its planner, every other seat Medium), and
judges the position reached with Hard's `evaluate`:

  * Treasure: the horizon is the end of its own turn (HARD_TURNS), its planner playing on: the rest of
    the resolve and the defender's answer to an attack. A step that sets up a better next one is seen
    (greedy steps are not); the other side's reply is left to `evaluate`'s danger terms (looking
    through the other side's whole turn measured no better at the budgets a browser allows). Hard's
    `evaluate` reads that danger as the chance each other seat defeats a soldier in its coming turn
    (bots._seat_threat_map), not Medium's summed expected hits, which barely count a carrier beside
    enemies of two seats in a 4-player game.
  * Hold the Fort between two sides (two players, or two alliances): no search (`_budget`): Hard's
    planner alone, with its bolder weights, beats Medium in about seven games of ten, and the search
    on top of it (through its own next turn, 800 actions a decision) won fewer of the same games
    (docs/benchmarks.md). With three or more sides, or a budget given, it searches: the horizon
    takes in the next player's turn, Medium playing it (HARD_TURNS), and between two players Hard's
    own next turn too (HOLD_TWO_TURNS), to the start of the other side's next.
  * Rani Abbakka: the horizon is RANI_TURNS turns of every player, each followed by the Portuguese
    (the guards' strikes, the patrol's steps), Hard's own planner without search playing every seat, so
    a step that leaves a soldier where the patrol will come round, or walls in a neighbour, is seen
    to fail. Hard's `evaluate` (bots.HARD) also sends the swords toward the General once only
    bots.RUSH patrol is left (Medium waits for both patrols to fall); the patrol's sight terms keep
    them out of its way.

Sequential halving (the core's Search) spends HARD_BUDGET actions per decision over the candidates,
every candidate on the same samples. The chosen step's clicks are played as a plan; the next step is
searched again.

Which dice to keep (Treasure; Hold the Fort when searching): Medium's exact holding programme
(bots.RollPlanner), but each final roll (moves, hits, heals) is worth what its planner makes of it
on a blind copy (PlayedNeeds), not DiceNeeds' rules of thumb: in a race for the tokens the real reach
of each soldier, the O that grabs, the hits that defeat a carrier decide; in Hold the Fort the steps
into the palace past the soldiers in the way, and the hits on a flag bearer. Everything else (the
army, recruiting and drawing before the roll, defending, the hand limit) is Medium's.

Budgets are counted in actions applied, never timed, so a choice depends only on the position and the
seed; the search and PlayedNeeds read nothing a seat may not see (their copies come from bots.blind).
"""
from __future__ import annotations

from engine.core import search

from . import bots, campaigns, data, rules, turn as turnmod

HARD_WIDTH = 5      # steps searched per decision (the planner's choice among them)
HARD_SPARE = 2      # other soldiers' best walks offered besides the best walk
# actions played in look-aheads per decision, in all, by campaign (Hold the Fort: more of the second a
# decision may take; between two sides none, see _budget; docs/benchmarks.md)
HARD_BUDGET = {data.TREASURE: 200, data.HOLD: 800, data.RANI: 200}
HARD_STEPS = 160    # actions in one look-ahead at most
HARD_TURNS = {data.TREASURE: 1, data.HOLD: 2}  # turns looked ahead (1: to the end of its own)
HOLD_TWO_TURNS = 3  # Hold the Fort between two players: through its own next turn (docs/benchmarks.md)
HARD_KEEP = 0.0     # the planner's step is kept unless another beats it by more than this
RANI_TURNS = 2      # Rani Abbakka: player turns looked ahead (each followed by the Portuguese steps)
PLAYED = (data.TREASURE, data.HOLD)  # campaigns where the dice are valued by plans played out (PlayedNeeds)


def _turn_key(state):
    t = state["turn"]
    return None if t is None else (state["round"], t["seat"])


def _horizon(turns: int):
    """A `stop` for the search: True once `turns` further turns have begun (a new seat or round; an
    Extra Turn is the same turn) or the game is over. With `turns` the number of players this is the
    start of the deciding seat's next turn, after each other seat has played a whole turn."""
    def stop(root_role, state, history) -> bool:
        if state["result"] is not None:
            return True
        key = _turn_key(state)
        if "key" not in history:
            history["key"], history["n"] = key, 0
        elif key != history["key"]:
            history["key"] = key
            history["n"] += 1
        return history["n"] >= turns
    return stop


class SidePolicy:
    """The look-ahead's policy: the deciding seat's side (`side`, set before each look-ahead) plays
    Hard's planner without search, with Hard's evaluation, as Hard would play on; every other seat
    plays Medium, the level Hard is measured against (`everyone`: the own planner plays every seat,
    as in Rani Abbakka, where all players are one side)."""

    def __init__(self, everyone: bool = False):
        self.own = HardBot(budget=0)
        self.other = self.own if everyone else bots.medium()
        self.side = None

    def choose(self, game, state, role, seed: int):
        bot = self.own if self.other is self.own or campaigns.side(state, role) == self.side else self.other
        return bot.choose(game, state, role, seed)


class MacroSearch(search.Search):
    """The core's Search over whole steps of a resolve (lists of clicks) instead of single clicks:
    `macros` is set to the steps before each search."""
    macros: list = None

    def candidates(self, game, state, role, seed) -> list:
        return self.macros

    def look_ahead(self, game, state, role, action, seed: int, sample: int, limit: int):
        self.policy.side = campaigns.side(state, role)
        twin = self.blind(state, role, search.mix(seed, sample))
        stop = self.stop
        history: dict = {}
        stop(role, twin, history)  # the turn this step is played in
        played = 0
        for click in action:
            if twin["result"] is not None or not rules.is_legal(twin, role, click):
                break
            rules.apply(twin, role, click)
            played += 1
        while played < limit and not stop(role, twin, history):
            seat = rules.active(twin)[0]
            move = self.policy.choose(game, twin, seat, search.mix(seed, sample, played))
            rules.apply(twin, seat, move)
            played += 1
        return self.evaluate(twin, role), max(played, 1)


def _settle_sub(work, role, strong, seed) -> None:
    """The sub-step a card opens (the player Swapped or Taunted, the soldier Retreated), settled as the
    planner settles it, so that the resolve can go on."""
    planner = None
    for _ in range(4):
        t = work["turn"]
        if work["result"] is not None or t["sub"] is None or t["seat"] != role:
            return
        if planner is None:
            planner = bots.PlanBot(2)
            planner.strong = strong
        rules.apply(work, role, planner._sub(work, role, rules.actions(work, role), seed))


def resolve_value(work, role, strong, seed: int = 0) -> float:
    """The score Medium's greedy resolve reaches on `work` (played on it): `evaluate` at its end, or
    the expected score of the attack that ends it (the defender answers first)."""
    for _ in range(12):
        _settle_sub(work, role, strong, seed)
        if not bots.free_to_step(work, role):
            break
        base, cand = bots._macro_options(work, role, strong)
        if not cand:
            return base
        v, clicks, terminal = max(cand, key=lambda c: c[0])
        always = v == float("inf")  # a card the planner always plays
        if not always and v <= base + 0.5:
            return base
        if terminal and not always:
            return v
        if not bots._apply_all(work, role, clicks, []):
            break
    return bots.evaluate(work, role, strong)


class PlayedNeeds:
    """What a final roll is worth, played out: the dice set to (moves, hits, heals) on a blind copy,
    accepted (five equal symbols draw the bonus card) and resolved by Medium's planner, scored by
    `resolve_value`. RollPlanner's exact holding then weighs the real position (which treasure a
    horse reaches with how many moves, whether an O grabs it, whether the hits defeat a carrier)
    instead of DiceNeeds' rules of thumb: 21 plans for 5 dice, each computed once a decision."""

    def __init__(self, state, role, strong, seed):
        self.work = bots.blind(state, role, seed)
        self.role, self.strong, self.seed = role, strong, seed
        self.memo = {}

    def value(self, m, x, o) -> float:
        got = self.memo.get((m, x, o))
        if got is None:
            w = bots._copy(self.work)
            t = w["turn"]
            t["dice"] = [data.MOVE] * m + [data.HIT] * x + [data.HEAL] * o
            t["held"] = [False] * len(t["dice"])
            turnmod.accept(w)
            got = self.memo[(m, x, o)] = resolve_value(w, self.role, self.strong, self.seed)
        return got


def _evaluate(state, role) -> float:
    return bots.evaluate(state, role, bots.HARD)


class HardBot(bots.PlanBot):
    """Medium's PlanBot with the resolve's steps chosen by search."""

    def __init__(self, budget: int | None = None, width: int = HARD_WIDTH):
        super().__init__(2)
        self.level = 3
        self.strong = bots.HARD
        self.width = width
        self.budget = budget  # None: HARD_BUDGET of the game's campaign; 0: Medium's steps, no search
        self._searches = {}
        self.game = None  # the game of the decision being made (choose)
        self.turns = None  # experiments: a horizon in turns for every campaign but Rani Abbakka
        self.keep = HARD_KEEP
        self.played = PLAYED

    def choose(self, game, state, role, seed: int):
        self.game = game  # the search plays the game through its interface
        return super().choose(game, state, role, seed)

    def _needs(self, state, role, seed):
        # the holding only: recruiting and drawing before the roll keep Medium's reading (played
        # values there bought too little: see docs/benchmarks.md)
        if self._budget(state) and state["turn"]["stage"] == "roll" and state["options"]["campaign"] in self.played:
            return PlayedNeeds(state, role, self.strong, seed)
        return super()._needs(state, role, seed)

    def _budget(self, state) -> int:
        if self.budget is not None:
            return self.budget
        camp = state["options"]["campaign"]
        if camp == data.HOLD and len(campaigns.sides(state)) == 2:
            return 0  # the planner with bots.HOLD_HARD alone beats Medium more often than the search
        return HARD_BUDGET[camp]

    def _search(self, state) -> MacroSearch:
        players = len(state["seats"])
        camp = state["options"]["campaign"]
        rani = camp == data.RANI
        if rani:
            turns = players * RANI_TURNS
        elif self.turns:
            turns = self.turns
        else:
            turns = HOLD_TWO_TURNS if camp == data.HOLD and players == 2 else HARD_TURNS[camp]
        key = (rani, turns, self._budget(state))
        s = self._searches.get(key)
        if s is None:
            s = self._searches[key] = MacroSearch(
                blind=bots.blind, rollout=(lambda: SidePolicy(everyone=rani)),
                evaluate=_evaluate, budget=key[2], steps=HARD_STEPS, width=self.width,
                stop=_horizon(turns))
        return s

    def candidates(self, state, role, seed) -> list:
        """The steps searched, the planner's choice first: (clicks, ends the plan) each."""
        work = bots.blind(state, role, seed)
        base, cand = bots._macro_options(work, role, self.strong, spare=HARD_SPARE)
        cand = sorted(cand, key=lambda c: -c[0])  # stable: Medium's tie-break kept
        out = []
        medium_ends = not cand or cand[0][0] <= base + 0.5
        if medium_ends and "end" in rules.actions(state, role):
            out.append((["end"], True))
        for v, clicks, terminal in cand:
            if v == float("inf"):
                return [(clicks, terminal)]  # a card the planner always plays
            if len(out) >= self.width:
                break
            if any(c == clicks for c, _t in out):
                continue
            out.append((clicks, terminal))
        if not medium_ends and len(out) < self.width and "end" in rules.actions(state, role):
            out.append((["end"], True))
        return out

    def _resolve(self, state, role, legal, seed):
        if not self._budget(state):
            return super()._resolve(state, role, legal, seed)
        cands = self.candidates(state, role, seed)
        if not cands:
            return "end"
        if len(cands) == 1:
            clicks, terminal = cands[0]
        else:
            srch = self._search(state)
            srch.macros = [c for c, _t in cands]
            scored = srch.scores(self.game, state, role, seed)
            best = scored[0][0]
            medium = next(((v, n) for c, v, n in scored if c is cands[0][0]), None)
            if medium is not None and medium[1] == scored[0][2] and scored[0][1] - medium[0] <= self.keep:
                best = cands[0][0]
            clicks, terminal = next((c, t) for c, t in cands if c is best)
        return self._follow(state, role, clicks, terminal, seed)

    def _follow(self, state, role, clicks, terminal, seed):
        """Plays `clicks` as a plan (and declares an attack they begin)."""
        work = bots.blind(state, role, seed)
        plan: list = []
        if not bots._apply_all(work, role, clicks, plan) or not plan:
            return super()._resolve(state, role, rules.actions(state, role), seed)
        if terminal:
            t = work["turn"]
            if t is not None and t["attack"] is not None and t["attack"]["stage"] == "acards" and t["seat"] == role:
                bots._apply_all(work, role, ["declare"], plan)
        self._plans[role] = plan[1:]
        return plan[0][1]


def hard() -> HardBot:
    return HardBot()
