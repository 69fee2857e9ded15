"""Shared core of every Herald rules engine: the contract, seeded randomness, replay and the fuzzer."""

from .contract import (
    Action,
    BadSetup,
    Context,
    Engine,
    IllegalAction,
    LogEntry,
    OptionSpec,
    Outcome,
    Prompt,
    Result,
    RulesError,
    Scenario,
    SetupArgs,
    State,
    Summary,
    copy_state,
    replay,
)
from .registry import game_ids, get_engine
from .seats import Seating, merge_views

__all__ = [
    "Action", "BadSetup", "Context", "Engine", "IllegalAction", "LogEntry", "OptionSpec", "Outcome",
    "Prompt", "Result", "RulesError", "Scenario", "SetupArgs", "State", "Summary", "copy_state",
    "replay", "game_ids", "get_engine", "Seating", "merge_views",
]
