"""The players file of a Duplicate event names the table column « place » (issue 35, item
1), reads the older « table » header as its alias, and refuses a file that seats two players
at one table (seed 004, 3.1: a ballot bears its player's table number), naming the line and
the place in French."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.duplicate.players_csv import PlayersFileError, parse_players
from arbitre.i18n import word_line
from tests.support import depth


def _file(header: str, places: list[int | None]) -> str:
    lines = [f"licence;nom;{header}"]
    lines += [f"{100 + i};NOM{i};{'' if p is None else p}" for i, p in enumerate(places)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("header", ["place", "Place", "table", "Table"])
def test_the_place_column_and_its_old_name(header: str) -> None:
    players = parse_players(_file(header, [3, 1, None]))
    assert [p.table for p in players] == [3, 1, None]


def test_two_players_at_one_table_are_refused_in_french() -> None:
    with pytest.raises(PlayersFileError) as refused:
        parse_players(_file("Table", [4, 7, 4]))
    lines = [word_line(e, "fr") for e in refused.value.errors]
    assert lines == ["ligne 4 : place 4 déjà donnée à la ligne 2 : un joueur par table"]


@given(st.lists(st.integers(min_value=1, max_value=30), min_size=1, max_size=40))
@settings(max_examples=depth(200), deadline=None)
def test_a_file_is_taken_only_with_one_player_per_place(places: list[int]) -> None:
    text = _file("place", list(places))
    if len(set(places)) == len(places):
        assert [p.table for p in parse_players(text)] == places
        return
    with pytest.raises(PlayersFileError) as refused:
        parse_players(text)
    # every second (third...) player at a place is refused on their own line (line 1 is
    # the header), and names the first line that took the place
    first: dict[int, int] = {}
    expected = []
    for i, p in enumerate(places):
        line = i + 2
        if p in first:
            expected.append((line, p, first[p]))
        else:
            first[p] = line
    found = [
        (e.line, e.message.params["place"], e.message.params["first_line"])
        for e in refused.value.errors
    ]
    assert found == expected
