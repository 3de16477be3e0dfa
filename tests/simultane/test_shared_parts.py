"""Issue 38: the parts of a simultané's pages (the public standings' live part, the
officer's tables) are rendered once per version by one server process and stored in the
database, where the other processes read them instead of merging the centres' uploads and
rendering again (``simultane.shared_parts``). A part read by another process is the part
rendered fresh, whatever the order in which the centres uploaded; a new version is never
served the part of an older one."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.app.events import live
from arbitre.app.federation import services as federation
from arbitre.app.simultane import merged, publish, shared_parts
from arbitre.app.simultane.models import SharedPart, Simultane
from tests.simultane.conftest import Clock
from tests.simultane.uploads import create_simultane, register, results, signed
from tests.support import depth

pytestmark = pytest.mark.django_db

#: three centres' players (licence, name, each move's score), so that the totals tie across
#: centres and the order of equal totals is exercised
PLAYERS = {
    "Namur": [("101", "DUPONT", [50, 20]), ("102", "MARTIN", [30, 30])],
    "Liège": [("201", "BERNARD", [64, 10]), ("202", "DUPONT", [40, 30])],
    "Huy": [("301", "ÉLAN", [30, 30]), ("302", "elan", [64, 6])],
}


@pytest.fixture
def centres(director: Any, clock: Clock) -> tuple[Simultane, dict[str, str], Client]:
    """Three centres admitted; the server's clock stands still (the pages show the dates
    of the uploads, the same whatever their order)."""
    register(*(p for players in PLAYERS.values() for p in players))
    simultane = create_simultane()
    keys = {club: federation.create_token(director, club) for club in PLAYERS}
    for club in PLAYERS:
        publish.admit(director, simultane, club)
    officer = Client()
    officer.force_login(director)
    return simultane, keys, officer


def upload(simultane: Simultane, keys: dict[str, str], club: str, players: Any) -> None:
    answer = Client().post(
        f"/api/federation/simultanes/{simultane.uid}/resultats/",
        json.dumps(signed(results(simultane.uid, players), keys[club])),
        "application/json",
        HTTP_AUTHORIZATION=f"Bearer {keys[club]}",
    )
    assert answer.status_code == 200, answer.content


def pages(simultane: Simultane, officer: Client) -> list[str]:
    """The public standings' live part and the officer's page (its CSRF tokens out)."""
    fragment = Client().get(f"/public/simultanes/{simultane.uid}/classement/")
    page = officer.get(f"/federation/simultanes/{simultane.pk}/").content.decode()
    token = 'name="csrfmiddlewaretoken" value="'
    page = "".join(part.split('"', 1)[-1] for part in page.split(token))
    return [fragment.content.decode(), page]


def counted_merges(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The simultanés merged from now on (each merge's simultané id), as they happen."""
    computed: list[int] = []
    compute = merged._compute

    def counted(found: Simultane) -> merged.Merged:
        computed.append(found.pk)
        return compute(found)

    monkeypatch.setattr(merged, "_compute", counted)
    return computed


