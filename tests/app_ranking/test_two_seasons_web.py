"""Two seasons of a federation of 200 licensees in the application (issue 20, part 8): a
Duplicate event run in the app, an imported external event and a pairs event feed the
first season's classification; the season is closed (lifetime floors carried, quotas
derived, figures carried as reliquats) and the second season computed; a title tie at the
Duplicate event settled as 002 A.4 says."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.app_duplicate.test_duplicate_web_flow import login, play_first_move, post_ballot
from tests.app_ranking.previews import confirmed

pytestmark = pytest.mark.django_db

SERIES = [1] * 2 + [2] * 4 + [3] * 6 + [4] * 28 + [5] * 48 + [6] * 92 + [7] * 20


def licensee_file() -> str:
    """200 licensees: the Duplicate event's 20 players (licences 1001-1020) and 180 more."""
    rnd = random.Random(20)
    lines = [
        "licence;nom;prenom;club;serie;palier;meilleure serie;nationalite;categorie;premiere saison"
    ]
    licences = [str(1000 + i) for i in range(1, 21)] + [str(2000 + i) for i in range(1, 181)]
    series = SERIES[:]
    rnd.shuffle(series)
    for i, (lic, s) in enumerate(zip(licences, series, strict=True)):
        tier = {1: "A", 2: "A", 3: "B", 4: "C", 5: "D", 6: "C", 7: ""}[s]
        first = "2026" if s == 7 else "2001"
        nat = "BE" if i % 17 == 5 else "FR"
        cat = "V" if i % 3 == 0 else "S"
        lines.append(f"{lic};NOM{i:03d};Prénom;Club{i % 9};{s};{tier};{s};{nat};{cat};{first}")
    return "\r\n".join(lines) + "\r\n"


MAPPING = """delimiter = ";"
encoding = "latin-1"
[columns]
place = "Clt"
licence = "Licence"
name = "Nom"
pair = "Paire"
[event]
games = 2
"""


def external_file(licences: list[str], pairs: bool = False) -> bytes:
    """Another program's results (';', Latin-1, CRLF; no series: the licensee file's)."""
    rows = ["Clt;Licence;Nom;Paire"]
    for i, lic in enumerate(licences):
        if pairs:
            rows.append(f"{i // 2 + 1};{lic};Joueur é{i};P{i // 2 + 1}")
        else:
            rows.append(f"{i + 1};{lic};Joueur é{i};")
    return ("\r\n".join(rows) + "\r\n").encode("latin-1")


def send(client: Client, data: bytes, name: str, type_code: str, date: str) -> Any:
    from arbitre.app.ranking.models import RankedEvent

    response = confirmed(
        client,
        client.post(
            "/federation/saison/",
            {
                "action": "import",
                "name": name,
                "mapping": MAPPING,
                "type_code": type_code,
                "date": date,
                "file": SimpleUploadedFile(f"{name}.csv", data),
            },
            follow=True,
        ),
    )
    assert "Épreuve importée" in response.content.decode(), response.content.decode()[-3000:]
    return RankedEvent.objects.latest("id")


