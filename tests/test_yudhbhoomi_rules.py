"""Rules tests for Yudhbhoomi, citing the rulebook's headings (it has no section numbers)."""
import pytest

from engine.core.api import IllegalAction, play
from engine.yudhbhoomi import GAME, army, attacks, board, campaigns, data, dice, movement, rules
from engine.yudhbhoomi.data import sq

G, Y = "Green", "Yellow"


def playing(options=None, seed=1):
    """A game past the army building, with no soldiers yet, Green to play."""
    state = rules.setup(seed, options or {})
    while state["phase"] == "army":
        role = rules.active(state)[0]
        legal = rules.actions(state, role)
        if legal[0][0] in ("corner", "start"):
            play(GAME, state, role, legal[0])           # the first free corner, clockwise from NW; solo
                                                        # Rani Abbakka: the Rani and 3 soldiers start out
        elif state["options"]["campaign"] == data.RANI:
            play(GAME, state, role, ["kind", "swordsman"])
        else:
            play(GAME, state, role, "done")
    assert state["phase"] == "play"
    return state


def put(state, owner, kind, pos, defence=None):
    assert pos is None or (pos not in data.PILLARS and pos not in movement.occupied(state)), pos
    assert pos is None or data.SOLDIERS[kind]["foot"] or pos not in data.FOOT_ONLY, (kind, pos)
    sid = army.add_soldier(state, owner, kind, pos)
    if defence is not None:
        state["soldiers"][sid]["def"] = defence
    return sid


def rig(state, symbols):
    """The final roll is `symbols` (symbols): straight to resolving."""
    t = state["turn"]
    t["dice"], t["held"] = list(symbols), [True] * len(symbols)
    dice.to_resolve(state)


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


def test_the_take_and_recruit_buttons_give_the_soldier_table():
    """"Defence (Shield) Tokens", "Moving Soldiers", "Attacking", "Carrying Capacity": the player picks
    an army knowing each soldier's figures."""
    assert rules.action_label(None, ["kind", "elephant"]) == \
        "Take a Mounted Archer (defence 5, first step costs 2, range 3, carries any treasure)"
    assert rules.action_label(None, ["recruit", "archer"]) == \
        "Recruit an Archer (defence 2, range 3, −1 a square beyond 1, carries 1)"
    assert rules.action_label(None, ["kind", "horse"]) == \
        "Take a Mounted Swordswoman (defence 4, +1 step, range 1, carries 2)"


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


def test_archer_on_the_fort_wall_sees_the_ground_below_but_not_under_the_palace_roof():
    """The rulebook's picture "Archer on the Fort Wall" ("Elevation Advantage", "Obstructions"): the
    archer on the wall shoots down at soldiers on the ground, inside the fort and outside it, with no
    range penalty; the roof of the Palace hides the soldiers inside it. The walkway the archer stands
    on hides nobody: (3,7) and (1,3) are in sight as (4,7) and (0,3) are (reading on the About page)."""
    state = playing()
    archer = put(state, G, "archer", sq(2, 5))
    for pos in ((3, 7), (1, 3), (4, 7), (0, 3), (4, 8), (3, 3)):
        target = put(state, Y, "swordsman", sq(*pos))
        assert movement.line_of_sight(sq(2, 5), sq(*pos)), pos
        assert attacks.can_attack(state, archer, target), pos
        assert attacks.penalty(state, archer, target) == 0, pos
        state["soldiers"][target]["pos"] = None
    palace = put(state, Y, "swordsman", sq(5, 6))                       # 3 away, under the roof
    assert not attacks.can_attack(state, archer, palace)


def _squares_between(a, b) -> set:
    return {q for squares in movement._line_squares(a, b) for q in squares}


def test_from_the_wall_top_every_ground_square_in_range_is_in_sight_unless_a_pillar_or_the_palace_is_between():
    """Over the whole map: each wall square and each ground square within an archer's range (3) see each
    other when no pillar and no palace square lies on the line between them; sight is mutual."""
    reach = data.SOLDIERS["archer"]["range"]
    pairs = 0
    for w in sorted(data.WALL):
        for g in range(data.NUM_SQUARES):
            if g in data.WALL or g in data.PILLARS or movement.chebyshev(w, g) > reach:
                continue
            between = _squares_between(w, g)
            if g in data.PALACE or between & (data.PILLARS | data.PALACE):
                continue
            pairs += 1
            assert movement.line_of_sight(w, g) and movement.line_of_sight(g, w), (data.rc(w), data.rc(g))
    assert pairs > 900                                                 # 948 pairs on the stand-in map


def test_from_the_ground_the_fort_wall_still_blocks_sight_across_it():
    """"Fort Walls": no shooting over the wall from the ground: every pair of ground squares whose line
    crosses only wall squares at some point (no way past it) is out of sight, e.g. (1,5) and (3,5)."""
    blocked = 0
    for a in range(data.NUM_SQUARES):
        for b in range(a + 1, data.NUM_SQUARES):
            if movement.level(a) or movement.level(b) or movement.chebyshev(a, b) > 3:
                continue
            if any(all(q in data.WALL for q in squares) for squares in movement._line_squares(a, b)):
                blocked += 1
                assert not movement.line_of_sight(a, b), (data.rc(a), data.rc(b))
    assert blocked > 100
    assert not movement.line_of_sight(sq(1, 5), sq(3, 5))


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
    """"Resolving Attacks" example: the Spearman two spaces away moves 2 to avoid the range penalty;
    3 hits + 2 cards = 5, minus 2 defence = 3; the Swordswoman's 4 - 3 = 1 left; the 4 cards discarded."""
    state = playing()
    spear = put(state, G, "spearman", sq(3, 5))
    sw = put(state, Y, "swordswoman", sq(3, 8))                        # two spaces between them
    state["hands"][G] = [cards_of("attack1")[0], cards_of("attack1")[1]]
    state["hands"][Y] = [cards_of("defence1")[0], cards_of("defence1")[1]]
    _refile(state)
    rig(state, [M, M, X, X, X])
    assert not attacks.can_attack(state, spear, sw)                    # out of the Spearman's range 2
    play(GAME, state, G, ["select", spear])
    play(GAME, state, G, ["to", sq(3, 6)])
    assert attacks.penalty(state, spear, sw) == 1                       # 2 away: -1
    play(GAME, state, G, ["to", sq(3, 7)])
    assert attacks.penalty(state, spear, sw) == 0                       # adjacent: no penalty
    play(GAME, state, G, ["attack", spear])
    play(GAME, state, G, ["target", sw])
    play(GAME, state, G, ["hits", 3])
    for c in list(state["hands"][G]):
        play(GAME, state, G, ["acard", c])
    play(GAME, state, G, "declare")
    assert rules.active(state) == [Y]
    seen_by_y = rules.view(state, Y)["turn"]["attack"]
    assert seen_by_y["acards"] is None and seen_by_y["acards_count"] == 2   # face down until both chose
    assert seen_by_y["penalty"] == 0                                     # public: adjacent, no penalty
    for c in list(state["hands"][Y]):
        play(GAME, state, Y, ["dcard", c])
    seen_by_g = rules.view(state, G)["turn"]["attack"]
    assert seen_by_g["dcards"] is None and seen_by_g["dcards_count"] == 2
    assert not any("Enhanced" in line for line in state["log"])          # not named before the reveal
    play(GAME, state, Y, "defend")
    assert state["soldiers"][sw]["def"] == 1
    assert sorted(data.CARDS[c] for c in state["discard"]) == ["attack1", "attack1", "defence1", "defence1"]
    assert "The attack takes 3 defence" in state["log"]