def test_another_process_reads_the_stored_parts_and_a_new_version_renders_again(
    centres: tuple[Simultane, dict[str, str], Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    simultane, keys, officer = centres
    for club, players in PLAYERS.items():
        upload(simultane, keys, club, players)
    first = pages(simultane, officer)
    assert "BERNARD" in first[0] and "BERNARD" in first[1]
    assert SharedPart.objects.filter(simultane=simultane).count() == 2
    computed = counted_merges(monkeypatch)
    live.clear()  # another process: it holds nothing, not even the merge
    assert pages(simultane, officer) == first
    assert computed == []  # read from the database: no merge, no rendering
    upload(simultane, keys, "Huy", [("301", "ÉLAN", [0, 0])])  # a new version
    live.clear()
    after = pages(simultane, officer)
    assert computed == [simultane.pk]  # merged once, for both parts
    assert "ÉLAN" in after[0] and after != first
    at = Simultane.objects.get(pk=simultane.pk).version
    assert set(SharedPart.objects.values_list("version", flat=True)) == {at}  # both again


@settings(
    max_examples=depth(12),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.permutations(list(PLAYERS)), st.sampled_from([None, *PLAYERS]))
def test_any_order_of_uploads_gives_the_same_stored_parts_as_a_fresh_rendering(
    centres: tuple[Simultane, dict[str, str], Client], order: list[str], again: str | None
) -> None:
    """The centres upload in any order (one of them sending its results again, counted
    once): the parts a process that holds nothing reads from the database are those the
    first process rendered, and those rendered fresh with nothing stored, and the same for
    every order (fixed here as the order of :data:`PLAYERS`)."""
    simultane, keys, officer = centres
    expected: list[list[str]] = []
    for sequence in (list(PLAYERS), order):
        with transaction.atomic():
            live.clear()
            for club in sequence:
                upload(simultane, keys, club, PLAYERS[club])
            if again is not None:
                upload(simultane, keys, again, PLAYERS[again])
            stored = pages(simultane, officer)
            live.clear()
            read = pages(simultane, officer)
            SharedPart.objects.all().delete()
            live.clear()
            fresh = pages(simultane, officer)
            assert stored == read == fresh
            expected.append(fresh)
            transaction.set_rollback(True)
    assert expected[0] == expected[1]
    live.clear()


def test_a_part_is_never_stored_over_a_later_one_and_a_later_one_is_served(
    centres: tuple[Simultane, dict[str, str], Client],
) -> None:
    """Two processes store the same part at two versions, the later one first: it stays; a
    request at an earlier version is served it (it holds at least what was asked), one at
    a later version renders again and the parts more than a few versions older go; the
    addresses a visitor makes up are not stored."""
    simultane = centres[0]
    rendered: list[str] = []

    def render(text: str) -> Any:
        return lambda: rendered.append(text) or text

    assert shared_parts.stored(simultane.pk, 5, ("part",), render("at 5")) == "at 5"
    assert shared_parts.stored(simultane.pk, 3, ("part",), render("at 3")) == "at 5"
    shared_parts._store(simultane.pk, 3, shared_parts._name(simultane.pk, ("part",)), "at 3")
    assert SharedPart.objects.get().body == "at 5"
    assert shared_parts.stored(simultane.pk, 5, ("other",), render("other")) == "other"
    assert shared_parts.stored(simultane.pk, 6, ("part",), render("at 6")) == "at 6"
    assert sorted(SharedPart.objects.values_list("version", "body")) == [(5, "other"), (6, "at 6")]
    # the parts more than a few versions older go: the table holds those of the last ones
    later = 6 + shared_parts.KEPT_BEHIND
    assert shared_parts.stored(simultane.pk, later, ("third",), render("third")) == "third"
    assert sorted(SharedPart.objects.values_list("version", "body")) == [
        (6, "at 6"),
        (later, "third"),
    ]
    assert shared_parts.stored(simultane.pk, later + 1, ("third",), render("next")) == "next"
    assert list(SharedPart.objects.values_list("version", "body")) == [(later + 1, "next")]
    assert rendered == ["at 5", "other", "at 6", "third", "next"]
    # the standings of a category or a centre, any text a visitor types: not stored
    for query in ("categorie=V", "centre=Namur", "centre=n%27importe+quoi&serie=2"):
        page = Client().get(f"/public/simultanes/{simultane.uid}/classement/?{query}")
        assert page.status_code == 200
    assert SharedPart.objects.count() == 1
    Client().get(f"/public/simultanes/{simultane.uid}/classement/?serie=2")
    assert SharedPart.objects.count() == 2


def test_a_change_renders_its_parts_once_it_commits_so_that_the_next_polls_render_nothing(
    centres: tuple[Simultane, dict[str, str], Client],
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """Issue 38, item 5: the officer polls every 2 s while the centres upload about once a
    second, so without it nearly every view of the officer's page rendered a new version.
    On PostgreSQL a change's commit asks the process's renderer for the public live part
    and the officer's page as it opens; the officer's next poll and the public fragment are
    then read, not rendered, by any process."""
    from arbitre.app.simultane import prerender

    simultane, keys, officer = centres
    asked: list[int] = []
    monkeypatch.setattr(prerender, "ask", lambda simultane_id, language: asked.append(simultane_id))
    with django_capture_on_commit_callbacks(execute=True):
        upload(simultane, keys, "Namur", PLAYERS["Namur"])
    assert asked == []  # SQLite (a club's laptop): each process renders its own, as before
    monkeypatch.setattr(prerender, "federation_server", lambda: True)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        upload(simultane, keys, "Liège", PLAYERS["Liège"])
        assert asked == []  # not before the commit
    assert callbacks and asked and set(asked) == {simultane.pk}
    live.clear()
    prerender.render_now(simultane.pk)  # (what the renderer's thread does)
    rendered = counted_merges(monkeypatch)
    live.clear()  # another process, holding nothing
    fragment, page = pages(simultane, officer)
    assert rendered == []  # both read from the database
    assert "BERNARD" in fragment and "BERNARD" in page
    live.clear()
    SharedPart.objects.all().delete()
    assert pages(simultane, officer) == [fragment, page]  # the same as rendered at the poll
