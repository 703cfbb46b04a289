"""Invariants every registered game must keep (DESIGN.md, "How we work": the generic tests)."""
import copy
import re

import pytest

from engine.core.api import IllegalAction, play
from engine.core.cli import play_out, simulate
from engine.core.session import Session
from engine.games import GAMES

GAME_IDS = sorted(GAMES)
RANDOM_GAMES = 40


def random_session(game_id, seed, level=0):
    game = GAMES[game_id]
    roles = game.rules.roles(game.default_options())
    return Session.new(game_id, [[role, level] for role in roles], seed=seed)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_games_end_with_invariants(game_id):
    game = GAMES[game_id]
    for seed in range(RANDOM_GAMES):
        session = random_session(game_id, seed)
        while session.result() is None:
            active = session.active()
            assert active, f"seed {seed}: no one to act and no result (dead end)"
            for role in active:
                assert game.rules.actions(session.state, role), f"seed {seed}: {role} active with no action"
            session.play_bot(active[0])
            game.rules.invariants(session.state)
            assert len(session.entries) <= game.max_actions, f"seed {seed}: game too long"
        result = session.result()
        assert session.active() == []
        assert set(result["winners"]) <= set(session.roles)
        assert sorted(r for place in result["ranking"] for r in place) == sorted(session.roles)
        assert result["summary"]
        assert all(isinstance(line, str) and line for line in result.get("details", []))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_illegal_actions_are_refused_and_change_nothing(game_id):
    game = GAMES[game_id]
    session = random_session(game_id, 3)
    junk = [None, "", "nonsense", -1, 10**9, [0, 0], {"a": 1}, 3.5, True]
    for _ in range(60):
        if session.result() is not None:
            break
        role = session.active()[0]
        idle = [r for r in session.roles if r not in session.active()]
        before = copy.deepcopy(session.state)
        legal = game.rules.actions(session.state, role)
        for action in junk:
            if action not in legal:
                with pytest.raises(IllegalAction):
                    play(game, session.state, role, action)
                assert session.state == before
        for other in idle:  # a role whose turn it is not may do nothing
            for action in legal:
                with pytest.raises(IllegalAction):
                    play(game, session.state, other, action)
                assert session.state == before
        session.play_bot(role)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_save_round_trip_and_replay_reproduce_the_exact_state(game_id):
    for seed in range(8):
        session = random_session(game_id, 100 + seed)
        checkpoints = {5, 17, 40}
        while session.result() is None:
            session.play_bot(session.active()[0])
            if len(session.entries) in checkpoints or session.result() is not None:
                code = session.encode()
                again = Session.decode(code)
                assert again.state == session.state
                assert again.to_save() == session.to_save()
                assert again.encode() == code
                assert Session.decode("https://example.org/chaupal/play.html#" + code).state == session.state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_position_has_a_view_and_a_board_for_every_role(game_id):
    game = GAMES[game_id]
    session = random_session(game_id, 11)
    while True:
        for role in session.roles:
            view = game.rules.view(session.state, role)
            assert isinstance(view["prompt"], str) and isinstance(view["log"], list)
            legal = game.rules.actions(session.state, role) if role in session.active() else []
            svg = game.board.render(view, role, legal)
            assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
            numbers = game.rules.numbers(view)  # the status panel's key numbers, in figures
            assert set(numbers) <= set(session.roles) and numbers
            assert all(items and all(isinstance(n, str) and n for n in items) for items in numbers.values())
            context = getattr(game.rules, "context", None)  # lines beside the buttons, if the game has any
            if context and legal:
                assert all(isinstance(line, str) and line for line in context(view, role))
            for action in legal:
                assert isinstance(game.rules.action_label(session.state, action), str)
        if session.result() is not None:
            break
        session.play_bot(session.active()[0])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_simulate_reports_finished_games(game_id):
    summary = simulate(game_id, 5, seed=1, level=0, options={})
    assert summary["finished"] == 5 and summary["errors"] == 0
    assert summary["actions_mean"] > 0 and summary["save_chars_mean"] > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_strongest_bots_finish_games(game_id):
    game = GAMES[game_id]
    strongest = max(bot.level for bot in game.bot_levels)
    for seed in range(2):
        session = random_session(game_id, seed, level=min(strongest, 1))
        play_out(session)
        assert session.result() is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bots_of_every_level_leave_the_state_they_are_given_untouched(game_id):
    """The bot worker keeps its game between requests (engine/core/botserver.py), and replays must
    not depend on what a bot looked at: choosing may not change the state."""
    game = GAMES[game_id]
    session = random_session(game_id, 5)
    for moves in (0, 15, 60):
        while len(session.entries) < moves and session.result() is None:
            session.play_bot(session.active()[0])
        if session.result() is not None:
            break
        role = session.active()[0]
        for level in game.bot_levels:
            before = copy.deepcopy(session.state)
            action = session.bots.get(game, level.level).choose(game, session.state, role, session.bot_seed())
            assert session.state == before, f"{level.name} changed the state at move {moves}"
            assert action in game.rules.actions(session.state, role)