def test_the_range_penalty_of_an_attack_under_way_is_in_every_view():
    """"Resolving Attacks": the range penalty follows from positions and the time of day, which all
    see; the view carries it (the board shows the attack's net figure). An Archer 3 squares away on
    the ground: 2 squares beyond the first, -1 each."""
    state = playing()
    archer = put(state, G, "archer", sq(3, 4))                           # the patrol ground
    target = put(state, Y, "swordsman", sq(3, 7))
    state["hands"][G] = state["hands"][Y] = []
    _refile(state)
    rig(state, [X, X, X, O, O])
    play(GAME, state, G, ["attack", archer])
    play(GAME, state, G, ["target", target])
    assert attacks.penalty(state, archer, target) == 2
    for role in (G, Y):
        assert rules.view(state, role)["turn"]["attack"]["penalty"] == 2
    assert "range penalty −2" in board.render(rules.view(state, G), G, rules.actions(state, G))


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


def test_an_allys_last_card_cannot_be_a_swap_or_taunt_with_nobody_else_holding_cards():
    """Semi-Collaborative: Green may play Yellow's cards. Yellow's only card is a Swap and nobody else
    holds one: once played, there would be no player to swap with, so it is not offered (found by a
    random game that stopped with no legal action). With a card elsewhere it is offered again."""
    state = playing({"players": 4, "mode": "semi"})
    swap = cards_of("swap")[0]
    for r in state["seats"]:
        state["hands"][r] = []
    state["hands"][Y] = [swap]
    _refile(state)
    rig(state, [X, X, X, X, X])
    assert ["card", swap] not in rules.actions(state, G)
    state["hands"]["Red"] = [cards_of("attack1")[0]]
    _refile(state)
    assert ["card", swap] in rules.actions(state, G)
    play(GAME, state, G, ["card", swap])
    assert rules.actions(state, G) == [["player", "Red"]]


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


def test_the_log_tells_every_step_grab_and_drop_and_the_portuguese_moves():
    """A player follows another seat's turn (a bot's) from the log alone: each step of a soldier, each
    treasure grabbed or dropped with its square, and each step of the patrol and the guards."""
    state = playing()
    spot = data.TREASURE_SPOTS[0]                                       # f6
    s = put(state, G, "archer", spot - 2)
    rig(state, [M, O, O, X, X])
    play(GAME, state, G, ["select", s])
    play(GAME, state, G, ["to", spot - 1])
    assert state["log"][-1] == "Green's Archer moves d6 → e6"
    assert "Treasure: a gold square;" in rules.view(state, G)["prompt"]    # no button: the board has it
    play(GAME, state, G, ["grab", s, spot])
    assert state["log"][-1] == "Green's Archer grabs a treasure at f6"
    put(state, G, "swordsman", spot - 2)                                # beside the carrier: a hand-over
    assert "Treasure: a gold square or a button;" in rules.view(state, G)["prompt"]
    play(GAME, state, G, ["drop", s, spot - 1 + data.SIZE])
    assert state["log"][-1] == "Green drops a treasure at e7"
    rani = playing({"campaign": "rani", "players": 2})
    patrols = [s["pos"] for s in rani["soldiers"] if s["kind"] == "patrol"]
    rig(rani, [O, O, O, O, O])
    play(GAME, rani, G, "end")
    steps = [line for line in rani["log"] if line.startswith("Portuguese Patrol steps")]
    assert steps[-2:] == [f"Portuguese Patrol steps {data.square_name(p)} → "
                          f"{data.square_name(data.PATROL_ROUTE[data.PATROL_ROUTE.index(p) + 1])}" for p in patrols]
    state = playing({"campaign": "rani", "players": 2})
    state["soldiers"][0]["pos"] = sq(5, 7)                              # the Rani at h6, 2 from the General
    rig(state, [O, O, O, O, O])
    play(GAME, state, G, "end")
    assert "Portuguese General is alerted and steps toward the intruders: h8 → h7" in state["log"]


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


def _solo_armed(kinds=("archer", "spearman", "swordsman", "swordswoman", "spearman", "archer")):
    """Solo Rani Abbakka with its 6 soldiers taken, at the choice of who starts on the board."""
    state = rules.setup(3, {"campaign": "rani", "players": 1})
    for k in kinds:
        play(GAME, state, G, ["kind", k])
    return state


def test_solo_rani_the_player_chooses_who_starts_on_the_board():
    """"Setting up the Campaign" 3.: "The player can choose to place a max. of 4 soldiers at the
    starting point on the board": after taking the 6 soldiers the player picks them, the Rani among
    them or not; they stand on the camp square and the three beside it, the others wait in camp."""
    state = _solo_armed()
    assert state["phase"] == "army" and all(s["pos"] is None for s in state["soldiers"] if s["owner"] == G)
    assert rules.actions(state, G) == [["start", k] for k in ("rani", "swordsman", "swordswoman",
                                                              "spearman", "archer")] + ["done"]
    assert "up to 4 soldiers to start on the board" in rules.view(state, G)["prompt"]
    assert rules.action_label(state, ["start", "archer"]) == "Start an Archer on the board"
    play(GAME, state, G, ["start", "archer"])
    play(GAME, state, G, ["start", "spearman"])
    assert "(2 so far)" in rules.view(state, G)["prompt"]
    play(GAME, state, G, "done")
    assert state["phase"] == "play"
    on_board = sorted((s["kind"], s["pos"]) for s in state["soldiers"] if s["owner"] == G and s["pos"] is not None)
    cluster = data.START_CLUSTER[data.CAMP[G]]
    assert on_board == [("archer", cluster[0]), ("spearman", cluster[1])]
    rani = next(s for s in state["soldiers"] if s["kind"] == "rani")
    assert rani["pos"] is None                                          # she waits in camp
    assert "Green puts an Archer on the board" in state["log"]


def test_solo_rani_none_or_at_most_four_start_on_the_board():
    state = _solo_armed()
    play(GAME, state, G, "done")                                        # none: all 7 wait in camp
    assert state["phase"] == "play"
    assert all(s["pos"] is None for s in state["soldiers"] if s["owner"] == G)
    state = _solo_armed()
    for k in ("rani", "spearman", "spearman", "archer"):
        assert rules.actions(state, G)[-1] == "done"
        play(GAME, state, G, ["start", k])
    assert state["phase"] == "play"                                     # the 4th starts the game
    placed = [s["kind"] for s in state["soldiers"] if s["owner"] == G and s["pos"] is not None]
    assert sorted(placed) == ["archer", "rani", "spearman", "spearman"]
    assert set(s["pos"] for s in state["soldiers"] if s["pos"] is not None and s["owner"] == G) == \
        set(data.START_CLUSTER[data.CAMP[G]])
    with pytest.raises(IllegalAction):
        play(GAME, state, G, ["start", "archer"])


