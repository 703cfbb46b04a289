"""Rules tests for Yudhbhoomi, citing the rulebook's headings (it has no section numbers)."""
import pytest

from engine.core.api import IllegalAction, play
from engine.yudhbhoomi import GAME, attacks, campaigns, cards, data, movement, rules, turn
from engine.yudhbhoomi.data import sq

G, Y = "Green", "Yellow"


def playing(options=None, seed=1):
    """A game past the army building, with no soldiers yet, Green to play."""
    state = rules.setup(seed, options or {})
    for _ in state["seats"]:
        if state["options"]["campaign"] == data.RANI:
            while state["phase"] == "army":
                rules.apply(state, rules.active(state)[0], ["kind", "swordsman"])
        else:
            rules.apply(state, rules.active(state)[0], "done")
    assert state["phase"] == "play"
    return state


def put(state, owner, kind, pos, defence=None):
    sid = turn.add_soldier(state, owner, kind, pos)
    if defence is not None:
        state["soldiers"][sid]["def"] = defence
    return sid


def rig(state, dice):
    """The final roll is `dice` (symbols): straight to resolving."""
    t = state["turn"]
    t["dice"], t["held"] = list(dice), [True] * len(dice)
    turn.to_resolve(state)


M, X, O = data.MOVE, data.HIT, data.HEAL


# --- "Defence (Shield) Tokens", "Moving Soldiers", "Attacking", "Carrying Capacity": the soldiers ------

def test_soldier_table():
    table = {k: (v["defence"], v["move"], v["range"], v["penalty"], v["carry"]) for k, v in data.SOLDIERS.items()}
    assert table["swordsman"] == (4, 0, 1, 0, 1)
    assert table["swordswoman"] == (4, 0, 1, 0, 1)
    assert table["spearman"] == (3, 0, 2, 1, 1)
    assert table["archer"] == (2, 0, 3, 1, 1)
    assert table["horse"] == (4, 1, 1, 0, 2)
    assert table["elephant"] == (5, -1, 3, 0, data.UNLIMITED)
    assert table["rani"][:3] == (5, 1, 1)          # "Rani Abbakka ... Specific Movement Rules"
    assert [data.SOLDIERS[k]["defence"] for k in ("patrol", "guard", "general")] == [2, 3, 4]


def test_cards_and_dice_counts():
    assert len(data.CARDS) == 54 and len(data.DIE_FACES) == 6
    assert {data.CARD_KINDS[k][1] for k in data.CARDS} == {"movement", "attack", "defence", "recovery", "tactic"}


def test_setup_deals_four_cards_and_places_eight_treasures():
    state = rules.setup(3, {})
    assert all(len(h) == 4 for h in state["hands"].values())        # "Setup" 5.
    assert sum(state["treasure"].values()) == 8                       # "#1 Treasure Campaign"
    assert rules.actions(state, G)[-1] == "done"


# --- "Recruiting Soldiers" --------------------------------------------------------------------------

def test_recruiting_costs_two_dice_a_soldier_and_five_for_three():
    state = playing()
    play(GAME, state, G, ["recruit", "archer"])
    play(GAME, state, G, ["recruit", "spearman"])
    assert state["turn"]["dice_left"] == 1
    play(GAME, state, G, ["recruit", "horse"])                       # the 5th die buys the 3rd
    assert sum(1 for s in state["soldiers"] if s["owner"] == G) == 3
    assert all(s["pos"] is None and s["def"] == data.SOLDIERS[s["kind"]]["defence"] for s in state["soldiers"])
    assert state["turn"]["seat"] == Y                                 # no dice left: the turn is skipped


def test_one_recruit_and_one_draw_leave_one_die():
    state = playing()
    play(GAME, state, G, ["recruit", "archer"])
    play(GAME, state, G, "draw")
    assert state["turn"]["dice_left"] == 1 and len(state["hands"][G]) == 5
    assert not any(isinstance(a, list) and a[0] == "recruit" for a in rules.actions(state, G))
    assert "draw" not in rules.actions(state, G) and "roll" in rules.actions(state, G)


# --- "Power Cards": the hand limit of 6 ------------------------------------------------------------------

