"""Rules of Rajas of the Ganges, citing the headings of the rules summary
(Rajas of the Ganges, HUCH!, 2017). Dice are rigged (play_helpers.rig_dice) or put
on the Kali statues by hand; every action goes through the legality check (api.play)."""
import copy

import pytest

from engine.core.api import IllegalAction
from engine.rajas import GAME, common, data, rules

from play_helpers import player, rig_dice

do = player(GAME)
RED, YELLOW, WHITE, BLACK = data.PLAYER_COLOURS


# --- helpers -----------------------------------------------------------------------------------------

def table(n=2, seed=1):
    """A fresh game with Red to place first, every die back in the supply, the log empty."""
    s = rules.setup(seed, {"players": n})
    for p in s["players"].values():
        for c, _ in p["dice"]:
            s["supply"][c] += 1
        p["dice"] = []
    s["start"] = s["turn"] = s["seats"][0]
    for k, role in enumerate(s["seats"]):
        s["players"][role]["money"] = data.START_MONEY[k]
    s["log"] = []
    return s


def outer(s):
    """The player to act takes the outer terrace (2 money) and rerolls nothing."""
    do(s, "outer")
    if s["todo"] and "roll" in acts(s):
        do(s, "roll")


def give(s, role, *dice):
    p = s["players"][role]
    for c, v in dice:
        s["supply"][c] -= 1
        p["dice"].append([c, v])
    common.sort_dice(p["dice"])


def lay(s, role, r, c, tile, rot=0):
    """Puts a tile straight onto a province square (taken out of its stack)."""
    for stack in s["stacks"]:
        if tile in stack:
            stack.remove(tile)
    s["players"][role]["province"][r][c] = [tile, rot, None]


def on_top(s, tile):
    for stack in s["stacks"]:
        if tile in stack:
            stack.remove(tile)
            stack.append(tile)
            return s["stacks"].index(stack)
    raise AssertionError(tile)


def acts(s):
    return rules.actions(s, rules.active(s)[0])


def p_(s, role=RED):
    return s["players"][role]


def market_province(s, role=RED):
    """Rulebook "Market Action" examples: three tea markets (2, 2, 3) and one silk (2)."""
    lay(s, role, 0, 1, 9)       # purple 8 crossing: tea 3 + fort, joined to the residence (west road)
    lay(s, role, 1, 1, 2)       # purple 4 junction N-E-S: tea 2
    lay(s, role, 0, 0, 16)      # orange 3 bend N-E: tea 2
    lay(s, role, 1, 2, 0)       # purple 3 bend N-E: silk 2 (below the residence)
    rules.invariants(s)


# --- Setup ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_money_3_4_5_6_in_turn_order_karma_1_upgrades_2_boat_on_start(n):
    s = rules.setup(7, {"players": n})
    seats = s["seats"]
    assert rules.roles({"players": n}) == seats == list(data.PLAYER_COLOURS[:n])
    i = seats.index(s["start"])
    for k in range(n):  # Setup: the starting player 3, the player to his left 4, ...
        assert s["players"][seats[(i + k) % n]]["money"] == 3 + k
    for p in s["players"].values():
        assert p["karma"] == 1 and p["fame"] == 0 and p["boat"] == 0 and p["workers"] == 3
        assert p["upgrades"] == {b: 2 for b in data.BUILDINGS}
        assert p["inactive"] == ["fame", "money", "river"]  # fame 15, money 20, the bridge
        assert p["bonus"] == 0 and data.MONEY_BONUSES[0][0] == 12  # the bonus marker on space 12
        assert sorted(c for c, _ in p["dice"]) == sorted(data.DICE_COLOURS)  # one die of each colour
    assert sum(s["supply"].values()) == 48 - 4 * n
    # Setup: the player who rolled the lowest total starts
    assert s["players"][s["start"]]["opening"] == min(p["opening"] for p in s["players"].values())
    assert rules.active(s) == [s["start"]]
    # 12 stacks by colour and back symbol, face up; 8 white yield tiles face down
    assert len(s["stacks"]) == 12 and sum(map(len, s["stacks"])) == 64
    for (colour, back), stack in zip(data.STACKS, s["stacks"]):
        assert all(data.TILE[t]["colour"] == colour and data.TILE[t]["back"] == back for t in stack)
    assert sorted(s["yield_stack"]) == list(range(8))
    rules.invariants(s)


def test_setup_opening_tie_is_drawn_among_the_tied_players():
    for seed in range(200):
        s = rules.setup(seed, {"players": 4})
        totals = [p["opening"] for p in s["players"].values()]
        if totals.count(min(totals)) > 1:
            tied = [r for r, p in s["players"].items() if p["opening"] == min(totals)]
            assert s["start"] in tied and any("drawn to start" in line for line in s["log"])
            return
    raise AssertionError("no tie found")


@pytest.mark.parametrize("n,spaces,palace_spaces", [(2, 29, 16), (3, 35, 19), (4, 37, 19)])
def test_setup_board_side_by_player_count_and_the_3_player_cover_tiles(n, spaces, palace_spaces):
    # Setup: the side for 2 or 3-4 players; in a 3-player game cover tiles close two spaces
    # (public: 37 spaces on the 3-4 side, 19 in the palace)
    from engine.rajas import palace
    total = (len(data.QUARRY_COSTS[n]) + len(data.HARBOUR_COSTS[n]) + data.ASSORTED_SPACES[n]
             + data.ONE_KIND_SPACES[n] + sum(palace.capacity(n, sp) for sp in palace.space_ids(n)))
    assert total == spaces
    assert sum(palace.capacity(n, sp) for sp in palace.space_ids(n)) == palace_spaces


