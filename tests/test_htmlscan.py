"""The quick page reader gives the events the standard library's parser gives."""

from html.parser import HTMLParser

import pytest

from tests.htmlscan import Scanner

SAMPLE = """<!DOCTYPE html>
<html lang="ar" dir="rtl"><head><title>Tom &amp; Jerry &#8211; A&lt;B</title>
<meta charset="utf-8"><link rel="alternate" hreflang="de" href="/de/">
<style>p > a { color: red }</style>
<script type="application/json" id="data">{"a": "<b>not a tag</b>", "b": 1 < 2}</script>
<!-- a comment with <p>markup</p> -->
</head><body>
<P CLASS='Loud'>Hello <b>world</b>, 1 < 2 &gt; 0</P>
<input type="checkbox" name="agree" checked value=yes><input name="empty" value="">
<img src="/a.png" alt="An &quot;image&quot;"/><br/>
<svg viewBox="0 0 1 1" aria-label="Icon"><path d="M0 0h1"/></svg>
<textarea name="t">Line &lt;one&gt;
two</textarea>
<a href="/x?a=1&amp;b=2" data-x='single "quoted"'>Link</a>
</body></html>"""


class Recorder:
    """Every event, with neighbouring text joined (the two split text differently)."""

    def __init__(self) -> None:
        self.events: list[tuple] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.events.append(("start", tag, tuple(attrs)))

    def handle_endtag(self, tag) -> None:
        self.events.append(("end", tag))

    def handle_data(self, data) -> None:
        if self.events and self.events[-1][0] == "data":
            self.events[-1] = ("data", self.events[-1][1] + data)
        else:
            self.events.append(("data", data))


class StandardRecorder(Recorder, HTMLParser):
    def __init__(self) -> None:
        Recorder.__init__(self)
        HTMLParser.__init__(self, convert_charrefs=True)


class QuickRecorder(Recorder, Scanner):
    pass


def events(recorder: type[Recorder], html: str) -> list[tuple]:
    reader = recorder()
    reader.feed(html)  # type: ignore[attr-defined]
    reader.close()  # type: ignore[attr-defined]
    return reader.events


def test_it_reads_tags_attributes_text_and_raw_text_as_html_parser_does():
    quick = events(QuickRecorder, SAMPLE)
    assert quick == events(StandardRecorder, SAMPLE)
    assert ("start", "p", (("class", "Loud"),)) in quick
    assert (
        "start",
        "input",
        (("type", "checkbox"), ("name", "agree"), ("checked", None), ("value", "yes")),
    ) in quick
    assert ("data", '{"a": "<b>not a tag</b>", "b": 1 < 2}') in quick


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/ar/", "/de/vex5/"])
def test_it_reads_a_rendered_page_as_html_parser_does(client, path):
    html = client.get(path).content.decode()
    assert events(QuickRecorder, html) == events(StandardRecorder, html)
