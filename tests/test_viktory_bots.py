"""Viktory II computer players (bots.py): legal, deterministic, read-only, and they play to win."""
import copy

from engine.core.match import play_timed
from engine.core.session import Session
from engine.viktory import GAME, bots, movement, pieces, rules, scenario
from tests.test_viktory_naval import do, sea_war


def _session(levels, seed, players=2, **options):
    roles = rules.roles({"players": players})
    return Session(GAME, seed, {"players": players, **options},
                   [[r, levels[i % len(levels)]] for i, r in enumerate(roles)])


def _finish(session, limit=5000, check=True):
    last = None
    while session.result() is None and len(session.entries) < limit:
        role = session.active()[0]
        bot = session.bots.get(GAME, session.bot_level(role))
        if check:
            before = copy.deepcopy(session.state)
        # Random with one fixed seed takes the same index of equally long lists, so it could select a
        # unit and click "done" forever: it gets the page's seed, new every move
        seed = 77 if session.bot_level(role) else session.bot_seed()
        action = bot.choose(GAME, session.state, role, seed)
        if check:
            assert session.state == before, "bots never change the state they are given"
            assert action == bot.choose(GAME, session.state, role, seed), "same seed, same choice"
        assert action in rules.actions(session.state, role)
        # selecting a unit only to click "done" changes nothing and could repeat forever
        # (Random may do so: any legal action; its seed changes with every move, so it moves on)
        assert session.bot_level(role) == 0 or not (isinstance(last, list) and last[0] == "unit"
                                                     and action == "done"), "idle selection"
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


def test_armies_go_round_the_enemy_hex_that_bars_the_way_to_the_last_capital():
    """8 Medium players, round limit off (seed 9300): the last enemy Capital stands on a mountain whose
    only land neighbours are his Artillery's forest and a plains hex reachable only through the Capital.
    The army's staging hexes beside the Capital were all out of reach, so the winner's 66 units waited
    for ever (9,500 rounds of "end turn" before this was mended). They now gather beside the hex that
    bars the way, and the game ends by 5.1 (every other player eliminated)."""
    options = {"players": 8, "round_limit": 0}
    state, _, _ = play_timed(GAME, 9300, options, lambda role: 2, 6000)
    assert state["result"] is not None and "(5.1)" in state["result"]["summary"]
    assert state["round"] <= 40


# --- Medium's strength (bots.py docstring: levels and measurements) ---------------------------------

def _match(levels, seed, options=None):
    """One 2-player game, a bot level per role (rules.roles order); the winning level or None."""
    options = {"players": 2, **(options or {})}
    roles = rules.roles(options)
    state, _, _ = play_timed(GAME, seed, options, lambda role: levels[roles.index(role)], 5000)
    winners = state["result"]["winners"] if state["result"] else []
    return levels[roles.index(winners[0])] if len(winners) == 1 else None


