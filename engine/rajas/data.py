"""Rajas of the Ganges (HUCH!, 2017): the components as plain, immutable data with provenance.

Rulebook: the publisher's rules summary of Rajas of the Ganges (HUCH!, 2017), without section numbers;
we cite its headings, e.g. "Palace: Master builder". Research notes: the project's notes on which
component data are public and from where (component-data.md, kept outside the repository with the
rulebook texts). Labels used below:

  rulebook  stated in the rules summary (heading given)
  public    from the research notes (component-data.md)
  stand-in  designed here because the physical component is not public; one line of reasoning each.
            Someone who owns the game can replace these tables without touching the rules.

Nothing here is mutable: tuples and frozen mappings only (the rules copy what they change into the
state).
"""
from types import MappingProxyType

# --- players ------------------------------------------------------------------------------------
# rulebook "Components": 4 player colours. The colours themselves: stand-in (chosen so that no
# player is named like a die colour: the dice are purple, orange, blue and green, public).
PLAYER_COLOURS = ("Red", "Yellow", "White", "Black")
MIN_PLAYERS, MAX_PLAYERS = 2, 4

# --- dice ---------------------------------------------------------------------------------------
# rulebook "Components": 48 dice, 12 per colour; public: the colours.
DICE_COLOURS = ("purple", "orange", "blue", "green")
DICE_PER_COLOUR = 12
MAX_DICE = 10  # rulebook "Placing Workers": "in the basic game you may own a maximum of 10 dice"
OPPOSITE = {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}  # rulebook "Karma": a 1 turns into a 6, a 2 into a 5

# --- karma, workers, upgrades --------------------------------------------------------------------
KARMA_START, KARMA_MAX = 1, 3  # rulebook "Setup" (level 1) and "Karma" (at most 3, down to 0)
START_WORKERS = 3  # rulebook "Setup": 3 workers below the Kali statue
MAX_EXTRA_WORKERS = 2  # rulebook "Get New Workers": up to 2 additional workers
WORKER_SOURCES = ("fame", "money", "river")  # rulebook "Setup": fame 15, money 20, the bridge
BUILDINGS = ("temple", "palace", "fort", "mill")  # rulebook "The Upgrades Of The Buildings"
UPGRADE_LEVELS = (2, 3, 4)  # rulebook: fame per building at the cube's level; start at 2
GOODS = ("silk", "tea", "spices")  # rulebook "Market Action"

# --- the two scoring tracks ------------------------------------------------------------------------
# rulebook "Object of the Game": the fame track and the money track run parallel, in opposite
# directions around the board. rulebook "End of the Game" example: money 65 with fame 30, and money
# 52 with fame 37, are both "a difference of 2 fame points" (public notes: so money 65 faces fame 28
# and money 52 faces fame 35: 13 money spaces span 7 fame spaces).
# Stand-in geometry: money space m faces fame space FAME_MAX - floor(7 m / 13) everywhere, which
# honours both points of the example exactly (63 - 35 = 28, 63 - 28 = 35). Hence the track lengths
# (stand-in): fame 0..63 and money 0..117, the money space 117 facing fame 0; the markers of any player
# have met before either reaches its end, so the ends are never passed in a real game.
FAME_MAX = 63
MONEY_MAX = 117
MONEY_PER_FAME_NUM, MONEY_PER_FAME_DEN = 7, 13


def facing_fame(money: int) -> int:
    """The fame space beside money space `money` (stand-in geometry, see above)."""
    return FAME_MAX - (MONEY_PER_FAME_NUM * money) // MONEY_PER_FAME_DEN


# rulebook "Bonuses On The Scoring Tracks" (public notes agree): fame 5 upgrade, 24 +2 karma,
# 31 boat to the next unoccupied river space; money 12 and 44 boat, 33 and 55 two dice.
FAME_BONUSES = ((5, "upgrade"), (24, "karma"), (31, "boat"))
MONEY_BONUSES = ((12, "boat"), (33, "dice"), (44, "boat"), (55, "dice"))
FAME_WORKER, MONEY_WORKER = 15, 20  # rulebook "Setup" / "Get New Workers"
START_MONEY = (3, 4, 5, 6)  # rulebook "Setup": the starting player 3, the next 4, and so on

