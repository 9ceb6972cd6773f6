"""Rosetta's URLs with our views (project catalogues only, checked saves)."""

from django.urls import re_path, reverse_lazy
from django.views.generic.base import RedirectView
from rosetta import views as rosetta_views

from translations import views

home = RedirectView.as_view(
    url=reverse_lazy("rosetta-file-list", kwargs={"po_filter": "project"}), permanent=False
)
urlpatterns = [
    re_path(r"^$", home, name="rosetta-old-home-redirect"),
    re_path(r"^files/$", home, name="rosetta-file-list-redirect"),
    re_path(
        r"^files/(?P<po_filter>[\w-]+)/$", views.FileListView.as_view(), name="rosetta-file-list"
    ),
    re_path(
        r"^files/(?P<po_filter>[\w-]+)/(?P<lang_id>[\w\-_\.@]+)/(?P<idx>\d+)/$",
        views.FormView.as_view(),
        name="rosetta-form",
    ),
    re_path(
        r"^files/(?P<po_filter>[\w-]+)/(?P<lang_id>[\w\-_\.@]+)/(?P<idx>\d+)/download/$",
        views.DownloadView.as_view(),
        name="rosetta-download-file",
    ),
    re_path(r"^translate/$", rosetta_views.translate_text, name="rosetta.translate_text"),
]
