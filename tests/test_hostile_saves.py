"""Hostile saves for every registered game (every link must open safely): values nested thousands
deep, values of another type that compare equal to a legal one, oversized values, in every field of a
real save. Each must give a clean SaveError with a short message, or a playable game."""
import base64
import zlib

import msgpack
import pytest
from hypothesis import given, settings, strategies as st

from engine.core import saves
from engine.core.api import excerpt, same
from engine.core.saves import SaveError
from engine.core.session import Session
from engine.games import GAMES

GAME_IDS = sorted(GAMES)
MESSAGE_LIMIT = 400  # a message for a player quotes values only as excerpts
_bases = {}


def base_save(game_id):
    """A real save 30 random moves into a game (cached: the tests only read it)."""
    if game_id not in _bases:
        game = GAMES[game_id]
        session = Session.new(game_id, [[r, 0] for r in game.rules.roles(game.default_options())], seed=11)
        for _ in range(30):
            if session.result() is not None:
                break
            session.play_bot(session.bot_turn()[0])
        _bases[game_id] = session.to_save()
    return _bases[game_id]


PLACEHOLDER = "\x00hostile\x00"


def link_with(save, raw_value: bytes) -> str:
    """The link of `save` with the value PLACEHOLDER replaced by raw msgpack bytes (so that values
    nested deeper than msgpack's own packer allows can be built)."""
    packed = msgpack.packb(save, use_bin_type=True)
    marker = msgpack.packb(PLACEHOLDER, use_bin_type=True)
    assert packed.count(marker) == 1
    packed = packed.replace(marker, raw_value)
    return base64.urlsafe_b64encode(zlib.compress(packed, 9)).rstrip(b"=").decode()


def opens_cleanly(link):
    """Either a playable game or a SaveError with a short message; nothing else escapes."""
    try:
        session = Session.decode(link)
    except SaveError as err:
        assert str(err) and len(str(err)) < MESSAGE_LIMIT, str(err)[:200]
        return None
    session.active()
    session.result()
    return session


def nested(depth: int, kind: str) -> bytes:
    """msgpack bytes of a value nested `depth` deep: [[[...0...]]] or {"k": {"k": ...}}."""
    if kind == "list":
        return b"\x91" * depth + b"\x00"
    return b"\x81\xa1k" * depth + b"\x00"


def places(save):
    """Every field of a save a hostile value can take, as functions save -> save with PLACEHOLDER."""
    game = GAMES[save["g"]]
    result = {
        "version": lambda s: {**s, "v": PLACEHOLDER},
        "game": lambda s: {**s, "g": PLACEHOLDER},
        "rules": lambda s: {**s, "r": PLACEHOLDER},
        "seed": lambda s: {**s, "s": PLACEHOLDER},
        "options": lambda s: {**s, "o": PLACEHOLDER},
        "seats": lambda s: {**s, "p": PLACEHOLDER},
        "seat name": lambda s: {**s, "p": [[PLACEHOLDER, s["p"][0][1]]] + s["p"][1:]},
        "seat level": lambda s: {**s, "p": [[s["p"][0][0], PLACEHOLDER]] + s["p"][1:]},
        "moves": lambda s: {**s, "a": PLACEHOLDER},
        "first move": lambda s: {**s, "a": [PLACEHOLDER] + s["a"][1:]},
        "a middle move": lambda s: {**s, "a": s["a"][:10] + [PLACEHOLDER] + s["a"][11:]},
        "a move added": lambda s: {**s, "a": s["a"] + [PLACEHOLDER]},
        "id": lambda s: {**s, "u": PLACEHOLDER},
        "name": lambda s: {**s, "n": PLACEHOLDER},
    }
    for opt in game.options:
        result[f"option {opt.key}"] = lambda s, key=opt.key: {**s, "o": {**s["o"], key: PLACEHOLDER}}
    return result


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("kind", ["list", "map"])
def test_values_nested_thousands_deep_are_refused_in_every_field(game_id, kind):
    save = base_save(game_id)
    for place, put in places(save).items():
        for depth in (9, 1_000, 100_000):
            assert opens_cleanly(link_with(put(save), nested(depth, kind))) is None, (place, depth)


