"""Admin forms of the daily game: what staff type is checked before anything is saved."""

import json
from functools import cached_property
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from modeltranslation.utils import build_localized_fieldname

from portal.admin_lock import VersionLockedForm
from puzzle import rules
from puzzle.admin.artwork import validate_artwork
from puzzle.models import DailyPuzzle, Pokemon, launch_date

MAX_NAME = 40


def _problem(name: str) -> str | None:
    """Why one typed line is not a name, or None."""
    if any(char in name for char in '[]{}<>"\\'):
        # Translators: %(value)s is a line staff typed as a name.
        return _("“%(value)s” is not a name: enter one name per line, without brackets or quotes.")
    if not any(char.isalpha() for char in name) or not rules.normalize_name(name):
        # Translators: %(value)s is a line staff typed as a name.
        return _("“%(value)s” is not a name: a name needs at least one letter.")
    if len(rules.normalize_name(name)) < 2:
        # One letter would accept a single keystroke as the right guess.
        # Translators: %(value)s is a line staff typed as a name.
        return _("“%(value)s” is too short: a name needs at least two letters.")
    if len(name) > MAX_NAME:
        # Translators: %(value)s is a line staff typed as a name, %(max)d the longest a name
        # may be.
        return _("“%(value)s” is too long: a name has at most %(max)d characters.")
    return None


def _name_error(name: str) -> ValidationError | None:
    problem = _problem(name)
    if problem is None:
        return None
    return ValidationError(problem % {"value": name, "max": MAX_NAME}, code="not_a_name")


def tidy_name(text: str) -> str:
    """A typed name with its runs of spaces, tabs and line breaks made one space."""
    return " ".join(text.split())


class NameListField(forms.Field):
    """One name per line in a text box, stored as a JSON list of strings."""

    widget = forms.Textarea(attrs={"rows": 4, "cols": 40})

    def prepare_value(self, value):
        if isinstance(value, list):
            return "\n".join(str(item) for item in value if isinstance(item, str))
        if value is None:
            return ""
        if isinstance(value, str):
            return value
        return ""  # a malformed row shows an empty box; saving replaces it

    def to_python(self, value) -> list[str]:
        text = (value or "").strip()
        if not text:
            return []
        if text[0] in "[{":
            try:
                parsed = json.loads(text)
            except ValueError:
                parsed = None
            if not (isinstance(parsed, list) and all(isinstance(i, str) for i in parsed)):
                raise ValidationError(
                    _("Enter one name per line, not data or code."), code="not_names"
                )
            lines = parsed
        else:
            lines = text.splitlines()
        names = [tidy_name(line) for line in lines]
        names = [name for name in dict.fromkeys(names) if name]
        errors = [error for name in names if (error := _name_error(name))]
        if errors:
            raise ValidationError(errors)
        return names


def taken_errors(
    pokemon: Pokemon, names: list[str], taken: dict[str, str] | None = None
) -> list[ValidationError]:
    """One error for each of ``names`` that already identifies another Pokémon; ``taken``
    is ``names_of_others(pokemon)`` where the caller has it already."""
    if taken is None:
        taken = names_of_others(pokemon)
    errors = []
    for name in names:
        owner = taken.get(rules.normalize_name(name))
        if owner is not None:
            errors.append(
                ValidationError(
                    # Translators: %(value)s is a name staff typed, %(pokemon)s a Pokémon
                    # name.
                    _("“%(value)s” is already a name of %(pokemon)s.")
                    % {"value": name, "pokemon": owner},
                    code="taken",
                )
            )
    return errors


def names_of_others(pokemon: Pokemon) -> dict[str, str]:
    """Normalised name → the other Pokémon it identifies (any language)."""
    columns = [build_localized_fieldname("name", code) for code, _n in settings.LANGUAGES]
    taken: dict[str, str] = {}
    rows = Pokemon.objects.exclude(pk=pokemon.pk).values_list("id", *columns, "extra_names")
    for pokemon_id, *values, extra in rows:
        label = f"#{pokemon_id:04d} {values[0]}"
        for name in [*values, *rules.accepted_names(extra)]:
            if name:
                taken.setdefault(rules.normalize_name(name), label)
    return taken


