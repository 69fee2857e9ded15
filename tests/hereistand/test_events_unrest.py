"""Card events of unrest and the Mediterranean (issue 29): #80 Gabelle Revolt, #82 Janissaries Rebel, #88
Peasants' War, #94 Revolt of the Communeros (12.4), #9 Barbary Pirates (21.1), #18 Dragut, #12 Master of Italy
(23.2), #66 Akinji Raiders, #67 Anabaptists, #71 City State Rebels, #83 John Zapolya, #86 Knights of St. John."""

from __future__ import annotations

import pytest

from rules.core import cards
from rules.core.contract import IllegalAction
from rules.hereistand import state as st
from rules.hereistand.engine import ENGINE

from .test_debate import decision, draws, give, ids, log_after, play, setup, to_impulse  # noqa: F401
from .test_movement import dice  # noqa: F401  (the scripted-dice fixture)


def playing(card, power="hapsburg", scenario="1517"):
    s = to_impulse(setup(scenario), power)
    give(s, power, card)
    return s


# ---- unrest (12.4) ------------------------------------------------------------------------------------------
def test_80_gabelle_revolt_up_to_two_empty_french_home_spaces():
    s = playing(80)
    s = play(s, "hapsburg", "event:80")
    assert decision(s) == "unrest_site"
    assert "unrest:limoges" in ids(s, "hapsburg") and "unrest:paris" not in ids(s, "hapsburg")   # units in Paris
    s = play(s, "hapsburg", "unrest:limoges")
    s, text = log_after(s, "hapsburg", "unrest:toulouse")
    assert s["unrest"] == ["limoges", "toulouse"] and "Toulouse falls into unrest" in text
    assert decision(s) != "unrest_site"


def test_80_may_stop_early():
    s = play(playing(80), "hapsburg", "event:80")
    s = play(s, "hapsburg", "unrest:limoges")
    s = play(s, "hapsburg", "stop")
    assert s["unrest"] == ["limoges"]


def test_82_janissaries_rebel_four_when_the_ottoman_is_at_peace():
    s = playing(82)
    s["wars"] = [w for w in s["wars"] if "ottoman" not in w]
    s2, text = log_after(s, "hapsburg", "event:82")
    assert "up to 4 spaces (the Ottoman is at war with no major power)" in text
    assert "unrest:istanbul" not in ids(s2, "hapsburg") and "unrest:algiers" not in ids(s2, "hapsburg")
    assert all(a.startswith("unrest:") and a[7:] in st.load().home_spaces("ottoman") or a == "stop"
               for a in ids(s2, "hapsburg"))
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    s2, text = log_after(s, "hapsburg", "event:82")
    assert "up to 2 spaces." in text


def test_88_peasants_war_five_german_spaces_and_94_communeros_three_spanish():
    s = play(playing(88), "hapsburg", "event:88")
    german = [a for a in ids(s, "hapsburg") if a.startswith("unrest:")]
    assert german and all(st.load().space(a[7:]).language_zone == "german" for a in german)
    for _ in range(5):
        s = play(s, "hapsburg", next(a for a in ids(s, "hapsburg") if a.startswith("unrest:")))
    assert len(s["unrest"]) == 5 and decision(s) != "unrest_site"
    assert cards.where(s, "88") == "removed"                      # Peasants' War leaves the game
    s = play(playing(94, "france"), "france", "event:94")
    assert all(st.load().space(a[7:]).language_zone == "spanish" for a in ids(s, "france") if a.startswith("unrest:"))
    assert s["zones"] and ENGINE.waiting(s)["decision"] == "unrest_site"


# ---- #9 Barbary Pirates, #18 Dragut ----------------------------------------------------------------------------
def test_9_barbary_pirates_brings_algiers_into_play():
    s = playing(9, "ottoman")
    assert "event:9" in ids(s, "ottoman") and not any(a == "cp:9" for a in ids(s, "ottoman"))
    s, text = log_after(s, "ottoman", "event:9")
    assert s["control"]["algiers"] == "ottoman" and s["leaders"]["barbarossa"] == "algiers"
    assert st.units_at(s, "algiers", "ottoman") == {"regular": 2, "corsair": 2}
    assert "algiers" in st.keys_controlled(s, "ottoman")
    assert decision(s) == "spend" and s["impulse"]["cp"] == 2          # 6.1: then its 2 CP
    assert any(a.startswith("build:corsair:") for a in ids(s, "ottoman"))
    assert cards.where(s, "9") == "removed"


