"""What tests/test_generic.py does not cover for Rajas of the Ganges.

tests/test_generic.py runs every registered game with its default options (2 players here) and the
generic junk actions; tests/test_rajas_board.py draws the board for every seat at 2, 3 and 4 players.
Left for here: random games at 3 and 4 players (the other board side, the cover tiles, one assorted
worker each) with their saves, junk shaped like Rajas' own actions, the hidden stacks in the view,
and the strongest bot to the end of a 4-player game.
"""
import copy

import pytest

from engine.core.api import IllegalAction, play
from engine.core.cli import play_out
from engine.core.session import Session
from engine.rajas import GAME, rules

RANDOM_GAMES = 12


def random_session(seed, level=0, players=2):
    roles = rules.roles({"players": players})
    return Session.new("rajas", [[role, level] for role in roles], options={"players": players}, seed=seed)


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_at_3_and_4_players_end_with_invariants_and_replay_from_their_saves(players):
    for seed in range(RANDOM_GAMES):
        session = random_session(seed, players=players)
        while session.result() is None:
            active = session.active()
            assert active, f"seed {seed}: no one to act and no result (dead end)"
            assert rules.actions(session.state, active[0]), f"seed {seed}: {active[0]} active with no action"
            session.play_bot(active[0])
            rules.invariants(session.state)
            assert len(session.entries) <= GAME.max_actions, f"seed {seed}: game too long"
            if len(session.entries) == 40 or session.result() is not None:
                code = session.encode()
                again = Session.decode(code)
                assert again.state == session.state and again.encode() == code
        result = session.result()
        assert len(result["winners"]) == 1
        assert sorted(r for place in result["ranking"] for r in place) == sorted(session.roles)


def test_junk_shaped_like_rajas_actions_is_refused_and_changes_nothing():
    session = random_session(3, players=3)
    junk = [["stack", 99], ["stack", -1], ["die", "red", 7], ["cell", 9, 9], ["rot", 4], ["river", 21],
            ["palace", "mogul"], ["upgrade", "house"], ["good", "gold"], "terrace:red", "balcony:9"]
    for _ in range(80):
        if session.result() is not None:
            break
        role = session.active()[0]
        before = copy.deepcopy(session.state)
        legal = rules.actions(session.state, role)
        near = [[a[0], a[1], a[2] + 6] for a in legal if isinstance(a, list) and len(a) == 3 and type(a[2]) is int]
        for action in junk + near:
            if action not in legal:
                with pytest.raises(IllegalAction):
                    play(GAME, session.state, role, action)
                assert session.state == before
        session.play_bot(role)


def test_the_view_hides_the_stacks_and_the_yield_tiles():
    state = rules.setup(4, {"players": 2})
    view = rules.view(state, "Red")
    assert "stacks" not in view and "yield_stack" not in view and "rng" not in view
    assert view["tops"] == [s[-1] for s in state["stacks"]] and view["yield_stack_size"] == 8


def test_strongest_bots_finish_games():
    """tests/test_generic.py plays Easy games to the end; here Medium, at 4 players."""
    strongest = max(bot.level for bot in GAME.bot_levels)
    session = random_session(0, level=strongest, players=4)
    play_out(session)
    assert session.result() is not None
