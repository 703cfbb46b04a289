"""The Vijayanagara board (board.py): the SVG map of the stand-in map (1.3), the pieces (1.4), the
markers (1.6, 1.7), the tracks (1.8-1.10, 5.0) and the current card (2.3), and its click targets."""
import json
import math
import xml.etree.ElementTree as ET

from engine.core import api, rng
from engine.vijayanagara import GAME, board, data, rules
from engine.vijayanagara.data import BAHMANI, DELHI, VIJAYANAGARA

NS = "{http://www.w3.org/2000/svg}"


def svg_of(state, role):
    legal = rules.actions(state, role) if role in rules.active(state) else []
    return board.render(rules.view(state, role), role, legal), legal


def parse(svg):
    """The board's two drawings (the map, then the panel), each well-formed, under one element."""
    root = ET.fromstring(f"<board>{svg}</board>")
    assert [el.get("class") for el in root] == ["board vijayanagara vj-map", "board vijayanagara vj-panel"]
    return root


def targets(svg):
    root = parse(svg)
    return [el for el in root.iter() if "action" in (el.get("class") or "").split()]


def test_every_clickable_target_is_a_legal_action_with_an_accessible_name():
    s = rules.setup(1, {})
    s["stack"] = [{"kind": "build", "role": VIJAYANAGARA}]  # 4.4.2: choose a Province
    svg, legal = svg_of(s, VIJAYANAGARA)
    found = targets(svg)
    assert found and {el.get("data-action") for el in found} == {json.dumps(a) for a in legal
                                                                  if a in data.SPACES}
    for el in found:
        assert el.get("tabindex") == "0" and el.get("role") == "button" and el.get("aria-label")
        assert json.loads(el.get("data-action")) in legal


def test_piece_groups_are_clickable_when_a_piece_pick_is_legal():
    s = rules.setup(1, {})
    s["pending"].append({"kind": "refill", "role": VIJAYANAGARA, "slot": 1})
    s["influence"][VIJAYANAGARA] = 0
    s["track"][VIJAYANAGARA][1] = 0
    s["available"]["raja"] += 2
    rules.advance(s)  # 1.9: choose Available or a Raja on the map
    svg, _legal = svg_of(s, VIJAYANAGARA)
    drawn = {el.get("data-action") for el in targets(svg)}
    assert json.dumps(["Karnataka", "raja_o"]) in drawn and json.dumps(["Andhra", "raja_o"]) in drawn
    assert json.dumps("available") not in drawn  # a button of the page


def test_map_shows_every_space_prosperity_markers_and_the_vindhya_range():
    s = rules.setup(2, {})
    svg, _ = svg_of(s, DELHI)
    parse(svg)
    assert svg.startswith("<svg") and "viewBox" in svg
    for space in data.SPACES:
        for word in board.LINES.get(space, (space,)):
            assert f">{word}<" in svg
    for city in data.CITIES:
        assert city in svg
    assert "Vindhya" in svg and "impassable" in svg  # 1.3.6
    assert svg.count("Tributary (1.6)") == 12  # 2.1: a Tributary marker in every Province
    assert svg.count("<title>Prosperity 2</title>") == 6 and svg.count("<title>Prosperity 1</title>") == 6


def test_drawn_borders_give_exactly_the_adjacency_of_the_map_data():
    """1.3.5: spaces sharing any border point are adjacent; the Vindhya cell separates (1.3.6)."""
    def touching(a, b):
        return any(math.dist(p, q) < 1 for p in a for q in b)

    drawn = {tuple(sorted((a, b))) for a in board.CELLS for b in board.CELLS
             if a < b and touching(board.CELLS[a], board.CELLS[b])}
    assert drawn == {tuple(sorted(e)) for e in data._EDGES}
    for a, b in data.NOT_ADJACENT:
        assert tuple(sorted((a, b))) not in drawn
    for p in ("Malwa", "Gondwana", "Madhyadesh", "Jaunpur"):
        assert touching(board.VINDHYA_CELL, board.CELLS[p])


