"""A page's title block holds text only: a tag in it shows as raw markup in the browser's
tab and in every bookmark (a simultané's page once held its whole standings table there)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "src" / "arbitre" / "app" / "templates"
TITLE = re.compile(r"{%\s*block title\s*%}(.*?){%\s*endblock", re.S)


def _titles() -> list[tuple[str, str]]:
    out = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        for body in TITLE.findall(path.read_text("utf-8")):
            out.append((str(path.relative_to(TEMPLATES)), body))
    return out


def test_the_templates_have_titles() -> None:
    assert len(_titles()) > 50


@pytest.mark.parametrize(("template", "body"), _titles(), ids=lambda x: str(x)[:40])
def test_a_title_block_holds_no_markup(template: str, body: str) -> None:
    assert "<" not in body and "\n" not in body.strip(), template
