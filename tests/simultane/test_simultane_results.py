"""Issue 38, the results: a centre's results (every player's scores, warnings, penalties,
every ballot) leave signed through the outbox, also after a network cut; the federation
merges them into one standings, counts a re-send once, and refuses with the reason a
tampered upload, one from a centre that did not open the games, an unknown key, and a
change after closing."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.test import Client

from arbitre.app.duplicate import ballots, services, setup
from arbitre.app.duplicate.models import DuplicateEvent
from arbitre.app.federation import outbox
from arbitre.app.federation import services as federation
from arbitre.app.federation.models import OutboxItem
from arbitre.app.simultane import centre, merge, publish, sending
from arbitre.app.simultane.models import CentreUpload, Received, Simultane
from arbitre.duplicate import centre_results
from tests.simultane.conftest import START, Clock

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(linked: str, director: Any, clock: Clock, published: Simultane) -> Received:
    """The centre opened the games at the start online; two players; move 1 played with
    both ballots entered (DUPONT the top, MARTIN H4 AMIS announced 12)."""
    [got] = centre.fetch()
    clock.now = START + dt.timedelta(seconds=5)
    event = centre.open_games(director, got)
    dup = DuplicateEvent.objects.get(event=event)
    for licence, name, table in (("101", "DUPONT", 1), ("102", "MARTIN", 2)):
        setup.add_player(dup, {"licence": licence, "name": name, "table": table}, director)
    game = dup.games.get()
    game = services.chief_action(game.pk, game.version, "draw_random", director)
    game = services.chief_action(game.pk, game.version, "reveal", director)
    texts = {"101": "top", "102": "H4 AMIS 12"}
    for reg in dup.players.all():
        ballots.enter_ballot(game.pk, reg.pk, 1, texts[reg.licence], 0, director)
    return Received.objects.get()


def send(director: Any, received: Received) -> OutboxItem:
    item = sending.enqueue(director, received)
    outbox.deliver(item.event)
    item.refresh_from_db()
    return item


def post(key: str, uid: str, body: Any) -> Any:
    return Client().post(
        f"/api/federation/simultanes/{uid}/resultats/",
        json.dumps(body),
        "application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
    )


def test_the_results_reach_the_federation_and_are_merged(
    played: Received, director: Any, published: Simultane
) -> None:
    item = send(director, played)
    assert (item.state, item.reason) == (
        OutboxItem.State.ACCEPTED,
        "Résultats fusionnés : 2 joueurs.",
    )
    upload = CentreUpload.objects.get()
    top = upload.payload["players"][0]["games"][0]
    # MARTIN announced 12 for a move worth 10: judged « points miscounted », with a warning
    assert [(b["score"], b["sanction"], b["warning"]) for b in upload.payload["ballots"]] == [
        (top, "none", False),
        (10, "score_wrong", True),
    ]
    assert [p["warnings"] for p in upload.payload["players"]] == [0, 1]
    standings = merge.standings(published)
    assert [(m.row.name, m.place, m.centre_place, m.row.total) for m in standings] == [
        ("DUPONT", 1, 1, top),
        ("MARTIN", 2, 2, 10),
    ]
    assert {m.row.centre for m in standings} == {"Club de Namur"}


def test_a_resend_is_counted_once(played: Received, director: Any, published: Simultane) -> None:
    send(director, played)
    item = send(director, played)
    assert item.reason == "Résultats déjà reçus, identiques : comptés une fois."
    assert CentreUpload.objects.get().sent_count == 2
    assert len(merge.standings(published)) == 2


def test_offline_the_results_wait_and_leave_when_the_network_answers(
    played: Received, director: Any, network: list[str]
) -> None:
    network.append("down")
    item = send(director, played)
    assert item.state == OutboxItem.State.QUEUED
    assert item.last_error.startswith("Fédération injoignable")
    assert not CentreUpload.objects.exists()
    network.remove("down")
    outbox.deliver()
    item.refresh_from_db()
    assert item.state == OutboxItem.State.ACCEPTED
    assert CentreUpload.objects.get().players == 2


def test_a_tampered_upload_is_refused(played: Received, linked: str, published: Simultane) -> None:
    body = sending.signed(sending.results_of(played), linked)
    body["results"]["players"][1]["games"][0] += 50
    body["results"]["players"][1]["total"] += 50
    answer = post(linked, published.uid, body)
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("Signature invalide : ces résultats ont été modifiés")
    assert not CentreUpload.objects.exists()


def test_a_centre_that_did_not_open_the_games_is_refused(
    played: Received, linked: str, published: Simultane
) -> None:
    results = sending.results_of(played)
    results["proof"] = centre_results.opening_proof("0" * 20, published.uid)
    answer = post(linked, published.uid, sending.signed(results, linked))
    assert answer.status_code == 403
    assert answer.json() == {
        "error": "Ce centre n'a pas ouvert les parties du simultané : résultats refusés."
    }


def test_an_unknown_key_is_refused(played: Received, published: Simultane) -> None:
    answer = post("inconnue", published.uid, {})
    assert (answer.status_code, answer.json()) == (
        401,
        {"error": "Clé de club inconnue ou révoquée."},
    )


def test_after_closing_a_change_is_refused_and_the_centre_sees_why(
    played: Received, director: Any, published: Simultane
) -> None:
    send(director, played)
    merge.close(director, published)
    before = merge.standings(published)
    game = DuplicateEvent.objects.get(event=played.event).games.get()
    reg = game.duplicate.players.get(licence="102")
    ballots.enter_ballot(game.pk, reg.pk, 1, "H4 AMIS 12 +disc", 1, director)
    item = send(director, played)
    assert (item.state, item.reason) == (
        OutboxItem.State.REJECTED,
        "Le simultané est clos : ses résultats ne changent plus.",
    )
    assert merge.standings(published) == before


def test_a_player_ranked_in_another_centre_is_refused(
    played: Received, director: Any, linked: str, published: Simultane
) -> None:
    send(director, played)
    other = federation.create_token(director, "Club de Liège")
    publish.admit(director, published, "Club de Liège")
    results = sending.results_of(played)
    answer = post(other, published.uid, sending.signed(results, other))
    assert answer.status_code == 422
    assert answer.json()["error"] == "Joueurs déjà classés dans un autre centre : 101, 102."


def test_the_pages_show_the_standings_and_the_answer(
    played: Received, director: Any, published: Simultane
) -> None:
    client = Client()
    client.force_login(director)
    page = client.post(f"/simultanes/{played.pk}/resultats/", follow=True)
    html = page.content.decode()
    assert "Fédération : Résultats fusionnés : 2 joueurs." in html
    assert "accepté par la fédération" in html
    officer = client.get(f"/federation/simultanes/{published.pk}/").content.decode()
    table = officer.split('id="standings"')[1].split("</table>")[0]
    assert [row.count("<td") for row in table.split("<tr>")[2:]] == [6, 6]
    assert "DUPONT" in table and "MARTIN" in table and "Club de Namur" in table
    assert "2 joueurs" in officer.split('id="centres"')[1]
    client.post(f"/federation/simultanes/{published.pk}/", {"action": "close"})
    assert Simultane.objects.get().closed_at is not None


def test_the_public_page_shows_the_centres_and_the_standings_by_series(
    played: Received, director: Any, published: Simultane
) -> None:
    from arbitre.app.simultane.models import Centre

    Centre.objects.create(simultane=published, club="Club de Liège")  # awaited
    send(director, played)
    from arbitre.app.duplicate.models import Registration

    Registration.objects.filter(licence="102").update(series=3)
    send(director, played)
    anonymous = Client()
    html = anonymous.get(f"/public/simultanes/{published.uid}/").content.decode()
    centres = html.split('id="public-centres"')[1].split("</ul>")[0]
    assert "Club de Liège</a> — résultats attendus" in centres
    assert "Club de Namur</a> — 2 joueurs" in centres
    assert 'href="?serie=3"' in html
    table = anonymous.get(f"/public/simultanes/{published.uid}/?serie=3").content.decode()
    rows = table.split('id="public-standings"')[1].split("</table>")[0]
    assert "MARTIN" in rows and "DUPONT" not in rows
    assert "Classement de la série 3" in table


def test_closed_into_the_season_with_the_types_m_after_the_preview(
    played: Received, director: Any, published: Simultane
) -> None:
    """Seed 002, B.3.2: the M of a Simultané fédéral is 150 whatever the number of players,
    and with a fixed M, D = M / n (docs/ranking.md); m = M - D (P - 1): with n = 2, 150 for
    the first and 75 for the second. The import is previewed (issue 33) and written on
    confirmation."""
    from arbitre.app.duplicate.models import Registration
    from arbitre.app.ranking.models import RankedEvent, ResultRow

    Registration.objects.filter(licence="101").update(series=2)
    Registration.objects.filter(licence="102").update(series=4)
    send(director, played)
    client = Client()
    client.force_login(director)
    preview = client.post(
        f"/federation/simultanes/{published.pk}/", {"action": "season"}, follow=True
    )
    assert Simultane.objects.get().closed_at is None  # closed on the confirmation only
    assert not RankedEvent.objects.exists()  # nothing published before the confirmation
    form = preview.content.decode().split('id="confirm-change"')[1].split("</form>")[0]
    digest = form.split('name="digest" value="')[1].split('"')[0]
    client.post(preview.redirect_chain[-1][0], {"action": "confirm", "digest": digest})
    assert Simultane.objects.get().closed_at is not None
    ranked = RankedEvent.objects.get()
    assert (ranked.type_code, ranked.games) == ("SF", 1)
    rows = list(ResultRow.objects.filter(event=ranked).order_by("place"))
    assert [(r.licence, r.place, r.series) for r in rows] == [("101", 1, 2), ("102", 2, 4)]
    from arbitre.app.ranking import results
    from arbitre.ranking.events import ranking_points, winner_points

    figures = results.engine_event(ranked)
    assert [e.licence for e in figures.entries] == ["101", "102"]
    m, d = winner_points(figures.type, figures.games, len(figures.entries), figures.overseas)
    assert (m, d) == (150, None)
    assert [ranking_points(m, e.place, len(figures.entries), d) for e in figures.entries] == [
        150,
        75,
    ]
