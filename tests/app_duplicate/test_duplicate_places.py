"""Automatic table numbering and the arbiters' table ranges of a Duplicate event (issue 35,
item 1): one player per table (seed 004, 3.1: each player writes their own table number on
their ballots), every present player seated, alphabetical order being French order; the
ranges stored, so that the players follow them."""

from __future__ import annotations

import html
import unicodedata
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.app.duplicate import checkin, places, setup, tableranges
from arbitre.app.duplicate.models import Registration, TableRange
from arbitre.app.duplicate.places import Seat, seating_order
from arbitre.app.duplicate.services import ServiceError
from tests.app_duplicate.conftest import make_arbiter
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move
from tests.support import depth

NAMES = st.text(
    alphabet=st.sampled_from("abcdeéèêfgœæzABCDEÉÈZŒÆ -'"), min_size=1, max_size=8
).filter(lambda s: s.strip() != "")


def _oracle_letters(text: str) -> str:
    """An independent reading of French order: a French reader files a name by its letters,
    accents, case and ligatures aside (É with E, Œ as OE, Æ as AE)."""
    out = []
    for ch in text.lower():
        if ch == "œ":
            out.append("oe")
        elif ch == "æ":
            out.append("ae")
        else:
            out.append(unicodedata.normalize("NFD", ch)[0])
    return "".join(out)


@st.composite
def seat_lists(draw: Any) -> list[Seat]:
    count = draw(st.integers(min_value=0, max_value=40))
    return [
        Seat(
            key=i,
            name=draw(NAMES),
            first_name=draw(st.sampled_from(["", "Anne", "Éric", "Zoé"])),
            licence=f"L{i:03d}",
            series=draw(st.sampled_from([None, 1, 2, 3, 4, 5, 6, 7])),
            tier=draw(st.sampled_from(["", "A", "B", "C", "D"])),
        )
        for i in range(count)
    ]


@given(seat_lists(), st.sampled_from(sorted(places.METHODS)), st.integers(0, 2**31))
@settings(max_examples=depth(150), deadline=None)
def test_every_player_gets_one_place_whatever_the_method(
    seats: list[Seat], method: str, seed: int
) -> None:
    order = seating_order(seats, method, seed)
    assert sorted(s.key for s in order) == [s.key for s in seats]


@given(seat_lists())
@settings(max_examples=depth(150), deadline=None)
def test_alphabetical_order_is_french_order(seats: list[Seat]) -> None:
    order = seating_order(seats, places.ALPHABETICAL)
    letters = [_oracle_letters(s.name) for s in order]
    assert letters == sorted(letters)


@given(seat_lists())
@settings(max_examples=depth(150), deadline=None)
def test_by_series_groups_the_series_from_1_then_alphabetical(seats: list[Seat]) -> None:
    order = seating_order(seats, places.BY_SERIES)
    series = [8 if s.series is None else s.series for s in order]
    assert series == sorted(series)
    for a, b in zip(order, order[1:], strict=False):
        if (a.series, a.tier) == (b.series, b.tier):
            assert _oracle_letters(a.name) <= _oracle_letters(b.name)


def test_french_order_by_hand() -> None:
    seats = [Seat(i, n) for i, n in enumerate(["ZOLA", "ÉLUARD", "EVA", "ŒHLER", "OBERT", "ODIN"])]
    names = [s.name for s in seating_order(seats, places.ALPHABETICAL)]
    assert names == ["ÉLUARD", "EVA", "OBERT", "ODIN", "ŒHLER", "ZOLA"]


def test_a_random_numbering_is_told_again_by_its_seed() -> None:
    seats = [Seat(i, f"N{i}") for i in range(30)]
    once = [s.key for s in seating_order(seats, places.RANDOM, 1234)]
    assert once == [s.key for s in seating_order(list(reversed(seats)), places.RANDOM, 1234)]
    assert once != [s.key for s in seating_order(seats, places.RANDOM, 4321)]


pytestmark_db = pytest.mark.django_db


