"""Yudhbhoomi bots (engine/yudhbhoomi/bots.py): they take and bank treasure, defend with the right
card, never see hidden cards or future dice, play only legal actions in every campaign, and the
levels are ordered. The recorded figures (100-game matches) are in the package docstring; here small
samples of the same runner (engine/yudhbhoomi/bot_match.py)."""
import copy
import random

import pytest

from engine.core import api
from engine.core.match import play_timed
from engine.yudhbhoomi import GAME, bot_hard, bot_match, bots, data, rules

from test_yudhbhoomi_generic import CONFIGS  # every campaign and player count


def _play_army(state):
    bot = bots.medium()
    while state["phase"] == "army":
        role = rules.active(state)[0]
        rules.apply(state, role, bot.choose(GAME, state, role, 1))
    return state


def _resolving(seed, pool, options=None):
    """A 2-player Treasure game right after Green's roll, with the given symbols to resolve."""
    state = _play_army(rules.setup(seed, options or {"campaign": "treasure", "players": 2}))
    t = state["turn"]
    t["stage"] = "resolve"
    t["dice"] = [data.MOVE] * pool.get("move", 0) + [data.HIT] * pool.get("hit", 0) + [data.HEAL] * pool.get("heal", 0)
    t["held"] = [False] * len(t["dice"])
    t["rolls"] = 1
    t["pool"] = {data.MOVE: pool.get("move", 0), data.HIT: pool.get("hit", 0), data.HEAL: pool.get("heal", 0)}
    t["rolled_move"] = pool.get("move", 0)
    t["dice_left"] = 0
    return state


def _finish_turn(state, bot, role, seed=7):
    n = 0
    while state["result"] is None and rules.active(state) == [role] and state["turn"]["seat"] == role:
        api.play(GAME, state, role, bot.choose(GAME, state, role, seed + n))
        n += 1
        assert n < 60


def test_bot_levels():
    assert [b.name for b in GAME.bot_levels] == ["Random", "Easy", "Medium", "Hard"]


@pytest.mark.parametrize("level", [1, 2])
def test_a_soldier_next_to_a_treasure_grabs_it(level):
    """Rulebook "Grab/Handover/Drop Treasure": one O takes a token from one space away."""
    state = _resolving(3, {"heal": 1})
    token = data.TREASURE_SPOTS[0]          # the north-west spot on the palace's edge
    sid = next(i for i, s in enumerate(state["soldiers"]) if s["owner"] == "Green")
    state["soldiers"][sid]["pos"] = token - data.SIZE   # the square north of it (outside the palace)
    log = len(state["log"])
    _finish_turn(state, GAME.bot(level), "Green")
    assert str(token) not in state["treasure"]
    assert any("grabs a treasure" in line for line in state["log"][log:])


@pytest.mark.parametrize("level", [1, 2])
def test_a_carrier_walks_home_and_banks(level):
    """A carrier two steps from its camp with three move points walks in: +2 VP."""
    state = _resolving(4, {"move": 3, "hit": 1, "heal": 1})
    sid = next(i for i, s in enumerate(state["soldiers"]) if s["owner"] == "Green" and s["kind"] != "horse")
    state["soldiers"][sid].update(pos=data.sq(2, 1), carry=1)
    state["treasure"].pop(str(data.TREASURE_SPOTS[0]))
    rules.invariants(state)
    _finish_turn(state, GAME.bot(level), "Green")
    assert state["vp"]["Green"] == 2 and state["banked"]["Green"] == 1


def test_a_carrier_hands_over_to_a_soldier_nearer_home():
    """Medium hands the token to the neighbour nearer its camp when it cannot walk (an O, no moves)."""
    state = _resolving(5, {"heal": 1, "hit": 1})
    mine = [i for i, s in enumerate(state["soldiers"]) if s["owner"] == "Green"]
    state["soldiers"][mine[0]].update(pos=data.sq(4, 1), carry=1)
    state["soldiers"][mine[1]].update(pos=data.sq(3, 1))
    state["treasure"].pop(str(data.TREASURE_SPOTS[0]))
    log = len(state["log"])
    _finish_turn(state, GAME.bot(2), "Green")
    assert "Green's Mounted Swordswoman hands a treasure to Green's Mounted Swordswoman" in state["log"][log:]


