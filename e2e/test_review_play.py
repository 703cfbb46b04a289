"""Review: step through a finished game of every title and compare each position with what
replaying that many moves gives; a click on the log jumps there; leaving review leaves the game and its
link as they were; "Play on from here" starts a new saved game and keeps the original; in hot-seat
play review shows only what the seat at the device could see."""
from __future__ import annotations

import json
import urllib.parse

import pytest
from playwright.sync_api import expect

from engine.core.session import Session
from engine.games import GAMES

READY_MS = 60_000
NO_BOT_DELAY = "localStorage.setItem('chaupal.botDelay', '0')"
# bot levels that finish a game of each title in a few hundred moves (Viktory: 831)
LEVELS = {"aadu_huli": 0, "rajas": 0, "vijayanagara": 0, "viktory": 1, "yudhbhoomi": 0}


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def finished(game_id, seed=5) -> Session:
    game = GAMES[game_id]
    roles = game.rules.roles(game.default_options())
    session = Session.new(game_id, [[role, LEVELS[game_id]] for role in roles], seed=seed)
    while session.result() is None:
        session.play_bot(session.active()[0])
    return session


def replayed(session, n) -> Session:
    return Session.from_save(session.branch_save(n))


def writer_of(session, line) -> int:
    """The first position whose log has line `line` (0-based): found by replays, bisecting."""
    lo, hi = 0, len(session.entries)
    while lo < hi:
        mid = (lo + hi) // 2
        if len(replayed(session, mid).state["log"]) > line:
            hi = mid
        else:
            lo = mid + 1
    return lo


