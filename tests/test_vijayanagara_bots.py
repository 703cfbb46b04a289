"""Vijayanagara computer players (bots.py): legal, deterministic, never change the state they are
given, pursue 5.1-5.3 in their score, and finish games."""
import copy

from engine.core import api
from engine.vijayanagara import (
    GAME,
    board_state,
    bot_hard,
    bot_negotiation,
    bots,
    data,
    rules,
)
from engine.vijayanagara.data import BAHMANI, DELHI, VIJAYANAGARA


def play_out(level, seed, limit=3_000):
    state = rules.setup(seed, {})
    bot = GAME.bot(level)
    for n in range(limit):
        if rules.result(state) is not None:
            return state, n
        role = rules.active(state)[0]
        action = bot.choose(GAME, state, role, seed * 7919 + n)
        if action == "negotiate":  # 1.5.2: only as bot_negotiation.py allows
            assert bot_negotiation.plan(state, role) is not None
        api.play(GAME, state, role, action)
    raise AssertionError("no result")


def test_bot_levels():
    assert [b.name for b in GAME.bot_levels] == ["Random", "Easy", "Medium", "Hard"]


def test_bots_are_deterministic_legal_and_leave_the_state_alone():
    state = rules.setup(3, {})
    for step in range(12):
        role = rules.active(state)[0]
        before = copy.deepcopy(state)
        for level in ((1, 2) if step % 3 == 0 else (1,)):
            a = GAME.bot(level).choose(GAME, state, role, 17)
            assert a == GAME.bot(level).choose(GAME, state, role, 17)
            assert any(type(a) is type(b) and a == b for b in rules.actions(state, role))
            assert state == before
        api.play(GAME, state, role, GAME.bot(1).choose(GAME, state, role, 5))


def _containers(value, path="state"):
    """(path, object) of every dict and list inside `value`."""
    if isinstance(value, dict):
        yield path, value
        for k, v in value.items():
            yield from _containers(v, f"{path}[{k!r}]")
    elif isinstance(value, list):
        yield path, value
        for i, v in enumerate(value):
            yield from _containers(v, f"{path}[{i}]")


def test_the_bots_copy_is_the_position_and_shares_nothing_mutable_with_it():
    """bots.clone (tens of thousands a decision) copies rules.setup's layout by hand: the copy equals
    the state (its log empty) and no dict or list of the copy is one of the state's (but last_battle
    and result, which the rules replace and never change in place), at positions of Commands,
    battles, Events, Negotiation and the Succession."""
    state = rules.setup(11, {})
    assert bots._LAYOUT == state.keys()  # else every copy takes the slow, generic path
    bot = GAME.bot(1)
    kinds = set()
    for n in range(400):
        if rules.result(state) is not None:
            break
        twin = bots.clone(state)
        assert twin["log"] == [] and {**twin, "log": state["log"]} == state
        theirs = {id(obj) for key, value in state.items() if key not in ("log", "last_battle", "result")
                  for path, obj in _containers(value)}
        shared = [path for path, obj in _containers(twin) if id(obj) in theirs]
        assert not shared, shared
        kinds.update(frame["kind"] for frame in state["stack"])
        role = rules.active(state)[0]
        api.play(GAME, state, role, bot.choose(GAME, state, role, n))
    assert {"option", "command", "move_units", "battle", "effects", "negotiate", "succession"} <= kinds


def test_score_follows_each_factions_victory_points():
    s = rules.setup(1, {})
    base = {f: bots.score(s, f) for f in data.FACTIONS}
    s["tributary"]["Karnataka"] = False  # 1.6, 1.7: Vijayanagara Controls Karnataka (Prosperity 2)
    board_state.update_control(s)
    assert bots.score(s, VIJAYANAGARA) > base[VIJAYANAGARA]  # 5.3
    assert bots.score(s, DELHI) < base[DELHI]  # 5.1: one Tributary fewer
    s2 = rules.setup(1, {})
    board_state.place(s2, "fort", "Maharashtra")  # 5.2: a Fort is a victory point
    assert bots.score(s2, BAHMANI) > base[BAHMANI]


