"""Crown of Roses (GMT Games): component data so far; the engine comes later (not registered yet)."""
