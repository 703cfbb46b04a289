"""Links and bots that must never cost a player anything (every link must open safely): undo while
a bot thinks drops the bot's late answer quietly; a long game opens replayed in slices, the page
answering all the while; a save of earlier rules opens as far as it replays, says so, and keeps the
original in the saved games."""
from __future__ import annotations

import base64
import json
import pathlib
import urllib.parse
import zlib

import msgpack
from playwright.sync_api import expect

from engine.core import saves
from engine.core.cli import play_out
from engine.core.session import Session
from engine.games import GAMES

READY_MS = 60_000
FIXTURES = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data"


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def new_game_url(base, game, seats, options=None):
    spec = {"game": game, "seats": seats, "options": options or {}}
    return base + "play.html?new=" + urllib.parse.quote(json.dumps(spec))


def test_undo_while_the_bot_is_thinking_drops_its_answer_quietly(page, site_url):
    # the page waits 1.5 s before it asks the bot, so Undo lands while "thinking…" shows; then a
    # second round where Undo lands while the worker itself is computing (no delay, Hard tigers)
    for delay, level in (("1500", 1), ("0", 3)):
        page.add_init_script(f"localStorage.setItem('chaupal.botDelay', '{delay}')")
        page.goto(new_game_url(site_url, "aadu_huli", [["Goats", None], ["Tigers", level]]))
        wait_ready(page)
        for _ in range(3):
            page.locator("#board .action[data-action='7']").click()
            if delay != "0":
                expect(page.locator("#prompt")).to_contain_text("is thinking", timeout=READY_MS)
            page.locator("#undo").click()
            expect(page.locator("#log li")).to_have_count(0, timeout=READY_MS)
        page.wait_for_timeout(3000 if delay != "0" else 1500)  # longer than the bot takes to answer
        expect(page.locator("#alert")).to_be_hidden()
        expect(page.locator("#prompt")).to_contain_text("Place a goat")
        assert Session.decode(page.evaluate("location.hash")).entries == []
        page.context.clear_cookies()
        page.evaluate("localStorage.clear()")


def long_game_code():
    """A complete 4-player Viktory II game of random bots (over a thousand moves)."""
    session = Session.new("viktory", [[f"P{i}", 0] for i in range(4)], {"players": 4}, seed=5)
    play_out(session)
    return session.encode(), len(session.entries)


