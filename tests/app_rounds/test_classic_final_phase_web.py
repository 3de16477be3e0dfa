"""The Classic final phase on the director's pages (issue 35, item 4; seed 000 preamble:
the first two or four play it off): the scores read after the winner's name in the winner's
order, the "Sets / parties" column with the formula and the games won, and a result
corrected in place by the director (audited before and after) rather than only deleted."""

from __future__ import annotations

import pytest
from django.test import Client

from arbitre.app.rounds.models import AuditEntry, KnockoutResult
from tests.app_rounds.conftest import check_in_all, messages_of
from tests.app_rounds.test_classic_web import _play_round, pair, setup_event

pytestmark = pytest.mark.django_db


def final_of_two(dclient: Client) -> int:
    eid = setup_event(dclient, rounds=1, final_size=2, final_best_of=3)
    check_in_all(dclient, eid)
    pair(dclient, eid)
    _play_round(dclient, 1)
    assert "Phase finale commencée." in messages_of(
        dclient.post(f"/classique/{eid}/phase-finale/generer/", follow=True)
    )
    return eid


def post(dclient: Client, eid: int, **data: str) -> str:
    response = dclient.post(f"/classique/{eid}/phase-finale/resultat/", data, follow=True)
    return messages_of(response)[-1]


def final_row(dclient: Client, eid: int) -> dict[str, object]:
    stages = dclient.get(f"/classique/{eid}/phase-finale/").context["stages"]
    return {m["id"]: m for m in stages[0][1]}["F"]


def test_000_the_bottom_players_win_reads_with_their_scores_first(dclient: Client) -> None:
    eid = final_of_two(dclient)
    row = final_row(dclient, eid)
    assert row["sets"] == "au meilleur des 3 parties"
    # the bottom player (B) wins two games to one: 377-401 is B's 401
    assert "résultat enregistré" in post(dclient, eid, match="F", scores="377-401 420-380 390-410")
    row = final_row(dclient, eid)
    assert row["winner"] == row["bottom"]
    assert row["scores"] == "401 – 377 · 380 – 420 · 410 – 390"
    assert row["sets"] == "au meilleur des 3 parties · gagnées 1 – 2"
    page = dclient.get(f"/classique/{eid}/phase-finale/").content.decode()
    assert f"<strong>{row['bottom']}</strong> 401 – 377" in page


def test_000_a_final_phase_result_is_corrected_in_place_and_audited(dclient: Client) -> None:
    eid = final_of_two(dclient)
    assert "résultat enregistré" in post(dclient, eid, match="F", scores="420-380 410-390")
    top = final_row(dclient, eid)["top"]
    assert final_row(dclient, eid)["winner"] == top
    page = dclient.get(f"/classique/{eid}/phase-finale/").content.decode()
    assert 'value="correct"' in page and 'value="420-380 410-390"' in page
    # a typing slip: the second game was 390-410; a third game decides it
    said = post(dclient, eid, match="F", scores="420-380 390-410 370-400", action="correct")
    assert said == "F : résultat corrigé."
    row = final_row(dclient, eid)
    assert row["winner"] == row["bottom"]
    entry = AuditEntry.objects.get(action="Correction de résultat de la phase finale")
    assert entry.before == {"vainqueur": top, "scores": [[420, 380], [410, 390]]}
    assert entry.after["vainqueur"] == row["bottom"]
    assert KnockoutResult.objects.get(match_id="F").scores == [[420, 380], [390, 410], [370, 400]]
    # unreadable scores change nothing
    assert "n'est pas un score" in post(dclient, eid, match="F", scores="x", action="correct")
    assert final_row(dclient, eid)["winner"] == row["bottom"]


def test_000_3_1_each_game_of_the_final_says_who_starts(dclient: Client) -> None:
    """rulings.md Classic 7 (000 3.1): the player who started fewer games starts; then the
    one who did not start their previous game; then the higher-ranked (the top player)."""
    from arbitre.app.rounds.models import Table

    eid = final_of_two(dclient)
    row = final_row(dclient, eid)
    top, bottom = str(row["top"]), str(row["bottom"])

    def started(name: str) -> int:
        tables = Table.objects.filter(round__tournament__event_id=eid, round__number=1)
        return sum(1 for tb in tables if name in (tb.a, tb.b) and tb.starts[:1] == [name])

    counts = {top: started(top), bottom: started(bottom)}
    # fewer starts first; equal counts after one round leave both "previous games" alike
    # (both started theirs, or neither did): the higher-ranked, the top player
    first = min((top, bottom), key=counts.__getitem__) if counts[top] != counts[bottom] else top
    other = bottom if first == top else top
    assert row["starts"] == (
        f"partie 1 : {first} commence · partie 2 : {other} commence · partie 3 : {first} commence"
    )
    page = dclient.get(f"/classique/{eid}/phase-finale/").content.decode()
    assert "ko-starts" in page and f"partie 1 : {first} commence" in page
