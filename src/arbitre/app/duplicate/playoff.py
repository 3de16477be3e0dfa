"""The sudden-death play-off of an official title (seed 002, A.4): when the players level
for first place are still level after the fewest tops lost, the director creates the
play-off: a new Duplicate event of one game for those players alone, on the same word list,
its time "3 coups en blitz, suite en 40 secondes" (the Individual's, Pairs' and Espoirs'
play-off; the director switches the game to blitz in its settings for Vermeils and
Diamants). The play-off is limited to one full game (A.4), so it is an event of its own:
its scores never enter the event's standings.

When the play-off's game is over with every ballot entered, :func:`playoff_result` decides it
move by move (:func:`arbitre.ranking.titles.sudden_death`); the ranking records its winner
as the title decision of the original event (:mod:`arbitre.app.ranking.titles`). Each
event's audit log names the other (``départage_id`` on the original's, ``épreuve_id`` on the
play-off's)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.duplicate import changes
from arbitre.app.duplicate.models import AuditEntry, DuplicateEvent, Game, Registration
from arbitre.app.duplicate.services import ServiceError, User, audit, build_event, engine_of
from arbitre.app.events.models import Event as EventRow
from arbitre.app.events.roles import DIRECTOR, ensure_role
from arbitre.duplicate.timing import TITLE_PLAYOFF
from arbitre.ranking.titles import PlayoffResult, sudden_death

PLAYOFF_CREATED = gettext_noop("Épreuve de départage créée")


def tied_for_the_title(dup: DuplicateEvent) -> list[str]:
    """The licences of the players level for first place after the fewest tops lost (A.4);
    empty when the title is not tied or the event awards no official title."""
    if not dup.title_tie_break:
        return []
    rows = build_event(dup).standings()
    first = [r for r in rows if r.rank == 1]
    return [r.player.licence for r in first] if len(first) > 1 else []


@transaction.atomic
def create_title_playoff(dup: DuplicateEvent, user: User) -> EventRow:
    """The play-off event of the title tie of ``dup`` (refused, nothing created, when the
    event has no official title or no tie for it)."""
    changes.touch(dup)
    dup = DuplicateEvent.objects.select_for_update().select_related("event").get(pk=dup.pk)
    if not dup.title_tie_break:
        raise ServiceError(
            gettext(
                "Cet événement n'attribue pas de titre officiel : ses égalités restent ex aequo."
            )
        )
    licences = tied_for_the_title(dup)
    if not licences:
        raise ServiceError(gettext("Aucune égalité pour la première place : pas de départage."))
    event = EventRow.objects.create(
        name=gettext("Départage — %(name)s") % {"name": dup.event.name},
        kind=EventRow.Kind.DUPLICATE,
        date=dup.event.date,
        place=dup.event.place,
    )
    playoff = DuplicateEvent.objects.create(
        event=event,
        games_planned=1,
        seconds_per_move=dup.seconds_per_move,
        warning_seconds=min(dup.warning_seconds, TITLE_PLAYOFF.shortest - 1),
        strong_until=dup.strong_until,
        lexicon_name=dup.lexicon_name,
        lexicon_path=dup.lexicon_path,
        lexicon_sha256=dup.lexicon_sha256,
    )
    Game.objects.create(duplicate=playoff, number=1, time_schedule=str(TITLE_PLAYOFF))
    for reg in dup.players.filter(licence__in=licences):
        Registration.objects.create(
            duplicate=playoff,
            licence=reg.licence,
            name=reg.name,
            first_name=reg.first_name,
            club=reg.club,
            series=reg.series,
            tier=reg.tier,
            category=reg.category,
            table=reg.table,
        )
    if user.is_authenticated:
        ensure_role(event.pk, user, DIRECTOR)
    after = {"départage": event.name, "joueurs": ", ".join(sorted(licences))}
    audit(dup, user, PLAYOFF_CREATED, dup.event.name, None, {**after, "départage_id": event.pk})
    audit(playoff, user, PLAYOFF_CREATED, event.name, None, {**after, "épreuve_id": dup.event_id})
    return event


def playoffs_of(dup: DuplicateEvent) -> list[DuplicateEvent]:
    """The title play-offs created for ``dup``, the latest first."""
    ids = [
        (a.after or {}).get("départage_id")
        for a in AuditEntry.objects.filter(duplicate=dup, action=PLAYOFF_CREATED)
    ]
    found = DuplicateEvent.objects.filter(event_id__in=[i for i in ids if i])
    return list(found.select_related("event").order_by("-event_id"))


def playoff_result(playoff: DuplicateEvent) -> PlayoffResult | None:
    """The outcome of the play-off (A.4: sudden death, one full game at most) over the moves
    whose every ballot is entered: a winner as soon as one player is left; once the game is
    over, still level: ex aequo for good (no winner). None while it is undecided."""
    game = playoff.games.filter(number=1).first()
    if game is None or not game.record:
        return None
    event = build_event(playoff)
    if not event.games:
        return None
    scores = event.games[0]
    moves = []
    for number in range(1, len(scores.tops) + 1):
        entered = all(
            not scores.plays(p.licence, number)
            or number <= len(scores.decisions.get(p.licence, []))
            and scores.decisions[p.licence][number - 1] is not None
            for p in event.players
        )
        if not entered:
            break
        moves.append(event.move_scores(scores, number))
    result = sudden_death(moves) if moves else None
    if result is not None and result.winner is not None:
        return result
    over = engine_of(game).over and len(moves) == len(scores.tops)
    return result if over else None