def test_obedient_and_rebelling_units_look_different_and_control_is_marked():
    s = rules.setup(3, {})
    s["tributary"]["Karnataka"] = False
    from engine.vijayanagara import board_state
    board_state.update_control(s)  # 1.4.5: the Rajas in a Vijayanagara Controlled Province rebel
    svg, _ = svg_of(s, DELHI)
    assert "3 Rebelling Rajas" in svg and "1 Obedient Raja" in svg
    assert f"{VIJAYANAGARA} Control (1.7)" in svg
    # Rebelling: a red rim and a red bar across, no letter (under 11 px on a piece this small)
    for kind in ("raja_r", "amir_r"):
        shape = board.piece_shape(kind, 0, 0)
        assert shape.count("#b71c1c") == 2 and "<path" in shape and "<text" not in shape
    for kind in ("raja_o", "amir_o"):
        shape = board.piece_shape(kind, 0, 0)
        assert "#b71c1c" not in shape and "<text" not in shape
    assert "Rebelling ones with a red rim and bar (1.4.5)" in svg  # the key, beside Available


def test_panel_shows_the_card_tracks_and_not_the_deck_order():
    s = rules.setup(4, {})
    view = rules.view(s, BAHMANI)
    assert "deck" not in view and view["deck_size"] == len(s["deck"])
    svg, _ = svg_of(s, BAHMANI)
    info = view["card_info"]
    assert info["title"] in svg and f"Deck: {len(s['deck'])} cards left" in svg
    if info["kind"] == "event":
        assert str(info["number"]) in svg and "Unshaded" in svg and "Shaded" in svg
    for text in ("Sequence of Play (2.3)", "Deccan Influence (1.9)", "Available (1.4.3)", "Cavalry (1.10)",
                 "victory points (5.0)"):
        assert text in svg


def test_last_battle_dice_are_shown():
    s = rules.setup(5, {})
    choice = rng.seed_state(5)
    while s["last_battle"] is None and rules.result(s) is None:
        role = rules.active(s)[0]
        legal = [a for a in rules.actions(s, role) if a != "negotiate"]
        if "attack" in legal:
            action = "attack"
        else:
            action, choice = rng.choice(choice, legal)
        api.play(GAME, s, role, action)
    last = s["last_battle"]
    assert last is not None, "seed 5 should reach a battle"
    svg, _ = svg_of(s, DELHI)
    assert f"Last battle in {last['space']}" in svg
    # 3.2.4: a die hits if at most the side's Units (five at most); the board says so per side
    for side in ("att", "def"):
        n = last["units"][side]
        assert n >= 0
        assert (f"a die of 1-{min(5, n)} hits" if n else "no Units: no hits") in svg


def test_every_action_has_a_readable_label():
    """The page makes a button of every action not drawn on the map (rules.action_label)."""
    for seed in range(3):
        s = rules.setup(seed, {})
        choice = rng.seed_state(seed)
        while rules.result(s) is None:
            role = rules.active(s)[0]
            legal = rules.actions(s, role)
            for a in legal:
                label = rules.action_label(s, a)
                assert label and "[" not in label and "_" not in label and "'raja" not in label, (a, label)
            a, choice = rng.choice(choice, legal)
            api.play(GAME, s, role, a)
    assert rules.action_label(s, "march") == "March" and rules.action_label(s, "Malwa") == "Malwa"
    assert rules.action_label(s, "done") == "Done"


def test_names_markers_and_piece_slots_lie_inside_their_own_cell():
    """Pieces, names, Prosperity and Tributary/Control markers never spill into a neighbour (1.3)."""
    for space in data.SPACES:
        poly = list(board.CELLS[space])
        names = board.label_boxes(space)
        for box in names:
            assert board._rect_in_poly(box, poly), (space, box)
        for n in range(1, 7):  # up to six kinds of pieces fit, smaller if need be
            scale, spots = board.layout(space, n)
            (l, t, r, b), _ = board.SIZES[scale]
            boxes = [(x + l, y + t, x + r, y + b) for x, y in spots]
            for i, box in enumerate(boxes):
                assert board._rect_in_poly(box, poly), (space, n, box)
                assert not any(board._overlap(box, o) for o in names + boxes[i + 1:]), (space, n, box)
        if space in data.PROVINCES:
            assert len(board.slots(space)) >= 3  # three kinds at full size everywhere


def test_counts_are_badges_and_picked_groups_say_what_a_click_does():
    s = rules.setup(6, {})
    s["spaces"]["Maharashtra"]["amir_o"] = 12
    s["stack"] = [{"kind": "move_units", "role": BAHMANI, "dest": "Madhyadesh"}]
    view = rules.view(s, BAHMANI)
    svg = board.render(view, BAHMANI, [["Maharashtra", "amir_o"]])
    parse(svg)
    assert ">12</text>" in svg and "12 Obedient Amirs" not in svg  # drawn as a target instead
    assert 'aria-label="Move an Obedient Amir from Maharashtra (12 there)"' in svg


