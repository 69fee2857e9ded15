"""Crown of Roses: reaction windows (RB 10.4.4 Surprises, 14.2.2 alliance discard abilities, 10.5 office
abilities) and the house cards' events, by section."""

from __future__ import annotations

from rules.core import cards
from rules.crownofroses import board, combat
from rules.crownofroses.engine import ENGINE

from tests.crownofroses.eventkit import cleared, do, hold, ids, play_event, put, run_frame, top
from tests.crownofroses.test_combat import battle_frame, side
from tests.crownofroses.test_events import fixed_rolls


def window(state, point, roles=("lancaster", "york")):
    return run_frame(state, "window", roles=list(roles), point=point)


def answer(state, role_actions):
    """Everyone answers the open window (pass unless given)."""
    for role in list(ENGINE.active_roles(state)):
        state = do(state, role, role_actions.get(role, "pass"))
    return state


def test_rb_10_4_4_every_house_is_asked_and_sees_only_responds_or_pass():
    """RB 10.4.4 / core windows: every house is asked, whatever it holds; the reveal says only who responds."""
    state = cleared()
    hold(state, "york", "op63")
    state = window(state, "step_start")
    assert set(ENGINE.active_roles(state)) == {"lancaster", "york"}
    assert ids(state, "lancaster")[0] == "pass"
    assert "use:op63" in ids(state, "york")
    log = []
    state = do(state, "lancaster", "pass", log)
    state = do(state, "york", "use:op63", log)
    public = [e.text for e in log if e.to is None]
    assert any("York: responds" in t for t in public)
    assert cards.modifiers(state, "bad_roads") and "op63" in state["zones"]["play:york"]


def test_rb_10_4_4_a_played_surprise_is_replaced_from_the_deck():
    """RB 10.4.4: after a Surprise event its player draws a replacement; a house Surprise is not replaced (10.2.1)."""
    state = cleared()
    hold(state, "york", "op68")
    before = len(state["zones"]["hand:york"])
    state = answer(window(state, "step_start"), {"york": "use:op68"})
    assert len(state["zones"]["hand:york"]) == before
    from rules.crownofroses.movement import sea_leaders
    put(state, "norfolk", "york", "norfolk")
    state["step"] = {"house": "york", "mustered": {}, "muster_nobles": [], "returned": [], "ops_used": 0,
                     "must_return": False}
    assert sea_leaders(state, "york") == []                 # #68 Stormy Seas


def test_card_63_bad_roads_costs_one_more_mp_per_land_border():
    """Card #63: every land border crossing costs +1 MP for the rest of the Operations phase."""
    from rules.crownofroses import movement
    state = cleared()
    put(state, "norfolk", "york", "norfolk")
    g = ENGINE.game(state)
    g.frame = {"local": {"role": "york", "at": "norfolk", "mp": 8, "sea": False, "start": "norfolk",
                         "stack": ["norfolk"]}}
    plain = {p: c for p, c, h in movement.destinations(g) if h == "land"}
    cards.add_modifier(state, "bad_roads", "operations")
    muddy = {p: c for p, c, h in movement.destinations(g) if h == "land"}
    assert all(muddy[p] == plain[p] + 2 for p in muddy)


def engagement(state, attacker="york", defender="lancaster", shire="oxford"):
    put(state, "norfolk", attacker, shire)
    put(state, "beaumont", defender, shire)
    state["entries"] = {shire: [{"house": attacker, "blocks": ["norfolk"], "leader": "norfolk", "from": "buckingham"}]}
    g = battle_frame(state, shire, attacker, defender, {attacker: side(["norfolk"], came="buckingham"),
                                                        defender: side(["beaumont"])})
    combat.battle(g)["main"] = []
    for s in combat.battle(g)["sides"].values():
        s["main"] = []
    return g


