"""Reads a Richard III view (rules/richard3/VIEW.md) into a Scene. Placeholder until VIEW.md lands."""

from __future__ import annotations

from typing import Any

from .model import Scene


def read(view: dict[str, Any]) -> Scene:
    return Scene(role=view.get("role"))
