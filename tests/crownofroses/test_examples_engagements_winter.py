"""Crown of Roses: the worked examples of RB 20.2 (engagements, examples 1 to 3) and RB 27.2 (a host for
Henry VI and Margaret) replayed on the engine (issue 24)."""

from __future__ import annotations

from rules.core import rng
from rules.crownofroses import combat, movement, reactions
from rules.crownofroses.engine import ENGINE

from tests.crownofroses.eventkit import cleared, do, put, top


def arrive_and_react(state, house, place, stack, came_from, monkeypatch, answers):
    """``house``'s stack has just entered ``place``; the reactions run with ``answers`` ({role: action})
    and every roll a 1 (interceptions succeed)."""
    monkeypatch.setattr(reactions, "d6", lambda g: 1)
    movement.record_entry(state, house, place, stack, stack[0], came_from)
    march = {"name": "march", "at": 0, "ret": None, "local": {"role": house, "stack": list(stack), "mp": 0,
                                                         "at": place, "start": came_from, "leader": stack[0],
                                                         "sea": False, "dropped": [], "entered_enemy": False, "forced": False}}
    approach = {"name": "approach", "at": 0, "ret": None, "local": {"role": house, "place": place,
                                                                   "stack": list(stack)}}
    state["flow"] = [march, approach]
    ENGINE.game(state).run()
    while top(state) != "march":
        role = ENGINE.active_roles(state)[0]
        state = do(state, role, answers.get((top(state), role), "roll" if top(state) == "form_stack" else "pass"))
    return state


def battle_in(state, shire, log=None):
    """Open the battle in ``shire``, its public log lines added to ``log``; returns the battle's frame."""
    state["flow"] = [{"name": "battle", "at": 0, "ret": None, "local": {"shire": shire}}]
    g = ENGINE.game(state)
    g.run()
    if log is not None:
        log.extend(e.text for e in g.ctx.entries if e.to is None)
    return next(f for f in state["flow"] if f["name"] == "battle")["local"]


def fight_out(state, monkeypatch, winner):
    """Play the battle under way to its end: every die of ``winner``'s blocks (the garrison's for the house
    it fights for) shows 6, every other combat die 1; windows passed, the largest main body chosen, no
    charge, hits where the engine offers first. Returns the state and the public log."""
    real_roll, rolling = rng.roll, {}
    original = combat.roll_hits

    def roll(st, n, sides=6):
        house = rolling.get("house")
        return real_roll(st, n, sides) if house is None else [6 if house == winner else 1] * n

    def rigged(g, block, bonus=0, why=""):
        rolling["house"] = (combat.battle(g)["garrison"]["house"] if block == combat.GARRISON
                            else g.state["blocks"][block]["house"])
        try:
            return original(g, block, bonus, why)
        finally:
            rolling.clear()
    monkeypatch.setattr(rng, "roll", roll)
    monkeypatch.setattr(combat, "roll_hits", rigged)
    log = []
    while any(f["name"] == "battle" for f in state["flow"]):
        role, ids = next((r, i) for r in ENGINE.active_roles(state)
                         for i in [[a.id for a in ENGINE.legal_actions(state, r)]] if i != ["change"])
        pick = next((i for i in ids if i in ("pass", "none", "done", "fight")),
                    ids[-1] if top(state) == "main_body" else ids[0])
        state = do(state, role, pick, log)
    return state, [e.text for e in log if e.to is None]


def example_1_moves(monkeypatch, where, york_from, buckingham_from, garrison=None):
    """RB 20.2 example 1's moves into ``where`` (example 2 makes them in London): Warwick's Salisbury there,
    York + the Lord Lieutenant of Ireland in, then Lancaster's Beaumont (from Kent), then Buckingham's Arundel +
    Hastings, which Warwick + the Captain of Calais intercept from Surrey."""
    state = cleared(4)
    state["order"] = ["lancaster", "york", "warwick", "buckingham"]
    if garrison:
        state["garrison"] = garrison
    put(state, "salisbury", "warwick", where)
    put(state, "york", "york", where)
    put(state, "lt_ireland_office", "york", where, host="york")
    movement.record_entry(state, "york", where, ["york", "lt_ireland_office"], "york", york_from)
    put(state, "beaumont", "lancaster", where)
    movement.record_entry(state, "lancaster", where, ["beaumont"], "beaumont", "kent")
    put(state, "warwick", "warwick", "surrey")
    put(state, "captain_of_calais_office", "warwick", "surrey", host="warwick")
    put(state, "arundel", "buckingham", where)
    put(state, "hastings", "buckingham", where)
    return arrive_and_react(state, "buckingham", where, ["arundel", "hastings"], buckingham_from, monkeypatch,
                            {("intercept", "warwick"): "intercept:warwick"})


