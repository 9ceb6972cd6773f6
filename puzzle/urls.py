from django.urls import path

from puzzle import boards, converters, views  # noqa: F401  (registers <puzzle:…>)

app_name = "puzzle"
urlpatterns = [
    path("archive/", views.archive, name="archive"),
    path("archive/<puzzle:number>/", views.archive_puzzle, name="archive_puzzle"),
    path("p/<puzzle:number>/<str:result>/", views.shared_result, name="shared_result"),
    path("name/", boards.name, name="name"),
    path("boards/", boards.boards, name="boards"),
    path("leagues/", boards.leagues, name="leagues"),
    path("leagues/<slug:code>/", boards.league, name="league"),
]
