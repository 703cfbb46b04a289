"""Yudhbhoomi: plain data with provenance (rulebook / public / stand-in).

Rulebook: the Yudhbhoomi rulebook (no section numbers; cited by heading). Its soldier table came out
flattened and was rebuilt from the rulebook's text; the stand-ins are listed on the About page.

Provenance tags used below:
  rulebook   stated in the rulebook text
  public     from the rebuilt soldier table (the rulebook's flattened tables)
  stand-in   not public; designed here to meet the facts the rulebook states (replace when known)
"""
from __future__ import annotations

# --- the map -----------------------------------------------------------------------------------------
# stand-in: the printed board (9 tiles, a square-grid fort) is not public. Facts it meets (rulebook
# "The Yudhbhoomi Map", "Basic Concepts"): 4 corner camps (sword icons) outside the fort; elevated fort
# walls reached by stairs (foot soldiers only); 2 main entrances (all soldiers) and 4 small ones (foot
# soldiers only); a central palace (foot soldiers only) whose roof blocks sight from the walls; the
# patrol ground between walls and palace (all soldiers); standalone pillars; 8 treasure spots.
# Every wall square is reached from some stairs: the 6 entrances cut the wall ring into 6 stretches (the
# four corners and the middles of the west and east walls), each with stairs inside the fort.
#
#   A B C D  the camps (Green NW, Red NE, Yellow SE, Blue SW): each army's starting space
#   .        open ground (outside the fort, and the patrol ground inside it)
#   W        fort wall (elevated; foot soldiers only; entered from and left by stairs only)
#   S        stairs (ground level, foot soldiers only; the only link between ground and wall)
#   M        main entrance (a gap in the wall at ground level; every soldier)
#   e        small entrance (a gap at ground level; foot soldiers only)
#   o        pillar (impassable; blocks line of sight)
#   P        palace floor (foot soldiers only; roofed)
#   $        palace floor with a treasure spot (Treasure campaign: 1 token each)
#   G        palace floor, the centre (the Portuguese General's post in Rani Abbakka)
MAP = (
    "A.............B",
    "...............",
    "..WWWWWMWWWWW..",
    "..WS.......SW..",
    "..W.o.....o.W..",
    "..e..$P$P$..e..",
    "..W..PPPPP..W..",
    "..WS.$PGP$.SW..",
    "..W..PPPPP..W..",
    "..e..$P$P$..e..",
    "..W.o.....o.W..",
    "..WS.......SW..",
    "..WWWWWMWWWWW..",
    "...............",
    "D.............C",
)
SIZE = len(MAP)
assert all(len(row) == SIZE for row in MAP)


def sq(r: int, c: int) -> int:
    return r * SIZE + c


def rc(s: int) -> tuple:
    return divmod(s, SIZE)


def square_name(s: int) -> str:
    """As the board, the log and the buttons name squares: column a-o, row 1-15 ("e5")."""
    r, c = rc(s)
    return f"{chr(ord('a') + c)}{r + 1}"


CELL = tuple(ch for row in MAP for ch in row)
NUM_SQUARES = SIZE * SIZE
WALL = frozenset(i for i, ch in enumerate(CELL) if ch == "W")
STAIRS = frozenset(i for i, ch in enumerate(CELL) if ch == "S")
MAIN_ENTRANCES = tuple(i for i, ch in enumerate(CELL) if ch == "M")
SMALL_ENTRANCES = tuple(i for i, ch in enumerate(CELL) if ch == "e")
PILLARS = frozenset(i for i, ch in enumerate(CELL) if ch == "o")
PALACE = frozenset(i for i, ch in enumerate(CELL) if ch in "P$G")
TREASURE_SPOTS = tuple(i for i, ch in enumerate(CELL) if ch == "$")
PALACE_CENTRE = CELL.index("G")
FOOT_ONLY = WALL | STAIRS | frozenset(SMALL_ENTRANCES) | PALACE
# the inside of the fort: every square strictly within the wall ring
FORT_INSIDE = frozenset(sq(r, c) for r in range(3, SIZE - 3) for c in range(3, SIZE - 3))

COLOURS = ("Green", "Red", "Yellow", "Blue")  # clockwise from the north-west corner (stand-in order)
# the four corners (sword icons), clockwise from the north-west; an army's camp is one of them
CORNERS = ("NW", "NE", "SE", "SW")
CORNER_SQUARE = {"NW": CELL.index("A"), "NE": CELL.index("B"), "SE": CELL.index("C"), "SW": CELL.index("D")}
CORNER_NAME = {"NW": "north-west", "NE": "north-east", "SE": "south-east", "SW": "south-west"}
# each colour's corner when the corner is not chosen (stand-in: seats sit clockwise round the table,
# rulebook "Setup" 3. puts a camp by the player's nearest corner). In Rani Abbakka with 2 or 3 players
# the players choose their corners instead ("Each player chooses their starting space on the board"):
# the game's camps are in state["camps"] (movement.camp).
CAMP = {"Green": CORNER_SQUARE["NW"], "Red": CORNER_SQUARE["NE"], "Yellow": CORNER_SQUARE["SE"],
        "Blue": CORNER_SQUARE["SW"]}
