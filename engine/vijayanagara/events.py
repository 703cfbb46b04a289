"""The cards of Vijayanagara as data: 36 Events, 8 Mongol Invasion cards, 3 Succession cards, 2 Timurid
Empire cards and the Dynasty card (rulebook 1.2).

Provenance: rulebook 1.2 (what exists), 2.3 (card anatomy), 2.4-2.7 (the special cards);
component-data.md (six public titles). Everything else about the Events and the Mongol Invasion cards
is a stand-in: the texts are not public. Stand-in Events use only the rulebook's own vocabulary of
effects (below), name real people and places of 1290-1398, and use each of the six faction orders
exactly six times; unshaded sides tend to hurt Delhi and shaded sides tend to help it (2.3.4).

The vocabulary of effect primitives (each a short list; the executing Faction makes every choice,
2.3.4; "up to" everywhere, 1.4.6; a Faction is named by its short code DS, BK or VE):
    ["resources", F, n]            F gains n Resources (n < 0: loses), within 0..24 (1.8)
    ["cavalry", F, n]              F gains n Cavalry from the pool, or from others when empty (1.10);
                                   n < 0: F returns up to -n tokens to the pool
    ["influence", F, n]            shift F's Deccan Influence by n (1.9)
    ["place", kind, n, where]      place up to n pieces of that kind (data.PIECE_KINDS) from
                                   Available, one chosen space per piece (1.4.6, stacking 1.4.4)
    ["remove", kinds, n, where]    remove up to n pieces of those kinds, one click per piece (1.4.3)
    ["independent", where, n]      remove the Tributary marker from up to n of those Provinces (1.6)
    ["tributary", where, n]        place a Tributary marker in up to n Independent ones (1.6)
    ["free", F, command, limited]  F may execute that Command for free (3.1.3), Limited if true
    ["decree", F, decree]          F may execute that Decree (4.0) for free
`where` is a list of space names or a selector evaluated when the effect runs:
    "provinces"  any Province;   "with:DS" / "with:BK" / "with:VE"  Provinces with that Faction's piece;
    "city:NAME"  the Provinces touching that City (data.CITIES).
"""
from .data import CITIES

DS, BK, VE = "DS", "BK", "VE"
ORDERS = (  # rulebook 2.3.2: the faction symbols along the top of a card, left to right
    (DS, BK, VE), (DS, VE, BK), (BK, DS, VE), (BK, VE, DS), (VE, DS, BK), (VE, BK, DS),
)
AMIRS = ["amir_o", "amir_r"]
RAJAS = ["raja_o", "raja_r"]


def city(name):
    return list(CITIES[name])


def _event(number, title, stay, unshaded, shaded, provenance):
    return {"number": number, "title": title, "order": list(ORDERS[(number - 1) % 6]),
            "stay_eligible": stay, "unshaded": unshaded, "shaded": shaded, "provenance": provenance}


_PUBLIC = "public title (component-data.md); stand-in text"
_STAND_IN = "stand-in: title and text invented from the history of 1290-1398"

