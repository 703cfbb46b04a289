"""The bot's side of the page: given a save and a seat, choose that seat's next action.

Runs in a Web Worker (web/bot-worker.mjs) so that a bot's search never freezes the page. The
request and the answer are JSON text, so that nothing but strings crosses the worker boundary.
"""
import json

from engine.core import saves
from engine.core.bots import BotPool
from engine.core.session import Session

OPENING_MOST = 400  # bot actions in one answer to `opening_json` at most (the page asks again for more)
SAME_GAME = ("g", "r", "o", "s", "p", "u", "a")  # what makes two saves the same position of one game


class BotServer:
    def __init__(self):
        self.bots = BotPool()  # lives as long as the worker: a move's second click reuses the first
        self.session = None  # the game of the last request, kept to play only the new moves of the next
        self.prepared = None  # (the save of a new game, its opening as JSON): see prepare

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

    def opening_json(self, request: str) -> str:
        """{save} -> the actions the bots play from this position until a person at the device has a
        decision (or the game is over), as JSON [[role, action], ...]: the page shows a new game's
        opening moves at once instead of asking for them one by one. The answer for the new game
        that `prepare` played ahead is ready."""
        save = saves.check(json.loads(request)["save"])
        if self.prepared is not None and all(self.prepared[0][k] == save[k] for k in SAME_GAME):
            return self.prepared[1]
        return json.dumps(self.play_opening(self.session_for(save)))

    def play_opening(self, session: Session) -> list:
        return list(self.opening_moves(session))

    def opening_moves(self, session: Session):
        """Plays on `session` the bots' moves until a person at the device has a decision, yielding
        each as [role, action]: the worker's answer to `opening_json`, and the page's own while it
        waits for that answer (web/page_bots.py)."""
        if all(session.is_bot(role) for role in session.roles):
            return  # bots alone: no one waits for a first decision, the page plays move by move
        played = 0
        while session.result() is None and played < OPENING_MOST \
                and session.active() and all(session.is_bot(role) for role in session.active()):
            role, level = session.bot_turn()
            action = self.bots.get(session.game, level).choose(session.game, session.state, role, session.bot_seed())
            session.act(role, action)
            played += 1
            yield [role, action]

    def prepare(self, spec: str, seed: str, uid: str) -> None:
        """Plays a new game's opening ahead, while the page itself starts: the game of a new-game
        spec (play.html?new=..., as the page reads it) with the seed and id that the page is given
        too (web/bot-client.js). A spec the page would refuse prepares nothing."""
        try:
            data = json.loads(spec)
            session = Session.new(data["game"], data.get("seats"), data.get("options"), seed=int(seed),
                                  name=data.get("name", ""), uid=uid)
            start = saves.check(session.to_save())
        except Exception:  # the page says what is wrong with the address
            return
        self.prepared = (start, json.dumps(self.play_opening(session)))
        self.session = session
