"""Small pictures for the name suggestions, resized from the artwork on the server.

Every Pokémon gets the same URL pattern and a picture of the same size; those without
artwork get a neutral mark, so the suggestions never hint at the answer.
"""

from io import BytesIO

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from PIL import Image, ImageDraw

from puzzle.decorators import api_view
from puzzle.errors import error
from puzzle.models import Pokemon

MAX_POKEMON_ID = 100_000  # far above any national Pokédex number
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


def render_thumb(pokemon: Pokemon | None) -> bytes:
    if pokemon is None:
        return _neutral()
    try:
        path = pokemon.artwork_path()
    except (FileNotFoundError, ValueError):
        return _neutral()
    with Image.open(path) as source:
        art = source.convert("RGBA")
    box = art.getbbox()
    if box:
        art = art.crop(box)
    art.thumbnail((SIZE, SIZE), Image.Resampling.LANCZOS)
    canvas = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    canvas.paste(art, ((SIZE - art.width) // 2, (SIZE - art.height) // 2), art)
    return _webp(canvas)


@api_view("GET", cacheable=True)
def thumb(request: HttpRequest, pokemon_id: int) -> HttpResponse:
    if not 0 < pokemon_id <= MAX_POKEMON_ID:  # keep absurd numbers away from the database
        return error(404, "pokemon_not_found", _("There is no Pokémon with this number."))
    pokemon = Pokemon.objects.filter(pk=pokemon_id).first()
    version = pokemon.updated_at.timestamp() if pokemon else "none"
    key = f"puzzle:thumb:{pokemon_id}:{version}"
    data = cache.get(key)
    if data is None:
        data = render_thumb(pokemon)
        cache.set(key, data, timeout=60 * 60 * 24 * 30)
    response = HttpResponse(data, content_type="image/webp")
    patch_cache_control(response, public=True, max_age=60 * 60 * 24 * 7)
    return response
