"""What a browser would post from an admin page's forms, for tests that submit them."""

from tests.htmlscan import Scanner


class FormFields(Scanner):
    """The values a browser would post from the admin's change form."""

    def __init__(self):
        super().__init__()
        self.data: dict[str, list[str]] = {}
        self.inputs: dict[str, dict[str, str]] = {}
        self.html = ""
        self._textarea: str | None = None
        self.textareas: set[str] = set()
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        attr = {k: v or "" for k, v in attrs}
        name = attr.get("name")
        if tag == "input" and name and "__prefix__" not in name:
            self.inputs[name] = attr
            kind = attr.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in attr:
                    self.data.setdefault(name, []).append(attr.get("value", "on"))
            elif kind not in ("submit", "button", "file"):
                self.data.setdefault(name, []).append(attr.get("value", ""))
        elif tag == "textarea" and name and "__prefix__" not in name:
            self.inputs[name] = attr
            self._textarea = name
            self.textareas.add(name)
            self.data[name] = [""]
        elif tag == "select" and name and "__prefix__" not in name:
            self._select = name
        elif tag == "option" and self._select and "selected" in attr:
            self.data.setdefault(self._select, []).append(attr.get("value", ""))

    def handle_endtag(self, tag):
        if tag == "textarea":
            self._textarea = None
        if tag == "select":
            self._select = None

    def handle_data(self, data):
        if self._textarea:
            self.data[self._textarea][0] += data.removeprefix("\n")


def form_of(client, url: str) -> FormFields:
    response = client.get(url)
    assert response.status_code == 200
    parser = FormFields()
    parser.html = response.content.decode()
    parser.feed(parser.html)
    # Browsers post a textarea's line breaks as CRLF, whatever the page held.
    for name in parser.textareas:
        parser.data[name] = [value.replace("\n", "\r\n") for value in parser.data[name]]
    return parser
