"""The fixed pages: their copy is gettext text in the templates. They answer GET and
HEAD only; anything else is a 405."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render

from portal.public_cache import public_page
from puzzle.island import home_context


@public_page
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "pages/home.html", home_context(request))


def page(template: str) -> Callable[[HttpRequest], HttpResponseBase]:
    def view(request: HttpRequest) -> HttpResponse:
        return render(request, template)

    view.__name__ = view.__qualname__ = template.rsplit("/", 1)[-1].removesuffix(".html")
    return public_page(view)
