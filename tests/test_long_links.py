"""The longest links a game accepts (every link must open safely and quickly): legal action loops
repeated up to GameInfo.max_actions, and one action past it, for every registered game. Opening one
gives the game or a clean SaveError; the times are recorded by `python -m engine bench-links`
(docs/benchmarks.md), and here only guarded against a hang."""
import time

import pytest

from engine.core import saves, stress
from engine.core.saves import SaveError
from engine.core.session import Session
from engine.games import GAMES

GAME_IDS = sorted(GAMES)
HANG_GUARD_S = 20  # ten times the 2 s aimed at on CPython: a hang, not a slow machine


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_loop_links_up_to_the_bound_open_and_one_move_more_is_refused(game_id):
    game = GAMES[game_id]
    options = game.default_options()
    longest = None
    for seed, prefix in ((1, 30), (2, 120)):
        session = stress.loop_session(game, seed, options, prefix)
        if longest is None or len(session.entries) > len(longest.entries):
            longest = session
    assert len(longest.entries) > 200, "a legal loop makes a long game"
    save = longest.to_save()
    started = time.perf_counter()
    opened = Session.from_save(save)
    assert time.perf_counter() - started < HANG_GUARD_S
    assert opened.entries == longest.entries
    assert len(opened.entries) <= game.max_actions
    over = {**save, "a": save["a"] + save["a"][-1:] * (game.max_actions + 1 - len(save["a"]))}
    with pytest.raises(SaveError, match="too many moves"):
        Session.decode(saves.encode(over))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_bound_is_above_the_longest_bot_games(game_id):
    """max_actions leaves room: a sample of random-bot games stays under a third of it."""
    game = GAMES[game_id]
    roles = game.rules.roles(game.default_options())
    for seed in range(3):
        session = Session.new(game_id, [[role, 0] for role in roles], seed=seed)
        while session.result() is None:
            session.play_bot(session.active()[0])
        assert len(session.entries) * 3 <= game.max_actions, (seed, len(session.entries))
