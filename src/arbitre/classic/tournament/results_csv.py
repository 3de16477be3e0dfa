"""Results CSV, in French (what the web application downloads) or in English:
``ronde,joueur_a,joueur_b,score_a,score_b[,commence[,perdant,cause_perte]]`` or
``round,player_a,player_b,score_a,score_b[,starts[,loss,loss_cause]]``.

- ``forfait`` (``forfeit``) in place of a score marks the absent side (seed 000, 9.5); the
  other side's score may be left empty. Both sides forfeit: a double forfeit.
- ``exempt`` (``bye``) as ``joueur_b``: a bye for ``joueur_a`` (scores left empty).
- ``commence`` (optional) names who started the game; by default ``joueur_a`` did.
- ``perdant`` and ``cause_perte`` (optional) name the player who lost whatever the score
  and why (:class:`~arbitre.classic.tournament.model.LossCause`, worded by
  :data:`LOSS_CAUSES`; seed 001 10.x, seed 000 9.x).
- Best-of-three matches: the scores are the numbers of games won.

The final phase's file (seed 000 preamble) has one row per game,
``match,partie,joueur_haut,joueur_bas,score_haut,score_bas`` or
``match,game,top_player,bottom_player,top_score,bottom_score`` (:func:`format_final_results`,
:func:`parse_final_results`); its scores may be negative.

Players absent from a round simply have no row in it. An optional header row starts with
``ronde`` or ``round``; each of its columns is the French or the English name of the column
at that place, else the file is refused (``classic_results.header``). The words are read in
either language whatever the header's, without regard to case or accents. Names are matched
without regard to case.

>>> players = [Player("Alice", 1500), Player("Bruno", 1400), Player("Chloé", 1300)]
>>> rounds = parse_results("ronde;joueur_a;joueur_b;score_a;score_b\\n1;Alice;Bruno;412;forfait\\n1;Chloé;exempt\\n", players)
>>> format_results(rounds, "en").splitlines()[1:]
['1,Alice,Bruno,412,forfeit,,,', '1,Chloé,bye,,,,,']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from arbitre.classic.tournament._csvutil import CsvFormatError, CsvRefusal, read_text, rows
from arbitre.classic.tournament.model import Game, LossCause, Player, Round, TournamentRefused
from arbitre.common.messages import Message, Param
from arbitre.common.players_csv import fold, fold_word
from arbitre.common.spreadsheet import neutralise, restore

__all__ = [
    "CsvFormatError",
    "CsvRefusal",
    "ENGLISH",
    "FRENCH",
    "VOCABULARIES",
    "Vocabulary",
    "parse_results",
    "read_results",
    "format_results",
    "FinalResult",
    "parse_final_results",
    "read_final_results",
    "format_final_results",
]

MESSAGE_CODES = frozenset(
    f"classic_results.{name}"
    for name in (
        "header",
        "score",
        "loss_cause",
        "game",
        "unknown_player",
        "cells",
        "round",
        "round_number",
        "bye_cells",
        "plays_self",
        "both_scores",
        "starter",
        "forfeit_starter",
        "twice",
        "round_missing",
        "final_cells",
        "final_game",
        "final_score",
        "final_players",
        "final_order",
    )
)
"""The refusals of a results file, each with the file and its line (a game the tournament
refuses: ``classic_results.game``, its reason nested)."""


@dataclass(frozen=True)
class Vocabulary:
    """The words of the results file in one language: the header, the score of an absent side,
    the opponent of a bye and the causes of a loss."""

    header: tuple[str, str, str, str, str, str, str, str]
    forfeit: str
    bye: str
    causes: Mapping[LossCause, str]
    final_header: tuple[str, str, str, str, str, str]
    """The columns of the final phase's file (:func:`format_final_results`)."""


FRENCH = Vocabulary(
    header=(
        "ronde",
        "joueur_a",
        "joueur_b",
        "score_a",
        "score_b",
        "commence",
        "perdant",
        "cause_perte",
    ),
    forfeit="forfait",
    bye="exempt",
    causes={
        LossCause.SANCTION: "sanction",
        LossCause.OVERDRAW: "tirage_en_trop",
        LossCause.BOARD: "grille",
        LossCause.LETTERS: "lettres_eliminees",
        LossCause.ABANDON: "abandon",
    },
    final_header=("match", "partie", "joueur_haut", "joueur_bas", "score_haut", "score_bas"),
)
"""The French file, as the web application downloads it (seed 001 10.1-10.7's words)."""

ENGLISH = Vocabulary(
    header=("round", "player_a", "player_b", "score_a", "score_b", "starts", "loss", "loss_cause"),
    forfeit="forfeit",
    bye="bye",
    causes={cause: cause.value for cause in LossCause},
    final_header=("match", "game", "top_player", "bottom_player", "top_score", "bottom_score"),
)
"""The English file, the format of the first versions (still read)."""