oversized = st.one_of(
    st.text(min_size=201, max_size=3000),
    st.integers(min_value=300, max_value=1_000_000).map(lambda n: "x" * n),
    st.integers(min_value=65, max_value=5000).map(lambda n: list(range(n))),
    st.integers(min_value=33, max_value=500).map(lambda n: {str(i): i for i in range(n)}),
    st.binary(min_size=201, max_size=3000),
)
mistyped = st.sampled_from([0, 1, 0.0, 1.0, 7.0, 2.0, 3.0, 15.0, 200.0, True, False, -1, 2**63, "1", "True",
                            [1], [True], {"1": 1}, b"\x01", None, 1e308, float("nan")])


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_mistyped_and_oversized_values_in_any_field_fail_cleanly(game_id, data):
    save = base_save(game_id)
    fields = places(save)
    place = data.draw(st.sampled_from(sorted(fields)))
    value = data.draw(st.one_of(oversized, mistyped))
    session = opens_cleanly(link_with(fields[place](save), msgpack.packb(value, use_bin_type=True)))
    if session is not None:  # accepted: then the value was one the save may hold, with its exact type
        if place in ("version", "rules", "seed", "seat level"):
            assert type(value) is int or (place == "seat level" and value is None), (place, value)
        assert place not in ("game", "seats"), place
        if place == "moves":  # only a list of legal moves (Aadu-Huli's [1]: a goat placed on point 1)
            assert session.entries == value
        if place.startswith("option "):
            key = place[len("option "):]
            assert same(session.options[key], value)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_option_values_equal_to_a_legal_one_but_of_another_type_are_refused(game_id):
    """0 == False and 7.0 == 7 in Python; a save's option must have the very type the game offers."""
    game = GAMES[game_id]
    save = base_save(game_id)
    tried = 0
    for opt in game.options:
        for value, _ in opt.choices:
            numeric = isinstance(value, (int, float))  # a text option has no equal twin of another type
            twins = [v for v in (0, 1, 0.0, 1.0) + ((float(value), bool(value), int(value)) if numeric else ())
                     if v == value and type(v) is not type(value)]
            for twin in twins:
                tried += 1
                with pytest.raises(SaveError, match="bad options"):
                    Session.decode(saves.encode({**save, "o": {**save["o"], opt.key: twin}}))
    assert tried or not any(isinstance(v, (int, float)) for opt in game.options for v, _ in opt.choices)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_huge_values_in_a_move_give_a_short_message(game_id):
    save = base_save(game_id)
    for value in ("x" * 1_000_000, list(range(100_000)), 2**63 - 1, -2**63):
        try:
            Session.decode(saves.encode({**save, "a": save["a"][:5] + [value]}))
        except SaveError as err:
            assert len(str(err)) < MESSAGE_LIMIT
        else:
            raise AssertionError(f"{excerpt(value)} was accepted as a move")


def test_excerpt_is_short_and_safe_on_any_value():
    deep = []
    for _ in range(100_000):
        deep = [deep]
    assert excerpt(deep).startswith("[[[[")
    assert len(excerpt(deep)) <= 61
    assert len(excerpt("y" * 10**6)) <= 61
    assert excerpt(10**5000) == "<a huge number>"
    assert excerpt(["march", 3]) == "['march', 3]"
    assert excerpt({"a": [1, None]}) == "{'a': [1, None]}"


def test_same_compares_exact_types_at_every_depth():
    assert same([1, "a"], [1, "a"])
    assert not same([1], [True]) and not same(1, 1.0) and not same([[1]], [[1.0]])
    assert not same({"k": 0}, {"k": False}) and same({"k": [0]}, {"k": [0]})


def link_fields(game_id):
    """A real link of format 2 (engine/core/saves.py) as its msgpack list."""
    session = Session.from_save(base_save(game_id))
    code = session.encode()
    return msgpack.unpackb(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)), raw=False)


def link_with_field(fields, index, raw_value: bytes) -> str:
    packed = msgpack.packb(fields[:index] + [PLACEHOLDER] + fields[index + 1:], use_bin_type=True)
    marker = msgpack.packb(PLACEHOLDER, use_bin_type=True)
    assert packed.count(marker) == 1
    return base64.urlsafe_b64encode(packed.replace(marker, raw_value)).rstrip(b"=").decode()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_values_nested_thousands_deep_in_any_field_of_a_short_link_are_refused(game_id):
    fields = link_fields(game_id)
    assert len(fields) == 11
    for index in range(len(fields)):
        for kind in ("list", "map"):
            for depth in (9, 1_000, 100_000):
                assert opens_cleanly(link_with_field(fields, index, nested(depth, kind))) is None, (index, depth)


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_mistyped_and_oversized_values_in_any_field_of_a_short_link_fail_cleanly(game_id, data):
    """The link's CRC covers its header and its moves by value: a link with any field changed is
    refused, however plausible the new value."""
    fields = link_fields(game_id)
    index = data.draw(st.integers(0, len(fields) - 1))
    value = data.draw(st.one_of(oversized, mistyped))
    session = opens_cleanly(link_with_field(fields, index, msgpack.packb(value, use_bin_type=True)))
    assert session is None or same(value, fields[index]), (index, value)
