# Django ships Norwegian formats as "nb"; our language code is "no" (STACK-NOTES).
from django.conf.locale.nb.formats import *  # noqa: F403
