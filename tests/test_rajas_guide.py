"""Rajas of the Ganges' guide (engine/rajas/guide.py): the rule at hand for each step, cited by the
headings of the rules summary (Rajas of the Ganges, HUCH!, 2017, which has no section
numbers), the position in words and the chart's numbers. Positions are built as in
tests/test_rajas_rules.py: dice put on the Kali statues by hand or rigged, every click through the
legality check (api.play)."""
import copy
import re

from engine.core.api import reference_anchor
from engine.rajas import GAME, data, guide, rules

from play_helpers import player, rig_dice
from tests.test_rajas_rules import give, lay, on_top, table
from tests.rulebooks import copied, has_heading

do = player(GAME)
RED, YELLOW, WHITE, BLACK = data.PLAYER_COLOURS
KEYS = [key for key, _title, _html in guide.REFERENCE]
HTML = {key: html for key, _title, html in guide.REFERENCE}
BOOK = "rajas-of-the-ganges"  # tests/rulebooks.py


# --- helpers (as in tests/test_rajas_rules.py) ------------------------------------------------------


def p_(s, role=RED):
    return s["players"][role]


def acts(s):
    return rules.actions(s, rules.active(s)[0])


def ref(s):
    """The section of the step the player to act is at."""
    return guide.rule_ref(s, rules.active(s)[0])


def words(s, role):
    return guide.describe(rules.view(s, role), role)


def near_end(s, role, fame, money):
    p_(s, role)["fame"], p_(s, role)["money"] = fame, money
    p_(s, role)["bonus"] = sum(1 for space, _ in data.MONEY_BONUSES if space <= money)
    p_(s, role)["inactive"] = [w for w in p_(s, role)["inactive"]
                               if not (w == "money" and money >= 20 or w == "fame" and fame >= 15)]


def outer(s):
    """The player to act takes the outer terrace (2 money) and rerolls nothing."""
    do(s, "outer")
    if s["todo"] and "roll" in acts(s):
        do(s, "roll")


def land(s, pos, role=RED):
    """The boat moves from pos - 1 onto river space pos with a harbour 1."""
    p_(s, role)["boat"] = pos - 1
    give(s, role, ("blue", 1))
    do(s, "harbour", ["die", "blue", 1])
    assert p_(s, role)["boat"] == pos


# --- the reference -----------------------------------------------------------------------------------

def test_reference_keys_are_the_summary_headings_and_the_guide_is_wired():
    assert GAME.guide is guide
    assert KEYS == [
        "Object of the Game", "Setup", "Game Play", "Placing Workers", "Karma", "I. Building Action",
        "The Province Boards", "Special Yields", "The Upgrades Of The Buildings", "II. Market Action",
        "Palace: Outer terrace", "Palace: Terrace", "Palace: Balconies", "Palace: Great Mogul",
        "Palace: Dancer", "Palace: Yogi", "Palace: Raja Man Singh", "Palace: Master builder",
        "Palace: Portuguese", "IV. River Action", "River earnings", "Get New Workers",
        "Bonuses On The Scoring Tracks", "End Of A Round", "End of the Game"]
    assert len({reference_anchor(k) for k in KEYS}) == len(KEYS)
    for _key, _title, html in guide.REFERENCE:
        assert set(re.findall(r"</?(\w+)", html)) <= {"p", "ul", "li", "b"}
    assert has_heading(BOOK, "III. Actions At The Palace")  # the palace's areas are named in its text
    for key, title, _html in guide.REFERENCE:  # every other key names a heading of the summary
        if not key.startswith("Palace"):
            name = title.split(" (")[0]
            # the summary misspells one heading "The Upgades Of The Buildings"
            assert has_heading(BOOK, name) or has_heading(BOOK, name.lower().replace("upgrades", "upgades")), key


