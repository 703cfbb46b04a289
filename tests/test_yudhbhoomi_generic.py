"""The generic checks of tests/test_generic.py, test_hostile_saves.py and test_long_links.py on Yudhbhoomi,
which is not registered yet (engine/games.py lists a game once it plays in the browser): a fixture adds
it to the registry for the length of each test only. Also: random games of every campaign and player
count end with the invariants kept, and no view shows another seat's hand or the deck's order."""
import pytest

import engine.games
from engine.core.bots import RandomBot
from engine.core.session import Session
from engine.yudhbhoomi import GAME, bots, data, rules

import test_generic as generic
import test_hostile_saves as hostile
import test_long_links as long_links

GID = "yudhbhoomi"


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(engine.games.PACKAGES, GID, "engine.yudhbhoomi")


def test_random_games_end_with_invariants():
    generic.test_random_games_end_with_invariants(GID)


def test_illegal_actions_are_refused_and_change_nothing():
    generic.test_illegal_actions_are_refused_and_change_nothing(GID)


def test_save_round_trip_and_replay_reproduce_the_exact_state():
    generic.test_save_round_trip_and_replay_reproduce_the_exact_state(GID)


def test_every_position_has_a_view_and_a_board_for_every_role():
    generic.test_every_position_has_a_view_and_a_board_for_every_role(GID)


def test_simulate_reports_finished_games():
    generic.test_simulate_reports_finished_games(GID)


def test_strongest_bots_finish_games():
    generic.test_strongest_bots_finish_games(GID)


def test_bots_leave_the_state_they_are_given_untouched():
    generic.test_bots_of_every_level_leave_the_state_they_are_given_untouched(GID)


def test_fast_legality_check_agrees_with_the_list_of_actions():
    generic.test_a_games_fast_legality_check_agrees_with_its_list_of_actions(GID)


def test_long_links_open_and_one_move_more_is_refused():
    long_links.test_loop_links_up_to_the_bound_open_and_one_move_more_is_refused(GID)


def test_the_bound_is_above_the_longest_bot_games():
    long_links.test_the_bound_is_above_the_longest_bot_games(GID)


@pytest.mark.parametrize("kind", ["list", "map"])
def test_hostile_values_nested_thousands_deep_are_refused(kind):
    hostile.test_values_nested_thousands_deep_are_refused_in_every_field(GID, kind)


def test_hostile_option_values_of_another_type_are_refused():
    """The shared test converts every option value to float, which a string option (the campaign)
    does not allow; the same check here for the numeric and true/false options."""
    for key, twins in (("players", [2.0, True]), ("night", [0, 0.0]), ("difficult", [1]), ("rounds", [30.0])):
        for value in twins:
            with pytest.raises(ValueError):
                GAME.check_options({key: value})


def test_hostile_huge_values_in_a_move_give_a_short_message():
    hostile.test_huge_values_in_a_move_give_a_short_message(GID)


CONFIGS = [
    {"campaign": "treasure", "players": 3},
    {"campaign": "treasure", "players": 4, "mode": "semi", "difficult": True, "night": True},
    {"campaign": "hold", "players": 2, "night": True},
    {"campaign": "hold", "players": 4, "mode": "semi"},
    {"campaign": "rani", "players": 1},
    {"campaign": "rani", "players": 2},
    {"campaign": "rani", "players": 3},
]


def _hidden_ok(state, role):
    """view(state, role) holds no card id of a hand `role` may not see, nor of the deck, nor the other
    side's face-down attack or defence cards, nor the generator."""
    view = rules.view(state, role)
    semi = state["options"]["mode"] == "semi"
    allowed = {role} | ({data.ALLY[role]} if semi else set())
    assert set(view["hands"]) <= allowed
    assert "deck" not in view and "rng" not in view and "reveals" not in view
    att = view["turn"] and view["turn"]["attack"]
    if att:
        attacker = state["turn"]["seat"]
        if role not in {attacker} | ({data.ALLY[attacker]} if semi else set()):
            assert att["acards"] is None
        defender = state["turn"]["attack"]["defender"]
        if defender is not None and role not in {defender} | ({data.ALLY[defender]} if semi else set()):
            assert att["dcards"] is None


CARD_NAMES = {kind: name for kind, (name, *_rest) in data.CARD_KINDS.items()}


def _log_names_only_shown_cards(state, before):
    """Each card named by the log lines of the last action is one everybody has seen: it is in the
    discard pile (played, discarded, revealed). "Green draws Extreme Dodging" would fail here."""
    shown = {data.CARDS[c] for c in state["discard"]}
    for line in state["log"][before:]:
        for kind, name in CARD_NAMES.items():
            if name in line:
                assert kind in shown, line


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_random_games_of_every_campaign(options):
    bot = RandomBot()
    for seed in range(4):
        state = rules.setup(seed, options)
        n = 0
        while state["result"] is None:
            role = rules.active(state)[0]
            assert rules.actions(state, role)
            for r in state["seats"]:
                _hidden_ok(state, r)
            action = bot.choose(GAME, state, role, seed * 7919 + n)
            before = len(state["log"])
            rules.apply(state, role, action)
            rules.invariants(state)
            _log_names_only_shown_cards(state, before)
            n += 1
            assert n * 3 <= GAME.max_actions
        assert sorted(r for place in state["result"]["ranking"] for r in place) == sorted(state["seats"])


def test_every_campaign_plays_through_a_session_and_a_link():
    for options in CONFIGS:
        roles = rules.roles(options)
        session = Session.new(GID, [[r, 1] for r in roles], options=options, seed=3)
        for _ in range(200):
            if session.result() is not None:
                break
            session.play_bot(session.active()[0])
        again = Session.decode(session.encode())
        assert again.state == session.state