def test_undo_takes_back_own_action_and_bot_replies_only():
    game_id = GAME_IDS[0]
    game = GAMES[game_id]
    roles = game.rules.roles(game.default_options())
    session = Session.new(game_id, [[roles[0], None], [roles[1], 0]], seed=5)
    assert session.undo_point(roles[0]) is None  # nothing to undo yet
    assert session.undo_reason(roles[0]) == "You have no move to undo yet."
    first = game.rules.actions(session.state, roles[0])[0]
    start = copy.deepcopy(session.state)
    session.act(roles[0], first)
    while session.bot_turn():
        session.play_bot(session.bot_turn()[0])
    assert session.undo_point(roles[1]) is None  # a bot seat never undoes
    assert session.undo_reason(roles[1]) == "A bot's moves cannot be undone."
    assert (session.undo_reason(roles[0]) == "") == (session.undo_point(roles[0]) is not None)
    session.undo(roles[0])
    assert session.state == start and session.entries == []
    # hot-seat: once the other human is active, the first may no longer undo
    hot = Session.new(game_id, [[roles[0], None], [roles[1], None]], seed=5)
    while hot.active() == [roles[0]]:
        hot.act(roles[0], game.rules.actions(hot.state, roles[0])[0])
    assert hot.undo_point(roles[0]) is None and hot.undo_point(roles[1]) is None
    assert hot.undo_reason(roles[0]).startswith(f"{roles[1]} is to move")
    assert hot.undo_reason(roles[1]) == "You have no move to undo yet."  # nothing of its own to take back
    with pytest.raises(IllegalAction):
        hot.undo(roles[0])


def test_the_registry_imports_a_game_only_when_asked_for():
    import subprocess
    import sys

    probe = ("import sys; from engine.core.session import Session; "
             "Session.new('aadu_huli', seed=1); "
             "print(sorted(m for m in sys.modules if m.startswith('engine.') and m.count('.') == 1))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['engine.aadu_huli', 'engine.core', 'engine.games']"
    assert GAMES["aadu_huli"].id == "aadu_huli" and "chess" not in GAMES


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if hasattr(GAMES[g].rules, "is_legal")])
def test_a_games_fast_legality_check_agrees_with_its_list_of_actions(game_id):
    """rules.is_legal (engine/core/api.py) is only a faster `action in actions` with exact types:
    on random games, every listed action is legal and every other candidate (actions of earlier
    positions, near-misses of listed ones, junk of every type) is not."""
    from engine.core.api import same

    game = GAMES[game_id]
    junk = [None, "", "done", 0, -1, 10**30, 1.0, True, [], [0], ["unit"], ["unit", True], {"a": 1}, [[[]]]]
    for seed in range(4):
        session = random_session(game_id, 100 + seed)
        seen = []
        while session.result() is None and len(session.entries) < 1500:
            role = session.active()[0]
            legal = game.rules.actions(session.state, role)
            near = [[a[0], a[1] + 1] if isinstance(a, list) and len(a) == 2 and type(a[1]) is int else a
                    for a in legal]
            near += [[a[0], float(a[1])] for a in legal if isinstance(a, list) and len(a) == 2 and type(a[1]) is int]
            for candidate in legal + near + seen[-40:] + junk:
                expected = any(same(x, candidate) for x in legal)
                assert game.rules.is_legal(session.state, role, candidate) is expected, (seed, candidate)
            seen.extend(legal[:3])
            session.play_bot(role)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_from_a_remembered_state_is_the_same_as_replaying(game_id):
    """Session.remember (the page calls it before a person's move) makes undo restore a copy: the
    result must be exactly the state replaying the kept moves gives."""
    import random

    game = GAMES[game_id]
    roles = game.rules.roles(game.default_options())
    chooser = random.Random(5)
    undone = 0
    for seed in range(3):
        session = Session.new(game_id, [[roles[0], None]] + [[r, 0] for r in roles[1:]], seed=seed)
        while session.result() is None and len(session.entries) < 1000:
            if session.bot_turn():
                session.play_bot(session.bot_turn()[0])
                continue
            role = session.active()[0]
            if session.undo_point(role) is not None and chooser.random() < 0.3:
                session.undo(role)
                undone += 1
                again = Session.from_save(session.to_save())
                assert session.state == again.state and session.entries == again.entries
                assert session.barriers == again.barriers and session.actors == again.actors
                continue
            session.remember()
            session.act(role, chooser.choice(game.rules.actions(session.state, role)))
    assert undone >= 3, "undo was hardly tried"


