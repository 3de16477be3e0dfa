"""The sealed games file (format ``arbitre.duplicate.sealed``): nobody reads a draw without
the code, the code opens it, a wrong code or a changed file is refused with the reason."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.duplicate import sealed, short_code
from arbitre.duplicate.sealed import Header, Kdf, SealedRefused
from arbitre.duplicate.short_code import CodeRefused
from tests.simultane.games import DRAWS, predrawn
from tests.support import depth

CODE = short_code.from_number(4821093755621840773)
OTHER = short_code.from_number(4821093755621840774)
#: the lowest cost a file may ask for keeps the tests fast; the federation uses 2**15
FAST = Kdf(salt=b"s" * 16, n=2**10)
HEADER = Header(
    uid="sim-1",
    name="Simultané fédéral de mars",
    type_code="SF",
    starts_at=datetime(2027, 3, 12, 13, 0, tzinfo=UTC),
    seconds_per_move=180,
    games=1,
)


@cache
def sealed_text() -> str:
    made = sealed.seal(HEADER, [predrawn()], short_code.parse(CODE), FAST, b"n" * 12)
    return sealed.dumps(made)


def test_the_file_shows_the_simultane_but_no_draw() -> None:
    text = sealed_text()
    data = json.loads(text)
    assert data["simultane"]["name"] == "Simultané fédéral de mars"
    assert set(data) == {"format", "version", "simultane", "kdf", "cipher", "ciphertext"}
    for draw in DRAWS:
        assert draw not in text
    assert "moves" not in text and "MAISON" not in text


def test_the_code_opens_the_games_as_sealed() -> None:
    games = sealed.open_with_code(sealed.loads(sealed_text()), CODE)
    assert games == [predrawn()]
    assert [m["drawn"] for m in games[0]["moves"]] == ["AIMNOSE", "RUTSEA"]


def test_the_code_typed_with_hyphens_opens_it_too() -> None:
    typed = CODE.replace(" ", "-")
    assert sealed.open_with_code(sealed.loads(sealed_text()), typed) == [predrawn()]


def test_another_code_is_refused_as_not_opening() -> None:
    with pytest.raises(SealedRefused) as refused:
        sealed.open_with_code(sealed.loads(sealed_text()), OTHER)
    assert refused.value.message.code == "duplicate.sealed.wrong_code"


def test_a_misheard_digit_is_refused_as_a_code_before_any_derivation() -> None:
    digits = CODE.replace(" ", "")
    wrong = digits[:5] + str((int(digits[5]) + 1) % 10) + digits[6:]
    with pytest.raises(CodeRefused):
        sealed.open_with_code(sealed.loads(sealed_text()), wrong)


@pytest.mark.parametrize(
    ("key", "value"),
    [("name", "Autre simultané"), ("starts_at", "2027-03-12T12:00:00+00:00"), ("type", "SP")],
)
def test_a_changed_header_does_not_open(key: str, value: str) -> None:
    data = json.loads(sealed_text())
    data["simultane"][key] = value
    with pytest.raises(SealedRefused) as refused:
        sealed.open_with_code(sealed.loads(json.dumps(data)), CODE)
    assert refused.value.message.code == "duplicate.sealed.wrong_code"


def test_a_changed_ciphertext_does_not_open() -> None:
    data = json.loads(sealed_text())
    raw = bytearray(base64.b64decode(data["ciphertext"]))
    raw[3] ^= 1
    data["ciphertext"] = base64.b64encode(bytes(raw)).decode()
    with pytest.raises(SealedRefused, match="wrong_code"):
        sealed.open_with_code(sealed.loads(json.dumps(data)), CODE)


def test_seal_refuses_a_count_of_games_other_than_announced() -> None:
    with pytest.raises(SealedRefused, match="games_count"):
        sealed.seal(HEADER, [predrawn(), predrawn()], short_code.parse(CODE), FAST, b"n" * 12)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d.update(format="autre"), "not_sealed"),
        (lambda d: d.update(version=3), "version"),
        (lambda d: d.pop("kdf"), "missing"),
        (lambda d: d["kdf"].update(n=2**30), "bad_kdf"),
        (lambda d: d["kdf"].update(n=3000), "bad_kdf"),
        (lambda d: d["kdf"].update(name="pbkdf2"), "bad_kdf"),
        (lambda d: d["cipher"].update(name="DES"), "bad_cipher"),
        (lambda d: d["cipher"].update(nonce="AAAA"), "bad_base64"),
        (lambda d: d.update(ciphertext="***"), "bad_base64"),
        (lambda d: d["simultane"].update(starts_at="2027-03-12T13:00:00"), "bad_time"),
        (lambda d: d["simultane"].update(games=0), "games_count"),
        (lambda d: d["simultane"].update(games=True), "wrong_type"),
        (lambda d: d["simultane"].update(extra=1), "wrong_type"),
    ],
)
def test_a_malformed_file_is_refused_with_the_reason(change: Any, code: str) -> None:
    data = json.loads(sealed_text())
    change(data)
    with pytest.raises(SealedRefused) as refused:
        sealed.loads(json.dumps(data))
    assert refused.value.message.code == f"duplicate.sealed.{code}"


def test_a_file_that_is_not_json_is_refused() -> None:
    with pytest.raises(SealedRefused, match="not_json"):
        sealed.loads('{"format": ')


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=20,
)


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=depth(150))
@given(st.data())
def test_any_file_reads_or_is_refused_with_a_known_reason(data: st.DataObject) -> None:
    """Random changes to one field of a good file, or random text: a file or a refusal,
    never another error."""
    good = json.loads(sealed_text())
    if data.draw(st.booleans()):
        text = data.draw(st.text(max_size=200))
    else:
        part = data.draw(st.sampled_from(["top", "simultane", "kdf", "cipher"]))
        target = good if part == "top" else good[part]
        target[data.draw(st.sampled_from(sorted(target)))] = data.draw(json_values)
        text = json.dumps(good)
    try:
        read = sealed.loads(text)
    except SealedRefused as exc:
        assert exc.message.code in sealed.MESSAGE_CODES
    else:
        assert read.header.games >= 1 and len(read.nonce) == 12


def test_every_refusal_is_worded_in_french() -> None:
    from arbitre.i18n import word

    with pytest.raises(SealedRefused) as refused:
        sealed.open_with_code(sealed.loads(sealed_text()), OTHER)
    assert word(refused.value.message).startswith("ce code n'ouvre pas ces parties")
