"""Small server-rendered SVG bar charts for the staff dashboard.

No chart framework and nothing sent to public pages: each chart is a few rectangles
drawn here, always shown beside a table with the same figures (the table is what
screen readers use; the SVG is marked as an image with a title).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe


@dataclass(frozen=True)
class Bar:
    label: str  # shown under the bar (keep it short: a day, a number)
    value: float
    text: str  # the value as people read it ("62 %", "3.4")


def bar_chart(
    title: str,
    bars: Sequence[Bar],
    *,
    rtl: bool = False,
    maximum: float | None = None,
    width: int = 720,
    height: int = 180,
) -> SafeString:
    """Vertical bars, first bar at the reading start (right in a right-to-left page)."""
    top, bottom = 18, 22
    plot = height - top - bottom
    peak = maximum if maximum is not None else max((b.value for b in bars), default=0)
    slot = width / max(len(bars), 1)
    bar_width = max(slot * 0.7, 1.0)
    parts = [
        f'<svg class="insights-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
        f'<line x1="0" y1="{top + plot}" x2="{width}" y2="{top + plot}" class="axis"/>',
    ]
    for index, bar in enumerate(bars):
        position = len(bars) - 1 - index if rtl else index
        x = position * slot + (slot - bar_width) / 2
        size = plot * (bar.value / peak) if peak > 0 else 0
        y = top + plot - size
        centre = x + bar_width / 2
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_width:.1f}" height="{size:.1f}" '
            f'class="bar"><title>{escape(bar.label)}: {escape(bar.text)}</title></rect>'
        )
        if len(bars) <= 31:
            parts.append(
                f'<text x="{centre:.1f}" y="{height - 6}" text-anchor="middle" '
                f'class="label">{escape(bar.label)}</text>'
            )
        if bar.value > 0 and len(bars) <= 12:
            parts.append(
                f'<text x="{centre:.1f}" y="{max(y - 4, 12):.1f}" text-anchor="middle" '
                f'class="value">{escape(bar.text)}</text>'
            )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every piece of text above is escaped
