"""Seeded random games of Vijayanagara played through engine.core.api.play to the end (2.6, 5.0),
checking the invariants (pieces conserved, Resources 0..24, ...) after every action."""
import pytest

from engine.core import api, rng
from engine.vijayanagara import GAME, rules

MAX_ACTIONS = 5_000


def play_random(seed, options=None):
    state = rules.setup(seed, options or {})
    choice = rng.seed_state(seed * 7919 + 1)
    for n in range(MAX_ACTIONS):
        if rules.result(state) is not None:
            return state, n
        (role,) = rules.active(state)
        legal = rules.actions(state, role)
        assert legal, f"seed {seed}: {role} is active with no action ({state['stack'][-1]['kind']})"
        action, choice = rng.choice(choice, legal)
        api.play(GAME, state, role, action)
        rules.invariants(state)
        rules.view(state, role)
    raise AssertionError(f"seed {seed}: no result after {MAX_ACTIONS} actions")


@pytest.mark.parametrize("seed", range(12))
def test_random_game_reaches_timur_and_final_scores(seed):
    state, _n = play_random(seed)
    res = rules.result(state)
    assert state["timurids"] == 2  # 2.2: the game ends after the second Timurid Empire card
    assert sorted(f for place in res["ranking"] for f in place) == sorted(rules.roles())
    assert res["winners"] == res["ranking"][0]
    assert rules.active(state) == []


def test_timurs_shadow_variant_games_end():
    for seed in range(3):
        state, _ = play_random(100 + seed, {"timurs_shadow": True})
        assert rules.result(state) is not None


def test_replay_is_deterministic():
    a, n = play_random(42)
    b, m = play_random(42)
    assert a == b and n == m


def test_actions_are_msgpack_able_and_a_replay_rebuilds_the_state():
    import msgpack

    state = rules.setup(9, {})
    choice = rng.seed_state(99)
    played = []
    while rules.result(state) is None:
        (role,) = rules.active(state)
        action, choice = rng.choice(choice, rules.actions(state, role))
        played.append(action)
        api.play(GAME, state, role, action)
    again = rules.setup(9, {})
    for action in msgpack.unpackb(msgpack.packb(played)):
        api.play(GAME, again, rules.active(again)[0], action)
    assert again == state
    msgpack.packb(state)  # the state is plain data too
