"""The Duplicate event file (JSON), read by ``arbitre duplicate standings``.

Format ``arbitre.duplicate.event``, version 1::

    {"format": "arbitre.duplicate.event", "version": 1,
     "name": "Tournoi de Vichy", "date": "2026-11-22",
     "settings": {"solo_min_players": 16, "solo_bonus": 10, "free_warnings": 3,
                  "warning_penalty": 5, "disciplinary_in_penalty": false},
     "players": [{"licence": "123456", "name": "DUPONT", "first_name": "Marie",
                  "club": "Vichy", "series": 3, "tier": "B", "category": "V",
                  "table": 1, "arbiter": "A"}],
     "games": [
        {"name": "TH1",
         "record": "th1.json",
         "ballots": {"123456": ["H4 MAiSON 76", "top", "aucun"]},
         "late_from": {"654321": 3}},
        {"name": "TH2", "tops": [64, 30, 28],
         "scores": {"123456": [64, 30, 0]},
         "overrides": [{"licence": "123456", "move": 3, "score": 28, "sanction": "none",
                        "author": "J. Martin (JA)", "reason": "mot admis après recours"}]}]}

A game gives its tops either through its game record (``record``: a path relative to the
event file, or the record itself inline; ballots are then judged against it) or as a list
(``tops``, with plain ``scores`` per player, already decided by hand). Every list is in move
order; a shorter list means the later ballots are not entered yet. ``overrides`` replace a
decision by the arbiters' own (5.3), with its author and reason kept.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Container
from dataclasses import replace
from pathlib import Path
from typing import Any

from arbitre.duplicate import record as game_record
from arbitre.duplicate import sanctions as S
from arbitre.duplicate.ballot import BallotParseError, parse_ballot
from arbitre.duplicate.decision import Decision, Turn, judge, override, refused_words
from arbitre.duplicate.event import Event, EventSettings, GameRecordScores, Player
from arbitre.duplicate.turns import turns_of

FORMAT = "arbitre.duplicate.event"
VERSION = 1


class EventFileError(ValueError):
    """The event file is malformed; the message names the place."""


LexiconLoader = Callable[[dict[str, Any]], Container[str]]


def load_event(path: str | Path, lexicon_for: LexiconLoader) -> Event:
    """Read an event file; ``lexicon_for(record)`` gives the word list a record names."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise EventFileError(f"{path}: cannot be read ({exc})") from exc
    except json.JSONDecodeError as exc:
        raise EventFileError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from exc
    return event_from_json(data, path.parent, lexicon_for)