def test_components_counts_and_track_facing_of_the_end_example():
    assert len(data.TILES) == 64 and all(sum(1 for t in data.TILES if t[1] == c) == 16 for c in data.DICE_COLOURS)
    assert sum(1 for t in data.TILES if t[3] > 6) > 32  # public: many tile prices above 6
    assert len(data.WHITE_YIELDS) == 8
    # End of the Game example: money 65 / fame 30 and money 52 / fame 37 are both a difference of 2
    assert data.facing_fame(65) == 28 and data.facing_fame(52) == 35
    assert 30 - data.facing_fame(65) == 2 == 37 - data.facing_fame(52)
    assert all(data.facing_fame(m + 1) <= data.facing_fame(m) for m in range(data.MONEY_MAX))


# --- Placing Workers ---------------------------------------------------------------------------------

def test_placing_workers_one_worker_per_turn_in_clockwise_order_until_nobody_can_place():
    s = table(2)
    rig_dice(s, [1, 2, 3, 4])
    for space in ("outer", "outer", "terrace:blue", "terrace:green", "terrace:orange", "terrace:purple"):
        assert rules.active(s) == [RED if s["players"][RED]["placed"] == s["players"][YELLOW]["placed"] else YELLOW]
        if space == "outer":
            outer(s)
        else:
            do(s, space)
    # Game Play: after every worker is placed the round ends and the workers come back
    assert s["round"] == 2 and all(p["placed"] == 0 for p in s["players"].values())
    # End Of A Round: nobody took the Great Mogul, so the elephant passes on clockwise
    assert s["start"] == YELLOW and rules.active(s) == [YELLOW]


def test_placing_workers_money_costs_and_no_money_no_paid_action():
    s = table(2)
    give(s, RED, ("purple", 6))
    p_(s)["money"] = 0
    # Pay money for an action: at 0 no action that costs money (the quarry costs 1)
    assert "quarry" not in acts(s)
    p_(s)["karma"] = 0
    assert "harbour" not in acts(s)  # no die showing 1-3 and no karma to turn the 6
    p_(s)["karma"] = 1
    assert "harbour" in acts(s)  # the harbour's first worker is free


def test_dice_supply_runs_out_a_missing_colour_cannot_be_taken():
    s = table(2)
    s["supply"]["blue"] = 0
    p_(s, YELLOW)["dice"] = [["blue", 3]] * 12
    assert "terrace:blue" not in acts(s) and "terrace:green" in acts(s)
    # a die of a given colour that is not in the supply lapses
    s["todo"] = []
    common.push(s, {"k": "die", "colour": "blue"})
    rules._advance(s)
    assert len(p_(s)["dice"]) == 0 and any("none left" in line for line in s["log"])


def test_ten_dice_at_most_return_dice_first_or_take_fewer():
    s = table(2)
    give(s, RED, *[("purple", v) for v in (1, 2, 3, 4, 5, 6, 1, 2, 3, 4)])
    do(s, "terrace:green")
    assert "fewer" in acts(s) and ["return", "purple", 1] in acts(s)
    rig_dice(s, [5])
    do(s, ["return", "purple", 1])
    assert p_(s)["dice"].count(["purple", 1]) == 1 and ["green", 5] in p_(s)["dice"]
    assert len(p_(s)["dice"]) == 10
    s2 = table(2)
    give(s2, RED, *[("purple", v) for v in (1, 2, 3, 4, 5, 6, 1, 2, 3, 4)])
    do(s2, "terrace:green", "fewer")
    assert len(p_(s2)["dice"]) == 10 and not any(c == "green" for c, _ in p_(s2)["dice"])


# --- Karma ---------------------------------------------------------------------------------------------

def test_karma_turns_a_die_to_its_opposite_side_when_given_up_and_goes_down():
    s = table(2)
    give(s, RED, ("orange", 6))
    do(s, "mogul")  # Great Mogul wants a 1: the 6 turned with 1 karma
    assert acts(s) == [["flip", "orange", 6]]
    do(s, ["flip", "orange", 6])
    assert p_(s)["karma"] == 0 and p_(s)["fame"] == 2
    s = table(2)
    give(s, RED, ("orange", 6))
    p_(s)["karma"] = 0
    assert "mogul" not in acts(s)  # no karma, no 1


def test_karma_at_most_3():
    s = table(2)
    give(s, RED, ("orange", 3))
    p_(s)["karma"] = 2
    rig_dice(s, [4])
    do(s, "yogi", ["die", "orange", 3], ["colour", "blue"])
    assert p_(s)["karma"] == 3 and p_(s)["dice"] == [["blue", 4]]


# --- I. Building Action (quarry) ----------------------------------------------------------------------

def test_quarry_row_by_row_costs_1_to_4():
    s = table(4)
    assert data.QUARRY_COSTS[4] == (1, 1, 2, 2, 3, 3, 4, 4)
    from engine.rajas import quarry
    for k, cost in enumerate(data.QUARRY_COSTS[4]):
        s["spaces"]["quarry"] = [RED] * k
        assert quarry.quarry_cost(s) == cost


