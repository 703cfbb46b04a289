"""The SVG drawing of Yudhbhoomi (engine/yudhbhoomi/board.py): well-formed XML; every clickable element
a legal action (exactly json.dumps of it) with tabindex, role=button and a name; no action on two
elements; every legal move, selection and die drawn on the board in random positions of every
campaign; the counts of the fort (camps, pillars, treasure); and no card of another seat's hand, nor
a face-down card, in a seat's drawing."""
import html
import json
import re
import xml.etree.ElementTree as ET

import pytest

from engine.core import rng
from engine.yudhbhoomi import board, data, rules

NS = "{http://www.w3.org/2000/svg}"
ACTION_RE = re.compile(r'<g class="action[^"]*" data-action="([^"]*)" tabindex="0" role="button" aria-label="([^"]+)">')
MUST_DRAW = ("to", "push_to", "select", "hold", "corner")


def parse(svg):
    """The board is two drawings (the fort and its panel): parsed under one root."""
    root = ET.fromstring(f"<drawings>{svg}</drawings>")
    assert [child.tag for child in root] == [NS + "svg", NS + "svg"]
    return root


def drawn_actions(svg, xml=False):
    """The data-action of every clickable element, decoded; with `xml`, the SVG is parsed as XML and
    every element with class "action" is checked for its attributes (slower: done now and then)."""
    found = ACTION_RE.findall(svg)
    assert svg.count('class="action') == len(found), "an .action element without tabindex/role/label"
    codes = [html.unescape(a) for a, _label in found]
    if xml:
        root = parse(svg)
        elements = [e for e in root.iter() if "action" in (e.get("class") or "").split()]
        assert [e.get("data-action") for e in elements] == codes
        for e in elements:
            assert e.get("tabindex") == "0" and e.get("role") == "button" and e.get("aria-label", "").strip()
    return codes


def check(state, role, xml=False):
    legal = rules.actions(state, role)
    svg = board.render(rules.view(state, role), role, legal)
    codes = drawn_actions(svg, xml)
    legal_codes = [json.dumps(a) for a in legal]
    for code in codes:
        assert code in legal_codes, f"{code} drawn but not legal"
    assert len(codes) == len(set(codes)), "an action drawn on two elements"
    for action in legal:
        if isinstance(action, list) and action[0] in MUST_DRAW:
            assert json.dumps(action) in codes, f"{action} is legal but not drawn"
    return svg, codes


CONFIGS = [
    ({"campaign": "treasure", "players": 2}, 11),
    ({"campaign": "treasure", "players": 4, "mode": "semi", "difficult": True}, 12),
    ({"campaign": "treasure", "players": 3, "night": True}, 13),
    ({"campaign": "hold", "players": 2}, 14),
    ({"campaign": "hold", "players": 4, "mode": "semi"}, 15),
    ({"campaign": "rani", "players": 1}, 16),
    ({"campaign": "rani", "players": 2}, 17),
    ({"campaign": "rani", "players": 3}, 18),
]


@pytest.mark.parametrize("options,seed", CONFIGS)
def test_random_positions_draw_legal_actions_only_and_every_move(options, seed):
    """Random legal play (with a seed); every position is drawn for the acting seat and checked, and
    now and then for an onlooker (who gets no targets) and parsed as XML."""
    state = rules.setup(seed, options)
    r = rng.seed_state(seed)
    kinds = set()
    steps = 0
    while rules.result(state) is None and steps < 320:
        role = rules.active(state)[0]
        legal = rules.actions(state, role)
        if not legal:  # a rules dead end is the rules tests' business, not the drawing's
            break
        _svg, codes = check(state, role, xml=steps % 30 == 0)
        kinds |= {json.loads(c)[0] for c in codes if c.startswith("[")}
        if steps % 25 == 0:
            for other in state["seats"]:
                if other != role:
                    assert drawn_actions(board.render(rules.view(state, other), other, []), xml=True) == []
        action, r = rng.choice(r, legal)
        rules.apply(state, role, action)
        steps += 1
    assert steps >= 40
    # the board carries the moves and selections in every campaign; the dice where rolls are kept
    assert {"select", "to", "hold"} <= kinds, kinds
    parse(board.render(rules.view(state, state["seats"][0]), state["seats"][0], []))


def _play_to(state, role_wanted_stage, seed=1, limit=3000):
    r = rng.seed_state(seed)
    for _ in range(limit):
        if role_wanted_stage(state):
            return True
        if rules.result(state) is not None:
            return False
        role = rules.active(state)[0]
        legal = [a for a in rules.actions(state, role) if a != "end" or len(rules.actions(state, role)) == 1]
        if not legal:
            return False
        action, r = rng.choice(r, legal)
        rules.apply(state, role, action)
    return False


