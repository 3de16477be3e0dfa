"""The printed game sheet words the engine's reason for a random draw put back under the
2.2 minimum in French (issue 35, the whole-day run: the sheet of a 19-move game printed
"fewer than 2 vowel(s) and 2 consonant(s)" on its rejected draws)."""

from __future__ import annotations

import pytest
from django.utils import translation

from arbitre.app.duplicate.sheet_rows import reason_shown
from arbitre.duplicate.draws import STRONG, WEAK
from arbitre.duplicate.game import Attempt


@pytest.mark.parametrize(
    ("minimum", "count"),
    [(STRONG, 2), (WEAK, 1)],
)
def test_004_2_2_a_random_draw_under_the_minimum_is_worded(minimum: object, count: int) -> None:
    # the reason exactly as the engine writes it when it puts a random draw back (2.2)
    attempt = Attempt("", "BCDFGHJ", "reject", entered=False, reason=f"fewer than {minimum}")
    with translation.override("fr"):
        shown = reason_shown(attempt)
    assert shown == (
        "moins de 2 voyelles ou de 2 consonnes (2.2)"
        if count == 2
        else "moins de 1 voyelle ou de 1 consonne (2.2)"
    )


def test_the_older_short_reason_and_a_typed_reason() -> None:
    with translation.override("fr"):
        assert reason_shown(Attempt("", "BCDFGHJ", "reject", reason="fewer than 2")) == (
            "moins de 2 voyelles ou de 2 consonnes (2.2)"
        )
        typed = Attempt("", "BCDFGHJ", "reject", entered=True, reason="lettre tombée")
        assert reason_shown(typed) == "lettre tombée"
