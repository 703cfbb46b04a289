"""The Viktory II SVG map (board.py): well-formed, every drawn target is a legal action with the
accessibility attributes the page relies on (DESIGN.md), terrain drawn with patterns (3.1)."""
import json
import xml.etree.ElementTree as ET

from engine.core import api, rng
from engine.viktory import GAME, board, rules
from tests.test_viktory_naval import do, sea_war

NS = "{http://www.w3.org/2000/svg}"


def _targets(svg):
    root = ET.fromstring(svg)
    return root, [el for el in root.iter() if "action" in (el.get("class") or "").split()]


def _check(state):
    role = rules.active(state)[0]
    legal = rules.actions(state, role)
    svg = board.render(rules.view(state, role), role, legal)
    root, targets = _targets(svg)
    codes = [json.dumps(a) for a in legal]
    for el in targets:
        assert el.get("data-action") in codes
        assert el.get("tabindex") == "0" and el.get("role") == "button" and el.get("aria-label")
    drawn = {el.get("data-action") for el in targets}
    assert all(json.dumps(a) in drawn for a in legal if type(a) is int), "every hex action is on the map"
    return root, drawn


def test_random_positions_draw_only_legal_targets():
    for players, steps in ((2, 150), (5, 400)):
        state = rules.setup(players, {"players": players})
        r = rng.seed_state(players)
        for _ in range(steps):
            if rules.result(state):
                break
            _check(state)
            role = rules.active(state)[0]
            a, r = rng.choice(r, rules.actions(state, role))
            api.play(GAME, state, role, a)


def test_units_battles_and_terrain_patterns_are_drawn():
    s, me, them = sea_war()
    from engine.viktory import scenario
    a = scenario.put(s, me, "infantry", 31)
    scenario.put(s, them, "infantry", 40)
    frig = scenario.put(s, me, "frigate", 22)
    do(s, ["unit", a["id"]], 40)
    root, drawn = _check(s)
    assert json.dumps(["battle", 40]) in drawn  # the Battle badge
    assert json.dumps(["unit", frig["id"]]) in drawn  # a unit counter
    fills = {el.get("fill") for el in root.iter(NS + "polygon")}
    for t in ("plains", "grassland", "forest", "water"):
        assert f"url(#vk-{t})" in fills
    assert root.get("viewBox").startswith("0 0 ")


def test_text_is_escaped():
    s, me, them = sea_war()
    view = rules.view(s, me)
    view["order"] = view["order"] + ["<b>&"]
    view["scores"]["<b>&"] = 0
    svg = board.render(view, me, [])
    ET.fromstring(svg)
    assert "<b>&" not in svg