def test_quarry_buy_with_dice_of_the_colour_overpay_allowed_place_connected_and_score_markets():
    s = table(2)
    give(s, RED, ("purple", 2), ("purple", 5), ("blue", 6))
    k = on_top(s, 0)  # purple 3, bend, silk market 2
    do(s, "quarry")
    assert p_(s)["money"] == 2  # 3 - 1 for the first quarry space
    assert ["stack", k] in acts(s)
    do(s, ["stack", k])
    # only purple dice may pay; the blue 6 is not offered
    assert all(a[1] == "purple" for a in acts(s))
    do(s, ["die", "purple", 5])  # overpaying: 5 for a 3
    assert p_(s)["dice"] == [["purple", 2], ["blue", 6]]
    # The Province Boards: squares joined by road to the residence (W, S and E of it)
    cells = acts(s)
    assert ["cell", 3, 4] not in cells and ["cell", 1, 2] in cells and ["cell", 0, 1] in cells
    do(s, ["cell", 1, 2])
    assert acts(s) == [["rot", 0], ["rot", 3]]  # a bend below the residence needs its north end
    do(s, ["rot", 0])
    assert p_(s)["province"][1][2] == [0, 0, None]
    assert p_(s)["money"] == 4  # + 2 for the silk market
    assert rules.active(s) == [YELLOW]


def test_quarry_dice_sum_with_karma_and_only_choices_that_can_complete():
    s = table(2)
    give(s, RED, ("orange", 1), ("orange", 3))
    k = on_top(s, 24)  # orange 8, two buildings
    do(s, "quarry", ["stack", k])
    # 1 + 3 = 4 < 8: the 1 must be turned into a 6 with the only karma
    assert ["flip", "orange", 1] in acts(s) and ["die", "orange", 1] not in acts(s)
    assert ["flip", "orange", 3] not in acts(s)  # 3 -> 4 would leave 1 for the remaining 4
    do(s, ["die", "orange", 3])
    assert acts(s) == [["flip", "orange", 1]]
    do(s, ["flip", "orange", 1])
    assert p_(s)["karma"] == 0 and p_(s)["dice"] == []


def test_quarry_buildings_score_2_3_4_fame_by_upgrade_level():
    s = table(2)
    p_(s)["upgrades"]["temple"] = 4
    give(s, RED, ("purple", 6), ("purple", 6))
    k = on_top(s, 8)  # purple 8 straight: temple and palace
    do(s, "quarry", ["stack", k], ["die", "purple", 6], ["die", "purple", 6], ["cell", 1, 2])
    assert p_(s)["fame"] == 4 + 2


def test_quarry_cutting_roads_is_allowed_one_joined_road_is_enough():
    s = table(2)
    lay(s, RED, 1, 2, 5)  # crossing below the residence
    give(s, RED, ("purple", 4))
    k = on_top(s, 1)  # purple 4 straight N-S
    do(s, "quarry", ["stack", k], ["die", "purple", 4], ["cell", 1, 1])
    # at (1, 1) a straight road may only run E-W (joined to the crossing; N-S meets no road):
    # the one rotation is laid without a click
    assert p_(s)["province"][1][1] == [1, 1, None]
    s2 = table(2)
    lay(s2, RED, 1, 2, 5)
    lay(s2, RED, 1, 1, 37)  # blue crossing west of it, its south road towards (2, 1)
    lay(s2, RED, 2, 2, 21)  # orange crossing below
    give(s2, RED, ("purple", 4))
    k = on_top(s2, 1)
    do(s2, "quarry", ["stack", k], ["die", "purple", 4], ["cell", 2, 1])
    assert acts(s2) == [["rot", 0], ["rot", 1]]  # N-S joins (1, 1), E-W joins (2, 2)
    do(s2, ["rot", 1])
    # E-W joins the crossing at (2, 2) and cuts the road of the crossing at (1, 1) ending on its
    # north side (its south end is left without a partner): allowed
    assert p_(s2)["province"][2][1] == [1, 1, None]
    rules.invariants(s2)


def test_special_yields_corner_die_and_5_money_after_the_tile_scoring():
    # Special Yields example (Leila): a tile in the bottom-left corner joined to both edge yields
    s = table(2)
    for r, c in ((0, 1), (1, 1), (2, 1)):
        lay(s, RED, r, c, [5, 21, 37][r])  # crossings down column 2
    lay(s, RED, 2, 0, 53)  # crossing at row 3, column 1
    give(s, RED, ("purple", 4))
    k = on_top(s, 2)  # purple 4 junction N-E-S, tea 2
    do(s, "quarry", ["stack", k], ["die", "purple", 4], ["cell", 3, 0])
    do(s, ["rot", 2])  # roads N, S, W: to the crossing above and both edge yields
    assert p_(s)["yields"] == ["3,0,S", "3,0,W"]
    assert p_(s)["money"] == 3 - 1 + 2 + 5  # the tile's tea market, then 5 money
    assert acts(s)[0][0] == "colour"  # then any 1 die from the supply
    rig_dice(s, [6])
    do(s, ["colour", "green"])
    assert p_(s)["dice"] == [["green", 6]]


def test_special_yields_not_taken_without_a_road_to_them():
    s = table(2)
    lay(s, RED, 0, 1, 5)
    give(s, RED, ("purple", 3))
    k = on_top(s, 0)  # a bend
    do(s, "quarry", ["stack", k], ["die", "purple", 3], ["cell", 0, 0])
    # at (0, 0): E joins the crossing; rotation E-S leads to no yield, N-E or W-... choose E-S
    do(s, ["rot", 1])
    assert p_(s)["yields"] == [] and p_(s)["money"] == 3 - 1 + 2


# --- The Upgrades Of The Buildings ----------------------------------------------------------------------

def test_upgrades_count_only_for_buildings_added_later():
    s = table(2)
    give(s, RED, ("purple", 4))
    lay(s, RED, 1, 2, 17)  # palace on the board already (orange 4 straight N-S)
    do(s, "raja", ["die", "purple", 4], ["upgrade", "palace"])
    assert p_(s)["upgrades"]["palace"] == 3 and p_(s)["fame"] == 0 and p_(s)["money"] == 6


