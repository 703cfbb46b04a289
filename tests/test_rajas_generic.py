"""The checks of tests/test_generic.py at every player count of Rajas of the Ganges.

tests/test_generic.py runs on every registered game with its default options (2 players here);
these run the same checks at 3 and 4 players, with Rajas' own junk actions, the Medium bot to the
end, and that the view hides the face-down tiles.
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
def test_random_games_end_with_invariants(players):
    for seed in range(RANDOM_GAMES):
        session = random_session(seed, players=players)
        while session.result() is None:
            active = session.active()
            assert active, f"seed {seed}: no one to act and no result (dead end)"
            for role in active:
                assert rules.actions(session.state, role), f"seed {seed}: {role} active with no action"
            session.play_bot(active[0])
            rules.invariants(session.state)
            assert len(session.entries) <= GAME.max_actions, f"seed {seed}: game too long"
        result = session.result()
        assert session.active() == []
        assert set(result["winners"]) <= set(session.roles) and len(result["winners"]) == 1
        assert sorted(r for place in result["ranking"] for r in place) == sorted(session.roles)
        assert result["summary"]
        assert all(isinstance(line, str) and line for line in result.get("details", []))


def test_illegal_actions_are_refused_and_change_nothing():
    session = random_session(3, players=3)
    junk = [None, "", "nonsense", -1, 10**9, [0, 0], {"a": 1}, 3.5, True, ["stack", 99], ["die", "red", 7]]
    for _ in range(80):
        if session.result() is not None:
            break
        role = session.active()[0]
        idle = [r for r in session.roles if r not in session.active()]
        before = copy.deepcopy(session.state)
        legal = rules.actions(session.state, role)
        for action in junk:
            if action not in legal:
                with pytest.raises(IllegalAction):
                    play(GAME, session.state, role, action)
                assert session.state == before
        for other in idle:
            for action in legal:
                with pytest.raises(IllegalAction):
                    play(GAME, session.state, other, action)
                assert session.state == before
        session.play_bot(role)


@pytest.mark.parametrize("players", [3, 4])
def test_save_round_trip_and_replay_reproduce_the_exact_state(players):
    for seed in range(3):
        session = random_session(100 + seed, players=players)
        checkpoints = {5, 17, 40, 200}
        while session.result() is None:
            session.play_bot(session.active()[0])
            if len(session.entries) in checkpoints or session.result() is not None:
                code = session.encode()
                again = Session.decode(code)
                assert again.state == session.state
                assert again.to_save() == session.to_save()
                assert again.encode() == code


def test_every_position_has_a_view_and_a_board_for_every_role():
    session = random_session(11, players=3)
    while True:
        for role in session.roles:
            view = rules.view(session.state, role)
            assert isinstance(view["prompt"], str) and isinstance(view["log"], list)
            legal = rules.actions(session.state, role) if role in session.active() else []
            svg = GAME.board.render(view, role, legal)
            assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
            for action in legal:
                assert isinstance(rules.action_label(session.state, action), str)
        if session.result() is not None:
            break
        session.play_bot(session.active()[0])


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