def test_dice_are_drawn_with_their_hold_targets():
    state = rules.setup(3, {"campaign": "treasure", "players": 2})
    assert _play_to(state, lambda s: s["turn"] is not None and s["turn"]["stage"] == "roll")
    role = state["turn"]["seat"]
    svg, codes = check(state, role, xml=True)
    holds = [c for c in codes if c.startswith('["hold"')]
    assert len(holds) == data.DICE == 5
    assert "Roll 1 of 3" in svg


def test_start_of_a_treasure_game_counts():
    """8 treasure tokens (one on each spot), 4 camps, 4 pillars, 2 main and 4 small entrances in the
    tooltips, coordinates a-o and 1-15."""
    state = rules.setup(5, {"campaign": "treasure", "players": 2})
    svg = board.render(rules.view(state, "Green"), "Green", rules.actions(state, "Green"))
    root = parse(svg)
    groups = list(root.iter(NS + "g"))
    treasures = [g for g in groups if g.get("class") == "treasure"]
    assert len(treasures) == 8 and sum(int(g.get("data-count")) for g in treasures) == data.TREASURE_TOKENS == 8
    assert len([g for g in groups if g.get("class") == "camp"]) == 4
    assert sorted(g.get("data-colour") for g in groups if g.get("class") == "camp") == sorted(data.COLOURS)
    assert len([g for g in groups if g.get("class") == "pillar"]) == 4
    titles = [t.text for t in root.iter(NS + "title")]
    assert sum(1 for t in titles if t and "main entrance" in t) == 2
    assert sum(1 for t in titles if t and "small entrance" in t) == 4
    assert sum(1 for t in titles if t and "fort wall" in t) == len(data.WALL)
    texts = {t.text for t in root.iter(NS + "text")}
    assert {chr(ord("a") + c) for c in range(15)} <= texts and {str(r) for r in range(1, 16)} <= texts
    assert "e4: patrol ground" in titles and "d4: stairs: foot soldiers only, up to the wall" in titles
    # the army-building seat's hand is drawn, the other's never
    assert svg.count("Your Power cards (4)") == 1


def test_hold_the_fort_has_no_treasure_and_shows_flags():
    state = rules.setup(6, {"campaign": "hold", "players": 2})
    for role in ("Green", "Yellow"):
        rules.apply(state, role, ["kind", "swordsman"])
        rules.apply(state, role, "done")
    green = [i for i, s in enumerate(state["soldiers"]) if s["owner"] == "Green"][0]
    state["soldiers"][green].update(pos=data.PALACE_CENTRE, flag=True)
    svg = board.render(rules.view(state, "Green"), "Green", [])
    root = parse(svg)
    assert not [g for g in root.iter(NS + "g") if g.get("class") == "treasure"]
    assert "holds a flag" in svg and "1/5" in svg


def test_soldiers_in_camp_and_their_heal_badge():
    """A wounded soldier waits in its camp's tray; heal goes on a badge, select (enter) on the soldier."""
    state = rules.setup(8, {"campaign": "treasure", "players": 2})
    rules.apply(state, "Green", ["kind", "archer"])
    rules.apply(state, "Green", ["kind", "spearman"])
    rules.apply(state, "Green", "done")
    rules.apply(state, "Yellow", "done")
    spear = [i for i, s in enumerate(state["soldiers"]) if s["kind"] == "spearman"][0]
    state["soldiers"][spear].update(**{"def": 1})
    state["turn"]["stage"] = "resolve"
    state["turn"]["pool"] = {data.MOVE: 1, data.HIT: 0, data.HEAL: 2}
    legal = rules.actions(state, "Green")
    assert ["heal", spear] in legal and ["select", spear] in legal
    svg, codes = check(state, "Green", xml=True)
    assert json.dumps(["heal", spear]) in codes and json.dumps(["select", spear]) in codes
    assert 'class="tray" data-colour="Green"' in svg and "Green camp: 2 soldiers" in svg


CARD_NAMES = {kind: name for kind, (name, _g, _v, _n) in data.CARD_KINDS.items()}


