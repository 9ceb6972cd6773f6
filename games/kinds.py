"""Every kind of section a game page can have: the one list to edit.

Adding a kind means one entry here plus its template partial,
``games/templates/games/sections/<value>.html``. A kind that lists items also names the
game's related list of its item model (a model with ``game`` and ``order``, registered
for translation); the model's choices, the page view, ``load_games`` and the admin's
page parts all read this list.
"""

from dataclasses import dataclass

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class SectionKind:
    value: str
    label: Promise
    # The game's related list the section shows ("": it shows its own text).
    items: str = ""
    # Keys of an item in games/content/*.json copied to the item's same-named fields.
    fields: tuple[str, ...] = ()
    # The admin edits the items as table rows rather than stacked forms.
    tabular: bool = False


KINDS = (
    SectionKind("frame", _("game frame")),
    SectionKind("ad", _("ad slot")),
    SectionKind("text", _("text")),
    SectionKind(
        "features", _("feature cards"), "features", ("key", "icon", "title", "description")
    ),
    SectionKind("steps", _("how-to-play steps"), "steps", ("title", "description")),
    SectionKind("controls", _("controls"), "controls", ("group", "keys", "action"), tabular=True),
    SectionKind("tips", _("tips"), "tips", ("key", "type", "title", "description")),
    SectionKind(
        "weapons",
        _("weapons"),
        "weapons",
        ("name", "category", "damage", "accuracy", "range", "description"),
    ),
    SectionKind(
        "missions",
        _("missions"),
        "missions",
        ("number", "title", "difficulty", "objectives", "description"),
    ),
    SectionKind(
        "evolution",
        _("evolution chain"),
        "evolutions",
        ("base", "evolved", "requirements", "benefits"),
    ),
    SectionKind("timeline", _("history timeline"), "timeline", ("year", "event"), tabular=True),
    SectionKind("faq", _("FAQ"), "faq_items", ("question", "answer")),
    # Each item links another game page (its "slug" in the content files).
    SectionKind("related", _("related games"), "related", ("blurb",), tabular=True),
)

BY_VALUE = {kind.value: kind for kind in KINDS}
LISTS = tuple(kind for kind in KINDS if kind.items)
# For the model field: Section.Kind.FAQ == "faq", Section.Kind.choices.
CHOICES = models.TextChoices(  # type: ignore[call-overload]  # the stubs lack this form
    "Kind", [(kind.value.upper(), (kind.value, kind.label)) for kind in KINDS]
)
