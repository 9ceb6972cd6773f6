"""Rosetta, limited to this project's catalogues (``locale/``), refusing translations
that would break a page (rules.py)."""

import copy
import re
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponseRedirect
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext
from rosetta import views as rosetta_views

from portal import catalogues, po_writer
from translations import rules, store
from translations.models import TranslationOverride

SINGLE = re.compile(r"^m_([0-9a-f]+)$")
PLURAL = re.compile(r"^m_([0-9a-f]+)_([0-9]+)$")
# In the session, from a refused save to the page shown next: what the translator typed
# in the refused fields, so it comes back to be corrected instead of being lost.
TYPED = "translations_refused"


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

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        # Rosetta's template shows every message as an error: a confirmation goes apart.
        notes = list(messages.get_messages(self.request))
        context["confirmations"] = [n for n in notes if n.level == messages.SUCCESS]
        context["problems"] = [n for n in notes if n.level != messages.SUCCESS]
        typed = self.request.session.pop(TYPED, None)
        if isinstance(typed, dict) and typed.get("path") == self.po_file_path:
            context["rosetta_messages"] = [
                shown_as_typed(entry, typed.get("fields", {}))
                for entry in context["rosetta_messages"]
            ]
        return context

    def post(self, request, *args, **kwargs):
        data = request.POST.copy()
        refused: list[str] = []
        typed: dict[str, str] = {}
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
                    typed[key] = data[key]
                    del data[key]
                refused += rules.explain(found, entry.msgid)
        saved = any(SINGLE.match(key) or PLURAL.match(key) for key in data)
        if not refused:
            response = super().post(request, *args, **kwargs)
            if saved:
                messages.success(request, gettext("The translations of this page were saved."))
            return response
        data._mutable = False
        request.POST = data
        super().post(request, *args, **kwargs)
        if saved:
            messages.success(request, gettext("The other translations of this page were saved."))
        for text in dict.fromkeys(refused):
            messages.error(request, text)
        # Back to the same page, showing the refused fields as typed, to be corrected.
        request.session[TYPED] = {"path": self.po_file_path, "fields": typed}
        return HttpResponseRedirect(request.get_full_path())


def shown_as_typed(entry: Any, typed: dict[str, str]) -> Any:
    """A copy of a catalogue entry holding what was typed in its refused fields, for
    the form only: the catalogue keeps its saved text."""
    prefix = f"m_{entry.md5hash}"
    plurals = {
        int(key.rpartition("_")[2]): value
        for key, value in typed.items()
        if key.startswith(f"{prefix}_")
    }
    if prefix not in typed and not plurals:
        return entry
    shown = copy.copy(entry)
    if prefix in typed:
        shown.msgstr = typed[prefix]
    if plurals:
        shown.msgstr_plural = {**entry.msgstr_plural, **plurals}
    return shown


class DownloadView(ProjectOnly, rosetta_views.TranslationFileDownload):
    """A project catalogue as a file."""