def _require(obj: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise EventFileError(f"{where}: missing {key!r}")
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise EventFileError(f"{where}: {key!r} has the wrong type")
    return value


def event_from_json(data: Any, base: Path, lexicon_for: LexiconLoader) -> Event:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise EventFileError(f"not a Duplicate event file (format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise EventFileError(f"event file version {data.get('version')!r} is not supported")
    raw_settings = data.get("settings", {})
    if not isinstance(raw_settings, dict):
        raise EventFileError("settings must be an object")
    defaults = EventSettings()
    for key, value in raw_settings.items():
        if not hasattr(defaults, key):
            raise EventFileError(f"settings: unknown setting {key!r}")
        expected = type(getattr(defaults, key))
        if type(value) is not expected or (expected is int and value < 0):
            raise EventFileError(f"settings: {key!r} must be a {expected.__name__} (>= 0)")
    settings = EventSettings(**raw_settings)
    players = []
    for i, item in enumerate(_require(data, "players", list, "event"), start=1):
        where = f"player {i}"
        series = item.get("series") if isinstance(item, dict) else None
        if series is not None and (not isinstance(series, int) or not 1 <= series <= 7):
            raise EventFileError(f"{where}: series must be 1 to 7")
        players.append(
            Player(
                licence=str(_require(item, "licence", (str, int), where)),
                name=_require(item, "name", str, where),
                first_name=str(item.get("first_name", "")),
                club=str(item.get("club", "")),
                series=series,
                tier=str(item.get("tier", "")),
                category=str(item.get("category", "")),
                table=item.get("table"),
                arbiter=str(item.get("arbiter", "")),
            )
        )
    licences = {p.licence for p in players}
    games = []
    for i, item in enumerate(_require(data, "games", list, "event"), start=1):
        if not isinstance(item, dict):
            raise EventFileError(f"game {i}: must be an object")
        try:
            games.append(_game(item, i, base, lexicon_for, licences))
        except (TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, EventFileError):
                raise
            raise EventFileError(f"game {i}: malformed ({exc})") from exc
    try:
        return Event(str(data.get("name", "")), players, games, settings)
    except ValueError as exc:
        raise EventFileError(str(exc)) from exc


def _game(
    item: Any, index: int, base: Path, lexicon_for: LexiconLoader, licences: set[str]
) -> GameRecordScores:
    where = f"game {index}"
    name = str(item.get("name", f"TH{index}")) if isinstance(item, dict) else f"TH{index}"
    late = {}
    for k, v in _mapping(item, "late_from", where).items():
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise EventFileError(f"{where}: late_from of {k} must be a move number")
        late[str(k)] = v
    for licence in late:
        if licence not in licences:
            raise EventFileError(f"{where}: late_from names unknown licence {licence}")
    if "record" in item:
        source = item["record"]
        try:
            rec = (
                game_record.load(base / source)
                if isinstance(source, str)
                else game_record.loads(json.dumps(source), f"{where} record")
            )
            lexicon = lexicon_for(rec)
            game = game_record.replay(rec, lexicon)
        except (game_record.RecordError, OSError) as exc:
            raise EventFileError(f"{where}: {exc}") from exc
        turns = turns_of(game.moves, lexicon)
        tops = [t.top.score if t.top else 0 for t in turns]
        top_moves = [str(e.move) for e in game.moves]
        decisions = {
            str(lic): _judge_row(ballots, turns, f"{where}, licence {lic}")
            for lic, ballots in _mapping(item, "ballots", where).items()
        }
    else:
        tops = _require(item, "tops", list, where)
        if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in tops):
            raise EventFileError(f"{where}: tops must be whole numbers >= 0")
        top_moves = []
        decisions = {}
    for lic, scores in _mapping(item, "scores", where).items():
        if str(lic) in decisions:
            raise EventFileError(f"{where}: licence {lic} has both ballots and scores")
        if not isinstance(scores, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in scores
        ):
            raise EventFileError(f"{where}, licence {lic}: scores must be whole numbers >= 0")
        decisions[str(lic)] = [Decision(x, S.NONE) for x in scores]
    for n, item_override in enumerate(item.get("overrides", []), start=1):
        _apply_override(item_override, decisions, f"{where}, override {n}")
    for lic, row in decisions.items():
        if lic not in licences:
            raise EventFileError(f"{where}: unknown licence {lic}")
        if len(row) > len(tops):
            raise EventFileError(f"{where}, licence {lic}: more entries than moves ({len(tops)})")
    return GameRecordScores(name, tops, top_moves, dict(decisions.items()), late_from=late)


def _mapping(item: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = item.get(key, {})
    if not isinstance(value, dict):
        raise EventFileError(f"{where}: {key!r} must be an object keyed by licence")
    return value


def _apply_override(data: Any, decisions: dict[str, list[Decision | None]], where: str) -> None:
    """An arbiter's override (004 5.3), recorded with its author and reason::

    {"licence": "123", "move": 4, "score": 30, "sanction": "none",
     "author": "J. Martin (JA)", "reason": "mot admis après recours"}
    """
    licence = str(_require(data, "licence", (str, int), where))
    move = _require(data, "move", int, where)
    score = _require(data, "score", int, where)
    code = str(data.get("sanction", "none"))
    try:
        sanction = S.by_code(code)
    except KeyError:
        raise EventFileError(f"{where}: unknown sanction code {code!r}") from None
    row = decisions.get(licence)
    if row is None or not 1 <= move <= len(row) or row[move - 1] is None:
        raise EventFileError(f"{where}: licence {licence} has no decision for move {move}")
    current = row[move - 1]
    assert current is not None
    try:
        row[move - 1] = override(
            current, score, sanction, str(data.get("author", "")), str(data.get("reason", ""))
        )
    except ValueError as exc:
        raise EventFileError(f"{where}: {exc}") from exc


def _judge_row(ballots: Any, turns: list[Turn], where: str) -> list[Decision | None]:
    if not isinstance(ballots, list):
        raise EventFileError(f"{where}: ballots must be a list")
    if len(ballots) > len(turns):
        raise EventFileError(f"{where}: {len(ballots)} ballots for {len(turns)} moves")
    out: list[Decision | None] = []
    for number, (text, turn) in enumerate(zip(ballots, turns, strict=False), start=1):
        if text is None:
            out.append(None)
            continue
        try:
            ballot = parse_ballot(str(text))
        except BallotParseError as exc:
            raise EventFileError(f"{where}, move {number}: {exc}") from exc
        done = [d for d in out if d is not None]
        refused = refused_words(done)
        if refused:
            turn = replace(turn, refused_words=refused)
        out.append(judge(ballot, turn))
    return out
