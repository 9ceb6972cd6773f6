from django.urls import path

from puzzle import api, api_archive, converters, modes_api, openapi, thumbs  # noqa: F401  (registers <puzzle:…>)

app_name = "puzzle_api"
urlpatterns = [
    path("puzzle/today", api.puzzle_today, name="today"),
    path("puzzle/<puzzle:number>", api.puzzle_detail, name="detail"),
    path("puzzle/<puzzle:number>/guesses", api.make_guess, name="guesses"),
    path("puzzle/<puzzle:number>/results", api.puzzle_results, name="results"),
    path("puzzle/<puzzle:number>/silhouette.png", api.silhouette, name="silhouette"),
    path("pokemon/names", api.pokemon_names, name="names"),
    path("stats", api.player_statistics, name="stats"),
    path("player", api.erase_player, name="player"),
    path("openapi.json", openapi.openapi_document, name="openapi"),
    path("puzzle/<puzzle:number>/lifeline", modes_api.daily_lifeline, name="lifeline"),
    path("pokemon/<int:pokemon_id>/thumb.webp", thumbs.thumb, name="thumb"),
    path("practice", modes_api.practice_start, name="practice"),
    path("practice/stats", modes_api.practice_statistics, name="practice_stats"),
    path("practice/<uuid:round_id>", modes_api.practice_detail, name="practice_detail"),
    path("practice/<uuid:round_id>/guesses", modes_api.practice_guess, name="practice_guesses"),
    path(
        "practice/<uuid:round_id>/lifeline", modes_api.practice_lifeline, name="practice_lifeline"
    ),
    path(
        "practice/<uuid:round_id>/silhouette.png",
        modes_api.practice_silhouette,
        name="practice_silhouette",
    ),
    path("archive", api_archive.archive_progress, name="archive"),
]