def test_rani_abbakka_prompts_and_panel_name_only_the_roll():
    """Rani Abbakka's campaign has no recruiting during the game and no Power cards ("Setting up the
    Campaign" 5.): before the roll the only choice is the roll, and the third roll cannot be rerolled
    (no card to discard for another)."""
    state = playing({"campaign": "rani", "players": 1})
    assert rules.actions(state, G) == ["roll"]
    assert rules.view(state, G)["prompt"] == "Roll the 5 dice."
    panel = board.render(rules.view(state, G), G, rules.actions(state, G))
    assert "no recruiting and no Power cards" in panel and "recruited 0" not in panel
    play(GAME, state, G, "roll")
    assert "keep dice and reroll" in rules.view(state, G)["prompt"]
    for i in range(5):  # every die kept: no reroll until one is freed, which the prompt says
        play(GAME, state, G, ["hold", i])
    assert "reroll" not in rules.actions(state, G)
    assert rules.view(state, G)["prompt"] == "Roll 1 of 3: every die is kept; tap one to reroll it, or keep this roll."
    play(GAME, state, G, ["hold", 0])
    assert "keep dice and reroll" in rules.view(state, G)["prompt"]
    play(GAME, state, G, "reroll")
    play(GAME, state, G, "reroll")
    assert "reroll" not in rules.actions(state, G)
    assert rules.view(state, G)["prompt"] == "Roll 3 of 3: no reroll left; keep this roll."
    assert "the last roll: keep it" in board.render(rules.view(state, G), G, rules.actions(state, G))
    treasure = playing()
    assert rules.view(treasure, G)["prompt"] == \
        "Recruit a soldier (2 dice each), draw a Power card (2 dice each) or roll the 5 dice."


def test_the_round_limit_ends_the_game_in_its_last_round_with_the_campaigns_own_figures():
    """House rule (option "rounds"): the game ends at the end of the last round, numbered as that round;
    the end screen counts what the campaign counts (no VP, treasure or flags in Rani Abbakka)."""
    state = playing({"campaign": "rani", "players": 1, "rounds": 20})
    state["round"] = 20
    rig(state, [O, O, O, O, O])
    play(GAME, state, G, "end")
    result = state["result"]
    assert result["summary"].startswith("Round limit (20 rounds") and result["winners"] == []
    assert state["round"] == 20
    assert result["details"] == ["Green: 4 of 7 soldiers on the board; Rani Abbakka's defence 5 of 5"]
    view = rules.view(state, G)
    panel = board.render(view, G, [])
    assert "The game is over" in panel and "Resolving the roll" not in panel and "Round 20" in panel
    hold = playing({"campaign": "hold", "players": 2, "rounds": 20})
    hold["round"] = 20
    for role in (G, Y):
        rig(hold, [O, O, O, O, O])
        play(GAME, hold, role, "end")
    assert hold["round"] == 20 and hold["result"]["details"] == [
        "Green: 0 soldiers in the palace, 0 flags", "Yellow: 0 soldiers in the palace, 0 flags"]


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
    campaigns.damage(state, general, 4, G)
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


# === the audit's tests (rules checked one by one against the rulebook) ==================================

def _attack(state, role, by, target, hits, acards=(), defender=None, dcards=()):
    """Plays one attack through its stages (rigged resolving): hits, face-down cards, the defence."""
    play(GAME, state, role, ["attack", by])
    play(GAME, state, role, ["target", target])
    play(GAME, state, role, ["hits", hits])
    if rules.actions(state, role) and "declare" in rules.actions(state, role):
        for c in acards:
            play(GAME, state, role, ["acard", c])
        play(GAME, state, role, "declare")
    if defender is not None and rules.active(state) == [defender]:
        for c in dcards:
            play(GAME, state, defender, ["dcard", c])
        play(GAME, state, defender, "defend")


# --- "Resolving Dice Actions", "End of Turn" ---------------------------------------------------------

def test_unusable_symbols_are_ignored_and_the_dice_pass_on():
    """"Resolving Dice Actions": O with nobody wounded is ignored; "End of Turn": the 5 dice pass on."""
    state = playing()
    put(state, G, "swordsman", sq(1, 1))
    rig(state, [O, O, O, X, X])
    assert not any(isinstance(a, list) and a[0] in ("heal", "attack") for a in rules.actions(state, G))
    assert rules.actions(state, G)[-1] == "end"
    play(GAME, state, G, "end")
    t = state["turn"]
    assert t["seat"] == Y and t["stage"] == "start" and t["dice_left"] == 5 and t["pool"][X] == 0


def test_two_mounted_swordswomen_each_get_the_plus_one():
    """"Resolving Movement" Example 2: 4 triangles move each of two horses 2 + 1 = 3 squares."""
    state = playing()
    h1 = put(state, G, "horse", sq(0, 4))
    h2 = put(state, G, "horse", sq(0, 9))
    rig(state, [M, M, M, M, X])
    for h, col in ((h1, 4), (h2, 9)):
        play(GAME, state, G, ["select", h])
        play(GAME, state, G, ["to", sq(1, col)])
        play(GAME, state, G, ["to", sq(1, col + 1)])
        play(GAME, state, G, ["to", sq(0, col + 2)])
    assert state["turn"]["pool"][M] == 0
    assert state["soldiers"][h1]["pos"] == sq(0, 6) and state["soldiers"][h2]["pos"] == sq(0, 11)
    # Example 1: 4 triangles move two foot soldiers 2 squares each, and a foot soldier gets no free step
    state = playing()
    a = put(state, G, "archer", sq(0, 4))
    rig(state, [M, X, X, X, X])
    play(GAME, state, G, ["select", a])
    play(GAME, state, G, ["to", sq(0, 5)])
    assert state["turn"]["pool"][M] == 0 and ["select", a] not in rules.actions(state, G)


def test_walls_only_by_stairs_and_soldiers_block_squares():
    """"The Yudhbhoomi Map" 4.: the walls are reached by the stairs; "Resolving Movement" 2.: one
    soldier a square; nobody enters another army's camp."""
    assert movement.step_ok(sq(3, 3), sq(2, 4), "archer") is False        # no diagonal climb
    assert movement.step_ok(sq(2, 3), sq(2, 4), "archer")                 # along the wall
    assert not movement.step_ok(sq(2, 4), sq(3, 4), "archer")             # down only by the stairs
    assert not movement.step_ok(sq(1, 6), sq(2, 7), "swordsman")          # no cutting past the wall
    state = playing()
    a = put(state, G, "archer", sq(1, 13))
    put(state, Y, "swordsman", sq(1, 12))
    rig(state, [M, M, X, X, X])
    dests = movement.destinations(state, a)
    assert sq(1, 12) not in dests                                          # occupied
    assert data.CAMP["Red"] not in dests                                   # another corner's camp
    assert sq(0, 13) in dests and sq(2, 12) not in dests                   # (2,12) is the wall


