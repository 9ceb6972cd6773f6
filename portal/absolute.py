"""The site's public address for absolute URLs (canonical, hreflang, og:url, sitemap,
robots, share text): ``SITE_URL`` when set, else the address the request came to, so
``PORT=9000 make run`` links to port 9000."""

from django.conf import settings
from django.http import HttpRequest


def site_url(request: HttpRequest | None = None) -> str:
    if settings.SITE_URL or request is None:
        return settings.SITE_URL or "http://127.0.0.1:8000"
    return f"{request.scheme}://{request.get_host()}"
