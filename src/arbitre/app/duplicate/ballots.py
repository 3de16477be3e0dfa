"""Ballots of the arbiters' entry (seed 004): judged by the engine, stored with their
version; a refusal is worded in the page's language."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from arbitre.app.duplicate import changes
from arbitre.app.duplicate.models import (
    AcceptedWord,
    BallotEntry,
    DuplicateEvent,
    Game,
    Registration,
)
from arbitre.app.duplicate.services import (
    BALLOT_CORRECTED,
    BALLOT_ENTERED,
    BALLOT_REJUDGED,
    BALLOT_TARGET,
    WORD_ACCEPTED,
    ServiceError,
    StaleEditError,
    User,
    absence,
    audit,
    lexicon_of,
    turns,
    with_absence,
)
from arbitre.app.events.models import actor
from arbitre.common.messages import Refusal
from arbitre.duplicate.appeal import beats_the_top
from arbitre.duplicate.ballot import parse_ballot
from arbitre.duplicate.decision import Decision, Turn, judge, refused_for

BALLOT_LENGTH = BallotEntry._meta.get_field("text").max_length or 200
"""The longest ballot text stored (the column's length)."""

# -- ballots --------------------------------------------------------------------------------


@dataclass(frozen=True)
class EntryResult:
    entry: BallotEntry
    decision: Decision


class NotYourTable(PermissionDenied):
    """The player's table is another arbiter's (a director enters every table): refused
    with 403, like a page of another event."""


def enter_ballot(
    game_id: int,
    registration_id: int,
    move_number: int,
    text: str,
    expected_version: int,
    user: User,
) -> EntryResult:
    """Judge and store a ballot of any table of the game ``game_id`` (the scripts: the demo,
    the festival). ``expected_version`` is the version the arbiter saw (0 for a ballot not
    entered yet): a second edit based on stale data is refused."""
    return _entered(
        lambda: changes.touch_game(game_id),
        Game.objects.filter(pk=game_id),
        registration_id,
        move_number,
        text,
        expected_version,
        user,
        any_table=True,
    )


def enter_table_ballot(
    event_id: int,
    number: int,
    registration_id: int,
    move_number: int,
    text: str,
    expected_version: int,
    user: User,
    *,
    any_table: bool,
) -> EntryResult:
    """:func:`enter_ballot` for the entry page's API: game ``number`` of the event
    ``event_id``, a table of ``user``'s unless ``any_table`` (a director). Everything is read
    once, after the event's row is locked: the game, and the player with their absence
    (10 ballots a second at a festival). Raises ``Game.DoesNotExist``,
    ``Registration.DoesNotExist`` (no such player in the event) and :class:`NotYourTable`."""
    return _entered(
        lambda: changes.touch_event(event_id),
        Game.objects.filter(duplicate__event_id=event_id, number=number),
        registration_id,
        move_number,
        text,
        expected_version,
        user,
        any_table=any_table,
    )


@transaction.atomic
def _entered(
    touch: Callable[[], None],
    game_query: QuerySet[Game],
    registration_id: int,
    move_number: int,
    text: str,
    expected_version: int,
    user: User,
    *,
    any_table: bool,
) -> EntryResult:
    touch()  # first: the event's row is the first row this transaction locks (changes)
    game = game_query.select_related("duplicate").get()
    registration = with_absence(
        Registration.objects.filter(duplicate=game.duplicate), game, move_number
    ).get(pk=registration_id)
    if not any_table and registration.arbiter_id != user.pk:
        raise NotYourTable(gettext("Cette table n'est pas la vôtre."))
    all_turns = turns(game)
    if not 1 <= move_number <= len(all_turns):
        raise ServiceError(
            gettext("Le coup %(move)s n'est pas encore joué.") % {"move": move_number}
        )
    absent = absence(registration)
    if absent == "withdrawn":
        raise ServiceError(
            gettext("%(name)s a abandonné : aucun bulletin n'est attendu de lui au coup %(move)s.")
            % {"name": registration.full_name, "move": move_number}
        )
    if absent == "late":
        raise ServiceError(
            gettext(
                "%(name)s est arrivé en retard, après le coup %(move)s : ce coup est nul (5.1)."
            )
            % {"name": registration.full_name, "move": move_number}
        )
    text = text.strip()
    if not text:
        raise ServiceError(
            gettext("Bulletin vide : tapez le bulletin, « top », un score, « vide » ou « aucun ».")
        )
    if len(text) > BALLOT_LENGTH:  # checked here: SQLite would not, PostgreSQL would fail
        raise ServiceError(
            gettext("Bulletin trop long : %(length)s caractères au plus.")
            % {"length": BALLOT_LENGTH}
        )
    # the player's ballots of the game up to this move, in one read: the earlier ones for
    # the warnings (5.4), this move's to correct (locked: the event's row orders the writers)
    ballots = list(
        BallotEntry.objects.select_for_update().filter(
            game=game, registration=registration, move_number__lte=move_number
        )
    )
    earlier = [Decision.from_json(e.decision) for e in ballots if e.move_number < move_number]
    existing = next((e for e in ballots if e.move_number == move_number), None)
    try:
        decision = judge(parse_ballot(text), all_turns[move_number - 1], earlier=earlier)
    except Refusal as exc:
        raise ServiceError.of(exc) from exc
    target = BALLOT_TARGET % {
        "game": game.name,
        "move": move_number,
        "table": registration.table,
        "licence": registration.licence,
    }
    if existing is None:
        if expected_version != 0:
            raise StaleEditError(
                gettext("Ce bulletin a été supprimé entre-temps : rechargez la page.")
            )
        entry = changes.touched(  # (its version moved on above: touch)
            BallotEntry(
                game=game,
                registration=registration,
                move_number=move_number,
                text=text,
                decision=decision.to_json(),
                score=decision.score,
                entered_by=actor(user),
            )
        )
        try:  # (no savepoint: the transaction ends here on this error)
            entry.save(force_insert=True)
        except IntegrityError as exc:
            raise StaleEditError(
                gettext("Un autre arbitre vient de saisir ce bulletin : rechargez la page.")
            ) from exc
        audit(
            game.duplicate,
            user,
            BALLOT_ENTERED,
            target,
            None,
            {"text": text, "score": decision.score},
        )
        _said_above_top(game, all_turns[move_number - 1], decision)
        return EntryResult(entry, decision)
    if existing.version != expected_version:
        who = (
            existing.entered_by.get_username()
            if existing.entered_by
            else gettext("un autre arbitre")
        )
        raise StaleEditError(
            gettext(
                "Ce bulletin a été modifié par %(who)s entre-temps (« %(text)s ») : "
                "rechargez la page avant de le corriger."
            )
            % {"who": who, "text": existing.text}
        )
    before = {"text": existing.text, "score": existing.score}
    written = {
        "text": text,
        "decision": decision.to_json(),
        "score": decision.score,
        "version": expected_version + 1,
        "entered_by": actor(user),
        "updated_at": timezone.now(),
    }
    updated = BallotEntry.objects.filter(pk=existing.pk, version=expected_version).update(**written)
    if updated != 1:  # pragma: no cover - guarded by the row lock above
        raise StaleEditError(gettext("Ce bulletin a été modifié entre-temps : rechargez la page."))
    for name, value in written.items():  # (what was written: not read again)
        setattr(existing, name, value)
    _said_above_top(game, all_turns[move_number - 1], decision)
    audit(
        game.duplicate,
        user,
        BALLOT_CORRECTED,
        target,
        before,
        {"text": text, "score": decision.score},
    )
    return EntryResult(existing, decision)


def _said_above_top(game: Game, turn: Turn, decision: Decision) -> None:
    """A ballot above the top (a word accepted on appeal, 5.3): the game's version changes,
    so that the chief's screen, which reloads with it, says at once that the top is wrong."""
    top = turn.top.score if turn.top is not None else None
    if beats_the_top(decision, top):
        Game.objects.filter(pk=game.pk).update(version=F("version") + 1)


# -- appeals (seed 004, 5.3) ------------------------------------------------------------------


@transaction.atomic
def accept_word(dup: DuplicateEvent, word: str, reason: str, user: User) -> int:
    """Accept on appeal a valid word missing from the event's word list (seed 004, 5.3): it is
    recorded with its reason, valid for every ballot from now on, and every ballot refused
    for that word is judged again (each change in the audit log). Returns how many ballots
    were judged again."""
    changes.touch(dup)
    word = word.strip().upper()
    reason = reason.strip()
    if not (2 <= len(word) <= 15 and word.isalpha() and word.isascii()):
        raise ServiceError(
            gettext("Mot refusé : de 2 à 15 lettres de A à Z, sans accent ni espace.")
        )
    if not reason:
        raise ServiceError(gettext("Donnez le motif de la décision sur le recours."))
    if word in lexicon_of(dup):
        raise ServiceError(
            gettext("%(word)s est déjà dans la liste de mots de l'événement.") % {"word": word}
        )
    if AcceptedWord.objects.filter(duplicate=dup, word=word).exists():
        raise ServiceError(gettext("%(word)s est déjà accepté.") % {"word": word})
    AcceptedWord.objects.create(duplicate=dup, word=word, reason=reason, accepted_by=actor(user))
    games = list(Game.objects.select_for_update().filter(duplicate=dup))
    for game in games:  # the cached turns of every game are stale
        game.version += 1
        game.save(update_fields=["version"])
    audit(dup, user, WORD_ACCEPTED, word, None, None, reason)
    count = 0
    for game in games:
        entries = [
            e
            for e in BallotEntry.objects.select_for_update()
            .filter(game=game)
            .select_related("registration")
            if refused_for(Decision.from_json(e.decision), word)
        ]
        if not entries:
            continue
        all_turns = turns(game)
        for entry in entries:
            earlier = [
                Decision.from_json(e.decision)
                for e in BallotEntry.objects.filter(
                    game=game,
                    registration=entry.registration,
                    move_number__lt=entry.move_number,
                )
            ]
            decision = judge(
                parse_ballot(entry.text), all_turns[entry.move_number - 1], earlier=earlier
            )
            before = {"text": entry.text, "score": entry.score}
            entry.decision = decision.to_json()
            entry.score = decision.score
            entry.version += 1
            entry.save(update_fields=["decision", "score", "version", "updated_at"])
            target = BALLOT_TARGET % {
                "game": game.name,
                "move": entry.move_number,
                "table": entry.registration.table,
                "licence": entry.registration.licence,
            }
            audit(
                dup,
                user,
                BALLOT_REJUDGED,
                target,
                before,
                {"text": entry.text, "score": decision.score},
                word,
            )
            count += 1
    return count
