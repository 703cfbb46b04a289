"""Viktory II Hard (bot_hard.py): legal, reproducible from its seed, blind, and it finds the clear move."""
import copy

from engine.core import rng
from engine.core.match import play_timed
from engine.viktory import GAME, bot_hard, bots, pieces, rules, scenario
from tests.test_viktory_bots import capital_threatened
from tests.test_viktory_naval import do, sea_war


def _positions(seed, every=29, limit=260, players=2):
    """Positions of a Medium game (seed), one in `every` actions after the opening."""
    found, count = [], [0]

    def keep(state, role, level, action):
        count[0] += 1
        if state["round"] and count[0] % every == 0:
            found.append((copy.deepcopy(state), role))
    play_timed(GAME, seed, {"players": players}, lambda role: 2, limit, keep)
    return found


def test_hard_is_registered_as_level_3():
    assert [b.level for b in GAME.bot_levels][-1] == 3
    assert isinstance(GAME.bot(3), bot_hard.HardBot)


def test_hard_plays_legal_reproducible_actions_without_changing_the_state():
    for seed in (3, 11):
        for state, role in _positions(seed)[:6]:
            before = copy.deepcopy(state)
            a = GAME.bot(3).choose(GAME, state, role, 41)
            assert state == before
            assert any(type(a) is type(b) and a == b for b in rules.actions(state, role))
            assert GAME.bot(3).choose(GAME, state, role, 41) == a  # a fresh bot, the same choice


def test_hard_never_puts_down_a_unit_it_has_not_moved():
    """10.0: a selected unit that has not moved yet may be put down again ("done"), which leaves the
    position as it was before the selection. Here Medium picks the unit up and a variant of it would put
    it down: Hard, mixing the two, picked it up and put it down for ever (a 4-player match stopped at
    its action limit). Hard moves it instead."""
    for seed, before, unit in ((2, 97, 8), (25, 59, 4)):
        state, _n, _t = play_timed(GAME, seed, {"players": 2}, lambda role: 2, before)
        role = rules.active(state)[0]
        rules.apply(state, role, ["unit", unit])
        hard = bot_hard.HardBot()
        assert "done" in [p.choose(GAME, state, role, 7) for p in hard.policies]
        assert [a for a, _k in hard.proposals(GAME, state, role, 7) if a == "done"] == []
        a = hard.choose(GAME, state, role, 7)
        assert type(a) is int and a in rules.actions(state, role)


def test_hard_plays_legal_actions_with_three_players():
    """With 3 or more players the look-ahead ends with the seat's own turn (bot_hard.MANY)."""
    for state, role in _positions(4, every=97, limit=900, players=3)[:5]:
        a = GAME.bot(3).choose(GAME, state, role, 3)
        assert any(type(a) is type(b) and a == b for b in rules.actions(state, role))


def test_the_search_compares_proposals_on_blind_samples():
    """Where the policies disagree, every candidate gets the same number of samples, and a sample
    depends on the seed alone (not on the real pile order or generator)."""
    hard = bot_hard.HardBot()
    for seed in (3, 11):
        for state, role in _positions(seed):
            cands = hard.proposals(GAME, state, role, 5)
            if len(cands) > 1:
                scores = hard.scores(GAME, state, role, 5, cands)
                assert len({n for _a, _v, n in scores}) == 1
                other = copy.deepcopy(state)
                other["pile"].reverse()
                other["rng"] = rng.seed_state(12345)
                assert bot_hard.blind(other, 9)["pile"] == bot_hard.blind(state, 9)["pile"]
                assert hard.scores(GAME, other, role, 5, cands) == scores
                return
    raise AssertionError("no position where the policies disagree")


def test_hard_takes_an_undefended_enemy_capital_within_reach():
    """Two Infantry next to the enemy Capital (52), which no unit defends: Hard attacks it."""
    s, me, them = sea_war()
    scenario.put(s, me, "infantry", 38)  # its own Capital's defender
    scenario.put(s, me, "infantry", 45)
    scenario.put(s, me, "infantry", 46)
    scenario.put(s, them, "infantry", 48)
    hard = bot_hard.hard()
    for _ in range(40):
        if s["current"] != me or s["phase"] != "move":
            break
        seat = rules.active(s)[0]  # the loser of a Town or City chooses his eliminations (11.3)
        do(s, hard.choose(GAME, s, seat, 7))
    assert 52 in s["battled"]


def test_hard_keeps_its_capital_held_against_an_adjacent_stack():
    """15.0: one Infantry in the Capital (38), three enemy Infantry next to it (46): at the end of
    Hard's turn the Capital holds at least two units (as Medium's, tests/test_viktory_bots.py)."""
    s, me, them = capital_threatened()
    hard = bot_hard.hard()
    for _ in range(200):
        if s["current"] != me:
            break
        seat = rules.active(s)[0]
        do(s, hard.choose(GAME, s, seat, 5))
    assert s["current"] == them
    assert len(bots._Context(hard.medium, s, me, bots._Rand(0)).own_land_at(38)) >= 2
    assert pieces.has_capital(s, me)


def test_at_four_players_the_danger_weighs_half():
    """The evaluation less the danger of the seats' next turns (bot_hard.exposure): at 4 players it
    weighs 0.5 (bot_hard.DANGER), at 2 and 3 players 1.0, in a position where a seat's sites are in danger."""
    hard = bot_hard.HardBot()
    for players, weight in ((4, 0.5), (3, 1.0), (2, 1.0)):
        for state, role in _positions(5, every=53, limit=1500, players=players):
            seats = [r for r in state["order"] if not rules._eliminated(state, r)]
            to_move = state["current"]
            exposed = {r: hard.exposure(state, r) for r in seats if r != to_move}
            if not any(exposed.values()):
                continue
            value = {r: hard.worth(state, r) - weight * exposed.get(r, 0.0) for r in seats}
            best_other = max(v for r, v in value.items() if r != role)
            assert hard.evaluate(state, role) == value[role] - best_other
            break
        else:
            raise AssertionError(f"no position with a site in danger at {players} players")
