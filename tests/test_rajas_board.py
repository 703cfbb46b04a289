"""The SVG drawing of Rajas of the Ganges (engine/rajas/board.py): well-formed; every clickable element a
legal action with a name, each drawn once; every legal action that has a place on the board drawn there
(the page makes buttons only for the rest); nothing drawn that depends on the face-down tiles. Made for a
phone: one column 380 units wide, no text under 12 units and no target under 28 x 28 (at 390 px, 11.8 px
and 27.5 px), every text inside the drawing; the block of the decision at hand right under the race;
the other players a tap away (radio buttons, no game actions)."""
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
    """The actions of the clickable elements, each drawn once (of two dice alike only one is a target);
    with `parse`, the whole SVG is parsed as XML too (slow: done now and then, the regular expression
    below finds the same elements)."""
    found = re.findall(r'<g class="action" data-action="([^"]*)" tabindex="0" role="button" aria-label="([^"]+)">', svg)
    assert svg.count('class="action"') == len(found)
    if parse:
        root = ET.fromstring(svg)
        elements = [g for g in root.iter(NS + "g") if g.get("class") == "action"]
        assert [json.loads(g.get("data-action")) for g in elements] == [json.loads(html.unescape(a)) for a, _ in found]
        assert all(g.get("tabindex") == "0" and g.get("role") == "button" and g.get("aria-label") for g in elements)
    actions = [json.loads(html.unescape(a)) for a, _ in found]
    assert len({json.dumps(a) for a in actions}) == len(actions), "an action drawn twice"
    return actions


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


# --- what changed since the seat's last move (view["before"]) ----------------------------------------------

def walk(svg):
    """(element, dx, dy) for every element of the drawing, with the translation its groups add up to
    (the blocks are drawn from their own top and moved into place)."""
    def visit(e, dx, dy):
        m = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", e.get("transform") or "")
        if m:
            dx, dy = dx + float(m[1]), dy + float(m[2])
        yield e, dx, dy
        for child in e:
            yield from visit(child, dx, dy)
    yield from visit(ET.fromstring(svg), 0.0, 0.0)


def _marks(svg):
    """The marks group (none: None): its rings' centres, its outlines (x, y, w, h) and its dashed
    ghosts, each drawn once (the white halo under each left out), in the drawing's coordinates."""
    groups = [e for e, _, _ in walk(svg) if e.tag == NS + "g" and e.get("class") == "changes"]
    if not groups:
        return None
    assert len(groups) == 1 and groups[0].get("pointer-events") == "none"
    rings, boxes, ghosts = [], [], 0
    for e, dx, dy in walk(ET.tostring(groups[0], encoding="unicode")):
        assert "action" not in (e.get("class") or "")
        if e.get("stroke") != board.CHANGED:
            continue
        if e.get("stroke-dasharray"):
            ghosts += 1
        elif e.tag == NS + "circle":
            rings.append((float(e.get("cx")) + dx, float(e.get("cy")) + dy))
        elif e.tag == NS + "rect":
            boxes.append((float(e.get("x")) + dx, float(e.get("y")) + dy, float(e.get("width")),
                          float(e.get("height"))))
    return rings, boxes, ghosts


def _worker_heads(svg, role):
    """The centres of the heads of `role`'s workers drawn on the board: (x, y)."""
    fill = board.SEAT_COLOURS[role]
    return [(float(e.get("cx")) + dx, float(e.get("cy")) + dy) for e, dx, dy in walk(svg)
            if e.tag == NS + "circle" and e.get("fill") == fill and e.get("stroke") == "#222"
            and e.get("stroke-width") == "1.2" and e.get("opacity") is None]


def blocks(svg) -> dict:
    """{block name: (top, bottom)} of the drawing's blocks, from the top."""
    out, tops = {}, []
    for e, _dx, dy in walk(svg):
        if e.tag == NS + "g" and e.get("data-block"):
            tops.append((dy, e.get("data-block")))
    height = float(ET.fromstring(svg).get("viewBox").split()[3])
    for i, (top, name) in enumerate(tops):
        out[name] = (top, tops[i + 1][0] if i + 1 < len(tops) else height)
    return out