def test_9_barbary_pirates_resolves_for_the_ottoman_at_its_turn_3_deadline():
    """19.8: not played by the Winter of turn 3, Barbary Pirates resolves then, for the Ottoman."""
    from rules.core.flow import Game
    from rules.hereistand.events import mandatory_deadlines
    s = setup()
    s["turn"] = 3
    assert cards.where(s, "9") not in (None, "aside", "removed")      # dealt into the deck with its event
    s["flow"] = []
    g = Game(ENGINE, s)
    mandatory_deadlines(g)
    g.run()
    assert s["control"]["algiers"] == "ottoman" and cards.where(s, "9") == "removed"


def test_18_dragut_replaces_barbarossa():
    s = playing(18, "ottoman", "1532")
    s, text = log_after(s, "ottoman", "event:18")
    assert s["leaders"]["dragut"] == "algiers" and s["leaders"]["barbarossa"] == "off"
    assert "Barbarossa leaves the game" in text


# ---- #12 Master of Italy ---------------------------------------------------------------------------------------
def test_12_master_of_italy_vp_and_cards():
    s = playing(12)
    s["control"].update(genoa="hapsburg", milan="hapsburg", naples="hapsburg", venice="france", florence="france")
    bonus = dict(s["bonus_vp"])
    hand = len(cards.zone(s, cards.hand("france")))
    s, text = log_after(s, "hapsburg", "event:12")
    assert s["bonus_vp"]["hapsburg"] == bonus["hapsburg"] + 1 and s["bonus_vp"]["france"] == bonus["france"]
    assert len(cards.zone(s, cards.hand("france"))) == hand + 1
    assert cards.where(s, "12") == "discard"                       # it can come back
    s["control"]["venice"] = "hapsburg"
    from rules.hereistand.events_italy import italian_keys
    assert italian_keys(s)["hapsburg"] == 4


# ---- #66 Akinji Raiders ----------------------------------------------------------------------------------------
def test_66_akinji_raiders_take_a_card(draws):
    s = playing(66)
    assert "event:66" not in ids(s, "hapsburg")                    # the Ottoman is at war with nobody near
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    st.add_units(s, "agram", "ottoman", "cavalry")
    s["control"]["agram"] = "ottoman"
    assert "event:66" in ids(s, "hapsburg")
    hand = sorted(cards.zone(s, cards.hand("hapsburg")), key=int)
    victim_cards = [c for c in hand if c not in ("2", "66")]
    draws.append(victim_cards[0])
    out = ENGINE.apply(s, "hapsburg", "event:66")
    s = out.state
    if decision(s) == "akinji_target":
        out = ENGINE.apply(s, "hapsburg", "raid:hapsburg")
        s = out.state
    assert victim_cards[0] in cards.zone(s, cards.hand("ottoman"))
    private = [e for e in out.log if e.to and "ottoman" in e.to]
    assert private and "The card taken is" in private[0].text


# ---- #67 Anabaptists ----------------------------------------------------------------------------------------------
def test_67_anabaptists_the_papacy_turns_two_spaces():
    s = playing(67)
    s["religion"] = sorted(set(s["religion"]) | {"nuremberg", "leipzig", "augsburg"})
    for sp in ("nuremberg", "leipzig", "augsburg"):
        s["units"].pop(sp, None)
    s = play(s, "hapsburg", "event:67")
    assert ENGINE.active_roles(s) == ["papacy"]
    assert "convert:nuremberg" in ids(s, "papacy") and "convert:augsburg" not in ids(s, "papacy")   # an electorate
    s = play(s, "papacy", "convert:nuremberg")                      # Leipzig, the one left, follows by itself
    assert "nuremberg" not in s["religion"] and "leipzig" not in s["religion"] and "augsburg" in s["religion"]


