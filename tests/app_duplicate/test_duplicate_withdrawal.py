"""A Duplicate player withdrawing during the event, and a late arrival (issue 21, part 1):
what is played stays, the moves from the withdrawal on score 0 and no ballot is awaited
(the project's ruling, docs/duplicate-arbitration.md), the standings and the player's sheet
mark it; a withdrawal or a late arrival that contradicts a ballot entered is refused with
the reason (seed 004, 5.1)."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest
from django.test import Client

from arbitre.app.duplicate import ballots, services
from arbitre.app.duplicate.models import AuditEntry, Game, Lateness, Registration, Withdrawal
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move

pytestmark = pytest.mark.django_db


def enter_all(dup: Any, game: Game, move: int, director: Any, skip: tuple[str, ...] = ()) -> None:
    for reg in dup.players.exclude(licence__in=skip):
        ballots.enter_ballot(game.pk, reg.pk, move, "top", 0, director)


def second_move(game: Game, director: Any) -> Game:
    """After H4 MAISON (leave E): TRUSSE drawn, the top revealed."""
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "TRUSSE")
    return services.chief_action(game.pk, game.version, "reveal", director)


def ballot(client: Client, dup: Any, licence: str, move: int) -> dict[str, Any]:
    reg = Registration.objects.get(duplicate=dup, licence=licence)
    answer = client.post(
        f"/duplicate/{dup.event_id}/partie/1/saisie/api/",
        data=json.dumps({"registration": reg.pk, "move": move, "version": 0, "text": "top"}),
        content_type="application/json",
    )
    return dict(answer.json())


def withdraw(client: Client, dup: Any, licence: str, game: int, move: int, reason: str = "") -> str:
    url = f"/duplicate/{dup.event_id}/joueurs/modifier/{licence}"
    data = {"action": "withdraw", "game": game, "from_move": move, "reason": reason}
    return str(client.post(url, data, follow=True).content.decode())


def test_a_withdrawn_player_keeps_what_was_played_and_is_not_awaited(
    event: Any, director: Any
) -> None:
    game = play_first_move(event, director)  # H4 MAISON, 18
    enter_all(event, game, 1, director)
    d = login("directrice", "Tournoi-2026!")
    form = d.get(f"/duplicate/{event.event_id}/joueurs/modifier/1003").content.decode()
    title = form.split("<title>")[1].split("</title>")[0]
    assert "Abandon" not in title and form.count('id="withdrawal-form"') == 1
    page = withdraw(d, event, "1003", 1, 2, "malaise")
    assert "JOUEUR03 Test : abandon enregistré à partir du coup 2 de TH1." in page
    assert "abandon (TH1, coup 2)" in page  # on the players' list
    gone = Withdrawal.objects.get()
    assert (gone.registration.licence, gone.game.number, gone.from_move) == ("1003", 1, 2)
    logged = AuditEntry.objects.get(action="Abandon d'un joueur")
    assert (logged.target, logged.before, logged.reason) == ("1003", None, "malaise")
    assert logged.after == {"partie": "TH1", "à partir du coup": 2} and logged.user == director

    game = second_move(Game.objects.get(pk=game.pk), director)
    a = login("arbitre-a", "Arbitrage-2026")
    # the entry page shows the withdrawal instead of a ballot field; the counters wait for 9
    entry = a.get(f"/duplicate/{event.event_id}/partie/1/saisie/?coup=2").content.decode()
    assert "abandon : aucun bulletin attendu" in entry and 'name="ballot-3"' not in entry
    assert 'name="ballot-4"' in entry
    progress = a.get(f"/duplicate/{event.event_id}/partie/1/saisie/progression.json?coup=2")
    assert progress.json()["progress"][0] == {"arbiter": "arbitre-a", "done": 0, "total": 9}
    refused = ballot(a, event, "1003", 2)
    assert not refused["ok"] and "JOUEUR03 Test a abandonné" in refused["error"]
    enter_all(event, game, 2, director, skip=("1003",))

    table = services.standings_of(event)
    assert table.missing_ballots == 0  # nobody waits for the withdrawn player's ballot
    row = next(r for r in table.rows if r.player.licence == "1003")
    assert row.withdrawn and row.total == 18 and row.tops_lost == 1
    assert row.rank == 20  # ranked by total, below every player with both tops
    standings = Client().get(f"/public/duplicate/{event.event_id}/").content.decode()
    assert 'JOUEUR03 Test</a> <span class="withdrawn">(abandon)</span>' in standings
    assert 'id="provisional" role="status" hidden' in standings
    data = Client().get(f"/public/duplicate/{event.event_id}/classement.json").json()
    assert [r.get("withdrawn", False) for r in data["standings"]].count(True) == 1
    hall = Client().get(f"/public/duplicate/{event.event_id}/salle.json").json()
    marked = [p["html"] for p in hall["panels"] if "JOUEUR03" in p["html"]]
    assert marked and 'JOUEUR03 Test <span class="withdrawn">(abandon)</span>' in marked[0]
    sheet = Client().get(f"/public/duplicate/{event.event_id}/joueur/1003/").content.decode()
    assert "Abandon à partir du coup 2 de TH1 : les coups suivants comptent 0." in sheet
    assert "<td>abandon</td>" in sheet
    printed = d.get(f"/duplicate/{event.event_id}/imprimer/joueur/1003/").content.decode()
    assert "(abandon)" in printed and "<td>abandon</td>" in printed

    # cancelled (recorded by mistake): the ballot is awaited again, the log keeps both
    d.post(f"/duplicate/{event.event_id}/joueurs/modifier/1003", {"action": "cancel_withdrawal"})
    assert not Withdrawal.objects.exists()
    assert services.standings_of(event).missing_ballots == 1
    cancelled = AuditEntry.objects.get(action="Abandon annulé")
    assert cancelled.before == {"partie": "TH1", "à partir du coup": 2}


def test_a_withdrawal_contradicting_a_ballot_entered_is_refused(event: Any, director: Any) -> None:
    game = play_first_move(event, director)
    ballots.enter_ballot(game.pk, event.players.get(licence="1004").pk, 1, "top", 0, director)
    d = login("directrice", "Tournoi-2026!")
    page = withdraw(d, event, "1004", 1, 1)
    assert (
        "JOUEUR04 Test a un bulletin saisi au coup 1 de TH1 : l&#x27;abandon ne peut compter "
        "qu&#x27;à partir du coup suivant son dernier bulletin." in page
    )
    assert "TH9 n&#x27;existe pas" in withdraw(d, event, "1004", 9, 1)
    assert not Withdrawal.objects.exists()
    assert not AuditEntry.objects.filter(action="Abandon d'un joueur").exists()
    # from the next move on: accepted, and moved later by recording it again (audited)
    withdraw(d, event, "1004", 1, 2)
    withdraw(d, event, "1004", 1, 5)
    assert Withdrawal.objects.get().from_move == 5
    moved = AuditEntry.objects.filter(action="Abandon d'un joueur").order_by("-pk").first()
    assert moved is not None and moved.before == {"partie": "TH1", "à partir du coup": 2}


def test_004_5_1_late_arrival_refused_where_it_contradicts_what_is_played(
    event: Any, director: Any
) -> None:
    """5.1: a late player's moves already played are null: a ballot of theirs entered for
    one of them says they were there (refused), and no ballot is taken for those moves."""
    game = play_first_move(event, director)
    late_url = f"/duplicate/{event.event_id}/retard/"
    d = login("directrice", "Tournoi-2026!")
    ballots.enter_ballot(game.pk, event.players.get(licence="1005").pk, 1, "top", 0, director)
    page = d.post(late_url, {"game": 1, "licence": "1005", "from_move": 2}, follow=True)
    assert (
        "JOUEUR05 Test a un bulletin saisi au coup 1 de TH1 : il était là, il ne peut pas "
        "être arrivé pour le coup 2." in page.content.decode()
    )
    assert not Lateness.objects.exists()
    # marked late first: their ballot for a move before their arrival is refused
    d.post(late_url, {"game": 1, "licence": "1006", "from_move": 2})
    a = login("arbitre-a", "Arbitrage-2026")
    refused = ballot(a, event, "1006", 1)
    assert not refused["ok"] and "ce coup est nul (5.1)" in refused["error"]
    entry = a.get(f"/duplicate/{event.event_id}/partie/1/saisie/?coup=1").content.decode()
    assert "arrivé après ce coup : nul (5.1)" in entry and 'name="ballot-6"' not in entry
    progress = a.get(f"/duplicate/{event.event_id}/partie/1/saisie/progression.json?coup=1")
    assert progress.json()["progress"][0] == {"arbiter": "arbitre-a", "done": 1, "total": 9}
    assert services.standings_of(event).missing_ballots == 18  # 20 - 1005 entered - 1006 late
    # a player who withdrew cannot arrive after the withdrawal; nor withdraw before arriving
    withdraw(d, event, "1007", 1, 3)
    page = d.post(late_url, {"game": 1, "licence": "1007", "from_move": 4}, follow=True)
    assert "a abandonné à partir du coup 3 de TH1 : il ne peut pas arriver après." in (
        page.content.decode()
    )
    assert "après cet abandon : corrigez d&#x27;abord le retard." in withdraw(
        d, event, "1006", 1, 1
    )


def test_004_5_1_a_game_missed_entirely_is_null_and_awaits_no_ballot(
    event: Any, director: Any
) -> None:
    """A player who arrives for the next game: every move of the game missed is null (5.1),
    marked by a move after the last one, as the form's help says."""
    play_first_move(event, director)
    d = login("directrice", "Tournoi-2026!")
    page = d.get(f"/duplicate/{event.event_id}/").content.decode()
    assert "Pour une partie manquée en entier, indiquez un coup après le dernier (99)." in page
    d.post(f"/duplicate/{event.event_id}/retard/", {"game": 1, "licence": "1008", "from_move": 99})
    table = services.standings_of(event)
    assert table.missing_ballots == 19  # everybody's ballot of move 1 but theirs
    row = next(r for r in table.rows if r.player.licence == "1008")
    assert row.total == 0 and row.tops_lost == 1


def test_the_directors_help_says_how_to_record_a_withdrawal_and_a_title() -> None:
    page = Client().get("/aide/directeur/").content.decode()
    assert "« Abandon en cours d'événement »" in html.unescape(page)
    assert "cochez « Titre officiel » dans les réglages" in html.unescape(page)
    assert "Fin du temps réglementaire" in page  # the hall's signals
    english = Client()
    english.post("/langue/", {"language": "en", "next": "/"})
    page = english.get("/aide/directeur/").content.decode()
    assert "Withdrawal during the event" in page and "tick “Official title”" in page
