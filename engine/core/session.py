"""A game in progress: the save (who plays, the options, the seed, the actions) and its state.

The state is always what replaying the actions from setup gives, so a save and a share link
are nothing more than this session's `to_save()`. Undo follows DESIGN.md: a player may take
back their own actions until something random or hidden was revealed or another human player
acted or became active; actions of bots in between are taken back with them.
"""
from __future__ import annotations

import bisect
import copy
import os

from engine.core import saves
from engine.core.api import GameInfo, IllegalAction, choices, excerpt, plain_copy, same, undo_marker
from engine.core.bots import BotPool, bot_seed
from engine.games import get_game


class Session:
    def __init__(self, game: GameInfo, seed: int, options: dict, seats: list, *,
                 uid: str = "", name: str = ""):
        self.game = game
        self.seed = seed
        self.options = game.check_options(options)
        self.roles = game.rules.roles(self.options)
        if len(seats) != len(self.roles):
            raise ValueError(f"{game.title} needs {len(self.roles)} seats, not {len(seats)}")
        levels = {bot.level for bot in game.bot_levels}
        if any(level is not None and level not in levels for _, level in seats):
            raise ValueError(f"{game.title} has bot levels {sorted(levels)} only")
        self.seats = [[str(name_), level] for name_, level in seats]
        self.uid = uid or new_uid()
        self.name = name
        self.notice = ""  # set when a save of earlier rules replayed only in part (saves.py)
        self._checkpoint = None  # (moves played, a copy of the state then): see remember()
        self._packer = saves.entry_packer()  # for the running CRC of the moves (_play)
        self.bots = BotPool()
        self._restart()

    # -- creating ------------------------------------------------------------------------------
    @classmethod
    def new(cls, game_id: str, seats=None, options=None, seed=None, name: str = "", uid: str = "") -> "Session":
        game = get_game(game_id)
        options = game.check_options(options or {})
        roles = game.rules.roles(options)
        seats = seats or [[role, None] for role in roles]
        seed = int.from_bytes(os.urandom(8), "big") >> 1 if seed is None else seed
        return cls(game, seed, options, seats, uid=uid, name=name or game.title)

    @classmethod
    def from_save(cls, save: dict) -> "Session":
        """Replays a checked save (see saves.check, and there "Rules versions")."""
        return run_to_end(cls.opening(save))

    @classmethod
    def opening(cls, save: dict):
        """from_save in steps: a generator that yields the number of moves replayed after each one
        and returns the Session, so that a page can replay a long game in slices without freezing.

        A move that does not replay: under the save's own rules version the save was altered
        (SaveError); under an earlier version the rules were corrected since, and the game stops
        after the last move that replays, with `notice` saying so. An error of the engine itself
        is neither: it is reported as ours (saves.ReplayError), whatever the version."""
        session = cls(get_game(save["g"]), save["s"], save["o"], save["p"], uid=save["u"], name=save["n"])
        if "a" not in save:
            return (yield from session._open_link(save))
        game = session.game
        for number, entry in enumerate(save["a"], 1):
            try:
                role, action = session._unwrap(entry)
                session.act(role, action)
            except IllegalAction as err:
                if save["r"] == game.rules_version:
                    raise _altered(number, err) from None
                session.notice = (
                    f"This game was saved under an earlier version of our {game.title} rules "
                    f"(version {save['r']}; now {game.rules_version}). The rules have been corrected "
                    f"since, and move {number} of {len(save['a'])} is no longer legal, so the game "
                    f"opens after move {number - 1}. The game as it was saved is kept in your saved games.")
                break
            except Exception as err:  # a bug of ours, not a bad link: say so, and name it
                raise _engine_failed(game, number, err) from err
            yield number
        return session

    def _open_link(self, save: dict):
        """opening() for a link of format 2: each move is the index of a choice (saves.py)."""
        game, reader = self.game, saves.IndexReader(save["x"])
        for number in range(1, save["k"] + 1):
            active = game.rules.active(self.state)
            listed, ends, checked = self._choices(active)
            if not listed:
                break  # the game ended earlier than the link says: the CRC below refuses it
            index = reader.take(len(listed))
            role, action = active[bisect.bisect_right(ends, index)], listed[index]
            if isinstance(action, (list, dict)):
                action = plain_copy(action)  # the save's own value, whatever the game keeps
            try:
                legal = not checked or game.rules.is_legal(self.state, role, action)
                if legal:
                    self._play(role, action, index, len(listed), len(active) > 1)
            except Exception as err:  # a bug of ours, not a bad link: say so, and name it
                raise _engine_failed(game, number, err) from err
            if not legal:
                break
            yield number
        reader.finish()
        if len(self.entries) != save["k"] or saves.link_crc(save["h"], self.crcs[-1] if self.crcs else 0) != save["c"]:
            if save["r"] == game.rules_version:
                raise saves.SaveError("This link is damaged or was altered: its moves do not match its "
                                      "check sum. Copy the whole link and try again.")
            raise saves.SaveError(
                f"This link was made under an earlier version of our {game.title} rules (version "
                f"{save['r']}; now {game.rules_version}), and its moves no longer mean the same under the "
                f"corrected rules. The device that made it keeps the game: open it there and share it again.")
        return self

    def replay(self, entries) -> None:
        """Plays saved entries of the current rules after the ones already played (the bot worker
        carries its game on with the moves of the next request)."""
        for number, entry in enumerate(entries, len(self.entries) + 1):
            try:
                self.act(*self._unwrap(entry))
            except IllegalAction as err:
                raise _altered(number, err) from None

    @property
    def truncated(self) -> bool:
        """Whether this session holds fewer moves than the save it was opened from (see notice)."""
        return bool(self.notice)

    def continues(self, save: dict) -> bool:
        """Whether a checked save is this game with more (or the same) moves: same game, seed, options
        and id, and this session's moves as the first ones."""
        played = len(self.entries)
        return (save["g"] == self.game.id and save["s"] == self.seed and save["o"] == self.options
                and save["u"] == self.uid and len(save["a"]) >= played and list(save["a"][:played]) == self.entries)

    def branch_save(self, moves: int) -> dict:
        """The save of a new game that plays on from this one's position after `moves` moves
        (review's "Play on from here"): same seats, options and seed, a new id; this game is untouched."""
        name = f"{self.name} (from move {moves:,})"
        return dict(self.to_save(), a=list(self.entries[:moves]), u=new_uid(), n=name)

    @classmethod
    def decode(cls, text) -> "Session":
        return cls.from_save(saves.decode(text))

    # -- saving --------------------------------------------------------------------------------
    def to_save(self) -> dict:
        return {"v": saves.FORMAT_VERSION, "g": self.game.id, "r": self.game.rules_version,
                "o": self.options, "s": self.seed, "p": self.seats, "a": list(self.entries),
                "u": self.uid, "n": self.name}

    def encode(self) -> str:
        """The share link's code (format 2: moves as indexes, short)."""
        header = saves.link_header(self.game, self.game.rules_version, self.options, self.seed, self.seats,
                                   self.uid, self.name)
        return saves.encode_link(header, len(self.entries), self.crcs[-1] if self.crcs else 0, self.digits)

    def encode_save(self) -> str:
        """The save by value (format 1), as this device keeps it: it opens under later rules too."""
        return saves.encode(self.to_save())

    # -- playing -------------------------------------------------------------------------------
    def active(self) -> list:
        return self.game.rules.active(self.state)

    def result(self):
        return self.game.rules.result(self.state)

    def is_bot(self, role: str) -> bool:
        return self.seats[self.roles.index(role)][1] is not None

    def bot_level(self, role: str):
        return self.seats[self.roles.index(role)][1]

    def act(self, role: str, action) -> None:
        """Plays `action` for `role` if it is legal now; otherwise IllegalAction, nothing changed."""
        active = self.active()
        if role not in active:
            raise IllegalAction(f"It is not the turn of {role}.")
        listed, ends, checked = self._choices(active)
        k = active.index(role)
        start = ends[k - 1] if k else 0
        index = next((i for i in range(start, ends[k]) if same(listed[i], action)), None)
        if index is None or (checked and not self.game.rules.is_legal(self.state, role, action)):
            raise IllegalAction(f"{excerpt(action)} is not a legal action for {role} now.")
        self._play(role, action, index, len(listed), len(active) > 1)

    def _play(self, role: str, action, index: int, radix: int, several: bool) -> None:
        """Plays a legal action, `index` among the `radix` choices of this moment (a link's digit);
        `several`: more than one role is active (the entry then names its role)."""
        if len(self.entries) >= self.game.max_actions:
            raise IllegalAction(f"This game has reached {self.game.max_actions:,} moves, the most a "
                                f"saved {self.game.title} game can hold.")
        before = undo_marker(self.state)
        entry = [self.roles.index(role), action] if several else action
        self.game.rules.apply(self.state, role, action)
        self.entries.append(entry)
        self.played.append(action)
        self.digits.append((index, radix))
        self.crcs.append(saves.entry_crc(entry, self.crcs[-1] if self.crcs else 0, self._packer))
        self.actors.append(role)
        self.barriers.append(undo_marker(self.state) != before)

    def _choices(self, active: list) -> tuple:
        """(the choices of the active roles, one list in active() order: a link's index of a move points
        into it (saves.py, format 2); the offsets where each role's choices end; whether is_legal must
        check a choice)."""
        if len(active) == 1:
            listed, checked = choices(self.game, self.state, active[0])
            return listed, [len(listed)], checked
        listed, ends, checked = [], [], False
        for role in active:
            some, superset = choices(self.game, self.state, role)
            listed += some
            ends.append(len(listed))
            checked = checked or superset
        return listed, ends, checked

    def bot_turn(self):
        """The (role, level) of a bot that must act now, or None."""
        for role in self.active():
            if self.is_bot(role):
                return role, self.bot_level(role)
        return None

    def play_bot(self, role: str) -> object:
        """Lets the bot of `role` choose and play one action (CLI and tests; the page uses a worker)."""
        bot = self.bots.get(self.game, self.bot_level(role))
        action = bot.choose(self.game, self.state, role, self.bot_seed())
        self.act(role, action)
        return action

    def bot_seed(self) -> int:
        """Bots get a seed that depends on the game and the move, so a replayed game is reproducible."""
        return bot_seed(self.seed, len(self.entries))

    # -- undo ----------------------------------------------------------------------------------
    def undo_point(self, role: str):
        """How many actions remain after `role` undoes its last action, or None if it may not."""
        return self._undo(role)[0]

    def undo_reason(self, role: str) -> str:
        """Why `role` may not undo now, in the player's words ("" when it may)."""
        return self._undo(role)[1]

    def _undo(self, role: str) -> tuple:
        """(point, "") where `role` may undo, else (None, why): the policy of DESIGN.md, "Undo"."""
        if role not in self.roles or self.is_bot(role):
            return None, "A bot's moves cannot be undone."
        others = [r for r in self.active() if r != role and not self.is_bot(r)]
        if others:
            return None, f"{others[0]} is to move: a move can be undone only before another player acts."
        if role not in self.actors:  # what bots or others revealed before is no reason of this seat's
            return None, "You have no move to undo yet."
        for i in range(len(self.actors) - 1, -1, -1):
            if self.barriers[i]:
                return None, "Something hidden or random has been revealed since your last move."
            if self.actors[i] == role:
                return i, ""
            if not self.is_bot(self.actors[i]):
                return None, f"{self.actors[i]} has moved since: a move can be undone only before another player acts."
        return None, "You have no move to undo yet."

    def remember(self) -> None:
        """Keeps a copy of the state as it is now, so that an undo back to this point restores it
        instead of replaying the whole game (seconds, late in a long game, in the browser). The page
        calls it before each of a person's actions; an undo goes back to just before one."""
        self._checkpoint = (len(self.entries), copy.deepcopy(self.state))

    def undo(self, role: str) -> None:
        point = self.undo_point(role)
        if point is None:
            raise IllegalAction(f"{role} cannot undo now.")
        kept = self.entries[:point]
        start = self._checkpoint[0] if self._checkpoint and self._checkpoint[0] <= point else 0
        if start:  # the moves before the checkpoint are the same: it was taken with them played
            self.state = copy.deepcopy(self._checkpoint[1])
            del self.entries[start:], self.actors[start:], self.barriers[start:], self.digits[start:], self.crcs[start:]
            del self.played[start:]
        else:
            self._checkpoint = None
            self._restart()
        for entry in kept[start:]:
            self.act(*self._unwrap(entry))

    # -- internals -----------------------------------------------------------------------------
    def _restart(self) -> None:
        self.state = self.game.rules.setup(self.seed, self.options)
        self.entries, self.actors, self.barriers, self.digits, self.crcs = [], [], [], [], []
        self.played = []  # the action of each entry, without the role an entry names when several act

    def _unwrap(self, entry):
        active = self.active()
        if not active:
            raise IllegalAction("the game is already over")
        if len(active) == 1:
            return active[0], entry
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
                and 0 <= entry[0] < len(self.roles)):
            raise IllegalAction("several players act here and the move does not say who")
        return self.roles[entry[0]], entry[1]


def run_to_end(steps):
    """The result of a generator that yields progress and returns its result (Session.opening,
    review.Timeline.building), run in one go; a page runs them in slices instead."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def _engine_failed(game: GameInfo, number: int, err: Exception) -> saves.ReplayError:
    return saves.ReplayError(
        f"This {game.title} game could not be replayed: our rules program failed at move "
        f"{number} ({type(err).__name__}: {excerpt(str(err), 120)}). This is a bug in "
        f"Chaupal, not in your link; please report it with the link.")


def new_uid() -> str:
    """A game's id: 16 random hex digits (os.urandom: the secrets module's import, hashlib and hmac,
    cost the page 32 ms at start-up in Pyodide)."""
    return os.urandom(8).hex()


def _altered(number: int, err: IllegalAction) -> saves.SaveError:
    return saves.SaveError(f"This saved game does not replay: move {number} is not legal ({err}). "
                           f"The link may have been altered.")
