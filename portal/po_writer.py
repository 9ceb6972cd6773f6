"""Write a ``.po`` file so that a save changes only the entries that changed.

polib re-wraps every entry its own way (a space at the start of a line, 78 columns),
while makemessages and ``msgcat`` (GNU gettext) keep it at the end of a line within 79
columns, break after a hyphen and between Chinese or Japanese characters: saving three
strings through polib rewrote most of a catalogue. :class:`GettextPOFile` writes each
entry that has not changed exactly as it is in the file on disk, and an entry that has,
wrapped as gettext wraps it (``msgcat`` gives the same lines for nearly every entry of
the catalogues; ``make messages`` settles the few others).
"""

import copy
import re
import unicodedata
from pathlib import Path

import polib

WIDTH = 79  # gettext's page width: a line, quotes included, is at most 79 columns

# Where a line may break: after spaces, after a hyphen inside a word, before and after a
# wide (Chinese, Japanese, Korean) character, but never before closing punctuation.
_CLOSING = "、。，．：；！？）」』】〉》〕｝］・ー…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ"
_TOKENS = re.compile(
    r"[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]"
    rf"[{_CLOSING}]*[ ]*"  # a wide character with the punctuation that must follow it
    r"|[^ \u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+?-(?=[^\W\d_])"
    r"|[^ \u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+[ ]*"
    r"|[ ]+"
)


def columns(text: str) -> int:
    """The width of ``text`` on a terminal, as gettext counts it: wide characters 2."""
    return sum(_width(char) for char in text)


def _width(char: str) -> int:
    if unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0  # combining marks (Thai, Hindi vowel signs) sit on the letter before
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


# No break before closing punctuation, nor after opening punctuation.
_NO_BREAK_BEFORE = frozenset(_CLOSING + ".,;:!?)]}”’%")
_NO_BREAK_AFTER = frozenset("“‘([{「『（【〈《")


def _tokens(escaped: str) -> list[str]:
    tokens: list[str] = []
    for token in _TOKENS.findall(escaped):
        if tokens and (token[0] in _NO_BREAK_BEFORE or tokens[-1][-1] in _NO_BREAK_AFTER):
            tokens[-1] += token
        else:
            tokens.append(token)
    return tokens


def _wrap(escaped: str, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for token in _tokens(escaped):
        if line and columns(line + token) > width:
            lines.append(line)
            line = ""
        line += token
    if line or not lines:
        lines.append(line)
    return lines


def field_lines(keyword: str, prefix: str, text: str) -> list[str]:
    """``keyword "text"`` (``msgid``, ``msgstr[0]``…) as gettext writes it."""
    single = f'{prefix}{keyword} "{polib.escape(text)}"'
    if "\n" not in text[:-1] and columns(single) <= WIDTH:
        return [single]
    lines = [f'{prefix}{keyword} ""']
    for segment in re.findall(r"[^\n]*\n|[^\n]+", text):
        for chunk in _wrap(polib.escape(segment), WIDTH - 2 - len(prefix)):
            lines.append(f'{prefix}"{chunk}"')
    return lines


class _GettextEntry(polib.POEntry):
    """An entry rendered as gettext renders it (polib renders the comments)."""

    def _str_field(self, fieldname, delflag, plural_index, field, wrapwidth=WIDTH):
        if fieldname.startswith("previous_"):
            fieldname = fieldname.removeprefix("previous_")
        return field_lines(f"{fieldname}{plural_index}", delflag, field)


def render(entry: polib.POEntry) -> str:
    """``entry`` as msgcat would write it."""
    twin = copy.copy(entry)
    twin.__class__ = _GettextEntry
    # Width 0: xgettext keeps extracted comments as written; occurrences wrap below.
    lines: list[str] = []
    for line in twin.__unicode__(0).rstrip("\n").split("\n"):
        lines += _wrap_occurrences(line) if line.startswith("#: ") else [line]
    return "\n".join(lines)


def _wrap_occurrences(line: str) -> list[str]:
    lines = ["#:"]
    for place in line[3:].split(" "):
        if lines[-1] != "#:" and len(lines[-1]) + 1 + len(place) > WIDTH:
            lines.append("#:")
        lines[-1] += " " + place
    return lines


def _key(entry: polib.POEntry) -> tuple:
    return (entry.obsolete, entry.msgctxt, entry.msgid)


def _blocks_on_disk(path: str | None) -> dict[tuple | None, tuple[str, str]]:
    """Each entry of the file at ``path``: key -> (polib's rendering, the file's text);
    the header under the key ``None``."""
    if not path or not Path(path).exists():
        return {}
    found: dict[tuple | None, tuple[str, str]] = {}
    for block in Path(path).read_text(encoding="utf-8").rstrip("\n").split("\n\n"):
        parsed = polib.pofile(block + "\n")
        if len(parsed) == 1:
            entry = parsed[0]
            found[_key(entry)] = (entry.__unicode__(WIDTH), block)
        elif not len(parsed):
            found[None] = (str(parsed), block)
    return found


class GettextPOFile(polib.POFile):
    """A catalogue that writes its unchanged entries as they are on disk (``fpath``)
    and the others as gettext wraps them."""

    def __unicode__(self) -> str:
        disk = _blocks_on_disk(self.fpath)
        header = polib.POFile(wrapwidth=WIDTH)
        header.header, header.metadata = self.header, self.metadata
        header.metadata_is_fuzzy = self.metadata_is_fuzzy
        header_text = str(header)
        kept = disk.get(None)
        if kept and kept[0] == header_text:
            blocks = [kept[1]]
        else:
            comment = header_text.split('msgid ""', 1)[0]
            blocks = [comment + render(self.metadata_as_entry())]
        entries = [e for e in self if not e.obsolete] + self.obsolete_entries()
        for entry in entries:
            kept = disk.get(_key(entry))
            if kept and kept[0] == entry.__unicode__(WIDTH):
                blocks.append(kept[1])
            else:
                blocks.append(render(entry))
        return "\n\n".join(blocks) + "\n"


def read(path: Path | str) -> GettextPOFile:
    return polib.pofile(str(path), klass=GettextPOFile, wrapwidth=WIDTH)
