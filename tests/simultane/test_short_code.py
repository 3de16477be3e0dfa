"""The short code read out by phone (docs/simultanes.md): 19 random digits and a Damm check
digit. The check must catch the two slips of a code said over the phone, one digit misheard
and two neighbouring digits swapped (Damm's algorithm catches both, always)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.duplicate import short_code
from arbitre.duplicate.short_code import CodeRefused, from_number, parse

secrets = st.integers(min_value=0, max_value=10**19 - 1)


def digits_of(code: str) -> str:
    return code.replace(" ", "")


def test_damm_check_digit_of_the_published_example() -> None:
    # H. M. Damm's example, as every description of the algorithm gives it: 572 -> 4
    assert short_code.damm("572") == 4
    assert short_code.damm("5724") == 0


@given(secrets)
def test_a_code_is_twenty_digits_in_five_groups_and_reads_back(secret: int) -> None:
    code = from_number(secret)
    groups = code.split(" ")
    assert [len(g) for g in groups] == [4, 4, 4, 4, 4]
    assert parse(code) == digits_of(code)
    assert int(digits_of(code)[:19]) == secret


@given(secrets, st.data())
def test_any_one_digit_misheard_is_refused(secret: int, data: st.DataObject) -> None:
    digits = digits_of(from_number(secret))
    at = data.draw(st.integers(0, 19))
    other = data.draw(st.sampled_from([d for d in "0123456789" if d != digits[at]]))
    wrong = digits[:at] + other + digits[at + 1 :]
    with pytest.raises(CodeRefused) as refused:
        parse(wrong)
    assert refused.value.message.code == "duplicate.short_code.check"


@given(secrets, st.data())
def test_two_neighbouring_digits_swapped_are_refused(secret: int, data: st.DataObject) -> None:
    digits = digits_of(from_number(secret))
    at = data.draw(st.integers(0, 18))
    if digits[at] == digits[at + 1]:
        return  # the same code
    wrong = digits[:at] + digits[at + 1] + digits[at] + digits[at + 2 :]
    with pytest.raises(CodeRefused) as refused:
        parse(wrong)
    assert refused.value.message.code == "duplicate.short_code.check"


@given(secrets, st.lists(st.sampled_from([" ", "-", ".", "  "]), min_size=20, max_size=20))
def test_separators_anywhere_are_ignored(secret: int, seps: list[str]) -> None:
    digits = digits_of(from_number(secret))
    typed = "".join(d + s for d, s in zip(digits, seps, strict=True))
    assert parse(typed) == digits


@given(st.text(max_size=60))
def test_any_text_is_a_code_or_a_worded_refusal(text: str) -> None:
    try:
        digits = parse(text)
    except CodeRefused as exc:
        assert exc.message.code in short_code.MESSAGE_CODES
    else:
        assert len(digits) == 20 and digits.isdigit() and short_code.damm(digits) == 0


@pytest.mark.parametrize(
    ("typed", "code", "params"),
    [
        ("", "duplicate.short_code.empty", {}),
        ("  - ", "duplicate.short_code.empty", {}),
        ("1234 5678 9O12", "duplicate.short_code.character", {"char": "O", "position": 12}),
        ("1234 5678", "duplicate.short_code.length", {"count": 8, "expected": 20}),
        ("1" * 21, "duplicate.short_code.length", {"count": 21, "expected": 20}),
    ],
)
def test_what_is_wrong_is_said(typed: str, code: str, params: dict[str, object]) -> None:
    with pytest.raises(CodeRefused) as refused:
        parse(typed)
    assert refused.value.message.code == code
    assert refused.value.message.params == params


def test_the_refusal_is_worded_in_french() -> None:
    from arbitre.i18n import word

    with pytest.raises(CodeRefused) as refused:
        parse("1234 5678 9012 3456 7819")
    assert word(refused.value.message) == (
        "le chiffre de contrôle ne correspond pas : un chiffre mal entendu ou deux chiffres "
        "inversés"
    )
