"""Marks text that django-modeltranslation fell back to English for.

A game page in Arabic whose FAQ answer has no Arabic yet shows the English answer; left
unmarked, it is read with the page's language and direction, so its punctuation flips
(".A test game page"). ``{{ item|lang_attrs:"answer" }}`` in the tag that holds the text
gives it ``lang="en" dir="ltr"`` exactly when the text is such a fallback.
"""

from django import template
from django.conf import settings
from django.db.models import Model
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, get_language_info
from modeltranslation.utils import build_localized_fieldname

register = template.Library()


def fallback_language(instance: Model, field: str) -> str | None:
    """The language ``instance.field`` is shown in when it is not the page's own, or
    None when the page's language has its own text (or there is no text at all)."""
    lang = get_language() or settings.LANGUAGE_CODE
    own = build_localized_fieldname(field, lang)
    if not hasattr(instance, own) or getattr(instance, own) or not getattr(instance, field):
        return None
    for code in settings.MODELTRANSLATION_FALLBACK_LANGUAGES:
        if code != lang and getattr(instance, build_localized_fieldname(field, code), None):
            return code
    return None


@register.filter
def lang_attrs(instance: Model, field: str) -> SafeString:
    """Attributes for the element holding ``instance.field``: its language and direction
    when it fell back to another language, nothing otherwise. ``data-fallback`` lets the
    check for English on translated pages still find it (tests/english_on_pages.py)."""
    code = fallback_language(instance, field)
    if code is None:
        return mark_safe("")
    direction = "rtl" if get_language_info(code)["bidi"] else "ltr"
    return mark_safe(f' lang="{code}" dir="{direction}" data-fallback')