VOCABULARIES = {"fr": FRENCH, "en": ENGLISH}
"""The vocabularies by language; :func:`format_results` writes French unless told."""


_FORFEIT = frozenset(fold_word(v.forfeit) for v in VOCABULARIES.values())
_BYE = frozenset(fold_word(v.bye) for v in VOCABULARIES.values())
_CAUSES = {
    fold_word(word): cause for v in VOCABULARIES.values() for cause, word in v.causes.items()
}
_COLUMNS = tuple(
    frozenset(fold(v.header[i]) for v in VOCABULARIES.values()) for i in range(len(FRENCH.header))
)


def _refusal(code: str, /, **params: Param) -> CsvRefusal:
    return CsvRefusal(Message.of(f"classic_results.{code}", **params))


def _check_header(
    cells: list[str],
    source: str,
    line: int,
    columns: tuple[frozenset[str], ...] = _COLUMNS,
    french: Sequence[str] = FRENCH.header,
    english: Sequence[str] = ENGLISH.header,
) -> None:
    """A header is a prefix of the columns, each named in French or in English."""
    for i, cell in enumerate(cells):
        if i >= len(columns) or fold(cell) not in columns[i]:
            raise _refusal(
                "header",
                source=source,
                line=line,
                column=i + 1,
                found=cell,
                french=french[i] if i < len(columns) else "",
                english=english[i] if i < len(columns) else "",
            )


def _score(raw: str, source: str, line: int, side: str) -> tuple[int | None, bool]:
    if fold_word(raw) in _FORFEIT:
        return None, True
    try:
        return int(raw), False
    except ValueError:
        raise _refusal("score", source=source, line=line, player=side, value=raw) from None


def parse_results(text: str, players: Iterable[Player], source: str = "results") -> list[Round]:
    """Rounds of ``text``, numbered 1, 2, ... without gaps; bad rows name their line."""
    names = {p.name.casefold(): p.name for p in players}
    games: dict[int, list[Game]] = {}
    where_seen: dict[tuple[int, str], int] = {}

    def known(raw: str, line: int) -> str:
        name = names.get(restore(raw).casefold())
        if name is None:
            raise _refusal("unknown_player", source=source, line=line, name=raw)
        return name

    for line, cells, header in rows(text, _COLUMNS[0]):
        if header:
            _check_header(cells, source, line)
            continue
        if len(cells) < 3 or len(cells) > 8:
            raise _refusal("cells", source=source, line=line, found=len(cells))
        cells += [""] * (8 - len(cells))
        try:
            number = int(cells[0])
        except ValueError:
            raise _refusal("round", source=source, line=line, value=cells[0]) from None
        if number < 1:
            raise _refusal("round_number", source=source, line=line, round=number)
        a = known(cells[1], line)
        if fold_word(cells[2]) in _BYE:
            if any(cells[3:]):
                raise _refusal("bye_cells", source=source, line=line)
            game = Game(number, a, None)
        else:
            b = known(cells[2], line)
            if a == b:
                raise _refusal("plays_self", source=source, line=line, player=a)
            score_a, forfeit_a = _score(cells[3], source, line, a) if cells[3] else (None, False)
            score_b, forfeit_b = _score(cells[4], source, line, b) if cells[4] else (None, False)
            if not (forfeit_a or forfeit_b) and (score_a is None or score_b is None):
                raise _refusal("both_scores", source=source, line=line)
            starts = known(cells[5], line) if cells[5] else None
            if starts is not None and starts not in (a, b):
                raise _refusal("starter", source=source, line=line, player=starts)
            if starts is not None and (forfeit_a or forfeit_b):
                raise _refusal("forfeit_starter", source=source, line=line)
            loss = known(cells[6], line) if cells[6] else None
            cause = _CAUSES.get(fold_word(cells[7]))  # None when empty
            if cells[7] and cause is None:
                raise _refusal(
                    "loss_cause",
                    source=source,
                    line=line,
                    value=cells[7],
                    french=", ".join(FRENCH.causes.values()),
                    english=", ".join(ENGLISH.causes.values()),
                )
            try:
                game = Game(
                    number, a, b, score_a, score_b, forfeit_a, forfeit_b, starts, loss, cause
                )
            except TournamentRefused as exc:
                raise _refusal("game", source=source, line=line, reason=exc.message) from None
        for name in game.players:
            if (number, name) in where_seen:
                raise _refusal(
                    "twice",
                    source=source,
                    line=line,
                    player=name,
                    round=number,
                    first=where_seen[(number, name)],
                )
            where_seen[(number, name)] = line
        games.setdefault(number, []).append(game)
    out: list[Round] = []
    for expected, number in enumerate(sorted(games), start=1):
        if number != expected:
            raise _refusal("round_missing", source=source, round=expected, found=number)
        out.append(Round(number, tuple(games[number])))
    return out


