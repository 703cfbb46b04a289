"""The bot's side of the page: given a save and a seat, choose that seat's next action.

Runs in a Web Worker (web/bot-worker.mjs) so that a bot's search never freezes the page. The
request and the answer are JSON text, so that nothing but strings crosses the worker boundary.
"""
import json

from engine.core import saves
from engine.core.bots import BotPool
from engine.core.session import Session


class BotServer:
    def __init__(self):
        self.bots = BotPool()  # lives as long as the worker: a move's second click reuses the first

    def choose_json(self, request: str) -> str:
        data = json.loads(request)
        session = Session.from_save(saves.check(data["save"]))
        role = data["role"]
        if role not in session.active() or not session.is_bot(role):
            raise ValueError(f"it is not the turn of a bot playing {role}")
        bot = self.bots.get(session.game, session.bot_level(role))
        return json.dumps(bot.choose(session.game, session.state, role, session.bot_seed()))
