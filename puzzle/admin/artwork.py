"""Checks on artwork staff upload: the silhouette is cut from the image's transparency,
so only a PNG or WebP with a real transparent background, of a sensible size, is taken.
"""

from django.core.exceptions import ValidationError
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from PIL import Image, UnidentifiedImageError

MAX_BYTES = 2 * 1024 * 1024
MIN_SIDE = 128
MAX_SIDE = 2048
FORMATS = {"PNG", "WEBP"}
CLEAR = 16  # alpha below this counts as transparent background
MIN_CLEAR_SHARE = 0.05  # a cut-out Pokémon leaves at least this much background
MIN_SOLID_SHARE = 0.01  # and covers at least this much of the image


def validate_artwork(upload) -> None:
    """Raise a ValidationError saying why ``upload`` cannot be used as artwork."""
    if upload.size > MAX_BYTES:
        raise ValidationError(
            # Translators: %(size)s and %(max)s are file sizes, already formatted (2.1 MB).
            _("The file is %(size)s; artwork may be at most %(max)s.")
            % {"size": filesizeformat(upload.size), "max": filesizeformat(MAX_BYTES)},
            code="too_large",
        )
    upload.seek(0)
    try:
        with Image.open(upload) as image:
            kind = image.format or ""
            width, height = image.size
            if kind not in FORMATS:
                raise ValidationError(
                    # Translators: %(format)s is an image format's name (JPEG, GIF).
                    _("Artwork must be a PNG or WebP file; this file is %(format)s.")
                    % {"format": kind or _("not an image")},
                    code="format",
                )
            if min(width, height) < MIN_SIDE or max(width, height) > MAX_SIDE:
                raise ValidationError(
                    _(
                        # Translators: %(width)d and %(height)d are the image's size, %(min)d
                        # and %(max)d the sizes allowed, in pixels.
                        "The image is %(width)d×%(height)d pixels; each side must be between "
                        "%(min)d and %(max)d pixels."
                    )
                    % {"width": width, "height": height, "min": MIN_SIDE, "max": MAX_SIDE},
                    code="dimensions",
                )
            has_alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
            alpha = image.convert("RGBA").getchannel("A") if has_alpha else None
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as error:
        raise ValidationError(
            _("This file could not be read as an image."), code="unreadable"
        ) from error
    finally:
        upload.seek(0)
    histogram = alpha.histogram() if alpha is not None else [0] * 255 + [width * height]
    pixels = width * height
    if sum(histogram[:CLEAR]) < pixels * MIN_CLEAR_SHARE:
        raise ValidationError(
            _(
                "The image has no transparent background. Upload the Pokémon cut out on "
                "transparency (PNG or WebP with an alpha channel)."
            ),
            code="opaque",
        )
    if sum(histogram[128:]) < pixels * MIN_SOLID_SHARE:
        raise ValidationError(
            _("The image is almost entirely transparent: there is no Pokémon to draw."),
            code="empty",
        )
