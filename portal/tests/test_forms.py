"""The form renderer (portal.forms): Django's form templates through Jinja2, the same
HTML as Django's engine gives; the admin's widget templates through Django's engine."""

import re

from django import forms
from django.contrib.admin.widgets import AdminURLFieldWidget
from django.forms.renderers import DjangoTemplates
from django.template.backends.django import Template as DjangoTemplate
from django.template.backends.jinja2 import Template as JinjaTemplate

from portal.forms import FormRenderer


class Sample(forms.Form):
    title = forms.CharField(
        label="Titre",
        max_length=80,
        widget=forms.TextInput(attrs={"lang": "ar", "dir": "rtl", "class": "vTextField"}),
    )
    answer = forms.CharField(widget=forms.Textarea, required=False, help_text="Une réponse")
    kind = forms.ChoiceField(choices=[("text", "Texte"), ("faq", "Questions <fréquentes>")])
    published = forms.BooleanField(required=False)
    order = forms.IntegerField(widget=forms.HiddenInput)
    when = forms.DateField(widget=forms.SelectDateWidget(years=[2026, 2027]), required=False)


DATA = {
    "title": "",  # an error: required
    "answer": "C'est « vrai »\n<b>deux</b> lignes & plus",
    "kind": "faq",
    "published": "on",
    "order": "x",  # an error: not a number
}


def rendered(renderer) -> str:
    # The engines escape a quote their own way and leave other blank lines between
    # tags (between a select's options); nothing else may differ.
    html = str(Sample(DATA, renderer=renderer)).replace("&#x27;", "&#39;")
    return re.sub(r">\s+<", "><", html)


def test_every_form_template_gives_the_html_of_djangos_engine():
    ours = rendered(FormRenderer())
    assert ours == rendered(DjangoTemplates())
    assert "C&#39;est « vrai »" in ours and "&lt;b&gt;deux&lt;/b&gt;" in ours
    assert 'lang="ar"' in ours and 'dir="rtl"' in ours and 'class="errorlist"' in ours


def test_django_form_templates_come_from_jinja2_and_the_admins_from_django():
    renderer = FormRenderer()
    assert isinstance(renderer.get_template("django/forms/widgets/text.html"), JinjaTemplate)
    assert isinstance(renderer.get_template("admin/widgets/url.html"), DjangoTemplate)


def test_an_admin_widget_renders_its_own_template_with_the_inputs_inside():
    html = AdminURLFieldWidget().render(
        "frame_url", "https://example.org/game", renderer=FormRenderer()
    )
    assert '<p class="url">' in html and 'href="https://example.org/game"' in html
    assert 'type="url" name="frame_url"' in html


def test_an_empty_error_list_renders_as_nothing_without_a_template(monkeypatch):
    renderer = FormRenderer()
    form = Sample(DATA, renderer=renderer)
    form.is_valid()
    empty, full = form["answer"].errors, form["title"].errors
    django = DjangoTemplates()
    valid = Sample({"title": "x", "kind": "faq", "order": "1"}, renderer=renderer)
    assert valid.is_valid() and not valid.errors
    for errors in (empty, full, form.errors, valid.errors):
        for as_text in (errors.as_ul, errors.as_text, str):
            ours = as_text()
            errors.renderer = django
            assert ours == as_text()
            errors.renderer = renderer
    assert 'class="errorlist"' in full.as_ul()

    def no_template(name):
        raise AssertionError(f"{name} was looked up for an empty error list")

    monkeypatch.setattr(renderer, "get_template", no_template)
    assert empty.as_ul() == empty.as_text() == str(empty) == ""
    assert valid.errors.as_ul() == valid.errors.as_text() == ""