def test_the_scores_count_of_pieces_reads_each_factions_kinds_in_order():
    """positional() unpacks a space's pieces as Delhi's, Bahmani's, Vijayanagara's kinds (1.4)."""
    here = {kind: 2 ** i for i, kind in enumerate(data.PIECE_KINDS)}
    assert bots._FACTIONS_PIECES(here) == tuple(here[k] for f in data.FACTIONS for k in data.KINDS_OF[f])
    assert len(bots._FACTIONS_PIECES(here)) == 9


def test_easy_bots_finish_a_game():
    state, n = play_out(1, 2)
    assert state["timurids"] == 2 and rules.result(state)["winners"] and n > 100


def test_medium_bots_play_legal_turns():
    """A whole game of three Medium bots takes ~20 s (see the status in __init__.py): here 80 actions."""
    state = rules.setup(4, {})
    bot = GAME.bot(2)
    for n in range(50):
        role = rules.active(state)[0]
        api.play(GAME, state, role, bot.choose(GAME, state, role, n))
        rules.invariants(state)
    assert len(state["played"]) > 3


def test_bahmani_bots_rebel_where_they_hold_a_majority():
    """5.2: Rebel (3.3.3) turns a Tributary with a Bahmani majority into Bahmani Control."""
    s = rules.setup(1, {})
    s["dynasty"] = "Tughlaq"  # 2.7: Rebel allowed
    s["stack"] = [{"kind": "action", "role": BAHMANI, "limited": False, "free": False, "decree": None,
                   "command": None, "only": None}]
    for level in (1, 2):
        assert GAME.bot(level).choose(GAME, s, BAHMANI, 3) == "rebel"
    s["stack"].append({"kind": "command", "role": BAHMANI, "command": "rebel", "limited": False,
                       "free": False, "selected": [], "shifted": False})
    assert GAME.bot(2).choose(GAME, s, BAHMANI, 3) == "Maharashtra"  # 4 Amirs, Prosperity 2


def test_hard_bot_is_deterministic_legal_blind_and_within_its_budget():
    """Hard (bot_hard.py, the core's search): same seed, same choice; legal; the state is untouched;
    the choice does not depend on the real deck order or the real generator (copies are blind); every
    decision stays within its counted budget of rules.apply calls (the think-time bound, see
    docs/benchmarks.md; a round of the search may finish the pass that crosses its share)."""
    state = rules.setup(5, {})
    hard = GAME.bot(3)
    kinds, worst = set(), 0
    for step in range(40):
        role = rules.active(state)[0]
        before = copy.deepcopy(state)
        a = hard.choose(GAME, state, role, 100 + step)
        worst = max(worst, hard.applies)
        assert state == before
        assert any(type(a) is type(b) and a == b for b in rules.actions(state, role))
        if step % 8 == 0:
            assert GAME.bot(3).choose(GAME, state, role, 100 + step) == a
            other = copy.deepcopy(state)
            other["deck"] = reverse_stacks(other["deck"])  # hidden: the order of the deck (2.3)
            other["rng"] = (other["rng"] * 7 + 3) % 2**64  # hidden: the dice to come
            assert GAME.bot(3).choose(GAME, other, role, 100 + step) == a
        kinds.add(state["stack"][-1]["kind"])
        api.play(GAME, state, role, a)
        rules.invariants(state)
    assert {"option", "action"} <= kinds
    assert 500 < worst <= 2 * bot_hard.STRATEGIC_BUDGET


