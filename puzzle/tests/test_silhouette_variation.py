"""A puzzle's silhouette is no lookup key into the public artwork (docs/design.md
"Who sees what"): it is varied by a server secret and the puzzle's date, stays the same for every
player of that puzzle, and stays fair to recognise. docs/security.md explains why."""

import hashlib
import random
from datetime import UTC, date, datetime, timedelta
from io import BytesIO
from pathlib import Path

import pytest
import time_machine
from django.conf import settings
from django.test import Client, override_settings
from PIL import Image

from puzzle.images import silhouette
from puzzle.models import DailyPuzzle

ARTWORK = Path(settings.BASE_DIR) / "puzzle" / "static" / "puzzle" / "artwork"
SECRET = "a-test-secret-that-nobody-outside-knows-0123456789"
LAUNCH = date.fromisoformat(settings.PUZZLE_LAUNCH_DATE)


def artwork(pokemon_id: int) -> str:
    return str(ARTWORK / f"{pokemon_id}.webp")


def shape_key(mask: Image.Image) -> str:
    """The shape alone: the opaque mask cropped to its box (position and canvas ignored)."""
    mask = mask.point(lambda a: 255 if a >= 128 else 0)
    box = mask.getbbox()
    mask = mask.crop(box) if box else mask
    return hashlib.sha256(b"%dx%d:" % mask.size + mask.tobytes()).hexdigest()


def attackers_lookup() -> set[str]:
    """What an attacker computes from the public files: every artwork's plain shape.

    The plain rendering's opaque pixels are the fitted artwork's alpha at or above
    ``SOLID``; reading them from the alpha channel gives the same shapes as encoding all
    649 PNGs and decoding them again, in a tenth of the time."""
    shapes = set()
    for path in sorted(ARTWORK.glob("*.webp")):
        with Image.open(path) as source:
            shapes.add(shape_key(silhouette._fit(source).getchannel("A")))
    return shapes


class TestVariation:
    def test_the_same_puzzle_gives_the_same_bytes(self):
        day = date(2026, 11, 21)
        first = silhouette.render_varied(artwork(25), SECRET, day.isoformat())
        assert silhouette.render_varied(artwork(25), SECRET, day.isoformat()) == first

    def test_another_secret_gives_other_bytes(self):
        day = date(2026, 11, 21)
        first = silhouette.render_varied(artwork(25), SECRET, day.isoformat())
        assert first != silhouette.render_varied(artwork(25), SECRET + "x", day.isoformat())

    def test_another_date_gives_other_bytes(self):
        first = silhouette.render_varied(artwork(25), SECRET, date(2026, 11, 21).isoformat())
        other = silhouette.render_varied(artwork(25), SECRET, date(2026, 11, 22).isoformat())
        assert first != other

    def test_the_variation_depends_on_the_secret_and_the_date(self):
        days = [date(2026, 11, 1) + timedelta(days=n) for n in range(30)]
        variations = {silhouette.variation(SECRET, day.isoformat()) for day in days}
        assert len(variations) == 30
        assert all(abs(v.angle) >= 2 for v in variations)
        assert {v.mirror for v in variations} == {True, False}

    def test_it_has_the_fixed_canvas_and_one_colour(self):
        data = silhouette.render_varied(artwork(6), SECRET, date(2026, 11, 21).isoformat())
        image = Image.open(BytesIO(data)).convert("RGBA")
        assert image.size == (silhouette.CANVAS, silhouette.CANVAS)
        colours = {pixel[:3] for pixel in image.get_flattened_data() if pixel[3] > 0}
        alphas = {pixel[3] for pixel in image.get_flattened_data()}
        assert len(colours) == 1
        assert alphas == {0, 255}

    @pytest.mark.parametrize("pokemon_id", [1, 25, 85, 131, 201, 292, 418, 561, 649])
    def test_it_stays_fair_to_recognise(self, pokemon_id):
        # Thin shapes (Dodrio 85, Sigilyph 561, Unown 201) are the hardest case.
        for offset in range(0, 60, 10):
            v = silhouette.variation(
                SECRET, (date(2026, 11, 1) + timedelta(days=offset)).isoformat()
            )
            alpha = silhouette.transformed_alpha(artwork(pokemon_id), v)
            reference = alpha.point(lambda a: 255 if a >= silhouette.SOLID else 0)
            mask = silhouette.mask_of(alpha, v)
            assert silhouette.iou(mask, reference) >= silhouette.MIN_IOU, (pokemon_id, v)

    @pytest.mark.slow
    def test_it_is_not_the_plain_rendering_of_any_artwork(self):
        plain_shapes = attackers_lookup()
        # The lookup works: a plain rendering is found in it.
        plain = silhouette.render_silhouette(artwork(25))
        assert shape_key(Image.open(BytesIO(plain)).convert("RGBA").getchannel("A")) in plain_shapes
        ids = sorted(int(path.stem) for path in ARTWORK.glob("*.webp"))
        # Every plain rendering has one size, never the puzzle's canvas, so no plain file
        # has the puzzle's bytes or dimensions.
        assert silhouette.CANVAS != silhouette.SIZE
        rng = random.Random(7)
        for offset in rng.sample(range(400), 12):
            day = LAUNCH + timedelta(days=offset)
            answer = rng.choice(ids)
            data = silhouette.render_varied(artwork(answer), SECRET, day.isoformat())
            image = Image.open(BytesIO(data))
            plain = silhouette.render_silhouette(artwork(answer))
            assert Image.open(BytesIO(plain)).size == (silhouette.SIZE, silhouette.SIZE)
            assert image.size == (silhouette.CANVAS, silhouette.CANVAS)
            assert data != plain
            assert shape_key(image.convert("RGBA").getchannel("A")) not in plain_shapes
            # A size lookup never points at the answer (a chance match names another one).
            assert len(data) != len(plain), (day, answer)


@pytest.mark.django_db
class TestServedSilhouette:
    def fetch(self, client: Client, number: int = 21) -> bytes:
        with time_machine.travel(datetime(2026, 11, 21, 12, tzinfo=UTC), tick=False):
            response = client.get(f"/api/puzzle/{number}/silhouette.png")
        assert response.status_code == 200
        return response.content

    @override_settings(SILHOUETTE_SECRET=SECRET)
    def test_every_player_of_a_puzzle_gets_the_same_image(self):
        DailyPuzzle.objects.create(date=date(2026, 11, 21), pokemon_id=25, scheduled=True)
        first = self.fetch(Client())
        from django.core.cache import cache

        cache.clear()
        assert self.fetch(Client()) == first
        assert first == silhouette.render_varied(
            artwork(25), SECRET, date(2026, 11, 21).isoformat()
        )
        assert first != silhouette.render_silhouette(artwork(25))

    def test_the_same_pokemon_on_another_day_looks_different(self):
        DailyPuzzle.objects.create(date=date(2026, 11, 20), pokemon_id=25, scheduled=True)
        DailyPuzzle.objects.create(date=date(2026, 11, 21), pokemon_id=25, scheduled=True)
        assert self.fetch(Client(), 20) != self.fetch(Client(), 21)
