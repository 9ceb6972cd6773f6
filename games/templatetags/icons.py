"""``{{ card.icon|card_icon }}``: an emoji drawn as an inline SVG (``games.icons``)."""

from django import template
from django.utils.safestring import SafeString

from games.icons import svg_for

register = template.Library()


@register.filter
def card_icon(emoji: str) -> SafeString:
    return svg_for(emoji)
