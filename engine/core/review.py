"""Reviewing a game move by move: the states along a game, rebuilt from its moves.

A Timeline replays a session's moves once, keeping a copy of the state every EVERY moves, the log's
length after each move (the log is the same in every view, so a click on a log line finds its move)
and the guide's chart samples; any position is then its nearest copy and at most EVERY-1 moves. The
session itself is not touched: leaving review returns to the live game as it was.

Positions are numbered 0 (the setup) to len(moves) (the game as it is now). A turn is a run of moves
by one role; turn steps go to the positions where the mover changes.
"""
from __future__ import annotations

import copy

from engine.core.session import run_to_end

EVERY = 64


class Timeline:
    def __init__(self, game, seed: int, options: dict, moves: list):
        self.game, self.seed, self.options = game, seed, options
        self.moves = moves  # (role, action) of each move, in order
        self.copies: dict = {}
        self.log_length: list = []
        self.samples: list = []
        self.state = None  # the position last asked for (state_at)

    @classmethod
    def building(cls, session):
        """A generator that yields the number of moves replayed now and then and returns the
        Timeline of `session` (a page replays a long game in slices)."""
        moves = list(zip(session.actors, session.played))
        timeline = cls(session.game, session.seed, session.options, moves)
        rules, guide = session.game.rules, session.game.guide
        state = rules.setup(session.seed, session.options)
        for n in range(len(moves) + 1):
            if n:
                rules.apply(state, *moves[n - 1])
            if n % EVERY == 0:
                timeline.copies[n] = copy.deepcopy(state)
            timeline.log_length.append(len(state["log"]))
            if guide is not None:
                x, panels = guide.chart_sample(state)  # copied: a guide may hand out the state's own dicts
                timeline.samples.append((x, {title: dict(series) for title, series in panels.items()}))
            if n % 200 == 0:
                yield n
        return timeline

    @classmethod
    def of(cls, session) -> "Timeline":
        return run_to_end(cls.building(session))

    @property
    def last(self) -> int:
        return len(self.moves)

    def state_at(self, n: int) -> dict:
        """The state after the first n moves (a copy of the review's own: the caller may keep it)."""
        n = max(0, min(n, self.last))
        start = n - n % EVERY
        state = copy.deepcopy(self.copies[start])
        for role, action in self.moves[start:n]:
            self.game.rules.apply(state, role, action)
        return state

    def actor(self, n: int):
        """The role that made move n (1-based), None for the setup."""
        return self.moves[n - 1][0] if n else None

    def turn_back(self, n: int) -> int:
        """The start of the turn before position n's (or of its own turn, when n is inside one)."""
        n = max(0, min(n, self.last))
        if n == 0:
            return 0
        k = n - 1  # move n was made by actor(n): step back over the run it ends
        while k > 0 and self.moves[k - 1][0] == self.moves[n - 1][0]:
            k -= 1
        return k

    def turn_forward(self, n: int) -> int:
        """The end of the run of moves that follows position n."""
        n = max(0, min(n, self.last))
        if n == self.last:
            return n
        k = n + 1
        while k < self.last and self.moves[k][0] == self.moves[n][0]:
            k += 1
        return k

    def position_of_line(self, line: int) -> int:
        """The position just after the move that wrote log line `line` (0-based)."""
        lo, hi = 0, self.last
        while lo < hi:
            mid = (lo + hi) // 2
            if self.log_length[mid] > line:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def chart_samples(self, n: int) -> list:
        """The chart's samples up to position n: the last of each x."""
        kept: dict = {}
        for x, panels in self.samples[:n + 1]:
            kept[x] = panels
        return sorted(kept.items())
