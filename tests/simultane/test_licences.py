"""Issue 38, the licences of a centre's players: the federation answers a club's key which
licences its licensee file knows and as whom; the centre asks it for the players it
registered and shows the unknown ones; offline, registration goes on and the federation
checks at the upload, refusing a licence it does not know unless the centre entered the
player « hors classement » (seed 002, A.1: « Les joueurs non licenciés sont considérés
"hors classement" »), with the reason the centre sees."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.app.duplicate import ballots, services, setup
from arbitre.app.duplicate.models import DuplicateEvent
from arbitre.app.federation import outbox
from arbitre.app.federation.models import OutboxItem
from arbitre.app.simultane import centre, licences, merge, sending
from arbitre.app.simultane.models import CentrePlayer, CentreUpload, Received, Simultane
from arbitre.duplicate import centre_results
from tests.simultane.conftest import LICENSEES, START, Clock
from tests.support import depth

pytestmark = pytest.mark.django_db

API = "/api/federation/licences/"


def ask(key: str, body: Any) -> Any:
    return Client().post(
        API, json.dumps(body), "application/json", HTTP_AUTHORIZATION=f"Bearer {key}"
    )


# -- the federation's answer ---------------------------------------------------------------------


def test_the_federation_says_which_licences_it_knows_and_as_whom(club_key: str) -> None:
    answer = ask(club_key, {"licences": ["102", "999", "101", " 101 "]})
    assert answer.status_code == 200
    body = answer.json()
    assert body["unknown"] == ["999"]
    assert body["known"]["102"] == {
        "name": "MARTIN",
        "first_name": "Paul",
        "club": "Club de Namur",
        "series": 4,
        "tier": "",
        "category": "",
    }
    assert sorted(body["known"]) == ["101", "102"]


def test_the_question_needs_an_active_club_key_and_a_list(club_key: str, licensees: None) -> None:
    assert ask("clé-inconnue", {"licences": ["101"]}).status_code == 401
    refused = ask(club_key, {"licences": "101"})
    assert refused.status_code == 400
    assert refused.json()["error"] == "Question illisible : une liste de licences est attendue."
    assert ask(club_key, {"licences": [str(n) for n in range(5001)]}).status_code == 413
    assert Client().get(API, HTTP_AUTHORIZATION=f"Bearer {club_key}").status_code == 405


# -- the centre ----------------------------------------------------------------------------------


@pytest.fixture
def opened(linked: str, director: Any, clock: Clock, published: Simultane) -> Received:
    """The centre opened the games online at the start; DUPONT (101, a licensee) and
    NOUVEAU (999, whom the federation does not know) registered."""
    [got] = centre.fetch()
    clock.now = START + dt.timedelta(seconds=5)
    event = centre.open_games(director, got)
    dup = DuplicateEvent.objects.get(event=event)
    for licence, name, table in (("101", "DUPONT", 1), ("999", "NOUVEAU", 2)):
        setup.add_player(dup, {"licence": licence, "name": name, "table": table}, director)
    return Received.objects.get()


def play_move(director: Any, received: Received) -> None:
    dup = DuplicateEvent.objects.get(event_id=received.event_id)
    game = dup.games.get()
    game = services.chief_action(game.pk, game.version, "draw_random", director)
    game = services.chief_action(game.pk, game.version, "reveal", director)
    for reg in dup.players.all():
        ballots.enter_ballot(game.pk, reg.pk, 1, "top", 0, director)


def send(director: Any, received: Received) -> OutboxItem:
    item = sending.enqueue(director, received)
    outbox.deliver(item.event)
    item.refresh_from_db()
    return item


def test_online_the_centre_sees_the_unknown_licences_on_its_page(
    opened: Received, officer: Client, network: list[str]
) -> None:
    page = officer.post(f"/simultanes/{opened.pk}/licences/", follow=True)
    html = page.content.decode()
    assert licences.API in network
    assert "Licences inconnues de la fédération : 999." in html
    assert f'id="unknown-licences-{opened.pk}"' in html
    known = CentrePlayer.objects.get(received=opened, licence="101")
    assert (known.status, known.known_as["name"], known.known_as["club"]) == (
        "known",
        "DUPONT",
        "Club de Namur",
    )
    assert CentrePlayer.objects.get(received=opened, licence="999").status == "unknown"


def test_offline_registration_goes_on_and_the_check_says_when_it_will_happen(
    opened: Received, director: Any, network: list[str]
) -> None:
    network.append("down")
    with pytest.raises(licences.LicencesRefused) as refused:
        licences.check(opened)
    assert str(refused.value).startswith("Licences non vérifiées (Fédération injoignable : ")
    assert str(refused.value).endswith("la fédération les vérifiera à l'envoi des résultats.")
    dup = DuplicateEvent.objects.get(event_id=opened.event_id)
    setup.add_player(dup, {"licence": "998", "name": "TARDIF", "table": 3}, director)
    assert dup.players.count() == 3


def test_an_upload_with_an_unknown_licence_is_refused_and_the_centre_sees_why(
    opened: Received, director: Any, officer: Client
) -> None:
    play_move(director, opened)
    item = send(director, opened)
    assert item.state == OutboxItem.State.REJECTED
    assert item.reason == (
        "Joueurs non inscrits : licences inconnues de la fédération et non inscrites "
        "« hors classement » : 999."
    )
    assert not CentreUpload.objects.exists()
    assert item.reason in officer.get("/simultanes/").content.decode()


def test_a_player_entered_hors_classement_is_accepted_and_ranked(
    opened: Received, director: Any, officer: Client, published: Simultane
) -> None:
    play_move(director, opened)
    page = officer.post(
        f"/simultanes/{opened.pk}/hors-classement/",
        {"licence": "999", "unlicensed": "1"},
        follow=True,
    )
    assert "Licence 999 : joueur hors classement (non licencié)." in page.content.decode()
    item = send(director, opened)
    assert (item.state, item.reason) == (
        OutboxItem.State.ACCEPTED,
        "Résultats fusionnés : 2 joueurs.",
    )
    players = {p["licence"]: p for p in CentreUpload.objects.get().payload["players"]}
    assert players["999"]["unlicensed"] is True and "unlicensed" not in players["101"]
    assert sorted(m.row.licence for m in merge.standings(published)) == ["101", "999"]


def test_a_licence_a_licensee_marked_unlicensed_by_mistake_is_put_back(
    opened: Received, director: Any
) -> None:
    licences.set_unlicensed(director, opened, "999", True)
    licences.set_unlicensed(director, opened, "999", False)
    assert not licences.unlicensed_licences(opened)
    with pytest.raises(licences.LicencesRefused, match="aucun joueur inscrit"):
        licences.set_unlicensed(director, opened, "123", True)


# -- the federation's rule, against its statement ------------------------------------------------


def results_with(players: list[tuple[str, bool]]) -> centre_results.CentreResults:
    rows = [
        {
            "licence": licence,
            "name": "X",
            "first_name": "",
            "series": None,
            "category": "",
            "games": [0],
            "total": 0,
            "warnings": 0,
            "penalty": 0,
            **({"unlicensed": True} if unlicensed else {}),
        }
        for licence, unlicensed in players
    ]
    data = {
        "format": centre_results.FORMAT,
        "version": centre_results.VERSION,
        "simultane": "sim-1",
        "proof": "",
        "games_ended": [],
        "players": rows,
        "ballots": [],
    }
    return centre_results.loads(data, 1)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=depth(40))
@given(
    st.lists(
        st.tuples(st.sampled_from(["101", "102", "201", "301", "302", "NL1"]), st.booleans()),
        unique_by=lambda p: p[0],
        max_size=6,
    )
)
def test_not_registered_means_unknown_to_the_file_and_not_hors_classement(
    licensees: None, players: list[tuple[str, bool]]
) -> None:
    """The licensee file is the same for every example (only read)."""
    file = {licence for licence, *_ in LICENSEES}
    expected = sorted(lic for lic, unlicensed in players if lic not in file and not unlicensed)
    assert merge.unregistered(results_with(players)) == expected


def test_the_mark_is_a_true_or_false_value() -> None:
    with pytest.raises(centre_results.ResultsRefused, match="wrong_type"):
        data = {
            "format": centre_results.FORMAT,
            "version": 1,
            "simultane": "s",
            "proof": "",
            "games_ended": [],
            "players": [
                {
                    "licence": "1",
                    "name": "X",
                    "first_name": "",
                    "category": "",
                    "games": [0],
                    "total": 0,
                    "warnings": 0,
                    "penalty": 0,
                    "unlicensed": "oui",
                }
            ],
            "ballots": [],
        }
        centre_results.loads(data, 1)


def test_a_player_hors_classement_counts_in_n_and_the_places_of_the_season(
    opened: Received, director: Any, published: Simultane
) -> None:
    """Seed 002, B.3.1: n counts the players « participant effectivement à l'épreuve »,
    a non-licensee included; A.1: they acquire nothing while the season does not know
    their licence. SF, M = 150 fixed, D = M / n = 75 with n = 2: the licensee second
    behind the non-licensee has 150 - 75 = 75 points."""
    from arbitre.app.duplicate.models import Registration
    from arbitre.app.ranking import results
    from arbitre.app.ranking.models import RankedEvent
    from arbitre.ranking.events import ranking_points, winner_points

    Registration.objects.filter(licence="101").update(series=2)
    dup = DuplicateEvent.objects.get(event_id=opened.event_id)
    game = dup.games.get()
    game = services.chief_action(game.pk, game.version, "draw_random", director)
    game = services.chief_action(game.pk, game.version, "reveal", director)
    texts = {"999": "top", "101": "vide"}
    for reg in dup.players.all():
        ballots.enter_ballot(game.pk, reg.pk, 1, texts[reg.licence], 0, director)
    licences.set_unlicensed(director, opened, "999", True)
    assert send(director, opened).state == OutboxItem.State.ACCEPTED
    client = Client()
    client.force_login(director)
    preview = client.post(
        f"/federation/simultanes/{published.pk}/", {"action": "season"}, follow=True
    )
    form = preview.content.decode().split('id="confirm-change"')[1].split("</form>")[0]
    digest = form.split('name="digest" value="')[1].split('"')[0]
    client.post(preview.redirect_chain[-1][0], {"action": "confirm", "digest": digest})
    ranked = RankedEvent.objects.get()
    figures = results.engine_event(ranked)
    m, d = winner_points(figures.type, figures.games, len(figures.entries), figures.overseas)
    places = {e.licence: e.place for e in figures.entries}
    assert places == {"999": 1, "101": 2}
    assert ranking_points(m, places["101"], len(figures.entries), d) == 75
    assert [r.licence for r in results.unknown_rows(ranked)] == [
        "999"
    ]  # 999 waits for a licence, acquiring nothing
