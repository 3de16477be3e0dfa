"""A centre's results file (format ``arbitre.duplicate.centre_results``): read or refused
with the reason, signed and verified, the proof of opening tied to the code."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitre.duplicate import centre_results as cr
from arbitre.duplicate.centre_results import ResultsRefused

CODE = "48210937556218407730"


def good() -> dict[str, Any]:
    return {
        "format": cr.FORMAT,
        "version": 1,
        "simultane": "sim-1",
        "proof": cr.opening_proof(CODE, "sim-1"),
        "games_ended": [1],
        "players": [
            {
                "licence": "101",
                "name": "DUPONT",
                "first_name": "Anne",
                "series": 2,
                "category": "V",
                "games": [64, 30],
                "total": 94,
                "warnings": 1,
                "penalty": 0,
            }
        ],
        "ballots": [
            {"licence": "101", "game": 1, "move": 1, "score": 64, "sanction": "", "warning": False}
        ],
    }


def test_a_good_file_reads() -> None:
    read = cr.loads(good(), games=2)
    assert read.players[0].games == (64, 30) and read.ballots[0].score == 64
    assert read.games_ended == (1,)


def test_the_signature_covers_every_field() -> None:
    secret = b"digest-of-the-club-key"
    results = good()
    signature = cr.sign(results, secret)
    assert cr.verify(results, signature, secret)
    assert cr.verify(json.loads(json.dumps(results)), signature, secret)  # any key order
    changed = copy.deepcopy(results)
    changed["players"][0]["games"][0] = 65
    assert not cr.verify(changed, signature, secret)
    assert not cr.verify(results, signature, b"another key")


def test_the_proof_needs_the_code() -> None:
    assert cr.opening_proof(CODE, "sim-1") != cr.opening_proof("1" * 20, "sim-1")
    assert cr.opening_proof(CODE, "sim-1") != cr.opening_proof(CODE, "sim-2")


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d.update(format="x"), "not_results"),
        (lambda d: d.update(version=3), "version"),
        (lambda d: d.update(games_ended=[3]), "game_number"),
        (lambda d: d["players"][0].update(total=95), "total"),
        (lambda d: d["players"][0].update(games=[64]), "games_count"),
        (lambda d: d["players"][0].update(warnings=-1), "wrong_type"),
        (lambda d: d["players"].append(dict(d["players"][0])), "licence_twice"),
        (lambda d: d["ballots"][0].update(licence="999"), "unknown_player"),
        (lambda d: d["ballots"].append(dict(d["ballots"][0])), "ballot_twice"),
        (lambda d: d["ballots"][0].update(game=5), "game_number"),
        (lambda d: d["ballots"][0].pop("score"), "missing"),
    ],
)
def test_a_bad_file_is_refused_with_the_reason(change: Any, code: str) -> None:
    data = good()
    change(data)
    with pytest.raises(ResultsRefused) as refused:
        cr.loads(data, games=2)
    assert refused.value.message.code == f"duplicate.centre_results.{code}"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@given(st.data())
def test_any_change_reads_or_is_refused_with_a_known_reason(data: st.DataObject) -> None:
    results = good()
    where = data.draw(st.sampled_from(["top", "player", "ballot"]))
    target = {
        "top": results,
        "player": results["players"][0],
        "ballot": results["ballots"][0],
    }[where]
    target[data.draw(st.sampled_from(sorted(target)))] = data.draw(json_values)
    try:
        read = cr.loads(results, games=2)
    except ResultsRefused as exc:
        assert exc.message.code in cr.MESSAGE_CODES
    else:
        assert all(p.total == sum(p.games) for p in read.players)
