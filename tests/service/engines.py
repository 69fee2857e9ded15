"""A second tiny test game with a reaction window, for the auto-pass and reaction-deadline tests.

The attacker attacks (a turn); the defender may then react (a reaction window): "block" is legal only
while the defender still holds a shield, "pass" always. Three attacks end the game."""

from rules.core import Action, Engine, Prompt, Result, Scenario, Summary


class Skirmish(Engine):
    id = "skirmish"
    title = "Skirmish"

    def scenarios(self):
        return [Scenario("standard", "Standard", "Three attacks.", 2, 2)]

    def roles(self, scenario):
        return ["attacker", "defender"]

    def _setup(self, scenario, seats, options):
        return {"attacks": 0, "hits": 0, "shields": 1, "window": False}

    def _active_roles(self, state):
        return ["defender"] if state["window"] else ["attacker"]

    def _prompt(self, state, role):
        if role == "defender":
            return Prompt("The attacker strikes: respond?", "reaction")
        return Prompt("Attack.", "turn")

    def _legal_actions(self, state, role):
        if role == "attacker":
            return [Action("attack", "Attack")]
        actions = [Action("pass", "Pass")]
        if state["shields"]:
            actions.append(Action("block", "Block with the shield"))
        return actions

    def _apply(self, state, role, action, ctx):
        if role == "attacker":
            state["attacks"] += 1
            state["window"] = True
            ctx.log("The attacker strikes.")
            return
        state["window"] = False
        if action.id == "block":
            state["shields"] -= 1
            ctx.log("The defender blocks.")
        else:
            state["hits"] += 1
            ctx.log("The blow lands.")

    def default_action(self, state, role):
        return "pass" if role == "defender" else "attack"

    def view(self, state, role):
        view = {"attacks": state["attacks"], "hits": state["hits"]}
        if role == "defender":
            view["shields"] = state["shields"]
        return view

    def result(self, state):
        if state["attacks"] >= 3 and not state["window"]:
            return Result(("attacker",) if state["hits"] >= 2 else ("defender",), "three attacks made")
        return None

    def summary(self, state):
        return Summary(f"attack-{state['attacks']}", f"Attack {state['attacks'] + 1}", "Fighting")


ENGINE = Skirmish()
