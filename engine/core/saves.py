"""Saves and share links (DESIGN.md): two formats, both base64url without padding.

Format 1, the save by value: a small dict of plain data, msgpack then zlib; the game state is rebuilt
by replaying its actions. This device keeps games so, and every link made before format 2 is one.
Format 2, the share link: the moves as indexes among the choices of each moment, packed tightly
("Share links, format 2" below): 3-4 times shorter. `decode` reads both.
Every decoder here treats its input as hostile: whatever it is given, it either returns a
well-formed save or raises SaveError with a message fit to show a player. It never hangs:
the text, the decompressed bytes, the number of actions (GameInfo.max_actions, set so that the
longest allowed game replays in well under 2 s) and the size and depth of each value all have hard
limits, and every message quotes a value from the save only as a short excerpt.

Rules versions. A save records the rules version it was played under (GameInfo.rules_version).
Every change to a game's rules that can change what a save replays to (a move that was legal no
longer is, or the reverse, or a different outcome) raises that game's rules version by one; the
generic tests hold fixtures of saves made under each earlier version (tests/data/saves_r*/) and
check that saves of the current version replay in full. What a version means when a save is opened:
- the current version: every move must replay; one that does not means the save was altered or
  damaged, and it is refused (SaveError);
- an earlier version: the game is replayed under the current rules as far as it goes; where a move
  no longer replays, the game opens after the last move that did and the Session carries a notice
  saying which move and why (Session.notice). The page keeps the original save untouched and
  continues the game as a copy, so a fix of ours never costs a player a game;
- a later version (a save from a newer copy of the site): refused with a message to reload.
A link leaves out the options at their defaults; where a game's default has changed since, an option
a link of an earlier version leaves out takes the default of that version (GameInfo.former_defaults).
"""
from __future__ import annotations

import base64
import binascii
import re
import zlib

import msgpack

from engine.core.api import excerpt, same as _same
from engine.games import GAMES  # the registry imports a game only when asked for it

FORMAT_VERSION = 1
MAX_LINK_CHARS = 400_000  # far above any real game; a longer fragment is refused unread
MAX_PACKED_BYTES = 4_000_000  # decompression stops here (no zip bombs)
MAX_NAME_CHARS = 80
# Each action (and option value) is a small value: depth, element count and string length far above
# what any game's actions use (at most depth 2, 4 elements, 20-character strings), far below what
# could make a message, a comparison or a copy expensive.
MAX_VALUE_DEPTH = 8
MAX_VALUE_ITEMS = 64
MAX_VALUE_CHARS = 200
_B64URL = re.compile(r"[A-Za-z0-9_-]*")


class SaveError(ValueError):
    """A save or link that cannot be read; the message is meant for the player."""


class ReplayError(SaveError):
    """A save the engine failed on while replaying: a bug of ours, not a damaged link. The message
    says so; the exception it wraps is its __cause__, for the console and the tests."""


def encode(save: dict) -> str:
    """A save by value (format 1): what this device keeps, since it replays under later rules too."""
    packed = msgpack.packb(save, use_bin_type=True)
    return _b64(zlib.compress(packed, 9))


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def decode(text) -> dict:
    """Text (a link, a fragment or the bare code) -> a checked save dict, or SaveError: format 1 (a
    zlib stream, first byte 0x78) or a link of format 2 (a msgpack list, first byte 0x9_)."""
    return check_read(read(text))


def read(text):
    """decode in two steps: the text unpacked but not checked (its game_of, to fetch that game's
    code first: the page downloads only the game it opens), then check_read."""
    data = _payload(text)
    return _unpack(data) if data[:1] == b"\x78" else _unpack_link(data)


def game_of(raw):
    """The game id an unchecked save or link names, if it names one (check_read checks it)."""
    game = raw.get("g") if isinstance(raw, dict) else raw[1] if isinstance(raw, list) and len(raw) > 1 else None
    return game if isinstance(game, str) else None


def check_read(raw) -> dict:
    return check(raw) if isinstance(raw, dict) else check_link(raw)


