"""Seeded random Viktory II games played through the interface (engine.core.api.play) to the end,
checking the conservation laws of rules.invariants after every action (9.0 units against Towns and
Cities, 3.2 tiles, 8.2.1 spacing, 10.1/10.3 units on their terrain)."""
import copy
import json

import pytest

from engine.core import api, rng
from engine.viktory import GAME, pieces, rules

MAX_ACTIONS = 20_000


def random_game(seed, players, round_limit=30, concede_after=None, **options):
    """Random clicks, never conceding (5.1) but once, at the first chance after `concede_after` actions."""
    state = rules.setup(seed, {"players": players, "round_limit": round_limit, **options})
    r = rng.seed_state(seed * 7919 + 1)
    played = []
    while rules.result(state) is None:
        who = rules.active(state)
        assert len(who) == 1, "one player acts at a time"
        legal = rules.actions(state, who[0])
        assert legal, f"dead end in phase {state['phase']}"
        if concede_after is not None and len(played) >= concede_after and rules.CONCEDE in legal:
            action, concede_after = rules.CONCEDE, None
        else:
            action, r = rng.choice(r, [a for a in legal if a != rules.CONCEDE])
        api.play(GAME, state, who[0], action)
        played.append(action)
        rules.invariants(state)
        assert len(played) < MAX_ACTIONS
    return state, played


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (3, 3), (4, 4), (8, 8)])
def test_random_games_end_and_keep_the_invariants(players, seed):
    state, played = random_game(seed, players)
    res = rules.result(state)
    assert rules.active(state) == []
    assert set(res["winners"]) <= set(state["order"]) and res["winners"]
    assert sorted(r for group in res["ranking"] for r in group) == sorted(state["order"])
    assert res["summary"] and set(res["scores"]) == set(state["order"])
    json.dumps(state)  # plain data


@pytest.mark.parametrize("options", [{}, {"subjugation": True}, {"subjugation": True, "alliance_two": True}])
def test_random_games_play_on_after_a_concession(options):
    # 5.1, 16.86: the others play on; the conceder's pieces are gone and he ranks last
    state, played = random_game(12, 4, concede_after=300, **options)
    assert rules.CONCEDE in played and len(state["conceded"]) == 1
    conceder = state["conceded"][0]
    res = rules.result(state)
    assert conceder not in res["winners"] and conceder in res["ranking"][-1]
    assert not pieces.units_of(state, conceder) and not pieces.sites_of(state, conceder)
    assert played.index(rules.CONCEDE) < len(played) - 1  # the game went on


def test_replaying_the_actions_rebuilds_the_same_state():
    state, played = random_game(21, 3)
    again = rules.setup(21, {"players": 3, "round_limit": 30})
    for action in played:
        api.play(GAME, again, rules.active(again)[0], action)
    assert again == state


def test_race_for_dominance_ends_the_game_when_a_target_is_reached():
    # 5.4: 16 points with 2 players; random play reaches it or the round limit
    state, _ = random_game(5, 2, round_limit=100, race=True)
    res = rules.result(state)
    if "Race" in res["summary"]:
        assert max(res["scores"].values()) >= 16


def test_actions_are_msgpack_friendly_and_labelled():
    state = rules.setup(2, {"players": 2})
    r = rng.seed_state(3)
    for _ in range(300):
        if rules.result(state) is not None:
            break
        role = rules.active(state)[0]
        legal = rules.actions(state, role)
        for a in legal:
            assert type(a) in (int, str, list) and isinstance(rules.action_label(state, a), str)
            if isinstance(a, list):
                assert all(type(x) in (int, str) for x in a)
        view = rules.view(state, role)
        assert isinstance(view["prompt"], str) and "pile" not in view
        svg = GAME.board.render(view, role, legal)
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        action, r = rng.choice(r, [a for a in legal if a != rules.CONCEDE])
        before = copy.deepcopy(state)
        api.play(GAME, state, role, action)
        assert before != state or action in ("done",) or isinstance(action, (list, str))


@pytest.mark.parametrize("options", [{"immediate": True}, {"immediate": True, "subjugation": True, "relocation": True}])
def test_random_games_with_immediate_empires(options):
    # 16.3: the building turns always give way to normal turns (building is finite, 8.24)
    state, _ = random_game(6, 3, **options)
    assert not state["empires"] and rules.result(state) is not None
