"""Results CSV: ``round,player_a,player_b,score_a,score_b[,starts[,loss,loss_cause]]``.

- ``forfeit`` in place of a score marks the absent side (seed 000, 9.5); the other
  side's score may be left empty. Both sides ``forfeit``: a double forfeit.
- ``bye`` as ``player_b``: a bye for ``player_a`` (scores left empty).
- ``starts`` (optional) names who started the game; by default ``player_a`` did.
- ``loss`` and ``loss_cause`` (optional) name the player who lost whatever the score and
  why (:class:`~arbitre.classic.tournament.model.LossCause`: ``sanction``, ``overdraw``,
  ``board``, ``letters``, ``abandon``; seed 001 10.x, seed 000 9.x).
- Best-of-three matches: the scores are the numbers of games won.

Players absent from a round simply have no row in it. An optional header row starts
with ``round``. Names are matched without regard to case.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from arbitre.classic.tournament._csvutil import CsvFormatError, read_text, rows
from arbitre.classic.tournament.model import Game, LossCause, Player, Round, TournamentError
from arbitre.common.spreadsheet import neutralise, restore

__all__ = ["CsvFormatError", "parse_results", "read_results", "format_results"]

FORFEIT = "forfeit"
BYE = "bye"


def _score(raw: str, where: str, side: str) -> tuple[int | None, bool]:
    if raw.casefold() == FORFEIT:
        return None, True
    try:
        return int(raw), False
    except ValueError:
        raise CsvFormatError(
            f"{where}: score of {side} {raw!r} is neither a whole number nor 'forfeit'"
        ) from None


def parse_results(text: str, players: Iterable[Player], source: str = "results") -> list[Round]:
    """Rounds of ``text``, numbered 1, 2, ... without gaps; bad rows name their line."""
    names = {p.name.casefold(): p.name for p in players}
    games: dict[int, list[Game]] = {}
    where_seen: dict[tuple[int, str], int] = {}

    def known(raw: str, where: str) -> str:
        name = names.get(restore(raw).casefold())
        if name is None:
            raise CsvFormatError(f"{where}: unknown player {raw!r}")
        return name

    for line, cells in rows(text, "round"):
        where = f"{source}, line {line}"
        if len(cells) < 3 or len(cells) > 8:
            raise CsvFormatError(
                f"{where}: expected round,player_a,player_b,score_a,score_b"
                "[,starts[,loss,loss_cause]]"
            )
        cells += [""] * (8 - len(cells))
        try:
            number = int(cells[0])
        except ValueError:
            raise CsvFormatError(f"{where}: round {cells[0]!r} is not a whole number") from None
        if number < 1:
            raise CsvFormatError(f"{where}: round numbers start at 1")
        a = known(cells[1], where)
        if cells[2].casefold() == BYE:
            if any(cells[3:]):
                raise CsvFormatError(f"{where}: a bye has no score and no starter")
            game = Game(number, a, None)
        else:
            b = known(cells[2], where)
            if a == b:
                raise CsvFormatError(f"{where}: {a} cannot play themselves")
            score_a, forfeit_a = _score(cells[3], where, a) if cells[3] else (None, False)
            score_b, forfeit_b = _score(cells[4], where, b) if cells[4] else (None, False)
            if forfeit_a or forfeit_b:
                score_a = None if forfeit_a else score_a
                score_b = None if forfeit_b else score_b
            elif score_a is None or score_b is None:
                raise CsvFormatError(f"{where}: both scores are needed (or 'forfeit')")
            starts = known(cells[5], where) if cells[5] else None
            if starts is not None and starts not in (a, b):
                raise CsvFormatError(f"{where}: {starts} is not one of the two players")
            if starts is not None and (forfeit_a or forfeit_b):
                raise CsvFormatError(f"{where}: a forfeited game has no starter")
            loss = known(cells[6], where) if cells[6] else None
            try:
                cause = LossCause(cells[7]) if cells[7] else None
            except ValueError:
                raise CsvFormatError(f"{where}: unknown cause of loss {cells[7]!r}") from None
            try:
                game = Game(
                    number, a, b, score_a, score_b, forfeit_a, forfeit_b, starts, loss, cause
                )
            except TournamentError as exc:
                raise CsvFormatError(f"{where}: {exc}") from None
        for name in game.players:
            if (number, name) in where_seen:
                raise CsvFormatError(
                    f"{where}: {name} already has a game in round {number} "
                    f"(line {where_seen[(number, name)]})"
                )
            where_seen[(number, name)] = line
        games.setdefault(number, []).append(game)
    out: list[Round] = []
    for expected, number in enumerate(sorted(games), start=1):
        if number != expected:
            raise CsvFormatError(f"{source}: round {expected} is missing (round {number} found)")
        out.append(Round(number, tuple(games[number])))
    return out


def read_results(path: str | Path, players: Iterable[Player]) -> list[Round]:
    """Rounds of the results CSV file at ``path``."""
    return parse_results(read_text(path), players, str(path))


def format_results(rounds: Iterable[Round]) -> str:
    """CSV text (with a header) that :func:`parse_results` reads back."""
    out = ["round,player_a,player_b,score_a,score_b,starts,loss,loss_cause"]
    for rnd in rounds:
        for g in rnd.games:
            if g.b is None:
                out.append(f"{g.round},{_q(g.a)},bye,,,,,")
                continue
            sa = FORFEIT if g.forfeit_a else ("" if g.score_a is None else str(g.score_a))
            sb = FORFEIT if g.forfeit_b else ("" if g.score_b is None else str(g.score_b))
            cause = g.loss_cause.value if g.loss_cause else ""
            out.append(
                f"{g.round},{_q(g.a)},{_q(g.b)},{sa},{sb},{_q(g.starts or '')},"
                f"{_q(g.loss or '')},{cause}"
            )
    return "\n".join(out) + "\n"


def _q(field: str) -> str:
    field = neutralise(field)
    if any(c in field for c in ',;"\n'):
        return '"' + field.replace('"', '""') + '"'
    return field
