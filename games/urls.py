from django.urls import path

from games import views

app_name = "games"
urlpatterns = [
    path("<slug:slug>/", views.detail, name="detail"),
]