EVENTS = (
    _event(1, "Capital Relocated", False,
           [["resources", DS, -3], ["place", "amir_o", 2, city("Devagiri")]],
           [["place", "troop", 3, ["Maharashtra"]], ["place", "governor", 1, ["Maharashtra"]]], _PUBLIC),
    _event(2, "Uprising in Daulatabad", False,
           [["independent", ["Maharashtra"], 1], ["cavalry", BK, 1]],
           [["remove", AMIRS, 2, ["Maharashtra"]], ["resources", DS, 2]], _PUBLIC),
    _event(3, "Kakatiya Empire Extinguished", False,
           [["place", "raja_o", 2, ["Andhra", "Orissa"]], ["influence", VE, 1]],
           [["remove", RAJAS, 2, ["Andhra"]], ["place", "troop", 2, ["Andhra"]]], _PUBLIC),
    _event(4, "The Raichur Doab", True,
           [["influence", VE, 1], ["influence", BK, -1]],
           [["influence", BK, 1], ["influence", VE, -1]], _PUBLIC),
    _event(5, "Musunuri Nayakas", False,
           [["independent", ["Andhra", "Orissa", "Gondwana"], 1], ["place", "raja_o", 1, city("Warangal")]],
           [["cavalry", DS, 1], ["place", "troop", 2, ["Andhra"]]], _PUBLIC),
    _event(6, "The Turquoise Throne", True,
           [["influence", BK, 1], ["place", "fort", 1, "with:BK"]],
           [["resources", BK, -3]], _PUBLIC),
    _event(7, "Malik Kafur Marches South", False,
           [["resources", VE, 2], ["resources", BK, 2]],
           [["free", DS, "attack", False]], _STAND_IN),
    _event(8, "Siege of Warangal", False,
           [["place", "raja_o", 2, city("Warangal")]],
           [["remove", RAJAS, 2, city("Warangal")], ["resources", DS, 2]], _STAND_IN),
    _event(9, "Market Reforms of Alauddin", False,
           [["resources", DS, -2], ["resources", BK, 2]],
           [["resources", DS, 4]], _STAND_IN),
    _event(10, "Hoysala Resistance", False,
           [["place", "raja_o", 2, ["Karnataka", "Tamilakam"]], ["cavalry", VE, 1]],
           [["remove", RAJAS, 2, ["Karnataka", "Tamilakam"]]], _STAND_IN),
    _event(11, "Madurai Sultanate", False,
           [["independent", ["Tamilakam"], 1]],
           [["place", "governor", 1, ["Tamilakam"]], ["place", "troop", 1, ["Tamilakam"]]], _STAND_IN),
    _event(12, "Token Currency", False,
           [["resources", DS, -4]],
           [["resources", DS, 3]], _STAND_IN),
    _event(13, "Usurpation of Khusrau Khan", False,
           [["remove", ["governor"], 1, "provinces"]],
           [["free", DS, "govern", True], ["cavalry", DS, 1]], _STAND_IN),
    _event(14, "Qarachil Expedition", False,
           [["remove", ["troop"], 3, ["Delhi", "Jaunpur"]]],
           [["resources", DS, 2]], _STAND_IN),
    _event(15, "Harihara and Bukka", True,
           [["place", "raja_o", 3, ["Karnataka"]], ["influence", VE, 1]],
           [["remove", ["raja_o"], 2, ["Karnataka"]]], _STAND_IN),
    _event(16, "Vidyaranya", False,
           [["place", "temple", 1, "with:VE"]],
           [["influence", VE, -1]], _STAND_IN),
    _event(17, "Reddy Kingdom of Kondavidu", False,
           [["place", "raja_o", 2, ["Andhra"]]],
           [["remove", RAJAS, 1, ["Andhra"]], ["resources", VE, -2]], _STAND_IN),
    _event(18, "Eastern Ganga Dynasty", False,
           [["independent", ["Orissa"], 1]],
           [["place", "troop", 2, ["Orissa", "Gondwana"]]], _STAND_IN),
    _event(19, "Siege of Ranthambore", False,
           [["resources", DS, -2], ["remove", ["troop"], 2, ["Rajput Kingdoms"]]],
           [["place", "troop", 2, ["Rajput Kingdoms"]], ["place", "governor", 1, ["Rajput Kingdoms"]]],
           _STAND_IN),
    _event(20, "Conquest of Gujarat", False,
           [["place", "amir_o", 2, ["Gujarat"]]],
           [["place", "troop", 2, ["Gujarat"]], ["resources", DS, 1]], _STAND_IN),
    _event(21, "Merchants of Cambay", True,
           [["resources", BK, 3]],
           [["resources", DS, 3]], _STAND_IN),
    _event(22, "Arab Horse Traders", True,
           [["cavalry", VE, 2]],
           [["cavalry", DS, 2]], _STAND_IN),
    _event(23, "Sufi Saints of Gulbarga", False,
           [["influence", BK, 1], ["free", BK, "rally", True]],
           [["influence", BK, -1]], _STAND_IN),
    _event(24, "Chishti Order", False,
           [["resources", BK, 2], ["influence", BK, 1]],
           [["resources", DS, 2], ["place", "governor", 1, ["Delhi"]]], _STAND_IN),
    _event(25, "Bhakti Saints", True,
           [["influence", VE, 1], ["free", VE, "rally", True]],
           [["influence", VE, -1], ["resources", DS, 1]], _STAND_IN),
    _event(26, "Canals of Firuz Shah", False,
           [["resources", BK, 2], ["resources", VE, 2]],
           [["decree", DS, "tribute"]], _STAND_IN),
    _event(27, "Famine in the Doab", False,
           [["remove", ["troop"], 2, ["Delhi", "Jaunpur"]], ["resources", DS, -2]],
           [["resources", BK, -2], ["resources", VE, -2]], _STAND_IN),
    _event(28, "Revolt of Bahauddin Gurshasp", False,
           [["independent", city("Kampili"), 1]],
           [["remove", RAJAS, 2, ["Karnataka"]]], _STAND_IN),
    _event(29, "Kampili Kingdom", False,
           [["place", "raja_o", 2, city("Kampili")]],
           [["tributary", city("Kampili"), 1]], _STAND_IN),
    _event(30, "Revolt of Ain ul-Mulk Multani", False,
           [["independent", ["Jaunpur"], 1]],
           [["place", "troop", 2, ["Jaunpur"]]], _STAND_IN),
    _event(31, "Gond Chieftains", False,
           [["place", "amir_o", 1, ["Gondwana"]], ["place", "raja_o", 1, ["Gondwana"]]],
           [["place", "governor", 1, ["Gondwana"]]], _STAND_IN),
    _event(32, "Samma Revolt in Sindh", False,
           [["independent", ["Sindh"], 1]],
           [["place", "troop", 2, ["Sindh", "Punjab"]]], _STAND_IN),
    _event(33, "Chagatai Raids Repulsed", False,
           [["place", "mongol", 2, ["Mountain Passes"]]],
           [["remove", ["mongol"], 3, ["Mountain Passes", "Punjab", "Delhi"]]], _STAND_IN),
    _event(34, "Persian Engineers", True,
           [["place", "fort", 1, "with:BK"]],
           [["remove", ["fort"], 1, "provinces"]], _STAND_IN),
    _event(35, "Temple Towns of Hampi", True,
           [["place", "temple", 1, "with:VE"], ["resources", VE, 2]],
           [["remove", ["temple"], 1, "provinces"]], _STAND_IN),
    _event(36, "Raid of Tarmashirin", False,
           [["place", "mongol", 3, ["Mountain Passes"]], ["resources", DS, -1]],
           [["cavalry", DS, 1], ["resources", DS, 2]], _STAND_IN),
)
EVENT_BY_NUMBER = {card["number"]: card for card in EVENTS}

