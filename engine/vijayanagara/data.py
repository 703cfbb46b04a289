"""Vijayanagara: the map, the pieces, the tracks and the setup, as plain immutable data.

Provenance labels (as in the project's research notes on the components, component-data.md, kept
outside the repository with the rulebook texts):
  rulebook X.Y   a fact printed in the rulebook at that section
  public: ...    a public source other than the rulebook
  stand-in: ...  designed by this project because the printed component is not public; easy to
                 replace by someone who owns the game.
"""
from engine.core.text import article

# --- Factions (rulebook 1.5) ----------------------------------------------------------------------
DELHI = "Delhi Sultanate"
BAHMANI = "Bahmani Kingdom"
VIJAYANAGARA = "Vijayanagara Empire"
MONGOLS = "Mongol Invaders"  # non-player (1.5), run by Bahmani or Vijayanagara (2.4)
FACTIONS = (DELHI, BAHMANI, VIJAYANAGARA)  # rulebook 1.5: the three player Factions
DECCAN = (BAHMANI, VIJAYANAGARA)  # the two Factions with a Deccan Influence track (1.9)
SHORT = {DELHI: "DS", BAHMANI: "BK", VIJAYANAGARA: "VE", MONGOLS: "MI"}
BY_SHORT = {v: k for k, v in SHORT.items()}

# --- Spaces (rulebook 1.3) ------------------------------------------------------------------------
MOUNTAIN_PASSES = "Mountain Passes"
PUNJAB = "Punjab"
DELHI_SPACE = "Delhi"
MONGOL_REGIONS = (MOUNTAIN_PASSES, PUNJAB)  # rulebook 1.3.2
# rulebook 1.3 / component-data.md: the twelve Provinces, by their real names.
PROVINCES = (
    "Sindh", "Rajput Kingdoms", "Gujarat", "Malwa", "Jaunpur", "Madhyadesh",
    "Gondwana", "Orissa", "Maharashtra", "Andhra", "Karnataka", "Tamilakam",
)
SPACES = (MOUNTAIN_PASSES, PUNJAB, DELHI_SPACE) + PROVINCES
# rulebook 1.3.2, 1.3.3: only Mongol Invader and Sultanate pieces may enter these.
SULTANATE_ONLY = (MOUNTAIN_PASSES, PUNJAB, DELHI_SPACE)
VINDHYA_RANGE = "Vindhya Range"  # rulebook 1.3.6: impassable, not a space

# Prosperity (rulebook 1.3.1: each Province 1 or 2; 2.1 + 5.1: all start Tributary and the Sultanate
# starts on 18 VP, so the total is 18: six Provinces at 2 and six at 1).
# stand-in: which six are worth 2 is not public; we give 2 to the six richest regions of the
# 14th century: the Gujarat ports, Malwa, the Gangetic Jaunpur, Devagiri's Maharashtra, Kakatiya
# Andhra (Warangal) and Hoysala Karnataka; the rest (arid Sindh, the Rajput hills, the Gond forests,
# Madhyadesh, Orissa and the far south) are worth 1.
PROSPERITY = {
    "Sindh": 1, "Rajput Kingdoms": 1, "Gujarat": 2, "Malwa": 2, "Jaunpur": 2, "Madhyadesh": 1,
    "Gondwana": 1, "Orissa": 1, "Maharashtra": 2, "Andhra": 2, "Karnataka": 2, "Tamilakam": 1,
}
PROVINCE_PROSPERITY = tuple((p, PROSPERITY[p]) for p in PROVINCES)  # in PROVINCES' order (the score's loops)

