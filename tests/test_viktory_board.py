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
    """No strip under the map (which would make the board taller, so drawn smaller, its text under the
    floor): the most dice a Land Battle rolls (13.2: eight for the attacker, six for the defender), the
    Battle's heading and the marks' legend all fit, the legend in the top bar when the corners are full."""
    import copy
    from engine.viktory import scenario
    for players in range(2, 9):
        for rolls in ([1, 2, 4, 6], [5] * 8):
            s = scenario.empty_game(players)
            me, them = s["order"][:2]
            view = rules.view(s, me)
            view["last_roll"] = {"hex": 0, "rolls": [[them, rolls], [me, rolls[:6]]]}
            view["battle"] = {"hex": 0, "attacker": them, "defender": me, "round": 2}
            before = copy.deepcopy(view)
            before["scores"][them] -= 1
            for shown in (view, dict(view, before=before)):
                svg = board.render(shown, me, [])
                height = float(ET.fromstring(svg).get("viewBox").split()[3])
                assert height == float(board._f(board._bounds(s["side"])[2])), (players, rolls)
                assert ("changed since your last move" in svg) == ("before" in shown)
                if "before" in shown:  # four blocks fill the four corners: the legend is in the bar, light on dark
                    assert 'fill="#ff9fd0">changed since your last move' in svg, players