def test_two_seasons_of_200_licensees(event: Any, director: Any) -> None:
    from arbitre.app.ranking.models import Licensee, Season, Standing
    from arbitre.ranking.licensees import floor_series

    officer = login("directrice", "Tournoi-2026!")  # an account manager: a ranking officer
    confirmed(
        officer,
        officer.post(
            "/federation/licencies/",
            {"file": SimpleUploadedFile("l.csv", licensee_file().encode("latin-1"))},
        ),
    )
    assert Licensee.objects.count() == 200
    initial = {p.licence: (p.series, p.highest_series) for p in Licensee.objects.all()}

    # 1. the Duplicate event run in the app: tables 1 and 2 both play the top (a tie for first)
    play_first_move(event, director)
    arbiter = login("arbitre-a", "Arbitrage-2026")
    post_ballot(arbiter, event, 1, "H4 MAISON")
    post_ballot(arbiter, event, 2, "H4 MAISON")
    confirmed(
        officer,
        officer.post(f"/federation/duplicate/{event.event_id}/cloture/", {"type_code": "SF"}),
    )
    # 2. an external TH of 120 players: the S6/S7 players first (they climb)
    rnd = random.Random(7)
    others = [str(2000 + i) for i in range(1, 181)]
    low_first = sorted(others, key=lambda x: (initial[x][0] < 6, rnd.random()))[:120]
    th = send(officer, external_file(low_first), "TH de Lyon", "TH", "2027-01-16")
    # 3. a pairs event of 40 players (A.2.4: both players of a pair ex aequo)
    pairs_players = others[120:160]
    pe = send(officer, external_file(pairs_players, pairs=True), "Paires", "PAIRS", "2027-03-06")

    one = Season.objects.get(year=2026)
    assert one.events.count() == 3 and Standing.objects.filter(season=one).count() == 200
    # B.3.1-B.3.3 with A.2.4: n = 40, D = 2 (2 games), M = 80; the second pair is 3rd ex aequo
    points = {
        s.licence: next(e["points"] for e in s.explanation["events"] if e["type"] == "PAIRS")
        for s in Standing.objects.filter(season=one, licence__in=pairs_players)
    }
    assert [points[x] for x in pairs_players[:6]] == [80, 80, 76, 76, 72, 72]
    # the TH of 120: M = ceil(120 x 2) = 240 for the winner
    winner = Standing.objects.get(season=one, licence=low_first[0]).explanation["events"][0]
    assert (winner["M"], winner["points"]) == (240, 240)
    assert th.rows.count() == 120 and pe.rows.count() == 40

    # the title tie at the Duplicate event (Championnat de France individuel, national FR):
    # both have lost no top, so the play-off decides (A.4); it is recorded
    from arbitre.app.ranking.models import RankedEvent

    dup_event = RankedEvent.objects.get(duplicate_event=event.event)
    titles = f"/federation/epreuves/{dup_event.pk}/titres/"
    officer.post(
        titles,
        {"action": "settings", "championship": "individual", "national": "on", "country": "FR"},
    )
    page = officer.get(titles).content.decode()
    assert 'name="winner"' in page  # pending: the play-off
    officer.post(
        titles, {"action": "decide", "title": "overall", "decider": "playoff", "winner": "1002"}
    )
    from arbitre.app.ranking.titles import titles_of

    overall = titles_of(RankedEvent.objects.get(pk=dup_event.pk))[0]
    assert [(m.licences, m.rank) for m in overall.medallists[:2]] == [
        (("1002",), 1),
        (("1001",), 2),
    ]

    # close the season: floors carried, quotas derived, next season opened
    confirmed(officer, officer.post("/federation/saison/", {"action": "close", "season": "2026"}))
    one.refresh_from_db()
    two = Season.objects.get(year=2027)
    assert one.closed
    assert (two.quota_s1, two.quota_s2, two.quota_s3) == (
        one.next_quota_s1,
        one.next_quota_s2,
        one.next_quota_s3,
    )
    first = {s.licence: s for s in Standing.objects.filter(season=one)}
    for p in Licensee.objects.all():
        assert (p.series, p.tier) == (first[p.licence].series, first[p.licence].tier)
        assert p.highest_series == min(initial[p.licence][1], first[p.licence].series) or (
            p.s1_for_life and p.highest_series == 1
        )
        assert p.series <= floor_series(p.highest_series, p.s1_for_life)
    climbed = [x for x in low_first if first[x].series < initial[x][1]]
    assert climbed  # the TH's best S6/S7 players climbed, and that is now their floor
    assert all(Licensee.objects.get(licence=x).highest_series == first[x].series for x in climbed)

    # season 2: one TH among the S1-S3 players; everyone else only inherits (decay B.3.4)
    top = [x for x, s in first.items() if s.series <= 3][:10]
    send(officer, external_file(top), "TH de Vichy", "TH", "2027-10-09")
    second = {s.licence: s for s in Standing.objects.filter(season=two)}
    assert len(second) == 200
    for lic, s in second.items():
        if lic not in top:
            assert s.points == first[lic].points // 3  # two thirds off the inherited points
            assert s.explanation["points"]["inherited"] == first[lic].points
        person = Licensee.objects.get(licence=lic)
        assert s.series <= floor_series(person.highest_series, person.s1_for_life)
    # the climbers who played nothing in season 2 cannot fall more than one series (A.1)
    assert all(second[x].series <= first[x].series + 1 for x in climbed)
    # a closed season refuses results
    response = confirmed(
        officer,
        officer.post(
            f"/federation/duplicate/{event.event_id}/cloture/", {"type_code": "SF"}, follow=True
        ),
    )
    assert "La saison 2026-2027 est close." in response.content.decode()


def test_what_would_change_the_series_is_the_bar_of_the_series_above(
    event: Any, director: Any
) -> None:
    """The public page's hint: the lowest figure, on the series' criterion, among the
    players the series above classified by its quota (002 A.1, B.1-B.3)."""
    from arbitre.app.ranking.models import Season, Standing
    from arbitre.app.ranking.pages import CRITERION_OF_SERIES, criterion_value, series_bar, shown

    officer = login("directrice", "Tournoi-2026!")
    confirmed(
        officer,
        officer.post(
            "/federation/licencies/",
            {"file": SimpleUploadedFile("l.csv", licensee_file().encode("latin-1"))},
        ),
    )
    others = [str(2000 + i) for i in range(1, 181)]
    send(officer, external_file(others[:150]), "TH de Lyon", "TH", "2027-01-16")
    season = Season.objects.get(year=2026)
    everyone = list(Standing.objects.filter(season=season))
    checked = 0
    for target in range(1, 6):
        criterion = CRITERION_OF_SERIES[target]
        quota_placed = [
            criterion_value(s, criterion)
            for s in everyone
            if s.series == target and s.explanation["placement"]["reason"] == "quota"
        ]
        expected = min(quota_placed) if quota_placed else None
        assert series_bar(season, target) == expected
        below = next((s for s in everyone if s.series == target + 1), None)
        if expected is None or below is None:
            continue
        page = Client().get(f"/classement/joueur/{below.licence}/").content.decode()
        assert (
            f"Pour monter en S{target} : {criterion} d&#x27;au moins {shown(criterion, expected)}"
            in page
            or (
                f"Pour monter en S{target} : {criterion} d'au moins {shown(criterion, expected)}"
                in page
            )
        )
        checked += 1
    assert checked >= 2
