"""The simultané's standings lines written in one pass (``tables.standings_rows``) are the
lines the template engine writes (``simultane/standings_rows.html``, the reference), for
any names, centres and licences (markup and quotes escaped the same), ties, « non
licencié » marks, with or without the licence column, in French and in English; so are
the officer's centres' lines (``tables.centres_rows``, ``simultane/centres_rows.html``):
any club and reason, dates in the server's time zone, results received, withdrawn or
awaited (with the remove button and its CSRF token); and the public page's centres
(``tables.public_centres_items``, ``simultane/public_centres_items.html``)."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

from django.template.loader import render_to_string
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.app.simultane.tables import centres_rows, public_centres_items, standings_rows
from arbitre.ranking.simultane import CentreRow, MergedRow
from tests.support import depth

texts = st.text(alphabet=st.sampled_from("aé É<>&\"'`=/ -Zç{}%"), max_size=12)
row_st = st.builds(
    MergedRow,
    st.integers(1, 7000),
    st.booleans(),
    st.integers(1, 60),
    st.builds(
        CentreRow,
        texts,
        texts,
        texts,
        texts,
        st.one_of(st.none(), st.integers(1, 7)),
        texts,
        st.integers(-50, 3000),
        st.booleans(),
    ),
)


@settings(max_examples=depth(80), deadline=None)
@given(st.lists(row_st, max_size=6), st.booleans(), st.sampled_from(("fr", "en")))
def test_the_lines_written_in_one_pass_are_the_templates(
    rows: list[MergedRow], licences: bool, language: str
) -> None:
    with translation.override(language):
        expected = render_to_string(
            "simultane/standings_rows.html", {"standings": rows, "licences": licences}
        )
        assert str(standings_rows(rows, licences)) == expected


def test_a_name_with_markup_is_shown_as_text() -> None:
    row = CentreRow("<b>Club</b>", "1", "<script>x()</script>", "A&B", 1, "S", 700, True)
    html = str(standings_rows([MergedRow(1, False, 1, row)]))
    assert "<script>" not in html and "&lt;script&gt;x()&lt;/script&gt; A&amp;B" in html
    assert "<td>&lt;b&gt;Club&lt;/b&gt;</td>" in html and "non licencié" in html


moments = st.datetimes(dt.datetime(2000, 1, 1), dt.datetime(2100, 1, 1), timezones=st.just(dt.UTC))
upload_st = st.builds(
    SimpleNamespace,
    players=st.integers(0, 3000),
    updated_at=moments,
    withdrawn_at=st.one_of(st.none(), moments),
    withdrawn_reason=texts,
)
centre_st = st.builds(
    SimpleNamespace,
    pk=st.integers(1, 10**6),
    club=texts,
    admitted_at=moments,
    key_fetched_at=st.one_of(st.none(), moments),
    upload=st.one_of(st.none(), upload_st),
)


@settings(max_examples=depth(80), deadline=None)
@given(st.lists(centre_st, max_size=5), texts, st.sampled_from(("fr", "en")))
def test_the_centres_lines_written_in_one_pass_are_the_templates(
    centres: list[SimpleNamespace], token: str, language: str
) -> None:
    with translation.override(language):
        expected = render_to_string(
            "simultane/centres_rows.html", {"centres": centres, "csrf_token": token}
        )
        assert str(centres_rows(centres, token)) == expected


@settings(max_examples=depth(60), deadline=None)
@given(st.lists(centre_st, max_size=5), st.sampled_from(("fr", "en")))
def test_the_public_centres_written_in_one_pass_are_the_templates(
    centres: list[SimpleNamespace], language: str
) -> None:
    with translation.override(language):
        expected = render_to_string("simultane/public_centres_items.html", {"centres": centres})
        assert str(public_centres_items(centres)) == expected


def test_lines_kept_from_an_earlier_view_follow_the_language_and_the_columns() -> None:
    """Each row's cells are written once and kept (``tables._cells``): the same rows shown
    again in another language or with the licence column are each the template's lines,
    and the kept cells are forgotten past ``CELLS_KEPT`` rows."""
    from arbitre.app.simultane import tables

    rows = [
        MergedRow(1, True, 1, CentreRow("Namur", "7", "DUPONT", "Zoé", 1, "S", 800, True)),
        MergedRow(1, True, 1, CentreRow("Liège", "8", "MARTIN", "Léa", 2, "V", 800)),
    ]
    for language, licences in (("fr", False), ("en", False), ("fr", True), ("en", True)) * 2:
        with translation.override(language):
            expected = render_to_string(
                "simultane/standings_rows.html", {"standings": rows, "licences": licences}
            )
            assert str(standings_rows(rows, licences)) == expected
    with translation.override("en"):
        assert "non licencié" not in str(standings_rows(rows))
    kept, tables.CELLS_KEPT = tables.CELLS_KEPT, 3
    try:
        fresh = [
            MergedRow(i, False, i, CentreRow("Namur", str(i), "N", "", 1, "S", 9000 - i))
            for i in range(1, 8)
        ]
        with translation.override("fr"):
            standings_rows(fresh)
        assert 0 < len(tables._cells) <= 3
    finally:
        tables.CELLS_KEPT = kept