def test_hard_is_the_cores_search_looking_to_the_end_of_the_card_at_strategic_choices():
    """At the card option (2.3.3) and the Command choice the Sultanate's and the Bahmani Kingdom's
    horizon is the end of the card, with the other Factions' replies; the Vijayanagara Empire's, as
    everyone's elsewhere, the end of the Faction's own turn (the next option): CARD_HORIZON."""
    assert bot_hard.CARD_HORIZON == {DELHI: 1, BAHMANI: 1, VIJAYANAGARA: 0}
    s = rules.setup(1, {})
    assert rules.active(s)[0] == BAHMANI and s["stack"][-1]["kind"] == "option"
    hard = bot_hard.hard()
    assert isinstance(hard, bot_hard.Search)
    hard.choose(GAME, s, BAHMANI, 4)
    assert hard.deep and hard.root_card == s["card"] and hard.budget == bot_hard.STRATEGIC_BUDGET
    later = copy.deepcopy(s)
    later["card"] = "another card"
    assert hard._stop(BAHMANI, later, {})  # the card is over
    assert not hard._stop(BAHMANI, s, {})  # an option of the same card: play on
    empire = rules.setup(2, {})
    assert rules.active(empire)[0] == VIJAYANAGARA and empire["stack"][-1]["kind"] == "option"
    hard.choose(GAME, empire, VIJAYANAGARA, 4)
    assert not hard.deep and hard.budget == bot_hard.STRATEGIC_BUDGET
    assert hard._stop(VIJAYANAGARA, empire, {})  # an option: the Empire's turn is over


def test_hard_rollout_policy_follows_the_hard_seats_faction():
    """REPLY_STEPS: in the Sultanate's look-aheads every Faction chooses greedily at a card option
    (2.3.3) too (0 steps), in the Deccan Factions' they look some steps through it."""
    s = rules.setup(1, {})
    role = rules.active(s)[0]
    assert s["stack"][-1]["kind"] == "option"
    assert bot_hard.REPLY_STEPS[DELHI] == 0 and bot_hard.REPLY_STEPS[BAHMANI] > 0
    hard = bot_hard.hard()
    hard.choose(GAME, s, role, 4)
    assert hard.policy.steps == bot_hard.REPLY_STEPS[role] and 0 < hard.cap <= bot_hard.LOOK_CAP
    acts = bots.legal(rules, s, role)
    greedy = bot_hard.Policy(0)
    assert greedy.choose(GAME, s, role, 9) == bot_hard.Policy().greedy(rules, s, role, 9, s["card"])
    assert greedy.applies == len(acts)  # one trial per action
    looking = bot_hard.Policy(8)
    looking.choose(GAME, s, role, 9)
    assert looking.applies > 2 * len(acts)  # each action played on through its steps


def test_the_hard_empire_judges_its_units_at_its_own_weight():
    """UNIT: the Empire's Hard weighs a Unit on the map at UNIT[VIJAYANAGARA], less than Medium's
    bots.UNIT, in its judge and in its own choices inside its look-aheads; other Factions' Hard, and
    the Empire's choices inside their look-aheads, weigh Units as Medium does."""
    s = rules.setup(1, {})
    units = sum(sum(bots._UNITS[VIJAYANAGARA](s["spaces"][p])) for p in data.PROVINCES)
    assert units == 6 and bot_hard.UNIT[VIJAYANAGARA] < bots.UNIT
    hard = bot_hard.hard()
    hard.root_card = s["card"]
    medium_judge = bot_hard.score(s, VIJAYANAGARA, s["card"])
    fewer = (bots.UNIT - bot_hard.UNIT[VIJAYANAGARA]) * units
    assert abs(hard._judge(s, VIJAYANAGARA) - (medium_judge - fewer)) < 1e-9
    assert hard._judge(s, BAHMANI) == bot_hard.score(s, BAHMANI, s["card"])
    role = rules.active(s)[0]
    assert role == BAHMANI
    hard.choose(GAME, s, role, 4)
    assert hard.policy.units == {BAHMANI: bots.UNIT}  # the Bahmani Kingdom's look-aheads: Medium's weights
    while rules.active(s)[0] != VIJAYANAGARA:
        role = rules.active(s)[0]
        api.play(GAME, s, role, bots.easy().choose(GAME, s, role, 3))
    hard.choose(GAME, s, VIJAYANAGARA, 4)
    assert hard.policy.units == {VIJAYANAGARA: bot_hard.UNIT[VIJAYANAGARA]}


