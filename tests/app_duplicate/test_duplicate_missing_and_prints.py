"""The chief arbiter's per-arbiter list of missing ballots, the printed game sheet with its
rejected and annulled draws, the warning slips' running count and signature line, and a
player's warnings counted as the penalty counts them (issue 35, item 1; seed 004, 2.2, 4.6,
4.7, 5.1, 5.2)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from arbitre.app.duplicate import ballots, checkin, missing, services, setup
from arbitre.app.duplicate.models import Game, Registration
from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move

pytestmark = pytest.mark.django_db


def _enter(game: Game, tables: range | list[int], director: Any, move: int = 1) -> None:
    for reg in Registration.objects.filter(duplicate=game.duplicate, table__in=list(tables)):
        ballots.enter_ballot(game.pk, reg.pk, move, "top", 0, director)


def test_missing_ballots_per_arbiter_on_the_current_move(event: Any, director: Any) -> None:
    game = play_first_move(event, director)
    _enter(game, [1, 2, 3, 11], director)
    # 5.1: table 7 arrives for move 2, no ballot of theirs is awaited on move 1
    setup.mark_late(game, Registration.objects.get(duplicate=event, table=7), 2, director)
    rows = {r.arbiter: r for r in missing.missing_by_arbiter(game)}
    assert rows["arbitre-a"].tables == ["4", "5", "6", "8", "9", "10"]
    assert (rows["arbitre-a"].awaited, rows["arbitre-a"].entered) == (9, 3)
    assert rows["arbitre-b"].tables == [str(t) for t in range(12, 21)]
    assert missing.missing_count(game) == 6 + 9
    d = login("directrice", "Tournoi-2026!")
    page = d.get(f"/duplicate/{event.event_id}/partie/1/ja/").content.decode()
    assert "Bulletins manquants, coup 1" in page
    assert "6 manquants sur 9 : tables 4, 5, 6, 8, 9, 10" in page
    live = d.get(f"/duplicate/{event.event_id}/partie/1/ja/manquants.json").json()
    assert live["move"] == 1
    assert live["arbiters"][1] == {
        "arbiter": "arbitre-b",
        "awaited": 10,
        "entered": 1,
        "missing": 9,
        "tables": [str(t) for t in range(12, 21)],
    }
    _enter(game, [4, 5, 6, 8, 9, 10], director)
    assert missing.missing_by_arbiter(game)[0].missing == 0
    assert (
        'arbitre-a</strong> : <span class="missing-text">tous saisis'
        in d.get(f"/duplicate/{event.event_id}/partie/1/ja/").content.decode()
    )


def test_a_player_absent_at_the_check_in_is_not_awaited(event: Any, director: Any) -> None:
    present = {p.pk for p in event.players.exclude(table=20)}
    checkin.confirm(event, present, director)
    game = play_first_move(event, director)
    b = next(r for r in missing.missing_by_arbiter(game) if r.arbiter == "arbitre-b")
    assert b.awaited == 9 and "20" not in b.tables
    # unless they arrive after all: marked late for move 2, awaited from move 2 on
    setup.mark_late(game, Registration.objects.get(duplicate=event, table=20), 2, director)
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "TRUSSE")
    game = services.chief_action(game.pk, game.version, "reveal", director)
    b = next(r for r in missing.missing_by_arbiter(game) if r.arbiter == "arbitre-b")
    assert b.awaited == 10 and "20" in b.tables


def test_the_arbiters_counters_do_not_wait_for_a_player_absent_at_the_check_in(
    event: Any, director: Any
) -> None:
    """The entry page's counters read the chief's list: a player the check-in found absent,
    seated nowhere, is awaited by no arbiter (no "sans arbitre : 0/1" row that never fills)."""
    present = {p.pk for p in event.players.exclude(table=20)}
    checkin.confirm(event, present, director)
    Registration.objects.filter(duplicate=event, table=20).update(table=None, arbiter=None)
    game = play_first_move(event, director)
    _enter(game, [1, 11], director)
    a = login("arbitre-a", "Arbitrage-2026")
    url = f"/duplicate/{event.event_id}/partie/1/saisie/progression.json?coup=1"
    assert a.get(url).json()["progress"] == [
        {"arbiter": "arbitre-a", "done": 1, "total": 10},
        {"arbiter": "arbitre-b", "done": 1, "total": 9},
    ]
    page = _text(a.get(f"/duplicate/{event.event_id}/partie/1/saisie/?coup=1"))
    assert "arbitre-b : 1/9" in page and "sans arbitre" not in page


def _text(response: Any) -> str:
    body = response.content.decode()
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def test_the_game_sheet_prints_rejected_draws_and_annulled_moves(event: Any, director: Any) -> None:
    game = event.games.get(number=1)
    # 2.2: a draw of consonants only is rejected, all its letters back to the bag
    game = services.chief_action(game.pk, game.version, "reject_entered", director, "BCDFGHJ")
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "AIMNOSE")
    game = services.chief_action(game.pk, game.version, "reveal", director)
    # 5.2: the chief annuls the move; the move is drawn and played again
    game = services.chief_action(game.pk, game.version, "annul_move", director, "erreur de chrono")
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "AIMNOSE")
    game = services.chief_action(game.pk, game.version, "reveal", director)
    d = login("directrice", "Tournoi-2026!")
    text = _text(d.get(f"/duplicate/{event.event_id}/partie/1/imprimer/"))
    assert "rejet BCDFGHJ" in text
    assert "coup annulé AIMNOSE H4 MAISON 18 erreur de chrono" in text
    assert "1 AIMNOSE H4 MAISON 18 18" in text
    assert text.index("rejet BCDFGHJ") < text.index("coup annulé") < text.index("1 AIMNOSE")
    assert "un coup annulé est barré, ses points ne comptent pas" in text


def _warnings_on_two_moves(event: Any, director: Any) -> None:
    """Table 1: on move 1 a wrong score and a disciplinary warning, on move 2 the same (4.4:
    the disciplinary warning adds to the other): 2 warnings by move 1, 4 by move 2."""
    game = play_first_move(event, director)
    game = services.chief_action(game.pk, game.version, "draw_entered", director, "TRUSSE")
    game = services.chief_action(game.pk, game.version, "reveal", director)
    second = services.engine_of(game).moves[1]
    reg = Registration.objects.get(duplicate=event, table=1)
    ballots.enter_ballot(game.pk, reg.pk, 1, "H4 MAISON 19 +disc", 0, director)
    ballots.enter_ballot(game.pk, reg.pk, 2, f"{second.move} {second.score + 1} +disc", 0, director)


def test_the_slips_carry_the_running_count_and_a_signature_line(event: Any, director: Any) -> None:
    _warnings_on_two_moves(event, director)
    d = login("directrice", "Tournoi-2026!")
    page = d.get(f"/duplicate/{event.event_id}/partie/1/avertissements/").content.decode()
    counts = [html.unescape(c) for c in re.findall(r'class="warning-count">([^<]*)<', page)]
    # 4.7: the 4th warning costs 5 points, and the player reads it on the slip
    assert counts == [
        "2 (à partir du 4e, 5 points de pénalité chacun : 4.7)",
        "4 : 5 points de pénalité retirés en fin de partie (4.7)",
    ]
    assert page.count('<p class="signature">Signature de l\'arbitre :</p>') == 2


def test_the_slips_count_apart_disciplinary_warnings_when_the_event_does(
    event: Any, director: Any
) -> None:
    event.disciplinary_warnings_count = False
    event.save()
    _warnings_on_two_moves(event, director)
    d = login("directrice", "Tournoi-2026!")
    page = d.get(f"/duplicate/{event.event_id}/partie/1/avertissements/").content.decode()
    counts = [html.unescape(c) for c in re.findall(r'class="warning-count">([^<]*)<', page)]
    assert [c.split(" ")[0] for c in counts] == ["1", "2"]


@pytest.mark.parametrize(
    ("counted", "shown"),
    [
        (True, "Avertissements : 2 (+2 disciplinaires) · pénalité : 5"),
        (False, "Avertissements : 2 (+2 disciplinaires, hors pénalité) · pénalité : 0"),
    ],
)
def test_a_players_page_shows_disciplinary_warnings_beside_the_others(
    event: Any, director: Any, counted: bool, shown: str
) -> None:
    event.disciplinary_warnings_count = counted
    event.save()
    _warnings_on_two_moves(event, director)
    d = login("directrice", "Tournoi-2026!")
    public = _text(d.get(f"/public/duplicate/{event.event_id}/joueur/1001/"))
    assert shown in public
    printed = _text(d.get(f"/duplicate/{event.event_id}/imprimer/joueur/1001/"))
    assert shown in printed and "avertissement disciplinaire" in printed
