"""The lifeline's letter is stored when it is taken (docs/game-modes.md); practice
rounds count their attempts like daily games; ``Player.last_seen`` was never read; a
stamp tells workers the Pokédex changed (puzzle/pokedex.py)."""

import uuid

from django.db import migrations, models


def fix_letters(apps, schema_editor):
    """Games that took the lifeline keep the letter of their own language (English for
    practice rounds, which did not record one)."""
    for model, language in (("PlayerGame", None), ("PracticeRound", "en")):
        Game = apps.get_model("puzzle", model)
        for game in Game.objects.filter(lifeline_used=True).select_related():
            answer = game.pokemon if language else game.puzzle.pokemon
            lang = (language or game.language or "en").replace("-", "_")
            name = getattr(answer, f"name_{lang}", None) or answer.name_en
            letter = next((c.upper() for c in name if c.isalnum()), name[:1])
            Game.objects.filter(pk=game.pk).update(lifeline=letter)
    Round = apps.get_model("puzzle", "PracticeRound")
    for round_ in Round.objects.exclude(guesses=[]):
        Round.objects.filter(pk=round_.pk).update(attempts=len(round_.guesses))


class Migration(migrations.Migration):
    dependencies = [("puzzle", "0006_fewer_indexes")]

    operations = [
        migrations.CreateModel(
            name="DataStamp",
            fields=[
                ("name", models.CharField(max_length=20, primary_key=True, serialize=False)),
                ("token", models.UUIDField(default=uuid.uuid4)),
            ],
        ),
        migrations.RemoveField(model_name="player", name="last_seen"),
        migrations.AddField(
            model_name="practiceround",
            name="attempts",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="playergame",
            name="lifeline",
            field=models.CharField(blank=True, default="", max_length=4),
        ),
        migrations.AddField(
            model_name="practiceround",
            name="lifeline",
            field=models.CharField(blank=True, default="", max_length=4),
        ),
        migrations.RunPython(fix_letters, migrations.RunPython.noop),
        migrations.RemoveField(model_name="playergame", name="lifeline_used"),
        migrations.RemoveField(model_name="practiceround", name="lifeline_used"),
    ]
