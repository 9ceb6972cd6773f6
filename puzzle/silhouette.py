"""Silhouette and artwork images rendered on the server with Pillow.

Every silhouette is a 256×256 PNG: each opaque pixel one colour on transparency, no
metadata, so neither its URL, headers nor bytes name the Pokémon.
"""

from io import BytesIO

from PIL import Image

SIZE = 256
INK = (27, 29, 54)
SOLID = 128  # alpha at or above this becomes fully opaque; softer edge pixels keep theirs


def _fit(image: Image.Image) -> Image.Image:
    image = image.convert("RGBA")
    image.thumbnail((SIZE, SIZE), Image.Resampling.LANCZOS)
    canvas = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    canvas.paste(image, ((SIZE - image.width) // 2, (SIZE - image.height) // 2), image)
    return canvas


def render_silhouette(path: str) -> bytes:
    with Image.open(path) as source:
        art = _fit(source)
    alpha = art.getchannel("A").point(lambda a: 255 if a >= SOLID else a)
    shape = Image.new("RGBA", (SIZE, SIZE), (*INK, 255))
    shape.putalpha(alpha)
    out = BytesIO()
    shape.save(out, "PNG", optimize=True)
    return out.getvalue()


def normalize_upload(data: BytesIO) -> BytesIO:
    """Staff uploads become a 256×256 WebP with transparency and no metadata."""
    with Image.open(data) as source:
        art = _fit(source)
    out = BytesIO()
    art.save(out, "WEBP", quality=85, method=6)
    out.seek(0)
    return out