def test_no_player_colour_marks_a_click_target():
    """Targets are black-and-white dashes, so they never read as a player's hexes (the old yellow
    outline looked like Yellow's start hexes)."""
    assert "#ffd23f" not in board.STYLE
    assert not any(colour.lower() in board.STYLE.lower() for colour in board.SEAT_COLOURS.values()
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


# --- marks: what changed since the seat's last move (view["before"]) -----------------------------------------

def _ring_hexes(svg, side=5):
    """The hexes that carry the magenta "changed" ring."""
    offset_x = board._bounds(side)[0]
    where = {board._hex_points(*board._centre(side, h, offset_x), board.R - 5.5): h
             for h in range(len(board.geometry.coords(side)))}
    return {where[el.get("points")] for el in ET.fromstring(svg).iter(NS + "polygon")
            if el.get("stroke") == board.CHANGED and el.get("points") in where}


def _their_turn():
    """Red ends its turn (view A); Yellow moves an infantry out of a pair at 44 to 45 and its lone
    infantry from 40 to 39, builds a Town at 44 and ends its turn (view B, Red's turn again)."""
    from engine.viktory import scenario
    s, me, them = sea_war()
    scenario.put(s, me, "infantry", 31)
    pair_1, _pair_2, lone, _home = [scenario.put(s, them, "infantry", h) for h in (44, 44, 40, 48)]
    do(s, "end_turn")
    before = rules.view(s, me)
    do(s, ["unit", pair_1["id"]], 45, "done", ["unit", lone["id"]], 39, "done", "end_movement", 44, "end_turn")
    assert rules.active(s) == [me]
    return s, me, them, before


def test_marks_ring_what_the_other_player_did_and_ghost_what_left():
    s, me, them, before = _their_turn()
    view = rules.view(s, me)
    legal = rules.actions(s, me)
    plain = board.render(view, me, legal)
    svg = board.render(dict(view, before=before), me, legal)
    assert board.CHANGED not in plain and "changed since your last move" not in plain
    assert _ring_hexes(svg) == {39, 40, 44, 45}  # not 31 (mine), 48 (their unit that stayed), 52
    root = ET.fromstring(svg)
    tips = {t.text for t in root.iter(NS + "title")}
    assert f"Gone since your last move: {them} infantry" in tips  # the ghost at 40
    assert any(t.startswith("hex 40: plains · since your last move:") and f"{them} infantry left" in t for t in tips)
    assert f"{them} Town, hex 44 (new since your last move)" in tips
    assert any(t.startswith(f"{them} infantry; since your last move: {them} infantry: 2, now 1") for t in tips)
    dots = [el for el in root.iter(NS + "circle") if el.get("fill") == board.CHANGED and el.get("r") == "3.6"]
    assert len(dots) == 1 + 3  # the legend's, and the counters at 39, 44 and 45
    assert view["scores"][them] == before["scores"][them] + 1 and "+1</tspan>" in svg  # the Town's point
    assert "changed since your last move" in svg  # the legend, only with marks
    # decoration only: no new click targets, nothing marked is clickable, every mark lets clicks through
    assert {el.get("data-action") for el in _targets(svg)[1]} == {el.get("data-action") for el in _targets(plain)[1]}
    for el in root.iter():
        if board.CHANGED in (el.get("stroke"), el.get("fill")):
            assert "action" not in (el.get("class") or "")
    for el in root.iter():
        marked = board.CHANGED in (el.get("stroke"), el.get("fill"))
        if marked and el.tag in (NS + "polygon", NS + "circle", NS + "rect") \
                and not el.get("stroke-dasharray"):  # a ghost's edge: its tooltip says what left
            assert el.get("pointer-events") == "none", el.attrib  # rings, dots, the points' frame
    # a ghost in a hex that may be clicked lets the click through to the hex
    mine = next(u for u in view["units"] if u["hex"] == 31)
    do(s, ["unit", mine["id"]])
    legal = rules.actions(s, me)
    assert 40 in legal
    svg = board.render(dict(rules.view(s, me), before=before), me, legal)
    ghosts = [g for g in ET.fromstring(svg).iter(NS + "g")
              if (g.findtext(NS + "title") or "").startswith("Gone since your last move")]
    assert len(ghosts) == 1 and ghosts[0].get("pointer-events") == "none"
    # the next view, after Red's own move, compares equal: no marks
    do(s, "done", "end_movement")
    again = rules.view(s, me)
    assert board.render(dict(again, before=rules.view(s, me)), me, rules.actions(s, me)) == \
        board.render(again, me, rules.actions(s, me))


def test_marks_a_town_lost_and_a_revealed_hex():
    """A Town gone (ghost at its place) and tiles turned face up (ringed), between two views of the seat."""
    s, me, them, before = _their_turn()
    view = rules.view(s, me)
    before["sites"][16] = None  # as if my City at 16 had been built since: it is marked as new
    before["sites"][30] = {"owner": them, "kind": "town"}  # and a Town of theirs at 30 is gone
    before["terrain"][33] = None  # and 33 was face down
    svg = board.render(dict(view, before=before), me, [])
    assert {16, 30, 33} <= _ring_hexes(svg)
    tips = {t.text for t in ET.fromstring(svg).iter(NS + "title")}
    assert f"{them} Town gone since your last move" in tips
    assert f"{me} City, hex 16 (new since your last move)" in tips
    assert any(t.startswith("hex 33: grassland · since your last move: revealed: grassland") for t in tips)


def test_render_without_before_is_unchanged_by_an_equal_before():
    """Random positions of a 3-player game: an equal "before" draws byte for byte the same board; the
    view the seat had after its own last action marks every tile revealed since, and adds no target."""
    import copy
    state = rules.setup(3, {"players": 3})
    r = rng.seed_state(3)
    seen, revealed = {}, 0
    for step in range(90):
        role = rules.active(state)[0]
        legal = rules.actions(state, role)
        view = rules.view(state, role)
        plain = board.render(view, role, legal)
        if step % 3 == 0:
            assert board.render(dict(view, before=copy.deepcopy(view)), role, legal) == plain
        if role in seen:
            svg = board.render(dict(view, before=seen[role]), role, legal)
            turned = {h for h, (a, b) in enumerate(zip(seen[role]["terrain"], view["terrain"])) if a != b}
            assert turned <= _ring_hexes(svg, state["side"])
            revealed += len(turned)
            assert [el.get("data-action") for el in _targets(svg)[1]] == \
                [el.get("data-action") for el in _targets(plain)[1]]
        a, r = rng.choice(r, [a for a in legal if a != rules.CONCEDE])
        api.play(GAME, state, role, a)
        seen[role] = rules.view(state, role)
    assert revealed
