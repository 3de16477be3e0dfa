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
first inconsistency raises :class:`RecordError` naming the move.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from arbitre.duplicate.draws import Bag, BagError, InvalidDrawError
from arbitre.duplicate.game import (
    END_REASONS,
    OUTCOMES,
    Attempt,
    DuplicateGame,
    DuplicateSettings,
    GameStateError,
    MoveChoiceError,
    MoveEntry,
    TopFinder,
)
from arbitre.scrabble.move import Move, MoveParseError
from arbitre.scrabble.tiles import TILE_COUNTS

FORMAT = "arbitre.duplicate.game"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message names the first bad move."""


def _move_json(move: Move, score: int, bingo: bool | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"coordinate": move.coordinate, "word": move.word, "score": score}
    if bingo is not None:
        out["bingo"] = bingo
    return out


def _attempt_json(a: Attempt) -> dict[str, Any]:
    out: dict[str, Any] = {
        "leave": a.leave,
        "drawn": a.drawn,
        "outcome": a.outcome,
        "entered": a.entered,
        "reason": a.reason,
    }
    if a.move is not None:
        out["top"] = _move_json(a.move, a.score)
    return out


def _entry_json(e: MoveEntry) -> dict[str, Any]:
    return {
        "number": e.number,
        "leave": e.leave,
        "drawn": e.drawn,
        "entered": e.entered,
        "attempts": [_attempt_json(a) for a in e.attempts],
        "top": _move_json(e.move, e.score, e.bingo),
        "equal_tops": [str(m) for m in e.equal_tops],
        "total": e.total,
    }


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
        "moves": [_entry_json(e) for e in game.moves],
        "pending": {"attempts": [_attempt_json(a) for a in game.attempts], "draw": draw},
        "end": end,
    }


def dumps(record: Mapping[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=2) + "\n"


def load(path: str | Path) -> dict[str, Any]:
    """Read a record file (JSON); :class:`RecordError` when it is not one."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{path}: not a UTF-8 text file") from exc
    return loads(text, str(path))


def loads(text: str, source: str = "record") -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source}: not JSON ({exc.msg}, line {exc.lineno})") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{source}: not a Duplicate game record (format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise RecordError(f"{source}: record version {data.get('version')!r} is not supported")
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


def _field(obj: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise RecordError(f"{where}: missing {key!r}")
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"{where}: {key!r} has the wrong type")
    return value


def _text(obj: Mapping[str, Any], key: str, where: str) -> str:
    """An optional text field (``reason``): "" when absent."""
    value = obj.get(key, "")
    if not isinstance(value, str):
        raise RecordError(f"{where}: {key!r} must be text")
    return value


def _parse_move(data: Any, where: str) -> tuple[Move, int]:
    coordinate = _field(data, "coordinate", str, where)
    word = _field(data, "word", str, where)
    score = _field(data, "score", int, where)
    try:
        return Move.parse(f"{coordinate} {word}"), score
    except MoveParseError as exc:
        raise RecordError(f"{where}: {exc}") from exc


def _replay_draw(game: DuplicateGame, step: Any, where: str) -> None:
    """Redo one draw of the record: entered letters as entered; random ones from the seed."""
    leave = _field(step, "leave", str, where)
    drawn = _field(step, "drawn", str, where)
    entered = _field(step, "entered", bool, where)
    if leave != game.hand:
        raise RecordError(f"{where}: leave {leave or '-'} but the game holds {game.hand or '-'}")
    outcome = step.get("outcome", "kept")
    if entered:
        if outcome == "reject":
            game.reject(drawn, _text(step, "reason", where))
        else:
            game.draw(drawn)
        return
    if game.seed is None:
        raise RecordError(f"{where}: a random draw in a record without seed")
    got = game._replay_random_draw()
    if got != drawn:
        raise RecordError(f"{where}: the seed draws {got}, the record says {drawn}")
    valid = game._random_draw_valid(got)
    if outcome == "reject":
        if valid:
            raise RecordError(f"{where}: draw {leave}+{drawn} is valid, it cannot be a reject")
        game._put_back_attempt(got, "reject", False, _text(step, "reason", where))
    else:
        if not valid:
            raise RecordError(
                f"{where}: draw {leave}+{drawn} is invalid (2.2), it must be rejected"
            )
        game._keep(got, entered=False)


