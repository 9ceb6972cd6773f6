"""The pages of names, boards and friend leagues (puzzle/services/community.py).

Plain server-rendered pages with forms, about one player each: never cached
(``private, no-store``), never indexed, every write rate limited. A refusal is shown
beside the form with what was typed kept; success says so after the redirect.
"""

import uuid
from collections.abc import Callable
from functools import wraps

from django import forms
from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from portal import languages, players, ratelimits
from puzzle.models import League, Player, today
from puzzle.services import community
from puzzle.services.play import Refusal

# The all-time boards are the same for everyone: rendered from Django's cache.
ALL_TIME_SECONDS = 60


class NameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Display name"), max_length=100, strip=True)
    token = forms.CharField(required=False, widget=forms.HiddenInput)

    def clean(self) -> dict:
        data = super().clean() or {}
        if "name" in data:
            try:
                data["name"] = community.checked_name(data["name"], data.get("token", ""))
            except Refusal as refusal:
                self.add_error("name", refusal.message)
        return data


class LeagueForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("League name"), max_length=100, strip=True)

    def clean_name(self) -> str:
        try:
            return community.clean_display_name(
                self.cleaned_data["name"], limit=community.LEAGUE_NAME_MAX, pokemon_allowed=True
            )
        except Refusal as refusal:
            raise forms.ValidationError(refusal.message) from refusal


def _page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """GET shows, POST writes (rate limited); never cached."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        pid = players.player_id(request)
        if request.method == "POST" and ratelimits.hit(
            request, "community", str(pid) if pid else None
        ):
            messages.error(request, _("Too many changes at once. Please wait a few minutes."))
            return _back(request, request.path)
        return view(request, *args, **kwargs)

    return never_cache(require_http_methods(["GET", "HEAD", "POST"])(wrapper))


def _back(request: HttpRequest, url: str, player: Player | None = None) -> HttpResponse:
    """See-other to ``url``, sending the player cookie for a player made just now."""
    response = HttpResponseRedirect(url)
    response.status_code = 303
    if player is not None:
        players.remember_player(response, player.pk, request)
    return response


def _player(request: HttpRequest) -> Player | None:
    return Player.objects.of(players.player_id(request))


def _name_form(request: HttpRequest, player: Player | None) -> NameForm:
    """The name a player without one gives on joining or making a league (prefixed: the
    league form has a "name" too), offering a generated one only to those who need it."""
    if request.method == "POST":
        return NameForm(request.POST, prefix="me")
    needed = player is None or not player.display_name
    return NameForm(initial=_suggestion() if needed else {}, prefix="me")


def _named(request: HttpRequest, player: Player | None, form: NameForm) -> Player | None:
    """The player, with the name ``form`` gives them if they had none (None while the
    form is refused: it says why)."""
    if player is not None and player.display_name:
        return player
    return _save_name(request, form) if form.is_valid() else None


def _suggestion() -> dict[str, str]:
    name = community.generated_name(get_language() or languages.DEFAULT)
    return {"name": name, "token": community.sign_name(name)}


def _save_name(request: HttpRequest, form: NameForm) -> Player:
    return community.set_name(
        players.player_id(request),
        form.cleaned_data["name"],
        token=form.cleaned_data.get("token", ""),
    )


@_page
def name(request: HttpRequest) -> HttpResponse:
    player = _player(request)
    form = NameForm(initial={"name": player.display_name if player else ""})
    if request.method == "POST":
        if request.POST.get("action") == "remove":
            community.remove_name(player.pk if player else None)
            messages.success(request, _("Your name is off the boards."))
            return _back(request, request.path)
        form = NameForm(request.POST)
        if form.is_valid():
            player = _save_name(request, form)
            messages.success(request, _("Saved. Your name is on the boards."))
            return _back(request, request.path, player)
    context = {
        "player": player,
        "form": form,
        "suggestion": _suggestion(),
        "name_min": community.NAME_MIN,
        "name_max": community.NAME_MAX,
    }
    return render(request, "puzzle/name.html", context)


@_page
def boards(request: HttpRequest) -> HttpResponse:
    viewer = players.player_id(request)
    day = today()
    if request.method == "POST":
        reporter = _player(request) or Player.objects.create()
        if community.report(reporter, request.POST.get("token", "")):
            messages.success(request, _("Thank you. Our team will look at this name."))
        return _back(request, request.path, reporter)
    finished = community.finished_today(viewer, day)
    streaks, rates = cache.get_or_set(
        f"boards:all-time:{day}",
        lambda: (community.streak_board(day, None).rows, community.rate_board(None).rows),
        ALL_TIME_SECONDS,
    ) or ([], [])
    context = {
        "player": _player(request),
        "finished": finished,
        "today_board": _shown(community.day_board(day, viewer), viewer) if finished else None,
        "streaks": _with_tokens(streaks, viewer),
        "rates": _with_tokens(rates, viewer),
        "min_games": community.MIN_GAMES,
    }
    return render(request, "puzzle/boards.html", context)


def _shown(board: community.Board, viewer: uuid.UUID | None) -> dict:
    return {"rows": _with_tokens(board.rows, viewer), "viewer": board.viewer}


def _with_tokens(rows: list[community.Row], viewer: uuid.UUID | None) -> list[dict]:
    """Board rows for a template: the viewer's own marked, the others reportable."""
    return [
        {
            "row": row,
            "you": row.player_id == viewer,
            "token": "" if row.player_id == viewer else community.report_token(row.player_id),
        }
        for row in rows
    ]


