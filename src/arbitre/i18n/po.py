"""Reading ``.po`` catalogues and writing ``.mo`` files, so that no GNU gettext tool is needed.

Handles what this project's catalogues use: ``msgid``/``msgstr`` pairs with continued
strings, ``msgctxt`` and the header entry; no plural forms.

>>> entries = parse('msgid ""\\nmsgstr "Language: fr\\\\n"\\n\\nmsgid "a"\\nmsgstr "b"\\n')
>>> entries["a"]
'b'
"""

from __future__ import annotations

import ast
import struct


def parse(text: str) -> dict[str, str]:
    """``msgid -> msgstr`` of a catalogue (the header under ``""``; ``msgctxt`` joined to the
    msgid with ``\\x04`` as gettext does)."""
    entries: dict[str, str] = {}
    fields: dict[str, str] = {}
    current: str | None = None

    def flush() -> None:
        if "msgid" in fields:
            key = fields["msgid"]
            if "msgctxt" in fields:
                key = fields["msgctxt"] + "\x04" + key
            entries[key] = fields.get("msgstr", "")
        fields.clear()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line and fields:
                flush()
                current = None
            continue
        if line.startswith('"'):
            if current is None:
                raise ValueError(f"line {number}: string outside an entry")
            fields[current] += _string(line, number)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword not in ("msgctxt", "msgid", "msgstr"):
            raise ValueError(f"line {number}: unknown keyword {keyword!r}")
        if keyword in ("msgctxt", "msgid") and "msgstr" in fields:
            flush()
        current = keyword
        fields[keyword] = _string(rest.strip(), number)
    flush()
    return entries


def _string(token: str, number: int) -> str:
    if not (token.startswith('"') and token.endswith('"') and len(token) >= 2):
        raise ValueError(f"line {number}: expected a quoted string")
    value = ast.literal_eval(token)
    assert isinstance(value, str)
    return value


def compile_mo(entries: dict[str, str]) -> bytes:
    """The ``.mo`` file (little-endian, revision 0) of ``entries``, untranslated ones left out."""
    items = sorted((k, v) for k, v in entries.items() if v or k == "")
    ids = [k.encode("utf-8") for k, _ in items]
    strs = [v.encode("utf-8") for _, v in items]
    count = len(items)
    header = 7 * 4
    ids_table = header
    strs_table = ids_table + count * 8
    data = strs_table + count * 8
    offsets: list[int] = []
    blob = b""
    for s in ids + strs:
        offsets += [len(s), data + len(blob)]
        blob += s + b"\x00"
    head = struct.pack("<7I", 0x950412DE, 0, count, ids_table, strs_table, 0, 0)
    return head + struct.pack(f"<{4 * count}I", *offsets) + blob
