"""The bots' moves, asked of the bot worker (web/bot-client.js) so that the page never waits on one,
and the Hint: what the strongest level would do in the seat to move."""
import asyncio
import json

from pyscript import document, window

from engine.core.api import IllegalAction
from engine.core.botserver import BotServer
from engine.core.session import Session
from page_dom import clear_hint_marks, draw_ring, element, show_alert

# the highest bot level the page plays itself while the worker starts (Medium: heuristics, at most a
# few tenths of a second a decision; Hard searches for up to a second): see BotsMixin.opening_moves
PAGE_LEVEL_MOST = 2


class BotsMixin:
    """The part of GamePage (page.py) about bots; its attributes are set in GamePage.__init__."""

    def opening(self) -> bool:
        """Bots are playing the game's first moves and no one at the device has moved yet."""
        humans = self.humans()
        return bool(humans) and not any(actor in humans for actor in self.session.actors)

    async def run_bots(self):
        if self.opening() and self.review is None and self.session.result() is None and self.session.active() \
                and all(self.session.is_bot(role) for role in self.session.active()):
            if not await self.play_opening():
                return
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

    async def play_opening(self) -> bool:
        """The bots' opening moves, before anyone at the device has moved, asked of the worker at once
        (it has usually played them while the page started: web/bot-client.js) and drawn once, the
        board marking what they changed and the log telling them: the player's first decision comes
        as soon as the board is drawn."""
        generation = self.generation
        save = self.session.to_save()
        asked = asyncio.ensure_future(window.chaupalBot.opening(json.dumps({"save": save})))  # before drawing
        asked.add_done_callback(lambda done: done.cancelled() or done.exception())  # a late failure: no noise
        self.thinking = self.session.bot_turn()[0]
        self.render()
        try:
            moves = await self.opening_moves(save, asked)
        except Exception as err:
            if generation == self.generation:
                self.thinking = None
                self.render()
                show_alert(f"The bot could not move ({err}). Reload the page to try again.")
            return False
        if generation != self.generation:
            return False  # the game changed meanwhile: the moves are about a position that is gone
        self.thinking = None
        refused = None
        try:
            for role, action in moves:
                self.session.act(role, action)
        except IllegalAction as err:
            refused = err
        if moves:
            self.generation += 1
            self.persist()
            self.others_moved = True
        self.render()
        if refused is not None:
            show_alert(f"The bot's move was refused: {refused}")
        return refused is None

    async def opening_moves(self, save, asked) -> list:
        """The bots' opening moves from `save`, [[role, action], ...]: the worker's answer (`asked`), or
        the page's own if the page finishes first. The page's and the worker's Pyodide start together
        on the device's cores, and the worker may be ready only after the board is drawn: then the
        page, idle until the person's first decision, plays the same bots itself, one move per turn of
        its event loop (input is handled between moves), and stops as soon as the worker answers.
        Where the worker is ready first it is ahead (it plays a new game's opening as soon as it has
        started: web/bot-client.js) or level, so the page only waits, leaving the cores to it. Only
        the quick levels (PAGE_LEVEL_MOST) are played here: a search would hold the page for seconds.
        Both play from the same position with fresh bots and the game's seeds, so either answer is
        the same game."""
        bots = [role for role in self.session.roles if self.session.is_bot(role)]
        if window.chaupalBot.isReady() or any(self.session.bot_level(role) > PAGE_LEVEL_MOST for role in bots):
            return json.loads(await asked)
        here, moves = Session.from_save(save), []
        try:
            for move in BotServer().opening_moves(here):
                moves.append(move)
                await asyncio.sleep(0)  # the browser handles input and the worker's answer meanwhile
                if asked.done() and asked.exception() is None:
                    break
            else:
                window.performance.mark("chaupal:opening-by-page")  # which one answered: build.py bench-first
                return moves
        except Exception:  # a bot's failure here: the worker's answer says what went wrong
            pass
        return json.loads(await asked)

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
