"""The three Succession cards (2.5) and the Dynasty card (2.7), step by step in the listed order."""
from . import board_state, data
from .data import BAHMANI, DELHI, VIJAYANAGARA
from .frames import Handler, log, pop, push

DONE = "done"
SHIFT_COST = 3  # 2.5.3
SHIFTS_MAX = 3  # 2.5.3


def campaign(state) -> dict:
    """2.5.1 step 2, 2.5.2 step 1: the Sultanate may Campaign using only Delhi and Provinces."""
    return {"kind": "action", "role": DELHI, "limited": False, "free": True, "decree": "owed",
            "command": "done", "only": "campaign", "optional": True, "provinces_only": True}


def free_limited(faction) -> dict:
    return {"kind": "action", "role": faction, "limited": True, "free": True, "decree": None,
            "command": None, "only": None, "optional": True}


def run_succession(state, frame) -> bool:
    card, step = frame["card"], frame["step"]
    frame["step"] += 1
    steps = STEPS[card]
    if step >= len(steps):
        pop(state, frame)
        return True
    steps[step](state)
    return True


# 2.5.1 Zenith of the Delhi Sultanate
def power_struggle(state):
    state["dynasty"] = "Tughlaq"  # 2.7.2: the Rebel Command is now available
    log(state, "Power struggle in Delhi: the Tughlaq Dynasty rules")


def military_labor_market(state):
    n = state["influence"][BAHMANI] + board_state.on_map(state, "fort")
    got = board_state.gain_cavalry(state, BAHMANI, n)
    log(state, f"Military labor market thrives: {BAHMANI} gains {got} Cavalry")


def temple_towns(state):
    n = state["influence"][VIJAYANAGARA] + board_state.on_map(state, "temple")
    got = board_state.add_resources(state, VIJAYANAGARA, n)
    log(state, f"Temple towns emerge anew: {VIJAYANAGARA} gains {got} Resource{'s' * (got != 1)}")


# 2.5.2 Rise of the Rebel Sultans
def rebel_sultan(faction):
    def step(state):
        # pushed in reverse: the free Limited Command first, then the spoils
        push(state, {"kind": "spoils", "auto": True, "role": faction})
        push(state, free_limited(faction))
    return step


def spoils_amount(state, faction) -> int:
    return min(3, board_state.controlled_prosperity(state, faction))


def run_spoils(state, frame) -> bool:
    """2.5.2: any combination of Resources and Cavalry equal to the Prosperity of the Faction's
    Controlled Provinces, at most three: the input is the number taken as Cavalry."""
    if frame.get("auto"):
        frame.pop("auto")
        frame["amount"] = spoils_amount(state, frame["role"])
        if frame["amount"] == 0:
            pop(state, frame)
            return True
    return False


def spoils_actions(state, frame) -> list:
    return list(range(frame["amount"] + 1))


def spoils_apply(state, frame, action) -> None:
    faction = frame["role"]
    pop(state, frame)
    cav = board_state.gain_cavalry(state, faction, action)
    res = board_state.add_resources(state, faction, frame["amount"] - action)
    log(state, f"{faction} gains {res} Resource{'s' * (res != 1)} and {cav} Cavalry")


# 2.5.3 Lords of the Deccan
def lords(faction):
    def step(state):
        push(state, {"kind": "lords", "role": faction, "used": 0})
    return step


def lords_actions(state, frame) -> list:
    if frame["used"] >= SHIFTS_MAX or state["resources"][frame["role"]] < SHIFT_COST:
        return []
    return [[f, d] for f in data.DECCAN for d in (1, -1)
            if 0 <= state["influence"][f] + d <= data.INFLUENCE_MAX] + [DONE]


def lords_run(state, frame) -> bool:
    if not lords_actions(state, frame):
        pop(state, frame)
        return True
    return False


def lords_apply(state, frame, action) -> None:
    if action == DONE:
        pop(state, frame)
        return
    faction, d = action
    board_state.add_resources(state, frame["role"], -SHIFT_COST)
    board_state.shift_influence(state, faction, d)
    frame["used"] += 1
    log(state, f"{frame['role']} spends {SHIFT_COST} Resources: {faction} Influence {d:+d}")


STEPS = {
    "S1": (power_struggle, lambda state: push(state, campaign(state)), military_labor_market, temple_towns),
    "S2": (lambda state: push(state, campaign(state)), rebel_sultan(BAHMANI), rebel_sultan(VIJAYANAGARA)),
    "S3": (lords(DELHI), lords(BAHMANI), lords(VIJAYANAGARA)),
}

HANDLERS = {
    "succession": Handler(run=run_succession),
    "spoils": Handler(spoils_actions, spoils_apply,
                      lambda s, f: f"Take {f['amount']} as Resources and Cavalry: how many Cavalry?", run_spoils),
    "lords": Handler(lords_actions, lords_apply,
                     lambda s, f: f"Spend {SHIFT_COST} Resources to shift an Influence by one, or done", lords_run),
}
