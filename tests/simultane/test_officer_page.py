"""Issue 38: the officer's page of a simultané at full size shows its standings and its
centres 100 lines a page (places those of the whole simultané), sums up the centres
(admitted, received, withdrawn, awaited by name), and at a version already merged by its
process reads no centre's results again; its parts are kept per version (issue 38, item 5)."""

from __future__ import annotations

import datetime as dt
import faulthandler
import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from arbitre.app.events import live
from arbitre.app.federation import services as federation
from arbitre.app.simultane import merge, merged, officer_page, publish
from arbitre.app.simultane.models import Centre, CentreUpload, SharedPart, Simultane
from tests.simultane.uploads import START, create_simultane, register, results, signed

pytestmark = pytest.mark.django_db

CLUBS = [f"Club {n:03d}" for n in range(101)]


@pytest.fixture
def full(director: Any) -> Simultane:
    """101 centres admitted; the first two sent 60 players each (totals 1 … 120, all
    different), the others are awaited."""
    simultane = create_simultane()
    keys = {club: federation.create_token(director, club) for club in CLUBS}
    for club in CLUBS:
        publish.admit(director, simultane, club)
    for index, club in enumerate(CLUBS[:2]):
        key = keys[club]
        players = [(f"{index}{n:03d}", f"JOUEUR{n}", [1 + index + 2 * n]) for n in range(60)]
        register(*players)
        merge.receive(
            federation.authenticate(key),
            simultane.uid,
            signed(results(simultane.uid, players), key),
        )  # type: ignore[arg-type]
    return simultane


def places(html: str) -> list[int]:
    body = html.split('id="standings"')[1].split("</table>")[0]
    return [int(p) for p in re.findall(r'<tr><td class="num">(\d+)', body)]


def test_the_standings_and_the_centres_by_pages_of_100(full: Simultane, director: Any) -> None:
    client = Client()
    client.force_login(director)
    page = f"/federation/simultanes/{full.pk}/"
    first = client.get(page).content.decode()
    assert places(first) == list(range(1, 101))
    second = client.get(f"{page}?page=2").content.decode()
    assert places(second) == list(range(101, 121))
    whole = merged.current(full).standings
    assert [m.row.licence for m in whole[100:]] == re.findall(
        r"<td>(\d{4})</td>", second.split('id="standings"')[1].split("</table>")[0]
    )
    assert places(client.get(f"{page}?page=99").content.decode()) == list(range(101, 121))
    assert places(client.get(f"{page}?page=x").content.decode()) == list(range(1, 101))
    assert 'href="?page=2#standings" rel="next"' in first
    centres = first.split('id="centres"')[1].split("</table>")[0]
    assert centres.count("<tr><td>Club ") == 100 and "Club 100" not in centres
    last = client.get(f"{page}?page=2&centres=2").content.decode()
    assert last.split('id="centres"')[1].split("</table>")[0].count("<tr><td>Club ") == 1
    assert places(last) == list(range(101, 121))  # the other table's page kept
    summary = first.split('id="centres-summary"')[1].split("</ul>")[0]
    assert "<strong>101</strong>" in summary and "<strong>2</strong>" in summary
    awaited = first.split('id="awaited">')[1].split("</span>")[0].split(", ")
    assert awaited == CLUBS[2:]