def _set_hands(state, hands):
    """Give each seat the first free cards of the kinds asked (a constructed position)."""
    pool = list(range(len(data.CARDS)))
    for role, kinds in hands.items():
        state["hands"][role] = []
        for kind in kinds:
            cid = next(c for c in pool if data.CARDS[c] == kind)
            pool.remove(cid)
            state["hands"][role].append(cid)
    used = {c for h in state["hands"].values() for c in h}
    state["deck"] = [c for c in range(len(data.CARDS)) if c not in used]


def test_no_card_of_another_hand_is_drawn():
    state = rules.setup(9, {"campaign": "treasure", "players": 3})
    _set_hands(state, {"Green": ["move1", "attack2", "recovery3"], "Red": ["extreme", "mirror", "taunt"],
                       "Yellow": ["swap", "retreat", "dodge_spear"]})
    for role, mine in (("Green", ["move1", "attack2", "recovery3"]), ("Red", ["extreme", "mirror", "taunt"]),
                       ("Yellow", ["swap", "retreat", "dodge_spear"])):
        svg = board.render(rules.view(state, role), role, rules.actions(state, role))
        for kind in mine:
            assert CARD_NAMES[kind] in svg
        others = {k for h in ("move1", "attack2", "recovery3", "extreme", "mirror", "taunt", "swap", "retreat",
                              "dodge_spear") for k in [h]} - set(mine)
        for kind in others:
            assert CARD_NAMES[kind] not in svg, f"{role} sees {CARD_NAMES[kind]}"


def test_semi_collaborative_shows_the_allys_hand_and_no_opponent_hand():
    state = rules.setup(10, {"campaign": "treasure", "players": 4, "mode": "semi"})
    _set_hands(state, {"Green": ["move2"], "Yellow": ["taunt"], "Red": ["extreme"], "Blue": ["mirror"]})
    svg = board.render(rules.view(state, "Green"), "Green", [])
    assert "Enhanced Movement +2" in svg and "Taunt" in svg and "Yellow&#x27;s Power cards (your ally)" in svg
    assert "Extreme Dodging" not in svg and "Mirror Action" not in svg


def test_face_down_attack_cards_are_backs_for_the_defender():
    """The attacker's face-down Enhanced Attack cards are drawn face down (a count) for the defender and
    face up for the attacker, who may see them; the line from attacker to target is drawn."""
    state = rules.setup(4, {"campaign": "treasure", "players": 2})
    rules.apply(state, "Green", ["kind", "swordsman"])
    rules.apply(state, "Green", "done")
    rules.apply(state, "Yellow", ["kind", "swordsman"])
    rules.apply(state, "Yellow", "done")
    g, y = 0, 1
    state["soldiers"][g]["pos"] = data.sq(1, 5)
    state["soldiers"][y]["pos"] = data.sq(1, 6)
    _set_hands(state, {"Green": ["attack2", "swap"], "Yellow": ["extreme", "retreat"]})
    acard = state["hands"]["Green"].pop(0)
    state["turn"].update(stage="resolve", attack={"by": g, "target": y, "hits": 2, "acards": [acard], "dcards": [],
                                                  "stage": "defend", "defender": "Yellow"})
    ysvg, codes = check(state, "Yellow", xml=True)
    assert "Enhanced Attack +2" not in ysvg and "Swap a Card" not in ysvg
    assert "×1" in ysvg and 'class="attack-line' in ysvg
    dcard = state["hands"]["Yellow"][0]
    assert json.dumps(["dcard", dcard]) in codes
    gsvg = board.render(rules.view(state, "Green"), "Green", [])
    assert "Enhanced Attack +2" in gsvg and "Extreme Dodging" not in gsvg and "Retreat" not in gsvg


def test_rani_abbakka_sentries_are_drawn():
    state = rules.setup(7, {"campaign": "rani", "players": 1})
    for k in ("swordsman", "spearman", "archer", "archer", "swordswoman", "spearman"):
        rules.apply(state, "Green", ["kind", k])
    view = rules.view(state, "Green")
    svg = board.render(view, "Green", rules.actions(state, "Green"))
    root = parse(svg)
    assert [e for e in root.iter(NS + "polyline") if e.get("class") == "patrol-route"]
    assert [e for e in root.iter(NS + "rect") if e.get("class") == "patrol-sight"]
    assert [e for e in root.iter(NS + "rect") if e.get("class") == "guard-zone"]
    for code in ("RA", "Pa", "Gu", "Ge"):
        assert f">{code}</text>" in svg
    assert "Power cards" not in svg  # no cards in this campaign
    # a guard the view reports as alerted gets a "!"
    guard = next(i for i, s in enumerate(state["soldiers"]) if s["kind"] == "guard")
    view["alerted"] = [guard]
    assert board.render(view, "Green", []).count(">!</text>") == 1