def test_every_wall_square_is_reached_from_some_stairs_and_every_stairs_leads_onto_the_wall():
    """"The Yudhbhoomi Map" 4.: the elevated walls "can be accessed via the stairs by foot soldiers
    only": a foot soldier walking the walls from the stairs reaches every wall square, and each stairs
    square climbs onto some wall square. The stand-in keeps 2 main and 4 small entrances."""
    assert (len(data.MAIN_ENTRANCES), len(data.SMALL_ENTRANCES)) == (2, 4)
    for stairs in data.STAIRS:
        assert any(b in data.WALL and movement.step_ok(stairs, b, "swordsman")
                   for b in movement.neighbours(stairs)), data.rc(stairs)
    reached, frontier = set(), list(data.STAIRS)
    while frontier:
        a = frontier.pop()
        for b in movement.neighbours(a):
            if b in data.WALL and b not in reached and movement.step_ok(a, b, "swordsman"):
                reached.add(b)
                frontier.append(b)
    assert reached == data.WALL
    for r, c in ((6, 2), (7, 2), (8, 2), (6, 12), (7, 12), (8, 12)):   # the middles of the side walls
        assert movement.distances_to(sq(r, c), "swordsman")[data.CAMP[G]] < 999   # from the camp, on foot
        assert movement.distances_to(sq(r, c), "horse")[data.CAMP[G]] == 999


# --- "Attacking": more line-of-sight cases ----------------------------------------------------------------

def test_same_level_soldiers_see_into_the_palace_and_swords_stay_on_their_level():
    """"Line of Sight" note: at the palace's level its soldiers can be attacked; a sword does not reach
    between wall and ground either way; Night adds -1 a square even on the wall (our reading)."""
    state = playing()
    archer = put(state, G, "archer", sq(3, 7))
    inside = put(state, Y, "swordsman", sq(6, 7))
    assert attacks.can_attack(state, archer, inside) and attacks.penalty(state, archer, inside) == 2
    sword_on_wall = put(state, Y, "swordsman", sq(2, 5))
    sword_below = put(state, G, "swordsman", sq(3, 5))
    assert not attacks.can_attack(state, sword_on_wall, sword_below)
    assert not attacks.can_attack(state, sword_below, sword_on_wall)
    wall_archer = put(state, G, "archer", sq(2, 9))
    assert attacks.can_attack(state, wall_archer, inside) is False         # the palace roof
    far = put(state, Y, "spearman", sq(4, 9))
    assert attacks.penalty(state, wall_archer, far) == 0
    state["options"]["night"] = True
    assert attacks.penalty(state, wall_archer, far) == 1                   # Night: -1 a square beyond the first
    wall_spear = put(state, G, "spearman", sq(2, 11))
    ground_spear = put(state, G, "spearman", sq(3, 10))
    below = put(state, Y, "archer", sq(4, 11))
    state["options"]["night"] = False
    assert attacks.penalty(state, wall_spear, below) == 0                   # Elevation Advantage
    assert attacks.can_attack(state, ground_spear, below) and attacks.penalty(state, ground_spear, below) == 0
    state["soldiers"][ground_spear]["pos"] = sq(6, 11)
    assert attacks.can_attack(state, ground_spear, below)
    assert attacks.penalty(state, ground_spear, below) == 1                 # on the ground: -1 a square
    pillar_hidden = put(state, Y, "spearman", sq(4, 3))
    behind = put(state, G, "archer", sq(4, 6))                             # the pillar (4,4) between
    assert not attacks.can_attack(state, behind, pillar_hidden)


def test_hits_split_among_targets_and_the_defeated_go_to_camp():
    """"Resolving Attacks": Xs distributed among several enemies; a defeated soldier goes to its camp
    wounded and earns 1 VP (Treasure)."""
    state = playing()
    a = put(state, G, "swordsman", sq(3, 6))
    t1 = put(state, Y, "archer", sq(3, 7))
    t2 = put(state, Y, "spearman", sq(4, 6))
    state["hands"][G], state["hands"][Y] = [], []
    _refile(state)
    rig(state, [X, X, X, X, M])
    _attack(state, G, a, t1, 2)
    _attack(state, G, a, t2, 2)
    assert state["soldiers"][t1]["pos"] is None and state["soldiers"][t1]["wounded"]
    assert state["soldiers"][t2]["def"] == 1 and state["soldiers"][t2]["pos"] == sq(4, 6)
    assert state["vp"][G] == 1 and state["turn"]["pool"][X] == 0


# --- "Power Cards Appendix": every kind ----------------------------------------------------------------

def test_enhanced_movement_adds_its_value_to_the_rolled_moves():
    state = playing()
    card = cards_of("move2")[0]
    state["hands"][G] = [card]
    _refile(state)
    rig(state, [M, X, X, X, O])
    play(GAME, state, G, ["card", card])
    assert state["turn"]["pool"][M] == 3 and card in state["discard"]


@pytest.mark.parametrize("kind,attacker", [("dodge_sword", "swordsman"), ("dodge_sword", "horse"),
                                           ("dodge_spear", "spearman"), ("dodge_arrow", "archer"),
                                           ("dodge_arrow", "elephant")])
def test_each_dodge_avoids_its_weapon_only(kind, attacker):
    """"Dodge the Sword/Spear/Arrow: Allows avoiding an attack from the specified soldier"."""
    for dodge, expected in ((kind, 4), (next(k for k in data.DODGES if k != kind), 4 - 2)):
        state = playing()
        a = put(state, G, attacker, sq(3, 6))
        t = put(state, Y, "swordsman", sq(3, 7))
        state["hands"][G] = []
        state["hands"][Y] = [cards_of(dodge)[0]]
        _refile(state)
        rig(state, [X, X, M, M, M])
        _attack(state, G, a, t, 2, defender=Y, dcards=[cards_of(dodge)[0]])
        assert state["soldiers"][t]["def"] == expected, (dodge, attacker)
        assert cards_of(dodge)[0] in state["discard"]


def test_extreme_dodging_voids_any_attack_and_the_cards_are_spent():
    state = playing()
    a = put(state, G, "archer", sq(3, 6))
    t = put(state, Y, "swordswoman", sq(3, 7))
    extreme, boost = cards_of("extreme")[0], cards_of("attack2")[0]
    state["hands"][G] = [boost]
    state["hands"][Y] = [extreme]
    _refile(state)
    rig(state, [X, X, X, X, X])
    _attack(state, G, a, t, 5, acards=[boost], defender=Y, dcards=[extreme])
    assert state["soldiers"][t]["def"] == 4
    assert boost in state["discard"] and extreme in state["discard"]       # "Resolving Attacks" 6.
    assert state["hands"][G] == [] and state["hands"][Y] == []


def test_quick_recovery_heals_a_wounded_soldier_in_camp():
    """"Quick Recovery": heals as the card says, with or without O; first to 1, then shields."""
    state = playing()
    w = put(state, G, "spearman", None, defence=0)
    state["soldiers"][w]["wounded"] = True
    card = cards_of("recovery3")[0]
    state["hands"][G] = [card]
    _refile(state)
    rig(state, [X, X, X, M, O])
    play(GAME, state, G, ["card", card])
    for _ in range(3):
        play(GAME, state, G, ["heal", w])
    s = state["soldiers"][w]
    assert s["def"] == 3 and not s["wounded"] and state["turn"]["pool"][O] == 1
    assert ["heal", w] not in rules.actions(state, G)                      # full: the O is ignored
    # not playable without a soldier to heal
    state = playing()
    state["hands"][G] = [card]
    _refile(state)
    rig(state, [O, O, O, O, O])
    assert ["card", card] not in rules.actions(state, G)