def _play_until(state, role, choose):
    """Play `choose(state, seat)` for the seats until `role` is to act (or the game ends)."""
    while rules.result(state) is None and rules.active(state)[0] != role:
        seat = rules.active(state)[0]
        play(GAME, state, seat, choose(state, seat))


def test_marks_the_worker_and_die_another_player_placed_and_took():
    """Red takes the outer terrace; Yellow then places a worker on the blue terrace and takes a blue
    die. Red's drawing marks Yellow's worker (a ring round it, on the terrace) and Yellow's new die
    (an outline on a blue die, and on its count), not Red's own worker, and adds the legend line;
    without "before" none of it."""
    state = rules.setup(7, {"players": 2})
    bot = GAME.bot(1)
    first = lambda st, seat: bot.choose(GAME, st, seat, len(st["log"]))  # noqa: E731
    play(GAME, state, "Red", "outer")
    _play_until(state, "Yellow", first)
    a = rules.view(state, "Red")
    play(GAME, state, "Yellow", "terrace:blue")
    _play_until(state, "Red", first)
    b = rules.view(state, "Red")
    plain = board.render(b, "Red", rules.actions(state, "Red"))
    b["before"] = a
    svg = board.render(b, "Red", rules.actions(state, "Red"))
    assert drawn_actions(svg, parse=True) == drawn_actions(plain)
    rings, boxes, ghosts = _marks(svg)
    assert _marks(plain) is None and board.MARK_NOTE not in plain and svg.count(board.MARK_NOTE) == 1
    heads = _worker_heads(svg, "Yellow")
    # one ring on Yellow's worker (its head inside the ring, straight above its centre), one in the legend
    on_worker = [(x, y) for x, y in rings if any(abs(hx - x) < .2 and 0 < y - hy < 12 for hx, hy in heads)]
    assert len(on_worker) == 1 and len(rings) == 2
    red_heads = _worker_heads(svg, "Red")
    assert red_heads and not [r for r in rings
                              if any(abs(hx - r[0]) < .2 and 0 < r[1] - hy < 12 for hx, hy in red_heads)]
    # the blue die in Yellow's Kali statue and its "Kali statue: N of 10 dice", among the other players
    assert len(boxes) == 2 and ghosts == 0
    top, bottom = blocks(svg)["others"]
    assert all(top < y < bottom for _x, y, _w, _h in boxes)
    die_box = next(b for b in boxes if b[2] == b[3])
    assert len(b["players"]["Yellow"]["dice"]) == len(a["players"]["Yellow"]["dice"]) + 1
    x, y, w, _h = die_box
    dice = [(float(e.get("x")) + dx, float(e.get("y")) + dy, float(e.get("width"))) for e, dx, dy in walk(svg)
            if e.tag == NS + "rect" and e.get("fill") == board.DIE_FILL["blue"]]
    assert any(abs(dx - (x + 2.5)) < .2 and abs(dy - (y + 2.5)) < .2 and abs(dw - (w - 5)) < .2 for dx, dy, dw in dice)