def test_card_64_bad_weather_the_attacker_retreats_at_the_engagement_start():
    """Card #64: played at the start of an engagement, the engagement does not happen and the attacker
    retreats (to where it came from, RB 20.5.4)."""
    state = cleared()
    engagement(state)
    hold(state, "lancaster", "op64")
    state["flow"].append({"name": "window", "at": 0, "ret": None,
                          "local": {"roles": ["york", "lancaster"], "point": "round_start"}})
    combat.battle(ENGINE.game(state))["round"] = 1
    state = answer(state, {"lancaster": "use:op64"})
    # back where it came from, the only place: the engine retreats for York (issue 33)
    assert state["blocks"]["norfolk"]["at"] == "buckingham"
    assert not board.contested(state, "oxford")


def test_card_76_treachery_turns_a_noble_whose_rank_is_beaten(monkeypatch):
    """Card #76: a random enemy noble, 1d6 with modifiers greater than its rank: it joins the player's
    reserve with its office blocks."""
    state = cleared()
    engagement(state)
    hold(state, "york", "op76")
    state["flow"].append({"name": "window", "at": 0, "ret": None,
                          "local": {"roles": ["york", "lancaster"], "point": "round_start"}})
    fixed_rolls(monkeypatch, 6)
    monkeypatch.setattr("rules.core.rng.choice", lambda st, seq: seq[0])
    state = answer(state, {"york": "use:op76"})
    b = combat.battle(ENGINE.game(state))
    assert state["blocks"]["beaumont"]["house"] == "york" and "beaumont" in b["sides"]["york"]["engaged"]
    assert "op76" in state["zones"]["deck"]                     # "reshuffle after use"


def test_card_72_leadership_adds_one_cr_until_the_end_of_the_impulse():
    """Card #72: +1 CR to one of your leaders until the end of the impulse or the battle."""
    from rules.crownofroses.common import run_hooks
    state = cleared()
    put(state, "norfolk", "york", "norfolk")
    hold(state, "york", "op72")
    cr = board.command_rating(state, "norfolk")
    state = answer(window(state, "step_start"), {"york": "use:op72:norfolk"})
    assert board.command_rating(state, "norfolk") == cr + 1
    run_hooks(ENGINE.game(state), "impulse_end")
    assert board.command_rating(state, "norfolk") == cr


def test_card_71_escape_saves_a_noble_from_the_elimination_chart():
    """Card #71: before the Elimination Chart one noble goes to a seat at base strength instead of rolling."""
    state = cleared()
    g = engagement(state)
    b = combat.battle(g)
    b["sides"]["york"]["eliminated"] = ["norfolk"]
    b["sides"]["york"]["engaged"] = []
    hold(state, "york", "op71")
    state["flow"].append({"name": "window", "at": 0, "ret": None,
                          "local": {"roles": ["york", "lancaster"], "point": "before_elimination"}})
    seat = next(a for a in ids(state, "york") if a.startswith("use:op71:norfolk:") and "exile" not in a)
    state = answer(state, {"york": seat})
    assert state["blocks"]["norfolk"]["strength"] == 1 and state["blocks"]["norfolk"]["at"] == seat.split(":")[3]
    assert combat.battle(ENGINE.game(state))["sides"]["york"]["eliminated"] == []


def test_card_73_secret_plots_takes_an_alliance_card():
    """Card #73: take control of one alliance card in play."""
    state = cleared()
    state["zones"]["deck"].remove("op8")
    state["zones"]["play:lancaster"] = ["op8"]
    hold(state, "york", "op73")
    state = answer(window(state, "step_start"), {"york": "use:op73:op8"})
    assert "op8" in state["zones"]["play:york"] and "op8" not in state["zones"]["play:lancaster"]


