"""The federation's licensee file (issue 20, part 1; seed 002 A.1, A.3.1)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.cli import main
from arbitre.common.players_csv import PlayersFileError
from arbitre.i18n import word_line
from arbitre.ranking import compute_season
from arbitre.ranking.csvformat import parse_licensees
from arbitre.ranking.licensees import (
    LicenseeRecord,
    first_federation,
    floor_series,
    read_licensees,
)
from tests.support import depth

HEADER = (
    "Licence;Nom;Prénom;Club;Comité;Naissance;Catégorie;Nationalité;Fédération;Série;Palier;"
    "Meilleure série;S1 à vie;Première saison;Affilié;Après festival;Outre-mer;Email\r\n"
)
GOOD = HEADER + (
    "1000001;DUPONT;Ana;Vichy;Auvergne;12/05/1951;V;FR;FFSC;1;A;1;oui;1990;oui;;;a@x.fr\r\n"
    "1000002;MARTIN;Léo;Cannes;Provence;2001-02-03;;BE;FFSC;4B;;3;;2005;oui;;non;\r\n"
    "2000003;PEETERS;Jan;Gent;;;;BE;FBS;6;D;;;2013;;oui;;\r\n"
    "1000004;ŒUVRE;Zoé;Fort-de-France;Martinique;;J;FR;FFSC;7;;;;2013-2014;non;;oui;\r\n"
)


def test_reads_every_field_of_the_federation_file_latin1_or_utf8() -> None:
    for data in (GOOD.encode("utf-8-sig"), GOOD.replace("Œ", "OE").encode("latin-1")):
        people = read_licensees(data, prefixes={"1": "FFSC", "2": "FBS"})
        ana, leo, jan, zoe = people
        assert ana == LicenseeRecord(
            2,
            "1000001",
            "DUPONT",
            "Ana",
            "Vichy",
            "Auvergne",
            dt.date(1951, 5, 12),
            "V",
            "FR",
            "FFSC",
            "FFSC",
            1,
            "A",
            1,
            True,
            1990,
            True,
            False,
            False,
        )
        assert (leo.series, leo.tier, leo.highest_series, leo.nationality) == (4, "B", 3, "BE")
        assert (jan.first_federation, jan.after_festival, jan.affiliated) == ("FBS", True, True)
        assert (zoe.first_season, zoe.affiliated, zoe.overseas, zoe.category) == (
            2013,
            False,
            True,
            "J",
        )


def test_records_feed_the_ranking_engine() -> None:
    people = [r.to_licensee() for r in read_licensees(GOOD)]
    assert people[0].name == "DUPONT Ana" and people[0].s1_for_life
    result = compute_season(people, [], season=2013)
    assert result.out_of_ranking == ["1000004"]
    # the former S3 now S4 may not go lower than S4 (A.1); Ana stays S1 for life
    assert result.players["1000002"].placement.series == 4  # type: ignore[union-attr]
    assert result.players["1000001"].placement.series == 1  # type: ignore[union-attr]


def test_002_A1_lifetime_floor_of_each_best_series() -> None:
    # once S1..S5, never more than one series lower; once S6 never S7; S1 for life stays S1
    assert [floor_series(h, False) for h in range(1, 8)] == [2, 3, 4, 5, 6, 6, 7]
    assert floor_series(3, True) == 1


def test_002_A3_1_first_digits_tell_the_federation() -> None:
    prefixes = {"1": "FFSC", "2": "FBS", "21": "FSS"}
    assert first_federation("2100004", prefixes) == "FSS"  # the longest prefix
    assert first_federation("2200004", prefixes) == "FBS"
    assert first_federation("9000001", prefixes) is None


def errors_of(text: str, **kw: object) -> list[tuple[int, str]]:
    with pytest.raises(PlayersFileError) as caught:
        read_licensees(text, **kw)  # type: ignore[arg-type]
    return [(e.line, e.message.code.split(".")[-1]) for e in caught.value.errors]


def test_every_bad_row_is_reported_by_line_and_nothing_is_taken() -> None:
    text = (
        "licence;nom;prenom;serie;meilleure_serie;s1_a_vie;naissance;nationalite\n"
        "10A;A;a;3;;;;FR\n"  # 2: not digits
        "1000002;B;b;3E;;;;FR\n"  # 3: no tier E
        "1000003;C;c;2C;;;;FR\n"  # 4: S2 has tiers A and B only
        "1000004;D;d;5;3;;;FR\n"  # 5: once S3, never below S4
        "1000005;E;e;2;;oui;;FR\n"  # 6: S1 for life in S2
        "1000006;F;f;7;6;;;FR\n"  # 7: once S6, never S7
        "1000007;G;g;3;4;;;FR\n"  # 8: best series held below the current one
        "1000008;H;h;4;;;31/02/1980;France\n"  # 9: no such date; nationality not a code
        "1000008;I;i;4;;;;FR\n"  # 10: licence twice
        "1000010;J;j;6;;peut-être;;FR\n"  # 11: not yes/no
    )
    assert errors_of(text) == [
        (2, "licence"),
        (3, "series"),
        (4, "tier_for_series"),
        (5, "below_floor"),
        (6, "below_floor"),
        (7, "below_floor"),
        (8, "highest_series"),
        (9, "date"),
        (9, "nationality"),
        (10, "duplicate"),
        (11, "yes_no"),
    ]


def test_002_A3_1_a_licence_is_for_life_one_person_one_number() -> None:
    text = "licence;nom;prenom;serie;naissance\n1000001;Dupont;Ana;5;1961-05-12\n"
    text += "1000099;DUPONT;ana;5;12/05/1961\n"
    assert errors_of(text) == [(3, "same_person")]
    assert errors_of(text.replace("1000099", "3000099"), prefixes={"1": "FFSC"}) == [(3, "prefix")]


def test_structural_errors_are_the_players_readers() -> None:
    assert errors_of("nom;serie\nA;3\n") == [(1, "missing_column")]
    assert errors_of("licence;nom;serie\n1;A;3;x;y\n") == [(2, "cell_count")]
    assert errors_of("licence;nom;serie\n1;;3\n") == [(2, "required")]


def test_errors_are_worded_in_french_by_line() -> None:
    with pytest.raises(PlayersFileError) as caught:
        read_licensees("licence;nom;serie;meilleure serie\n1;A;5;3\n")
    assert word_line(caught.value.errors[0]) == (
        "ligne 2 : la série 5 est sous le plancher à vie S4 (meilleure série atteinte : S3)"
    )


def test_future_birth_date_refused_when_today_is_given() -> None:
    text = "licence;nom;serie;naissance\n1;A;5;2030-01-01\n"
    assert errors_of(text, today=dt.date(2026, 1, 1)) == [(2, "future_birth")]


def test_cli_licensees_converts_for_the_season(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "licencies.csv"
    path.write_bytes(GOOD.encode("latin-1", errors="replace"))
    assert main(["ranking", "licensees", str(path), "--prefixes", "1=FFSC,2=FBS"]) == 0
    out = capsys.readouterr().out
    people = parse_licensees(out)
    assert [(p.licence, p.series, p.highest_series, p.s1_for_life) for p in people][:2] == [
        ("1000001", 1, 1, True),
        ("1000002", 4, 3, False),
    ]
    path.write_text("licence;nom;serie\n12x;A;3\n", encoding="utf-8")
    assert main(["ranking", "licensees", str(path)]) == 2
    assert "ligne 2 : licence « 12x »" in capsys.readouterr().err


@st.composite
def licensee_rows(draw: st.DrawFn) -> list[tuple[str, str, int, str, int, bool]]:
    count = draw(st.integers(1, 10))
    rows = []
    for i in range(count):
        series = draw(st.integers(1, 7))
        tier = draw(st.sampled_from(["", *"ABCD"[: len("AB" if series <= 3 else "ABCD")]]))
        tier = "" if series == 7 else tier
        life = series == 1 and draw(st.booleans())
        low = 7 if series == 7 else max(1, series - 1)  # the lifetime floor allows it (A.1)
        highest = 1 if life else draw(st.integers(low, series))
        name = draw(
            st.text(
                st.characters(codec="latin-1", categories=("L",)), min_size=1, max_size=10
            ).filter(lambda n: n.casefold() not in ("bye", "exempt"))  # reserved words
        )
        rows.append((f"{1000 + i}", name, series, tier, highest, life))
    return rows


@settings(max_examples=depth(60), deadline=None)
@given(licensee_rows(), st.sampled_from([";", ",", "\t"]), st.sampled_from(["utf-8", "latin-1"]))
def test_licensee_files_read_back_what_was_written(
    rows: list[tuple[str, str, int, str, int, bool]], delimiter: str, encoding: str
) -> None:
    lines = [delimiter.join(["licence", "nom", "serie", "meilleure serie", "s1 a vie"])]
    for lic, name, series, tier, highest, life in rows:
        lines.append(
            delimiter.join([lic, name, f"{series}{tier}", str(highest), "oui" if life else ""])
        )
    data = "\r\n".join(lines).encode(encoding)
    got = read_licensees(data)
    assert [
        (r.licence, r.name, r.series, r.tier, r.highest_series, r.s1_for_life) for r in got
    ] == rows


def test_002_A1_record_problems_of_a_hand_edit() -> None:
    """An edited licensee is checked as a file row: floors of A.1, tiers, codes."""
    from arbitre.ranking.licensees import LicenseeRecord, record_problems

    def codes(**values: object) -> list[str]:
        base: dict[str, object] = {"line": 0, "licence": "1", "name": "X"}
        return [m.code for m in record_problems(LicenseeRecord(**{**base, **values}))]  # type: ignore[arg-type]

    assert codes(series=4, tier="B", highest_series=3) == []
    assert codes(series=5, tier="A", highest_series=3) == ["ranking.licensees.below_floor"]
    assert codes(series=4, tier="A", highest_series=4) == []
    assert codes(series=2, highest_series=1, s1_for_life=True) == ["ranking.licensees.below_floor"]
    assert codes(series=1, highest_series=1, s1_for_life=True) == []
    assert codes(series=7, highest_series=6) == ["ranking.licensees.below_floor"]
    assert codes(series=6, highest_series=6) == []
    assert codes(series=3, tier="C", highest_series=3) == ["ranking.licensees.tier_for_series"]
    assert codes(series=4, highest_series=5) == ["ranking.licensees.highest_series"]
    assert codes(series=8) == ["ranking.licensees.series"]
    assert codes(series=4, highest_series=4, nationality="F1") == ["ranking.licensees.nationality"]
    assert codes(series=4, highest_series=4, federation="ff sc!") == [
        "ranking.licensees.federation"
    ]
    assert codes(series=4, highest_series=4, category="X" * 11) == ["ranking.licensees.category"]
    assert codes(series=4, highest_series=4, first_season=1900) == [
        "ranking.licensees.first_season"
    ]


def test_002_A1_a_new_file_keeps_the_floors_held_for_life() -> None:
    """Once S2, never below S3, whatever next season's file says; S1 for life stays."""
    import pytest

    from arbitre.common.players_csv import PlayersFileError
    from arbitre.ranking.licensees import keep_lifetime_floors, read_licensees

    text = "licence;nom;serie;meilleure serie\n1;A;3A;3\n2;B;5A;5\n3;C;1B;1\n"
    kept = keep_lifetime_floors(read_licensees(text), {"1": (2, False), "3": (1, True)})
    assert [(r.licence, r.highest_series, r.s1_for_life) for r in kept] == [
        ("1", 2, False),
        ("2", 5, False),
        ("3", 1, True),
    ]
    with pytest.raises(PlayersFileError) as refused:
        keep_lifetime_floors(read_licensees(text), {"1": (2, False), "2": (3, False)})
    assert [(e.line, e.message.code, e.message.params) for e in refused.value.errors] == [
        (3, "ranking.licensees.below_floor", {"series": 5, "floor": 4, "highest": 3})
    ]
    # a better best series in the file wins over the stored one
    (better,) = keep_lifetime_floors(
        read_licensees("licence;nom;serie\n1;A;1A\n"), {"1": (2, False)}
    )
    assert better.highest_series == 1


def test_002_A1_s1_for_life_held_refuses_a_file_in_s2() -> None:
    import pytest

    from arbitre.common.players_csv import PlayersFileError
    from arbitre.ranking.licensees import keep_lifetime_floors, read_licensees

    with pytest.raises(PlayersFileError) as refused:
        keep_lifetime_floors(read_licensees("licence;nom;serie\n3;C;2A\n"), {"3": (1, True)})
    assert refused.value.errors[0].message.params == {"series": 2, "floor": 1, "highest": 1}
