"""Browser tests: pytest-playwright driving the built site (dist/) in headless Chromium.

`python3 build.py test` builds dist/ and runs these. Chromium is Debian's /usr/bin/chromium unless
the environment variable CHAUPAL_CHROMIUM names another binary (or is "playwright", to use
Playwright's own downloaded browser).

Every test here is watched: a console error, an uncaught page error, or a request to anything but
the local test servers (data: and blob: URLs are fine) fails the test at teardown. The site must
work with no network, and the console must stay clean.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (stdlib-only at top level: the static server lives there)

SUB_PATH = "/chaupal/"


# ---------------------------------------------------------------------------------------------
# the browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright's launch arguments, pointed at Debian's Chromium with quiet flags."""
    launch = build.launch_args()
    args = list(browser_type_launch_args.get("args") or []) + launch["args"]
    merged = {**browser_type_launch_args, "args": args}
    if "executable_path" in launch:
        path = launch["executable_path"]
        if not os.path.exists(path):
            pytest.exit(f"no Chromium at {path}: install it (`apt-get install -y chromium`, which "
                        "`python3 build.py test` does) or set CHAUPAL_CHROMIUM", returncode=3)
        merged["executable_path"] = path
    return merged


# ---------------------------------------------------------------------------------------------
# the site


def _dist() -> Path:
    index = build.DIST
    if not index.is_dir() or not any(index.iterdir()):
        pytest.fail(f"{index} is missing: build it first with `python3 build.py build` "
                    "(`python3 build.py test` builds it and then runs the tests)", pytrace=False)
    return index


_ALLOWED_BASES: list[str] = []


def _served(**kw):
    """dist/ served on a free port of 127.0.0.1 for a fixture's lifetime: yields (server, base URL)."""
    server, url = build.start_server_thread(directory=_dist(), **kw)
    _ALLOWED_BASES.append(url)
    yield server, url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_url():
    """The base URL (ending in "/") of dist/ served on a free port of 127.0.0.1."""
    for _, url in _served():
        yield url


@pytest.fixture(scope="session")
def site_subpath_url():
    """dist/ served only under a sub-path, as on GitHub Pages: http://127.0.0.1:PORT/chaupal/.

    Everything outside the sub-path is a 404 (and a request there fails the test), so a URL
    that starts with "/" instead of being relative shows up at once.
    """
    for _, url in _served(prefix=SUB_PATH):
        yield url


@pytest.fixture
def switchable_site():
    """dist/ served on a free port by this test's own server, whose `directory` the test may point at
    another folder from one request on (a new version deployed at the same address): (server, URL)."""
    yield from _served()


# ---------------------------------------------------------------------------------------------
# the watch on every page


def _allowed(url: str) -> bool:
    if url.startswith(("data:", "blob:")):
        return True
    return any(url.startswith(base) for base in _ALLOWED_BASES)


class Watch:
    """Collects console errors, page errors and outside requests of the contexts it watches."""

    def __init__(self):
        self.problems: list[str] = []
        self._pages: set = set()

    def page(self, page) -> None:
        if id(page) in self._pages:
            return
        self._pages.add(id(page))
        page.on("console", lambda msg: msg.type == "error" and self.problems.append(
            f"console error on {page.url}: {msg.text} ({msg.location})"))
        page.on("pageerror", lambda exc: self.problems.append(f"page error on {page.url}: {exc}"))

    def context(self, context) -> None:
        def on_request(request):
            if not _allowed(request.url):
                self.problems.append(f"request outside the site: {request.method} {request.url}")

        context.on("request", on_request)
        context.on("page", self.page)
        for page in context.pages:
            self.page(page)

    def check(self) -> None:
        if self.problems:
            report = "\n".join("  " + p for p in self.problems)
            pytest.fail("the browser saw problems:\n" + report, pytrace=False)


@pytest.fixture
def watch():
    """The problems seen in this test's browser contexts (see `Watch`)."""
    return Watch()


@pytest.fixture
def new_context(new_context, watch):
    """pytest-playwright's context factory (also behind `context` and `page`), watched.

    A test that needs a second context (a second device, a fresh visit) takes it from this
    factory, so that it is watched too. For a context made some other way, call
    `watch.context(ctx)`.
    """
    def factory(**kwargs):
        ctx = new_context(**kwargs)
        watch.context(ctx)
        return ctx

    return factory


@pytest.fixture(autouse=True)
def _fail_on_browser_problems(watch):
    """Fail the test at teardown on console errors, page errors or requests outside the site."""
    yield
    watch.check()
