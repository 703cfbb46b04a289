"""Drawing the game: the board, the prompt and its buttons, the seats, the log, the rule at hand, the
position in words, the end of the game, undo, and the keyboard's focus kept across redraws."""
import asyncio
import importlib.util
import json
import random

from pyodide.ffi import create_proxy
from pyscript import document, window

from engine.core.api import reference_anchor
from engine.core.svg import esc
from engine.core.text import and_list
from engine.games import PACKAGES, get_game
from page_dom import add, clear, clear_hint_marks, element, js_value, show_rules_dialog
from page_storage import load_game

LOG_TAIL = 300  # the log shows its last lines at first: drawing all 5,751 of a long game took 0.5-0.7 s
LEAVING = ("concede",)  # actions that leave the game rather than play it: set apart, drawn as destructive


class RenderMixin:
    """The part of GamePage (page.py) that draws; its attributes are set in GamePage.__init__."""

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
            window.chaupalZoom.follow()

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
