"""Rebuild the site's brand images from the bundled artwork (run by hand when they
change): the home hero silhouette and the Open Graph preview image.

    .venv/bin/python scripts/brand_images.py
"""

from io import BytesIO
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
ART = ROOT / "puzzle" / "static" / "puzzle" / "artwork"
OUT = ROOT / "portal" / "static" / "portal"
INK = (27, 29, 54)
YELLOW = (255, 203, 5)


def silhouette(number: int, size: int, colour=INK) -> Image.Image:
    with Image.open(ART / f"{number}.webp") as art:
        art = art.convert("RGBA").resize((size, size), Image.Resampling.LANCZOS)
    alpha = art.getchannel("A").point(lambda a: 255 if a >= 128 else a)
    shape = Image.new("RGBA", (size, size), (*colour, 255))
    shape.putalpha(alpha)
    return shape


def save_png(image: Image.Image, path: Path) -> None:
    buffer = BytesIO()
    image.save(buffer, "PNG", optimize=True)
    path.write_bytes(buffer.getvalue())


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    save_png(silhouette(25, 256), OUT / "hero-silhouette.png")

    og = Image.new("RGBA", (1200, 630), (*YELLOW, 255))
    draw = ImageDraw.Draw(og)
    draw.ellipse((700, 65, 1200, 565), fill=(255, 248, 225, 255), outline=INK, width=10)
    og.alpha_composite(silhouette(25, 400), (750, 115))
    # A Poké Ball mark on the left, drawn, so no font is needed.
    draw.ellipse((120, 165, 420, 465), fill=(227, 53, 13, 255), outline=INK, width=14)
    draw.chord((120, 165, 420, 465), 0, 180, fill=(255, 255, 255, 255), outline=INK, width=14)
    draw.line((120, 315, 420, 315), fill=INK, width=14)
    draw.ellipse((230, 275, 310, 355), fill=(255, 255, 255, 255), outline=INK, width=14)
    save_png(og.convert("RGB"), OUT / "og-image.png")
    print("Wrote hero-silhouette.png and og-image.png")


if __name__ == "__main__":
    main()
