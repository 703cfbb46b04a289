"""A scripted game of Vijayanagara: a fixed seed and a known sequence of actions replayed through the
public interface (engine.core.session.Session.act, which goes through engine.core.api.play), with the
board checked after each card.

tests/data/vijayanagara_script.json holds the seed, the actions (generated once by Easy bots in every
seat, one decision in four made at random for variety, then frozen) and a snapshot of the board taken each time a card is finished, i.e. after the
action during which the next card is revealed (Victory points, Resources, Cavalry, Influence,
Available pieces, the pieces in every space, Tributary and Control, Eligibility), and at the end.
Besides that regression check, the replay checks rule outcomes computed here from the rulebook, on
every occasion the script offers (2.3.6 Pass income, 2.3.7 Eligibility, 4.2.1 Collect Tribute,
3.3.4/3.4.4 the Influence shift, 5.0-5.3 the final score), and pins a few hand-checked numbers.

After an intended rules change that alters the game, regenerate the file and review its diff:
    .venv/bin/python tests/test_vijayanagara_scripted.py --freeze
The bots that write it change too, so a new file is usually a different game: the hand-checked
numbers of test_scripted_game_hand_checked_outcomes must then be worked out again from its log.
"""
import json
import os
import sys

from engine.core import rng
from engine.core.session import Session
from engine.vijayanagara import GAME, board_state, data, events
from engine.vijayanagara.data import BAHMANI, DELHI, VIJAYANAGARA

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "vijayanagara_script.json")
SEED = 2027
DS, BK, VE = DELHI, BAHMANI, VIJAYANAGARA
FORKED = ("unshaded", "shaded", "command", "command+decree")  # 2.3.3: the options that fork


def snapshot(state) -> dict:
    """What the script freezes after each card: plain JSON data, short Faction names."""
    short = data.SHORT
    return {
        "cards": len(state["played"]),
        "card": state["card"],
        "vp": {short[f]: n for f, n in board_state.victory_points(state).items()},
        "resources": {short[f]: n for f, n in state["resources"].items()},
        "cavalry": {short[f]: n for f, n in state["cavalry"].items()},
        "influence": {short[f]: n for f, n in state["influence"].items()},
        "available": dict(state["available"]),
        "spaces": {s: {k: n for k, n in here.items() if n} for s, here in state["spaces"].items()
                   if any(here.values())},
        "independent": [p for p in data.PROVINCES if not state["tributary"][p]],
        "control": {p: short[f] for p, f in state["control"].items() if f},
        "eligible": [short[f] for f in data.FACTIONS if state["sop"]["eligible"][f]],
        "dynasty": state["dynasty"],
    }


def new_session(seed, options, level=None) -> Session:
    """A game through the public interface, every seat a person (level None) or a bot."""
    return Session(GAME, seed, options, [[role, level] for role in GAME.rules.roles(options)])


# --- the rule checks made along the replay -----------------------------------------------------------

