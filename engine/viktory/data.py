"""Viktory II data: map sizes, start hexes, the tile pile, units, towns and cities, victory tables.

Provenance labels: `rulebook X.Y` (the Viktory II rulebook, version 2.1, Morrison Games, at section X.Y),
`public: ...` (a public source), `stand-in: reason` (not public; our choice, easy to replace).
Hex ids and coordinates are those of geometry.py. Everything here is immutable.
"""

ROLES = ("Red", "Yellow", "Blue", "Green", "Purple", "Orange", "Black", "White")  # stand-in: colours
MIN_PLAYERS, MAX_PLAYERS = 2, 8  # rulebook 1.1

# rulebook 3.3: 2 players 61 hexes (5 on a side), 3 players 91 (6), 4 players 127 (7), 5-8 players 169 (8).
SIDE_FOR_PLAYERS = {2: 5, 3: 6, 4: 7, 5: 8, 6: 8, 7: 8, 8: 8}

# Start hexes (rulebook 3.3), by number of players; entry k is start position k+1 (the k-th player
# in turn order, rulebook 4.0 step 1 and 3.3 "Player starting positions are numbered").
# Each group: five hex ids (sorted).
START_HEXES = {
    # public: the licensed online version (tests/data/viktory_start_hexes.json, "hex_indices"):
    # the corner of the ring inside the perimeter water plus two ring hexes each side; opposite corners.
    2: ((7, 8, 9, 16, 24), (36, 44, 51, 52, 53)),
    # public: same file; alternate corners (up-right, left, down-right).
    3: ((9, 10, 11, 19, 28), (22, 31, 41, 52, 62), (68, 76, 81, 82, 83)),
    # stand-in: not public; the same corner chevrons (geometry.corner_group) at two opposite pairs of
    # corners (up-right, up-left, down-left, down-right) on the 127-hex map.
    4: ((11, 12, 13, 22, 32), (8, 9, 10, 16, 25), (94, 104, 113, 114, 115), (101, 110, 116, 117, 118)),
    # stand-in: the rulebook's Roman numeral groups are not public; five of the six corner chevrons.
    5: ((13, 14, 15, 25, 36), (9, 10, 11, 18, 28), (51, 64, 78, 93, 107), (132, 143, 153, 154, 155),
        (140, 150, 157, 158, 159)),
    # stand-in: the six corner chevrons of the 169-hex map (the Arabic number groups are not public).
    6: ((13, 14, 15, 25, 36), (9, 10, 11, 18, 28), (51, 64, 78, 93, 107), (132, 143, 153, 154, 155),
        (140, 150, 157, 158, 159), (61, 75, 90, 104, 117)),
    # rulebook 3.3: "1st player goes in the center, other players are in the corners like a 6-player
    # game"; stand-in: the centre hex with its left, right, up-right and down-left neighbours.
    7: ((70, 83, 84, 85, 98), (13, 14, 15, 25, 36), (9, 10, 11, 18, 28), (51, 64, 78, 93, 107),
        (132, 143, 153, 154, 155), (140, 150, 157, 158, 159), (61, 75, 90, 104, 117)),
    # rulebook 3.3: "1st and 2nd players are in the middle two shaded hex groups, other players are in
    # the corners"; stand-in: two groups of five left and right of the centre hex, not touching.
    8: ((67, 81, 82, 83, 96), (72, 85, 86, 87, 101), (13, 14, 15, 25, 36), (9, 10, 11, 18, 28),
        (51, 64, 78, 93, 107), (132, 143, 153, 154, 155), (140, 150, 157, 158, 159),
        (61, 75, 90, 104, 117)),
}

# Terrain (rulebook 3.1): four land terrains and water.
PLAINS, GRASSLAND, FOREST, MOUNTAIN, WATER = "plains", "grassland", "forest", "mountain", "water"
LAND = (PLAINS, GRASSLAND, FOREST, MOUNTAIN)
TERRAINS = LAND + (WATER,)

# The face-down draw pile (rulebook 3.2). public: the box holds 180 terrain hexes (research notes);
# stand-in: the split per terrain is not public; a water share of about a quarter, land split evenly.
TILE_PILE = {PLAINS: 34, GRASSLAND: 34, FOREST: 34, MOUNTAIN: 34, WATER: 44}

# Military units (rulebook 3.4, 10.11, 10.31, 10.41, 11.5).
INFANTRY, CAVALRY, ARTILLERY, FRIGATE = "infantry", "cavalry", "artillery", "frigate"
UNIT_TYPES = (INFANTRY, CAVALRY, ARTILLERY, FRIGATE)
LAND_UNITS = (INFANTRY, CAVALRY, ARTILLERY)
MOVEMENT_ALLOWANCE = {INFANTRY: 2, ARTILLERY: 2, CAVALRY: 3, FRIGATE: 5}  # rulebook 10.11, 10.31
SLOWED_BY_TERRAIN = (INFANTRY, ARTILLERY)  # rulebook 10.12 (Cavalry ignores Slow Terrain, 11.0 chart)
SLOW_TERRAIN = (FOREST, MOUNTAIN)  # rulebook 10.12
BOMBARDERS = (ARTILLERY, FRIGATE)  # rulebook 11.5
FRIGATE_OPTIONS_ALLOWANCE = 8  # rulebook 16.7
FRIGATE_CAPACITY = 3  # rulebook 10.41: up to 3 land units at a time, 3 in total per turn

# Terrain and Units Supported (rulebook 8.4, 9.1, 9.2).
TOWN_SUPPORT = {INFANTRY: 1}  # rulebook 9.1
CITY_SUPPORT = {  # rulebook 9.2 (includes the Infantry of the Town that was upgraded)
    PLAINS: {INFANTRY: 3},
    GRASSLAND: {INFANTRY: 1, CAVALRY: 1},
    MOUNTAIN: {INFANTRY: 1, ARTILLERY: 1},
    FOREST: {INFANTRY: 1, FRIGATE: 1},
}

# Reserve placement capacities per Player Turn (rulebook 14.11): the same as the support table.
TOWN_PLACEMENT = TOWN_SUPPORT
CITY_PLACEMENT = CITY_SUPPORT

# Combat (rulebook 11.1, 11.2, 13.3).
HIT_ON = 3  # rulebook 11.1: hits on 3 or less
HIT_ON_SUPPLIED = 4  # rulebook 11.2: Combat Supply, hits on 4 or less
TACTICAL_VICTORY = 1  # rulebook 11.1: each 1 rolled, the firing player chooses the casualty
DEFENSIVE_TERRAIN_DICE = {MOUNTAIN: 2, "city": 2, FOREST: 1, "town": 1}  # rulebook 13.3 step 2
METROPOLIS_DEFENCE_DICE = 3  # rulebook 16.6
METROPOLIS_POINTS = 3  # our reading of 16.6: "a Town unit is simply added next to the City" (2 + 1)

# Victory (rulebook 5.3, 5.4).
TOWN_POINTS, CITY_POINTS = 1, 2  # rulebook 5.3: 1 VP per Town, 2 per City
RACE_TARGETS = {2: 16, 3: 17, 4: 18, 5: 18, 6: 16, 7: 14, 8: 13}  # rulebook 5.4
DOOMSDAY_HIT = 1  # rulebook 5.5: a '1' places a coin next to the roller's Capital

# House rule (not in the rulebook): so that every game ends, an optional limit on game rounds after
# which empires are scored as in 5.3.
ROUND_LIMIT_CHOICES = (0, 30, 60, 100)
DEFAULT_ROUND_LIMIT = 60
