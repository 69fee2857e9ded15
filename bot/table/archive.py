"""A game's record, for keeps: the archive (one self-contained HTML page: the log turn by turn, the public
map at each turn's end and the final position, pictures embedded, no script) and the replay picture (the
public map turn by turn as one animated WebP). Both hold public facts only, whoever asks: they are posted
in channels and mailed on, so nothing hidden may be in them (the secrecy of the public view and log).

Both fit a size (Discord's upload limit by default): pictures are drawn smaller, then the turns' pictures
thinned (the final position always kept), until the file fits; the archive says when it did so."""

from __future__ import annotations

import base64
import html
import io
import json
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from .. import clock
from .records import BadOption, LogLine, _Game

#: Discord's upload limit without boosts (also bot.discordbot.limits.ATTACHMENT_MAX), the mail's too
FILE_LIMIT = 10 * 1024 * 1024
#: widths tried in turn until the file fits (the renderer draws 1200 px wide)
ARCHIVE_WIDTHS = (1200, 900, 700, 500, 360)
REPLAY_WIDTHS = (800, 640, 480, 360, 260)
FRAME_MS = 1500


@dataclass(frozen=True)
class TurnRecord:
    """One game turn of the record: its number, label and phase, its public log lines, and the public
    view at its end (None when there is nothing to draw)."""

    number: int
    label: str
    phase: str
    lines: tuple[LogLine, ...]
    view_at_end: dict[str, Any]


@dataclass(frozen=True)
class Archive:
    """The archive file: its name, its bytes, the picture width used and how many turns carry a picture."""

    filename: str
    data: bytes
    width: int
    pictured: int
    turns: int


class ArchiveMixin:
    """The archive and the replay picture (a part of :class:`bot.service.TableService`)."""

    def archive(self, game_id: int | str, limit: int = FILE_LIMIT) -> Archive:
        """The game's archive page (public facts only), at most ``limit`` bytes."""
        game, title, turns, final_view, sections, headline = self._record(game_id)
        kind = self._main_picture(game.game)
        name = self._engine(game.game).id or game.game
        pngs = [self._draw_public(name, t.view_at_end, kind) for t in turns]
        final_png = self._draw_public(name, final_view, kind)
        encoded: dict[tuple[int, int], bytes] = {}   # (picture, width) -> WebP: each encoded once

        def at(index: int, png: bytes | None, width: int) -> bytes | None:
            if png and (index, width) not in encoded:
                encoded[(index, width)] = _webp(png, width)
            return encoded.get((index, width))

        keep_every = 1
        while True:
            for width in ARCHIVE_WIDTHS:
                page = _page(game, title, headline, turns, sections,
                             [at(i, p, width) if (i + 1) % keep_every == 0 else None for i, p in enumerate(pngs)],
                             at(-1, final_png, width), width, keep_every)
                data = page.encode("utf-8")
                if len(data) <= limit:
                    pictured = sum(1 for i, p in enumerate(pngs) if p and (i + 1) % keep_every == 0)
                    return Archive(f"herald-game-{game.id}-{game.game}.html", data, width, pictured, len(turns))
            if keep_every > len(turns):
                raise BadOption(f"The archive of game #{game.id} does not fit in {limit // (1024 * 1024)} MiB "
                                "even with only its final picture.")
            keep_every *= 2

    def replay_picture(self, game_id: int | str, limit: int = FILE_LIMIT) -> bytes:
        """The game's story as one animated WebP: the public map at the start and at each turn's end, each
        frame captioned with its turn; at most ``limit`` bytes."""
        game, title, turns, _, _, _ = self._record(game_id)
        kind = self._main_picture(game.game)
        name = self._engine(game.game).id or game.game
        frames = [(f"Game #{game.id} · the start", self._start_view(game))]
        frames += [(f"Game #{game.id} · end of {t.label}", t.view_at_end) for t in turns]
        pngs = [(caption, self._draw_public(name, view, kind)) for caption, view in frames]
        pngs = [(c, p) for c, p in pngs if p]
        if not pngs:
            raise BadOption(f"Game #{game.id} has no pictures to animate.")
        for width in REPLAY_WIDTHS:
            images = [_captioned(Image.open(io.BytesIO(p)), caption, width) for caption, p in pngs]
            tallest = max(image.height for image in images)   # an animation's frames share one size
            images = [_padded(image, tallest) for image in images]
            out = io.BytesIO()
            images[0].save(out, format="WEBP", save_all=True, append_images=images[1:], duration=FRAME_MS,
                           loop=0, quality=60, method=4)
            if out.tell() <= limit:
                return out.getvalue()
        raise BadOption(f"The replay picture of game #{game.id} does not fit in {limit // (1024 * 1024)} MiB.")

    # ---- gathering the record ---------------------------------------------------------------------------
    def _record(self, game_id: int | str):
        """(game, title, turns, final public view, final position in words, headline) of a started game."""
        with self._lock:
            game = self._game(game_id)
            self._require_started(game)
            engine = self._engine(game.game)
            rows = list(self.db.query("SELECT pos, turn_label, phase, state FROM snapshots WHERE game_id = ? "
                                      "ORDER BY pos", [game.id]))
            lines = self._visible_log(game, set())
            final_state = self._state(game)
            turns = []
            for index, row in enumerate(rows):
                end = rows[index + 1]["pos"] if index + 1 < len(rows) else float("inf")
                state_at_end = json.loads(rows[index + 1]["state"]) if index + 1 < len(rows) else final_state
                turns.append(TurnRecord(index + 1, row["turn_label"] or f"turn {index + 1}", row["phase"] or "",
                                        tuple(l for l in lines if row["pos"] < l.pos <= end),
                                        engine.view(state_at_end, None)))
            before = tuple(l for l in lines if rows and l.pos <= rows[0]["pos"])
            if before and turns:   # lines of the set-up, before the first snapshot
                turns[0] = TurnRecord(1, turns[0].label, turns[0].phase, before + turns[0].lines,
                                      turns[0].view_at_end)
            final_view = engine.view(final_state, None)
            try:
                sections = list(engine.describe(final_view, None))
            except Exception:   # a game without words for its view still has its map
                sections = []
            return game, engine.title, turns, final_view, sections, self._headline(game, engine)

    def _start_view(self, game: _Game) -> dict[str, Any]:
        with self._lock:
            row = self.db.execute("SELECT state FROM snapshots WHERE game_id = ? ORDER BY pos LIMIT 1",
                                  [game.id]).fetchone()
            return self._engine(game.game).view(json.loads(row[0]) if row else self._state(game), None)

    def _headline(self, game: _Game, engine: Any) -> list[str]:
        seats = self._seats(game)
        out = [f"Scenario: {engine.scenario(game.scenario).name}" if game.scenario else "",
               "Players: " + "; ".join(f"{', '.join(s.role_names)}: {s.user_name or 'nobody'}" for s in seats)]
        if game.started_at:
            out.append(f"Started {clock.format_time(game.started_at)}")
        if game.result:
            winners = ", ".join(engine.role_name(w) for w in game.result["winners"]) or "nobody (a draw)"
            out.append(f"Result: {winners} — {game.result['reason']}")
        else:
            out.append(f"Status: {game.status} (the record so far)")
        return [line for line in out if line]

    def _draw_public(self, name: str, view: dict[str, Any], kind: str) -> bytes | None:
        from .reading import _draw
        from .records import ServiceError
        try:
            return _draw(name, view, kind)
        except ServiceError:   # no renderer, or nothing to draw: the record keeps its words
            return None


