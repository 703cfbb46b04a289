"""rules.is_legal (the fast check that engine.core.api.play uses to replay a link) against the list
of rules.actions: on the states of seeded random games (2, 4 and 8 players, with variants) and of
saved Medium games, every listed action is legal, and every other value, whatever its type, is not
(engine/core/api.py: `is_legal` is exactly `any(same(c, action) for c in actions(state, role))`)."""
import copy
import glob
import json
import os

import pytest

from engine.core import api, rng, saves
from engine.core.session import Session
from engine.viktory import GAME, rules

FIXTURES = os.path.join(os.path.dirname(__file__), "data", "saves_r2")
JUNK = [None, "", "nonsense", "Done", "done ", "unit", "battle", "END_TURN", -1, 0.0, 1.5, float("nan"),
        True, False, 10 ** 30, -(10 ** 30), 2 ** 64, [], {}, {"a": 1}, {"unit": 1}, [[]], ["unit"],
        ["unit", "1"], ["unit", None], ["unit", 1, 2], ["battle"], ["battle", "5"], ["land"], ["embark"],
        ["bombard", None], ["redeploy"], ["lose"], ["average"], ["move_site"], [None, None],
        ("unit", 1), b"done", [["unit", 1]], {"done": True}, [1, 2], ["done"], ["end_turn"]]


def _deep(depth: int):
    value = ["unit", 1]
    for _ in range(depth):
        value = [value, 1]
    return value


DEEP = [_deep(5_000), [[[[[[[[["x"]]]]]]]]], ["unit", _deep(50)], [_deep(50), 3]]


def _mutations(action) -> list:
    """Values near a legal action: other numbers, other types, other tags, other lengths."""
    if type(action) is int:
        return [action - 1, action + 1, action + 1000, -action - 1, 10 ** 40 + action, float(action),
                bool(action % 2), str(action), [action]]
    if type(action) is str:
        return [action.upper(), action + "x", action[:-1], [action], action.encode()]
    out = [action[:-1], action + [0], [action[0]], tuple(action), [action], [action[0].upper()] + action[1:]]
    for k, item in enumerate(action):
        if type(item) is int:
            for other in (item - 1, item + 1, 10 ** 40, -item, float(item), True, str(item), None, [item]):
                out.append(action[:k] + [other] + action[k + 1:])
        elif type(item) is str:
            out.append(action[:k] + [item + "x"] + action[k + 1:])
    return out


def check_state(state, pool: list, seed: int) -> None:
    """is_legal against the list in this state, for the active role and the others."""
    role = rules.active(state)[0]
    legal = rules.actions(state, role)
    before = json.dumps(state, sort_keys=True)
    for action in legal:
        assert rules.is_legal(state, role, action), (state["phase"], action)
    candidates = list(JUNK) + DEEP + pool[-120:]
    candidates += [["unit", u["id"]] for u in state["units"]]
    candidates += [["unit", state["next_unit"]], ["unit", 0], ["unit", -1]]
    candidates += [["redeploy", u["id"]] for u in state["units"][::3]]
    candidates += [["embark", u["id"]] for u in state["units"][::3]]
    candidates += list(range(-1, len(state["terrain"]) + 1, 1 + seed % 3))
    for action in legal:
        candidates += _mutations(action)
    for action in candidates:
        expected = any(api.same(c, action) for c in legal)
        assert rules.is_legal(state, role, action) is expected, (state["phase"], state["selected"], api.excerpt(action))
    for other in rules.roles(state["options"]):  # whose turn it is not: nothing is legal
        if other != role:
            assert not any(rules.is_legal(state, other, a) for a in legal[:8])
    for junk_role in (None, 1, ["Red"], role.lower(), ""):
        assert not rules.is_legal(state, junk_role, legal[0])
    assert json.dumps(state, sort_keys=True) == before, "is_legal changed the state"


def _remember(pool: list, action) -> None:
    if action not in pool:
        pool.append(action)
        del pool[:-400]