def test_battle_panel_shows_charges_screens_and_which_dice_hit():
    """1.10: a Charge lowers an own die, a Screen cancels an enemy die; 3.2.4: the lowest modified
    rolls up to the hits scored are the hits."""
    b = {"attacker": DELHI, "defender": BAHMANI, "space": "Malwa", "stage": "influence", "current": False,
         "rolled": {"att": [6, 3, 6, 5], "def": [3, 5]}, "dice": {"att": [6, 2, 6, 5], "def": [5]},
         "cavalry": [f"{DELHI}: Charge 3 -> 2", f"{DELHI}: Screen removes a 3"],
         "hits": {"att": 1, "def": 0}, "lost": {"att": 0, "def": 1}}
    dice = board.battle_dice(b)
    assert [(d["rolled"], d["now"], d["charged"], d["hit"]) for d in dice["att"]] == [
        (6, 6, False, False), (3, 2, True, True), (6, 6, False, False), (5, 5, False, False)]
    assert dice["def"][0]["screened"] and not dice["def"][1]["screened"] and dice["def"][1]["hit"] is False
    view = rules.view(rules.setup(6, {}), DELHI)
    view["battle"] = b
    svg = board.render(view, DELHI, [])
    parse(svg)
    assert "Last battle in Malwa" in svg and "rolled 3, Charged to 2: a hit" in svg
    assert "rolled 3, Screened (cancelled)" in svg and "1 hit · lost 0 pieces" in svg
    assert "A die hits if it is at most the side" in svg
    view["battle"] = dict(b, stage="def_cav", current=True, hits={"att": 0, "def": 0})
    svg = board.render(view, DELHI, [])
    assert "BK may use Cavalry" in svg and "a hit" not in svg  # nothing scored yet
    # with the Units known, the Cavalry step says how many dice hit as they stand (it used to say
    # "hits after Cavalry" with no number): 4 Units, dice 6 2 6 5 -> the 2; 2 Units, 5 (the 3 screened)
    view["battle"] = dict(view["battle"], units={"att": 4, "def": 2})
    svg = board.render(view, DELHI, [])
    assert ">1 hit as the dice stand<" in svg and ">0 hits as the dice stand<" in svg


def test_prompts_name_the_choices_and_the_battle_odds():
    s = rules.setup(7, {})
    s["stack"] = [{"kind": "action", "role": VIJAYANAGARA, "command": None, "decree": "owed", "limited": False,
                   "free": False}]
    prompt = rules.view(s, VIJAYANAGARA)["prompt"]
    assert "Command (Rally, Migrate, Attack)" in prompt and "Decree (Tax, Build, Compel)" in prompt
    assert "Rebel" not in prompt  # 2.7: not under the Khalji Dynasty
    from engine.vijayanagara import battle
    frame = {"stage": "att_cav", "space": "Andhra", "units": {"att": 5, "def": 1},
             "dice": {"att": [4, 4, 3, 1], "def": [2, 4]}}
    text = battle.battle_prompt(s, frame)
    assert "your rolls of 1-5 hit (5 Units)" in text and "the opponent's rolls of 1 hit (1 Unit)" in text


def test_the_final_ranking_is_drawn_with_points_and_resources():
    s = rules.setup(8, {})
    s["result"] = {"winners": [BAHMANI], "ranking": [[BAHMANI], [DELHI], [VIJAYANAGARA]],
                   "scores": {DELHI: 11, BAHMANI: 13, VIJAYANAGARA: 1}, "details": [], "summary": "BK wins"}
    svg, _ = svg_of(s, DELHI)
    parse(svg)
    assert ">Game over (5.0):<" in svg and f">{BAHMANI} wins<" in svg
    assert f"1. {BAHMANI}" in svg and f"3. {VIJAYANAGARA}" in svg
    assert f"13 VP · {s['resources'][BAHMANI]} Resources" in svg


def test_emptied_influence_slots_are_marked_and_outlined_while_refilling():
    """1.9: a slot emptied by rising Influence is refilled when Influence falls below it."""
    s = rules.setup(1, {})
    s["pending"].append({"kind": "refill", "role": VIJAYANAGARA, "slot": 1})
    s["influence"][VIJAYANAGARA] = 0
    s["track"][VIJAYANAGARA][1] = 0
    s["available"]["raja"] += 2
    rules.advance(s)
    svg, _ = svg_of(s, VIJAYANAGARA)
    assert "2 of 2 Units gone from this slot" in svg and ">0/2</text>" in svg
    assert 'fill="#fff59d" stroke="#1b7f3a"' in svg.split("2 of 2 Units gone")[1][:200]


