"""Yudhbhoomi's Hard (engine/yudhbhoomi/bot_hard.py): the core's search over Medium's resolve steps.
It plays legal actions in every campaign, replays exactly from its seed, and finds a clearly best
step. Small budgets keep these fast; the strength figures are in docs/benchmarks.md."""
import copy

import pytest

from engine.core import api
from engine.core.bots import bot_seed
from engine.yudhbhoomi import GAME, bot_hard, bots, data, rules

from test_yudhbhoomi_bots import _resolving, deadly_attack, take_card

OPTIONS = [
    {"campaign": "treasure", "players": 2},
    {"campaign": "hold", "players": 2},
    {"campaign": "treasure", "players": 4, "mode": "semi"},
    {"campaign": "rani", "players": 1},
    {"campaign": "rani", "players": 2},
]


def _hard(budget=60):
    return bot_hard.HardBot(budget=budget, width=3)


def _resolve_positions(options, seed, count=3, skip=30):
    """Positions of a Medium game at the start of a resolve (where Hard searches)."""
    state = rules.setup(seed, options)
    bot = bots.medium()
    out, n = [], 0
    while state["result"] is None and len(out) < count and n < 2000:
        role = rules.active(state)[0]
        t = state["turn"]
        if n > skip and t is not None and t["stage"] == "resolve" and t["attack"] is None and t["sub"] is None \
                and t["seat"] == role and not bot._plans.get(role):
            out.append((copy.deepcopy(state), role))
            skip = n + 25
        api.play(GAME, state, role, bot.choose(GAME, state, role, bot_seed(seed, n)))
        n += 1
    return out


def test_hard_is_registered():
    level = next(b for b in GAME.bot_levels if b.level == 3)
    assert level.name == "Hard"
    assert isinstance(GAME.bot(3), bot_hard.HardBot)


def test_the_budget_follows_the_campaign_unless_one_is_given():
    """Treasure and Rani Abbakka search with 200 actions a decision, Hold the Fort with three or more
    sides with 800; Hold the Fort between two sides (two players, two alliances) plays Hard's planner
    without search (it beat Medium more often so, docs/benchmarks.md). A budget given to the bot
    holds in every campaign, 0 being the planner's steps without search."""
    assert bot_hard.HARD_BUDGET == {data.TREASURE: 200, data.HOLD: 800, data.RANI: 200}
    three = {"campaign": "hold", "players": 3}
    hold_four = {"campaign": "hold", "players": 4, "mode": "semi"}
    for options in OPTIONS + [three, hold_four]:
        state = rules.setup(3, options)
        camp = options["campaign"]
        two_sides = camp == data.HOLD and options != three
        assert bot_hard.HardBot()._budget(state) == (0 if two_sides else bot_hard.HARD_BUDGET[camp])
        assert bot_hard.HardBot(budget=60)._search(state).budget == 60
        assert bot_hard.HardBot(budget=0)._budget(state) == 0
        if two_sides:
            for position, role in _resolve_positions(options, 11, count=2):
                bot = bot_hard.HardBot()
                bot.choose(GAME, position, role, 5)
                assert not bot._searches


def test_the_look_ahead_plays_its_own_side_with_hards_planner_and_the_others_with_medium():
    """In a look-ahead the deciding seat's side (its ally too, Semi-Collaborative) plays on as Hard's
    planner would (Hard's evaluation, no search), the other seats as Medium, the level Hard meets;
    in Rani Abbakka, where every player is one side, Hard's planner plays every seat."""
    state = rules.setup(3, {"campaign": "hold", "players": 4, "mode": "semi"})
    search = bot_hard.HardBot()._search(state)
    green = rules.roles(state["options"])[0]
    search.policy.side = bots.campaigns.side(state, green)
    played = {}
    for role in state["seats"]:
        own, other = search.policy.own, search.policy.other
        calls = []
        own.choose = lambda game, s, r, seed, calls=calls: calls.append("own") or "x"
        other.choose = lambda game, s, r, seed, calls=calls: calls.append("other") or "x"
        search.policy.choose(GAME, state, role, 1)
        played[role] = calls[0]
        del own.choose, other.choose
    assert played == {r: "own" if bots.campaigns.side(state, r) == search.policy.side else "other"
                      for r in state["seats"]}
    assert sorted(played.values()) == ["other", "other", "own", "own"]
    assert search.policy.own.strong == bots.HARD and search.policy.own.budget == 0
    assert search.policy.other.strong is True
    rani = bot_hard.HardBot()._search(rules.setup(3, {"campaign": "rani", "players": 2})).policy
    assert rani.other is rani.own


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_legal_and_reproducible(options):
    positions = _resolve_positions(options, 11)
    assert positions
    for state, role in positions:
        before = copy.deepcopy(state)
        a = _hard().choose(GAME, state, role, 77)
        assert state == before  # the search plays on copies only
        assert rules.is_legal(state, role, a)
        assert api.same(_hard().choose(GAME, state, role, 77), a)


