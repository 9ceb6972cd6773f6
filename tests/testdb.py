"""The test database, built once and kept while the code and data that make it stay the same.

Migrating an empty in-memory SQLite database and loading the Pokédex and the game pages
into it in every test process would be paid again by every run and by both xdist
workers. Instead the first process to need it builds it (tables, ``import_pokedex``,
``load_games``) and saves a copy in ``.make/testdb/``, named by a digest of everything
that shapes it: the apps' code and migrations (tests excluded), the data files, the
locked packages and the versions of Python and Django. Any other process of this run or
of a later one creates the tables, then copies the saved database over them with
SQLite's backup API.

The tables are made from the models, not by running the migrations, which is quicker.
They are the same tables, columns, indexes and foreign keys (``makemigrations --check``
in ``make lint`` keeps the models and the migrations equal);
only the record of applied migrations is missing, which nothing here reads. The
migrations still run where a real site's database is made: the PostgreSQL profile's
test database, ``make run`` and the browser tests' server.

A lock makes the second worker of a cold run wait for the first worker's build rather
than repeat it. Only the in-memory SQLite database of the default profile is kept this
way; PostgreSQL is built as before.
"""

import fcntl
import hashlib
import os
import sqlite3
import sys
from pathlib import Path
from typing import IO

import django

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / ".make" / "testdb"
APPS = ("portal", "puzzle", "games", "pages", "translations")
DATA = ("puzzle/data/*.json", "games/content/*.json", "games/content/i18n/*/*.json")
LOCKS = ("requirements.lock", "requirements-dev.lock")  # the apps' own versions


def digest() -> str:
    """Changes whenever anything that goes into the built database may have changed."""
    files: list[Path] = []
    for app in APPS:
        files += [p for p in (ROOT / app).rglob("*.py") if "tests" not in p.parts]
    for pattern in (*DATA, *LOCKS):
        files += ROOT.glob(pattern)
    hasher = hashlib.sha256(f"{sys.version}|{django.__version__}".encode())
    for path in sorted(files):
        hasher.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return hasher.hexdigest()[:20]


def applies(database: dict) -> bool:
    """Whether ``database`` (a ``DATABASES`` entry) gets an in-memory test database."""
    name = database.get("TEST", {}).get("NAME")
    return database["ENGINE"] == "django.db.backends.sqlite3" and name in (None, "", ":memory:")


def saved_copy(key: str) -> Path:
    return FOLDER / f"{key}.sqlite3"


def claim() -> IO[str] | None:
    """The build lock if no other process holds it (then this one builds), else None."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    lock = open(FOLDER / "build.lock", "w")  # noqa: SIM115 - held past this function
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        return None
    return lock


def release(lock: IO[str]) -> None:
    fcntl.flock(lock, fcntl.LOCK_UN)
    lock.close()


def wait_for_build() -> None:
    """Return once no process is building."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    with open(FOLDER / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        fcntl.flock(lock, fcntl.LOCK_UN)


def save(connection, key: str) -> None:
    """Keep the database of ``connection`` (a Django SQLite connection) as ``key``'s copy,
    and drop copies of older code."""
    target = saved_copy(key)
    partial = target.with_suffix(f".{os.getpid()}.partial")
    copy = sqlite3.connect(partial)
    try:
        connection.connection.backup(copy)
    finally:
        copy.close()
    os.replace(partial, target)
    for other in FOLDER.glob("*.sqlite3"):
        if other != target:
            other.unlink(missing_ok=True)


def restore(connection, key: str) -> None:
    """Replace the database of ``connection`` with ``key``'s saved copy."""
    saved = sqlite3.connect(f"file:{saved_copy(key)}?mode=ro", uri=True)
    try:
        connection.ensure_connection()
        saved.backup(connection.connection)
    finally:
        saved.close()