def shown_position(page, session, n, seat):
    """The page shows position n as a replay of n moves gives it: the log (its last lines), the
    seats' numbers, the move counter."""
    game = session.game
    state = replayed(session, n).state
    counter = f"Move {n:,} of {len(session.entries):,}" if n else "The start"
    expect(page.locator("#rv-where")).to_contain_text(counter)
    lines = page.locator("#log li").all_inner_texts()
    assert lines == state["log"][-len(lines):] and (len(lines) == len(state["log"]) or len(lines) == 300), n
    numbers = game.rules.numbers(game.rules.view(state, seat))
    status = page.locator("#status").inner_text()
    for texts in numbers.values():
        assert all(text in status for text in texts), (n, texts, status)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_step_back_and_forth_through_a_finished_game(page, site_url, game_id):
    session = finished(game_id)
    code, last = session.encode(), len(session.entries)
    page.goto(site_url + "play.html#" + code)
    wait_ready(page)
    expect(page.locator("#chart-box figure").first).to_be_visible(timeout=READY_MS)  # the race, at the end
    page.get_by_role("button", name="Review").click()
    expect(page.locator("#review-bar")).to_be_visible(timeout=READY_MS)
    seat = page.locator("#rv-seat").input_value()
    shown_position(page, session, last, seat)
    page.keyboard.press("Home")  # the slider has the focus
    shown_position(page, session, 0, seat)
    page.get_by_role("button", name="Forward one move").click()
    page.get_by_role("button", name="Forward one move").click()
    shown_position(page, session, 2, seat)
    page.get_by_role("button", name="Back one move").click()
    shown_position(page, session, 1, seat)
    page.locator("#rv-slider").fill(str(last // 2))
    shown_position(page, session, last // 2, seat)
    page.locator("#board").click(position={"x": 2, "y": 2})  # away from the slider: the arrow keys step
    page.keyboard.press("ArrowRight")
    shown_position(page, session, last // 2 + 1, seat)
    page.get_by_role("button", name="Next turn").click()
    turn_end = last // 2 + 2
    while turn_end < last and session.actors[turn_end] == session.actors[last // 2 + 1]:
        turn_end += 1
    shown_position(page, session, turn_end, seat)
    page.get_by_role("button", name="Last position").click()
    shown_position(page, session, last, seat)
    # a click on a log line: the position just after the move that wrote it
    page.locator("#rv-slider").fill(str(last // 3))
    shown_position(page, session, last // 3, seat)
    items = page.locator("#log li")
    line = int(page.locator("#log").get_attribute("start") or 1) - 1 + items.count() // 2
    items.nth(items.count() // 2).click()
    shown_position(page, session, writer_of(session, line), seat)
    page.get_by_role("button", name="Back to the game").click()
    expect(page.locator("#review-bar")).to_be_hidden()
    assert page.evaluate("location.hash")[1:] == code  # reviewing never changes the game's link
    expect(page.locator("#result")).to_be_visible()


def test_play_on_from_here_starts_a_new_game_and_keeps_the_original(page, site_url):
    session = Session.new("aadu_huli", [["Goats", None], ["Tigers", None]], seed=9)
    for _ in range(8):
        role = session.active()[0]
        session.act(role, session.game.rules.actions(session.state, role)[0])
    code = session.encode()
    page.add_init_script(NO_BOT_DELAY)
    page.goto(site_url + "play.html#" + code)
    wait_ready(page)
    page.get_by_role("button", name="Review").click()
    expect(page.locator("#review-bar")).to_be_visible()
    page.locator("#rv-slider").fill("4")
    expect(page.locator("#rv-where")).to_contain_text("Move 4 of 8")
    page.get_by_role("button", name="Play on from here").click()
    page.wait_for_function("location.hash.length > 1 && location.hash.slice(1) !== " + json.dumps(code))
    wait_ready(page)
    branch = Session.decode(page.evaluate("location.hash"))
    assert len(branch.entries) == 4 and branch.entries == session.entries[:4] and branch.uid != session.uid
    expect(page.locator("#review-bar")).to_be_hidden()
    stored = json.loads(page.evaluate("JSON.stringify(window.chaupalStore.list())"))
    by_uid = {entry["uid"]: entry for entry in stored}
    assert session.uid in by_uid and branch.uid in by_uid
    assert len(Session.decode(by_uid[session.uid]["code"]).entries) == 8  # the original, as it was


def test_review_in_hot_seat_shows_only_the_seat_at_the_device(page, site_url):
    from engine.yudhbhoomi import data
    names = {kind: name for kind, (name, *_rest) in data.CARD_KINDS.items()}

    def cards(hand):
        return {names[data.CARDS[c]] for c in hand}

    spec = {"game": "yudhbhoomi", "seats": [["Green", None], ["Yellow", None]],
            "options": {"campaign": "treasure", "players": 2}}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    page.get_by_role("button", name="I am Green: show my game").click()
    page.locator("#buttons .action[data-action='[\"kind\", \"swordsman\"]']").click()
    page.locator("#buttons .action[data-action='\"done\"']").click()
    page.get_by_role("button", name="I am Yellow: show my game").click()
    session = Session.decode(page.evaluate("location.hash"))
    state = session.state
    logged = {n for n in names.values() if any(n in line for line in state["log"])}
    green_only = cards(state["hands"]["Green"]) - cards(state["hands"]["Yellow"]) - logged
    assert green_only
    page.get_by_role("button", name="Review").click()
    expect(page.locator("#review-bar")).to_be_visible()
    assert page.locator("#rv-seat option").all_inner_texts() == ["Yellow"]
    back = page.get_by_role("button", name="Back one move")
    for n in range(len(session.entries), -1, -1):
        expect(page.locator("#rv-where")).to_contain_text(f"Move {n:,} of" if n else "The start")
        content = page.content()
        assert not any(name in content for name in green_only), f"Green's hand shown to Yellow at move {n}"
        if n:
            back.click()
    expect(page.locator("#rv-where")).to_contain_text("The start")
    page.get_by_role("button", name="Describe the position").click()
    words = page.locator("#words-list").inner_text()
    assert words and not any(name in words for name in green_only)


def against_bots(page, site_url, game_id) -> list:
    """Opens a new game of `game_id`: a person in the first seat, Easy bots in the others; its roles."""
    game = GAMES[game_id]
    roles = game.rules.roles(game.default_options())
    spec = {"game": game_id, "seats": [[roles[0], None]] + [[role, 1] for role in roles[1:]]}
    page.add_init_script(NO_BOT_DELAY)
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    return roles


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_prompt_names_its_rule_and_links_to_its_reference(page, site_url, game_id):
    game = GAMES[game_id]
    roles = against_bots(page, site_url, game_id)
    page.wait_for_function("document.querySelector('#game .action') && "
                           "!/thinking/.test(document.querySelector('#prompt').textContent)", timeout=READY_MS)
    session = Session.decode(page.evaluate("location.hash"))  # the person's turn: the bots wait
    role = roles[0]
    assert role in session.active()
    key = game.guide.rule_ref(session.state, role)
    title = dict((k, t) for k, t, _ in game.guide.REFERENCE)[key]
    link = page.locator("#rule-ref")
    expect(link).to_be_visible()
    expect(link).to_contain_text(title)
    href = link.get_attribute("href")  # the reference on the How to play page, for a new tab
    assert href.startswith(f"howto.html?game={game_id}#rule-")
    link.click()  # the rule opens over the game, and all of How to play at its section
    expect(page.locator("#rules-title")).to_contain_text(title)
    page.locator("#rules-all").click()
    section = page.locator("#rules-dialog section#" + href.split("#")[1])
    expect(section).to_be_focused()
    expect(section.locator("h4")).to_contain_text(title)
    expect(section).to_be_in_viewport()
    page.goto(site_url + href)  # and the page itself
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    section = page.locator("section#" + href.split("#")[1])
    expect(section).to_be_focused()
    expect(section.locator("h3")).to_contain_text(title)


def test_a_finished_game_from_a_link_is_reviewed_offline(page, context, site_url):
    session = finished("vijayanagara", seed=8)
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("window.chaupalOffline") is True  # the site is cached (a promise, awaited)
    context.set_offline(True)
    page.goto(site_url + "play.html#" + session.encode())  # a game this browser has never seen
    wait_ready(page)
    expect(page.locator("#chart-box figure").first).to_be_visible(timeout=READY_MS)
    page.get_by_role("button", name="Review").click()
    page.get_by_role("button", name="First position").click()
    shown_position(page, session, 0, page.locator("#rv-seat").input_value())
    page.get_by_role("button", name="Next turn").click()
    expect(page.locator("#rv-where")).to_contain_text("Move ")