# ---- #71 City State Rebels --------------------------------------------------------------------------------------
def test_71_city_state_rebels_free_milan(dice):
    s = playing(71)                                                 # Milan (independent key) held by France
    assert "milan" in __import__("rules.hereistand.events_italy", fromlist=["x"]).rebel_targets(s, "hapsburg")
    dice.append([6, 5, 1, 1, 1])
    s, text = log_after(s, "hapsburg", "event:71")                 # Milan, the only target, is taken at once
    assert "5 dice, hits on 5 or 6: 6 5 1 1 1 — 2 hits" in text
    assert s["control"]["milan"] == "independent" and st.units_at(s, "milan", "independent") == {"regular": 1}
    assert not st.units_at(s, "milan", "france")


def test_71_city_state_rebels_fail(dice):
    dice.append([4, 1, 1, 1, 1])
    s, text = log_after(playing(71), "hapsburg", "event:71")
    assert s["control"]["milan"] == "france" and "stays in France's hands" in text


# ---- #83 John Zapolya, #86 Knights of St. John --------------------------------------------------------------------
def test_83_john_zapolya_four_hungarian_regulars():
    s = playing(83)
    before = st.land_units_at(s, "buda", "hungary")
    room = st.load().power("hungary").force_pool.land_units - st.land_units_total(s, "hungary")
    s, text = log_after(s, "hapsburg", "event:83")
    assert st.land_units_at(s, "buda", "hungary") == before + min(4, room)
    assert f"Hungary-Bohemia adds {min(4, room)} regular" in text
    assert cards.where(s, "83") == "removed"
    s2 = playing(83)
    s2["sieges"]["buda"] = {"besieger": "ottoman", "inside": ["hungary"], "new": False}
    st.add_units(s2, "buda", "ottoman", "regular")
    with pytest.raises(IllegalAction, match="Buda is besieged"):
        ENGINE.apply(s2, "hapsburg", "event:83")


def test_86_knights_of_st_john_raid_the_ottoman_hand(draws):
    s = playing(86)
    ottoman = sorted(cards.zone(s, cards.hand("ottoman")), key=int)
    card = next(c for c in ottoman if st.load().card(int(c)).type != "home")
    draws.append(card)
    track = s["tracks"]["st_peters_cp"] + 5 * s["tracks"]["st_peters_vp"]
    s, text = log_after(s, "hapsburg", "event:86")
    assert cards.where(s, card) == "discard" and card not in cards.zone(s, cards.hand("ottoman"))
    cp = st.load().card(int(card)).cp
    assert s["tracks"]["st_peters_cp"] + 5 * s["tracks"]["st_peters_vp"] == track + cp
    assert f"{st.card_label(card)}, is discarded" in text


# ---- #42 Roxelana --------------------------------------------------------------------------------------------------
def test_42_roxelana_others_may_send_suleiman_home():
    s = playing(42, "hapsburg", "1532")
    s["leaders"]["suleiman"] = "edirne"
    s = play(s, "hapsburg", "event:42")
    assert decision(s) == "spend" and s["impulse"]["cp"] == 4
    s, text = log_after(s, "hapsburg", "roxelana:home")
    assert s["leaders"]["suleiman"] == "istanbul" and s["impulse"]["cp"] == 2
    assert "roxelana:home" not in ids(s, "hapsburg")               # once


def test_42_roxelana_the_ottoman_assaults_a_new_siege_for_free(dice):
    from rules.hereistand import siege
    s = playing(42, "ottoman", "1532")
    s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]]) if ["hapsburg", "ottoman"] not in s["wars"] else s["wars"]
    s["units"]["vienna"] = {"hapsburg": {"regular": 1}, "ottoman": {"regular": 6}}
    s["leaders"]["suleiman"] = "vienna"
    s["leaders"]["ferdinand"] = "off"
    s["control"]["pressburg"] = "ottoman"                           # a line of communication from Buda
    s = play(s, "ottoman", "event:42")
    s["sieges"]["vienna"] = {"besieger": "ottoman", "inside": ["hapsburg"], "new": True}   # laid this impulse
    assert "vienna" not in siege.assaults(s, "ottoman")             # an ordinary assault must wait (15.1)
    assert "roxelana:assault:vienna" in ids(s, "ottoman")
    cp = s["impulse"]["cp"]
    dice += [[6] * 4, [1, 1]]
    s, text = log_after(s, "ottoman", "roxelana:assault:vienna")
    assert "Suleiman's formation assaults Vienna at no CP" in text and s["impulse"]["cp"] == cp


