"""Share links of format 2 (engine/core/saves.py, "Share links, format 2"): moves as indexes among the
choices, packed mixed radix, a compact header and a CRC-32. Old links (format 1) keep opening: the
fixtures of tests/data/saves_r*/ are links made by the code of their time (test_rules_versions)."""
import base64
import pathlib
import zlib

import msgpack
import pytest
from hypothesis import given, settings, strategies as st

from engine.core import saves
from engine.core.api import choices
from engine.core.saves import SaveError
from engine.core.session import Session
from engine.games import GAMES

DATA = pathlib.Path(__file__).parent / "data"
LINKS = sorted((DATA / "links_v2").glob("*.txt"))


def raw_bytes(code: str) -> bytes:
    return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def played(game_id, seed, moves, options=None, seats=None):
    game = GAMES[game_id]
    options = game.check_options(options or {})
    session = Session.new(game_id, seats or [[r, 0] for r in game.rules.roles(options)], options, seed=seed)
    while session.result() is None and len(session.entries) < moves:
        role = session.active()[0]
        if session.is_bot(role):
            session.play_bot(role)
        else:  # a person's seat plays the random bot's moves
            session.act(role, session.bots.get(game, 0).choose(game, session.state, role, session.bot_seed()))
    return session


def test_a_link_is_a_compact_msgpack_list_and_the_device_keeps_the_save_by_value():
    session = played("rajas", 5, 60, {"players": 3}, [["Red", 0], ["Asha", None], ["White", 1]])
    raw = msgpack.unpackb(raw_bytes(session.encode()), raw=False)
    assert raw[:8] == [2, "rajas", GAMES["rajas"].rules_version, {"players": 3}, session.seed,
                       [0, ["Asha", None], 1], bytes.fromhex(session.uid), None]
    assert raw[8] == len(session.entries) == 60
    assert raw[9] == zlib.crc32(msgpack.packb(raw[:8]), session.crcs[-1])
    forced = sum(radix == 1 for _, radix in session.digits)
    assert forced < 60 and len(raw[10]) < 60  # under a byte a move: here ~3.3 bits each
    by_value = msgpack.unpackb(zlib.decompress(raw_bytes(session.encode_save())))
    assert by_value["v"] == 1 and by_value["a"] == session.entries


def test_the_digits_are_the_positions_of_the_moves_among_the_choices():
    session = played("aadu_huli", 3, 0)
    game = session.game
    while session.result() is None and len(session.entries) < 40:
        role = session.active()[0]
        listed, checked = choices(game, session.state, role)
        assert not checked
        session.play_bot(role)
        index, radix = session.digits[-1]
        assert radix == len(listed) and listed[index] == session.entries[-1]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 10**6).flatmap(lambda n: st.tuples(st.integers(0, n - 1), st.just(n))), max_size=300))
def test_mixed_radix_blocks_round_trip(digits):
    packed = saves.pack_indexes(digits)
    reader = saves.IndexReader(packed)
    assert [(reader.take(radix), radix) for _, radix in digits] == digits
    reader.finish()
    # tight: within one byte a block of the sum of log2(radix)
    bits = sum((radix - 1).bit_length() for _, radix in digits)
    assert len(packed) <= bits / 8 + len(packed) // saves.BLOCK_BYTES + 2


def test_bits_beyond_the_moves_and_trailing_bytes_are_refused():
    digits = [(3, 7), (0, 2), (11, 12)] * 10  # 74 bits: one short block of 10 bytes
    packed = saves.pack_indexes(digits)
    assert len(packed) == 10
    for damaged in (b"\xff" + packed, packed + b"\xff" * 40):  # a value above the block's moves; bytes after
        reader = saves.IndexReader(damaged)
        with pytest.raises(SaveError, match="more than its moves"):
            for _, radix in digits:
                reader.take(radix)
            reader.finish()


@pytest.mark.parametrize("path", LINKS, ids=lambda p: p.stem)
def test_link_fixtures_replay_the_same_moves_as_the_saves_they_were_made_from(path):
    """The order of each game's choices is part of the link format: a change of it fails here."""
    save = saves.decode(path.read_text())
    by_value = saves.decode(next(DATA.glob(f"saves_r{save['r']}/{path.name}")).read_text())
    session = Session.from_save(save)
    assert session.entries == by_value["a"] and not session.truncated
    assert session.to_save() == Session.from_save(by_value).to_save()


