"""Viktory II setup and the opening turn (rulebook 3.2, 3.3, 4.0)."""
import copy

import pytest

from engine.core import api
from engine.viktory import GAME, data, geometry, pieces, rules

from play_helpers import player


do = player(GAME)


def resolve_exploration(state):
    """Places pending tiles in the first offered hex (7.0) until nothing is pending."""
    while state["explore"] is not None:
        do(state, rules.actions(state, rules.active(state)[0])[0])


def test_3_2_setup_perimeter_water_face_up_interior_face_down():
    s = rules.setup(5, {"players": 2})
    side = s["side"]
    assert side == 5 and len(s["terrain"]) == 61
    first = s["order"][0]
    for h in range(61):
        if h in geometry.perimeter(side):
            assert s["terrain"][h] == "water"
        elif h in s["start"][first]:
            assert s["terrain"][h] in data.TERRAINS  # 4.0 step 2: the first player's five revealed
        else:
            assert s["terrain"][h] is None
    assert len(s["pile"]) == 180 - 5 and s["reveals"] == 1
    rules.invariants(s)


def test_4_0_random_first_player_then_clockwise_and_start_positions():
    firsts = {rules.setup(seed, {"players": 3})["order"][0] for seed in range(20)}
    assert firsts == {"Red", "Yellow", "Blue"}  # 4.0 step 1: randomly determined
    s = rules.setup(1, {"players": 3})
    k = data.ROLES.index(s["order"][0])
    assert s["order"] == [data.ROLES[(k + i) % 3] for i in range(3)]  # play passes in seat order
    # 3.3: the k-th player takes start position k
    assert [s["start"][r] for r in s["order"]] == [list(g) for g in data.START_HEXES[3]]


def test_view_hides_the_draw_pile_order():
    s = rules.setup(2, {})
    v = rules.view(s, "Red")
    assert "pile" not in v and v["pile_count"] == len(s["pile"])
    assert str(s["pile"]) not in repr(v)


def test_4_0_capital_on_a_land_start_hex_gives_an_infantry_and_reveals_neighbours():
    s = rules.setup(3, {"players": 2})
    first = s["order"][0]
    if s["phase"] == "opening_replace":
        do(s, "keep")
    land = [h for h in s["start"][first] if s["terrain"][h] in data.LAND]
    assert rules.actions(s, first) == land  # 4.0 step 2: one land hex among the five
    capital = land[0]
    do(s, capital)
    assert s["capitals"][first] == capital
    assert s["sites"][capital] == {"owner": first, "kind": "town"}
    resolve_exploration(s)
    side = s["side"]
    assert all(s["terrain"][n] is not None for n in geometry.neighbours(side)[capital])  # 8.3
    # 4.0 step 4: in a 2-6 player game the first player builds only his Capital;
    # step 5: its Infantry goes from the Reserve to the Town
    assert [u["hex"] for u in pieces.units_of(s, first)] == [capital]
    assert s["current"] == s["order"][1] and s["phase"] in ("opening_capital", "opening_replace")
    rules.invariants(s)


def play_opening(s, extra_town=True):
    offered = []
    for _ in range(len(s["order"])):
        role = s["current"]
        if s["phase"] == "opening_replace":
            do(s, "keep")
        do(s, rules.actions(s, role)[0])
        resolve_exploration(s)
        if s["phase"] == "opening_town" and s["current"] == role:
            offered.append(role)
            acts = rules.actions(s, role)
            do(s, acts[0] if extra_town else "skip")
            resolve_exploration(s)
    return offered


