"""Viktory II computer players (bots.py): legal, deterministic, read-only, and they play to win."""
import copy

from engine.core.session import Session
from engine.viktory import GAME, bots, rules
from tests.test_viktory_naval import do, sea_war


def _session(levels, seed, players=2):
    roles = rules.roles({"players": players})
    return Session(GAME, seed, {"players": players}, [[r, levels[i % len(levels)]] for i, r in enumerate(roles)])


def _finish(session, limit=5000, check=True):
    last = None
    while session.result() is None and len(session.entries) < limit:
        role = session.active()[0]
        bot = session.bots.get(GAME, session.bot_level(role))
        if check:
            before = copy.deepcopy(session.state)
        action = bot.choose(GAME, session.state, role, 77)
        if check:
            assert session.state == before, "bots never change the state they are given"
            assert action == bot.choose(GAME, session.state, role, 77), "same seed, same choice"
        assert action in rules.actions(session.state, role)
        # selecting a unit only to click "done" changes nothing and could repeat forever
        assert not (isinstance(last, list) and last[0] == "unit" and action == "done"), "idle selection"
        session.act(role, action)
        last = action
    return session.result()


def test_medium_bots_finish_a_two_player_game_by_conquest():
    res = _finish(_session([2, 2], 3))
    assert res is not None and len(res["winners"]) == 1
    assert "eliminated" in res["summary"] or "Round limit" in res["summary"]


def test_easy_and_medium_beat_the_random_bot():
    for level in (1, 2):
        for seed, seats in ((1, [level, 0]), (2, [0, level])):
            res = _finish(_session(seats, seed))
            roles = rules.roles({"players": 2})
            winner = res["winners"][0]
            assert seats[roles.index(winner)] == level, f"level {level} lost to random (seed {seed})"


def test_bots_attack_when_the_odds_favour_them_and_not_otherwise():
    # four Infantry and a Cavalry next to an empty enemy Town (one die): attack
    s, me, them = sea_war()
    from engine.viktory import scenario
    scenario.add_site(s, them, 31)
    for _ in range(3):
        scenario.put(s, me, "infantry", 30)
    bot = bots.medium()
    seen = []
    for _ in range(20):
        if s["phase"] != "move":
            break
        a = bot.choose(GAME, s, me, 5)
        seen.append(a)
        do(s, a)
    assert any(isinstance(a, list) and a[0] == "battle" and a[1] == 31 for a in seen)
    # one Infantry against a Mountain City held by three units: no attack
    s, me, them = sea_war()
    scenario.add_site(s, them, 31, kind="city", terrain="mountain")
    scenario.add_site(s, them, 54, kind="city", terrain="plains")
    for _ in range(3):
        scenario.put(s, them, "infantry", 31)
    lone = scenario.put(s, me, "infantry", 39)
    bot = bots.medium()
    while s["phase"] == "move":
        do(s, bot.choose(GAME, s, me, 5))
    assert lone["hex"] != 31 and 31 not in s["battled"]


def test_bots_build_towns_and_place_reserves():
    s, me, them = sea_war()
    do(s, "end_movement")
    bot = bots.easy()
    a = bot.choose(GAME, s, me, 1)
    assert type(a) is int and s["sites"][a] is None  # a Town (8.2), not an upgrade, when a site exists
    do(s, a)
    while s["phase"] == "build":
        do(s, bot.choose(GAME, s, me, 1))
    placed_before = len(s["placed"])
    for _ in range(40):
        if s["current"] != me:
            break
        do(s, bot.choose(GAME, s, me, 1))
    assert s["current"] == them and not [u for u in rules.pieces.reserve(s, me)
                                        if rules.reserves.placements(s, me, u["type"])]
    assert placed_before == 0


def test_bots_ferry_stranded_units_by_frigate():
    """10.4: an Infantry on an island (hexes 7 and 13) is picked up by the Frigate and landed on
    the main land mass, where the enemy is."""
    from engine.viktory import scenario
    s, me, them = sea_war()
    for h in (6, 8, 12, 14, 20):
        scenario.set_terrain(s, h, "water")
    f = scenario.put(s, me, "frigate", 14)
    inf = scenario.put(s, me, "infantry", 7)
    bot = bots.medium()
    for _ in range(40):
        if s["phase"] != "move":
            break
        do(s, bot.choose(GAME, s, me, 3))
    assert inf["shipped"] and (inf["aboard"] == f["id"] or inf["hex"] not in (7, 13))
    rules.invariants(s)


def test_three_player_bot_game_ends_without_idle_selections():
    res = _finish(_session([1, 2, 2], 300, players=3), limit=20000, check=False)
    assert res is not None
