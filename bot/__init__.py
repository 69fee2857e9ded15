"""Herald table service, console and Discord layer."""
