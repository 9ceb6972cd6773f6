"""The Pokédex memo (puzzle/pokedex.py) follows an edit made by another process.

Two worker processes on one database file, as gunicorn runs them: one keeps the
Pokédex in memory, the other renames a Pokémon (a staff edit) or adds it to the pool
with ``update()`` (an admin action); the first sees each change on its next check.
"""

import json
import subprocess
import sys

import pytest

from scripts.serve import ROOT
from tests.faults.test_sqlite_concurrency import database, site_env  # noqa: F401

WORKER = """
import json, sys, django
django.setup()
from puzzle import pokedex
from puzzle.models import Pokemon
from django.utils import timezone
for line in sys.stdin:
    command, *args = line.split()
    if command == "name":
        pokemon = pokedex.get(int(args[0]))
        answer = [pokemon.name_en, pokemon.in_daily_pool, pokedex.name_index("en").match(args[1])]
    elif command == "rename":
        pokemon = Pokemon.objects.get(pk=int(args[0]))
        pokemon.name_en = args[1]
        pokemon.save()
        answer = "saved"
    elif command == "pool":
        Pokemon.objects.filter(pk=int(args[0])).update(in_daily_pool=True, updated_at=timezone.now())
        pokedex.changed()
        answer = "updated"
    print(json.dumps(answer), flush=True)
"""


class Worker:
    def __init__(self, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, line: str):
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)


@pytest.mark.slow
def test_a_worker_sees_an_edit_another_worker_made(database):  # noqa: F811
    # The suite's settings check the stamp on every read (POKEDEX_CHECK_SECONDS = 0).
    keeper, editor = Worker(site_env(database)), Worker(site_env(database))
    try:
        assert keeper.ask("name 25 Pikachu") == ["Pikachu", True, 25]
        assert keeper.ask("name 700 Sylveon")[1] is False
        assert editor.ask("rename 25 Pikachoo") == "saved"
        assert editor.ask("pool 700") == "updated"
        assert keeper.ask("name 25 Pikachoo") == ["Pikachoo", True, 25]
        assert keeper.ask("name 700 Sylveon")[1] is True
    finally:
        keeper.stop()
        editor.stop()
