"""The pairs file of a pairs Duplicate event (seed 002, A.2.4: an entry is two players with
two licences): its columns, every bad line refused with its number, and properties over
generated files."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.duplicate.pairs_csv import PlayersFileError, parse_pairs
from arbitre.i18n import word_line

HEADER = "licence1;nom1;prenom1;club1;serie1;licence2;nom2;prenom2;club2;serie2;table"


def test_a_pair_per_line_with_both_players() -> None:
    text = f"{HEADER}\n11;DUPONT;Anne;Vichy;3B;12;MARTIN;Paul;Nice;5;4\n"
    (p,) = parse_pairs(text)
    assert (p.licence, p.full_name, p.club, p.series, p.tier, p.table) == (
        "11",
        "DUPONT Anne / MARTIN Paul",
        "Vichy",
        3,
        "B",
        4,
    )
    assert p.partner is not None
    assert (p.partner.licence, p.partner.club, p.partner.series) == ("12", "Nice", 5)


def test_columns_in_any_order_accents_and_spaces_ignored() -> None:
    text = "Nom 2,Licence 2,Nom 1,Licence 1,Prénom 1\nMARTIN,12,DUPONT,11,Anne\n"
    (p,) = parse_pairs(text.encode("latin-1"))
    assert p.full_name == "DUPONT Anne / MARTIN"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("11;DUPONT;Anne;;;;MARTIN;Paul;;;", "ligne 3 : licence2 : valeur manquante"),
        (
            "11;DUPONT;Anne;;;11;MARTIN;Paul;;;",
            "ligne 3 : les deux joueurs de la paire ont la licence 11",
        ),
        ("13;ROUX;Léa;;;1;BLANC;Eva;;;", "ligne 3 : licence2 « 1 » déjà à la ligne 2"),
        ("13;ROUX;Léa;;9;14;BLANC;Eva;;;", "ligne 3 : série « 9 »"),
        ("13;ROUX;Léa;;;14;BLANC;Eva;;;x", "ligne 3 : table « x »"),
        ("1 3;ROUX;Léa;;;14;BLANC;Eva;;;", "ligne 3 : licence « 1 3 »"),
        ("13;;Léa;;;14;BLANC;Eva;;;", "ligne 3 : nom1 : valeur manquante"),
    ],
)
def test_a_bad_line_is_refused_with_its_number_in_french(line: str, expected: str) -> None:
    text = f"{HEADER}\n1;A;B;;;2;C;D;;;\n{line}\n"
    with pytest.raises(PlayersFileError) as refused:
        parse_pairs(text)
    shown = [word_line(e, "fr") for e in refused.value.errors]
    assert len(shown) == 1 and shown[0].startswith(expected), shown


def test_every_bad_line_is_reported_at_once() -> None:
    text = f"{HEADER}\n1;A;;;;;C;;;;\n2;B;;;;3;;;;;\n4;E;;;;5;F;;;;\n"
    with pytest.raises(PlayersFileError) as refused:
        parse_pairs(text)
    assert [e.line for e in refused.value.errors] == [2, 3]


def test_a_file_without_the_second_player_is_refused() -> None:
    with pytest.raises(PlayersFileError) as refused:
        parse_pairs("licence;nom\n1;A\n")
    codes = {e.message.code for e in refused.value.errors}
    assert "players_csv.unknown_column" in codes


names = st.text(
    alphabet=st.characters(whitelist_categories=("Lu", "Ll"), max_codepoint=0x24F),
    min_size=1,
    max_size=12,
)


@st.composite
def pairs_files(draw: st.DrawFn) -> tuple[list[tuple[str, str, str, str]], str]:
    """A clean pairs file and the pairs it holds (licence and name of each player)."""
    count = draw(st.integers(1, 8))
    licences = draw(
        st.lists(st.integers(1, 10**7), min_size=2 * count, max_size=2 * count, unique=True)
    )
    pairs = [
        (str(licences[2 * i]), draw(names), str(licences[2 * i + 1]), draw(names))
        for i in range(count)
    ]
    sep = draw(st.sampled_from([";", ",", "\t"]))
    lines = [sep.join(["licence1", "nom1", "licence2", "nom2"])]
    lines += [sep.join(p) for p in pairs]
    return pairs, "\n".join(lines) + "\n"


@given(pairs_files())
def test_a_clean_file_gives_back_its_pairs(
    case: tuple[list[tuple[str, str, str, str]], str],
) -> None:
    pairs, text = case
    parsed = parse_pairs(text)
    assert [
        (p.licence, p.name, p.partner.licence, p.partner.name) for p in parsed if p.partner
    ] == pairs


@given(pairs_files(), st.data())
def test_one_broken_line_refuses_the_file_at_that_line(
    case: tuple[list[tuple[str, str, str, str]], str], data: st.DataObject
) -> None:
    """Whatever line is broken (a partner's licence emptied, or the same for both), the file
    is refused, nothing returned, and the error names that line."""
    pairs, text = case
    lines = text.splitlines()
    k = data.draw(st.integers(1, len(pairs)))
    first, name1, _, name2 = pairs[k - 1]
    second = data.draw(st.sampled_from(["", first]))
    sep = next(c for c in (";", ",", "\t") if c in lines[0])
    lines[k] = sep.join([first, name1, second, name2])
    with pytest.raises(PlayersFileError) as refused:
        parse_pairs("\n".join(lines) + "\n")
    assert [e.line for e in refused.value.errors] == [k + 1]


@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_as_a_players_file(text: str) -> None:
    try:
        parsed = parse_pairs(text)
    except PlayersFileError as exc:
        assert exc.errors
    else:
        assert all(p.partner is not None and p.licence != p.partner.licence for p in parsed)
