"""What puzzled a new player in the first minutes, on the page: the end-of-game chart draws each seat
in its colour; keyboard focus on a board target shows in every game; the heading does not repeat the
game's title; no seat is "you" when bots play alone; tied winners read "A, B and C"; Concede stands
apart from the moves and asks first; Share says "Copied." only once the clipboard took the link; the
home page renames and deletes saved games in its own dialogs, not the browser's pop-ups."""
from __future__ import annotations

import base64
import json
import random
import urllib.parse

import pytest
from playwright.sync_api import expect

from engine.core import saves
from engine.core.botserver import BotServer
from engine.core.session import Session
from engine.games import GAMES
from test_phone import FIXED_RANDOM
from test_review_play import finished
from tests.test_first_minutes_engine import seat_colours_drawn, tied_viktory_game

READY_MS = 60_000
NO_BOT_DELAY = "localStorage.setItem('chaupal.botDelay', '0')"
BOTS_WAIT = "localStorage.setItem('chaupal.botDelay', '600000')"  # the bots wait: the page stays as it is
ACCENT = (217, 142, 4)  # --accent-2 in style.css: the colour of focus


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def new_game(page, site_url, game_id, seats, options=None, name=None, init=NO_BOT_DELAY):
    spec = {"game": game_id, "seats": seats, "options": options or {}}
    if name:
        spec["name"] = name
    page.add_init_script(init)
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)


# --- the chart -----------------------------------------------------------------------------------

def finished_game(game_id) -> Session:
    if game_id != "rajas":
        return finished(game_id)
    session = Session.new("rajas", [[r, 0] for r in ("Red", "Yellow", "White", "Black")], {"players": 4}, seed=7)
    while session.result() is None:  # four players: White and Black are charted too
        session.play_bot(session.active()[0])
    return session


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_charts_lines_are_the_seats_colours(page, site_url, game_id):
    session = finished_game(game_id)
    page.goto(site_url + "play.html#" + session.encode())
    wait_ready(page)
    expect(page.locator("#chart-box figure").first).to_be_visible(timeout=READY_MS)
    lines = page.locator("#chart [data-series]").evaluate_all(
        "groups => groups.map(g => [g.dataset.series, g.lastElementChild.getAttribute('stroke')])")
    expected = seat_colours_drawn(game_id)
    seats = [(name, colour) for name, colour in lines if name in session.roles]
    assert seats, lines
    for name, colour in seats:
        assert colour.lower() == expected[name].lower(), (name, colour)
    # each line's label says whose it is, in dark ink beside a sample of the line
    keys = page.locator("#chart .key text").evaluate_all("texts => texts.map(t => t.textContent)")
    assert {name[:12] for name, _ in seats} <= {text.rsplit(" ", 1)[0] for text in keys}  # long names cut


# --- keyboard focus on the board -------------------------------------------------------------------

def board_link(game_id) -> str:
    """A hot-seat game moved on (random moves) to where the board has targets to click."""
    game = GAMES[game_id]
    roles = game.rules.roles(game.default_options())
    session, chooser = Session.new(game_id, [[role, None] for role in roles], seed=1), random.Random(1)
    while True:
        role = session.active()[0]
        legal = game.rules.actions(session.state, role)
        if 'class="action' in game.board.render(game.rules.view(session.state, role), role, legal):
            return session.encode()
        session.act(role, chooser.choice(legal))


COUNT_ACCENT = """async ([png, rgb]) => {
  const img = new Image();
  img.src = "data:image/png;base64," + png;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.width; canvas.height = img.height;
  const context = canvas.getContext("2d");
  context.drawImage(img, 0, 0);
  const data = context.getImageData(0, 0, img.width, img.height).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4)
    if (Math.abs(data[i] - rgb[0]) < 30 && Math.abs(data[i + 1] - rgb[1]) < 30 && Math.abs(data[i + 2] - rgb[2]) < 40) n++;
  return n;
}"""


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_keyboard_focus_on_a_board_target_is_visible(page, site_url, game_id):
    """Tab to the first target on the board: a ring in the focus colour appears around it (the pixels
    of that colour, focused against unfocused), wherever the game draws its targets."""
    page.goto(site_url + "play.html#" + board_link(game_id))
    wait_ready(page)
    if page.locator("#pass-ready").is_visible():  # hot-seat with hidden hands: the seat takes the device
        page.locator("#pass-ready").click()
        page.evaluate("document.activeElement.blur()")
    on_board = "!!(document.activeElement && document.activeElement.closest('#board .action'))"
    for _ in range(400):
        page.keyboard.press("Tab")
        if page.evaluate(on_board):
            break
    assert page.evaluate(on_board), "Tab never reached a target on the board"
    assert page.evaluate("document.activeElement.matches(':focus-visible')")
    box = page.evaluate("""(() => { const r = document.activeElement.getBoundingClientRect();
        return {x: Math.max(0, r.x - 16), y: Math.max(0, r.y - 16), width: r.width + 32, height: r.height + 32}; })()""")

    def accent_pixels():
        png = base64.b64encode(page.screenshot(clip=box, animations="disabled")).decode()
        return page.evaluate(COUNT_ACCENT, [png, list(ACCENT)])

    focused = accent_pixels()
    page.evaluate("document.activeElement.blur()")
    unfocused = accent_pixels()
    ring = 2 * (box["width"] + box["height"])  # about a ring's length around the target, in pixels
    assert focused - unfocused >= ring / 2, (focused, unfocused, box)