def test_hand_limit_six():
    state = playing()
    play(GAME, state, G, "draw")
    play(GAME, state, G, "draw")
    assert len(state["hands"][G]) == 6
    play(GAME, state, G, "draw")                                      # all 5 dice: a third card
    assert rules.active(state) == [G] and all(a[0] == "discard" for a in rules.actions(state, G))
    play(GAME, state, G, rules.actions(state, G)[0])
    assert len(state["hands"][G]) == 6


# --- "Dice Roll and Action Selection", "Game Turn" 3.-4. ------------------------------------------------

def test_three_rolls_then_a_card_for_a_reroll():
    state = playing()
    play(GAME, state, G, "roll")
    play(GAME, state, G, "reroll")
    play(GAME, state, G, "reroll")
    legal = rules.actions(state, G)
    assert "reroll" not in legal
    rerolls = [a for a in legal if isinstance(a, list) and a[0] == "reroll_card"]
    assert len(rerolls) == 4
    play(GAME, state, G, rerolls[0])
    assert len(state["hands"][G]) == 3 and state["turn"]["rolls"] == 4


def test_five_equal_symbols_give_a_bonus_card():
    state = playing()
    play(GAME, state, G, "roll")
    state["turn"]["dice"] = [X] * 5
    play(GAME, state, G, "accept")
    assert len(state["hands"][G]) == 5 and state["turn"]["pool"][X] == 5


def test_held_dice_are_not_rerolled():
    state = playing(seed=5)
    play(GAME, state, G, "roll")
    kept = state["turn"]["dice"][0]
    play(GAME, state, G, ["hold", 0])
    for _ in range(2):
        play(GAME, state, G, "reroll")
        assert state["turn"]["dice"][0] == kept


# --- "Moving Soldiers", "Resolving Movement" ---------------------------------------------------------

def test_horse_gets_plus_one_and_elephant_minus_one():
    state = playing()
    h = put(state, G, "horse", sq(0, 5))
    e = put(state, G, "elephant", sq(0, 9))
    rig(state, [M, M, M, X, X])
    play(GAME, state, G, ["select", h])
    play(GAME, state, G, ["to", sq(1, 5)])
    play(GAME, state, G, ["to", sq(1, 6)])                           # the free step
    assert state["turn"]["pool"][M] == 2
    play(GAME, state, G, ["select", e])
    play(GAME, state, G, ["to", sq(1, 9)])                           # costs 2
    assert state["turn"]["pool"][M] == 0


def test_mounted_soldiers_cannot_use_small_entrances_walls_or_the_palace():
    assert not movement.step_ok(sq(5, 1), sq(5, 2), "horse")           # small entrance
    assert movement.step_ok(sq(5, 1), sq(5, 2), "archer")
    assert movement.step_ok(sq(1, 7), sq(2, 7), "elephant")           # main entrance
    assert not movement.step_ok(sq(4, 5), sq(5, 5), "horse")           # palace
    assert not movement.step_ok(sq(1, 4), sq(2, 4), "archer")          # wall without stairs
    assert movement.step_ok(sq(3, 3), sq(2, 3), "archer")              # stairs up
    assert not movement.step_ok(sq(3, 3), sq(2, 3), "horse")


def test_no_passing_pillars_diagonally():
    assert not movement.step_ok(sq(3, 4), sq(4, 5), "swordsman") or sq(4, 4) not in data.PILLARS
    assert not movement.step_ok(sq(4, 5), sq(3, 4), "swordsman")
    assert not movement.step_ok(sq(4, 3), sq(4, 4), "swordsman")


def test_one_soldier_a_square_and_entering_from_camp():
    state = playing()
    a = put(state, G, "swordsman", None)
    b = put(state, G, "archer", data.CAMP[G])
    rig(state, [M, M, O, O, O])
    assert ["select", a] not in rules.actions(state, G)               # the camp square is taken
    play(GAME, state, G, ["select", b])
    play(GAME, state, G, ["to", sq(1, 1)])
    play(GAME, state, G, ["select", a])
    play(GAME, state, G, ["to", data.CAMP[G]])
    assert state["soldiers"][a]["pos"] == data.CAMP[G]


# --- "Attacking": range, line of sight, elevation --------------------------------------------------------

def test_line_of_sight_archer_on_the_wall_and_the_palace_roof():
    state = playing()
    archer = put(state, G, "archer", sq(2, 5))                         # on the wall
    inside = put(state, Y, "swordsman", sq(5, 5))                      # in the palace, 3 away
    ground = put(state, Y, "spearman", sq(4, 6))                       # on the patrol ground
    assert not attacks.can_attack(state, archer, inside)               # the palace roof
    assert attacks.can_attack(state, archer, ground)
    assert not attacks.can_attack(state, ground, archer)               # ground cannot hit the wall
    assert attacks.penalty(state, archer, ground) == 0                 # no range penalty on walls


