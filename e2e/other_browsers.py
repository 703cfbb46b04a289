"""The built site driven in browser engines other than Chromium: WebKit (Debian's WebKitGTK, through its
WebKitWebDriver and Selenium, under a private Xvfb) and Gecko (Firefox ESR, through Mozilla's own
Marionette client). Used by e2e/test_other_browsers.py; run alone, it measures a cold first visit of a
game page in each engine:

    .venv/bin/python e2e/other_browsers.py [webkit|firefox ...]   (after `python3 build.py build`)

Playwright cannot drive these here (its WebKit and Firefox builds download from Playwright's servers),
so both engines are driven through WebDriver-style commands, wrapped in `Browser` so that the tests
read the same for either:
- every script runs in the page's own JavaScript world and first installs, once per document, an
  error collector (uncaught errors, unhandled rejections, failed loads of scripts and styles,
  console.error); each call hands over what it has collected since the last one, so errors are
  gathered however the page navigates. (WebKitWebDriver refuses BiDi sessions, so nothing reads the
  console directly; an error thrown before the first script of a document runs is not seen, but
  the site shows start-up errors in its role="alert" element, which the tests check.)
- clicks are pointer clicks at a point of the element that the browser's own hit-test resolves to
  that element: WebDriver's element click refuses SVG <g> targets in WebKit, and a person clicks
  what is on top.

Environment: CHAUPAL_WEBKIT_DRIVER (default /usr/bin/WebKitWebDriver), CHAUPAL_XVFB (default
/usr/bin/Xvfb), CHAUPAL_FIREFOX (default /usr/bin/firefox-esr; any Firefox with Marionette works).
`python3 build.py test` installs the Debian packages (webkit2gtk-driver, xvfb, firefox-esr) when
they are missing.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the binaries build.py's set-up installs, and the static server)

ENGINES = ("webkit", "firefox")
BINARIES = {variable: os.environ.get(variable) or default for variable, default, _ in build.OTHER_BROWSERS}
WEBKIT_DRIVER = BINARIES["CHAUPAL_WEBKIT_DRIVER"]
XVFB = BINARIES["CHAUPAL_XVFB"]
FIREFOX = BINARIES["CHAUPAL_FIREFOX"]
INSTALL_HINT = ("`python3 build.py test` installs it with apt-get (packages webkit2gtk-driver, xvfb, "
                "firefox-esr)")
WINDOW = (1280, 900)

# Installed once per document by every script call (see Browser.js); returns the array of problems.
COLLECTOR = r"""
if (!window.__chaupalProblems) {
  const problems = window.__chaupalProblems = [];
  const text = (x) => {  // an Error's stack does not say its message in every engine: both
    try { return x && x.stack ? `${x}\n${x.stack}` : String(x); } catch (e) { return "?"; } };
  window.addEventListener("error", (event) => {
    const el = event.target;
    if (el && el !== window && el.tagName)  // a script, style or image that failed to load
      problems.push(`failed to load <${el.tagName.toLowerCase()}> ${el.src || el.href || ""}`);
    else
      problems.push(`uncaught error: ${event.error ? text(event.error) : event.message} `
                    + `(${event.filename}:${event.lineno})`);
  }, true);
  window.addEventListener("unhandledrejection", (event) =>
    problems.push("unhandled promise rejection: " + text(event.reason)));
  const original = console.error;
  console.error = function (...args) {
    problems.push("console.error: " + args.map(text).join(" "));
    return original.apply(this, args);
  };
}
return window.__chaupalProblems;
"""

# The viewport point at which a pointer click reaches the first of the candidates (an element or a list)
# that can be clicked: its centre if the hit-test there gives the element (or something inside it),
# else the centre of one of its children's boxes. null if no candidate can be clicked.
CLICK_POINT = r"""
const candidates = Array.isArray(arguments[0]) ? arguments[0] : [arguments[0]];
for (const el of candidates) {
  if (!el || !el.getBoundingClientRect) continue;
  el.scrollIntoView({block: "center", inline: "center"});
  const boxes = [el, ...el.querySelectorAll("*")].map((e) => e.getBoundingClientRect());
  for (const box of boxes) {
    if (box.width < 1 || box.height < 1) continue;
    const x = Math.round(box.left + box.width / 2), y = Math.round(box.top + box.height / 2);
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return [x, y, el.tagName.toLowerCase()];
  }
}
return null;
"""


class BrowserError(Exception):
    """The browser could not be found or started."""


class Browser:
    """One engine, one fresh profile. Subclasses supply the WebDriver calls."""

    name = "?"

    def __init__(self):
        self.problems: list[str] = []  # errors the pages reported, with the URL of each
        self.last_error = None

    # -- what subclasses provide
    def _execute(self, script: str, args: list):
        raise NotImplementedError

    def _navigate(self, url: str) -> None:
        raise NotImplementedError

    def _refresh(self) -> None:
        raise NotImplementedError

    def _pointer_click(self, x: int, y: int) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def new_tab(self) -> str:
        """Opens a new tab of this browser (same profile), switches to it and returns its handle."""
        raise NotImplementedError

    def switch_to(self, handle: str) -> None:
        raise NotImplementedError

    def tab(self) -> str:
        """The handle of the current tab."""
        raise NotImplementedError

    # -- the tests' vocabulary
    def js(self, script: str, *args):
        """Runs `script` (a function body: `return ...`, `arguments[i]`) in the page; also installs the
        error collector in this document if it is not there yet and takes what it has collected."""
        wrapped = ("const __problems = (function () {" + COLLECTOR + "})();\n"
                   "const __value = (function () {" + script + "\n}).apply(null, arguments);\n"
                   "return [__value, __problems.splice(0), String(location.href)];")
        value, problems, href = self._execute(wrapped, list(args))
        self.problems.extend(f"{problem} (on {href})" for problem in problems)
        return value

    def try_js(self, script: str, *args):
        """`js`, or None while the page is between two documents (a navigation in progress); the
        exception is kept in `last_error`."""
        try:
            value = self.js(script, *args)
        except Exception as exc:  # noqa: BLE001  (each driver has its own exception types for this)
            self.last_error = exc
            return None
        self.last_error = None
        return value

    def drain(self) -> None:
        """Takes the errors collected so far in the current document (before leaving it)."""
        self.try_js("return null")

    def get(self, url: str) -> None:
        self.drain()
        self._navigate(url)
        self.js("return null")  # the collector, at once

    def refresh(self) -> None:
        self.drain()
        self._refresh()
        self.js("return null")

    def wait(self, condition: str, timeout: float, what: str, *args):
        """Polls `condition` (a function body) until it returns something truthy; returns that."""
        deadline = time.monotonic() + timeout
        failing_since = None
        while True:
            value = self.try_js(condition, *args)
            if value:
                return value
            now = time.monotonic()
            failing_since = (failing_since or now) if self.last_error is not None else None
            if failing_since is not None and now - failing_since > 30:  # not a navigation: the browser is gone
                raise AssertionError(f"{self.name}: the browser stopped answering while waiting for {what}: "
                                     f"{type(self.last_error).__name__}: {self.last_error}")
            if now > deadline:
                raise AssertionError(f"{self.name}: timed out after {timeout:.0f} s waiting for {what}; "
                                     + self.describe())
            time.sleep(0.1)

    def describe(self) -> str:
        """Where the page is, for failure messages."""
        state = self.try_js(
            "const text = (id) => (document.getElementById(id) || {}).textContent;"
            "return {url: location.href, ready: document.body && document.body.dataset.ready,"
            " loading: text('loading-text'), prompt: text('prompt'), alerts: [...document.querySelectorAll("
            "'[role=alert]')].filter((e) => !e.hidden && e.textContent.trim()).map((e) => e.textContent.trim())};")
        return f"page: {json.dumps(state)[:1500]}; errors: {self.problems[:10]}"

    def click(self, script: str, what: str, *args) -> str:
        """Pointer click on the element that `script` (a function body) returns, or on the first element
        of the list it returns that a pointer can reach."""
        point = self.js("const el = (function () {" + script + "\n}).apply(null, arguments);\n"
                        "return (function () {" + CLICK_POINT + "\n})(el);", *args)
        if not point:
            raise AssertionError(f"{self.name}: {what} is missing or covered by another element; "
                                 + self.describe())
        self._pointer_click(int(point[0]), int(point[1]))
        return point[2]  # the tag name of what was clicked


def _die_with_parent() -> None:
    """In the child: SIGTERM when the test process dies, however it dies (Linux), so that neither Xvfb
    (nor with it MiniBrowser, which loses its display) nor WebKitWebDriver outlives a killed test run."""
    try:
        import ctypes
        import signal
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class WebKitBrowser(Browser):
    """WebKitGTK's MiniBrowser, driven by WebKitWebDriver (Selenium), on a private Xvfb display."""

    name = "webkit"

    def __init__(self):
        super().__init__()
        self.xvfb = self.driver = None
        for path, package in ((WEBKIT_DRIVER, "webkit2gtk-driver"), (XVFB, "xvfb")):
            if not os.path.exists(path):
                raise BrowserError(f"WebKit: {path} is missing: install Debian's {package} ({INSTALL_HINT})")
        try:
            from selenium import webdriver
            from selenium.webdriver.webkitgtk.options import Options
            from selenium.webdriver.webkitgtk.service import Service
        except ImportError as exc:
            raise BrowserError(f"WebKit: the Python package selenium is missing ({exc}): "
                               "`python3 build.py test` installs pyproject.toml's test pins") from exc
        read, write = os.pipe()
        try:  # -displayfd: Xvfb picks a free display and writes its number when it is ready
            self.xvfb = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1400x1000x24",
                                          "-nolisten", "tcp"], pass_fds=[write], preexec_fn=_die_with_parent,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        except OSError as exc:
            os.close(read)
            raise BrowserError(f"WebKit: {XVFB} could not be started: {exc}") from exc
        finally:
            os.close(write)
        try:
            display = self._read_display(read)
        finally:
            os.close(read)
        env = dict(os.environ, DISPLAY=":" + display)
        try:
            with warnings.catch_warnings():  # Selenium's own use of its deprecated remote_server_addr
                warnings.simplefilter("ignore", DeprecationWarning)
                self.driver = webdriver.WebKitGTK(
                    options=Options(), service=Service(executable_path=WEBKIT_DRIVER, env=env,
                                                       log_output=subprocess.DEVNULL,
                                                       popen_kw={"preexec_fn": _die_with_parent}))
            self.driver.set_window_rect(0, 0, *WINDOW)
            self.driver.set_script_timeout(60)
        except Exception as exc:
            self.close()
            raise BrowserError(f"WebKit: {WEBKIT_DRIVER} could not start MiniBrowser on display "
                               f":{display}: {exc}") from exc
        self.version = self.driver.capabilities.get("browserVersion", "?")

    def _read_display(self, fd: int) -> str:
        import select
        data = b""
        deadline = time.monotonic() + 30
        while not data.endswith(b"\n"):
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(fd, 64) if ready else b""
            if not chunk:
                err = b""
                if self.xvfb.poll() is not None:
                    err = self.xvfb.stderr.read()[-500:]
                self.close()
                raise BrowserError(f"WebKit: {XVFB} did not start a display: {err.decode(errors='replace')}")
            data += chunk
        return data.decode().strip()

    def _execute(self, script, args):
        return self.driver.execute_script(script, *args)

    def _navigate(self, url):
        self.driver.get(url)

    def _refresh(self):
        self.driver.refresh()

    def new_tab(self):
        self.drain()
        self.driver.switch_to.new_window("tab")
        return self.driver.current_window_handle

    def switch_to(self, handle):
        self.drain()
        self.driver.switch_to.window(handle)

    def tab(self):
        return self.driver.current_window_handle

    def _pointer_click(self, x, y):
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        actions = ActionBuilder(self.driver, duration=0)
        actions.pointer_action.move_to_location(x, y).click()
        actions.perform()

    def close(self):
        try:
            if self.driver is not None:
                self.driver.quit()
        except Exception:  # noqa: BLE001  (the browser may be gone already)
            pass
        finally:
            self.driver = None
            if self.xvfb is not None and self.xvfb.poll() is None:
                self.xvfb.terminate()  # MiniBrowser, if it outlived its driver, loses its display too
                try:
                    self.xvfb.wait(10)
                except subprocess.TimeoutExpired:
                    self.xvfb.kill()
            self.xvfb = None