# ---- #69 Auld Alliance ---------------------------------------------------------------------------------------------
def test_69_auld_alliance_france_allies_scotland_then_sends_regulars():
    s = playing(69, "france")
    assert s["minor_allies"]["scotland"] is None
    s, text = log_after(s, "france", "event:69")
    assert s["minor_allies"]["scotland"] == "france" and "Scotland becomes France's ally" in text
    assert st.controller(s, "edinburgh") == "france"                # 22.2 step 3
    s2 = playing(69, "france")
    s2["minor_allies"]["scotland"] = "france"
    s2["control"].update({sp: "france" for sp in st.load().home_spaces("scotland")})
    s2 = play(s2, "france", "event:69")
    assert decision(s2) == "auld_regulars" and "place:stirling:3" in ids(s2, "france")
    before = st.land_units_at(s2, "stirling", "france")
    s2 = play(s2, "france", "place:stirling:3")
    assert st.land_units_at(s2, "stirling", "france") == before + 3


def test_69_auld_alliance_only_france_or_england_and_england_needs_an_ally_to_break():
    s = playing(69, "hapsburg")
    with pytest.raises(IllegalAction, match="only England or France"):
        ENGINE.apply(s, "hapsburg", "event:69")
    s = playing(69, "england")
    with pytest.raises(IllegalAction, match="Scotland has no ally to lose"):
        ENGINE.apply(s, "england", "event:69")


def test_69_auld_alliance_england_breaks_the_french_alliance():
    """22.4 method 1: the deactivation comes with the diplomacy events' `deactivation` procedure; until it is
    merged the card says why it cannot be played."""
    from rules.hereistand.turn import FLOW
    s = playing(69, "england")
    s["minor_allies"]["scotland"] = "france"
    if "deactivation" not in FLOW.procedures:
        with pytest.raises(IllegalAction, match=r"ending a minor power's alliance \(22.4\)"):
            ENGINE.apply(s, "england", "event:69")
        return
    s = play(s, "england", "event:69")
    assert s["minor_allies"]["scotland"] is None


# ---- #97 Scots Raid ----------------------------------------------------------------------------------------------
def scots_allied(power):
    s = playing(97, power)
    s["minor_allies"]["scotland"] = "france"
    s["control"].update(edinburgh="france", glasgow="france", stirling="scotland")
    return s


def test_97_scots_raid_needs_the_french_alliance():
    s = playing(97, "france")
    with pytest.raises(IllegalAction, match="Scotland is not France's ally"):
        ENGINE.apply(s, "france", "event:97")


def test_97_scots_raid_stirling_and_six_cp_in_the_border_area():
    from rules.hereistand.events_scotland import RAID_AREA
    s = scots_allied("france")
    s, text = log_after(s, "france", "event:97")
    assert st.controller(s, "stirling") == "france" and "France takes control of Stirling" in text
    assert decision(s) == "raid_leader"
    s = play(s, "france", "keep")
    assert decision(s) == "raid_spend" and s["impulse"]["cp"] == 6
    acts = ids(s, "france")
    assert "raise:scotland:edinburgh" in acts and "done" in acts
    assert all(a == "done" or any(sp in a.split(":") for sp in RAID_AREA) for a in acts)
    assert not any(a.startswith(("naval", "piracy", "religious", "debate")) for a in acts)


def test_97_scots_raid_a_leader_across_costs_three_cp():
    s = play(scots_allied("france"), "france", "event:97")
    s = play(s, "france", "send:montmorency:edinburgh")
    assert s["leaders"]["montmorency"] == "edinburgh" and s["impulse"]["cp"] == 3


def test_97_scots_raid_played_by_another_power_france_spends_then_play_goes_on():
    s = play(scots_allied("england"), "england", "event:97")
    assert ENGINE.active_roles(s) == ["france"] and decision(s) == "raid_leader"
    s = play(s, "france", "keep")
    s = play(s, "france", "done")
    assert decision(s) == "impulse" and ENGINE.active_roles(s) == ["france"]     # the next impulse: France's


