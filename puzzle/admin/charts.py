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
    x_title: str = "",
    y_title: str = "",
    unit: str = "",
    rtl: bool = False,
    maximum: float | None = None,
    width: int = 720,
    height: int = 200,
) -> SafeString:
    """Vertical bars, first bar at the reading start (right in a right-to-left page),
    each with its value, over a scale (0, half and top, with ``unit``) and the axes'
    titles. Beyond twelve bars the values stand upright, so they fit above narrow bars."""
    upright = len(bars) > 12
    top, bottom, side = (40 if upright else 18), 40, 44
    plot, plot_width = height - top - bottom, width - side
    start = 0 if rtl else side  # the scale is at the reading start
    peak = maximum if maximum is not None else max((b.value for b in bars), default=0)
    slot = plot_width / max(len(bars), 1)
    bar_width = max(slot * 0.7, 1.0)
    parts = [
        f'<svg class="insights-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
        f'<line x1="{start}" y1="{top + plot}" x2="{start + plot_width}" y2="{top + plot}" '
        'class="axis"/>',
    ]
    for index, bar in enumerate(bars):
        position = len(bars) - 1 - index if rtl else index
        x = start + position * slot + (slot - bar_width) / 2
        size = plot * (bar.value / peak) if peak > 0 else 0
        y = top + plot - size
        centre = x + bar_width / 2
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_width:.1f}" height="{size:.1f}" '
            f'class="bar"><title>{escape(bar.label)}: {escape(bar.text)}</title></rect>'
        )
        if len(bars) <= 31:
            parts.append(
                f'<text x="{centre:.1f}" y="{top + plot + 16}" text-anchor="middle" '
                f'class="label">{escape(bar.label)}</text>'
            )
        if upright:
            parts.append(
                f'<text x="{centre + 4:.1f}" y="{y - 4:.1f}" text-anchor="start" '
                f'transform="rotate(-90 {centre + 4:.1f} {y - 4:.1f})" '
                f'class="value">{escape(bar.text)}</text>'
            )
        else:
            parts.append(
                f'<text x="{centre:.1f}" y="{max(y - 4, 12):.1f}" text-anchor="middle" '
                f'class="value">{escape(bar.text)}</text>'
            )
    parts += _scale(peak, unit, top, plot, start, plot_width, rtl)
    if x_title:
        parts.append(
            f'<text x="{start + plot_width / 2:.1f}" y="{height - 4}" text-anchor="middle" '
            f'class="axis-title">{escape(x_title)}</text>'
        )
    if y_title:
        edge, middle = (width - 10 if rtl else 10), top + plot / 2
        parts.append(
            f'<text x="{edge}" y="{middle:.1f}" text-anchor="middle" '
            f'transform="rotate(-90 {edge} {middle:.1f})" class="axis-title">'
            f"{escape(y_title)}</text>"
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every piece of text above is escaped


def _scale(
    peak: float, unit: str, top: float, plot: float, start: float, plot_width: float, rtl: bool
) -> list[str]:
    """Grid lines at 0, half and the top, labelled at the plot's reading start."""
    parts = []
    for fraction in (0, 0.5, 1) if peak > 0 else (0,):
        y = top + plot * (1 - fraction)
        value = peak * fraction
        text = f"{round(value)}" if value == round(value) or peak >= 10 else f"{value:.1f}"
        if fraction:
            parts.append(
                f'<line x1="{start}" y1="{y:.1f}" x2="{start + plot_width}" y2="{y:.1f}" '
                'class="grid"/>'
            )
        x, anchor = (start + plot_width + 6, "start") if rtl else (start - 6, "end")
        parts.append(
            f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="{anchor}" class="scale">'
            f"{escape(text + unit)}</text>"
        )
    return parts