def test_the_slot_table_is_what_compute_slots_gives():
    """board_slots.py is computed ahead (the first drawing would otherwise spend ~0.6 s on it)."""
    from engine.vijayanagara import board_slots

    expected = {(space, scale): board.compute_slots(space, scale) for space in board.CELLS for scale in board.SIZES}
    assert board_slots.SLOTS == expected


# --- what changed since the seat's last action (view["before"]) ----------------------------------

def _marks(svg):
    """The change marks of a board: (halos and rings by their box, ghosts of gone pieces by title,
    every element drawn in the change colour)."""
    root = parse(svg)
    parent = {c: p for p in root.iter() for c in p}
    coloured = [el for el in root.iter() if board.CHANGED in (el.get("stroke"), el.get("fill"))]
    gone = [el.find(f"{NS}title").text for el in root.iter(f"{NS}g") if el.get("class") == "gone"]
    return root, parent, coloured, gone


def _slot(view, space, kind):
    """Where board._pieces draws the group (space, kind) when the view carries "before"."""
    was = {k for (s, k) in board.changes(view)["pieces"] if s == space}
    kinds = [k for k in data.PIECE_KINDS if view["spaces"].get(space, {}).get(k) or k in was]
    scale, spots = board.layout(space, len(kinds))
    return scale, board._m(*spots[kinds.index(kind)])


def _halo_at(coloured, view, space, kind):
    scale, (x, y) = _slot(view, space, kind)
    (l, t, _r, _b), _ = board.SIZES[scale]
    want = (board._f(x + l - 3), board._f(y + t - 3))
    return [el for el in coloured if el.tag == f"{NS}rect" and (el.get("x"), el.get("y")) == want]


def test_marks_show_what_changed_since_the_seats_last_action():
    """Scripted: after Vijayanagara's view A, others march, remove, flip, take Control, gain Resources
    and Influence, and a new card comes up; B drawn with B["before"] = A marks exactly those."""
    from engine.vijayanagara import board_state
    s = rules.setup(1, {})
    a = rules.view(s, VIJAYANAGARA)
    board_state.move(s, "Malwa", "Gondwana", "troop", 2)  # Malwa 3 -> 1, Gondwana 0 -> 2
    board_state.remove(s, "Malwa", "governor")  # gone: a ghost
    board_state.make_independent(s, "Karnataka")  # VE Control; its 3 Rajas flip to Rebelling (1.4.5)
    board_state.make_independent(s, "Gujarat")  # Uncontrolled: the Tributary marker leaves
    board_state.add_resources(s, DELHI, 3)
    board_state.shift_influence(s, VIJAYANAGARA, 1)
    s["card"] = s["deck"].pop(0)
    b = rules.view(s, VIJAYANAGARA)
    b["before"] = a
    svg = board.render(b, VIJAYANAGARA, [["Gondwana", "troop"]])
    root, parent, coloured, gone = _marks(svg)
    ch = board.changes(b)
    assert set(ch["pieces"]) == {("Malwa", "troop"), ("Gondwana", "troop"), ("Malwa", "governor"),
                                 ("Karnataka", "raja_o"), ("Karnataka", "raja_r")}
    for space, kind in ch["pieces"]:  # a halo (or a ghost's dashed box) exactly at each changed group
        assert len(_halo_at(coloured, b, space, kind)) == 1, (space, kind)
    assert sorted(gone) == sorted(["Gone since your last move: 1 Governor",
                                   "Gone since your last move: 3 Obedient Rajas",
                                   "No marker now (was Tributary at your last move)"])
    assert "3 Rebelling Rajas (was 0 at your last move)" in svg and "1 Troop (was 3 at your last move)" in svg
    # unchanged groups: no halo, their tooltip as before
    for space, kind in (("Andhra", "raja_o"), ("Andhra", "qasbah"), ("Madhyadesh", "amir_o"), ("Punjab", "troop")):
        assert not _halo_at(coloured, b, space, kind), (space, kind)
    assert "<title>2 Obedient Rajas</title>" in svg and "<title>4 Troops</title>" in svg
    # the ghost stands where the Governor stood in A's drawing (Malwa's other kind is still there)
    scale, (x, y) = _slot(b, "Malwa", "governor")
    shape = board.piece_shape("governor", x, y, 9 * scale)
    assert shape in board.render(a, VIJAYANAGARA, []) and f'<g opacity="0.35">{shape}</g>' in svg
    # the clickable group keeps its target, with a ring over it that lets clicks through
    assert [json.loads(el.get("data-action")) for el in targets(svg)] == [["Gondwana", "troop"]]
    scale, (x, y) = _slot(b, "Gondwana", "troop")
    (l, t, _r, _b), _ = board.SIZES[scale]
    ring = [el for el in coloured if (el.get("x"), el.get("y")) == (board._f(x + l - 5), board._f(y + t - 5))]
    assert len(ring) == 1 and ring[0].get("pointer-events") == "none"
    # markers and tracks
    assert f"{VIJAYANAGARA} Control (1.7) (was Tributary at your last move)" in svg
    assert f"{DELHI}: {s['resources'][DELHI]} Resources (was {a['resources'][DELHI]} at your last move)" in svg
    assert f"{VIJAYANAGARA} Influence 1 (was 0 at your last move)" in svg
    assert ch["card"] == a["card"] and "dynasty" not in ch
    assert "changed since your last move" in svg
    # marks are decoration: never a target, never catching a click unless under every target
    for el in coloured:
        chain, up = [], el
        while up is not None:
            chain.append(up)
            up = parent.get(up)
        assert not any("action" in (c.get("class") or "") for c in chain)
        assert any(c.get("pointer-events") == "none" or c.get("class") == "gone" for c in chain)
    # ghosts are drawn under the space targets (all in the map's piece layer, before any target)
    order = list(root.iter())
    first_target = min(i for i, el in enumerate(order) if "action" in (el.get("class") or "").split())
    assert all(order.index(el) < first_target for el in root.iter(f"{NS}g") if el.get("class") == "gone")


