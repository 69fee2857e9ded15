"""The render kit: the drawing pieces every game's pictures share (see render/README.md for how to draw a
new game with it). It knows no game: no game's name, colours or iconography (tests/render/test_kit.py
checks). Import the modules directly, e.g. ``from render.kit.text import fit_font``.
"""