def test_grab_is_drawn_on_the_treasure_square_and_give_is_left_to_a_button():
    state = rules.setup(2, {"campaign": "treasure", "players": 2})
    rules.apply(state, "Green", ["kind", "swordsman"])
    rules.apply(state, "Green", ["kind", "elephant"])
    rules.apply(state, "Green", "done")
    rules.apply(state, "Yellow", "done")
    sword, elephant = 0, 1
    spot = data.sq(5, 5)
    assert str(spot) in state["treasure"]
    state["soldiers"][sword].update(pos=data.sq(3, 6), carry=1)
    state["soldiers"][elephant].update(pos=data.sq(4, 6))
    state["treasure"].pop(str(data.sq(5, 7)))  # the token the swordsman carries (8 in all)
    state["turn"]["stage"] = "resolve"
    state["turn"]["pool"] = {data.MOVE: 0, data.HIT: 0, data.HEAL: 1}
    legal = rules.actions(state, "Green")
    assert ["give", sword, elephant] in legal and ["grab", elephant, spot] in legal
    svg, codes = check(state, "Green", xml=True)
    assert json.dumps(["grab", elephant, spot]) in codes
    assert json.dumps(["give", sword, elephant]) not in codes
    assert f"Grab treasure at {chr(ord('a') + 5)}6 with Green Mounted Archer" in svg
    # the carried token is drawn on the swordsman: 7 on the map and 1 carried
    root = parse(svg)
    assert sum(int(g.get("data-count")) for g in root.iter(NS + "g") if g.get("class") == "treasure") == 7
    # a square where a drop and a grab are both legal is left to the page's buttons
    state["soldiers"][sword]["pos"] = data.sq(4, 5)
    legal = rules.actions(state, "Green")
    assert ["drop", sword, spot] in legal and ["grab", elephant, spot] in legal
    _svg, codes = check(state, "Green", xml=True)
    assert json.dumps(["drop", sword, spot]) not in codes and json.dumps(["grab", elephant, spot]) not in codes


# --- what changed since the seat's last move (view["before"]) ------------------------------------------------

def _mark_squares(svg):
    """The squares (and tray spots) under an orange ring: {(cx, cy)} of every <g class="changed">'s
    circle, the ghosts' titles, the trails' (from, to) centres, and the outlined parts."""
    root = parse(svg)
    rings, ghosts, trails = set(), [], []
    for g in root.iter(NS + "g"):
        cls = g.get("class") or ""
        if cls == "changed":
            c = g.find(NS + "circle")
            rings.add((float(c.get("cx")), float(c.get("cy")) + 1))
            assert g.get("pointer-events") == "none"
        elif cls == "ghost":
            ghosts.append(g.find(NS + "title").text)
        elif cls == "trail":
            line = g.find(NS + "line")
            trails.append(((float(line.get("x1")), float(line.get("y1"))), (float(line.get("x2")), float(line.get("y2")))))
            assert g.get("pointer-events") == "none"
        assert "action" not in cls.split() or "changed" not in cls
    parts = [e for e in root.iter() if e.tag != NS + "g" and e.get("class") == "changed"]
    for e in parts:
        assert e.get("pointer-events") == "none"
    return rings, ghosts, trails, parts


def _built(seed=21):
    """A 2-player Treasure game with the armies built: Green a swordsman and an archer, Yellow a
    swordsman and a spearman; Green to play."""
    state = rules.setup(seed, {"campaign": "treasure", "players": 2})
    rules.apply(state, "Green", ["kind", "swordsman"])
    rules.apply(state, "Green", ["kind", "archer"])
    rules.apply(state, "Green", "done")
    rules.apply(state, "Yellow", ["kind", "swordsman"])
    rules.apply(state, "Yellow", ["kind", "spearman"])
    rules.apply(state, "Yellow", "done")
    return state