def test_reference_numbers_match_the_summary_and_name_the_sites_readings():
    # the summary's numbers
    assert "3 workers, karma 1, every building at level 2" in HTML["Setup"]
    assert "3 money; the following players in seat order get 4, 5 and 6" in HTML["Setup"]
    assert "10 dice at most" in HTML["Placing Workers"]
    assert "1 and 6, 2 and 5, 3 and 4" in HTML["Karma"]
    assert "1 to 4 money" in HTML["I. Building Action"]
    assert "(2, 3 or 4)" in HTML["The Province Boards"]
    assert "exactly 6 free river spaces" in HTML["Palace: Portuguese"]
    assert "Fame: 5 an upgrade" in HTML["Bonuses On The Scoring Tracks"]
    assert "33 and 55 two dice" in HTML["Bonuses On The Scoring Tracks"]
    assert "fame 15, money 20 and the river's bridge" in HTML["Get New Workers"]
    # the About text's readings, each beside its rule
    assert "drawn at random" in HTML["Setup"]
    assert "a player with workers left but no usable space is skipped" in HTML["Game Play"]
    assert "Reading: offered only when 6 free spaces lie ahead" in HTML["Palace: Portuguese"]
    assert "a cover is still possible with the dice left after the 5" in HTML["Palace: Master builder"]
    assert "best market of each kind" in HTML["II. Market Action"]
    assert "several bonuses crossed at once all pay, in track order" in HTML["Bonuses On The Scoring Tracks"]
    assert "checked after each whole turn" in HTML["End of the Game"]
    assert "the harbour fills row by row" in HTML["IV. River Action"]
    assert "even if its space is taken" in HTML["River earnings"]


def test_reference_is_in_our_own_words():
    """No run of six words of the rules summary recurs in the summaries (tests/rulebooks.py)."""
    for key, _title, html in guide.REFERENCE:
        assert copied(html, BOOK) == [], key


# --- rule_ref: the step's section ----------------------------------------------------------------------

def test_rule_ref_building_action_then_the_province_boards():
    # "I. Building Action": the quarry, the tile, its dice; "The Province Boards": square, rotation
    s = table(2)
    give(s, RED, ("purple", 2), ("purple", 5))
    k = on_top(s, 0)  # purple 3 bend, silk market 2
    assert ref(s) == "Game Play"                      # choosing a space
    do(s, "quarry")
    assert ref(s) == "I. Building Action" and ["stack", k] in acts(s)
    do(s, ["stack", k])
    assert ref(s) == "I. Building Action" and ["die", "purple", 5] in acts(s)
    do(s, ["die", "purple", 5])
    assert ref(s) == "The Province Boards" and ["cell", 1, 2] in acts(s)
    do(s, ["cell", 1, 2])
    assert ref(s) == "The Province Boards" and acts(s) == [["rot", 0], ["rot", 3]]


def test_rule_ref_special_yields_die_of_the_corner():
    # Special Yields, Leila's example: the corner tile earns 5 money, then a die of any colour
    s = table(2)
    for r, c in ((0, 1), (1, 1), (2, 1)):
        lay(s, RED, r, c, [5, 21, 37][r])
    lay(s, RED, 2, 0, 53)
    give(s, RED, ("purple", 4))
    k = on_top(s, 2)
    do(s, "quarry", ["stack", k], ["die", "purple", 4], ["cell", 3, 0], ["rot", 2])
    assert p_(s)["money"] == 3 - 1 + 2 + 5 and acts(s)[0][0] == "colour"
    assert ref(s) == "Special Yields"
    # and the words list the yields taken
    line = next(x for x in words(s, YELLOW) if x.startswith("Red's province"))
    assert "Special yields taken: 5 money (row 4, column 1, south edge), 1 die of any colour (row 4, " \
           "column 1, west edge)." in line


def test_rule_ref_master_builder_every_step():
    s = table(2)
    lay(s, RED, 0, 1, 0)
    give(s, RED, ("blue", 5), ("orange", 3), ("orange", 4))
    k = on_top(s, 21)  # orange 6 crossing
    do(s, "builder")
    assert ref(s) == "Palace: Master builder"         # the chamber's 5
    do(s, ["die", "blue", 5])
    assert ref(s) == "Palace: Master builder" and ["stack", k] in acts(s)
    do(s, ["stack", k])
    assert ref(s) == "Palace: Master builder" and acts(s) == [["cover", 0, 1]]
    do(s, ["cover", 0, 1])                             # the difference 6 - 3, in orange
    assert ref(s) == "Palace: Master builder" and ["die", "orange", 4] in acts(s)


def test_rule_ref_harbour_river_and_its_earnings():
    s = table(2)
    give(s, RED, ("blue", 3))
    do(s, "harbour")
    assert ref(s) == "IV. River Action"                 # a 1, 2 or 3
    do(s, ["die", "blue", 3])
    assert ref(s) == "IV. River Action" and acts(s) == [["river", 1], ["river", 2], ["river", 3]]
    do(s, ["river", 2])                                 # river space 2: two dice of any colours
    assert ref(s) == "River earnings" and ["colour", "green"] in acts(s)
    # the river's palace action, then the Yogi's die is the Yogi's
    s = table(2)
    land(s, 8)
    assert data.RIVER[8] == ("palace", None) and ref(s) == "River earnings"
    do(s, ["palace", "yogi"])
    assert p_(s)["karma"] == 3 and ref(s) == "Palace: Yogi"


