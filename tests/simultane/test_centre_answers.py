"""Issue 38, a centre's page after its results leave: what was sent and the federation's
answer (a refusal with its reason, whatever the refusal's status, and never a network error
of an earlier try beside it), the results kept for a new sending; a licence the federation
refused, entered « hors classement », leaves again at once; the ordinary results page of a
simultané's event sends nothing; opening without network says to call for the code; a
licence check with nobody registered says so."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.test import Client

from arbitre.app.duplicate import setup
from arbitre.app.duplicate.models import DuplicateEvent
from arbitre.app.federation import outbox
from arbitre.app.federation.models import OutboxItem
from arbitre.app.simultane import centre, licences, publish, sending
from arbitre.app.simultane.models import Centre, CentreUpload, Received, Simultane
from tests.simultane.conftest import START, Clock
from tests.simultane.test_simultane_results import played, send

__all__ = ["played"]

pytestmark = pytest.mark.django_db


def page(client: Client) -> str:
    return client.get("/simultanes/").content.decode()


def test_a_refusal_shows_its_reason_and_the_results_stay(
    played: Received, director: Any, published: Simultane, officer: Client, network: list[str]
) -> None:
    network.append("down")
    item = send(director, played)
    assert item.last_error.startswith("Fédération injoignable")
    assert "1 essai d'envoi ; ils partiront dès que la fédération répondra." in page(officer)
    # the officer takes the club off the simultané: the federation answers 404 with why
    publish.remove(director, Centre.objects.get())
    network.remove("down")
    outbox.deliver()
    item.refresh_from_db()
    assert (item.state, item.reason, item.last_error) == (
        OutboxItem.State.REJECTED,
        "Simultané inconnu, ou ce club n'en est pas un centre.",
        "",
    )
    assert item.sent_at is not None and item.answered_at is not None
    shown = page(officer)
    assert (
        "refusé par la fédération : Simultané inconnu, ou ce club n&#x27;en est pas un centre."
        in shown
    )
    assert "Fédération injoignable" not in shown
    assert "Résultats mis en file le " in shown and " : 2 joueurs, aucune partie terminée." in shown
    assert "Les résultats restent ici, dans l'événement" in shown
    # nothing of the centre's own results is lost: its event still holds both players
    assert DuplicateEvent.objects.get(event=played.event).players.count() == 2
    # a refusal is not sent again by the server's sender
    outbox.deliver()
    item.refresh_from_db()
    assert item.state == OutboxItem.State.REJECTED and item.attempts == 2


def test_a_licence_entered_hors_classement_after_a_refusal_leaves_again(
    played: Received, director: Any, officer: Client
) -> None:
    dup = DuplicateEvent.objects.get(event=played.event)
    setup.add_player(dup, {"licence": "999", "name": "X", "table": 3}, director)
    item = send(director, played)
    assert item.state == OutboxItem.State.REJECTED and "999" in item.reason
    answer = officer.post(
        f"/simultanes/{played.pk}/hors-classement/", {"licence": "999", "unlicensed": "1"}
    )
    item.refresh_from_db()
    assert (item.state, item.reason) == (
        OutboxItem.State.ACCEPTED,
        "Résultats fusionnés : 3 joueurs.",
    )
    said = [str(m) for m in answer.wsgi_request._messages]
    assert said == [
        "Licence 999 : joueur hors classement (non licencié).",
        "Fédération : Résultats fusionnés : 3 joueurs.",
    ]
    assert CentreUpload.objects.get().players == 3


def test_the_ordinary_results_page_of_a_simultane_sends_nothing(
    played: Received, director: Any, officer: Client
) -> None:
    item = send(director, played)
    answer = officer.post(
        f"/duplicate/{played.event_id}/federation/", {"type_code": "SF"}, follow=True
    )
    assert answer.redirect_chain[-1][0] == "/simultanes/"
    assert "Cet événement est un simultané : ses résultats partent signés" in (
        answer.content.decode().replace("&#x27;", "'")
    )
    assert OutboxItem.objects.get() == item and OutboxItem.objects.get().path == item.path
    with pytest.raises(outbox.LinkRefused, match="simultané"):
        outbox.enqueue(director, played.event)


def test_offline_at_the_start_the_page_says_to_call_for_the_code(
    linked: str, director: Any, clock: Clock, officer: Client, network: list[str]
) -> None:
    [got] = centre.fetch()
    network.append("down")
    clock.now = START + dt.timedelta(seconds=1)
    answer = officer.post(f"/simultanes/{got.pk}/ouvrir/", {"code": ""}, follow=True)
    [said] = [str(m) for m in answer.context["messages"]]
    assert said.startswith("Fédération injoignable : le serveur refuse la connexion")
    assert said.endswith(
        "Sans réseau, appelez la fédération : elle vous lit le code de la partie 1, à taper "
        "dans « Code donné par téléphone »."
    )
    assert Received.objects.get().event_id is None


def test_a_licence_check_with_nobody_registered_says_so(
    linked: str, director: Any, clock: Clock, officer: Client, network: list[str]
) -> None:
    [got] = centre.fetch()
    clock.now = START + dt.timedelta(seconds=1)
    centre.open_games(director, got)
    calls = len(network)
    answer = officer.post(f"/simultanes/{got.pk}/licences/", follow=True)
    [said] = [str(m) for m in answer.context["messages"]]
    assert said.startswith("Aucun joueur inscrit : inscrivez d'abord les joueurs")
    assert len(network) == calls  # nothing asked of the federation


def test_one_sender_at_a_time(played: Received, director: Any, network: list[str]) -> None:
    """The background sender skips its round while a director's sending is under way (and
    the director's waits for the round under way): the results are posted once."""
    item = sending.enqueue(director, played)
    calls = len(network)
    with outbox._one_sender(wait=False) as mine:
        assert mine
        assert outbox.deliver(wait=False) == 0
    item.refresh_from_db()
    assert (item.state, item.attempts, len(network)) == (OutboxItem.State.QUEUED, 0, calls)
    assert outbox.deliver(wait=False) == 1
    item.refresh_from_db()
    assert (item.state, item.attempts, len(network)) == (
        OutboxItem.State.ACCEPTED,
        1,
        calls + 1,
    )