# ---- the page ---------------------------------------------------------------------------------------------
STYLE = """body{font-family:system-ui,sans-serif;max-width:1240px;margin:1em auto;padding:0 1em;color:#222}
h1{font-size:1.6em}h2{border-top:2px solid #999;padding-top:.5em}img{max-width:100%;height:auto;
border:1px solid #888}ol.log{padding-left:1.5em}li.draw{color:#555}nav li{display:inline;margin-right:.8em}
.note{background:#fff6d5;padding:.4em .8em}"""


def _page(game: _Game, title: str, headline: list[str], turns: list[TurnRecord], sections: list,
          pictures: list[bytes | None], final: bytes | None, width: int, keep_every: int) -> str:
    e = html.escape
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>Game #{game.id}: {e(title)} — Herald archive</title><style>{STYLE}</style></head><body>",
           f"<h1>Game #{game.id}: {e(title)}</h1>", "<ul>", *(f"<li>{e(line)}</li>" for line in headline), "</ul>"]
    if keep_every > 1 or width < ARCHIVE_WIDTHS[0]:
        out.append(f'<p class="note">To fit in one file the pictures are {width} pixels wide'
                   + (f" and only every {keep_every}th turn carries one" if keep_every > 1 else "") + ".</p>")
    out.append("<nav><ul>" + "".join(f'<li><a href="#turn-{t.number}">{e(t.label)}</a></li>' for t in turns)
               + '<li><a href="#final">Final position</a></li></ul></nav>')
    for turn, picture in zip(turns, pictures):
        out.append(f'<section id="turn-{turn.number}"><h2>{e(turn.label)}</h2>')
        out.append('<ol class="log">' + "".join(f"<li>{e(line.text)}</li>" for line in turn.lines) + "</ol>"
                   if turn.lines else "<p>Nothing was logged in this turn.</p>")
        if picture:
            out.append(_img(picture, f"The public map at the end of {turn.label}"))
        out.append("</section>")
    out.append('<section id="final"><h2>Final position</h2>')
    if final:
        out.append(_img(final, "The public map of the final position"))
    for section in sections:
        out.append(f"<h3>{e(section.title)}</h3><ul>" + "".join(f"<li>{e(l)}</li>" for l in section.lines) + "</ul>")
    out.append("</section><p><small>Written by Herald: the public record only (what every player could see)."
               "</small></p></body></html>")
    return "\n".join(out) + "\n"


def _img(picture: bytes, alt: str) -> str:
    return (f'<p><img alt="{html.escape(alt)}" src="data:image/webp;base64,'
            f'{base64.b64encode(picture).decode("ascii")}"></p>')


def _webp(png: bytes, width: int) -> bytes:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if image.width > width:
        image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="WEBP", quality=70, method=4)
    return out.getvalue()


def _padded(image: Image.Image, height: int) -> Image.Image:
    if image.height == height:
        return image
    framed = Image.new("RGB", (image.width, height), "white")
    framed.paste(image, (0, 0))
    return framed


def _captioned(image: Image.Image, caption: str, width: int) -> Image.Image:
    """The picture at ``width`` under a band naming its turn (text at least 1/40 of the width)."""
    from render.kit.text import font

    image = image.convert("RGB")
    image = image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    size = max(12, width // 36)
    band = size * 2
    framed = Image.new("RGB", (width, image.height + band), "white")
    framed.paste(image, (0, band))
    draw = ImageDraw.Draw(framed)
    text = caption
    face = font(size, bold=True, floor=8)
    while draw.textlength(text, font=face) > width - size and len(text) > 8:
        text = text[:-2].rstrip() + "…"
    draw.text((size // 2, band // 2), text, fill="black", font=face, anchor="lm")
    return framed
