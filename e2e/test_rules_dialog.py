"""The rule at hand and How to play open over the game, in a dialog, without leaving the page: the
"Rule: ..." link beside the prompt shows that rule's reference; How to play shows the whole text with
the rules reference; closing returns to the game as it was. A new tab still gets the page."""
from __future__ import annotations

from playwright.sync_api import expect

from engine.games import GAMES
from test_first_minutes import new_game

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def test_the_rule_at_hand_opens_beside_the_game_and_closes_back_to_it(page, site_url):
    new_game(page, site_url, "vijayanagara", [["Delhi Sultanate", None], ["Bahmani Kingdom", None],
                                              ["Vijayanagara Empire", None]])
    address = page.url
    link = page.locator("#rule-ref")
    expect(link).to_be_visible()
    name = link.inner_text()  # "Rule 2.3: ..."
    link.click()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text(name)
    key = name.split(":")[0].removeprefix("Rule ").strip()
    guide = GAMES["vijayanagara"].guide
    html_words = next(html for k, _, html in guide.REFERENCE if k == key)
    assert len(page.locator("#rules-body").inner_text()) > 40 and "<" in html_words
    assert page.url == address  # still the game
    page.locator("#rules-all").click()  # the whole text, at this rule's section
    expect(page.locator("#rules-title")).to_have_text("How to play: Vijayanagara")
    expect(page.locator("#rules-body .reference section")).to_have_count(len(guide.REFERENCE))
    focused = page.evaluate("document.activeElement.id")
    assert focused.startswith("rule-"), focused
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.url == address
    expect(page.locator("#game .action").first).to_be_visible()  # the decision as it was


def test_how_to_play_opens_over_the_game_on_a_phone(new_context, site_url):
    page = new_context(**PHONE).new_page()
    new_game(page, site_url, "aadu_huli", [["Goats", None], ["Tigers", None]])
    page.locator("#howto-link").click()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text("How to play: Aadu-Huli aata")
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    close = page.get_by_role("button", name="Close")
    close_box = close.bounding_box()
    assert close_box["width"] >= 24 and close_box["height"] >= 24 and close_box["y"] + close_box["height"] <= 844
    close.click()
    expect(dialog).to_be_hidden()
    assert "play.html" in page.url
