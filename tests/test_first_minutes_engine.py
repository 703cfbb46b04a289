"""What puzzled a new player in the first minutes, where the engine writes it: the chart's lines in
the seats' colours, "You have no move to undo yet" before a seat's first move, no "you" on a seat that
nobody at the device plays, and the English of the texts (an orange die, 1 point, no "hit(s)")."""
from __future__ import annotations

import re

import pytest

from engine.core import chart
from engine.core.review import Timeline
from engine.core.session import Session
from engine.games import GAMES

GAME_IDS = sorted(GAMES)


def seat_colours_drawn(game_id) -> dict:
    """Each seat's colour as the game's board draws its pieces: the fill of its pieces in a drawn board
    (Aadu-Huli's tokens, Rajas' pieces) agrees with the board's SEAT_COLOURS, checked here for
    Aadu-Huli and in tests/test_rajas_board.py."""
    board = GAMES[game_id].board
    if game_id == "aadu_huli":  # the tokens' fill, written out (board._goat, _tiger)
        assert board.SEAT_COLOURS == {"Goats": "#fbf7ee", "Tigers": "#f08c1a"}
        assert all(f'fill="{c}"' in board._goat(0, 0) + board._tiger(1, 1) for c in board.SEAT_COLOURS.values())
    return board.SEAT_COLOURS


def played(game_id, seed=3, moves=400, options=None) -> Session:
    game = GAMES[game_id]
    roles = game.rules.roles({**game.default_options(), **(options or {})})
    session = Session.new(game_id, [[role, 0] for role in roles], options, seed=seed)
    while session.result() is None and len(session.entries) < moves:
        session.play_bot(session.active()[0])
    return session


def line_colours(svg) -> dict:
    """{series: the colour of its line} of a drawn chart (the top line of each series' group)."""
    return {name: strokes[-1] for name, strokes in
            ((m.group(1), re.findall(r'stroke="(#[0-9a-f]{6})"', m.group(2)))
             for m in re.finditer(r'<g data-series="([^"]+)">(.*?)</g>', svg))}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_seats_line_in_the_chart_is_the_seats_colour(game_id):
    options = {"players": 4} if game_id == "rajas" else None  # all four colours, White and Black too
    session = played(game_id, options=options)
    game, expected = session.game, seat_colours_drawn(game_id)
    timeline = Timeline.of(session)  # the samples the page charts
    samples = timeline.chart_samples(timeline.last)
    svg = chart.draw(game.guide.CHART_X, samples, chart.seat_colours(game))
    colours = line_colours(svg)
    seats = [name for name in colours if name in session.roles]
    assert seats, f"{game_id}: no seat is charted: {sorted(colours)}"
    for seat in seats:
        assert colours[seat] == expected[seat].lower(), (game_id, seat, colours[seat], expected[seat])
    # and the board draws the seats in those colours
    drawn = "".join(game.board.render(game.rules.view(session.state, role), role, []) for role in session.roles)
    for seat in seats:
        assert expected[seat].lower() in drawn.lower(), (game_id, seat)
    # a series that is no seat takes a neutral colour, never a seat's
    for name, colour in colours.items():
        if name not in session.roles:
            assert colour not in {c.lower() for c in expected.values()}, (game_id, name)


def test_pale_lines_are_cased_and_the_labels_are_dark_ink():
    samples = [(1, {"Fame": {"White": 1, "Black": 2}}), (2, {"Fame": {"White": 3, "Black": 2}})]
    svg = chart.draw("Round", samples, {"White": "#fafafa", "Black": "#262626"})
    white = re.search(r'<g data-series="White">(.*?)</g>', svg).group(1)
    black = re.search(r'<g data-series="Black">(.*?)</g>', svg).group(1)
    assert white.count("<polyline") == 2 and 'stroke="#333333" stroke-width="4"' in white  # a dark casing
    assert black.count("<polyline") == 1
    assert re.findall(r'<g class="key">.*?fill="([^"]+)">', svg) == [chart.INK, chart.INK]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_before_its_first_move_a_seat_has_no_move_to_undo(game_id):
    """A bot moves first and reveals dice or cards: the person's Undo says they have not moved yet,
    not that something was revealed since their last move."""
    game = GAMES[game_id]
    roles = game.rules.roles(game.default_options())
    session = Session.new(game_id, [[role, 0 if i == 0 else None] for i, role in enumerate(roles)], seed=1)
    while session.bot_turn():
        session.play_bot(session.bot_turn()[0])
    person = session.active()[0]  # the first person to act
    assert person != roles[0] and person not in session.actors
    assert session.undo_reason(person) == "You have no move to undo yet.", game_id


def test_rajas_a_bot_reveals_dice_before_the_persons_first_move():
    """The case a new player met: in Rajas of the Ganges the bots' dice are revealed first."""
    session = Session.new("rajas", [["Red", 0], ["Yellow", None]], seed=1)
    while session.bot_turn():
        session.play_bot(session.bot_turn()[0])
    assert any(session.barriers) and "Yellow" not in session.actors
    assert session.undo_reason("Yellow") == "You have no move to undo yet."


