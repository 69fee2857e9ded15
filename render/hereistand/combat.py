"""``battle`` (the field battle under way, else this impulse's last field or naval battle) and ``siege``
(every siege, this impulse's assault first, with its dice).

The forces are read from the view's units and leaders in the space; the dice, rolls, hits and winner from
``view["battle"]`` once rolled. A battle already over is drawn from ``view["impulse_record"]``: the units
each side brought, its leaders, dice and hits. Before the roll the dice each side will roll are shown as rule 14 counts
them (land units + the best battle rating, +1 for the defender) so a player choosing combat cards sees them.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules.hereistand.data import load

from ..core import INK, READ, WHITE, WIDTH, LegendItem, NoPicture, fit_font, font, wrap
from . import scene
from .maps import TITLE_H, draw_legend, title
from .style import LAND_TYPES, NAME, SIEGE, fill, power_mark, units_text

HIT = (200, 40, 30)


def _side(view, space, powers):
    stacks = {s.power: s for s in scene.stacks(view).get(space, [])}
    out = []
    for p in powers:
        s = stacks.get(p)
        if s:
            out.append(s)
    return out


def _best_battle(leaders):
    data = load()
    return max((data.leaders[l].battle for l in leaders if l in data.leaders and data.leaders[l].kind == "army"),
               default=0)


def draw_battle(view) -> Image.Image:
    battle = view.get("battle")
    done = None
    if not battle or not battle.get("space"):
        fought = scene.record_battles(view, ("field_battle", "naval_battle"))
        if not fought:
            raise NoPicture("No battle is under way or was fought this impulse.")
        battle = done = fought[-1]
    space = battle["space"]
    attacker = battle.get("attacker")
    defenders = list(battle.get("defenders") or [])
    img = Image.new("RGB", (WIDTH, 2400), (246, 240, 224))
    d = ImageDraw.Draw(img)
    naval = done is not None and done["kind"] == "naval_battle"
    title(d, view, f"{'Naval battle' if naval else 'Battle'} {'in' if naval else 'of'} {scene.place_name(space)}"
          + (" (this impulse)" if done else ""))
    y = TITLE_H + 14
    origin = battle.get("origin")
    intro = f"{NAME.get(attacker, attacker)} attacks {'in ' if naval else ''}{scene.place_name(space)}" + (
        f" from {scene.place_name(origin)}" if origin and origin != space else "") + "."
    impulse = view.get("impulse") or {}
    if impulse.get("card"):
        c = load().card(int(impulse["card"]))
        intro += f" Card played for this impulse: #{c.number} {c.name} ({c.cp} command points)."
    cards = battle.get("cards") or [f"{NAME.get(p, p)}: {_card_name(c)}"                  # the battle under way
                                    for p, c in (view.get("combat") or {}).get("played", [])]
    intro += (" Combat cards: " + ", ".join(_card_name(c) for c in cards) + ".") if cards else \
        " No combat card played."
    if done:
        intro += " Dice rolled this impulse; the forces below are those that fought."
    y = _para(d, y, intro)
    y += 10
    col = WIDTH / 2
    bottoms = []
    for i, (label, powers, key, extra) in enumerate((("Attacker", [attacker], "attacker", 0),
                                                     ("Defender", defenders, "defender", 1))):
        x0 = i * col + 10
        bottoms.append(_column(d, view, (x0, y, x0 + col - 20), label, space, powers, battle, key, extra, done))
    y = max(bottoms) + 16
    winner = battle.get("winner")
    if done:
        y = _para(d, y, scene.battle_result(done) + "; ties go to the defender.", bold=True)
    elif winner:
        side = attacker if winner == "attacker" else " and ".join(NAME.get(p, p) for p in defenders)
        y = _para(d, y, f"The {winner} wins ({NAME.get(side, side)}); ties go to the defender.", bold=True)
    else:
        y = _para(d, y, "Not rolled yet: dice are land units + the best battle rating (+1 die for the "
                        "defender); each 5 or 6 is a hit.")
    y += 8
    items = [LegendItem(lambda dd, x, yy, s: _die(dd, x, yy, 6, True), "Hit (5 or 6)"),
             LegendItem(lambda dd, x, yy, s: _die(dd, x, yy, 3, False), "Miss"),
             LegendItem(lambda dd, x, yy, s: power_mark(dd, x, yy, 15, attacker), NAME.get(attacker, "")
                        or "Attacker")]
    y = draw_legend(d, y, items) + 14
    return img.crop((0, 0, WIDTH, min(2400, y)))


def _card_name(c):
    try:
        card = load().card(int(c))
        return f"#{card.number} {card.name}"
    except (KeyError, ValueError, TypeError):
        return str(c)


def _para(d, y, text, bold=False, x=16, width=WIDTH - 32):
    f = font(28, bold)
    for line in wrap(text, f, width):
        d.text((x, y), line, font=f, fill=INK, anchor="la")
        y += 36
    return y


def _column(d, view, box, label, space, powers, battle, key, extra, done=None) -> int:
    x0, y, x1 = box
    w = x1 - x0
    d.rounded_rectangle((x0, y, x1, y + 52), radius=8, fill=fill(powers[0] if powers else None))
    head = f"{label}: " + " and ".join(NAME.get(p, p) for p in powers)
    from ..core import contrast_ink
    d.text((x0 + 14, y + 26), head, font=fit_font(head, int(w - 28), 30, True, minimum=READ),
           fill=contrast_ink(fill(powers[0] if powers else None)), anchor="lm")
    y += 64
    if done:
        return _fought(d, (x0, y, x1), done, key)
    stacks = _side(view, space, powers)
    leaders = [l for s in stacks for l in s.leaders]
    units = sum(s.land for s in stacks)
    for s in stacks:
        power_mark(d, x0 + 18, y + 16, 14, s.power)
        y = _para(d, y, f"{units_text({k: n for k, n in s.units.items() if k in LAND_TYPES}) or 'no land units'}",
                  x=x0 + 42, width=int(w - 50))
        for l in s.leaders:
            y = _para(d, y, "★ " + scene.leader_text(l), x=x0 + 42, width=int(w - 50))
    if not stacks:
        y = _para(d, y, "No units left here.", x=x0 + 14, width=int(w - 20))
    dice = battle.get(f"{key}_dice")
    roll = battle.get(f"{key}_roll")
    hits = battle.get(f"{key}_hits")
    if dice is None:
        by_cards = (view.get("combat") or {}).get("dice", {}).get(key, [])      # combat cards' dice, by name
        dice = max(units + _best_battle(leaders) + extra + sum(n for _, n in by_cards), 0)
        y = _para(d, y + 6, f"Will roll {dice} dice ({units} units + {_best_battle(leaders)} leader"
                            + (" + 1 defending" if extra else "")
                            + "".join(f" {'+' if n >= 0 else '−'} {abs(n)} {_card_name(c)}" for c, n in by_cards)
                            + ").", x=x0 + 14, width=int(w - 20))
        return y
    return _dice_rows(d, (x0, y, x1), dice, roll, hits)


def _dice_rows(d, box, dice, roll, hits) -> int:
    x0, y, x1 = box
    w = x1 - x0
    y = _para(d, y + 6, f"Rolled {dice} {'die' if dice == 1 else 'dice'}: {hits} hit{'s' if hits != 1 else ''}",
              bold=True, x=x0 + 14, width=int(w - 20))
    per_row = max(1, int((w - 20) // 50))
    for i, value in enumerate(roll or []):
        r, c = divmod(i, per_row)
        _die(d, x0 + 34 + c * 50, y + 22 + r * 50, value, value >= 5)
    rows = (len(roll or []) + per_row - 1) // per_row
    return y + rows * 50 + 6


def _fought(d, box, e, key) -> int:
    """One side of a battle or assault already rolled, from the impulse record."""
    x0, y, x1 = box
    w = x1 - x0
    units = e.get(f"{key}_units")
    if units is not None:
        what = "ship" if e.get("kind") == "naval_battle" else "land unit"
        y = _para(d, y, f"{units} {what}{'s' if units != 1 else ''} fought", x=x0 + 42, width=int(w - 50))
    for l in e.get(f"{key}_leaders") or []:
        y = _para(d, y, "★ " + scene.leader_text(l), x=x0 + 42, width=int(w - 50))
    return _dice_rows(d, (x0, y, x1), e.get(f"{key}_dice", 0), e.get(f"{key}_roll"), e.get(f"{key}_hits", 0))


def _die(d, cx, cy, value, hit):
    d.rounded_rectangle((cx - 20, cy - 20, cx + 20, cy + 20), radius=6, fill=HIT if hit else WHITE,
                        outline=INK, width=2)
    d.text((cx, cy + 1), str(value), font=font(26, True), fill=WHITE if hit else INK, anchor="mm")


# ---- sieges ------------------------------------------------------------------------------------------
def _assault_dice(d, y, e) -> int:
    """An assault of this impulse (impulse record): each side's leaders, dice and hits, and the result."""
    y = _para(d, y, f"Assault of {scene.place_name(e['space'])}: {scene.battle_result(e)}", bold=True)
    col = WIDTH / 2
    bottoms = []
    for i, (label, key, powers) in enumerate((("Assaulting", "attacker", [e.get("attacker")]),
                                             ("Defending", "defender", e.get("defenders") or []))):
        x0 = i * col + 10
        yy = _para(d, y, f"{label}: " + (" and ".join(NAME.get(p, p) for p in powers) or "nobody"),
                   x=x0 + 14, width=int(col - 30))
        bottoms.append(_fought(d, (x0, yy, x0 + col - 20), e, key))
    return max(bottoms) + 8

