"""Upgrading a database: weapon names and stats become translated fields (0005)."""

import importlib

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from games.models import ContentBaseline, Game

pytestmark = pytest.mark.django_db

migration = importlib.import_module("games.migrations.0005_weapon_names_and_stats_translated")


def test_existing_weapons_keep_their_values_and_their_baselines():
    weapon = Game.objects.get(slug="time-shooter-3").weapons.get(content_key="stun-grenades")
    table = weapon._meta.db_table
    with connection.cursor() as cursor:  # the row as 0004 left it: only the old columns
        cursor.execute(
            f"UPDATE {table} SET name = %s, accuracy = %s, name_en = NULL, accuracy_en = NULL "
            "WHERE id = %s",
            ["Old Grenades", "Area Effect", weapon.pk],
        )
    key = "time-shooter-3/weapons/stun-grenades"
    ContentBaseline.objects.filter(key=key).update(digests={"name": "n1", "order": "o1"})

    # The models as the migration sees them: plain columns, no translation descriptors.
    # (The graph of the original migrations, not the squashed one: it is the one an
    # upgraded database follows.)
    loader = MigrationLoader(connection, replace_migrations=False)
    state = loader.project_state(("games", migration.__name__.split(".")[-1]))
    migration.copy_english(state.apps, None)

    weapon.refresh_from_db()
    assert (weapon.name_en, weapon.accuracy_en) == ("Old Grenades", "Area Effect")
    assert ContentBaseline.objects.get(key=key).digests == {"name_en": "n1", "order": "o1"}


def test_the_squashed_migration_makes_the_tables_the_originals_make():
    def models(replace: bool) -> dict[str, tuple]:
        state = MigrationLoader(None, replace_migrations=replace).project_state()
        return {
            name: (
                sorted((field, f.deconstruct()[1:]) for field, f in model.fields.items()),
                model.options,
                model.bases,
            )
            for (app, name), model in state.models.items()
            if app == "games"
        }

    squashed, originals = models(replace=True), models(replace=False)
    assert squashed.keys() == originals.keys()
    for name in originals:
        assert squashed[name] == originals[name], name