CAMP_SQUARES = frozenset(CAMP.values())
# Semi-Collaborative (rulebook, both competitive campaigns): "diagonally opposite players form alliances"
ALLY = {"Green": "Yellow", "Yellow": "Green", "Red": "Blue", "Blue": "Red"}
# seats by player count (stand-in choice: with 2 players the armies start in opposite corners)
SEATS = {1: ("Green",), 2: ("Green", "Yellow"), 3: ("Green", "Red", "Yellow"),
         4: ("Green", "Red", "Yellow", "Blue")}

# The Rani Abbakka patrol route (stand-in): the ring of the patrol ground one square inside the walls,
# clockwise from the north-west stairs. Patrol soldiers step one square along it after every turn.
_ring = ([sq(3, c) for c in range(3, 12)] + [sq(r, 11) for r in range(4, 12)]
         + [sq(11, c) for c in range(10, 2, -1)] + [sq(r, 3) for r in range(10, 3, -1)])
PATROL_ROUTE = tuple(_ring)
PATROL_START = (sq(3, 7), sq(11, 7))        # stand-in: opposite points of the route
GUARD_POSTS = (sq(6, 6), sq(6, 8), sq(8, 6), sq(8, 8))  # stand-in: around the General
GENERAL_POST = PALACE_CENTRE               # rulebook: "in the centre of the Palace"
# stand-in reading of "max. of 4 soldiers at the starting point on the board" (solo Rani Abbakka):
# the camp square and its three neighbours outside the fort
# (keyed by the camp square)
START_CLUSTER = {
    CORNER_SQUARE["NW"]: (sq(0, 0), sq(0, 1), sq(1, 0), sq(1, 1)),
    CORNER_SQUARE["NE"]: (sq(0, 14), sq(0, 13), sq(1, 14), sq(1, 13)),
    CORNER_SQUARE["SE"]: (sq(14, 14), sq(14, 13), sq(13, 14), sq(13, 13)),
    CORNER_SQUARE["SW"]: (sq(14, 0), sq(14, 1), sq(13, 0), sq(13, 1)),
}

# --- soldiers ----------------------------------------------------------------------------------------
# public (the rebuilt soldier table; rulebook "Defence (Shield) Tokens", "Moving Soldiers",
# "Attacking", "Carrying Capacity"). move: bonus to the movement of a soldier that is moved
# (+1 horse, -1 elephant, rulebook "Special Movement Rules"); penalty: range penalty per square beyond
# the first (0 = none); weapon: which Dodge card avoids its attack (appendix "Dodge the Sword/Spear/
# Arrow"); carry: treasure tokens (None = unlimited); foot: may use walls, stairs, small entrances and
# the palace ("Basic Concepts", "Obstructions").
UNLIMITED = 99
SOLDIERS = {
    "swordsman":   {"name": "Swordsman", "defence": 4, "move": 0, "range": 1, "penalty": 0,
                    "weapon": "sword", "carry": 1, "foot": True},
    "swordswoman": {"name": "Swordswoman", "defence": 4, "move": 0, "range": 1, "penalty": 0,
                    "weapon": "sword", "carry": 1, "foot": True},
    "spearman":    {"name": "Spearman", "defence": 3, "move": 0, "range": 2, "penalty": 1,
                    "weapon": "spear", "carry": 1, "foot": True},
    "archer":      {"name": "Archer", "defence": 2, "move": 0, "range": 3, "penalty": 1,
                    "weapon": "arrow", "carry": 1, "foot": True},
    "horse":       {"name": "Mounted Swordswoman", "defence": 4, "move": 1, "range": 1, "penalty": 0,
                    "weapon": "sword", "carry": 2, "foot": False},
    "elephant":    {"name": "Mounted Archer", "defence": 5, "move": -1, "range": 3, "penalty": 0,
                    "weapon": "arrow", "carry": UNLIMITED, "foot": False},
    # rulebook "Rani Abbakka: Specific Movement Rules" / "Setting up the Campaign": defence 5, +1 move,
    # a sword (adjacent attacks only); carries no treasure (no treasure in her campaign)
    "rani":        {"name": "Rani Abbakka", "defence": 5, "move": 1, "range": 1, "penalty": 0,
                    "weapon": "sword", "carry": 0, "foot": True},
    # rulebook "Setting up the Campaign" (Rani Abbakka): Patrol 2, Guards 3, General 4 defence
    "patrol":      {"name": "Portuguese Patrol", "defence": 2, "move": 0, "range": 1, "penalty": 0,
                    "weapon": "sword", "carry": 0, "foot": True},
    "guard":       {"name": "Portuguese Guard", "defence": 3, "move": 0, "range": 1, "penalty": 0,
                    "weapon": "sword", "carry": 0, "foot": True},
    "general":     {"name": "Portuguese General", "defence": 4, "move": 0, "range": 1, "penalty": 0,
                    "weapon": "sword", "carry": 0, "foot": True},
}
ARMY_KINDS = ("swordsman", "swordswoman", "spearman", "archer", "horse", "elephant")
FOOT_KINDS = ("swordsman", "swordswoman", "spearman", "archer")
# stand-in: 8 standees per army over the 6 kinds, two Mounted Swordswomen. The
# rulebook's component list shows "1x 1x 1x 2x 2x 2x"; this split keeps the sum at 8.
STANDEES = {"swordsman": 1, "swordswoman": 1, "spearman": 2, "archer": 1, "horse": 2, "elephant": 1}
assert sum(STANDEES.values()) == 8

