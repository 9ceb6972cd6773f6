"""The staff dashboard: how the daily game is played, in the staff member's language.

Two admin pages: the last 30 days at a glance, and one puzzle in detail with the names
players typed that the game refused (each can become an accepted spelling in one click).
"""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.formats import date_format, number_format
from django.utils.translation import get_language_bidi, pgettext
from django.utils.translation import gettext as _

from puzzle import pokedex
from puzzle.admin.charts import Bar, bar_chart
from puzzle.admin.figures import for_puzzle, language_share, last_days, top_refused
from puzzle.admin.forms import check_new_name
from puzzle.models import DailyPuzzle, Pokemon, RefusedName, today


def _require(request: HttpRequest, permission: str) -> None:
    if not request.user.has_perm(permission):
        raise PermissionDenied


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{number_format(value, 1)} %"


def _number(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else number_format(value, digits)


def _distribution_chart(distribution: list[int], rtl: bool) -> str:
    bars = [
        Bar(str(attempt), count, number_format(count))
        for attempt, count in enumerate(distribution, start=1)
    ]
    return bar_chart(
        _("Wins by number of guesses"),
        bars,
        # Translators: the insights chart's axes: how many guesses a win took, and wins.
        x_title=pgettext("chart axis", "Guesses"),
        y_title=_("Wins"),
        rtl=rtl,
    )


def dashboard(request: HttpRequest) -> HttpResponse:
    _require(request, "puzzle.view_dailypuzzle")
    rtl = get_language_bidi()
    days = last_days(today())
    totals = [0] * len(days[0].distribution) if days else []
    for d in days:
        totals = [a + b for a, b in zip(totals, d.distribution, strict=True)]
    first = days[0].day if days else today()
    context = {
        **admin.site.each_context(request),
        "title": _("Game insights"),
        "days": [(d, date_format(d.day, "SHORT_DATE_FORMAT")) for d in days],
        "players_chart": bar_chart(
            _("Players per day"),
            [Bar(str(d.day.day), d.players, number_format(d.players)) for d in days],
            x_title=_("Date"),
            y_title=_("Players"),
            rtl=rtl,
        ),
        "win_chart": bar_chart(
            _("Win rate per day"),
            [Bar(str(d.day.day), d.win_rate or 0, _percent(d.win_rate)) for d in days],
            x_title=_("Date"),
            y_title=_("Win rate"),
            unit=" %",
            rtl=rtl,
            maximum=100,
        ),
        "distribution": totals,
        "distribution_chart": _distribution_chart(totals, rtl),
        "languages": language_share(first, today()),
        "percent": _percent,
    }
    return TemplateResponse(request, "admin/puzzle/insights.html", context)


class AcceptSpellingForm(forms.Form):
    refused = forms.ModelChoiceField(queryset=RefusedName.objects.none(), widget=forms.HiddenInput)
    pokemon: "forms.ModelChoiceField[Pokemon]" = forms.ModelChoiceField(
        queryset=Pokemon.objects.all(), label=_("Pokémon")
    )

    def __init__(self, puzzle: DailyPuzzle, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["refused"].queryset = RefusedName.objects.filter(puzzle=puzzle)  # type: ignore[attr-defined]


def _accept(request: HttpRequest, puzzle: DailyPuzzle) -> HttpResponse:
    _require(request, "puzzle.change_pokemon")
    form = AcceptSpellingForm(puzzle, request.POST)
    if not form.is_valid():
        messages.error(
            request, _("That spelling could not be added. Reload the page and try again.")
        )
        return HttpResponseRedirect(reverse("insights_puzzle", args=[puzzle.number]))
    refused: RefusedName = form.cleaned_data["refused"]
    try:
        with transaction.atomic():
            # Locked, so two spellings accepted at once for one Pokémon both stay.
            pokemon = Pokemon.objects.select_for_update().get(pk=form.cleaned_data["pokemon"].pk)
            # A player typed it: the rules of the Pokémon form's other accepted names.
            name = check_new_name(pokemon, refused.text)
            if name not in pokemon.extra_names:
                pokemon.extra_names = [*pokemon.extra_names, name]
                # A new version, so a Pokémon form opened before this cannot undo it.
                pokemon.version = F("version") + 1
                pokemon.save(update_fields=["extra_names", "version", "updated_at"])
            refused.delete()
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            # Translators: %(text)s is a name players typed, %(pokemon)s a Pokémon name.
            _("“%(text)s” is now accepted for %(pokemon)s.") % {"text": name, "pokemon": pokemon},
        )
    return HttpResponseRedirect(reverse("insights_puzzle", args=[puzzle.number]))


def puzzle_detail(request: HttpRequest, number: int) -> HttpResponse:
    _require(request, "puzzle.view_dailypuzzle")
    puzzle = DailyPuzzle.for_number(number)
    if puzzle is None or puzzle.date > today():
        raise Http404(_("There is no puzzle with this number yet."))
    if request.method == "POST":
        return _accept(request, puzzle)
    figures = for_puzzle(puzzle)
    index = pokedex.name_index("en")
    refused = [(row, (index.suggest(row.text, limit=1) or [""])[0]) for row in top_refused(puzzle)]
    by_name = {p.name_en: p.pk for p in Pokemon.objects.only("id", "name_en")}
    context = {
        **admin.site.each_context(request),
        # Translators: %(number)s is the daily puzzle's number.
        "title": _("Puzzle #%(number)s") % {"number": puzzle.number},
        "puzzle": puzzle,
        "figures": figures,
        "win_rate": _percent(figures.win_rate),
        "average": _number(figures.average_guesses),
        "distribution_chart": _distribution_chart(figures.distribution, get_language_bidi()),
        "languages": language_share(puzzle.date, puzzle.date),
        "refused": [(row, by_name.get(guess)) for row, guess in refused],
        "pokemon_choices": Pokemon.objects.only("id", "name_en").order_by("id"),
        "can_accept": request.user.has_perm("puzzle.change_pokemon"),
    }
    return TemplateResponse(request, "admin/puzzle/insights_puzzle.html", context)


dashboard_view = admin.site.admin_view(dashboard)
puzzle_detail_view = admin.site.admin_view(puzzle_detail)
