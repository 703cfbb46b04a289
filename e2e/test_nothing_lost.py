"""Nothing a browser does loses a move: random games of Aadu-Huli aata played in two tabs of one browser,
with the tabs hearing of each other's moves at once or late, reloads (answering the question of which
copy to open either way), one tab opening the other's game, new games, backups made and restored on
the home page in a third tab, and new versions of the site deployed while the games are open (the two
builds of e2e/test_new_version.py, in turn); afterwards every move ever played is in some saved game
of the device.

The run is a sequence of interleavings: from a moment where both tabs have heard everything, a few
random steps, then both tabs hear everything again. The seed fixes the steps (random.Random). Moves
are clicked without Playwright's wait for a still target (the board's pieces glide after each move,
web/motion.js): the clicks themselves are tested elsewhere, the saving here."""
from __future__ import annotations

import json
import os
import random
import urllib.parse

from playwright.sync_api import expect

from engine.core.session import Session

import build
from test_new_version import NEW_WORKER_ACTIVE, cache_version, version_b  # noqa: F401 (a fixture)
from test_first_minutes import wait_ready
from test_two_tabs import HOLD_EVENTS

INTERLEAVINGS = 200
SEED = 4049

SPEC = {"game": "aadu_huli", "seats": [["Goats", None], ["Tigers", None]], "options": {}}
NEW_GAME = "play.html?new=" + urllib.parse.quote(json.dumps(SPEC))

# The tab has written what it shows: some saved game's link is its address (web/page_storage.py store).
SETTLED = "window.chaupalStore.list().some((e) => e.link === location.hash.slice(1))"
# The moves a tab offers: the board's points and the buttons.
TARGETS = "#board .action, #act .action"


class Tabs:
    """Two tabs of one game and the record of every game each ever showed after a move of its own."""

    def __init__(self, context, site_url, server, builds, rng):
        context.add_init_script(HOLD_EVENTS)
        self.site_url, self.server, self.builds, self.rng = site_url, server, builds, rng
        self.pages = [context.new_page(), context.new_page()]
        self.home = context.new_page()  # the home page, where backups are made and restored
        self.home.goto(site_url)
        wait_ready(self.home)
        self.backups = []  # the files made so far (web/backup.js)
        self.deployed = 0  # the index in `builds` of the version served
        self.played = []  # (seed, moves) after every move made in a tab
        self.steps = []  # what was done, for a failure's message

    def open(self, index, url):
        page = self.pages[index]
        page.goto("about:blank")  # a link opened in this tab (not a change of its fragment)
        page.goto(url)
        self.answer_copy_question(page)

    def reload(self, index):
        self.pages[index].reload()
        self.answer_copy_question(self.pages[index])

    def answer_copy_question(self, page):
        """A reload or a link behind the device's copy asks which copy to open: either answer keeps both."""
        page.wait_for_function("document.body.dataset.ready === 'true' || document.getElementById('copy-dialog').open",
                               timeout=60_000)
        dialog = page.locator("#copy-dialog")
        if dialog.evaluate("d => d.open"):
            choice = self.rng.choice(["Open the link's copy", "Open this device's copy"])
            self.steps.append(f"answered: {choice}")
            page.get_by_role("button", name=choice).click()
            expect(dialog).to_be_hidden()
        wait_ready(page)

    def move(self, index):
        page = self.pages[index]
        targets = page.locator(TARGETS)
        count = targets.count()
        if count == 0:  # the game is over: a new one
            self.steps.append(f"tab {index}: new game")
            self.open(index, self.site_url + NEW_GAME)
            return
        before = page.evaluate("location.hash")
        targets.nth(self.rng.randrange(count)).dispatch_event("click")
        page.wait_for_function("before => location.hash !== before", arg=before)
        shown = Session.decode(page.evaluate("location.hash"))
        self.played.append((shown.seed, shown.entries))

    def deploy(self):
        """The other build is served; the home page's worker installs it (a page asks for updates)."""
        old = cache_version(self.builds[self.deployed])
        self.deployed = 1 - self.deployed
        # a deployment's files are newer than the last: the server answers the browser's update check
        # (If-Modified-Since the sw.js it has) with the file, not "304 Not Modified"
        os.utime(self.builds[self.deployed] / "sw.js")
        self.server.directory = str(self.builds[self.deployed])
        assert self.home.evaluate(NEW_WORKER_ACTIVE, old) == cache_version(self.builds[self.deployed])

    def settle(self):
        for page in self.pages:
            page.evaluate("window.__tabs.release()")
        for page in self.pages:
            page.wait_for_function(SETTLED, timeout=20_000)

    def step(self):
        a = self.rng.randrange(2)
        kind = self.rng.choices(["move", "hold", "reload", "follow", "backup", "restore", "deploy"],
                                weights=[24, 4, 1, 1, 1, 1, 0.3])[0]
        self.steps.append(kind if kind in ("backup", "restore", "deploy") else f"tab {a}: {kind}")
        if kind == "move":
            self.move(a)
        elif kind == "hold":
            self.pages[a].evaluate("window.__tabs.hold = true")
        elif kind == "reload":
            self.reload(a)
        elif kind == "follow":  # this tab opens the game the other shows, from its address (a link)
            self.open(a, self.pages[1 - a].url)
        elif kind == "backup":
            self.backups.append(self.home.evaluate("chaupalBackup.make()"))
        elif kind == "restore" and self.backups:  # an earlier backup, merged into the games here
            self.home.evaluate("text => chaupalBackup.restore(text)", self.rng.choice(self.backups))
        elif kind == "deploy":
            self.deploy()

    def saved_games(self):
        games = []
        for entry in self.home.evaluate("window.chaupalStore.list()"):
            session = Session.decode(entry["code"])
            games.append((session.seed, session.entries))
        return games


def test_random_moves_reloads_links_backups_and_deployments_in_two_tabs_lose_no_move(
        context, switchable_site, version_b):
    server, base = switchable_site
    tabs = Tabs(context, base, server, [build.DIST, version_b], random.Random(SEED))
    tabs.open(0, base + NEW_GAME)
    tabs.move(0)
    tabs.open(1, tabs.pages[0].url)
    for number in range(INTERLEAVINGS):
        for _ in range(tabs.rng.randint(2, 6)):
            tabs.step()
        tabs.settle()
        tabs.steps.append(f"-- interleaving {number + 1} done")
    games = tabs.saved_games()
    for seed, moves in tabs.played:
        assert any(s == seed and game[:len(moves)] == moves for s, game in games), \
            f"a game of {len(moves)} moves is in no saved game; steps: {tabs.steps[-40:]}"
    kinds = [step.split(": ")[-1] for step in tabs.steps]
    assert len(tabs.played) > 2 * INTERLEAVINGS and kinds.count("deploy") >= 2 and kinds.count("restore") >= 10
