"""Board text on a desktop (DESIGN.md, "Phones": text at least 11 px; the same floor on a 1280x800
window, where the board is drawn as large as the window's height allows): every text of every
game's board drawing measures at least 11 CSS px on screen (its font size times its scale on
screen), at the first decision and after some random clicks with Easy bots playing between (the
same games at every run). On a phone the view follows decisions until the text reads so
(e2e/test_phone.py)."""
from __future__ import annotations

import json
import random
import urllib.parse

import pytest
from playwright.sync_api import expect

from engine.games import GAMES
from test_phone import FIXED_RANDOM, SMALLEST_TEXT, wait_for_the_person

READY_MS = 60_000
CLICKS = 12
CASES = [(game_id, {}) for game_id in sorted(GAMES)] + [("viktory", {"players": 8})]

SMALL_TEXTS = """min => {
    const found = [];
    for (const svg of document.querySelectorAll('#board svg')) {
        if (svg.parentNode.closest('svg')) continue;
        for (const t of svg.querySelectorAll('text')) {
            const m = t.getClientRects().length && t.getScreenCTM();
            if (!m) continue;
            const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
            if (size < min) found.push(`"${t.textContent.trim().slice(0, 30)}": ${size.toFixed(1)} px`);
        }
    }
    return found;
}"""


@pytest.mark.parametrize("game_id,options", CASES, ids=[f"{g}-{o.get('players', '')}" for g, o in CASES])
def test_every_board_text_reads_11_px_at_1280x800(new_context, site_url, game_id, options):
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.add_init_script("localStorage.setItem('chaupal.botDelay', '0')")
    page.add_init_script(FIXED_RANDOM)  # the same game at every run
    game = GAMES[game_id]
    roles = game.rules.roles(game.check_options(options))
    spec = {"game": game_id, "seats": [[roles[0], None]] + [[role, 1] for role in roles[1:]], "options": options}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)
    choose = random.Random(game_id)
    small = {}
    for click in range(CLICKS + 1):
        if not wait_for_the_person(page):
            break
        for line in page.evaluate(SMALL_TEXTS, SMALLEST_TEXT):
            small.setdefault(line.split('":')[0], f"click {click}: {line}")
        if click == CLICKS:
            break
        targets = page.locator("#board .action, #buttons .action")
        before = page.evaluate("location.hash")
        targets.nth(choose.randrange(targets.count())).click()
        page.wait_for_function("before => location.hash !== before || document.querySelector('#confirm-dialog[open]')",
                               arg=before, timeout=READY_MS)
        if page.locator("#confirm-dialog").is_visible():
            page.locator("#confirm-yes").click()
            page.wait_for_function("before => location.hash !== before", arg=before, timeout=READY_MS)
    assert not small, f"{game_id}: board texts under {SMALLEST_TEXT} px at 1280x800:\n" + "\n".join(small.values())