class FirefoxBrowser(Browser):
    """Firefox (ESR) in headless mode with a fresh profile, driven by Marionette."""

    name = "firefox"
    # quieter still than Marionette's own test prefs: nothing to fetch from other hosts
    PREFS = {"browser.safebrowsing.malware.enabled": False, "browser.safebrowsing.phishing.enabled": False,
             "browser.safebrowsing.blockedURIs.enabled": False, "network.prefetch-next": False,
             "network.dns.disablePrefetch": True, "network.predictor.enabled": False,
             "toolkit.telemetry.enabled": False, "app.update.enabled": False}

    def __init__(self):
        super().__init__()
        self.client = None
        if not os.path.exists(FIREFOX):
            raise BrowserError(f"Firefox: {FIREFOX} is missing: install Debian's firefox-esr ({INSTALL_HINT}) "
                               "or set CHAUPAL_FIREFOX to a Firefox binary")
        try:
            with warnings.catch_warnings():  # mozinfo and mozrunner use deprecated APIs at import
                warnings.simplefilter("ignore", DeprecationWarning)
                from marionette_driver.marionette import Marionette
        except ImportError as exc:
            raise BrowserError(f"Firefox: the Python package marionette-driver is missing ({exc}): "
                               "`python3 build.py test` installs pyproject.toml's test pins") from exc
        self.log_dir = tempfile.mkdtemp(prefix="chaupal-firefox-")  # Firefox's log and profile
        log = os.path.join(self.log_dir, "gecko.log")
        try:  # port 0: a free port; the profile is a new temporary one (mozprofile), removed at the end
            self.client = Marionette(bin=FIREFOX, headless=True, port=0, gecko_log=log, prefs=self.PREFS,
                                     startup_timeout=120, workspace=self.log_dir)
            self.client.start_session()
            self.client.set_window_rect(x=0, y=0, width=WINDOW[0], height=WINDOW[1])
            self.client.timeout.script = 60
        except Exception as exc:
            tail = Path(log).read_text(errors="replace")[-1500:] if os.path.exists(log) else ""
            self.close()
            raise BrowserError(f"Firefox: {FIREFOX} could not be started with Marionette: {exc}\n{tail}") from exc
        self.version = self.client.session_capabilities.get("browserVersion", "?")

    def _execute(self, script, args):
        # sandbox=None: the page's own world (the default sandbox cannot see the page's globals)
        return self.client.execute_script(script, script_args=args, sandbox=None, new_sandbox=False)

    def _navigate(self, url):
        self.client.navigate(url)

    def _refresh(self):
        self.client.refresh()

    def new_tab(self):
        self.drain()
        handle = self.client.open(type="tab", focus=True)["handle"]
        self.client.switch_to_window(handle)
        return handle

    def switch_to(self, handle):
        self.drain()
        self.client.switch_to_window(handle)

    def tab(self):
        return self.client.current_window_handle

    def _pointer_click(self, x, y):
        sequence = self.client.actions.sequence("pointer", "mouse", {"pointerType": "mouse"})
        sequence.pointer_move(x, y).pointer_down().pointer_up().perform()
        self.client.actions.release()

    def close(self):
        try:
            if self.client is not None:
                self.client.cleanup()  # ends the session, stops Firefox, removes the profile
                # ...and makes a new empty profile (in log_dir, removed below): not to be removed again
                # by its __del__ when the interpreter exits, which prints an ImportError then
                profile = getattr(self.client.instance, "_profile", None)
                if profile is not None:
                    profile.cleanup()
                    profile.restore = False
        except Exception:  # noqa: BLE001
            pass
        finally:
            self.client = None
            shutil.rmtree(self.log_dir, ignore_errors=True)


