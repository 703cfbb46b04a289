"""Every game's guide (engine/<game>/guide.py, api.py): the rule at hand for every step it can prompt,
the position in words, the chart's numbers. Random games under every option's values."""
import math

import pytest

from engine.core.api import reference_anchor
from engine.core.session import Session
from engine.games import GAMES

GAME_IDS = sorted(GAMES)
MOVES = 250  # per game: the steps of a long game repeat; every option's value gets its own games


def option_sets(game):
    """The defaults, then each option at each of its other values (the others at their defaults)."""
    defaults = game.default_options()
    yield defaults
    for opt in game.options:
        for value, _ in opt.choices:
            if value != opt.default:
                yield {**defaults, opt.key: value}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_reference_has_one_entry_per_key_in_our_words(game_id):
    guide = GAMES[game_id].guide
    assert guide is not None, f"{game_id} has no guide"
    keys = [key for key, _, _ in guide.REFERENCE]
    assert len(keys) == len(set(keys)) and keys
    anchors = [reference_anchor(key) for key in keys]
    assert len(anchors) == len(set(anchors)), "two keys share an anchor on the How to play page"
    for key, title, html in guide.REFERENCE:
        assert isinstance(key, str) and key and title and len(html) > 40, key
        assert "<script" not in html.lower() and "on" + "click" not in html.lower()
    assert isinstance(guide.CHART_X, str) and guide.CHART_X


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_step_names_its_rule_and_can_be_told_in_words(game_id):
    game = GAMES[game_id]
    guide = game.guide
    keys = {key for key, _, _ in guide.REFERENCE}
    used = set()
    for n, options in enumerate(option_sets(game)):
        roles = game.rules.roles(options)
        session = Session.new(game_id, [[role, 0] for role in roles], options=options, seed=1000 + n)
        last_x = None
        while session.result() is None and len(session.entries) < MOVES:
            state = session.state
            for role in session.active():
                key = guide.rule_ref(state, role)
                assert key in keys, f"{options}, move {len(session.entries)}: {role}'s step cites {key!r}"
                used.add(key)
            x, panels = guide.chart_sample(state)
            assert type(x) is int and (last_x is None or x >= last_x), f"chart x {x} after {last_x}"
            last_x = x
            assert panels and all(isinstance(title, str) and series for title, series in panels.items())
            for series in panels.values():
                for name, value in series.items():
                    assert isinstance(name, str) and isinstance(value, (int, float)) and math.isfinite(value)
            if len(session.entries) % 25 == 0:
                for role in roles:
                    words = guide.describe(game.rules.view(state, role), role)
                    assert words and all(isinstance(line, str) and line.strip() for line in words)
            session.play_bot(session.active()[0])
    assert used, "no step was checked"
