"""Saves across rules fixes (engine/core/saves.py, "Rules versions"): fixtures of complete games saved
under each earlier rules version of each game (tests/data/saves_r<version>/, made by the code of that
time) open under the current rules as far as they replay, and saves of the current version replay in
full (a rules change that breaks them without raising the game's rules version fails here)."""
import dataclasses
import pathlib

import pytest

import engine.aadu_huli as aadu_huli
from engine.core import saves
from engine.core.api import IllegalAction
from engine.core.saves import SaveError
from engine.core.session import Session
from engine.games import GAMES

FIXTURES = sorted(pathlib.Path(__file__).parent.glob("data/saves_r*/*.txt"))


def fixture_id(path):
    return f"{path.parent.name}/{path.stem}"


def test_there_are_fixtures_for_every_game():
    games = {saves.decode(path.read_text())["g"] for path in FIXTURES}
    assert games == set(GAMES)


@pytest.mark.parametrize("path", FIXTURES, ids=fixture_id)
def test_a_fixture_opens_under_the_current_rules_as_far_as_it_replays(path):
    code = path.read_text().strip()
    save = saves.decode(code)
    game = GAMES[save["g"]]
    session = Session.from_save(save)
    if save["r"] == game.rules_version:
        assert not session.truncated and session.entries == save["a"]
        return
    if not session.truncated:
        assert session.entries == save["a"]
        return
    played = len(session.entries)
    assert session.entries == save["a"][:played]
    assert f"move {played + 1} of {len(save['a'])} is no longer legal" in session.notice
    assert f"opens after move {played}" in session.notice
    with pytest.raises(IllegalAction):  # the move the notice names does not replay
        session.act(*session._unwrap(save["a"][played]))
    again = Session.decode(session.encode())  # the copy is a save of the current rules, whole
    assert again.entries == session.entries and not again.truncated
    assert saves.decode(session.encode())["r"] == game.rules_version


def test_a_current_save_whose_move_does_not_replay_is_refused_as_altered():
    path = next(p for p in FIXTURES if saves.decode(p.read_text())["g"] == "aadu_huli")
    save = saves.decode(path.read_text())
    assert save["r"] == GAMES["aadu_huli"].rules_version
    save["a"] = save["a"][:20] + [save["a"][20] + 100] + save["a"][21:]
    with pytest.raises(SaveError, match="move 21 is not legal.*may have been altered"):
        Session.from_save(save)


def test_an_earlier_rules_save_stops_at_the_first_move_that_no_longer_replays(monkeypatch):
    """Under a raised rules version the same altered save opens at move 20, with the notice."""
    path = next(p for p in FIXTURES if saves.decode(p.read_text())["g"] == "aadu_huli")
    save = saves.decode(path.read_text())
    save["a"] = save["a"][:20] + [save["a"][20] + 100] + save["a"][21:]
    monkeypatch.setattr(aadu_huli, "GAME", dataclasses.replace(aadu_huli.GAME, rules_version=save["r"] + 1))
    session = Session.from_save(save)
    assert len(session.entries) == 20 and session.truncated
    assert "move 21 of" in session.notice and "kept in your saved games" in session.notice


def test_a_save_of_newer_rules_is_refused_with_a_reason():
    path = FIXTURES[0]
    save = saves.decode(path.read_text())
    save["r"] = GAMES[save["g"]].rules_version + 1
    with pytest.raises(SaveError, match="newer version of Chaupal.*Reload"):
        saves.check(save)


def test_an_engine_error_while_replaying_is_reported_as_ours(monkeypatch):
    """A bug of the engine is not a damaged link: the message says so and names the move."""
    path = next(p for p in FIXTURES if saves.decode(p.read_text())["g"] == "aadu_huli")
    save = saves.decode(path.read_text())
    rules = GAMES["aadu_huli"].rules
    real = rules.apply
    calls = []

    def failing(state, role, action):
        calls.append(action)
        if len(calls) == 7:
            raise KeyError("boom")
        real(state, role, action)

    monkeypatch.setattr(rules, "apply", failing)
    with pytest.raises(saves.ReplayError, match="failed at move 7 .*KeyError.*bug in Chaupal"):
        Session.from_save(save)


def test_a_game_refuses_moves_past_its_bound(monkeypatch):
    monkeypatch.setattr(aadu_huli, "GAME", dataclasses.replace(aadu_huli.GAME, max_actions=5))
    game = GAMES["aadu_huli"]
    session = Session.new("aadu_huli", [[r, 0] for r in game.rules.roles(game.default_options())], seed=4)
    for _ in range(5):
        session.play_bot(session.active()[0])
    with pytest.raises(IllegalAction, match="reached 5 moves"):
        session.play_bot(session.active()[0])
    assert len(session.entries) == 5