def test_medium_beats_easy_clearly_with_seats_alternated():
    wins = sum(_match([2, 1] if k % 2 == 0 else [1, 2], 8100 + k // 2) == 2 for k in range(12))
    assert wins >= 9, f"Medium won only {wins} of 12 against Easy"


def _play_turn(s, me, bot, seed=5, limit=200):
    """Medium plays the rest of its Player Turn (and the decisions it owes inside it)."""
    seen = []
    for _ in range(limit):
        if me not in rules.active(s) or s["current"] != me:
            break
        a = bot.choose(GAME, s, me, seed)
        seen.append(a)
        do(s, a)
    return seen


def capital_threatened():
    """One Infantry in the Capital (38), three more at 16, three enemy Infantry next to the Capital
    (46) and the enemy Capital (52) empty two hexes away: (state, me, them)."""
    from engine.viktory import scenario
    s, me, them = sea_war()
    scenario.put(s, me, "infantry", 38)
    for _ in range(3):
        scenario.put(s, me, "infantry", 16)
    for _ in range(3):
        scenario.put(s, them, "infantry", 46)
    return s, me, them


def test_medium_keeps_its_capital_defended_against_an_adjacent_stack():
    """15.0: one Infantry in the Capital (38), three enemy Infantry next to it (46) and the enemy
    Capital (52) empty two hexes away: the defender stays, reinforcements arrive by road (10.13)
    and the Capital is never empty at the end of the turn."""
    s, me, them = capital_threatened()
    bot = bots.medium()
    _play_turn(s, me, bot)
    assert s["current"] == them
    assert len(bots._Context(bot, s, me, bots._Rand(0)).own_land_at(38)) >= 2
    # the enemy's reply with these odds: the danger Medium estimates is now small
    ctx = bots._Context(bot, s, me, bots._Rand(0))
    assert ctx.danger(38, ctx.own_land_at(38)) < 0.5


def test_medium_attacks_a_weak_stack_and_declines_a_strong_one():
    from engine.viktory import scenario
    # two Infantry on two sides of a lone enemy Infantry in the open (hex 30), the enemy's Towns
    # and Cities held: attack
    s, me, them = sea_war()
    scenario.put(s, me, "infantry", 38)  # the Capital's defender
    scenario.put(s, me, "infantry", 29)
    scenario.put(s, me, "infantry", 39)
    scenario.put(s, them, "infantry", 30)
    for h in (52, 48, 48):
        scenario.put(s, them, "infantry", h)
    bot = bots.medium()
    seen = _play_turn(s, me, bot)
    assert ["battle", 30] in seen
    # two Infantry against a Mountain City held by three Infantry and an Artillery: no attack
    s, me, them = sea_war()
    scenario.add_site(s, them, 31, kind="city", terrain="mountain")
    for _ in range(3):
        scenario.put(s, them, "infantry", 31)
    scenario.put(s, them, "artillery", 31)
    scenario.put(s, me, "infantry", 38)
    scenario.put(s, me, "infantry", 30)
    scenario.put(s, me, "infantry", 30)
    seen = _play_turn(s, me, bots.medium())
    assert 31 not in s["battled"] and not any(isinstance(a, list) and a[:2] == ["battle", 31] for a in seen)


def test_medium_attacks_from_several_hex_sides():
    """13.3 step 1: three Infantry on one hex next to an enemy City held by one Infantry spread out
    so that they enter from several hex sides (a die per extra side)."""
    from engine.viktory import scenario
    s, me, them = sea_war()
    scenario.put(s, me, "infantry", 38)
    scenario.add_site(s, them, 31, kind="city", terrain="plains")
    scenario.put(s, them, "infantry", 31)
    for h in (52, 48, 48):
        scenario.put(s, them, "infantry", h)
    for _ in range(3):
        scenario.put(s, me, "infantry", 30)
    bot = bots.medium()
    sides = set()
    for _ in range(40):
        if s["phase"] != "move" or s["current"] != me:
            break
        a = bot.choose(GAME, s, me, 5)
        if isinstance(a, list) and a[0] == "battle":
            sides = set(rules.combat.entry_sides(s, a[1]))
        do(s, a)
    assert len(sides) >= 2, sides


def _averaging_battle(attackers, defenders, terrain, kind):
    """Red's units (type, hex) move into Yellow's site at 31 and the Battle starts (16.4 on); Red
    has no City on Mountain, hence no Combat Supply (11.2)."""
    from engine.viktory import scenario
    s, me, them = sea_war(luck=True)
    scenario.put(s, me, "infantry", 38)
    scenario.add_site(s, me, 20, kind="city", terrain="grassland")  # a Cavalry
    scenario.add_site(s, them, 31, kind=kind, terrain=terrain)
    scenario.add_site(s, them, 23, kind="city", terrain="mountain")
    for t in defenders:
        scenario.put(s, them, t, 31)
    for t, h in attackers:
        do(s, ["unit", scenario.put(s, me, t, h)["id"]], 31)
    do(s, ["battle", 31])
    assert s["battle"]["step"] == "avg_attacker" and rules.active(s) == [me]
    return s, me


def test_medium_uses_luck_averaging_when_favoured_and_rolls_as_the_underdog():
    """16.4: favoured (four units of two types from two sides against one Infantry in a Town), the
    attacker gives up a pair of dice for the sure hit that kills the defender; as the underdog
    (against a Mountain City held by Infantry and Artillery) it rolls every die."""
    s, me = _averaging_battle([("infantry", 30), ("infantry", 30), ("cavalry", 39), ("infantry", 39)],
                              ["infantry"], "plains", "town")
    assert bots.medium().choose(GAME, s, me, 5) == ["average", 1]
    s, me = _averaging_battle([("infantry", 30), ("cavalry", 30)], ["infantry", "artillery", "infantry"],
                              "mountain", "city")
    assert ["average", 1] in rules.actions(s, me)
    assert bots.medium().choose(GAME, s, me, 5) == ["average", 0]


def test_medium_makes_amphibious_landings_on_a_weak_island_town():
    """10.47: an enemy Town on an island (hex 31, water all round) and a Frigate next to three
    Infantry: Medium embarks them, sails next to the Town and lands into it."""
    from engine.viktory import scenario
    s, me, them = sea_war()
    for h in (23, 30, 32, 39, 40):
        scenario.set_terrain(s, h, "water")
    scenario.add_site(s, them, 31, terrain="plains")
    for h in (52, 48, 48):
        scenario.put(s, them, "infantry", h)
    scenario.put(s, me, "infantry", 38)
    scenario.put(s, me, "frigate", 21)
    for _ in range(3):
        scenario.put(s, me, "infantry", 29)
    bot = bots.medium()
    seen = _play_turn(s, me, bot)
    assert any(isinstance(a, list) and a[0] == "land" and a[1] == 31 for a in seen), seen
    assert s["sites"][31]["owner"] == me or 31 in s["battled"]
    rules.invariants(s)


def test_bots_play_the_variants_legally_and_medium_uses_them():
    """16.4 Luck Averaging, 16.5 Relocation and 16.7 Frigate Options on: read-only, deterministic,
    legal to the end; Medium makes Luck Averaging choices."""
    session = _session([2, 1], 4, luck=True, relocation=True, frigates=True)
    res = _finish(session, check=True)
    assert res is not None
    assert any("16.4" in line and ("rolls every die" in line or "gives up" in line) for line in session.state["log"])


def test_a_rules_change_the_heuristics_do_not_know_falls_back_to_a_legal_action(monkeypatch):
    monkeypatch.setattr(bots.ViktoryBot, "strict", False)

    def broken(self, legal):
        raise KeyError("a new state key")
    monkeypatch.setattr(bots._Context, "decide", broken)
    s, me, _them = sea_war()
    assert bots.medium().choose(GAME, s, me, 1) == "end_movement"


def test_medium_moves_the_twin_of_its_capital_defender():
    """Two Infantry in the Capital are interchangeable, and rules._movable offers only the first:
    Medium gives the orders to the unit it can select, so one walks towards the enemy (without
    ViktoryBot.canonical the order went to the twin that cannot be selected: nothing moved)."""
    from engine.viktory import scenario
    s, me, them = sea_war()
    for _ in range(2):
        scenario.put(s, me, "infantry", 38)
    for h in (52, 48, 48, 48):
        scenario.put(s, them, "infantry", h)
    _play_turn(s, me, bots.medium())
    infantry = sorted(u["hex"] for u in pieces.units_of(s, me) if u["type"] == "infantry" and u["hex"] is not None)
    assert 38 in infantry and infantry != [38, 38], infantry


def test_medium_walks_around_water_by_land_paths():
    """From hex 14 to hex 29 the straight way crosses the water at 21: Medium's next step is 13,
    on the land path 14-13-20-29; by hex distance no step was closer."""
    from engine.viktory import scenario
    s, me, _them = sea_war()
    u = scenario.put(s, me, "infantry", 14)
    medium, easy = bots.medium(), bots.easy()
    assert bots._Context(medium, s, me, bots._Rand(0)).next_step(u, 29) == 13
    assert bots._Context(easy, s, me, bots._Rand(0)).next_step(u, 29) is None


# --- 16.8 Subjugation ----------------------------------------------------------------------------

def test_a_ruler_passing_through_his_vassal_moves_on_instead_of_attacking():
    """16.84: a Ruler's unit standing in his Vassal's hex may move on or click "done", which means
    stopping there and attacking the Vassal (freeing him, 16.85): the bots move on, Easy's random
    decisions included, and never step into the Vassal's hex with no MP left to leave it."""
    from tests.test_viktory_subjugation import three_way
    for level in (1, 2):
        for seed in range(8):
            s, me, them, third = three_way()
            scenario.put(s, them, "infantry", 56)
            a = scenario.put(s, me, "infantry", 46)
            do(s, ["unit", a["id"]], 56)
            assert movement.passing(s, a) and "done" in rules.actions(s, me)
            choice = GAME.bot(level).choose(GAME, s, me, seed)
            assert choice != "done" and type(choice) is int, (level, seed, choice)
            do(s, choice)
            assert s["attacks"] == [] and s["rulers"] == {them: me}
    s, me, them, third = three_way()
    scenario.put(s, them, "infantry", 56)
    a = scenario.put(s, me, "infantry", 46)
    a["mp"] = 1  # entering 56 would leave it no MP to move on: a forced attack
    do(s, ["unit", a["id"]])
    assert 56 in rules.actions(s, me)
    assert 56 in bots.alliance_attacks(s, me, rules.actions(s, me))
    for level in (1, 2):
        assert all(GAME.bot(level).choose(GAME, s, me, seed) != 56 for seed in range(8))


def test_relocation_out_of_a_vassal_capital_prefers_a_hex_without_enemies():
    """16.82: the Ruler's units leave the captured Capital (47) for any adjacent hex; one holding
    another player means a Battle. Not the Vassal's own Town (36, no units near: the lowest
    threat, where the bots used to go, freeing the Vassal) nor a strong enemy stack (48)."""
    from tests.test_viktory_subjugation import take_capital_47
    for level in (1, 2):
        s, me, them, third, a = take_capital_47()
        scenario.add_site(s, them, 36)
        scenario.add_site(s, third, 62, kind="city")  # a Plains City: 3 Infantry
        for _ in range(3):
            scenario.put(s, third, "infantry", 48)
        assert {36, 48} <= set(rules.actions(s, me))
        choice = GAME.bot(level).choose(GAME, s, me, 1)
        assert choice not in (36, 48) and not pieces.others_in(s, choice, me), (level, choice)
        do(s, choice)
        assert s["rulers"] == {them: me} and s["attacks"] == []


def test_medium_relocates_into_a_battle_only_when_it_favours_it():
    """16.82: three Infantry leaving the Capital next to an empty enemy Town (48): a Battle they
    are likely to win, so they go there, all of them (the Battle is fought with every unit
    relocated there)."""
    from tests.test_viktory_subjugation import take_capital_47
    s, me, them, third, a = take_capital_47()
    scenario.add_site(s, third, 48)
    scenario.add_site(s, me, 62, kind="city")  # a Plains City: 3 more Infantry in the Reserve
    for _ in range(2):
        scenario.put(s, me, "infantry", 47)
    bot = bots.medium()
    for _ in range(3):
        assert rules.active(s) == [me] and s["relocate"] is not None
        do(s, bot.choose(GAME, s, me, 1))
    assert sum("relocates to hex 48 (16.82) — a Battle ensues" in line for line in s["log"]) == 3
    assert s["rulers"] == {them: me}


def test_the_fallback_never_picks_the_done_that_attacks_a_vassal(monkeypatch):
    from tests.test_viktory_subjugation import three_way
    assert bots._fallback(["done", 57, 66], ["done"]) == 57
    monkeypatch.setattr(bots.ViktoryBot, "strict", False)

    def broken(self, legal):
        raise KeyError("a new state key")
    monkeypatch.setattr(bots._Context, "decide", broken)
    s, me, them, third = three_way()
    scenario.put(s, them, "infantry", 56)
    a = scenario.put(s, me, "infantry", 46)
    do(s, ["unit", a["id"]], 56)
    legal = rules.actions(s, me)
    assert "done" in legal
    choice = bots.medium().choose(GAME, s, me, 1)
    assert choice != "done" and choice in legal


def _subjugation_game(seed, seats, options):
    """One 3-player game, a bot level per role; the state at the end."""
    roles = rules.roles(options)
    state, _, _ = play_timed(GAME, seed, options, lambda role: seats[roles.index(role)], 20000)
    return state


def test_medium_and_easy_play_subjugation_games_to_the_end():
    """16.8 on (and 16.87 in half the games): no bot error (strict, tests/conftest.py), every game
    ends, and no Ruler stops in his Vassal's hex to attack him."""
    for k in range(6):
        options = {"players": 3, "subjugation": True, "alliance_two": k % 2 == 1}
        seats = [2, 1, 2] if k % 2 == 0 else [1, 2, 1]
        state = _subjugation_game(7300 + k, seats, options)
        assert state["result"] is not None, k
        assert not any("a Battle against the Vassal" in line for line in state["log"]), k
        assert any("Vassal (16.81)" in line for line in state["log"]), k


def _vassal_frigate_placement():
    """test_viktory_subjugation's set-up: me takes their Capital (47); their Frigate in the Reserve
    may go next to it only at 36, among a third player's Frigate (14.5: a Naval Battle at once)."""
    from play_helpers import rig_dice
    from tests.test_viktory_subjugation import three_way
    s, me, them, third = three_way()
    scenario.set_terrain(s, 36, "water")  # next to their Capital (47)
    scenario.add_site(s, them, 53, kind="city", terrain="forest")  # their Frigate, in the Reserve
    scenario.add_site(s, third, 73, kind="city", terrain="forest")
    scenario.put(s, third, "frigate", 36)
    s["rulers"] = {}
    a = scenario.put(s, me, "infantry", 46)
    do(s, ["unit", a["id"]], 47)
    rig_dice(s, [6, 6])
    do(s, ["battle", 47], 46)  # captured; my Infantry relocates back to 46
    return s, me, them, third


def test_a_vassal_reinforces_his_capital_and_fights_the_frigate_battle_of_14_5():
    """16.82 with 14.5: the new Vassal puts his land units into his Capital and keeps a lone
    Frigate rather than attack an equal enemy Frigate; placed there, it fights at once, the Vassal
    attacking during his Ruler's turn: the bots answer the Battle (rules.active puts it before the
    reinforcement) and the reinforcement then ends."""
    from play_helpers import rig_dice
    s, me, them, third = _vassal_frigate_placement()
    bot = bots.medium()
    seen = []
    while s["reinforce"] is not None:
        seen.append(bot.choose(GAME, s, them, 1))
        do(s, seen[-1])
    assert seen == ["infantry", "infantry", "done"]
    s, me, them, third = _vassal_frigate_placement()
    rig_dice(s, [6, 6])  # the first Fire Round misses on both sides
    do(s, 36)
    fought = False
    for step in range(40):
        if s["reinforce"] is None and s["battle"] is None and not s["losses"]:
            break
        fought = fought or s["battle"] is not None
        role = rules.active(s)[0]
        do(s, bot.choose(GAME, s, role, step))
    assert fought and s["reinforce"] is None and s["battle"] is None
    assert s["current"] == me and s["rulers"] == {them: me}
    rules.invariants(s)