# --- II. Market Action -----------------------------------------------------------------------------------

def test_market_assorted_goods_one_market_per_kind_rajesh_example():
    s = table(2)
    market_province(s)
    do(s, "assorted")
    assert p_(s)["money"] == 3 + 5  # silk 2 + the best tea 3


def test_market_goods_of_one_kind_up_to_the_die_value_rajesh_example():
    s = table(2)
    market_province(s)
    give(s, RED, ("green", 4))
    do(s, "onekind", ["die", "green", 4])
    assert acts(s) == [["good", "silk"], ["good", "tea"]]
    do(s, ["good", "tea"])
    assert p_(s)["money"] == 3 + 7  # all three tea markets: 2 + 2 + 3
    s = table(2)
    market_province(s)
    give(s, RED, ("green", 2))
    do(s, "onekind", ["die", "green", 2], ["good", "tea"])
    assert p_(s)["money"] == 3 + 5  # the two best: 3 + 2


def test_market_in_3_and_4_player_games_one_assorted_worker_per_player_per_round():
    s = table(3)
    market_province(s)
    lay(s, YELLOW, 1, 2, 32)  # blue 3 bend below the residence: spices 2
    do(s, "assorted")
    outer(s)  # Yellow
    outer(s)  # White
    assert "assorted" not in acts(s)  # Red's second worker
    outer(s)
    assert "assorted" in acts(s)  # Yellow may still use the second space
    s2 = table(2)
    market_province(s2)
    do(s2, "assorted")
    outer(s2)
    assert "assorted" in acts(s2)  # not in the 2-player game


def test_market_spaces_only_when_the_scoring_can_earn_something():
    # Market Action: "you generate income for the markets laid out in your province"; About, our
    # reading: a worker only goes where its action can be carried out. Without a market both scorings
    # would earn nothing: the spaces are not offered; goods of one kind also needs a die to give up.
    s = table(2)
    give(s, RED, ("green", 4))
    assert "assorted" not in acts(s) and "onekind" not in acts(s)
    assert not rules.is_legal(s, RED, "assorted") and not rules.is_legal(s, RED, "onekind")
    lay(s, RED, 1, 2, 0)  # purple 3 bend: silk 2
    assert "assorted" in acts(s) and "onekind" in acts(s)
    p_(s)["dice"] = []
    s["supply"]["green"] += 1
    assert "assorted" in acts(s) and "onekind" not in acts(s)


# --- III. Actions At The Palace -----------------------------------------------------------------------

def test_palace_outer_terrace_2_money_and_reroll_any_dice():
    s = table(2)
    give(s, RED, ("blue", 1), ("blue", 1), ("green", 6))
    do(s, "outer")
    assert p_(s)["money"] == 5
    do(s, ["mark", "blue", 1], ["mark", "blue", 1])
    assert ["mark", "blue", 1] not in acts(s) and ["unmark", "blue", 1] in acts(s)
    rig_dice(s, [4, 5])
    do(s, "roll")
    assert p_(s)["dice"] == [["blue", 4], ["blue", 5], ["green", 6]]


def test_palace_terrace_one_die_of_that_colour():
    s = table(2)
    rig_dice(s, [2])
    do(s, "terrace:orange")
    assert p_(s)["dice"] == [["orange", 2]] and "terrace:orange" not in acts(s)  # one worker per space


def test_palace_balcony_one_die_of_a_colour_for_two_of_another():
    s = table(4)
    give(s, RED, ("purple", 6), ("blue", 1))
    give_up, get = data.BALCONIES[4][0]
    assert (give_up, get) == ("purple", "orange")
    assert "balcony:0" in acts(s) and "balcony:1" not in acts(s)  # no orange die to give
    rig_dice(s, [3, 4])
    do(s, "balcony:0", ["die", "purple", 6])
    assert p_(s)["dice"] == [["orange", 3], ["orange", 4], ["blue", 1]]


def test_palace_great_mogul_2_fame_and_starting_player_next_round():
    s = table(2)
    give(s, YELLOW, ("blue", 1))
    outer(s)
    do(s, "mogul", ["die", "blue", 1])
    assert p_(s, YELLOW)["fame"] == 2
    while s["round"] == 1:
        a = acts(s)
        do(s, "outer" if "outer" in a else a[-1])
    assert s["start"] == YELLOW  # End Of A Round: the Great Mogul's player takes the elephant


def test_palace_dancer_two_dice_and_a_white_yield_tile_reshuffled_when_used_up():
    s = table(2)
    give(s, RED, ("green", 2))
    s["yield_stack"] = [0, 2]  # the top (last) is 2: 3 money
    s["yield_discard"] = [1, 3, 4, 5, 6, 7]
    rig_dice(s, [1, 6])
    do(s, "dancer", ["die", "green", 2], ["colour", "blue"], ["colour", "blue"])
    assert p_(s)["dice"] == [["blue", 1], ["blue", 6]] and p_(s)["money"] == 6
    assert s["yield_discard"][-1] == 2 and s["yield_stack"] == [0]
    # used up: the discards are reshuffled into a new stack
    s["yield_stack"] = []
    s["yield_discard"] = list(range(8))
    s["todo"] = [{"k": "yield_tile"}]
    rules._advance(s)
    assert len(s["yield_stack"]) + len(s["yield_discard"]) == 8 and len(s["yield_discard"]) == 1


