"""Yudhbhoomi beyond the generic tests (which run on it as on every registered game): random games of
every campaign and player count end with the invariants kept, no view shows another seat's hand or the
deck's order, the log never names a hidden card, and every campaign travels through a link. Also the
option values of another type (the shared hostile test skips text options like the campaign)."""
import pytest

from engine.core.bots import RandomBot
from engine.core.session import Session
from engine.yudhbhoomi import GAME, data, rules

GID = "yudhbhoomi"


def test_hostile_option_values_of_another_type_are_refused():
    for key, twins in (("players", [2.0, True]), ("night", [0, 0.0]), ("difficult", [1]), ("rounds", [30.0])):
        for value in twins:
            with pytest.raises(ValueError):
                GAME.check_options({key: value})


def test_the_new_game_dialog_gets_the_seats_of_every_campaign_and_player_count():
    """The seats depend on two options (Rani Abbakka is for 1-3 players, the others 2-4): the
    catalog's table (api.catalog_entry, "roles_by") has every combination, keyed as the page's
    JSON.stringify writes them."""
    table = GAME.catalog_entry()["roles_by"]
    assert table["keys"] == ["campaign", "players"]
    assert table["roles"]['["rani",1]'] == ["Green"]
    assert table["roles"]['["treasure",1]'] == ["Green", "Yellow"]
    assert table["roles"]['["rani",4]'] == ["Green", "Red", "Yellow"]
    assert table["roles"]['["hold",4]'] == ["Green", "Red", "Yellow", "Blue"]
    assert len(table["roles"]) == 3 * 4


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
