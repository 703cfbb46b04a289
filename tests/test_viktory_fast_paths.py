"""Quicker ways of computing a rule against the rule as the rulebook words it, on the states of
seeded random games: building.town_sites searches once from all of a player's Towns and Cities
(8.2.1), where the rulebook measures from each of them."""
import pytest

from engine.core import api, rng
from engine.viktory import GAME, building, pieces, rules


def _town_sites_one_by_one(state, role) -> list:
    """8.2.1 as worded: 2 or 3 hexes from one of his Towns/Cities along revealed hexes, and free."""
    reach = set()
    for h in pieces.sites_of(state, role):
        reach.update(n for n, d in building.revealed_within_3(state, [h]).items() if d in (2, 3))
    return sorted(h for h in reach if building.site_free(state, role, h))


@pytest.mark.parametrize("players,seed,options", [
    (2, 21, {}), (4, 22, {"subjugation": True}), (8, 23, {"frigates": True}), (3, 24, {"immediate": True}),
])
def test_town_sites_is_the_rule_from_each_site(players, seed, options):
    state = rules.setup(seed, {"players": players, "round_limit": 30, **options})
    r = rng.seed_state(seed)
    checked = 0
    for _ in range(1500):
        if rules.result(state) is not None:
            break
        role = rules.active(state)[0]
        for other in rules.roles(state["options"]):
            assert building.town_sites(state, other) == _town_sites_one_by_one(state, other)
        checked += 1
        legal = [a for a in rules.actions(state, role) if a != rules.CONCEDE]
        action, r = rng.choice(r, legal)
        api.play(GAME, state, role, action)
    assert checked > 100
