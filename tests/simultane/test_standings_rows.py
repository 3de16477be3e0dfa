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
