"""The game page: connects the DOM to a Session of the engine (runs in PyScript on the main thread;
play.html's script imports it, and build.py ships it in engine.zip beside its bytecode).

The page owns no rules: it draws what `view` and `board.render` give, turns clicks on elements
with the class "action" into `Session.act`, keeps the save in the URL fragment and in
localStorage after every action, and asks the bot worker (bot-client.js) for bots' moves.
"""
from pyscript import document, window

window.performance.mark("chaupal:main")  # where the time goes on opening (build.py bench-site)

import asyncio
import importlib.util
import json
import os
import random
import time

from pyodide.ffi import create_proxy

import engine
from engine.core import saves
from engine.core.api import IllegalAction, reference_anchor
from engine.core.saves import SaveError
from engine.core.session import Session, new_uid
from engine.core.svg import esc
from engine.core.text import and_list
from engine.games import PACKAGES, get_game

window.performance.mark("chaupal:imported")

SLICE_MS = 40  # a long replay runs in slices this long, so that the page keeps answering (no stall over 200 ms)
LOG_TAIL = 300  # the log shows its last lines at first: drawing all 5,751 of a long game took 0.5-0.7 s
LEAVING = ("concede",)  # actions that leave the game rather than play it: set apart, drawn as destructive


def js_value(value):
    """A JS value as Python, with JS null and undefined as None (Pyodide has a JsNull object)."""
    return None if value is None or type(value).__name__ in ("JsNull", "JsUndefined") else value


def element(element_id):
    return document.getElementById(element_id)


def clear(node):
    while node.firstChild:
        node.removeChild(node.firstChild)


def add(parent, tag, text="", **attributes):
    node = document.createElement(tag)
    if text:
        node.textContent = text
    for name, value in attributes.items():
        node.setAttribute(name.rstrip("_").replace("_", "-"), str(value))
    parent.appendChild(node)
    return node


