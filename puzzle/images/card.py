"""A puzzle's link preview (``og:image``): its silhouette, as players see it in the game,
beside the puzzle's number, its date and how many players named it so far.

Only the served silhouette goes in, never the artwork, so the card tells no more about
the answer than the game does. It carries digits and Latin letters only (the number,
an ISO date, a percentage), drawn with Pillow's own font, so one card serves every
language; the words around it are in the page's ``og:title`` and ``og:description``.
"""

from datetime import date
from io import BytesIO

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1200, 630  # the size every link preview crops the least
CREAM = (255, 248, 225)
YELLOW = (255, 203, 5)
INK = (27, 29, 54)
GREEN = (22, 130, 64)
SHAPE = 440  # the silhouette's side on the card


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _check_mark(draw: ImageDraw.ImageDraw, left: int, top: int, side: int) -> None:
    draw.ellipse((left, top, left + side, top + side), fill=GREEN)
    width = max(3, side // 9)
    points = [
        (left + side * 0.27, top + side * 0.52),
        (left + side * 0.44, top + side * 0.68),
        (left + side * 0.74, top + side * 0.34),
    ]
    draw.line(points, fill=(255, 255, 255), width=width, joint="curve")


def _site_name(draw: ImageDraw.ImageDraw, left: int, top: int, size: int) -> None:
    """ "Pokéguess": Pillow's font has no "é", so its accent is drawn over an "e"."""
    font = _font(size)
    draw.text((left, top), "Pokeguess", font=font, fill=INK)
    before, letter = font.getlength("Pok"), font.getlength("e")
    _l, letter_top, _r, _b = font.getbbox("e")
    middle = left + before + letter / 2
    base = top + letter_top - size * 0.06
    draw.line(
        [(middle - size * 0.06, base), (middle + size * 0.08, base - size * 0.16)],
        fill=INK,
        width=max(2, size // 9),
    )


def render_card(silhouette_png: bytes, number: int, day: date, named_percent: int | None) -> bytes:
    """The card as PNG bytes. ``named_percent`` is left out while too few have played."""
    card = Image.new("RGB", (WIDTH, HEIGHT), CREAM)
    draw = ImageDraw.Draw(card)
    # The silhouette on a yellow disc, as the game shows it.
    disc = (60, 45, 60 + 540, 45 + 540)
    draw.ellipse(disc, fill=YELLOW, outline=INK, width=8)
    with Image.open(BytesIO(silhouette_png)) as source:
        shape = source.convert("RGBA").resize((SHAPE, SHAPE), Image.Resampling.LANCZOS)
    offset = (disc[0] + (540 - SHAPE) // 2, disc[1] + (540 - SHAPE) // 2)
    card.paste(shape, offset, shape)
    # The words: the site, the number, the day, and the share who named it.
    x = 660
    _site_name(draw, x, 70, 64)
    draw.text((x, 150), f"#{number}", font=_font(200), fill=INK)
    draw.text((x, 390), day.isoformat(), font=_font(56), fill=INK)
    if named_percent is not None:
        _check_mark(draw, x, 478, 72)
        draw.text((x + 96, 480), f"{named_percent} %", font=_font(64), fill=INK)
    out = BytesIO()
    card.save(out, "PNG", optimize=True)
    return out.getvalue()