def test_rb_14_2_2_alliance_influence_example_ratcliffe_with_lovel():
    """RB 14.2.2 example: York, controlling Lovel, uses #16 (Ratcliffe): 2 IP, spread over two nobles."""
    state = cleared()
    state["zones"]["deck"].remove("op16")
    state["zones"]["play:york"] = ["op16"]
    state["blocks"]["lovel"].update(house="york", status="map", at="kent")
    while state["ip"]["york"]["stock"].count(1) < 2:
        state["ip"]["york"]["pool"].remove(1)
        state["ip"]["york"]["stock"].append(1)
    state = window(state, "step_start")
    use = next(a for a in ids(state, "york") if a.startswith("use:op16:3"))
    state = answer(state, {"york": use})
    assert top(state) == "alliance_ip" and state["flow"][-1]["local"]["left"] == 2
    state = do(state, "york", "put:oxford:1")
    state = do(state, "york", "put:devon:1")
    assert state["rop"]["oxford"]["york"] == [1] and state["rop"]["devon"]["york"] == [1]
    state = do(state, "york", "done")
    assert "op16" in state["zones"]["discard"]


def test_rb_14_2_2_placing_alliance_influence_never_ends_by_itself():
    """Secrecy (fuzz, cruel_thorns seed 20000): IP markers in the stock are hidden, so the placement must not
    end on its own when what is left no longer fits the stock — the others would learn York's markers.
    York places its 1 and is still asked (only "Done" may be left) whatever else its stock holds."""
    for stock in ([1, 1], [1, 5]):
        state = cleared()
        state["zones"]["deck"].remove("op16")
        state["zones"]["play:york"] = ["op16"]
        state["ip"]["york"]["stock"] = list(stock)
        state = window(state, "step_start")
        state = answer(state, {"york": next(a for a in ids(state, "york") if a.startswith("use:op16:3"))})
        out = ENGINE.apply(state, "york", "put:oxford:1")
        state = out.state
        assert top(state) == "alliance_ip" and "done" in ids(state, "york")
        assert not [e.text for e in out.log if e.visible_to("lancaster")]


def test_alliance_played_as_event_stays_in_play_and_gains_one_ops():
    """RB 14.2.2, card #9: played as an event the card stays in front of its owner; "gain 1 OPS"."""
    state = cleared()
    hold(state, "york", "op9")
    state = play_event(state, "york", "op9")
    assert top(state) == "spend" and state["flow"][-1]["local"]["ops"] == 1
    state = do(state, "york", "done")
    assert "op9" in state["zones"]["play:york"]


def test_card_12_merchants_of_the_staple_make_calais_loyal():
    """Card #12: while in play, Calais is loyal to its owner (an empty Calais is his)."""
    state = cleared()
    assert board.controller(state, "calais") != "lancaster"
    state["zones"]["deck"].remove("op12")
    state["zones"]["play:lancaster"] = ["op12"]
    assert board.controller(state, "calais") == "lancaster"


def test_card_21_coppini_adds_one_ip_of_income():
    """Card #21: +1 IP in each Influence phase while in play."""
    from rules.crownofroses.phases import income
    state = cleared()
    before = income(state, "york")
    state["zones"]["deck"].remove("op21")
    state["zones"]["play:york"] = ["op21"]
    assert income(state, "york") == before + 1


def test_alliance_battle_dice_are_rolled_with_the_main_body(monkeypatch):
    """Card #2: +2 green dice in the line battle of this round."""
    state = cleared()
    engagement(state)
    state["zones"]["deck"].remove("op2")
    state["zones"]["play:york"] = ["op2"]
    state["flow"].append({"name": "window", "at": 0, "ret": None,
                          "local": {"roles": ["york", "lancaster"], "point": "round_start"}})
    state = answer(state, {"york": "use:op2:0"})
    assert combat.battle(ENGINE.game(state))["extra_dice"]["york"] == "GG"
    fixed_rolls(monkeypatch, 6, 6)
    assert combat.extra_hits(ENGINE.game(state), "york") == 2