class GamePage:
    def __init__(self, session: Session):
        self.session = session
        self.generation = 0  # bumped by every change, so a late bot answer is dropped
        self.thinking = None  # the role of a bot that is choosing
        self.focus_wanted, self.focus_code = False, None  # see note_focus
        self.log_shown = []  # the log lines on the page, see render_log
        self.log_all = False  # the player asked for the log's earlier lines
        self.board_shown = ""  # the board's SVG on the page: an unchanged board is not redrawn
        self.holder = None  # in hot-seat play with private views: the seat that said it holds the device
        self.seen = {}  # role -> the view it had after its own last action: what changed since is marked
        self.review = None  # while reviewing: {"n": the position shown, "seat": whose view, "state": its state}
        self.timeline = None  # (the game's moves and check sum when built, review.Timeline): see get_timeline
        self.building = None  # (key, the future of the Timeline being built in slices): see get_timeline
        self.words_open = False  # the position in words is shown (and follows the game)
        self.revealed = None  # the decision whose targets were last brought into view (see render)
        self.rule_key = None  # the reference section of the rule at hand (render_rule)
        self.others_moved = False  # the next drawing follows a bot's move: its changes fade in (motion.js)
        self.hint = None  # {"decision": (moves, role), "code": the action's JSON}: the hint shown, see render_hint
        self.hinting = None  # the decision a hint is being looked for
        guide = session.game.guide
        self.references = {key: title for key, title, _ in guide.REFERENCE} if guide else {}
        delay = js_value(window.localStorage.getItem("chaupal.botDelay"))  # ms; the e2e tests set 0
        self.bot_delay = float(delay) / 1000 if delay else session.game.bot_delay

    # -- who is at the device ------------------------------------------------------------------
    def humans(self):
        return [role for role in self.session.roles if not self.session.is_bot(role)]

    def acting_role(self):
        """The human seat that must act now, if any."""
        for role in self.session.active():
            if not self.session.is_bot(role):
                return role
        return None

    def private_hotseat(self):
        """Two or more people share this device in a game whose views hold private cards."""
        return self.session.game.private_views and len(self.humans()) > 1

    def you(self):
        """The seat of the person at the device, where there is one: the only human seat, else the
        human seat to act (with private views, the one that said it holds the device). None when
        bots play alone, or a bot acts in hot-seat play: then no seat is "you"."""
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        return self.acting_role() or (self.holder if self.private_hotseat() else None)

    def viewer(self):
        if self.private_hotseat():
            return self.acting_role() or self.holder or self.humans()[0]
        return self.acting_role() or (self.humans() or self.session.roles)[0]

    def must_pass(self):
        """The seat the device must pass to before anything private is drawn, or None. Between
        two human seats (and so between an attack's face-down cards and the defence's) the board
        stays hidden until the next seat says it is ready; at the end everything may be seen."""
        if not self.private_hotseat() or self.session.result() is not None:
            return None
        wanted = self.viewer()
        return None if wanted == self.holder else wanted

    def opening(self) -> bool:
        """Bots are playing the game's first moves and no one at the device has moved yet."""
        humans = self.humans()
        return bool(humans) and not any(actor in humans for actor in self.session.actors)

    def undo_role(self):
        if self.private_hotseat():  # only the seat at the device, and only its own move (undo_point)
            holder = self.holder
            return holder if holder and self.session.undo_point(holder) is not None else None
        for role in [self.acting_role()] + self.humans():
            if role and self.session.undo_point(role) is not None:
                return role
        return None

    # -- drawing -------------------------------------------------------------------------------
    def render(self):
        session, game = self.session, self.session.game
        element("game-title").textContent = heading(game.title, session.name)
        document.title = f"{game.title} · Chaupal"
        wanted = self.must_pass()
        element("hint").hidden = element("hint-text").hidden = True  # only in play, to the one to move
        clear_hint_marks()  # render_hint draws them again where they still apply
        element("pass").hidden = wanted is None
        element("game").hidden = wanted is not None
        if wanted is not None:
            return self.render_pass(wanted)
        if self.review is not None:
            return self.render_review()
        role, acting = self.viewer(), self.acting_role()
        view = game.rules.view(session.state, role)
        legal = game.rules.actions(session.state, acting) if acting else []
        if self.seen.get(role) is not None:
            view["before"] = self.seen[role]  # the board marks what changed since
        if role != self.you():
            view["watching"] = True  # nobody here plays this seat: the board and the words call no seat "you"
        self.note_focus()
        self.draw_board(view, role, legal)
        drawn = {node.getAttribute("data-action") for node in element("board").querySelectorAll(".action")}
        buttons, leave = element("buttons"), element("leave")
        clear(buttons)
        clear(leave)
        for action in legal:
            code = json.dumps(action)
            if code not in drawn:
                leaving = action in LEAVING  # away from the moves, so that no one concedes for End turn
                add(leave if leaving else buttons, "button", game.rules.action_label(session.state, action),
                    class_="action danger" if leaving else "action", type="button", data_action=code)
        element("prompt").textContent = self.prompt(view, acting)
        context = getattr(game.rules, "context", None)  # what the decision needs, beside its buttons
        box = element("context")
        clear(box)
        for line in (context(view, acting) if context and acting else []):
            add(box, "p", line)
        self.render_status(view, session.active())
        new_lines = self.render_log(view["log"])
        if new_lines:  # a polite live region tells each move, the bots' too
            element("announce").textContent = " ".join(new_lines[-4:])
        self.render_rule(session.state, acting or (session.active() or [None])[0])
        self.render_words(view, role)
        self.render_result()
        self.render_chart()
        self.render_undo()
        self.render_hint(acting)
        self.restore_focus()
        decision = (len(session.entries), acting)
        if acting and drawn and decision != self.revealed:  # on a phone: the board's part it is about
            self.revealed = decision
            window.chaupalZoom.reveal()

    def render_hint(self, acting):
        """The Hint button for the person to move, and the hint found for this decision: its target
        ringed on the board (or its button marked) and told in words."""
        button, text = element("hint"), element("hint-text")
        clear_hint_marks()
        decision = (len(self.session.entries), acting)
        button.hidden = acting is None or self.session.result() is not None
        button.disabled = self.hinting == decision
        hint = self.hint if self.hint is not None and self.hint["decision"] == decision else None
        text.hidden = hint is None and self.hinting != decision
        if hint is None:
            text.textContent = "Looking for a good move…" if self.hinting == decision else ""
            text.removeAttribute("data-hint")
            return
        state = self.session.state
        label = self.session.game.rules.action_label(state, json.loads(hint["code"]))
        target = next((node for node in document.querySelectorAll("#board .action, #act .action, #leave .action")
                       if node.getAttribute("data-action") == hint["code"]), None)
        on_board = target is not None and hasattr(target, "ownerSVGElement") and target.ownerSVGElement
        if on_board:
            draw_ring(target, ("hint-ring under", "hint-ring"))
        elif target is not None:
            target.classList.add("hinted")
        where = " (ringed on the board)" if on_board else " (marked below)" if target is not None else ""
        text.textContent = f"Hint: {label}{where}."
        text.setAttribute("data-hint", hint["code"])

    async def on_hint(self, *_):
        """Asks the bot worker what the strongest level would do in the seat to move (never another
        seat's hidden information: bots read only their seat's view)."""
        acting = self.acting_role()
        if acting is None or self.review is not None or self.session.result() is not None:
            return
        decision, generation = (len(self.session.entries), acting), self.generation
        self.hinting = decision
        self.render_hint(acting)
        request = json.dumps({"save": self.session.to_save(), "role": acting, "hint": True})
        try:
            answer = await window.chaupalBot.choose(request)
        except Exception as err:
            self.hinting = None
            if generation == self.generation:
                show_alert(f"No hint could be found ({err}).")
                self.render_hint(acting)
            return
        self.hinting = None
        if generation != self.generation:
            return  # the player moved meanwhile: the hint is about a position that is gone
        self.hint = {"decision": decision, "code": json.dumps(json.loads(answer))}
        self.render_hint(acting)

    def draw_board(self, view, role, legal):
        board, svg = element("board"), self.session.game.board.render(view, role, legal)
        if svg != self.board_shown:  # e.g. "bot is thinking" changes the prompt, not the board
            board.innerHTML = svg
            window.chaupalZoom.apply(board)  # keep the player's zoom and pan across redraws
            window.chaupalMotion.drawn(board, self.others_moved and self.review is None)
            self.board_shown = svg
        self.others_moved = False

    def render_rule(self, state, role):
        """The rule that governs the step, beside the prompt: a link into the How to play page's
        reference."""
        link, guide = element("rule-ref"), self.session.game.guide
        key = guide.rule_ref(state, role) if guide and role else None
        self.rule_key = key if key in self.references else None
        link.hidden = key not in self.references
        if key in self.references:
            title = self.references[key]  # a section number and its name, or a rulebook's heading
            link.textContent = f"Rule {key}: {title}" if key[0].isdigit() else f"Rule: {title}"
            link.href = f"howto.html?game={self.session.game.id}#{reference_anchor(key)}"

    def open_rules(self, key=None):
        """The rule at hand (`key`, a section of the game's reference) or the whole How to play, in a
        dialog over the game: the player reads it and is back where they were."""
        game, guide = self.session.game, self.session.game.guide
        sections = {k: (title, html) for k, title, html in (guide.REFERENCE if guide else ())}
        title, body, whole = element("rules-title"), element("rules-body"), element("rules-all")
        if key in sections:
            name, html = sections[key]
            title.textContent = f"Rule {key}: {name}" if key[0].isdigit() else f"Rule: {name}"
            body.innerHTML = html
            whole.hidden = False
            whole.onclick = create_proxy(lambda *_: self.open_rules_whole(key))
        else:
            self.open_rules_whole(None)
            return
        element("rules-page").href = f"howto.html?game={game.id}#{reference_anchor(key)}"
        show_rules_dialog(None)

    def open_rules_whole(self, key):
        """All of How to play: the goal, a turn, the screen, then the rules reference; at `key`'s
        section when there is one."""
        game, guide = self.session.game, self.session.game.guide
        parts = [game.howto]
        if guide and guide.REFERENCE:
            parts.append('<section class="reference"><h3>Rules reference</h3>')
            for k, name, html in guide.REFERENCE:
                heading_text = f"{k} {name}" if k[0].isdigit() else name
                parts.append(f'<section id="{reference_anchor(k)}" tabindex="-1"><h4>{esc(heading_text)}</h4>'
                             f'{html}</section>')
            parts.append("</section>")
        element("rules-title").textContent = f"How to play: {game.title}"
        element("rules-body").innerHTML = "".join(parts)
        element("rules-all").hidden = True
        element("rules-page").href = f"howto.html?game={game.id}" + (f"#{reference_anchor(key)}" if key else "")
        show_rules_dialog(reference_anchor(key) if key else None)

    def render_words(self, view, role):
        box, guide = element("words"), self.session.game.guide
        box.hidden = not (self.words_open and guide)
        if self.words_open and guide:
            items = element("words-list")
            items.innerHTML = list_items(guide.describe(view, role))

    def on_describe(self, *_):
        self.words_open = not self.words_open
        element("describe").textContent = "Hide the words" if self.words_open else "Describe the position"
        self.render()
        if self.words_open:
            element("words-title").focus()

    def render_chart(self):
        """At the end of a game (and in review, render_review): how the race went."""
        box, guide = element("chart-box"), self.session.game.guide
        over = self.session.result() is not None
        box.hidden = not (over and guide)
        if not over or not guide:
            return
        timeline = self.current_timeline()
        if timeline is None:
            element("chart").textContent = "Drawing the chart…"
            if self.building is None:
                asyncio.ensure_future(self.build_timeline_and_render())
            return
        from engine.core import chart  # only at the end or in review: not on the start-up path
        element("chart").innerHTML = chart.draw(guide.CHART_X, timeline.chart_samples(timeline.last),
                                                chart.seat_colours(self.session.game))

    # -- review ---------------------------------------------------------------------------------
    def timeline_key(self):
        return len(self.session.entries), self.session.crcs[-1] if self.session.crcs else 0

    def current_timeline(self):
        """The Timeline of the game as it is now, if one was built (else None)."""
        if self.timeline is not None and self.timeline[0] == self.timeline_key():
            return self.timeline[1]
        return None

    async def get_timeline(self):
        """The Timeline of the game as it is now, built in slices (the page keeps answering) once:
        the chart and review wait for the same build."""
        timeline, key = self.current_timeline(), self.timeline_key()
        if timeline is not None:
            return timeline
        if self.building is None or self.building[0] != key:
            self.building = key, asyncio.ensure_future(self.build_timeline(key))
        return await self.building[1]

    async def build_timeline(self, key):
        from engine.core.review import Timeline
        try:
            timeline = await in_slices(Timeline.building(self.session))
            self.timeline = key, timeline
            return timeline
        finally:
            if self.building is not None and self.building[0] == key:
                self.building = None

    async def build_timeline_and_render(self):
        generation = self.generation
        await self.get_timeline()
        if generation == self.generation:
            self.render()

    def review_seats(self):
        """Whose view review may show: any seat's once the game is over or where no view is private,
        else only the seat at the device (another's hand stays hidden in review too)."""
        if self.session.result() is not None or not self.session.game.private_views:
            return list(self.session.roles)
        return [self.viewer()]

    async def enter_review(self, n=None):
        if self.must_pass() is not None or self.review is not None:
            return
        self.generation += 1  # a bot's answer on its way is dropped; bots wait while reviewing
        self.thinking = None
        element("review").disabled = True
        element("rv-where").textContent = "Preparing the review…"
        try:
            timeline = await self.get_timeline()
        finally:
            element("review").disabled = False
        seats = self.review_seats()
        seat = self.viewer() if self.viewer() in seats else seats[0]
        select = element("rv-seat")
        clear(select)
        for role in seats:
            add(select, "option", role, value=role)
        select.value = seat
        select.disabled = len(seats) < 2
        self.review = {"n": timeline.last if n is None else n, "seat": seat, "state": None, "timeline": timeline}
        slider = element("rv-slider")
        slider.max = str(timeline.last)
        element("review-bar").hidden = False
        document.body.classList.add("reviewing")
        element("review").hidden = True
        self.render()
        slider.focus()

    def leave_review(self, *_):
        if self.review is None:
            return
        self.review = None
        element("review-bar").hidden = True
        document.body.classList.remove("reviewing")
        element("review").hidden = False
        self.log_shown = []  # the live log replaces the review's
        self.generation += 1
        self.render()
        element("review").focus()
        asyncio.ensure_future(self.run_bots())

    def review_to(self, n):
        review = self.review
        if review is None:
            return
        n = max(0, min(int(n), review["timeline"].last))
        if n != review["n"]:
            review["n"], review["state"] = n, None
            self.render()

    def review_step(self, how):
        review = self.review
        if review is None:
            return
        timeline, n = review["timeline"], review["n"]
        targets = {"first": 0, "last": timeline.last, "back": n - 1, "forward": n + 1,
                   "turn-back": timeline.turn_back(n), "turn-forward": timeline.turn_forward(n)}
        self.review_to(targets[how])

    def on_review_seat(self, *_):
        if self.review is not None:
            seat = str(element("rv-seat").value)
            if seat in self.review_seats():
                self.review["seat"] = seat
                self.render()

    def render_review(self):
        game, review = self.session.game, self.review
        timeline, n, seat = review["timeline"], review["n"], review["seat"]
        if review["state"] is None:
            review["state"] = timeline.state_at(n)
        state = review["state"]
        view = game.rules.view(state, seat)
        if seat != self.you():
            view["watching"] = True
        self.draw_board(view, seat, [])
        clear(element("buttons"))
        clear(element("leave"))
        clear(element("context"))
        element("prompt").textContent = ""
        where = f"Move {n:,} of {timeline.last:,}" if n else f"The start (0 of {timeline.last:,} moves)"
        if n:
            role, action = timeline.moves[n - 1]
            where += f": {role}, {game.rules.action_label(timeline.state_at(n - 1), action)}"
        element("rv-where").textContent = where
        slider = element("rv-slider")
        slider.value = str(n)
        slider.setAttribute("aria-valuetext", where)
        for name, disabled in (("rv-first", n == 0), ("rv-turn-back", n == 0), ("rv-back", n == 0),
                               ("rv-forward", n == timeline.last), ("rv-turn-forward", n == timeline.last),
                               ("rv-last", n == timeline.last)):
            element(name).disabled = disabled
        active = game.rules.active(state)
        self.render_status(view, active)
        self.render_log(view["log"])
        first, last = timeline.log_length[n - 1] if n else 0, timeline.log_length[n]
        start = int(element("log").getAttribute("start") or 1) - 1
        for i, item in enumerate(element("log").children):
            item.classList.toggle("current", first <= start + i < last)
        self.render_rule(state, active[0] if active else None)
        self.render_words(view, seat)
        element("result").hidden = True
        box, guide = element("chart-box"), game.guide
        box.hidden = guide is None
        if guide is not None:
            from engine.core import chart
            element("chart").innerHTML = chart.draw(guide.CHART_X, timeline.chart_samples(n), chart.seat_colours(game))
        element("undo").disabled = True
        element("undo-why").textContent = "Reviewing: go back to the game to play."

    async def play_on(self, *_):
        """A new saved game from the position shown; this game stays as it is."""
        if self.review is None:
            return
        save = self.session.branch_save(self.review["n"])
        element("rv-branch").disabled = True
        try:
            branch = await in_slices(Session.opening(save))
        finally:
            element("rv-branch").disabled = False
        link = branch.encode()
        problem = store(branch, link)
        if problem:
            return show_alert(problem)
        window.location.hash = link  # the page reloads on hashchange and opens the new game

    def on_log_click(self, item):
        """A click on a log line: review the game at the move that wrote it."""
        log = element("log")
        line = int(log.getAttribute("start") or 1) - 1 + list(log.children).index(item)
        asyncio.ensure_future(self.review_line(line))

    async def review_line(self, line):
        if self.review is None:
            await self.enter_review()
        if self.review is not None:
            self.review_to(self.review["timeline"].position_of_line(line))

    def render_pass(self, role):
        """The "pass the device" screen: nothing of any seat's view stays in the page."""
        element("board").innerHTML = ""
        self.board_shown = ""
        clear(element("buttons"))
        clear(element("leave"))
        clear(element("context"))
        element("prompt").textContent = ""
        element("pass-title").textContent = f"{role} to play"
        element("pass-text").textContent = (
            f"Pass the device to {role}. The board and the cards stay hidden until {role} is ready, "
            f"so that nobody else sees {role}'s hand.")
        ready = element("pass-ready")
        ready.textContent = f"I am {role}: show my game"
        ready.focus()

    def on_ready(self, *_):
        wanted = self.must_pass()
        if wanted is None:
            return
        self.holder = wanted
        element("pass-ready").blur()
        self.focus_wanted, self.focus_code = True, None  # then the first of the seat's targets
        self.render()

    def render_undo(self):
        """Undo, and beside it (for everyone, screen readers too) why it is greyed."""
        role = self.undo_role()
        element("undo").disabled = role is None
        why = ""
        if role is None:
            # the reason that matters is the last person's to move (hot-seat: not the next one's)
            movers = [r for r in reversed(self.session.actors) if not self.session.is_bot(r)]
            asker = self.holder if self.private_hotseat() else (movers or [self.acting_role()])[0]
            asker = asker or (self.humans() or [None])[0]
            why = self.session.undo_reason(asker) if asker else "Only bots are playing."
            if self.session.result() is not None:
                why = "The game is over."
        element("undo-why").textContent = why

    # Redrawing replaces the board and the buttons, and with them a keyboard player's focus: put it
    # back on the same target, else the first one (also after a bot's move), so that play goes on
    # with Tab and Enter alone.
    def note_focus(self):
        focused = js_value(document.activeElement)
        if focused and focused.classList.contains("action") and element("game").contains(focused):
            self.focus_wanted, self.focus_code = True, focused.getAttribute("data-action")
        elif focused and focused != document.body:
            self.focus_wanted = False  # the player has moved on to something else

    def restore_focus(self):
        focused = js_value(document.activeElement)
        if not self.focus_wanted or (focused and focused != document.body):
            return
        targets = list(element("game").querySelectorAll(".action"))
        same = [node for node in targets if node.getAttribute("data-action") == self.focus_code]
        if same or targets:
            (same or targets)[0].focus()

    def prompt(self, view, acting):
        if self.session.result() is not None:
            return ""  # the end-of-game summary says it
        if self.thinking:
            return f"{self.thinking} ({self.seat_label(self.thinking)}) is thinking…"
        if acting:
            who = f"{acting}: " if len(self.humans()) > 1 else ""
            return who + view["prompt"]
        return ""

    def seat_label(self, role):
        name, level = self.session.seats[self.session.roles.index(role)]
        if level is None:
            return name if name and name != role else "human"
        levels = {bot.level: bot.name for bot in self.session.game.bot_levels}
        return f"bot, {levels.get(level, level)}"

    def render_status(self, view, active):
        status = element("status")
        clear(status)
        seats = add(status, "ul", class_="seats")
        numbers = self.session.game.rules.numbers(view)  # each seat's key numbers, as numbers
        for role in self.session.roles:
            item = add(seats, "li", f"{role} — {self.seat_label(role)}")
            if numbers.get(role):
                add(item, "span", " · ".join(numbers[role]), class_="numbers")
            if role in active:
                item.classList.add("to-move")
                item.setAttribute("aria-current", "true")

    def render_log(self, lines):
        """The log grows by a line or two a move: add only the new lines (rebuilding a 300-line log
        element by element after every move was most of the page's time in a long game), and
        rebuild it in one go when earlier lines changed (undo, another view), from its last LOG_TAIL
        lines unless the player asked for the earlier ones. Returns the lines added at the end."""
        log, shown, new = element("log"), self.log_shown, []
        if shown and lines[:len(shown)] == shown:
            if len(lines) > len(shown):
                new = lines[len(shown):]
                log.insertAdjacentHTML("beforeend", list_items(new))
        elif lines != shown:
            start = 0 if self.log_all else max(0, len(lines) - LOG_TAIL)
            log.setAttribute("start", str(start + 1))  # the lines keep their numbers
            log.innerHTML = list_items(lines[start:])
            earlier = element("log-earlier")
            earlier.hidden = start == 0
            earlier.textContent = f"Show the {start:,} earlier lines"
        if lines != shown:  # to the newest line, at the next frame: reading the log's height now would
            window.chaupalScrollToEnd(log)  # lay out the whole page, then again after the rest of render
        self.log_shown = list(lines)
        return new

    def on_log_earlier(self, *_):
        self.log_all, self.log_shown = True, []
        self.render()

    def render_result(self):
        box = element("result")
        result = self.session.result()
        box.hidden = result is None
        if result is None:
            return
        clear(box)
        add(box, "h2", "Game over")
        add(box, "p", result["summary"], class_="summary")
        ranking = add(box, "ol", class_="ranking")
        for roles in result["ranking"]:
            add(ranking, "li", and_list(roles) + (" (tied)" if len(roles) > 1 else ""))
        for line in result.get("details") or [f"{role}: {score}" for role, score in result["scores"].items()]:
            add(box, "p", line, class_="detail")
        again = {"game": self.session.game.id, "seats": self.session.seats,
                 "options": self.session.options, "name": self.session.name}
        add(box, "a", "Play again", href=new_game_href(again), class_="button")
        if result.get("tiebreak") == "aadu_huli":
            if importlib.util.find_spec(PACKAGES["aadu_huli"]):
                self.offer_tiebreak(box, result["winners"])
            else:  # the tie-break's game comes in its own zip: fetch it, then draw the offer
                asyncio.ensure_future(self.load_and_render("aadu_huli"))
        add(box, "a", "Home", href="./", class_="button")

    async def load_and_render(self, game_id):
        await load_game(game_id)
        self.render()

    def offer_tiebreak(self, box, tied):
        """Vijayanagara 5.5: a tie in victory points and Resources may be settled by a game of
        Aadu-Huli aata; "decide randomly who will be Player One" (the Goats). The draw is seeded by
        the game's id so that every redraw and every copy of the link offers the same sides. With
        three Factions tied (5.5 speaks of two players), two play first and the winner meets the third."""
        order = list(tied)
        random.Random(self.session.uid).shuffle(order)
        goats, tigers = order[:2]
        spec = {"game": "aadu_huli", "seats": [[goats, tiebreak_level(self.session.bot_level(goats))],
                                               [tigers, tiebreak_level(self.session.bot_level(tigers))]],
                "name": f"Tie-break: {goats} (Goats) v {tigers} (Tigers)"}
        text = f"Aadu-Huli aata (5.5): {goats} play the Goats, {tigers} the Tigers"
        if len(order) > 2:
            text += f"; the winner then plays {order[2]}"
        add(box, "p", text + ".", class_="detail")
        add(box, "a", "Play the tie-break", href=new_game_href(spec), class_="button")

    # -- acting --------------------------------------------------------------------------------
    def on_action(self, code):
        role = self.acting_role()
        if role is None or self.thinking or self.must_pass() is not None or self.review is not None:
            return
        try:
            action = json.loads(code)
        except ValueError:
            return show_alert("That move is not allowed.")
        confirm = getattr(self.session.game.rules, "confirm", None)
        question = confirm(self.session.state, action) if confirm else None
        yes = None
        if action in LEAVING:  # never at one click, and the answer names what it does
            yes = self.session.game.rules.action_label(self.session.state, action)
            question = question or f"{yes}?"
        if question:
            asyncio.ensure_future(self.act_if_confirmed(role, action, question, yes))
        else:
            self.act(role, action)  # at once, within the click: the page is redrawn before it returns

    async def act_if_confirmed(self, role, action, question, yes=None):
        generation = self.generation
        if await ask(question, yes) and generation == self.generation:  # not if the game moved on meanwhile
            self.act(role, action)

    def act(self, role, action):
        self.session.remember()  # an undo of this move restores this copy instead of replaying the game
        try:
            self.session.act(role, action)
        except IllegalAction as err:
            show_alert(f"That move is not allowed: {err}")
            return
        self.seen[role] = self.session.game.rules.view(self.session.state, role)
        self.changed()

    async def mark_last_turn(self):
        """On opening a game: the view its seat had after its own last move, rebuilt by a replay in
        slices after the first drawing, so that what the others did since is marked, as in play."""
        role, session = self.viewer(), self.session
        moves = [i for i, actor in enumerate(session.actors) if actor == role]
        if not moves or moves[-1] == len(session.actors) - 1 or role in self.seen:
            return
        generation = self.generation
        save = dict(session.to_save(), a=session.entries[:moves[-1] + 1])
        then = await replay_in_slices(save, None, lambda: generation == self.generation)
        if then is None or generation != self.generation:
            return  # the game moved on meanwhile: its own marks will do
        self.seen[role] = session.game.rules.view(then.state, role)
        self.render()

    def on_undo(self, *_):
        role = self.undo_role()
        if role is None or self.review is not None:
            return
        self.session.undo(role)
        self.seen.pop(role, None)  # what it saw after the move undone is gone
        self.changed()

    def changed(self):
        hide_alert()
        self.generation += 1
        self.thinking = None
        self.persist()
        self.render()
        asyncio.ensure_future(self.run_bots())

    def persist(self):
        link = self.session.encode()
        # the path alone: a "?new=..." that started this game must not start another on reload
        window.history.replaceState(None, "", str(window.location.pathname) + "#" + link)
        problem = store(self.session, link)
        if problem:
            show_alert(problem)

    async def run_bots(self):
        generation = self.generation
        while self.session.result() is None and self.session.bot_turn() and generation == self.generation \
                and self.review is None:
            role, _ = self.session.bot_turn()
            self.thinking = role
            self.render()
            # the bots' opening moves, before anyone at the device has moved, come without the pause
            # (the board marks them, the log tells them): the player's first decision comes at once
            await asyncio.sleep(0 if self.opening() else self.bot_delay)
            if generation != self.generation:
                return  # the game changed (undo) while the bot waited: that position is gone
            request = json.dumps({"save": self.session.to_save(), "role": role})
            try:
                answer = await window.chaupalBot.choose(request)
            except Exception as err:  # a failed worker must be visible, and the game stays saved
                if generation != self.generation:
                    return  # an answer about a position that no longer exists: drop it quietly
                self.thinking = None
                self.render()
                show_alert(f"The bot could not move ({err}). Reload the page to try again.")
                return
            if generation != self.generation:
                return  # the game changed (undo) while the bot was thinking
            try:
                self.session.act(role, json.loads(answer))
            except IllegalAction as err:  # e.g. the game has reached its most moves
                self.thinking = None
                self.render()
                show_alert(f"The bot's move was refused: {err}")
                return
            self.thinking = None
            self.generation += 1
            generation = self.generation
            self.persist()
            self.others_moved = True
            self.render()

    def share(self, *_):
        """The Share dialog (web/share.js): the link, selected to copy, and its QR code; where the browser
        has a share sheet, that too, at once (in this click's handler: the sheet needs the click)."""
        window.chaupalShare.open(str(window.location.href), str(document.title))

    async def copy_link(self):
        """"Copied." once the clipboard has taken the link; where the browser refuses (no permission,
        no clipboard), the link is selected in its field to be copied by hand."""
        state, link = element("share-state"), element("share-link")
        state.textContent = ""
        try:
            await window.navigator.clipboard.writeText(link.value)
        except Exception:
            link.focus()
            link.select()
            state.textContent = ("The browser did not let this page copy the link. It is selected above: "
                                 "copy it by hand (Ctrl+C or ⌘C; on a phone, press and hold it).")
            return
        state.textContent = "Copied."


