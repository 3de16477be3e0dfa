"""The public standings' JSON carries what its readers read and nothing more (issue 37: a
festival's 2,000 phones fetch its 1,500 lines at every change). Its readers, read here from
their own text: the standings page's script (``duplicate.js``), which draws the lines again
at every poll, and the page's templates, which draw them first."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from arbitre.app.duplicate import setup
from arbitre.app.duplicate.models import Registration
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move, post_ballot

pytestmark = pytest.mark.django_db

APP = Path(__file__).resolve().parents[2] / "src" / "arbitre" / "app"
SCRIPT = APP / "static" / "arbitre" / "duplicate.js"
TEMPLATES = APP / "templates" / "duplicate"
MARKS = {"ex_aequo", "withdrawn", "above_top"}
"""Sent only when set: the script and the templates read a missing one as false."""


def script_reads() -> tuple[set[str], set[str]]:
    """The fields of a line (``r.``) and of the answer (``data.``) the standings' script
    reads."""
    text = SCRIPT.read_text(encoding="utf-8")
    start = text.index('getElementById("standings")')
    part = text[start : text.index("setInterval(", start)]  # (its render, not its fetch)
    return set(re.findall(r"\br\.(\w+)", part)), set(re.findall(r"\bdata\.(\w+)", part))


def templates_read() -> tuple[set[str], set[str]]:
    rows = (TEMPLATES / "live" / "standings_rows.html").read_text(encoding="utf-8")
    pages = "".join(
        (TEMPLATES / name).read_text(encoding="utf-8")
        for name in ("public_standings.html", "live/standings_rows.html", "live/solos.html")
    )
    return set(re.findall(r"\br\.(\w+)", rows)), set(re.findall(r"\bpayload\.(\w+)", pages))


def test_the_standings_json_sends_what_the_page_and_its_script_read(
    event: Any, director: Any
) -> None:
    play_first_move(event, director)
    arbiter = login("arbitre-a", "Arbitrage-2026")
    for table in range(1, 11):
        post_ballot(arbiter, event, table, "top" if table < 4 else str(table))
    gone = Registration.objects.get(duplicate=event, table=12)
    setup.withdraw_player(event, gone, 1, 2, "malade", director)
    answer = Client().get(f"/public/duplicate/{event.event_id}/classement.json")
    data = answer.json()
    line_fields, answer_fields = script_reads()
    line_fields_page, answer_fields_page = templates_read()
    assert line_fields == line_fields_page  # (the first drawing and the next ones agree)
    sent = set().union(*(row.keys() for row in data["standings"]))
    assert sent <= line_fields, sent - line_fields  # nothing nobody reads
    assert line_fields - sent <= {"above_top"}  # (none here: test_duplicate_above_top)
    assert MARKS <= line_fields and all(
        row.get(mark) in (None, True) for row in data["standings"] for mark in MARKS
    )
    # the answer: what the script reads, and the games' names of the page's heading
    assert set(data) == answer_fields | {"games"} and "games" in answer_fields_page
    assert set(data) - {"above_top"} == answer_fields_page  # (the view words the marks)
    assert b'": ' not in answer.content  # (no blank after the separators: 1,500 lines)
