"""Bots of Rajas of the Ganges: they finish games, stay blind to future dice, and beat weaker levels."""
import copy

from engine.core import rng
from engine.core.match import play_timed
from engine.rajas import GAME, bot_match, bots, rules


def test_easy_beats_random_and_finishes_four_player_games():
    summary = bot_match.match(1, 0, games=4, seed=50)
    assert summary["wins"]["1"] >= 3
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


def test_evaluate_prefers_the_winner_and_the_race():
    state = rules.setup(8, {"players": 2})
    role = state["seats"][0]
    before = bots.evaluate(state, role)
    state["players"][role]["fame"] += 5
    assert bots.evaluate(state, role) == before + 5