def tiebreak_level(level):
    """A bot Faction's seat at the tie-break: a bot of the same level, or the strongest there is."""
    if level is None:
        return None
    levels = [bot.level for bot in get_game("aadu_huli").bot_levels]
    return level if level in levels else max(levels)


def heading(title, name):
    """The page's heading: the game's name after its title, unless the name already begins with it (a
    game named after its title: "Rajas of the Ganges (from move 92)")."""
    if not name or name.startswith(title):
        return name or title
    return f"{title}: {name}"


def list_items(lines):
    return "".join(f"<li>{esc(line)}</li>" for line in lines)


def new_game_href(spec):
    return "play.html?new=" + str(window.encodeURIComponent(json.dumps(spec)))


def show_alert(message):
    box = element("alert")
    box.textContent = message
    box.hidden = False


def show_notice(message):
    box = element("notice")
    box.textContent = message
    box.hidden = False


async def ask(question, yes=None):
    """A yes/no question in a modal dialog; Escape means no. `yes` names a destructive answer
    ("Concede the game"), drawn as such."""
    dialog = element("confirm-dialog")
    element("confirm-text").textContent = question
    element("confirm-yes").textContent = yes or "Yes"
    element("confirm-yes").classList.toggle("danger", bool(yes))
    answer = asyncio.get_event_loop().create_future()
    handlers = {"confirm-yes": create_proxy(lambda *_: answer.done() or answer.set_result(True)),
                "confirm-no": create_proxy(lambda *_: answer.done() or answer.set_result(False))}
    cancel = create_proxy(lambda *_: answer.done() or answer.set_result(False))
    for name, handler in handlers.items():
        element(name).addEventListener("click", handler)
    dialog.addEventListener("cancel", cancel)
    dialog.showModal()
    element("confirm-no").focus()
    try:
        return await answer
    finally:
        dialog.close()
        for name, handler in handlers.items():
            element(name).removeEventListener("click", handler)
        dialog.removeEventListener("cancel", cancel)