def draw_sieges(view) -> Image.Image:
    sieges = view.get("sieges") or {}
    assaulted = [s for s in view.get("assaulted") or []]
    places = [s for s in reversed(assaulted) if s in sieges] + sorted(
        (s for s in sieges if s not in assaulted), key=scene.place_name)
    if not places and not assaulted:
        raise NoPicture("No siege is under way.")
    img = Image.new("RGB", (WIDTH, 2400), (246, 240, 224))
    d = ImageDraw.Draw(img)
    title(d, view, "Sieges")
    y = TITLE_H + 14
    done = [s for s in assaulted if s not in sieges]
    if done:
        y = _para(d, y, "Assaulted this impulse, siege ended: " + ", ".join(scene.place_name(s) for s in done) + ".")
    if not places:
        y = _para(d, y, "No siege is under way now.")
    stacks = scene.stacks(view)
    control = view.get("control") or {}
    for e in scene.record_battles(view, ("assault",)):
        if e["space"] in sieges:
            continue
        y = _assault_dice(d, y, e)
    for space in places:
        siege = sieges[space]
        if y > 2400 - 400:
            y = _para(d, y, f"… and {len(places) - places.index(space)} more sieges.")
            break
        besieger = siege.get("besieger")
        inside = list(siege.get("inside") or [])
        head = f"Siege of {scene.place_name(space)}" + (" — assaulted this impulse" if space in assaulted else "") \
            + (" — laid this impulse" if siege.get("new") else "")
        d.rounded_rectangle((10, y, WIDTH - 10, y + 50), radius=8, outline=SIEGE, width=4, fill=WHITE)
        d.text((24, y + 25), head, font=fit_font(head, WIDTH - 48, 30, True, minimum=READ), fill=INK, anchor="lm")
        y += 60
        owner = control.get(space)
        here = {s.power: s for s in stacks.get(space, [])}
        for label, powers in (("Outside", [besieger]), ("Inside", inside or ([owner] if owner else []))):
            text = []
            for p in powers:
                s = here.get(p)
                if s:
                    part = units_text({k: n for k, n in s.units.items() if k in LAND_TYPES}) or "no land units"
                    if s.leaders:
                        part += "; " + ", ".join(scene.leader_text(l) for l in s.leaders)
                else:
                    part = "no units"
                text.append(f"{NAME.get(p, p)}: {part}")
            power_mark(d, 34, y + 16, 14, powers[0] if powers else None)
            y = _para(d, y, f"{label} — " + ("; ".join(text) or "nobody"), x=58, width=WIDTH - 76)
        for e in scene.record_battles(view, ("assault",)):
            if e["space"] == space:
                y = _assault_dice(d, y + 4, e)
        y += 12
    items = [LegendItem(lambda dd, x, yy, s: dd.rounded_rectangle((x - 36, yy - 16, x + 36, yy + 16), radius=6,
                                                                  outline=SIEGE, width=4, fill=WHITE), "A siege")]
    items += [LegendItem(lambda dd, x, yy, s, p=p: power_mark(dd, x, yy, 15, p), NAME[p])
              for p in ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")]
    y = draw_legend(d, y + 6, items) + 14
    return img.crop((0, 0, WIDTH, min(2400, y)))
