"""The Duplicate game record: a JSON document that replays a game step by step.

Format ``arbitre.duplicate.game``, version 1 (documented in docs/duplicate-game.md)::

    {"format": "arbitre.duplicate.game", "version": 1,
     "lexicon": {"name": "ods9", "sha256": "..."},
     "seed": 42, "settings": {"strong_until": 15, "max_no_score_draws": 10},
     "tiles": null,
     "moves": [{"number": 1, "leave": "", "drawn": "EAUSTRN", "entered": false,
                "attempts": [{"leave": "", "drawn": "AEIOUAE", "outcome": "reject",
                              "entered": false, "reason": "..."}],
                "top": {"coordinate": "H4", "word": "NATURES", "score": 64, "bingo": true},
                "equal_tops": ["H4 NATURES", "H8 NATURES"], "total": 64}],
     "pending": {"attempts": [], "draw": null},
     "end": {"reason": "letters_left", "letters": "EEI"}}

A pre-drawn game (the same draws for several rooms) is such a record: it holds no players.
:func:`replay` rebuilds the game from a record and checks every step against the engine; the
first inconsistency raises :class:`RecordError` naming the move. Its message
(``duplicate.record.at``: the place, then the reason) is worded by the interface.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from arbitre.common.messages import Message, Param, Refusal
from arbitre.duplicate.draws import Bag, BagError, InvalidDrawError
from arbitre.duplicate.game import (
    END_REASONS,
    OUTCOMES,
    DuplicateGame,
    DuplicateSettings,
    GameStateError,
    MoveChoiceError,
    MoveEntry,
    SettingsError,
    TopFinder,
    end_label,
)
from arbitre.scrabble.move import Move, MoveParseError
from arbitre.scrabble.tiles import TILE_COUNTS

FORMAT = "arbitre.duplicate.game"
VERSION = 1

MESSAGE_CODES = frozenset(
    f"duplicate.record.{name}"
    for name in (
        # where
        "at",
        "move",
        "attempt",
        "current_draw",
        "annulled_top",
        "end",
        "settings",
        "tiles",
        # what
        "not_utf8",
        "not_json",
        "not_a_record",
        "version",
        "missing",
        "wrong_type",
        "not_text",
        "bad_move",
        "leave_mismatch",
        "random_without_seed",
        "seed_draws_other",
        "valid_not_reject",
        "invalid_kept",
        "unknown_outcome",
        "no_scoring_move",
        "score_not_top",
        "equal_tops_texts",
        "equal_tops_differ",
        "total_mismatch",
        "other_lexicon",
        "seed_type",
        "tiles_type",
        "moves_type",
        "numbered",
        "bingo_missing",
        "bingo_wrong",
        "attempts_differ",
        "pending_type",
        "goes_on",
        "ends",
        "unknown_end",
        "end_differs",
        "checked",
    )
)
"""The places and reasons of a refused record (``duplicate.record.*``), and the line of a
record checked."""

Where = Message | str | None
"""The place of a fault: a move, an attempt... as a message, a file name, or none."""


class RecordError(Refusal):
    """A record that cannot be read or does not replay; the message names the first bad move."""


def _message(code: str, /, **params: Param) -> Message:
    return Message.of(f"duplicate.record.{code}", **params)


def _at(where: Where, reason: Message) -> RecordError:
    if where is None:
        return RecordError(reason)
    return RecordError(_message("at", where=where, reason=reason))


def _error(where: Where, code: str, /, **params: Param) -> RecordError:
    """The refusal ``duplicate.record.<code>`` at ``where``."""
    return _at(where, _message(code, **params))


def _move_at(number: int) -> Message:
    return _message("move", number=number)


def checked(game: DuplicateGame) -> Message:
    """``Partie vérifiée : 21 coups, total 987.``, to be worded."""
    return _message("checked", moves=len(game.moves), total=game.total)


def lexicon_identity(lexicon: Any) -> dict[str, str | None]:
    return {
        "name": getattr(lexicon, "name", None),
        "sha256": getattr(lexicon, "sha256", None),
    }


def to_record(game: DuplicateGame) -> dict[str, Any]:
    """The game record of ``game`` (JSON-ready dict)."""
    standard = Bag().tiles()
    draw = None
    if game.phase == "play":
        draw = {"leave": game.leave, "drawn": game.drawn, "entered": game._entered}
    end = None
    if game.over:
        end = {"reason": game.end_reason, "letters": game.pool()}
    return {
        "format": FORMAT,
        "version": VERSION,
        "lexicon": lexicon_identity(game.lexicon),
        "seed": game.seed,
        "settings": game.settings.to_json(),
        "tiles": None if game.initial_tiles == standard else game.initial_tiles,
        "moves": [e.to_json() for e in game.moves],
        "pending": {"attempts": [a.to_json() for a in game.attempts], "draw": draw},
        "end": end,
    }


def dumps(record: Mapping[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=2) + "\n"


def load(path: str | Path) -> dict[str, Any]:
    """Read a record file (JSON); :class:`RecordError` when it is not one."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise _error(str(path), "not_utf8") from exc
    return loads(text, str(path))


