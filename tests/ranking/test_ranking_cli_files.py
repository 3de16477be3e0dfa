"""``arbitre ranking ...`` and the CSV files it reads."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from arbitre.cli import main
from arbitre.ranking.csvformat import parse_licensees, parse_previous
from tests.ranking.helpers import refused

EVENT = """# type: TH
# games: 3
# date: 2013-10-12
# name: TH de test
place,licence,name,series,tier
1,A1,Alice,1,A
2,B2,Bob,2,A
3,C3,Carl,4,B
3,D4,Dan,1,B
5,E5,Eve,3,A
6,F6,Fay,5,A
7,,Visitor,6,
"""

SF = """# type: SF
# games: 1
# date: 2014-01-20
place,licence,name,series,tier
1,F6,Fay,5,A
2,A1,Alice,1,A
"""

LICENSEES = """licence,name,series,tier,first_season,highest_series,overseas,affiliated
A1,Alice,1,A,2001,1,no,yes
B2,Bob,2,A,2001,2,no,yes
C3,Carl,4,B,2001,3,no,yes
D4,Dan,1,B,2001,1,no,yes
E5,Eve,3,A,2001,3,no,yes
F6,Fay,5,A,2013,7,no,yes
G7,Gus,6,C,2001,6,no,non
"""

PREVIOUS = """licence,series,tier,pct_s1,pct_s2,pct_s3,pp4,points
A1,1,A,60,0,0,40,300
B2,2,A,10,40,0,10,200
"""


@pytest.fixture
def files(tmp_path: Path) -> Path:
    ev = tmp_path / "events"
    ev.mkdir()
    (ev / "th.csv").write_text(EVENT, encoding="utf-8")
    (ev / "sf.csv").write_text(SF, encoding="utf-8")
    (tmp_path / "lic.csv").write_text(LICENSEES, encoding="utf-8")
    (tmp_path / "prev.csv").write_text(PREVIOUS, encoding="utf-8")
    return tmp_path


def test_event_command_text_and_json(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ranking", "event", str(files / "events" / "th.csv")]) == 0
    out = capsys.readouterr().out
    assert "n=7, M=14, D=2" in out
    assert main(["ranking", "event", str(files / "events" / "th.csv"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["M"] == 14 and data["weights"] == {"S1": 4.0, "S2": 2.0, "S3": 2.0}
    carl = data["players_scores"][2]
    assert (carl["licence"], carl["place"], carl["points"], carl["pp4"]) == ("C3", 3, 10, 38)
    # --type and --games override the header block: 5 games -> D = 2.5, M = ceil(17.5)
    assert (
        main(
            [
                "ranking",
                "event",
                str(files / "events" / "th.csv"),
                "--type",
                "TH",
                "--games",
                "5",
                "--json",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["M"] == 18


def test_season_command_and_csv_chain(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "ranking",
        "season",
        "--licensees",
        str(files / "lic.csv"),
        "--events",
        str(files / "events"),
        "--previous",
        str(files / "prev.csv"),
    ]
    assert main(args) == 0
    assert "Saison 2013-2014" in capsys.readouterr().out
    assert main([*args, "--lang", "en"]) == 0
    assert "Season 2013-2014" in capsys.readouterr().out
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["out_of_ranking"] == ["G7"]
    by = {r["licence"]: r for r in data["players"]}
    assert by["A1"]["series"] == "1"
    assert main([*args, "--csv"]) == 0
    text = capsys.readouterr().out
    # the season file is next season's previous file
    prev = {r.licence: r for r in parse_previous(text)}
    assert prev["A1"].points == (2 * (14 + 75) + 300) // 3  # SF: ceil(150 x 1 / 2)
    assert set(prev) == {"A1", "B2", "C3", "D4", "E5", "F6"}


def test_explain_command(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "ranking",
        "explain",
        "C3",
        "--licensees",
        str(files / "lic.csv"),
        "--events",
        str(files / "events"),
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "place 3" in out and "m=10" in out and "%S3" in out and "Classé S" in out
    assert main([*args, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "place 3" in out and "m=10" in out and "%S3" in out and "Classified S" in out
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # Carl is S4: his %S3 from the band is plain, the bonus is for one's own series (ruling 3)
    assert data[0]["events"][0]["pct"][2]["series"] == 3
    assert data[0]["events"][0]["pct"][2]["bonus"] == 0
    assert (
        main(
            [
                "ranking",
                "explain",
                "ZZ",
                "--licensees",
                str(files / "lic.csv"),
                "--events",
                str(files / "events"),
            ]
        )
        == 2
    )
    assert "la licence ZZ n'est pas parmi les licenciés" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("# games: 3\nplace,licence,series\n1,A,1\n", "bad.csv : le type de tournoi manque"),
        ("# type: TH\nplace,licence,series\n1,A,1\n", "le nombre de parties manque"),
        ("# type: TH\n# games: 3\nplace,licence\n1,A\n", "colonne(s) manquante(s) serie"),
        (
            "# type: TH\n# games: 3\nplace,licence,series\nx,A,1\n",
            "bad.csv, ligne 4 : place « x » n'est pas un nombre entier",
        ),
        (
            "# type: TH\n\n# games: 3\nplace,licence,serie\n1,A,9\n",
            "ligne 5 : série 9 hors de 1 à 7",
        ),
        ("# type: XX\n# games: 3\nplace,licence,series\n1,A,1\n", "type de tournoi inconnu « XX »"),
        (
            "# type: TH\n# games: 3\n# date: 12/10/2013\nplace,licence,series\n1,A,1\n",
            "date « 12/10/2013 » : AAAA-MM-JJ attendu",
        ),
    ],
)
def test_bad_event_files_give_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    assert main(["ranking", "event", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_licensee_file_parsing() -> None:
    people = parse_licensees("licence,series\nX,4B\nY,S3\n")
    assert [(p.series, p.tier, p.highest_series) for p in people] == [(4, "B", 4), (3, "", 3)]
    with refused("licensees, line 2: “maybe” is not yes/no"):
        parse_licensees("licence,series,overseas\nX,4,maybe\n")
    with refused("previous, line 2: a percentage must be between 0 and 100"):
        parse_previous("licence,series,pct_s1\nX,1,120\n")


def test_types_quotas_and_as_of(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ranking", "types", "--json"]) == 0
    codes = {t["code"]: t for t in json.loads(capsys.readouterr().out)}
    assert codes["SF"]["M"] == 150 and codes["CF1"]["D"] == 0.2
    base = [
        "ranking",
        "explain",
        "A1",
        "--licensees",
        str(files / "lic.csv"),
        "--events",
        str(files / "events"),
        "--json",
    ]
    assert main([*base, "--quotas", "1,1,1"]) == 0
    s1 = json.loads(capsys.readouterr().out)[0]["pct"][0]
    # A1: TH %S1 = 1 with weight 4, SF no S1 but itself: A = 1, weight 0.5 -> divisor 4.5
    assert (s1["weight"], s1["divisor"], s1["season"]) == (4.5, 4.5, 1.0)
    assert main([*base, "--as-of", "2013-12-31"]) == 0
    data = json.loads(capsys.readouterr().out)[0]
    assert [e["type"] for e in data["events"]] == ["TH"]  # the SF is after the date
    assert main([*base, "--quotas", "1,x,1"]) == 2
    assert "--quotas" in capsys.readouterr().err


def test_explain_descent_limit_text(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "ranking",
                "explain",
                "D4",
                "--licensees",
                str(files / "lic.csv"),
                "--events",
                str(files / "events"),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Classé S2B : limite de descente à vie (meilleure série S1)" in out


@pytest.mark.parametrize("command", [[], ["event"], ["season"], ["explain"], ["types"]])
def test_help_texts_render(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["ranking", *command, "--help"])
    assert exc.value.code == 0
    assert "usage : arbitre ranking" in capsys.readouterr().out
    assert main(["ranking"]) == 2  # the group alone prints its help
    assert "explain" in capsys.readouterr().out


def test_the_files_are_written_in_french_and_read_in_both_languages(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The season written with ``--csv`` has French columns and is read back as the next
    season's figures; an event and a previous season with French or accented headers read
    the same as in English."""
    from arbitre.ranking.csvformat import format_event_csv, parse_event

    base = ["ranking", "season", "--licensees", str(files / "lic.csv")]
    assert main([*base, "--events", str(files / "events"), "--csv"]) == 0
    season = capsys.readouterr().out
    assert season.splitlines()[0] == (
        "licence,nom,serie,palier,super_serie,motif,pct_s1,pct_s2,pct_s3,pp4,points,"
        "pp4_saison,points_saison,meilleure_serie,s1_a_vie"
    )
    again = {r.licence: r for r in parse_previous(season)}
    assert again["A1"].series == 1 and again["A1"].points > 0
    french_previous = PREVIOUS.replace("series,tier", "Série,Palier")
    assert parse_previous(french_previous) == parse_previous(PREVIOUS)
    french_event = (
        EVENT.replace("# games", "# Parties")
        .replace("# name", "# nom")
        .replace("name,series,tier", "nom,série,palier")
    )
    assert parse_event(french_event, "th") == parse_event(EVENT, "th")
    written = format_event_csv(parse_event(EVENT, "th"))
    assert "# parties: 3\n" in written and "place,licence,nom,serie,palier,paire\n" in written
    assert parse_event(written, "th") == parse_event(EVENT, "th")


