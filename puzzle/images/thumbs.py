"""Small pictures for the name suggestions, resized from the artwork on the server.

Every Pokémon gets the same URL pattern and a picture of the same size; those without
artwork get a neutral mark, so the suggestions never hint at the answer.
"""

from io import BytesIO

from PIL import Image, ImageDraw

from puzzle.models import Pokemon

SIZE = 48  # drawn at 24 CSS px: sharp on 2× screens
INK = (140, 143, 170, 255)


def _neutral() -> bytes:
    image = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((6, 6, SIZE - 7, SIZE - 7), outline=INK, width=3)
    draw.line((6, SIZE // 2, SIZE - 7, SIZE // 2), fill=INK, width=3)
    draw.ellipse((SIZE // 2 - 6, SIZE // 2 - 6, SIZE // 2 + 5, SIZE // 2 + 5), fill=INK)
    return _webp(image)


def _webp(image: Image.Image) -> bytes:
    out = BytesIO()
    image.save(out, "WEBP", quality=80, method=6)
    return out.getvalue()


def render_thumb(pokemon: Pokemon) -> bytes:
    try:
        artwork = pokemon.open_artwork()
    except FileNotFoundError:
        return _neutral()
    with artwork, Image.open(artwork) as source:
        art = source.convert("RGBA")
    box = art.getbbox()
    if box:
        art = art.crop(box)
    art.thumbnail((SIZE, SIZE), Image.Resampling.LANCZOS)
    canvas = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    canvas.paste(art, ((SIZE - art.width) // 2, (SIZE - art.height) // 2), art)
    return _webp(canvas)
