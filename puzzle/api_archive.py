"""``GET /api/archive``: the player's progress on past puzzles, for the archive page.

The archive page itself is the same for every visitor (a CDN may cache it), so the
island asks for this separately: ``{"played": {"<number>": "won"|"lost"|"playing"}}``.
"""

from django.http import HttpRequest, JsonResponse

from puzzle import players, rules
from puzzle.decorators import api_view
from puzzle.models import PlayerGame, launch_date, today


@api_view("GET")
def archive_progress(request: HttpRequest) -> JsonResponse:
    played: dict[str, str] = {}
    pid = players.player_id(request)
    if pid is not None:
        start = launch_date()
        rows = PlayerGame.objects.filter(player_id=pid, puzzle__date__lt=today())
        played = {
            str(rules.puzzle_number(day, start)): status
            for day, status in rows.values_list("puzzle__date", "status")
        }
    return JsonResponse({"played": played})
