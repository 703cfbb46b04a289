"""What stopped or misled a new player in the first hour, on the shared page: every state of an
action button keeps its text readable, and a greyed Undo says why, visibly and to screen readers."""
from __future__ import annotations

import json
import urllib.parse

from playwright.sync_api import expect

READY_MS = 60_000

CONTRAST = """el => {
  const rgb = s => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = c => { const v = c.map(x => x / 255).map(x => x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);
                     return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const style = getComputedStyle(el);
  const a = lum(rgb(style.color)), b = lum(rgb(style.backgroundColor));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def open_game(page, site_url, seats):
    spec = {"game": "aadu_huli", "seats": seats, "options": {}}
    page.add_init_script("localStorage.setItem('chaupal.botDelay', '0')")
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def test_action_buttons_stay_readable_when_hovered_focused_and_pressed(page, site_url):
    open_game(page, site_url, [["Goats", None], ["Tigers", None]])
    button = page.locator("#buttons button.action").first  # "Pass" is never on the board
    if button.count() == 0:  # no plain button at the start: make one the way every game does
        page.evaluate("""() => { const b = document.createElement('button');
            b.className = 'action'; b.textContent = 'A move'; document.getElementById('buttons').append(b); }""")
        button = page.locator("#buttons button.action").first
    # WCAG AA for normal text: 4.5:1
    assert button.evaluate(CONTRAST) >= 4.5
    button.hover()
    page.wait_for_timeout(100)
    assert button.evaluate(CONTRAST) >= 4.5, "hovered"
    button.focus()
    assert button.evaluate(CONTRAST) >= 4.5, "focused"
    box = button.bounding_box()
    page.mouse.move(box["x"] + 5, box["y"] + 5)
    page.mouse.down()  # held down: :active
    try:
        assert button.evaluate(CONTRAST) >= 4.5, "pressed"
    finally:
        page.mouse.up()
    share = page.locator("#share")
    share.hover()
    assert share.evaluate(CONTRAST) >= 4.5, "a plain button, hovered"


def test_a_greyed_undo_says_why(page, site_url):
    open_game(page, site_url, [["Goats", None], ["Tigers", None]])
    undo, why = page.locator("#undo"), page.locator("#undo-why")
    expect(undo).to_be_disabled()
    expect(why).to_have_text("You have no move to undo yet.")
    expect(undo).to_have_attribute("aria-describedby", "undo-why")
    assert page.get_by_role("button", name="Undo").evaluate(
        "el => document.getElementById(el.getAttribute('aria-describedby')).textContent") == why.inner_text()
    page.locator("#board .action[data-action='1']").click()  # the Goats place on point 1
    # hot-seat: the Tigers are to move, so the Goats' move stands
    expect(undo).to_be_disabled()
    expect(why).to_have_text("Tigers is to move: a move can be undone only before another player acts.")


def test_undo_is_offered_with_no_reason_against_a_bot(page, site_url):
    open_game(page, site_url, [["Goats", None], ["Tigers", 1]])
    page.locator("#board .action[data-action='1']").click()
    expect(page.locator("#board .action").first).to_be_visible(timeout=READY_MS)  # the bot has answered
    expect(page.locator("#undo")).to_be_enabled()
    expect(page.locator("#undo-why")).to_have_text("")


def test_viktory_end_turn_during_movement_asks_before_skipping_building(page, site_url):
    """Formerly "End turn" beside "End movement" skipped Building and Reserve Placement
    without a word (6.0). Now it asks; "No" leaves the turn as it was, "Yes" ends it."""
    from engine.core.session import Session
    from engine.viktory import rules

    session = Session.new("viktory", [["Red", None], ["Yellow", None]], {"players": 2}, seed=21)
    while not (session.state["phase"] == "move" and rules.confirm(session.state, "end_turn")):
        role = session.active()[0]
        session.act(role, session.bots.get(session.game, 1).choose(session.game, session.state, role,
                                                                  session.bot_seed()))
    mover, moves = session.active()[0], len(session.entries)
    page.goto(site_url + "play.html#" + session.encode())
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)
    end_turn = page.locator("#buttons .action[data-action='\"end_turn\"']")
    end_turn.click()
    dialog = page.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("skips the Building Phase (8.0)")
    page.get_by_role("button", name="No, go back").click()
    expect(dialog).to_be_hidden()
    assert len(Session.decode(page.evaluate("location.hash")).entries) == moves
    end_turn.click()
    page.get_by_role("button", name="Yes").click()
    page.wait_for_function("n => location.hash.length > 1 && document.querySelector('#log li:last-child')"
                           " && document.querySelector('#log').textContent.includes(n + ' ends the turn')",
                           arg=mover, timeout=READY_MS)
    after = Session.decode(page.evaluate("location.hash"))
    assert len(after.entries) == moves + 1 and after.active() != [mover]


def test_the_status_panel_gives_each_seats_key_numbers(page, site_url):
    """The status panel gives numbers, not only markers on a track or tooltips (phones have none)."""
    open_game(page, site_url, [["Goats", None], ["Tigers", None]])
    seats = page.locator("#status .seats li")
    expect(seats.nth(0)).to_contain_text("0 on the board · 15 to place")
    expect(seats.nth(1)).to_contain_text("0 of 5 captures")
    page.locator("#board .action[data-action='1']").click()
    expect(seats.nth(0)).to_contain_text("1 on the board · 14 to place")


def test_how_to_play_is_one_click_from_the_game_and_keeps_the_about_page(page, site_url):
    """How to play (the goal, a turn, the screen) one click from the game page, over the game in a
    dialog; the same text is a page of its own, and the About page keeps the edition notes and links
    to it."""
    open_game(page, site_url, [["Goats", None], ["Tigers", 1]])
    game_url = page.url
    page.get_by_role("link", name="How to play", exact=True).click()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text("How to play: Aadu-Huli aata")
    for heading in ("Goal", "A turn", "How the game ends and who wins", "On the screen", "Tips for a first game"):
        expect(dialog.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    assert page.url == game_url
    as_page = page.locator("#rules-page").get_attribute("href")
    assert as_page == "howto.html?game=aadu_huli"
    page.goto(site_url + as_page)
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)
    expect(page.locator("h1")).to_have_text("How to play: Aadu-Huli aata")
    for heading in ("Goal", "A turn", "How the game ends and who wins", "On the screen", "Tips for a first game"):
        expect(page.get_by_role("heading", name=heading, exact=True)).to_be_visible()
    page.get_by_role("link", name="About this edition").click()
    expect(page.locator("h1")).to_have_text("About this edition: Aadu-Huli aata")
    expect(page.get_by_role("link", name="How to play")).to_be_visible()


def test_vijayanagara_option_buttons_come_with_the_cards_text_on_a_phone(page, site_url):
    """Choosing Event or Command needs the card's text; on a phone the card on the
    map is 3-4 px, so the text stands beside the buttons, readable without zooming."""
    from engine.core.session import Session
    from engine.vijayanagara import rules

    page.set_viewport_size({"width": 390, "height": 844})
    session = Session.new("vijayanagara", [["Delhi Sultanate", None], ["Bahmani Kingdom", 1],
                                           ["Vijayanagara Empire", 1]], seed=3)
    card = rules.view(session.state, "Delhi Sultanate")["card_info"]
    page.goto(site_url + "play.html#" + session.encode())
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)
    context = page.locator("#context")
    expect(context).to_contain_text(f"Event (unshaded): {card['unshaded']}")
    expect(context).to_contain_text(f"Event (shaded): {card['shaded']}")
    size = context.locator("p").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 13


def test_what_the_bots_did_is_marked_after_their_turn_and_on_opening_a_link(page, site_url, new_context):
    """After the player passes, two bot Factions play; when the player is to act
    again the map marks what changed since (view["before"]). A fresh browser opening the link at that
    point marks the same, rebuilt by a replay up to the player's last move."""
    from engine.core.session import Session

    page.add_init_script("localStorage.setItem('chaupal.botDelay', '0')")
    session = Session.new("vijayanagara", [["Delhi Sultanate", None], ["Bahmani Kingdom", 1],
                                           ["Vijayanagara Empire", 1]], seed=3)
    page.goto(site_url + "play.html#" + session.encode())
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)
    legend = "changed since your last move"
    expect(page.locator("#board")).not_to_contain_text(legend)  # nothing done yet: nothing marked
    page.locator("#buttons .action[data-action='\"pass\"']").click()
    page.wait_for_function("() => document.querySelector('#prompt').textContent.startsWith('Delhi Sultanate')"
                           " && !!document.querySelector('#buttons .action')", timeout=READY_MS)
    expect(page.locator("#board")).to_contain_text(legend)
    link = page.url
    other = new_context().new_page()
    other.goto(link)
    expect(other.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)
    expect(other.locator("#board")).to_contain_text(legend)
    # acting again clears the marks: they say what changed since one's own last move
    other.locator("#buttons .action[data-action='\"pass\"']").click()
    expect(other.locator("#board")).not_to_contain_text(legend)
