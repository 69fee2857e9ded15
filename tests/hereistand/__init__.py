"""Here I Stand tests."""