def launch(engine: str) -> Browser:
    return {"webkit": WebKitBrowser, "firefox": FirefoxBrowser}[engine]()


# ---------------------------------------------------------------------------------------------
# a cold first visit of a game page

def hot_seat_url(base: str, game: dict) -> str:
    """play.html starting a new game with every seat human (no bot worker: the page's own downloads)."""
    spec = {"game": game["id"], "seats": [[role, None] for role in game["roles"]], "options": {}}
    return base + "play.html?new=" + urllib.parse.quote(json.dumps(spec, separators=(",", ":")))


# The page's downloads as Resource Timing tells them: the document, then every resource entry.
# An entry whose body came over the network has transferSize >= encodedBodySize > 0; a response from
# the HTTP cache or the service worker has transferSize 0, a revalidation (304) only its headers'.
RESOURCES = r"""
const nav = performance.getEntriesByType("navigation")[0];
return [nav, ...performance.getEntriesByType("resource")].filter(Boolean).map((e) => ({
  url: e.name, type: e.initiatorType || "navigation", start: Math.round(e.startTime),
  transfer: e.transferSize || 0, encoded: e.encodedBodySize || 0}));
"""


def downloads(entries: list) -> list:
    """The entries whose body came from the network. Where the engine reports no sizes at all, every
    entry counts (then a repeated URL is at least a repeated request)."""
    if not any(e["transfer"] for e in entries):
        return list(entries)
    return [e for e in entries if e["transfer"] > 0 and e["transfer"] >= e["encoded"] > 0]