def test_rb_20_2_example_1_sussex_four_players_the_interceptor_defends_first(monkeypatch):
    """RB 20.2 example 1: Warwick has a block (Salisbury) in Sussex; York moves in York + the Lord
    Lieutenant of Ireland, then Lancaster one block, then Buckingham Arundel + Hastings; Warwick intercepts
    that last move from Surrey with Warwick + the Captain of Calais and succeeds; nobody avoids. Buckingham
    attacks Warwick first (the interceptors enter just before the stack they intercept, RB 16.5, 20.1),
    Warwick + Captain of Calais being its initial force and Salisbury a reinforcement (20.3.1); the winner
    then meets Lancaster, then York (last in, first out)."""
    state = example_1_moves(monkeypatch, "sussex", york_from="hampshire", buckingham_from="hampshire")
    assert state["blocks"]["warwick"]["at"] == "sussex"
    assert state["blocks"]["captain_of_calais_office"]["at"] == "sussex"
    assert combat.recency(state, "sussex") == ["buckingham", "warwick", "lancaster", "york"]
    battle = battle_in(state, "sussex")
    assert battle["attacker"] == "buckingham" and battle["defender"] == "warwick"
    assert battle["sides"]["warwick"]["engaged"] == ["warwick", "captain_of_calais_office"]
    assert battle["sides"]["warwick"]["reinf"] == ["salisbury"]
    assert battle["houses"][2:] == ["lancaster", "york"]


def test_rb_20_2_example_2_london_four_players_the_intercepting_holder_loses_the_garrison(monkeypatch):
    """RB 20.2 example 2: example 1 fought in London, Warwick holding London (Salisbury) and the Tower
    garrison. By intercepting from outside (Surrey) Warwick "vacates" London and loses the garrison: York,
    the final defender, has the garrison against Warwick. Warwick never has it in his engagements with
    Buckingham and Lancaster; after the battle RB 9.6 gives it to the house left in London (Warwick)."""
    state = example_1_moves(monkeypatch, "london", york_from="hertford", buckingham_from="essex",
                            garrison="warwick")
    assert state["blocks"]["warwick"]["at"] == "london"
    assert combat.recency(state, "london") == ["buckingham", "warwick", "lancaster", "york"]
    opening = []
    battle = battle_in(state, "london", opening)
    assert battle["attacker"] == "buckingham" and battle["defender"] == "warwick"
    assert battle["garrison"]["house"] == "york"
    assert "The Tower of London Garrison fights for York, the final defender (RB 20.2)." in opening
    state, log = fight_out(state, monkeypatch, "warwick")
    bodies = [line for line in log if "main body:" in line]
    assert [line.split("'")[0] for line in bodies] == ["Buckingham", "Warwick", "Warwick", "Lancaster",
                                                        "Warwick", "York"]
    assert all("Garrison" not in line for line in bodies[:-1])
    assert "Tower of London Garrison (2)" in bodies[-1]                    # York's, against Warwick
    assert any(line.startswith("Tower of London Garrison rolls") for line in log)
    assert "Warwick wins the battle in London." in log
    assert state["garrison"] == "warwick"                                  # RB 9.6, 20.7.3: after the battle