def test_marks_after_bot_turns_count_what_changed():
    """Medium bots in every seat of a 3-player game: after each of the others' turns, the marks in the
    drawing for the first seat are as many as the changes (new workers, moved markers and boats, new
    tiles and dice, karma, newly open quarry tiles)."""
    state = rules.setup(12, {"players": 3})
    me = state["seats"][0]
    bots = {r: GAME.bot(2) for r in state["seats"]}
    a, others, checked, n = None, False, 0, 0
    while rules.result(state) is None and checked < 6:
        role = rules.active(state)[0]
        if role == me and a is not None and others:
            b = rules.view(state, me)
            b["before"] = a
            svg = board.render(b, me, rules.actions(state, me))
            got = _marks(svg)
            new_workers = sum(1 for space, who in b["spaces"].items() for i, r in enumerate(who)
                              if i >= len(a["spaces"].get(space, [])) or a["spaces"][space][i] != r)
            n_rings, n_boxes, n_ghosts = new_workers + 1, 0, 0  # + the legend's ring
            for r in b["seats"]:
                p, q = b["players"][r], a["players"][r]
                n_rings += (p["fame"] != q["fame"]) + (p["boat"] != q["boat"]) + (p["bonus"] != q["bonus"])
                n_boxes += (p["money"] != q["money"]) + (p["karma"] != q["karma"]) + (len(p["dice"]) != len(q["dice"]))
                n_ghosts += (p["fame"] != q["fame"]) + (p["money"] != q["money"])
                n_boxes += sum(1 for i in range(data.ROWS) for j in range(data.COLS)
                               if p["province"][i][j] != q["province"][i][j])
                left = [tuple(d) for d in q["dice"]]
                for d in p["dice"]:
                    if tuple(d) in left:
                        left.remove(tuple(d))
                    else:
                        n_boxes += 1
            n_boxes += sum(1 for k, t in enumerate(b["tops"]) if t is not None and a["tops"][k] != t)
            if n_rings + n_boxes == 1:
                assert got is None
            else:
                rings, boxes, ghosts = got
                assert (len(rings), len(boxes), ghosts) == (n_rings, n_boxes, n_ghosts)
                checked += 1
            a = None
        play(GAME, state, role, bots[role].choose(GAME, state, role, 500 + n))
        n += 1
        if role == me:
            a, others = rules.view(state, me), False
        else:
            others = True
    assert checked >= 6


def test_no_before_or_nothing_changed_draws_as_before():
    """Without "before", with "before" the same view: byte-identical (legal actions drawn too)."""
    for players, seed in ((2, 41), (4, 42)):
        state = rules.setup(seed, {"players": players})
        r = rng.seed_state(seed)
        for step in range(80):
            role = rules.active(state)[0]
            legal = rules.actions(state, role)
            if step % 20 == 0:
                view = rules.view(state, role)
                plain = board.render(view, role, legal)
                view["before"] = rules.view(state, role)
                assert board.render(view, role, legal) == plain
                assert 'class="changes"' not in plain and board.MARK_NOTE not in plain
            action, r = rng.choice(r, legal)
            play(GAME, state, role, action)


# --- made for a phone --------------------------------------------------------------------------------------

XHTML = "{http://www.w3.org/1999/xhtml}"


def sample(players, seed, every=7):
    """(role, view, legal) every few moves of a random game, the view with the seat's own last view as
    "before" (what the page passes), and the end of the game."""
    state = rules.setup(seed, {"players": players})
    r = rng.seed_state(seed)
    last, moves = {}, 0
    while rules.result(state) is None:
        role = rules.active(state)[0]
        legal = rules.actions(state, role)
        if moves % every == 0:
            view = rules.view(state, role)
            if role in last:
                view["before"] = last[role]
            yield role, view, legal
        action, r = rng.choice(r, legal)
        play(GAME, state, role, action)
        last[role] = rules.view(state, role)
        moves += 1
    yield "Red", rules.view(state, "Red"), []


def targets(svg) -> list:
    """(action, x, y, w, h) of each click target, in the drawing's coordinates."""
    out = []
    for e, dx, dy in walk(svg):
        if e.tag == NS + "g" and e.get("class") == "action":
            rect = e.find(NS + "rect")
            out.append((json.loads(e.get("data-action")), float(rect.get("x")) + dx, float(rect.get("y")) + dy,
                        float(rect.get("width")), float(rect.get("height"))))
    return out