def hide_alert():
    element("alert").hidden = True


def store(session, link=None):
    """Saves the game on this device under its id; returns a problem to show, or "". The device keeps
    the save by value (format 1: it replays under later rules as far as it goes) and the short link
    (format 2) that Share gives and that a reload finds in the address."""
    result = session.result()
    progress = f"move {len(session.entries):,}: "  # two copies of a game differ here
    return put_entry(session.uid, session.game, session.name, session.encode_save(), result is not None,
                     progress + (result["summary"] if result else and_list(session.active()) + " to move"),
                     link or session.encode())


def put_entry(uid, game, name, code, finished, status, link=None):
    entry = {"uid": uid, "game": game.id, "title": game.title, "name": name, "code": code,
             "finished": finished, "status": status, "link": link or code}
    return window.chaupalStore.put(json.dumps(entry))


def keep_original(session, save, code):
    """A save of earlier rules that replays only in part (saves.py, "Rules versions"): the save as it
    was stays on this device untouched, and the game goes on as a copy of its own (an id derived
    from the original's, so that opening the same link again finds that copy)."""
    stored = js_value(window.chaupalStore.get(save["u"]))
    if not stored or str(stored.code) != code:
        uid = save["u"] if not stored else new_uid()
        problem = put_entry(uid, session.game, f"{save['n'] or session.game.title} (as saved, rules version {save['r']})",
                            code, False, "Saved under earlier rules: open it to play on under the current rules")
        if problem:
            show_alert(problem)
    session.uid = f"{save['u'][:48]}-rules{session.game.rules_version}"
    session.name = f"{save['n'] or session.game.title} (under corrected rules)"


