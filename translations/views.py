"""Rosetta, limited to this project's catalogues (``locale/``), refusing translations
that would break a page (rules.py)."""

import re
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponseRedirect
from django.urls import reverse
from django.utils.functional import cached_property
from rosetta import views as rosetta_views

from portal import catalogues, po_writer
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
    """Rosetta's list of catalogues, for the project filter only."""

    def get(self, request, *args, **kwargs):
        if kwargs.get("po_filter") != "project":
            return HttpResponseRedirect(reverse("rosetta-file-list", args=["project"]))
        return super().get(request, *args, **kwargs)


class FormView(ProjectOnly, rosetta_views.TranslationFormView):
    @cached_property
    def po_file(self):
        """The catalogue on this node's disk with the database's translations on top, so
        every node shows the translator what the site shows."""
        po = super().po_file
        if not store.is_project_catalogue(self.po_file_path):
            return po
        # Rosetta saves with polib, which would re-wrap the whole file: this class
        # writes only the entries that changed, wrapped as makemessages wraps them.
        po.__class__ = po_writer.GettextPOFile
        rows = TranslationOverride.objects.filter(language=self.language_id)
        for row in rows:
            entry = catalogues.find(po, row.msgid, row.msgctxt)
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
