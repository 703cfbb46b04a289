"""The map state and the rules that keep it consistent: placing and removing pieces (1.4.3-1.4.6),
Tributary and Independent (1.6), Control (1.7), Resources (1.8), Deccan Influence (1.9) and Cavalry
(1.10). Every change goes through these functions, which recompute Control and the automatic flips.

State used here (plain data):
    spaces      {space: {kind: count}} for every kind of data.PIECE_KINDS
    available   {piece type: count} (data.PIECE_TYPES), the holding boxes (1.4.3)
    tributary   {province: bool}  (1.6)
    control     {province: faction or None}  (1.7; None for Tributary or Uncontrolled)
    resources   {faction: 0..24}  (1.8)
    cavalry     {faction: tokens}; the pool holds the rest of the ten (1.10)
    influence   {Bahmani, Vijayanagara: 0..4}  (1.9)
    track       {Bahmani, Vijayanagara: [units on level 0..4]}  (1.9)
    used        {space: {kind: n}}: pieces already used (moved, attacking) in the Command in
                progress (3.1.2); empty between Commands (see "single use per piece" below)
"""
from operator import itemgetter

from . import data
from .data import BAHMANI, DELHI, VIJAYANAGARA

# --- counting -------------------------------------------------------------------------------------

def count(state, space, kind) -> int:
    return state["spaces"][space][kind]


def faction_pieces(state, space, faction) -> int:
    """All pieces (Units and Structures) of a faction in a space (1.4)."""
    here = state["spaces"][space]
    return sum(here[k] for k in data.KINDS_OF[faction])


def faction_units(state, space, faction) -> int:
    here = state["spaces"][space]
    return sum(here[k] for k in data.KINDS_OF[faction] if k in data.UNITS)


def has_piece(state, space, faction) -> bool:
    return faction_pieces(state, space, faction) > 0


def on_map(state, piece_type) -> int:
    kinds = _KINDS_OF_TYPE[piece_type]
    if len(kinds) == 1:  # the bots' score asks for Forts and Temples thousands of times a decision
        kind = kinds[0]
        return sum(here[kind] for here in state["spaces"].values())
    return sum(here[k] for here in state["spaces"].values() for k in kinds)


_KINDS_OF_TYPE = {t: tuple(k for k in data.PIECE_KINDS if data.PIECE_TYPE[k] == t) for t in data.PIECE_TYPES}


def pool(state) -> int:
    """Cavalry tokens in the shared pool (1.10)."""
    return data.CAVALRY_TOTAL - sum(state["cavalry"].values())


def may_enter(space, kind) -> bool:
    """1.3.2, 1.3.3: only Mongol and Sultanate pieces enter Delhi and the Mongol Invasion Regions;
    Mongol Invaders never enter Provinces (1.3.1)."""
    owner = data.OWNER[kind]
    if space in data.SULTANATE_ONLY:
        return owner in (DELHI, data.MONGOLS)
    return owner != data.MONGOLS


# --- placing and removing (1.4.3-1.4.6) ----------------------------------------------------------

def can_place(state, kind, space) -> bool:
    if not may_enter(space, kind):
        return False
    if state["available"][data.PIECE_TYPE[kind]] <= 0:
        return False  # 1.4.6: none in the box, none placed
    if kind in data.STRUCTURES and state["spaces"][space][kind] >= 1:
        return False  # 1.4.4: one Structure of each Faction per space
    return True


def place(state, kind, space, n=1) -> int:
    """Places up to n pieces (1.4.6); returns how many were placed. Amirs and Rajas placed Obedient
    flip to Rebelling in a Province their Faction Controls (1.4.5, via update_control)."""
    placed = 0
    while placed < n and can_place(state, kind, space):
        state["available"][data.PIECE_TYPE[kind]] -= 1
        state["spaces"][space][kind] += 1
        placed += 1
    if placed:
        update_control(state)
    return placed


def remove(state, space, kind, n=1) -> int:
    """Removes up to n pieces to their holding box (1.4.3), used ones first (3.1.2, see
    take_used); returns how many."""
    n = min(n, state["spaces"][space][kind])
    if n > 0:
        take_used(state, space, kind, n)
        state["spaces"][space][kind] -= n
        state["available"][data.PIECE_TYPE[kind]] += n
        update_control(state)
    return n


def move(state, src, dst, kind, n=1, to_kind=None, mark=False) -> int:
    """Moves up to n pieces, unused ones first, arriving as `to_kind` (3.3.2, 3.4.2: Migrate may
    change their orientation); with `mark` they arrive used in this Command (3.1.2)."""
    to_kind = to_kind or kind
    n = min(n, state["spaces"][src][kind])
    if n > 0:
        carried = take_used(state, src, kind, max(0, n - unused(state, src, kind)))
        state["spaces"][src][kind] -= n
        state["spaces"][dst][to_kind] += n
        if carried or mark:
            mark_used(state, dst, to_kind, n if mark else carried)
        update_control(state)
    return n


