"""Second rules review: the Piracy sea zone, pinning at sea (5.22), Treachery per title (6.9), nothing after
sudden death (9.0), the Kingmaker rescue and who may regroup (6.7)."""

from .helpers import ENGINE, Dice, bare, do, ids, start_battle


def _last_heir_battle():
    """York's March attacks Lancaster's last heir, Richmond (strength 1), who has Oxford in reserve."""
    state = bare({"y-march": "derby", "l-richmond": "derby", "l-oxford": "derby"})
    for heir in ("l-henry-vi", "l-prince-edward", "l-exeter", "l-somerset"):
        state["blocks"][heir]["loc"] = "dead"
    state["blocks"]["l-richmond"]["str"] = 1
    return start_battle(state, "derby", "york", {"y-march": "chester|derby", "l-oxford": "derby|lincoln"},
                        "chester|derby")


def test_9_0_no_battle_line_after_the_last_heir_falls(monkeypatch):
    """9.0 sudden death: March's 3 hits kill Richmond, the last Lancastrian heir; the 2 surplus hits would bring
    Oxford's reserve in early (6.3), but the game is already over, so nothing more is logged."""
    Dice(monkeypatch, [1, 1, 1])
    out = ENGINE.apply(_last_heir_battle(), "york", "fire:y-march")
    texts = [e.text for e in out.log]
    won = next(i for i, t in enumerate(texts) if "wins" in t)
    assert won == len(texts) - 1, texts[won:]
    assert ENGINE.result(out.state).winners == ("york",)
    assert not any("reserves enter" in line for line in out.state["battle"]["lines"])


def test_9_0_no_battle_line_after_a_charge_wins_the_game(monkeypatch):
    """9.0 with 6.5: a charge that kills the last enemy heir ends the game; the target cannot fire back and no
    reserves enter."""
    Dice(monkeypatch, [1, 1, 1])
    out = ENGINE.apply(_last_heir_battle(), "york", "charge:y-march:l-richmond")
    texts = [e.text for e in out.log]
    assert "wins" in texts[-1], texts
