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

A text that already begins with apostrophes before a formula sign gets one more, so that
reading it back gives it whole (``'=A1`` is written ``''=A1``, shown ``'=A1``):

>>> neutralise("'=A1"), restore(neutralise("'=A1"))
("''=A1", "'=A1")
"""

from __future__ import annotations

import re

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet read a cell as a formula."""

_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


def neutralise(cell: str) -> str:
    """``cell`` safe to open in a spreadsheet: a formula-looking text, or one that
    :func:`restore` would shorten, gets a leading ``'``."""
    if _formula_behind_apostrophes(cell):
        return "'" + cell
    return cell


def restore(cell: str) -> str:
    """The text :func:`neutralise` protected (other cells unchanged)."""
    if cell.startswith("'") and _formula_behind_apostrophes(cell[1:]):
        return cell[1:]
    return cell


def _formula_behind_apostrophes(cell: str) -> bool:
    """Whether ``cell`` is a formula-looking text once its leading apostrophes are set aside
    (none for a plain formula)."""
    bare = cell.lstrip("'")
    return bare.startswith(TRIGGERS) and not _NUMBER.fullmatch(bare)