def flip(state, space, from_kind, to_kind, n=None) -> int:
    here = state["spaces"][space]
    n = here[from_kind] if n is None else min(n, here[from_kind])
    if n and state["used"]:
        _flip_marks(state, space, from_kind, to_kind, n)
    here[from_kind] -= n
    here[to_kind] += n
    if n:
        update_control(state)
    return n


# --- Tributary, Independent, Control (1.6, 1.7) --------------------------------------------------

def controller(state, space):
    """1.7: the Faction whose pieces outnumber all opposing pieces combined, in an Independent
    Province; Tributary Provinces and non-Provinces are never Controlled."""
    if space not in _PROVINCE_SET or state["tributary"][space]:
        return None
    here = state["spaces"][space]
    counts = [sum(pieces(here)) for pieces in _PIECES_OF]
    total = sum(counts)
    for f, n in zip(data.FACTIONS, counts):
        if n > total - n:
            return f
    return None


def update_control(state) -> None:
    """Recomputes Control everywhere and applies 1.4.5: every Amir in a Bahmani Controlled Province
    and every Raja in a Vijayanagara Controlled Province is Rebelling."""
    for prov in data.PROVINCES:
        owner = controller(state, prov)
        state["control"][prov] = owner
        if owner in data.DECCAN:
            here = state["spaces"][prov]
            ob, reb = data.OBEDIENT[owner], data.REBELLING[owner]
            if here[ob] and state["used"]:
                _flip_marks(state, prov, ob, reb, here[ob])
            here[reb] += here[ob]
            here[ob] = 0


# Control's counts (quick: bots count thousands of positions a decision): the Provinces, and each
# Faction's pieces of a space in data.FACTIONS' order
_PROVINCE_SET = frozenset(data.PROVINCES)
_PIECES_OF = tuple(itemgetter(*data.KINDS_OF[f]) for f in data.FACTIONS)


def make_tributary(state, prov) -> None:
    """1.6: placing a Tributary marker flips all Rebelling Amirs and Rajas there to Obedient."""
    state["tributary"][prov] = True
    here = state["spaces"][prov]
    for f in data.DECCAN:
        ob, reb = data.OBEDIENT[f], data.REBELLING[f]
        if here[reb] and state["used"]:
            _flip_marks(state, prov, reb, ob, here[reb])
        here[ob] += here[reb]
        here[reb] = 0
    update_control(state)


# --- single use per piece (3.1.2) -----------------------------------------------------------------
# "No piece may be used more than once during one Command", whatever becomes of it meanwhile: an
# Amir that attacked and then flipped to Rebelling (1.4.5) is still the Amir that attacked. Pieces
# of one kind in one space differ only in being used or not, so state["used"] counts the used ones
# per space and kind, and every change of the pieces keeps the count with them: flips carry the
# marks (1.4.5, 1.6), moves take unused pieces first, removals used ones first.

def used(state, space, kind) -> int:
    return state["used"].get(space, {}).get(kind, 0)


def unused(state, space, kind) -> int:
    """Pieces of `kind` in `space` still free to be used in this Command (3.1.2)."""
    return state["spaces"][space][kind] - used(state, space, kind)


def mark_used(state, space, kind, n=1) -> None:
    if n > 0:
        marks = state["used"].setdefault(space, {})
        marks[kind] = marks.get(kind, 0) + n


def take_used(state, space, kind, n) -> int:
    """Unmarks up to n used pieces of `kind` that leave `space` or change kind; returns how many.
    A removal takes used pieces first: an attacker's casualties are pieces involved in the battle,
    all used (3.2.4, 3.3.4, 3.4.4), and a 1.9 refill from the map during an Attack returns a used
    piece before a fresh one of the same kind and space (the Faction's better choice: the two
    differ only in that the fresh one may still act in this Command)."""
    marks = state["used"].get(space)
    n = min(n, marks.get(kind, 0)) if marks else 0
    if n > 0:
        marks[kind] -= n
        if not marks[kind]:
            del marks[kind]
            if not marks:
                del state["used"][space]
    return n


def _flip_marks(state, space, from_kind, to_kind, n) -> None:
    """n of the pieces of `from_kind` in `space` flip to `to_kind`: their marks go with them. A
    flip of all of them (1.4.5, 1.6, Rebel, an Attack's defender) carries every mark; a partial flip
    (Compel, a Decree: no marks then) takes unused pieces first."""
    carried = take_used(state, space, from_kind, max(0, n - unused(state, space, from_kind)))
    mark_used(state, space, to_kind, carried)


def make_independent(state, prov) -> None:
    state["tributary"][prov] = False
    update_control(state)


# --- Resources (1.8) ------------------------------------------------------------------------------

def add_resources(state, faction, n) -> int:
    """Adds n (or subtracts), kept within 0..24 (1.8); returns the actual change."""
    before = state["resources"][faction]
    state["resources"][faction] = max(0, min(data.RESOURCES_MAX, before + n))
    return state["resources"][faction] - before


# --- Cavalry (1.10) -------------------------------------------------------------------------------

