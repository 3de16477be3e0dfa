"""The season in the web application (issue 20, parts 2-4): results in from Arbitre's own
export and from another program's file through a column mapping, unknown licences kept and
matched or created, the classification recomputed after each event (every figure the
engine's, seed 002 B.3), the officer's and the public player pages."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.app_ranking.previews import confirmed

pytestmark = pytest.mark.django_db

LICENSEES = (
    "licence;nom;prenom;club;serie;palier;meilleure serie\r\n"
    "1000001;DUPONT;Ana;Vichy;2;A;2\r\n"
    "1000002;MARTIN;Léo;Cannes;4;B;4\r\n"
    "1000003;DURAND;Éloïse;Vichy;6;A;6\r\n"
)
# Arbitre's own Duplicate export, as it is: ';', CRLF, French header, '1ex', '2A'
EXPORT = (
    "table;licence;nom;prenom;club;serie;TH1;TH2;total;rang;categorie;tops_perdus;type;parties;date\r\n"
    "1;1000001;DUPONT;Ana;Vichy;2A;500;480;980;1ex;;3;TH;2;2013-10-12\r\n"
    "2;1000002;MARTIN;Léo;Cannes;4B;490;490;980;1ex;;4;TH;2;2013-10-12\r\n"
    "3;1000009;NOUVEAU;Paul;Nice;7;400;400;800;3;;9;TH;2;2013-10-12\r\n"
    "4;1000003;DURAND;Éloïse;Vichy;6A;300;300;600;4;;12;TH;2;2013-10-12\r\n"
)
MAPPING = """delimiter = ","
encoding = "latin-1"
[columns]
place = "Clt"
licence = "N° Licence"
name = "Nom"
series = "Série"
[event]
type = "TH"
games = 3
date = 2013-11-16
"""
OTHER = (
    "Clt,N° Licence,Nom,Série,Score\r\n"
    "1,1000003,DURAND Éloïse,6A,900\r\n"
    "2,1000002,MARTIN Léo,4B,850\r\n"
    "2,,SANS LICENCE,,850\r\n"
)


@pytest.fixture
def officer() -> Client:
    from arbitre.app.events.accounts import create_director

    create_director("federation", "Classement-2026!")
    client = Client()
    client.force_login(get_user_model().objects.get(username="federation"))
    confirmed(
        client,
        client.post(
            "/federation/licencies/",
            {"file": SimpleUploadedFile("licencies.csv", LICENSEES.encode("latin-1"))},
        ),
    )
    return client


def send(client: Client, text: str, encoding: str = "utf-8", **fields: Any) -> Any:
    data = {"action": "import", "name": fields.pop("name", "TH de Vichy"), **fields}
    data["file"] = SimpleUploadedFile("resultats.csv", text.encode(encoding))
    return confirmed(client, client.post("/federation/saison/", data, follow=True))


def test_002_B3_arbitre_export_read_as_it_is_and_ranked_after_the_event(officer: Client) -> None:
    """n = 4 players, 2 games: D = 2, M = 8; the two 1ex share the better place, the third
    gets 8 - 2 x 2 = 4, the fourth 2 (B.3.1-B.3.3); the yearly decay keeps (2 x 8) // 3 = 5
    (B.3.4). The unknown licence keeps its place (it counts in n) and is listed."""
    from arbitre.app.ranking.models import RankedEvent, ResultRow, Standing

    page = send(officer, EXPORT).content.decode()
    assert "Épreuve importée : 4 joueurs, 1 licence(s) inconnue(s)." in page
    ev = RankedEvent.objects.get()
    assert (ev.type_code, ev.games, str(ev.date), ev.season.year) == ("TH", 2, "2013-10-12", 2013)
    places = list(ResultRow.objects.values_list("licence", "place", "series", "tier"))
    assert places == [
        ("1000001", 1, 2, "A"),
        ("1000002", 1, 4, "B"),
        ("1000009", 3, 7, ""),
        ("1000003", 4, 6, "A"),
    ]
    assert "1 licence inconnue" in page and 'value="1000009"' in page
    figures = {s.licence: s.explanation for s in Standing.objects.all()}
    assert set(figures) == {"1000001", "1000002", "1000003"}
    assert [figures[x]["events"][0]["points"] for x in ("1000001", "1000002", "1000003")] == [
        8,
        8,
        2,
    ]
    assert figures["1000001"]["events"][0]["M"] == 8
    assert Standing.objects.get(licence="1000001").points == 5


def test_unknown_licence_created_then_ranked(officer: Client) -> None:
    from arbitre.app.ranking.models import Licensee, RankedEvent, RankingAudit, Standing

    send(officer, EXPORT)
    ev = RankedEvent.objects.get()
    row = ev.rows.get(licence="1000009")
    page = confirmed(
        officer,
        officer.post(
            f"/federation/epreuves/{ev.pk}/",
            {"row": row.pk, "licence": "", "action": "create"},
            follow=True,
        ),
    ).content.decode()
    assert "Licencié 1000009 créé." in page
    paul = Licensee.objects.get(licence="1000009")
    assert (paul.name, paul.first_name, paul.club, paul.series) == ("NOUVEAU", "Paul", "Nice", 7)
    assert Standing.objects.get(licence="1000009").explanation["events"][0]["points"] == 4
    assert RankingAudit.objects.filter(action="Licencié créé depuis les résultats").exists()


def test_mapping_import_latin1_comma_and_a_row_without_licence_matched(officer: Client) -> None:
    """Another program's file: ',' and Latin-1 through a mapping; the player without
    licence keeps place 2 ex aequo and is matched to a licensee by the officer."""
    from arbitre.app.ranking.models import RankedEvent, Standing

    page = send(officer, OTHER, "latin-1", mapping=MAPPING, name="TH de Nice").content.decode()
    assert "Épreuve importée : 3 joueurs, 1 licence(s) inconnue(s)." in page
    ev = RankedEvent.objects.get()
    assert (ev.type_code, ev.games, str(ev.date)) == ("TH", 3, "2013-11-16")
    row = ev.rows.get(licence="")
    assert row.place == 2 and row.name == "SANS LICENCE"
    page = confirmed(
        officer,
        officer.post(
            f"/federation/epreuves/{ev.pk}/",
            {"row": row.pk, "licence": "1000001", "action": "match"},
            follow=True,
        ),
    ).content.decode()
    assert "Ligne rapprochée de la licence 1000001." in page
    # n = 3, 3 games: D = 2, M = 6; place 2 ex aequo: 6 - 2 = 4 each
    assert Standing.objects.get(licence="1000001").explanation["events"][0]["points"] == 4
    # matching a licence already in the event is refused
    row3 = ev.rows.get(licence="1000002")
    page = officer.post(
        f"/federation/epreuves/{ev.pk}/",
        {"row": row3.pk, "licence": "1000003", "action": "match"},
        follow=True,
    ).content.decode()
    assert "La licence 1000003 est déjà classée dans cette épreuve." in page


def test_a_foreign_file_without_mapping_or_with_bad_lines_stores_nothing(officer: Client) -> None:
    from arbitre.app.ranking.models import RankedEvent

    response = send(officer, OTHER, "latin-1")
    assert response.status_code == 400
    assert "n&#x27;est pas un export d&#x27;Arbitre" in response.content.decode()
    bad = EXPORT.replace("3;;9;TH", "trois;;9;TH")
    response = send(officer, bad)
    page = response.content.decode()
    assert "Import refusé, rien n&#x27;est enregistré : 1 ligne(s) à corriger." in page
    assert "ligne 4" in page
    assert RankedEvent.objects.count() == 0


def test_player_pages_public_and_officer(officer: Client) -> None:
    send(officer, EXPORT)
    anonymous = Client()
    page = anonymous.get("/classement/", {"q": "dupont"}).content.decode()
    assert "/classement/joueur/1000001/" in page
    page = anonymous.get("/classement/", {"q": "1000002"}).content.decode()
    assert "/classement/joueur/1000002/" in page and "1000001" not in page
    page = anonymous.get("/classement/joueur/1000001/").content.decode()
    assert "Saison 2013-2014" in page and "TH de Vichy" in page
    assert "Classement provisoire : la saison n'est pas close" in page
    assert '<svg id="points-plot"' in page and "<polyline" in page
    assert "Plancher à vie : S3 (meilleure série atteinte : S2)." in page
    assert "numérateur" not in page  # the full audit is the officer's
    page = officer.get("/federation/joueur/1000001/").content.decode()
    assert "numérateur" in page and "après abattement" in page
    assert anonymous.get("/classement/joueur/999/").status_code == 404
    assert anonymous.get("/federation/joueur/1000001/").status_code == 302


def test_classification_csv_reads_back_as_next_seasons_figures(officer: Client) -> None:
    from arbitre.ranking.csvformat import parse_previous

    send(officer, EXPORT)
    response = officer.get("/federation/classement/", {"saison": "2013", "format": "csv"})
    assert response.content.startswith(b"\xef\xbb\xbf")  # Excel reads the accents right
    text = response.content.decode("utf-8-sig")
    assert text.startswith("licence,nom,prenom,club,serie,palier,rang,pct_s1,")
    reliquats = {r.licence: r for r in parse_previous(text)}
    assert reliquats["1000001"].points == 5 and reliquats["1000003"].points == 1
    page = officer.get("/federation/classement/", {"serie": "2"}).content.decode()
    assert "DUPONT Ana" in page


def test_season_archive_reads_back_whole_and_never_over_a_season(officer: Client) -> None:
    from arbitre.app.ranking.models import RankedEvent, ResultRow, Season, Standing

    send(officer, EXPORT)
    send(officer, OTHER, "latin-1", mapping=MAPPING, name="TH de Nice")
    response = officer.get("/federation/saison/archive/", {"saison": "2013"})
    data = response.content

    def snapshot() -> Any:
        return (
            sorted(RankedEvent.objects.values_list("name", "type_code", "games", "date")),
            sorted(ResultRow.objects.values_list("event__name", "place", "licence", "series")),
            sorted(Standing.objects.values_list("licence", "series", "tier", "points", "pp4")),
            [s.explanation for s in Standing.objects.order_by("licence")],
        )

    before = snapshot()
    page = officer.post(
        "/federation/saison/archive/", {"file": SimpleUploadedFile("s.json", data)}, follow=True
    ).content.decode()
    assert "La saison 2013-2014 existe déjà : rien n&#x27;est importé." in page
    RankedEvent.objects.all().delete()
    Season.objects.all().delete()
    page = officer.post(
        "/federation/saison/archive/", {"file": SimpleUploadedFile("s.json", data)}, follow=True
    ).content.decode()
    assert "Saison 2013-2014 importée." in page
    assert snapshot() == before
    broken = data.replace(b'"type_code":"TH"', b'"type_code":"XX"', 1)
    RankedEvent.objects.all().delete()
    Season.objects.all().delete()
    page = officer.post(
        "/federation/saison/archive/", {"file": SimpleUploadedFile("s.json", broken)}, follow=True
    ).content.decode()
    assert "Archive incomplète ou abîmée" in page and not Season.objects.exists()


@pytest.mark.parametrize("bad", ["<b>x</b>", "a\x00b", "٣٤", "-1", "9" * 40, "é" * 500])
def test_hostile_values_in_the_officer_forms_are_refused_cleanly(officer: Client, bad: str) -> None:
    from arbitre.app.ranking.models import RankedEvent, RankingAudit

    officer.raise_request_exception = False
    send(officer, EXPORT)
    ev = RankedEvent.objects.get()
    logged = RankingAudit.objects.count()
    posts = [
        ("/federation/saison/", {"action": "recompute", "season": bad}),
        ("/federation/saison/", {"action": "close", "season": bad}),
        (f"/federation/epreuves/{ev.pk}/", {"row": bad, "licence": bad, "action": "match"}),
        (
            f"/federation/epreuves/{ev.pk}/",
            {"row": ev.rows.get(licence="1000009").pk, "licence": bad, "action": "match"},
        ),
        (
            f"/federation/epreuves/{ev.pk}/",
            {"row": ev.rows.get(licence="1000009").pk, "licence": bad, "action": "create"},
        ),
        (
            f"/federation/epreuves/{ev.pk}/titres/",
            {"action": "decide", "title": bad, "decider": bad, "winner": bad},
        ),
        (
            f"/federation/epreuves/{ev.pk}/titres/",
            {"action": "settings", "championship": bad, "country": bad},
        ),
    ]
    for url, data in posts:
        assert officer.post(url, data).status_code < 500, (url, data)
    assert officer.get("/federation/saison/archive/", {"saison": bad}).status_code in (400, 404)
    assert officer.get("/classement/", {"q": bad}).status_code in (200, 400)
    assert officer.get("/federation/classement/", {"saison": bad, "serie": bad}).status_code < 500
    # nothing but, at most, the titles' settings (with their defaults) was recorded
    assert RankingAudit.objects.count() - logged <= 1
    ev.refresh_from_db()
    assert ev.championship == "other" and ev.country.isalpha() and 2 <= len(ev.country) <= 3
    assert ev.rows.get(line=4).licence == "1000009" and ev.title_decisions == {}


def test_002_B1_2_the_officer_sets_the_seasons_quotas_and_the_divisor_follows(
    officer: Client,
) -> None:
    """B.1, 2: "le diviseur final est majoré à ce quota" when the weights are below it."""
    from arbitre.app.ranking.models import RankingAudit, Season, Standing

    send(officer, EXPORT)

    def divisor_s2() -> float:
        x = Standing.objects.get(licence="1000001").explanation
        return next(t["divisor"] for t in x["pct"] if t["series"] == 2)

    assert divisor_s2() == 337.0  # the FFSc 2013-2014 quota by default
    form = {"action": "settings", "season": "2013", "quota_s1": "245", "quota_s2": "100"}
    form["quota_s3"] = "574"
    page = confirmed(
        officer, officer.post("/federation/saison/", form, follow=True)
    ).content.decode()
    assert "Réglages enregistrés ; classement recalculé." in page
    assert divisor_s2() == 100.0
    assert RankingAudit.objects.filter(action="Réglages de la saison modifiés").count() == 1
    form["federal_weeks_cap_s1"] = "5"  # one cap alone is refused
    page = confirmed(
        officer, officer.post("/federation/saison/", form, follow=True)
    ).content.decode()
    assert "Donnez les trois plafonds, ou aucun." in page
    assert Season.objects.get().federal_weeks_cap_s1 is None


def test_a_new_licensee_file_recomputes_the_open_season(officer: Client) -> None:
    """The unknown licence of the event, once in the licensee file, is classified."""
    from arbitre.app.ranking.models import Standing

    send(officer, EXPORT)
    assert not Standing.objects.filter(licence="1000009").exists()
    more = LICENSEES + "1000009;NOUVEAU;Paul;Nice;7;;7\r\n"
    page = confirmed(
        officer,
        officer.post(
            "/federation/licencies/",
            {"file": SimpleUploadedFile("licencies.csv", more.encode("latin-1"))},
            follow=True,
        ),
    ).content.decode()
    assert "Classement de la saison 2013-2014 recalculé." in page
    assert Standing.objects.get(licence="1000009").explanation["events"][0]["points"] == 4


def test_the_points_chart_names_at_most_five_seasons_the_last_always() -> None:
    """Twelve seasons: every season has its dot, left to right, higher with more points;
    under the chart at most five names (a phone's width), the last season's among them."""
    from arbitre.app.ranking.models import Season, Standing
    from arbitre.app.ranking.pages import points_plot

    for i, year in enumerate(range(2010, 2022)):
        season = Season.objects.create(year=year)
        Standing.objects.create(
            season=season, licence="42", series=4, order=1, points=10 * i, explanation={}
        )
    plot = points_plot("42")
    assert plot is not None and len(plot.dots) == 12
    xs = [x for x, *_ in plot.dots]
    ys = [y for _, y, *_ in plot.dots]
    assert xs == sorted(xs) and 0 < xs[0] and xs[-1] < 100
    assert ys == sorted(ys, reverse=True) and ys[-1] == plot.plot_top  # the top season
    named = [name for _, _, name, _, shown in plot.dots if shown]
    assert 1 < len(named) <= 5 and named[-1] == "2021-2022"
    assert points_plot("43") is None
