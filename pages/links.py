"""Context processor: ``social_links``, read only by a page that shows them (the footer),
so the admin and the API make no query."""

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from pages.models import SocialLink


def social(request: HttpRequest) -> dict:
    return {"social_links": SimpleLazyObject(lambda: list(SocialLink.objects.all()))}
