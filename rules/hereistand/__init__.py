"""Here I Stand (GMT Games, 2006): the engine (engine.py) on its component data (data.py)."""

from .engine import ENGINE

__all__ = ["ENGINE"]
