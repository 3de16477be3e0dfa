"""Issue 33: every path that changes the published figures shows its preview first (the
licensees whose series or tier changes, before -> after), and nothing published changes
until its author confirms: an event's results file, an Arbitre event closed into the
ranking, a club's upload accepted, a licensee file, an event withdrawn or its overseas mark
corrected. The list shown is checked against what the confirmation then writes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move, post_ballot
from tests.app_ranking import test_season_web
from tests.app_ranking.previews import pending_url
from tests.app_ranking.test_season_web import EXPORT, LICENSEES, send

officer = test_season_web.officer

pytestmark = pytest.mark.django_db

# a TH of the season where DURAND (6A) wins alone and DUPONT (2A) comes last
SECOND = (
    "table;licence;nom;prenom;club;serie;TH1;TH2;total;rang;categorie;tops_perdus;type;parties;date\r\n"
    "1;1000003;DURAND;Éloïse;Vichy;6A;500;500;1000;1;;1;TH;2;2014-01-18\r\n"
    "2;1000002;MARTIN;Léo;Cannes;4B;490;490;980;2;;4;TH;2;2014-01-18\r\n"
    "3;1000001;DUPONT;Ana;Vichy;2A;300;300;600;3;;12;TH;2;2014-01-18\r\n"
)


def staged_file(client: Client, text: str) -> Any:
    """The officer sends a results file: the answer leads to its preview."""
    data = {"action": "import", "name": "TH", "file": SimpleUploadedFile("r.csv", text.encode())}
    return client.post("/federation/saison/", data)


def published() -> dict[str, str]:
    from arbitre.app.ranking.models import Standing

    return {s.licence: f"S{s.series}{s.tier}" for s in Standing.objects.all()}


def database() -> tuple[Any, ...]:
    """Everything a change could touch: standings with their figures, events, rows,
    licensees, the season's computation time."""
    from arbitre.app.ranking.models import Licensee, RankedEvent, ResultRow, Season, Standing

    return (
        sorted(
            Standing.objects.values_list("licence", "series", "tier", "points", "pp4", "pct_s2")
        ),
        sorted(RankedEvent.objects.values_list("pk", "name", "overseas")),
        ResultRow.objects.count(),
        sorted(Licensee.objects.values_list("licence", "series", "club")),
        sorted(Season.objects.values_list("year", "computed_at")),
    )


def shown_changes(page: str) -> dict[str, tuple[str, str]]:
    """licence -> (before, after) as the preview lists them."""
    rows = re.findall(
        r"<tr><td>[\d-]+</td><td>(\w+)</td><td>[^<]*</td><td>([^<]*)</td><td>([^<]*)</td></tr>",
        page,
    )
    return {lic: (b.replace("—", ""), a.replace("—", "")) for lic, b, a in rows}


def preview_then_confirm(client: Client, response: Any) -> dict[str, tuple[str, str]]:
    """The preview ``response`` led to: nothing written while it is shown, then confirmed;
    the changes it listed, checked against what the confirmation wrote."""
    url = pending_url(response)
    assert url, response.content.decode()[-2000:]
    untouched = database()
    before = published()
    page = client.get(url).content.decode()
    assert "Rien de publié ne change tant que vous ne confirmez pas." in page
    assert database() == untouched  # staged: nothing written
    listed = shown_changes(page)
    digest = re.search(r'name="digest" value="([0-9a-f]+)"', page)
    assert digest
    client.post(url, {"action": "confirm", "digest": digest.group(1)}, follow=True)
    after = published()
    moved = {
        lic: (old, after.get(lic, "")) for lic, old in before.items() if old != after.get(lic, "")
    }
    assert listed == moved
    return listed


def cancel(client: Client, response: Any) -> None:
    url = pending_url(response)
    assert url
    untouched = database()
    page = client.post(url, {"action": "cancel"}, follow=True).content.decode()
    assert "Changement annulé : rien n&#x27;a été modifié." in page
    assert database() == untouched
    assert client.get(url).status_code == 404


