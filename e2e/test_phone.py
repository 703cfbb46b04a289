"""Phones (DESIGN.md, "Phones"): every game is started and played by tapping on a 390x844 touch
screen. A game starts from the home page's new-game dialog (tap "New game of <Title>", then Start);
then some moves are tapped (the same game at every run), and before each: every target offered (the
tapped one among them) measures at least 24x24 CSS px on screen in the view the page gives the
decision (WCAG 2.5.8; web/zoom.js follows the decision, zoomed in where the board's targets are
smaller than that at the whole board); the prompt and an action button (when there is one) are in view together with part of the
board and one of its targets (the bar fixed at the bottom of the screen, style.css); nothing is
wider than the screen; the page's own text is at least 11 px, and so is the board's text in view
(the view follows decisions on the board until its text reads 11 px too). Zoomed in, the board fills the room
above the bar; a new decision scrolls its targets into view. At 360x740 (a small phone): no page is
wider than the screen, and every dialog fits the screen with its buttons in reach."""
from __future__ import annotations

import json
import random
import urllib.parse

import pytest
from playwright.sync_api import expect

from engine.core.session import Session
from engine.games import GAMES

READY_MS = 60_000
NO_BOT_DELAY = "localStorage.setItem('chaupal.botDelay', '0')"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True, "reduced_motion": "reduce"}  # the page scrolls at once, not smoothly
SMALL_PHONE = {**PHONE, "viewport": {"width": 360, "height": 740}}
TARGET = 24  # CSS px, WCAG 2.5.8 (Target Size, Minimum)
SMALLEST_TEXT = 11  # CSS px
MOVES = 16  # tapped by the person in each game
MIN_BOARD_SHOWN = 120  # CSS px of the board's height in view above the bar, at least


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


# The same game at every run: the page's random numbers (the game's seed, os.urandom in Pyodide,
# which reads crypto.getRandomValues) come from a fixed sequence; the bots' choices follow from the
# position and the game's seed.
FIXED_RANDOM = """(() => {
    let s = 20240607;
    crypto.getRandomValues = (array) => {
        const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
        for (let i = 0; i < bytes.length; i++) {
            s = (Math.imul(s, 1103515245) + 12345) >>> 0;
            bytes[i] = s >>> 24;
        }
        return array;
    };
})();"""


def phone(new_context, size=PHONE):
    page = new_context(**size).new_page()
    page.add_init_script(NO_BOT_DELAY)
    page.add_init_script(FIXED_RANDOM)
    return page


def box_of(page, locator) -> dict:
    """The element's box on screen (CSS px, at the page's zoom) and whether it is the element the
    screen shows at its centre (not covered by the bar, a dialog or anything else)."""
    return locator.evaluate("""e => {
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return {x: r.x, y: r.y, width: r.width, height: r.height, bottom: r.bottom, right: r.right,
                on_top: !!hit && (hit === e || e.contains(hit))};
    }""")


def in_view(page, box) -> bool:
    size = page.viewport_size
    return box["width"] > 0 and box["y"] >= -0.5 and box["x"] >= -0.5 and \
        box["bottom"] <= size["height"] + 0.5 and box["right"] <= size["width"] + 0.5


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def small_texts(page) -> list:
    """The page's own visible text (the HTML around the board, not the board's drawing) smaller
    than SMALLEST_TEXT px: one line each."""
    return page.evaluate("""min => {
        const found = [];
        for (const e of document.body.querySelectorAll('*')) {
            if (e.closest('svg') || !e.getClientRects().length) continue;
            const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
            const style = getComputedStyle(e);
            if (own && style.visibility !== 'hidden' && parseFloat(style.fontSize) < min
                && !e.closest('.visually-hidden'))
                found.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className}: ${style.fontSize}`);
        }
        return found;
    }""", SMALLEST_TEXT)


