"""Yudhbhoomi's guide (engine/yudhbhoomi/guide.py): the rule at hand for each step, the position in words
(never another seat's hidden cards) and the race chart. The rulebook has no section numbers: its
headings are the keys, and the tests cite them."""
import re


from engine.core.api import play
from engine.yudhbhoomi import GAME, campaigns, data, guide, rules
from engine.yudhbhoomi.data import sq
from tests.test_yudhbhoomi_rules import playing, put, rig
from tests.rulebooks import copied, has_heading

G, Y = "Green", "Yellow"
M, X, O = data.MOVE, data.HIT, data.HEAL


def cards_of(kind):
    return [i for i, k in enumerate(data.CARDS) if k == kind]


def hands(state, **by_role):
    """Sets the hands (card kinds) and puts every other card back in the deck."""
    taken = {kind: 0 for kind in data.CARD_KINDS}
    for role, kinds in by_role.items():
        state["hands"][role] = []
        for kind in kinds:
            state["hands"][role].append(cards_of(kind)[taken[kind]])
            taken[kind] += 1
    held = {c for h in state["hands"].values() for c in h}
    state["deck"] = [c for c in range(len(data.CARDS)) if c not in held]
    state["discard"] = []


def ref(state, role):
    key = guide.rule_ref(state, role)
    assert key in {k for k, _, _ in guide.REFERENCE}
    return key


def words(state, role):
    return guide.describe(rules.view(state, role), role)


# --- the reference --------------------------------------------------------------------------------------

def test_reference_keys_are_the_rulebooks_headings_and_html_is_plain():
    keys = [k for k, _, _ in guide.REFERENCE]
    assert len(keys) == len(set(keys))
    for heading in ("Setup", "The Dice", "Dice Roll and Action Selection", "Recruiting Soldiers",
                    "Moving Soldiers", "Attacking", "Power Cards", "Game Turn", "Resolving Dice Actions",
                    "Resolving Attacks", "Resolving Healing or Grab/Drop Treasure", "End of Turn",
                    "#1 Treasure Campaign", "#2 Hold the Fort Campaign", "#3 Rani Abbakka Campaign"):
        assert heading in keys
    for _, _, html in guide.REFERENCE:
        assert set(re.findall(r"</?([a-z]+)", html)) <= {"p", "ul", "li", "b"}
    named_in_text = {"Defence Cards", "Tactic Cards"}  # Power card kinds, named in "Power Cards", not headings
    for key in keys:
        heading = re.sub(r"^(#\d )|^(rani abbakka: )", "", key.lower())
        assert has_heading("yudhbhoomi", heading) or key in named_in_text, key


def test_reference_is_in_our_own_words():
    """No run of 8 words of a summary appears in the rulebook (tests/rulebooks.py; the publisher's text is
    not published)."""
    for key, _, html in guide.REFERENCE:
        assert copied(html, "yudhbhoomi") == [], key


# --- rule_ref: the rule of each step -----------------------------------------------------------------

def test_army_building_cites_the_campaign_setup():
    """"Setting up the Campaign" 5. (Treasure, Hold the Fort): up to 3 soldiers; Rani Abbakka's own
    setup: with 2 players each chooses a starting space first."""
    assert ref(rules.setup(1, {}), G) == "Setting up the Campaign"
    assert ref(rules.setup(1, {"campaign": "hold", "players": 3}), G) == "Setting up the Campaign"
    rani = rules.setup(1, {"campaign": "rani", "players": 2})
    assert rules.actions(rani, G)[0][0] == "corner"
    assert ref(rani, G) == "Rani Abbakka: Setting up the Campaign"


def test_start_of_turn_roll_and_hand_limit():
    """"Game Turn" 1.-3.: recruit, draw, roll; "Power Cards": at most 6 cards."""
    state = playing()
    assert ref(state, G) == "Game Turn"
    play(GAME, state, G, "draw")
    play(GAME, state, G, "draw")                       # 6 cards, one die left
    assert len(state["hands"][G]) == 6 and ref(state, G) == "Game Turn"
    play(GAME, state, G, "draw")                       # all 5 dice: a 7th card, over the limit
    assert rules.active(state) == [G] and ref(state, G) == "Power Cards"
    state = playing()
    play(GAME, state, G, "roll")
    assert state["turn"]["stage"] == "roll" and ref(state, G) == "Dice Roll and Action Selection"