def test_no_seat_is_you_when_the_page_shows_it_to_someone_who_does_not_play_it():
    """The page marks a view "watching" when nobody at the device plays its seat (bots alone)."""
    session = played("rajas", moves=10)
    game = session.game
    view = game.rules.view(session.state, "Red")
    assert "Red (you)" in game.board.render(view, "Red", [])
    assert "You are Red." in " ".join(game.guide.describe(view, "Red"))
    view["watching"] = True
    assert "(you)" not in game.board.render(view, "Red", [])
    assert "Seen by Red." in " ".join(game.guide.describe(view, "Red"))
    for game_id in ("aadu_huli", "vijayanagara", "viktory"):
        session = played(game_id, moves=10)
        role = session.roles[0]
        view = dict(session.game.rules.view(session.state, role), watching=True)
        words = " ".join(session.game.guide.describe(view, role))
        assert "(you)" not in words and "You are" not in words and "You play" not in words, game_id


# --- the English of the texts ------------------------------------------------------------------------

# "1 points", "+1 Resources" (not "hex 1 lands", a number naming a place)
ONE_PLURAL = re.compile(r"(?<![\d.,\-−])(?<!hex )(?<!space )(?<!round )(?<!Round )(?<!slot )[+]?\b1 ([A-Za-z]+s)\b")
NOT_PLURALS = {"dies", "Cavalry"}
A_BEFORE_VOWEL = re.compile(r"\b[aA] ([aeiouAEIOU]\w*)")
SOUNDS_LIKE_YOU = {"unit", "units", "use", "usual", "one", "once", "unique", "Urdu"}


def texts_of_a_game(game_id, seed, level, options=None) -> list:
    """Every text a game shows in a bot game: prompts, button labels, the log, the status numbers, the
    result, the position in words and the board's titles (sampled)."""
    game = GAMES[game_id]
    roles = game.rules.roles({**game.default_options(), **(options or {})})
    session = Session.new(game_id, [[role, level] for role in roles], options, seed=seed)
    texts, n = [], 0
    while True:
        result = session.result()
        for role in roles:
            view = game.rules.view(session.state, role)
            texts += [view["prompt"]] + [t for ts in game.rules.numbers(view).values() for t in ts]
            if n % 7 == 0 or result:
                texts += game.guide.describe(view, role)
            if n % 23 == 0 or result:
                legal = game.rules.actions(session.state, role) if role in session.active() else []
                texts += re.findall(r"<title>([^<]*)</title>|>([^<>]+)</text>", game.board.render(view, role, legal))
        for role in session.active():
            texts += [game.rules.action_label(session.state, a) for a in game.rules.actions(session.state, role)[:40]]
        if result or n >= 3000:
            texts += session.state["log"] + [result["summary"]] + list(result.get("details") or []) if result \
                else session.state["log"]
            break
        session.play_bot(session.active()[0])
        n += 1
    return [t if isinstance(t, str) else " ".join(t) for t in texts]


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if g != "yudhbhoomi"])  # its texts: another change
def test_the_texts_say_an_orange_die_1_point_and_no_s_in_brackets(game_id):
    wrong = set()
    luck = {"luck": True} if game_id == "viktory" else None  # 16.4: dice given up for hits
    for seed, level, options in ((1, 0, None), (2, 1, None), (3, 0, luck)):
        for text in texts_of_a_game(game_id, seed, level, options):
            wrong |= {m.group(0) for m in ONE_PLURAL.finditer(text) if m.group(1) not in NOT_PLURALS}
            wrong |= {m.group(0) for m in A_BEFORE_VOWEL.finditer(text) if m.group(1) not in SOUNDS_LIKE_YOU}
            wrong |= {text for _ in re.finditer(r"\w\(s\)", text)}
    assert not wrong, sorted(wrong)[:10]


def test_rajas_says_an_orange_die():
    session = played("rajas", moves=0)
    assert session.game.rules.action_label(session.state, ["colour", "orange"]).startswith("Take an orange die (")
    assert session.game.rules.action_label(session.state, ["colour", "blue"]).startswith("Take a blue die (")


def test_viktory_counts_1_point_and_lists_tied_winners_with_commas():
    from engine.viktory import rules
    assert rules.numbers({"scores": {"Red": 1, "Blue": 2}, "sites": []}) == {
        "Red": ["1 point", "0 Towns", "0 Cities"], "Blue": ["2 points", "0 Towns", "0 Cities"]}
    session = tied_viktory_game()
    assert "Green, Purple, Red and Yellow tie with 2 points" in session.result()["summary"]


def tied_viktory_game() -> Session:
    """Five players who only end their turns until the round limit: four tie (the e2e tests open it)."""
    from engine.viktory import rules
    options = {"players": 5, "round_limit": 30}
    session = Session.new("viktory", [[role, None] for role in rules.roles(options)], options, seed=1)
    while session.result() is None:
        role = session.active()[0]
        legal = session.game.rules.actions(session.state, role)
        session.act(role, "end_turn" if "end_turn" in legal else next(a for a in legal if a != "concede"))
    assert len(session.result()["ranking"][0]) == 4
    return session