@pytestmark_db
def test_the_present_players_are_seated_the_absent_lose_their_place(
    event: Any, director: Any
) -> None:
    absent = {"1003", "1011"}
    present = {p.pk for p in event.players.all() if p.licence not in absent}
    checkin.confirm(event, present, director)
    seated = places.number_tables(event, places.ALPHABETICAL, director, first=1)
    assert seated == 18
    tables = dict(event.players.values_list("licence", "table"))
    assert all(tables[licence] is None for licence in absent)
    assert sorted(t for t in tables.values() if t is not None) == list(range(1, 19))
    by_place = sorted(
        (p for p in event.players.all() if p.table is not None), key=lambda p: p.table or 0
    )
    names = [_oracle_letters(p.name) for p in by_place]
    assert names == sorted(names)


@pytestmark_db
def test_numbering_is_refused_once_a_ballot_is_entered(event: Any, director: Any) -> None:
    from arbitre.app.duplicate import ballots

    game = play_first_move(event, director)
    reg = event.players.get(licence="1001")
    ballots.enter_ballot(game.pk, reg.pk, 1, "top", 0, director)
    before = dict(event.players.values_list("licence", "table"))
    with pytest.raises(ServiceError, match="Des bulletins sont saisis"):
        places.number_tables(event, places.RANDOM, director)
    assert dict(event.players.values_list("licence", "table")) == before


@pytestmark_db
def test_the_numbering_page_seats_the_players(event: Any, director: Any) -> None:
    d = login("directrice", "Tournoi-2026!")
    url = f"/duplicate/{event.event_id}/pointage/"
    page = d.post(url, {"action": "number", "method": "series", "first": "5"}, follow=True)
    assert "20 joueurs placés (par série, puis ordre alphabétique)." in page.content.decode()
    tables = sorted(event.players.values_list("table", flat=True))
    assert tables == list(range(5, 25))
    order = sorted(event.players.all(), key=lambda p: p.table or 0)
    assert [p.series for p in order] == sorted(p.series or 0 for p in order)
    refused = d.post(url, {"action": "number", "method": "lune"}, follow=True).content.decode()
    assert "Méthode de numérotation inconnue." in refused


# -- the arbiters' table ranges --------------------------------------------------------------


@pytestmark_db
def test_ranges_given_before_the_numbering_follow_the_players(event: Any, director: Any) -> None:
    Registration.objects.filter(duplicate=event).update(table=None, arbiter=None)
    setup.assign_arbiter(event, "arbitre-a", "", (1, 10), director)
    setup.assign_arbiter(event, "arbitre-b", "", (11, 30), director)
    assert not event.players.exclude(arbiter=None).exists()  # nobody is seated yet
    places.number_tables(event, places.ALPHABETICAL, director)
    for p in event.players.select_related("arbiter"):
        expected = "arbitre-a" if (p.table or 0) <= 10 else "arbitre-b"
        assert p.arbiter is not None and p.arbiter.username == expected, p.table


@pytestmark_db
def test_a_player_added_later_at_a_covered_table_gets_its_arbiter(
    event: Any, director: Any
) -> None:
    setup.assign_arbiter(event, "arbitre-b", "", (21, 30), director)
    late = setup.add_player(event, {"licence": "2001", "name": "TARDIF", "table": 23}, director)
    late.refresh_from_db()
    assert late.arbiter is not None and late.arbiter.username == "arbitre-b"
    # moved to an uncovered table: no arbiter any more; moved back: arbiter-b again
    setup.update_player(event, late, {"licence": "2001", "name": "TARDIF", "table": 40}, director)
    late.refresh_from_db()
    assert late.arbiter is None
    setup.update_player(event, late, {"licence": "2001", "name": "TARDIF", "table": 30}, director)
    late.refresh_from_db()
    assert late.arbiter is not None and late.arbiter.username == "arbitre-b"
    page = login("arbitre-b", "Arbitrage-2026")
    assert page.get(f"/duplicate/{event.event_id}/").status_code == 200


@pytestmark_db
def test_renumbering_keeps_the_ranges(event: Any, director: Any) -> None:
    setup.assign_arbiter(event, "arbitre-a", "", (1, 10), director)
    setup.assign_arbiter(event, "arbitre-b", "", (11, 20), director)
    places.number_tables(event, places.RANDOM, director, seed=7)
    places.number_tables(event, places.RANDOM, director, seed=8)
    assert TableRange.objects.filter(duplicate=event).count() == 2
    mine = {p.table for p in event.players.filter(arbiter__username="arbitre-a")}
    assert mine == set(range(1, 11))


