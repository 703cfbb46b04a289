"""Share (web/share.js): the system's share sheet where the browser has one (the Web Share API, stubbed
here: headless Chromium on Linux has none), and the link as a QR code in the Share dialog, drawn from
the pinned qrcode-generator that the site ships (qrcode/qrcode.js, precached for offline play)."""
from __future__ import annotations

import json
import re
import urllib.parse

from playwright.sync_api import expect

import build
from test_accessibility import serious_violations
from test_phone import PHONE, SMALL_PHONE, TARGET, box_of, in_view, small_texts

READY_MS = 60_000
NO_BOT_DELAY = "localStorage.setItem('chaupal.botDelay', '0')"
QR_JS = "qrcode/qrcode.js"
QR_NAME = "QR code of the share link"
LONGEST_LINK = build.ROOT / "tests" / "data" / "links_v2" / "viktory-players8-bot1-seed1.txt"

# navigator.share as a phone's browser has it: it records what it was given (and whether the click's
# user activation was still there, as a real share sheet requires), then answers as window.__answer
# says: "shared", or the name of the DOMException it rejects with ("AbortError": the player closed it).
SHARE_SHEET = """window.__shared = [];
window.__answered = 0;
window.__answer = "shared";
navigator.share = (data) => {
  window.__shared.push({title: data.title, url: data.url, active: navigator.userActivation.isActive});
  return new Promise((resolve, reject) => setTimeout(() => {
    window.__answered += 1;
    if (window.__answer === "shared") resolve();
    else reject(new DOMException("stub", window.__answer));
  }, 200));
};
navigator.canShare = (data) => window.__canShare !== false && typeof data.url === "string";"""