def take_card(state, c) -> None:
    """Takes Power card `c` out of the hands, the deck and the discard pile (to be dealt by a test)."""
    for pile in (*state["hands"].values(), state["deck"], state["discard"]):
        if c in pile:
            pile.remove(c)


def deadly_attack(cards) -> dict:
    """Green's Mounted Swordswoman (1,5) attacks Yellow's soldier beside it (1,6, defence 3) with 3
    hits, Yellow holding exactly `cards`: the position where Yellow chooses its defence."""
    state = _resolving(6, {"hit": 3, "move": 2})
    green = next(i for i, s in enumerate(state["soldiers"]) if s["owner"] == "Green" and s["kind"] == "horse")
    yellow = next(i for i, s in enumerate(state["soldiers"]) if s["owner"] == "Yellow")
    state["soldiers"][green]["pos"] = data.sq(1, 5)
    state["soldiers"][yellow].update({"pos": data.sq(1, 6), "def": 3})
    for c in cards:
        take_card(state, c)
    state["deck"] += state["hands"]["Yellow"]
    state["hands"]["Yellow"] = list(cards)
    for a in (["attack", green], ["target", yellow], ["hits", 3]):
        api.play(GAME, state, "Green", a)
    if rules.active(state) == ["Green"]:
        api.play(GAME, state, "Green", "declare")
    assert rules.active(state) == ["Yellow"]
    return state


def test_the_defender_dodges_a_deadly_attack_with_the_matching_card():
    dodge = data.CARDS.index("dodge_sword")
    state = deadly_attack([data.CARDS.index("move1"), dodge])
    for level in (1, 2):
        assert GAME.bot(level).choose(GAME, state, "Yellow", 3) == ["dcard", dodge]


def _hide_differently(state, viewer, r):
    """The same position as `viewer` sees it, with the cards it cannot see dealt differently."""
    other = copy.deepcopy(state)
    visible = {viewer} | ({data.ALLY[viewer]} if state["options"]["mode"] == "semi" else set())
    pool = list(other["deck"])
    for role in other["seats"]:
        if role not in visible:
            pool += other["hands"][role]
    r.shuffle(pool)
    for role in other["seats"]:
        if role not in visible:
            n = len(other["hands"][role])
            other["hands"][role], pool = pool[:n], pool[n:]
    other["deck"] = pool
    other["rng"] = r.getrandbits(63)
    return other


@pytest.mark.parametrize("options", [{"campaign": "treasure", "players": 2},
                                     {"campaign": "treasure", "players": 4, "mode": "semi"}],
                         ids=["treasure-2", "treasure-4-semi"])
def test_choices_do_not_depend_on_hidden_cards_deck_order_or_future_dice(options):
    """Other hands (but an ally's), the deck's order and the generator differ; a fresh bot given the
    same seed chooses the same action, at every kind of decision along a game."""
    r = random.Random(11)
    state = rules.setup(21, options)
    player = bots.easy()
    kinds = set()
    for n in range(260):
        if state["result"] is not None:
            break
        role = rules.active(state)[0]
        if n % 3 == 0:
            other = _hide_differently(state, role, r)
            assert rules.view(other, role) == rules.view(state, role)
            for level in (1, 2):
                a = GAME.bot(level).choose(GAME, state, role, 1000 + n)
                b = GAME.bot(level).choose(GAME, other, role, 1000 + n)
                assert a == b, (n, level, a, b)
            t = state["turn"]
            kinds.add(t["stage"] if t else "army")
        api.play(GAME, state, role, player.choose(GAME, state, role, n))
    assert {"army", "start", "roll", "resolve"} <= kinds


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_every_campaign_and_seat_plays_legal_actions_to_the_end(options):
    """Easy and Medium in alternate seats (one bot object per level serving several seats): every
    action is legal (api.play refuses any other), the invariants hold, and the game ends."""
    roles = rules.roles(options)
    level = {r: 1 + (k % 2) for k, r in enumerate(roles)}
    if options.get("mode") == "semi":
        level = {r: 1 + (data.ALLY[r] in roles[:1] or r == roles[0]) for r in roles}

    def check(state, role, lv, action):
        assert any(api.same(b, action) for b in rules.actions(state, role)), action
    state, n, _ = play_timed(GAME, 5, options, lambda role: level[role], GAME.max_actions, check)
    rules.invariants(state)
    assert rules.result(state) is not None and n < GAME.max_actions


