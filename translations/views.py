"""Rosetta, limited to this project's catalogues (``locale/``), refusing translations
that would break a page (rules.py)."""

import os
import re
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponseRedirect
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from rosetta import get_version as get_rosetta_version
from rosetta import views as rosetta_views
from rosetta.access import can_translate_language
from rosetta.conf import settings as rosetta_settings
from rosetta.poutil import find_pos

from portal import catalogues
from translations import rules, store
from translations.models import TranslationOverride

SINGLE = re.compile(r"^m_([0-9a-f]+)$")
PLURAL = re.compile(r"^m_([0-9a-f]+)_([0-9]+)$")


class ProjectOnly:
    """Only the "project" filter exists: Django's and third-party catalogues inside the
    virtualenv are never listed nor editable."""

    kwargs: dict[str, Any]  # the URL's arguments, set by Django's View.setup()

    @cached_property
    def po_filter(self) -> str:
        if self.kwargs.get("po_filter") != "project":
            raise Http404
        return "project"


class FileListView(ProjectOnly, rosetta_views.TranslationFileListView):
    """Rosetta's list of catalogues, with each one's counts worked out once per version
    of its file (``portal.catalogues.summary``): Rosetta's own list parsed all eighteen
    on every visit, 0.2–0.5 s before the translators' first page showed."""

    def get(self, request, *args, **kwargs):
        if kwargs.get("po_filter") != "project":
            return HttpResponseRedirect(reverse("rosetta-file-list", args=["project"]))
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        # Rosetta's context, built here without its parsing (its get_context_data).
        context = super(rosetta_views.TranslationFileListView, self).get_context_data(**kwargs)
        languages = []
        for code, name in rosetta_settings.ROSETTA_LANGUAGES:
            if not can_translate_language(self.request.user, code):
                continue
            paths = find_pos(code, project_apps=True)
            files = [
                (rosetta_views.get_app_name(path), os.path.realpath(path), catalogues.summary(path))
                for path in paths
            ]
            files.sort(key=lambda file: file[0])  # the order of the form's ``idx``
            languages.append((code, _(name), files))
        context.update(
            version=get_rosetta_version(),
            languages=languages,
            has_pos=any(files for _code, _name, files in languages),
            po_filter=self.po_filter,
        )
        return context


class FormView(ProjectOnly, rosetta_views.TranslationFormView):
    @cached_property
    def po_file(self):
        """The catalogue on this node's disk with the database's translations on top, so
        every node shows the translator what the site shows."""
        po = super().po_file
        if not store.is_project_catalogue(self.po_file_path):
            return po
        rows = TranslationOverride.objects.filter(language=self.language_id)
        for row in rows:
            entry = po.find(row.msgid, msgctxt=row.msgctxt or False)
            if entry is None:
                continue
            row.apply_to(entry)
        return po

    def post(self, request, *args, **kwargs):
        data = request.POST.copy()
        refused: list[str] = []
        for name, value in request.POST.items():
            single, plural = SINGLE.match(name), PLURAL.match(name)
            match = single or plural
            if not match:
                continue
            entry = self.po_file.find(match.group(1), "md5hash")
            if entry is None:
                continue
            text = self.fix_nls(entry.msgid_plural if plural else entry.msgid, value)
            found = rules.problems(text, entry.msgid, entry.msgid_plural if plural else "")
            if found:
                # Without its field Rosetta leaves the entry (and its fuzzy flag) as is.
                for key in [key for key in data if key.startswith(f"m_{match.group(1)}")]:
                    del data[key]
                refused += rules.explain(found, entry.msgid)
        if not refused:
            return super().post(request, *args, **kwargs)
        data._mutable = False
        request.POST = data
        super().post(request, *args, **kwargs)
        for text in dict.fromkeys(refused):
            messages.error(request, text)
        # Back to the same page, so the translator sees the refused fields again.
        return HttpResponseRedirect(request.get_full_path())


class DownloadView(ProjectOnly, rosetta_views.TranslationFileDownload):
    """A project catalogue as a file."""
