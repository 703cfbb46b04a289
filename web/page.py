"""The game page: connects the DOM to a Session of the engine (runs in PyScript on the main thread;
play.html's script imports it, and build.py ships it in engine.zip beside its bytecode, as it does
the modules page_*.py that GamePage is assembled from, one concern each).

The page owns no rules: it draws what `view` and `board.render` give, turns clicks on elements
with the class "action" into `Session.act`, keeps the save in the URL fragment and in
localStorage after every action, and asks the bot worker (bot-client.js) for bots' moves.
"""
from pyscript import document, window

window.performance.mark("chaupal:main")  # where the time goes on opening (build.py bench-site)

import asyncio
import json

from pyodide.ffi import create_proxy

from engine.core import saves
from engine.core.api import IllegalAction
from engine.core.saves import SaveError
from engine.core.session import Session
from page_bots import BotsMixin
from page_dom import add, ask, element, hide_alert, js_value, plain_click, ring_focus, show_alert
from page_render import LEAVING, RenderMixin
from page_review import ReviewMixin
from page_seats import SeatsMixin
from page_storage import choose_copy, open_session, other_copy, replay_in_slices, show_in_address, store
from page_tabs import TabsMixin

window.performance.mark("chaupal:imported")


class GamePage(SeatsMixin, ReviewMixin, BotsMixin, RenderMixin, TabsMixin):
    """One game on the page: its Session and what the page keeps about it. The parts live beside this
    file, one concern each (page_seats, page_review, page_bots, page_render, page_tabs); here are the
    player's own actions and Share."""

    def __init__(self, session: Session):
        self.session = session
        stored = js_value(window.chaupalStore.get(session.uid))
        self.stored_code = str(stored.code) if stored else None  # see TabsMixin (page_tabs.py)
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

    def changed(self, save=True):
        hide_alert()
        self.generation += 1
        self.thinking = None
        if save:
            self.persist()
        self.render()
        asyncio.ensure_future(self.run_bots())

    def persist(self):
        self.claim_entry()  # another tab's game in the entry is never written over (page_tabs.py)
        link, code = self.session.encode(), self.session.encode_save()
        show_in_address(link)
        problem = store(self.session, link, code)
        if problem:
            show_alert(problem)
        else:
            self.stored_code = code

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
    page.listen_to_other_tabs()
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
