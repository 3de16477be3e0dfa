"""The final phase's games played at the table (issue 35, item 3; seed 000 preamble): each
game of each final-phase match (semi-finals, final, match for 3rd place) gets its own table
log, with its code, its clock and its score sheet, as a Swiss round's table
(:mod:`.tablesetup`), and its signed result flows into the final phase
(:mod:`.final`).

One log per game, not per match: a final-phase match tied by drawn games plays deciding
games until one player is ahead (:func:`~arbitre.classic.tournament.final_phase.
match_winner`), beyond the table engine's best of three. A game's log is made once its
match's two players are known and the previous game is signed; its setup names the top
player first (A), so that its scores read as the final phase stores them, and who starts
(:func:`~arbitre.classic.tournament.final_phase.game_starter`: the tournament's designation
under ``fbs``, the toss under ``ffsc``). The setup keeps ``tournament``, ``final`` (the
match's id) and ``game`` (its number): the log has no round table (``table`` empty) and is
not a friendly game.

Once a match's signed games decide it, its result is stored as the director's would be
(audited); a game lost whatever its score or by forfeit is left to the director, who enters
the match's scores. A stored result is corrected on the final phase's page (audited with
before and after), never by the tables: a sheet of a match with its result is not reopened.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models.signals import post_delete
from django.utils.translation import get_language, gettext

from arbitre.app.classic import final, services
from arbitre.app.classic.tablesetup import KIND, game_setup
from arbitre.app.classic.tablestate import session_of
from arbitre.app.rounds import tablelog
from arbitre.app.rounds.models import KnockoutResult, TableLog, Tournament
from arbitre.app.rounds.services import ServiceError
from arbitre.classic.game.profiles import get_profile
from arbitre.classic.tournament import final_phase
from arbitre.classic.tournament.pairing import match_starters
from arbitre.i18n import word

FINAL_KEY = "final"
GAME_KEY = "game"
TOURNAMENT_KEY = "tournament"
FINAL_TARGET = "phase finale, %(match)s, partie %(game)s"
"""The audit log's target of an action at a final-phase game (stored in French, as every
target)."""


def is_final(log: TableLog) -> bool:
    """A final-phase game's log (not a round's table, not a friendly game)."""
    return log.table_id is None and FINAL_KEY in (log.setup or {})


def tournament_of(log: TableLog) -> Tournament:
    return Tournament.objects.select_related("event").get(pk=int(log.setup[TOURNAMENT_KEY]))


def target_of(log: TableLog) -> str:
    return FINAL_TARGET % {"match": log.setup[FINAL_KEY], "game": log.setup[GAME_KEY]}


def logs(t: Tournament) -> dict[str, list[TableLog]]:
    """The final phase's game logs of the event, by match id, in game order."""
    out: dict[str, list[TableLog]] = defaultdict(list)
    found = TableLog.objects.filter(
        kind=KIND, table__isnull=True, setup__has_key=FINAL_KEY, setup__tournament=t.pk
    )
    for log in sorted(found, key=lambda x: (int(x.setup[GAME_KEY]), x.pk)):
        out[str(log.setup[FINAL_KEY])].append(log)
    return out


@dataclass(frozen=True)
class Progress:
    """A match's games at the tables: the scores of the games signed (top player first),
    who started each, the game in play (``None``: every game is signed), and whether a
    signed game is left to the director (a forfeit, a loss whatever the score)."""

    scores: list[tuple[int, int]]
    started: list[str | None]
    open: TableLog | None
    for_director: bool


def progress(m: final_phase.FinalMatch, games: list[TableLog]) -> Progress:
    """The games of ``m`` played at its current players' tables (a log of players a
    corrected semi-final replaced is not the match's)."""
    scores: list[tuple[int, int]] = []
    started: list[str | None] = []
    for log in games:
        if log.setup.get("names") != [m.top, m.bottom]:
            continue
        s = session_of(log)
        tossing = s.toss_needed and s.toss is None and not s.started
        started.append(None if tossing or s.starter is None else s.names[s.starter])
        signed = s.signed_result
        if signed is None:
            return Progress(scores, started, log, False)
        if signed.forfeit is not None or signed.loss is not None:
            return Progress(scores, started, None, True)
        scores.append((int(signed.scores[0]), int(signed.scores[1])))
    return Progress(scores, started, None, False)


def decided(m: final_phase.FinalMatch, scores: list[tuple[int, int]], best_of: int) -> bool:
    """Whether the games signed give the match its winner (the engine's rule)."""
    if not scores or m.top is None or m.bottom is None:
        return False
    try:
        final_phase.match_winner(m.top, m.bottom, scores, best_of)
    except final_phase.FinalPhaseError:
        return False
    return True


def designated(t: Tournament, m: final_phase.FinalMatch) -> tuple[str, ...]:
    """The tournament's designation of the match's starters (``fbs``: rulings Classic 7 as
    at every table); none under the toss (``ffsc``, 001 3.1)."""
    if get_profile(t.profile).starts_by_toss or m.top is None or m.bottom is None:
        return ()
    return match_starters(services.rounds(t), final.qualified(t), m.top, m.bottom, t.final_best_of)


