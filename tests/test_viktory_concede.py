"""Viktory II: conceding (rulebook 5.1, 5.2 and 16.86: "A player wins when all other players are
eliminated or concede"), and the bots never concede."""
from engine.viktory import GAME, geometry, pieces, rules, scenario

from play_helpers import player
from tests.test_viktory_naval import sea_war
from tests.test_viktory_subjugation import three_way


do = player(GAME)


def test_5_1_conceding_a_two_player_game_makes_the_other_player_the_winner():
    s, me, them = sea_war()
    assert rules.actions(s, me)[-1] == "concede" and rules.actions(s, them) == []
    assert rules.confirm(s, "concede").startswith("Concede the game?") and them in rules.confirm(s, "concede")
    assert rules.confirm(s, 38) is None
    assert rules.action_label(s, "concede") == "Concede the game"
    do(s, "concede")
    res = rules.result(s)
    assert res["winners"] == [them] and res["ranking"] == [[them], [me]]
    assert "5.1" in res["summary"] and "conceded" in res["summary"]
    assert any(me in line and "conceded" in line for line in res["details"])
    assert rules.active(s) == []
    rules.invariants(s)


def test_concede_is_offered_throughout_ones_own_turn_but_not_in_the_opening():
    s = rules.setup(3, {"players": 2})
    while s["round"] == 0:  # 4.0: the opening turns are part of the setup
        role = rules.active(s)[0]
        assert "concede" not in rules.actions(s, role)
        do(s, rules.actions(s, role)[0])
    s, me, them = sea_war()
    u = scenario.put(s, me, "infantry", 30)
    assert "concede" in rules.actions(s, me)  # at the start of his turn
    do(s, ["unit", u["id"]], 31)
    assert "concede" not in rules.actions(s, me)  # not amid a unit's move
    do(s, "done")
    assert "concede" in rules.actions(s, me)  # between units
    do(s, "end_movement")
    assert "concede" in rules.actions(s, me)  # Building
    do(s, "end_building")
    assert "concede" in rules.actions(s, me)  # Reserve Placement


def test_5_1_in_a_multi_player_game_the_others_play_on_without_the_conceders_pieces():
    s = scenario.empty_game(3, seed=4)
    me, them, third = s["order"]
    for h in range(91):
        if h not in geometry.perimeter(6):
            scenario.set_terrain(s, h, ("plains", "grassland")[h % 2])
    scenario.add_site(s, me, 45, capital=True)
    scenario.add_site(s, them, 47, capital=True)
    scenario.add_site(s, them, 62, kind="city")
    scenario.add_site(s, third, 8, capital=True)
    scenario.put(s, them, "infantry", 47)
    do(s, "end_turn")
    assert s["current"] == them
    do(s, "concede")
    # our reading: he leaves the game as if eliminated; his Towns, Cities and units leave the map
    assert pieces.sites_of(s, them) == [] and pieces.units_of(s, them) == [] and s["capitals"][them] is None
    assert rules.result(s) is None and s["current"] == third  # the others play on
    assert them in rules.view(s, me)["eliminated"] and them in rules.view(s, me)["conceded"]
    do(s, "end_turn")
    assert s["current"] == me  # his turns are skipped
    do(s, "concede")
    res = rules.result(s)
    assert res["winners"] == [third] and res["ranking"] == [[third], [me, them]]
    assert res["scores"][them] == 0 and res["scores"][me] == 0
    rules.invariants(s)


def test_16_86_the_last_free_player_conceding_gives_the_ruler_the_alliance_victory():
    s, me, them, third = three_way()  # them is my Vassal
    do(s, "end_turn", "end_turn")
    assert s["current"] == third
    do(s, "concede")
    res = rules.result(s)
    assert res["winners"] == [me] and "16.86" in res["summary"]
    assert res["ranking"] == [[me], [them], [third]]


def test_16_86_a_ruler_who_concedes_frees_his_vassals():
    s, me, them, third = three_way()
    do(s, "concede")
    assert s["rulers"] == {} and rules.result(s) is None
    assert any(f"{them} is no longer a Vassal" in line for line in s["log"])
    assert s["current"] == them
    rules.invariants(s)


def test_bots_never_concede():
    s, me, them = sea_war()
    do(s, "end_movement", "end_building")
    assert "concede" in rules.actions(s, me)
    for level in (0, 1, 2):
        bot = GAME.bot(level)
        for seed in range(200):
            assert bot.choose(GAME, s, me, seed) != "concede"
    # a random bot game runs on to its end without conceding
    state = rules.setup(5, {"players": 2, "round_limit": 30})
    bot = GAME.bot(0)
    moves = 0
    while rules.result(state) is None:
        role = rules.active(state)[0]
        action = bot.choose(GAME, state, role, moves)
        assert action != "concede"
        do(state, action)
        moves += 1
    assert not rules.view(state, state["order"][0])["conceded"]


def test_6_0_ending_the_turn_asks_first_where_it_skips_a_phase_the_player_could_still_use():
    """Formerly "End turn" beside "End movement" skipped Building and Reserve Placement without a
    word. The Player Turn is three phases in order (6.0); ending it early asks, naming what is lost."""
    s, me, _them = sea_war()
    assert s["phase"] == "move" and s["current"] == me
    question = rules.confirm(s, "end_turn")
    assert "Building Phase (8.0)" in question and "Reserve Placement Phase (14.0)" in question
    assert rules.confirm(s, "end_movement") is None  # the phases in order: nothing lost
    do(s, "end_movement")
    assert s["phase"] == "build"
    question = rules.confirm(s, "end_turn") or ""
    assert "Building" not in question  # no longer skipped by ending the turn: it is under way
    assert ("Reserve Placement" in question) == bool(rules.reserves.placeable_types(s, me))
    while s["phase"] == "build":
        do(s, "end_building")
    assert s["phase"] == "reserve" and rules.confirm(s, "end_turn") is None  # the last phase: ending is ending
