"""Rajas of the Ganges on a phone (390 x 844, touch) and on a laptop (1280 x 800), in the built site.

On the board every target (class "action") measures at least 24 x 24 CSS px (WCAG 2.5.8), every text at
least 11 px (its font size times the drawing's scale on the screen), nothing is wider than the screen,
and the block the decision is about starts on the first screen. The other players are a tap away (a radio
button per player, no game action). Positions: new 2- and 4-player games, and games moved on by bots
(every seat, the person's too) opened from their share links (play.html#<code>), each at a moment where
the person (Red) must click on the board.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine.core.session import Session
from engine.rajas import GAME, rules
from test_accessibility import serious_violations

READY_MS = 60_000
NO_BOT_DELAY = "localStorage.setItem('chaupal.botDelay', '0')"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
MIN_TARGET, MIN_TEXT = 24, 11

MEASURE = """() => {
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const targets = [...document.querySelectorAll('#board .action')].filter(shown).map((e) => {
    const r = e.getBoundingClientRect();
    return {w: r.width, h: r.height, top: r.top + scrollY, label: e.getAttribute('aria-label')};
  });
  const texts = [...document.querySelectorAll('#board text')].filter((t) => shown(t) && t.textContent.trim())
    .map((t) => {
      const m = t.getScreenCTM();
      return {px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), text: t.textContent};
    });
  const svg = document.querySelector('#board svg').getBoundingClientRect();
  const act = document.getElementById('act');
  const bar = act && getComputedStyle(act).position === 'fixed' ? act.getBoundingClientRect().height : 0;
  return {targets, texts, svgWidth: svg.width, svgLeft: svg.left, svgTop: svg.top + scrollY,
          pageWidth: document.documentElement.scrollWidth, innerWidth, innerHeight, bar};
}"""


def seats(players):
    return [["Red", None]] + [[r, 1] for r in ("Yellow", "White", "Black")[:players - 1]]


def moved_on(players, seed, stop, limit=3000) -> Session:
    """A game moved on by bots in every seat (Medium for Red, Easy for the others) until `stop(state,
    legal)` holds when Red is to act; Red stays the person's seat in the link."""
    session = Session.new("rajas", seats(players), {"players": players}, seed=seed)
    for _ in range(limit):
        assert session.result() is None, "the game ended first"
        role = session.active()[0]
        legal = rules.actions(session.state, role)
        if role == "Red" and stop(session.state, legal):
            return session
        bot = GAME.bot(2 if role == "Red" else 1)
        session.act(role, bot.choose(GAME, session.state, role, session.bot_seed()))
    raise AssertionError("no such moment")


def pending(kind):
    return lambda state, legal: any(isinstance(a, list) and a[0] == kind for a in legal)


POSITIONS = {
    "new 2 players": lambda: Session.new("rajas", seats(2), {"players": 2}, seed=501),
    "new 4 players": lambda: Session.new("rajas", seats(4), {"players": 4}, seed=502),
    "3 players, round 4, a worker to place": lambda: moved_on(
        3, 503, lambda state, legal: state["round"] >= 4 and not state["todo"]),
    "4 players, a tile to take": lambda: moved_on(
        4, 504, lambda state, legal: state["round"] >= 3 and pending("stack")(state, legal)),
    "3 players, a square to build on": lambda: moved_on(3, 505, pending("cell")),
    "2 players, dice to give up": lambda: moved_on(
        2, 506, lambda state, legal: state["round"] >= 3 and pending("die")(state, legal)),
    "4 players, round 7": lambda: moved_on(4, 507, lambda state, legal: state["round"] >= 7 and not state["todo"]),
}


def open_link(page, site_url, code):
    page.add_init_script(NO_BOT_DELAY)
    page.goto(site_url + "play.html#" + code)
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)
    # the person's turn (in a new game the bots before Red play first)
    page.wait_for_function("document.querySelector('#board .action')", timeout=READY_MS)


@pytest.fixture(scope="module")
def links():
    return {name: make().encode() for name, make in POSITIONS.items()}


@pytest.mark.parametrize("screen", ["phone", "laptop"])
@pytest.mark.parametrize("name", list(POSITIONS))
def test_targets_24_px_and_text_11_px_on_a_phone_and_a_laptop(new_context, site_url, links, name, screen):
    page = new_context(**(PHONE if screen == "phone" else LAPTOP)).new_page()
    open_link(page, site_url, links[name])
    m = page.evaluate(MEASURE)
    assert m["targets"] and m["texts"]
    small = [t for t in m["targets"] if t["w"] < MIN_TARGET or t["h"] < MIN_TARGET]
    assert not small, small[:5]
    tiny = [t for t in m["texts"] if t["px"] < MIN_TEXT]
    assert not tiny, tiny[:5]
    # nothing wider than the screen: the drawing fits it
    assert m["pageWidth"] <= m["innerWidth"], m["pageWidth"]
    assert m["svgLeft"] >= 0 and m["svgLeft"] + m["svgWidth"] <= m["innerWidth"] + .5
    if screen == "phone":  # about a CSS pixel a unit: the drawing is not shrunk into the screen's height
        assert m["svgWidth"] >= 370
        # the decision's block comes first: its first target starts on the first screen, above the
        # bar of the prompt and its buttons where the page has one
        first = min(t["top"] for t in m["targets"])
        assert first < m["innerHeight"] - m["bar"], (first, m["innerHeight"], m["bar"])


def test_a_tap_plays_a_move_and_another_player_is_a_tap_away(new_context, site_url, links):
    """On the phone: a tap on the first target makes the move; in a 4-player game each other player's
    row is a radio button (no game action) whose tap shows that player's province and statue; axe-core
    finds nothing serious on the page."""
    page = new_context(**PHONE).new_page()
    open_link(page, site_url, links["4 players, round 7"])
    radios = page.locator("#board input[type=radio][name=rj-others]")
    expect(radios).to_have_count(3)
    assert page.locator("#board input[type=radio].action, #board label.action").count() == 0
    shown = "(r) => document.querySelector('#board .rj-for-' + r).getBoundingClientRect().height > 0"
    ids = radios.evaluate_all("els => els.map(e => e.value)")
    first = next(r for r in ids if page.evaluate(shown, r))
    other = next(r for r in ids if r != first)
    before = page.evaluate("location.hash")
    page.locator(f"#board label:has(#rj-show-{other})").tap()
    assert page.evaluate(shown, other) and not page.evaluate(shown, first)
    expect(page.locator(f"#rj-show-{other}")).to_be_checked()
    assert page.evaluate("location.hash") == before  # no move, no new page
    # the tapped player's province is drawn at the same readable scale
    size = page.evaluate("""(r) => { const t = [...document.querySelectorAll('#board .rj-for-' + r + ' text')]
        .filter((e) => e.textContent.trim()); return Math.min(...t.map((e) =>
        parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a)); }""", other)
    assert size >= MIN_TEXT
    assert serious_violations(page) == []
    # a tap on a board target makes the move
    target = page.locator("#board .action").first
    target.scroll_into_view_if_needed()
    target.tap()
    page.wait_for_function("h => location.hash !== h", arg=before, timeout=READY_MS)
