"""Text cells that a spreadsheet would run as a formula, neutralised in the files Arbitre
writes (CSV exports, TSH ``.t``) and restored when Arbitre reads them back.

A cell beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a formula to
Excel, LibreOffice and Google Sheets (a name such as ``=HYPERLINK(...)`` would run). Such a
text cell gets a leading apostrophe, which spreadsheets show as text; numbers (a negative
score, ``-12``, ``+3``, ``-1,5``) are left as they are.

>>> neutralise("=HYPERLINK(\\"http://x\\")")
'\\'=HYPERLINK("http://x")'
>>> neutralise("-12"), neutralise("Dupont")
('-12', 'Dupont')
>>> restore(neutralise("@Ana")), restore("'t Hooft")
('@Ana', "'t Hooft")
"""

from __future__ import annotations

import re

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet read a cell as a formula."""

_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


def neutralise(cell: str) -> str:
    """``cell`` safe to open in a spreadsheet: a formula-looking text gets a leading ``'``."""
    if cell.startswith(TRIGGERS) and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def restore(cell: str) -> str:
    """The text :func:`neutralise` protected (other cells unchanged)."""
    if cell.startswith("'") and cell[1:].startswith(TRIGGERS) and not _NUMBER.fullmatch(cell[1:]):
        return cell[1:]
    return cell