# The QR code as drawn: the SVG rendered into a canvas, four pixels a square, and each square read at
# its centre ("1" dark); and what the shipped encoder gives for the page's address, at the level and
# with the quiet zone the drawing says. So the drawing is checked, not the way it is written.
DRAWN_SQUARES = """async () => {
  const svg = document.querySelector('#share-qr svg');
  const size = Number(svg.getAttribute('viewBox').split(' ')[2]), scale = 4;
  const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(svg)], {type: 'image/svg+xml'}));
  const img = new Image();
  img.src = url;
  await img.decode();
  URL.revokeObjectURL(url);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size * scale;
  const context = canvas.getContext('2d');
  context.drawImage(img, 0, 0, size * scale, size * scale);
  const pixels = context.getImageData(0, 0, size * scale, size * scale).data;
  const rows = [];
  for (let r = 0; r < size; r++) {
    let row = '';
    for (let c = 0; c < size; c++) {
      const i = ((r * scale + scale / 2) * size * scale + c * scale + scale / 2) * 4;
      row += pixels[i] < 128 ? '1' : '0';
    }
    rows.push(row);
  }
  return rows;
}"""
ENCODED_SQUARES = """([text, level, quiet]) => {
  const code = qrcode(0, level);
  code.addData(text);
  code.make();
  const n = code.getModuleCount(), blank = '0'.repeat(n + 2 * quiet);
  const rows = Array(quiet).fill(blank);
  for (let r = 0; r < n; r++) {
    let row = '0'.repeat(quiet);
    for (let c = 0; c < n; c++) row += code.isDark(r, c) ? '1' : '0';
    rows.push(row + '0'.repeat(quiet));
  }
  return rows.concat(Array(quiet).fill(blank));
}"""


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def open_game(page, site_url, init=""):
    page.add_init_script(NO_BOT_DELAY)
    if init:
        page.add_init_script(init)
    spec = {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", None]], "options": {}}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)


def test_share_opens_the_share_sheet_with_the_games_link(page, site_url):
    open_game(page, site_url, SHARE_SHEET)
    page.locator("#board .action[data-action='1']").click()  # a move: the link is the current one
    share = page.locator("#share")
    share.click()
    page.wait_for_function("window.__shared.length === 1")
    shared = page.evaluate("window.__shared")[0]
    assert shared == {"title": "Aadu-Huli aata · Chaupal", "url": page.evaluate("location.href"), "active": True}
    assert "#" in shared["url"]
    # shared: the dialog that opened under the sheet closes, back to the game, and no error shows
    expect(page.locator("#share-dialog")).to_be_hidden()
    expect(share).to_be_focused()
    expect(page.locator("#alert")).to_be_hidden()


def test_a_share_sheet_closed_without_sharing_is_no_error(page, site_url):
    open_game(page, site_url, SHARE_SHEET)
    page.evaluate("window.__answer = 'AbortError'")
    page.locator("#share").click()
    page.wait_for_function("window.__answered === 1")  # the sheet has answered
    dialog = page.locator("#share-dialog")
    # the dialog stays, with the code to scan, the link, and a Share… button to open the sheet again
    expect(dialog).to_be_visible()
    expect(page.get_by_role("img", name=QR_NAME)).to_be_visible()
    expect(page.locator("#share-state")).to_have_text("")
    expect(page.locator("#alert")).to_be_hidden()
    again = dialog.get_by_role("button", name="Share…")
    again.click()
    page.wait_for_function("window.__shared.length === 2")
    # a sheet that fails (not a cancel): said quietly in the dialog, the link there to copy instead
    page.evaluate("window.__answer = 'NotAllowedError'")
    again.click()
    expect(page.locator("#share-state")).to_contain_text("did not open")
    expect(dialog).to_be_visible()
    expect(page.locator("#alert")).to_be_hidden()
    # a browser whose share sheet cannot take a link (canShare): no sheet, no Share… button
    page.keyboard.press("Escape")
    page.evaluate("window.__canShare = false")
    page.locator("#share").click()
    expect(dialog).to_be_visible()
    expect(again).to_be_hidden()
    assert page.evaluate("window.__shared.length") == 3


def test_without_a_share_sheet_the_dialog_shows_the_links_qr_code_on_a_phone(new_context, site_url):
    page = new_context(**PHONE).new_page()
    open_game(page, site_url, "delete Navigator.prototype.share; delete Navigator.prototype.canShare;")
    share = page.locator("#share")
    share.tap()
    dialog = page.locator("#share-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#share-link")).to_be_focused()  # the focus is in the dialog, on the link
    expect(dialog.get_by_role("button", name="Share…")).to_be_hidden()
    code = page.get_by_role("img", name=QR_NAME)
    expect(code).to_be_visible()
    svg = page.locator("#share-qr svg")
    href = page.evaluate("location.href")
    assert page.locator("#share-link").input_value() == href
    level, quiet = svg.get_attribute("data-level"), int(svg.get_attribute("data-quiet"))
    assert level == "M" and quiet == 4  # a short link: level M; the standard's quiet zone
    drawn = page.evaluate(DRAWN_SQUARES)
    assert drawn == page.evaluate(ENCODED_SQUARES, [href, level, quiet])
    # big enough to scan, every square the same size, and the whole dialog on the screen
    box = box_of(page, svg)
    assert box["width"] >= 200 and abs(box["width"] - box["height"]) < 1
    assert box["width"] % len(drawn) == 0, (box["width"], len(drawn))
    for size in (PHONE["viewport"], SMALL_PHONE["viewport"]):
        page.set_viewport_size(size)
        assert in_view(page, box_of(page, dialog)), size
        for name in ("Copy", "Close"):
            button = box_of(page, dialog.get_by_role("button", name=name))
            assert in_view(page, button) and button["on_top"], (size, name, button)
            assert button["width"] >= TARGET and button["height"] >= TARGET, (size, name, button)
        assert box_of(page, svg)["width"] >= 200, size
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        assert small_texts(page) == [], size
    assert serious_violations(page) == []  # axe-core, with the dialog open
    # Escape closes it and gives the focus back to Share
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(share).to_be_focused()


