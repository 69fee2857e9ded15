"""Richard III: The Wars of the Roses — the Herald rules engine (see VIEW.md and DECISIONS.md)."""

from .engine import ENGINE, RichardIII

__all__ = ["ENGINE", "RichardIII"]