def test_issue_33_a_results_file_is_previewed_and_the_list_is_the_worked_change(
    officer: Client,
) -> None:
    """Worked case (seed 002 B.1, rulings 1 and 4): a first TH where DURAND (6A) wins
    alone, above DUPONT (2A): DURAND finishes in the S2 band and is classified S2A with
    DUPONT and MARTIN. The second TH (the officer's file) puts DURAND last, below the band:
    that event adds its S2 weight to DURAND's %S2 with a zero numerator, so DURAND's %S2 is
    half of the others' and DURAND leaves S2 (for S4A, the PP4 series of A.1); DUPONT and
    MARTIN stay. The preview lists exactly that one move, and writes nothing until
    confirmed; cancelled, it never is."""
    from arbitre.app.ranking.models import RankedEvent

    preview_then_confirm(officer, staged_file(officer, SECOND))
    assert published() == {"1000001": "S2A", "1000002": "S2A", "1000003": "S2A"}
    cancel(officer, staged_file(officer, EXPORT))
    assert RankedEvent.objects.count() == 1
    listed = preview_then_confirm(officer, staged_file(officer, EXPORT))
    assert listed == {"1000003": ("S2A", "S4A")}
    assert RankedEvent.objects.count() == 2


def test_issue_33_a_refused_file_is_refused_at_once_and_nothing_is_staged(
    officer: Client,
) -> None:
    from arbitre.app.ranking.models import PendingChange

    bad = EXPORT.replace("2013-10-12", "2013-13-45")
    page = send(officer, bad).content.decode()
    assert "apercu" not in page and not PendingChange.objects.exists()


def test_issue_33_a_licensee_file_is_previewed(officer: Client) -> None:
    from arbitre.app.ranking.models import Licensee

    send(officer, EXPORT)
    more = LICENSEES.replace(
        "1000003;DURAND;Éloïse;Vichy;6;A;6", "1000003;DURAND;Éloïse;Nice;3;A;3"
    )
    response = officer.post(
        "/federation/licencies/",
        {"file": SimpleUploadedFile("licencies.csv", more.encode("latin-1"))},
    )
    assert Licensee.objects.get(licence="1000003").club == "Vichy"
    preview_then_confirm(officer, response)
    assert Licensee.objects.get(licence="1000003").club == "Nice"


def test_issue_33_withdrawing_and_correcting_an_event_are_previewed(officer: Client) -> None:
    from arbitre.app.ranking.models import RankedEvent, RankingAudit

    send(officer, EXPORT)
    ranked = RankedEvent.objects.get()
    url = f"/federation/epreuves/{ranked.pk}/outre-mer/"
    response = officer.post(url, {"overseas": "on", "reason": "Club de Cayenne"})
    assert not RankedEvent.objects.get().overseas
    preview_then_confirm(officer, response)
    assert RankedEvent.objects.get().overseas
    assert RankingAudit.objects.filter(action="Changement confirmé après aperçu").exists()
    url = f"/federation/epreuves/{ranked.pk}/retrait/"
    response = officer.post(url, {"reason": "Épreuve non homologuée"})
    assert RankedEvent.objects.exists()
    listed = preview_then_confirm(officer, response)
    assert not RankedEvent.objects.exists()
    # without the TH nobody has a point: DURAND (6A) goes down to 6D, the licensees with
    # no ranking point (seed 002, A.1)
    assert listed["1000003"][1] == "S6D"


def test_issue_33_a_club_upload_accepted_is_previewed(officer: Client) -> None:
    from arbitre.app.federation import services
    from arbitre.app.federation.models import Upload
    from arbitre.app.ranking.models import RankedEvent

    key = services.create_token(None, "Club de Vichy")
    token = services.authenticate(key)
    assert token is not None
    services.receive(token, {"uid": "club-1", "name": "TH de Vichy", "csv": EXPORT})
    upload = Upload.objects.get()
    url = f"/federation/envois/{upload.pk}/decision/"
    response = officer.post(url, {"action": "accept"})
    assert not RankedEvent.objects.exists()
    assert Upload.objects.get().status == Upload.Status.PENDING
    preview_then_confirm(officer, response)
    assert Upload.objects.get().status == Upload.Status.ACCEPTED
    assert RankedEvent.objects.count() == 1