# ---- words, not data --------------------------------------------------------------------------------------------
def test_these_events_speak_in_words(dice):
    """Every prompt, label, hint and log line of these events passes the raw-text check (rules/core/rawtext)."""
    from rules.core.rawtext import findings
    texts = []

    def walk(s, role, first):
        out = ENGINE.apply(s, role, first)
        texts.extend(e.text for e in out.log)
        s = out.state
        for _ in range(12):
            roles = ENGINE.active_roles(s)
            if not roles or decision(s) in ("impulse", "spend") and roles == [role] and _ > 0:
                break
            r = roles[0]
            texts.append(ENGINE.prompt(s, r).text)
            acts = ENGINE.legal_actions(s, r)
            texts.extend(a.label for a in acts)
            texts.extend(a.hint for a in acts if a.hint)
            out = ENGINE.apply(s, r, acts[0].id)
            texts.extend(e.text for e in out.log)
            s = out.state
        return s

    dice.extend([[6, 6, 5, 5, 1]] + [[1] * n for n in range(1, 12)] * 4)
    walk(playing(80), "hapsburg", "event:80")
    walk(playing(71), "hapsburg", "event:71")
    walk(scots_allied("france"), "france", "event:97")
    walk(playing(69, "france"), "france", "event:69")
    walk(playing(110, "hapsburg", "1532"), "hapsburg", "event:110")
    s = playing(67)
    s["religion"] = sorted(set(s["religion"]) | {"nuremberg", "leipzig"})
    walk(s, "hapsburg", "event:67")
    bad = [(t, f) for t in texts for f in findings(t)]
    assert texts and not bad, bad[:5]


# ---- #89 Pirate Haven ----------------------------------------------------------------------------------------------
def test_89_pirate_haven_oran_becomes_an_ottoman_haven():
    s = playing(89, "ottoman", "1532")
    if not st.at_war(s, "hapsburg", "ottoman"):
        s["wars"] = sorted(s["wars"] + [["hapsburg", "ottoman"]])
    for sp in ("oran", "tripoli"):
        s["units"].pop(sp, None)
    s = play(s, "ottoman", "event:89")
    assert decision(s) == "haven_site" and ids(s, "ottoman") == ["haven:oran", "haven:tripoli"]
    s, text = log_after(s, "ottoman", "haven:oran")
    assert s["control"]["oran"] == "ottoman" and st.units_at(s, "oran", "ottoman") == {"regular": 1, "corsair": 2}
    assert "oran" in s["fortified"] and s["pirate_havens"] == ["oran"]
    assert "Oran becomes an Ottoman pirate haven" in text
    from rules.hereistand.actions import build_options
    assert ("corsair", "oran") in build_options(s, "ottoman", 5)
    assert not any(space == "oran" for kind, space in build_options(s, "ottoman", 5) if kind != "corsair")


def test_89_pirate_haven_needs_algiers_in_play_and_a_war():
    s = playing(89, "ottoman")                                      # 1517: Algiers out of play
    with pytest.raises(IllegalAction, match="Barbary Pirates has not been played"):
        ENGINE.apply(s, "ottoman", "event:89")
    s = playing(89, "ottoman", "1532")
    s["wars"] = [w for w in s["wars"] if w != ["hapsburg", "ottoman"]]
    with pytest.raises(IllegalAction, match="neither Oran nor Tripoli"):
        ENGINE.apply(s, "ottoman", "event:89")


def test_86_knights_of_st_john_off_the_map_settle_in_a_hapsburg_port():
    from rules.hereistand.piracy import knights
    s = playing(86)
    s["control"].update(rhodes="ottoman", malta="ottoman")
    s["units"].pop("malta", None)
    s = play(s, "hapsburg", "event:86")
    assert decision(s) == "knights_port"
    port = ids(s, "hapsburg")[0][len("settle:"):]
    s, text = log_after(s, "hapsburg", f"settle:{port}")
    assert s["control"][port] == "independent" and port in s["fortified"] and knights(s, port)
    assert st.units_at(s, port, "independent") == {"regular": 1} and s["knights_port"] == port
    assert "the Knights settle in" in text
