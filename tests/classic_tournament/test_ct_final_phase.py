"""The Classic final phase (seed 000, preamble: "une phase finale opposant les deux premiers
ou les quatre premiers"; the details are the project's decisions, docs/classic-tournament.md)."""

from __future__ import annotations

import pytest

from arbitre.classic.tournament import final_phase as fp
from arbitre.i18n import word


def refusal(call, *args):  # type: ignore[no-untyped-def]
    with pytest.raises(fp.FinalPhaseError) as caught:
        call(*args)
    return caught.value.message


def test_000_final_of_the_first_two_and_of_the_first_four() -> None:
    assert fp.plan(["A", "B", "C"], 2) == [("F", "A", "B")]
    matches = fp.resolve(["A", "B", "C", "D"], 4, 3, {"SF1": [(400, 300), (300, 400), (420, 380)]})
    by_id = {m.id: m for m in matches}
    assert (by_id["SF1"].top, by_id["SF1"].bottom, by_id["SF1"].winner) == ("A", "D", "A")
    assert (by_id["SF2"].top, by_id["SF2"].bottom) == ("B", "C")
    assert by_id["F"].top == "A" and by_id["F"].bottom is None
    assert by_id["P3"].top == "D" and by_id["P3"].bottom is None


def test_000_only_two_or_four_play_the_final_phase() -> None:
    assert refusal(fp.plan, ["A", "B", "C"], 3).code == "final_phase.size"
    message = refusal(fp.plan, ["A", "B", "C"], 4)
    assert (message.code, message.params) == (
        "final_phase.players_needed",
        {"size": 4, "found": 3},
    )
    assert word(message) == "Il faut 4 joueurs classés pour la phase finale (3 ici)."


def test_match_winner_best_of_three() -> None:
    assert fp.match_winner("A", "B", [(400, 300), (410, 300)], 3) == "A"
    assert fp.match_winner("A", "B", [(300, 400), (410, 300), (350, 360)], 3) == "B"
    extra = refusal(fp.match_winner, "A", "B", [(400, 300), (410, 300), (300, 400)], 3)
    assert (extra.code, extra.params) == ("final_phase.extra_game", {"number": 3})
    assert refusal(fp.match_winner, "A", "B", [(400, 300)], 3).code == "final_phase.no_winner"
    # a drawn game counts half: 1.5 - 0.5 after two games is not decided yet (a third
    # game may tie the match), and a tie after three games needs a deciding game
    undecided = refusal(fp.match_winner, "A", "B", [(400, 400), (410, 300)], 3)
    assert undecided.params == {"top": 1.5, "bottom": 0.5}
    assert fp.match_winner("A", "B", [(400, 400), (410, 300), (400, 300)], 3) == "A"
    tied = [(400, 400), (410, 300), (300, 400)]
    message = refusal(fp.match_winner, "A", "B", tied, 3)
    assert word(message) == (
        "Le match n'a pas de vainqueur (1.5 - 1.5) : saisissez la partie qui le départage."
    )
    assert fp.match_winner("A", "B", [*tied, (300, 420)], 3) == "B"
    assert refusal(fp.match_winner, "A", "B", [(400, 400)], 1).code == "final_phase.no_winner"
    assert fp.match_winner("A", "B", [(400, 400), (300, 310)], 1) == "B"


def test_match_refusals() -> None:
    assert refusal(fp.match_winner, "A", "B", [(1, 0)], 2).code == "final_phase.best_of"
    assert refusal(fp.match_winner, "A", "B", [], 1).code == "final_phase.no_games"
    # a fourth game is refused unless the first three left the match tied
    assert (
        refusal(fp.match_winner, "A", "B", [(2, 2), (3, 1), (1, 3), (3, 1), (1, 0)], 3).code
        == "final_phase.extra_game"
    )
    # after a tie in three games, deciding games follow until one player wins, a drawn
    # deciding game included (it leaves the match tied at 2 - 2)
    assert fp.match_winner("A", "B", [(2, 2), (3, 1), (1, 3), (2, 2), (3, 1)], 3) == "A"
    drawn = refusal(fp.match_winner, "A", "B", [(2, 2), (3, 1), (1, 3), (2, 2)], 3)
    assert (drawn.code, drawn.params) == ("final_phase.no_winner", {"top": 2.0, "bottom": 2.0})


def test_results_of_unknown_or_unready_matches_are_refused() -> None:
    unready = refusal(fp.resolve, ["A", "B", "C", "D"], 4, 1, {"F": [(300, 200)]})
    assert word(unready) == "Finale : ses joueurs ne sont pas encore connus."
    assert word(unready, "en") == "Final: its players are not known yet."
    unknown = refusal(fp.resolve, ["A", "B"], 2, 1, {"SF1": [(300, 200)]})
    assert unknown.params == {"matches": "SF1"}


def test_final_places() -> None:
    results = {
        "SF1": [(300, 400)],
        "SF2": [(400, 300)],
        "F": [(380, 390)],
        "P3": [(400, 390)],
    }
    matches = fp.resolve(["A", "B", "C", "D"], 4, 1, results)
    assert fp.final_places(matches) == {"B": 1, "D": 2, "A": 3, "C": 4}
    assert fp.final_places(matches[:2]) == {}
    assert [word(m.name) for m in matches] == [
        "Demi-finale 1",
        "Demi-finale 2",
        "Finale",
        "Match pour la 3e place",
    ]
