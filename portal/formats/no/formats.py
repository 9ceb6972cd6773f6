# Django ships Norwegian formats as "nb"; our language code is "no" (docs/design.md "Languages").
from django.conf.locale.nb.formats import *  # noqa: F403
