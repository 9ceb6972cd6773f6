from django.urls import path

from puzzle import views

app_name = "puzzle"
urlpatterns = [
    path("archive/", views.archive, name="archive"),
    path("archive/<int:number>/", views.archive_puzzle, name="archive_puzzle"),
]
