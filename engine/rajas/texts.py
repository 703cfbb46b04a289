"""Plain words for the spaces, earnings and yields of Rajas of the Ganges, shared by the prompts and
button labels (rules.py) and the drawing (board.py). Pure functions of the data; no state."""
from __future__ import annotations

from engine.core.text import and_list, article

from . import data

CHAMBER_EFFECT = {
    "mogul": "2 fame, and you start the next round",
    "dancer": "take 2 dice and draw a yield tile",
    "yogi": "2 karma and 1 die",
    "raja": "1 building upgrade and 3 money",
    "builder": "cover a province tile with a dearer one",
    "portuguese": "sail exactly 6 free river spaces",
}


def space_text(space: str, players: int, quarry_cost=None, harbour_cost=None) -> str:
    """What placing a worker on `space` costs and does."""
    if space == "quarry":
        pay = f"pay {quarry_cost} money, " if quarry_cost else ""
        return f"Quarry: {pay}take an open tile, pay its dice and build it"
    if space == "assorted":
        return "Market, assorted goods: money for one market of each kind"
    if space == "onekind":
        return "Market, goods of one kind: give up a die, money for that many markets of one kind"
    if space == "harbour":
        pay = f"pay {harbour_cost} money, " if harbour_cost else "free, "
        return f"Harbour: {pay}give up a 1, 2 or 3 and sail your boat"
    if space == "outer":
        return "Outer terrace: take 2 money and reroll any of your dice"
    if space.startswith("terrace:"):
        return f"Terrace: take {a_die(space.split(':')[1])}"
    if space.startswith("balcony:"):
        give, get = data.BALCONIES[players][int(space.split(":")[1])]
        return f"Balcony: give up {a_die(give)}, take two {get} dice"
    if space in data.CHAMBER_VALUE:
        return (f"{data.CHAMBER_NAME[space]}: give up a die showing {data.CHAMBER_VALUE[space]}; "
                f"{CHAMBER_EFFECT[space]}")
    return space


def reward_text(kind: str, n) -> str:
    """An earning of the river, an edge yield or a white yield tile, in words."""
    if kind == "money":
        return f"{n} money"
    if kind == "fame":
        return f"{n} fame"
    if kind == "karma":
        return f"{n} karma"
    if kind in ("die", "dice"):
        return "1 die of any colour" if n == 1 else f"{n} dice of any colours"
    if kind == "upgrade":
        return "1 building upgrade" if n == 1 else f"{n} building upgrades"
    if kind == "karma_dice":
        return f"1 {n} die per karma level"
    if kind == "money_per_market":
        return f"{n} money per market in your province"
    if kind == "assorted":
        return f"score assorted goods (up to {n} markets)"
    if kind == "one_kind":
        return f"score goods of one kind (up to {n} markets)"
    if kind == "fame_per_upgrade":
        return f"{n} fame per upgrade done"
    if kind == "money_per_upgrade":
        return f"{n} money per upgrade done"
    if kind == "fame_per_karma":
        return f"{n} fame per karma level"
    if kind == "palace":
        return "a free palace action (chambers 2-6)"
    return f"{kind} {n}"


def river_text(pos: int) -> str:
    reward = data.RIVER[pos]
    if reward is None:
        return "the start"
    return reward_text(*reward) + (" (the final space)" if pos == data.RIVER_END else "")


DIR_WORD = {"N": "north", "E": "east", "S": "south", "W": "west"}


def roads_text(roads: str) -> str:
    return and_list(DIR_WORD[d] for d in roads)


def tile_text(tile_id) -> str:
    """'blue 7 (cow): tea market 2, palace'."""
    t = data.TILE[tile_id]
    parts = [f"{g} market {v}" for g, v in t["markets"]] + list(t["buildings"])
    return f"{t['colour']} {t['cost']} ({t['back']}): " + ", ".join(parts)


def a_die(colour: str) -> str:
    """"an orange die", "a blue die"."""
    return f"{article(colour)} die"
