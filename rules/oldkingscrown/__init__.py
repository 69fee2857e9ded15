"""The Old King's Crown: rules engine (game id ``oldkingscrown``)."""

from .engine import ENGINE

__all__ = ["ENGINE"]
