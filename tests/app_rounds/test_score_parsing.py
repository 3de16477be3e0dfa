"""The final stages' score reader (rounds.services.parse_scores): Classic games may end below
zero (seed 001 7.1, 8.1), backgammon sets never do."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arbitre.app.rounds.services import ServiceError, parse_scores


@given(st.lists(st.tuples(st.integers(-999, 999), st.integers(-999, 999)), max_size=4))
def test_signed_scores_read_back_what_was_written(games: list[tuple[int, int]]) -> None:
    text = " ".join(f"{a}-{b}" for a, b in games)
    assert parse_scores(text, negative=True) == games


@given(st.text(alphabet="0123456789-+ ²x", max_size=12))
def test_unsigned_scores_never_take_a_minus(text: str) -> None:
    try:
        games = parse_scores(text)
    except ServiceError:
        return
    assert all(a >= 0 and b >= 0 for a, b in games)