HOWTO_SECTIONS = ("Goal", "A turn", "How the game ends and who wins", "On the screen", "Tips for a first game")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_how_to_play_page_in_simple_html(game_id):
    """A How to play page per game (engine/<game>/howto.py), its sections in order, in
    simple balanced HTML (it is put into the page as it is)."""
    from html.parser import HTMLParser

    text = GAMES[game_id].howto
    places = [text.find(f"<h3>{name}</h3>") for name in HOWTO_SECTIONS]
    assert -1 not in places and places == sorted(places), places

    class Check(HTMLParser):
        def __init__(self):
            super().__init__()
            self.open = []

        def handle_starttag(self, tag, attrs):
            assert tag in ("h2", "h3", "p", "ul", "ol", "li", "b", "i", "em", "strong") and not attrs, tag
            self.open.append(tag)

        def handle_endtag(self, tag):
            assert self.open.pop() == tag, tag

    check = Check()
    check.feed(text)
    check.close()
    assert check.open == []
    assert len(text.split()) > 300  # a page, not a stub


# a match result as the texts write one: "150 games in 200", "313 of 500", "59 times in 60"
MATCH_FIGURE = re.compile(r"\b\d+(?:\.\d+)? (?:games |times )?(?:of|in) \d+\b")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_measured_strength_is_written_once_in_the_levels_descriptions(game_id):
    """The new-game dialog and the About page (web/about.js, "Computer players") both show each
    level's description; a match figure written again in the game's About text drifts from it when
    the bots change, so the About text gives none and the strongest level states its own."""
    game = GAMES[game_id]
    assert MATCH_FIGURE.findall(game.about) == []
    strongest = max(game.bot_levels, key=lambda bot: bot.level)
    assert re.search(r"\b\d+\b", strongest.about), strongest.about
    assert all(bot.about for bot in game.bot_levels)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_options_conditions_name_options_and_values_of_the_game(game_id):
    """Option.when hides a choice in the new-game dialog while other options rule it out: each
    condition names an option of the same game and values among its choices."""
    options = {opt.key: opt for opt in GAMES[game_id].options}
    for opt in options.values():
        for key, values in opt.when:
            assert key in options and key != opt.key, (opt.key, key)
            assert set(values) <= {value for value, _label in options[key].choices}, (opt.key, key, values)
        assert opt.to_dict()["when"] == [[key, list(values)] for key, values in opt.when]


def test_yudhbhoomi_offers_mode_night_and_difficult_only_where_the_campaign_leaves_them_open():
    """Rani Abbakka is played at night, cooperatively, without Difficult mode ("Setting up the Campaign"
    of Rani Abbakka); Semi-Collaborative is for 4 players; Difficult mode is a Treasure campaign rule."""
    when = {opt.key: dict(opt.when) for opt in GAMES["yudhbhoomi"].options}
    assert "rani" not in when["mode"]["campaign"] and when["mode"]["players"] == (4,)
    assert "rani" not in when["night"]["campaign"]
    assert when["difficult"]["campaign"] == ("treasure",)
