"""SVG drawing of the Aadu-Huli aata board (Vijayanagara rulebook 5.5)."""
import json
import xml.etree.ElementTree as ET

from engine.aadu_huli import GAME, board, data, rules
from engine.core import api

NS = "{http://www.w3.org/2000/svg}"


def draw(state, role):
    svg = board.render(rules.view(state, role), role, rules.actions(state, role))
    return svg, ET.fromstring(svg)


def action_elements(root):
    return [e for e in root.iter() if "action" in (e.get("class") or "").split()]


def play(state, *acts):
    for a in acts:
        api.play(GAME, state, rules.active(state)[0], a)


def test_start_board_placement_targets():
    s = rules.setup(1, {})
    svg, root = draw(s, "Goats")
    assert root.tag == NS + "svg" and root.get("viewBox")
    els = action_elements(root)
    legal = rules.actions(s, "Goats")
    assert len(els) == len(legal) == 20
    assert [json.loads(e.get("data-action")) for e in els] == legal
    for e in els:
        assert e.get("tabindex") == "0" and e.get("role") == "button"
        assert e.get("aria-label") == f"Place a goat on point {json.loads(e.get('data-action'))}"
    # all 10 lines and 23 points, 3 tigers
    assert len(root.findall(f".//{NS}polyline")) == len(data.LINES)
    assert svg.count('class="tiger"') == 3 and svg.count('class="goat"') == 0


def test_the_other_seat_gets_no_targets():
    s = rules.setup(1, {})
    _svg, root = draw(s, "Tigers")
    assert action_elements(root) == []


def test_selection_targets_and_labels():
    s = rules.setup(1, {})
    play(s, 2, 0)  # a goat on 2; the tigers select 0
    svg, root = draw(s, "Tigers")
    legal = rules.actions(s, "Tigers")
    els = action_elements(root)
    assert sorted(json.loads(e.get("data-action")) for e in els) == sorted(legal)
    labels = {json.loads(e.get("data-action")): e.get("aria-label") for e in els}
    assert labels[8] == "Jump to 8, capturing the goat on 2"
    assert labels[5] == "Move to 5"
    assert labels[3] == "Select the tiger on 3"
    assert 'class="selected"' in svg


def test_last_move_and_capture_are_shown():
    s = rules.setup(1, {})
    play(s, 2, 0, 8)  # tiger 0 leaps over 2 to 8
    svg, root = draw(s, "Goats")
    last = [e for e in root.iter() if e.get("class") == "last-move"]
    assert len(last) == 1
    assert last[0].findall(f".//{NS}line"), "an arrow from -> to"
    assert 'class="captured-mark"' in svg
    assert "Goats captured: 1 of 5" in svg
    assert len(action_elements(root)) == len(rules.actions(s, "Goats"))


def test_pass_is_not_drawn_and_text_is_escaped():
    s = rules.setup(1, {})
    board_ = [None] * 23
    board_[1], board_[0], board_[2], board_[7] = "G", "T", "T", "T"
    s.update(board=board_, supply=0)
    s["history"] = [rules._key(board_, 0, "Goats")]
    assert rules.actions(s, "Goats") == ["pass"]
    _svg, root = draw(s, "Goats")
    assert action_elements(root) == []


def test_every_position_of_a_game_renders():
    from engine.core.bots import RandomBot
    bot = RandomBot()
    s = rules.setup(2, {})
    n = 0
    while rules.result(s) is None:
        role = rules.active(s)[0]
        svg, root = draw(s, role)
        points = [a for a in rules.actions(s, role) if isinstance(a, int)]
        assert len(action_elements(root)) == len(points)
        play(s, bot.choose(GAME, s, role, n))
        n += 1
    draw(s, "Goats")