def test_easy_beats_random():
    # recorded: python -m engine.yudhbhoomi.bot_match --hero 1 --field 0 --games 50 --seed 9000
    summary = bot_match.match(1, 0, games=4, seed=9000)
    assert summary["wins"]["1"] == 4 and summary["ended_by_round_limit"] == 0


def test_medium_beats_easy_in_a_small_sample():
    # recorded: python -m engine.yudhbhoomi.bot_match --hero 2 --field 1 --games 100 --seed 9000
    summary = bot_match.match(2, 1, games=6, seed=77)
    assert summary["wins"]["2"] >= 5 and summary["ended_by_round_limit"] == 0
    assert summary["think"]["2"]["mean_ms"] < 20


def test_medium_wins_the_solo_rani_abbakka_sometimes():
    # recorded: python -m engine.yudhbhoomi.bot_match --campaign rani --players 1 --hero 2 --games 100
    summary = bot_match.match(2, 2, games=6, seed=9000, campaign="rani", players=1)
    assert summary["wins"]["2"] >= 2


def test_medium_wins_the_two_player_rani_abbakka_campaign_a_fair_share():
    # recorded: python -m engine.yudhbhoomi.bot_match --campaign rani --players 2 --hero 2 --games 60
    # --seed 9100: 20 of 60 (before: 0 of 20 at seed 9000; the Rani sat on her camp square, walling in
    # her own army, and soldiers stopped on the patrol ground where they were soon trapped).
    # Seeds 9000-9007 one game each: won 5 of 8 when recorded.
    opts = {"campaign": "rani", "players": 2, "mode": "competitive", "night": False, "difficult": False,
            "rounds": 30}
    won = 0
    for seed in range(9000, 9008):
        state, _n, _t = play_timed(GAME, seed, opts, lambda role: 2, 20_000)
        won += bool(GAME.rules.result(state)["winners"])
    assert won >= 3


def test_evaluate_prefers_banked_treasure_and_the_win():
    state = _resolving(3, {"move": 1})
    before = bots.evaluate(state, "Green")
    state["vp"]["Green"] += 2
    assert bots.evaluate(state, "Green") > before
    state["vp"]["Yellow"] += 4
    assert bots.evaluate(state, "Green") < before


def _hold_green_five() -> tuple:
    """A 2-player Hold the Fort game after the armies, Green given an Archer and a second Spearman
    (its 5 foot standees): (state, Green's five soldiers)."""
    state = rules.setup(3, {"campaign": "hold", "players": 2})
    _play_army(state)
    state["soldiers"][3:3] = [{"owner": "Green", "kind": k, "def": d, "pos": None, "carry": 0, "flag": False,
                               "wounded": False, "out": False} for k, d in (("archer", 2), ("spearman", 3))]
    return state, [s for s in state["soldiers"] if s["owner"] == "Green"]


