"""Saved games survive whatever a browser does: "Back up all games" writes them to one file (web/backup.js
documents its format) and Restore merges such a file into this device's games without replacing any
that differs; a damaged or hostile file is refused with a clear message and changes nothing."""
from __future__ import annotations

import hashlib
import json
import re
import urllib.parse
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from playwright.sync_api import expect

from engine.core.session import Session

READY_MS = 60_000
ZONE = "Asia/Kolkata"  # the page's time zone, so that the dates the test expects are the page's
KEYS = ["uid", "game", "title", "name", "status", "finished", "updated", "code", "link"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "timezone_id": ZONE, "accept_downloads": True}


def wait_ready(page):
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)


def entry_of(seed, moves, name, updated, by_link=False):
    """A saved game as the game page stores it: a hot-seat Aadu-Huli game `moves` moves in; `by_link`:
    kept as its short link, as the game page keeps a game of earlier rules (page_storage.keep_original)."""
    session = Session.new("aadu_huli", [["Goats", 0], ["Tigers", 0]], seed=seed)
    for _ in range(moves):
        session.play_bot(session.bot_turn()[0])
    session.seats = [[role, None] for role, _ in session.seats]  # people go on from here
    session.name = name
    return {"uid": session.uid, "game": "aadu_huli", "title": "Aadu-Huli aata", "name": name,
            "status": f"move {moves}: {' and '.join(session.active())} to move", "finished": False,
            "updated": updated, "code": session.encode() if by_link else session.encode_save(), "link": session.encode()}


def three_games():
    return [entry_of(1, 3, "Evening game — ಆಡು ಹುಲಿ", 1_796_000_000_000),
            entry_of(2, 5, "Ravi's \"long\" one", 1_796_100_000_000),
            entry_of(3, 4, "Aadu-Huli aata", 1_796_200_000_000, by_link=True)]


def put_entries(page, entries):
    page.evaluate("entries => { for (const e of entries) localStorage.setItem('chaupal.save.' + e.uid, JSON.stringify(e)); }",
                  entries)


def open_home_with(page, site_url, entries):
    """The home page of a device that has these saved games."""
    page.goto(site_url)
    put_entries(page, entries)
    page.reload()
    wait_ready(page)


def stored(page) -> dict:
    return {e["uid"]: e for e in page.evaluate("chaupalStore.list()")}


def snapshot(page) -> dict:
    return page.evaluate("Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")


