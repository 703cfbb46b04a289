"""Aadu-Huli aata played in the browser as a person would: the home page, a whole game against the
bot, undo, reload, saved games, share links in a fresh browser, offline, and broken links."""
from __future__ import annotations

import json
import urllib.parse

from playwright.sync_api import expect

from engine.core.session import Session

READY_MS = 60_000
NO_BOT_DELAY = "localStorage.setItem('chaupal.botDelay', '0')"


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def new_game_url(base, seats, options=None):
    spec = {"game": "aadu_huli", "seats": seats, "options": options or {}}
    return base + "play.html?new=" + urllib.parse.quote(json.dumps(spec))


def saved_session(page) -> Session:
    """The game in the page's URL fragment, decoded by the engine itself."""
    return Session.decode(page.evaluate("location.hash"))


def wait_for_human_turn(page):
    """Waits until the bot has answered: the page offers actions again, or the game is over."""
    page.wait_for_function(
        "document.querySelector('#result:not([hidden])') || document.querySelector('#game .action')",
        timeout=READY_MS)


def test_home_page_new_game_dialog_starts_a_game_against_the_bot(page, site_url):
    page.add_init_script(NO_BOT_DELAY)
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("#games")).to_contain_text("Aadu-Huli aata")
    page.get_by_role("button", name="New game of Aadu-Huli aata").click()
    expect(page.locator("#seat-0")).to_have_value("human")
    # each level in a few words (what it does, how strong it measured), described for every seat
    levels = page.locator("#bot-levels li")
    expect(levels).to_have_count(4)
    expect(levels.nth(2)).to_contain_text("Medium: looks 4 half-turns ahead")
    expect(page.locator("#seat-1")).to_have_attribute("aria-describedby", "bot-levels")
    page.select_option("#seat-1", label="Bot: Easy")
    page.select_option("#option-goats", label="12 goats")
    page.get_by_role("button", name="Start").click()
    wait_ready(page)
    session = saved_session(page)
    assert session.seats == [["Goats", None], ["Tigers", 1]]
    assert session.options["goats"] == 12  # 5.5 handicap chosen in the dialog
    expect(page.locator("#prompt")).to_contain_text("Place a goat")
    assert page.locator("#board .action").count() == 20  # 23 points less the three tigers (5.5 setup)


def test_a_whole_game_against_the_bot_to_the_end(page, site_url):
    page.add_init_script(NO_BOT_DELAY)
    page.goto(new_game_url(site_url, [["Goats", None], ["Tigers", 1]]))
    wait_ready(page)
    clicks = 0
    while page.locator("#result").is_hidden():
        wait_for_human_turn(page)
        if page.locator("#result").is_visible():
            break
        target = page.locator("#game .action").first
        label = target.get_attribute("aria-label") or target.inner_text()
        assert label, "every action has an accessible name"
        target.click()
        clicks += 1
        assert clicks < 600, "the game does not end"
    result = page.locator("#result")
    expect(result).to_contain_text("Game over")
    session = saved_session(page)
    assert session.result() is not None
    expect(result).to_contain_text(session.result()["summary"])
    assert page.locator("#log li").count() == len(session.game.rules.view(session.state, "Goats")["log"])
    assert page.locator("#game .action").count() == 0  # nothing more to play


def test_undo_takes_back_my_move_and_the_bots_reply(page, site_url):
    page.add_init_script(NO_BOT_DELAY)
    page.goto(new_game_url(site_url, [["Goats", None], ["Tigers", 2]]))
    wait_ready(page)
    expect(page.locator("#undo")).to_be_disabled()
    page.locator("#board .action[data-action='7']").click()
    expect(page.locator("#log li")).to_have_count(2, timeout=READY_MS)  # my goat, then the tiger
    wait_for_human_turn(page)
    assert len(saved_session(page).entries) >= 2
    page.locator("#undo").click()
    expect(page.locator("#log li")).to_have_count(0)
    assert saved_session(page).entries == []
    expect(page.locator("#undo")).to_be_disabled()