def test_palace_yogi_2_karma_and_a_die_of_choice():
    s = table(2)
    give(s, RED, ("green", 3))
    p_(s)["karma"] = 0
    rig_dice(s, [5])
    do(s, "yogi", ["die", "green", 3], ["colour", "purple"])
    assert p_(s)["karma"] == 2 and p_(s)["dice"] == [["purple", 5]]


def test_palace_raja_man_singh_upgrade_and_3_money():
    s = table(2)
    give(s, RED, ("green", 4))
    do(s, "raja", ["die", "green", 4])
    assert acts(s) == [["upgrade", b] for b in data.BUILDINGS]
    do(s, ["upgrade", "mill"])
    assert p_(s)["upgrades"]["mill"] == 3 and p_(s)["money"] == 6


def test_palace_master_builder_covers_a_tile_paying_the_difference_once_without_second_yield():
    s = table(2)
    lay(s, RED, 0, 1, 0)  # purple 3 bend; rotation 0 is N-E: joined to the residence by its E end
    p_(s)["yields"] = []
    give(s, RED, ("blue", 5), ("orange", 3), ("orange", 4))
    k = on_top(s, 21)  # orange 6 crossing, a mill
    do(s, "builder", ["die", "blue", 5])
    assert ["stack", k] in acts(s)
    do(s, ["stack", k])
    assert acts(s) == [["cover", 0, 1]]
    do(s, ["cover", 0, 1])  # difference 6 - 3 = 3, paid in orange (overpay allowed)
    do(s, ["die", "orange", 4])
    assert p_(s)["province"][0][1] == [21, 0, 0]
    assert p_(s)["fame"] == 2  # the mill
    # the crossing now reaches the north edge (no yield there) and the west square: nothing taken
    assert p_(s)["dice"] == [["orange", 3]]
    rules.invariants(s)
    # "You may cover every province tile only once"
    assert common.covers(s, p_(s), 27) == []


def test_palace_master_builder_no_matching_tiles_or_dice_no_builder():
    s = table(2)
    give(s, RED, ("blue", 5))
    assert "builder" not in acts(s)  # no tile in the province
    lay(s, RED, 0, 1, 0)
    assert "builder" not in acts(s)  # a tile, but no die left to pay a difference
    give(s, RED, ("orange", 6))
    assert "builder" in acts(s)


def test_palace_master_builder_keeps_every_tile_joined():
    s = table(2)
    lay(s, RED, 0, 1, 5, 0)  # crossing west of the residence
    lay(s, RED, 0, 0, 16, 0)  # bend N-E, joined only through the crossing's west end
    from engine.rajas import province as pv
    assert pv.cover_rotations(p_(s), 0, 1, 1) == [1]  # a straight road must run E-W to keep (0, 0)


def test_palace_portuguese_exactly_6_unoccupied_spaces_not_from_the_last_six():
    s = table(2)
    give(s, RED, ("green", 6))
    p_(s, YELLOW)["boat"] = 3
    do(s, "portuguese", ["die", "green", 6])
    assert p_(s)["boat"] == 7  # 1, 2, (3 skipped), 4, 5, 6, 7
    assert p_(s)["money"] == 3  # river space 7: 1 money per market, none built
    s = table(2)
    give(s, RED, ("green", 6))
    p_(s)["boat"] = data.PORTUGUESE_LAST
    assert "portuguese" not in acts(s)


def test_palace_portuguese_only_with_6_unoccupied_spaces_ahead():
    # Palace, Portuguese: "advance exactly 6 unoccupied spaces". Our reading: the chamber (and the
    # river's palace action) is offered only when 6 unoccupied spaces lie ahead, the final space
    # counting as one, so the boat always moves exactly 6.
    s = table(2)
    give(s, RED, ("green", 6))
    p_(s)["boat"], p_(s, YELLOW)["boat"] = 13, 15
    assert "portuguese" in acts(s)  # 14, 16, 17, 18, 19, 20: six
    do(s, "portuguese", ["die", "green", 6])
    assert p_(s)["boat"] == data.RIVER_END
    s = table(2)
    give(s, RED, ("green", 6))
    p_(s)["boat"], p_(s, YELLOW)["boat"] = 14, 15  # before the last six, but only 16-20 lie ahead
    assert "portuguese" not in acts(s) and not rules.is_legal(s, RED, "portuguese")
    s = table(2)
    p_(s, YELLOW)["boat"] = 14
    land(s, river_space("palace"))  # the river's palace action on 8: 9, 10, 11, 12, 13, 15 are six
    assert ["palace", "portuguese"] in acts(s)
    do(s, ["palace", "portuguese"])
    assert p_(s)["boat"] == 15


# --- IV. River Action (harbour) --------------------------------------------------------------------

def test_harbour_first_worker_free_then_1_or_2_money():
    s = table(4)
    assert data.HARBOUR_COSTS[4][0] == 0 and set(data.HARBOUR_COSTS[4][1:]) == {1, 2}
    give(s, RED, ("blue", 1))
    do(s, "harbour", ["die", "blue", 1])
    assert p_(s)["money"] == 3 + 3  # free, then river space 1: 3 money
    from engine.rajas import river
    assert river.harbour_cost(s) == 1


def test_harbour_1_exactly_one_2_up_to_two_3_up_to_three_occupied_skipped():
    s = table(2)
    give(s, RED, ("blue", 1), ("blue", 2), ("blue", 3))
    p_(s, YELLOW)["boat"] = 2
    do(s, "harbour")
    assert acts(s) == [["die", "blue", 1], ["die", "blue", 2], ["die", "blue", 3]]
    do(s, ["die", "blue", 3])
    assert acts(s) == [["river", 1], ["river", 3], ["river", 4]]  # space 2 has a boat: skipped
    s = table(2)
    give(s, RED, ("blue", 1))
    p_(s, YELLOW)["boat"] = 1
    do(s, "harbour", ["die", "blue", 1])
    assert p_(s)["boat"] == 2  # exactly one unoccupied space: the boat on 1 is skipped