def checksum(games) -> str:
    canonical = json.dumps([{k: g[k] for k in KEYS} for g in games], separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def backup_text(games, made="2026-12-07T10:00:00.000Z") -> str:
    return json.dumps({"format": "chaupal-backup", "version": 1, "made": made, "games": games,
                       "sha256": checksum(games)})


def day(iso) -> str:
    when = datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone(ZoneInfo(ZONE))
    return f"{when.day} {MONTHS[when.month - 1]} {when.year}"


def back_up(page, tmp_path):
    with page.expect_download() as info:
        page.locator("#backup").click()
    download = info.value
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    return download.suggested_filename, path


def restore_file(page, path):
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Restore a backup…").click()
    chooser.value.set_files(path)


def test_back_up_clear_restore_and_merge(page, site_url, tmp_path):
    games = three_games()
    open_home_with(page, site_url, games)
    expect(page.locator(".save")).to_have_count(3)

    name, path = back_up(page, tmp_path)
    today = datetime.now(ZoneInfo(ZONE)).date().isoformat()
    assert name == f"chaupal-games-{today}.json"
    backup = json.loads(path.read_text(encoding="utf-8"))
    assert list(backup) == ["format", "version", "made", "games", "sha256"]
    assert (backup["format"], backup["version"]) == ("chaupal-backup", 1)
    by_recent = sorted(games, key=lambda g: -g["updated"])
    assert backup["games"] == by_recent  # every field, names and dates included, nothing else
    assert backup["sha256"] == checksum(by_recent)
    made = day(backup["made"])

    # the device loses everything; the file brings every game back as it was
    page.evaluate("localStorage.clear()")
    page.reload()
    wait_ready(page)
    expect(page.locator(".save")).to_have_count(0)
    restore_file(page, path)
    expect(page.locator("#keeping-notice")).to_have_text(f"Restored the backup of {made}: 3 games added.")
    expect(page.locator("#keeping-alert")).to_be_hidden()
    assert stored(page) == {g["uid"]: g for g in games}
    expect(page.locator(".save-name")).to_have_text([g["name"] for g in by_recent])

    # the same file again adds nothing
    before = snapshot(page)
    restore_file(page, path)
    expect(page.locator("#keeping-notice")).to_have_text(
        f"Nothing to add from the backup of {made}: its 3 games are already on this device.")
    assert snapshot(page) == before

    # one game went further on this device: it stays, and the backup's copy is added beside it
    further = entry_of(1, 6, games[0]["name"], 1_796_300_000_000)
    further["uid"] = games[0]["uid"]
    put_entries(page, [further])
    restore_file(page, path)
    expect(page.locator("#keeping-notice")).to_have_text(
        f"Restored the backup of {made}: 1 game added, 2 already on this device.")
    now = stored(page)
    assert len(now) == 4
    assert now[games[0]["uid"]] == further
    (beside,) = [e for uid, e in now.items() if uid not in {g["uid"] for g in games}]
    assert re.fullmatch(r"[0-9a-f]{16}", beside["uid"])
    assert beside == {**games[0], "uid": beside["uid"], "name": f"{games[0]['name']} (from the backup of {made})"}
    assert now[games[1]["uid"]] == games[1] and now[games[2]["uid"]] == games[2]
    # ... once: a second time, that copy is found by its code
    before = snapshot(page)
    restore_file(page, path)
    expect(page.locator("#keeping-notice")).to_have_text(
        f"Nothing to add from the backup of {made}: its 3 games are already on this device.")
    assert snapshot(page) == before

    # the restored games open where they were left
    for game in games[1:]:
        page.locator(f".save[data-uid='{game['uid']}']").get_by_role("button", name="Continue").click()
        wait_ready(page)
        assert Session.decode(page.evaluate("location.hash")).entries == Session.decode(game["code"]).entries
        expect(page.locator("#alert")).to_be_hidden()
        expect(page.locator("#copy-dialog")).to_be_hidden()
        page.goto(site_url)
        wait_ready(page)
    # the copy beside holds the game's own id in its save: it opens as the saved game it is, without a
    # question, and plays on under its own id, beside the device's copy
    page.locator(f".save[data-uid='{beside['uid']}']").get_by_role("button", name="Continue").click()
    wait_ready(page)
    expect(page.locator("#copy-dialog")).to_be_hidden()
    assert Session.decode(page.evaluate("location.hash")).entries == Session.decode(games[0]["code"]).entries
    before = page.evaluate("location.hash")
    page.locator("#board .action").first.click()
    page.wait_for_function("before => location.hash !== before", arg=before)
    after = stored(page)
    assert len(after) == 4 and after[games[0]["uid"]] == further  # the device's copy untouched
    moves = len(Session.decode(games[0]["code"]).entries) + 1
    assert len(Session.decode(after[beside["uid"]]["code"]).entries) == moves
    assert after[beside["uid"]]["name"] == beside["name"]


def test_a_full_storage_restores_nothing_and_says_so(page, site_url):
    games = [{**g, "name": g["name"] + " " + "x" * 150} for g in three_games()]
    open_home_with(page, site_url, games[:1])
    # fill the storage to within a few characters, then free room for about one game of the two new
    page.evaluate("""room => {
      localStorage.setItem('test.room', 'r'.repeat(room));
      let i = 0;
      for (let chunk = 1 << 20; chunk >= 8; chunk >>= 1) {
        for (;;) {
          try { localStorage.setItem('test.fill.' + i, 'f'.repeat(chunk)); i += 1; } catch (err) { break; }
        }
      }
      localStorage.removeItem('test.room');
    }""", len(json.dumps(games[1])) + 200)
    before = snapshot(page)
    message = page.evaluate("text => chaupalBackup.restore(text).then(r => 'restored ' + JSON.stringify(r), e => e.message)",
                            backup_text(games))
    assert message == ("This device's storage is full, so the backup was not restored (nothing was changed). "
                       "Delete old games, then restore again.")
    assert snapshot(page) == before
    page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('test.')).forEach(k => localStorage.removeItem(k))")


# ---------------------------------------------------------------------------------------------
# hostile files

