"""CSV formats of the championship (docs/backgammon-championship.md).

- players: ``name,elo[,club,licence]``;
- Swiss results: ``round,player_a,player_b,winner[,match_length,score_a,score_b]`` where
  ``winner`` is a player's name, ``bye`` (``player_a`` is exempt, ``player_b`` empty or
  ``BYE``), ``forfeit:<name>`` (``<name>`` wins by forfeit) or ``forfeit:both``;
- bracket results: ``match,winner[,sets]`` with ``sets`` like ``9-4 7-9 11-3`` (top player
  first).

A header line is optional; blank lines and lines starting with ``#`` are ignored; the
separator is ``,`` or ``;`` (spreadsheets set to French use ``;``).

A bad line is refused with :class:`ChampionshipError` carrying ``championship_csv.line``
(the file, the line and the reason, a message in its turn).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from arbitre.backgammon.championship.bracket import SetScore
from arbitre.backgammon.championship.model import (
    ELO_MAX,
    ELO_MIN,
    Championship,
    ChampionshipError,
    MatchResult,
    Player,
    ResultKind,
)
from arbitre.common.messages import Message, Param
from arbitre.common.players_csv import NAME_ELO, read_sheet
from arbitre.common.spreadsheet import neutralise, restore

MESSAGE_CODES = frozenset(
    {f"championship_csv.field.{name}" for name in ("round", "match_length", "score", "set_score")}
    | {
        f"championship_csv.{name}"
        for name in (
            "line",
            "file",
            "not_integer",
            "results_columns",
            "ended",
            "bye_one_player",
            "bye_winner",
            "forfeit_winner",
            "bracket_columns",
            "set_score",
            "not_utf8",
            "open_quote",
        )
    }
)
"""The refusals of the championship's files."""


def _m(code: str, **params: Param) -> Message:
    return Message.of(f"championship_csv.{code}", **params)


def _at(source: str, line: int, reason: Message) -> ChampionshipError:
    """The refusal of line ``line`` of ``source``."""
    return ChampionshipError(_m("line", source=source, line=line, reason=reason))


def _rows(text: str, header_word: str, source: str) -> list[tuple[int, list[str]]]:
    lines = text.splitlines()
    sample = next((ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")), "")
    delimiter = ";" if ";" in sample and "," not in sample else ","
    out: list[tuple[int, list[str]]] = []
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter)
    rows = enumerate(reader, start=1)
    while True:
        try:
            lineno, row = next(rows)
        except StopIteration:
            break
        except csv.Error:  # a quote left open up to the end of the file
            raise _at(source, reader.line_num, _m("open_quote")) from None
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0].startswith("#"):
            continue
        if not out and cells[0].lower() == header_word:
            continue
        out.append((lineno, cells))
    return out


def _int(value: str, what: str, source: str, line: int) -> int:
    try:
        return int(value)
    except ValueError:
        reason = _m("not_integer", field=_m(f"field.{what}"), value=value)
        raise _at(source, line, reason) from None


def parse_players(text: str | bytes) -> list[Player]:
    """Players from ``name,elo[,club,licence]`` lines (header optional), read by
    :mod:`arbitre.common.players_csv`; every bad line is reported at once in
    :class:`~arbitre.common.players_csv.PlayersFileError`.

    >>> parse_players("Chloé;1650;Lyon\\n")
    [Player(name='Chloé', elo=1650, club='Lyon', licence='')]
    """
    sheet = read_sheet(text, NAME_ELO, positional=True)
    players = []
    seen: dict[str, int] = {}
    for row in sheet.rows:
        name = sheet.player_name(row)
        elo = sheet.integer(row, "elo", ELO_MIN, ELO_MAX)
        if name is None or elo is None or not sheet.unique(row, "name", name, seen):
            continue
        players.append(Player(name, elo, row.get("club"), row.get("licence")))
    sheet.check()
    return players


DECIDED = ("", "time", "both_time", "disqualification", "lateness", "penalty")
"""The values of the optional ``ended`` column (:attr:`MatchResult.decided`)."""