def _replay_attempt(game: DuplicateGame, step: Any, where: str) -> None:
    outcome = _field(step, "outcome", str, where)
    if outcome not in OUTCOMES:
        raise RecordError(f"{where}: unknown outcome {outcome!r}")
    if outcome == "annulled" and "top" in step:
        move, score = _parse_move(step["top"], f"{where}, annulled top")
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
    where: str,
) -> MoveEntry:
    choice = game.tops()
    if choice is None:
        raise RecordError(f"{where}: no move scores with {game.hand}, the record plays {move}")
    if score != choice.score:
        raise RecordError(
            f"{where}: {move} scores {score} in the record, the top is {choice.score}"
        )
    if equal is not None:
        if not all(isinstance(m, str) for m in equal):
            raise RecordError(f"{where}: equal tops must be move texts")
        mine = sorted(str(m) for m in choice.equal_tops)
        if sorted(equal) != mine:
            raise RecordError(f"{where}: equal tops differ from the record ({len(mine)} found)")
    try:
        entry = game.play(move)
    except MoveChoiceError as exc:
        raise RecordError(f"{where}: {exc}") from exc
    if total is not None and entry.total != total:
        raise RecordError(f"{where}: total {total} in the record, {entry.total} replayed")
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
        raise RecordError(f"not a Duplicate game record (format {FORMAT!r}, version {VERSION})")
    ident = record.get("lexicon") or {}
    if check_lexicon and isinstance(ident, dict):
        mine = getattr(lexicon, "sha256", None)
        theirs = ident.get("sha256")
        if theirs and mine and theirs != mine:
            raise RecordError(
                f"the record was played with word list {ident.get('name')!r} "
                f"(sha256 {str(theirs)[:12]}...), not {getattr(lexicon, 'name', '?')!r}"
            )
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("seed must be an integer or null")
    try:
        settings = DuplicateSettings.from_json(record.get("settings", {}))
    except (TypeError, ValueError) as exc:
        raise RecordError(f"settings: {exc}") from exc
    tiles = record.get("tiles")
    if tiles is not None and not isinstance(tiles, str):
        raise RecordError("tiles must be a tile string or null")
    try:
        bag = Bag.of(tiles) if isinstance(tiles, str) else Bag(TILE_COUNTS)
    except BagError as exc:
        raise RecordError(f"tiles: {exc}") from exc
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
        raise RecordError("'moves' must be a list")
    for i, step in enumerate(moves, start=1):
        where = f"move {i}"
        try:
            if _field(step, "number", int, where) != i:
                raise RecordError(f"{where}: numbered {step['number']}")
            attempts = _field(step, "attempts", list, where)
            for j, attempt in enumerate(attempts, start=1):
                _replay_attempt(game, attempt, f"{where}, attempt {j}")
            _replay_draw(game, step, where)
            move, score = _parse_move(_field(step, "top", dict, where), where)
            equal = _field(step, "equal_tops", list, where)
            _replay_play(game, move, score, equal, _field(step, "total", int, where), where)
            entry = game.moves[-1]
            bingo = step["top"].get("bingo")
            if bingo is not None and bingo is not entry.bingo:
                raise RecordError(
                    f"{where}: bingo flag {bingo} but the move places "
                    f"{'7' if entry.bingo else 'fewer than 7'} tiles"
                )
            if len(entry.attempts) != len(attempts):
                raise RecordError(f"{where}: attempts do not replay as recorded")
        except (GameStateError, InvalidDrawError, BagError) as exc:
            raise RecordError(f"{where}: {exc}") from exc
    where = f"move {len(moves) + 1}"
    pending = record.get("pending") or {"attempts": [], "draw": None}
    if not isinstance(pending, dict):
        raise RecordError(f"{where}: 'pending' must be an object")
    try:
        for j, attempt in enumerate(_field(pending, "attempts", list, where), start=1):
            _replay_attempt(game, attempt, f"{where}, attempt {j}")
        draw = pending.get("draw")
        if draw is not None:
            _replay_draw(game, draw, f"{where}, current draw")
    except (GameStateError, InvalidDrawError, BagError) as exc:
        raise RecordError(f"{where}: {exc}") from exc
    end = record.get("end")
    if end is None:
        if game.over:
            raise RecordError(f"{where}: the game is over ({game.end_reason}), the record goes on")
    else:
        reason = _field(end, "reason", str, "end")
        if reason not in END_REASONS:
            raise RecordError(f"end: unknown reason {reason!r}")
        if not game.over:
            raise RecordError(f"{where}: the record ends the game ({reason}), the game goes on")
        if game.end_reason != reason:
            raise RecordError(f"end: reason {reason} in the record, {game.end_reason} replayed")
    return game
