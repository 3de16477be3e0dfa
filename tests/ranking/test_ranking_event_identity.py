"""One event counted once (issue 33; seed 002 A.2: each official event gives its points
once), the overseas mark read from Arbitre's export (A.5), and who a championship with a
qualifying phase admits (A.3.2), in the engine and through ``arbitre ranking``."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.cli import main
from arbitre.common.messages import Message
from arbitre.i18n import word
from arbitre.ranking import Entry, Event, event_type
from arbitre.ranking.csvformat import format_event_csv, parse_event, read_events_dir
from arbitre.ranking.events import Admission, not_admitted, repeated_events, same_event
from arbitre.ranking.results_import import ARBITRE, ImportRefused, import_results, parse_yes_no
from tests.ranking.helpers import refused

DAY = dt.date(2014, 3, 8)


def ev(
    name: str = "TH de Vichy",
    rows: tuple[tuple[str, int], ...] = (("101", 1), ("102", 2), ("103", 3)),
    day: dt.date | None = DAY,
    uid: str = "",
    code: str = "TH",
    games: int = 2,
) -> Event:
    entries = tuple(Entry(place, lic, lic, 5) for lic, place in rows)
    return Event(event_type(code), games, entries, day, name, False, uid)


# -- one event, whichever way it came in ------------------------------------------------------


def test_arbitre_identity_decides_alone_when_both_have_one() -> None:
    # the same event closed and uploaded: same identity, whatever its name in the file
    assert same_event(ev(uid="abc-7"), ev(name="resultats", uid="abc-7"))
    # two events of the same installation: other numbers, never one event
    assert not same_event(ev(uid="abc-7"), ev(uid="abc-8"))


def test_without_identity_date_licences_and_name_tell_the_event() -> None:
    closed = ev(uid="abc-7")
    assert same_event(closed, ev(name="th DE  vichy"))  # a foreign file of the same event
    assert same_event(ev(name="Vichy, TH"), ev(name="vichy th"))
    assert not same_event(closed, ev(day=dt.date(2014, 3, 9)))
    assert not same_event(closed, ev(rows=(("101", 1), ("102", 2))))  # a player fewer
    assert not same_event(closed, ev(rows=(("101", 1), ("102", 2), ("109", 3))))
    assert not same_event(ev(day=None), ev(day=None))  # no date: nothing to tell by


def test_the_same_results_under_another_name_are_the_same_event() -> None:
    assert same_event(ev(name="TH de Vichy"), ev(name="export-12"))
    # two Interclubs games of one day, same players, other places: two events
    game1 = ev("Interclubs partie 1", code="ICQ", games=1)
    game2 = ev("Interclubs partie 2", (("101", 2), ("102", 1), ("103", 3)), code="ICQ", games=1)
    assert not same_event(game1, game2)


def test_players_without_licence_do_not_make_two_events_one() -> None:
    anonymous = ev(rows=(("", 1), ("", 2)))
    assert not same_event(anonymous, dataclasses.replace(anonymous, name="autre"))
    assert not same_event(anonymous, anonymous)  # no licence: nothing to tell by


@given(st.permutations(["101", "102", "103", "104"]), st.text(max_size=8))
def test_the_order_of_the_rows_and_the_name_never_split_one_ranking(
    order: list[str], name: str
) -> None:
    places = {"101": 1, "102": 2, "103": 2, "104": 4}
    first = ev(rows=tuple((lic, places[lic]) for lic in sorted(places)))
    again = ev(name=name, rows=tuple((lic, places[lic]) for lic in order))
    assert same_event(first, again) and same_event(again, first)


def test_repeated_events_names_each_repetition_and_its_first() -> None:
    a, b = ev(uid="x-1"), ev("Autre", (("201", 1), ("202", 2)))
    assert repeated_events([a, b, ev(uid="x-1"), ev(name="TH de Vichy")]) == [(0, 2), (0, 3)]
    assert repeated_events([a, b]) == []


def test_the_season_folder_refuses_the_same_event_twice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "events"
    folder.mkdir()
    (folder / "a-vichy.csv").write_text(format_event_csv(ev(uid="abc-7")), encoding="utf-8")
    (folder / "b-autre.csv").write_text(format_event_csv(ev("Autre", (("201", 1),))), "utf-8")
    assert len(read_events_dir(folder)) == 2
    (folder / "c-copie.csv").write_text(
        format_event_csv(ev(name="Copie", uid="abc-7")), encoding="utf-8"
    )
    with refused(r"“c-copie.csv” is the event “a-vichy.csv” again: an event counts once"):
        read_events_dir(folder)
    licensees = tmp_path / "licencies.csv"
    licensees.write_text("licence,nom,serie\n101,A,5\n102,B,5\n103,C,5\n", encoding="utf-8")
    command = ["ranking", "season", "--events", str(folder), "--licensees", str(licensees)]
    assert main(["--lang", "fr", *command]) == 2
    assert "« c-copie.csv » est de nouveau l'épreuve « a-vichy.csv »" in capsys.readouterr().err
    (folder / "c-copie.csv").unlink()
    assert main(command) == 0


def test_the_event_file_keeps_the_identity() -> None:
    text = format_event_csv(ev(uid="abc-7"))
    assert "# epreuve: abc-7" in text
    assert parse_event(text, "e.csv").uid == "abc-7"
    assert parse_event(format_event_csv(ev()), "e.csv").uid == ""


# -- Arbitre's export: the overseas mark (A.5) and the identity ------------------------------

HEADER = (
    "table;licence;nom;prenom;club;serie;TH1;TH2;total;rang;categorie;tops_perdus;type;"
    "parties;date;outremer;epreuve\r\n"
)


def export(overseas: str, uid: str = "abc-7") -> str:
    row = "1;123;DUPONT;Ana;Cayenne;5A;500;480;980;1;;3;TH;2;2014-03-08;{};{}\r\n"
    return HEADER + row.format(overseas, uid) + row.replace("123", "456").format(overseas, uid)


@pytest.mark.parametrize(
    ("cell", "overseas"), [("oui", True), ("OUI", True), ("1", True), ("non", False), ("", False)]
)
def test_002_A5_the_export_says_whether_the_event_is_overseas(cell: str, overseas: bool) -> None:
    event = import_results(export(cell), ARBITRE).event
    assert (event.overseas, event.uid) == (overseas, "abc-7")


def test_002_A5_an_overseas_mark_that_is_neither_yes_nor_no_is_refused() -> None:
    with pytest.raises(ImportRefused) as caught:
        import_results(export("peut-être"), ARBITRE)
    (error,) = caught.value.errors
    assert error.line == 2 and word(error.message, "fr") == "outre-mer « peut-être » : oui ou non"


def test_002_A5_the_caller_overrides_the_file_and_the_file_the_mapping() -> None:
    assert not import_results(export("oui"), ARBITRE, overseas=False).event.overseas
    assert import_results(export("non"), ARBITRE, overseas=True).event.overseas
    marked = dataclasses.replace(ARBITRE, overseas=True)
    assert not import_results(export("non"), marked).event.overseas
    assert import_results(export("non").replace(";non;", ";;"), marked).event.overseas is False


def test_yes_no_cells() -> None:
    assert [parse_yes_no(v) for v in ("oui", " Yes ", "x", "non", "0", "", "2")] == [
        True,
        True,
        True,
        False,
        False,
        False,
        None,
    ]


def test_002_A5_an_overseas_th_has_m_at_least_100() -> None:
    """A.5: « Le M de ces tournois est au moins égal à 100 (il est porté à 100 si le M
    calculé est inférieur) »: 10 players in 3 games, M = 10 x 2 = 20 -> 100."""
    from arbitre.ranking import score_event

    rows = tuple((f"{100 + i}", i) for i in range(1, 11))
    plain = ev(rows=rows, games=3)
    assert score_event(plain).m_winner == 20
    overseas = dataclasses.replace(plain, overseas=True)
    scored = score_event(overseas)
    assert scored.m_winner == 100 and scored.scores[1].points == 98  # m = 100 - 2 x 1


# -- championships with a qualifying phase (A.3.2) -------------------------------------------


def people() -> list[Admission]:
    return [
        Admission("1", "Belge de la FBS", "FBS", "BE"),
        Admission("2", "Française de la FBS", "FBS", "FR"),  # A.3.2: admitted, may win
        Admission("3", "Belge de la FFSc", "FFSC", "BE"),  # A.3.2: admitted, no title
        Admission("4", "Sans fédération", "", "BE"),  # the FFSc's own file
        Admission("5", "Suisse, nationalité inconnue", "FSS", ""),
        Admission("6", "Française (FRA)", "fss", "fra"),
    ]


@pytest.mark.parametrize("code", ["CF1", "CF2", "CF3", "CFF", "VQ", "VF"])
def test_002_A3_2_the_individuel_and_vermeil_do_not_admit_foreign_licensees(code: str) -> None:
    problems = not_admitted(event_type(code), people())
    assert [p.params["licence"] for p in problems] == ["1", "5"]
    assert word(problems[0], "fr") == (
        f"Belge de la FBS (licence 1), licencié à la FBS, nationalité BE : non admis à un "
        f"championnat {code}, qui a une phase qualificative (002 A.3.2)"
    )
    assert problems[1].params["nationality"] == "?"


@pytest.mark.parametrize("code", ["TH", "CP", "WB", "PAIRS", "SF", "VD", "CENTRES"])
def test_002_A3_2_open_events_admit_everyone(code: str) -> None:
    assert not_admitted(event_type(code), people()) == []


def test_the_refusal_names_the_player_by_licence_when_unnamed() -> None:
    (problem,) = not_admitted(event_type("CF1"), [Admission("77", "", "fbs", "be")])
    assert problem == Message.of(
        "ranking.event.not_admitted",
        player="77",
        licence="77",
        federation="FBS",
        nationality="BE",
        type="CF1",
    )


small_events = st.builds(
    lambda name, day, uid, licences: ev(
        name,
        tuple((lic, 1 + k) for k, lic in enumerate(licences)),
        None if day is None else DAY + dt.timedelta(days=day),
        uid,
    ),
    st.sampled_from(["A", "a", "B"]),
    st.none() | st.integers(0, 1),
    st.sampled_from(["", "x-1", "x-2"]),
    st.lists(st.sampled_from(["101", "102"]), min_size=1, max_size=2, unique=True),
)


@given(st.lists(small_events, max_size=6))
def test_repeated_events_is_every_later_event_with_its_first_equal(events: list[Event]) -> None:
    """Against the plain reading: each event compared with every earlier one."""
    expected = []
    for j in range(len(events)):
        earlier = [i for i in range(j) if same_event(events[i], events[j])]
        if earlier:
            expected.append((earlier[0], j))
    assert repeated_events(events) == expected
