"""The SVG drawing of Rajas of the Ganges: well-formed, every clickable element a legal action."""
import json
import xml.etree.ElementTree as ET

from engine.core import rng
from engine.core.api import play
from engine.rajas import GAME, board, rules

NS = "{http://www.w3.org/2000/svg}"


def test_every_drawn_action_is_legal_and_well_formed_through_a_game():
    state = rules.setup(21, {"players": 3})
    r = rng.seed_state(5)
    drawn = 0
    while rules.result(state) is None:
        role = rules.active(state)[0]
        legal = rules.actions(state, role)
        svg = board.render(rules.view(state, role), role, legal)
        root = ET.fromstring(svg)
        for g in root.iter(NS + "g"):
            if g.get("class") == "action":
                assert json.loads(g.get("data-action")) in legal
                assert g.get("tabindex") == "0" and g.get("role") == "button" and g.get("aria-label")
                drawn += 1
        action, r = rng.choice(r, legal)
        play(GAME, state, role, action)
    assert drawn > 100
    ET.fromstring(board.render(rules.view(state, "Red"), "Red", []))
