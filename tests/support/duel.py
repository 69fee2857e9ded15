"""A tiny two-role game for testing the shared core, the table service and the Discord layer without a
real game's rules. Each round both roles secretly bid 1–3; the bids are revealed together; the higher
bid rolls a die and scores it (ties: nobody scores). First to 10 points, or the leader after 6 rounds,
wins. It has every contract feature: a secret simultaneous choice, a reveal, dice and a default action."""

from __future__ import annotations

from rules.core import Action, Context, Engine, Prompt, Result, Scenario, Summary, copy_state
from rules.core import rng

ROLES = ["red", "blue"]


class Duel(Engine):
    id = "duel"
    title = "Duel"
    runaway_actions = 100

    def scenarios(self):
        return [Scenario("standard", "Standard", "Six rounds of secret bids.", 2, 2)]

    def roles(self, scenario):
        return list(ROLES)

    def _setup(self, scenario, seats, options):
        return {"round": 1, "bids": {}, "score": {r: 0 for r in ROLES}, "last": None}

    def _active_roles(self, state):
        return [r for r in ROLES if r not in state["bids"]]

    def _prompt(self, state, role):
        return Prompt("Choose your secret bid.", "secret")

    def _legal_actions(self, state, role):
        return [Action(f"bid:{n}", f"Bid {n}", "Bids") for n in (1, 2, 3)]

    def _apply(self, state, role, action, ctx: Context):
        state["bids"][role] = int(action.id.split(":")[1])
        ctx.log(f"You bid {state['bids'][role]}.", to=[role])
        if len(state["bids"]) < 2:
            ctx.log(f"{role.title()} has chosen a bid.")
            return
        red, blue = state["bids"]["red"], state["bids"]["blue"]
        ctx.reveal()
        text = f"Round {state['round']}: red bid {red}, blue bid {blue}."
        if red != blue:
            winner = "red" if red > blue else "blue"
            points = rng.roll(state, 1)[0]
            state["score"][winner] += points
            text += f" {winner.title()} rolls {points}."
        ctx.log(text, kind="reveal")
        state["last"] = {"red": red, "blue": blue}
        state["bids"] = {}
        state["round"] += 1

    def default_action(self, state, role):
        return "bid:1"

    def view(self, state, role):
        return {"round": state["round"], "score": dict(state["score"]), "last": state["last"],
                "committed": sorted(state["bids"]),
                "my_bid": state["bids"].get(role) if role else None}

    def result(self, state):
        score = state["score"]
        if max(score.values()) >= 10 or state["round"] > 6:
            if score["red"] == score["blue"]:
                return Result((), "a draw on points")
            best = max(ROLES, key=score.get)
            return Result((best,), f"{best} leads {score[best]} points")
        return None

    def summary(self, state):
        return Summary(f"round-{state['round']}", f"Round {state['round']}", "Bidding")

    def hidden_variants(self, state):
        """Each unrevealed bid changed to another value (for the secrecy-by-invariance check)."""
        for role, bid in sorted(state["bids"].items()):
            variant = copy_state(state)
            variant["bids"][role] = 1 if bid != 1 else 2
            yield role, "unrevealed bid", variant

    def secrets(self, state, role):
        bid = state["bids"].get(role)
        return {f"secret-bid-{role}-{bid}"} if bid else set()


ENGINE = Duel()