def test_retreat_moves_one_enemy_soldier_one_square():
    """"Retreat: Make any one opponent's soldier move by 1 space" (by its own movement rules)."""
    state = playing()
    mine = put(state, G, "swordsman", sq(3, 6))
    enemy = put(state, Y, "horse", sq(3, 7))
    card = cards_of("retreat")[0]
    state["hands"][G] = [card]
    _refile(state)
    rig(state, [X, X, X, X, X])
    play(GAME, state, G, ["card", card])
    assert rules.actions(state, G) == [["push", enemy]]                    # not my own soldier
    play(GAME, state, G, ["push", enemy])
    to = [a[1] for a in rules.actions(state, G)]
    assert sq(3, 6) not in to and sq(2, 7) in to and sq(4, 7) in to      # not onto a soldier
    assert sq(2, 6) not in to                                              # a horse never on the wall
    play(GAME, state, G, ["push_to", sq(4, 7)])
    assert state["soldiers"][enemy]["pos"] == sq(4, 7) and state["soldiers"][mine]["pos"] == sq(3, 6)
    assert state["turn"]["sub"] is None and state["turn"]["pool"][X] == 5  # the dice are untouched
    # no enemy on the board: Retreat cannot be played
    state = playing()
    state["hands"][G] = [card]
    _refile(state)
    rig(state, [X, X, X, X, X])
    assert ["card", card] not in rules.actions(state, G)


def test_additional_recruit_costs_no_dice():
    """"Additional Recruit: Allows recruiting a soldier for free without setting aside any dice"."""
    state = playing()
    card = cards_of("recruit")[0]
    state["hands"][G] = [card]
    _refile(state)
    play(GAME, state, G, ["card", card])
    assert all(a[0] == "recruit" for a in rules.actions(state, G))
    play(GAME, state, G, ["recruit", "elephant"])
    e = [s for s in state["soldiers"] if s["owner"] == G]
    assert len(e) == 1 and e[0]["kind"] == "elephant" and e[0]["def"] == 5 and e[0]["pos"] is None
    assert state["turn"]["dice_left"] == 5 and "roll" in rules.actions(state, G)
    # after recruiting 3 with all 5 dice the card still gives a 4th before the turn is skipped
    state = playing()
    state["hands"][G] = [card]
    _refile(state)
    for k in ("archer", "spearman", "spearman"):
        play(GAME, state, G, ["recruit", k])
    assert state["turn"]["seat"] == G and ["card", card] in rules.actions(state, G)
    play(GAME, state, G, ["card", card])
    play(GAME, state, G, ["recruit", "horse"])                             # then the turn is skipped
    assert sum(1 for s in state["soldiers"] if s["owner"] == G) == 4 and state["turn"]["seat"] == Y


def test_mirror_action_allows_no_reroll_and_no_bonus():
    state = playing()
    card = cards_of("mirror")[0]
    state["hands"][G] = [card]
    _refile(state)
    state["last_roll"] = [X] * 5
    play(GAME, state, G, ["card", card])
    assert state["turn"]["stage"] == "resolve" and state["turn"]["pool"][X] == 5
    assert state["hands"][G] == []                                          # no bonus card for five Xs
    assert "reroll" not in rules.actions(state, G)


def test_allies_share_their_cards():
    """Semi-Collaborative: "the Alliance players can share their cards and use them"."""
    state = playing({"players": 4, "mode": "semi"})
    card = cards_of("move1")[0]
    state["hands"]["Green"] = []
    state["hands"]["Yellow"] = [card]
    _refile(state)
    rig(state, [M, X, X, X, X])
    assert ["card", card] in rules.actions(state, "Green")
    play(GAME, state, "Green", ["card", card])
    assert state["turn"]["pool"][M] == 2 and state["hands"]["Yellow"] == []
    assert set(rules.view(state, "Red")["hands"]) == {"Red", "Blue"}


# --- "#1 Treasure Campaign" -----------------------------------------------------------------------------

def test_grab_hand_over_and_drop_cost_an_O_each():
    """"Grab/Handover/Drop Treasure": with an O, from or to one space away; into the camp it scores."""
    state = playing()
    spot = data.TREASURE_SPOTS[0]                                           # (5,5)
    a = put(state, G, "archer", spot - data.SIZE)                           # (4,5), beside it
    b = put(state, G, "spearman", spot - data.SIZE + 1)                     # (4,6)
    rig(state, [O, O, O, X, X])
    play(GAME, state, G, ["grab", a, spot])
    assert state["soldiers"][a]["carry"] == 1 and campaigns.treasure_at(state, spot) == 0
    assert not any(x[0] == "grab" and x[1] == a for x in rules.actions(state, G) if isinstance(x, list))
    play(GAME, state, G, ["give", a, b])
    assert state["soldiers"][a]["carry"] == 0 and state["soldiers"][b]["carry"] == 1
    play(GAME, state, G, ["drop", b, sq(3, 6)])
    assert campaigns.treasure_at(state, sq(3, 6)) == 1 and state["turn"]["pool"][O] == 0
    assert not any(isinstance(x, list) and x[0] in ("grab", "give", "drop") for x in rules.actions(state, G))
    # dropped into the own camp square: banked, 2 VP
    state = playing()
    c = put(state, G, "archer", sq(1, 1))
    state["soldiers"][c]["carry"] = 1
    state["treasure"].pop(str(spot))
    rig(state, [O, X, X, X, X])
    play(GAME, state, G, ["drop", c, data.CAMP[G]])
    assert state["vp"][G] == 2 and state["banked"][G] == 1


def test_carrying_capacity():
    """"Carrying Capacity": foot soldiers 1, Mounted Swordswoman 2, Mounted Archer unlimited."""
    state = playing()
    for k, room in (("archer", 1), ("swordsman", 1), ("horse", 2), ("elephant", data.UNLIMITED)):
        s = state["soldiers"][put(state, G, k, None)]
        assert campaigns.carry_room(s) == room
    state["treasure"] = {str(sq(3, 6)): 3}
    state["treasure"].update({str(s): 1 for s in data.TREASURE_SPOTS[3:]})
    h = put(state, G, "horse", sq(3, 5))
    rig(state, [M, X, X, X, X])
    play(GAME, state, G, ["select", h])
    play(GAME, state, G, ["to", sq(3, 6)])                                  # moving onto it: no O needed
    assert state["soldiers"][h]["carry"] == 2 and campaigns.treasure_at(state, sq(3, 6)) == 1


def test_difficult_mode_takes_a_flag_only_from_a_player_who_has_one():
    state = playing({"difficult": True})
    a = put(state, G, "swordsman", sq(3, 6))
    t = put(state, Y, "archer", sq(3, 7))
    state["hands"][G], state["hands"][Y] = [], []
    _refile(state)
    rig(state, [X, X, X, M, M])
    _attack(state, G, a, t, 2)
    assert state["vp"] == {G: 1, Y: 0}                                      # nothing to take: 1 VP as usual
    t2 = put(state, Y, "archer", sq(4, 6))
    state["vp"][Y] = 2
    state["turn"]["pool"][X] = 2
    _attack(state, G, a, t2, 2)
    assert state["vp"] == {G: 2, Y: 1}                                      # Green takes one of Yellow's