# --- the main board: worker spaces ----------------------------------------------------------------
# public: 37 worker spaces (the 3-4 player side), 19 of them in the palace; quarry spaces cost more as
# the quarry fills (rulebook "Building Action": 1 to 4 money, placed row by row); the harbour's first
# worker is free, later ones pay 1 or 2 (rulebook "River Action").
# Stand-in split of the 37: quarry 8 (rows of two: 1,1 / 2,2 / 3,3 / 4,4), harbour 5 (0 / 1,1 / 2,2),
# market 5 (2 assorted goods, rulebook "Market Action" speaks of a first and a second space; 3 goods
# of one kind), palace 19 (3 outer terrace, 4 terrace one per dice colour, 6 balconies, 6 chambers).
# The 2-player side (stand-in, not public): quarry 6, harbour 3, market 2 + 2, palace 16 (2 outer
# terrace, 4 terrace, 4 balconies, 6 chambers) = 29 spaces for at most 10 workers.
# The 3-player cover tiles (rulebook "Setup": 2 cover tiles on marked spaces; which ones: stand-in):
# the last quarry space and the last harbour space.
QUARRY_COSTS = MappingProxyType({2: (1, 2, 2, 3, 3, 4), 3: (1, 1, 2, 2, 3, 3, 4), 4: (1, 1, 2, 2, 3, 3, 4, 4)})
HARBOUR_COSTS = MappingProxyType({2: (0, 1, 2), 3: (0, 1, 1, 2), 4: (0, 1, 1, 2, 2)})
ASSORTED_SPACES = MappingProxyType({2: 2, 3: 2, 4: 2})
ONE_KIND_SPACES = MappingProxyType({2: 2, 3: 3, 4: 3})
OUTER_TERRACE_SPACES = MappingProxyType({2: 2, 3: 3, 4: 3})
COVERED_IN_3P = ("quarry space 8 (cost 4)", "harbour space 5 (cost 2)")
# Balconies: give 1 die of one colour, get 2 of another (rulebook "Actions At The Palace").
# Stand-in pairs: the 4-cycle purple > orange > blue > green > purple on both sides, plus two
# crossings on the 3-4 player side, so every colour can be reached.
BALCONIES = MappingProxyType({
    2: (("purple", "orange"), ("orange", "blue"), ("blue", "green"), ("green", "purple")),
    3: (("purple", "orange"), ("orange", "blue"), ("blue", "green"), ("green", "purple"),
        ("purple", "blue"), ("orange", "green")),
    4: (("purple", "orange"), ("orange", "blue"), ("blue", "green"), ("green", "purple"),
        ("purple", "blue"), ("orange", "green")),
})
# rulebook "Actions At The Palace: The chambers": the exact die value of each chamber.
CHAMBERS = (("mogul", 1, "Great Mogul"), ("dancer", 2, "Dancer"), ("yogi", 3, "Yogi"),
            ("raja", 4, "Raja Man Singh"), ("builder", 5, "Master builder"), ("portuguese", 6, "Portuguese"))
CHAMBER_VALUE = MappingProxyType({key: value for key, value, _ in CHAMBERS})
CHAMBER_NAME = MappingProxyType({key: name for key, _, name in CHAMBERS})
RIVER_PALACE_CHOICES = ("dancer", "yogi", "raja", "builder", "portuguese")  # rulebook: palace actions 2-6

