"""Crown of Roses (GMT Games): rules engine (game id ``crownofroses``) on component data that is partly a
reconstruction (DATA.md)."""

from .engine import ENGINE

__all__ = ["ENGINE"]
