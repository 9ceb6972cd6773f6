"""Silhouette and artwork images rendered on the server with Pillow.

A puzzle's silhouette is a PNG of a fixed size: every opaque pixel one colour on
transparency, no metadata, so neither its URL, headers nor bytes name the Pokémon.

The artwork is public, so a plain rendering would be a lookup key: render all 649
artworks with this module and compare hashes, sizes or masks. Each puzzle (and each
practice round) therefore draws the shape with a variation derived from a server
secret and the puzzle's date or the round's id (mirror, a small rotation, scale and
offset, a shifted alpha threshold, a one-pixel grow or shrink and a little noise on the
edge). Without the secret nothing about the image is computable from public files;
with the same secret and date it is the same image for every player, so it caches.
docs/security.md says what remains possible.
"""

import hashlib
import hmac
import random
from dataclasses import dataclass
from io import BytesIO
from typing import IO

from PIL import Image, ImageChops, ImageFilter

SIZE = 256  # the plain fit (uploads are normalised to it)
CANVAS = 288  # every puzzle's silhouette: a fixed size that says nothing
INK = (27, 29, 54)
# An artwork: a file path, or a binary file open for reading (``Pokemon.open_artwork``).
Artwork = str | IO[bytes]
SOLID = 128  # alpha at or above this becomes fully opaque; softer edge pixels keep theirs
MIN_IOU = 0.9  # a puzzle's mask keeps at least this overlap with the transformed artwork


def _fit(image: Image.Image, size: int = SIZE) -> Image.Image:
    image = image.convert("RGBA")
    image.thumbnail((size, size), Image.Resampling.LANCZOS)
    canvas = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    canvas.paste(image, ((size - image.width) // 2, (size - image.height) // 2), image)
    return canvas


def _png(alpha: Image.Image) -> bytes:
    shape = Image.new("RGBA", alpha.size, (*INK, 255))
    shape.putalpha(alpha)
    out = BytesIO()
    shape.save(out, "PNG", optimize=True)
    return out.getvalue()


def render_silhouette(path: Artwork) -> bytes:
    """The plain silhouette of an artwork (the admin preview; never served for a puzzle)."""
    with Image.open(path) as source:
        art = _fit(source)
    return _png(art.getchannel("A").point(lambda a: 255 if a >= SOLID else a))


@dataclass(frozen=True)
class Variation:
    """How one puzzle's silhouette differs from the plain rendering."""

    mirror: bool
    angle: float  # degrees, never 0
    scale: float  # share of the canvas the artwork's box fills
    dx: int
    dy: int
    threshold: int  # alpha level that becomes opaque
    edge: int  # -1 shrink, +1 grow by one pixel, 0 keep
    noise_seed: int
    noise_share: float  # share of the edge pixels toggled


def variation(secret: str | bytes, seed: str) -> Variation:
    """The variation for ``seed`` (a puzzle's date, or a practice round's id): a keyed
    hash of it, nothing else."""
    key = secret.encode() if isinstance(secret, str) else secret
    digest = hmac.new(key, f"pokeguess.silhouette.v1:{seed}".encode(), hashlib.sha256)
    rng = random.Random(int.from_bytes(digest.digest(), "big"))
    angle = rng.uniform(2.0, 7.0) * rng.choice((-1, 1))
    return Variation(
        mirror=rng.random() < 0.5,
        angle=round(angle, 2),
        scale=round(rng.uniform(0.80, 0.92), 3),
        dx=rng.randint(-8, 8),
        dy=rng.randint(-8, 8),
        threshold=rng.randint(96, 160),
        edge=rng.choice((-1, 0, 1)),
        noise_seed=rng.getrandbits(64),
        noise_share=round(rng.uniform(0.03, 0.06), 3),
    )


def transformed_alpha(path: Artwork, v: Variation) -> Image.Image:
    """The artwork's alpha after the geometric part of ``v`` (mirror, rotation, scale,
    offset) on the fixed canvas: the fair reference the final mask is judged against."""
    with Image.open(path) as source:
        art = source.convert("RGBA")
    box = art.getchannel("A").getbbox()
    if box:
        art = art.crop(box)
    if v.mirror:
        art = art.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    art = art.rotate(v.angle, resample=Image.Resampling.BICUBIC, expand=True)
    target = round(CANVAS * v.scale)
    art.thumbnail((target, target), Image.Resampling.LANCZOS)
    if max(art.size) < target:  # small uploads grow to the same share of the canvas
        factor = target / max(art.size)
        size = (max(1, round(art.width * factor)), max(1, round(art.height * factor)))
        art = art.resize(size, Image.Resampling.LANCZOS)
    canvas = Image.new("L", (CANVAS, CANVAS), 0)
    x = (CANVAS - art.width) // 2 + v.dx
    y = (CANVAS - art.height) // 2 + v.dy
    canvas.paste(art.getchannel("A"), (x, y))
    return canvas


def _mask(alpha: Image.Image, level: int) -> Image.Image:
    return alpha.point(lambda a: 255 if a >= level else 0)


def _edge_noise(mask: Image.Image, v: Variation) -> Image.Image:
    """Toggle a few pixels on the shape's boundary, chosen by the keyed seed."""
    grown = mask.filter(ImageFilter.MaxFilter(3))
    shrunk = mask.filter(ImageFilter.MinFilter(3))
    band = ImageChops.subtract(grown, shrunk).tobytes()
    edge = [i for i, value in enumerate(band) if value]
    if not edge:
        return mask
    rng = random.Random(v.noise_seed)
    pixels = bytearray(mask.tobytes())
    for i in rng.sample(edge, max(1, round(len(edge) * v.noise_share))):
        pixels[i] = 255 - pixels[i]
    return Image.frombytes("L", mask.size, bytes(pixels))


def iou(a: Image.Image, b: Image.Image) -> float:
    """Intersection over union of two binary masks (0/255) of the same size."""
    inter = ImageChops.darker(a, b).histogram()[255]
    union = ImageChops.lighter(a, b).histogram()[255]
    return inter / union if union else 1.0


def puzzle_mask(path: Artwork, v: Variation) -> Image.Image:
    """The binary mask of a puzzle's silhouette (what ``render_varied`` draws).

    The one-pixel grow or shrink is skipped for thin shapes, where it would change too
    much of the outline to stay fair (``MIN_IOU`` against the transformed artwork)."""
    return mask_of(transformed_alpha(path, v), v)


def mask_of(alpha: Image.Image, v: Variation) -> Image.Image:
    """``puzzle_mask`` from the artwork's ``transformed_alpha``."""
    reference = _mask(alpha, SOLID)
    mask = _mask(alpha, v.threshold)
    if v.edge:
        size_filter = ImageFilter.MaxFilter(3) if v.edge > 0 else ImageFilter.MinFilter(3)
        changed = mask.filter(size_filter)
        if changed.getbbox() and iou(changed, reference) >= MIN_IOU + 0.04:
            mask = changed
    return _edge_noise(mask, v)


def render_varied(path: Artwork, secret: str | bytes, seed: str) -> bytes:
    """The silhouette served for a puzzle (``seed`` its date, ISO) or a practice round
    (``seed`` "practice:<id>"): each its own variation of the shape."""
    return _png(puzzle_mask(path, variation(secret, seed)))


def normalize_upload(data: BytesIO) -> BytesIO:
    """Staff uploads become a 256×256 WebP with transparency and no metadata."""
    with Image.open(data) as source:
        art = _fit(source)
    out = BytesIO()
    art.save(out, "WEBP", quality=85, method=6)
    out.seek(0)
    return out
