"""The board's tiles (issue 35, the whole-day run): on a screen, a tile's value stays beside
its letter, not over it, also for the two-digit values (K, W, X, Y, Z: 10 points); on a
390-px phone, where a value would be 6 px high, the letters are shown alone (the whole-day
run found the values written over the letters there). Rendered from the real partial and
the real style sheet in headless Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.template.loader import render_to_string

from tests.app.browser import headless_chromium

CSS = Path(__file__).resolve().parents[2] / "src/arbitre/app/static/arbitre/arbitre.css"
LETTERS = [("W", 10), ("A", 1), ("X", 10), ("M", 2), ("Y", 10), ("Z", 10), ("K", 10)]


def _board() -> str:
    cells = [
        {"premium": "", "letter": letter, "value": value, "name": f"H{i}"}
        for i, (letter, value) in enumerate(LETTERS, 1)
    ] + [{"premium": "", "letter": "", "name": f"H{i}"} for i in range(8, 16)]
    table = render_to_string("duplicate/_board.html", {"rows": [{"name": "H", "cells": cells}]})
    return f"<html><head><style>{CSS.read_text('utf-8')}</style></head><body>{table}</body></html>"


OVERLAPS = """() => Array.from(document.querySelectorAll('td.tile')).map(td => {
  const range = document.createRange();
  range.selectNodeContents(td.firstChild);
  const letter = range.getBoundingClientRect();
  const value = td.querySelector('sub').getBoundingClientRect();
  const cell = td.getBoundingClientRect();
  return [td.firstChild.textContent, letter.right - value.left, value.right - cell.right];
})"""


@pytest.mark.browser
def test_a_tiles_value_does_not_cover_its_letter() -> None:
    with headless_chromium() as browser:
        page: Any = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_content(_board())
        found = page.evaluate(OVERLAPS)
    assert len(found) == len(LETTERS)
    for letter, over_value, out_of_cell in found:
        assert over_value <= 0.5, f"{letter}: the value covers {over_value:.1f} px of the letter"
        assert out_of_cell <= 0.5, f"{letter}: the value leaves its square"


@pytest.mark.browser
def test_on_a_phone_the_letters_alone_and_readable() -> None:
    with headless_chromium() as browser:
        page: Any = browser.new_page(viewport={"width": 390, "height": 844})
        page.set_content(_board())
        shown = page.evaluate(
            "() => Array.from(document.querySelectorAll('td.tile sub'),"
            " s => getComputedStyle(s).display)"
        )
        size = page.evaluate(
            "() => parseFloat(getComputedStyle(document.querySelector('td.tile')).fontSize)"
        )
        width = page.evaluate(
            "() => document.querySelector('.board').getBoundingClientRect().right"
        )
    assert shown == ["none"] * len(LETTERS)
    assert size >= 12 and width <= 390
