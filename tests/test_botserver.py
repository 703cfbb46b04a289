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
