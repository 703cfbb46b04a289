"""One game open in two tabs (or windows) of this device: neither may lose the other's moves.

A tab writes its game over the saved entry only when the entry is what it last read or wrote, or
when the entry's moves are the first of its own (it carries that game on). Another tab's write
reaches the others as a `storage` event (never the tab that wrote): a tab whose game is a beginning
of the written one shows the written position at once; a tab whose game went another way keeps its
own as a saved game of its own, so that both stay on the device, and says so. The same check runs
before every write, so a move made before the event arrived is kept too."""
import asyncio
import json

from pyodide.ffi import create_proxy
from pyscript import window

from engine.core import saves
from engine.core.saves import SaveError
from engine.core.session import new_uid
from page_dom import js_value, show_notice
from page_storage import replay_in_slices, show_in_address


def decoded(code):
    """The save (format 1, as this device keeps it) that `code` holds, or None where it is damaged."""
    try:
        return saves.decode(code)
    except SaveError:
        return None


def compare(save, session) -> str:
    """How a save (decoded, or None where it is damaged) stands to `session`'s game: "same", "behind"
    (its moves are the first of the session's), "ahead" (the session's moves are its first), "apart"
    (the two went different ways, or it is another game) or "damaged"."""
    if save is None:
        return "damaged"
    if (save["g"], save["s"], save["u"], save["o"]) != (session.game.id, session.seed, session.uid, session.options):
        return "apart"
    theirs, ours = list(save["a"]), session.entries
    if theirs == ours:
        return "same"
    if ours[:len(theirs)] == theirs:
        return "behind"
    if theirs[:len(ours)] == ours:
        return "ahead"
    return "apart"


class TabsMixin:
    """The part of GamePage (page.py) about other tabs of the same game; `stored_code` (the save this
    page last read from or wrote to its entry) is set in GamePage.__init__."""

    def listen_to_other_tabs(self):
        window.addEventListener("storage", create_proxy(self.on_storage))

    def claim_entry(self):
        """Before this page writes its game: where another tab wrote the entry since and that game is
        not a beginning of this page's, this page's game becomes a saved game of its own (a new id),
        and the entry stays the other tab's."""
        stored = js_value(window.chaupalStore.get(self.session.uid))
        code = str(stored.code) if stored else None
        if code is None or code == self.stored_code or compare(decoded(code), self.session) in ("same", "behind", "damaged"):
            return  # nothing there, this page's own, or a beginning of this game: nothing is lost
        self.keep_apart()

    def keep_apart(self):
        """This page's game goes on under a new id, so that the entry's (another tab's) stays as it is."""
        session = self.session
        original = session.name
        session.uid = new_uid()
        session.name = f"{original} (this tab's copy, at move {len(session.entries):,})"
        self.stored_code = None
        show_notice(f"Another tab played this game another way. Both are kept in your saved games: this "
                    f"tab's as \"{session.name}\", the other tab's as \"{original}\".")

    def on_storage(self, event):
        if event.newValue is None or not str(event.key).endswith(self.session.uid):
            return  # another game, or this one deleted elsewhere (this page saves it again at its next move)
        try:
            entry = json.loads(str(event.newValue))
            code = entry["code"] if entry["uid"] == self.session.uid else None  # web/storage.js's entry
        except (ValueError, KeyError, TypeError):
            return
        if not isinstance(code, str) or code == self.stored_code:
            return
        save = decoded(code)
        how = compare(save, self.session)
        if how == "same":
            self.stored_code = code
        elif how == "ahead":
            asyncio.ensure_future(self.show_other_tab(save, code, str(entry.get("name") or self.session.name)))
        elif how in ("behind", "apart"):  # this page's moves are in no saved game now: keep them
            self.keep_apart()
            self.persist()
            self.render()

    async def show_other_tab(self, save, code, name):
        """Another tab carried this game on (`save`, the entry's `code` decoded): this page shows that
        position (replayed in slices)."""
        generation = self.generation
        session = await replay_in_slices(save, None, lambda: generation == self.generation)
        if session is None or generation != self.generation or session.truncated:
            return  # this page moved meanwhile: its next write compares again (claim_entry)
        if compare(save, self.session) != "ahead":
            return
        session.name = name
        self.session, self.stored_code = session, code
        moved = len(session.entries)
        show_in_address(session.encode())
        self.hint = None
        self.others_moved = True
        if self.review is not None:
            self.leave_review()  # redraws the game and runs its bots
        else:
            self.changed(save=False)
        show_notice(f"Another tab played on in this game: this page now shows its position, after move {moved:,}.")