def _hold_position(green_flags: int) -> dict:
    """A 2-player Hold the Fort game at Green's second roll, dice MOVE HIT HIT HIT HEAL. Green has five
    foot soldiers: `green_flags` of them flag bearers (4 in the palace when 4), the fifth on (3,6), two
    steps from a free palace square; Yellow's Spearman (defence 3) bears a flag on (6,9), beside
    Green's bearer on (5,9), so the three hits would defeat it."""
    state, green = _hold_green_five()
    for s, p in zip(green[:4], (data.sq(5, 7), data.sq(5, 8), data.sq(5, 9), data.sq(6, 5))):
        s.update(pos=p, flag=True)
    if green_flags == 3:
        green[3].update(pos=data.sq(3, 10), flag=False)
    green[4]["pos"] = data.sq(3, 6)
    spear = next(s for s in state["soldiers"] if s["owner"] == "Yellow" and s["kind"] == "spearman")
    spear.update(pos=data.sq(6, 9), flag=True)
    t = state["turn"]
    t.update(stage="roll", dice=[data.MOVE, data.HIT, data.HIT, data.HIT, data.HEAL], held=[False] * 5,
             rolls=1, dice_left=0)
    rules.invariants(state)
    return state


def _kept_dice(state, role="Green"):
    bot = GAME.bot(2)
    for _ in range(8):
        action = bot.choose(GAME, state, role, 5)
        if action in ("reroll", "accept"):
            return [d for d, h in zip(state["turn"]["dice"], state["turn"]["held"]) if h]
        api.play(GAME, state, role, action)
    raise AssertionError("no reroll or accept")


def test_medium_rolls_for_the_step_that_wins_hold_the_fort():
    """Yudhbhoomi "#2 Hold the Fort Campaign, Winning Condition": the game ends when a side holds 5
    flags, won by the palace majority. Green holds 4 flags with 4 soldiers in the palace against
    Yellow's 1, so its fifth soldier stepping in wins: Medium keeps the move die and rerolls the hits
    for a second move point. With 3 flags nothing is won by that step, and it keeps the three hits
    that defeat Yellow's flag bearer."""
    state = _hold_position(4)
    assert _kept_dice(state) == [data.MOVE]
    # the win is real: two move points take the fifth soldier in, and Green wins on the palace count
    state["turn"].update(stage="resolve", dice=[data.MOVE] * 2, held=[False] * 2, rolls=3,
                         pool={data.MOVE: 2, data.HIT: 0, data.HEAL: 0}, rolled_move=2)
    _finish_turn(state, GAME.bot(2), "Green")
    assert state["result"] is not None and state["result"]["winners"] == ["Green"]
    assert sum(s["flag"] for s in state["soldiers"] if s["owner"] == "Green") == data.FLAGS
    assert _kept_dice(_hold_position(3)) == [data.MOVE, data.HIT, data.HIT, data.HIT]


def test_a_palace_square_held_by_a_soldier_is_not_a_step_away():
    """"#2 Hold the Fort Campaign": a flag is earned the moment a soldier enters the palace, and a
    square with a soldier on it cannot be entered: from (4,5), beside the palace squares (5,5) and
    (5,6), a soldier is one step from a flag while they are free and two when its own bearers stand
    on both (the next free one, (5,7), is two steps off)."""
    state = rules.setup(3, {"campaign": "hold", "players": 2})
    _play_army(state)
    at = data.sq(4, 5)
    assert bots._palace_dist(state)[at] == 1
    bearers = [s for s in state["soldiers"] if s["owner"] == "Green"][:2]
    for s, p in zip(bearers, (data.sq(5, 5), data.sq(5, 6))):
        s.update(pos=p, flag=True)
    assert bots._palace_dist(state)[at] == 2


def _palace_worth(flags: int, strong=True) -> float:
    """What Green's evaluation (Medium's, or Hard's with `strong` = bots.HARD) gains from one of its
    `flags` bearers standing on a palace square (f6) rather than far outside (a1), no enemy on the
    board."""
    state, green = _hold_green_five()
    for s, p in zip(green[:flags], (data.sq(5, 5), data.sq(7, 7), data.sq(7, 8), data.sq(8, 7))):
        s.update(pos=p, flag=True)
    rules.invariants(state)
    inside = bots.evaluate(state, "Green", strong)
    green[0]["pos"] = data.sq(0, 0)
    rules.invariants(state)
    return inside - bots.evaluate(state, "Green", strong)