def test_a_whole_game_is_legal_and_replays():
    """Hard against Medium, a whole short game, twice from the same seed: the same actions."""
    def game():
        state = rules.setup(3, {"campaign": "treasure", "players": 2, "rounds": 6})
        levels = {"Green": _hard(40), "Yellow": bots.medium()}
        played, n = [], 0
        while state["result"] is None:
            role = rules.active(state)[0]
            a = levels[role].choose(GAME, state, role, bot_seed(3, n))
            api.play(GAME, state, role, a)
            played.append(a)
            n += 1
        return played
    assert game() == game()


def test_hard_defeats_a_carrier_in_reach():
    """A Yellow carrier with 1 defence left stands next to a Green horsewoman, Green has 2 Xs
    and moves: defeating it (a VP and the dropped treasure, rulebook "Treasure" campaign) is best."""
    state = _resolving(6, {"hit": 2, "move": 2})
    green = next(i for i, s in enumerate(state["soldiers"]) if s["owner"] == "Green" and s["kind"] == "horse")
    yellow = next(i for i, s in enumerate(state["soldiers"]) if s["owner"] == "Yellow" and s["kind"] == "horse")
    state["soldiers"][green]["pos"] = data.sq(13, 9)
    state["soldiers"][yellow].update({"pos": data.sq(13, 10), "def": 1, "carry": 2})
    state["treasure"].pop(str(data.TREASURE_SPOTS[0]))
    state["treasure"].pop(str(data.TREASURE_SPOTS[1]))
    for hand in ("Green", "Yellow"):  # no defence cards in play
        state["deck"] += state["hands"][hand]
        state["hands"][hand] = []
    rules.invariants(state)
    bot = _hard(120)
    clicks = []
    role = "Green"
    for n in range(4):
        a = bot.choose(GAME, state, role, 5 + n)
        clicks.append(a)
        api.play(GAME, state, role, a)
        if rules.active(state) != [role]:
            break
    assert ["target", yellow] in clicks
    assert state["soldiers"][yellow]["carry"] == 0


def test_hard_dodges_a_deadly_attack_on_a_carrier():
    """Defending is Medium's rule: a Dodge of the attacker's weapon when the attack would defeat."""
    dodge = data.CARDS.index("dodge_sword")
    state = deadly_attack([dodge])
    assert _hard().choose(GAME, state, "Yellow", 3) == ["dcard", dodge]


def test_hard_holds_the_dice_a_played_resolve_needs():
    """Green's Swordsman carries a token two steps from camp and Green has 3 VP: two moves win (2 VP
    a token, rulebook "Treasure" campaign). With one move rolled and two rolls left, Hard keeps that
    die alone and rerolls the other four; the dice are valued by resolves played out."""
    state = _resolving(4, {})
    t = state["turn"]
    t.update(stage="roll", dice=[data.HIT, data.HIT, data.HIT, data.MOVE, data.HEAL], held=[False] * 5, rolls=1)
    sid = next(i for i, s in enumerate(state["soldiers"]) if s["owner"] == "Green" and s["kind"] == "swordsman")
    state["soldiers"][sid].update(pos=data.sq(2, 1), carry=1)
    state["treasure"].pop(str(data.TREASURE_SPOTS[0]))
    state["vp"]["Green"] = 3
    rules.invariants(state)
    needs = bot_hard.PlayedNeeds(state, "Green", bots.HARD, 1)
    assert needs.value(2, 3, 0) == bots.WIN > needs.value(1, 4, 0)
    bot = _hard()
    assert bot.choose(GAME, state, "Green", 9) == ["hold", 3]
    api.play(GAME, state, "Green", ["hold", 3])
    assert bot.choose(GAME, state, "Green", 10) == "reroll"


def test_a_card_that_asks_a_choice_does_not_stop_the_played_resolve():
    """Taunt ("Power Cards Appendix") opens a choice of the player who discards; the planner plays it
    first in any resolve. The resolves that value Hard's dice settle that choice and play on: at
    the start of the game, five moves carry a horse toward the treasure and are worth more than five
    Xs with nobody in reach (both draw the bonus card of five equal symbols, "Game Turn" 3.)."""
    state = _resolving(4, {})
    t = state["turn"]
    t.update(stage="roll", dice=[data.HIT, data.HIT, data.HIT, data.MOVE, data.HEAL], held=[False] * 5, rolls=1)
    taunt = data.CARDS.index("taunt")
    take_card(state, taunt)
    state["hands"]["Green"].append(taunt)
    rules.invariants(state)
    needs = bot_hard.PlayedNeeds(state, "Green", bots.HARD, 1)
    assert needs.value(5, 0, 0) > needs.value(3, 2, 0) > needs.value(0, 5, 0)