RESTORE = """async text => {
  const timer = new Promise(resolve => setTimeout(() => resolve({hung: true}), 10000));
  const run = chaupalBackup.restore(text).then(
    result => ({result}),
    err => ({error: err instanceof Error ? err.message : 'not an Error: ' + String(err)}));
  const out = await Promise.race([run, timer]);
  out.polluted = ({}).polluted !== undefined || Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted');
  return out;
}"""
MESSAGE = re.compile(r"This file cannot be restored: .{8,200} Nothing was changed\.")


RAW = "\u0000raw\u0000"  # stands in the JSON for a value written as raw text (nested deeper than json.dumps goes)


def dumps(data, raw):
    text = json.dumps(data)
    return text if raw is None else text.replace(json.dumps(RAW), raw)


def hostile_value():
    deep = st.integers(1, 100_000).flatmap(lambda n: st.sampled_from(
        [("[" * n) + ("]" * n), '{"k":' * n + "0" + "}" * n]).map(lambda raw: ("raw", raw)))
    return st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False, allow_infinity=False),
                     st.text(max_size=30), st.text(alphabet="0123456789abcdef", min_size=1, max_size=70),
                     st.just("A" * 400_001), st.just(-1), st.just(8.64e15 + 1), st.just(1.5),
                     st.lists(st.integers(), max_size=5), st.dictionaries(st.text(max_size=8), st.integers(), max_size=3),
                     st.just({"__proto__": {"polluted": True}}), deep)


