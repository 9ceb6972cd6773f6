"""WSGI entry point for gunicorn (``gunicorn portal.wsgi``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "portal.settings")
application = get_wsgi_application()

from portal.checks import refuse_public_secrets  # noqa: E402  (needs the settings above)

refuse_public_secrets()