# --- bots that open the game ----------------------------------------------------------------------

DRAWINGS = """window.__drawings = 0;
window.addEventListener('DOMContentLoaded', () => {
  const drawn = window.chaupalMotion.drawn;
  window.chaupalMotion.drawn = (board, animate) => { window.__drawings += 1; return drawn(board, animate); };
});"""


def test_the_bots_opening_is_played_ahead_with_the_new_games_seed_and_shown_at_once(page, site_url):
    """A new game whose bots open (Vijayanagara, the person in the last seat: two Medium bots act
    first): the bot worker, started with the page, plays their opening with the seed and id drawn for
    the new game (web/bot-client.js), the page's game takes the same seed and id, and the opening's
    moves come in one drawing, without the pause between bot moves (here ten minutes)."""
    roles = GAMES["vijayanagara"].rules.roles({})
    page.add_init_script(FIXED_RANDOM)  # a deal where the bots' Factions come first on the first card
    page.add_init_script(DRAWINGS)
    new_game(page, site_url, "vijayanagara", [[roles[0], 2], [roles[1], 2], [roles[2], None]], init=BOTS_WAIT)
    page.wait_for_function("document.querySelector('#game .action')", timeout=60_000)
    drawn_for = page.evaluate("window.chaupalNewGame")
    session = Session.from_save(saves.check_read(saves.read(page.evaluate("location.hash.slice(1)"))))
    assert (session.seed, session.uid) == (int(drawn_for["seed"]), drawn_for["uid"])
    assert len(session.entries) >= 2 and session.active() == [roles[2]]
    assert set(session.actors) == {roles[0], roles[1]}
    # the board while the bots think, then the opening at once: not one drawing per bot move
    assert page.evaluate("window.__drawings") <= 3 < len(session.entries), page.evaluate("window.__drawings")


SILENT_WORKER = """window.Worker = class {  // a bot worker that never answers: still starting, as on a busy phone
  constructor() { this.sent = []; window.__workerMessages = this.sent; }
  postMessage(message) { this.sent.push(message); }
  terminate() {}
};"""


def test_the_page_plays_the_opening_itself_while_the_worker_is_not_ready(page, site_url):
    """The page's and the worker's Pyodide start together; where the worker is not ready when the
    board is drawn, the page plays the bots' opening itself (Medium levels, quick heuristics) so that
    the person's first decision does not wait on the worker: here a worker that never answers. The
    moves are those the worker would have played (the same seed: the engine's own opening)."""
    roles = GAMES["vijayanagara"].rules.roles({})
    seats = [[roles[0], 2], [roles[1], 2], [roles[2], None]]
    page.add_init_script(FIXED_RANDOM)
    page.add_init_script(SILENT_WORKER)
    new_game(page, site_url, "vijayanagara", seats, init=BOTS_WAIT)
    page.wait_for_function("document.querySelector('#game .action')", timeout=60_000)
    drawn_for = page.evaluate("window.chaupalNewGame")
    assert any("prepare" in message for message in page.evaluate("window.__workerMessages"))
    assert page.evaluate("performance.getEntriesByName('chaupal:opening-by-page').length") == 1
    played = Session.from_save(saves.check_read(saves.read(page.evaluate("location.hash.slice(1)"))))
    assert len(played.entries) >= 2 and played.active() == [roles[2]]
    fresh = Session.new("vijayanagara", seats, seed=int(drawn_for["seed"]), uid=drawn_for["uid"])
    assert BotServer().play_opening(fresh) == [[role, action] for role, action in zip(played.actors, played.played)]


READY_SILENT_WORKER = """window.Worker = class {  // a bot worker that has started but not yet answered
  constructor() { this.sent = []; window.__workerMessages = this.sent;
                  setTimeout(() => this.onmessage({data: {ready: true}}), 0); }
  postMessage(message) { this.sent.push(message); }
  terminate() {}
};"""


