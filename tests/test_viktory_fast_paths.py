"""Quicker ways of computing a rule against the rule as the rulebook words it, on the states of
seeded random games: building.town_sites searches once from all of a player's Towns and Cities
(8.2.1), where the rulebook measures from each of them; movement offers the adjacent steps without
asking _may_go of each where Subjugation is off (movement._enterable_near, _all_enterable);
movement.road_destinations looks from the road's ends, where the rulebook follows the paths."""
from collections import deque
from pathlib import Path

import pytest

from engine.core import api, rng
from engine.core.session import Session
from engine.viktory import GAME, building, geometry, movement, pieces, rules, subjugation


def _revealed_within_3(state, origin) -> dict:
    """Path lengths (at most 3) from `origin` through revealed hexes, land or water (8.2.1)."""
    adj = geometry.neighbours(state["side"])
    dist = {origin: 0}
    queue = deque(dist)
    while queue:
        h = queue.popleft()
        if dist[h] == 3:
            continue
        for n in adj[h]:
            if n not in dist and state["terrain"][n] is not None:
                dist[n] = dist[h] + 1
                queue.append(n)
    return dist


def _town_sites_one_by_one(state, role) -> list:
    """8.2.1 as worded: 2 or 3 hexes from one of his Towns/Cities along revealed hexes, and free."""
    reach = set()
    for h in pieces.sites_of(state, role):
        reach.update(n for n, d in _revealed_within_3(state, h).items() if d in (2, 3))
    return sorted(h for h in reach if building.site_free(state, role, h))


def _random_states(players, seed, options, prefer_moves=False):
    """The states of a seeded random game (round limit 30, no concession), each before its move;
    with `prefer_moves`, units are selected, moved and sent to battle rather than phases ended."""
    state = rules.setup(seed, {"players": players, "round_limit": 30, **options})
    r = rng.seed_state(seed)
    for _ in range(1500):
        if rules.result(state) is not None:
            return
        yield state
        role = rules.active(state)[0]
        legal = [a for a in rules.actions(state, role) if a != rules.CONCEDE]
        moves = [a for a in legal if type(a) is int or (type(a) is list and a[0] in (rules.UNIT, rules.BATTLE))]
        action, r = rng.choice(r, moves if prefer_moves and moves and len(legal) > 2 else legal)
        api.play(GAME, state, role, action)


@pytest.mark.parametrize("players,seed,options", [
    (2, 21, {}), (4, 22, {"subjugation": True}), (8, 23, {"frigates": True}), (3, 24, {"immediate": True}),
])
def test_town_sites_is_the_rule_from_each_site(players, seed, options):
    checked = 0
    for state in _random_states(players, seed, options):
        for other in rules.roles(state["options"]):
            assert building.town_sites(state, other) == _town_sites_one_by_one(state, other)
        checked += 1
    assert checked > 100


def _destinations_as_worded(state, u) -> list:
    """movement.destinations as its docstring words it: each of _steps that _may_go allows."""
    if u["hex"] is None or u["mp"] < 1:
        return []
    return sorted(n for n in movement._steps(state, u, u["hex"], u["mp"])
                  if movement._may_go(state, u, n, u["mp"] - 1))


def _check_moves(state) -> int:
    for u in state["units"]:
        worded = _destinations_as_worded(state, u)
        for at in (None, pieces.units_by_hex(state), pieces.LazyUnitsByHex(state)):
            assert movement.destinations(state, u, at) == worded
        assert movement.can_move(state, u) == bool(worded)
        for n in geometry.within(state["side"], u["hex"], 3) if u["hex"] is not None else ():
            assert movement.can_reach(state, u, n) == (n in worded)
    return len(state["units"])


def test_moves_are_the_rule_in_a_game_with_vassals():
    """A bots' game with Subjugation (a link fixture): Vassals, Alliance hexes, 16.83 restraint."""
    code = (Path(__file__).parent / "data" / "links_v2" / "viktory-players4-subjugationTrue-bot2-seed3103.txt").read_text()
    session = Session.decode(code.strip())
    state = rules.setup(session.seed, session.options)
    checked = vassals = 0
    for k, (role, entry) in enumerate(zip(session.actors, session.entries)):
        if k % 12 == 0 and state["phase"] == "move" and rules._pending(state) is None:
            checked += _check_moves(state)
            vassals += bool(state["rulers"])
        action = entry[1] if type(entry) is list and type(entry[0]) is int else entry
        rules.apply(state, role, action)
    assert checked > 300 and vassals > 20, (checked, vassals)


@pytest.mark.parametrize("players,seed,options", [
    (2, 31, {}), (3, 32, {"frigates": True}), (4, 33, {"subjugation": True}), (6, 34, {"leveling": True}),
])
def test_moves_are_the_rule_for_every_step(players, seed, options):
    checked = 0
    for state in _random_states(players, seed, options, prefer_moves=True):
        if state["phase"] == "move" and rules._pending(state) is None:
            checked += _check_moves(state)
    assert checked > 1000


def _road_ends_as_worded(state, role, h) -> list:
    """10.13 as worded: from his Town/City at h to his Towns/Cities 2 or 3 hexes apart (16.84: an
    Alliance one counts as his), along any path of 2 or 3 revealed hexes devoid of enemy units."""
    if not movement._friendly_site(state, h, role):
        return []
    adj = geometry.neighbours(state["side"])

    def open_hex(x) -> bool:
        return state["terrain"][x] is not None and not any(
            u["hex"] == x and u["owner"] != role and not subjugation.allied(state, role, u["owner"])
            for u in state["units"])

    def end(x) -> bool:
        return x != h and x not in adj[h] and movement._friendly_site(state, x, role)

    ends = set()
    for a in adj[h]:
        if open_hex(a):
            for b in adj[a]:
                if end(b):
                    ends.add(b)  # h, a, b
                if b != h and open_hex(b):
                    ends.update(n for n in adj[b] if end(n))  # h, a, b, n
    return sorted(ends)


@pytest.mark.parametrize("players,seed,options", [
    (3, 41, {}), (4, 42, {"subjugation": True}), (8, 43, {"frigates": True}),
])
def test_road_destinations_are_the_rule_along_every_path(players, seed, options):
    checked = 0
    for k, state in enumerate(_random_states(players, seed, options, prefer_moves=True)):
        if k % 5:
            continue
        for role in rules.roles(state["options"]):
            for h in [h for h, site in enumerate(state["sites"]) if site is not None]:  # any owner's (16.84)
                assert movement.road_destinations(state, role, h) == _road_ends_as_worded(state, role, h)
                checked += 1
    assert checked > 300
