"""CSV formats of the championship (docs/backgammon-championship.md).

- players: ``name,elo[,club,licence]``;
- Swiss results, in French (what the web application downloads) or in English:
  ``ronde,joueur_a,joueur_b,vainqueur[,longueur,score_a,score_b[,fin]]`` or
  ``round,player_a,player_b,winner[,match_length,score_a,score_b[,ended]]`` where the winner
  is a player's name, ``exempt`` / ``bye`` (``joueur_a`` is exempt, ``joueur_b`` empty or
  ``exempt`` / ``BYE``), ``forfait:<name>`` / ``forfeit:<name>`` (``<name>`` wins by
  forfeit) or ``forfait:double`` / ``forfeit:both``; ``fin`` / ``ended``: how a match was
  decided before its end (:data:`DECIDED`, worded by :class:`Vocabulary`);
- bracket results: ``match,vainqueur[,manches]`` or ``match,winner[,sets]`` with the sets
  like ``9-4 7-9 11-3`` (top player first).

A header line is optional; each of its columns is the French or the English name of the
column at that place, else the file is refused (``championship_csv.header``). The words are
read in either language whatever the header's, without regard to case or accents. Blank
lines and lines starting with ``#`` are ignored; the separator is ``,`` or ``;``
(spreadsheets set to French use ``;``).

A bad line is refused with :class:`ChampionshipError` carrying ``championship_csv.line``
(the file, the line and the reason, a message in its turn).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
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
from arbitre.common.players_csv import NAME_ELO, fold, fold_word, read_sheet
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
            "header",
        )
    }
)
"""The refusals of the championship's files."""


DECIDED = ("", "time", "both_time", "disqualification", "lateness", "penalty")
"""The values of :attr:`MatchResult.decided` (the optional ``fin`` / ``ended`` column)."""


@dataclass(frozen=True)
class Vocabulary:
    """The words of the results files in one language: the headers of the Swiss and the
    bracket results, the winner of a bye, the forfeit prefix and its double forfeit, and the
    ways a match ended early (by :data:`DECIDED` code)."""

    results_header: tuple[str, str, str, str, str, str, str, str]
    bracket_header: tuple[str, str, str]
    bye: str
    forfeit: str
    both: str
    ended: Mapping[str, str]


FRENCH = Vocabulary(
    results_header=(
        "ronde",
        "joueur_a",
        "joueur_b",
        "vainqueur",
        "longueur",
        "score_a",
        "score_b",
        "fin",
    ),
    bracket_header=("match", "vainqueur", "manches"),
    bye="exempt",
    forfeit="forfait",
    both="double",
    ended={
        "time": "temps",
        "both_time": "temps_double",
        "disqualification": "disqualification",
        "lateness": "retard",
        "penalty": "penalite",
    },
)
"""The French files, as the web application downloads them."""

ENGLISH = Vocabulary(
    results_header=(
        "round",
        "player_a",
        "player_b",
        "winner",
        "match_length",
        "score_a",
        "score_b",
        "ended",
    ),
    bracket_header=("match", "winner", "sets"),
    bye="bye",
    forfeit="forfeit",
    both="both",
    ended={code: code for code in DECIDED if code},
)
"""The English files, the format of the first versions (still read)."""

VOCABULARIES = {"fr": FRENCH, "en": ENGLISH}
"""The vocabularies by language; the writers write French unless told."""


_BYE = frozenset(fold_word(v.bye) for v in VOCABULARIES.values())
_FORFEIT = frozenset(fold_word(v.forfeit) for v in VOCABULARIES.values())
_BOTH = frozenset(fold_word(v.both) for v in VOCABULARIES.values())
_ENDED = {fold_word(w): code for v in VOCABULARIES.values() for code, w in v.ended.items()}


def _m(code: str, **params: Param) -> Message:
    return Message.of(f"championship_csv.{code}", **params)


def _at(source: str, line: int, reason: Message) -> ChampionshipError:
    """The refusal of line ``line`` of ``source``."""
    return ChampionshipError(_m("line", source=source, line=line, reason=reason))


def _check_header(
    cells: list[str], french: Sequence[str], english: Sequence[str], source: str, line: int
) -> None:
    """A header is a prefix of the columns, each named in French or in English."""
    for i, cell in enumerate(cells):
        known = i < len(french)
        if not known or fold(cell) not in (fold(french[i]), fold(english[i])):
            reason = _m(
                "header",
                column=i + 1,
                found=cell,
                french=french[i] if known else "",
                english=english[i] if known else "",
            )
            raise _at(source, line, reason)


