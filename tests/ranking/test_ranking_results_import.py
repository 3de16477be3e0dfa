"""Results in (issue 20, part 2): Arbitre's own Duplicate export read as it is by the ranking,
other programs' files through a column mapping, unknown licences listed, errors by line."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.cli import main
from arbitre.duplicate import sanctions as S
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.event import Event as DuplicateEvent
from arbitre.duplicate.event import EventSettings, GameRecordScores, Player
from arbitre.duplicate.results_csv import (
    RankingInfo,
    encode_results,
    read_results,
    results_csv,
)
from arbitre.ranking import score_event
from arbitre.ranking.csvformat import read_event
from arbitre.ranking.results_import import (
    ARBITRE,
    ColumnMapping,
    ImportRefused,
    MappingRefused,
    import_results,
    parse_mapping,
    parse_place,
    parse_series,
)
from tests.support import depth

DAY = dt.date(2014, 3, 8)


def duplicate_event() -> DuplicateEvent:
    """Two games; Ana and Léo tie on the total (one top lost against two), Zoé last."""
    players = [
        Player("101", "DUPONT", "Ana", "Vichy", 2, "A", "V"),
        Player("102", "MARTIN", "Léo", "Cannes", 4, "B"),
        Player("103", "ŒIL", "Zoé", "", None),
    ]
    games = []
    for name, a, b, c in (("TH1", [10, 20], [10, 20], [5, 5]), ("TH2", [30, 0], [15, 15], [1, 1])):
        tops = [max(x, y) for x, y in zip(a, b, strict=True)]
        games.append(
            GameRecordScores(
                name,
                [30, 30] if name == "TH2" else tops,
                decisions={
                    lic: [Decision(s, S.NONE) for s in row]
                    for lic, row in (("101", a), ("102", b), ("103", c))
                },
            )
        )
    # an official title (002 A.4): the tie for first is broken by the tops lost
    return DuplicateEvent("TH de Vichy", players, games, EventSettings(title_tie_break=True))


def test_duplicate_export_carries_what_the_ranking_needs() -> None:
    text = results_csv(duplicate_event(), ranking=RankingInfo("TH", DAY))
    lines = text.split("\r\n")
    assert lines[0] == (
        "table;licence;nom;prenom;club;serie;TH1;TH2;total;rang;"
        "categorie;tops_perdus;type;parties;date;outremer;epreuve"
    )
    # at a title the engine breaks the tie for first by the tops lost (002 A.4): Ana lost
    # fewer
    assert lines[1].split(";")[9:] == ["1", "V", "1", "TH", "2", "2014-03-08", "non", ""]
    assert lines[2].split(";")[5:] == [
        "4B",
        "30",
        "30",
        "60",
        "2",
        "",
        "2",
        "TH",
        "2",
        "2014-03-08",
        "non",
        "",
    ]
    assert lines[3].split(";")[5] == ""  # a player without series
    rows = read_results(text)
    assert [(r.rank, r.tops_lost, r.event_type, r.games_count, r.date) for r in rows] == [
        (1, 1, "TH", 2, DAY),
        (2, 2, "TH", 2, DAY),
        (3, 4, "TH", 2, DAY),
    ]
    assert rows[0].category == "V"


def test_duplicate_export_default_type_is_th_or_sf_by_games() -> None:
    text = results_csv(duplicate_event())
    assert text.split("\r\n")[1].split(";")[-5:-2] == ["TH", "2", ""]
    one = DuplicateEvent("SF", [Player("1", "A")], [GameRecordScores("P1", [10])])
    assert results_csv(one).split("\r\n")[1].split(";")[-5:-2] == ["SF", "1", ""]


def test_read_results_still_reads_the_header_without_ranking_columns() -> None:
    old = "table;licence;nom;prenom;club;serie;TH1;total;rang\r\n1;42;DUPONT;Ana;V;2A;60;60;1ex\r\n"
    (row,) = read_results(old)
    assert (row.rank, row.ex_aequo, row.event_type, row.tops_lost) == (1, True, "", None)


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1"])
def test_ranking_event_reads_the_duplicate_export_unchanged(
    tmp_path: Path, encoding: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = results_csv(duplicate_event(), ranking=RankingInfo("TH", DAY))
    path = tmp_path / "resultats-7.csv"
    path.write_bytes(encode_results(text, encoding))
    event = read_event(path)
    assert (event.type.code, event.games, event.date, event.name) == ("TH", 2, DAY, "resultats-7")
    assert [(e.place, e.licence, e.series, e.tier) for e in event.entries] == [
        (1, "101", 2, "A"),
        (2, "102", 4, "B"),
        (3, "103", 7, ""),  # no series: unclassified
    ]
    # seed 002 B.3: n = 3, 2 games -> D = 2, M = 6; m = 6, 4, 2
    assert [s.points for s in score_event(event).scores] == [6, 4, 2]
    assert main(["ranking", "event", str(path)]) == 0
    assert "n=3, M=6" in capsys.readouterr().out


def test_export_ties_read_as_one_place(tmp_path: Path) -> None:
    text = (
        "table;licence;nom;prenom;club;serie;TH1;TH2;total;rang;categorie;tops_perdus;type;"
        "parties;date\r\n"
        "1;101;A;a;;1A;5;5;10;1;;0;TH;2;2014-03-08\r\n"
        "2;102;B;b;;3;4;4;8;2ex;;1;TH;2;2014-03-08\r\n"
        "3;103;C;c;;4C;4;4;8;2ex;;1;TH;2;2014-03-08\r\n"
        "4;104;D;d;;S5;1;1;2;4;;2;TH;2;2014-03-08\r\n"
    )
    path = tmp_path / "e.csv"
    path.write_text(text, encoding="utf-8-sig")
    event = read_event(path)
    assert [(e.place, e.series, e.tier) for e in event.entries] == [
        (1, 1, "A"),
        (2, 3, ""),
        (2, 4, "C"),
        (4, 5, ""),
    ]
    # ex aequo share the better place: both get m = M - D = 8 - 2 (002 B.3.3)
    assert [s.points for s in score_event(event).scores] == [8, 6, 6, 2]


def test_unknown_licences_are_listed_and_kept() -> None:
    text = results_csv(duplicate_event(), ranking=RankingInfo("TH", DAY))
    imported = import_results(text, ARBITRE, known={"101": (2, "A"), "103": (5, "C")})
    assert [(u.line, u.licence, u.name, u.first_name) for u in imported.unknown] == [
        (3, "102", "MARTIN", "Léo")
    ]
    assert len(imported.event.entries) == 3
    # a known licence with an empty series takes the licensees file's series
    assert imported.event.entries[2][3:5] == (5, "C")
    assert imported.rows[0].tops_lost == 1 and imported.rows[0].category == "V"


OTHER = """\
Classement,Nom Prénom,N° Licence,Série,Pal.,Score,Club,Epreuve
1,Dupont Ana,101,2,A,980,Vichy,TH Vichy
2ex,Martin Léo,102,4,B,950,Cannes,TH Vichy
2ex,Sans Licence,,6,,950,Cannes,TH Vichy
4,Inconnu Jean,999,5,,900,Nice,TH Vichy
"""

MAPPING = """
delimiter = ","
encoding = "latin-1"
[columns]
place = "Classement"
licence = ["N° Licence", "Licence"]
name = "Nom Prénom"
series = "Série"
tier = "Pal."
total = "Score"
[event]
type = "TH"
games = 3
date = 2014-03-08
"""


def test_other_program_through_a_mapping_latin1_crlf() -> None:
    mapping = parse_mapping(MAPPING)
    data = OTHER.replace("\n", "\r\n").encode("latin-1")
    imported = import_results(data, mapping, name="TH Vichy", known={"101": (2, "A")})
    ev = imported.event
    assert (ev.type.code, ev.games, ev.date) == ("TH", 3, DAY)
    assert [(e.place, e.licence, e.name, e.series, e.tier) for e in ev.entries] == [
        (1, "101", "Dupont Ana", 2, "A"),
        (2, "102", "Martin Léo", 4, "B"),
        (2, "", "Sans Licence", 6, ""),
        (4, "999", "Inconnu Jean", 5, ""),
    ]
    assert [(u.line, u.licence) for u in imported.unknown] == [(3, "102"), (4, ""), (5, "999")]
    assert [r.total for r in imported.rows] == [980, 950, 950, 900]


def test_mapping_of_utf8_with_bom_and_semicolons_detected() -> None:
    mapping = ColumnMapping((("place", ("rg",)), ("licence", ("lic",)), ("series", ("s",))))
    data = "\ufeffrg;lic;s\r\n1;7;3B\r\n2;8;1\r\n".encode()
    ev = import_results(data, mapping, type_code="SF", games=1).event
    assert [(e.place, e.licence, e.series, e.tier) for e in ev.entries] == [
        (1, "7", 3, "B"),
        (2, "8", 1, ""),
    ]


def test_every_bad_line_is_reported_and_nothing_taken() -> None:
    text = (
        "table;licence;nom;prenom;club;serie;TH1;total;rang;categorie;tops_perdus;type;parties;date\n"
        "1;101;A;;;2A;5;5;1;;0;TH;2;2014-03-08\n"
        "2;101;B;;;9;4;4;x;;1;TH;2;2014-03-08\n"
        "3;103;C;;;3;4;4;3;;z;TH;3;2014-03-08\n"
        "4;1 04;D;;;3;4;4;4;;0;TH;2;2014-03-08;extra\n"
    )
    with pytest.raises(ImportRefused) as caught:
        import_results(text, ARBITRE)
    found = [(e.line, e.message.code.split(".")[-1]) for e in caught.value.errors]
    assert found == [
        (3, "place"),
        (3, "duplicate_licence"),
        (3, "series"),
        (4, "varies"),
        (4, "whole_number"),
        (5, "cell_count"),
    ]
    assert caught.value.message.params == {"count": 6}


def test_event_level_refusals() -> None:
    mapping = ColumnMapping((("place", ("p",)), ("licence", ("l",)), ("series", ("s",))))
    with pytest.raises(ImportRefused) as caught:
        import_results("p,l,s\n1,1,3\n", mapping)
    assert [e.message.code for e in caught.value.errors] == [
        "ranking.import.event_type_missing",
        "ranking.import.games_missing",
    ]
    with pytest.raises(ImportRefused) as caught:
        import_results("p,l,s\n1,1,3\n", mapping, type_code="TH", games=1)
    assert caught.value.errors[0].message.params == {"type": "TH", "games": 1}
    with pytest.raises(ImportRefused) as caught:
        import_results("p,l\n1,1\n", mapping, type_code="TH", games=2)
    assert caught.value.errors[0].message.params == {"column": "series"}
    # without a series column, the licensees file gives the series
    ev = import_results("p,l\n1,1\n", mapping, type_code="TH", games=2, known={"1": (3, "B")})
    assert ev.event.entries[0].series == 3


def test_pairs_must_share_their_place() -> None:
    mapping = ColumnMapping(
        (("place", ("p",)), ("licence", ("l",)), ("series", ("s",)), ("pair", ("paire",)))
    )
    ok = import_results(
        "p,l,s,paire\n1,1,3,a\n1,2,5,a\n3,3,4,b\n3,4,4,b\n", mapping, type_code="PAIRS", games=3
    )
    # A.2.4: both players of a pair ex aequo, n = 4 players, M = 8, the second pair m = 4
    assert [s.points for s in score_event(ok.event).scores] == [8, 8, 4, 4]
    with pytest.raises(ImportRefused) as caught:
        import_results("p,l,s,paire\n1,1,3,a\n2,2,5,a\n", mapping, type_code="PAIRS", games=3)
    assert caught.value.errors[0].line == 3
    assert caught.value.errors[0].message.code == "ranking.import.pair_split"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("[columns\n", "ranking.mapping.syntax"),
        ('[columns]\nplace = "a"\n', "ranking.mapping.required"),
        ('[columns]\nplace = "a"\nlicence = "b"\nscore = "c"\n', "ranking.mapping.unknown_field"),
        ('delimiter = "|"\n[columns]\nplace = "a"\nlicence = "b"\n', "ranking.mapping.delimiter"),
        (
            'encoding = "cp1252"\n[columns]\nplace = "a"\nlicence = "b"\n',
            "ranking.mapping.encoding",
        ),
        (
            '[columns]\nplace = "a"\nlicence = "b"\n[event]\ntype = "XX"\n',
            "ranking.mapping.event_type",
        ),
        ('[columns]\nplace = "a"\nlicence = "b"\n[event]\ngames = 0\n', "ranking.mapping.games"),
        ('[columns]\nplace = "a"\nlicence = []\n', "ranking.mapping.label"),
    ],
)
def test_mapping_refusals(text: str, code: str) -> None:
    with pytest.raises(MappingRefused) as caught:
        parse_mapping(text)
    assert caught.value.message.code == code


def test_cli_import_writes_an_event_file_and_lists_unknown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "m.toml").write_text(MAPPING, encoding="utf-8")
    (tmp_path / "r.csv").write_bytes(OTHER.encode("latin-1"))
    (tmp_path / "l.csv").write_text("licence,series\n101,2A\n102,4B\n", encoding="utf-8")
    args = ["ranking", "import", str(tmp_path / "r.csv"), "--mapping", str(tmp_path / "m.toml")]
    assert main([*args, "--licensees", str(tmp_path / "l.csv"), "--name", "TH Vichy"]) == 0
    out, err = capsys.readouterr()
    assert "ligne 4 : (sans licence) Sans Licence" in err
    assert (
        main([*args, "--licensees", str(tmp_path / "l.csv"), "--name", "TH Vichy", "--lang", "en"])
        == 0
    )
    out, err = capsys.readouterr()
    assert out.startswith(
        "# type: TH\n# parties: 3\n# date: 2014-03-08\n# nom: TH Vichy\n"
        "place,licence,nom,serie,palier,paire\n"
    )
    assert "2,,Sans Licence,6,,\n" in out
    assert "line 4: (no licence) Sans Licence" in err and "line 5: 999 Inconnu Jean" in err
    (tmp_path / "bad.csv").write_bytes(b"Classement,N\xb0 Licence,S\xe9rie\n0,1,3\n")
    assert (
        main(
            ["ranking", "import", str(tmp_path / "bad.csv"), "--mapping", str(tmp_path / "m.toml")]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "ligne 2 : place « 0 »" in err and "rien n'est pris" in err


@given(
    st.integers(1, 99999),
    st.sampled_from(["", "ex", "e", "er", "ème", "=", " ex", "e ex", "EX"]),
)
def test_places_as_programs_write_them(n: int, suffix: str) -> None:
    assert parse_place(f"{n}{suffix}") == (n, "ex" in suffix.lower() or "=" in suffix)


@given(st.text(max_size=6))
def test_place_reader_never_accepts_a_non_place(text: str) -> None:
    got = parse_place(text)
    if got is not None:
        assert got[0] >= 1 and text.strip()[: len(str(got[0]))].isdigit()


@given(st.integers(1, 7), st.sampled_from(["", "A", "B", "C", "D"]), st.booleans(), st.booleans())
def test_series_as_programs_write_them(n: int, tier: str, prefix: bool, split: bool) -> None:
    label = ("S" if prefix else "") + str(n)
    got = parse_series(label, tier) if split else parse_series(label + tier.lower())
    assert got == (n, tier)


@st.composite
def result_files(draw: st.DrawFn) -> tuple[list[tuple[int, str, str, int, str]], str, str, str]:
    """Rows (place, licence, name, series, tier) in place order with ties, and how the
    file is written: delimiter, encoding, line end."""
    count = draw(st.integers(1, 12))
    rows = []
    place = 1
    for i in range(count):
        if i and draw(st.booleans()):
            place = rows[-1][0]  # a tie with the row above
        else:
            place = i + 1
        name = draw(
            st.text(
                st.characters(codec="latin-1", exclude_categories=("Cc", "Cs", "Zl", "Zp")),
                max_size=12,
            )
        )
        rows.append(
            (
                place,
                f"L{i}",
                name.strip(),
                draw(st.integers(1, 7)),
                draw(st.sampled_from(["", "A", "B"])),
            )
        )
    return (
        rows,
        draw(st.sampled_from([";", ","])),
        draw(st.sampled_from(["utf-8", "utf-8-sig", "latin-1"])),
        draw(st.sampled_from(["\n", "\r\n"])),
    )


@settings(max_examples=depth(60), deadline=None)
@given(result_files())
def test_mapped_files_read_back_what_was_written(
    case: tuple[list[tuple[int, str, str, int, str]], str, str, str],
) -> None:
    import csv
    import io

    rows, delimiter, encoding, end = case
    ties = [p for p, *_ in rows]
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=delimiter, lineterminator=end)
    writer.writerow(["Rang", "Joueur", "Licence", "Série"])
    for place, licence, name, series, tier in rows:
        mark = "ex" if ties.count(place) > 1 else ""
        writer.writerow([f"{place}{mark}", name, licence, f"{series}{tier}"])
    mapping = parse_mapping(
        f'delimiter = "{delimiter}"\n[columns]\nplace = "rang"\nlicence = "licence"\n'
        'name = "joueur"\nseries = "serie"\n[event]\ntype = "TH"\ngames = 2\n'
    )
    event = import_results(buf.getvalue().encode(encoding), mapping).event
    assert [(e.place, e.licence, e.name, e.series, e.tier) for e in event.entries] == [
        (p, lic, name.strip(), s, t) for p, lic, name, s, t in rows
    ]