def test_a_battle_step_by_step():
    """"Resolving Dice Actions", "Moving Soldiers", "Attacking", "Resolving Attacks", the defender's
    "Defence" cards: the rulebook's example (Spearman 2 squares away, 2 moves and 3 hits)."""
    state = playing()
    spear = put(state, G, "spearman", sq(3, 5))
    sw = put(state, Y, "swordswoman", sq(3, 8))
    hands(state, Green=["attack1", "attack1"], Yellow=["defence1", "defence1"])
    rig(state, [M, M, X, X, X])
    assert ref(state, G) == "Resolving Dice Actions"   # moves and hits left
    play(GAME, state, G, ["select", spear])
    assert ref(state, G) == "Moving Soldiers"
    play(GAME, state, G, ["to", sq(3, 6)])
    play(GAME, state, G, ["to", sq(3, 7)])
    assert ref(state, G) == "Attacking"                 # only hits left
    play(GAME, state, G, ["attack", spear])
    assert ref(state, G) == "Attacking"                 # choosing a target in range and sight
    play(GAME, state, G, ["target", sw])
    assert ref(state, G) == "Resolving Attacks"         # how many hits
    play(GAME, state, G, ["hits", 3])
    assert ref(state, G) == "Resolving Attacks"         # face-down Enhanced Attack cards
    for c in list(state["hands"][G]):
        play(GAME, state, G, ["acard", c])
    play(GAME, state, G, "declare")
    assert rules.active(state) == [Y] and ref(state, Y) == "Defence Cards"
    for c in list(state["hands"][Y]):
        play(GAME, state, Y, ["dcard", c])
    play(GAME, state, Y, "defend")
    assert state["soldiers"][sw]["def"] == 1            # 3 hits + 2 cards - 2 defence: 4 - 3 = 1
    assert rules.active(state) == [G] and ref(state, G) == "Resolving Dice Actions"  # nothing left: end


def test_healing_tactic_cards_and_the_free_recruit():
    """"Resolving Healing or Grab/Drop Treasure" (only Os left); the appendix's "Miscellaneous Tactic
    cards" (Taunt picks a player); Additional Recruit follows "Recruiting Soldiers"."""
    state = playing()
    put(state, G, "archer", None, defence=0)
    hands(state, Green=["taunt"], Yellow=["extra"])
    rig(state, [O, O, O, O, O])
    assert ref(state, G) == "Resolving Healing or Grab/Drop Treasure"
    play(GAME, state, G, ["card", state["hands"][G][0]])
    assert state["turn"]["sub"]["k"] == "taunt" and ref(state, G) == "Tactic Cards"
    state = playing()
    hands(state, Green=["recruit"], Yellow=[])
    play(GAME, state, G, ["card", state["hands"][G][0]])
    assert state["turn"]["sub"]["k"] == "recruit" and ref(state, G) == "Recruiting Soldiers"


def test_moving_rani_abbakka_cites_her_campaign():
    """"#3 Rani Abbakka Campaign", Specific Movement Rules: her +1 move and the patrol's eyes."""
    state = playing({"campaign": "rani", "players": 2})
    rani = next(i for i, s in enumerate(state["soldiers"]) if s["kind"] == "rani")
    rig(state, [M, M, M, O, O])
    play(GAME, state, G, ["select", rani])
    assert ref(state, G) == "#3 Rani Abbakka Campaign"
    swordsman = next(i for i, s in enumerate(state["soldiers"]) if s["owner"] == G and s["kind"] == "swordsman")
    play(GAME, state, G, ["select", swordsman])
    assert ref(state, G) == "Moving Soldiers"


# --- describe: the position in words ------------------------------------------------------------------

def _known_position():
    """Treasure, Day: Green (2 VP, 1 token banked) has a Spearman on f4 and a wounded Archer in camp;
    Yellow's Swordswoman on i4 carries the token of f6; the token of h6 is Green's banked one."""
    state = playing()
    put(state, G, "spearman", sq(3, 5))
    put(state, G, "archer", None, defence=0)
    sw = put(state, Y, "swordswoman", sq(3, 8))
    state["soldiers"][sw]["carry"] = 1
    del state["treasure"][str(sq(5, 5))], state["treasure"][str(sq(5, 7))]
    state["vp"][G], state["banked"][G] = 2, 1
    hands(state, Green=["attack1", "attack1"], Yellow=["defence1", "dodge_spear"])
    rules.invariants(state)
    return state