def test_harbour_karma_turns_a_high_die_and_no_river_action_from_the_end():
    s = table(2)
    give(s, RED, ("blue", 5))
    do(s, "harbour")
    assert acts(s) == [["flip", "blue", 5]]
    s = table(2)
    give(s, RED, ("blue", 1))
    p_(s)["boat"] = data.RIVER_END
    assert "harbour" not in acts(s)


def test_river_final_space_holds_several_boats():
    s = table(2)
    give(s, RED, ("blue", 3))
    for role, boat in ((RED, data.RIVER_END - 2), (YELLOW, data.RIVER_END)):
        p_(s, role)["boat"] = boat
        common.gain_worker(s, role, "river")  # past the bridge (Get New Workers)
    do(s, "harbour", ["die", "blue", 3])
    assert acts(s) == [["river", data.RIVER_END - 1], ["river", data.RIVER_END]]
    do(s, ["river", data.RIVER_END])
    assert p_(s)["boat"] == p_(s, YELLOW)["boat"] == data.RIVER_END
    rules.invariants(s)


def land(s, pos, role=RED):
    """Red's boat moves from pos - 1 onto river space pos with a harbour 1."""
    p_(s, role)["boat"] = pos - 1
    give(s, role, ("blue", 1))
    do(s, "harbour", ["die", "blue", 1])
    assert p_(s, role)["boat"] == pos


def river_space(kind):
    return next(i for i, r in enumerate(data.RIVER) if r and r[0] == kind)


def test_river_earning_two_dice_of_any_colours():
    s = table(2)
    rig_dice(s, [2, 3])
    land(s, river_space("dice"))
    do(s, ["colour", "green"], ["colour", "orange"])
    assert sorted(p_(s)["dice"]) == [["green", 2], ["orange", 3]]


def test_river_earning_karma_2_money_fame():
    s = table(2)
    p_(s)["karma"] = 0
    land(s, river_space("karma"))
    assert p_(s)["karma"] == 2
    s = table(2)
    land(s, river_space("money"))
    assert p_(s)["money"] == 3 + data.RIVER[river_space("money")][1]
    s = table(2)
    land(s, river_space("fame"))
    assert p_(s)["fame"] == data.RIVER[river_space("fame")][1]


def test_river_earning_a_palace_action_without_worker_or_die_even_if_occupied():
    s = table(2)
    s["spaces"]["raja"] = [YELLOW]
    land(s, river_space("palace"))
    assert ["palace", "raja"] in acts(s) and ["palace", "dancer"] in acts(s)
    assert ["palace", "builder"] not in acts(s)  # no tile to cover
    do(s, ["palace", "raja"], ["upgrade", "fort"])
    assert p_(s)["upgrades"]["fort"] == 3 and p_(s)["money"] == 6 and p_(s)["dice"] == []


def test_river_earning_one_die_of_the_colour_per_karma_level():
    pos = river_space("karma_dice")
    colour = data.RIVER[pos][1]
    for karma in (0, 3):
        s = table(2)
        p_(s)["karma"] = karma
        rig_dice(s, [4, 4, 4])
        land(s, pos)
        assert p_(s)["dice"] == [[colour, 4]] * karma


def test_river_earning_upgrade():
    s = table(2)
    land(s, river_space("upgrade"))
    do(s, ["upgrade", "temple"])
    assert p_(s)["upgrades"]["temple"] == 3


def test_river_earning_money_per_market_built():
    s = table(2)
    market_province(s)
    land(s, river_space("money_per_market"))
    assert p_(s)["money"] == 3 + 4


def test_river_earning_assorted_and_one_kind_market_scorings_without_a_die():
    s = table(2)
    market_province(s)
    land(s, river_space("assorted"))
    assert p_(s)["money"] == 3 + 5
    s = table(2)
    market_province(s)
    land(s, river_space("one_kind"))
    do(s, ["good", "tea"])
    assert p_(s)["money"] == 3 + 7


def test_river_earnings_per_upgrade_and_per_karma():
    s = table(2)
    p_(s)["upgrades"].update(temple=4, mill=3)
    land(s, river_space("fame_per_upgrade"))
    assert p_(s)["fame"] == 3
    s = table(2)
    p_(s)["upgrades"].update(temple=4, mill=3)
    land(s, river_space("money_per_upgrade"))
    assert p_(s)["money"] == 3 + 6
    s = table(2)
    p_(s)["karma"] = 2
    land(s, river_space("fame_per_karma"))
    assert p_(s)["fame"] == 4


def run_effects(s, role=RED, choices=()):
    choices = list(choices)
    while s["todo"]:
        eff = s["todo"][0]
        opts = rules.HANDLERS[eff["k"]][0](s, role, eff)
        s["todo"].pop(0)
        if opts is None:
            rules.HANDLERS[eff["k"]][1](s, role, eff, None)
        elif opts:
            rules.HANDLERS[eff["k"]][1](s, role, eff, choices.pop(0))


# --- Get New Workers ------------------------------------------------------------------------------------