@pytestmark_db
def test_overlapping_ranges_of_two_arbiters_are_refused(event: Any, director: Any) -> None:
    setup.assign_arbiter(event, "arbitre-a", "", (1, 10), director)
    with pytest.raises(ServiceError, match="Les tables 1 à 10 sont déjà à arbitre-a"):
        setup.assign_arbiter(event, "arbitre-b", "", (8, 12), director)
    # the same arbiter's touching ranges merge into one
    setup.assign_arbiter(event, "arbitre-a", "", (11, 15), director)
    assert list(event.table_ranges.values_list("low", "high")) == [(1, 15)]


@pytestmark_db
def test_a_range_taken_back_leaves_its_players_without_arbiter(event: Any, director: Any) -> None:
    make_arbiter("arbitre-c")
    setup.assign_arbiter(event, "arbitre-c", "", (1, 20), director)
    assert event.players.filter(arbiter__username="arbitre-c").count() == 20
    r = event.table_ranges.get()
    d = login("directrice", "Tournoi-2026!")
    page = d.post(
        f"/duplicate/{event.event_id}/pointage/",
        {"action": "remove_range", "range": r.pk},
        follow=True,
    ).content.decode()
    assert "Tables 1 à 20 retirées à arbitre-c." in page
    assert not event.players.exclude(arbiter=None).exists()
    assert tableranges.ranges_shown(event) == []


def _import(client: Any, dup: Any, text: str) -> str:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("joueurs.csv", text.encode("utf-8"), content_type="text/csv")
    url = f"/duplicate/{dup.event_id}/joueurs/import/"
    answer = client.post(url, {"file": upload}, follow=True)
    return html.unescape(answer.content.decode())


@pytestmark_db
def test_an_import_seating_two_players_at_one_table_is_refused_in_french(
    event: Any, director: Any
) -> None:
    d = login("directrice", "Tournoi-2026!")
    page = _import(d, event, "licence;nom;Table\n3001;AUBERT;31\n3002;BLANC;32\n3003;CHAR;31\n")
    assert (
        "Import refusé, ligne 4 : place 31 déjà donnée à la ligne 2 : un joueur par table" in page
    )
    page = _import(d, event, "licence;nom;place\n3001;AUBERT;3\n")
    assert (
        "Import refusé : place 3 déjà prise par JOUEUR03 Test (un joueur par table). "
        "Aucun joueur n'a été importé." in page
    )
    assert not event.players.filter(licence__startswith="300").exists()
    page = _import(d, event, "licence;nom;place\n3001;AUBERT;31\n3002;BLANC;32\n")
    assert "2 joueurs importés." in page


@pytestmark_db
@given(
    st.lists(st.tuples(NAMES, st.booleans(), st.sampled_from([None, 1, 2, 3])), max_size=14),
    st.sampled_from(sorted(places.METHODS)),
    st.integers(min_value=1, max_value=50),
)
@settings(
    max_examples=depth(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_every_present_player_gets_a_distinct_place_in_the_database(
    director: Any, players: list[tuple[str, bool, int | None]], method: str, first: int
) -> None:
    import datetime

    from arbitre.app.duplicate.models import DuplicateEvent, Game
    from arbitre.app.events.models import Event

    ev = Event.objects.create(name="Essai", kind="duplicate", date=datetime.date(2026, 11, 29))
    dup = DuplicateEvent.objects.create(event=ev, games_planned=1)
    Game.objects.create(duplicate=dup, number=1)
    regs = [
        Registration.objects.create(
            duplicate=dup, licence=f"{i}", name=name, series=series, table=i + 1
        )
        for i, (name, _, series) in enumerate(players)
    ]
    present = {r.pk for r, (_, here, _) in zip(regs, players, strict=True) if here}
    if regs:
        checkin.confirm(dup, present, director)
    places.number_tables(dup, method, director, first=first)
    tables = dict(dup.players.values_list("pk", "table"))
    seated = [tables[pk] for pk in present]
    assert sorted(seated) == list(range(first, first + len(present)))
    assert all(tables[r.pk] is None for r in regs if r.pk not in present)
    if method == places.ALPHABETICAL:
        by_place = sorted((r for r in regs if r.pk in present), key=lambda r: tables[r.pk])
        letters = [_oracle_letters(r.name) for r in by_place]
        assert letters == sorted(letters)
    ev.delete()