def _setup(t: Tournament, m: final_phase.FinalMatch, number: int, p: Progress) -> dict[str, Any]:
    assert m.top is not None and m.bottom is not None
    players = (m.top, m.bottom)
    starter = final_phase.game_starter(number, players, designated(t, m), p.started)
    setup = game_setup(t, players, None if starter is None else players.index(starter))
    setup.update({TOURNAMENT_KEY: t.pk, FINAL_KEY: m.id, GAME_KEY: number})
    return setup


def ensure(t: Tournament) -> dict[str, list[TableLog]]:
    """A log for the next game of every match whose players are known and whose result is
    not in: game 1 once the match is ready, the next one once the previous is signed and
    leaves the match open. The setup of a game not started follows the event's settings and
    the match's players (a semi-final corrected upstream)."""
    if not t.final_started:
        return {}
    found = logs(t)
    try:
        matches = final.matches(t)
    except ServiceError:  # a ranking the final phase no longer reads: the director's pages say
        return found
    for m in matches:
        if m.top is None or m.bottom is None or m.winner is not None:
            continue
        games = found.get(m.id, [])
        p = progress(m, games)
        if p.for_director or (p.open is None and decided(m, p.scores, t.final_best_of)):
            continue
        number = len(p.scores) + 1
        idle = p.open or next((x for x in reversed(games) if not x.events), None)
        setup = _setup(t, m, number, Progress(p.scores, p.started[: number - 1], None, False))
        if idle is not None and not idle.events:
            if idle.setup != setup:
                idle.setup = setup
                idle.save(update_fields=["setup"])
        elif p.open is None:
            title = gettext("%(event)s — %(match)s, partie %(game)s") % {
                "event": t.event,
                "match": word(m.name, get_language()),
                "game": number,
            }
            found[m.id] = [*games, tablelog.create_log(KIND, setup, title=title)]
    return found


def game_signed(log: TableLog) -> None:
    """A game's sheet signed (or its forfeit declared): when the match's signed games decide
    it, its result goes to the final phase; else the next game gets its table. Left to the
    director where the final phase refuses it (a result entered by hand meanwhile)."""
    t = tournament_of(log)
    if not t.final_started:
        return
    match_id = str(log.setup[FINAL_KEY])
    try:
        m = next((x for x in final.matches(t) if x.id == match_id), None)
    except ServiceError:
        return
    if m is None or m.winner is not None:
        return
    p = progress(m, logs(t).get(match_id, []))
    if p.open is None and not p.for_director and decided(m, p.scores, t.final_best_of):
        try:
            final.enter_from_tables(t, match_id, p.scores)
        except ServiceError:
            return
    ensure(t)


@transaction.atomic
def check_reopen(log: TableLog) -> Tournament:
    """A final-phase game's sheet is reopened only while its match has no result (a stored
    result is corrected on the final phase's page, audited)."""
    t = tournament_of(log)
    match_id = str(log.setup[FINAL_KEY])
    if KnockoutResult.objects.filter(tournament=t, match_id=match_id).exists():
        raise ServiceError(
            gettext(
                "Ce match a son résultat : corrigez-le depuis la page de la phase finale "
                "(la correction est gardée au journal)."
            )
        )
    return t


def label_of(log: TableLog) -> str:
    """``Demi-finale 1, partie 2`` in the page's language."""
    name = final_phase.FinalMatch(str(log.setup[FINAL_KEY]), None, None).name
    return gettext("%(match)s, partie %(game)s") % {
        "match": word(name, get_language()),
        "game": log.setup[GAME_KEY],
    }


def starts_of(log: TableLog) -> str:
    """Who starts the game, for its pages: the designated player (000 3.1; game 2: the
    player who did not start game 1, 001 3.2), or the toss (001 3.1)."""
    s = session_of(log)
    if (s.toss_needed and s.toss is None and not s.started) or s.starter is None:
        return gettext("Tirage au sort pour commencer cette partie (001 3.1).")
    return gettext("%(name)s commence cette partie.") % {"name": s.names[s.starter]}


def status_of(log: TableLog) -> str:
    """Where the game stands, top player's score first."""
    s = session_of(log)
    result = s.result
    if result is not None and (result.forfeit is not None or result.loss is not None):
        return gettext("résultat du match à saisir par le directeur")
    scores = f"{s.scores[0]} – {s.scores[1]}"
    if s.signed_result is not None:
        return gettext("signée : %(scores)s") % {"scores": scores}
    if result is not None:
        return gettext("finie, signatures attendues : %(scores)s") % {"scores": scores}
    if s.started:
        return gettext("en cours : %(scores)s") % {"scores": scores}
    return gettext("pas encore commencée")


def _on_tournament_deleted(sender: Any, instance: Tournament, **kwargs: Any) -> None:
    """An event deleted takes its final phase's games with it (their logs name the event's
    tournament in their setup, not through a key the database cascades)."""
    TableLog.objects.filter(
        kind=KIND, table__isnull=True, setup__has_key=FINAL_KEY, setup__tournament=instance.pk
    ).delete()


post_delete.connect(_on_tournament_deleted, sender=Tournament, dispatch_uid="classic_final_logs")