async def replay_in_slices(save, what="the game", wanted=None):
    """Session.from_save without freezing the page: the replay runs in slices (in_slices), and
    between them the page draws the progress bar (unless `what` is None: a replay in the background)
    and answers input. With `wanted`, a replay no longer wanted after a slice stops: None."""
    moves = saves.moves(save)

    def progress(done):
        if what is not None:
            window.chaupalStage(f"Replaying {what}: move {done:,} of {moves:,}…", 85 + 14 * done / max(moves, 1))
    return await in_slices(Session.opening(save), progress, wanted)


async def in_slices(steps, progress=None, wanted=None):
    """Runs a generator (it yields its progress, returns its result) in slices of SLICE_MS, letting
    the browser draw and answer input between them; None if `wanted` says after a slice it no longer is."""
    done = 0
    while True:
        until = time.monotonic() + SLICE_MS / 1000  # Python's clock: a JS call per move cost ~5 µs more
        try:
            while time.monotonic() < until:
                done = next(steps)
        except StopIteration as finished:
            return finished.value
        if progress is not None:
            progress(done)
        await window.chaupalYield()  # a timer task: the browser's due timers, input and drawing go first
        if wanted is not None and not wanted():
            return None


async def other_copy(session):
    """The copy of this game saved on this device, when the link does not simply carry it on (it is
    behind the device's copy, or went another way after an undo): opening the link would replace it."""
    stored = js_value(window.chaupalStore.get(session.uid))
    here = str(window.location.hash)[1:]
    if not stored or here in (str(stored.code), str(stored.link or "")):
        return None  # nothing saved, or the very same save (a reload): no second replay at start-up
    try:
        local = await replay_in_slices(saves.decode(str(stored.code)), "this device's copy")
    except SaveError:
        return None  # a damaged copy is not worth keeping over a good link
    if session.entries[:len(local.entries)] == local.entries:
        return None  # the link is the same game or further on: the usual way of playing by links
    local.name = str(stored.name)
    return local


