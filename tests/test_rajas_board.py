"""The SVG drawing of Rajas of the Ganges (engine/rajas/board.py): well-formed; every clickable element a
legal action with a name; every legal action that has a place on the board drawn there (the page makes
buttons only for the rest); nothing drawn that depends on the face-down tiles."""
import copy
import html
import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

from engine.core import rng
from engine.core.api import play
from engine.rajas import GAME, board, data, rules

NS = "{http://www.w3.org/2000/svg}"
BOARD_KINDS = {"stack", "cell", "cover", "rot", "river", "palace", "die", "flip", "mark", "unmark", "return"}


def on_board(action) -> bool:
    """The actions the board must draw: the worker spaces and the choices with a place on the board
    (the page makes buttons for die colours, goods, upgrades, yes/no and the reroll button)."""
    return isinstance(action, str) and ":" in action or action in (
        "quarry", "assorted", "onekind", "harbour", "outer", *data.CHAMBER_VALUE) or (
        isinstance(action, list) and action[0] in BOARD_KINDS)


def drawn_actions(svg, parse=False):
    """The actions of the clickable elements; with `parse`, the whole SVG is parsed as XML too (slow:
    done now and then, the regular expression below finds the same elements)."""
    found = re.findall(r'<g class="action" data-action="([^"]*)" tabindex="0" role="button" aria-label="([^"]+)">', svg)
    assert svg.count('class="action"') == len(found)
    if parse:
        root = ET.fromstring(svg)
        elements = [g for g in root.iter(NS + "g") if g.get("class") == "action"]
        assert [json.loads(g.get("data-action")) for g in elements] == [json.loads(html.unescape(a)) for a, _ in found]
        assert all(g.get("tabindex") == "0" and g.get("role") == "button" and g.get("aria-label") for g in elements)
    return [json.loads(html.unescape(a)) for a, _ in found]


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_every_drawn_action_is_legal_and_every_board_action_is_drawn(players, seed):
    state = rules.setup(seed, {"players": players})
    r = rng.seed_state(seed)
    kinds = set()
    moves = 0
    while rules.result(state) is None:
        role = rules.active(state)[0]
        legal = rules.actions(state, role)
        drawn = drawn_actions(board.render(rules.view(state, role), role, legal), parse=moves % 40 == 0)
        for action in drawn:
            assert action in legal
        for action in legal:
            if on_board(action):
                assert action in drawn, f"{action} is legal but not drawn"
                kinds.add(action[0] if isinstance(action, list) else "space")
            assert rules.action_label(state, action)
        if moves % 10 == 0:  # an onlooker sees the board without targets
            for other in rules.roles({"players": players}):
                if other != role:
                    assert drawn_actions(board.render(rules.view(state, other), other, [])) == []
        action, r = rng.choice(r, legal)
        play(GAME, state, role, action)
        moves += 1
    assert kinds >= {"space", "stack", "cell", "die"}
    ET.fromstring(board.render(rules.view(state, "Red"), "Red", []))


def test_the_rarer_board_actions_are_drawn_in_bot_games():
    """Rotations, karma turns, rerolls, river moves come up in games of Easy bots with some random
    moves among theirs."""
    kinds = set()
    r = rng.seed_state(9)
    for seed in range(6):
        state = rules.setup(300 + seed, {"players": 3})
        while rules.result(state) is None:
            role = rules.active(state)[0]
            legal = rules.actions(state, role)
            if any(isinstance(a, list) and a[0] in BOARD_KINDS - kinds for a in legal):
                drawn = drawn_actions(board.render(rules.view(state, role), role, legal))
                for action in legal:
                    if on_board(action):
                        assert action in drawn
                        kinds.add(action[0] if isinstance(action, list) else "space")
            if len(state["log"]) % 3:
                action = GAME.bot(1).choose(GAME, state, role, seed * 1000 + len(state["log"]))
            else:
                action, r = rng.choice(r, legal)
            play(GAME, state, role, action)
    assert kinds >= {"stack", "cell", "rot", "river", "die", "flip", "mark", "unmark"}


def test_the_drawing_does_not_depend_on_the_face_down_tiles():
    """Shuffling what nobody may see (the white yield tiles face down, the tiles under the open ones)
    changes neither the view nor the drawing."""
    state = rules.setup(7, {"players": 4})
    r = rng.seed_state(1)
    for _ in range(150):
        role = rules.active(state)[0]
        action, r = rng.choice(r, rules.actions(state, role))
        play(GAME, state, role, action)
    twin = copy.deepcopy(state)
    shuffle = random.Random(3)
    shuffle.shuffle(twin["yield_stack"])
    for stack in twin["stacks"]:
        under = stack[:-1]
        shuffle.shuffle(under)
        stack[:-1] = under
    for role in rules.roles({"players": 4}):
        legal = rules.actions(state, role)
        assert rules.view(state, role) == rules.view(twin, role)
        assert board.render(rules.view(state, role), role, legal) == board.render(rules.view(twin, role), role, legal)


def test_the_tracks_put_each_money_space_beside_the_fame_space_it_faces():
    """The drawn money space m overlaps fame space data.facing_fame(m) at its end towards fame 63,
    and the rulebook's example comes out: money 65 beside fame 28, money 52 beside fame 35."""
    for m in range(data.MONEY_MAX + 1):
        lo, hi = board.money_span(m)
        assert int(hi - 1e-9) == data.facing_fame(m)
        assert lo >= 0 and hi <= data.FAME_MAX + 1
    assert data.facing_fame(65) == 28 and data.facing_fame(52) == 35


def test_the_seat_drawn_large_is_the_one_asked_for():
    state = rules.setup(5, {"players": 3})
    for role in rules.roles({"players": 3}):
        svg = board.render(rules.view(state, role), role, [])
        assert f">{role} (you)<" in svg