def test_a_version_already_merged_reads_no_results_again(full: Simultane, director: Any) -> None:
    client = Client()
    client.force_login(director)
    page = f"/federation/simultanes/{full.pk}/"
    client.get(page)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(page).status_code == 200
    assert not [q["sql"] for q in queries if "payload" in q["sql"]]
    # nor the uploads' stored summaries: the centres are listed with their figures alone
    merged.bump(full.pk)  # a new version, this process holding the summaries
    with CaptureQueriesContext(connection) as queries:
        assert client.get(page).status_code == 200
        assert Client().get(f"/public/simultanes/{full.uid}/classement/").status_code == 200
    assert not [q["sql"] for q in queries if '"summary"' in q["sql"]]


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def test_the_page_at_a_kept_version_is_the_page_rendered_fresh_with_its_own_token(
    full: Simultane, director: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The centres' and the standings' parts are rendered once per version and address and
    kept, in this process and in the database for the others: read again, here or by a
    process that kept nothing, the page merges nothing and renders no table, and is the
    same bytes as the page rendered fresh, but for the CSRF tokens, each request's own."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    page = f"/federation/simultanes/{full.pk}/?page=2"
    first = client.get(page).content.decode()
    rendered: list[int] = []
    render = officer_page._render

    def counted(*args: Any) -> Any:
        rendered.append(1)
        return render(*args)

    monkeypatch.setattr(officer_page, "_render", counted)
    kept = client.get(page).content.decode()
    assert rendered == []
    live.clear()  # another process: it reads the parts this one stored in the database
    elsewhere = client.get(page).content.decode()
    assert rendered == []
    SharedPart.objects.all().delete()
    live.clear()  # a process that kept nothing, and nothing stored
    fresh = client.get(page).content.decode()
    assert rendered == [1]
    assert CSRF.sub("", kept) == CSRF.sub("", fresh) == CSRF.sub("", first)
    assert CSRF.sub("", elsewhere) == CSRF.sub("", fresh)
    assert "placeholder" not in kept
    # the kept remove buttons carry this request's token, which the server takes
    tokens = CSRF.findall(kept.split('id="centres"')[1].split("</table>")[0])
    assert len(tokens) == 98 and len(set(tokens)) == 1
    posted = {"remove": "999999", "csrfmiddlewaretoken": tokens[0]}
    assert client.post(page, posted).status_code == 404  # (403 for a token refused)
    posted["csrfmiddlewaretoken"] = "x" * 64
    assert client.post(page, posted).status_code == 403


def test_an_upload_or_a_key_received_gives_a_new_page(full: Simultane, director: Any) -> None:
    client = Client()
    client.force_login(director)
    page = f"/federation/simultanes/{full.pk}/"

    def row(club: str) -> str:
        html = client.get(page).content.decode()
        return html.split(f"<tr><td>{club}</td>")[1].split("</tr>")[0]

    assert row("Club 002").count("—") == 1  # no key received yet
    key = key_received(director, full)
    assert row("Club 002").count("—") == 0  # when it received the key
    send_leader(full, key)
    assert "1 joueur (" in row("Club 002")
    html = client.get(page).content.decode()
    assert "NOUVEAU" in html.split('id="standings"')[1].split("</tr>")[1]  # first
    assert '<option value="Club Neuf">' not in html
    federation.create_token(director, "Club Neuf")  # the admit form kept under the clubs
    assert '<option value="Club Neuf">' in client.get(page).content.decode()


def key_received(director: Any, simultane: Simultane) -> str:
    """Club 002's key, which received the game's key at the start."""
    key = federation.create_token(director, "Club 002")
    publish.release(
        federation.authenticate(key),  # type: ignore[arg-type]
        simultane.uid,
        now=START + dt.timedelta(minutes=1),
    )
    return key


def send_leader(simultane: Simultane, key: str) -> None:
    """Club 002 sends one player, first of the standings: a new version."""
    players = [("9001", "NOUVEAU", [500])]
    register(*players)
    merge.receive(
        federation.authenticate(key),  # type: ignore[arg-type]
        simultane.uid,
        signed(results(simultane.uid, players), key),
    )


def test_a_poll_while_the_new_version_is_rendered_gets_the_page_as_last_rendered(
    full: Simultane, director: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 38, item 5: the officer's poll that arrives while the page of a new version is
    being rendered (here: during that rendering) does not wait for it: it gets the page as
    last rendered, and the next poll the new one."""
    client = Client()
    client.force_login(director)
    page = f"/federation/simultanes/{full.pk}/"
    before = CSRF.sub("", client.get(page).content.decode())
    assert "NOUVEAU" not in before
    send_leader(full, key_received(director, full))
    during: list[str] = []
    render = officer_page._render

    def polled_meanwhile(*args: Any) -> Any:
        if not during:
            # a poll made to wait would wait for this very rendering: ended, not hung
            faulthandler.dump_traceback_later(120, exit=True)
            try:
                during.append(CSRF.sub("", client.get(page).content.decode()))
            finally:
                faulthandler.cancel_dump_traceback_later()
        return render(*args)

    monkeypatch.setattr(officer_page, "_render", polled_meanwhile)
    after = CSRF.sub("", client.get(page).content.decode())
    assert during == [before]  # at once: the page as last rendered
    assert "NOUVEAU" in after.split('id="standings"')[1].split("</tr>")[1]
    assert CSRF.sub("", client.get(page).content.decode()) == after


def test_the_officers_own_change_is_shown_at_the_next_view_without_a_page_as_last_rendered(
    full: Simultane, director: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page as last rendered is offered to the polls only: the view that follows the
    officer's change (the answer to the form, or the page reached from the corrections)
    waits for the page of the new version, once. Only the polls of the page as it opens (the
    one the background renders, prerender.py) may ask the background for it, in the
    officer's language."""
    client = Client()
    client.force_login(director)
    page = f"/federation/simultanes/{full.pk}/"
    asked: list[bool] = []
    aheads: list[bool] = []
    background: list[tuple[int, str]] = []
    kept = officer_page.shared_parts.kept

    def recorded(*args: Any) -> Any:
        asked.append(args[5])
        aheads.append(args[6] is not None)
        if args[6] is not None:
            args[6]()
        return kept(*args)

    monkeypatch.setattr(officer_page.shared_parts, "kept", recorded)
    monkeypatch.setattr(officer_page, "BACKGROUND", [lambda *asked: background.append(asked)])
    client.get(page)
    federation.create_token(director, "Club Neuf")
    answer = client.post(page, {"club": "Club Neuf"}, follow=True)
    assert "Centres admis : <strong>102</strong>" in answer.content.decode()
    client.get(page)
    centre = Centre.objects.get(simultane=full, club="Club 000")
    withdrawal = {"action": "withdraw", "centre": centre.pk, "reason": "Envoi en double"}
    client.post(f"{page}corrections/", withdrawal)
    client.get(page)
    client.get(page)
    client.get(f"{page}?page=2")
    assert asked == [True, False, True, False, True, True]
    assert aheads == [True, False, True, False, True, False]
    assert background == [(full.pk, "fr")] * 3
    assert CentreUpload.objects.get(centre=centre).withdrawn_at is not None