def test_describe_a_known_position():
    lines = words(_known_position(), G)
    assert lines == [
        "Treasure Campaign, Day. Round 1 of 80. You are Green.",
        "Green's turn begins: 5 dice to spend or roll.",
        "Your step: Recruit a soldier (2 dice each), draw a Power card (2 dice each) or roll the 5 dice.",
        "Green (you): 2 VP (1 treasure banked), 2 Power cards, camp a1.",
        "Green on the board: Spearman at f4 (defence 3 of 3).",
        "Green in camp: Archer (wounded, defence 0 of 2).",
        "Yellow: 0 VP (0 treasure banked), 2 Power cards, camp o15.",
        "Yellow on the board: Swordswoman at i4 (defence 4 of 4, carrying 1 treasure).",
        "Treasure on the map: 6 tokens at j6, f8, j8, f10, h10 and j10.",
        "Your Power cards: Enhanced Attack +1, Enhanced Attack +1.",
        "Deck: 50 cards; discard pile: 0.",
    ]


def test_describe_never_tells_another_seats_cards():
    """"Power Cards": a hand is private; "Resolving Attacks" 2.-4.: both sides' cards stay face down
    until revealed."""
    state = _known_position()
    green, yellow = " ".join(words(state, G)), " ".join(words(state, Y))
    assert "Dodge the Spear" not in green and "Enhanced Defence" not in green
    assert "Enhanced Attack" not in yellow
    assert "Your Power cards: Enhanced Defence -1, Dodge the Spear." in words(state, Y)
    rig(state, [M, M, X, X, X])
    play(GAME, state, G, ["select", 0 + _sid(state, G, "spearman")])
    play(GAME, state, G, ["to", sq(3, 6)])
    play(GAME, state, G, ["to", sq(3, 7)])
    play(GAME, state, G, ["attack", _sid(state, G, "spearman")])
    play(GAME, state, G, ["target", _sid(state, Y, "swordswoman")])
    play(GAME, state, G, ["hits", 3])
    for c in list(state["hands"][G]):
        play(GAME, state, G, ["acard", c])
    play(GAME, state, G, "declare")
    play(GAME, state, Y, ["dcard", cards_of("dodge_spear")[0]])
    green, yellow = words(state, G), words(state, Y)
    assert ("Green's Spearman at h4 attacks Yellow's Swordswoman at i4 with 3 hits, range penalty 0, "
            "attack cards face down: Enhanced Attack +1, Enhanced Attack +1; Yellow chooses its defence "
            "(1 card face down).") in green
    assert ("Green's Spearman at h4 attacks Yellow's Swordswoman at i4 with 3 hits, range penalty 0, "
            "2 attack cards face down; Yellow chooses its defence (face down: Dodge the Spear).") in yellow
    assert "Dodge" not in " ".join(green) and "Enhanced Attack" not in " ".join(yellow)
    play(GAME, state, Y, "defend")                       # revealed: the spear is dodged
    assert state["soldiers"][_sid(state, Y, "swordswoman")]["def"] == 4


def _sid(state, owner, kind):
    return next(i for i, s in enumerate(state["soldiers"]) if s["owner"] == owner and s["kind"] == kind)


def test_describe_rani_abbakka_tells_the_portuguese():
    """"#3 Rani Abbakka Campaign", Setting up: 2 patrol soldiers (defence 2), 4 guards (3), the
    General (4) at the palace centre; no Power cards."""
    state = playing({"campaign": "rani", "players": 2})
    lines = words(state, Y)
    assert ("Portuguese on the board: Portuguese Patrol soldiers at h4 (defence 2 of 2) and h12 "
            "(defence 2 of 2); Portuguese Guards at g7 (palace, defence 3 of 3), i7 (palace, defence 3 "
            "of 3), g9 (palace, defence 3 of 3) and i9 (palace, defence 3 of 3); Portuguese General at "
            "h8 (palace, defence 4 of 4).") in lines
    assert "Green in camp: Rani Abbakka (ready, defence 5 of 5), Swordsman (ready, defence 4 of 4), " \
        "Swordsman (ready, defence 4 of 4), Swordsman (ready, defence 4 of 4)." in lines
    assert not any("Power card" in line or "Deck" in line for line in lines)
    patrol = _sid(state, "Portuguese", "patrol")
    campaigns.damage(state, patrol, 2, G)
    assert "Portuguese defeated: 1 Portuguese Patrol." in words(state, G)


