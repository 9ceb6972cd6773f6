from django.urls import path

from puzzle import converters, views  # noqa: F401  (registers <puzzle:…>)

app_name = "puzzle"
urlpatterns = [
    path("archive/", views.archive, name="archive"),
    path("archive/<puzzle:number>/", views.archive_puzzle, name="archive_puzzle"),
    path("p/<puzzle:number>/<str:result>/", views.shared_result, name="shared_result"),
]
