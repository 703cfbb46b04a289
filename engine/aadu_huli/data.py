"""The 23-point Aadu-Huli aata board (Vijayanagara rulebook 5.5: "played on a separate board").

Provenance: copied by a hand-run script from the project's board data file (aadu_huli_23_points.json,
the 23-point board as several independent public descriptions agree on it; kept outside the repository
with the rulebook texts).
Its note: "23-point Lambs-and-Tigers board (also known as Aadu Puli Aattam, Pulijudam, Demala Diviyan Keliya). Points 0..22: 0 is the apex; rows 1-3 have 6 points (the outer two belong to a rectangle crossing the triangle); row 4 (base) has 4. Adjacent = consecutive points on one line; a jump = three consecutive points on one line. Coordinates are a drawing suggestion (y grows downward)."
The rulebook itself gives no diagram in text form; this is the traditional 23-point Lambs-and-Tigers
board (a triangle crossed by a rectangle), whose three marked tiger points are the apex and the two
middle points of the first row. The engine must not read files at run time, hence these literals.
"""

NUM_POINTS = 23

# Straight lines of the board, each a run of consecutive points (used for drawing).
LINES = (
    (1, 2, 3, 4, 5, 6),
    (7, 8, 9, 10, 11, 12),
    (13, 14, 15, 16, 17, 18),
    (19, 20, 21, 22),
    (0, 2, 8, 14, 19),
    (0, 3, 9, 15, 20),
    (0, 4, 10, 16, 21),
    (0, 5, 11, 17, 22),
    (1, 7, 13),
    (6, 12, 18),
)

# Drawing coordinates (x, y), y grows downward; the apex is (0, 0).
COORDS = (
    (0.0, 0.0),  # 0
    (-3.5, 1.0),  # 1
    (-0.75, 1.0),  # 2
    (-0.25, 1.0),  # 3
    (0.25, 1.0),  # 4
    (0.75, 1.0),  # 5
    (3.5, 1.0),  # 6
    (-3.5, 2.0),  # 7
    (-1.5, 2.0),  # 8
    (-0.5, 2.0),  # 9
    (0.5, 2.0),  # 10
    (1.5, 2.0),  # 11
    (3.5, 2.0),  # 12
    (-3.5, 3.0),  # 13
    (-2.25, 3.0),  # 14
    (-0.75, 3.0),  # 15
    (0.75, 3.0),  # 16
    (2.25, 3.0),  # 17
    (3.5, 3.0),  # 18
    (-3.0, 4.0),  # 19
    (-1.0, 4.0),  # 20
    (1.0, 4.0),  # 21
    (3.0, 4.0),  # 22
)

# ADJACENCY[p]: the points one step from p along a line.
ADJACENCY = (
    (2, 3, 4, 5),  # 0
    (2, 7),  # 1
    (0, 1, 3, 8),  # 2
    (0, 2, 4, 9),  # 3
    (0, 3, 5, 10),  # 4
    (0, 4, 6, 11),  # 5
    (5, 12),  # 6
    (1, 8, 13),  # 7
    (2, 7, 9, 14),  # 8
    (3, 8, 10, 15),  # 9
    (4, 9, 11, 16),  # 10
    (5, 10, 12, 17),  # 11
    (6, 11, 18),  # 12
    (7, 14),  # 13
    (8, 13, 15, 19),  # 14
    (9, 14, 16, 20),  # 15
    (10, 15, 17, 21),  # 16
    (11, 16, 18, 22),  # 17
    (12, 17),  # 18
    (14, 20),  # 19
    (15, 19, 21),  # 20
    (16, 20, 22),  # 21
    (17, 21),  # 22
)

# (from, over, to): a tiger on `from` may leap over a goat on `over` to an empty `to` (5.5).
JUMPS = (
    (1, 2, 3),
    (3, 2, 1),
    (2, 3, 4),
    (4, 3, 2),
    (3, 4, 5),
    (5, 4, 3),
    (4, 5, 6),
    (6, 5, 4),
    (7, 8, 9),
    (9, 8, 7),
    (8, 9, 10),
    (10, 9, 8),
    (9, 10, 11),
    (11, 10, 9),
    (10, 11, 12),
    (12, 11, 10),
    (13, 14, 15),
    (15, 14, 13),
    (14, 15, 16),
    (16, 15, 14),
    (15, 16, 17),
    (17, 16, 15),
    (16, 17, 18),
    (18, 17, 16),
    (19, 20, 21),
    (21, 20, 19),
    (20, 21, 22),
    (22, 21, 20),
    (0, 2, 8),
    (8, 2, 0),
    (2, 8, 14),
    (14, 8, 2),
    (8, 14, 19),
    (19, 14, 8),
    (0, 3, 9),
    (9, 3, 0),
    (3, 9, 15),
    (15, 9, 3),
    (9, 15, 20),
    (20, 15, 9),
    (0, 4, 10),
    (10, 4, 0),
    (4, 10, 16),
    (16, 10, 4),
    (10, 16, 21),
    (21, 16, 10),
    (0, 5, 11),
    (11, 5, 0),
    (5, 11, 17),
    (17, 11, 5),
    (11, 17, 22),
    (22, 17, 11),
    (1, 7, 13),
    (13, 7, 1),
    (6, 12, 18),
    (18, 12, 6),
)

# The three specially marked vertices where the tigers start (5.5 Setup).
TIGER_START = (0, 3, 4)

GOATS = 15  # 5.5: Player One controls fifteen Goats
TIGERS = 3  # 5.5: Player Two controls three Tigers
TIGER_WIN_CAPTURES = 5  # 5.5: Player Two wins by capturing five Goats