@_page
def leagues(request: HttpRequest) -> HttpResponse:
    player = _player(request)
    form = LeagueForm(request.POST if request.method == "POST" else None)
    name_form = _name_form(request, player)
    if form.is_valid():
        player = _named(request, player, name_form) or player
        try:
            if player is not None and player.display_name:
                league = community.create_league(player, form.cleaned_data["name"])
                messages.success(request, _("Your league is ready. Share its link with friends."))
                return _back(request, league.url, player)
        except Refusal as refusal:
            form.add_error("name", refusal.message)
    context = {
        "form": form,
        "player": player,
        "name_form": name_form,
        "leagues": community.leagues_of(player.pk if player else None),
        "league_limit": community.LEAGUE_LIMIT,
    }
    response = render(request, "puzzle/leagues.html", context)
    if player is not None:  # named just now, though the league was refused
        players.remember_player(response, player.pk, request)
    return response


@_page
def league(request: HttpRequest, code: str) -> HttpResponse:
    found = League.objects.filter(code=code.lower()).select_related("owner").first()
    if found is None:
        raise Http404
    player = _player(request)
    viewer = player.pk if player else None
    name_form = _name_form(request, player)
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "join":
                player = _named(request, player, name_form) or player
                if player is not None and player.display_name:
                    community.join(found, player)
                    messages.success(request, _("Welcome to the league!"))
                    return _back(request, request.path, player)
            if action in ("leave", "remove") and viewer is not None:
                target = viewer if action == "leave" else _member(request)
                community.leave(found, target, by=viewer)
                if action == "leave":
                    messages.success(request, _("You left the league."))
                    return _back(request, reverse("puzzle:leagues"))
                messages.success(request, _("The member was removed."))
                return _back(request, request.path)
        except Refusal as refusal:
            messages.error(request, refusal.message)
            return _back(request, request.path, player)
    member = community.is_member(found, viewer)
    day = today()
    finished = member and community.finished_today(viewer, day)
    places = found.members.select_related("player").order_by("joined_at", "pk")
    context = {
        "league": found,
        "member": member,
        "owner": viewer is not None and found.owner_id == viewer,
        "player": player,
        "name_form": name_form,
        "finished": finished,
        "today_board": _shown(community.day_board(day, viewer, places.values("player_id")), viewer)
        if finished
        else None,
        "week_board": _shown(community.week_board(found, day, viewer), viewer) if member else None,
        "members": [
            {"player": place.player, "token": community.report_token(place.player_id)}
            for place in places
        ]
        if member
        else [],
        "limit": community.LEAGUE_LIMIT,
        "share_url": request.build_absolute_uri(request.path),
    }
    return render(request, "puzzle/league.html", context)


def _member(request: HttpRequest) -> uuid.UUID:
    """The member a removal names (a signed token, as a report names a player)."""
    target = community.unsign(request.POST.get("token", ""), "report")
    if target is None:
        raise Refusal(_("This member is no longer in the league."))
    return uuid.UUID(target)