def test_002_B1_season_list_says_rolling_or_end_of_season(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seed 002 B.1 (ruling 11): the list says which figures it shows; with --as-of, the
    rolling season of that day, the end-of-season classification otherwise."""
    args = ["ranking", "season", "--licensees", str(files / "lic.csv")]
    args += ["--events", str(files / "events"), "--lang", "en"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "End-of-season classification" in out and "In-season display" not in out
    assert main([*args, "--as-of", "2013-12-31"]) == 0
    out = capsys.readouterr().out
    assert "In-season display on 2013-12-31: the rolling season" in out
    assert main([*args, "--as-of", "2013-12-31", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["display"], data["as_of"]) == ("rolling", "2013-12-31")
    assert main([*args, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["display"] == "end of season"


def test_explain_words_the_engines_figures_in_both_languages(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``ranking explain`` words :func:`explanation`'s figures through the catalogue: in
    English, the engine's own text (:func:`format_explanation`) line for line, for every
    licensee; in French, the same figures with the French decimal mark."""
    from arbitre.ranking import compute_season, format_explanation
    from arbitre.ranking.csvformat import parse_licensees, read_events_dir
    from arbitre.ranking.season import player_rows

    lic = files / "lic.csv"
    result = compute_season(
        parse_licensees(lic.read_text("utf-8-sig"), str(lic)), read_events_dir(files / "events"), []
    )
    licences = sorted(result.players)
    args = ["ranking", "explain", *licences, "--licensees", str(lic)]
    args += ["--events", str(files / "events")]
    assert main([*args, "--lang", "en"]) == 0
    english = capsys.readouterr().out
    players = player_rows(result, licences)
    assert english == "\n\n".join(format_explanation(result, p) for p in players) + "\n"
    assert main(args) == 0
    french = capsys.readouterr().out
    assert french.count("\n") == english.count("\n")
    assert "Épreuves :" in french and "après abattement" in french and "Events:" not in french
    assert re.search(r"\d,\d\d %", french) and not re.search(r"\d\.\d\d%", french)
