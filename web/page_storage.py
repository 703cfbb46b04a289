"""Saving and opening games: the save on this device (localStorage, web/storage.js), replays in slices
that keep the page answering, the two copies of one game, and the game's own code fetched on opening."""
import asyncio
import importlib.util
import json
import os
import time

from pyodide.ffi import create_proxy
from pyscript import window

import engine
from engine.core import saves
from engine.core.saves import SaveError
from engine.core.session import Session, new_uid
from engine.core.text import and_list
from engine.games import PACKAGES
from page_dom import element, js_value, show_alert, show_notice

SLICE_MS = 40  # a long replay runs in slices this long, so that the page keeps answering (no stall over 200 ms)


def store(session, link=None, code=None):
    """Saves the game on this device under its id; returns a problem to show, or "". The device keeps
    the save by value (`code`, format 1: it replays under later rules as far as it goes) and the short
    link (format 2) that Share gives and that a reload finds in the address."""
    result = session.result()
    progress = f"move {len(session.entries):,}: "  # two copies of a game differ here
    return put_entry(session.uid, session.game, session.name, code or session.encode_save(), result is not None,
                     progress + (result["summary"] if result else and_list(session.active()) + " to move"),
                     link or session.encode())


def show_in_address(link):
    """The game's link in the page's address (a reload finds it there), without a navigation: the path
    alone before it, so that a "?new=..." that started this game does not start another on reload."""
    window.history.replaceState(None, "", str(window.location.pathname) + "#" + link)


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


def drawn_for(spec: str):
    """The seed and id that web/bot-client.js drew for this new game, whose opening the bot worker
    is playing ahead: (None, "") when it drew none (no bot seat, or bots alone) or they are not sound."""
    drawn = js_value(getattr(window, "chaupalNewGame", None))
    if drawn is None or str(drawn.spec) != spec:
        return None, ""
    seed, uid = str(drawn.seed), str(drawn.uid)
    if not seed.isdigit() or int(seed) >= 2**63 or len(uid) != 16 or any(c not in "0123456789abcdef" for c in uid):
        return None, ""
    return int(seed), uid


async def open_session():
    """The game this page shows: a new one (?new=...) or the save in the fragment."""
    params = window.URLSearchParams.new(window.location.search)
    spec = js_value(params.get("new"))
    if spec:
        data = json.loads(str(spec))
        await load_game(data.get("game"))
        seed, uid = drawn_for(str(spec))
        return Session.new(data["game"], data.get("seats"), data.get("options"), seed=seed, uid=uid,
                           name=data.get("name", ""))
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
    if not stored or str(stored.code) != fragment:
        beside = saved_beside(fragment, session.uid)
        if beside is not None:  # that saved game goes on under its own id, not as a link to the other copy
            session.uid, stored = str(beside.uid), beside
    if stored:
        session.name = str(stored.name)  # a rename on the home page wins over the name in the link
    return session


def saved_beside(code, uid):
    """The saved game whose save is `code` under an id other than the save's own `uid`: a backup's copy
    restored beside this device's copy of the same game (web/backup.js), or None."""
    for entry in window.chaupalStore.list():
        if str(entry.code) == code and str(entry.uid) != uid:
            return entry
    return None
