"""The one players-file reader (arbitre.common.players_csv) and the three formats on top of it."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from arbitre.backgammon.championship.csvfiles import parse_players as bg_players
from arbitre.backgammon.championship.model import Player as BgPlayer
from arbitre.classic.tournament.players_csv import parse_players as classic_players
from arbitre.common.players_csv import (
    MESSAGE_CODES,
    NAME_RATING,
    RESERVED_NAMES,
    PlayersFileError,
    detect_delimiter,
    read_sheet,
)
from arbitre.duplicate.players_csv import parse_players as duplicate_players
from tests.support import depth


def codes(exc: PlayersFileError) -> list[tuple[int, str]]:
    return [(e.line, e.message.code) for e in exc.errors]


@pytest.mark.parametrize(
    ("line", "delimiter"),
    [
        ("nom;cote;club", ";"),
        ("nom,cote,club", ","),
        ("nom\tcote\tclub", "\t"),
        ("Dupont, Jean;1500", ";"),  # a tie goes to ';' (French spreadsheets)
        ("Alice", ","),
        ("a\tb;c", ";"),
    ],
)
def test_delimiter_is_the_most_frequent_of_semicolon_tab_comma(line: str, delimiter: str) -> None:
    assert detect_delimiter(line) == delimiter


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "latin-1", "cp1252"])
def test_federation_exports_in_every_encoding(encoding: str) -> None:
    text = "licence;nom;prénom;série\r\n123;Gérard;Élodie;3B\r\n"
    players = duplicate_players(text.encode(encoding))
    assert [(p.name, p.first_name, p.series, p.tier) for p in players] == [
        ("Gérard", "Élodie", 3, "B")
    ]


def test_a_windows_export_keeps_its_oe_and_its_apostrophe() -> None:
    """Excel on French Windows saves "ANSI" (Windows-1252): « Œ » and « ’ » are bytes 0x8C
    and 0x92, control characters if the file were read as Latin-1 (issue 35)."""
    text = "licence;nom;prénom;série\r\n123;ŒUVRAY;Zoé d’Arc;3B\r\n"
    players = duplicate_players(text.encode("cp1252"))
    assert [(p.name, p.first_name) for p in players] == [("ŒUVRAY", "Zoé d’Arc")]


def test_header_in_any_order_language_case_and_accents() -> None:
    players = duplicate_players("TABLE,Name,Série,LICENCE,Prenom\n4,Durand,2,77,Ana\n")
    assert [(p.licence, p.name, p.first_name, p.series, p.table) for p in players] == [
        ("77", "Durand", "Ana", 2, 4)
    ]


def test_every_bad_line_is_reported_and_nothing_is_returned() -> None:
    text = (
        "licence;nom;serie;table\n"
        "1;Ana;3;1\n"
        "2;;4;2\n"  # no name
        "3;Bob;9;3\n"  # series 9
        "1;Cid;5;4\n"  # licence of line 2
        "5;Dan;5;1\n"  # place of line 2 (seed 004, 3.1: one player per table)
        "6;Eve;5;x\n"  # table not a number
        "7;Fay;5;0\n"  # table 0
        "8;Gus;5D;9;extra\n"  # one cell too many
    )
    with pytest.raises(PlayersFileError) as caught:
        duplicate_players(text)
    assert codes(caught.value) == [
        (3, "players_csv.required"),
        (4, "players_csv.series"),
        (5, "players_csv.duplicate"),
        (6, "players_csv.same_place"),
        (7, "players_csv.not_integer"),
        (8, "players_csv.too_small"),
        (9, "players_csv.cell_count"),
    ]
    assert caught.value.errors[2].message.params == {
        "column": "licence",
        "value": "1",
        "first_line": 2,
    }
    assert caught.value.errors[3].message.params == {"place": 1, "first_line": 2}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", [(1, "players_csv.empty")]),
        ("\n# only a comment\n\n", [(1, "players_csv.empty")]),
        ("licence;nom\n", [(2, "players_csv.no_players")]),
        ("licence;nom;pays\n1;A;FR\n", [(1, "players_csv.unknown_column")]),
        ("licence;nom;nom\n1;A;B\n", [(1, "players_csv.duplicate_column")]),
        ("nom;club\nA;X\n", [(1, "players_csv.missing_column")]),
        ("licence;nom;palier\n1;A;E\n", [(2, "players_csv.tier")]),
        ("licence;nom\n1;bye\n", [(2, "players_csv.reserved_name")]),
        ("licence;nom\n1;Exempt\n", [(2, "players_csv.reserved_name")]),
        ("licence;nom\n1;forfeit:x\n", [(2, "players_csv.reserved_name")]),
        ("licence;nom\n1;" + "x" * 101 + "\n", [(2, "players_csv.name_too_long")]),
        ("licence;nom\n1;A\x00\n", [(1, "players_csv.not_text")]),
    ],
)
def test_structural_refusals(text: str, expected: list[tuple[int, str]]) -> None:
    with pytest.raises(PlayersFileError) as caught:
        duplicate_players(text)
    assert codes(caught.value) == expected


def test_positional_formats_take_a_header_only_when_it_names_columns() -> None:
    # a player called "Nom" is a player, not a header: his rating is not a column name
    assert [p.name for p in classic_players("Nom,1500\nCote,1400\n")] == ["Nom", "Cote"]
    assert [p.rating for p in classic_players("cote;nom\n1500;Zoé\n")] == [1500]
    assert bg_players("Name\tELO\tClub\nAlice\t1800\tParis\n") == [BgPlayer("Alice", 1800, "Paris")]


def test_trailing_empty_cells_of_spreadsheets_are_ignored() -> None:
    assert [p.name for p in classic_players("nom;cote;;;\nAlice;1500;;;\n")] == ["Alice"]


def test_names_are_unique_without_case() -> None:
    with pytest.raises(PlayersFileError) as caught:
        bg_players("Alice,1500\nALICE,1600\n")
    assert codes(caught.value) == [(2, "players_csv.duplicate")]


def test_every_reported_code_is_declared() -> None:
    sheet = read_sheet("nom,cote\n", NAME_RATING, positional=True)
    with pytest.raises(PlayersFileError) as caught:
        sheet.check()
    assert {e.message.code for e in caught.value.errors} <= MESSAGE_CODES


NAMES = (
    st.text(
        alphabet=st.characters(
            whitelist_categories=("L",), whitelist_characters=" -'", max_codepoint=0xFF
        ),
        min_size=1,
        max_size=30,
    )
    .map(str.strip)
    .filter(lambda n: n and n.casefold() not in RESERVED_NAMES)
)


def windows(name: str) -> str:
    """``name`` as French Windows writes it: « Œ », « œ » and the typographic apostrophe."""
    return name.replace("OE", "Œ").replace("oe", "œ").replace("'", "’")


@settings(max_examples=depth(60), deadline=None)
@given(
    players=st.lists(
        st.tuples(NAMES, st.integers(0, 4000), st.sampled_from(["", "Paris", "Liège"])),
        min_size=1,
        max_size=12,
        unique_by=lambda p: p[0].casefold(),
    ),
    delimiter=st.sampled_from([";", ",", "\t"]),
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "latin-1", "cp1252"]),
    header=st.booleans(),
)
def test_a_written_file_reads_back(
    players: list[tuple[str, int, str]], delimiter: str, encoding: str, header: bool
) -> None:
    if encoding == "cp1252":  # a Windows export: its own letters (Œ, œ) and apostrophe
        players = [(windows(n), e, c) for n, e, c in players]
    lines = [delimiter.join(("nom", "elo", "club"))] if header else []
    lines += [delimiter.join((n, str(e), c)) for n, e, c in players]
    data = ("\n".join(lines) + "\n").encode(encoding, errors="strict")
    if encoding in ("latin-1", "cp1252") and data.isascii() is False:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:  # bytes that are valid UTF-8 too are read as UTF-8 (the reader's rule): "Âª"
            assume(False)  # in Latin-1 is the UTF-8 of "ª"; the two readings cannot be told
    assert bg_players(data) == [BgPlayer(n, e, c) for n, e, c in players]


@settings(max_examples=depth(200), deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_give_players_or_line_errors(data: bytes) -> None:
    for parse in (classic_players, bg_players, duplicate_players):
        try:
            parse(data)
        except PlayersFileError as exc:
            assert exc.errors and all(e.line >= 1 for e in exc.errors)
            assert {e.message.code for e in exc.errors} <= MESSAGE_CODES


def test_a_licence_is_letters_digits_dots_and_hyphens() -> None:
    """A licence appears in the addresses of the player's pages: ``AB/12`` is refused at entry
    with its reason, not left to break the event's pages (issue 22)."""
    import pytest

    from arbitre.common.players_csv import PlayersFileError
    from arbitre.duplicate.players_csv import parse_players
    from arbitre.i18n import word_line

    with pytest.raises(PlayersFileError) as info:
        parse_players("licence;nom\nAB/12;Dupont\n123 4;Durand\n12.345-6;Martin\n")
    lines = [word_line(e) for e in info.value.errors]
    assert lines == [
        "ligne 2 : licence « AB/12 » : 20 lettres, chiffres, points et tirets au plus",
        "ligne 3 : licence « 123 4 » : 20 lettres, chiffres, points et tirets au plus",
    ]
    assert [p.licence for p in parse_players("licence;nom\n12.345-6;Martin\n")] == ["12.345-6"]