def test_rb_20_2_example_3_two_players_the_interceptors_defend_london(monkeypatch):
    """RB 20.2 example 3: Lancaster holds London and York enters; Lancaster intercepts (from Kent) and
    succeeds: the interceptors defend against York (RB 20.1), so Lancaster is still the final defender and
    keeps the Tower garrison (RB 9.6), which fights in its main body. York winning, RB 9.6 then gives the
    garrison to York, the house left in London."""
    state = cleared(2)
    state["order"] = ["york", "lancaster"]
    state["garrison"] = "lancaster"
    put(state, "beaumont", "lancaster", "london")
    put(state, "clifford", "lancaster", "kent")
    put(state, "norfolk", "york", "london")
    put(state, "essex", "york", "london")
    state = arrive_and_react(state, "york", "london", ["norfolk", "essex"], "essex", monkeypatch,
                             {("intercept", "lancaster"): "intercept:clifford"})
    assert state["blocks"]["clifford"]["at"] == "london"
    opening = []
    battle = battle_in(state, "london", opening)
    assert "The Tower of London Garrison fights for Lancaster, the final defender (RB 20.2)." in opening
    assert battle["attacker"] == "york" and battle["defender"] == "lancaster"
    assert battle["sides"]["lancaster"]["engaged"] == ["clifford"]       # the interceptors' initial force
    assert battle["sides"]["lancaster"]["reinf"] == ["beaumont"]
    assert battle["garrison"]["house"] == "lancaster"
    state, log = fight_out(state, monkeypatch, "york")
    lancaster_bodies = [line for line in log if line.startswith("Lancaster's main body:")]
    assert "Tower of London Garrison (2)" in lancaster_bodies[0]
    assert "York wins the battle in London." in log
    assert state["garrison"] == "york"


def test_rb_27_2_example_somerset_hosts_henry_vi_and_margaret_during_the_non_office_placement():
    """RB 27.2 example: Lancaster names Somerset (no office) as host of Henry VI (King) and Margaret; all
    three may be placed during 27.2 — on Somerset's seats or theirs — or Henry VI and Margaret later (27.3,
    27.4). Lancaster places the three together now (DECISIONS 40)."""
    from rules.crownofroses import board, winter
    state = cleared(2)
    state["offices"].update({k: None for k in state["offices"]})
    state["offices"]["king"] = "henry_vi"
    for b in ("somerset", "henry_vi", "margaret"):
        state["blocks"][b].update(status="attending", house="lancaster", at=None, host=None)
    state["flow"] = [{"name": "winter", "at": 1, "ret": None,
                      "local": {"order": ["lancaster", "york"], "turn": 0, "passed": [], "exile_done": [],
                                "exiles": False}}]
    ENGINE.game(state).run()
    assert top(state) == "place_noble" and ENGINE.active_roles(state) == ["lancaster"]
    ids = [a.id for a in ENGINE.legal_actions(state, "lancaster")]
    both = [a for a in ids if a.startswith("place_with:somerset:") and a.endswith(":henry_vi+margaret")]
    alone = [a for a in ids if a.startswith("place_with:somerset:") and a.endswith(":henry_vi")]
    assert both and alone                                   # both, or Henry VI alone (Margaret placed later)
    somerset_seats = set(winter.seats_for(ENGINE.game(state), "somerset", "lancaster"))
    assert somerset_seats <= {a.split(":")[2] for a in both}
    shire = sorted(somerset_seats)[0]
    state = do(state, "lancaster", f"place_with:somerset:{shire}:henry_vi+margaret")
    for rider in ("henry_vi", "margaret"):
        assert state["blocks"][rider]["at"] == shire and state["blocks"][rider]["host"] == "somerset"
        assert state["blocks"][rider]["status"] == "map"
    assert set(board.attached_to(state, "somerset")) == {"henry_vi", "margaret"}


def test_rb_20_2_a_holder_named_winter_attacker_in_london_fights_without_the_garrison():
    """RB 20.1 exception, 20.2 example 2 (DECISIONS 231): after Winter placement the King names the
    attacker; when he names the house holding London and the garrison, the other house is the final
    defender and the garrison fights for it."""
    state = cleared(2)
    state["garrison"] = "lancaster"
    put(state, "beaumont", "lancaster", "london")
    put(state, "norfolk", "york", "london")
    state["winter_attackers"] = {"london": "lancaster"}
    battle = battle_in(state, "london")
    assert battle["attacker"] == "lancaster" and battle["defender"] == "york"
    assert battle["garrison"]["house"] == "york"