# --- the river -------------------------------------------------------------------------------------
# rulebook "Explanation Of The Earnings On The River": the kinds of earnings. Their order and values on
# the river: stand-in (not public), cheap ones near the start, richer ones later, each kind at least
# once, one "karma dice" space per dice colour. Index 0 is the starting space, RIVER_END the final
# space (both may hold several boats, rulebook "River Action"). The bridge (rulebook "Get New
# Workers": not a river space) lies between spaces 9 and 10: a boat on space 10 or beyond has passed it.
RIVER = (
    None,                         # 0 start
    ("money", 3),                 # 1
    ("dice", 2),                  # 2 two dice of any colours
    ("karma", 2),                 # 3
    ("karma_dice", "purple"),     # 4 one purple die per karma level
    ("fame", 2),                  # 5
    ("upgrade", 1),               # 6
    ("money_per_market", 1),      # 7 1 money per market built
    ("palace", None),             # 8 any of the palace actions 2-6, free
    ("money", 5),                 # 9
    ("karma_dice", "orange"),     # 10   (the bridge lies before this space)
    ("assorted", 3),              # 11 assorted-goods market scoring, up to 3 different markets
    ("fame", 4),                  # 12
    ("fame_per_upgrade", 1),      # 13 1 fame per upgrade done
    ("karma_dice", "blue"),       # 14
    ("one_kind", 4),              # 15 goods of one kind, up to 4 markets, no die given up
    ("money_per_upgrade", 2),     # 16 2 money per upgrade done
    ("palace", None),             # 17
    ("karma_dice", "green"),      # 18
    ("fame_per_karma", 2),        # 19 2 fame per karma level
    ("fame", 6),                  # 20 final space
)
RIVER_END = len(RIVER) - 1
BRIDGE = 10
PORTUGUESE_STEPS = 6  # rulebook "Palace: Portuguese": exactly 6 unoccupied spaces, not from the last 6
# (our reading: only when 6 unoccupied spaces lie ahead, the final space counting as one)
PORTUGUESE_LAST = RIVER_END - 5  # spaces 15..20 are the last six