def test_fort_wall_blocks_shots_and_the_elephant_reaches_the_walls():
    state = playing()
    outside = put(state, G, "archer", sq(1, 5))
    inside = put(state, Y, "swordsman", sq(3, 5))
    assert not attacks.can_attack(state, outside, inside)              # "cannot shoot over the Fort Wall"
    wall = put(state, Y, "archer", sq(2, 9))
    elephant = put(state, G, "elephant", sq(0, 9))
    assert attacks.can_attack(state, elephant, wall)                   # "Mounted Archer ... can attack ... the wall"
    spear = put(state, G, "spearman", sq(1, 10))
    assert not attacks.can_attack(state, spear, wall)


def test_range_penalty_and_night():
    state = playing()
    spear = put(state, G, "spearman", sq(4, 7))
    target = put(state, Y, "swordswoman", sq(6, 7))
    assert attacks.penalty(state, spear, target) == 1                  # -1 a square beyond the first
    state["options"]["night"] = True
    assert attacks.penalty(state, spear, target) == 2                  # Night: a further -1
    elephant = put(state, G, "elephant", sq(3, 9))
    far = put(state, Y, "archer", sq(3, 6))
    assert attacks.penalty(state, elephant, far) == 2                  # Night only; none by day
    state["options"]["night"] = False
    assert attacks.penalty(state, elephant, far) == 0


def test_resolving_attacks_example_three_hits_two_cards_minus_two():
    """"Resolving Attacks" example: 3 hits + 2 cards = 5, minus 2 defence = 3; 4 - 3 = 1 left."""
    state = playing()
    spear = put(state, G, "spearman", sq(4, 6))
    sw = put(state, Y, "swordswoman", sq(4, 7))
    state["hands"][G] = [cards_of("attack1")[0], cards_of("attack1")[1]]
    state["hands"][Y] = [cards_of("defence1")[0], cards_of("defence1")[1]]
    _refile(state)
    rig(state, [M, M, X, X, X])
    play(GAME, state, G, ["attack", spear])
    play(GAME, state, G, ["target", sw])
    play(GAME, state, G, ["hits", 3])
    for c in list(state["hands"][G]):
        play(GAME, state, G, ["acard", c])
    play(GAME, state, G, "declare")
    assert rules.active(state) == [Y]
    assert rules.view(state, Y)["turn"]["attack"]["acards"] is None     # face down until both chose
    for c in list(state["hands"][Y]):
        play(GAME, state, Y, ["dcard", c])
    play(GAME, state, Y, "defend")
    assert state["soldiers"][sw]["def"] == 1
    assert len(state["discard"]) == 4


def cards_of(kind):
    return [i for i, k in enumerate(data.CARDS) if k == kind]


def _refile(state):
    """Puts the cards not in a hand back in the deck (conservation)."""
    held = {c for h in state["hands"].values() for c in h}
    state["deck"] = [c for c in range(len(data.CARDS)) if c not in held]
    state["discard"] = []


def test_dodge_cancels_the_matching_weapon():
    state = playing()
    a = put(state, G, "archer", sq(4, 5))
    t = put(state, Y, "swordsman", sq(4, 6))
    state["hands"][G] = []
    state["hands"][Y] = [cards_of("dodge_arrow")[0]]
    _refile(state)
    rig(state, [X, X, X, M, M])
    play(GAME, state, G, ["attack", a])
    play(GAME, state, G, ["target", t])
    play(GAME, state, G, ["hits", 3])
    play(GAME, state, Y, ["dcard", state["hands"][Y][0]])
    play(GAME, state, Y, "defend")
    assert state["soldiers"][t]["def"] == 4


