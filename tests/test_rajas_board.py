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


# --- what changed since the seat's last move (view["before"]) ----------------------------------------------

def _marks(svg):
    """The marks group (none: None): its rings' centres, its outlines (x, y, w, h) and its dashed
    ghosts, each drawn once (the white halo under each left out)."""
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(NS + "g") if g.get("class") == "changes"]
    if not groups:
        return None
    assert len(groups) == 1 and groups[0].get("pointer-events") == "none"
    rings, boxes, ghosts = [], [], 0
    for e in groups[0].iter():
        assert "action" not in (e.get("class") or "")
        if e.get("stroke") != board.CHANGED:
            continue
        if e.get("stroke-dasharray"):
            ghosts += 1
        elif e.tag == NS + "circle":
            rings.append((float(e.get("cx")), float(e.get("cy"))))
        elif e.tag == NS + "rect":
            boxes.append(tuple(float(e.get(k)) for k in ("x", "y", "width", "height")))
    return rings, boxes, ghosts


def _worker_heads(svg, role):
    """The centres of the heads of `role`'s workers drawn on the board: (x, y)."""
    fill = board.PLAYER_FILL[role]
    return [(float(x), float(y)) for x, y, r in re.findall(
        rf'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)" fill="{fill}" stroke="#222" stroke-width="1.2"/>', svg)]


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
    on_worker = [(x, y) for x, y in rings if any(abs(hx - x) < .2 and 0 < y - hy < 6 for hx, hy in heads)]
    assert len(on_worker) == 1 and len(rings) == 2
    red_heads = _worker_heads(svg, "Red")
    assert red_heads and not [r for r in rings if any(abs(hx - r[0]) < .2 and 0 < r[1] - hy < 6 for hx, hy in red_heads)]
    # the blue die in Yellow's Kali statue and its "Kali: N of 10 dice", in the bottom strip
    assert len(boxes) == 2 and ghosts == 0
    assert all(y > board.STRIP_Y for _x, y, _w, _h in boxes)
    die_box = next(b for b in boxes if b[2] == b[3])
    assert len(b["players"]["Yellow"]["dice"]) == len(a["players"]["Yellow"]["dice"]) + 1
    x, y, w, _h = die_box
    assert re.search(rf'<rect x="{board._f(x + 2.5)}" y="{board._f(y + 2.5)}" width="{board._f(w - 5)}" '
                     rf'height="{board._f(w - 5)}" rx="[\d.]+" fill="{board.DIE_FILL["blue"]}"', svg)


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