# Rani Abbakka recruiting by player count (rulebook "Setting up the Campaign" of Rani Abbakka)
RANI_SOLDIERS = {1: 6, 2: 3, 3: 2}
RANI_SOLO_ON_BOARD = 4
# rulebook, same place: "2 Player Game - ... Each player chooses their starting space on the board."
# The 3-player line is silent; "Setup" 3. has every player pick the corner of their camp, so with 3
# players the corners are chosen too (reading). Solo: the stand-in corner of the seat (NW).
RANI_CHOOSE_CORNER = (2, 3)
PATROL_SIGHT = 4   # rulebook: "a line of sight of up to 4 spaces around them ... on the ground only"
GUARD_SIGHT = 2    # rulebook: "a line of up to 2 spaces"

# --- dice --------------------------------------------------------------------------------------------
# rulebook "The Dice": 5 dice, 3 symbols. stand-in: two faces of each symbol on a six-sided die.
MOVE, HIT, HEAL = "move", "hit", "heal"
SYMBOLS = (MOVE, HIT, HEAL)
DIE_FACES = (MOVE, MOVE, HIT, HIT, HEAL, HEAL)
DICE = 5
ROLLS = 3          # rulebook "Game Turn" 3.: "up to 3 times"
HAND_LIMIT = 6     # rulebook "Power Cards" and "Game Turn" 4.
START_HAND = 4     # rulebook "Setup" 5.
ARMY_AT_START = 3  # rulebook "Setting up the Campaign" 5.: "up to 3 Soldiers (any 3)"

# --- Power cards ------------------------------------------------------------------------------------
# rulebook "Power Cards Appendix": the kinds. stand-in: the values and the counts (54 cards in all,
# rulebook "Table of Contents"). Reasoning: the common enhancement cards most numerous, values +1/+2;
# the dodges three of each weapon; the strongest (Extreme Dodging) and the tactics two each.
CARD_KINDS = {
    # kind: (name, group, value, count)
    "move1":    ("Enhanced Movement +1", "movement", 1, 5),
    "move2":    ("Enhanced Movement +2", "movement", 2, 4),
    "attack1":  ("Enhanced Attack +1", "attack", 1, 5),
    "attack2":  ("Enhanced Attack +2", "attack", 2, 4),
    "defence1": ("Enhanced Defence -1", "defence", 1, 5),
    "defence2": ("Enhanced Defence -2", "defence", 2, 3),
    "dodge_sword": ("Dodge the Sword", "defence", 0, 3),
    "dodge_spear": ("Dodge the Spear", "defence", 0, 3),
    "dodge_arrow": ("Dodge the Arrow", "defence", 0, 3),
    "extreme":  ("Extreme Dodging", "defence", 0, 2),
    "recovery2": ("Quick Recovery 2", "recovery", 2, 3),
    "recovery3": ("Quick Recovery 3", "recovery", 3, 2),
    "mirror":   ("Mirror Action", "tactic", 0, 2),
    "extra":    ("Extra Turn", "tactic", 0, 2),
    "swap":     ("Swap a Card", "tactic", 0, 2),
    "retreat":  ("Retreat", "tactic", 0, 2),
    "taunt":    ("Taunt", "tactic", 0, 2),
    "recruit":  ("Additional Recruit", "tactic", 0, 2),
}
# every card has a number (its index here); the deck, hands and discard pile hold numbers
CARDS = tuple(kind for kind, (_n, _g, _v, count) in CARD_KINDS.items() for _ in range(count))
assert len(CARDS) == 54, len(CARDS)
DODGES = {"dodge_sword": "sword", "dodge_spear": "spear", "dodge_arrow": "arrow"}

# --- campaigns --------------------------------------------------------------------------------------
TREASURE, HOLD, RANI = "treasure", "hold", "rani"
TREASURE_TOKENS = 8      # rulebook "#1 Treasure Campaign": 8 Treasure Tokens
TREASURE_VP = 2          # 2 VP a token brought to camp
DEFEAT_VP = 1            # 1 VP a defeated opponent soldier
WIN_VP = 5               # first to 5
FLAGS = 5                # rulebook "Hold the Fort": 5 flag tokens a colour; the game ends at 5
