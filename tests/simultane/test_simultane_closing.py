"""Issue 38: « Clore et verser au classement de la saison » is one step. The season's
preview (issue 33) comes first with the simultané still open; confirming closes it and
imports its standings in one transaction; cancelling, or a refusal of the season's import,
leaves it open (and the centres' uploads accepted); an upload accepted while the preview is
shown moves the simultané's version and the confirmation shows the new preview instead."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from arbitre.app.duplicate import ballots
from arbitre.app.duplicate.models import DuplicateEvent
from arbitre.app.federation.models import OutboxItem
from arbitre.app.ranking import results, staged_ops
from arbitre.app.ranking.models import PendingChange, RankedEvent, RankingAudit, Season
from arbitre.app.simultane import season
from arbitre.app.simultane.models import Received, Simultane
from arbitre.ranking.season import season_of
from tests.simultane.test_simultane_results import played, send

pytestmark = pytest.mark.django_db
__all__ = ["played"]  # the fixture, shared with the results' tests


def preview(client: Client, simultane: Simultane) -> tuple[str, str]:
    """Ask to close into the season: (the preview's address, the digest it shows)."""
    shown = client.post(
        f"/federation/simultanes/{simultane.pk}/", {"action": "season"}, follow=True
    )
    form = shown.content.decode().split('id="confirm-change"')[1].split("</form>")[0]
    return shown.redirect_chain[-1][0], form.split('name="digest" value="')[1].split('"')[0]


def officer(director: Any) -> Client:
    client = Client()
    client.force_login(director)
    return client


def change_martin(played: Received, director: Any) -> None:
    """The centre corrects MARTIN's ballot (a new upload to send)."""
    game = DuplicateEvent.objects.get(event=played.event).games.get()
    reg = game.duplicate.players.get(licence="102")
    ballots.enter_ballot(game.pk, reg.pk, 1, "H4 AMIS 12 +disc", 1, director)


def test_cancelling_the_preview_leaves_the_simultane_open_and_taking_uploads(
    played: Received, director: Any, published: Simultane
) -> None:
    send(director, played)
    client = officer(director)
    version = Simultane.objects.get().version
    address, _ = preview(client, published)
    assert (Simultane.objects.get().closed_at, Simultane.objects.get().version) == (None, version)
    client.post(address, {"action": "cancel"})
    found = Simultane.objects.get()
    assert (found.closed_at, found.version) == (None, version)
    assert not RankedEvent.objects.exists() and not PendingChange.objects.exists()
    assert not RankingAudit.objects.filter(action="Simultané clos").exists()
    change_martin(played, director)
    item = send(director, played)
    assert (item.state, item.reason) == (
        OutboxItem.State.ACCEPTED,
        "Résultats fusionnés : 2 joueurs.",
    )


def test_confirming_closes_and_imports_in_one_step_audited(
    played: Received, director: Any, published: Simultane
) -> None:
    send(director, played)
    client = officer(director)
    address, digest = preview(client, published)
    done = client.post(address, {"action": "confirm", "digest": digest}, follow=True)
    assert "Simultané clos et versé au classement de la saison" in done.content.decode()
    assert Simultane.objects.get().closed_at is not None
    assert RankedEvent.objects.get().name == published.name
    actions = set(RankingAudit.objects.values_list("action", flat=True))
    assert {"Simultané clos", "Changement confirmé après aperçu"} <= actions
    change_martin(played, director)
    assert send(director, played).state == OutboxItem.State.REJECTED  # closed for good


def test_a_refusal_of_the_season_step_leaves_the_simultane_open(
    played: Received, director: Any, published: Simultane
) -> None:
    send(director, played)
    client = officer(director)
    address, digest = preview(client, published)
    # the season closed while the preview was shown: its import is refused
    year = season_of(timezone.localtime(published.starts_at).date())
    Season.objects.update_or_create(year=year, defaults={"closed": True})
    done = client.post(address, {"action": "confirm", "digest": digest}, follow=True)
    assert f"La saison {year}-{year + 1} est close." in done.content.decode()
    assert Simultane.objects.get().closed_at is None
    assert not RankedEvent.objects.exists()
    assert not RankingAudit.objects.filter(action="Simultané clos").exists()


def test_an_upload_during_the_preview_refuses_the_confirmation_and_shows_it_again(
    played: Received, director: Any, published: Simultane
) -> None:
    send(director, played)
    client = officer(director)
    address, digest = preview(client, published)
    change_martin(played, director)
    assert send(director, played).state == OutboxItem.State.ACCEPTED  # the version moves
    again = client.post(address, {"action": "confirm", "digest": digest}, follow=True)
    assert again.redirect_chain[-1][0] == address  # the preview, shown anew
    assert "Des résultats sont arrivés ou ont été corrigés depuis" in (again.content.decode())
    assert Simultane.objects.get().closed_at is None and not RankedEvent.objects.exists()
    form = again.content.decode().split('id="confirm-change"')[1].split("</form>")[0]
    fresh = form.split('name="digest" value="')[1].split('"')[0]
    assert fresh != digest
    client.post(address, {"action": "confirm", "digest": fresh})
    assert Simultane.objects.get().closed_at is not None
    assert RankedEvent.objects.get().name == published.name


def test_a_simultane_closed_and_versed_is_not_versed_a_second_time(
    played: Received, director: Any, published: Simultane
) -> None:
    """A second « Clore et verser » (the officer's second click, another officer's stale
    page) is refused with the reason and imports nothing; so is a second import of its
    standings through the season's own import of a results file."""
    send(director, played)
    client = officer(director)
    address, digest = preview(client, published)
    client.post(address, {"action": "confirm", "digest": digest})
    closed = Simultane.objects.get()
    audits, pending = RankingAudit.objects.count(), PendingChange.objects.count()
    again = client.post(
        f"/federation/simultanes/{published.pk}/", {"action": "season"}, follow=True
    )
    page = again.content.decode()
    assert "est déjà clos et versé au classement de la saison" in page, page
    assert again.redirect_chain[-1][0] == f"/federation/simultanes/{published.pk}/"
    assert 'id="season-form"' not in page and 'id="versed"' in page
    assert PendingChange.objects.count() == pending  # no preview staged
    assert RankedEvent.objects.count() == 1
    assert (Simultane.objects.get().closed_at, Simultane.objects.get().version) == (
        closed.closed_at,
        closed.version,
    )
    with pytest.raises(results.ResultsRefused) as refused:
        staged_ops.OPERATIONS[staged_ops.SIMULTANE_SEASON](
            director, {"simultane": published.pk, "name": published.name}, b""
        )
    assert "est déjà clos et versé au classement de la saison" in refused.value.message
    text = season.results_text(closed).encode("utf-8")
    with pytest.raises(results.ResultsRefused) as refused:
        staged_ops.OPERATIONS[staged_ops.RESULTS_FILE](director, {"name": published.name}, text)
    assert "déjà dans la saison" in refused.value.message
    assert RankedEvent.objects.count() == 1 and RankingAudit.objects.count() == audits