def test_describe_the_end():
    """"#1 Treasure Campaign", Winning Condition: the first to 5 VP wins."""
    state = playing()
    a = put(state, G, "swordsman", sq(4, 5))
    t = put(state, Y, "archer", sq(4, 6))
    hands(state, Green=[], Yellow=[])
    state["vp"][G] = 4
    rig(state, [X, X, M, M, M])
    play(GAME, state, G, ["attack", a])
    play(GAME, state, G, ["target", t])
    play(GAME, state, G, ["hits", 2])
    lines = words(state, Y)
    assert lines[1] == "Game over: Green reaches 5 victory points. Winners: Green."
    assert "Green: 5 VP, 0 treasure banked" in lines                  # no flags or palace: another campaign


# --- chart_sample -------------------------------------------------------------------------------------

def test_chart_treasure_victory_points_by_round():
    """"#1 Treasure Campaign", Objective: 1 VP a defeated soldier, 2 a token brought to camp."""
    state = playing()
    assert guide.CHART_X == "Round"
    assert guide.chart_sample(state) == (1, {"Victory points": {G: 0, Y: 0}})
    a = put(state, G, "swordsman", sq(4, 5))
    t = put(state, Y, "archer", sq(4, 6))
    carrier = put(state, G, "archer", sq(1, 1))
    state["soldiers"][carrier]["carry"] = 1
    del state["treasure"][str(sq(5, 5))]
    hands(state, Green=[], Yellow=[])
    rig(state, [X, X, M, M, M])
    play(GAME, state, G, ["attack", a])
    play(GAME, state, G, ["target", t])
    play(GAME, state, G, ["hits", 2])                    # the Archer (defence 2) is defeated
    assert guide.chart_sample(state) == (1, {"Victory points": {G: 1, Y: 0}})
    play(GAME, state, G, ["select", carrier])
    play(GAME, state, G, ["to", data.CAMP[G]])            # the token reaches Green's camp
    assert guide.chart_sample(state) == (1, {"Victory points": {G: 3, Y: 0}})
    play(GAME, state, G, "end")
    state["turn"]["dice_left"] = 0                       # Yellow spends nothing and rolls nothing
    play(GAME, state, Y, "end")
    assert state["round"] == 2
    assert guide.chart_sample(state) == (2, {"Victory points": {G: 3, Y: 0}})


def test_chart_alliances_hold_the_fort_and_rani_abbakka():
    semi = playing({"players": 4, "mode": "semi"})
    semi["vp"].update({"Green": 2, "Yellow": 1, "Red": 1})
    assert guide.chart_sample(semi) == (1, {"Victory points": {"Green+Yellow": 3, "Blue+Red": 1}})
    # "#2 Hold the Fort Campaign": a flag the moment a soldier enters the palace
    hold = playing({"campaign": "hold"})
    s = put(hold, G, "archer", sq(4, 9))
    put(hold, Y, "spearman", sq(1, 13))
    rig(hold, [M, M, M, M, M])
    play(GAME, hold, G, ["select", s])
    play(GAME, hold, G, ["to", sq(5, 9)])
    assert guide.chart_sample(hold) == (1, {"Flags held": {G: 1, Y: 0}, "Soldiers in the palace": {G: 1, Y: 0}})
    # "#3 Rani Abbakka Campaign": the Portuguese defeated, the Rani's and the General's defence
    rani = playing({"campaign": "rani", "players": 1})
    assert guide.chart_sample(rani) == (1, {"Portuguese defeated": {"Players": 0},
                                            "Defence left": {"Rani Abbakka": 5, "General": 4}})
    campaigns.damage(rani, _sid(rani, "Portuguese", "patrol"), 2, G)
    campaigns.damage(rani, _sid(rani, "Portuguese", "general"), 3, G)
    assert guide.chart_sample(rani) == (1, {"Portuguese defeated": {"Players": 1},
                                            "Defence left": {"Rani Abbakka": 5, "General": 1}})


def test_describe_tells_the_alerted_guards():
    """"#3 Rani Abbakka Campaign": guards within 2 squares of a soldier they see are alerted and act at
    the end of the turn; the position says so."""
    state = playing({"campaign": "rani", "players": 2})
    state["soldiers"][_sid(state, G, "rani")]["pos"] = sq(5, 7)   # h6: two squares from g7 and i7
    lines = words(state, G)
    assert ("Alerted, will step and strike at the end of the turn: Portuguese Guard at g7, "
            "Portuguese Guard at i7 and Portuguese General at h8.") in lines
