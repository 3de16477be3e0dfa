"""Reading ``.po`` catalogues and writing ``.mo`` files, so that no GNU gettext tool is needed.

Handles what this project's catalogues use: ``msgid``/``msgstr`` pairs with continued
strings, ``msgctxt``, plural forms (``msgid_plural``, ``msgstr[n]``) and the header entry.

>>> entries = parse('msgid ""\\nmsgstr "Language: fr\\\\n"\\n\\nmsgid "a"\\nmsgstr "b"\\n')
>>> entries["a"]
'b'

A plural entry is keyed and valued as in a ``.mo`` file: the singular and the plural msgid
joined by a NUL character, and the forms likewise.

>>> entries = parse('msgid "a"\\nmsgid_plural "as"\\nmsgstr[0] "b"\\nmsgstr[1] "bs"\\n')
>>> entries["a\\x00as"]
'b\\x00bs'
"""

from __future__ import annotations

import ast
import struct


def parse(text: str) -> dict[str, str]:
    """``msgid -> msgstr`` of a catalogue (the header under ``""``; ``msgctxt`` joined to the
    msgid with ``\\x04`` as gettext does; a plural entry keyed ``msgid\\x00msgid_plural``
    with its forms joined by ``\\x00``)."""
    entries: dict[str, str] = {}
    fields: dict[str, str] = {}
    current: str | None = None

    def flush() -> None:
        if "msgid" in fields:
            key = fields["msgid"]
            if "msgid_plural" in fields:
                key += "\x00" + fields["msgid_plural"]
            if "msgctxt" in fields:
                key = fields["msgctxt"] + "\x04" + key
            forms = sorted(
                (k for k in fields if k.startswith("msgstr[")), key=lambda k: int(k[7:-1])
            )
            if forms:
                entries[key] = "\x00".join(fields[k] for k in forms)
            else:
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
        if not (
            keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr")
            or (keyword.startswith("msgstr[") and keyword[7:-1].isdigit() and keyword[-1] == "]")
        ):
            raise ValueError(f"line {number}: unknown keyword {keyword!r}")
        if keyword in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in fields):
            flush()
        if keyword == "msgid_plural" and ("msgid" not in fields or "msgstr" in fields):
            raise ValueError(f"line {number}: msgid_plural without its msgid")
        if keyword.startswith("msgstr[") and "msgid_plural" not in fields:
            raise ValueError(f"line {number}: {keyword} without msgid_plural")
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
    items = sorted((k, v) for k, v in entries.items() if v.strip("\x00") or k == "")
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
