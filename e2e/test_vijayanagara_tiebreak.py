"""Vijayanagara 5.5 in the browser: with the optional tie-break on, a game that ends tied in victory
points and Resources offers a game of Aadu-Huli aata between the tied Factions, sides drawn at
random (the same draw on every visit of the game), and the link starts that game."""
from __future__ import annotations

from playwright.sync_api import expect

from engine.core.session import Session

READY_MS = 60_000
FACTIONS = ["Delhi Sultanate", "Bahmani Kingdom", "Vijayanagara Empire"]
SEEDS_TO_TRY = 4000  # random games tie in VP and Resources about once in 600


def a_tied_game() -> Session:
    """The first seeded game of Random bots that ends in a tie in VP and Resources (5.0)."""
    for seed in range(SEEDS_TO_TRY):
        session = Session.new("vijayanagara", [[f, 0] for f in FACTIONS], {"aadu_huli": True}, seed=seed)
        while session.result() is None:
            session.play_bot(session.bot_turn()[0])
        if session.result().get("tiebreak") == "aadu_huli":
            return session
    raise AssertionError(f"no tied game in {SEEDS_TO_TRY} seeds: raise SEEDS_TO_TRY")


def test_a_tied_game_offers_the_aadu_huli_tie_break(page, site_url):
    session = a_tied_game()
    tied = session.result()["winners"]
    assert len(tied) >= 2
    vp = {f: session.result()["scores"][f] for f in tied}
    assert len(set(vp.values())) == 1 and len({session.state["resources"][f] for f in tied}) == 1
    # the tied Factions' seats: a human and a Medium bot, to see the seats carried over
    session.seats = [[f, None if f == tied[0] else 2] for f in FACTIONS]
    page.goto(site_url + "play.html#" + session.encode())
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)
    result = page.locator("#result")
    expect(result).to_contain_text("Aadu-Huli aata (5.5)")
    offer = result.locator("p", has_text="play the Goats").inner_text()
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)
    assert page.locator("#result p", has_text="play the Goats").inner_text() == offer  # the same draw

    page.get_by_role("link", name="Play the tie-break").click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=READY_MS)
    expect(page.locator("#game-title")).to_contain_text("Aadu-Huli aata")
    tiebreak = Session.decode(page.evaluate("location.hash"))
    assert tiebreak.game.id == "aadu_huli"
    goats, tigers = (name for name, _ in tiebreak.seats)
    assert {goats, tigers} <= set(tied) and goats != tigers
    assert offer.startswith(f"Aadu-Huli aata (5.5): {goats} play the Goats, {tigers} the Tigers")
    levels = {name: level for name, level in tiebreak.seats}
    assert levels.get(tied[0], None) is None and all(levels[f] == 2 for f in levels if f != tied[0])