def test_defeat_sends_to_camp_wounded_and_healing_one_then_shields():
    state = playing()
    a = put(state, G, "swordsman", sq(4, 5))
    t = put(state, Y, "archer", sq(4, 6))
    state["hands"][Y] = state["hands"][G] = []
    _refile(state)
    rig(state, [X, X, X, O, O])
    play(GAME, state, G, ["attack", a])
    play(GAME, state, G, ["target", t])
    play(GAME, state, G, ["hits", 2])
    s = state["soldiers"][t]
    assert s["pos"] is None and s["def"] == 0 and s["wounded"]
    assert state["vp"][G] == 1                                          # 1 VP a defeated soldier
    state["turn"]["seat"] = Y
    state["soldiers"][t]["owner"] = Y
    play(GAME, state, Y, ["heal", t])
    assert s["def"] == 1 and not s["wounded"]
    play(GAME, state, Y, ["heal", t])
    assert s["def"] == 2


# --- Power Cards Appendix -----------------------------------------------------------------------------

def test_taunt_and_swap():
    state = playing()
    taunt, swap = cards_of("taunt")[0], cards_of("swap")[0]
    state["hands"][G] = [taunt, swap]
    state["hands"][Y] = cards_of("attack1")[:3]
    _refile(state)
    rig(state, [X, X, X, X, X])
    play(GAME, state, G, ["card", taunt])
    play(GAME, state, G, ["player", Y])
    assert len(state["hands"][Y]) == 2
    play(GAME, state, G, ["card", swap])
    play(GAME, state, G, ["player", Y])
    assert len(state["hands"][G]) == 1
    play(GAME, state, G, ["give_card", state["hands"][G][0]])
    assert len(state["hands"][Y]) == 2 and state["hands"][G] == []


def test_enhanced_movement_needs_a_rolled_triangle():
    state = playing()
    card = cards_of("move2")[0]
    state["hands"][G] = [card]
    _refile(state)
    rig(state, [X, X, X, X, O])
    assert ["card", card] not in rules.actions(state, G)
    state["turn"]["rolled_move"] = 1
    assert ["card", card] in rules.actions(state, G)


def test_extra_turn_rolls_all_five_again():
    state = playing()
    card = cards_of("extra")[0]
    state["hands"][G] = [card]
    _refile(state)
    rig(state, [X, X, X, X, O])
    play(GAME, state, G, ["card", card])
    play(GAME, state, G, "end")
    assert state["turn"]["seat"] == G and state["turn"]["stage"] == "roll" and len(state["turn"]["dice"]) == 5


def test_mirror_action_copies_the_previous_roll():
    state = playing()
    card = cards_of("mirror")[0]
    state["hands"][G] = [card]
    _refile(state)
    state["last_roll"] = [X, X, M, O, O]
    play(GAME, state, G, ["card", card])
    assert state["turn"]["stage"] == "resolve" and state["turn"]["pool"][X] == 2


# --- "#1 Treasure Campaign" ----------------------------------------------------------------------------

def test_treasure_picked_up_by_moving_onto_it_and_banked_at_camp():
    state = playing()
    spot = data.TREASURE_SPOTS[0]
    s = put(state, G, "archer", spot - 1)
    rig(state, [M, M, M, O, O])
    play(GAME, state, G, ["select", s])
    play(GAME, state, G, ["to", spot])
    assert state["soldiers"][s]["carry"] == 1
    state["soldiers"][s]["pos"] = sq(1, 1)
    assert state["turn"]["sel"] == s                                  # still selected: it can go on
    play(GAME, state, G, ["to", data.CAMP[G]])
    assert state["vp"][G] == 2 and state["banked"][G] == 1


def test_carrier_drops_treasure_where_it_falls_and_first_to_five_wins():
    state = playing({"difficult": True})
    a = put(state, G, "swordsman", sq(4, 5))
    t = put(state, Y, "horse", sq(4, 6), defence=1)
    state["soldiers"][t]["carry"] = 2
    del state["treasure"][str(data.TREASURE_SPOTS[0])], state["treasure"][str(data.TREASURE_SPOTS[1])]
    state["hands"][Y] = state["hands"][G] = []
    _refile(state)
    state["vp"][G], state["vp"][Y] = 4, 2
    rig(state, [X, M, M, M, M])
    play(GAME, state, G, ["attack", a])
    play(GAME, state, G, ["target", t])
    play(GAME, state, G, ["hits", 1])
    assert state["treasure"][str(sq(4, 6))] == 2
    assert state["vp"][Y] == 1                                          # Difficult: a flag taken
    assert state["result"]["winners"] == [G]


