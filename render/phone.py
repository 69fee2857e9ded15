"""`python -m render.phone PICTURE.png ...`: a 400 px wide copy of each picture (``PICTURE.400.png``), what
a phone's inline preview shows, for judging pictures by eye at that size (render/kit/legibility.py is the
rule the tests check)."""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

from .kit.legibility import PHONE_WIDTH


def phone_copy(path: Path) -> Path:
    """Write ``path`` scaled to the phone's width (Lanczos) beside it; returns the copy's path."""
    with Image.open(path) as img:
        height = round(img.height * PHONE_WIDTH / img.width)
        out = path.with_name(f"{path.stem}.{PHONE_WIDTH}.png")
        img.convert("RGB").resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS).save(out, optimize=True)
    return out


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m render.phone PICTURE.png ...", file=sys.stderr)
        return 2
    for name in argv:
        print(phone_copy(Path(name)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
