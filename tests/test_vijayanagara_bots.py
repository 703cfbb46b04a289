"""Vijayanagara computer players (bots.py): legal, deterministic, never change the state they are
given, pursue 5.1-5.3 in their score, and finish games."""
import copy

from engine.core import api
from engine.vijayanagara import GAME, board_state, bots, data, rules
from engine.vijayanagara.data import BAHMANI, DELHI, VIJAYANAGARA


def play_out(level, seed, limit=3_000):
    state = rules.setup(seed, {})
    bot = GAME.bot(level)
    for n in range(limit):
        if rules.result(state) is not None:
            return state, n
        role = rules.active(state)[0]
        action = bot.choose(GAME, state, role, seed * 7919 + n)
        assert action != "negotiate"
        api.play(GAME, state, role, action)
    raise AssertionError("no result")


def test_bot_levels():
    assert [b.name for b in GAME.bot_levels] == ["Random", "Easy", "Medium"]


def test_bots_are_deterministic_legal_and_leave_the_state_alone():
    state = rules.setup(3, {})
    for step in range(12):
        role = rules.active(state)[0]
        before = copy.deepcopy(state)
        for level in ((1, 2) if step % 3 == 0 else (1,)):
            a = GAME.bot(level).choose(GAME, state, role, 17)
            assert a == GAME.bot(level).choose(GAME, state, role, 17)
            assert any(type(a) is type(b) and a == b for b in rules.actions(state, role))
            assert state == before
        api.play(GAME, state, role, GAME.bot(1).choose(GAME, state, role, 5))


def test_score_follows_each_factions_victory_points():
    s = rules.setup(1, {})
    base = {f: bots.score(s, f) for f in data.FACTIONS}
    s["tributary"]["Karnataka"] = False  # 1.6, 1.7: Vijayanagara Controls Karnataka (Prosperity 2)
    board_state.update_control(s)
    assert bots.score(s, VIJAYANAGARA) > base[VIJAYANAGARA]  # 5.3
    assert bots.score(s, DELHI) < base[DELHI]  # 5.1: one Tributary fewer
    s2 = rules.setup(1, {})
    board_state.place(s2, "fort", "Maharashtra")  # 5.2: a Fort is a victory point
    assert bots.score(s2, BAHMANI) > base[BAHMANI]


def test_easy_bots_finish_a_game():
    state, n = play_out(1, 2)
    assert state["timurids"] == 2 and rules.result(state)["winners"] and n > 100


def test_medium_bots_play_legal_turns():
    """A whole game of three Medium bots takes ~20 s (see the status in __init__.py): here 80 actions."""
    state = rules.setup(4, {})
    bot = GAME.bot(2)
    for n in range(50):
        role = rules.active(state)[0]
        api.play(GAME, state, role, bot.choose(GAME, state, role, n))
        rules.invariants(state)
    assert len(state["played"]) > 3


def test_bahmani_bots_rebel_where_they_hold_a_majority():
    """5.2: Rebel (3.3.3) turns a Tributary with a Bahmani majority into Bahmani Control."""
    s = rules.setup(1, {})
    s["dynasty"] = "Tughlaq"  # 2.7: Rebel allowed
    s["stack"] = [{"kind": "action", "role": BAHMANI, "limited": False, "free": False, "decree": None,
                   "command": None, "only": None}]
    for level in (1, 2):
        assert GAME.bot(level).choose(GAME, s, BAHMANI, 3) == "rebel"
    s["stack"].append({"kind": "command", "role": BAHMANI, "command": "rebel", "limited": False,
                       "free": False, "selected": [], "moved": {}, "used": {}, "shifted": False})
    assert GAME.bot(2).choose(GAME, s, BAHMANI, 3) == "Maharashtra"  # 4 Amirs, Prosperity 2