def small_board_texts(page) -> list:
    """The board's texts in view (on screen above the bar and inside their drawing's view) smaller
    than SMALLEST_TEXT px on screen (font size times the text's scale): one line each. The drawing
    that zooms (the board's first) counts when the decision has targets in it (the view follows
    those), the board's other drawings (a Yudhbhoomi roll, Rajas' province) always."""
    return page.evaluate("""min => {
        const bottom = document.querySelector('#act').getBoundingClientRect().top;
        const found = [];
        [...document.querySelectorAll('#board svg')].forEach((svg, i) => {
            if (svg.parentNode.closest('svg') || (i === 0 && !svg.querySelector('.action'))) return;
            const frame = svg.getBoundingClientRect();
            for (const t of svg.querySelectorAll('text')) {
                const r = t.getBoundingClientRect(), m = t.getClientRects().length && t.getScreenCTM();
                if (!m || r.bottom <= Math.max(0, frame.top) || r.top >= Math.min(bottom, frame.bottom)
                    || r.right <= frame.left || r.left >= frame.right) continue;
                const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
                if (size < min) found.push(`"${t.textContent.trim().slice(0, 30)}": ${size.toFixed(1)} px`);
            }
        });
        return found;
    }""", SMALLEST_TEXT)


def wait_for_the_person(page) -> bool:
    """Waits until the person has a move (True) or the game is over (False)."""
    page.wait_for_function(
        "document.querySelector('#result:not([hidden])') || "
        "(document.querySelector('#board .action, #buttons .action') && "
        "!/thinking/.test(document.querySelector('#prompt').textContent))", timeout=READY_MS)
    return page.locator("#result").is_hidden()


def check_the_screen(page, game_id, move):
    """The prompt and an action button (when there is one) in view together with part of the board;
    nothing wider than the screen; the page's text at least 11 px."""
    where = f"{game_id}, move {move}"
    width = page.viewport_size["width"]
    assert page_width(page) <= width, f"{where}: the page is {page_width(page)} px wide"
    prompt = box_of(page, page.locator("#prompt"))
    assert in_view(page, prompt) and prompt["height"] > 0, f"{where}: the prompt is out of view: {prompt}"
    bar = box_of(page, page.locator("#act"))
    assert bar["height"] <= page.viewport_size["height"] * 0.36, f"{where}: the bar is {bar['height']} px tall"
    buttons = page.locator("#buttons .action")
    if buttons.count():
        boxes = [box_of(page, buttons.nth(i)) for i in range(buttons.count())]
        assert any(in_view(page, b) and b["on_top"] for b in boxes), f"{where}: no action button in view"
    board = box_of(page, page.locator("#board"))
    shown = min(board["bottom"], bar["y"]) - max(board["y"], 0)
    assert shown >= MIN_BOARD_SHOWN, f"{where}: only {shown:.0f} px of the board in view above the bar"
    # the part of the board the decision is about: one of its targets, if it has any, above the bar
    targets = page.locator("#board .action")
    if targets.count():
        tops = targets.evaluate_all("nodes => nodes.map(e => e.getBoundingClientRect()).map(r => [r.top, r.bottom])")
        assert any(bottom > 0 and top < bar["y"] for top, bottom in tops), f"{where}: no target of the board in view"
    assert small_texts(page) == [], where


def start_from_the_home_page(page, site_url, game_id):
    page.goto(site_url)
    wait_ready(page)
    title = GAMES[game_id].title
    page.get_by_role("button", name=f"New game of {title}").tap()
    dialog = page.locator("#new-game")
    expect(dialog).to_be_visible()
    assert in_view(page, box_of(page, dialog))
    start = page.get_by_role("button", name="Start")
    box = box_of(page, start)
    assert in_view(page, box) and box["on_top"] and box["width"] >= TARGET and box["height"] >= TARGET, box
    start.tap()
    wait_ready(page)
    expect(page.locator("#game")).to_be_visible()
    page.wait_for_function("location.hash.length > 1")


