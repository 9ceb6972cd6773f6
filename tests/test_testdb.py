"""The saved test database (tests/testdb.py): named by what shapes it, and whole."""

import sqlite3

import pytest

from tests import testdb


@pytest.fixture
def tree(tmp_path, monkeypatch):
    for name in ("puzzle/models.py", "puzzle/tests/test_x.py", "puzzle/data/pokedex.json"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("1")
    monkeypatch.setattr(testdb, "ROOT", tmp_path)
    return tmp_path


def test_the_name_follows_the_code_and_the_data_not_the_tests(tree):
    first = testdb.digest()
    (tree / "puzzle/tests/test_x.py").write_text("2")
    assert testdb.digest() == first
    (tree / "puzzle/models.py").write_text("2")
    second = testdb.digest()
    assert second != first
    (tree / "puzzle/data/pokedex.json").write_text("2")
    assert testdb.digest() != second


def test_only_an_in_memory_sqlite_database_is_kept():
    assert testdb.applies({"ENGINE": "django.db.backends.sqlite3"})
    assert not testdb.applies({"ENGINE": "django.db.backends.sqlite3", "TEST": {"NAME": "x.db"}})
    assert not testdb.applies({"ENGINE": "portal.postgresql"})


class _Connection:
    """What the two functions use of a Django SQLite connection."""

    def __init__(self, database: str) -> None:
        self.connection = sqlite3.connect(database)

    def ensure_connection(self) -> None:
        pass


def test_a_saved_copy_comes_back_whole_and_replaces_older_ones(tmp_path, monkeypatch):
    monkeypatch.setattr(testdb, "FOLDER", tmp_path)
    (tmp_path / "older.sqlite3").write_text("")
    built = _Connection(":memory:")
    built.connection.executescript(
        "CREATE TABLE pokemon (name TEXT); INSERT INTO pokemon VALUES ('Pikachu'), ('Eevee');"
    )
    testdb.save(built, "abc")
    assert sorted(p.name for p in tmp_path.glob("*.sqlite3")) == ["abc.sqlite3"]
    fresh = _Connection(":memory:")
    fresh.connection.execute("CREATE TABLE pokemon (name TEXT)")  # made without migrations
    testdb.restore(fresh, "abc")
    rows = fresh.connection.execute("SELECT name FROM pokemon ORDER BY name").fetchall()
    assert rows == [("Eevee",), ("Pikachu",)]
