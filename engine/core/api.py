"""The game interface that every game answers (see DESIGN.md, "The game interface").

A game is a `GameInfo` whose `rules` module provides, as plain functions:

    roles(options) -> list[str]            the seats, in order
    setup(seed, options) -> state           a fresh game; state is plain data (dict/list/int/str)
    active(state) -> list[str]              who must act now ([] once the game is over)
    actions(state, role) -> list            legal actions of that role, in a stable order
    apply(state, role, action) -> None      performs a legal action, mutating state
    view(state, role) -> dict               what that role may see: at least "prompt" and "log"
    result(state) -> dict | None            None while playing, else {"winners", "ranking", "scores",
                                            "summary"} and optionally "details" (lines for the summary)
    action_label(state, action) -> str      a short name for a button or the log
    invariants(state) -> None               raises AssertionError if a conservation law is broken
                                            (pieces conserved, counters in range): the generic tests
    numbers(view) -> dict                   role -> short texts of its key numbers ("12 VP",
                                            "3 Resources") for the page's status panel, from a view

and optionally:

    is_legal(state, role, action) -> bool   exactly `action in actions(state, role)` with exact types,
                                            only faster (replaying a long game checks every move); the
                                            generic tests compare it with `actions`
    confirm(state, action) -> str | None    a question the page asks before playing this action
                                            (conceding, ending a turn that forfeits a phase)
    context(view, role) -> list[str]        lines shown beside the buttons: what the decision needs
                                            (an Event card's texts) where the board is too small
    link_choices(state, role) -> list|None  what a share link's index of a move points into (saves.py,
                                            format 2) where listing the legal actions is dear (Viktory's
                                            units that may move): a superset of them in a stable order,
                                            each checked with is_legal; None where `actions` is the list.
                                            The order of both is part of the link format: changing it
                                            raises the rules version

A game's `guide` module (engine/<game>/guide.py) explains the game to a player who cannot see the
board or wants the rule at hand; it reads the state and views and never changes them:

    REFERENCE: tuple of (key, title, html)  a short reference for each rulebook section (or heading,
                                            where the rulebook has no numbers) that a step can be
                                            governed by, in the project's own words (the publishers'
                                            texts are not published on the site); shown on the game's
                                            How to play page with the anchor `reference_anchor(key)`
    rule_ref(state, role) -> str            the key of REFERENCE that governs the decision `role` must
                                            take now (role is active)
    describe(view, role) -> list[str]       the position in words, from that role's view only (so
                                            nothing hidden is told): who holds what, where, whose turn
    CHART_X: str                            what the chart's x axis counts ("Round", "Card", "Turn")
    chart_sample(state) -> (x, panels)      the numbers charted at this point of the game: x an int
                                            (the round, card or turn: of several samples with one x the
                                            last counts) and panels {title: {series (a role): number}};
                                            only numbers that every seat may see (scores on the
                                            board), cheap: it is sampled after every move

Nobody calls `rules.apply` directly: `play` below checks the action first, so an illegal action is
refused with a clear message and changes nothing.
"""
from __future__ import annotations

import copy
import itertools
import json
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable


class IllegalAction(ValueError):
    """An action that is not among the legal actions of that role now."""


def same(a, b) -> bool:
    """Equal with exact types at every depth: True == 1 and [1.0] == [1] in Python, but in a save
    neither is what a game offers (a link's values are hostile: a bool where an int belongs breaks
    the rules later). `a` is the game's own value, so the recursion is as shallow as it is."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b



def plain_copy(value):
    """A deep copy of plain data (dicts, lists, scalars), several times faster than copy.deepcopy;
    anything else (a tuple, a set) is left to copy.deepcopy. For a link's replay (Session: thousands
    of actions) and bots' copies of a state."""
    kind = type(value)
    if kind is dict:
        return {k: (v if type(v) in _SIMPLE else plain_copy(v)) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _SIMPLE else plain_copy(v) for v in value]
    if kind in _SIMPLE:
        return value
    return copy.deepcopy(value)


_SIMPLE = frozenset((int, str, float, bool, type(None)))

EXCERPT_DEPTH = 4


