"""The longest links a game accepts: legal action loops (a unit selected and deselected, a menu opened
and closed, "end turn" round after round) repeated up to GameInfo.max_actions. A hostile or broken
link can be one, so every game must open such a link (or refuse it) quickly: the generic tests and
`python -m engine bench-links` build them with this module. Not used by the site."""
from __future__ import annotations

import copy
import random
import time

from engine.core.api import IllegalAction, play
from engine.core.bots import unconfirmed
from engine.core.session import Session


def _try(game, state, sequence) -> dict | None:
    """The state after playing `sequence` (each action by whoever is active), or None if one fails."""
    state = copy.deepcopy(state)
    for action in sequence:
        active = game.rules.active(state)
        if not active:
            return None
        try:
            play(game, state, active[0], action)
        except IllegalAction:
            return None
    return state


def find_loops(game, state, width: int = 12, repeats: int = 6) -> list:
    """Action sequences of length 1 or 2 that can be played `repeats` times in a row from `state`
    (by whoever is active at each step): the cheap-to-encode ways to make a game long."""
    active = game.rules.active(state)
    if not active:
        return []
    found = []
    firsts = game.rules.actions(state, active[0])[:width]
    for a in firsts:
        if _try(game, state, [a] * repeats) is not None:
            found.append([a])
            continue
        after = _try(game, state, [a])
        if after is None or not game.rules.active(after):
            continue
        for b in game.rules.actions(after, game.rules.active(after)[0])[:width]:
            if _try(game, state, [a, b] * repeats) is not None:
                found.append([a, b])
                break
    return found


PREFIXES = (30, 120, 400)  # random moves before looking for a loop: early, middle and late positions


def slowest_loop_link(game, seeds=range(1, 7)) -> tuple:
    """(seconds to open, session) of the slowest to open of the loop links of `seeds` (default
    options; seed s starts its loop after PREFIXES[s % 3] random moves): what bench-links reports
    and bench-open opens in the browser."""
    slowest = None
    for seed in seeds:
        session = loop_session(game, seed, game.default_options(), PREFIXES[seed % len(PREFIXES)])
        code = session.encode()
        started = time.perf_counter()
        Session.decode(code)
        seconds = time.perf_counter() - started
        if slowest is None or seconds > slowest[0]:
            slowest = (seconds, session)
    return slowest


def loop_session(game, seed: int, options: dict, prefix: int, loop: list | None = None,
                 limit: int | None = None, search: int = 600) -> Session:
    """A session of random legal moves for `prefix` actions, then `loop` (if None, the first loop found
    there or, failing that, within `search` more random moves) repeated for as long as it stays legal,
    up to `limit` (max_actions) actions in all."""
    roles = game.rules.roles(game.check_options(options))
    session = Session(game, seed, options, [[role, 0] for role in roles], name="loop")
    chooser = random.Random(seed)

    def random_move():
        role = session.active()[0]
        session.act(role, chooser.choice(unconfirmed(game, session.state, game.rules.actions(session.state, role))))

    while len(session.entries) < prefix and session.result() is None:
        random_move()
    while loop is None and session.result() is None and len(session.entries) <= prefix + search:
        loops = find_loops(game, session.state)
        if loops:
            loop = loops[0]
        else:
            random_move()
    if loop is None:
        return session
    limit = game.max_actions if limit is None else limit
    while len(session.entries) < limit:
        for action in loop:
            active = session.active()
            if not active or len(session.entries) >= limit:
                return session
            try:
                session.act(active[0], action)
            except IllegalAction:
                return session
    return session
