"""The official title setting (seed 002 A.4; rulings, federation ranking 8): the director
marks a Duplicate event as an official title in its settings; only then is a tie for first
place broken by the fewest tops lost."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.app.duplicate import ballots, services
from arbitre.app.duplicate.models import AuditEntry, Game
from tests.app_duplicate.test_duplicate_settings import _form
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move
from tests.app_duplicate.test_duplicate_withdrawal import second_move

pytestmark = pytest.mark.django_db


def test_002_A4_title_setting_breaks_the_tie_for_first_by_tops_lost(
    event: Any, director: Any
) -> None:
    event.solo_min_players = 100  # no solo bonus in the way of the tie
    event.save()
    game = play_first_move(event, director)  # top 18
    game = second_move(Game.objects.get(pk=game.pk), director)
    second_top = services.engine_of(game).moves[1].score
    assert second_top > 14
    texts = {"1001": ("top", "10"), "1002": ("14", "14")}  # 28 each: 1 and 2 tops lost
    for reg in event.players.all():
        first, second = texts.get(reg.licence, ("5", "5"))
        ballots.enter_ballot(game.pk, reg.pk, 1, first, 0, director)
        ballots.enter_ballot(game.pk, reg.pk, 2, second, 0, director)

    def leaders() -> list[tuple[str, int, bool]]:
        rows = services.standings_of(event).rows[:2]
        return [(r.player.licence, r.rank, r.ex_aequo) for r in rows]

    assert leaders() == [("1001", 1, True), ("1002", 1, True)]  # any other event: ex aequo
    d = login("directrice", "Tournoi-2026!")
    url = f"/duplicate/{event.event_id}/reglages/"
    page = d.get(url).content.decode()
    assert 'name="title_tie_break"' in page and "par le plus petit nombre de tops perdus" in page
    response = d.post(url, _form(event, title_tie_break="on"), follow=True)
    assert "Réglages enregistrés." in response.content.decode()
    event.refresh_from_db()
    assert event.title_tie_break
    assert leaders() == [("1001", 1, False), ("1002", 2, False)]
    logged = AuditEntry.objects.get(action="Réglages modifiés")
    assert (logged.before, logged.after) == (
        {"titre officiel": "False"},
        {"titre officiel": "True"},
    )
    # the public standings follow
    public = d.get(f"/public/duplicate/{event.event_id}/classement.json").json()["standings"]
    assert [(r["licence"], r["rank"]) for r in public[:2]] == [("1001", 1), ("1002", 2)]
    again = d.post(url, _form(event, title_tie_break=None), follow=True).content.decode()
    assert "Réglages enregistrés." in again
    event.refresh_from_db()
    assert leaders() == [("1001", 1, True), ("1002", 1, True)]
