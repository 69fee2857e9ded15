"""The engine's own data files, checked against what the rules text states (2.x map, 3.x blocks, 5.1 cards)."""

from collections import Counter

from rules.richard3.data import (AREAS, BLOCKS, BORDERS, CARDS, CITY_AREAS, COASTS, CROWNS, EXILES, HEIRS,
                                 MAJOR_PORT, WALES, border_key)


def test_map_counts_and_border_colours():
    assert len(AREAS) == 36 and len(EXILES) == 4 and len(COASTS) == 3
    assert Counter(BORDERS.values()) == {"yellow": 24, "blue": 26, "red": 12}
    assert sum(len(v) for v in COASTS.values()) == 28


def test_5_2_1_borders_used_by_the_rulebook_examples():
    assert BORDERS[border_key("middlesex", "oxford")] == "yellow"
    assert BORDERS[border_key("east-anglia", "rutland")] == "blue"
    assert BORDERS[border_key("east-anglia", "essex")] == "yellow"
    assert BORDERS[border_key("oxford", "sussex")] == "blue"
    for a, b in (("middlesex", "leicester"), ("leicester", "oxford"), ("middlesex", "sussex"), ("kent", "sussex"),
                 ("wilts", "sussex"), ("chester", "derby"), ("chester", "warwick"), ("lincoln", "leicester")):
        assert border_key(a, b) in BORDERS


def test_estuaries_have_no_land_border():
    """Estuaries sidebar: Glamorgan–Somerset, East Yorks–Lincoln and Kent–Essex need a sea move."""
    for a, b in (("glamorgan", "somerset"), ("east-yorks", "lincoln"), ("kent", "essex")):
        assert border_key(a, b) not in BORDERS


def test_2_8_seas_ports_and_islands():
    for area in ("hereford", "gloucester", "south-yorks"):
        assert not AREAS[area]["seas"]                       # 5.3: no sea moves there
    assert "north-sea" in AREAS["middlesex"]["seas"]
    assert set(AREAS["kent"]["seas"]) == {"north-sea", "english-channel"}
    assert set(AREAS["cornwall"]["seas"]) == {"english-channel", "irish-sea"}
    assert set(AREAS["scotland"]["seas"]) == {"north-sea", "irish-sea"}
    assert {"calais", "kent", "east-anglia"} <= MAJOR_PORT
    assert not [k for k in BORDERS if "ireland" in k or "isle-of-man" in k]   # sea only (2.71, 2.82)
    assert AREAS["isle-of-man"]["shields"] == ["Stanley"]
    assert WALES == {"pembroke", "caernarvon", "powys", "glamorgan"}


def test_2_3_2_4_2_5_crowns_cities_cathedrals():
    assert AREAS["cornwall"]["crown"] and len(CROWNS) == 11
    cities = {AREAS[a]["city"]: AREAS[a]["city_side"] for a in CITY_AREAS}
    assert cities == {"Bristol": "lancaster", "Coventry": "lancaster", "Newcastle": "lancaster",
                      "York": "lancaster", "London": "york", "Norwich": "york", "Salisbury": "york"}
    assert AREAS["kent"]["cathedral"] == "Canterbury" and AREAS["south-yorks"]["cathedral"] == "York"


def test_3_blocks_as_the_rules_cite_them():
    assert len(BLOCKS) == 63
    assert Counter(b["side"] for b in BLOCKS.values()) == {"york": 31, "lancaster": 31, "rebel": 1}

    def rating(bid):
        return f"{BLOCKS[bid]['letter']}{BLOCKS[bid]['fire']}"

    assert rating("l-stanley") == "B2" and rating("l-exeter") == "A1" and rating("l-welsh-mercenary") == "A2"
    assert rating("y-march") == "A3" and rating("y-herbert") == "A2" and rating("y-clarence") == "B2"
    assert rating("l-rivers") == "B2" and rating("y-york-church") == "C2" and rating("l-henry-vi") == "B2"
    assert rating("l-bombard") == "D3"
    assert BLOCKS["l-rivers"]["loyalty"] == 1 and BLOCKS["y-rivers"]["loyalty"] == 2      # 3.13
    assert BLOCKS["l-kent"]["loyalty"] == 2 and BLOCKS["y-salisbury"]["loyalty"] == 2     # 6.91
    assert BLOCKS["l-prince-edward"]["rank"] == 2
    assert [BLOCKS[h]["rank"] for h in HEIRS["york"]] == [1, 2, 3, 4, 5]
    assert BLOCKS["l-exeter"]["own_seat"] == "cornwall" and BLOCKS["l-somerset"]["own_seat"] == "dorset"
    assert BLOCKS["l-richmond"]["own_seat"] == "pembroke"
    for bid in ("l-scots-mercenary", "l-welsh-mercenary", "rebel", "y-london-levy", "l-york-levy"):
        assert BLOCKS[bid].get("no_sea")                     # 5.3: who may not sail
    rose = {b for b, v in BLOCKS.items() if v.get("rose")}
    assert "y-norfolk" in rose and "l-oxford" in rose and "l-stanley" not in rose


def test_5_1_card_values():
    events = {c["event"]: c["ap"] for c in CARDS.values() if c.get("event")}
    assert events == {"force_march": 1, "muster": 0, "piracy": 2, "plague": 0, "surprise": 1, "treason": 1}