async def choose_copy(session, local):
    """Asks which copy to open; the one not opened is kept as a saved game of its own, so that
    neither is lost. Returns the session to open."""
    dialog = element("copy-dialog")
    element("copy-text").textContent = (
        f"This device has another copy of \"{local.name}\": {len(local.entries)} moves, where the "
        f"link has {len(session.entries)}. Whichever you open, the other is kept in your saved games.")
    chosen = asyncio.get_event_loop().create_future()
    handlers = {name: create_proxy(lambda *_, name=name: chosen.done() or chosen.set_result(name))
                for name in ("link", "device")}
    element("copy-link").addEventListener("click", handlers["link"])
    element("copy-device").addEventListener("click", handlers["device"])
    dialog.addEventListener("cancel", handlers["device"])  # Escape: nothing changes on this device
    dialog.showModal()
    choice = await chosen
    dialog.close()
    opened, kept = (session, local) if choice == "link" else (local, session)
    kept.uid = new_uid()
    where = "this device's" if kept is local else "the link's"
    kept.name = f"{kept.name} ({where} copy, at move {len(kept.entries):,})"
    problem = store(kept)
    if problem:
        show_alert(problem)
    return opened


async def load_game(game_id):
    """Fetches the code of a game (engine-<id>.zip, beside the core that pyscript.json mounts) and
    makes it importable, once: a page downloads only the game it shows. An unknown id loads nothing
    (opening it then says that the site does not have that game)."""
    if not isinstance(game_id, str) or game_id not in PACKAGES or importlib.util.find_spec(PACKAGES[game_id]):
        return
    window.chaupalStage("Loading the game's rules…", 86)
    early = js_value(getattr(window, "chaupalZip", None))  # fetched by startup.js while Pyodide started
    buffer = js_value(await early.bytes) if early is not None and str(early.game) == game_id else None
    if buffer is None:  # window.fetch, not pyodide.http (importing it costs the page ~0.1 s)
        response = await window.fetch(f"engine-{game_id}.zip")
        if not response.ok:
            raise RuntimeError(f"engine-{game_id}.zip could not be loaded ({response.status})")
        buffer = await response.arrayBuffer()
    path = f"{os.getcwd()}/engine-{game_id}.zip"  # beside engine.zip, imported in place like it
    with open(path, "wb") as out:
        buffer.to_file(out)
    engine.add_game_zip(path)