def test_treasure_game_ends_with_a_full_result():
    state = playing({"players": 3})
    s = put(state, "Red", "archer", sq(4, 6))
    state["vp"] = {"Green": 4, "Red": 3, "Yellow": 1}
    state["turn"]["seat"] = "Red"
    a = put(state, "Green", "swordsman", sq(3, 6))
    state["turn"]["seat"] = G
    for h in state["hands"].values():
        h.clear()
    _refile(state)
    rig(state, [X, X, X, X, X])
    _attack(state, G, a, s, 2)
    res = rules.result(state)
    assert res["winners"] == [G] and res["ranking"] == [[G], ["Red"], [Y]]
    assert res["scores"] == {G: 5, "Red": 3, Y: 1} and "5 victory points" in res["summary"]
    assert rules.active(state) == [] and rules.actions(state, G) == []


# --- "#2 Hold the Fort Campaign" ---------------------------------------------------------------------------

def test_hold_one_flag_a_soldier_kept_outside_and_lost_when_defeated():
    state = playing({"campaign": "hold"})
    s = put(state, G, "swordsman", sq(4, 6))
    rig(state, [M, M, M, X, X])
    play(GAME, state, G, ["select", s])
    play(GAME, state, G, ["to", sq(5, 6)])                                   # into the palace: a flag
    assert state["soldiers"][s]["flag"] and campaigns.flags_held(state, G) == 1
    play(GAME, state, G, ["to", sq(4, 6)])
    play(GAME, state, G, ["to", sq(5, 6)])                                   # out and in again: still one
    assert campaigns.flags_held(state, G) == 1 and state["soldiers"][s]["flag"]
    enemy = put(state, Y, "swordsman", sq(5, 7), defence=1)
    state["soldiers"][enemy]["flag"] = True
    for h in state["hands"].values():
        h.clear()
    _refile(state)
    _attack(state, G, s, enemy, 1)
    assert campaigns.flags_held(state, Y) == 0 and not state["soldiers"][enemy]["flag"]
    assert state["vp"][G] == 0                                               # no VP in this campaign


def _hold_end(state, green_in, green_out, yellow_in, yellow_flags):
    """Green gets its 5th flag with `green_in` soldiers in the palace; Yellow has `yellow_in` there."""
    for i in range(green_in + green_out):
        pos = sq(6, 5 + i) if i < green_in else sq(3, 4 + i)
        sid = put(state, G, "swordsman", pos)
        state["soldiers"][sid]["flag"] = True
    for i in range(yellow_in):
        sid = put(state, Y, "swordsman", sq(8, 5 + i))
        state["soldiers"][sid]["flag"] = i < yellow_flags
    extra = yellow_flags - yellow_in
    for i in range(max(0, extra)):
        sid = put(state, Y, "archer", sq(10, 5 + i))
        state["soldiers"][sid]["flag"] = True
    last = put(state, G, "archer", sq(4, 9))
    rig(state, [M, X, X, X, X])
    play(GAME, state, G, ["select", last])
    play(GAME, state, G, ["to", sq(5, 9)])                                   # the 5th flag
    return rules.result(state)


def test_hold_ends_at_five_flags_and_a_palace_tie_goes_to_the_flags():
    """"Hold the Fort", Winning Condition: the game ends at 5 flags; the palace majority wins. Tie of
    the palace (our reading): the side with more flags; the result ranks the others the same way."""
    state = playing({"campaign": "hold"})
    res = _hold_end(state, green_in=1, green_out=3, yellow_in=2, yellow_flags=2)
    assert campaigns.palace_count(state, G) == 2 == campaigns.palace_count(state, Y)
    assert res["winners"] == [G] and res["ranking"] == [[G], [Y]]           # 5 flags against 2
    assert res["scores"] == {G: 2, Y: 2}
    state = playing({"campaign": "hold"})
    res = _hold_end(state, green_in=0, green_out=4, yellow_in=2, yellow_flags=2)
    assert res["winners"] == [Y] and res["ranking"] == [[Y], [G]]           # 2 against 1 in the palace


def test_hold_round_limit_full_tie_is_shared():
    state = playing({"campaign": "hold", "rounds": 1})
    for r, col in ((G, 5), (Y, 9)):
        sid = put(state, r, "swordsman", sq(6, col))
        state["soldiers"][sid]["flag"] = True
    rig(state, [X, X, X, X, X])
    play(GAME, state, G, "end")
    rig(state, [X, X, X, X, X])
    play(GAME, state, Y, "end")
    res = rules.result(state)
    assert res["winners"] == [G, Y] and res["ranking"] == [[G, Y]] and "house rule" in res["summary"]


# --- "#3 Rani Abbakka Campaign" -------------------------------------------------------------------------

def test_rani_players_choose_their_starting_corners():
    """"Setting up the Campaign" 3.: "Each player chooses their starting space on the board" (2 players;
    3 players by "Setup" 3.). The choice comes before the soldiers; a corner is taken once."""
    state = rules.setup(1, {"campaign": "rani", "players": 2})
    assert rules.actions(state, G) == [["corner", c] for c in ("NW", "NE", "SE", "SW")]
    assert rules.action_label(state, ["corner", "SE"]) == "Start from the south-east corner"
    assert "corner" in rules.view(state, G)["prompt"]
    play(GAME, state, G, ["corner", "SE"])
    assert rules.actions(state, G) == [["kind", k] for k in data.FOOT_KINDS]
    for k in ("archer", "spearman", "swordsman"):
        play(GAME, state, G, ["kind", k])
    assert rules.actions(state, Y) == [["corner", c] for c in ("NW", "NE", "SW")]
    with pytest.raises(IllegalAction):
        play(GAME, state, Y, ["corner", "SE"])
    play(GAME, state, Y, ["corner", "NE"])
    for k in ("archer", "spearman", "swordsman"):
        play(GAME, state, Y, ["kind", k])
    assert state["phase"] == "play"
    assert rules.view(state, Y)["camps"] == {G: data.CORNER_SQUARE["SE"], Y: data.CORNER_SQUARE["NE"]}
    rani = 0
    rig(state, [M, M, M, M, M])
    play(GAME, state, G, ["select", rani])
    assert rules.actions(state, G)[0] == ["to", sq(14, 14)]                  # she enters at the SE corner
    play(GAME, state, G, ["to", sq(14, 14)])
    assert sq(0, 14) not in movement.destinations(state, rani)
    # 3 players: the third chooses among the two corners left
    state = rules.setup(1, {"campaign": "rani", "players": 3})
    for role, corner in ((G, "SW"), ("Red", "NW")):
        play(GAME, state, role, ["corner", corner])
        play(GAME, state, role, ["kind", "archer"])
        play(GAME, state, role, ["kind", "spearman"])
    assert rules.actions(state, Y) == [["corner", "NE"], ["corner", "SE"]]


def test_no_corner_choice_solo_or_in_the_competitive_campaigns():
    for options in ({"campaign": "rani", "players": 1}, {"campaign": "treasure", "players": 4},
                    {"campaign": "hold", "players": 2}):
        state = rules.setup(1, options)
        assert not any(isinstance(a, list) and a[0] == "corner" for a in rules.actions(state, G))
        assert state["camps"] == {r: data.CAMP[r] for r in state["seats"]}


