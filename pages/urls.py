from django.urls import path

from pages import app, views

app_name = "pages"
urlpatterns = [
    path("", views.home, name="home"),
    path("how-to-play/", views.page("pages/how_to_play.html"), name="how_to_play"),
    path("privacy/", views.page("pages/privacy.html"), name="privacy"),
    path("about/", views.page("pages/about.html"), name="about"),
    path("contact/", views.page("pages/contact.html"), name="contact"),
    path("offline/", app.offline, name="offline"),
    path("transfer/", views.page("pages/transfer.html"), name="transfer"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("reminder.ics", app.reminder, name="reminder"),
]
