"""Bots of Rajas of the Ganges: they finish games, stay blind to future dice, and beat weaker levels."""
import copy
import random

from engine.core import rng
from engine.core.api import play
from engine.core.match import play_timed
from engine.rajas import GAME, bot_match, bots, rules


def test_easy_beats_random_and_finishes_four_player_games():
    # the recorded figure is 100 games: python -m engine.rajas.bot_match --hero 1 --field 0 --games 100
    # --seed 9000 (73 wins; since rules version 2 Random no longer wastes workers on empty markets)
    summary = bot_match.match(1, 0, games=12, seed=9000)
    assert summary["wins"]["1"] >= 7
    state, moves, _ = play_timed(GAME, 3, {"players": 4}, lambda role: 1, 20_000)
    assert rules.result(state) is not None


def test_medium_beats_easy_in_a_small_sample():
    # the recorded figure is 100 games: python -m engine.rajas.bot_match --hero 2 --field 1 --games 100 --seed 9000
    summary = bot_match.match(2, 1, games=4, seed=77)
    assert summary["wins"]["2"] >= 2


def test_bots_do_not_see_future_dice():
    """Two states that differ only in the generator get the same choice: the copies are reseeded."""
    state = rules.setup(8, {"players": 2})
    role = rules.active(state)[0]
    other = copy.deepcopy(state)
    other["rng"] = rng.seed_state(12345)
    for bot in (bots.easy(), bots.medium()):
        assert bot.choose(GAME, state, role, 99) == bot.choose(GAME, other, role, 99)


def hide_differently(state, r):
    """The same position with the face-down white yield tiles (Setup: "Mix the 8 white yield tiles
    and put them as a face-down stack") and the tiles under each open quarry tile in another order."""
    other = copy.deepcopy(state)
    r.shuffle(other["yield_stack"])
    for stack in other["stacks"]:
        below = stack[:-1]
        r.shuffle(below)
        stack[:-1] = below
    return other


def test_bots_do_not_see_the_face_down_yield_tiles_nor_the_tiles_under_the_open_ones():
    """Palace, Dancer: "draw a face-down white yield tile". Wherever the Dancer can be taken (or a
    yield tile is about to be drawn), the bots choose the same whatever the hidden order."""
    r = random.Random(5)
    easy, medium = bots.easy(), bots.medium()
    checked = 0
    for seed in range(4):
        state = rules.setup(seed, {"players": 2})
        for move in range(30):
            role = rules.active(state)[0]
            legal = rules.actions(state, role)
            pending = [e["k"] for e in state["todo"]]
            if "dancer" in legal or "yield_tile" in pending or "chamber" in pending:
                checked += 1
                for bot in ((medium, easy) if "dancer" in legal else (easy, medium)):
                    other = hide_differently(state, r)
                    assert bot.choose(GAME, other, role, 99) == bot.choose(GAME, state, role, 99), (seed, move)
            play(GAME, state, role, easy.choose(GAME, state, role, move))
    assert checked >= 12


def test_evaluate_prefers_the_winner_and_the_race():
    state = rules.setup(8, {"players": 2})
    role = state["seats"][0]
    before = bots.evaluate(state, role)
    state["players"][role]["fame"] += 5
    assert bots.evaluate(state, role) == before + 5


def test_hard_returns_legal_clicks_reproducibly_and_leaves_the_state_alone():
    """Hard (the core's search over Medium's best clicks) at a few decisions of a 3-player game: a
    legal click, the same one again from a fresh bot with the same seed, the position unchanged."""
    state = rules.setup(11, {"players": 3})
    medium = bots.medium()
    asked = 0
    for move in range(50):
        role = rules.active(state)[0]
        legal = rules.actions(state, role)
        if move % 12 == 4 and len(legal) > 1:
            before = copy.deepcopy(state)
            action = bots.hard().choose(GAME, state, role, move)
            assert action in legal and state == before
            assert bots.hard().choose(GAME, before, role, move) == action
            asked += 1
        play(GAME, state, role, medium.choose(GAME, state, role, move))
    assert asked >= 3