def test_hard_bahmani_rebels_where_it_holds_a_majority():
    """A position with a clearly best Command: Rebel (3.3.3) where the Bahmani hold a majority (4
    Amirs in Maharashtra, Prosperity 2; Gondwana) turns Tributaries into Bahmani Control (5.2).
    Hard finds the Command and, choosing every step of it, takes both Provinces (which first is
    the same to it)."""
    s = rules.setup(1, {})
    s["dynasty"] = "Tughlaq"  # 2.7: Rebel allowed
    s["stack"] = [{"kind": "action", "role": BAHMANI, "limited": False, "free": False, "decree": None,
                   "command": None, "only": None}]
    assert GAME.bot(3).choose(GAME, s, BAHMANI, 3) == "rebel"
    s["stack"].append({"kind": "command", "role": BAHMANI, "command": "rebel", "limited": False,
                       "free": False, "selected": [], "shifted": False})
    for n in range(12):
        if s["stack"][-1]["kind"] != "command":
            break
        api.play(GAME, s, BAHMANI, GAME.bot(3).choose(GAME, s, BAHMANI, 3 + n))
    assert s["control"]["Maharashtra"] == s["control"]["Gondwana"] == BAHMANI
    assert not s["tributary"]["Maharashtra"] and not s["tributary"]["Gondwana"]


def test_three_hard_bots_on_a_small_budget_finish_a_game():
    """The Hard code paths to the end of a game (2.6), with every seat Hard; the full budget takes
    a minute or so a game, so here a small one."""
    state = rules.setup(8, {})
    bot = bot_hard.HardBot(budget=60, strategic_budget=120)
    for n in range(3_000):
        if rules.result(state) is not None:
            break
        role = rules.active(state)[0]
        api.play(GAME, state, role, bot.choose(GAME, state, role, n))
    rules.invariants(state)
    assert rules.result(state)["winners"] and state["timurids"] == 2 and n > 150


def test_hard_score_adds_eligibility_to_the_victory_conditions():
    """Hard's evaluation is bots.score (5.1-5.3) plus ELIGIBLE for being Eligible next card (2.3.7)."""
    s = rules.setup(1, {})
    card = s["card"]
    for f in data.FACTIONS:
        assert bot_hard.score(s, f, card) == bots.score(s, f) + bot_hard.ELIGIBLE
    s["sop"]["forks"]["command+decree"] = BAHMANI  # a forked option: Ineligible next card
    assert bot_hard.score(s, BAHMANI, card) == bots.score(s, BAHMANI)
    s["sop"]["stay"].append(BAHMANI)  # ... unless its Event said Stay Eligible
    assert bot_hard.score(s, BAHMANI, card) == bots.score(s, BAHMANI) + bot_hard.ELIGIBLE
    t = copy.deepcopy(s)
    t["tributary"]["Karnataka"] = False  # Vijayanagara Controls Karnataka, Prosperity 2
    board_state.update_control(t)
    assert bot_hard.score(t, VIJAYANAGARA, card) > bot_hard.score(s, VIJAYANAGARA, card) + 1.0
    assert bot_hard.score(t, DELHI, card) < bot_hard.score(s, DELHI, card) - 1.0


def test_look_through_choices_do_not_see_their_own_dice():
    """A choice inside a look-through is judged on a copy with another generator (no clairvoyant
    rollouts), and a blind copy does not depend on the real deck order, the Events left out of it or
    the generator."""
    s = rules.setup(6, {})
    c = bot_hard.reseeded(s, 11)
    assert c["rng"] != s["rng"] and c["deck"] == s["deck"] and c is not s
    from engine.vijayanagara import events
    other = copy.deepcopy(s)
    other["deck"] = reverse_stacks(other["deck"])
    aside = next(events.event_id(e["number"]) for e in events.EVENTS
                 if events.event_id(e["number"]) not in s["deck"] + s["played"])  # left out unseen (2.1)
    other["deck"][next(i for i, card in enumerate(other["deck"]) if card[0] == "E")] = aside
    other["rng"] += 12345
    assert bots.blind(s, 9)["deck"] == bots.blind(other, 9)["deck"]
    assert bots.blind(s, 9)["rng"] == bots.blind(other, 9)["rng"]
    # what every Faction knows stays: the Succession cards in place, each stack's cards of each kind
    assert stack_kinds(bots.blind(s, 9)["deck"]) == stack_kinds(s["deck"])
    assert set(bots.blind(s, 9)["deck"]).isdisjoint(s["played"])