async def open_session():
    """The game this page shows: a new one (?new=...) or the save in the fragment."""
    params = window.URLSearchParams.new(window.location.search)
    spec = js_value(params.get("new"))
    if spec:
        data = json.loads(str(spec))
        await load_game(data.get("game"))
        return Session.new(data["game"], data.get("seats"), data.get("options"), name=data.get("name", ""))
    fragment = str(window.location.hash)[1:]
    if not fragment:
        raise SaveError("There is no game in this address. Start one from the home page.")
    raw = saves.read(fragment)
    await load_game(saves.game_of(raw))
    save = saves.check_read(raw)  # imports the game's package
    window.performance.mark("chaupal:decoded")
    await window.chaupalYield()
    session = await replay_in_slices(save)
    window.performance.mark("chaupal:replayed")
    if session.truncated:
        keep_original(session, save, fragment)
        show_notice(session.notice)
        return session
    stored = js_value(window.chaupalStore.get(session.uid))
    if stored:
        session.name = str(stored.name)  # a rename on the home page wins over the name in the link
    return session


def ring_focus(event):
    """A ring around the board target that has the keyboard's focus, drawn last in its SVG: an outline
    or a highlight is painted with its target, under whatever the board draws later (start hexes,
    pieces, the next space), and some boards draw none."""
    for ring in list(document.querySelectorAll("#board .focus-ring")):
        ring.remove()
    target = event.target
    if event.type != "focusin" or not hasattr(target, "ownerSVGElement") or \
            not target.matches("#board .action:focus-visible"):
        return
    draw_ring(target, ("focus-ring under", "focus-ring"))


def clear_hint_marks():
    for ring in list(document.querySelectorAll("#board .hint-ring")):
        ring.remove()
    for node in list(document.querySelectorAll("#act .hinted, #leave .hinted")):
        node.classList.remove("hinted")


def draw_ring(target, kinds):
    """Rectangles of the classes `kinds` around a board target, drawn last in its SVG (over whatever
    the board draws later): the focus ring and the hint's ring."""
    svg = target.ownerSVGElement
    into = svg.getScreenCTM().inverse().multiply(target.getScreenCTM())  # the target's units to the SVG's
    box = target.getBBox()
    corners = [window.DOMPoint.new(box.x + dx, box.y + dy).matrixTransform(into)
               for dx in (0, box.width) for dy in (0, box.height)]
    pad = 4 / (svg.getScreenCTM().a or 1)  # 4 screen pixels, whatever the zoom
    x, y = min(c.x for c in corners) - pad, min(c.y for c in corners) - pad
    w, h = max(c.x for c in corners) + pad - x, max(c.y for c in corners) + pad - y
    for kind in kinds:
        ring = document.createElementNS("http://www.w3.org/2000/svg", "rect")
        for name, value in (("x", x), ("y", y), ("width", w), ("height", h), ("rx", pad), ("class", kind),
                            ("aria-hidden", "true")):
            ring.setAttribute(name, str(value))
        svg.appendChild(ring)


