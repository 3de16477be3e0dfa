"""Hall screens (issue 21, part 3): a projector page per event, polled like the live pages,
with a QR code pointing phones to the public pages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client, override_settings

from arbitre.app import demo
from arbitre.app.events import hall
from tests.shared_data import demo_events, for_a_test

pytestmark = pytest.mark.django_db


demo_report = demo_events("demo_report", seed=11)


@pytest.fixture
def events(demo_report: demo.DemoReport) -> dict[str, Any]:
    return {"report": for_a_test(demo_report), "user": demo.demo_director("")}


def test_the_duplicate_hall_shows_the_draw_the_last_top_and_the_standings(
    events: dict[str, Any],
) -> None:
    from arbitre.app.duplicate.models import DuplicateEvent
    from arbitre.app.duplicate.services import engine_of

    pk = events["report"].events["duplicate"]
    client = Client()
    page = client.get(f"/public/duplicate/{pk}/salle/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "<svg" in text and f"http://testserver/public/duplicate/{pk}/" in text
    assert 'id="hall-local"' not in text  # testserver is not this machine only
    data = client.get(f"/public/duplicate/{pk}/salle.json")
    assert data.status_code == 200
    payload = data.json()
    dup = DuplicateEvent.objects.get(event_id=pk)
    games = list(dup.games.all())
    # the demo's second game is under way: the hall follows it, neither the finished first
    # game nor the third, not begun
    assert len(games) == 3 and games[1].record and not games[2].record
    game = games[1]
    engine = engine_of(game)
    assert f"{game.name} · coup {engine.move_number}" in payload["stage"]
    if engine.phase == "play":
        assert engine.drawn in payload["stage"]
    # the standings turn page by page; the last top and the board stay in view (issue 35)
    ids = [p["id"] for p in payload["panels"]]
    assert ids == ["standings-1", "standings-2"]  # 18 players
    last = engine.moves[-1]
    regions = payload["regions"]
    assert last.move.word in regions["hall-last"] and str(last.score) in regions["hall-last"]
    assert placed_letters(regions["hall-board"]) >= word_cells(last.move.coordinate, last.move.word)
    assert regions["hall-notice"] == ""  # no move above its top
    # 10 rows on the first page, the leader first
    first_page = payload["panels"][0]["html"]
    assert first_page.count("<tr>") == 1 + hall.ROWS_PER_PAGE


def word_cells(coordinate: str, word: str) -> set[tuple[str, str]]:
    """The squares a word covers, read from its coordinate as the seed writes it (004, 3.2:
    the row's letter first for a word across, the column's number first for a word down),
    with the letter on each (a blank's lowercase letter shown as a capital)."""
    across = coordinate[0].isalpha()
    row = coordinate[0] if across else coordinate[-1]
    column = int(coordinate[1:] if across else coordinate[:-1])
    rows = "ABCDEFGHIJKLMNO"
    cells = set()
    for i, letter in enumerate(word):
        name = f"{row}{column + i}" if across else f"{rows[rows.index(row) + i]}{column}"
        cells.add((name, letter.upper()))
    return cells


TILE = re.compile(r'<td class="sq[^"]*\btile\b[^"]*" title="([A-O]\d+)">([A-Z])')


def placed_letters(board: str) -> set[tuple[str, str]]:
    """Each tile on a rendered board, as (square, letter)."""
    return {(m.group(1), m.group(2)) for m in TILE.finditer(board)}


def test_the_hall_polls_get_304_until_the_event_changes(events: dict[str, Any]) -> None:
    from arbitre.app.duplicate.ballots import enter_ballot
    from arbitre.app.duplicate.models import BallotEntry, DuplicateEvent

    pk = events["report"].events["duplicate"]
    url = f"/public/duplicate/{pk}/salle.json"
    client = Client()
    first = client.get(url)
    tag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    dup = DuplicateEvent.objects.get(event_id=pk)
    entry = BallotEntry.objects.filter(game__duplicate=dup, move_number=1).order_by("pk").first()
    assert entry is not None
    enter_ballot(entry.game_id, entry.registration_id, 1, "aucun", entry.version, events["user"])
    changed = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and changed["ETag"] != tag


def test_the_countdown_is_given_as_a_start_time_and_the_warning_seconds(
    events: dict[str, Any],
) -> None:
    from django.utils import timezone

    from arbitre.app.duplicate.models import DuplicateEvent
    from arbitre.app.duplicate.services import engine_of

    pk = events["report"].events["duplicate"]
    dup = DuplicateEvent.objects.get(event_id=pk)
    game = dup.games.get(number=2)
    if engine_of(game).phase != "play":
        pytest.skip("the demo's game waits for a draw")
    started = timezone.now()
    game.timer_started_at = started
    game.version += 1
    game.save()
    from arbitre.app.events import live

    live.clear()
    timer = Client().get(f"/public/duplicate/{pk}/salle.json").json()["timer"]
    assert timer == {
        "started_at": pytest.approx(started.timestamp()),
        "seconds": dup.seconds_per_move,
        "warning": dup.warning_seconds,
    }


@override_settings(ALLOWED_HOSTS=["localhost", "testserver"])
def test_a_screen_opened_on_this_machine_warns_that_phones_cannot_follow_the_code(
    events: dict[str, Any],
) -> None:
    pk = events["report"].events["classic"]
    page = (
        Client().get(f"/public/classique/{pk}/salle/", HTTP_HOST="localhost:8000").content.decode()
    )
    assert 'id="hall-local"' in page
    with override_settings(ARBITRE_PUBLIC_URL="http://192.168.1.20:8000/"):
        page = (
            Client()
            .get(f"/public/classique/{pk}/salle/", HTTP_HOST="localhost:8000")
            .content.decode()
        )
    assert "http://192.168.1.20:8000/public/classique/" in page and 'id="hall-local"' not in page


def test_the_round_hall_turns_pairings_by_table_and_name_results_and_standings(
    events: dict[str, Any],
) -> None:
    from arbitre.app.rounds.models import Tournament

    for game, prefix in (("classic", "classique"), ("backgammon", "backgammon")):
        pk = events["report"].events[game]
        t = Tournament.objects.get(event_id=pk)
        rnd = t.round_set.order_by("-number").first()
        tables = list(rnd.tables.all())
        players = sum(2 if tb.b else 1 for tb in tables)
        payload = Client().get(f"/public/{prefix}/{pk}/salle.json").json()
        ids = [p["id"] for p in payload["panels"]]
        pages = -(-len(tables) // hall.ROWS_PER_PAGE)
        assert ids[:pages] == [f"tables-{i}" for i in range(1, pages + 1)]
        names = [p for p in payload["panels"] if p["id"].startswith("names-")]
        assert len(names) == -(-players // hall.ROWS_PER_PAGE)
        shown = re.findall(r"<tr><td>([^<]+)</td>", "".join(p["html"] for p in names))
        assert len(shown) == players
        entered = [tb for tb in tables if tb.entered and tb.b]
        assert any(i.startswith("results-") for i in ids) == bool(entered)
        assert ids[-1].startswith("standings-")
        assert f"Ronde {rnd.number}" in payload["panels"][0]["title"]


def test_names_are_listed_in_french_order(events: dict[str, Any]) -> None:
    from arbitre.common.collation import french_key

    pk = events["report"].events["classic"]
    payload = Client().get(f"/public/classique/{pk}/salle.json").json()
    names = "".join(p["html"] for p in payload["panels"] if p["id"].startswith("names-"))
    shown = re.findall(r"<tr><td>([^<]+)</td>", names)
    # the demo's players include first names with É: they sort with E, not after Z
    accented = [n for n in shown if n.startswith("É")]
    assert accented and shown == sorted(shown, key=french_key) and shown != sorted(shown)
    after = shown[shown.index(accented[-1]) + 1 :]
    assert after and not any(n[0] in "ABCD" for n in after)


def test_pages_cut_long_lists_for_the_screen() -> None:
    assert hall.pages(list(range(25)), 10) == [
        list(range(10)),
        list(range(10, 20)),
        list(range(20, 25)),
    ]
    assert len(hall.pages(list(range(1000)))) == hall.MAX_PAGES


def test_date_pickers_show_the_stored_date_in_every_language() -> None:
    """A date written the French way (25/11/2026) leaves a browser's date picker empty, and
    the settings form was then refused when sent back unchanged."""
    import datetime as dt

    from django.utils import translation

    from arbitre.app.duplicate.forms import SettingsForm
    from arbitre.app.rounds.forms import EventFields

    for language in ("fr", "en"):
        with translation.override(language):
            for form in (SettingsForm, EventFields):
                html = str(form(initial={"date": dt.date(2026, 11, 25)})["date"])
                assert 'type="date"' in html and 'value="2026-11-25"' in html, (language, html)


def test_every_print_carries_the_qr_code_of_the_live_public_page(
    events: dict[str, Any],
) -> None:
    from arbitre.app.duplicate.models import DuplicateEvent
    from arbitre.app.rounds.models import Tournament

    client = Client()
    client.force_login(events["user"])
    ids = events["report"].events
    dup = DuplicateEvent.objects.get(event_id=ids["duplicate"])
    licence = dup.players.order_by("pk").first().licence
    # every sheet pinned up or handed out carries it (the warning slips, personal, do not)
    prints = {
        f"/public/duplicate/{ids['duplicate']}/": [
            f"/duplicate/{ids['duplicate']}/partie/1/imprimer/",
            f"/duplicate/{ids['duplicate']}/imprimer/classement/",
            f"/duplicate/{ids['duplicate']}/imprimer/joueur/{licence}/",
        ],
    }
    for game, prefix in (("classic", "classique"), ("backgammon", "backgammon")):
        pk = ids[game]
        last = Tournament.objects.get(event_id=pk).round_set.order_by("-number").first()
        prints[f"/public/{prefix}/{pk}/"] = [
            f"/{prefix}/{pk}/ronde/{last.number}/imprimer/",
            f"/{prefix}/{pk}/ronde/{last.number}/imprimer/?ordre=alpha",
            f"/{prefix}/{pk}/ronde/{last.number}/feuilles/",
            f"/{prefix}/{pk}/imprimer/classement/",
        ]

    # the score sheet of a Classic table, printed from the table's own page
    from arbitre.app.rounds.models import TableLog

    log = (
        TableLog.objects.filter(table__round__tournament__event_id=ids["classic"])
        .order_by("-table__round__number")
        .first()
    )
    assert log is not None
    prints[f"/public/classique/{ids['classic']}/"].append(f"/classique/table/{log.code}/imprimer/")
    for public, pages in prints.items():
        for url in pages:
            page = client.get(url)
            assert page.status_code == 200, url
            text = page.content.decode()
            qr = text[text.index('id="print-qr"') :]
            assert "<svg" in qr[:200] and f"http://testserver{public}" in qr, url


@pytest.mark.parametrize("kind,prefix", [("duplicate", "duplicate"), ("classic", "classique")])
def test_the_event_page_links_to_its_hall_screen(
    events: dict[str, Any], kind: str, prefix: str
) -> None:
    pk = events["report"].events[kind]
    client = Client()
    client.force_login(events["user"])
    page = client.get(f"/{prefix}/{pk}/").content.decode()
    assert re.search(rf'href="/public/{prefix}/{pk}/salle/" id="hall-link"', page)
