"""Crown of Roses (GMT Games): the engine (engine.py), its views (VIEW.md) and its component data (DATA.md)."""

from .engine import ENGINE

__all__ = ["ENGINE"]
