"""Hostile-input safety of saves and share links (DESIGN.md, "Saves and share links")."""
import base64
import zlib

import msgpack
import pytest
from hypothesis import given, settings, strategies as st

from engine.core import saves
from engine.core.saves import SaveError
from engine.core.session import Session
from engine.games import GAMES

GAME_ID = sorted(GAMES)[0]


def finished_code():
    game = GAMES[GAME_ID]
    session = Session.new(GAME_ID, [[r, 0] for r in game.rules.roles(game.default_options())], seed=42)
    for _ in range(30):
        if session.result() is not None:
            break
        session.play_bot(session.active()[0])
    return session, session.encode()


def pack(obj) -> str:
    return base64.urlsafe_b64encode(zlib.compress(msgpack.packb(obj))).rstrip(b"=").decode()


def test_a_save_by_value_is_msgpack_zlib_base64url_without_padding():
    session, link = finished_code()
    code = session.encode_save()
    for text in (code, link):
        assert "=" not in text and "+" not in text and "/" not in text
    raw = msgpack.unpackb(zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))))
    assert raw["v"] == saves.FORMAT_VERSION and raw["g"] == GAME_ID and raw["a"] == session.entries


@pytest.mark.parametrize("text,words", [
    ("", "no saved game"),
    ("https://x/play.html#", "no saved game"),
    ("abc$%", "characters"),
    ("A", "cut short"),
    ("AAAA", "not a Chaupal saved game"),
    ("x" * (saves.MAX_LINK_CHARS + 1), "too long"),
])
def test_broken_links_get_clear_messages(text, words):
    with pytest.raises(SaveError, match=words):
        saves.decode(text)


def test_truncated_links_fail_cleanly():
    _, code = finished_code()
    for cut in range(1, len(code), 3):
        with pytest.raises(SaveError):
            Session.decode(code[:cut])


def test_zip_bomb_is_refused():
    bomb = base64.urlsafe_b64encode(zlib.compress(b"\x00" * (saves.MAX_PACKED_BYTES + 10), 9)).decode()
    with pytest.raises(SaveError, match="too large"):
        saves.decode(bomb.rstrip("="))


def test_tampered_fields_name_the_problem():
    session, _ = finished_code()
    good = session.to_save()
    cases = [
        ({**good, "v": 99}, "newer version"),
        ({**good, "g": "chess"}, "does not have"),
        ({**good, "r": 0}, "rules version"),
        ({**good, "s": -1}, "seed"),
        ({**good, "p": good["p"][:1]}, "seats"),
        ({**good, "p": [["a", 77], ["b", None]]}, "seat"),
        ({**good, "o": {"no_such_option": 1}}, "options"),
        ({**good, "a": "moves"}, "list of moves"),
        ({**good, "a": good["a"] + ["illegal"]}, "does not replay"),
        ([1, 2, 3], "not a Chaupal"),
    ]
    for save, words in cases:
        with pytest.raises(SaveError, match=words):
            Session.decode(pack(save))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_random_text_never_escapes_as_a_traceback(text):
    try:
        Session.decode(text)
    except SaveError as err:
        assert str(err)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_never_escape_as_a_traceback(data):
    text = base64.urlsafe_b64encode(data).rstrip(b"=").decode()
    for candidate in (text, base64.urlsafe_b64encode(zlib.compress(data)).rstrip(b"=").decode()):
        try:
            Session.decode(candidate)
        except SaveError as err:
            assert str(err)


msgpack_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=20) | st.binary(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=5), children, max_size=5),
    max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(msgpack_values)
def test_foreign_msgpack_is_refused_cleanly(value):
    try:
        code = pack(value)
    except (OverflowError, msgpack.PackException, TypeError, ValueError):
        return
    try:
        Session.decode(code)
    except SaveError as err:
        assert str(err)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0), st.integers(min_value=0, max_value=255))
def test_corrupted_bytes_of_a_real_save_fail_cleanly_or_replay(position, value):
    _, code = finished_code()
    data = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    data[position % len(data)] = value
    try:
        Session.decode(base64.urlsafe_b64encode(bytes(data)).rstrip(b"=").decode())
    except SaveError as err:
        assert str(err)