def loads(text: str, source: str | None = None) -> dict[str, Any]:
    """The record in ``text``; ``source`` (a file name) is named in a refusal."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _error(source, "not_json", error=exc.msg, line=exc.lineno) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _error(source, "not_a_record", format=FORMAT)
    if data.get("version") != VERSION:
        raise _error(source, "version", version=repr(data.get("version")))
    return data


def as_predrawn(record: Mapping[str, Any]) -> dict[str, Any]:
    """The same game as a pre-drawn record: no seed, every draw marked as entered.

    Rooms or centres that play the same draws replay it with their own arbiters; it no longer
    depends on the random generator (its replay checks that each draw comes from the bag).
    """
    out: dict[str, Any] = json.loads(json.dumps(record))

    def mark(step: Any) -> None:
        if isinstance(step, dict) and "drawn" in step:
            step["entered"] = True

    for move in out.get("moves", []):
        mark(move)
        for attempt in move.get("attempts", []):
            mark(attempt)
    pending = out.get("pending") or {}
    for attempt in pending.get("attempts", []):
        mark(attempt)
    mark(pending.get("draw"))
    out["seed"] = None
    return out


# -- replay --------------------------------------------------------------------------------------


def _field(obj: Any, key: str, kind: type | tuple[type, ...], where: Where) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise _error(where, "missing", key=key)
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _error(where, "wrong_type", key=key)
    return value


def _text(obj: Mapping[str, Any], key: str, where: Where) -> str:
    """An optional text field (``reason``): "" when absent."""
    value = obj.get(key, "")
    if not isinstance(value, str):
        raise _error(where, "not_text", key=key)
    return value


def _parse_move(data: Any, where: Where) -> tuple[Move, int]:
    coordinate = _field(data, "coordinate", str, where)
    word = _field(data, "word", str, where)
    score = _field(data, "score", int, where)
    try:
        return Move.parse(f"{coordinate} {word}"), score
    except MoveParseError as exc:
        raise _error(where, "bad_move", move=f"{coordinate} {word}", detail=exc.message) from exc


def _replay_draw(game: DuplicateGame, step: Any, where: Where) -> None:
    """Redo one draw of the record: entered letters as entered; random ones from the seed."""
    leave = _field(step, "leave", str, where)
    drawn = _field(step, "drawn", str, where)
    entered = _field(step, "entered", bool, where)
    if leave != game.hand:
        raise _error(where, "leave_mismatch", leave=leave or "-", hand=game.hand or "-")
    outcome = step.get("outcome", "kept")
    if entered:
        if outcome == "reject":
            game.reject(drawn, _text(step, "reason", where))
        else:
            game.draw(drawn)
        return
    if game.seed is None:
        raise _error(where, "random_without_seed")
    got = game._replay_random_draw()
    if got != drawn:
        raise _error(where, "seed_draws_other", drawn=got, recorded=drawn)
    valid = game._random_draw_valid(got)
    if outcome == "reject":
        if valid:
            raise _error(where, "valid_not_reject", leave=leave, drawn=drawn)
        game._put_back_attempt(got, "reject", False, _text(step, "reason", where))
    else:
        if not valid:
            raise _error(where, "invalid_kept", leave=leave, drawn=drawn)
        game._keep(got, entered=False)


def _replay_attempt(game: DuplicateGame, step: Any, where: Where) -> None:
    outcome = _field(step, "outcome", str, where)
    if outcome not in OUTCOMES:
        raise _error(where, "unknown_outcome", outcome=outcome)
    if outcome == "annulled" and "top" in step:
        move, score = _parse_move(step["top"], _message("annulled_top", where=where))
        _replay_draw(game, {**step, "outcome": "kept"}, where)
        _replay_play(game, move, score, None, None, where)
        game.annul_last_move(_text(step, "reason", where))
        # annul_last_move re-adds the attempts of that move: keep the record's own order.
        return
    _replay_draw(game, step, where)
    if outcome == "no_score":
        game.annul_no_score()
    elif outcome == "annulled":
        game.annul_draw(_text(step, "reason", where))


def _replay_play(
    game: DuplicateGame,
    move: Move,
    score: int,
    equal: list[str] | None,
    total: int | None,
    where: Where,
) -> MoveEntry:
    choice = game.tops()
    if choice is None:
        raise _error(where, "no_scoring_move", hand=game.hand, move=str(move))
    if score != choice.score:
        raise _error(where, "score_not_top", move=str(move), score=score, top=choice.score)
    if equal is not None:
        if not all(isinstance(m, str) for m in equal):
            raise _error(where, "equal_tops_texts")
        mine = sorted(str(m) for m in choice.equal_tops)
        if sorted(equal) != mine:
            raise _error(where, "equal_tops_differ", count=len(mine))
    try:
        entry = game.play(move)
    except MoveChoiceError as exc:
        raise _at(where, exc.message) from exc
    if total is not None and entry.total != total:
        raise _error(where, "total_mismatch", recorded=total, replayed=entry.total)
    return entry


def replay(
    record: Mapping[str, Any],
    lexicon: Any,
    *,
    engine: str = "fast",
    top_finder: TopFinder | None = None,
    check_lexicon: bool = True,
) -> DuplicateGame:
    """Rebuild and check a game from its record.

    Every draw must come from the bag (from the seed when it was random), rejects must be
    invalid draws and kept draws valid (2.2), every top must be the highest score with the
    recorded equal tops and an admissible choice (2.4, 2.7), totals must add up and the end must
    be the engine's. Raises :class:`RecordError` naming the first inconsistent move.
    """
    if record.get("format") != FORMAT or record.get("version") != VERSION:
        raise _error(None, "not_a_record", format=FORMAT)
    ident = record.get("lexicon") or {}
    if check_lexicon and isinstance(ident, dict):
        mine = getattr(lexicon, "sha256", None)
        theirs = ident.get("sha256")
        if theirs and mine and theirs != mine:
            raise _error(
                None,
                "other_lexicon",
                name=repr(ident.get("name")),
                sha256=str(theirs)[:12],
                mine=repr(getattr(lexicon, "name", "?")),
            )
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise _error(None, "seed_type")
    try:
        settings = DuplicateSettings.from_json(record.get("settings", {}))
    except SettingsError as exc:
        raise _at(_message("settings"), exc.message) from exc
    tiles = record.get("tiles")
    if tiles is not None and not isinstance(tiles, str):
        raise _error(None, "tiles_type")
    try:
        bag = Bag.of(tiles) if isinstance(tiles, str) else Bag(TILE_COUNTS)
    except BagError as exc:
        raise _at(_message("tiles"), exc.message) from exc
    game = DuplicateGame(
        lexicon,
        seed=seed,
        random_draws=seed is not None,
        settings=settings,
        engine=engine,
        top_finder=top_finder,
        bag=bag,
    )
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise _error(None, "moves_type")
    for i, step in enumerate(moves, start=1):
        where = _move_at(i)
        try:
            if _field(step, "number", int, where) != i:
                raise _error(where, "numbered", number=step["number"])
            attempts = _field(step, "attempts", list, where)
            for j, attempt in enumerate(attempts, start=1):
                _replay_attempt(game, attempt, _message("attempt", number=i, attempt=j))
            _replay_draw(game, step, where)
            move, score = _parse_move(_field(step, "top", dict, where), where)
            equal = _field(step, "equal_tops", list, where)
            _replay_play(game, move, score, equal, _field(step, "total", int, where), where)
            entry = game.moves[-1]
            bingo = step["top"].get("bingo")
            if bingo is not None and bingo is not entry.bingo:
                raise _error(where, "bingo_missing" if entry.bingo else "bingo_wrong")
            if len(entry.attempts) != len(attempts):
                raise _error(where, "attempts_differ")
        except (GameStateError, InvalidDrawError, BagError) as exc:
            raise _at(where, exc.message) from exc
    number = len(moves) + 1
    where = _move_at(number)
    pending = record.get("pending") or {"attempts": [], "draw": None}
    if not isinstance(pending, dict):
        raise _error(where, "pending_type")
    try:
        for j, attempt in enumerate(_field(pending, "attempts", list, where), start=1):
            _replay_attempt(game, attempt, _message("attempt", number=number, attempt=j))
        draw = pending.get("draw")
        if draw is not None:
            _replay_draw(game, draw, _message("current_draw", number=number))
    except (GameStateError, InvalidDrawError, BagError) as exc:
        raise _at(where, exc.message) from exc
    end = record.get("end")
    if end is None:
        if game.over:
            raise _error(where, "goes_on", reason=game.end_label)
    else:
        at_end = _message("end")
        reason = _field(end, "reason", str, at_end)
        if reason not in END_REASONS:
            raise _error(at_end, "unknown_end", reason=reason)
        if not game.over:
            raise _error(where, "ends", reason=end_label(reason))
        if game.end_reason != reason:
            raise _error(
                at_end,
                "end_differs",
                recorded=end_label(reason),
                replayed=game.end_label,
            )
    return game