def test_hards_threat_is_the_chance_each_enemy_seat_defeats_the_soldier():
    """Rulebook "Game Turn" 3. and "Resolving Attacks": five dice rolled up to three times, X on two
    faces of six, so a die ends on X with 19/27 when Xs are kept; a soldier is defeated when the Xs
    reach its defence. Hard reads a defence-4 carrier beside one enemy as falling with the chance of 4
    Xs of 5 dice, and beside enemies of both seats of the other alliance (who play one after the
    other) as missed by both only with the product of the misses."""
    q = 19 / 27
    four_of_five = 5 * q ** 4 * (1 - q) + q ** 5
    assert bots.HIT_CHANCE[5][4] == pytest.approx(four_of_five)
    assert bots.HIT_CHANCE[5][4] == pytest.approx(0.536, abs=0.001)
    state = _resolving(3, {"move": 2}, {"campaign": "treasure", "players": 4, "mode": "semi"})
    soldiers = state["soldiers"]
    carrier = next(i for i, s in enumerate(soldiers) if s["owner"] == "Green" and s["kind"] == "horse")
    red = next(i for i, s in enumerate(soldiers) if s["owner"] == "Red" and s["kind"] == "swordsman")
    blue = next(i for i, s in enumerate(soldiers) if s["owner"] == "Blue" and s["kind"] == "swordsman")
    soldiers[carrier].update(pos=data.sq(13, 9), carry=2)
    soldiers[red]["pos"] = data.sq(13, 10)
    state["treasure"].pop(str(data.TREASURE_SPOTS[0]))
    state["treasure"].pop(str(data.TREASURE_SPOTS[1]))
    rules.invariants(state)
    side = {r: bots.campaigns.side(state, r) for r in state["seats"]}
    me = side["Green"]
    one = bots._seat_threat_map(state, me, side, False)
    assert one(data.sq(13, 9), 4) == pytest.approx(four_of_five)
    # Medium's expected hits read the same carrier as barely in danger (3 hits against defence 4)
    medium = bots._danger_map(state, me, True, side)
    assert bots._defeat_chance(medium(data.sq(13, 9)), 4) == pytest.approx(0.2 / 3)
    soldiers[blue]["pos"] = data.sq(12, 9)
    rules.invariants(state)
    both = bots._seat_threat_map(state, me, side, False)
    assert both(data.sq(13, 9), 4) == pytest.approx(1 - (1 - four_of_five) ** 2)
    # one enemy that must first walk two squares keeps a die for each move: 4 Xs of 3 dice is impossible
    soldiers[red]["pos"] = None
    soldiers[blue]["pos"] = data.sq(13, 12)
    far = bots._seat_threat_map(state, me, side, False)
    assert far(data.sq(13, 9), 4) == 0.0
    assert far(data.sq(13, 9), 2) == pytest.approx(bots.HIT_CHANCE[3][2])


def test_hard_counts_the_threat_to_its_carrier_where_medium_does_not():
    """A Green carrier with two tokens beside a Red swordsman: Hard's evaluation (bots.HARD) takes the
    SEAT_THREAT share of the chance that Red defeats it off the position, Medium's takes a fifteenth."""
    state = _resolving(3, {"move": 2}, {"campaign": "treasure", "players": 4, "mode": "semi"})
    soldiers = state["soldiers"]
    carrier = next(i for i, s in enumerate(soldiers) if s["owner"] == "Green" and s["kind"] == "horse")
    red = next(i for i, s in enumerate(soldiers) if s["owner"] == "Red" and s["kind"] == "swordsman")
    soldiers[carrier].update(pos=data.sq(13, 9), carry=2)
    state["treasure"].pop(str(data.TREASURE_SPOTS[0]))
    state["treasure"].pop(str(data.TREASURE_SPOTS[1]))
    for r in state["seats"]:  # no defence cards: the threat counts in full
        state["deck"] += state["hands"][r]
        state["hands"][r] = []
    soldiers[red]["pos"] = data.sq(13, 14)  # out of reach
    safe = {level: bots.evaluate(state, "Green", level) for level in (True, bots.HARD)}
    soldiers[red]["pos"] = data.sq(13, 10)  # beside the carrier
    rules.invariants(state)
    near = {level: bots.evaluate(state, "Green", level) for level in (True, bots.HARD)}
    loss = bots.VP + bots._material(soldiers[carrier]) + 0.8 * 2 * 120.0  # what a defeat costs Hard's reading
    hard_drop = safe[bots.HARD] - near[bots.HARD]
    medium_drop = safe[True] - near[True]
    assert hard_drop - medium_drop == pytest.approx(
        (bots.SEAT_THREAT * bots.HIT_CHANCE[5][4] - 0.2 / 3) * loss, rel=1e-6)
    assert hard_drop > 2 * medium_drop
