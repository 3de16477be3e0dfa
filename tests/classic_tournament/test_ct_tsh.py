"""The TSH ``.t`` file of a Classic tournament (arbitre.classic.tournament.tsh)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.classic.tournament.model import Game, Player, Round
from arbitre.classic.tournament.tsh import format_tsh
from tests.support import depth

PLAYERS = [Player("Ana", 1500), Player("Bob", 1400), Player("Cid;Jr", 1300), Player("Dan", 900)]


def test_played_bye_forfeit_and_absence() -> None:
    rounds = [
        Round(1, (Game(1, "Ana", "Dan", 410, 300), Game(1, "Bob", "Cid;Jr", 350, 360))),
        Round(
            2,
            (
                Game(2, "Ana", "Cid;Jr", None, 0, forfeit_a=True),  # Ana forfeits
                Game(2, "Bob", None),  # a bye; Dan is absent from round 2
            ),
        ),
    ]
    assert format_tsh(PLAYERS, rounds).splitlines() == [
        "Ana 1500 4 0; 410 -50",
        "Bob 1400 3 0; 350 50",
        "Cid,Jr 1300 2 0; 360 50",  # ';' would end the name field
        "Dan 900 1 0; 300 -50",
    ]


def test_no_round_yet() -> None:
    assert format_tsh(PLAYERS[:2], []) == "Ana 1500 ;\nBob 1400 ;\n"


@settings(max_examples=depth(50), deadline=None)
@given(st.data())
def test_opponents_and_scores_are_symmetric(data: st.DataObject) -> None:
    names = [p.name for p in PLAYERS]
    rounds = []
    for number in range(1, data.draw(st.integers(1, 4)) + 1):
        order = data.draw(st.permutations(names))
        scores = data.draw(st.lists(st.integers(0, 600), min_size=4, max_size=4))
        games = (
            Game(number, order[0], order[1], scores[0], scores[1]),
            Game(number, order[2], order[3], scores[2], scores[3]),
        )
        rounds.append(Round(number, games))
    lines = format_tsh(PLAYERS, rounds).splitlines()
    table = {}
    for i, line in enumerate(lines, start=1):
        head, _, tail = line.partition(";")
        table[i] = (head.split()[2:], tail.split())
    for rnd_index, rnd in enumerate(rounds):
        for game in rnd.games:
            a, b = names.index(game.a) + 1, names.index(game.b or "") + 1
            assert table[a][0][rnd_index] == str(b) and table[b][0][rnd_index] == str(a)
            assert table[a][1][rnd_index] == str(game.score_a)
            assert table[b][1][rnd_index] == str(game.score_b)


def test_a_written_tsh_file_reads_back() -> None:
    from arbitre.classic.tournament import Game, Player, Round
    from arbitre.classic.tournament.tsh import format_tsh, parse_tsh

    players = [Player("Ana Lou", 1500), Player("=Bob", 1400), Player("Cid", 1300)]
    rounds = [
        Round(1, (Game(1, "Ana Lou", "=Bob", 420, 380), Game(1, "Cid", None))),
        Round(2, (Game(2, "Cid", "Ana Lou", None, 300, forfeit_a=True), Game(2, "=Bob", None))),
    ]
    lines = parse_tsh(format_tsh(players, rounds))
    assert [(t.name, t.rating, t.opponents, t.scores) for t in lines] == [
        ("Ana Lou", 1500, (2, 0), (420, 50)),
        ("=Bob", 1400, (1, 0), (380, 50)),
        ("Cid", 1300, (0, 0), (50, -50)),
    ]


def test_a_malformed_tsh_file_is_refused_with_its_line() -> None:
    import pytest

    from arbitre.classic.tournament.tsh import TshFormatError, parse_tsh
    from arbitre.i18n import word

    for text, said in (
        ("Ana 1500 2 420\n", "ligne 1 : pas de « ; » entre les adversaires et les scores"),
        ("Ana 1500 2; 420\nBob 1400 1; 380 12\n", "ligne 2 : 1 adversaires pour 2 scores"),
        ("Ana 1500 3; 420\nBob 1400 1; 380\n", "ligne 1 : ronde 1 : aucun joueur à la ligne 3"),
        ("1500 2; 420\n", "ligne 1 : un nom puis une cote sont attendus"),
    ):
        with pytest.raises(TshFormatError) as refused:
            parse_tsh(text)
        assert word(refused.value.message) == said
