# Django ships Simplified Chinese formats as "zh_Hans"; our language code is "zh".
from django.conf.locale.zh_Hans.formats import *  # noqa: F403
