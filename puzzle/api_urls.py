from django.urls import path

from puzzle import api, api_archive

app_name = "puzzle_api"
urlpatterns = [
    path("puzzle/today", api.puzzle_today, name="today"),
    path("puzzle/<int:number>", api.puzzle_detail, name="detail"),
    path("puzzle/<int:number>/guesses", api.make_guess, name="guesses"),
    path("puzzle/<int:number>/results", api.puzzle_results, name="results"),
    path("puzzle/<int:number>/silhouette.png", api.silhouette, name="silhouette"),
    path("pokemon/names", api.pokemon_names, name="names"),
    path("stats", api.player_statistics, name="stats"),
    path("archive", api_archive.archive_progress, name="archive"),
]