def hostile_files(base_games):
    valid = backup_text(base_games)
    top = ["format", "version", "made", "games", "sha256"]

    def split(value):
        return (RAW, value[1]) if isinstance(value, tuple) else (value, None)

    def with_top(field, value):
        value, raw = split(value)
        data = json.loads(valid)
        data[field] = value
        return dumps(data, raw)

    def with_game(index, field, value, resum):
        value, raw = split(value)
        games = json.loads(json.dumps(base_games))
        games[index % len(games)][field] = value
        data = json.loads(valid)
        data["games"] = games
        if resum and raw is None:  # the checksum of the hostile games: the check of the value refuses it
            data["sha256"] = checksum(games)
        return dumps(data, raw)

    def with_extra(where, key, resum):
        data = json.loads(valid)
        if where == "top":
            data[key] = {"polluted": True}
        else:
            data["games"][0][key] = {"polluted": True}
            if resum:
                data["sha256"] = checksum(data["games"])
        return json.dumps(data)

    def flipped(index, bit):
        i = index % len(valid)
        return valid[:i] + chr(ord(valid[i]) ^ (1 << bit)) + valid[i + 1:]

    return st.one_of(
        st.binary(max_size=3000).map(lambda b: b.decode("latin-1")),
        st.text(max_size=300),
        st.integers(0, len(valid) - 1).map(lambda n: valid[:n]),
        st.builds(flipped, st.integers(0, 10**6), st.integers(0, 6)),
        st.builds(with_top, st.sampled_from(top), hostile_value()),
        st.builds(with_game, st.integers(0, 9), st.sampled_from(KEYS), hostile_value(), st.booleans()),
        st.builds(with_game, st.integers(0, 9), st.just("game"), st.text(max_size=20), st.just(True)),
        st.builds(with_game, st.integers(0, 9), st.just("code"), st.just(entry_of(9, 2, "other", 1)["code"]), st.just(True)),
        st.builds(with_game, st.integers(0, 9), st.sampled_from(["code", "link"]),
                  st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", max_size=12), st.just(True)),
        st.builds(with_top, st.just("sha256"), st.text(alphabet="0123456789abcdef", min_size=64, max_size=64)),
        st.builds(with_extra, st.sampled_from(["top", "game"]),
                  st.sampled_from(["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"]), st.booleans()),
        st.builds(with_top, st.just("games"), st.just([base_games[0]] * 10_001)),
        st.builds(with_top, st.just("version"), st.integers(2, 10**9)),
        st.builds(lambda games: backup_text(games), st.just([base_games[0], base_games[0]])),
    )


def test_hostile_backups_are_refused_and_change_nothing(page, site_url):
    games = three_games()[:2]
    open_home_with(page, site_url, games)
    before = snapshot(page)
    seen = {"refused": 0, "accepted": 0}
    messages = set()

    @settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(hostile_files(games))
    def check(text):
        out = page.evaluate(RESTORE, text)
        assert not out.get("hung"), text[:200]
        assert out["polluted"] is False
        if "error" in out:
            assert MESSAGE.fullmatch(out["error"]), (out["error"], text[:200])
            seen["refused"] += 1
            messages.add(out["error"])
            assert snapshot(page) == before, text[:200]
        else:  # a well-formed backup after all (a flip in its date, a new name, another uid or save
            # with its checksum made anew): merged by the rule, the device's games untouched
            data = json.loads(text)
            codes = {json.loads(v)["code"] for v in before.values()}
            new = [g for g in data["games"] if g["code"] not in codes]
            assert out["result"]["added"] == len(new) and out["result"]["present"] == 2 - len(new), out
            after = snapshot(page)
            assert {k: after[k] for k in before} == before
            added = [json.loads(after[k]) for k in after if k not in before]
            assert sorted(g["code"] for g in added) == sorted(g["code"] for g in new)
            page.evaluate("keys => keys.forEach(k => localStorage.removeItem(k))", [k for k in after if k not in before])
            seen["accepted"] += 1
            seen["added"] = seen.get("added", 0) + out["result"]["added"]

    check()
    assert seen["refused"] > 250 and seen.get("added", 0) > 0
    assert len(messages) >= 15  # the examples reach every kind of check, not only the JSON parser's
    # the largest files are refused unread, and a file of the device's own games adds nothing
    assert page.evaluate("t => chaupalBackup.restore(t).catch(e => e.message)", " " * 16_000_001) == (
        "This file cannot be restored: it is too large to be a backup of Chaupal's games. Nothing was changed.")
    assert page.evaluate(RESTORE, backup_text(games))["result"] == {
        "added": 0, "present": 2, "made": "2026-12-07T10:00:00.000Z"}
    assert snapshot(page) == before
    expect(page.locator("#alert")).to_be_hidden()


def test_a_damaged_file_chosen_on_the_page_is_refused_with_its_message(page, site_url, tmp_path):
    games = three_games()
    open_home_with(page, site_url, games[:1])
    before = snapshot(page)
    text = backup_text(games).replace("Ravi", "Ravl")
    path = tmp_path / "chaupal-games-2026-12-07.json"
    path.write_text(text, encoding="utf-8")
    restore_file(page, path)
    expect(page.locator("#keeping-alert")).to_have_text(
        "This file cannot be restored: it is damaged (its checksum does not match its games). Nothing was changed.")
    assert snapshot(page) == before
    expect(page.locator(".save")).to_have_count(1)


# ---------------------------------------------------------------------------------------------
# persistent storage

STUB = """persisted => {
  window.__persistCalls = 0;
  const stub = {
    persisted: async () => persisted,
    persist: async () => { window.__persistCalls += 1; return false; },
    estimate: async () => ({usage: 1234567, quota: 5e9}),
  };
  Object.defineProperty(Navigator.prototype, 'storage', {get: () => stub, configurable: true});
}"""
GRANTED = "This browser keeps the saved games until you delete them (it granted this site persistent storage)."
NOT_GRANTED = ("This browser may delete the saved games of a site left unvisited for a week, or when space runs "
               "short: add it to the home screen, or back up.")


def test_the_home_page_says_what_the_browser_says_about_keeping_the_games(page, site_url):
    page.goto(site_url)
    wait_ready(page)
    persisted = page.evaluate("navigator.storage.persisted()")
    expect(page.locator("#storage-kept")).to_have_text(GRANTED if persisted else NOT_GRANTED)
    expect(page.locator("#storage-used")).to_have_text(re.compile(
        r"Storage: \d+(\.\d)?\s(bytes?|KB|MB|GB|TB) used of \d+\.\d\s(KB|MB|GB|TB)"))
    # with a game saved, the room the saved games take beside it (localStorage: not in Chromium's estimate)
    entry = three_games()[2]
    put_entries(page, [entry])
    page.reload()
    wait_ready(page)
    chars = len("chaupal.save." + entry["uid"]) + len(json.dumps(entry, separators=(",", ":"), ensure_ascii=False))
    expect(page.locator("#storage-used")).to_have_text(re.compile(
        rf"Storage: .* used of .* · saved games: {chars}\sbytes"))
    assert 300 < chars < 1000


@pytest.mark.parametrize("persisted", [True, False])
def test_both_wordings_and_the_estimate(page, site_url, persisted):
    page.add_init_script(f"({STUB})({json.dumps(persisted)})")
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("#storage-kept")).to_have_text(GRANTED if persisted else NOT_GRANTED)
    expect(page.locator("#storage-used")).to_have_text("Storage: 1.2 MB used of 5.0 GB")


