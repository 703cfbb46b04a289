"""Review: stepping through the game move by move, seen from a seat, from a timeline of its positions
built in slices once (engine.core.review), and a new game from the position shown."""
import asyncio

from pyscript import document, window

from engine.core.session import Session
from page_dom import add, clear, element, show_alert
from page_storage import in_slices, store


class ReviewMixin:
    """The part of GamePage (page.py) about review; its attributes are set in GamePage.__init__."""

    def timeline_key(self):
        return len(self.session.entries), self.session.crcs[-1] if self.session.crcs else 0

    def current_timeline(self):
        """The Timeline of the game as it is now, if one was built (else None)."""
        if self.timeline is not None and self.timeline[0] == self.timeline_key():
            return self.timeline[1]
        return None

    async def get_timeline(self):
        """The Timeline of the game as it is now, built in slices (the page keeps answering) once:
        the chart and review wait for the same build."""
        timeline, key = self.current_timeline(), self.timeline_key()
        if timeline is not None:
            return timeline
        if self.building is None or self.building[0] != key:
            self.building = key, asyncio.ensure_future(self.build_timeline(key))
        return await self.building[1]

    async def build_timeline(self, key):
        from engine.core.review import Timeline
        try:
            timeline = await in_slices(Timeline.building(self.session))
            self.timeline = key, timeline
            return timeline
        finally:
            if self.building is not None and self.building[0] == key:
                self.building = None

    async def build_timeline_and_render(self):
        generation = self.generation
        await self.get_timeline()
        if generation == self.generation:
            self.render()

    def review_seats(self):
        """Whose view review may show: any seat's once the game is over or where no view is private,
        else only the seat at the device (another's hand stays hidden in review too)."""
        if self.session.result() is not None or not self.session.game.private_views:
            return list(self.session.roles)
        return [self.viewer()]

    async def enter_review(self, n=None):
        if self.must_pass() is not None or self.review is not None:
            return
        self.generation += 1  # a bot's answer on its way is dropped; bots wait while reviewing
        self.thinking = None
        element("review").disabled = True
        element("rv-where").textContent = "Preparing the review…"
        try:
            timeline = await self.get_timeline()
        finally:
            element("review").disabled = False
        seats = self.review_seats()
        seat = self.viewer() if self.viewer() in seats else seats[0]
        select = element("rv-seat")
        clear(select)
        for role in seats:
            add(select, "option", role, value=role)
        select.value = seat
        select.disabled = len(seats) < 2
        self.review = {"n": timeline.last if n is None else n, "seat": seat, "state": None, "timeline": timeline}
        slider = element("rv-slider")
        slider.max = str(timeline.last)
        element("review-bar").hidden = False
        document.body.classList.add("reviewing")
        element("review").hidden = True
        self.render()
        slider.focus()

    def leave_review(self, *_):
        if self.review is None:
            return
        self.review = None
        element("review-bar").hidden = True
        document.body.classList.remove("reviewing")
        element("review").hidden = False
        self.log_shown = []  # the live log replaces the review's
        self.generation += 1
        self.render()
        element("review").focus()
        asyncio.ensure_future(self.run_bots())

    def review_to(self, n):
        review = self.review
        if review is None:
            return
        n = max(0, min(int(n), review["timeline"].last))
        if n != review["n"]:
            review["n"], review["state"] = n, None
            self.render()

    def review_step(self, how):
        review = self.review
        if review is None:
            return
        timeline, n = review["timeline"], review["n"]
        targets = {"first": 0, "last": timeline.last, "back": n - 1, "forward": n + 1,
                   "turn-back": timeline.turn_back(n), "turn-forward": timeline.turn_forward(n)}
        self.review_to(targets[how])

    def on_review_seat(self, *_):
        if self.review is not None:
            seat = str(element("rv-seat").value)
            if seat in self.review_seats():
                self.review["seat"] = seat
                self.render()

    def render_review(self):
        game, review = self.session.game, self.review
        timeline, n, seat = review["timeline"], review["n"], review["seat"]
        if review["state"] is None:
            review["state"] = timeline.state_at(n)
        state = review["state"]
        view = game.rules.view(state, seat)
        if seat != self.you():
            view["watching"] = True
        self.draw_board(view, seat, [])
        clear(element("buttons"))
        clear(element("leave"))
        clear(element("context"))
        element("prompt").textContent = ""
        where = f"Move {n:,} of {timeline.last:,}" if n else f"The start (0 of {timeline.last:,} moves)"
        if n:
            role, action = timeline.moves[n - 1]
            where += f": {role}, {game.rules.action_label(timeline.state_at(n - 1), action)}"
        element("rv-where").textContent = where
        slider = element("rv-slider")
        slider.value = str(n)
        slider.setAttribute("aria-valuetext", where)
        for name, disabled in (("rv-first", n == 0), ("rv-turn-back", n == 0), ("rv-back", n == 0),
                               ("rv-forward", n == timeline.last), ("rv-turn-forward", n == timeline.last),
                               ("rv-last", n == timeline.last)):
            element(name).disabled = disabled
        active = game.rules.active(state)
        self.render_status(view, active)
        self.render_log(view["log"])
        first, last = timeline.log_length[n - 1] if n else 0, timeline.log_length[n]
        start = int(element("log").getAttribute("start") or 1) - 1
        for i, item in enumerate(element("log").children):
            item.classList.toggle("current", first <= start + i < last)
        self.render_rule(state, active[0] if active else None)
        self.render_words(view, seat)
        element("result").hidden = True
        box, guide = element("chart-box"), game.guide
        box.hidden = guide is None
        if guide is not None:
            from engine.core import chart
            element("chart").innerHTML = chart.draw(guide.CHART_X, timeline.chart_samples(n), chart.seat_colours(game))
        element("undo").disabled = True
        element("undo-why").textContent = "Reviewing: go back to the game to play."

    async def play_on(self, *_):
        """A new saved game from the position shown; this game stays as it is."""
        if self.review is None:
            return
        save = self.session.branch_save(self.review["n"])
        element("rv-branch").disabled = True
        try:
            branch = await in_slices(Session.opening(save))
        finally:
            element("rv-branch").disabled = False
        link = branch.encode()
        problem = store(branch, link)
        if problem:
            return show_alert(problem)
        window.location.hash = link  # the page reloads on hashchange and opens the new game

    def on_log_click(self, item):
        """A click on a log line: review the game at the move that wrote it."""
        log = element("log")
        line = int(log.getAttribute("start") or 1) - 1 + list(log.children).index(item)
        asyncio.ensure_future(self.review_line(line))

    async def review_line(self, line):
        if self.review is None:
            await self.enter_review()
        if self.review is not None:
            self.review_to(self.review["timeline"].position_of_line(line))