def excerpt(value, limit: int = 60) -> str:
    """A short text for a value that came from outside (a save, a click), for messages: at most about
    `limit` characters, whatever its size, and safe on values nested thousands deep (repr recurses
    and raises RecursionError there, and a million-character string makes a million-character
    message)."""
    out: list = []
    room = [limit]

    def put(text: str) -> bool:
        out.append(text[:room[0]])
        room[0] -= len(text)
        return room[0] > 0

    def walk(v, depth: int) -> bool:
        if isinstance(v, (list, tuple, dict)):
            if depth >= EXCERPT_DEPTH:
                return put("[…]" if not isinstance(v, dict) else "{…}")
            items = list(v.items()) if isinstance(v, dict) else v
            if not put("{" if isinstance(v, dict) else "["):
                return False
            for i, item in enumerate(items):
                if i and not put(", "):
                    return False
                if isinstance(v, dict):
                    if not (walk(item[0], depth + 1) and put(": ") and walk(item[1], depth + 1)):
                        return False
                elif not walk(item, depth + 1):
                    return False
            return put("}" if isinstance(v, dict) else "]")
        if isinstance(v, (str, bytes)):
            return put(repr(v[:limit]) + ("…" if len(v) > limit else ""))
        if isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 64:
            return put("<a huge number>")  # str() of a 5,000-digit int raises ValueError
        return put(repr(v) if isinstance(v, (int, float, bool, type(None))) else f"<{type(v).__name__}>")

    complete = walk(value, 0)
    text = "".join(out)
    return text if complete and room[0] >= 0 else text[:limit] + "…"


@dataclass(frozen=True)
class Option:
    """One choice of the new-game dialog; `choices` are (value, label) pairs, values msgpack-able.
    `when`: (key, values) pairs: the dialog offers the option only while each of those options holds
    one of its values (a campaign that fixes the time of day hides the choice); otherwise the game
    plays the default or what the rules fix."""
    key: str
    label: str
    choices: tuple
    default: Any
    help: str = ""
    when: tuple = ()

    def to_dict(self) -> dict:
        return {"key": self.key, "label": self.label, "default": self.default, "help": self.help,
                "choices": [[value, label] for value, label in self.choices],
                "when": [[key, list(values)] for key, values in self.when]}


