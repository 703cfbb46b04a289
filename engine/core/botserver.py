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
        self.session = None  # the game of the last request, kept to play only the new moves of the next

    def session_for(self, save: dict) -> Session:
        """The game of a request. Replaying a whole game for every decision grows with its length
        (a 5,000-move Viktory game), so the game of the last request is carried on with the moves
        added since, as long as it is the same game with the same first moves (not after an undo).
        Bots never change the state they are given (tests/test_generic.py checks it)."""
        cached, self.session = self.session, None  # a save that does not replay leaves nothing behind
        if cached is not None and cached.continues(save):
            cached.replay(save["a"][len(cached.entries):])
            cached.seats = [[str(name), level] for name, level in save["p"]]
        else:
            cached = Session.from_save(save)
        self.session = cached
        return cached

    def choose_json(self, request: str) -> str:
        """{save, role} -> the action of the bot playing `role`, as JSON. With "hint": true, the seat
        is a person's: the action the game's strongest level would take in that seat now (the page's
        Hint). Bots read only what their seat may see, so a hint tells nothing hidden."""
        data = json.loads(request)
        session = self.session_for(saves.check(data["save"]))
        role = data["role"]
        if data.get("hint") is True:
            if role not in session.active() or session.is_bot(role):
                raise ValueError(f"it is not the turn of a player at {role}")
            level = max(b.level for b in session.game.bot_levels)
        elif role not in session.active() or not session.is_bot(role):
            raise ValueError(f"it is not the turn of a bot playing {role}")
        else:
            level = session.bot_level(role)
        bot = self.bots.get(session.game, level)
        return json.dumps(bot.choose(session.game, session.state, role, session.bot_seed()))
