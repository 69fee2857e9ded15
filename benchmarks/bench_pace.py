"""The pace of slow play (issue 33): `python -m benchmarks pace`.

For each game and scenario, over random games played by the shared driver's choices, it counts what a
table of humans would be asked:

- **questions per game turn**: each time a role is newly asked (a new prompt, or the same role asked again
  after its own answer); a role of a simultaneous choice is asked once however the others answer;
- **single answer**: the share of those questions whose legal answers are one action (a "change my
  choice" offer aside), and the same share leaving out the decisions the engine declares as protecting a
  secret (listed in each game's VIEW.md: the engine's count);
- **longest menu**: the most legal actions at one question, and the largest level once grouped
  (:func:`rules.core.menus.menu_levels`; the goal is 25, Discord's limit for a select menu);
- **waits per game turn**: the moments the game waits for humans one after another (every role asked at
  once is one wait; a run of one player's own questions answered in one message, :mod:`rules.core.sequences`,
  is one wait).

The players are the shared driver's random choices, made by a role the game is waiting for: a player who
has made a secret choice does not take it back (the driver alone draws a committed role, whose only choice
is "change", a quarter of the time or more at a four-house bid: waits of its own making no table sees).

Questions are counted at the table: after every move the standing answers a typical player leaves (every
one the game offers: pass every Surprise window, never intercept, never avoid battle, never volunteer a
responder to a Raid) answer for them, as
the table service does, and are not questions. A "game turn" is the engine's ``Summary.turn_key``. Each line prints the goal beside the number, and the
numbers measured on the engines before issue 33 (``BEFORE``).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field

from rules.core.contract import Engine, State
from rules.core.driver import choose_move, setup_args
from rules.core.registry import game_ids, get_engine

try:
    from rules.core import sequences
except ImportError:               # before issue 33's runs: every answer is its own message
    sequences = None

#: random games per scenario (long games get fewer)
GAMES = {"richard3": 20, "oldkingscrown": 20, "crownofroses": 3, "hereistand": 1}
#: actions after which a game is cut short (Here I Stand's random games run to many thousands)
MAX_ACTIONS = {"hereistand": 4000}

#: measured with this module on the engines before issue 33 (commit 90172ef exported, this file copied in,
#: seeds 0..GAMES-1, players who never take back a secret choice): questions per turn, single-answer
#: share %, longest menu, waits per turn. (The first measure, whose random players took back a committed
#: choice whenever the driver drew them, read Crown of Roses 249.6 / 149.2 / 136.0 / 314.5 waits per turn.)
BEFORE: dict[str, tuple[float, float, int, float]] = {
    "richard3 1460": (16.0, 1.6, 37, 15.1),
    "richard3 1470": (16.7, 1.7, 31, 15.7),
    "richard3 1483": (16.2, 1.8, 28, 15.2),
    "oldkingscrown standard": (12.4, 19.4, 21, 11.5),
    "crownofroses seeds_of_enmity": (276.3, 47.3, 121, 175.5),
    "crownofroses entangled_branches": (154.6, 34.3, 45, 126.9),
    "crownofroses cruel_thorns": (125.7, 32.6, 44, 102.4),
    "crownofroses kingmaker": (264.7, 44.3, 129, 173.7),
    "hereistand 1517": (444.6, 3.6, 117, 443.8),
    "hereistand 1532": (435.5, 2.1, 136, 434.5),
    "hereistand tournament": (436.3, 1.6, 136, 435.3),
}


@dataclass
class Tally:
    turns: set[str] = field(default_factory=set)
    questions: int = 0
    single: int = 0
    single_open: int = 0      # single-answer questions whose decision does not protect a secret
    longest: int = 0
    widest_level: int = 0
    waits: int = 0


def _answers(engine: Engine, state: State, role: str) -> list:
    return [a for a in engine.legal_actions(state, role) if a.id != "change"]


def _protects_secret(engine: Engine, state: State, role: str) -> bool:
    check = getattr(engine, "protects_secret", None)
    return bool(check and check(state, role))


def _level(actions: list) -> int:
    try:
        from rules.core.menus import menu_levels
    except ImportError:           # before issue 33's menus: one flat level
        return len(actions)
    return max((len(level) for level in menu_levels(actions)), default=0)


def _ask(engine: Engine, state: State, roles: list[str], tally: Tally) -> None:
    for role in roles:
        prompt = engine.prompt(state, role)
        if prompt is None or prompt.committed:
            continue
        answers = _answers(engine, state, role)
        tally.questions += 1
        tally.longest = max(tally.longest, len(answers))
        tally.widest_level = max(tally.widest_level, _level(answers))
        if len(answers) == 1:
            tally.single += 1
            if not _protects_secret(engine, state, role):
                tally.single_open += 1


def _standing(engine: Engine, state: State) -> State:
    """The table answering with the standing answers a typical player leaves: every one the game offers
    (pass every Surprise window, never intercept...)."""
    offered = getattr(engine, "standing_answers", None)        # none before issue 33
    if offered is None:
        return state
    chosen = [a.id for a in offered()]
    for _ in range(1000):
        move = next(((r, m) for r in engine.active_roles(state)
                     for m in [engine.standing_move(state, r, chosen)] if m), None)
        if move is None or engine.result(state) is not None:
            break
        state = engine.apply(state, *move).state
    return state


def _continues(engine: Engine, state: State, role: str) -> bool:
    return sequences is not None and sequences.continues(engine, state, role)


def choose(engine: Engine, state: State, chooser: random.Random):
    """The shared driver's random move, made by a role the game is waiting for: a player who has made a
    secret choice does not take it back (the driver alone would, a quarter of the time or more at a
    four-house bid, each a wait no table sees)."""
    waited = [r for r in engine.active_roles(state) if not engine.prompt(state, r).committed]
    if not waited:
        return choose_move(engine, state, chooser)
    role = chooser.choice(waited)
    return role, chooser.choice(engine.legal_actions(state, role))


def play(engine: Engine, scenario: str, seed: int, tally: Tally, limit: int) -> None:
    chooser = random.Random(seed)
    state = _standing(engine, engine.setup(setup_args(engine, scenario, seed)))
    asked = engine.active_roles(state)
    _ask(engine, state, asked, tally)
    tally.waits += 1 if asked else 0
    actions = 0
    while engine.result(state) is None and actions < limit:
        tally.turns.add(f"{seed}:{engine.summary(state).turn_key}")
        before = set(engine.active_roles(state))
        role, action = choose(engine, state, chooser)
        in_run = _continues(engine, state, role)
        outcome = engine.apply(state, role, action.id)
        # the next answer of the same run goes in the same message (rules.core.sequences): no new wait
        in_run = in_run and not outcome.irreversible and _continues(engine, outcome.state, role)
        state = _standing(engine, outcome.state)
        actions += 1
        now = engine.active_roles(state)
        fresh = [r for r in now if r not in before or r == role]
        fresh = [r for r in fresh if not engine.prompt(state, r).committed]
        if fresh and in_run and fresh == [role]:
            _ask(engine, state, fresh, tally)
        elif fresh:             # someone is newly waited for: one more wait, however many are asked
            _ask(engine, state, fresh, tally)
            tally.waits += 1


def measure(games: list[str] | None = None) -> dict[str, Tally]:
    out = {}
    for game in games or game_ids():
        engine = get_engine(game)
        for scenario in [s.id for s in engine.scenarios()]:
            tally = Tally()
            for seed in range(GAMES.get(game, 4)):
                play(engine, scenario, seed, tally, MAX_ACTIONS.get(game, engine.runaway_actions))
            out[f"{game} {scenario}"] = tally
    return out


def _row(t: Tally) -> tuple[float, float, float, int, int, float]:
    turns = max(len(t.turns), 1)
    share = 100 * t.single / max(t.questions, 1)
    share_open = 100 * t.single_open / max(t.questions, 1)
    return t.questions / turns, share, share_open, t.longest, t.widest_level, t.waits / turns


def main(games: list[str] | None = None) -> None:
    print("goals: single-answer questions <= 2% at the engine (secret-keeping decisions left out) and at the "
          "table; no menu level above 25; Crown of Roses waits per turn at most half of before")
    print(f"{'':32} {'questions/turn':>15} {'single %':>9} {'open single %':>14} {'longest':>8} "
          f"{'widest level':>13} {'waits/turn':>11}   before (q/turn, single %, longest, waits/turn)")
    for key, tally in measure(games).items():
        q, share, share_open, longest, level, waits = _row(tally)
        before = BEFORE.get(key)
        halved = not key.startswith("crownofroses") or before is None or waits <= before[3] / 2
        missed = [name for name, bad in (("engine single", share_open > 2), ("table single", share > 2),
                                          ("menu level", level > 25), ("waits not halved", not halved)) if bad]
        verdict = "OK" if not missed else "MISS: " + ", ".join(missed)
        was = f"{before[0]:.1f}, {before[1]:.1f}, {before[2]}, {before[3]:.1f}" if before else "-"
        print(f"{key:32} {q:15.1f} {share:9.1f} {share_open:14.1f} {longest:8d} {level:13d} {waits:11.1f}   "
              f"{was}  {verdict}")


if __name__ == "__main__":
    main(sys.argv[1:] or None)