def repeated(entries: list) -> dict:
    """{URL path: times downloaded} for every URL that the page downloaded more than once."""
    counts: dict = {}
    for e in downloads(entries):
        path = urllib.parse.urlsplit(e["url"]).path
        counts[path] = counts.get(path, 0) + 1
    return {path: n for path, n in counts.items() if n > 1}


def first_visit(browser: Browser, base: str, game: dict, counter=None, ready_s: float = 180) -> dict:
    """Opens a new hot-seat game of `game` in `browser` (a fresh profile: nothing cached) and returns its
    Resource Timing entries at data-ready, the outcome of the service worker's offline precache and,
    with a build.ByteCounter of the server, the bytes the server sent until that precache was complete
    (the server cannot tell the page's requests from the precache's, which starts at data-ready)."""
    if counter is not None:
        counter.reset()
    started = time.monotonic()
    browser.get(hot_seat_url(base, game))
    browser.wait("return document.body && (document.body.dataset.ready === 'true'"
                 " || !document.getElementById('alert').hidden)", ready_s,
                 f"the {game['title']} page to be ready (data-ready) on a first visit")
    seconds = time.monotonic() - started
    if browser.js("return document.body.dataset.ready") != "true":
        raise AssertionError(f"{browser.name}: the first visit shows an error; " + browser.describe())
    entries = browser.js(RESOURCES)
    # the service worker registers at data-ready (web/sw-register.js): wait for its offline precache
    offline = browser.wait(
        "if (!window.chaupalOffline) return 'web/sw-register.js did not run (no window.chaupalOffline)';"
        "if (!window.__chaupalOfflineWait) window.__chaupalOfflineWait = window.chaupalOffline.then("
        "(v) => { window.__chaupalOfflineDone = v === true ? 'yes' : 'no service worker: ' + v; },"
        " (e) => { window.__chaupalOfflineDone = 'failed: ' + e; });"
        "return window.__chaupalOfflineDone", 120, "the service worker's precache")
    return {"entries": entries, "seconds": seconds, "offline": offline,
            "served_with_precache": counter.bytes if counter is not None else None,
            "served_requests": list(counter.requests) if counter is not None else None}


def main(argv: list) -> int:
    engines = argv or list(ENGINES)
    catalog = json.loads((build.DIST / "games.json").read_text())["games"]
    game = next(g for g in catalog if g["id"] == "aadu_huli")
    counter = build.ByteCounter()
    server, base = build.start_server_thread(directory=build.DIST, counter=counter)
    try:
        for engine in engines:
            browser = launch(engine)
            try:
                visit = first_visit(browser, base, game, counter)
            finally:
                browser.close()
            entries = visit["entries"]
            got = downloads(entries)
            summary = {
                "engine": engine, "version": browser.version, "page": "play.html (new hot-seat Aadu-Huli game)",
                "seconds_to_ready": round(visit["seconds"], 1),
                "transfer_bytes_to_ready": sum(e["transfer"] for e in entries),
                "encoded_body_bytes_to_ready": sum(e["encoded"] for e in got),
                "entries": len(entries), "downloads": len(got),
                "downloaded_twice": repeated(entries), "offline": visit["offline"],
                "server_bytes_with_precache": visit["served_with_precache"],
                "problems": browser.problems}
            print(json.dumps(summary), flush=True)
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