class RuleChecks:
    """Checks, action by action, outcomes the rulebook fixes; counts what it checked."""

    def __init__(self):
        self.options = {}  # Faction -> option taken on the current Event card (2.3.3)
        self.stay = set()  # Factions that executed a Stay Eligible Event (2.3.4)
        self.checked = {"pass": 0, "eligibility": 0, "tribute": 0, "influence": 0}

    def before(self, state, role, action) -> dict:
        frame = state["stack"][-1]
        return {"kind": frame["kind"], "card": state["card"], "played": len(state["played"]),
                "resources": dict(state["resources"]), "cavalry": dict(state["cavalry"]),
                "pool": board_state.pool(state), "influence": dict(state["influence"]),
                "tribute_prosperity": board_state.tributary_prosperity(state),
                "battle": state["last_battle"], "role": role, "action": action}

    def after(self, state, b) -> None:
        role, action = b["role"], b["action"]
        # Automatic steps of a newly revealed special card (2.4-2.6) may change the board within
        # the same action; the arithmetic checks only count actions that revealed no such card.
        quiet = len(state["played"]) == b["played"] or events.card_kind(state["card"]) == "event"
        if b["kind"] == "option":
            self.options[role] = action
            if action in ("unshaded", "shaded") and events.EVENT_BY_NUMBER[int(b["card"][1:])]["stay_eligible"]:
                self.stay.add(role)
        if b["kind"] == "option" and action == "pass" and quiet:  # 2.3.6: +3 Sultanate, +1 others
            want = min(data.RESOURCES_MAX, b["resources"][role] + data.PASS_INCOME[role])
            assert state["resources"][role] == want, f"Pass income of {role}"
            self.checked["pass"] += 1
        if b["kind"] == "action" and action == "tribute" and quiet:  # 4.2.1
            want = min(data.RESOURCES_MAX, b["resources"][DS] + b["tribute_prosperity"] // 2)
            assert state["resources"][DS] == want, "Collect Tribute: half the Tributary Prosperity"
            assert state["cavalry"][DS] == b["cavalry"][DS] + min(2, b["pool"]), "Tribute: two Cavalry"
            self.checked["tribute"] += 1
        battle = state["last_battle"]
        if battle is not b["battle"] and battle and {battle["attacker"], battle["defender"]} == set(data.DECCAN) \
                and quiet:  # 3.3.4, 3.4.4: the Faction losing fewer pieces +1, the other -1
            lost = {battle["attacker"]: battle["lost"]["att"], battle["defender"]: battle["lost"]["def"]}
            for f in data.DECCAN:
                other = BK if f == VE else VE
                step = (lost[f] < lost[other]) - (lost[f] > lost[other])
                want = max(0, min(data.INFLUENCE_MAX, b["influence"][f] + step))
                assert state["influence"][f] == want, f"Influence of {f} after a battle"
            self.checked["influence"] += 1
        if events.card_kind(b["card"]) == "event" and len(state["played"]) > b["played"]:
            self.card_finished(state)  # this action finished the Event card and revealed the next

    def card_finished(self, state) -> None:
        """2.3.7: Factions that took a forked option are Ineligible, unless they executed a Stay
        Eligible Event; every other Faction is Eligible. (2.4-2.6 cards leave Eligibility alone,
        so it still holds when such a card was revealed in the same action.)"""
        for f in data.FACTIONS:
            forked = self.options.get(f) in FORKED
            assert state["sop"]["eligible"][f] == (not forked or f in self.stay), f"Eligibility of {f}"
        self.options, self.stay = {}, set()
        self.checked["eligibility"] += 1


def final_scores(state) -> dict:
    """5.1-5.3 computed from the board here, independently of the engine's scoring."""
    spaces, prosperity = state["spaces"], data.PROSPERITY
    delhi = sum(prosperity[p] for p in data.PROVINCES if state["tributary"][p])
    delhi += max(-3, 3 - spaces["Delhi"]["mongol"])
    deccan = {}
    for f, structure in ((BK, "fort"), (VE, "temple")):
        deccan[f] = (sum(prosperity[p] for p in data.PROVINCES if state["control"][p] == f)
                     + sum(here[structure] for here in spaces.values()) + state["influence"][f])
    return {DS: delhi, BK: deccan[BK], VE: deccan[VE]}


# --- the test -----------------------------------------------------------------------------------------

def load_script() -> dict:
    with open(SCRIPT, encoding="utf-8") as f:
        return json.load(f)


def replay(script, on_card=None):
    """Plays the script's actions through Session.act; calls on_card(state, n) after each card."""
    session = new_session(script["seed"], script["options"])
    checks = RuleChecks()
    cards = len(session.state["played"])
    for n, (short, action) in enumerate(script["actions"]):
        role = data.BY_SHORT[short]
        assert session.active() == [role], f"action {n}: {role} is not the one to act"
        b = checks.before(session.state, role, action)
        session.act(role, action)
        checks.after(session.state, b)
        GAME.rules.invariants(session.state)
        if len(session.state["played"]) != cards or session.result() is not None:
            cards = len(session.state["played"])
            if on_card:
                on_card(session.state, n)
    return session, checks


def test_the_script_is_small_and_made_from_the_seed():
    assert os.path.getsize(SCRIPT) < 64_000
    script = load_script()
    assert script["seed"] == SEED and script["options"] == {}
    assert len(script["actions"]) == 270 and len(script["snapshots"]) == 30


def test_scripted_game_matches_every_card_snapshot():
    script = load_script()
    snaps = iter(script["snapshots"])

    def on_card(state, n):
        want = next(snaps)
        assert want["action"] == n, "a card ended after a different action than in the script"
        got = dict(snapshot(state), action=n)
        assert got == want, f"board after action {n} (card {want['cards']}) differs from the script"

    session, checks = replay(script, on_card)
    assert next(snaps, None) is None  # every snapshot was reached
    result = session.result()
    assert result is not None and session.state["timurids"] == 2  # 2.6: Timur invaded Delhi
    # 5.0-5.3: the scores are the board's, computed here; the winners lead in VP, then Resources
    scores = final_scores(session.state)
    assert result["scores"] == scores
    best = max((scores[f], session.state["resources"][f]) for f in data.FACTIONS)
    assert set(result["winners"]) == {f for f in data.FACTIONS
                                      if (scores[f], session.state["resources"][f]) == best}
    # the checks of the rulebook's arithmetic actually ran
    assert checks.checked == {"pass": 2, "eligibility": 21, "tribute": 2, "influence": 1}


def troops_in_provinces(snap) -> int:
    return sum(snap["spaces"].get(p, {}).get("troop", 0) for p in data.PROVINCES)


def test_scripted_game_hand_checked_outcomes():
    """Numbers worked out by hand from the script's log and the rulebook, not copied from a run.
    seen[k] is the board once k cards have been revealed, i.e. after card k - 1 is finished."""
    seen = {}
    session, _ = replay(load_script(), lambda state, n: seen.setdefault(len(state["played"]), snapshot(state)))
    # Card 1, a Mongol Invasion (2.4): Amass puts 3 Invaders in the Mountain Passes, where they
    # Attack the 2 Troops of 2.1 (the Sultanate Screens with 1 of its 2 Cavalry) and kill both;
    # Plunder (3.5.3): -1 Resource per Invader remaining: 12 - 3 = 9. Eligibility untouched.
    after = seen[2]
    assert after["resources"]["DS"] == 9 and after["cavalry"]["DS"] == 1
    assert after["available"]["troop"] == 10 + 2 and after["eligible"] == ["DS", "BK", "VE"]
    # Card 2: VE Command + Decree (an Attack with no space selected costs nothing, Build a Temple
    # in Andhra is free: 4.4.2), BK Rallies in three Provinces (6 - 3), DS Passes (2.3.6: 9 + 3).
    after = seen[3]
    assert after["resources"] == {"DS": 12, "BK": 3, "VE": 7}
    assert after["vp"]["VE"] == 1  # 5.3: one Temple on the map
    assert after["available"]["amir"] == 6 - 3
    assert after["eligible"] == ["DS"]  # 2.3.7: the two forked options make VE and BK Ineligible
    # Card 9, Zenith of the Delhi Sultanate (2.5.1): Tughlaq; BK gains Cavalry = Influence 0 + one
    # Fort on the map; VE gains Resources = Influence 0 + one Temple on the map.
    before, after = seen[9], seen[10]
    assert before["dynasty"] == "Tughlaq"
    assert 5 - before["available"]["fort"] == 1 and 5 - before["available"]["temple"] == 1
    assert after["cavalry"]["BK"] == before["cavalry"]["BK"] + 1
    assert after["resources"]["VE"] == before["resources"]["VE"] + 1
    # Card 18, Rise of the Rebel Sultans (2.5.2): BK Controls Gujarat and Maharashtra (2 + 2), so
    # after its free Limited Command it takes the maximum of three: 1 Resource (2 -> 3) and 2
    # Cavalry (1 -> 3). VE Controls Karnataka (2) and asks for 2 Cavalry with the pool empty
    # (DS 5 + BK 3 + VE 2 = 10): it takes one from BK (3 -> 2) and declines the other (1.10: "may").
    before, after = seen[18], seen[19]
    assert sum(after["cavalry"].values()) == data.CAVALRY_TOTAL
    assert after["resources"]["BK"] == before["resources"]["BK"] + 1
    assert (after["cavalry"]["BK"], after["cavalry"]["VE"]) == (1 + 2 - 1, 2 + 1)
    # Card 23, a Mongol Invasion: 8 Invaders Attack in Delhi, lose 2; Plunder (3.5.3) with 6
    # remaining: Resources 12 - 6 = 6 and 2 x 6 = 12 Troops removed from Provinces; then the
    # Invaders beyond three return to the holding box.
    before, after = seen[23], seen[24]
    assert before["resources"]["DS"] == 12 and after["resources"]["DS"] == 6
    assert troops_in_provinces(before) - troops_in_provinces(after) == 12
    assert after["spaces"]["Delhi"]["mongol"] == 3
    # The end (5.1-5.3): DS = Tributaries Sindh 1 + Rajput Kingdoms 1 + Malwa 2 + Orissa 1, and
    # 3 - 4 Invaders in Delhi = 4; BK = Gujarat 2 + Gondwana 1 + Maharashtra 2 + 3 Forts + Influence
    # 0 = 8; VE = Andhra 2 + Karnataka 2 + Tamilakam 1 + 3 Temples + Influence 4 = 12.
    result = session.result()
    assert result["scores"] == {DS: 4, BK: 8, VE: 12} and result["winners"] == [VE]


def test_a_save_of_the_scripted_game_replays_to_the_same_state():
    script = load_script()
    session, _ = replay(script)
    again = Session.decode(session.encode())
    assert again.state == session.state


# --- freezing the script --------------------------------------------------------------------------------

def freeze() -> dict:
    """Plays from SEED with Easy bots in every seat, one decision in four made at random instead
    (Negotiation excluded) so that the script meets more rules; records actions and snapshots."""
    session = new_session(SEED, {}, level=1)
    actions, snapshots = [], []
    cards = len(session.state["played"])
    dice = rng.seed_state(SEED)
    while session.result() is None:
        role, _level = session.bot_turn()
        roll, dice = rng.randint(dice, 1, 4)
        if roll == 1:
            action, dice = rng.choice(dice, [a for a in session.game.rules.actions(session.state, role)
                                             if a != "negotiate"])
            session.act(role, action)
        else:
            action = session.play_bot(role)
        actions.append([data.SHORT[role], action])
        if len(session.state["played"]) != cards or session.result() is not None:
            cards = len(session.state["played"])
            snapshots.append(dict(snapshot(session.state), action=len(actions) - 1))
    return {"seed": SEED, "options": {}, "actions": actions, "snapshots": snapshots}


if __name__ == "__main__":
    if sys.argv[1:] != ["--freeze"]:
        sys.exit(__doc__)
    script = freeze()
    os.makedirs(os.path.dirname(SCRIPT), exist_ok=True)
    with open(SCRIPT, "w", encoding="utf-8") as f:
        json.dump(script, f, separators=(",", ":"))
        f.write("\n")
    print(f"{len(script['actions'])} actions, {len(script['snapshots'])} snapshots -> {SCRIPT}")
