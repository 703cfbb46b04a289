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
            a, r = rng.choice(r, [a for a in rules.actions(state, role) if a != rules.CONCEDE])
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
    s, me, _them = sea_war()
    view = rules.view(s, me)
    view["order"] = view["order"] + ["<b>&"]
    view["scores"]["<b>&"] = 0
    svg = board.render(view, me, [])
    ET.fromstring(svg)
    assert "<b>&" not in svg


def test_click_targets_sit_below_counters_and_say_what_they_do():
    """Hex targets are drawn before (below) the unit counters, so that a counter that may be clicked
    in a target hex (a unit to embark in a port) stays clickable; each target says what it does."""
    s, me, _them = sea_war()
    from engine.viktory import scenario
    f = scenario.put(s, me, "frigate", 21)
    inf = scenario.put(s, me, "infantry", 13)
    do(s, ["unit", f["id"]])
    legal = rules.actions(s, me)
    assert 22 in legal and ["embark", inf["id"]] in legal
    svg = board.render(rules.view(s, me), me, legal)
    last_target = svg.rindex('class="action target"')
    counter = svg.index(f'data-action="[&quot;embark&quot;, {inf["id"]}]"')
    assert last_target < counter
    _root, targets = _targets(svg)
    labels = {el.get("data-action"): el.get("aria-label") for el in targets}
    assert labels["22"] == "Move the frigate to hex 22 (water)"


def test_battle_hex_dice_and_reserves_are_drawn():
    s, me, them = sea_war()
    from engine.viktory import scenario
    a = scenario.put(s, me, "infantry", 31)
    scenario.put(s, them, "infantry", 40)
    do(s, ["unit", a["id"]], 40)
    svg = board.render(rules.view(s, me), me, rules.actions(s, me))
    assert "Fight the Battle at hex 40" in svg and 'class="fight"' in svg  # the whole hex is the button
    assert "Reserves" in svg
    s["last_roll"] = {"hex": 40, "rolls": [[me, [1, 5]], [them, [3]]]}
    view = rules.view(s, me)
    view["combat_supply"] = {me: False, them: False}
    svg = board.render(view, me, [])
    assert f"{me}: 1 hit" in svg and f"{them}: 1 hit" in svg and "1 tactical victory" in svg
    assert svg.count('opacity=".38"') == 2  # the 5 (a miss) and the faded die of the legend
    root = ET.fromstring(svg)
    assert root.get("viewBox").split()[3] == board._f(board._bounds(5)[2]), "all of it fits in the corners"


def test_info_blocks_fit_the_corners_of_every_map():
    from engine.viktory import scenario
    for players in range(2, 9):
        s = scenario.empty_game(players)
        view = rules.view(s, s["order"][0])
        view["last_roll"] = {"hex": 0, "rolls": [[r, [1, 2, 4, 6]] for r in view["order"][:2]]}
        svg = board.render(view, s["order"][0], [])
        height = float(ET.fromstring(svg).get("viewBox").split()[3])
        assert height == float(board._f(board._bounds(s["side"])[2])), players


def test_no_player_colour_marks_a_click_target():
    """Targets are black-and-white dashes, so they never read as a player's hexes (the old yellow
    outline looked like Yellow's start hexes)."""
    assert "#ffd23f" not in board.STYLE
    assert not any(colour.lower() in board.STYLE.lower() for colour in board.PLAYER_COLOURS.values()
                   if colour not in ("#222222",))


def test_building_targets_say_what_they_build_and_a_lone_unit_fills_its_hex():
    from engine.viktory import scenario
    s, me, _them = sea_war()
    a = scenario.put(s, me, "infantry", 31)
    svg = board.render(rules.view(s, me), me, rules.actions(s, me))
    _root, targets = _targets(svg)
    unit = next(el for el in targets if el.get("data-action") == json.dumps(["unit", a["id"]]))
    assert unit.find(NS + "polygon").get("class") == "hit"  # the only unit to select there: its whole hex
    do(s, "end_movement")
    legal = rules.actions(s, me)
    svg = board.render(rules.view(s, me), me, legal)
    texts = [t.text for t in ET.fromstring(svg).iter(NS + "text")]
    assert "→ City" in texts and "Town" in texts
    labels = {el.get("data-action"): el.get("aria-label") for el in _targets(svg)[1]}
    assert 38 in legal and labels["38"] == "Upgrade the Town at hex 38 to a City"  # my Capital, a Town