@dataclass(frozen=True)
class BotLevel:
    level: int
    name: str
    make: Callable[[], Any]  # returns an object with choose(state, role, rng_seed) -> action
    about: str = ""  # for the new-game dialog: what the level does and how strong it measured


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    rules_version: int  # raised by every rules change that can change a replay (saves.py, "Rules versions")
    rules: ModuleType
    board: ModuleType
    bot_levels: tuple  # of BotLevel, level 0 is the random bot
    options: tuple = ()  # of Option
    blurb: str = ""
    about: str = ""  # HTML for the "About this edition" page
    howto: str = ""  # HTML for the "How to play" page (engine/<game>/howto.py: goal, a turn, the screen)
    rules_link: str = ""  # a section reference shown beside the prompt
    max_actions: int = 100_000  # a save holds at most this many: set it from the longest games measured,
    # with headroom, so that a link of that length opens in well under 2 s (python -m engine bench-links)
    bot_delay: float = 0.35  # seconds the page shows each bot action before the next (a game of
    # many small clicks per turn wants less, so that a bot's turn does not drag)
    private_views: bool = False  # a seat's view holds what other seats may not see (a hand of cards):
    # in hot-seat play the page hides the board between two human seats until the next says "ready"
    guide: ModuleType | None = None  # see above: the rules at hand, the position in words, the chart
    # On the home page's card of the game: how many people play it, by the rulebook ((fewest, most):
    # fewer people than seats where bots take the rest by the rulebook's own rules for spare seats), and
    # how long a game typically lasts (docs/benchmarks.md, "Typical length of a game", says where each
    # figure comes from)
    players: tuple = ()
    length: str = ""
    # The home page's picture of the board (build.py draws it): the moves Medium bots play after the
    # setup before it is drawn (an opening with nothing on the board shows little), and the part of
    # the drawing shown, as an SVG viewBox ("" for all of it)
    picture_moves: int = 0
    picture_box: str = ""
    # An option's default changed: a link leaves out the options at their defaults (saves.link_header),
    # so a link of an earlier rules version means the default of its time. ((last rules version,
    # {option: the default then}), ...): a link of that version or earlier that leaves one out has it.
    former_defaults: tuple = ()
    extra: dict = field(default_factory=dict)

    def players_text(self) -> str:
        """"2 players", "1–3 players" (an en dash, as in print)."""
        if not self.players:
            return ""
        fewest, most = self.players
        return f"{fewest} player{'s' if fewest != 1 else ''}" if fewest == most else f"{fewest}–{most} players"

    def default_options(self) -> dict:
        return {opt.key: opt.default for opt in self.options}

    def check_options(self, options: dict) -> dict:
        """Fill in defaults and refuse unknown keys or values, with a clear message."""
        if not isinstance(options, dict):
            raise ValueError("options must be a mapping")
        known = {opt.key: opt for opt in self.options}
        for key in options:
            if key not in known:
                raise ValueError(f"{self.title} has no option {excerpt(key)}")
        checked = {}
        for key, opt in known.items():
            value = options.get(key, opt.default)
            if not any(same(value, choice) for choice, _ in opt.choices):
                raise ValueError(f"option {key!r} of {self.title} cannot be {excerpt(value)}")
            checked[key] = value
        return checked

    def bot(self, level: int):
        for bot in self.bot_levels:
            if bot.level == level:
                return bot.make()
        raise ValueError(f"{self.title} has no bot level {level!r}")

    def catalog_entry(self) -> dict:
        """What the home page needs to know about this game (written to games.json by build.py).

        Where options change the seats (a number of players; Yudhbhoomi's campaign, whose player
        counts differ), "roles_by" gives the seats for each combination of their values: "keys" the
        options, in the game's order, and "roles" keyed by the JSON list of their values, so that the
        new-game dialog can follow them.
        """
        defaults = self.default_options()

        def changes_roles(opt, base) -> bool:
            return len({tuple(self.rules.roles({**base, opt.key: value})) for value, _ in opt.choices}) > 1

        keys = [opt for opt in self.options if changes_roles(opt, defaults)]
        # an option may change the seats only at another's value (a campaign for one player)
        for first in list(keys):
            for value, _ in first.choices:
                keys += [opt for opt in self.options if opt not in keys
                         and changes_roles(opt, {**defaults, first.key: value})]
        keys = [opt for opt in self.options if opt in keys]
        roles_by = None
        if keys:
            table = {}
            for values in itertools.product(*[[value for value, _ in opt.choices] for opt in keys]):
                options = {**defaults, **{opt.key: value for opt, value in zip(keys, values)}}
                table[json.dumps(list(values), separators=(",", ":"))] = self.rules.roles(options)  # as JSON.stringify
            roles_by = {"keys": [opt.key for opt in keys], "roles": table}
        return {"id": self.id, "title": self.title, "blurb": self.blurb,
                "players": self.players_text(), "length": self.length,
                "roles": self.rules.roles(defaults), "roles_by": roles_by,
                "options": [opt.to_dict() for opt in self.options],
                "bots": [{"level": b.level, "name": b.name, "about": b.about} for b in self.bot_levels],
                "about": self.about, "howto": self.howto, "rules_link": self.rules_link,
                "reference": [[reference_anchor(key), key, title, html]
                              for key, title, html in (self.guide.REFERENCE if self.guide else ())]}


def reference_anchor(key: str) -> str:
    """The id of a rule's reference on the How to play page ("5.5" -> "rule-5-5")."""
    return "rule-" + "".join(c if c.isalnum() else "-" for c in key.lower()).strip("-")


def play(game: GameInfo, state: dict, role: str, action) -> None:
    """Apply `action` for `role` if it is legal now; otherwise raise IllegalAction, state untouched."""
    if role not in game.rules.active(state):
        raise IllegalAction(f"It is not the turn of {role}.")
    if not is_legal(game, state, role, action):
        raise IllegalAction(f"{excerpt(action)} is not a legal action for {role} now.")
    game.rules.apply(state, role, action)


def is_legal(game: GameInfo, state: dict, role: str, action) -> bool:
    """Whether `action` is among the legal actions of `role` now (exact types, see `same`); a game's
    own `rules.is_legal` answers without listing every action, where it has one."""
    fast = getattr(game.rules, "is_legal", None)
    if fast is not None:
        return fast(state, role, action)
    return any(same(candidate, action) for candidate in game.rules.actions(state, role))


def choices(game: GameInfo, state: dict, role: str) -> tuple:
    """(the list a link's move index points into, whether its members must be checked with is_legal):
    rules.link_choices where the game has one and it gives a list, else the legal actions."""
    listing = getattr(game.rules, "link_choices", None)
    superset = listing(state, role) if listing is not None else None
    return (game.rules.actions(state, role), False) if superset is None else (superset, True)


def undo_marker(state: dict) -> tuple:
    """Changes whenever something random or hidden is revealed: the undo policy stops there.

    Games keep their random generator in state["rng"] and count revealed hidden things in
    state["reveals"]; an action that changes either cannot be undone.
    """
    return (state.get("rng"), state.get("reveals", 0))
