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


class Marches(Engine):
    """A third test game whose turns have sub-steps, for deadlines that must not restart at every click.

    The two roles take turns; in a turn the role marches up to three times (each march a separate
    action, like picking a block and then its destination) and then ends the turn. The default action
    marches while it can, then ends. Four turns in all. ``stubborn=True`` makes a game whose default
    never ends a turn (it only marks time), to check that the "default" policy stays bounded."""

    id = "marches"
    title = "Marches"

    def __init__(self, stubborn: bool = False) -> None:
        self.stubborn = stubborn

    def scenarios(self):
        return [Scenario("standard", "Standard", "Four turns of marches.", 2, 2)]

    def roles(self, scenario):
        return ["north", "south"]

    def _setup(self, scenario, seats, options):
        return {"turn": 1, "marches": 0, "waits": 0, "hidden": {"north": "secret-north", "south": "secret-south"}}

    def _active_roles(self, state):
        return ["north" if state["turn"] % 2 else "south"]

    def _prompt(self, state, role):
        return Prompt(f"March ({state['marches']} of 3 so far) or end your turn.", "turn")

    def _legal_actions(self, state, role):
        actions = [Action("end", "End the turn")]
        if state["marches"] < 3:
            actions.insert(0, Action("march", f"March with the {state['hidden'][role]} banner"))
        actions.append(Action("wait", "Mark time"))
        return actions

    def _apply(self, state, role, action, ctx):
        if action.id == "march":
            state["marches"] += 1
            ctx.log(f"{role.title()} marches.")
            ctx.log(f"You march under the {state['hidden'][role]} banner.", to=[role])
        elif action.id == "wait":
            state["waits"] += 1
        else:
            state["turn"] += 1
            state["marches"] = 0
            ctx.log(f"{role.title()} ends the turn.")

    def default_action(self, state, role):
        if self.stubborn:
            return "wait"
        return "march" if state["marches"] < 3 else "end"

    def view(self, state, role):
        view = {"turn": state["turn"], "marches": state["marches"]}
        if role:
            view["banner"] = state["hidden"][role]
        return view

    def secrets(self, state, role):
        return {state["hidden"][role]}

    def result(self, state):
        return Result((), "four turns marched") if state["turn"] > 4 else None

    def summary(self, state):
        return Summary(f"turn-{state['turn']}", f"Turn {state['turn']}", "Marching")


MARCHES = Marches()
