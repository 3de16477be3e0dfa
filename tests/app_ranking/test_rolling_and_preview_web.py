"""Issue 33: the figures shown during a season are the rolling ones (seed 002 B.1,
"Affichage en cours de saison", ruling 11), the end-of-season classification a projection
labelled so; a recompute that changes the stored series or tiers is shown to the officer,
who confirms it before it replaces the published classification (audited)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client

from tests.app_ranking import test_season_web
from tests.app_ranking.previews import confirmed
from tests.app_ranking.test_season_web import EXPORT, send

officer = test_season_web.officer  # the officer with the three licensees, as a fixture here

pytestmark = pytest.mark.django_db

# a TH of the next season, without DUPONT (1000001)
NEXT = (
    "table;licence;nom;prenom;club;serie;TH1;TH2;total;rang;categorie;tops_perdus;type;parties;date\r\n"
    "1;1000002;MARTIN;Léo;Cannes;4B;490;490;980;1;;4;TH;2;2014-09-20\r\n"
    "2;1000003;DURAND;Éloïse;Vichy;6A;300;300;600;2;;12;TH;2;2014-09-20\r\n"
)


def row_of(page: str, licence: str) -> list[str]:
    """The cells of the classification row of ``licence``."""
    found = re.search(rf"<tr><td>\d+</td><td><a [^>]*>{licence}</a>.*?</tr>", page)
    assert found, f"{licence} not listed"
    return re.findall(r"<td>(.*?)</td>", found.group(0))


def test_002_B1_classification_page_shows_the_rolling_season_then_the_projection(
    officer: Client,
) -> None:
    """B.1: during the season, "l'abattement est donc fixe : 75 % saison glissée - 25 %
    reliquat"; PP4 and points of the season are not decayed: DUPONT's 8 points of the TH
    are shown as 8; the end-of-season projection applies the yearly decay (2 x 8 // 3 = 5)
    and says so. The 2013-2014 season is open: its last day is the one shown."""
    send(officer, EXPORT)
    page = officer.get("/federation/classement/", {"serie": "2"}).content.decode()
    assert "Affichage en cours de saison au 31/08/2014" in page
    assert "Projection de fin de saison" not in page.split('id="display"')[1][:200]
    assert row_of(page, "1000001")[-1] == "8"
    page = officer.get("/federation/classement/", {"serie": "2", "vue": "projection"}).content
    text = page.decode()
    assert "Projection de fin de saison : le classement si la saison se terminait" in text
    assert row_of(text, "1000001")[-1] == "5"


def test_002_B1_public_player_page_shows_rolling_figures_and_the_labelled_projection(
    officer: Client,
) -> None:
    send(officer, EXPORT)
    page = Client().get("/classement/joueur/1000001/").content.decode()
    rolling, projection = page.split('id="projection"')
    assert "Affichage en cours de saison au 31/08/2014" in rolling
    assert re.search(r'id="rolling-figures".*?<td>8</td></tr>', rolling, re.S)
    assert "Projection de fin de saison" in projection
    assert re.search(r'id="figures".*?<td>5</td></tr>', projection, re.S)


def test_002_B1_a_closed_season_shows_its_final_classification_only(officer: Client) -> None:
    from arbitre.app.ranking.models import Season

    send(officer, EXPORT)
    Season.objects.filter(year=2013).update(closed=True)
    page = officer.get("/federation/classement/", {"serie": "2"}).content.decode()
    assert "Classement de fin de saison (saison close)." in page
    assert "Affichage en cours de saison" not in page
    assert row_of(page, "1000001")[-1] == "5"
    page = Client().get("/classement/joueur/1000001/").content.decode()
    assert "Classement de fin de saison (saison close)." in page
    assert 'id="rolling"' not in page


def test_002_B1_rolling_season_keeps_last_seasons_events_for_a_year(officer: Client) -> None:
    """B.1: "les compétitions sont donc gardées un an dans le calcul": on 1 October 2014
    DUPONT's %S2 still counts the TH of 12 October 2013; on 20 October it no longer does
    (only the reliquat, a quarter of last season's %S2, is left)."""
    from arbitre.app.ranking import rolling
    from arbitre.app.ranking.models import Season, Standing

    send(officer, EXPORT)
    send(officer, NEXT, name="TH de Cannes")
    season = Season.objects.get(year=2014)
    before = rolling.rolling(season, dt.date(2014, 10, 1)).of("1000001")
    after = rolling.rolling(season, dt.date(2014, 10, 20)).of("1000001")
    assert before is not None and after is not None
    last_season = Standing.objects.get(season__year=2013, licence="1000001").pct_s2
    assert 100 * after.row.pct[1] == pytest.approx(100 * last_season / 4, abs=0.01)
    assert before.row.pct[1] > after.row.pct[1]
    assert rolling.display_day(season, dt.date(2014, 7, 1)) == dt.date(2014, 9, 1)
    assert rolling.display_day(season, dt.date(2015, 3, 2)) == dt.date(2015, 3, 2)


def test_issue_33_a_recompute_that_moves_players_is_shown_before_it_replaces(
    officer: Client,
) -> None:
    """The stored classification is stale (series and tiers of an older reading): the
    recompute lists who moves, before -> after, writes nothing until confirmed, and then
    replaces it and audits the change."""
    from arbitre.app.ranking.models import RankingAudit, Standing

    send(officer, EXPORT)
    right = Standing.objects.get(licence="1000003")
    Standing.objects.filter(licence="1000003").update(series=5, tier="B")
    form = {"action": "recompute", "season": "2013"}
    page = confirmed(officer, officer.post("/federation/saison/", form)).content.decode()
    assert "Le recalcul change la série ou le palier de 1 licencié." in page
    assert re.search(
        rf"<td>1000003</td><td>DURAND Éloïse</td><td>S5B</td><td>S{right.series}{right.tier}</td>",
        page,
    )
    assert Standing.objects.get(licence="1000003").series == 5  # nothing replaced yet
    digest = re.search(r'name="digest" value="([0-9a-f]+)"', page)
    assert digest
    confirm = {"action": "recompute_confirm", "season": "2013", "digest": digest.group(1)}
    # the season moved since the preview (another stale figure): nothing is written
    Standing.objects.filter(licence="1000001").update(series=1, tier="A")
    page = confirmed(officer, officer.post("/federation/saison/", confirm)).content.decode()
    assert "Le classement a changé depuis l&#x27;aperçu" in page
    assert "de 2 licenciés" in page
    assert Standing.objects.get(licence="1000003").series == 5
    digest = re.search(r'name="digest" value="([0-9a-f]+)"', page)
    assert digest
    confirm["digest"] = digest.group(1)
    page = confirmed(
        officer, officer.post("/federation/saison/", confirm, follow=True)
    ).content.decode()
    assert "Classement recalculé." in page
    after = Standing.objects.get(licence="1000003")
    assert (after.series, after.tier) == (right.series, right.tier)
    audit = RankingAudit.objects.get(action="Classement remplacé après aperçu")
    assert audit.before == {"1000001": "S1A", "1000003": "S5B"}
    assert audit.after["1000003"] == f"S{right.series}{right.tier}"


def test_issue_33_a_recompute_without_any_move_is_written_at_once(officer: Client) -> None:
    from arbitre.app.ranking.models import RankingAudit

    send(officer, EXPORT)
    computed = RankingAudit.objects.filter(action="Classement calculé").count()
    form = {"action": "recompute", "season": "2013"}
    page = confirmed(
        officer, officer.post("/federation/saison/", form, follow=True)
    ).content.decode()
    assert "Classement recalculé." in page and "Aperçu" not in page
    assert RankingAudit.objects.filter(action="Classement calculé").count() == computed + 1


def test_002_B1_the_rolling_display_is_worded_in_english_too(officer: Client) -> None:
    send(officer, EXPORT)
    reader = Client()
    reader.post("/langue/", {"language": "en", "next": "/"})
    page = reader.get("/classement/joueur/1000001/").content.decode()
    assert "In-season display on 31/08/2014" in page and "End-of-season projection" in page
    assert "Affichage" not in page and "Projection de fin" not in page