def check_new_name(pokemon: Pokemon, text: str) -> str:
    """``text`` tidied as another accepted name of ``pokemon``, checked by the rules the
    Pokémon form applies to them (NameListField, ``taken_errors``); raises
    ValidationError. For names that arrive from elsewhere, such as a player's guess."""
    name = tidy_name(text)
    error = _name_error(name)
    if error:
        raise error
    errors = taken_errors(pokemon, [name])
    if errors:
        raise ValidationError(errors)
    return name


# What a Pokémon's traits can be: they are shown as hints and compared with every guess.
TRAIT_RANGES: dict[str, tuple[float, float]] = {
    "generation": (1, 9),
    "stage": (1, 3),
    "height": (0.1, 100),  # metres; the tallest form is about 20 m
    "weight": (0.1, 1000),  # kilograms; the heaviest is just under 1,000 kg
}


class PokemonAdminForm(VersionLockedForm):
    extra_names = NameListField(
        label=gettext_lazy("other accepted names"),
        required=False,
        help_text=gettext_lazy(
            "One name per line: other spellings accepted as guesses in every language."
        ),
    )

    class Meta:
        model = Pokemon
        fields = ["extra_names", "artwork"]  # the admin adds the rest of its layout

    @cached_property
    def others(self) -> dict[str, str]:
        """Every other Pokémon's names, read once for all the fields a save checks."""
        return names_of_others(self.instance)

    def clean_extra_names(self) -> list[str]:
        names = self.cleaned_data["extra_names"]
        errors = taken_errors(self.instance, names, self.others)
        if errors:
            raise ValidationError(errors)
        return names

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for field, (low, high) in TRAIT_RANGES.items():
            value = data.get(field)
            if value is not None and not low <= value <= high:
                self.add_error(
                    field,
                    ValidationError(
                        # Translators: %(min)s and %(max)s are the lowest and highest puzzle
                        # numbers allowed.
                        _("Enter a number from %(min)s to %(max)s.") % {"min": low, "max": high},
                        code="out_of_range",
                    ),
                )
        # Each language's name is a name, and no other Pokémon's (one name, one answer).
        for code, _label in settings.LANGUAGES:
            field = build_localized_fieldname("name", code)
            name = data.get(field)
            if not name:
                continue
            errors = [e for e in [_name_error(tidy_name(name))] if e]
            errors += taken_errors(self.instance, [name], self.others)
            for error in errors:
                self.add_error(field, error)
        return data

    def clean_artwork(self):
        artwork = self.cleaned_data.get("artwork")
        if artwork and hasattr(artwork, "content_type"):  # a new upload, not the stored file
            validate_artwork(artwork)
        return artwork


class DailyPuzzleAdminForm(forms.ModelForm):
    class Meta:
        model = DailyPuzzle
        fields = ["date", "pokemon"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields.get("pokemon")
        if isinstance(field, forms.ModelChoiceField):
            field.queryset = Pokemon.objects.in_pool()

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        day, pokemon = data.get("date"), data.get("pokemon")
        if not (day and pokemon):
            return data
        others = DailyPuzzle.objects.exclude(pk=self.instance.pk).values_list("date", "pokemon_id")
        pool = set(Pokemon.objects.in_pool().values_list("id", flat=True))
        conflict = rules.schedule_conflict(pokemon.id, day, list(others), pool)
        if conflict is None:
            return data
        values = {
            "pokemon": pokemon.name_en,
            "date": date_format(conflict.day, "DATE_FORMAT") if conflict.day else "",
            "number": rules.puzzle_number(conflict.day, launch_date()) if conflict.day else 0,
            "days": rules.REPEAT_GAP_DAYS,
        }
        messages = {
            rules.ScheduleConflict.NOT_IN_POOL: _("Choose a Pokémon from the daily pool."),
            rules.ScheduleConflict.TOO_CLOSE: _(
                # Translators: %(pokemon)s is a Pokémon name, %(number)d a puzzle number,
                # %(date)s its date, %(days)d a number of days.
                "%(pokemon)s is already puzzle #%(number)d on %(date)s: the same Pokémon "
                "needs at least %(days)d days between two puzzles."
            ),
            rules.ScheduleConflict.SAME_CYCLE: _(
                # Translators: %(pokemon)s is a Pokémon name, %(number)d a puzzle number,
                # %(date)s its date.
                "%(pokemon)s was already puzzle #%(number)d on %(date)s in the current cycle: "
                "every Pokémon in the pool comes once before any comes back."
            ),
        }
        raise ValidationError({"pokemon": messages[conflict.reason] % values})