# -- Share links, format 2 ----------------------------------------------------------------------
# A link stores each move as its index among the choices of that moment (Session: every active role's
# `choices`, in active() order; a game's legal actions unless it lists a cheap superset), with the
# number of choices as its radix. Indexes are packed as mixed-radix numbers in blocks of BLOCK_BYTES
# (a block closes before the index whose radix would overflow it), so that decoding is linear; a forced
# move costs nothing. The header holds only what differs from the defaults. A CRC-32 of the header and
# of the moves by value ends the list: a damaged or altered link is refused instead of opening as some
# other game, and a link made under an earlier rules version opens only if its moves mean the same
# under the current rules (docs/link-format-study.md; the device that made it keeps it by value).
#
#   msgpack [2, game, rules version, {non-default options}, seed, seats, uid, name, moves, crc, indexes]
#   seats: a seat named after its role is its level alone (None: a person), else [name, level];
#   uid: 8 raw bytes when it is 16 hex digits; name: None when it is the game's title.
LINK_FORMAT = 2
BLOCK_BYTES = 32
_BLOCK = 1 << (8 * BLOCK_BYTES)
_HEX_UID = re.compile(r"[0-9a-f]{16}")


def pack_indexes(digits) -> bytes:
    """(index, radix) pairs -> bytes (see IndexReader for the inverse)."""
    out, value, mult = bytearray(), 0, 1
    for index, radix in digits:
        if radix == 1:
            continue
        if mult * radix > _BLOCK:
            out += value.to_bytes(BLOCK_BYTES, "big")
            value, mult = 0, 1
        value += index * mult
        mult *= radix
    if mult > 1:  # the last block as short as its value
        out += value.to_bytes((value.bit_length() + 7) // 8, "big")
    return bytes(out)


class IndexReader:
    """Reads back what pack_indexes wrote, one index at a time, given each radix as replaying finds it."""

    def __init__(self, data: bytes):
        self.data, self.pos, self.value, self.mult, self.started = data, 0, 0, 1, False

    def take(self, radix: int) -> int:
        if radix == 1:
            return 0
        if not self.started or self.mult * radix > _BLOCK:
            self._close()
            chunk = self.data[self.pos:self.pos + BLOCK_BYTES]
            self.pos += len(chunk)
            self.value, self.mult, self.started = int.from_bytes(chunk, "big"), 1, True
        self.value, index = divmod(self.value, radix)
        self.mult *= radix
        return index

    def _close(self) -> None:
        if self.value:  # bits above the block's last index: no encoder writes them
            raise SaveError("This link is damaged: it holds more than its moves.")

    def finish(self) -> None:
        self._close()
        if self.pos != len(self.data):
            raise SaveError("This link is damaged: it holds more than its moves.")


def link_header(game, rules_version: int, options: dict, seed: int, seats: list, uid: str, name: str) -> list:
    defaults = game.default_options()
    roles = game.rules.roles(options)
    return [LINK_FORMAT, game.id, rules_version, {k: v for k, v in options.items() if not _same(v, defaults[k])},
            seed, [level if seat_name == role else [seat_name, level] for role, (seat_name, level) in zip(roles, seats)],
            bytes.fromhex(uid) if _HEX_UID.fullmatch(uid) else uid, None if name == game.title else name]


def entry_crc(entry, crc: int, packer=None) -> int:
    """The running CRC-32 of the moves by value, one more move. `packer`: an entry_packer() that a
    caller adding many moves keeps (making one costs as much as packing a move)."""
    return zlib.crc32((entry_packer() if packer is None else packer).pack(entry), crc)


def entry_packer():
    """What entry_crc packs a move with: msgpack.packb(entry, use_bin_type=True), reusable."""
    return msgpack.Packer(use_bin_type=True)


def link_crc(header_packed: bytes, moves_crc: int) -> int:
    return zlib.crc32(header_packed, moves_crc)


def encode_link(header: list, moves: int, moves_crc: int, digits) -> str:
    crc = link_crc(msgpack.packb(header, use_bin_type=True), moves_crc)
    return _b64(msgpack.packb(header + [moves, crc, pack_indexes(digits)], use_bin_type=True))


def _unpack_link(data: bytes):
    if len(data) > MAX_PACKED_BYTES:
        raise SaveError("This saved game is too large to open.")
    try:
        return msgpack.unpackb(data, raw=False, strict_map_key=True, use_list=True)
    except Exception:  # hostile bytes can make the unpacker raise almost anything
        raise SaveError("This link is damaged: it is not a Chaupal saved game.") from None


def check_link(raw) -> dict:
    """A format-2 link -> a save dict like check()'s, but with "k" (the number of moves), "x" (their
    indexes), "c" (the CRC) and "h" (the header, packed) instead of "a": Session.opening replays it."""
    if not isinstance(raw, list) or not raw or type(raw[0]) is not int:
        raise SaveError("This is not a Chaupal saved game.")
    if raw[0] > LINK_FORMAT:
        raise SaveError(f"This game was saved by a newer version of Chaupal (save format {raw[0]}); "
                        f"this site reads formats up to {LINK_FORMAT}. Reload to update the site.")
    if raw[0] != LINK_FORMAT or len(raw) != 11:
        raise SaveError("This is not a Chaupal saved game.")
    _, game_id, rules_version, options, seed, seats, uid, name, moves, crc, indexes = raw
    if not isinstance(options, dict) or not isinstance(seats, list) or len(seats) > 64:
        raise SaveError("This saved game is damaged (bad options or seats).")
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is not None and type(rules_version) is int:
        options = _with_former_defaults(game, rules_version, options)
    try:
        roles = game.rules.roles(game.check_options(options)) if game is not None else []
    except ValueError:
        roles = []  # check() below says what is wrong with the options
    if isinstance(uid, bytes) and len(uid) == 8:
        uid = uid.hex()
    long_seats = [[role, seat] if not isinstance(seat, list) else seat for role, seat in zip(roles, seats)]
    save = check({"v": 1, "g": game_id, "r": rules_version, "o": options, "s": seed,
                  "p": long_seats + seats[len(roles):], "a": [], "u": uid,
                  "n": game.title if name is None and game is not None else name})
    if type(moves) is not int or not 0 <= moves <= GAMES[game_id].max_actions:
        raise SaveError(f"This saved game has a bad number of moves ({excerpt(moves, 20)}).")
    if type(crc) is not int or not 0 <= crc < 2**32 or not isinstance(indexes, bytes):
        raise SaveError("This saved game is damaged (bad moves).")
    del save["a"]
    save.update(v=LINK_FORMAT, k=moves, c=crc, x=indexes, h=msgpack.packb(raw[:8], use_bin_type=True))
    return save


def _with_former_defaults(game, rules_version: int, options: dict) -> dict:
    """A link's options: one it leaves out was at the default of the link's rules version, which may
    not be today's (GameInfo.former_defaults; the earliest version's entry that covers the link wins)."""
    filled = dict(options)
    for last, defaults in sorted(game.former_defaults, key=lambda entry: entry[0]):
        if rules_version <= last:
            for key, value in defaults.items():
                filled.setdefault(key, value)
    return filled


def moves(save: dict) -> int:
    """The number of moves of a checked save, of either format."""
    return len(save["a"]) if "a" in save else save["k"]


def _payload(text) -> bytes:
    if not isinstance(text, str):
        raise SaveError("A saved game must be text.")
    text = text.strip()
    if len(text) > MAX_LINK_CHARS:
        raise SaveError(f"This link is too long to be a saved game ({len(text):,} characters).")
    if "#" in text:
        text = text.split("#", 1)[1]
    if not text:
        raise SaveError("This link holds no saved game (nothing after the #).")
    if not _B64URL.fullmatch(text):
        raise SaveError("This link is damaged: it contains characters a saved game never has.")
    if len(text) % 4 == 1:
        raise SaveError("This link is damaged or cut short.")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise SaveError("This link is damaged or cut short.") from None


def _unpack(data: bytes):
    try:
        inflater = zlib.decompressobj()
        packed = inflater.decompress(data, MAX_PACKED_BYTES)
        if inflater.unconsumed_tail:
            raise SaveError("This saved game is too large to open.")
        if not inflater.eof:
            raise SaveError("This link is cut short: copy the whole link and try again.")
    except zlib.error:
        raise SaveError("This link is damaged: it is not a Chaupal saved game.") from None
    try:
        return msgpack.unpackb(packed, raw=False, strict_map_key=True, use_list=True)
    except Exception:  # hostile bytes can make the unpacker raise almost anything
        raise SaveError("This link is damaged: its contents cannot be read.") from None


def check(raw) -> dict:
    """Checks the shape of a decoded save (not yet its moves: replaying does that)."""
    if not isinstance(raw, dict):
        raise SaveError("This is not a Chaupal saved game.")
    version = raw.get("v")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("This is not a Chaupal saved game (it has no format version).")
    if version > FORMAT_VERSION:
        raise SaveError(f"This game was saved by a newer version of Chaupal (save format {version}); "
                        f"this site reads formats up to {FORMAT_VERSION}. Reload to update the site.")
    if version < 1:
        raise SaveError(f"Save format {version} is unknown.")
    game = GAMES.get(raw.get("g")) if isinstance(raw.get("g"), str) else None
    if game is None:
        raise SaveError(f"This saved game is of a game this site does not have ({excerpt(raw.get('g'), 40)}).")
    rules_version = raw.get("r")
    if type(rules_version) is not int or rules_version < 1:
        raise SaveError("This saved game is damaged (bad rules version).")
    if rules_version > game.rules_version:
        raise SaveError(f"This {game.title} game was saved by a newer version of Chaupal (rules version "
                        f"{rules_version}; this site plays version {game.rules_version}). Reload to update the site.")
    seed = raw.get("s")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise SaveError("This saved game is damaged (bad seed).")
    problem = _oversized(raw.get("o", {}))
    if problem:
        raise SaveError(f"This saved game is damaged: its options hold {problem}.")
    try:
        options = game.check_options(raw.get("o", {}))
    except ValueError as err:
        raise SaveError(f"This saved game has bad options: {err}.") from None
    roles = game.rules.roles(options)
    seats = raw.get("p")
    if not isinstance(seats, list) or len(seats) != len(roles):
        raise SaveError(f"This saved game is damaged: {game.title} needs {len(roles)} seats here.")
    levels = {bot.level for bot in game.bot_levels}
    checked_seats = []
    for seat in seats:
        if (not isinstance(seat, list) or len(seat) != 2 or not isinstance(seat[0], str)
                or not (seat[1] is None or (type(seat[1]) is int and seat[1] in levels))):
            raise SaveError("This saved game is damaged (bad seat).")
        checked_seats.append([seat[0][:MAX_NAME_CHARS], seat[1]])
    actions = raw.get("a")
    if not isinstance(actions, list):
        raise SaveError("This saved game is damaged (no list of moves).")
    if len(actions) > game.max_actions:
        raise SaveError(f"This saved game has too many moves ({len(actions):,}; a {game.title} game "
                        f"has at most {game.max_actions:,}).")
    for value in actions:
        problem = _oversized(value)
        if problem:
            raise SaveError(f"This saved game is damaged: a move holds {problem}, which no move has.")
    uid, name = raw.get("u", ""), raw.get("n", "")
    if not isinstance(uid, str) or not isinstance(name, str) or len(uid) > 64:
        raise SaveError("This saved game is damaged (bad name).")
    return {"v": FORMAT_VERSION, "g": game.id, "r": rules_version, "o": options, "s": seed,
            "p": checked_seats, "a": actions, "u": uid, "n": name[:MAX_NAME_CHARS]}


def _oversized(value) -> str:
    """What makes a value from a save bigger than any move or option ("" if nothing): walked
    without recursion, so that a value nested a million deep costs no more than its bytes."""
    stack, items = [(value, 0)], 0
    while stack:
        v, depth = stack.pop()
        items += 1
        if items > MAX_VALUE_ITEMS:
            return f"a value of more than {MAX_VALUE_ITEMS} parts"
        if isinstance(v, (list, dict)):
            if depth >= MAX_VALUE_DEPTH:
                return f"a value nested more than {MAX_VALUE_DEPTH} deep"
            if items + len(v) > MAX_VALUE_ITEMS:
                return f"a value of more than {MAX_VALUE_ITEMS} parts"
            stack.extend((x, depth + 1) for x in (v.values() if isinstance(v, dict) else v))
            if isinstance(v, dict):
                stack.extend((k, depth + 1) for k in v)
        elif isinstance(v, (str, bytes)) and len(v) > MAX_VALUE_CHARS:
            return f"a text of {len(v):,} characters"
    return ""