def test_semi_collaborative_alliance_shares_victory():
    state = playing({"players": 4, "mode": "semi"})
    assert state["options"]["mode"] == "semi"
    state["vp"]["Green"], state["vp"]["Yellow"] = 2, 2
    s = put(state, "Green", "archer", sq(1, 1))
    state["soldiers"][s]["carry"] = 1
    state["treasure"].pop(str(data.TREASURE_SPOTS[0]))
    rig(state, [M, O, O, O, O])
    play(GAME, state, "Green", ["select", s])
    play(GAME, state, "Green", ["to", data.CAMP["Green"]])
    assert state["result"]["winners"] == ["Green", "Yellow"]
    assert set(rules.view(state, "Green")["hands"]) == {"Green", "Yellow"}


# --- "#2 Hold the Fort Campaign" ---------------------------------------------------------------------------

def test_hold_the_fort_flags_and_palace_majority():
    state = playing({"campaign": "hold"})
    rig(state, [M, M, M, M, M])
    sids = [put(state, G, "swordsman" if i < 4 else "archer", sq(4, 5 + i)) for i in range(4)]
    for sid in sids:
        state["soldiers"][sid]["flag"] = True
    y1 = put(state, Y, "spearman", sq(6, 5))
    y2 = put(state, Y, "spearman", sq(6, 6))
    y3 = put(state, Y, "spearman", sq(6, 7))
    assert all(state["soldiers"][y]["pos"] in data.PALACE for y in (y1, y2, y3))
    last = put(state, G, "archer", sq(4, 9))
    play(GAME, state, G, ["select", last])
    play(GAME, state, G, ["to", sq(5, 9)])
    assert state["soldiers"][last]["flag"]
    assert state["result"] is not None and state["result"]["winners"] == [Y]  # 1 vs 3 in the palace


# --- "#3 Rani Abbakka Campaign" -----------------------------------------------------------------------------

def test_rani_setup_solo():
    state = playing({"campaign": "rani", "players": 1})
    mine = [s for s in state["soldiers"] if s["owner"] == G]
    assert len(mine) == 7 and mine[0]["kind"] == "rani" and mine[0]["def"] == 5
    assert sum(1 for s in mine if s["pos"] is not None) == 4            # at most 4 on the board
    assert state["hands"][G] == [] and state["deck"] == []              # no Power cards
    assert state["options"]["night"]
    assert sorted(s["kind"] for s in state["soldiers"] if s["owner"] == "Portuguese") == \
        ["general"] + ["guard"] * 4 + ["patrol"] * 2


def test_patrol_moves_clockwise_and_sighting_ends_the_game():
    state = playing({"campaign": "rani", "players": 2})
    patrol = [s for s in state["soldiers"] if s["kind"] == "patrol"][0]
    start = patrol["pos"]
    rig(state, [O, O, O, O, O])
    play(GAME, state, G, "end")
    i = data.PATROL_ROUTE.index(start)
    assert patrol["pos"] == data.PATROL_ROUTE[i + 1]
    put(state, Y, "archer", sq(4, 9))                                   # next to the patrol
    campaigns.check_end(state)
    assert state["result"] is not None and state["result"]["winners"] == []


def test_patrol_does_not_see_the_wall_top():
    state = playing({"campaign": "rani", "players": 2})
    put(state, G, "archer", sq(2, 5))
    assert campaigns.patrol_sighting(state) is None


def test_guards_wake_step_and_strike_and_the_general_falls():
    state = playing({"campaign": "rani", "players": 2})
    rani = 0
    state["soldiers"][rani]["pos"] = sq(5, 7)       # two squares from the guards at (6,6)/(6,8)
    for s in state["soldiers"]:
        if s["kind"] == "patrol":
            s["pos"] = None
            s["out"] = True
    rig(state, [O, O, O, O, O])
    play(GAME, state, G, "end")
    assert state["soldiers"][rani]["def"] < 5                            # struck by adjacent guards
    general = next(i for i, s in enumerate(state["soldiers"]) if s["kind"] == "general")
    attacks.damage(state, general, 4, G)
    assert state["result"]["winners"] == [G, Y]


def test_rani_is_never_healed():
    state = playing({"campaign": "rani", "players": 2})
    state["soldiers"][0]["pos"] = None
    state["soldiers"][0]["def"] = 2
    rig(state, [O, O, O, O, O])
    assert ["heal", 0] not in rules.actions(state, G)


def test_illegal_action_refused():
    state = playing()
    with pytest.raises(IllegalAction):
        play(GAME, state, G, ["recruit", "rani"])