def offered_targets(page) -> list:
    """Every target the person may tap now (the board's and the buttons'): its kind, its box on
    screen in the view the page gives the decision, and whether it is shown in that view (a board
    zoomed in shows part of the drawing: the other targets are a drag away)."""
    return page.locator("#board .action, #buttons .action").evaluate_all("""nodes => nodes.map(e => {
        const r = e.getBoundingClientRect();
        const where = e.closest('#board') ? 'board' : 'button';
        const name = (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 70);
        const frame = (e.closest('svg') || e).getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const shown = x > frame.left && x < frame.right && y > frame.top && y < frame.bottom;
        return {where, action: e.getAttribute('data-action'), name, width: r.width, height: r.height, shown};
    })""")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_started_and_played_by_tapping_on_a_phone(new_context, site_url, game_id):
    page = phone(new_context)
    start_from_the_home_page(page, site_url, game_id)
    choose = random.Random(game_id)
    small = {}  # (where, action, name) -> its size, for every target under 24x24 px offered on the way
    small_text = {}  # a board text in view under 11 px at a decision on the board -> (move, its size)
    last = None
    for move in range(MOVES):
        if not wait_for_the_person(page):  # the game is over: how it ended is in view, at the bottom
            heading = box_of(page, page.locator("#result h2"))
            assert in_view(page, heading) and heading["on_top"], heading
            break
        check_the_screen(page, game_id, move)
        offered = offered_targets(page)
        for line in small_board_texts(page):
            small_text.setdefault(line.split('":')[0] + '"', (move, line))
        for t in offered:
            if t["width"] < TARGET or t["height"] < TARGET:
                small[t["where"], t["action"], t["name"]] = f"{t['width']:.1f} x {t['height']:.1f} px"
        # a target of the board more often than a button, one shown in the view, and not the one
        # just tapped (a toggle)
        shown = [i for i, t in enumerate(offered) if t["shown"]]
        assert shown, f"{game_id}, move {move}: no target shown: {offered}"
        on_board = [i for i in shown if offered[i]["where"] == "board" and offered[i]["action"] != last]
        others = [i for i in shown if offered[i]["action"] != last] or shown
        index = choose.choice(on_board if on_board and choose.random() < 0.8 else others)
        last = offered[index]["action"]
        target = page.locator("#board .action, #buttons .action").nth(index)
        before = page.evaluate("location.hash")
        target.tap()  # scrolls it into view first, if need be, and taps it only if nothing covers it
        page.wait_for_function("before => location.hash !== before || document.querySelector('#confirm-dialog[open]')",
                               arg=before, timeout=READY_MS)
        if page.locator("#confirm-dialog").is_visible():  # e.g. Viktory II's End turn skipping a phase
            yes = page.locator("#confirm-yes")
            box = box_of(page, yes)
            assert in_view(page, box) and box["on_top"] and box["height"] >= TARGET, box
            yes.tap()
            page.wait_for_function("before => location.hash !== before", arg=before, timeout=READY_MS)
    report = [f"{where} target {action} \"{name}\": {size}" for (where, action, name), size in small.items()]
    summary = f"{game_id}: targets under {TARGET}x{TARGET} px on a 390x844 phone:\n" + "\n".join(report)
    assert report == [], summary
    texts = [f"move {move}: {line}" for move, line in small_text.values()]
    assert texts == [], f"{game_id}: board texts under {SMALLEST_TEXT} px in view:\n" + "\n".join(texts)


