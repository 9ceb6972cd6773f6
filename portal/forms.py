"""The form renderer: Django's Jinja2 copies of its own form templates, Django's
template engine for every other widget template.

A part page of the games admin holds about 900 widgets (each translated field in 19
languages), and each widget and label is a template: the weapons page of Time Shooter
3 rendered in 0.67 s on the benchmark host with Django's engine, 0.49 s with Jinja2,
the same HTML but for how a quote is escaped (``&#39;`` for ``&#x27;``). Django ships
Jinja2 copies of ``django/forms/`` only; the admin's widget templates
(``admin/widgets/``) exist for Django's engine alone and stay with it. An app that
overrides a template under ``django/forms/`` must do so in Jinja2, in a ``DIRS`` entry
added here: ``templates/`` folders are not read for those names.

Each field of an admin form also asks for its error list, empty on every field of a page
that was just opened: each of Django's error list templates renders an empty list as
nothing, so the renderer answers that without a template: 41 ms of the 489 ms the
weapons page of Time Shooter 3 took.
"""

from functools import cached_property
from pathlib import Path

import django.forms
from django.forms.renderers import DjangoTemplates
from django.template.backends.jinja2 import Jinja2

DJANGO_FORMS = "django/forms/"
ERROR_LISTS = DJANGO_FORMS + "errors/"  # list/ and dict/: default, ul and text


class FormRenderer(DjangoTemplates):
    @cached_property
    def jinja2(self) -> Jinja2:
        folder = Path(django.forms.__file__).parent / "jinja2"
        return Jinja2({"APP_DIRS": False, "DIRS": [folder], "NAME": "forms-jinja2", "OPTIONS": {}})

    def render(self, template_name, context, request=None) -> str:
        if template_name.startswith(ERROR_LISTS) and not context.get("errors"):
            return ""
        return super().render(template_name, context, request)

    def get_template(self, template_name: str):
        if template_name.startswith(DJANGO_FORMS):
            return self.jinja2.get_template(template_name)
        return super().get_template(template_name)