def gain_cavalry(state, faction, n) -> int:
    """1.10: "When each Cavalry token is earned it is taken from the pool; if there are none
    available in the pool it may be taken from any other Faction." Takes what the pool holds; for
    the rest, when another Faction holds Cavalry, queues a "cavalry_take" choice in state["pending"]
    (choices.py): "may", so the earner picks whom each token comes from, or declines. Returns the
    tokens taken from the pool."""
    gained = 0
    while gained < n and pool(state) > 0:
        state["cavalry"][faction] += 1
        gained += 1
    owed = min(n - gained, sum(state["cavalry"][f] for f in data.FACTIONS if f != faction))
    if owed > 0:
        state["pending"].append({"kind": "cavalry_take", "role": faction, "left": owed})
    return gained


def spend_cavalry(state, faction, n=1) -> int:
    n = min(n, state["cavalry"][faction])
    state["cavalry"][faction] -= n
    return n


# --- Deccan Influence (1.9) -----------------------------------------------------------------------

def shift_influence(state, faction, n) -> int:
    """Moves the faction's Influence marker by n one step at a time, ignoring moves off the track
    (1.9). Moving on or past a slot with Units releases them to Available; moving below an emptied
    slot refills it (1.9, see refill_track). Returns the actual shift."""
    moved = 0
    step = 1 if n > 0 else -1
    for _ in range(abs(n)):
        level = state["influence"][faction] + step
        if not 0 <= level <= data.INFLUENCE_MAX:
            break
        state["influence"][faction] = level
        moved += step
        track = state["track"][faction]
        if step > 0 and track[level]:
            state["available"][data.TRACK_PIECE[faction]] += track[level]
            track[level] = 0
        elif step < 0:
            refill_track(state, faction, level + 1)
    return moved


def refill_need(state, faction, slot) -> int:
    """Units missing from a marked track slot that Influence lies below (1.9)."""
    if state["influence"][faction] >= slot:
        return 0
    return data.TRACK_UNITS[faction][slot] - state["track"][faction][slot]


def refill_sources(state, faction) -> list:
    """1.9: where the Units for a track slot may come from: "available" (the holding box) and
    [space, kind] for the Faction's Amirs/Rajas on the map, in map order."""
    srcs = ["available"] if state["available"][data.TRACK_PIECE[faction]] else []
    for space in data.PROVINCES:
        for kind in (data.OBEDIENT[faction], data.REBELLING[faction]):
            if state["spaces"][space][kind]:
                srcs.append([space, kind])
    return srcs


def refill_one(state, faction, slot, source) -> None:
    """Puts one Unit from `source` (see refill_sources) on the track slot."""
    if source == "available":
        state["available"][data.TRACK_PIECE[faction]] -= 1
    else:
        take_used(state, source[0], source[1], 1)  # 3.1.2: a used one first (see take_used)
        state["spaces"][source[0]][source[1]] -= 1
    state["track"][faction][slot] += 1
    update_control(state)


def refill_track(state, faction, slot) -> None:
    """1.9: Influence dropped below the slot at `slot`: if it is a marked slot the Faction must put
    Units back "from either their holding box or anywhere on the map". Where there is only one
    source it is done at once; otherwise the Faction chooses, unit by unit (a "refill" choice queued
    in state["pending"], see choices.py)."""
    while refill_need(state, faction, slot) > 0:
        srcs = refill_sources(state, faction)
        if not srcs:
            return
        if len(srcs) > 1:
            state["pending"].append({"kind": "refill", "role": faction, "slot": slot})
            return
        refill_one(state, faction, slot, srcs[0])


# --- Victory (5.1-5.3) ----------------------------------------------------------------------------

def tributary_prosperity(state) -> int:
    return sum(data.PROSPERITY[p] for p in data.PROVINCES if state["tributary"][p])


def controlled_prosperity(state, faction) -> int:
    return sum(data.PROSPERITY[p] for p in data.PROVINCES if state["control"][p] == faction)


def victory_points(state, final=False) -> dict:
    """5.1-5.3. The Sultanate's Delhi adjustment (3 minus the Mongols in Delhi, at least -3) counts
    only at the end of the game (final=True)."""
    # one pass over the Provinces and one over the spaces (bots score thousands of positions a decision)
    tributary, control = state["tributary"], state["control"]
    delhi, controlled = 0, {BAHMANI: 0, VIJAYANAGARA: 0, DELHI: 0, None: 0}
    for p, prosperity in data.PROVINCE_PROSPERITY:
        if tributary[p]:
            delhi += prosperity
        controlled[control[p]] += prosperity
    forts = temples = 0
    for here in state["spaces"].values():
        forts += here[data.FORT]
        temples += here[data.TEMPLE]
    influence = state["influence"]
    vp = {DELHI: delhi, BAHMANI: controlled[BAHMANI] + forts + influence[BAHMANI],
          VIJAYANAGARA: controlled[VIJAYANAGARA] + temples + influence[VIJAYANAGARA]}
    if final:
        vp[DELHI] += max(-3, 3 - state["spaces"][data.DELHI_SPACE][data.MONGOL])
    return vp