def test_there_are_link_fixtures_for_every_game():
    assert {saves.decode(p.read_text())["g"] for p in LINKS} == set(GAMES)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_bit_flipped_in_a_link_is_refused(game_id):
    """A damaged index would otherwise open as another legal game: the CRC refuses it."""
    session = played(game_id, 21, 80)
    data = raw_bytes(session.encode())
    for position in range(len(data)):
        for bit in (0, 5):
            damaged = bytearray(data)
            damaged[position] ^= 1 << bit
            with pytest.raises(SaveError):
                Session.decode(b64(bytes(damaged)))


def relinked(session, rules_version, moves_crc=None):
    header = saves.link_header(session.game, rules_version, session.options, session.seed, session.seats,
                               session.uid, session.name)
    crc = session.crcs[-1] if moves_crc is None else moves_crc
    return saves.encode_link(header, len(session.entries), crc, session.digits)


def test_a_link_of_earlier_rules_opens_whole_when_its_moves_mean_the_same():
    session = played("viktory", 8, 150)
    assert session.game.rules_version >= 2
    again = Session.decode(relinked(session, session.game.rules_version - 1))
    assert again.entries == session.entries and again.state == session.state and not again.truncated


def test_an_option_a_link_leaves_out_has_the_default_of_the_links_rules_version():
    """Yudhbhoomi's round limit defaults to 80 since its rules version 3 (30 before): a link leaves out
    the options at their defaults, so one of version 2 without it was made with 30 and keeps 30."""
    session = played("yudhbhoomi", 6, 40, options={"rounds": 30})
    game = session.game
    assert game.rules_version == 3 and game.default_options()["rounds"] == 80

    def link(rules_version, options):
        header = saves.link_header(game, rules_version, session.options, session.seed, session.seats,
                                   session.uid, session.name)
        header[3] = options  # the options as the code of that version wrote them
        return saves.encode_link(header, len(session.entries), session.crcs[-1], session.digits)
    old = Session.decode(link(2, {}))  # version 2 left the round limit out: it was the default, 30
    assert old.options["rounds"] == 30 and old.entries == session.entries and not old.truncated
    assert Session.decode(link(3, {})).options["rounds"] == 80  # today's default
    assert Session.decode(link(2, {"rounds": 50})).options["rounds"] == 50  # written out: kept
    assert Session.decode(old.encode()).options["rounds"] == 30  # shared again: now written out


def test_a_link_whose_moves_changed_meaning_or_were_altered_is_refused_with_the_reason():
    session = played("viktory", 8, 150)
    version = session.game.rules_version
    with pytest.raises(SaveError, match="earlier version of our Viktory II rules.*The device that made it"):
        Session.decode(relinked(session, version - 1, moves_crc=session.crcs[-2]))
    with pytest.raises(SaveError, match="damaged or was altered"):
        Session.decode(relinked(session, version, moves_crc=session.crcs[-2]))


def test_a_link_longer_than_its_game_is_refused():
    session = played("aadu_huli", 4, 10_000)
    assert session.result() is not None
    header = saves.link_header(session.game, session.game.rules_version, session.options, session.seed,
                               session.seats, session.uid, session.name)
    link = saves.encode_link(header, len(session.entries) + 1, session.crcs[-1], session.digits)
    with pytest.raises(SaveError, match="damaged or was altered"):
        Session.decode(link)


@pytest.mark.parametrize("field,value,words", [
    (0, 3, "newer version"), (1, "chess", "does not have"), (2, 99, "newer version"), (3, {"x": 1}, "options"),
    (4, -1, "seed"), (5, [0], "seats"), (5, [["a", 77], 0], "seat"), (6, 5, "name"), (8, 10**9, "number of moves"),
    (8, True, "number of moves"), (9, "crc", "bad moves"), (10, [1, 2], "bad moves"),
])
def test_tampered_link_fields_name_the_problem(field, value, words):
    session = played("aadu_huli", 4, 30)
    raw = msgpack.unpackb(raw_bytes(session.encode()), raw=False)
    raw[field] = value
    with pytest.raises(SaveError, match=words):
        Session.decode(b64(msgpack.packb(raw)))