def test_the_zoom_and_page_buttons_are_targets_of_24_px(new_context, site_url):
    """The page's own buttons (zoom, Undo, Share, Review...) and links are big enough to tap."""
    page = phone(new_context)
    spec = {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", 0]]}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    small = page.evaluate("""min => [...document.querySelectorAll(
            '#game button, #game a, #game select, .bar a, #board .action')]
        .filter(e => e.getClientRects().length && !e.closest('svg:not(#board svg)'))
        .map(e => [e.id || e.textContent.trim().slice(0, 30), e.getBoundingClientRect()])
        .filter(([, r]) => r.width < min || r.height < min)
        .map(([name, r]) => `${name}: ${r.width.toFixed(1)} x ${r.height.toFixed(1)}`)""", TARGET)
    assert small == []


def test_the_home_page_and_every_dialog_on_a_small_phone(new_context, site_url):
    page = phone(new_context, SMALL_PHONE)
    page.goto(site_url)
    wait_ready(page)
    assert page_width(page) <= 360
    assert small_texts(page) == []
    for game_id, game in sorted(GAMES.items()):
        page.get_by_role("button", name=f"New game of {game.title}").tap()
        dialog = page.locator("#new-game")
        expect(dialog).to_be_visible()
        if game_id == "viktory":  # the most seats and options
            page.locator("#option-players").select_option(label="8 players")
            expect(page.locator("#seats select")).to_have_count(8)
        assert in_view(page, box_of(page, dialog)), game_id
        assert page_width(page) <= 360, game_id
        for name in ("Start", "Cancel"):
            box = box_of(page, page.get_by_role("button", name=name))
            assert in_view(page, box) and box["on_top"], (game_id, name, box)
            assert box["width"] >= TARGET and box["height"] >= TARGET, (game_id, name, box)
        # every choice in the dialog is reachable (its list scrolls between the title and Start)
        last = page.locator("#new-game select").last
        last.scroll_into_view_if_needed()
        assert box_of(page, last)["on_top"], game_id
        page.get_by_role("button", name="Cancel").tap()
        expect(dialog).to_be_hidden()

    # a saved game's dialogs: Rename and Delete
    spec = {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", 0]]}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    assert page_width(page) <= 360
    page.goto(site_url)
    wait_ready(page)
    for opener, dialog_id, button in (("Rename", "rename-dialog", "Cancel"), ("Delete", "delete-dialog", "Keep it")):
        page.locator("#saves button", has_text=opener).first.tap()
        dialog = page.locator(f"#{dialog_id}")
        expect(dialog).to_be_visible()
        assert in_view(page, box_of(page, dialog)), dialog_id
        for name in dialog.locator("button").all_inner_texts():
            box = box_of(page, dialog.get_by_role("button", name=name, exact=True))
            assert in_view(page, box) and box["on_top"] and box["height"] >= TARGET, (dialog_id, name, box)
        dialog.get_by_role("button", name=button, exact=True).tap()
        expect(dialog).to_be_hidden()


@pytest.mark.parametrize("kind", ["about", "howto"])
def test_the_about_and_how_to_play_pages_fit_a_small_phone(new_context, site_url, kind):
    page = phone(new_context, SMALL_PHONE)
    for game_id in sorted(GAMES):
        page.goto(f"{site_url}{kind}.html?game={game_id}")
        wait_ready(page)
        assert page_width(page) <= 360, game_id
        assert small_texts(page) == [], game_id


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_page_fits_a_small_phone(new_context, site_url, game_id):
    page = phone(new_context, SMALL_PHONE)
    game = GAMES[game_id]
    roles = game.rules.roles(game.default_options())
    spec = {"game": game_id, "seats": [[roles[0], None]] + [[role, 0] for role in roles[1:]]}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    wait_for_the_person(page)
    assert page_width(page) <= 360
    check_the_screen(page, game_id, 0)


def test_zoomed_in_on_a_phone_the_board_fills_the_room_above_the_bar(new_context, site_url):
    """Zoomed in, the board takes the screen's height down to the bar (web/zoom.js measures it), or
    the drawing's whole height at that zoom where that is less (no empty bands), a tap on a target
    in view plays it, and the zoom stays for the next move."""
    page = phone(new_context)
    spec = {"game": "viktory", "seats": [["Red", None], ["Yellow", 0]]}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    wait_for_the_person(page)
    # from the whole board at the top of the page (the view followed the decision: zoomed for its text)
    assert page.evaluate("chaupalZoom.scale()") > 1
    page.get_by_role("button", name="Whole board").tap()
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_role("button", name="Zoom in").tap()
    expect(page.locator("#board svg.zoomed")).to_have_count(1)
    board, bar = box_of(page, page.locator("#board svg")), box_of(page, page.locator("#act"))
    view, drawing = page.evaluate("""() => { const svg = document.querySelector('#board svg');
        return [svg.viewBox.baseVal.height, +svg.getAttribute('data-base-viewbox').split(' ')[3]]; }""")
    assert view <= drawing + 1, (view, drawing)  # no empty band above and below the drawing
    # down to the bar (8 px above it), or as tall as the whole drawing's height at this zoom
    assert abs(board["bottom"] + 8 - bar["y"]) <= 2 or view >= drawing - 1, (board, bar, view, drawing)
    assert board["height"] >= 0.45 * page.viewport_size["height"], board
    inside = page.locator("#board .action").evaluate_all("""(nodes, [top, bottom]) => nodes.map((e, i) => {
        const r = e.getBoundingClientRect();
        return r.top >= top && r.bottom <= bottom && r.left >= 0 && r.right <= innerWidth ? i : -1;
    }).filter(i => i >= 0)""", [board["y"], board["bottom"]])
    assert inside, "no target in the zoomed view"
    before = page.evaluate("location.hash")
    page.locator("#board .action").nth(inside[0]).tap()
    page.wait_for_function("before => location.hash !== before", arg=before, timeout=READY_MS)
    assert page.evaluate("chaupalZoom.scale()") > 1
    page.get_by_role("button", name="Whole board").tap()
    assert page.evaluate("chaupalZoom.scale()") == 1


def test_a_new_decision_brings_its_part_of_the_board_into_view(new_context, site_url):
    """Scrolled down to the log when the next decision comes, the page scrolls back to that
    decision's targets on the board, above the bar: Yudhbhoomi, whose dice to keep (on the panel
    drawn under the map)."""
    session = Session.new("yudhbhoomi", [["Green", None], ["Yellow", 0]], seed=3)
    while not any(isinstance(a, list) and a[0] == "hold" for a in session.game.rules.actions(session.state, "Green")):
        role = session.active()[0]
        session.play_bot(role) if session.is_bot(role) else \
            session.act(role, session.game.rules.actions(session.state, role)[0])
    page = phone(new_context)
    page.goto(site_url + "play.html#" + session.encode())
    wait_ready(page)
    above_the_bar = """() => { const bar = document.querySelector('#act').getBoundingClientRect().top;
        return [...document.querySelectorAll('#board .action')].filter(e => {
            const r = e.getBoundingClientRect(); return r.bottom > 0 && r.top < bar; }).length; }"""
    page.wait_for_function(above_the_bar)  # on opening
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate(above_the_bar) == 0  # the board is out of view
    before = page.evaluate("location.hash")
    page.evaluate("document.querySelector('#board .action').dispatchEvent(new MouseEvent('click', {bubbles: true}))")
    page.wait_for_function("before => location.hash !== before", arg=before, timeout=READY_MS)
    page.wait_for_function(above_the_bar)  # the next decision (another die to keep, or not)


def test_the_view_follows_a_decision_whose_targets_are_smaller_than_a_finger(new_context, site_url):
    """Viktory II with 8 players: the whole board's hexes are under 24 px on a 390 px phone, so the
    page zooms in on the decision's targets (web/zoom.js, follow) until they measure 24 px, with one
    in view; "Whole board" shows them small again, as the player asked; the next decision follows."""
    page = phone(new_context)
    seats = [["Red", None]] + [[role, 0] for role in GAMES["viktory"].rules.roles({"players": 8})[1:]]
    spec = {"game": "viktory", "seats": seats, "options": {"players": 8}}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    wait_for_the_person(page)

    def board_targets():
        return [t for t in offered_targets(page) if t["where"] == "board"]

    assert page.evaluate("chaupalZoom.scale()") > 1
    targets = board_targets()
    assert targets and min(min(t["width"], t["height"]) for t in targets) >= TARGET, targets
    assert any(t["shown"] for t in targets)
    check_the_screen(page, "viktory", 0)
    page.get_by_role("button", name="Whole board").tap()
    assert page.evaluate("chaupalZoom.scale()") == 1
    assert min(min(t["width"], t["height"]) for t in board_targets()) < TARGET  # the view followed
    before = page.evaluate("location.hash")
    page.locator("#board .action").first.tap()
    page.wait_for_function("before => location.hash !== before", arg=before, timeout=READY_MS)
    wait_for_the_person(page)
    targets = board_targets()
    if targets:  # the next decision on the board: followed again
        assert min(min(t["width"], t["height"]) for t in targets) >= TARGET, targets
