"""Who is at the device: the seats played here and by bots, whose view is drawn, and in hot-seat play
with private views the "pass the device" screen between two people."""
from page_dom import clear, element


class SeatsMixin:
    """The part of GamePage (page.py) about seats; its attributes are set in GamePage.__init__."""

    def humans(self):
        return [role for role in self.session.roles if not self.session.is_bot(role)]

    def acting_role(self):
        """The human seat that must act now, if any."""
        for role in self.session.active():
            if not self.session.is_bot(role):
                return role
        return None

    def private_hotseat(self):
        """Two or more people share this device in a game whose views hold private cards."""
        return self.session.game.private_views and len(self.humans()) > 1

    def you(self):
        """The seat of the person at the device, where there is one: the only human seat, else the
        human seat to act (with private views, the one that said it holds the device). None when
        bots play alone, or a bot acts in hot-seat play: then no seat is "you"."""
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        return self.acting_role() or (self.holder if self.private_hotseat() else None)

    def viewer(self):
        if self.private_hotseat():
            return self.acting_role() or self.holder or self.humans()[0]
        return self.acting_role() or (self.humans() or self.session.roles)[0]

    def must_pass(self):
        """The seat the device must pass to before anything private is drawn, or None. Between
        two human seats (and so between an attack's face-down cards and the defence's) the board
        stays hidden until the next seat says it is ready; at the end everything may be seen."""
        if not self.private_hotseat() or self.session.result() is not None:
            return None
        wanted = self.viewer()
        return None if wanted == self.holder else wanted

    def undo_role(self):
        if self.private_hotseat():  # only the seat at the device, and only its own move (undo_point)
            holder = self.holder
            return holder if holder and self.session.undo_point(holder) is not None else None
        for role in [self.acting_role()] + self.humans():
            if role and self.session.undo_point(role) is not None:
                return role
        return None

    def seat_label(self, role):
        name, level = self.session.seats[self.session.roles.index(role)]
        if level is None:
            return name if name and name != role else "human"
        levels = {bot.level: bot.name for bot in self.session.game.bot_levels}
        return f"bot, {levels.get(level, level)}"

    def render_pass(self, role):
        """The "pass the device" screen: nothing of any seat's view stays in the page."""
        element("board").innerHTML = ""
        self.board_shown = ""
        clear(element("buttons"))
        clear(element("leave"))
        clear(element("context"))
        element("prompt").textContent = ""
        element("pass-title").textContent = f"{role} to play"
        element("pass-text").textContent = (
            f"Pass the device to {role}. The board and the cards stay hidden until {role} is ready, "
            f"so that nobody else sees {role}'s hand.")
        ready = element("pass-ready")
        ready.textContent = f"I am {role}: show my game"
        ready.focus()

    def on_ready(self, *_):
        wanted = self.must_pass()
        if wanted is None:
            return
        self.holder = wanted
        element("pass-ready").blur()
        self.focus_wanted, self.focus_code = True, None  # then the first of the seat's targets
        self.render()
