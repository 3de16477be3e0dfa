"""The text of a file saved by a Windows program in its "ANSI" encoding.

Spreadsheets and federation programs on French Windows write Windows-1252, which people
call "Latin-1": the two agree on every letter except those Windows puts in 0x80-0x9F,
where Latin-1 has only control characters — among them « Œ », « œ », the typographic
apostrophe « ’ » and « € ». Reading such a file as Latin-1 turns « ŒUVRAY » into a control
character followed by "UVRAY". A file with a byte that Windows-1252 leaves undefined
(0x81, 0x8D, 0x8F, 0x90, 0x9D) is true Latin-1 and is read as such.

>>> decode_legacy("ŒUVRAY Zoé ’".encode("cp1252"))
'ŒUVRAY Zoé ’'
>>> decode_legacy(b"caf\\xe9 \\x81")
'café \\x81'
"""

from __future__ import annotations


def decode_legacy(data: bytes) -> str:
    """``data`` read as Windows-1252, or as Latin-1 when Windows-1252 cannot read it."""
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")