def test_a_started_worker_is_left_to_play_the_opening_alone(page, site_url):
    """Where the worker has started before the page asks for the opening, it is ahead of the page
    (it plays a new game's opening as soon as it starts), so the page does not play the same moves
    beside it on the device's cores: it waits for the worker's answer (here one that takes long)."""
    roles = GAMES["vijayanagara"].rules.roles({})
    page.add_init_script(FIXED_RANDOM)
    page.add_init_script(READY_SILENT_WORKER)
    new_game(page, site_url, "vijayanagara", [[roles[0], 2], [roles[1], 2], [roles[2], None]], init=BOTS_WAIT)
    page.wait_for_function("window.__workerMessages.some((m) => m.opening)", timeout=60_000)
    page.wait_for_timeout(3_000)  # the page plays such an opening itself in well under a second
    assert page.evaluate("performance.getEntriesByName('chaupal:opening-by-page').length") == 0
    assert not Session.decode(page.evaluate("location.hash.slice(1)")).entries
    assert page.locator("#game .action").count() == 0  # no decision offered before the bots have moved


def test_bots_alone_play_move_by_move_with_nothing_played_ahead(page, site_url):
    """Bots in every seat (Hard, which thinks longest): no one waits for a first decision, so the
    worker plays nothing ahead and the page asks for each move as it comes; the moves come."""
    new_game(page, site_url, "aadu_huli", [["Goats", 3], ["Tigers", 3]])
    page.wait_for_function("document.querySelectorAll('#log li').length >= 4", timeout=60_000)
    assert page.evaluate("window.chaupalNewGame === undefined")


# --- words on the page -------------------------------------------------------------------------------

def test_the_heading_names_the_game_once(page, site_url):
    """A game named after its title (as "Play on from here" names one) is not "Title: Title (...)"."""
    new_game(page, site_url, "aadu_huli", [["Goats", None], ["Tigers", None]], name="Aadu-Huli aata (from move 92)")
    expect(page.locator("#game-title")).to_have_text("Aadu-Huli aata (from move 92)")
    new_game(page, site_url, "aadu_huli", [["Goats", None], ["Tigers", None]], name="Evening game")
    expect(page.locator("#game-title")).to_have_text("Aadu-Huli aata: Evening game")


def test_no_seat_is_you_when_bots_play_alone(page, site_url):
    new_game(page, site_url, "rajas", [["Red", 1], ["Yellow", 1]], init=BOTS_WAIT)
    expect(page.locator("#board svg")).to_be_visible()
    assert "(you)" not in page.locator("#board").inner_text()
    page.get_by_role("button", name="Describe the position").click()
    expect(page.locator("#words-list")).to_contain_text("Seen by Red.")
    # a person against a bot is "you"
    new_game(page, site_url, "rajas", [["Red", None], ["Yellow", 1]], init=BOTS_WAIT)
    expect(page.locator("#board")).to_contain_text("Red (you)")


def test_tied_winners_are_listed_with_commas(page, site_url):
    page.goto(site_url + "play.html#" + tied_viktory_game().encode())
    wait_ready(page)
    expect(page.locator("#result .ranking li").first).to_have_text("Green, Purple, Red and Yellow (tied)")
    expect(page.locator("#result .summary")).to_contain_text("Green, Purple, Red and Yellow tie with 2 points")


# --- Concede -------------------------------------------------------------------------------------------

def concede_code() -> tuple:
    session = Session.new("viktory", [["Red", None], ["Yellow", None]], {"players": 2}, seed=21)
    chooser = random.Random(1)
    while "concede" not in session.game.rules.actions(session.state, session.active()[0]):
        role = session.active()[0]
        session.act(role, chooser.choice([a for a in session.game.rules.actions(session.state, role) if a != "concede"]))
    return session.encode(), session.active()[0]


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_concede_stands_apart_from_the_moves_looks_destructive_and_asks_first(new_context, site_url, size):
    context = new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    code, mover = concede_code()
    page.goto(site_url + "play.html#" + code)
    wait_ready(page)
    end_turn = page.locator("#buttons .action[data-action='\"end_turn\"']")
    concede = page.locator("#leave .action[data-action='\"concede\"']")
    expect(end_turn).to_be_visible()
    expect(concede).to_have_text("Concede the game")
    assert page.locator("#buttons .action[data-action='\"concede\"']").count() == 0  # not among the moves
    style = """el => { const s = getComputedStyle(el); return [s.backgroundColor, s.color, s.borderTopColor]; }"""
    assert concede.evaluate(style) != end_turn.evaluate(style)  # not the look of a move
    # apart: below the seats, with space between it and End turn (on a phone End turn is in the bar
    # fixed at the bottom of the screen, and Concede above it, in the panel, once scrolled to)
    concede.evaluate("e => e.scrollIntoView({block: 'center'})")
    a, b = end_turn.bounding_box(), concede.bounding_box()
    assert max(b["y"] - (a["y"] + a["height"]), a["y"] - (b["y"] + b["height"])) >= 40, (a, b)
    concede.click()
    dialog = page.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#confirm-yes")).to_have_text("Concede the game")
    expect(page.locator("#confirm-no")).to_be_focused()  # Enter at once keeps playing
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert Session.decode(page.evaluate("location.hash")).entries == Session.decode(code).entries
    concede.click()
    page.locator("#confirm-yes").click()
    expect(page.locator("#result")).to_contain_text(f"{mover} conceded the game")