@pytest.mark.parametrize("players,first_gets_town", [(2, False), (6, False), (7, True), (8, True)])
def test_4_0_step_4_extra_town_except_first_player_in_2_to_6_player_games(players, first_gets_town):
    s = rules.setup(11, {"players": players})
    offered = play_opening(s)
    first = s["order"][0]
    assert (first in offered) == first_gets_town
    assert offered[-(players - 1):] == s["order"][1:]
    towns = {r: len(pieces.sites_of(s, r)) for r in s["order"]}
    assert towns[first] == 1 or first_gets_town
    # 4.0 step 7: the first player conducts the first Player Turn
    assert s["round"] == 1 and s["current"] == first and s["phase"] == "move"
    for r in s["order"]:  # 4.0 step 5: every Town has its Infantry on it, none left in the Reserve
        assert sorted(u["hex"] for u in pieces.units_of(s, r)) == pieces.sites_of(s, r)
    rules.invariants(s)


def test_4_0_extra_town_is_two_or_three_hexes_from_the_capital():
    s = rules.setup(4, {"players": 2})
    play_opening(s)
    second = s["order"][1]
    capital = s["capitals"][second]
    towns = [h for h in pieces.sites_of(s, second) if h != capital]
    if towns:
        assert geometry.distance(s["side"], capital, towns[0]) in (2, 3)  # 8.2.1


def _force_start_water(s, role, n_water):
    """Turns the first n_water of role's start hexes into water and the rest into plains (tiles
    swapped with the pile so the tile count stays right)."""
    for k, h in enumerate(s["start"][role]):
        want = "water" if k < n_water else "plains"
        s["pile"].append(s["terrain"][h])
        s["pile"].remove(want)
        s["terrain"][h] = want
    s["phase"] = "opening_replace" if n_water >= 3 else "opening_capital"


def test_4_0_three_or_more_water_start_hexes_may_be_replaced_down_to_two():
    s = rules.setup(8, {"players": 2})
    first = s["order"][0]
    _force_start_water(s, first, 4)
    water = s["start"][first][:4]
    assert rules.actions(s, first) == water + ["keep"]
    reveals = s["reveals"]
    do(s, water[0])
    assert s["terrain"][water[0]] in data.LAND  # must keep the first land hex drawn
    assert s["reveals"] == reveals + 1
    assert rules.actions(s, first) == water[1:] + ["keep"]  # still three water: may go on
    do(s, water[1])
    # two water hexes left: he must keep them
    assert s["phase"] == "opening_capital"
    assert sum(s["terrain"][h] == "water" for h in s["start"][first]) == 2
    rules.invariants(s)


def test_4_0_all_five_start_hexes_water_must_be_replaced_until_one_is_land():
    s = rules.setup(8, {"players": 2})
    first = s["order"][0]
    _force_start_water(s, first, 5)
    assert "keep" not in rules.actions(s, first)
    do(s, s["start"][first][0])
    assert "keep" in rules.actions(s, first)


def test_illegal_actions_are_refused_unchanged():
    s = rules.setup(9, {})
    before = copy.deepcopy(s)
    for junk in [None, "end_turn", -1, 999, ["unit", 1], 3.5]:
        with pytest.raises(api.IllegalAction):
            api.play(GAME, s, rules.active(s)[0], junk)
    other = [r for r in s["order"] if r not in rules.active(s)][0]
    with pytest.raises(api.IllegalAction):
        api.play(GAME, s, other, rules.actions(s, rules.active(s)[0])[0])
    assert s == before


def test_4_0_the_prompt_says_skip_when_no_hex_can_take_the_second_town():
    """Formerly "Choose a hex for a second Town, or skip" was shown with no hex to click. Seed 29's
    random opening reaches the extra-Town step with no hex 2-3 away free (8.2.1)."""
    from engine.core.bots import RandomBot
    from engine.viktory import GAME, building

    s, bot, n = rules.setup(29, {"players": 2}), RandomBot(), 0
    while not (s["phase"] == "opening_town" and not building.town_sites(s, rules.active(s)[0])):
        role = rules.active(s)[0]
        rules.apply(s, role, bot.choose(GAME, s, role, 29 * 1000 + n))
        n += 1
        assert s["round"] == 0, "the opening ended without such a step"
    role = rules.active(s)[0]
    assert rules.actions(s, role) == ["skip"]
    assert rules.view(s, role)["prompt"] == "No hex can take a second Town here: skip (4.0)"
