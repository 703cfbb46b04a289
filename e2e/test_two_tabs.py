"""One game open in two tabs of one browser (two people at one device, or one person who opened a game
twice): a tab shows the other's moves as soon as they are saved, and no order of moves in the two tabs
loses one. Where the tabs went different ways, both games are kept and the page says so.

The browser delivers another tab's write as a `storage` event some time after it, never in the same
task: a tab can act before it hears of the other's move. The tests hold those events back in a tab
(an init script between the page and its `storage` listeners) to play every order of moves and
deliveries, not only the quick one."""
from __future__ import annotations

import itertools
import json
import urllib.parse

import pytest
from playwright.sync_api import expect

from engine.core import saves
from engine.core.session import Session

from test_first_minutes import wait_ready

# Holds back the `storage` events of a tab while window.__tabs.hold is true, and delivers them in
# their order on release(); the page's own listener (web/page_tabs.py) sees what the browser would send.
HOLD_EVENTS = """
(() => {
  const listeners = [], held = [];
  const add = window.addEventListener.bind(window);
  window.__tabs = {
    hold: false,
    release() { this.hold = false; for (const e of held.splice(0)) listeners.forEach((f) => f(e)); },
  };
  window.addEventListener = function (type, listener, options) {
    if (type === "storage") listeners.push(listener); else add(type, listener, options);
  };
  add("storage", (event) => {
    const copy = {key: event.key, newValue: event.newValue, oldValue: event.oldValue};
    if (window.__tabs.hold) held.push(copy); else listeners.forEach((f) => f(copy));
  });
})();
"""


def shown(page) -> Session:
    """The game a tab shows (its address holds it after every move)."""
    return Session.decode(page.evaluate("location.hash"))


def saved_moves(page) -> dict:
    """uid -> the moves of every game saved on the device."""
    return {entry["uid"]: list(saves.decode(entry["code"])["a"]) for entry in page.evaluate("window.chaupalStore.list()")}


def play(page, index=0):
    """Plays one of the moves offered in the tab (the board's points, or a button)."""
    before = page.evaluate("location.hash")
    targets = page.locator("#board .action, #act .action")
    count = targets.count()
    assert count > 0, "no move offered"
    targets.nth(index % count).click()
    page.wait_for_function("before => location.hash !== before", arg=before)


def settle(page):
    """Waits until a tab shows what it saved: a tab that heard of a move further on shows it, a tab
    whose game went another way saves its own under a new id."""
    def settled():
        session = shown(page)
        return saved_moves(page).get(session.uid) == session.entries
    for _ in range(200):
        if settled():
            return
        page.wait_for_timeout(50)
    pytest.fail(f"the tab did not settle: it shows {shown(page).entries}, the device has {saved_moves(page)}")


def open_pair(context, site_url):
    """A hot-seat game of Aadu-Huli aata opened in two tabs of one browser."""
    context.add_init_script(HOLD_EVENTS)
    first = context.new_page()
    spec = {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", None]], "options": {}}
    first.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(first)
    play(first)  # the game is saved, and its address is a share link
    second = context.new_page()
    second.goto(first.url)
    wait_ready(second)
    return first, second


def test_a_tab_shows_the_other_tabs_moves_at_once(context, site_url):
    first, second = open_pair(context, site_url)
    for turn in range(4):
        mover, other = (first, second) if turn % 2 else (second, first)
        play(mover, turn)
        expected = shown(mover).entries
        expect(other.locator("#log li")).to_have_count(len(mover.locator("#log li").all()), timeout=10_000)
        settle(other)
        assert shown(other).entries == expected
        expect(other.locator("#notice")).to_contain_text("Another tab played on in this game")
    games = saved_moves(first)
    assert list(games.values()) == [shown(first).entries]  # one game, with every move of both tabs
    assert len(shown(first).entries) == 5


# Every order of two moves in each tab, with each tab hearing of the other's moves at once or only
# after all four moves were made.
ORDERS = sorted(set(itertools.permutations("AABB")))


@pytest.mark.parametrize("held", [False, True], ids=["heard-at-once", "heard-late"])
@pytest.mark.parametrize("order", ["".join(o) for o in ORDERS])
def test_no_order_of_moves_in_two_tabs_loses_a_move(context, site_url, order, held):
    first, second = open_pair(context, site_url)
    tabs = {"A": first, "B": second}
    for page in tabs.values():
        page.evaluate(f"window.__tabs.hold = {json.dumps(held)}")
    played = []  # each tab's game after each of its moves: every one must be in a saved game
    for number, name in enumerate(order):
        page = tabs[name]
        if not held:
            settle(page)
        play(page, number)
        played.append(shown(page).entries)
    for page in tabs.values():
        page.evaluate("window.__tabs.release()")
    for page in tabs.values():
        settle(page)
    games = list(saved_moves(first).values())
    for moves in played:
        assert any(game[:len(moves)] == moves for game in games), f"{moves} is in no saved game: {games}"
    if not held:  # each tab heard of the other's moves before its own: one game, five moves
        assert games == [shown(first).entries] and len(games[0]) == 5
        return
    # the tab that moved second from the common position went another way: it keeps its game apart
    # and says so; the other keeps the game's own entry
    assert len(games) == 2
    apart = next(page for page in tabs.values() if "this tab's copy" in shown(page).name)
    expect(apart.locator("#notice")).to_contain_text("Another tab played this game another way")
    kept = {tuple(shown(page).entries) for page in tabs.values()}
    assert kept == {tuple(game) for game in games}