def parse_results(text: str, source: str = "results") -> list[MatchResult]:
    """Swiss results from ``round,player_a,player_b,winner[,length,score_a,score_b[,ended]]``;
    ``ended``: a match decided before its end, its score being the real one (``time``,
    ``both_time``, ``disqualification``, ``lateness``, ``penalty``: a sanction of the
    director, seed 003 3.15 and 4.2)."""
    results = []
    for lineno, cells in _rows(text, "round", source):
        if len(cells) not in (4, 5, 7, 8):
            raise _at(source, lineno, _m("results_columns", found=len(cells)))
        decided = cells[7].strip() if len(cells) == 8 else ""
        if decided not in DECIDED:
            raise _at(source, lineno, _m("ended", value=decided))
        rnd = _int(cells[0], "round", source, lineno)
        a, b, w = restore(cells[1]), restore(cells[2]), restore(cells[3])
        length = (
            _int(cells[4], "match_length", source, lineno) if len(cells) > 4 and cells[4] else None
        )
        score = (
            (_int(cells[5], "score", source, lineno), _int(cells[6], "score", source, lineno))
            if len(cells) >= 7 and cells[5] and cells[6]
            else None
        )
        try:
            if w.lower() == "bye" or b.upper() == "BYE":
                if b and b.upper() != "BYE":
                    raise ChampionshipError(_m("bye_one_player", player=b))
                if w.lower() != "bye" and w != a:
                    raise ChampionshipError(_m("bye_winner", winner=w, player=a))
                results.append(MatchResult(rnd, a, None, None, ResultKind.BYE))
            elif w.lower().startswith("forfeit:"):
                who = w.split(":", 1)[1].strip()
                winner = None if who.lower() == "both" else who
                if winner is not None and winner not in (a, b):
                    raise ChampionshipError(_m("forfeit_winner", winner=winner, a=a, b=b))
                results.append(
                    MatchResult(
                        rnd,
                        a,
                        b,
                        winner,
                        ResultKind.FORFEIT,
                        length if decided else None,
                        score[0] if score and decided else None,
                        score[1] if score and decided else None,
                        decided=decided,
                    )
                )
            else:
                results.append(
                    MatchResult(
                        rnd,
                        a,
                        b,
                        w,
                        ResultKind.PLAYED,
                        length,
                        score[0] if score else None,
                        score[1] if score else None,
                        decided=decided,
                    )
                )
        except ChampionshipError as exc:
            raise _at(source, lineno, exc.message) from None
    return results


def parse_bracket_results(
    text: str, source: str = "bracket results"
) -> list[tuple[str, str, tuple[SetScore, ...]]]:
    """Bracket results from ``match,winner[,sets]`` lines."""
    out = []
    for lineno, cells in _rows(text, "match", source):
        if len(cells) not in (2, 3) or not cells[0] or not cells[1]:
            raise _at(source, lineno, _m("bracket_columns", found=len(cells)))
        sets: list[SetScore] = []
        if len(cells) == 3 and cells[2]:
            for part in cells[2].split():
                top, sep, bottom = part.partition("-")
                if not sep:
                    raise _at(source, lineno, _m("set_score", value=part))
                sets.append(
                    SetScore(
                        _int(top, "set_score", source, lineno),
                        _int(bottom, "set_score", source, lineno),
                    )
                )
        out.append((cells[0], restore(cells[1]), tuple(sets)))
    return out


def _read(path: str | Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise ChampionshipError(_m("not_utf8", source=str(path))) from None


def read_players(path: str | Path) -> list[Player]:
    return parse_players(Path(path).read_bytes())


def read_results(path: str | Path) -> list[MatchResult]:
    return parse_results(_read(path), str(path))


def read_bracket_results(path: str | Path) -> list[tuple[str, str, tuple[SetScore, ...]]]:
    return parse_bracket_results(_read(path), str(path))


def load_championship(
    players_path: str | Path, results_path: str | Path | None = None
) -> Championship:
    """A championship from a players file and an optional results file."""
    champ = Championship(read_players(players_path))
    if results_path is not None:
        for r in read_results(results_path):
            try:
                champ.record(r)
            except ChampionshipError as exc:
                reason = exc.message
                raise ChampionshipError(
                    _m("file", source=str(results_path), reason=reason)
                ) from None
    return champ


def format_results(champ: Championship) -> str:
    """The Swiss results as CSV (the format read by :func:`parse_results`)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    ended = any(r.decided for r in champ.results)
    header = ["round", "player_a", "player_b", "winner", "match_length", "score_a", "score_b"]
    w.writerow(header + (["ended"] if ended else []))
    for r in sorted(champ.results, key=lambda r: r.round):
        if r.kind is ResultKind.BYE:
            w.writerow([r.round, neutralise(r.a), "", "bye", "", "", ""] + ([""] if ended else []))
            continue
        if r.kind is ResultKind.FORFEIT:
            winner = f"forfeit:{r.winner or 'both'}"
        else:
            winner = neutralise(r.winner or "")
        w.writerow(
            [
                r.round,
                neutralise(r.a),
                neutralise(r.b or ""),
                winner,
                r.match_length or "",
                "" if r.score_a is None else r.score_a,
                "" if r.score_b is None else r.score_b,
            ]
            + ([r.decided] if ended else [])
        )
    return buf.getvalue()