def reverse_stacks(deck) -> list:
    """The deck with each stack of 2.1 in reverse order; the Succession cards, seen by all, stay put."""
    out, stack = [], []
    for card in deck + [None]:
        if card is None or card[0] == "S":
            out += stack[::-1] + ([card] if card else [])
            stack = []
        else:
            stack.append(card)
    return out


def stack_kinds(deck) -> list:
    """The Succession cards, and between them the sorted kinds (E, M, T) of each stack's cards."""
    out, stack = [], []
    for card in deck + [None]:
        if card is None or card[0] == "S":
            out += [sorted(stack)] + ([card] if card else [])
            stack = []
        else:
            stack.append(card[0])
    return out


def last_stack_with_a_leader():
    """Bahmani ahead in the last stack, Vijayanagara close behind, the Sultanate out of the race
    (few Tributaries left, Mongols in Delhi): the Sultanate should help Vijayanagara."""
    s = rules.setup(2, {})
    s["played"] += s["deck"][:-6]
    s["deck"] = s["deck"][-6:]
    s["resources"][DELHI] = 10
    s["cavalry"][DELHI] = 2
    for prov, kind in (("Maharashtra", "amir_r"), ("Gujarat", "amir_r"), ("Malwa", "amir_r"),
                       ("Jaunpur", "amir_r"), ("Andhra", "raja_r"), ("Karnataka", "raja_r"),
                       ("Tamilakam", "raja_r"), ("Orissa", "raja_r")):
        s["tributary"][prov] = False
        s["spaces"][prov][kind] += 8
    board_state.place(s, "mongol", data.DELHI_SPACE, 6)  # 5.1: the Delhi adjustment at its worst
    board_state.update_control(s)
    s["stack"] = [{"kind": "option", "role": DELHI}]
    return s


def test_bots_negotiate_against_a_leader_a_bounded_number_of_times():
    """1.5.2: a Faction out of the race gives Resources and Cavalry to the one that can still catch
    the leader, never to the leader, at most MAX_GIFTS tokens per decision, then plays on."""
    s = last_stack_with_a_leader()
    vp = board_state.victory_points(s, final=True)
    leader = max(vp, key=vp.get)
    assert leader == BAHMANI and vp[BAHMANI] - vp[DELHI] >= bot_negotiation.LOST
    assert bot_negotiation.plan(s, DELHI)[0] == VIJAYANAGARA
    assert bot_negotiation.plan(s, BAHMANI) is None  # the leader gives nothing
    for level in (2, 3):
        t = copy.deepcopy(s)
        bot = GAME.bot(level)
        gifts = []
        for n in range(30):
            a = bot.choose(GAME, t, DELHI, n)
            if t["stack"][-1]["kind"] == "option" and a != "negotiate":
                break
            if isinstance(a, list):
                gifts.append(a)
            api.play(GAME, t, DELHI, a)
        assert 1 <= len(gifts) <= bot_negotiation.MAX_GIFTS
        assert all(g[0] == "give" and g[1] == VIJAYANAGARA for g in gifts)
        assert t["cavalry"][VIJAYANAGARA] == 2 and t["resources"][DELHI] >= bot_negotiation.RESERVE
        assert len(gifts) == bot_negotiation.MAX_GIFTS  # 2 Cavalry + 4 Resources
        assert a in rules.actions(t, DELHI) and a != "negotiate"  # opened once, then decides
    early = rules.setup(2, {})
    assert bot_negotiation.plan(early, DELHI) is None and bot_negotiation.plan(early, BAHMANI) is None