@pytest.mark.parametrize("players,seed", [(2, 51), (3, 52), (4, 53)])
def test_no_text_under_12_units_no_target_under_28_and_all_inside_380(players, seed):
    """At 390 px the page leaves 374 px for the drawing: a unit is 0.98 px, so 12 units are 11.8 px
    and 28 units 27.5 px. Every text (measured in DejaVu Sans, the widest system font met) and every
    target lies inside the drawing's 380 units."""
    for role, view, legal in sample(players, seed):
        svg = board.render(view, role, legal)
        box = [float(v) for v in ET.fromstring(svg).get("viewBox").split()]
        assert box[:3] == [0, 0, board.W]
        for e, dx, dy in walk(svg):
            if e.tag != NS + "text" or not (e.text or "").strip():
                continue
            size = float(e.get("font-size"))
            assert size >= board.MIN_FONT, (e.text, size)
            width = board.text_width(e.text, size, e.get("font-weight") == "bold")
            x = float(e.get("x")) + dx
            left = {"start": x, "middle": x - width / 2, "end": x - width}[e.get("text-anchor")]
            assert board.CARD_X <= left and left + width <= board.CARD_X + board.CARD_W, (e.text, left, width)
            assert size <= float(e.get("y")) + dy <= box[3], e.text
        for action, x, y, w, h in targets(svg):
            assert w >= board.MIN_TARGET and h >= board.MIN_TARGET, (action, w, h)
            assert 0 <= x and x + w <= board.W and 0 <= y and y + h <= box[3], action


def test_the_decision_is_drawn_right_under_the_race():
    """Whatever the seat must click (a space, a tile, a square, a turn, a die, a river space), its block
    comes first under the race, and every target of that decision lies in the first blocks."""
    seen = set()
    for players, seed in ((2, 61), (3, 62), (4, 63), (3, 64)):
        for role, view, legal in sample(players, seed, every=1):
            kind = (view["pending"] or {}).get("k")
            if not legal or kind in seen:
                continue
            seen.add(kind)
            svg = board.render(view, role, legal)
            found = blocks(svg)
            first = list(board.FIRST[kind])
            assert list(found)[:len(first) + 1] == ["race", *first], (kind, list(found))
            bottom = found[first[-1]][1]
            drawn = targets(svg)
            assert drawn or not any(on_board(a) for a in legal)
            for action, _x, y, _w, h in drawn:
                assert y + h <= bottom, (kind, action)
    assert seen >= {None, "stack", "cell", "pay", "die", "good"}, seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_other_players_are_a_tap_away(players):
    """One summary row per other player; with two or more, each row is a radio button (no game action)
    that shows that player's province and statue, the player to act shown first; with one, it is shown."""
    state = rules.setup(70 + players, {"players": players})
    r = rng.seed_state(players)
    for _ in range(40):
        role = rules.active(state)[0]
        action, r = rng.choice(r, rules.actions(state, role))
        play(GAME, state, role, action)
    seats = state["seats"]
    for me in seats:
        others = seats[seats.index(me) + 1:] + seats[:seats.index(me)]
        legal = rules.actions(state, me)
        svg = board.render(rules.view(state, me), me, legal)
        root = ET.fromstring(svg)
        inputs = list(root.iter(XHTML + "input"))
        top, bottom = blocks(svg)["others"]
        assert not [a for a, _x, y, _w, _h in targets(svg) if top <= y < bottom]
        words = [e.text for e in root.iter(NS + "text")]
        for other in others:
            assert f"{other}'s province" in words
        if players == 2:
            assert inputs == [] and 'class="rj-more' not in svg
            continue
        assert [e.get("id") for e in inputs] == [f"rj-show-{o}" for o in others]
        assert {e.get("type") for e in inputs} == {"radio"} and {e.get("name") for e in inputs} == {"rj-others"}
        checked = [e.get("value") for e in inputs if e.get("checked") == "checked"]
        assert checked == [state["turn"] if state["turn"] in others else others[0]]
        labels = [e for e in root.iter(XHTML + "label")]
        assert [" ".join(lab.itertext()).strip() for lab in labels] == \
            [f"Show {o}'s province and Kali statue" for o in others]
        groups = {e.get("class") for e in root.iter(NS + "g") if "rj-more" in (e.get("class") or "")}
        assert groups == {f"rj-more rj-for-{o}" for o in others}
        for o in others:
            assert f".rj:has(#rj-show-{o}:checked) .rj-for-{o}{{display:inline}}" in svg
