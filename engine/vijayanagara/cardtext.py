"""Readable card texts, written from the Event primitives of events.py (so text and effect never
disagree), and the card summary that view() gives the board (2.3 card anatomy)."""
from engine.core.text import and_list

from . import data, events

_PLURAL = {"troop": "Troops", "governor": "Governors", "qasbah": "Qasbahs", "amir_o": "Amirs",
           "amir_r": "Rebelling Amirs", "fort": "Forts", "raja_o": "Rajas", "raja_r": "Rebelling Rajas",
           "temple": "Temples", "mongol": "Mongol Invaders"}
_ONE = {"troop": "Troop", "governor": "Governor", "qasbah": "Qasbah", "amir_o": "Amir",
        "amir_r": "Rebelling Amir", "fort": "Fort", "raja_o": "Raja", "raja_r": "Rebelling Raja",
        "temple": "Temple", "mongol": "Mongol Invader"}


def _where(where) -> str:
    if where == "provinces":
        return "any Province"
    if isinstance(where, str) and where.startswith("with:"):
        return f"Provinces with {where[5:]} pieces"
    if isinstance(where, str) and where.startswith("city:"):
        return f"Provinces touching {where[5:]}"
    names = list(where)
    for city, provs in data.CITIES.items():
        if sorted(provs) == sorted(names) and len(names) > 1:
            return f"Provinces touching {city}"
    return and_list(names, "or")


def _pieces(kinds, n) -> str:
    kinds = list(kinds) if isinstance(kinds, (list, tuple)) else [kinds]
    names = []
    for k in kinds:
        base = _ONE[k] if n == 1 else _PLURAL[k]
        base = base.replace("Rebelling ", "")
        if base not in names:
            names.append(base)
    return " or ".join(names)


def effect_text(effect) -> str:
    name = effect[0]
    if name == "resources":
        return f"{effect[1]} {'+' if effect[2] > 0 else ''}{effect[2]} Resource{'s' * (abs(effect[2]) != 1)}"
    if name == "cavalry":
        return (f"{effect[1]} gains {effect[2]} Cavalry" if effect[2] > 0
                else f"{effect[1]} returns {-effect[2]} Cavalry")
    if name == "influence":
        return f"{effect[1]} Influence {effect[2]:+d}"
    if name == "place":
        return f"place up to {effect[2]} {_pieces(effect[1], effect[2])} in {_where(effect[3])}"
    if name == "remove":
        return f"remove up to {effect[2]} {_pieces(effect[1], effect[2])} from {_where(effect[3])}"
    if name == "independent":
        return f"remove the Tributary marker from up to {effect[2]} of {_where(effect[1])}"
    if name == "tributary":
        return f"place a Tributary marker in up to {effect[2]} of {_where(effect[1])}"
    if name == "free":
        return f"{effect[1]} may {'Limited ' if effect[3] else ''}{effect[2].capitalize()} for free"
    if name == "decree":
        return f"{effect[1]} may {effect[2].capitalize()} (free Decree)"
    return " ".join(str(e) for e in effect)


def text(effects) -> str:
    out = "; ".join(effect_text(e) for e in effects)
    return out[:1].upper() + out[1:] + "." if out else ""


SPECIAL_TEXT = {
    "invasion": "Mongol Invasion (2.4): the named Faction runs two Mongol Commands (Amass, Advance, "
                "Attack and Plunder), then may accept Compromising Gifts.",
    "S1": "Succession (2.5.1): the Tughlaq Dynasty rules (Rebel allowed); DS may Campaign (Delhi and "
          "Provinces); BK gains Cavalry = Influence + Forts; VE gains Resources = Influence + Temples.",
    "S2": "Succession (2.5.2): DS may Campaign (Delhi and Provinces); BK, then VE, may make a free "
          "Limited Command, then gain Resources/Cavalry = Prosperity they Control (at most 3).",
    "S3": "Succession (2.5.3): DS, then BK, then VE may spend 3 Resources to shift either Influence "
          "by one, up to three times.",
    "timurid": "Timurid Empire (2.6): Mongol Invaders gather; at the second card Timur invades Delhi "
               "and the game ends.",
}


def card_info(card_id) -> dict:
    """What the board shows of the current card: number, title, kind, the faction order, Stay
    Eligible, both texts (Events); the special cards' purpose otherwise."""
    if card_id is None:
        return {}
    kind = events.card_kind(card_id)
    info = {"id": card_id, "kind": kind, "title": events.CARD_TITLES[card_id]}
    if kind == "event":
        card = events.EVENT_BY_NUMBER[int(card_id[1:])]
        info.update(number=card["number"], order=[data.BY_SHORT[s] for s in card["order"]],
                    stay=card["stay_eligible"], unshaded=text(card["unshaded"]),
                    shaded=text(card["shaded"]))
    elif kind == "invasion":
        card = next(c for c in events.INVASIONS if c["id"] == card_id)
        info.update(faction=data.BY_SHORT[card["faction"]],
                    text=SPECIAL_TEXT["invasion"].replace("the named Faction", data.BY_SHORT[card["faction"]]))
    elif kind == "succession":
        info["text"] = SPECIAL_TEXT[card_id]
    else:
        info["text"] = SPECIAL_TEXT["timurid"]
    return info
