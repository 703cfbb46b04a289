"""The bot worker's entry point answers with a legal action of the bot's seat, as JSON."""
import json

import pytest

from engine.core.botserver import BotServer
from engine.core.session import Session


def test_bot_server_answers_a_legal_action_for_the_bot_seat():
    session = Session.new("aadu_huli", [["Goats", None], ["Tigers", 3]], seed=9)
    session.act("Goats", 7)
    server = BotServer()
    request = json.dumps({"save": session.to_save(), "role": "Tigers"})
    first = json.loads(server.choose_json(request))
    assert first in session.game.rules.actions(session.state, "Tigers")
    session.act("Tigers", first)  # the piece; the second click is answered from the same search
    second = json.loads(server.choose_json(json.dumps({"save": session.to_save(), "role": "Tigers"})))
    assert second in session.game.rules.actions(session.state, "Tigers")


def test_bot_server_refuses_a_human_seat_or_a_seat_not_to_move():
    session = Session.new("aadu_huli", [["Goats", None], ["Tigers", 3]], seed=9)
    server = BotServer()
    for role in ("Goats", "Tigers"):
        with pytest.raises(ValueError):
            server.choose_json(json.dumps({"save": session.to_save(), "role": role}))


def test_bot_server_carries_its_game_on_and_starts_again_after_an_undo():
    """The worker plays only the moves added since the last request; a save that is not a
    continuation (an undo, another game) is replayed from the start. Either way the answer is the
    one a fresh replay gives."""
    session = Session.new("aadu_huli", [["Goats", 1], ["Tigers", 1]], seed=4)
    server = BotServer()

    def ask():
        role = session.bot_turn()[0]
        answer = json.loads(server.choose_json(json.dumps({"save": session.to_save(), "role": role})))
        fresh = json.loads(BotServer().choose_json(json.dumps({"save": session.to_save(), "role": role})))
        assert answer == fresh
        return role, answer

    for _ in range(6):
        session.act(*ask())
    kept = server.session
    assert kept is not None and kept.entries == session.entries[:-1]  # carried on, not rebuilt
    session.act(*ask())
    assert server.session is kept and kept.entries == session.entries[:-1]
    assert kept.state == Session.from_save({**session.to_save(), "a": session.entries[:-1]}).state
    shorter = Session.from_save({**session.to_save(), "a": session.entries[:3]})
    role = shorter.bot_turn()[0]
    answer = json.loads(server.choose_json(json.dumps({"save": shorter.to_save(), "role": role})))
    assert server.session is not kept and server.session.entries == shorter.entries
    assert answer in shorter.game.rules.actions(shorter.state, role)


def test_bot_server_forgets_a_game_whose_new_moves_do_not_replay():
    session = Session.new("aadu_huli", [["Goats", None], ["Tigers", 1]], seed=4)
    session.act("Goats", session.game.rules.actions(session.state, "Goats")[0])
    server = BotServer()
    server.choose_json(json.dumps({"save": session.to_save(), "role": "Tigers"}))
    tampered = {**session.to_save(), "a": session.entries + [999, 999]}
    with pytest.raises(Exception, match="does not replay"):
        server.choose_json(json.dumps({"save": tampered, "role": "Tigers"}))
    assert server.session is None


def test_a_hint_is_the_strongest_levels_choice_for_a_person_at_their_turn():
    """The page's Hint: the action the strongest level (here Hard, 3) would take in the seat of the
    person to move; refused for a bot's seat or a seat not to move."""
    session = Session.new("aadu_huli", [["Goats", None], ["Tigers", 1]], seed=9)
    server = BotServer()
    hint = json.loads(server.choose_json(json.dumps({"save": session.to_save(), "role": "Goats", "hint": True})))
    hard = session.game.bot(3).choose(session.game, session.state, "Goats", session.bot_seed())
    assert hint == hard and hint in session.game.rules.actions(session.state, "Goats")
    session.act("Goats", hint)
    for role in ("Tigers", "Goats"):  # a bot's seat; a seat not to move
        with pytest.raises(ValueError):
            server.choose_json(json.dumps({"save": session.to_save(), "role": role, "hint": True}))


def test_the_opening_is_the_bots_moves_until_a_person_decides_the_same_when_prepared_ahead():
    """A new game's opening (the bots' moves before anyone at the device has moved) is answered at
    once: the moves each bot would choose one by one, up to the first decision of a person. Played
    ahead from the new-game spec with the page's seed and id (`prepare`), it is the same answer, and
    the page's next request carries on from it."""
    roles = Session.new("vijayanagara", seed=5).roles
    seats = [[roles[0], 1], [roles[1], 1], [roles[2], None]]  # the person plays last of the three
    spec = {"game": "vijayanagara", "seats": seats}
    session = Session.new("vijayanagara", seats, seed=77, uid="00112233aabbccdd")
    one_by_one = []
    while all(session.is_bot(role) for role in session.active()):
        role = session.bot_turn()[0]
        action = json.loads(BotServer().choose_json(json.dumps({"save": session.to_save(), "role": role})))
        session.act(role, action)
        one_by_one.append([role, action])
    assert one_by_one and session.active() == [roles[2]]
    start = Session.new("vijayanagara", seats, seed=77, uid="00112233aabbccdd")
    assert json.loads(BotServer().opening_json(json.dumps({"save": start.to_save()}))) == one_by_one
    ahead = BotServer()
    ahead.prepare(json.dumps(spec), "77", "00112233aabbccdd")
    assert json.loads(ahead.opening_json(json.dumps({"save": start.to_save()}))) == one_by_one
    for role, action in one_by_one:
        start.act(role, action)
    assert ahead.session.continues(start.to_save())  # the person's move is played on this game
    # another seed or id is another game: nothing prepared is used for it
    other = Session.new("vijayanagara", seats, seed=78, uid="00112233aabbccdd")
    assert json.loads(ahead.opening_json(json.dumps({"save": other.to_save()}))) != one_by_one
    # bots alone: no one waits for a first decision, and nothing is played ahead (the page plays
    # their game move by move)
    alone = Session.new("vijayanagara", [[role, 1] for role in roles], seed=77)
    assert json.loads(BotServer().opening_json(json.dumps({"save": alone.to_save()}))) == []
    ahead.prepare("{not json", "77", "00112233aabbccdd")  # a broken address prepares nothing
    ahead.prepare(json.dumps({"game": "no such game"}), "77", "00112233aabbccdd")