OPTION_SETS = [
    (2, 11, {}),
    (2, 12, {"relocation": True, "metropolis": True, "doomsday": True}),
    (2, 13, {"subjugation": True, "relocation": True, "luck": True}),
    (4, 14, {"subjugation": True, "frigates": True}),
    (4, 15, {"frigates": True, "luck": True, "leveling": True}),
    (8, 16, {"subjugation": True, "alliance_two": True}),
    (8, 17, {"frigates": True, "face_up": True}),
    (3, 18, {"immediate": True, "relocation": True, "race": True}),
]


@pytest.mark.parametrize("players,seed,options", OPTION_SETS)
def test_is_legal_is_the_list_in_random_games(players, seed, options):
    state = rules.setup(seed, {"players": players, "round_limit": 30, **options})
    r = rng.seed_state(seed)
    pool, played = [], 0
    every = 1 if players == 2 else 2 if players == 4 else 4
    while rules.result(state) is None and played < 2500:
        role = rules.active(state)[0]
        legal = rules.actions(state, role)
        if played % every == 0:
            check_state(state, pool, played)
        for action in legal:
            _remember(pool, action)
        choices = [a for a in legal if a != rules.CONCEDE] or legal
        action, r = rng.choice(r, choices)
        api.play(GAME, state, role, action)
        played += 1
    assert played > 150


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(FIXTURES, "viktory-*bot2*.txt"))),
                         ids=os.path.basename)
def test_is_legal_is_the_list_in_saved_medium_games(path):
    """Medium bots build large empires and armies: the states where _movable has most to look at."""
    with open(path) as handle:
        save = saves.decode(handle.read().strip())
    session = Session.from_save({**save, "a": []})
    pool = []
    for number, entry in enumerate(save["a"]):
        if session.result() is not None:
            break
        if number % 10 == 0:
            check_state(session.state, pool, number)
        role, action = session._unwrap(entry)
        _remember(pool, action)
        session.act(role, action)


def test_a_selected_unit_is_offered_once_per_group():
    """_movable offers the first unit of each group of interchangeable units: the others, though
    they could move as well, are not legal to select (is_legal follows _movable exactly)."""
    state = rules.setup(5, {"players": 2})
    r = rng.seed_state(5)
    seen_group = False
    for _ in range(3000):
        if rules.result(state) is not None:
            break
        role = rules.active(state)[0]
        if rules._pending(state) is None and state["phase"] == "move" and state["selected"] is None:
            offered = {a[1] for a in rules.actions(state, role) if isinstance(a, list) and a[0] == rules.UNIT}
            on_map = [u for u in state["units"] if u["owner"] == role and u["hex"] is not None]
            for u in on_map:
                assert rules.is_legal(state, role, ["unit", u["id"]]) is (u["id"] in offered)
            at, _carriers, battles = rules._move_context(state)
            seen_group = seen_group or any(u["id"] not in offered and rules._can_act(state, u, at, battles)
                                           for u in on_map)
        legal = [a for a in rules.actions(state, role) if a != rules.CONCEDE]
        action, r = rng.choice(r, legal)
        api.play(GAME, state, role, action)
    assert seen_group, "a group of interchangeable units was met"


def test_is_legal_does_not_raise_on_hostile_values_in_any_phase():
    state = rules.setup(3, {"players": 2})
    r = rng.seed_state(3)
    hostile = JUNK + DEEP + [set(), frozenset(), object(), type, bytearray(b"x"), 1j, range(3), ...]
    phases = set()
    for _ in range(1200):
        if rules.result(state) is not None:
            break
        role = rules.active(state)[0]
        phases.add((rules._pending(state), state["phase"], state["selected"] is not None))
        saved = copy.deepcopy(state)
        for value in hostile:
            assert rules.is_legal(state, role, value) is False
        assert state == saved
        legal = [a for a in rules.actions(state, role) if a != rules.CONCEDE]
        action, r = rng.choice(r, legal)
        api.play(GAME, state, role, action)
    assert {("move", False), ("move", True), ("build", False), ("reserve", False)} <= {p[1:] for p in phases}