def test_rani_armies_by_player_count_foot_soldiers_only():
    """"Setting up the Campaign" 3.: solo 6 + the Rani, 2 players 3 each, 3 players 2 each; foot only."""
    for n, each in ((1, 6), (2, 3), (3, 2)):
        state = playing({"campaign": "rani", "players": n})
        for i, role in enumerate(state["seats"]):
            mine = [s for s in state["soldiers"] if s["owner"] == role]
            assert len(mine) == each + (1 if i == 0 else 0)
            assert all(s["kind"] in data.FOOT_KINDS + ("rani",) for s in mine)
        assert state["soldiers"][0]["kind"] == "rani" and state["soldiers"][0]["owner"] == G
    state = rules.setup(1, {"campaign": "rani", "players": 1})
    assert rules.actions(state, G) == [["kind", k] for k in data.FOOT_KINDS]
    assert "then choose who starts on the board (up to 4)" in rules.view(state, G)["prompt"]


def test_rani_is_played_without_power_cards():
    state = playing({"campaign": "rani", "players": 2})
    assert state["deck"] == [] and all(h == [] for h in state["hands"].values())
    legal = rules.actions(state, G)
    assert "draw" not in legal and not any(isinstance(a, list) and a[0] in ("card", "recruit") for a in legal)
    play(GAME, state, G, "roll")
    play(GAME, state, G, "reroll")
    play(GAME, state, G, "reroll")
    assert rules.actions(state, G) == ["accept"]                            # no card for a 4th roll
    state["turn"]["dice"] = [X] * 5
    play(GAME, state, G, "accept")
    assert state["hands"][G] == []                                           # no bonus card


def test_patrol_sees_four_squares_on_the_ground():
    state = playing({"campaign": "rani", "players": 2})
    for s in state["soldiers"]:
        if s["kind"] == "patrol":
            s["pos"] = None
    p = state["soldiers"][next(i for i, s in enumerate(state["soldiers"]) if s["kind"] == "patrol")]
    p["pos"] = sq(3, 5)
    intruder = put(state, Y, "archer", sq(3, 10))                            # 5 away
    assert campaigns.patrol_sighting(state) is None
    state["soldiers"][intruder]["pos"] = sq(3, 9)                            # 4 away
    assert campaigns.patrol_sighting(state) == "Archer"
    state["soldiers"][intruder]["pos"] = sq(1, 5)                            # 2 away, behind the fort wall
    assert campaigns.patrol_sighting(state) is None
    state["soldiers"][intruder]["pos"] = sq(2, 6)                            # on the wall
    assert campaigns.patrol_sighting(state) is None


def test_guards_go_for_the_rani_first_and_each_adjacent_guard_strikes():
    """Rani Abbakka, Note 1: with the Rani and another soldier in sight the guards go for the Rani;
    each guard next to a soldier strikes 1 hit."""
    state = playing({"campaign": "rani", "players": 2})
    for s in state["soldiers"]:
        if s["kind"] == "patrol":
            s["pos"], s["out"] = None, True
    rani = 0
    state["soldiers"][rani]["pos"] = sq(4, 7)                                # 2 from the guards at (6,6), (6,8)
    other = put(state, Y, "swordsman", sq(5, 4))                             # 2 from the guard at (6,6) too
    g1, g2 = (next(i for i, s in enumerate(state["soldiers"]) if s["pos"] == p) for p in (sq(6, 6), sq(6, 8)))
    assert campaigns.alerted(state) == [g1, g2]                              # the others see nobody
    assert rules.view(state, Y)["alerted"] == [g1, g2]
    rig(state, [O, O, O, O, O])
    play(GAME, state, G, "end")
    assert state["soldiers"][g1]["pos"] == sq(5, 6) and state["soldiers"][g2]["pos"] == sq(5, 7)
    assert all(movement.chebyshev(state["soldiers"][g]["pos"], sq(4, 7)) == 1 for g in (g1, g2))
    assert state["soldiers"][rani]["def"] == 3                               # two guards strike her
    assert state["soldiers"][other]["def"] == 4                              # the other is not struck


def test_a_guard_attacked_from_afar_steps_toward_the_attacker():
    """"an attack done within 2 spaces" alerts a guard; it moves "toward the closest attack"."""
    state = playing({"campaign": "rani", "players": 2})
    for s in state["soldiers"]:
        if s["kind"] == "patrol":
            s["pos"], s["out"] = None, True
    state["soldiers"][0]["pos"] = sq(13, 13)
    archer = put(state, Y, "archer", sq(3, 9))
    guard = next(i for i, s in enumerate(state["soldiers"]) if s["pos"] == sq(6, 8))
    assert campaigns.alerted(state) == []                                     # 3 away: not seen
    rig(state, [X, X, X, X, X])
    state["turn"]["seat"] = Y
    _attack(state, Y, archer, guard, 5)
    assert state["soldiers"][guard]["def"] == 2                               # 5 - (2 range + 2 Night) = 1
    assert guard in campaigns.alerted(state)
    play(GAME, state, Y, "end")
    assert state["soldiers"][guard]["pos"] == sq(5, 8)                        # toward the archer
    assert state["soldiers"][archer]["def"] == 2                              # not adjacent yet


def test_rani_moves_one_more_and_her_capture_loses():
    state = playing({"campaign": "rani", "players": 2})
    rani = 0
    state["soldiers"][rani]["pos"] = sq(13, 3)
    rig(state, [M, M, X, X, X])
    play(GAME, state, G, ["select", rani])
    for c in (4, 5, 6):
        play(GAME, state, G, ["to", sq(13, c)])                               # 2 + 1 squares
    assert state["turn"]["pool"][M] == 0 and state["turn"]["sel"] is None
    campaigns.damage(state, rani, 5, None)
    res = rules.result(state)
    assert res["winners"] == [] and res["ranking"] == [[G, Y]] and "captured" in res["summary"]


def test_rani_wins_with_the_general_and_an_alarm_loses_with_full_results():
    state = playing({"campaign": "rani", "players": 3})
    general = next(i for i, s in enumerate(state["soldiers"]) if s["kind"] == "general")
    campaigns.damage(state, general, 4, G)
    res = rules.result(state)
    assert res["winners"] == [G, "Red", Y] and res["ranking"] == [[G, "Red", Y]]
    assert res["scores"] == {G: 1, "Red": 1, Y: 1} and "General" in res["summary"]
    state = playing({"campaign": "rani", "players": 1})
    patrol = next(s for s in state["soldiers"] if s["kind"] == "patrol")
    s = next(i for i, x in enumerate(state["soldiers"]) if x["owner"] == G and x["pos"] is not None and i)
    state["soldiers"][s]["pos"] = data.PATROL_ROUTE[data.PATROL_ROUTE.index(patrol["pos"]) + 2]
    rig(state, [M, X, X, X, X])
    play(GAME, state, G, "end")
    res = rules.result(state)
    assert res["winners"] == [] and "alarm" in res["summary"] and res["scores"] == {G: 0}


# --- hidden information, undo and the log --------------------------------------------------------------

def _changes_marker(state, role, action):
    from engine.core.api import undo_marker
    before = undo_marker(state)
    play(GAME, state, role, action)
    return undo_marker(state) != before


