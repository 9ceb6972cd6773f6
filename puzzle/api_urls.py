from django.urls import path

from puzzle import api, converters, openapi  # noqa: F401  (registers <puzzle:…>)

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
]