def test_new_workers_fame_15_money_20_bridge_two_at_most_the_third_removed():
    s = table(2)
    p_(s)["fame"] = 14
    common.gain_fame(s, RED, 1)
    run_effects(s)
    assert p_(s)["workers"] == 4 and "fame" not in p_(s)["inactive"]
    # passing the bridge
    land(s, data.BRIDGE)
    assert p_(s)["workers"] == 5 and p_(s)["inactive"] == []  # the money worker leaves the game
    p_(s)["money"] = 19
    common.gain_money(s, RED, 5)
    assert not any(e["k"] == "worker" for e in s["todo"])


def test_new_worker_may_be_placed_in_the_same_round():
    s = table(2)
    p_(s)["placed"] = 2
    s["spaces"]["outer"] = [RED, RED]
    give(s, RED, ("blue", 1))
    land(s, data.BRIDGE)  # Red's third worker
    assert p_(s)["workers"] == 4
    do(s, "terrace:blue")  # Yellow
    assert rules.active(s) == [RED] and p_(s)["placed"] == 3 and len(rules.actions(s, RED)) > 0


# --- Bonuses On The Scoring Tracks ----------------------------------------------------------------------

def test_fame_bonus_5_upgrade_24_two_karma_31_boat():
    s = table(2)
    p_(s)["karma"] = 0
    common.gain_fame(s, RED, 31)  # crosses 5, 15, 24 and stops on 31
    assert [e["k"] for e in s["todo"]] == ["upgrade", "worker", "karma", "boat_bonus"]
    run_effects(s, choices=[["upgrade", "fort"], "advance"])
    assert p_(s)["upgrades"]["fort"] == 3 and p_(s)["karma"] == 2 and p_(s)["boat"] == 1
    assert p_(s)["money"] == 3 + 3  # river space 1
    assert p_(s)["workers"] == 4


def test_fame_bonus_5_upgrade_counts_from_the_next_turn_on():
    # Bonuses On The Scoring Tracks, space 5: "You receive an upgrade ... (This upgrade counts from
    # your next turn on)". Red builds a palace (fame 3 -> 5: upgrade, the mill), the edge yield's
    # 5 money crosses money 12 (the boat to river space 8: a palace action), and the Master builder
    # covers with a mill in the same turn: it scores 2 fame, not 3. The next turn, a mill scores 3.
    s = table(2)
    p_(s)["fame"], p_(s)["money"], p_(s)["karma"], p_(s)["boat"] = 3, 9, 0, 7
    for (r, c), tile in (((1, 2), 5), ((2, 2), 37), ((3, 2), 53), ((3, 3), 9)):
        lay(s, RED, r, c, tile)  # crossings down from the residence and east along the bottom row
    give(s, RED, ("purple", 5), ("orange", 1), ("blue", 5))
    k = on_top(s, 3)  # purple 5 bend, a palace
    do(s, "quarry", ["stack", k], ["die", "purple", 5], ["cell", 3, 4], ["rot", 2])  # roads W, S
    assert p_(s)["fame"] == 5 and acts(s) == [["upgrade", b] for b in data.BUILDINGS]
    do(s, ["upgrade", "mill"])
    assert p_(s)["upgrades"]["mill"] == 3 and p_(s)["money"] == 8 + 5  # the south edge: 5 money
    do(s, "advance")  # money 12: the boat bonus
    assert p_(s)["boat"] == 8
    do(s, ["palace", "builder"], ["stack", on_top(s, 21)])  # orange 6 crossing, a mill
    do(s, ["cover", 3, 4], ["die", "orange", 1])  # over the purple 5: difference 1
    assert p_(s)["province"][3][4] == [21, 0, 3]
    assert p_(s)["fame"] == 5 + 2  # the mill at level 2: the upgrade counts from the next turn
    do(s, ["colour", "green"])  # the east edge it newly reaches: a die
    assert rules.active(s) == [YELLOW]
    outer(s)  # Yellow
    k = on_top(s, 35)  # blue 5 bend, a mill
    do(s, "quarry", ["stack", k], ["die", "blue", 5], ["cell", 1, 3], ["rot", 2])
    assert p_(s)["fame"] == 7 + 3  # the next turn: the mill at level 3


def test_money_bonuses_12_44_boat_33_55_dice_and_the_marker_never_repeats():
    s = table(2)
    p_(s)["money"] = 11
    common.gain_money(s, RED, 1)  # reaches 12
    assert [e["k"] for e in s["todo"]] == ["boat_bonus"] and p_(s)["bonus"] == 1
    s["todo"] = []
    common.pay_money(s, RED, 5)
    common.gain_money(s, RED, 5)  # back on 12: the marker now lies on 33
    assert s["todo"] == []
    common.gain_money(s, RED, 21)  # 33: two dice of any colours (and the worker on 20)
    assert [e for e in s["todo"]] == [{"k": "worker", "source": "money"},
                                      {"k": "reward", "kind": "dice", "n": 2, "why": "money space 33"}]
    s["todo"] = []
    common.gain_money(s, RED, 25)  # crosses 44 and 55 in one move: both, in order
    assert [e["k"] for e in s["todo"]] == ["boat_bonus", "reward"] and p_(s)["bonus"] == 4
    s["todo"] = []
    p_(s)["money"] = 10
    common.gain_money(s, RED, 50)
    assert [e["k"] for e in s["todo"]] == ["worker"]  # the bonus marker left the game


def test_bonus_boat_may_be_declined_and_nothing_at_the_final_space():
    s = table(2)
    common.push(s, {"k": "boat_bonus"})
    assert rules.HANDLERS["boat_bonus"][0](s, RED, s["todo"][0]) == ["advance", "decline"]
    p_(s)["boat"] = data.RIVER_END
    assert rules.HANDLERS["boat_bonus"][0](s, RED, s["todo"][0]) == []


# --- End of the Game ------------------------------------------------------------------------------------