def test_the_other_seats_turns_are_marked_and_nothing_else():
    """Played: Vijayanagara's view right after its own action, then the other seats' random actions
    until it is to act again; every group whose count changed has a halo or a ghost where it stands,
    nothing else on the map is marked, and the drawing is today's when nothing drawn changed."""
    s = rules.setup(3, {})
    choice = rng.seed_state(3)
    after_mine, others, checked = None, 0, 0
    while rules.result(s) is None and checked < 12:
        role = rules.active(s)[0]
        if role == VIJAYANAGARA and after_mine is not None and others:
            view = rules.view(s, VIJAYANAGARA)
            plain = board.render(view, VIJAYANAGARA, [])
            view["before"] = after_mine
            svg = board.render(view, VIJAYANAGARA, [])
            ch = board.changes(view)
            if ch is None:
                assert svg == plain
            else:
                _root, _parent, coloured, gone = _marks(svg)
                gone_pieces = [(sp, k) for (sp, k) in ch["pieces"] if not view["spaces"].get(sp, {}).get(k)]
                assert len([g for g in gone if g.startswith("Gone since")]) == len(gone_pieces)
                for space, kind in ch["pieces"]:
                    assert len(_halo_at(coloured, view, space, kind)) == 1, (space, kind)
                halos = [el for el in coloured if el.tag == f"{NS}rect" and el.get("rx") == "6"]
                assert len(halos) == len(ch["pieces"])
                assert svg.count(" at your last move)") >= len(ch["pieces"]) - len(gone_pieces)
            checked += 1
            after_mine = None
        legal = [a for a in rules.actions(s, role) if a != "negotiate"]
        action, choice = rng.choice(choice, legal)
        api.play(GAME, s, role, action)
        if role == VIJAYANAGARA:
            after_mine, others = rules.view(s, VIJAYANAGARA), 0
        else:
            others += 1
    assert checked == 12


def test_without_before_or_with_nothing_changed_the_board_is_drawn_as_before():
    for seed, steps in ((1, 0), (2, 40), (4, 120)):
        s = rules.setup(seed, {})
        choice = rng.seed_state(seed)
        for _ in range(steps):
            role = rules.active(s)[0]
            action, choice = rng.choice(choice, [a for a in rules.actions(s, role) if a != "negotiate"])
            api.play(GAME, s, role, action)
        for role in (DELHI, VIJAYANAGARA):
            legal = rules.actions(s, role) if role in rules.active(s) else []
            view = rules.view(s, role)
            plain = board.render(view, role, legal)
            same = dict(view, before=rules.view(s, role))
            assert board.changes(same) is None and board.render(same, role, legal) == plain
            other = dict(view, before=dict(rules.view(s, role), log=[], prompt="x", active=[]))
            assert board.render(other, role, legal) == plain  # only what is drawn counts
            assert "changed since your last move" not in plain and board.CHANGED not in plain
