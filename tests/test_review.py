"""Review (engine/core/review.py) and the race chart (engine/core/chart.py)."""
import copy
import re

from engine.core import chart, saves
from engine.core.review import EVERY, Timeline
from engine.core.session import Session
from engine.games import GAMES


def played_game(game_id, seed, level=0, moves=None):
    game = GAMES[game_id]
    roles = game.rules.roles(game.default_options())
    session = Session.new(game_id, [[role, level] for role in roles], seed=seed)
    while session.result() is None and (moves is None or len(session.entries) < moves):
        session.play_bot(session.active()[0])
    return session


def test_every_position_is_the_state_a_replay_of_that_many_moves_gives():
    for game_id, moves in (("aadu_huli", None), ("yudhbhoomi", 150), ("vijayanagara", 150)):
        session = played_game(game_id, 7, moves=moves)
        live = copy.deepcopy(session.state)
        timeline = Timeline.of(session)
        assert timeline.last == len(session.entries) > EVERY
        for n in sorted({0, 1, EVERY - 1, EVERY, EVERY + 1, timeline.last // 2, timeline.last - 1, timeline.last}):
            replayed = Session.from_save(session.branch_save(n))
            assert timeline.state_at(n) == replayed.state, (game_id, n)
            assert timeline.log_length[n] == len(replayed.state["log"])
        assert session.state == live  # reviewing leaves the game as it was
        assert timeline.state_at(timeline.last) == live


def test_turn_steps_go_to_where_the_mover_changes():
    session = played_game("aadu_huli", 3, moves=30)
    timeline = Timeline.of(session)
    actors = session.actors
    # Aadu-Huli alternates Goats and Tigers move by move (5.5), except a tiger's move is two clicks
    boundaries = [0] + [n for n in range(1, len(actors)) if actors[n] != actors[n - 1]] + [len(actors)]
    n, seen = 0, [0]
    while n < timeline.last:
        n = timeline.turn_forward(n)
        seen.append(n)
    assert seen == boundaries
    back = [timeline.last]
    while n > 0:
        n = timeline.turn_back(n)
        back.append(n)
    assert back == boundaries[::-1]


def test_a_log_line_finds_the_move_that_wrote_it():
    session = played_game("aadu_huli", 5, moves=40)
    timeline = Timeline.of(session)
    for line in range(len(session.state["log"])):
        n = timeline.position_of_line(line)
        assert timeline.log_length[n] > line and (n == 0 or timeline.log_length[n - 1] <= line)


def test_play_on_from_here_is_a_new_game_and_the_original_stays():
    session = played_game("aadu_huli", 11, moves=20)
    code = session.encode()
    save = session.branch_save(12)
    assert save["u"] != session.uid and len(save["a"]) == 12 and "from move 12" in save["n"]
    branch = Session.from_save(saves.check(save))
    branch.play_bot(branch.active()[0])
    assert session.encode() == code and len(session.entries) == 20
    assert len(branch.entries) == 13 and branch.entries[:12] == session.entries[:12]


def test_the_chart_draws_a_line_per_series_and_says_the_last_values():
    samples = [(1, {"Victory points": {"Red": 0, "Blue": 2}}), (2, {"Victory points": {"Red": 5, "Blue": 3}}),
               (3, {"Victory points": {"Red": 9, "Blue": 4}, "Money": {"Red": 1}})]
    svg = chart.draw("Round", samples)
    assert svg.count("<figure") == 2 and svg.count("<polyline") == 3
    assert 'aria-label="Victory points by round, Round 3: Red 9, Blue 4"' in svg
    red = re.search(r'<polyline points="([^"]+)"', svg).group(1).split()
    assert len(red) == 3  # one point per round
    ys = [float(p.split(",")[1]) for p in red]
    assert ys[0] > ys[1] > ys[2]  # rising scores go up the page
    assert chart.draw("Round", []) == ""
    assert chart.ticks(0, 9) == [0, 2, 4, 6, 8] and chart.ticks(0, 100) == [0, 20, 40, 60, 80, 100]