# --- Share ---------------------------------------------------------------------------------------------

CLIPBOARD = """window.__copied = [];
navigator.clipboard.writeText = (text) => new Promise((resolve, reject) => setTimeout(() => {
  if (window.__refuse) reject(new DOMException("Write permission denied.", "NotAllowedError"));
  else { window.__copied.push(text); resolve(); }
}, 400));"""


def test_share_says_copied_only_when_the_clipboard_took_the_link(page, site_url):
    page.add_init_script(CLIPBOARD)
    new_game(page, site_url, "aadu_huli", [["Goats", None], ["Tigers", None]])
    page.locator("#share").click()
    state = page.locator("#share-state")
    page.locator("#share-copy").click()
    page.wait_for_timeout(150)
    expect(state).not_to_have_text("Copied.")  # the clipboard has not answered yet
    expect(state).to_have_text("Copied.")
    assert page.evaluate("window.__copied") == [page.locator("#share-link").input_value()]
    # refused: the link is selected in its field, to be copied by hand
    page.evaluate("window.__refuse = true")
    page.locator("#share-copy").click()
    expect(state).to_contain_text("copy it by hand")
    expect(page.locator("#share-link")).to_be_focused()
    link = page.locator("#share-link").input_value()
    assert page.evaluate("(() => { const f = document.getElementById('share-link'); "
                         "return f.value.substring(f.selectionStart, f.selectionEnd); })()") == link
    assert "Copied." not in state.inner_text()


# --- the home page's dialogs -------------------------------------------------------------------------

def saved_game_on_the_home_page(page, site_url):
    new_game(page, site_url, "aadu_huli", [["Goats", None], ["Tigers", None]])
    page.locator("#board .action[data-action='1']").click()
    uid = Session.decode(page.evaluate("location.hash")).uid
    page.goto(site_url)
    wait_ready(page)
    return page.locator(f".save[data-uid='{uid}']")


def test_rename_and_delete_ask_in_the_pages_own_dialogs(page, site_url):
    popups = []
    page.on("dialog", lambda d: (popups.append(d.type), d.dismiss()))
    row = saved_game_on_the_home_page(page, site_url)
    # rename, with the keyboard alone: the name is selected, typing replaces it, Enter renames
    row.get_by_role("button", name="Rename").focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#rename-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#rename-name")).to_be_focused()
    expect(page.locator("#rename-name")).to_have_value("Aadu-Huli aata")
    page.keyboard.type("Evening game")
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(row.locator(".save-name")).to_have_text("Evening game")
    expect(row.get_by_role("button", name="Rename")).to_be_focused()  # back where the player was
    # Escape cancels
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    page.keyboard.type("Not this")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(row.locator(".save-name")).to_have_text("Evening game")
    # delete: Escape keeps the game, the Delete button removes it
    row.get_by_role("button", name="Delete").click()
    dialog = page.locator("#delete-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text('"Evening game" will be removed from this device')
    expect(dialog.get_by_role("button", name="Keep it")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(row).to_have_count(1)
    row.get_by_role("button", name="Delete").click()
    dialog.get_by_role("button", name="Delete").click()
    expect(row).to_have_count(0)
    expect(page.locator("#saves-head")).to_be_focused()
    assert popups == []  # never the browser's prompt() or confirm()


def test_home_share_refused_shows_the_link_selected_to_copy_by_hand(page, site_url):
    page.add_init_script(CLIPBOARD + "window.__refuse = true;")
    popups = []
    page.on("dialog", lambda d: (popups.append(d.type), d.dismiss()))
    row = saved_game_on_the_home_page(page, site_url)
    row.get_by_role("button", name="Share").click()
    dialog = page.locator("#share-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("copy it by hand")
    link = page.locator("#share-link").input_value()
    assert link.startswith(site_url + "play.html#")
    assert page.evaluate("(() => { const f = document.getElementById('share-link'); "
                         "return f.value.substring(f.selectionStart, f.selectionEnd); })()") == link
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert popups == []
