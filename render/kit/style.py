"""Picture size, fonts and the base colours every picture shares.

Size and legibility (the deliberate choice)
-------------------------------------------
Players read these pictures on phones more than anywhere else. A phone screen is about 390 points wide;
Discord's full-screen viewer fits an image to that width, so an image W px wide is shown at 390/W points
per pixel. Legibility is therefore a question of text size *relative to the picture width*, and the rule
here is: anything a player must read is at least 1/40 of the width tall (30 px at 1200 px, about
10 pt on the phone), area names a little more (32 px), never less than :data:`READ` (26 px) for short
secondary words (a town's name, a card's reminder); only symbols' inner letters (an initial on a
symbol, a badge's count) go below, down to :data:`MIN_FONT`.

The width itself, :data:`WIDTH` = 1200 px, is then chosen for the pixels: a phone's screen is 1080-1290
physical pixels wide (390-430 pt at 2.75-3x), so a 1200 px picture opened full screen is shown at about
one image pixel per device pixel: nothing is blurred by upscaling (a 800 px picture would be) and no
detail is thrown away by downscaling (a 1600 px picture would spend 78% more pixels, time and bytes on
detail the phone cannot show). Every picture is at most twice as tall as wide (:data:`MAX_ASPECT`): a
portrait phone screen is about 1:2.1, so the viewer fits the width and never shrinks the picture further.
The inline preview in a channel (about 400 px wide on a phone) is for the shape of the position: solid
blocks in strong side colours, orange rings round battles, arrows.

Fonts: DejaVu Sans Condensed (regular and bold) ship in ``render/fonts`` with their licence
(Bitstream Vera / public-domain DejaVu changes, redistribution allowed). Shipping them, rather than
Pillow's built-in default font, gives a bold face, a condensed width (long place names fit),
the same glyphs on every machine (identical bytes for identical views), and full Unicode coverage.
Text is laid out with Pillow's BASIC engine so output does not depend on libraqm being installed.
"""

from __future__ import annotations

from pathlib import Path

WIDTH = 1200
MAX_ASPECT = 2.0      # height / width at most
READ = 26             # the smallest text a player must read (short secondary words); main text is 28-32
MIN_FONT = 14         # the absolute floor (letters inside symbols)
FONT_DIR = Path(__file__).resolve().parents[1] / "fonts"

Color = tuple[int, int, int] | tuple[int, int, int, int]

# ---- colours --------------------------------------------------------------------------------------
INK = (28, 28, 32)
PAPER = (246, 240, 224)
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
GREY = (128, 128, 128)
LIGHT_GREY = (210, 210, 210)
STRIP = (38, 42, 54)          # title strip background
STRIP_TEXT = (250, 250, 250)
ACCENT = (236, 180, 40)       # highlights (whose move, contested)
HALO = (255, 255, 255)