def test_rb_10_5_2_chancellor_swaps_two_stacks_unseen():
    """RB 10.5.2: once per turn, in his own action step, the Chancellor swaps two Parliament stacks."""
    state = cleared()
    state["offices"]["chancellor"] = "norfolk"
    put(state, "norfolk", "york", "norfolk")
    state["rop"] = {"oxford": {"lancaster": [5]}, "devon": {"york": [1, 1]}}
    state["flow"] = [{"name": "action_step", "at": 3, "ret": None, "local": {"house": "york"}},
                     {"name": "window", "at": 0, "ret": None, "local": {"roles": ["lancaster", "york"],
                                                                       "point": "step_start"}}]
    ENGINE.game(state).run()
    swap = "use:office_chancellor:devon:york:oxford:lancaster"
    assert swap in ids(state, "york") and not any("chancellor" in a for a in ids(state, "lancaster"))
    log = []
    for role in ("lancaster", "york"):
        state = do(state, role, swap if role == "york" else "pass", log)
    assert state["rop"]["oxford"] == {"york": [1, 1]} and state["rop"]["devon"] == {"lancaster": [5]}
    assert not any("5" in e.text for e in log if e.to is None)
    assert not any("chancellor" in a for a in ids(window(state, "step_start"), "york"))   # once per turn


def test_rb_10_5_5_admiral_sails_for_two_ops_once_per_turn():
    """RB 10.5.5: a sea move led by the Admiral himself costs 2 OPS, once per turn."""
    state = cleared()
    state["offices"]["admiral"] = "norfolk"
    put(state, "norfolk", "york", "norfolk")
    hold(state, "york", "op1")
    state = play_event(state, "york", "op2", frame="spend", ops=2)
    assert "office:admiral:norfolk" in ids(state, "york")


def test_rb_10_5_4_marshal_rerolls_a_nobles_dice(monkeypatch):
    """RB 10.5.4: once per turn a noble re-rolls all its dice in a combat round; the hits change with it."""
    state = cleared()
    state["offices"]["marshal"] = "somerset"
    put(state, "somerset", "lancaster", "kent")
    g = engagement(state)
    b = combat.battle(g)
    b["rolled"], b["hits"] = {"norfolk": 3}, {"lancaster": 3, "york": 0}
    state["flow"].append({"name": "window", "at": 0, "ret": None,
                          "local": {"roles": ["york", "lancaster"], "point": "after_rolls"}})
    fixed_rolls(monkeypatch, 1, 1, 1, 1)
    state = answer(state, {"lancaster": "use:office_marshal:norfolk"})
    assert combat.battle(ENGINE.game(state))["hits"]["lancaster"] == 0


def test_house_card_w7_kingmaker_takes_die_plus_four_ip(monkeypatch):
    """W7: 1d6 + 4 IP from the unclaimed pool into the stock, then any influence on one noble."""
    state = cleared(players=4)
    before = sum(state["ip"]["warwick"]["stock"])
    fixed_rolls(monkeypatch, 3)
    state = play_event(state, "warwick", "W7")
    assert sum(state["ip"]["warwick"]["stock"]) == before + 7
    assert top(state) in ("alliance_ip", "spend", None)


def test_house_card_b7_katherine_and_anne_split_ten_ip():
    """B7: 10 IP from the pool, half on Oxford's box and the rest on Shrewsbury's (if it can take influence)."""
    state = cleared(players=4)
    state["blocks"]["shrewsbury"].update(status="inactive")
    state = play_event(state, "buckingham", "B7")
    assert sum(state["rop"]["oxford"]["buckingham"]) == 5
    assert sum(state["rop"]["shrewsbury"]["buckingham"]) == 5
    assert "B7" in state["zones"]["removed"]


def test_house_card_y6_six_steps_beside_york_or_march():
    """Y6: only with March in play; 6 steps on the nobles in the same shire as York or March."""
    state = cleared()
    put(state, "march", "york", "kent", 1)
    put(state, "kent", "york", "kent", 1)
    state = play_event(state, "york", "Y6")
    while top(state) == "gain_steps":
        state = do(state, "york", ids(state, "york")[0])
    assert state["blocks"]["march"]["strength"] == 4 and state["blocks"]["kent"]["strength"] == 2   # the rest is lost