def test_keyboard_play_and_reload_keeps_the_game_in_the_saved_list(page, site_url):
    page.add_init_script(NO_BOT_DELAY)
    page.goto(new_game_url(site_url, [["Goats", None], ["Tigers", 1]]))
    wait_ready(page)
    page.locator("#board .action[data-action='12']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#log li")).to_have_count(2, timeout=READY_MS)
    wait_for_human_turn(page)
    # the keyboard player keeps a place on the redrawn board: Enter again places the next goat
    page.wait_for_function("document.activeElement && document.activeElement.classList.contains('action')")
    page.keyboard.press("Enter")
    expect(page.locator("#log li")).to_have_count(4, timeout=READY_MS)
    wait_for_human_turn(page)
    page.locator("#undo").click()
    before = saved_session(page)
    assert before.entries[0] == 12
    page.reload()
    wait_ready(page)
    assert saved_session(page).state == before.state
    page.goto(site_url)
    wait_ready(page)
    row = page.locator(f".save[data-uid='{before.uid}']")
    expect(row).to_contain_text("Aadu-Huli aata")
    # rename
    row.get_by_role("button", name="Rename").click()
    page.locator("#rename-name").fill("Evening game")
    page.locator("#rename-dialog").get_by_role("button", name="Rename").click()
    expect(row.locator(".save-name")).to_have_text("Evening game")
    # continue
    row.get_by_role("button", name="Continue").click()
    wait_ready(page)
    expect(page.locator("#game-title")).to_contain_text("Evening game")
    assert saved_session(page).state == before.state
    # delete
    page.goto(site_url)
    wait_ready(page)
    page.locator(f".save[data-uid='{before.uid}']").get_by_role("button", name="Delete").click()
    page.locator("#delete-dialog").get_by_role("button", name="Delete").click()
    expect(page.locator(f".save[data-uid='{before.uid}']")).to_have_count(0)


def test_share_link_opens_the_same_position_in_a_fresh_browser(page, site_url, new_context):
    page.add_init_script(NO_BOT_DELAY)
    page.goto(new_game_url(site_url, [["Goats", None], ["Tigers", None]]))  # hot-seat
    wait_ready(page)
    for point in (1, 0):  # a goat on 1; the tiger on 0 is selected
        page.locator(f"#board .action[data-action='{point}']").click()
    page.locator("#board .action[data-action='2']").click()  # ...and moves to 2
    expect(page.locator("#log li")).to_have_count(2)
    page.locator("#share").click()
    link = page.locator("#share-link").input_value()
    assert link == page.url and "#" in link
    board = page.locator("#board").inner_html()
    other = new_context().new_page()
    other.goto(link)
    wait_ready(other)
    assert other.locator("#board").inner_html() == board
    expect(other.locator("#prompt")).to_contain_text("Goats")
    other.locator("#board .action[data-action='7']").click()  # ready to continue
    expect(other.locator("#log li")).to_have_count(3)


def test_offline_reload_of_a_game_after_the_first_visit(page, context, site_url):
    page.add_init_script(NO_BOT_DELAY)
    page.goto(new_game_url(site_url, [["Goats", None], ["Tigers", 1]]))
    wait_ready(page)
    assert page.evaluate("window.chaupalOffline") is True
    page.locator("#board .action[data-action='9']").click()
    expect(page.locator("#log li")).to_have_count(2, timeout=READY_MS)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert saved_session(page).entries[0] == 9
    # the bot's worker starts from the cache too: play on against it with the network off
    wait_for_human_turn(page)
    page.locator("#board .action").first.click()
    expect(page.locator("#log li")).to_have_count(4, timeout=READY_MS)
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("#saves")).to_contain_text("Aadu-Huli aata")


def test_a_broken_link_shows_an_error_and_keeps_the_saves(page, site_url):
    page.goto(new_game_url(site_url, [["Goats", None], ["Tigers", None]]))
    wait_ready(page)
    page.locator("#board .action[data-action='5']").click()
    good = page.url
    uid = saved_session(page).uid
    page.goto(good[:-7] + "x")  # cut short and altered: only the fragment changes, and the page reloads
    expect(page.get_by_role("alert")).to_contain_text("untouched", timeout=READY_MS)
    wait_ready(page)
    expect(page.locator("#game")).to_be_hidden()
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator(f".save[data-uid='{uid}']")).to_have_count(1)


def test_phone_sized_screen_shows_the_whole_board(browser, site_url, new_context):
    phone = new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                        has_touch=True).new_page()
    phone.goto(new_game_url(site_url, [["Goats", None], ["Tigers", 1]]))
    wait_ready(phone)
    box = phone.locator("#board svg").bounding_box()
    assert box["width"] <= 390 and box["width"] > 300
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling
    phone.locator("#board .action[data-action='13']").tap()
    expect(phone.locator("#log li").first).to_contain_text("13")