def test_marks_what_the_others_changed_since_the_last_move():
    """A constructed turn of Yellow's after Green's: Yellow's swordsman moves and grabs a token, its
    spearman enters from camp, Green's archer falls back wounded to its camp, Yellow scores a VP. Each
    gets its mark (ring on the new square, a trail from the old, a ghost where the archer stood, the
    token's ghost, the VP outlined); Green's unmoved swordsman none; the legend line only then."""
    state = _built()
    sw_g, ar_g, sw_y, sp_y = 0, 1, 2, 3
    spot = data.sq(5, 7)
    state["soldiers"][sw_g].update(pos=data.sq(4, 4))
    state["soldiers"][ar_g].update(pos=data.sq(8, 3))
    state["soldiers"][sw_y].update(pos=data.sq(4, 7))
    a = rules.view(state, "Green")
    # Yellow's turn, as the rules would leave it
    state["soldiers"][sw_y].update(pos=spot, carry=1)
    state["treasure"].pop(str(spot))
    state["soldiers"][sp_y].update(pos=data.CAMP["Yellow"])
    state["soldiers"][ar_g].update(pos=None, **{"def": 0})
    state["vp"]["Yellow"] = state["vp"].get("Yellow", 0) + 1
    b = rules.view(state, "Green")
    plain = board.render(b, "Green", [])
    b["before"] = a
    svg = board.render(b, "Green", [])
    drawn_actions(svg, xml=True)
    rings, ghosts, trails, parts = _mark_squares(svg)
    on_map = {r for r in rings if board.GY <= r[1] < board.GY + data.SIZE * board.C}
    assert on_map == {board._centre(spot), board._centre(data.CAMP["Yellow"])}
    assert len(rings - on_map) == 1  # the archer in Green's tray
    assert trails == [(board._centre(data.sq(4, 7)), board._centre(spot))]
    assert len(ghosts) == 2
    assert any("Green Archer left d9" in g and "wounded" in g for g in ghosts)
    assert any(g.startswith(f"{data.square_name(spot)}: 1 treasure token taken") for g in ghosts)
    assert board._centre(data.sq(4, 4)) not in rings  # Green's swordsman did not move
    assert "moved from h5, treasure 0 → 1" in svg and "entered from its camp" in svg
    # parts: the archer's pips, the carried coin; the panel: Yellow's VP, carried, camp; Green's camp
    assert len(parts) == 2 + 4
    assert svg.count(board.MARK_NOTE) == 1 and board.MARK_NOTE not in plain
    assert 'class="action' not in svg.split('class="changes"')[1].split("</g></g>")[0]


def test_no_before_or_nothing_changed_draws_as_before():
    """Without "before", with "before" the same view, or before the seat's first move: byte-identical,
    with legal actions drawn, in every campaign."""
    for options, seed in (({"campaign": "treasure", "players": 3}, 31), ({"campaign": "hold", "players": 2}, 32),
                          ({"campaign": "rani", "players": 2}, 33)):
        state = rules.setup(seed, options)
        r = rng.seed_state(seed)
        for step in range(60):
            role = rules.active(state)[0]
            legal = rules.actions(state, role)
            if step % 15 == 0:
                view = rules.view(state, role)
                plain = board.render(view, role, legal)
                view["before"] = rules.view(state, role)
                assert board.render(view, role, legal) == plain
                assert "changed" not in plain and board.MARK_NOTE not in plain
            action, r = rng.choice(r, legal)
            rules.apply(state, role, action)


def test_marks_after_a_bot_turn_match_the_soldiers_that_changed():
    """Played: Green acts, the Medium bot plays Yellow's whole turn; every soldier of Yellow's that
    moved on the map has a ring on its new square and a trail, the others on the map none."""
    from engine import yudhbhoomi
    from engine.yudhbhoomi import bots
    state = rules.setup(41, {"campaign": "treasure", "players": 2})
    bot = bots.medium()
    checked = 0
    a, others = None, False
    for n in range(600):
        if rules.result(state) is not None or checked >= 3:
            break
        role = rules.active(state)[0]
        if role == "Green" and a is not None and others:
            b = rules.view(state, "Green")
            b["before"] = a
            svg = board.render(b, "Green", rules.actions(state, "Green"))
            drawn_actions(svg, xml=True)
            rings, _ghosts, trails, _parts = _mark_squares(svg)
            before = {i: s["pos"] for i, s in enumerate(a["soldiers"])}
            for i, s in enumerate(b["soldiers"]):
                if s["pos"] is None:
                    continue
                changed = before.get(i) != s["pos"] or a["soldiers"][i] != s
                assert (board._centre(s["pos"]) in rings) == changed, (i, s)
                if before.get(i) is not None and before[i] != s["pos"]:
                    assert (board._centre(before[i]), board._centre(s["pos"])) in trails
            checked += 1
            a = None
        action = bot.choose(yudhbhoomi.GAME, state, role, 1000 + n)
        rules.apply(state, role, action)
        if role == "Green":
            a, others = rules.view(state, "Green"), False
        else:
            others = True
    assert checked >= 3
