"""Rebuild the site's brand images from the bundled artwork (run by hand when they
change): the home hero silhouette, the Open Graph preview image and the app icons of
the web manifest (pages/app.py).

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
CREAM = (255, 248, 225)  # the page background, and the manifest's background_color


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


def ball(size: int, share: float, background: tuple[int, int, int] | None) -> Image.Image:
    """The Poké Ball mark of favicon.svg, ``share`` of the square wide, drawn four times
    larger and scaled down so its edges are smooth. A maskable icon keeps the mark within
    the middle 80 % that every launcher's mask leaves (a full-bleed background)."""
    big = size * 4
    image = Image.new("RGBA", (big, big), (*background, 255) if background else (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    side = big * share
    left = (big - side) / 2
    box = (left, left, left + side, left + side)
    line = max(4, round(side * 0.047))
    middle = big / 2
    draw.ellipse(box, fill=(227, 53, 13, 255), outline=INK, width=line)
    draw.chord(box, 0, 180, fill=(255, 255, 255, 255), outline=INK, width=line)
    draw.line((left, middle, left + side, middle), fill=INK, width=line)
    button = side * 0.135
    draw.ellipse(
        (middle - button, middle - button, middle + button, middle + button),
        fill=(255, 255, 255, 255),
        outline=INK,
        width=line,
    )
    return image.resize((size, size), Image.Resampling.LANCZOS)


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
    # The web manifest's icons, and the one iOS takes from <link rel="apple-touch-icon">.
    save_png(ball(192, 0.92, None), OUT / "icon-192.png")
    save_png(ball(512, 0.92, None), OUT / "icon-512.png")
    save_png(ball(512, 0.62, CREAM).convert("RGB"), OUT / "icon-maskable-512.png")
    save_png(ball(180, 0.74, CREAM).convert("RGB"), OUT / "apple-touch-icon.png")
    print("Wrote hero-silhouette.png, og-image.png and the app icons")


if __name__ == "__main__":
    main()