# --- the province board ----------------------------------------------------------------------------
# rulebook "The Province Boards": the residence in the middle on the top, 3 roads lead into the
# country; yields printed on the edge. Grid and yields: stand-in. A 4 x 5 grid of squares; the
# residence fills the top middle square (row 0, column 2) with roads leaving west, south and east.
ROWS, COLS = 4, 5
RESIDENCE = (0, 2)
RESIDENCE_ROADS = "WSE"
DIRS = "NESW"
STEP = MappingProxyType({"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)})
BACK = MappingProxyType({"N": "S", "E": "W", "S": "N", "W": "E"})
# Edge yields (stand-in): on the west, east and south edges (the top edge holds the residence's
# banner). Richer further from the residence. The bottom-left corner pairs "1 die" (west) with
# "5 money" (south), as in the rulebook's "Special Yields" example of Leila's corner bend.
# Key: (row, column, direction off the board) -> (kind, amount).
EDGE_YIELDS = MappingProxyType({
    (0, 0, "W"): ("money", 2), (1, 0, "W"): ("karma", 1), (2, 0, "W"): ("fame", 3), (3, 0, "W"): ("die", 1),
    (0, 4, "E"): ("money", 2), (1, 4, "E"): ("upgrade", 1), (2, 4, "E"): ("fame", 3), (3, 4, "E"): ("die", 1),
    (3, 0, "S"): ("money", 5), (3, 1, "S"): ("karma", 1), (3, 2, "S"): ("fame", 4),
    (3, 3, "S"): ("upgrade", 1), (3, 4, "S"): ("money", 5),
})

# --- yield tiles -----------------------------------------------------------------------------------
# rulebook "Palace: Dancer": a white yield tile gives 1 die, 3 money, 1 upgrade or 1 karma; 8 white
# tiles (rulebook "Components"). The split: public notes "assume 2 of each kind" (stand-in).
WHITE_YIELDS = (("die", 1), ("die", 1), ("money", 3), ("money", 3),
                ("upgrade", 1), ("upgrade", 1), ("karma", 1), ("karma", 1))

# --- the 64 province tiles ------------------------------------------------------------------------
# rulebook "Components" / "Setup": 64 tiles, 16 per dice colour, sorted by colour and back symbol
# (snake, cow, tiger) into 12 stacks. "Building Action": cost = colour and minimum total; markets
# (silk, tea, spices, with a value) and/or buildings (temple, palace, fort, mill), roads. Public: many
# prices above 6. Everything else: stand-in. Each colour has the same 16 shapes (6 snake at 3-6,
# 5 cow at 7-9, 5 tiger at 10-12), with goods and buildings rotated between the colours so that every
# kind appears in every colour. Roads (stand-in): every road end of a tile joins its centre, so a tile
# is one road network; shapes 'NE' a bend, 'NS' straight, 'NES' a junction, 'NESW' a crossing. The
# roads are given for rotation 0; rotation k turns them k quarter turns clockwise.
# The rulebook's "Special Yields" example (Leila's tile "with a bend in the corner" whose road ends reach
# both adjacent yields and are joined to the residence) needs a tile whose corner bend is joined to
# another road on the same tile; with one road network per tile, a bend in the corner reaches only the
# two edges and joins nothing. Here the example is met by a junction (roads to both edges and to the
# neighbouring square): the same two yields, taken in the same order (tests/test_rajas_rules.py,
# test_special_yields_corner_die_and_5_money_after_the_tile_scoring). Tiles with two separate roads
# would need a road model of their own (which ends join which) for a case the junction already covers.
# (id, colour, back, cost, roads, markets ((good, value), ...), buildings (name, ...))
BACKS = ("snake", "cow", "tiger")
TILES = (
    # purple: 6 snake (3-6), 5 cow (7-9), 5 tiger (10-12)
    (0, 'purple', 'snake', 3, 'NE', (('silk', 2),), ()),
    (1, 'purple', 'snake', 4, 'NS', (), ('temple',)),
    (2, 'purple', 'snake', 4, 'NES', (('tea', 2),), ()),
    (3, 'purple', 'snake', 5, 'NE', (), ('palace',)),
    (4, 'purple', 'snake', 5, 'NES', (('spices', 3),), ()),
    (5, 'purple', 'snake', 6, 'NESW', (), ('fort',)),
    (6, 'purple', 'cow', 7, 'NES', (('silk', 2), ('tea', 2)), ()),
    (7, 'purple', 'cow', 7, 'NE', (('spices', 2),), ('mill',)),
    (8, 'purple', 'cow', 8, 'NS', (), ('temple', 'palace')),
    (9, 'purple', 'cow', 8, 'NESW', (('tea', 3),), ('fort',)),
    (10, 'purple', 'cow', 9, 'NES', (('silk', 3), ('spices', 2)), ()),
    (11, 'purple', 'tiger', 10, 'NESW', (), ('fort', 'mill')),
    (12, 'purple', 'tiger', 10, 'NES', (('tea', 3), ('spices', 3)), ()),
    (13, 'purple', 'tiger', 11, 'NE', (('silk', 4),), ('palace',)),
    (14, 'purple', 'tiger', 11, 'NS', (('tea', 2),), ('mill', 'temple')),
    (15, 'purple', 'tiger', 12, 'NES', (('spices', 4),), ('palace', 'fort')),
    # orange: 6 snake (3-6), 5 cow (7-9), 5 tiger (10-12)
    (16, 'orange', 'snake', 3, 'NE', (('tea', 2),), ()),
    (17, 'orange', 'snake', 4, 'NS', (), ('palace',)),
    (18, 'orange', 'snake', 4, 'NES', (('spices', 2),), ()),
    (19, 'orange', 'snake', 5, 'NE', (), ('fort',)),
    (20, 'orange', 'snake', 5, 'NES', (('silk', 3),), ()),
    (21, 'orange', 'snake', 6, 'NESW', (), ('mill',)),
    (22, 'orange', 'cow', 7, 'NES', (('tea', 2), ('spices', 2)), ()),
    (23, 'orange', 'cow', 7, 'NE', (('silk', 2),), ('temple',)),
    (24, 'orange', 'cow', 8, 'NS', (), ('palace', 'fort')),
    (25, 'orange', 'cow', 8, 'NESW', (('spices', 3),), ('mill',)),
    (26, 'orange', 'cow', 9, 'NES', (('tea', 3), ('silk', 2)), ()),
    (27, 'orange', 'tiger', 10, 'NESW', (), ('mill', 'temple')),
    (28, 'orange', 'tiger', 10, 'NES', (('spices', 3), ('silk', 3)), ()),
    (29, 'orange', 'tiger', 11, 'NE', (('tea', 4),), ('fort',)),
    (30, 'orange', 'tiger', 11, 'NS', (('spices', 2),), ('temple', 'palace')),
    (31, 'orange', 'tiger', 12, 'NES', (('silk', 4),), ('fort', 'mill')),
    # blue: 6 snake (3-6), 5 cow (7-9), 5 tiger (10-12)
    (32, 'blue', 'snake', 3, 'NE', (('spices', 2),), ()),
    (33, 'blue', 'snake', 4, 'NS', (), ('fort',)),
    (34, 'blue', 'snake', 4, 'NES', (('silk', 2),), ()),
    (35, 'blue', 'snake', 5, 'NE', (), ('mill',)),
    (36, 'blue', 'snake', 5, 'NES', (('tea', 3),), ()),
    (37, 'blue', 'snake', 6, 'NESW', (), ('temple',)),
    (38, 'blue', 'cow', 7, 'NES', (('spices', 2), ('silk', 2)), ()),
    (39, 'blue', 'cow', 7, 'NE', (('tea', 2),), ('palace',)),
    (40, 'blue', 'cow', 8, 'NS', (), ('fort', 'mill')),
    (41, 'blue', 'cow', 8, 'NESW', (('silk', 3),), ('temple',)),
    (42, 'blue', 'cow', 9, 'NES', (('spices', 3), ('tea', 2)), ()),
    (43, 'blue', 'tiger', 10, 'NESW', (), ('temple', 'palace')),
    (44, 'blue', 'tiger', 10, 'NES', (('silk', 3), ('tea', 3)), ()),
    (45, 'blue', 'tiger', 11, 'NE', (('spices', 4),), ('mill',)),
    (46, 'blue', 'tiger', 11, 'NS', (('silk', 2),), ('palace', 'fort')),
    (47, 'blue', 'tiger', 12, 'NES', (('tea', 4),), ('mill', 'temple')),
    # green: 6 snake (3-6), 5 cow (7-9), 5 tiger (10-12)
    (48, 'green', 'snake', 3, 'NE', (('silk', 2),), ()),
    (49, 'green', 'snake', 4, 'NS', (), ('mill',)),
    (50, 'green', 'snake', 4, 'NES', (('spices', 2),), ()),
    (51, 'green', 'snake', 5, 'NE', (), ('temple',)),
    (52, 'green', 'snake', 5, 'NES', (('tea', 3),), ()),
    (53, 'green', 'snake', 6, 'NESW', (), ('palace',)),
    (54, 'green', 'cow', 7, 'NES', (('silk', 2), ('spices', 2)), ()),
    (55, 'green', 'cow', 7, 'NE', (('tea', 2),), ('fort',)),
    (56, 'green', 'cow', 8, 'NS', (), ('mill', 'temple')),
    (57, 'green', 'cow', 8, 'NESW', (('spices', 3),), ('palace',)),
    (58, 'green', 'cow', 9, 'NES', (('silk', 3), ('tea', 2)), ()),
    (59, 'green', 'tiger', 10, 'NESW', (), ('palace', 'fort')),
    (60, 'green', 'tiger', 10, 'NES', (('spices', 3), ('tea', 3)), ()),
    (61, 'green', 'tiger', 11, 'NE', (('silk', 4),), ('temple',)),
    (62, 'green', 'tiger', 11, 'NS', (('spices', 2),), ('fort', 'mill')),
    (63, 'green', 'tiger', 12, 'NES', (('tea', 4),), ('temple', 'palace')),
)
TILE_IDS = tuple(t[0] for t in TILES)
TILE = MappingProxyType({t[0]: MappingProxyType({"id": t[0], "colour": t[1], "back": t[2], "cost": t[3],
                                                  "roads": t[4], "markets": t[5], "buildings": t[6]})
                         for t in TILES})
# the 12 stacks (rulebook "Setup"): colour-major, then back symbol
STACKS = tuple((colour, back) for colour in DICE_COLOURS for back in BACKS)

# --- not included (rulebook "Setup": "Not needed") -------------------------------------------------
NOT_INCLUDED = ("Navaratnas (the yellow, red and brown yield tiles)", "the Ganga module (the 8 river tiles)")