# Adjacency (rulebook 1.3.5: spaces sharing any border point, vertices included).
# Facts it must meet: Gondwana-Andhra and Madhyadesh-Orissa adjacent, Jaunpur-Punjab not (1.3.5);
# the Vindhya Range blocks Malwa-Gondwana and Madhyadesh-Jaunpur (1.3.6); the Mongol route runs
# Mountain Passes - Punjab - Delhi (2.6, 3.5.1, 3.5.2).
# stand-in: the rest follows the geography of 14th-century India. Around the Vindhya Range the
# four Provinces lie Malwa (west), Jaunpur (north), Gondwana (east), Madhyadesh (south), so the
# blocked pairs are the opposite ones; Gondwana, Orissa, Andhra and Madhyadesh meet at one point
# in the eastern Deccan, which is why the diagonal pairs Gondwana-Andhra and Madhyadesh-Orissa touch
# (the rulebook's "Hence" in 1.3.5 points to such vertex contacts).
_EDGES = (
    (MOUNTAIN_PASSES, PUNJAB),          # rulebook 2.6: the invasion route
    (PUNJAB, DELHI_SPACE),              # rulebook 2.6: the invasion route
    (MOUNTAIN_PASSES, "Sindh"),         # stand-in: the Bolan Pass opens onto Sindh
    (PUNJAB, "Sindh"),                  # stand-in: the Indus
    (PUNJAB, "Rajput Kingdoms"),        # stand-in
    (DELHI_SPACE, "Rajput Kingdoms"),   # stand-in
    (DELHI_SPACE, "Jaunpur"),           # stand-in: the Doab
    (DELHI_SPACE, "Malwa"),             # stand-in: by Gwalior and Chanderi
    ("Sindh", "Rajput Kingdoms"),       # stand-in: the Thar
    ("Sindh", "Gujarat"),               # stand-in: the Rann of Kutch
    ("Rajput Kingdoms", "Gujarat"),     # stand-in
    ("Rajput Kingdoms", "Malwa"),       # stand-in
    ("Gujarat", "Malwa"),               # stand-in
    ("Gujarat", "Maharashtra"),         # stand-in: the Konkan coast
    ("Malwa", "Jaunpur"),               # stand-in: north of the Vindhya
    ("Malwa", "Madhyadesh"),            # stand-in: west of the Vindhya
    ("Malwa", "Maharashtra"),           # stand-in: the Narmada-Tapti crossing to Devagiri
    ("Jaunpur", "Gondwana"),            # stand-in: east of the Vindhya
    ("Jaunpur", "Orissa"),              # stand-in: by Bihar and Jharkhand
    ("Gondwana", "Madhyadesh"),         # stand-in: south-east of the Vindhya
    ("Gondwana", "Orissa"),             # stand-in
    ("Gondwana", "Andhra"),             # rulebook 1.3.5
    ("Madhyadesh", "Orissa"),           # rulebook 1.3.5
    ("Madhyadesh", "Andhra"),           # stand-in
    ("Madhyadesh", "Maharashtra"),      # stand-in: Berar
    ("Orissa", "Andhra"),               # stand-in: the Godavari delta
    ("Maharashtra", "Andhra"),          # stand-in: Bidar
    ("Maharashtra", "Karnataka"),       # stand-in: Gulbarga and the Raichur Doab
    ("Andhra", "Karnataka"),            # stand-in: the Raichur Doab
    ("Andhra", "Tamilakam"),            # stand-in: the Coromandel coast
    ("Karnataka", "Tamilakam"),         # stand-in: the Kaveri
)
# rulebook 1.3.5, 1.3.6: pairs that must never be adjacent.
NOT_ADJACENT = (("Jaunpur", PUNJAB), ("Malwa", "Gondwana"), ("Madhyadesh", "Jaunpur"))


def _adjacency():
    adj = {space: [] for space in SPACES}
    for a, b in _EDGES:
        adj[a].append(b)
        adj[b].append(a)
    order = {space: i for i, space in enumerate(SPACES)}
    return {space: tuple(sorted(ns, key=order.__getitem__)) for space, ns in adj.items()}


ADJACENT = _adjacency()  # space -> tuple of adjacent spaces in SPACES order

# Cities (rulebook 1.3.4): named points at vertices of Province boundaries, not spaces; Delhi is not
# a City. stand-in: the historical places of component-data.md, each with the Provinces it touches.
CITIES = {
    "Devagiri": ("Maharashtra", "Malwa", "Madhyadesh"),   # stand-in: Daulatabad from 1327
    "Warangal": ("Andhra", "Gondwana", "Madhyadesh", "Orissa"),  # stand-in: the Kakatiya capital
    "Dwarasamudra": ("Karnataka", "Tamilakam"),           # stand-in: the Hoysala capital
    "Madurai": ("Tamilakam", "Andhra"),                    # stand-in: the Madurai Sultanate
    "Kampili": ("Karnataka", "Maharashtra"),               # stand-in
    "Gulbarga": ("Maharashtra", "Karnataka", "Andhra"),    # stand-in: the first Bahmani capital
    "Bidar": ("Maharashtra", "Andhra", "Madhyadesh"),      # stand-in
    "Raichur": ("Karnataka", "Andhra"),                    # stand-in: the Raichur Doab
}

# --- Pieces (rulebook 1.4) ------------------------------------------------------------------------
# Piece kinds as kept in a space. Amirs and Rajas carry their state (1.4.5): _o Obedient, _r Rebelling.
TROOP, GOVERNOR, QASBAH = "troop", "governor", "qasbah"
AMIR_O, AMIR_R, FORT = "amir_o", "amir_r", "fort"
RAJA_O, RAJA_R, TEMPLE = "raja_o", "raja_r", "temple"
MONGOL = "mongol"
PIECE_KINDS = (TROOP, GOVERNOR, QASBAH, AMIR_O, AMIR_R, FORT, RAJA_O, RAJA_R, TEMPLE, MONGOL)
# The type of a piece in the Available boxes (state is not kept off the map).
PIECE_TYPE = {TROOP: "troop", GOVERNOR: "governor", QASBAH: "qasbah", AMIR_O: "amir", AMIR_R: "amir",
              FORT: "fort", RAJA_O: "raja", RAJA_R: "raja", TEMPLE: "temple", MONGOL: "mongol"}
