"""A CSV cell longer than the csv module reads (issue 34, item 6): every reader of a CSV file
refuses it on its line with its own error, never with ``csv.Error``."""

from __future__ import annotations

import csv
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.common.messages import Message
from arbitre.common.players_csv import CELL_MAX, NAME_RATING, PlayersFileError, read_sheet
from tests.support import depth


def test_the_limit_is_the_csv_modules_own() -> None:
    assert CELL_MAX == csv.field_size_limit()


def _readers() -> dict[str, tuple[Callable[[str], Any], tuple[type[BaseException], ...], str]]:
    """name -> (reader of a text, its own errors, a header line with ``;``)."""
    from arbitre.backgammon.championship import csvfiles as bg_csv
    from arbitre.backgammon.championship.model import ChampionshipError
    from arbitre.classic.tournament import Player
    from arbitre.classic.tournament import players_csv as cl_players
    from arbitre.classic.tournament import results_csv as cl_results
    from arbitre.classic.tournament.model import TournamentError
    from arbitre.common.messages import Refusal
    from arbitre.duplicate import players_csv as dup_players
    from arbitre.duplicate import results_csv as dup_results
    from arbitre.ranking import csvformat, licensees, results_import
    from arbitre.ranking.events import RankingError

    players = [Player("Ana", 1500), Player("Bea", 1400)]
    return {
        "classic players": (
            lambda t: cl_players.parse_players(t.encode()),
            (PlayersFileError,),
            "nom;cote;club;licence",
        ),
        "duplicate players": (
            lambda t: dup_players.parse_players(t.encode()),
            (PlayersFileError,),
            "licence;nom;prénom;série",
        ),
        "backgammon players": (
            lambda t: bg_csv.parse_players(t.encode()),
            (PlayersFileError,),
            "nom;elo;club;licence",
        ),
        "licensees file": (
            lambda t: licensees.read_licensees(t.encode()),
            (PlayersFileError,),
            "Licence;Nom;Prénom;Club;Série;Palier",
        ),
        "classic results": (
            lambda t: cl_results.parse_results(t, players),
            (TournamentError,),
            "round;player_a;player_b;score_a;score_b;starts",
        ),
        "backgammon results": (
            bg_csv.parse_results,
            (ChampionshipError, Refusal),
            "round;a;b;winner;kind;length;score_a;score_b",
        ),
        "duplicate results": (dup_results.read_results, (Refusal,), "Licence;Nom"),
        "ranking results import": (
            lambda t: results_import.import_results(t.encode()),
            (Refusal,),
            "Licence;Nom;Place",
        ),
        "ranking licensees": (
            lambda t: csvformat.parse_licensees(t.replace(";", ",")),
            (RankingError,),
            "licence;name;series",
        ),
        "ranking previous": (
            lambda t: csvformat.parse_previous(t.replace(";", ",")),
            (RankingError,),
            "licence;name;points",
        ),
    }


READERS = _readers()


@pytest.mark.parametrize("name", sorted(READERS))
@settings(max_examples=depth(8), deadline=None)
@given(
    extra=st.integers(1, 3 * CELL_MAX),
    row=st.integers(0, 3),
    column=st.integers(0, 3),
    quoted=st.booleans(),
    letter=st.sampled_from(["x", "é", " ", ";", "\t"]),
)
def test_a_cell_longer_than_the_csv_module_reads_is_the_readers_refusal(
    name: str, extra: int, row: int, column: int, quoted: bool, letter: str
) -> None:
    """Property: wherever the long cell is (the header, a data line, any column, quoted or
    not), the reader raises its own error, never ``csv.Error``."""
    read, errors, header = READERS[name]
    long_cell = letter * (CELL_MAX + extra)
    if quoted or letter in ";\t":
        long_cell = f'"{long_cell}"'
    lines = [header.split(";"), ["1", "DUPONT", "2", "3"], ["2", "MARTIN", "1", "4"]]
    lines.append(["3", "DURAND", "2", "5"])
    cells = lines[row]
    cells[min(column, len(cells) - 1)] = long_cell
    text = "\n".join(";".join(c) for c in lines) + "\n"
    with pytest.raises(errors) as info:
        read(text)
    assert not isinstance(info.value, csv.Error)


@pytest.mark.parametrize("line", [1, 2, 5])
def test_the_players_reader_names_the_line_of_the_long_cell(line: int) -> None:
    lines = ["nom;cote", "DUPONT;1500", "MARTIN;1400", "DURAND;1300", "PETIT;1200"]
    name, rating = lines[line - 1].split(";")
    lines[line - 1] = f"{name};{'1' * (CELL_MAX + 1)}"
    sheet = read_sheet("\n".join(lines), NAME_RATING)
    assert [(e.line, e.message) for e in sheet.errors] == [
        (line, Message.of("players_csv.cell_too_long", limit=131_072))
    ]


def test_a_cell_of_exactly_the_limit_is_read() -> None:
    sheet = read_sheet(f"nom;cote;club\nDUPONT;1500;{'x' * CELL_MAX}\n", NAME_RATING)
    assert sheet.errors == []