# rulebook 2.4: eight Mongol Invasion cards, each naming the Faction that runs the Mongols.
# stand-in: titles from the Chagatai invasions of 1292-1327; 4 Bahmani and 4 Vijayanagara
# (component-data.md), alternating.
_INVASIONS = ("Invasion of Duwa", "Battle of Kili", "Siege of Siri", "Raid of Ali Beg and Tartaq",
              "Battle of Amroha", "Raid of Kebek", "Battle of the Ravi", "Raid of Iqbalmand")
INVASIONS = tuple({"id": f"M{i + 1}", "title": title, "faction": BK if i % 2 == 0 else VE,
                   "provenance": "stand-in: title and which Faction runs the Mongols"}
                  for i, title in enumerate(_INVASIONS))

# rulebook 2.5: the three Succession cards, always in this order.
SUCCESSIONS = (
    {"id": "S1", "title": "Zenith of the Delhi Sultanate", "provenance": "rulebook 2.5.1"},
    {"id": "S2", "title": "Rise of the Rebel Sultans", "provenance": "rulebook 2.5.2"},
    {"id": "S3", "title": "Lords of the Deccan", "provenance": "rulebook 2.5.3"},
)
# rulebook 2.6: two Timurid Empire cards.
TIMURIDS = (
    {"id": "T1", "title": "Timurid Empire", "provenance": "rulebook 2.6"},
    {"id": "T2", "title": "Timurid Empire", "provenance": "rulebook 2.6"},
)
# rulebook 2.7: the Dynasty card, Khalji side up at the start.
DYNASTY = {"front": "Khalji", "back": "Tughlaq", "provenance": "rulebook 2.7"}

CARD_TITLES = {f"E{c['number']}": c["title"] for c in EVENTS}
CARD_TITLES.update({c["id"]: c["title"] for c in INVASIONS + SUCCESSIONS + TIMURIDS})


def event_id(number: int) -> str:
    return f"E{number}"


def card_kind(card_id: str) -> str:
    return {"E": "event", "M": "invasion", "S": "succession", "T": "timurid"}[card_id[0]]
