"""Vijayanagara data checked against every fact the rulebook gives (1.2-1.4, 2.1, 5.0)."""
from collections import Counter

from engine.vijayanagara import data, events
from engine.vijayanagara.data import ADJACENT


def test_1_3_spaces_twelve_provinces_two_mongol_regions_and_delhi():
    assert len(data.PROVINCES) == 12
    assert data.MONGOL_REGIONS == ("Mountain Passes", "Punjab")
    assert len(data.SPACES) == 15 and len(set(data.SPACES)) == 15
    assert "Delhi" in data.SPACES and "Delhi" not in data.PROVINCES
    assert data.VINDHYA_RANGE not in data.SPACES  # 1.3.6: impassable, not a space


def test_1_3_1_prosperity_1_or_2_totalling_18_six_and_six():
    assert set(data.PROSPERITY) == set(data.PROVINCES)
    assert set(data.PROSPERITY.values()) == {1, 2}
    assert sum(data.PROSPERITY.values()) == 18  # 2.1: the Sultanate starts on 18 VP (5.1)
    assert Counter(data.PROSPERITY.values()) == {1: 6, 2: 6}


def test_1_3_5_adjacency_facts_and_symmetry():
    for a, ns in ADJACENT.items():
        assert a not in ns
        for b in ns:
            assert a in ADJACENT[b], f"{a}-{b} not symmetric"
    assert "Andhra" in ADJACENT["Gondwana"]
    assert "Orissa" in ADJACENT["Madhyadesh"]
    assert "Punjab" not in ADJACENT["Jaunpur"]


def test_1_3_6_vindhya_range_blocks_two_pairs():
    assert "Gondwana" not in ADJACENT["Malwa"]
    assert "Jaunpur" not in ADJACENT["Madhyadesh"]
    for a, b in data.NOT_ADJACENT:
        assert b not in ADJACENT[a]
    # the four Provinces around the Range each touch their two neighbours around it
    for a, b in (("Malwa", "Jaunpur"), ("Jaunpur", "Gondwana"), ("Gondwana", "Madhyadesh"),
                 ("Madhyadesh", "Malwa")):
        assert b in ADJACENT[a]


def test_2_6_mongol_route_mountain_passes_punjab_delhi():
    assert "Punjab" in ADJACENT["Mountain Passes"]
    assert "Delhi" in ADJACENT["Punjab"]
    assert "Delhi" not in ADJACENT["Mountain Passes"]


def test_map_is_connected():
    seen, todo = {"Delhi"}, ["Delhi"]
    while todo:
        for b in ADJACENT[todo.pop()]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    assert seen == set(data.SPACES)


def test_1_3_4_cities_are_vertices_of_provinces_not_delhi():
    assert "Delhi" not in data.CITIES
    for name, provs in data.CITIES.items():
        assert len(provs) >= 2, name
        assert set(provs) <= set(data.PROVINCES), name
        for a in provs:  # a vertex shared by Provinces makes them adjacent (1.3.5)
            for b in provs:
                assert a == b or b in ADJACENT[a], (name, a, b)


def test_1_4_piece_totals_and_2_1_setup_adds_up():
    assert data.PIECE_TOTALS == {"troop": 32, "governor": 5, "qasbah": 5, "amir": 18, "fort": 5,
                                 "raja": 22, "temple": 5, "mongol": 12}
    on_map = Counter()
    for space, pieces in data.SETUP_PIECES.items():
        for kind, n in pieces.items():
            on_map[data.PIECE_TYPE[kind]] += n
    track = {t: sum(data.TRACK_UNITS[f]) for f, t in data.TRACK_PIECE.items()}
    assert track == {"amir": 4, "raja": 8}  # 2.1: 4 Amirs and 8 Rajas on the tracks
    for piece_type, total in data.PIECE_TOTALS.items():
        on_track = track.get(piece_type, 0)
        assert on_map[piece_type] + data.SETUP_AVAILABLE[piece_type] + on_track == total, piece_type


def test_2_1_setup_figures():
    assert data.SETUP_PIECES["Delhi"] == {"troop": 4}
    assert data.SETUP_PIECES["Andhra"] == {"troop": 1, "qasbah": 1, "raja_o": 2}
    assert data.SETUP_RESOURCES == {data.DELHI: 12, data.BAHMANI: 6, data.VIJAYANAGARA: 7}
    assert data.SETUP_CAVALRY[data.DELHI] == 2 and data.CAVALRY_TOTAL == 10
    # 1.9.1, 1.9.2: two Amirs at Bahmani levels 2 and 4; two Rajas at each Vijayanagara level 1-4
    assert data.TRACK_UNITS[data.BAHMANI] == (0, 0, 2, 0, 2)
    assert data.TRACK_UNITS[data.VIJAYANAGARA] == (0, 2, 2, 2, 2)


def test_1_3_2_only_sultanate_and_mongols_in_delhi_and_mongol_regions():
    for space, pieces in data.SETUP_PIECES.items():
        if space in data.SULTANATE_ONLY:
            assert all(data.OWNER[k] == data.DELHI for k in pieces)


def test_1_2_cards_36_events_8_invasions_3_successions_2_timurids():
    assert len(events.EVENTS) == 36
    assert sorted(c["number"] for c in events.EVENTS) == list(range(1, 37))
    assert len(events.INVASIONS) == 8
    assert Counter(c["faction"] for c in events.INVASIONS) == {"BK": 4, "VE": 4}
    assert [c["title"] for c in events.SUCCESSIONS] == [
        "Zenith of the Delhi Sultanate", "Rise of the Rebel Sultans", "Lords of the Deccan"]
    assert len(events.TIMURIDS) == 2


def test_public_titles_present_and_six_orders_used_equally():
    titles = {c["title"] for c in events.EVENTS}
    for t in ("Capital Relocated", "Uprising in Daulatabad", "Kakatiya Empire Extinguished",
              "The Raichur Doab", "Musunuri Nayakas", "The Turquoise Throne"):
        assert t in titles
    orders = Counter(tuple(c["order"]) for c in events.EVENTS)
    assert len(orders) == 6 and set(orders.values()) == {6}
    assert all(sorted(c["order"]) == ["BK", "DS", "VE"] for c in events.EVENTS)
    assert any(c["stay_eligible"] for c in events.EVENTS)


def test_events_use_only_the_vocabulary_of_primitives():
    arity = {"resources": 3, "cavalry": 3, "influence": 3, "place": 4, "remove": 4, "independent": 3,
             "tributary": 3, "free": 4, "decree": 3}
    for card in events.EVENTS:
        assert card["provenance"]
        for side in ("unshaded", "shaded"):
            assert card[side], (card["title"], side)
            for effect in card[side]:
                assert effect[0] in arity and len(effect) == arity[effect[0]], (card["title"], effect)
                if effect[0] == "place":
                    assert effect[1] in data.PIECE_KINDS
                if effect[0] == "remove":
                    assert set(effect[1]) <= set(data.PIECE_KINDS)