# Records every text the loading line shows: a replay in slices updates it between slices, and a
# MutationObserver only sees those updates if the page returned to the browser in between.
STAGE_MONITOR = """
window.__stages = [];
new MutationObserver(() => {
  const text = document.getElementById("loading-text")?.textContent || "";
  if (window.__stages[window.__stages.length - 1] !== text) window.__stages.push(text);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def test_a_long_game_replays_in_slices_with_its_progress_shown(page, site_url):
    code, moves = long_game_code()
    assert moves > 500
    page.add_init_script(STAGE_MONITOR)
    page.goto(site_url + "play.html#" + code)
    wait_ready(page)
    assert Session.decode(page.evaluate("location.hash")).entries == Session.decode(code).entries
    expect(page.locator("#alert")).to_be_hidden()
    replaying = [text for text in page.evaluate("window.__stages") if text.startswith("Replaying the game: move")]
    assert len(replaying) >= 3, replaying  # several slices, the page answering between them
    assert replaying[-1].endswith(f"of {moves:,}…")


def test_a_save_of_earlier_rules_opens_as_far_as_it_replays_and_keeps_the_original(page, site_url):
    # a Vijayanagara game saved under rules version 1 whose move 41 is not legal now (made so here:
    # the fixtures of real rules fixes are checked in tests/test_rules_versions.py)
    game = GAMES["vijayanagara"]
    assert game.rules_version >= 2
    path = sorted(FIXTURES.glob(f"saves_r{game.rules_version}/vijayanagara-*.txt"))[0]
    save = {**saves.decode(path.read_text()), "r": game.rules_version - 1}
    save["a"] = save["a"][:40] + [["no such move"]] + save["a"][41:]
    code = saves.encode(save)
    expected = Session.from_save(save)
    assert expected.truncated and len(expected.entries) == 40
    page.goto(site_url + "play.html#" + code)
    wait_ready(page)
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(f"move {len(expected.entries) + 1} of {len(save['a'])} is no longer legal")
    expect(page.locator("#alert")).to_be_hidden()
    opened = Session.decode(page.evaluate("location.hash"))
    assert opened.entries == expected.entries
    assert opened.uid != save["u"]
    stored = {entry["uid"]: entry for entry in page.evaluate("chaupalStore.list()")}
    assert stored[save["u"]]["code"] == code  # the original, untouched
    assert opened.uid in stored
    # playing on (the fixture's seats are bots, which go on at once) changes the copy only
    page.wait_for_function(f"JSON.parse(localStorage.getItem('chaupal.save.{opened.uid}')).code !== {json.dumps(opened.encode_save())}")
    assert page.evaluate(f"chaupalStore.get({json.dumps(save['u'])}).code") == code
    # the home page lists both
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator(f".save[data-uid='{save['u']}']")).to_contain_text("as saved, rules version")
    expect(page.locator(f".save[data-uid='{opened.uid}']")).to_contain_text("under corrected rules")


def test_a_tampered_link_is_refused_with_a_message_and_saved_games_untouched(page, site_url):
    page.goto(new_game_url(site_url, "aadu_huli", [["Goats", None], ["Tigers", None]]))
    wait_ready(page)
    page.locator("#board .action[data-action='7']").click()
    before = page.evaluate("chaupalStore.list()")
    assert len(before) == 1
    save = Session.decode(page.evaluate("location.hash")).to_save()
    deep = b"\x91" * 5000 + b"\x00"  # a move nested 5,000 lists deep
    packed = msgpack.packb({**save, "a": ["\x00x\x00"]}).replace(msgpack.packb("\x00x\x00"), deep)
    link = base64.urlsafe_b64encode(zlib.compress(packed)).rstrip(b"=").decode()
    page.goto(site_url + "play.html#" + link)
    wait_ready(page)
    expect(page.locator("#alert")).to_contain_text("damaged")
    expect(page.locator("#alert")).to_contain_text("saved games are untouched")
    assert page.evaluate("chaupalStore.list()") == before


def test_an_action_the_game_wants_confirmed_asks_first(page, site_url):
    """Viktory II 5.1: conceding asks a yes/no question (rules.confirm); No changes nothing."""
    import random

    session = Session.new("viktory", [["Red", None], ["Blue", None]], {"players": 2}, seed=21)
    chooser = random.Random(1)
    while "concede" not in session.game.rules.actions(session.state, session.active()[0]):
        role = session.active()[0]
        session.act(role, chooser.choice([a for a in session.game.rules.actions(session.state, role) if a != "concede"]))
    conceder = session.active()[0]
    page.goto(site_url + "play.html#" + session.encode())
    wait_ready(page)
    concede = page.locator("#leave .action[data-action='\"concede\"']")  # apart from the moves
    concede.click()
    dialog = page.locator("#confirm-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#confirm-text")).to_contain_text("Concede the game?")
    page.locator("#confirm-no").click()
    expect(dialog).to_be_hidden()
    assert Session.decode(page.evaluate("location.hash")).entries == session.entries
    concede.click()
    page.locator("#confirm-yes").click()
    expect(page.locator("#result")).to_be_visible()
    result = Session.decode(page.evaluate("location.hash")).result()
    assert result is not None and conceder not in result["winners"]


def test_short_links_and_old_links_both_open_and_the_device_keeps_the_game_by_value(page, site_url):
    """Links are short: the address and Share hold a link of format 2 (moves as indexes); the device keeps
    the save by value (format 1), which opens under later rules as far as it replays; a link of
    format 1, as every link made before, still opens."""
    path = FIXTURES / "saves_r2" / "vijayanagara-default-bot0-seed3002.txt"
    old = path.read_text().strip()
    assert saves.decode(old)["v"] == 1
    expected = Session.decode(old)
    page.goto(site_url + "play.html#" + old)
    wait_ready(page)
    expect(page.locator("#alert")).to_be_hidden()
    link = page.evaluate("location.hash")[1:]
    assert saves.decode(link)["v"] == 2 and len(link) * 4 < len(old)
    opened = Session.decode(link)
    assert opened.entries == expected.entries and opened.state == expected.state
    entry = page.evaluate(f"chaupalStore.get({json.dumps(expected.uid)})")
    assert entry["link"] == link and Session.decode(entry["code"]).entries == expected.entries
    assert saves.decode(entry["code"])["v"] == 1
    page.locator("#share").click()
    assert page.locator("#share-link").input_value().endswith("#" + link)
    # the home page's Share gives the short link too
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(site_url)
    wait_ready(page)
    page.locator(f".save[data-uid='{expected.uid}'] button", has_text="Share").click()
    expect(page.locator("body")).to_contain_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()").endswith("play.html#" + link)
    # a fresh browser opening the short link: the same game, and no question about another copy
    other = page.context.browser.new_page()
    other.goto(site_url + "play.html#" + link)
    wait_ready(other)
    expect(other.locator("#alert")).to_be_hidden()
    assert Session.decode(other.evaluate("location.hash")).state == expected.state
    other.close()


def test_a_long_game_shows_the_end_of_its_log_and_the_rest_on_request(page, site_url):
    """Drawing the whole log of a long game was most of its first drawing, so the page shows
    the last lines, numbered as in the game, and the earlier ones when asked."""
    code = (FIXTURES / "links_v2" / "viktory-players8-bot1-seed1.txt").read_text().strip()
    session = Session.decode(code)
    lines = session.game.rules.view(session.state, session.roles[0])["log"]
    assert len(lines) > 1000
    page.goto(site_url + "play.html#" + code)
    wait_ready(page)
    items = page.locator("#log li")
    expect(items).to_have_count(300)
    assert page.get_attribute("#log", "start") == str(len(lines) - 300 + 1)
    assert items.last.text_content() == lines[-1]
    earlier = page.locator("#log-earlier")
    expect(earlier).to_have_text(f"Show the {len(lines) - 300:,} earlier lines")
    earlier.click()
    expect(items).to_have_count(len(lines))
    expect(earlier).to_be_hidden()
    assert items.first.text_content() == lines[0]
