"""Here I Stand (GMT Games, 2006): component data for the engine to come (not registered yet)."""
