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
decision by the arbiters' own (5.3), with its author and reason kept. In a pairs event
(seed 002, A.2.4) each entry of ``players`` also has its second player as ``partner``, an
object with the same keys but ``table`` and ``arbiter``; ballots and scores are keyed by the
entry's (first) licence.

A malformed file raises :class:`EventFileError`; its message (``duplicate.event_file.at``: the
place, then the reason, which may be a refused record, ballot or override) is worded by the
interface.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Container
from pathlib import Path
from typing import Any

from arbitre.common.messages import Message, Param, Refusal
from arbitre.duplicate import record as game_record
from arbitre.duplicate import sanctions as S
from arbitre.duplicate.ballot import parse_ballot
from arbitre.duplicate.decision import Decision, Turn, judge, override
from arbitre.duplicate.event import Event, EventSettings, GameRecordScores, Player
from arbitre.duplicate.game import turns_of
from arbitre.duplicate.pairs import Partner

FORMAT = "arbitre.duplicate.event"
VERSION = 1

MESSAGE_CODES = frozenset(
    f"duplicate.event_file.{name}"
    for name in (
        # where
        "at",
        "event",
        "settings",
        "player",
        "game",
        "licence",
        "move",
        "override",
        # what
        "cannot_read",
        "not_json",
        "not_event_file",
        "version",
        "settings_type",
        "unknown_setting",
        "setting_type",
        "missing",
        "wrong_type",
        "series",
        "game_type",
        "malformed",
        "late_type",
        "late_unknown",
        "tops_type",
        "both",
        "scores_type",
        "unknown_licence",
        "too_many_entries",
        "not_mapping",
        "unknown_sanction",
        "no_decision",
        "ballots_type",
        "too_many_ballots",
    )
)
"""The places and reasons of a refused event file (``duplicate.event_file.*``)."""

Where = Message | str | None


class EventFileError(Refusal):
    """The event file is malformed; the message names the place."""


def _message(code: str, /, **params: Param) -> Message:
    return Message.of(f"duplicate.event_file.{code}", **params)


def _at(where: Where, reason: Message) -> EventFileError:
    if where is None:
        return EventFileError(reason)
    return EventFileError(_message("at", where=where, reason=reason))


def _error(where: Where, code: str, /, **params: Param) -> EventFileError:
    """The refusal ``duplicate.event_file.<code>`` at ``where``."""
    return _at(where, _message(code, **params))


LexiconLoader = Callable[[dict[str, Any]], Container[str]]