def test_results_queued_and_not_tried_yet_say_they_will_leave(
    played: Received, director: Any, officer: Client
) -> None:
    sending.enqueue(director, played)
    shown = page(officer)
    assert "en file d&#x27;attente</p>" in shown
    assert "Ils partiront dès que la fédération répondra." in shown
    assert "essai" not in shown


def test_a_code_too_long_is_refused_not_taken_for_no_code(
    linked: str, director: Any, clock: Clock, officer: Client, network: list[str]
) -> None:
    [got] = centre.fetch()
    clock.now = START + dt.timedelta(seconds=1)
    calls = len(network)
    answer = officer.post(f"/simultanes/{got.pk}/ouvrir/", {"code": "1" * 61}, follow=True)
    [said] = [str(m) for m in answer.context["messages"]]
    assert said.startswith("Code refusé : ")
    assert len(network) == calls  # the federation's key was not asked for instead
    assert Received.objects.get().event_id is None


def test_results_accepted_as_they_are_are_not_sent_again_by_a_change_of_nothing(
    played: Received, director: Any, network: list[str]
) -> None:
    item = send(director, played)
    assert item.reason == "Résultats fusionnés : 2 joueurs."
    again = sending.enqueue(None, played)  # the game saved again, its results unchanged
    assert (again.state, again.reason) == (OutboxItem.State.ACCEPTED, item.reason)
    # the director's own « send » sends them again (counted once by the federation)
    assert send(director, played).reason == "Résultats déjà reçus, identiques : comptés une fois."
    # results that changed are queued again whoever asks
    dup = DuplicateEvent.objects.get(event=played.event)
    setup.add_player(dup, {"licence": "201", "name": "ÉTIENNE", "table": 3}, director)
    assert sending.enqueue(None, played).state == OutboxItem.State.QUEUED


def test_only_a_licence_the_federation_does_not_know_may_be_entered_hors_classement(
    played: Received, director: Any, officer: Client
) -> None:
    """A licensee the federation knows earns the ranking's figures (seed 002, A.1): the
    page offers « Inscrire hors classement » for an unknown or unchecked licence only."""
    dup = DuplicateEvent.objects.get(event=played.event)
    setup.add_player(dup, {"licence": "999", "name": "X", "table": 3}, director)
    setup.add_player(dup, {"licence": "998", "name": "Y", "table": 4}, director)
    assert [p.licence for p in licences.check(played)] == ["998", "999"]
    setup.add_player(dup, {"licence": "997", "name": "Z", "table": 5}, director)  # unchecked
    shown = page(officer)
    offered = re.findall(
        r'name="licence" value="(\d+)"><button[^>]*>Inscrire hors classement', shown
    )
    assert sorted(offered) == ["997", "998", "999"]
    officer.post(f"/simultanes/{played.pk}/hors-classement/", {"licence": "999", "unlicensed": "1"})
    assert 'value="999"><button type="submit" name="unlicensed" value="0">' in page(officer)