PIECE_TYPES = ("troop", "governor", "qasbah", "amir", "fort", "raja", "temple", "mongol")
OWNER = {TROOP: DELHI, GOVERNOR: DELHI, QASBAH: DELHI, AMIR_O: BAHMANI, AMIR_R: BAHMANI,
         FORT: BAHMANI, RAJA_O: VIJAYANAGARA, RAJA_R: VIJAYANAGARA, TEMPLE: VIJAYANAGARA,
         MONGOL: MONGOLS}
UNITS = (TROOP, GOVERNOR, AMIR_O, AMIR_R, RAJA_O, RAJA_R, MONGOL)  # rulebook 1.4.1
STRUCTURES = (QASBAH, FORT, TEMPLE)  # rulebook 1.4.2
STRUCTURE_OF = {DELHI: QASBAH, BAHMANI: FORT, VIJAYANAGARA: TEMPLE}
OBEDIENT = {BAHMANI: AMIR_O, VIJAYANAGARA: RAJA_O}
REBELLING = {BAHMANI: AMIR_R, VIJAYANAGARA: RAJA_R}
PIECE_NAMES = {TROOP: "Troop", GOVERNOR: "Governor", QASBAH: "Qasbah", AMIR_O: "Obedient Amir",
               AMIR_R: "Rebelling Amir", FORT: "Fort", RAJA_O: "Obedient Raja",
               RAJA_R: "Rebelling Raja", TEMPLE: "Temple", MONGOL: "Mongol Invader"}


def pieces_text(n: int, piece: str) -> str:
    """'1 Troop', '2 Obedient Amirs': a count of pieces for the log."""
    return f"{n} {PIECE_NAMES[piece]}" + ("" if n == 1 else "s")


def a_piece(piece: str) -> str:
    """'a Governor', 'an Obedient Amir'."""
    return article(PIECE_NAMES[piece])


KINDS_OF = {DELHI: (TROOP, GOVERNOR, QASBAH), BAHMANI: (AMIR_O, AMIR_R, FORT),
            VIJAYANAGARA: (RAJA_O, RAJA_R, TEMPLE), MONGOLS: (MONGOL,)}

# rulebook 1.2 and 1.4: the pieces in the box.
PIECE_TOTALS = {"troop": 32, "governor": 5, "qasbah": 5, "amir": 18, "fort": 5, "raja": 22,
                "temple": 5, "mongol": 12}

# --- Tracks (rulebook 1.8, 1.9, 1.10) ------------------------------------------------------------
RESOURCES_MAX = 24  # rulebook 1.8
INFLUENCE_MAX = 4   # rulebook 1.9.1 / 1.9.2: levels 0 (start) to 4
CAVALRY_TOTAL = 10  # rulebook 1.10: a shared pool of ten tokens
# rulebook 1.9, 2.1, 1.9.1, 1.9.2: Units waiting on the Deccan Influence tracks, by level 0..4.
TRACK_UNITS = {BAHMANI: (0, 0, 2, 0, 2), VIJAYANAGARA: (0, 2, 2, 2, 2)}
TRACK_PIECE = {BAHMANI: "amir", VIJAYANAGARA: "raja"}
PASS_INCOME = {DELHI: 3, BAHMANI: 1, VIJAYANAGARA: 1}  # rulebook 2.3.6

# --- Setup (rulebook 2.1) -------------------------------------------------------------------------
SETUP_PIECES = {
    DELHI_SPACE: {TROOP: 4},
    MOUNTAIN_PASSES: {TROOP: 2},
    PUNJAB: {TROOP: 4},
    "Malwa": {TROOP: 3, GOVERNOR: 1},
    "Jaunpur": {TROOP: 2},
    "Madhyadesh": {TROOP: 2, AMIR_O: 2},
    "Sindh": {TROOP: 1},
    "Rajput Kingdoms": {TROOP: 1},
    "Gujarat": {TROOP: 1, AMIR_O: 1},
    "Maharashtra": {AMIR_O: 4},
    "Gondwana": {AMIR_O: 1},
    "Andhra": {TROOP: 1, QASBAH: 1, RAJA_O: 2},
    "Karnataka": {RAJA_O: 3},
    "Tamilakam": {TROOP: 1, RAJA_O: 1},
}
SETUP_AVAILABLE = {"troop": 10, "governor": 4, "qasbah": 4, "amir": 6, "fort": 5, "raja": 8,
                   "temple": 5, "mongol": 12}
SETUP_RESOURCES = {DELHI: 12, BAHMANI: 6, VIJAYANAGARA: 7}
SETUP_CAVALRY = {DELHI: 2, BAHMANI: 0, VIJAYANAGARA: 0}
SETUP_VICTORY = {DELHI: 18, BAHMANI: 0, VIJAYANAGARA: 0}  # rulebook 2.1 (check of 5.1-5.3)

# rulebook 2.1, deck construction.
EVENTS_DEALT = 24
STACKS = 4
STACK_SIZE = 6
INVASIONS_PER_STACK = 2  # into each of the first three stacks