def read_results(path: str | Path, players: Iterable[Player]) -> list[Round]:
    """Rounds of the results CSV file at ``path``."""
    return parse_results(read_text(path), players, str(path))


def format_results(rounds: Iterable[Round], lang: str = "fr") -> str:
    """CSV text (with a header) that :func:`parse_results` reads back, in the words of
    ``lang``, a key of :data:`VOCABULARIES` (French by default, ``"en"``)."""
    words = VOCABULARIES[lang]
    out = [",".join(words.header)]
    for rnd in rounds:
        for g in rnd.games:
            if g.b is None:
                out.append(f"{g.round},{_q(g.a)},{words.bye},,,,,")
                continue
            sa = words.forfeit if g.forfeit_a else ("" if g.score_a is None else str(g.score_a))
            sb = words.forfeit if g.forfeit_b else ("" if g.score_b is None else str(g.score_b))
            cause = words.causes[g.loss_cause] if g.loss_cause else ""
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


# -- the final phase -----------------------------------------------------------------------------

_FINAL_COLUMNS = tuple(
    frozenset(fold(v.final_header[i]) for v in VOCABULARIES.values())
    for i in range(len(FRENCH.final_header))
)


@dataclass(frozen=True)
class FinalResult:
    """The games of one final-phase match (seed 000 preamble) as its file gives them: the
    match id (``F``, ``SF1``, ``SF2``, ``P3``), its two players and each game's scores, top
    player first. A score may be negative (the reckoning and the penalties can leave a
    player below zero). Who won is not written:
    :func:`~arbitre.classic.tournament.final_phase.resolve` decides it from the scores."""

    match: str
    top: str
    bottom: str
    games: tuple[tuple[int, int], ...]


def parse_final_results(text: str, source: str = "final phase") -> list[FinalResult]:
    """The matches of a final-phase file, one row per game
    (``match,partie,joueur_haut,joueur_bas,score_haut,score_bas`` or
    ``match,game,top_player,bottom_player,top_score,bottom_score``), in the order of their
    first row. A match's games are numbered 1, 2, ... and name the same two players; bad rows
    name their line."""
    found: dict[str, tuple[str, str, list[tuple[int, int]]]] = {}
    for line, cells, header in rows(text, _FINAL_COLUMNS[0]):
        if header:
            _check_header(
                cells, source, line, _FINAL_COLUMNS, FRENCH.final_header, ENGLISH.final_header
            )
            continue
        if len(cells) != len(FRENCH.final_header) or not all(cells):
            raise _refusal(
                "final_cells",
                source=source,
                line=line,
                french=",".join(FRENCH.final_header),
                english=",".join(ENGLISH.final_header),
            )
        match, number_text, top, bottom = cells[0], cells[1], restore(cells[2]), restore(cells[3])
        try:
            number = int(number_text)
        except ValueError:
            raise _refusal("final_game", source=source, line=line, value=number_text) from None
        scores = []
        for raw in cells[4:]:
            try:
                scores.append(int(raw))
            except ValueError:
                raise _refusal("final_score", source=source, line=line, value=raw) from None
        if top.casefold() == bottom.casefold():
            raise _refusal("plays_self", source=source, line=line, player=top)
        known_top, known_bottom, games = found.setdefault(match, (top, bottom, []))
        if (known_top.casefold(), known_bottom.casefold()) != (top.casefold(), bottom.casefold()):
            raise _refusal(
                "final_players",
                source=source,
                line=line,
                match=match,
                top=known_top,
                bottom=known_bottom,
                found_top=top,
                found_bottom=bottom,
            )
        if number != len(games) + 1:
            raise _refusal(
                "final_order",
                source=source,
                line=line,
                match=match,
                game=number,
                expected=len(games) + 1,
            )
        games.append((scores[0], scores[1]))
    return [FinalResult(m, top, bottom, tuple(g)) for m, (top, bottom, g) in found.items()]


def read_final_results(path: str | Path) -> list[FinalResult]:
    """The matches of the final-phase CSV file at ``path``."""
    return parse_final_results(read_text(path), str(path))


def format_final_results(matches: Iterable[FinalResult], lang: str = "fr") -> str:
    """CSV text (with a header) that :func:`parse_final_results` reads back, one row per
    game, in the words of ``lang`` (French by default, ``"en"``)."""
    out = [",".join(VOCABULARIES[lang].final_header)]
    for m in matches:
        for number, (a, b) in enumerate(m.games, start=1):
            out.append(f"{_q(m.match)},{number},{_q(m.top)},{_q(m.bottom)},{a},{b}")
    return "\n".join(out) + "\n"
