from django import template

from games.text import render

register = template.Library()


@register.filter(name="richtext")
def richtext(value: str):
    return render(value or "")