def test_without_the_storage_api_the_page_says_it_cannot_tell(page, site_url):
    page.add_init_script("Object.defineProperty(Navigator.prototype, 'storage', {get: () => undefined, configurable: true})")
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("#storage-kept")).to_have_text(
        "This browser does not say whether it keeps the saved games: back up now and then.")
    expect(page.locator("#storage-used")).to_be_hidden()


def test_the_first_save_of_a_game_asks_for_persistent_storage_once(page, site_url):
    page.add_init_script(f"({STUB})(false)")
    spec = {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", None]], "options": {}}
    page.goto(site_url + "play.html?new=" + urllib.parse.quote(json.dumps(spec)))
    wait_ready(page)
    for point in (1, 0, 2):
        before = page.evaluate("location.hash")
        page.locator(f"#board .action[data-action='{point}']").click()
        page.wait_for_function("before => location.hash !== before", arg=before)
    assert page.evaluate("window.__persistCalls") == 1
    assert len(page.evaluate("chaupalStore.list()")) == 1
    # the same game on a later visit is no new save: no question
    page.reload()
    wait_ready(page)
    before = page.evaluate("location.hash")
    page.locator("#board .action[data-action='7']").click()
    page.wait_for_function("before => location.hash !== before", arg=before)
    assert len(page.evaluate("chaupalStore.list()")) == 1
    assert page.evaluate("window.__persistCalls") == 0


def test_the_keeping_controls_pass_axe_with_games_saved_and_after_a_restore(page, site_url, tmp_path):
    from test_accessibility import serious_violations

    games = three_games()
    open_home_with(page, site_url, games[:2])
    expect(page.locator("#backup")).to_be_visible()
    expect(page.locator("#storage-used")).to_be_visible()
    assert serious_violations(page) == []
    path = tmp_path / "backup.json"
    path.write_text(backup_text(games), encoding="utf-8")
    restore_file(page, path)
    expect(page.locator("#keeping-notice")).to_have_text("Restored the backup of 7 Dec 2026: 1 game added, 2 already on this device.")
    assert serious_violations(page) == []


SHARE_STUB = """answer => {
  window.__shared = [];
  window.__blobUrls = 0;
  const createObjectURL = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (blob) => { window.__blobUrls += 1; return createObjectURL(blob); };
  navigator.canShare = (data) => Array.isArray(data.files) && data.files.length === 1;
  navigator.share = async (data) => {
    window.__shared.push({title: data.title, name: data.files[0].name, text: await data.files[0].text()});
    if (answer !== "shared") throw new DOMException("the sheet", answer);
  };
}"""


@pytest.mark.parametrize("answer", ["shared", "AbortError", "NotAllowedError"])
def test_on_a_phone_the_backup_goes_through_the_share_sheet(new_context, site_url, answer):
    page = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    page.add_init_script(f"({SHARE_STUB})({json.dumps(answer)})")
    games = three_games()[:2]
    open_home_with(page, site_url, games)
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    if answer == "NotAllowedError":  # the sheet failed: the file is downloaded instead
        with page.expect_download() as info:
            page.locator("#backup").tap()
        assert info.value.suggested_filename.startswith("chaupal-games-")
    else:
        page.locator("#backup").tap()
        page.wait_for_function("window.__shared.length === 1")
    (shared,) = page.evaluate("window.__shared")
    today = datetime.now(ZoneInfo(ZONE)).date().isoformat()
    assert (shared["title"], shared["name"]) == ("Chaupal saved games", f"chaupal-games-{today}.json")
    assert json.loads(shared["text"])["games"] == sorted(games, key=lambda g: -g["updated"])
    # shared or closed without sharing: nothing more (no download, no message)
    assert page.evaluate("window.__blobUrls") == (1 if answer == "NotAllowedError" else 0)
    expect(page.locator("#keeping-alert")).to_be_hidden()
    expect(page.locator("#keeping-notice")).to_be_hidden()


def test_a_restore_in_another_tab_shows_in_this_one(page, site_url, tmp_path):
    games = three_games()
    page.goto(site_url)
    wait_ready(page)
    other = page.context.new_page()
    other.goto(site_url)
    wait_ready(other)
    assert other.evaluate("t => chaupalBackup.restore(t)", backup_text(games))["added"] == 3
    expect(page.locator(".save")).to_have_count(3)
    expect(page.locator("#backup")).to_be_visible()