def _rows(
    text: str, french: Sequence[str], english: Sequence[str], source: str
) -> list[tuple[int, list[str]]]:
    """The data rows of a file whose columns are named ``french`` or ``english``; a first row
    starting with the first column's name is the header, checked."""
    first_words = (fold(french[0]), fold(english[0]))
    lines = text.splitlines()
    sample = next((ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#")), "")
    delimiter = ";" if ";" in sample and "," not in sample else ","
    out: list[tuple[int, list[str]]] = []
    reader = csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter)
    rows = enumerate(reader, start=1)
    first = True
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
        if first and fold(cells[0]) in first_words:
            while not cells[-1]:
                cells.pop()
            _check_header(cells, french, english, source, lineno)
            first = False
            continue
        first = False
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


def parse_results(text: str, source: str = "results") -> list[MatchResult]:
    """Swiss results from ``ronde,joueur_a,joueur_b,vainqueur[,longueur,score_a,score_b[,fin]]``
    (or the English words); ``fin``: a match decided before its end, its score being the real
    one (``temps`` / ``time``, ``temps_double`` / ``both_time``, ``disqualification``,
    ``retard`` / ``lateness``, ``penalite`` / ``penalty``: a sanction of the director, seed
    003 3.15 and 4.2)."""
    results = []
    for lineno, cells in _rows(text, FRENCH.results_header, ENGLISH.results_header, source):
        if len(cells) not in (4, 5, 7, 8):
            raise _at(source, lineno, _m("results_columns", found=len(cells)))
        raw_ended = cells[7] if len(cells) == 8 else ""
        decided = _ENDED.get(fold_word(raw_ended)) if raw_ended else ""
        if decided is None:
            raise _at(source, lineno, _m("ended", value=raw_ended))
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
        head, colon, who = w.partition(":")
        try:
            w_bye, b_bye = fold_word(w) in _BYE, fold_word(b) in _BYE
            if w_bye or b_bye:
                if b and not b_bye:
                    raise ChampionshipError(_m("bye_one_player", player=b))
                if not w_bye and w != a:
                    raise ChampionshipError(_m("bye_winner", winner=w, player=a))
                results.append(MatchResult(rnd, a, None, None, ResultKind.BYE))
            elif colon and fold_word(head) in _FORFEIT:
                who = who.strip()
                # a player named like the word of a double forfeit is that player
                winner = None if fold_word(who) in _BOTH and who not in (a, b) else who
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
    """Bracket results from ``match,vainqueur[,manches]`` (``match,winner[,sets]``) lines."""
    out = []
    for lineno, cells in _rows(text, FRENCH.bracket_header, ENGLISH.bracket_header, source):
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


def format_results(champ: Championship, lang: str = "fr") -> str:
    """The Swiss results as CSV (the format read by :func:`parse_results`), in the words of
    ``lang``, a key of :data:`VOCABULARIES` (French by default); the ``fin`` / ``ended`` column
    only when a match ended early."""
    words = VOCABULARIES[lang]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    ended = any(r.decided for r in champ.results)
    w.writerow(words.results_header if ended else words.results_header[:7])
    for r in sorted(champ.results, key=lambda r: r.round):
        if r.kind is ResultKind.BYE:
            row = [r.round, neutralise(r.a), "", words.bye, "", "", ""]
            w.writerow(row + ([""] if ended else []))
            continue
        if r.kind is ResultKind.FORFEIT:
            winner = f"{words.forfeit}:{r.winner or words.both}"
        else:
            winner = neutralise(r.winner or "")
        w.writerow(
            [
                r.round,
                neutralise(r.a),
                neutralise(r.b or ""),
                winner,
                r.match_length or "",
                r.score_a,  # None is written as an empty cell
                r.score_b,
            ]
            + ([words.ended.get(r.decided)] if ended else [])
        )
    return buf.getvalue()


def format_bracket_results(
    results: Iterable[tuple[str, str, Sequence[tuple[int, int]]]], lang: str = "fr"
) -> str:
    """Final-stage results ``(match, winner, set scores top-bottom)`` as CSV, the format read
    by :func:`parse_bracket_results`, in the words of ``lang`` (French by default, ``"en"``)."""
    words = VOCABULARIES[lang]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(words.bracket_header)
    for match, winner, sets in results:
        w.writerow([match, neutralise(winner), " ".join(f"{a}-{b}" for a, b in sets)])
    return buf.getvalue()