def test_rule_ref_market_one_kind():
    s = table(2)
    lay(s, RED, 0, 1, 9)   # tea 3
    lay(s, RED, 1, 1, 2)   # tea 2
    give(s, RED, ("green", 4))
    do(s, "onekind")
    assert ref(s) == "II. Market Action"
    do(s, ["die", "green", 4])
    assert ref(s) == "II. Market Action" and acts(s) == [["good", "tea"]]


def test_rule_ref_palace_areas_and_chambers():
    s = table(2)
    give(s, RED, ("blue", 1))
    do(s, "outer")
    assert ref(s) == "Palace: Outer terrace" and "roll" in acts(s)
    s = table(4)
    give(s, RED, ("purple", 6))
    do(s, "balcony:0")
    assert ref(s) == "Palace: Balconies" and acts(s) == [["die", "purple", 6]]
    for space, value, key in (("mogul", 1, "Palace: Great Mogul"), ("dancer", 2, "Palace: Dancer"),
                              ("yogi", 3, "Palace: Yogi"), ("raja", 4, "Palace: Raja Man Singh"),
                              ("portuguese", 6, "Palace: Portuguese")):
        s = table(2)
        give(s, RED, ("green", value))
        do(s, space)
        assert ref(s) == key and acts(s) == [["die", "green", value]], space
    # the Dancer's dice; the Raja's upgrade is chosen by "The Upgrades Of The Buildings"
    s = table(2)
    give(s, RED, ("green", 2))
    do(s, "dancer", ["die", "green", 2])
    assert ref(s) == "Palace: Dancer" and ["colour", "blue"] in acts(s)
    s = table(2)
    give(s, RED, ("green", 4))
    do(s, "raja", ["die", "green", 4])
    assert ref(s) == "The Upgrades Of The Buildings" and ["upgrade", "mill"] in acts(s)


def test_rule_ref_ten_dice_is_placing_workers():
    # Placing Workers: "a maximum of 10 dice": put one back first or take fewer
    s = table(2)
    give(s, RED, *[("purple", v) for v in (1, 2, 3, 4, 5, 6, 1, 2, 3, 4)])
    do(s, "terrace:green")
    assert "fewer" in acts(s) and ref(s) == "Placing Workers"


def test_rule_ref_track_bonuses():
    # Bonuses On The Scoring Tracks: fame 5 (the Great Mogul's 2 fame from 3), money 12 (outer terrace)
    s = table(2)
    p_(s)["fame"] = 3
    give(s, RED, ("blue", 1))
    do(s, "mogul", ["die", "blue", 1])
    assert p_(s)["fame"] == 5 and ref(s) == "Bonuses On The Scoring Tracks"
    assert acts(s) == [["upgrade", b] for b in data.BUILDINGS]
    s = table(2)
    p_(s)["money"] = 10
    do(s, "outer")
    assert p_(s)["money"] == 12 and acts(s) == ["advance", "decline"]
    assert ref(s) == "Bonuses On The Scoring Tracks"


def test_rule_ref_the_last_stage_is_the_end_of_the_game():
    # End of the Game example: Red passes first (money 52, fame 37); Yellow places once more
    s = table(2)
    near_end(s, YELLOW, 30, 63)
    near_end(s, RED, 37, 50)
    assert ref(s) == "Game Play"
    outer(s)
    assert s["passed"] == [RED] and rules.active(s) == [YELLOW]
    assert ref(s) == "End of the Game"
    assert guide.rule_ref(s, RED) == "End of the Game"  # never raises, even for a seat not to act


# --- describe: the position in words ----------------------------------------------------------------

def described_position():
    s = table(2)
    give(s, RED, ("purple", 2), ("purple", 5), ("blue", 6), ("green", 1))
    lay(s, RED, 1, 2, 0)  # purple 3 bend, silk market 2, below the residence
    on_top(s, 3)           # purple 5 bend, a palace, open in the quarry
    p_(s, YELLOW)["boat"] = 4
    outer(s)  # Red: 2 money
    return s


