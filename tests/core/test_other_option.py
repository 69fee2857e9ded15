"""The hidden change of an unrevealed pick (rules/core/flow.py, FlowEngine.hidden_changes) takes the first
option other than the last pick. A window whose options are its own (pass first) answers "pass" for a
response without listing the responses (issue 28): the same option the whole list gives."""

from rules.core.choices import PASS, ReactionWindow, SecretChoice
from rules.core.contract import Action


class Window(ReactionWindow):
    def responses(self, g, role):
        return [Action("use:a", "Use A"), Action("use:b", "Use B")]


class PassLast(Window):
    """Lists its responses before passing: the shortcut does not apply."""

    def options(self, g, role, picks):
        return [*self.responses(g, role), PASS]


def _whole(decision, picks):
    return SecretChoice.other_option(decision, None, "red", picks)


def test_a_windows_other_option_is_the_first_of_its_whole_list():
    for decision in (Window(), PassLast()):
        for picks in (["use:a"], ["use:b"], ["pass"]):
            assert decision.other_option(None, "red", picks) == _whole(decision, picks)
    assert Window().other_option(None, "red", ["use:b"]) == "pass"
    assert PassLast().other_option(None, "red", ["use:a"]) == "use:b"