def test_issue_33_closing_an_arbitre_event_is_previewed_by_its_director(
    event: Any, director: Any
) -> None:
    from arbitre.app.ranking.models import Licensee, PendingChange, RankedEvent

    Licensee.objects.create(licence="1002", name="JOUEUR02", series=2, tier="A", highest_series=2)
    play_first_move(event, director)
    post_ballot(login("arbitre-a", "Arbitrage-2026"), event, 2, "H4 MAISON")
    d = login("directrice", "Tournoi-2026!")
    url = f"/federation/duplicate/{event.event_id}/cloture/"
    response = d.post(url, {"type_code": ""})
    assert not RankedEvent.objects.exists()
    # another account never sees nor confirms the director's preview
    preview = pending_url(response)
    assert preview
    assert login("arbitre-a", "Arbitrage-2026").get(preview).status_code == 403
    preview_then_confirm(d, response)
    assert RankedEvent.objects.get().duplicate_event_id == event.event_id
    assert not PendingChange.objects.exists()


def test_issue_33_a_preview_overtaken_by_another_change_is_shown_again(
    officer: Client,
) -> None:
    """The published classification moved after the preview was shown (here a stale
    standing): the confirmation no longer says what would change, so nothing is written
    and the new changes are shown for a new confirmation."""
    from arbitre.app.ranking.models import RankedEvent, Standing

    send(officer, EXPORT)
    data = {"action": "import", "name": "TH de Nice"}
    data["file"] = SimpleUploadedFile("second.csv", SECOND.encode())
    url = pending_url(officer.post("/federation/saison/", data))
    assert url
    page = officer.get(url).content.decode()
    old = re.search(r'name="digest" value="([0-9a-f]+)"', page)
    assert old
    Standing.objects.filter(licence="1000003").update(series=5, tier="B")
    answer = officer.post(url, {"action": "confirm", "digest": old.group(1)}, follow=True)
    text = answer.content.decode()
    assert "Le classement a changé depuis l&#x27;aperçu" in text
    assert RankedEvent.objects.count() == 1
    assert "<td>1000003</td><td>DURAND Éloïse</td><td>S5B</td>" in text
    new = re.search(r'name="digest" value="([0-9a-f]+)"', text)
    assert new and new.group(1) != old.group(1)
    officer.post(url, {"action": "confirm", "digest": new.group(1)})
    assert RankedEvent.objects.count() == 2


def test_issue_33_an_unknown_licence_matched_or_created_is_previewed(officer: Client) -> None:
    """Matching a row's unknown licence makes the event count for that licensee, and the
    season is recomputed: the officer sees the changes first (nothing written before)."""
    from arbitre.app.ranking.models import Licensee, RankedEvent

    send(officer, EXPORT)
    ranked = RankedEvent.objects.get()
    row = ranked.rows.get(licence="1000009")
    response = officer.post(
        f"/federation/epreuves/{ranked.pk}/", {"row": row.pk, "licence": "", "action": "create"}
    )
    assert not Licensee.objects.filter(licence="1000009").exists()
    preview_then_confirm(officer, response)
    assert Licensee.objects.get(licence="1000009").name == "NOUVEAU"


def test_issue_33_the_seasons_quotas_changed_are_previewed(officer: Client) -> None:
    """B.1, 2: a new quota changes the divisors, so possibly the series: shown first."""
    from arbitre.app.ranking.models import Season

    send(officer, EXPORT)
    before = Season.objects.get(year=2013).quota_s2
    form = {"action": "settings", "season": "2013", "quota_s1": "245", "quota_s2": "100"}
    form["quota_s3"] = "574"
    response = officer.post("/federation/saison/", form)
    assert Season.objects.get(year=2013).quota_s2 == before
    preview_then_confirm(officer, response)
    assert Season.objects.get(year=2013).quota_s2 == 100
