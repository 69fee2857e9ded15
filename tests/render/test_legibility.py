"""The legibility rule (render/kit/legibility.py) on layouts noted while drawing (render/kit/layout.py):
each check can fail, and a clean picture passes."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.kit import layout
from render.kit.legend import LegendItem, legend
from render.kit.legibility import abbreviations, findings, min_font
from render.kit.text import font


def _picture(draw_it, size=(1200, 600)):
    with layout.recording():
        img = Image.new("RGB", size, "white")
        draw_it(img, ImageDraw.Draw(img))
    return img, layout.layout_of(img)


def _kinds(found):
    return sorted({f.split(":")[0] for f in found})


def test_clean_picture_passes():
    def draw_it(img, d):
        d.text((20, 20), "Kent", font=font(30), fill="black")
        d.text((20, 80), "Sussex 3", font=font(24), fill="black")
    _, lay = _picture(draw_it)
    assert [t.text for t in lay.texts] == ["Kent", "Sussex 3"]
    assert findings(lay) == []


def test_text_under_8_px_at_400_is_too_small():
    assert min_font(1200) == 24
    _, lay = _picture(lambda img, d: d.text((20, 20), "Kent", font=font(23), fill="black"))
    assert _kinds(findings(lay)) == ["size"]


def test_text_over_the_edge_is_cut():
    _, lay = _picture(lambda img, d: d.text((1190, 20), "Northumberland", font=font(30), fill="black"))
    assert _kinds(findings(lay)) == ["edge"]


def test_a_crop_that_cuts_text_is_found():
    def draw_it(img, d):
        d.text((20, 570), "Cornwall", font=font(30), fill="black", anchor="la")
    img, _ = _picture(draw_it)
    with layout.recording():
        cropped = img.crop((0, 0, 1200, 580))
    assert _kinds(findings(layout.layout_of(cropped))) == ["edge"]


def test_overlapping_texts_are_found():
    def draw_it(img, d):
        d.text((20, 20), "Plundered", font=font(30), fill="black")
        d.text((60, 30), "Calais", font=font(30), fill="black")
    _, lay = _picture(draw_it)
    assert _kinds(findings(lay)) == ["overlap"]


def test_text_across_a_marker_but_not_inside_it():
    def draw_it(img, d):
        d.ellipse((100, 100, 160, 160), fill="red")
        layout.mark(d, "marker", (100, 100, 160, 160), "office marker")
        d.text((130, 130), "3", font=font(30), fill="white", anchor="mm")      # its label: fine
        d.text((140, 150), "Plundered", font=font(30), fill="black")          # across it
    _, lay = _picture(draw_it)
    found = findings(lay)
    assert _kinds(found) == ["marker"] and "Plundered" in found[0] and "office marker" in found[0]


def test_text_cut_by_its_frame():
    def draw_it(img, d):
        layout.mark(d, "frame", (10, 10, 200, 100), "card")
        d.text((20, 20), "fits", font=font(30), fill="black")
        d.text((20, 60), "and instead either", font=font(30), fill="black")
    _, lay = _picture(draw_it)
    found = findings(lay)
    assert _kinds(found) == ["frame"] and "and instead either" in found[0]


def test_arrows_under_text_or_through_a_marker():
    def draw_it(img, d):
        d.text((300, 300), "Lincoln", font=font(30), fill="black", anchor="mm")
        layout.mark(d, "marker", (500, 100, 540, 140), "shire value")
        layout.path_mark(d, [(200, 300), (400, 300)])           # under the name
        layout.path_mark(d, [(450, 120), (600, 120)])           # through the disc
        layout.path_mark(d, [(520, 120), (700, 200)])           # starts in it: fine
    _, lay = _picture(draw_it)
    found = findings(lay)
    assert len(found) == 2 and _kinds(found) == ["path"]


def test_abbreviations_need_the_legend():
    assert abbreviations("BBG c2 · Henry VI · 3 VP") == {"BBG", "c2", "VP"}
    assert abbreviations("NORTH SEA") == set() and abbreviations("EVENT") == {"EVENT"}

    def unexplained(img, d):
        d.text((20, 20), "BBG c2", font=font(30), fill="black")
    _, lay = _picture(unexplained)
    assert sorted(f.split("'")[1] for f in findings(lay)) == ["BBG", "c2"]

    def explained(img, d):
        d.text((20, 20), "BBG c2", font=font(30), fill="black")
        items = [LegendItem(lambda *a: None, "BBG: blocks' colours"), LegendItem(lambda *a: None, "c2: 2 cards")]
        legend(d, (0, 200, 1200, 400), items, 2)
    _, lay = _picture(explained)
    assert findings(lay) == []


def test_pasting_carries_notes_and_covers_what_was_under():
    with layout.recording():
        base = Image.new("RGB", (1200, 400), "white")
        ImageDraw.Draw(base).text((20, 20), "under", font=font(30), fill="black", anchor="la")
        patch = Image.new("RGB", (300, 100), "white")
        ImageDraw.Draw(patch).text((10, 10), "over", font=font(30), fill="black", anchor="la")
        base.paste(patch, (0, 0))
        copied = base.copy()
    texts = layout.layout_of(copied).texts
    assert [t.text for t in texts] == ["over"] and texts[0].rect[0] >= 10


def test_nothing_is_noted_when_not_recording():
    img = Image.new("RGB", (1200, 400), "white")
    ImageDraw.Draw(img).text((20, 20), "Kent", font=font(10), fill="black")
    layout.mark(img, "marker", (0, 0, 10, 10))
    assert layout.layout_of(img).texts == [] and layout.layout_of(img).marks == []
    assert ImageDraw.ImageDraw.text.__module__ == "PIL.ImageDraw"