def near_end(s, role, fame, money):
    """Markers near each other; the track bonuses behind them already taken."""
    p_(s, role)["fame"], p_(s, role)["money"] = fame, money
    p_(s, role)["bonus"] = sum(1 for space, _ in data.MONEY_BONUSES if space <= money)
    p_(s, role)["inactive"] = [w for w in p_(s, role)["inactive"]
                               if not (w == "money" and money >= 20 or w == "fame" and fame >= 15)]


def test_end_markers_meet_the_stage_is_completed_then_ranking():
    s = table(3)
    # Red starts. Yellow triggers; White (between Yellow and the starting player) places once more.
    near_end(s, YELLOW, 34, 50)  # facing fame 36 at money 50
    outer(s)  # Red
    assert rules.result(s) is None
    # Yellow: outer terrace, +2 money -> 52 faces 35: still 1 short
    s["players"][YELLOW]["fame"] = 35
    outer(s)
    assert s["passed"] == [YELLOW] and s["final"] == []  # White was taken off the list to place
    assert rules.active(s) == [WHITE]
    outer(s)
    res = rules.result(s)
    assert res is not None and res["winners"] == [YELLOW] and rules.active(s) == []
    assert res["ranking"][0] == [YELLOW]


def test_end_rulebook_example_tie_goes_to_the_first_to_pass():
    # End of the Game example: Rajesh (money 65, fame 30) passed first; Leila then ends on money 52,
    # fame 37: both a difference of 2; Rajesh wins.
    s = table(2)
    s["start"] = s["turn"] = RED
    near_end(s, YELLOW, 30, 63)
    near_end(s, RED, 37, 50)
    # Red is the starting player: Yellow places once more after Red triggers
    outer(s)  # Red: money 52, fame 37 -> difference 2
    assert s["passed"] == [RED] and rules.active(s) == [YELLOW]
    outer(s)  # Yellow: money 65, fame 30 -> difference 2, passed second
    res = rules.result(s)
    assert res["scores"] == {RED: 2, YELLOW: 2}
    assert res["winners"] == [RED] and res["ranking"] == [[RED], [YELLOW]]


def test_end_triggered_by_the_last_player_of_the_stage_ends_at_once_others_ranked_by_gap():
    s = table(3)
    s["start"] = s["turn"] = WHITE
    near_end(s, RED, 40, 50)   # facing 36: passed by 4 after +2 money? 52 -> 35: 5
    near_end(s, YELLOW, 10, 14)  # far
    near_end(s, WHITE, 20, 14)
    outer(s)  # White (start)
    outer(s)  # Red triggers; Yellow sits between Red and the starting player
    assert rules.active(s) == [YELLOW]
    outer(s)
    res = rules.result(s)
    assert res["winners"] == [RED]
    # the others by the fame points still separating their markers: White is closer than Yellow
    assert res["ranking"] == [[RED], [WHITE], [YELLOW]]


def test_end_stage_completed_only_by_players_with_workers_left():
    s = table(2)
    s["start"] = YELLOW
    s["turn"] = RED
    p_(s, YELLOW)["placed"] = 3
    s["spaces"]["outer"] = [YELLOW]
    s["spaces"]["assorted"] = [YELLOW, YELLOW]
    near_end(s, RED, 40, 50)
    outer(s)
    assert rules.result(s) is not None  # Red sits just before the starting player: the game ends


def test_illegal_actions_change_nothing():
    s = table(2)
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction):
        do(s, "quarry")  # no dice: no tile can be paid
    with pytest.raises(IllegalAction):
        do(s, ["stack", 0])
    assert s == before


def test_invariants_catch_broken_positions():
    """rules.invariants (the generic tests check it after every move of random games) also holds each
    rule below; a position that breaks one is refused."""
    def broken(change):
        s = table(3)
        rules.invariants(s)
        change(s)
        with pytest.raises(AssertionError):
            rules.invariants(s)

    def swap_between_stacks(s):  # Setup: 12 stacks by colour and back symbol
        s["stacks"][0][0], s["stacks"][1][0] = s["stacks"][1][0], s["stacks"][0][0]

    def marker_behind(s):  # Bonuses On The Scoring Tracks: the bonus marker lies on the next bonus
        p_(s)["money"] = 13

    def fame_worker_left(s):  # Get New Workers: the worker on fame 15 is taken on reaching it
        p_(s)["fame"] = 15

    def money_worker_left(s):  # ... and the one on money 20
        p_(s)["money"], p_(s)["bonus"] = 20, 1

    def bridge_worker_left(s):  # ... and the one on the bridge once the boat has passed it
        p_(s)["boat"] = data.BRIDGE

    def yield_twice(s):  # Palace: Master builder: "you do not receive any special yield again"
        p_(s)["yields"] = ["3,0,S", "3,0,S"]

    def two_assorted_workers(s):  # Market Action: one worker on the assorted goods market (3-4 players)
        s["spaces"]["assorted"] = [RED, RED]
        p_(s)["placed"] = 2

    def tile_in_hand_between_turns(s):  # Building Action: a tile taken is placed at once
        s["held"] = s["stacks"][0].pop()

    for change in (swap_between_stacks, marker_behind, fame_worker_left, money_worker_left,
                   bridge_worker_left, yield_twice, two_assorted_workers, tile_in_hand_between_turns):
        broken(change)
    # a worker still to come in the pending effects of the turn is fine
    s = table(3)
    p_(s)["fame"] = 15
    s["todo"] = [{"k": "upgrade", "why": "fame space 5"}, {"k": "worker", "source": "fame"}]
    rules.invariants(s)