def test_house_card_l8_love_day_every_attacker_retreats(monkeypatch):
    """L8: with Margaret in play no dice are rolled this impulse; each attacker retreats; Lancaster +1 support."""
    state = cleared()
    put(state, "margaret", "lancaster", "kent")
    support = state["support"]["lancaster"]
    state = play_event(state, "lancaster", "L8")
    assert state["support"]["lancaster"] == support + 1 and cards.modifiers(state, "love_day")
    engagement(state)
    state["flow"] = state["flow"][-1:]
    state["flow"].append({"name": "round", "at": 1, "ret": None, "local": {}})
    combat.battle(ENGINE.game(state))["round"] = 1
    ENGINE.game(state).run()
    # York retreats where it came from, the only place: made by the engine (issue 33)
    assert state["blocks"]["norfolk"]["at"] == "buckingham" and not board.contested(state, "oxford")


def test_house_card_l2_margaret_gives_one_ops_and_loses_the_carry_over():
    """L2: once per turn, face down for +1 OPS this impulse; face down at the end of the turn, no 2-card carry-over."""
    from rules.crownofroses.phases import carry_limit
    state = cleared()
    state["zones"]["play:lancaster"] = sorted(set(state["zones"]["play:lancaster"]) | {"L2"})
    assert carry_limit(state, "lancaster") >= 2
    state["flow"] = [{"name": "action_step", "at": 3, "ret": None, "local": {"house": "lancaster"}},
                     {"name": "window", "at": 0, "ret": None, "local": {"roles": ["lancaster", "york"],
                                                                       "point": "step_start"}}]
    ENGINE.game(state).run()
    state = answer(state, {"lancaster": "use:L2"})
    assert state["ops_bonus"] == {"lancaster": 1}
    face_down = carry_limit(state, "lancaster")
    state["zones"]["play:lancaster"].remove("L2")
    assert face_down == carry_limit(state, "lancaster")          # the card no longer counts


def test_card_70_england_for_the_english_sends_foreign_mercenaries_home():
    """Card #70: the Burgundian, Scots and French blocks leave play for the rest of the turn (not the Welsh),
    and their cards cannot be played meanwhile."""
    from rules.crownofroses.mercenaries import mercenary_playable
    state = cleared()
    put(state, "kent", "york", "kent")
    put(state, "french", "york", "kent", host="kent")
    put(state, "welsh", "york", "kent", host="kent")
    hold(state, "lancaster", "op70")
    state = answer(window(state, "step_start"), {"lancaster": "use:op70"})
    assert state["blocks"]["french"]["status"] == "inactive" and state["blocks"]["welsh"]["status"] == "map"
    assert not mercenary_playable("op52")(state, "york")


def test_card_67_to_the_standard_puts_an_undeclared_noble_in_the_reserve():
    """Card #67: at the start of a combat round one Undeclared noble joins your reserve at full strength."""
    state = cleared()
    engagement(state)
    state["blocks"]["essex"].update(status="undeclared", house="york", strength=1)
    hold(state, "york", "op67")
    state["flow"].append({"name": "window", "at": 0, "ret": None,
                          "local": {"roles": ["york", "lancaster"], "point": "round_start"}})
    state = answer(state, {"york": "use:op67:essex"})
    b = combat.battle(ENGINE.game(state))
    assert "essex" in b["sides"]["york"]["engaged"] and state["blocks"]["essex"]["at"] == "oxford"
    assert state["blocks"]["essex"]["strength"] == 3


def test_card_77_wavering_nobles_a_mercenary_becomes_inactive():
    """Card #77: a mercenary chosen wavers at once and becomes Inactive (no roll)."""
    state = cleared()
    g = engagement(state)
    put(state, "scots", "lancaster", "oxford", host="beaumont")
    combat.battle(g)["sides"]["lancaster"]["engaged"] = ["scots"]
    hold(state, "york", "op77")
    state["flow"].append({"name": "window", "at": 0, "ret": None,
                          "local": {"roles": ["york", "lancaster"], "point": "round_start"}})
    state = answer(state, {"york": "use:op77"})
    assert state["blocks"]["scots"]["status"] == "inactive"