@pytest.mark.parametrize("strong", [True, bots.HARD], ids=["medium", "hard"])
def test_a_flag_bearer_wants_the_palace_once_the_next_flag_ends_the_game(strong):
    """"#2 Hold the Fort Campaign": a flag is kept until its bearer is defeated (outside the palace
    too: our reading), and when a side holds 5 flags the palace majority decides ("Winning
    Condition"). A bearer's palace square is worth little while its side holds 2 or 3 flags (its part
    of the palace majority; Hard's weights a little more), and more at 4, when the side's next flag
    would end the game."""
    two, three, four = (_palace_worth(f, strong) for f in (2, 3, 4))
    assert two == three > 0
    assert four > three + 20


def test_hard_weighs_the_enemys_reach_less_and_the_palace_more_in_hold_the_fort():
    """Hard's Hold the Fort weights between two sides (tuned in Medium-against-Medium play,
    docs/benchmarks.md) are bolder than Medium's: a flag bearer beside an enemy Swordsman costs it
    less, a soldier of lead in the palace is worth more. Late in the game, with three sides, and in
    Treasure with no enemy on the board (Hard reads danger its own way there: test_yudhbhoomi_hard.py),
    Hard's evaluation is Medium's."""
    state, green = _hold_green_five()
    yellow = next(s for s in state["soldiers"] if s["owner"] == "Yellow" and s["kind"] == "swordsman")
    yellow["pos"] = data.sq(2, 4)
    assert [s for s in state["soldiers"] if s["pos"] is not None] == [yellow]
    green[0].update(pos=data.sq(10, 0), flag=True)  # a bearer outside the palace: only its danger
    rules.invariants(state)                         # changes as it stands elsewhere outside
    safe = {lv: bots.evaluate(state, "Green", lv) for lv in (True, bots.HARD)}
    green[0]["pos"] = data.sq(2, 3)
    rules.invariants(state)
    cost = {lv: safe[lv] - bots.evaluate(state, "Green", lv) for lv in (True, bots.HARD)}
    assert 0 < cost[bots.HARD] < cost[True]
    assert bots.HOLD_HARD.majority > bots.HOLD_MEDIUM.majority
    # from round HOLD_BOLD_ROUNDS on, Medium's weights (games between Hard bots end by the flags)
    state["round"] = bots.HOLD_BOLD_ROUNDS
    assert bots.evaluate(state, "Green", bots.HARD) == bots.evaluate(state, "Green", True)
    for options, at, differ in (({"campaign": "hold", "players": 2}, data.sq(5, 5), True),  # in the palace
                                ({"campaign": "hold", "players": 3}, data.sq(5, 5), False),
                                ({"campaign": "treasure", "players": 2}, data.sq(6, 3), False)):
        other = _play_army(rules.setup(3, options))
        next(s for s in other["soldiers"] if s["owner"] == "Green")["pos"] = at
        rules.invariants(other)
        assert (bots.evaluate(other, "Green", bots.HARD) != bots.evaluate(other, "Green", True)) == differ


@pytest.mark.parametrize("campaign, players, turns", [("treasure", 2, 1), ("hold", 2, 3), ("hold", 3, 2)])
def test_hard_looks_ahead_to_its_campaigns_horizon(campaign, players, turns):
    # Hold the Fort: Hard's look-ahead runs through the next player's turn (judged at the end of its
    # own, it lost to Easy more often than Medium), and between two players through its own next turn
    # too (it beat Medium more often so; docs/benchmarks.md); Treasure: its own turn only. It stops
    # as the turn after those begins.
    options = {"campaign": campaign, "players": players}
    state, roles = rules.setup(5, options), rules.roles(options)
    stop = bot_hard.HardBot()._search(state).stop
    history = {}
    for k in range(turns + 2):
        at = dict(state, turn={"seat": roles[k % players]}, round=3 + k // players)
        assert stop(roles[0], at, history) == (k >= turns)