def test_a_link_too_long_for_a_qr_code_says_so_and_the_level_follows_the_length(page, site_url):
    """More than a QR code holds (2,953 bytes at level L): no code, and the dialog says so plainly, with
    the link still there to copy. Viktory II's 8-player game is such a link. Shorter: level M up to
    1,000 bytes, L beyond."""
    link = LONGEST_LINK.read_text().strip()
    page.goto(site_url + "play.html#" + link)
    wait_ready(page)
    page.locator("#share").click()
    note = page.locator("#share-qr-note")
    expect(note).to_be_visible()
    expect(note).to_have_text(re.compile(r"This link is too long for a QR code \([\d,]+ characters; a QR code "
                                         r"holds at most 2,953\)\. Copy it or share it instead\."))
    expect(page.locator("#share-qr")).to_be_hidden()
    expect(page.locator("#share-copy")).to_be_visible()
    assert page.locator("#share-link").input_value().endswith("#" + link)
    expect(page.locator("#alert")).to_be_hidden()
    levels = page.evaluate("""[900, 1000, 1001, 2900, 2953, 2954].map(n => {
        const code = chaupalShare.encode(qrcode, 'x'.repeat(n));
        return code.tooLong ? 'too long' : code.level + code.version; })""")
    assert levels == ["M24", "M26", "L22", "L40", "L40", "too long"]


def test_the_qr_encoder_comes_from_the_site_and_works_offline(page, context, site_url):
    """qrcode/qrcode.js is the pinned npm package's file as it is (its licence notice at its head), served
    by the site (no CDN: a request elsewhere fails every test here), precached by the service worker,
    and loaded only when a QR code is drawn."""
    shipped = (build.DIST / QR_JS).read_bytes()
    assert shipped == (build.NODE_MODULES / "qrcode-generator" / "dist" / "qrcode.js").read_bytes()
    assert b"Copyright (c) 2009 Kazuhiko Arase" in shipped[:500] and b"MIT license" in shipped[:500]
    lock = json.loads((build.ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/qrcode-generator"]["version"] == "2.0.4"
    assert json.loads((build.ROOT / "package.json").read_text())["dependencies"]["qrcode-generator"] == "2.0.4"
    sw = (build.DIST / "sw.js").read_text()
    assert QR_JS in json.loads(re.search(r"^const PRECACHE = (\[.*?\]);", sw, re.M | re.S).group(1))
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    open_game(page, site_url)
    assert page.evaluate("window.chaupalOffline") is True
    assert not any(url.endswith(QR_JS) for url in asked), "loaded before any Share"
    page.locator("#share").click()
    expect(page.get_by_role("img", name=QR_NAME)).to_be_visible()
    assert [url for url in asked if url.endswith(QR_JS)] == [site_url + QR_JS]
    # offline, after the first visit: the page and the encoder come from the service worker's cache
    assert page.evaluate(f"caches.match({json.dumps(QR_JS)}).then(r => !!r)") is True
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    page.locator("#share").click()
    expect(page.get_by_role("img", name=QR_NAME)).to_be_visible()
    expect(page.locator("#share-qr-note")).to_be_hidden()


def test_the_home_pages_share_opens_the_share_sheet_too(page, site_url):
    """A saved game's Share on the home page: the share sheet with the game's link; closed without
    sharing, nothing more; where the sheet fails, the link goes to the clipboard as without one."""
    from test_first_minutes import CLIPBOARD, saved_game_on_the_home_page

    page.add_init_script(SHARE_SHEET)
    page.add_init_script(CLIPBOARD)
    row = saved_game_on_the_home_page(page, site_url)
    link = page.evaluate(f"chaupalStore.get({json.dumps(row.get_attribute('data-uid'))}).link")
    button = row.get_by_role("button", name="Share")
    button.click()
    page.wait_for_function("window.__shared.length === 1")
    assert page.evaluate("window.__shared") == [
        {"title": "Aadu-Huli aata · Chaupal", "url": site_url + "play.html#" + link, "active": True}]
    page.evaluate("window.__answer = 'AbortError'")
    button.click()
    page.wait_for_function("window.__answered === 2")
    expect(page.locator("#notice")).to_be_hidden()
    expect(page.locator("#share-dialog")).to_be_hidden()
    assert page.evaluate("window.__copied") == []
    page.evaluate("window.__answer = 'NotAllowedError'")
    button.click()
    expect(page.locator("#notice")).to_contain_text("Link copied")
    assert page.evaluate("window.__copied") == [site_url + "play.html#" + link]
    expect(page.locator("#alert")).to_be_hidden()
