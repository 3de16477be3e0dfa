"""The game record: write, load, replay, refuse a tampered record."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitre.duplicate.draws import Bag
from arbitre.duplicate.game import DuplicateGame
from arbitre.duplicate.record import (
    RecordError,
    as_predrawn,
    dumps,
    load,
    loads,
    replay,
    to_record,
)
from tests.duplicate.duplicate_words import make_lexicon
from tests.duplicate.wording import refused
from tests.support import depth

LEX = make_lexicon()


def played(seed: int) -> DuplicateGame:
    game = DuplicateGame(LEX, seed=seed, engine="fast")
    game.autoplay()
    return game


def record_with_attempts() -> dict[str, Any]:
    """A seeded game whose record holds rejects (searching seeds in order)."""
    for seed in range(200):
        rec = to_record(played(seed))
        if any(a["outcome"] == "reject" for m in rec["moves"] for a in m["attempts"]):
            return rec
    raise AssertionError("no seed with a reject")


def test_record_holds_the_required_fields() -> None:
    game = played(5)
    rec = to_record(game)
    assert rec["format"] == "arbitre.duplicate.game" and rec["version"] == 1
    assert rec["lexicon"]["name"] == LEX.name and rec["lexicon"]["sha256"] == LEX.sha256
    assert rec["seed"] == 5 and rec["tiles"] is None
    first = rec["moves"][0]
    assert set(first) >= {"number", "leave", "drawn", "attempts", "top", "equal_tops", "total"}
    assert set(first["top"]) >= {"coordinate", "word", "score"}
    assert rec["moves"][-1]["total"] == game.total
    assert rec["end"]["reason"] == game.end_reason
    json.dumps(rec)  # JSON-ready


def test_replay_reproduces_the_game(tmp_path: Path) -> None:
    game = played(8)
    path = tmp_path / "game.json"
    path.write_text(dumps(to_record(game)), encoding="utf-8")
    again = replay(load(path), LEX)
    assert to_record(again) == to_record(game)
    assert again.board == game.board and again.total == game.total


def test_same_seed_same_game() -> None:
    assert to_record(played(21)) == to_record(played(21))


def test_replay_with_rejects_and_annulments() -> None:
    rec = record_with_attempts()
    assert to_record(replay(rec, LEX)) == rec
    # an arbiter's annulments replay too
    game = DuplicateGame(LEX, seed=4, engine="fast")
    game.step()
    game.step()
    game.annul_last_move("placement error")
    game.draw()
    game.annul_draw("spelling error")
    game.autoplay()
    rec = to_record(game)
    outcomes = [a["outcome"] for a in rec["moves"][1]["attempts"]]
    assert outcomes[-2:] == ["annulled", "annulled"]
    assert "top" in rec["moves"][1]["attempts"][-2]
    assert to_record(replay(rec, LEX)) == rec


def test_predrawn_game_with_entered_draws() -> None:
    """A pre-drawn game: every draw entered, no seed; other rooms replay the same draws."""
    source = to_record(played(30))
    game = DuplicateGame(LEX, random_draws=False, engine="fast")
    for move in source["moves"]:
        for a in move["attempts"]:
            if a["outcome"] == "reject":
                game.reject(a["drawn"])
            else:
                game.draw(a["drawn"])
                game.annul_no_score()
        game.draw(move["drawn"])
        game.play()
    rec = to_record(game)
    assert rec["seed"] is None
    assert [m["top"] for m in rec["moves"]] == [m["top"] for m in source["moves"]]
    assert to_record(replay(rec, LEX)) == rec


def test_as_predrawn_replays_without_the_seed() -> None:
    rec = record_with_attempts()
    pre = as_predrawn(rec)
    assert pre["seed"] is None and all(m["entered"] for m in pre["moves"])
    game = replay(pre, LEX)
    assert [e.move for e in game.moves] == [e.move for e in replay(rec, LEX).moves]
    assert to_record(game) == pre
    # a pre-drawn record whose draw is not in the bag any more is refused
    bad = copy.deepcopy(pre)
    bad["moves"][1]["drawn"] = "KKKKKKK"[: len(bad["moves"][1]["drawn"])]
    with refused(RecordError, "move 2"):
        replay(bad, LEX)


def tampered(rec: dict[str, Any], change: Any) -> dict[str, Any]:
    out = copy.deepcopy(rec)
    change(out)
    return out


def _swap_draw(r: dict[str, Any]) -> None:
    m = r["moves"][3]
    m["drawn"] = m["drawn"][::-1] if len(set(m["drawn"])) > 1 else "ZZ"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["moves"][4]["top"].update(score=r["moves"][4]["top"]["score"] + 1), "move 5"),
        (lambda r: r["moves"][2].update(total=r["moves"][2]["total"] + 10), "move 3"),
        (_swap_draw, "move 4"),
        (lambda r: r["moves"][6]["top"].update(word="ZZ"), "move 7"),
        (lambda r: r["moves"][1]["equal_tops"].append("A1 ZZ"), "move 2"),
        (lambda r: r["moves"][5].update(leave="Q"), "move 6"),
        (lambda r: r.update(seed=r["seed"] + 1), "move 1"),
        (lambda r: r["moves"].pop(), r"move \d+"),
        (lambda r: r.update(end=None), "game is over"),
        (lambda r: r["moves"][3].update(number=9), "move 4"),
    ],
)
def test_tampered_record_refused_naming_the_move(change: Any, message: str) -> None:
    rec = to_record(played(8))
    assert len(rec["moves"]) >= 8
    with refused(RecordError, message):
        replay(tampered(rec, change), LEX)


def test_removed_reject_refused() -> None:
    rec = record_with_attempts()
    index = next(i for i, m in enumerate(rec["moves"]) if m["attempts"])

    def drop(r: dict[str, Any]) -> None:
        r["moves"][index]["attempts"] = []

    with refused(RecordError, f"move {index + 1}"):
        replay(tampered(rec, drop), LEX)


def test_entered_draws_checked_on_replay() -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast")
    game.draw("NATURES")
    game.play()
    game.draw("AEBCDFG")
    game.play()
    rec = to_record(game)
    rec2 = tampered(rec, lambda r: r["moves"][1].update(drawn="BCDFGHJ"))
    with refused(RecordError, "move 2"):
        replay(rec2, LEX)
    rec3 = tampered(rec, lambda r: r["moves"][1].update(drawn="AEIOUAE", entered=True))
    with refused(RecordError, "move 2"):
        replay(rec3, LEX)


def test_other_word_list_refused() -> None:
    rec = to_record(played(2))
    rec["lexicon"]["sha256"] = "0" * 64
    with refused(RecordError, "word list"):
        replay(rec, LEX)


def test_unreadable_records() -> None:
    with refused(RecordError, "not JSON"):
        loads("{")
    with refused(RecordError, "not a Duplicate game record"):
        loads('{"format": "other"}')
    rec = to_record(played(2))
    rec["moves"][0]["top"] = "H8 AA"
    with refused(RecordError, "move 1"):
        replay(rec, LEX)
    rec = to_record(played(2))
    rec["tiles"] = "KKK"
    with refused(RecordError, "tiles"):
        replay(rec, LEX)


def test_custom_bag_round_trip() -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast", bag=Bag.of("ZEROUU"))
    game.draw("ZEROUU")
    game.play()
    rec = to_record(game)
    assert rec["tiles"] == "EORUUZ" and rec["end"] == {"reason": "letters_left", "letters": "UU"}
    assert to_record(replay(rec, LEX)) == rec


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.extend(_paths(v, (*prefix, i)))
    return out


BASE = to_record(played(8))
PATHS = [p for p in _paths(BASE) if p]
JUNK = [None, 0, -1, "", "ZZ", "H8 AA", [], {}, True, 1.5, [1], {"a": 1}]


@settings(max_examples=depth(300), deadline=None)
@given(st.sampled_from(PATHS), st.sampled_from(JUNK), st.booleans())
def test_any_corruption_gives_a_record_error_not_a_crash(
    path: tuple[Any, ...], junk: Any, delete: bool
) -> None:
    rec = copy.deepcopy(BASE)
    parent = rec
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
    else:
        parent[path[-1]] = junk
    try:
        replay(rec, LEX)
    except RecordError:
        pass
