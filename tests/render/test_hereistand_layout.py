"""Here I Stand layout (render/hereistand/layout.json), checked from the layout data alone: every space is
drawn in some regional picture with its name; no name overlaps another name, a space's mark or stack slot, a
sea name or fleet slot, or the picture's edge; the overview places every space and every count slot clear of
each other, and names each regional frame."""

import pytest
from PIL import ImageFont

from render.core import FONT_DIR, READ
from render.hereistand.scene import layout
from rules.hereistand.data import load

REGIONS = layout()["regions"]


def overlap(a, b):
    return min(a[2], b[2]) - max(a[0], b[0]) > 0 and min(a[3], b[3]) - max(a[1], b[1]) > 0


def inside(box, size):
    return box[0] >= 0 and box[1] >= 0 and box[2] <= size[0] and box[3] <= size[1]


def test_every_space_and_sea_zone_has_a_regional_picture():
    data = load()
    drawn = {s for reg in REGIONS.values() for s in reg["spaces"]}
    assert drawn == set(data.spaces)
    assert {z for reg in REGIONS.values() for z in reg["seas"]} == set(data.sea_zones)
    assert set(layout()["overview"]["spaces"]) == set(data.spaces)
    assert set(layout()["overview"]["seas"]) == set(data.sea_zones)


@pytest.mark.parametrize("region", list(REGIONS))
def test_no_name_is_covered_or_overlapping(region):
    reg = REGIONS[region]
    size = reg["size"]
    marks = [(s, kind, spot[kind]) for s, spot in reg["spaces"].items() for kind in ("symbol", "slot")]
    marks += [(z, kind, spot[kind]) for z, spot in reg["seas"].items() for kind in ("label", "slot")]
    labels = [(s, spot["label"]) for s, spot in reg["spaces"].items()]
    for i, (s, box) in enumerate(labels):
        assert inside(box, size), (region, s)
        assert not [(t, k) for t, k, m in marks if overlap(box, m)], (region, s)
        assert not [t for t, other in labels[i + 1:] if overlap(box, other)], (region, s)
    for i, (s, kind, box) in enumerate(marks):
        assert inside(box, size), (region, s, kind)
        assert not [(t, k) for t, k, other in marks[i + 1:] if t != s and overlap(box, other)], (region, s, kind)


@pytest.mark.parametrize("region", list(REGIONS))
def test_each_name_fits_its_box_at_a_readable_size(region):
    """The name drawn in its box (render/hereistand/maps.py draws it centred there at 26 px bold)."""
    fnt = ImageFont.truetype(str(FONT_DIR / "DejaVuSansCondensed-Bold.ttf"), 26)
    data = load()
    assert 26 >= READ
    for s, spot in REGIONS[region]["spaces"].items():
        x0, y0, x1, y1 = spot["label"]
        left, top, right, bottom = fnt.getbbox(data.spaces[s].name, anchor="mm")
        assert right - left <= x1 - x0 and bottom - top <= y1 - y0, (region, s)


def test_overview_marks_do_not_overlap_and_frames_are_named():
    ov = layout()["overview"]
    marks = [(s, k, spot[k]) for s, spot in ov["spaces"].items() for k in ("symbol", "slot")]
    marks += [(z, k, spot[k]) for z, spot in ov["seas"].items() for k in ("label", "slot")]
    for i, (s, kind, box) in enumerate(marks):
        assert inside(box, ov["size"]), (s, kind)
        assert not [(t, k) for t, k, other in marks[i + 1:] if t != s and overlap(box, other)], (s, kind)
    assert set(ov["frames"]) == set(REGIONS)
    tabs = [f["tab"] for f in ov["frames"].values()]
    for rid, frame in ov["frames"].items():
        assert frame["name"]
        assert not [s for s, k, m in marks if overlap(frame["tab"], m)], rid
        assert sum(1 for t in tabs if overlap(frame["tab"], t)) == 1, rid