def test_the_page_stays_responsive_while_the_hard_bot_thinks(page, site_url):
    page.add_init_script(NO_BOT_DELAY)
    page.goto(new_game_url(site_url, [["Goats", None], ["Tigers", 3]]))
    wait_ready(page)
    page.locator("#board .action[data-action='7']").click()
    expect(page.locator("#prompt")).to_contain_text("thinking")
    # while the bot searches (in its worker), the page's event loop answers at once...
    lag = page.evaluate("""() => new Promise(resolve => {
        const start = performance.now();
        setTimeout(() => resolve(performance.now() - start), 0);
    })""")
    assert lag < 250
    # ...and its buttons work
    page.locator("#share").click()
    expect(page.locator("#share-dialog")).to_be_visible()
    page.get_by_role("button", name="Close").click()
    expect(page.locator("#log li")).to_have_count(2, timeout=READY_MS)


def test_about_page_names_the_rules_source_and_the_stand_ins(page, site_url):
    page.goto(site_url + "about.html?game=aadu_huli")
    wait_ready(page)
    about = page.locator("#rules")
    expect(about).to_contain_text("5.5")
    expect(about).to_contain_text("Repetition")
    expect(about).to_contain_text("house rule")
    # every level as the new-game dialog describes it, with its measured strength (web/about.js)
    levels = about.locator("section.computer-players")
    expect(levels.get_by_role("heading", name="Computer players")).to_be_visible()
    expect(levels.locator("li")).to_have_count(4)
    expect(levels.locator("li").last).to_contain_text("Hard: looks up to 12 half-turns ahead")
    expect(levels).to_contain_text("won 89 and drew 11 as the Goats")


def test_the_game_and_its_bot_work_under_a_sub_path(page, site_subpath_url):
    page.add_init_script(NO_BOT_DELAY)
    page.goto(site_subpath_url)
    wait_ready(page)
    page.get_by_role("button", name="New game of Aadu-Huli aata").click()
    page.select_option("#seat-1", label="Bot: Medium")
    page.get_by_role("button", name="Start").click()
    wait_ready(page)
    assert page.url.startswith(site_subpath_url + "play.html#")
    page.locator("#board .action[data-action='20']").click()
    expect(page.locator("#log li")).to_have_count(2, timeout=READY_MS)  # the bot's worker answered


def test_a_start_up_failure_is_shown_on_the_page(page, site_url, watch):
    page.route("**/engine.zip", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(new_game_url(site_url, [["Goats", None], ["Tigers", None]]))
    alert = page.get_by_role("alert")
    expect(alert).to_be_visible(timeout=READY_MS)
    expect(alert).to_contain_text("could not start")
    assert page.locator("body").get_attribute("data-ready") != "true"
    # the failure is also in the console, as it should be; that is this test's point, not a problem
    assert watch.problems
    watch.problems.clear()


def test_a_full_storage_is_reported_and_the_game_goes_on(page, site_url):
    page.goto(new_game_url(site_url, [["Goats", None], ["Tigers", None]]))
    wait_ready(page)
    filled = page.evaluate("""() => {
        // fill to the brim: big chunks first, then ever smaller ones
        let i = 0, size = 512 * 1024, refused = false;
        while (size >= 1 && i < 1000) {
            try { localStorage.setItem("filler." + i, "x".repeat(size)); i++; }
            catch (err) { refused = true; size = Math.floor(size / 2); }
        }
        return refused ? i : -1;
    }""")
    assert filled > 0, "localStorage never filled up"
    # the next save that is longer than the one stored cannot be written
    clicks = 0
    while page.get_by_role("alert").count() == 0 or page.get_by_role("alert").is_hidden():
        page.locator("#game .action").first.click()
        clicks += 1
        assert clicks <= 12, "a full storage was never reported"
    expect(page.get_by_role("alert")).to_contain_text("storage is full")
    assert len(saved_session(page).entries) == clicks  # the link still holds the whole game
    page.locator("#game .action").first.click()  # and play goes on
    assert len(saved_session(page).entries) == clicks + 1
    page.evaluate("() => { for (let i = 0; i < 1000; i++) localStorage.removeItem('filler.' + i); }")