def test_describe_a_known_position():
    s = described_position()
    lines = words(s, YELLOW)
    assert lines[0] == "Rajas of the Ganges, 2 players, round 1. You are Yellow."
    assert lines[1].startswith("Your turn: Place a worker (3 left)")
    assert lines[2] == (
        "Red (starting player): fame 0, money 5 (beside fame 61): 61 fame still to go; karma 1; "
        "workers 3 (1 placed, 2 left); extra workers waiting at fame 15, money 20 and the bridge; next "
        "money bonus on 12 (boat move); fame per building: temple 2, palace 2, fort 2, mill 2; dice (4 of "
        "10): purple 2, 5; blue 6; green 1.")
    assert lines[3] == (
        "Red's province: 1 tile, 1 market worth 2 money: row 2, column 3: purple 3 (snake): silk market "
        "2, roads north and east. Roads lead into the free squares row 1, column 2; row 1, column 4; "
        "row 2, column 4.")
    assert lines[4].startswith("Yellow (you): fame 0, money 4 (beside fame 61)") and lines[4].endswith("no dice.")
    assert lines[5].startswith("Yellow's province: no tiles yet, only the residence (row 1, column 3")
    assert "Worker spaces taken this round: outer terrace (Red). Next quarry space costs 1 money, " \
           "next harbour space free." in lines
    assert "River (spaces 1-20, the bridge before space 10): Red on the start; Yellow on space 4 (1 " \
           "purple die per karma level)." in lines
    assert any(x.startswith("Quarry, purple tiles: snake 5 (palace; a bend; ") for x in lines)
    assert "Dice supply: purple 10, orange 12, blue 11, green 11." in lines
    assert "White yield tiles: 8 face down." in lines
    assert len(lines) <= 20
    # Red's words: not Red's turn; Red is "you"
    red = words(s, RED)
    assert red[1] == "Yellow's turn." and red[2].startswith("Red (you, starting player)")


def test_describe_tells_nothing_hidden():
    # the view hides the tiles under the open ones and the order of the face-down yield tiles: two
    # games that differ only there are told in the same words
    s = described_position()
    t = copy.deepcopy(s)
    for stack in t["stacks"]:
        stack[:-1] = stack[:-1][::-1]
    t["yield_stack"].reverse()
    assert s["stacks"] != t["stacks"] and s["yield_stack"] != t["yield_stack"]
    for role in (RED, YELLOW):
        assert words(s, role) == words(t, role)


def test_describe_names_the_tile_in_hand_and_the_end():
    s = table(2)
    give(s, RED, ("purple", 2), ("purple", 5))
    k = on_top(s, 0)
    do(s, "quarry", ["stack", k])
    assert words(s, YELLOW)[1] == "Red's turn, laying the purple 3 (snake): silk market 2."
    # End of the Game: the rulebook example, Red wins the tie (passed first)
    s = table(2)
    near_end(s, YELLOW, 30, 63)
    near_end(s, RED, 37, 50)
    outer(s)
    assert words(s, RED)[2] == "The end is triggered (Red's markers met)."
    outer(s)
    end = words(s, YELLOW)
    assert end[1] == "Game over: Red wins: fame marker 2 past the money marker (tied with Yellow; Red passed first)."
    assert "Red: fame 37, money 52 (facing fame 35), markers passed by 2" in end


# --- the chart ---------------------------------------------------------------------------------------

def test_chart_samples_fame_and_money_by_round():
    assert guide.CHART_X == "Round"
    s = table(2)  # Setup: the starting player 3 money, the next 4
    assert guide.chart_sample(s) == (1, {"Fame": {RED: 0, YELLOW: 0}, "Money": {RED: 3, YELLOW: 4}})
    give(s, RED, ("blue", 1))
    do(s, "mogul", ["die", "blue", 1])  # Great Mogul: 2 fame
    assert guide.chart_sample(s) == (1, {"Fame": {RED: 2, YELLOW: 0}, "Money": {RED: 3, YELLOW: 4}})
    outer(s)              # Yellow: outer terrace, 2 money
    assert guide.chart_sample(s)[1]["Money"] == {RED: 3, YELLOW: 6}
    rig_dice(s, [1, 2, 3, 4])
    for space in ("terrace:blue", "terrace:green", "outer", "terrace:orange"):
        do(s, space)
        if s["todo"]:
            do(s, "roll")
    assert s["round"] == 2 and guide.chart_sample(s)[0] == 2
    # at the end: the rulebook's example, money 52 / fame 37 and money 65 / fame 30
    s = table(2)
    near_end(s, YELLOW, 30, 63)
    near_end(s, RED, 37, 50)
    outer(s)
    outer(s)
    assert rules.result(s) is not None
    assert guide.chart_sample(s) == (1, {"Fame": {RED: 37, YELLOW: 30}, "Money": {RED: 52, YELLOW: 65}})