def show_rules_dialog(anchor):
    """Opens the rules dialog (if it is not open) at its top, or at the section `anchor`."""
    dialog, body = element("rules-dialog"), element("rules-body")
    if not dialog.open:
        dialog.showModal()
    section = document.getElementById(anchor) if anchor else None
    if section:
        section.focus()
        section.scrollIntoView()  # its heading at the top, not merely in sight
    else:
        body.parentElement.scrollTop = 0
        element("rules-title").focus()


def plain_click(event) -> bool:
    """A click that asks for nothing but following the link here (no new tab or window)."""
    return not (event.ctrlKey or event.metaKey or event.shiftKey or event.altKey or event.button)


def bind(page):
    def on_click(event):
        target = event.target.closest(".action")
        if target and element("game").contains(target):
            event.preventDefault()
            page.on_action(str(target.getAttribute("data-action")))
        line = event.target.closest("#log li")
        if line:
            page.on_log_click(line)

    def on_key(event):
        target = event.target
        if page.review is not None and not event.altKey and not event.ctrlKey and not event.metaKey:
            steps = {"ArrowLeft": "back", "ArrowRight": "forward", "PageUp": "turn-back",
                     "PageDown": "turn-forward", "Home": "first", "End": "last"}
            typing = target.tagName.lower() in ("input", "select", "textarea")  # the slider has its own keys
            if event.key in steps and not typing:
                event.preventDefault()
                page.review_step(steps[event.key])
                return
            if event.key == "Escape":
                page.leave_review()
                return
        if event.key in ("Enter", " ") and target.classList and target.classList.contains("action") \
                and target.tagName.lower() != "button":
            event.preventDefault()
            page.on_action(str(target.getAttribute("data-action")))

    document.addEventListener("focusin", create_proxy(ring_focus))
    document.addEventListener("focusout", create_proxy(ring_focus))
    # another game's link pasted into this tab changes only the fragment, which loads nothing:
    # load it (the page's own saves use replaceState, which fires no hashchange)
    window.addEventListener("hashchange", create_proxy(lambda *_: window.location.reload()))
    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    element("undo").addEventListener("click", create_proxy(page.on_undo))
    element("hint").addEventListener("click", create_proxy(lambda *_: asyncio.ensure_future(page.on_hint())))

    def rules_from(key_of):
        def on(event):
            if plain_click(event):  # a new tab still gets the How to play page
                event.preventDefault()
                page.open_rules(key_of())
        return create_proxy(on)

    element("rule-ref").addEventListener("click", rules_from(lambda: page.rule_key))
    for link in ("rules-link", "howto-link"):
        element(link).addEventListener("click", rules_from(lambda: None))
    element("pass-ready").addEventListener("click", create_proxy(page.on_ready))
    element("share").addEventListener("click", create_proxy(page.share))
    element("log-earlier").addEventListener("click", create_proxy(page.on_log_earlier))
    element("share-copy").addEventListener("click", create_proxy(lambda *_: asyncio.ensure_future(page.copy_link())))
    element("describe").addEventListener("click", create_proxy(page.on_describe))
    element("review").addEventListener("click", create_proxy(lambda *_: asyncio.ensure_future(page.enter_review())))
    for how in ("first", "turn-back", "back", "forward", "turn-forward", "last"):
        element(f"rv-{how}").addEventListener("click", create_proxy(lambda *_, how=how: page.review_step(how)))
    element("rv-slider").addEventListener("input", create_proxy(lambda *_: page.review_to(element("rv-slider").value)))
    element("rv-seat").addEventListener("change", create_proxy(page.on_review_seat))
    element("rv-leave").addEventListener("click", create_proxy(page.leave_review))
    element("rv-branch").addEventListener("click", create_proxy(lambda *_: asyncio.ensure_future(page.play_on())))


async def start():
    try:
        session = await open_session()
    except (SaveError, ValueError, KeyError, TypeError) as err:
        element("loading").hidden = True
        element("game-title").textContent = "This game could not be opened"
        if isinstance(err, saves.ReplayError):
            window.console.error(repr(err.__cause__))
        message = str(err) if isinstance(err, SaveError) else f"This new-game address is not valid ({err})."
        show_alert(message + " Your saved games are untouched.")
        add(element("alert"), "a", " Go to the home page.", href="./")
        document.body.dataset.ready = "true"
        return
    local = await other_copy(session)
    window.chaupalStage("Drawing the board…", 99)
    await window.chaupalYield()
    element("loading").hidden = True
    if local is not None:
        document.body.dataset.ready = "true"  # ready for the question
        session = await choose_copy(session, local)
    page = GamePage(session)
    if not session.entries and not page.private_hotseat():
        for role in page.humans():  # what the bots' opening moves change is marked, as after a move
            page.seen[role] = session.game.rules.view(session.state, role)
    game = session.game
    about = element("about-link")
    about.href = f"about.html?game={game.id}"
    element("howto-link").href = f"howto.html?game={game.id}"
    rules = element("rules-link")
    rules.textContent = f"How to play ({game.rules_link})" if game.rules_link else "How to play"
    rules.href = f"howto.html?game={game.id}"
    element("describe").hidden = game.guide is None
    bind(page)
    element("game").hidden = False
    page.render()
    window.performance.mark("chaupal:drawn")
    page.persist()  # saved at once: the browser lays out and paints the board after data-ready, as on bare.html
    if any(session.is_bot(role) for role in session.roles):
        window.chaupalBot.warm(game.id)
    document.body.dataset.ready = "true"
    asyncio.ensure_future(page.run_bots())
    asyncio.ensure_future(page.mark_last_turn())


async def main():
    try:
        await start()
    except Exception as err:  # anything unforeseen at start-up is shown on the page
        show_alert(f"The game could not start: {type(err).__name__}: {err}")
        document.body.dataset.ready = "true"
        raise


asyncio.ensure_future(main())