def test_the_seats_and_name_a_link_leaves_out_come_back_as_they_were():
    game = GAMES["vijayanagara"]
    roles = game.rules.roles(game.default_options())
    seats = [[roles[0], None], ["Meera", None], [roles[2], 2]]
    session = Session.new("vijayanagara", seats, seed=77, name="Sunday game")
    again = Session.decode(session.encode())
    assert again.seats == seats and again.name == "Sunday game" and again.uid == session.uid
    plain = Session.new("vijayanagara", seed=78)
    back = Session.decode(plain.encode())
    assert back.name == game.title and back.seats == plain.seats


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_links_are_far_shorter_than_saves_by_value(game_id):
    session = played(game_id, 31, 400)
    assert len(session.encode()) * 2 < len(session.encode_save())


def test_viktory_choices_between_units_are_a_superset_checked_by_is_legal():
    rules = GAMES["viktory"].rules
    for seed in (1, 2):
        session = played("viktory", seed, 0, {"players": 3})
        checked = 0
        while session.result() is None and len(session.entries) < 900:
            role = session.active()[0]
            listed = rules.link_choices(session.state, role)
            if listed is not None:  # else the legal actions are the choices
                legal = [c for c in listed if rules.is_legal(session.state, role, c)]
                assert legal == rules.actions(session.state, role)
                checked += len(listed) > len(legal)
            session.play_bot(role)
        assert checked > 50  # the superset is exercised: units without a move left are listed


def test_the_game_of_a_save_is_read_before_it_is_checked():
    """The page fetches a game's code before checking a save of it (saves.read, game_of, check_read)."""
    session = played("aadu_huli", 4, 12)
    for code in (session.encode(), session.encode_save()):
        raw = saves.read(code)
        assert saves.game_of(raw) == "aadu_huli"
        assert saves.check_read(raw) == saves.decode(code)
    assert saves.game_of(["x"]) is None and saves.game_of({"g": 5}) is None and saves.game_of(7) is None


def test_moves_of_several_roles_active_at_once_are_indexed_in_one_list(monkeypatch):
    """No game on the site has two roles active at once yet; the format allows it (saves.py): the
    index points into the active roles' choices one after another, in active() order."""
    import types

    from engine.core import session as session_module
    from engine.core.api import GameInfo

    def active(state):
        return [] if len(state["said"]) == 4 else [r for r in ("A", "B") if r not in state["said"][-1:]]

    rules = types.SimpleNamespace(
        roles=lambda options: ["A", "B"], setup=lambda seed, options: {"said": []}, active=active,
        actions=lambda state, role: [[role, n] for n in range(3 if role == "A" else 5)],
        apply=lambda state, role, action: state["said"].append(role))
    game = GameInfo(id="both", title="Both", rules_version=1, rules=rules, board=None, bot_levels=())
    monkeypatch.setattr(session_module, "get_game", lambda game_id: game)
    session = Session(game, 1, {}, [["A", None], ["B", None]])
    session.act("B", ["B", 4])  # both active: B's choices follow A's three
    assert session.digits == [(3 + 4, 8)] and session.entries == [[1, ["B", 4]]]
    session.act("A", ["A", 2])  # B has just spoken: A alone
    session.act("B", ["B", 0])
    session.act("A", ["A", 1])
    assert session.digits[1:] == [(2, 3), (0, 5), (1, 3)] and session.entries[1:] == [["A", 2], ["B", 0], ["A", 1]]
    header = saves.link_header(game, 1, {}, 1, session.seats, session.uid, "Both")
    packed = msgpack.packb(header + [4, zlib.crc32(msgpack.packb(header), session.crcs[-1]),
                                     saves.pack_indexes(session.digits)])
    raw = msgpack.unpackb(packed, raw=False)
    save = {"v": 2, "g": "both", "r": 1, "o": {}, "s": 1, "p": session.seats, "u": session.uid, "n": "Both",
            "k": raw[8], "c": raw[9], "x": raw[10], "h": msgpack.packb(raw[:8])}
    again = Session.from_save(save)
    assert again.entries == session.entries and again.state == session.state