def load_event(path: str | Path, lexicon_for: LexiconLoader) -> Event:
    """Read an event file; ``lexicon_for(record)`` gives the word list a record names."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise _error(str(path), "cannot_read", error=str(exc)) from exc
    except json.JSONDecodeError as exc:
        raise _error(str(path), "not_json", error=exc.msg, line=exc.lineno) from exc
    return event_from_json(data, path.parent, lexicon_for)


def _require(obj: Any, key: str, kind: type | tuple[type, ...], where: Where) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise _error(where, "missing", key=key)
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise _error(where, "wrong_type", key=key)
    return value


def _partner(item: dict[str, Any], where: Where) -> Partner | None:
    """The second player of a pair's entry (seed 002, A.2.4), an object like a player's
    without table or arbiter; ``None`` when the entry has no ``partner``."""
    if "partner" not in item:
        return None
    data = _require(item, "partner", dict, where)
    series = data.get("series")
    if series is not None and (not isinstance(series, int) or not 1 <= series <= 7):
        raise _error(where, "series")
    return Partner(
        licence=str(_require(data, "licence", (str, int), where)),
        name=_require(data, "name", str, where),
        first_name=str(data.get("first_name", "")),
        club=str(data.get("club", "")),
        series=series,
        tier=str(data.get("tier", "")),
        category=str(data.get("category", "")),
    )


def event_from_json(data: Any, base: Path, lexicon_for: LexiconLoader) -> Event:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _error(None, "not_event_file", format=FORMAT)
    if data.get("version") != VERSION:
        raise _error(None, "version", version=repr(data.get("version")))
    raw_settings = data.get("settings", {})
    if not isinstance(raw_settings, dict):
        raise _error(None, "settings_type")
    defaults = EventSettings()
    at_settings = _message("settings")
    for key, value in raw_settings.items():
        if not hasattr(defaults, key):
            raise _error(at_settings, "unknown_setting", key=key)
        expected = type(getattr(defaults, key))
        if type(value) is not expected or (expected is int and value < 0):
            raise _error(at_settings, "setting_type", key=key, type=expected.__name__)
    settings = EventSettings(**raw_settings)
    players = []
    at_event = _message("event")
    for i, item in enumerate(_require(data, "players", list, at_event), start=1):
        where = _message("player", number=i)
        series = item.get("series") if isinstance(item, dict) else None
        if series is not None and (not isinstance(series, int) or not 1 <= series <= 7):
            raise _error(where, "series")
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
                partner=_partner(item, where),
            )
        )
    licences = {p.licence for p in players}
    games = []
    for i, item in enumerate(_require(data, "games", list, at_event), start=1):
        where = _message("game", number=i)
        if not isinstance(item, dict):
            raise _error(where, "game_type")
        try:
            games.append(_game(item, i, base, lexicon_for, licences))
        except EventFileError:
            raise
        except Refusal as exc:
            raise _at(where, exc.message) from exc
        except (TypeError, ValueError, AttributeError) as exc:
            raise _error(where, "malformed", detail=str(exc)) from exc
    try:
        return Event(str(data.get("name", "")), players, games, settings)
    except Refusal as exc:
        raise _at(None, exc.message) from exc


def _game(
    item: Any, index: int, base: Path, lexicon_for: LexiconLoader, licences: set[str]
) -> GameRecordScores:
    where = _message("game", number=index)
    name = str(item.get("name", f"TH{index}")) if isinstance(item, dict) else f"TH{index}"
    late = {}
    for k, v in _mapping(item, "late_from", where).items():
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise _error(where, "late_type", licence=str(k))
        late[str(k)] = v
    for licence in late:
        if licence not in licences:
            raise _error(where, "late_unknown", licence=licence)
    if "record" in item:
        source = item["record"]
        try:
            rec = (
                game_record.load(base / source)
                if isinstance(source, str)
                else game_record.loads(json.dumps(source))
            )
            lexicon = lexicon_for(rec)
            game = game_record.replay(rec, lexicon)
        except game_record.RecordError as exc:
            raise _at(where, exc.message) from exc
        except OSError as exc:
            raise _error(where, "cannot_read", error=str(exc)) from exc
        turns = turns_of(game.moves, lexicon)
        tops = [t.top.score if t.top else 0 for t in turns]
        top_moves = [str(e.move) for e in game.moves]
        decisions = {
            str(lic): _judge_row(ballots, turns, index, str(lic))
            for lic, ballots in _mapping(item, "ballots", where).items()
        }
    else:
        tops = _require(item, "tops", list, where)
        if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in tops):
            raise _error(where, "tops_type")
        top_moves = []
        decisions = {}
    for lic, scores in _mapping(item, "scores", where).items():
        if str(lic) in decisions:
            raise _error(where, "both", licence=str(lic))
        if not isinstance(scores, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in scores
        ):
            raise _error(_message("licence", number=index, licence=str(lic)), "scores_type")
        decisions[str(lic)] = [Decision(x, S.NONE) for x in scores]
    for n, item_override in enumerate(item.get("overrides", []), start=1):
        at_override = _message("override", number=index, override=n)
        _apply_override(item_override, decisions, at_override)
    for lic, row in decisions.items():
        if lic not in licences:
            raise _error(where, "unknown_licence", licence=lic)
        if len(row) > len(tops):
            raise _error(
                _message("licence", number=index, licence=lic), "too_many_entries", moves=len(tops)
            )
    return GameRecordScores(name, tops, top_moves, dict(decisions.items()), late_from=late)


def _mapping(item: dict[str, Any], key: str, where: Where) -> dict[str, Any]:
    value = item.get(key, {})
    if not isinstance(value, dict):
        raise _error(where, "not_mapping", key=key)
    return value


def _apply_override(data: Any, decisions: dict[str, list[Decision | None]], where: Where) -> None:
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
        raise _error(where, "unknown_sanction", code=code) from None
    row = decisions.get(licence)
    if row is None or not 1 <= move <= len(row) or row[move - 1] is None:
        raise _error(where, "no_decision", licence=licence, move=move)
    current = row[move - 1]
    assert current is not None
    try:
        row[move - 1] = override(
            current, score, sanction, str(data.get("author", "")), str(data.get("reason", ""))
        )
    except Refusal as exc:
        raise _at(where, exc.message) from exc


def _judge_row(ballots: Any, turns: list[Turn], game: int, licence: str) -> list[Decision | None]:
    where = _message("licence", number=game, licence=licence)
    if not isinstance(ballots, list):
        raise _error(where, "ballots_type")
    if len(ballots) > len(turns):
        raise _error(where, "too_many_ballots", ballots=len(ballots), moves=len(turns))
    out: list[Decision | None] = []
    for number, (text, turn) in enumerate(zip(ballots, turns, strict=False), start=1):
        if text is None:
            out.append(None)
            continue
        at_move = _message("move", number=game, licence=licence, move=number)
        try:
            out.append(
                judge(parse_ballot(str(text)), turn, earlier=[d for d in out if d is not None])
            )
        except Refusal as exc:
            raise _at(at_move, exc.message) from exc
    return out
