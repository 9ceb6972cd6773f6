"""Uploaded artwork in S3-compatible object storage (``AWS_STORAGE_BUCKET_NAME``): staff
uploads land in the bucket, and the silhouette and the thumbnail are drawn from it
through the storage API, with no local file. Against a local S3 endpoint: moto's server
on a free loopback port."""

import urllib.request
from io import BytesIO

import boto3
import pytest
from django.core.files.base import ContentFile
from moto.server import ThreadedMotoServer

from puzzle.images import silhouette, thumbs
from puzzle.models import DailyPuzzle, Pokemon, today
from puzzle.tests.test_backoffice import form_data, image_file
from scripts.serve import free_port

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
BUCKET = "pokeguess-artwork"
CREDENTIALS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing"}


@pytest.fixture(scope="module")
def endpoint():
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    url = f"http://127.0.0.1:{port}"
    boto3.client(
        "s3",
        endpoint_url=url,
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    ).create_bucket(Bucket=BUCKET)
    yield url
    server.stop()


@pytest.fixture
def bucket(endpoint, settings, monkeypatch, tmp_path):
    """The default storage is the bucket (as the settings make it from the environment);
    MEDIA_ROOT is an empty folder that must stay empty."""
    for name, value in CREDENTIALS.items():
        monkeypatch.setenv(name, value)
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": BUCKET,
                "endpoint_url": endpoint,
                "region_name": "us-east-1",
                "file_overwrite": False,
            },
        },
    }
    client = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1")
    yield client
    for item in client.list_objects_v2(Bucket=BUCKET).get("Contents", []):
        client.delete_object(Bucket=BUCKET, Key=item["Key"])


def artwork_bytes() -> bytes:
    return image_file("WEBP", size=(256, 256), name="art.webp").read()


def uploaded(pokemon_id: int = 700) -> Pokemon:
    pokemon = Pokemon.objects.get(pk=pokemon_id)
    pokemon.artwork.save(f"{pokemon_id}.webp", ContentFile(artwork_bytes()), save=False)
    pokemon.in_daily_pool = True
    pokemon.save()
    return pokemon


def keys(client) -> list[str]:
    return [item["Key"] for item in client.list_objects_v2(Bucket=BUCKET).get("Contents", [])]


def test_an_upload_in_the_admin_is_stored_in_the_bucket(staff, bucket, settings):
    pokemon = Pokemon.objects.get(pk=700)
    upload = image_file("WEBP", name="art.webp")
    response = staff.post("/admin/puzzle/pokemon/700/change/", form_data(pokemon, artwork=upload))
    assert response.status_code == 302
    assert keys(bucket) == [Pokemon.objects.get(pk=700).artwork.name]
    assert not settings.MEDIA_ROOT.exists()


def test_the_daily_silhouette_is_drawn_from_the_bucket(client, bucket, settings):
    pokemon = uploaded()
    puzzle = DailyPuzzle.objects.create(date=today(), pokemon=pokemon, scheduled=True)
    response = client.get(f"/api/puzzle/{puzzle.number}/silhouette.png")
    assert response.status_code == 200
    expected = silhouette.render_varied(
        BytesIO(artwork_bytes()), settings.SILHOUETTE_SECRET, puzzle.date.isoformat()
    )
    assert response.content == expected


def test_a_thumbnail_is_drawn_from_the_bucket(client, bucket):
    uploaded()
    response = client.get("/api/pokemon/700/thumb.webp")
    assert response.status_code == 200
    assert response.content != thumbs._neutral()


def test_the_artwork_url_serves_the_upload_from_the_bucket(bucket, endpoint):
    pokemon = uploaded()
    assert pokemon.artwork_url.startswith(f"{endpoint}/{BUCKET}/artwork/")
    with urllib.request.urlopen(pokemon.artwork_url, timeout=10) as response:
        assert response.read() == artwork_bytes()
