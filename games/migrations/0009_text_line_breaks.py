"""Text saved from the admin before it normalised line breaks holds CRLF: back to LF, as
the content files write it, so ``load_games`` sees those fields as the files left them."""

from django.db import migrations, models
from django.db.models import F, Value
from django.db.models.functions import Replace


def to_lf(apps, schema_editor):
    for model in apps.get_app_config("games").get_models():
        for field in model._meta.concrete_fields:
            if not isinstance(field, models.TextField):
                continue
            rows = model._default_manager.filter(**{f"{field.attname}__contains": "\r"})
            rows.update(**{field.attname: Replace(F(field.attname), Value("\r\n"), Value("\n"))})
            rows.update(**{field.attname: Replace(F(field.attname), Value("\r"), Value("\n"))})


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_game_frame_loads_on_click"),
    ]

    operations = [
        migrations.RunPython(to_lf, migrations.RunPython.noop),
    ]
