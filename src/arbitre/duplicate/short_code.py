"""The short code that opens a simultané's sealed games over the phone (docs/simultanes.md).

A centre that has no network at the official start calls the federation, which reads out
this code. It is 20 decimal digits, said and typed in five groups of four
(``4821 0937 5562 1840 7736``): 19 random digits (10**19, about 63 bits) and a last
check digit by Damm's algorithm, which catches every single wrong digit and every swap of
two neighbouring digits, the two slips of a code read over the phone. Digits rather than
letters: a French phone call tells « huit » from « trois » better than « B » from « D ».

The code is not the key: the sealed file's key is derived from it with scrypt and the file's
own salt (:mod:`arbitre.duplicate.sealed`), so that trying codes against a file downloaded
days ahead costs a memory-hard derivation each.

>>> code = from_number(1234567890123456789)
>>> code
'1234 5678 9012 3456 7891'
>>> parse("1234-5678-9012-3456-7891") == parse(code) == "12345678901234567891"
True
>>> parse("1234 5678 9012 3456 7819")
Traceback (most recent call last):
...
arbitre.duplicate.short_code.CodeRefused: duplicate.short_code.check()
"""

from __future__ import annotations

from arbitre.common.messages import Message, Refusal

#: Random digits of a code, before its check digit.
SECRET_DIGITS = 19
#: Digits of a whole code (the check digit last).
DIGITS = SECRET_DIGITS + 1
#: Digits said together, between spaces.
GROUP = 4
#: What may separate the groups when the code is typed.
SEPARATORS = frozenset(" -.\t\u00a0\u202f")

MESSAGE_CODES = frozenset(
    f"duplicate.short_code.{name}" for name in ("empty", "character", "length", "check")
)
"""Refusals of a typed code (``duplicate.short_code.*``)."""

# Damm's quasigroup of order 10 (weakly totally anti-symmetric): row = interim, column = digit.
_DAMM = (
    (0, 3, 1, 7, 5, 9, 8, 6, 4, 2),
    (7, 0, 9, 2, 1, 5, 4, 8, 6, 3),
    (4, 2, 0, 6, 8, 7, 1, 3, 5, 9),
    (1, 7, 5, 0, 9, 8, 3, 4, 2, 6),
    (6, 1, 2, 3, 0, 4, 5, 9, 7, 8),
    (3, 6, 7, 4, 2, 0, 9, 5, 8, 1),
    (5, 8, 6, 9, 7, 2, 0, 1, 3, 4),
    (8, 9, 4, 5, 3, 6, 2, 0, 1, 7),
    (9, 4, 3, 8, 6, 1, 7, 2, 0, 5),
    (2, 5, 8, 1, 4, 3, 6, 7, 9, 0),
)


class CodeRefused(Refusal):
    """A typed code that is not a code: the reason as a message (``duplicate.short_code.*``)."""


def _refused(code: str, /, **params: str | int) -> CodeRefused:
    return CodeRefused(Message.of(f"duplicate.short_code.{code}", **params))


def damm(digits: str) -> int:
    """Damm's check digit of ``digits``: appended, the whole string checks to 0.

    >>> damm("572"), damm("5724")
    (4, 0)
    """
    interim = 0
    for d in digits:
        interim = _DAMM[interim][ord(d) - 48]
    return interim


def grouped(digits: str) -> str:
    """The code as it is said: groups of four digits between spaces."""
    return " ".join(digits[i : i + GROUP] for i in range(0, len(digits), GROUP))


def from_number(secret: int) -> str:
    """The code of the random number ``secret`` (0 <= secret < 10**19), grouped."""
    if not 0 <= secret < 10**SECRET_DIGITS:
        raise ValueError("the secret is out of range")
    digits = f"{secret:0{SECRET_DIGITS}d}"
    return grouped(digits + str(damm(digits)))


def parse(text: str) -> str:
    """The code's 20 digits as typed in ``text`` (spaces, hyphens or dots between groups
    allowed), or :class:`CodeRefused` saying what is wrong: no code, a character that is not
    a digit (its position among the characters typed), too few or too many digits, or a
    check digit that does not match (a digit misheard or two swapped)."""
    digits = []
    for position, char in enumerate(text.strip(), start=1):
        if char in SEPARATORS:
            continue
        if not ("0" <= char <= "9"):
            raise _refused("character", char=char, position=position)
        digits.append(char)
    if not digits:
        raise _refused("empty")
    if len(digits) != DIGITS:
        raise _refused("length", count=len(digits), expected=DIGITS)
    joined = "".join(digits)
    if damm(joined) != 0:
        raise _refused("check")
    return joined