def test_every_roll_draw_and_reveal_stops_undo():
    """DESIGN.md undo policy: undo never takes back something random or hidden that was revealed."""
    state = playing()
    assert not _changes_marker(state, G, ["recruit", "archer"])              # open information: undoable
    assert _changes_marker(state, G, "draw")                                 # a card drawn
    assert _changes_marker(state, G, "roll")                                 # dice
    assert _changes_marker(state, G, "reroll")
    # the attack reveal
    state = playing()
    a = put(state, G, "archer", sq(3, 6))
    t = put(state, Y, "swordsman", sq(3, 7))
    state["hands"][G] = [cards_of("attack1")[0]]
    state["hands"][Y] = [cards_of("defence1")[0]]
    _refile(state)
    rig(state, [X, X, X, X, X])
    for action in (["attack", a], ["target", t], ["hits", 2], ["acard", cards_of("attack1")[0]]):
        assert not _changes_marker(state, G, action)
    assert not _changes_marker(state, G, "declare")                           # Yellow becomes active
    assert not _changes_marker(state, Y, ["dcard", cards_of("defence1")[0]])
    assert _changes_marker(state, Y, "defend")
    # Swap a Card (the blind pick, then the card given), Taunt, the hand-limit discard
    state = playing()
    swap, taunt = cards_of("swap")[0], cards_of("taunt")[0]
    state["hands"][G] = [swap, taunt]
    state["hands"][Y] = cards_of("attack1")[:3]
    _refile(state)
    rig(state, [X, X, X, X, X])
    assert _changes_marker(state, G, ["card", swap])
    assert _changes_marker(state, G, ["player", Y])
    assert _changes_marker(state, G, ["give_card", taunt])
    state = playing()
    state["hands"][G] = cards_of("attack1")[:5] + [taunt]
    _refile(state)
    play(GAME, state, G, "draw")
    assert state["discarding"] == G
    assert _changes_marker(state, G, ["discard", taunt])
    # the Portuguese turn in a solo Rani Abbakka game (the same player is active again)
    state = playing({"campaign": "rani", "players": 1})
    rig(state, [O, O, O, O, O])
    assert _changes_marker(state, G, "end") and rules.active(state) == [G]


def test_session_undo_stops_at_the_roll():
    from engine.core.session import Session
    session = Session(GAME, 4, {"players": 2}, [[G, None], [Y, None]])
    for _ in range(2):
        session.act(G, "done") if session.active() == [G] else session.act(Y, "done")
    session.act(G, ["recruit", "archer"])
    assert session.undo_point(G) == 2
    session.undo(G)
    assert not any(s["owner"] == G for s in session.state["soldiers"])
    session.act(G, ["recruit", "archer"])
    session.act(G, "roll")
    assert session.undo_point(G) is None


def test_the_log_never_names_a_card_in_a_hand():
    """Drawn, swapped and face-down cards are never named; only cards shown to all (played,
    discarded, revealed) are."""
    state = playing()
    a = put(state, G, "archer", sq(3, 6))
    t = put(state, Y, "swordsman", sq(3, 7))
    swap, boost, dodge = cards_of("swap")[0], cards_of("attack2")[0], cards_of("defence2")[0]
    state["hands"][G] = [swap, boost]
    state["hands"][Y] = [dodge, cards_of("extreme")[0]]
    _refile(state)
    start = len(state["log"])
    rig(state, [X, X, X, X, X])
    play(GAME, state, G, ["card", swap])
    play(GAME, state, G, ["player", Y])
    taken = state["hands"][G][-1]
    play(GAME, state, G, ["give_card", taken])
    _attack(state, G, a, t, 2, acards=[boost], defender=Y, dcards=[dodge])
    text = "\n".join(state["log"][start:])
    assert "Swap a Card" in text and "Enhanced Attack +2" in text and "Enhanced Defence -2" in text
    assert "Extreme Dodging" not in text                                     # held, then given back or kept
    assert text.index("Enhanced Attack +2") > text.index("attacks")           # named only at the reveal


def test_mirror_action_needs_a_roll_by_the_previous_player():
    """"Mirror Action: Previous player's dice roll can be mirrored": not after a turn without a roll."""
    state = playing()
    card = cards_of("mirror")[0]
    state["hands"][Y] = [card]
    _refile(state)
    rig(state, [X, X, M, O, O])
    play(GAME, state, G, "end")
    assert ["card", card] in rules.actions(state, Y)
    state = playing()
    state["hands"][Y] = [card]
    state["hands"][G] = []
    _refile(state)
    state["last_roll"] = [X] * 5                                              # an older roll
    for k in ("archer", "spearman", "horse"):
        play(GAME, state, G, ["recruit", k])                                  # Green does not roll
    assert state["turn"]["seat"] == Y and ["card", card] not in rules.actions(state, Y)


def test_rani_players_fight_the_portuguese_only():
    """Rani Abbakka is "100% Collaborative": no attack on another player's soldier."""
    state = playing({"campaign": "rani", "players": 2})
    mine = put(state, G, "swordsman", sq(13, 5))
    friend = put(state, Y, "swordsman", sq(13, 6))
    patrol = next(i for i, s in enumerate(state["soldiers"]) if s["kind"] == "patrol")
    state["soldiers"][patrol]["pos"] = sq(13, 4)
    assert attacks.targets(state, mine) == [patrol]
    assert friend not in attacks.targets(state, mine)


def test_the_resolve_prompt_names_what_the_symbols_left_can_do():
    """"Resolving Dice Actions": the prompt says how to use what is left (move: a soldier, then a
    square; heal: the badge beside a wounded soldier in camp), not to move when no move is left."""
    state = rules.setup(8, {"campaign": "treasure", "players": 2})
    rules.apply(state, G, ["kind", "archer"])
    rules.apply(state, G, ["kind", "spearman"])
    rules.apply(state, G, "done")
    rules.apply(state, Y, "done")
    spear = [i for i, s in enumerate(state["soldiers"]) if s["kind"] == "spearman"][0]
    state["soldiers"][spear].update(**{"def": 1})
    state["turn"]["stage"] = "resolve"
    state["hands"][G] = []  # no Power card to play
    state["turn"]["pool"] = {data.MOVE: 0, data.HIT: 0, data.HEAL: 2}
    assert ["heal", spear] in rules.actions(state, G)
    prompt = rules.view(state, G)["prompt"]
    assert prompt.startswith("Resolve: 0 move, 0 hit, 2 heal left. ")
    assert prompt.endswith("Heal: the cross beside a wounded soldier in camp.")
    assert "move:" not in prompt.lower()
    state["turn"]["pool"] = {data.MOVE: 1, data.HIT: 0, data.HEAL: 0}
    assert ["select", spear] in rules.actions(state, G)
    prompt = rules.view(state, G)["prompt"]
    assert prompt.endswith("Move: a soldier, then a square.") and "heal:" not in prompt
    state["soldiers"][spear].update(**{"def": data.SOLDIERS["spearman"]["defence"]})  # healed
    state["turn"]["pool"] = {data.MOVE: 0, data.HIT: 0, data.HEAL: 1}
    legal = rules.actions(state, G)
    assert [a for a in legal if isinstance(a, list)] == [] and legal == ["end"]
    assert rules.view(state, G)["prompt"].endswith("Nothing left can be used: end the turn.")
