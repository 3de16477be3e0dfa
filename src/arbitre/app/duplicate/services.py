"""Services of the Duplicate event: every change goes through here, in a transaction, with
an audit entry. Game rules are the engine's (``arbitre.duplicate``): this module only
stores and loads their results, and words the engine's refusals in the page's language.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterable
from dataclasses import asdict, replace
from datetime import datetime, timedelta
from typing import Any, TypeAlias

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet, TextField
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import get_language, gettext, gettext_noop, ngettext

from arbitre.app import wordlists
from arbitre.app.duplicate import changes, draw_guards, presence
from arbitre.app.duplicate.models import (
    AcceptedWord,
    AnnulledBallot,
    AuditEntry,
    BallotEntry,
    DuplicateEvent,
    Game,
    Lateness,
    Registration,
    Withdrawal,
)
from arbitre.app.duplicate.pair_entries import partner_of, single_refused
from arbitre.app.events.audit import reworded
from arbitre.common.messages import Message, Refusal
from arbitre.duplicate import record as game_record
from arbitre.duplicate import timing
from arbitre.duplicate.decision import Decision, Turn, with_accepted_words
from arbitre.duplicate.event import Event, EventSettings, GameRecordScores, Player, Standings
from arbitre.duplicate.game import DuplicateGame, DuplicateSettings, turns_of
from arbitre.duplicate.timing import TimeSchedule
from arbitre.i18n import DEFAULT_LANGUAGE, word

User: TypeAlias = AbstractBaseUser | AnonymousUser


def language() -> str:
    """The language of the page being served (French unless the request chose another)."""
    return get_language() or DEFAULT_LANGUAGE


def worded(message: Message) -> str:
    """An engine's message in the page's language."""
    return word(message, language())


class ServiceError(ValueError):
    """A refused action; the message is worded for the user."""

    @classmethod
    def of(cls, refusal: Refusal, prefix: str = "") -> ServiceError:
        """The engine's refusal, worded in the page's language (after ``prefix``)."""
        return cls(prefix + worded(refusal.message))


class StaleEditError(ServiceError):
    """The ballot changed since the page was loaded (another arbiter's entry)."""


_lock = threading.Lock()
_engines: dict[int, tuple[int, DuplicateGame]] = {}
_turns: dict[int, tuple[int, list[Turn]]] = {}


def lexicon_of(dup: DuplicateEvent) -> Any:
    """The event's word list (:mod:`arbitre.app.wordlists`: loaded once per process)."""
    return wordlists.lexicon_at(dup.lexicon_path or "")


def _held(game: Game) -> DuplicateGame | None:
    """This process's engine of ``game`` at its version, if it holds one."""
    with _lock:
        cached = _engines.get(game.pk)
    return cached[1] if cached and cached[0] == game.version else None


def engine_of(game: Game) -> DuplicateGame:
    """The engine's game for this database row (rebuilt from its record when needed)."""
    held = _held(game)
    if held is not None:
        return held
    engine = _replayed(game)
    _remember(game.pk, game.version, engine)
    return engine


def turns(game: Game) -> list[Turn]:
    with _lock:
        cached = _turns.get(game.pk)
        if cached and cached[0] == game.version:
            return cached[1]
    engine = engine_of(game)
    # 5.3: the words accepted on appeal are valid for every ballot (accepting one changes
    # the version of every game of the event)
    accepted = list(
        AcceptedWord.objects.filter(duplicate_id=game.duplicate_id).values_list("word", flat=True)
    )
    result = [with_accepted_words(t, accepted) for t in turns_of(engine.moves, engine.lexicon)]
    with _lock:
        _turns[game.pk] = (game.version, result)
    return result


def audit(
    dup: DuplicateEvent,
    user: User,
    action: str,
    target: str = "",
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> None:
    AuditEntry.log(user, action, target, before, after, reason, duplicate=dup)


# -- the audit log ---------------------------------------------------------------------------

BALLOT_ENTERED = gettext_noop("Saisie")
BALLOT_CORRECTED = gettext_noop("Correction")
BALLOT_UNDONE = gettext_noop("Bulletin supprimé (retour en arrière)")
BALLOT_ANNULLED = gettext_noop("Bulletin d'un coup annulé (5.2)")
BALLOT_RESTORED = gettext_noop("Bulletin rétabli (annulation du coup défaite)")
BALLOT_REJUDGED = gettext_noop("Bulletin rejugé (recours)")
WORD_ACCEPTED = gettext_noop("Mot accepté sur recours (5.3)")
PLAYERS_IMPORTED = gettext_noop("Import des joueurs")
TABLES_GIVEN = gettext_noop("Tables attribuées")
MOVE_TABLE_TARGET = gettext_noop("%(game)s coup %(move)s table %(table)s")
BALLOT_TARGET = gettext_noop("%(game)s coup %(move)s table %(table)s (%(licence)s)")
PLAYERS_TARGET = gettext_noop("%(count)s joueurs")
TABLES_TARGET = gettext_noop("%(username)s : %(low)s-%(high)s")
AUDIT_TARGETS = {
    BALLOT_ENTERED: BALLOT_TARGET,
    BALLOT_CORRECTED: BALLOT_TARGET,
    BALLOT_UNDONE: MOVE_TABLE_TARGET,
    BALLOT_ANNULLED: MOVE_TABLE_TARGET,
    BALLOT_RESTORED: MOVE_TABLE_TARGET,
    BALLOT_REJUDGED: BALLOT_TARGET,
    PLAYERS_IMPORTED: PLAYERS_TARGET,
    TABLES_GIVEN: TABLES_TARGET,
}
"""The audit log's actions whose target is a sentence, and its form. Actions and targets
are stored in French (as the log has always been kept) and worded in the page's language
when shown (:func:`audit_target`)."""

AUDIT_KEYS = {
    # the keys the log has kept in English: worded from a French msgid
    "moves": gettext_noop("coups joués"),
    "last": gettext_noop("dernier top"),
    "draw": gettext_noop("tirage"),
    "from_move": gettext_noop("à partir du coup"),
    "text": gettext_noop("bulletin"),
    "score": gettext_noop("points"),
    "name": gettext_noop("nom"),
    "club": gettext_noop("club"),
    "series": gettext_noop("série"),
    "tier": gettext_noop("palier"),
    "category": gettext_noop("catégorie d'âge"),
    "table": gettext_noop("table"),
    "licence": gettext_noop("licence"),
    "first_name": gettext_noop("prénom"),
} | {
    key: key
    for key in (
        gettext_noop("nom"),
        gettext_noop("joueurs"),
        gettext_noop("date"),
        gettext_noop("lieu"),
        gettext_noop("parties"),
        gettext_noop("temps par coup"),
        gettext_noop("alerte"),
        gettext_noop("joueurs pour les solos"),
        gettext_noop("règle 2+2 jusqu'au coup"),
        gettext_noop("avertissements disciplinaires comptés"),
        gettext_noop("titre officiel"),
        gettext_noop("type d'épreuve du classement"),
        gettext_noop("épreuve d'outre-mer"),
        gettext_noop("partie"),
        gettext_noop("à partir du coup"),
    )
}
"""The French keys of the audit log's values (before, after), worded when shown."""

_NUMBERS = frozenset(("move", "count", "low", "high"))


_PLAYERS_COUNT = re.compile(r"(\d+) joueurs")
_TABLE_RANGE = re.compile(r"(?P<username>.*) : (?P<low>\d+)-(?P<high>\d+)")


def audit_target(action: str, target: str) -> str:
    """The target of an audit entry in the page's language (:func:`~arbitre.app.events.audit.
    reworded`): a sentence of :data:`AUDIT_TARGETS` is worded again from its parameters; a
    number of players takes its plural, a range of one table reads as one table."""
    if action == PLAYERS_IMPORTED and (m := _PLAYERS_COUNT.fullmatch(target)):
        count = int(m.group(1))
        return ngettext("%(count)s joueur", "%(count)s joueurs", count) % {"count": count}
    if action == TABLES_GIVEN and (m := _TABLE_RANGE.fullmatch(target)):
        words = m.groupdict()
        if words["low"] == words["high"]:
            return gettext("%(username)s : table %(low)s") % words
        return gettext("%(username)s : tables %(low)s à %(high)s") % words
    return reworded(AUDIT_TARGETS, _NUMBERS, action, target, empty_text=True)


def audit_value(value: Any) -> str:
    """A value of the audit log (before, after) as the page shows it: ``key : value`` pairs
    with their keys worded, ``oui``/``non`` for a yes or no, ``—`` for nothing."""
    if value is None:
        return ""
    if isinstance(value, dict):
        return " · ".join(
            gettext("%(key)s : %(value)s")
            % {"key": gettext(AUDIT_KEYS[k]) if k in AUDIT_KEYS else k, "value": _shown(v)}
            for k, v in value.items()
        )
    return _shown(value)


def _shown(value: Any) -> str:
    if value is None or value == "":
        return "—"
    if value is True or value == "True":
        return gettext("oui")
    if value is False or value == "False":
        return gettext("non")
    return str(value)


# -- the chief arbiter's actions --------------------------------------------------------------

CHIEF_ACTIONS = {
    "draw_random": gettext_noop("Tirage au hasard"),
    "draw_entered": gettext_noop("Tirage saisi"),
    "reject_entered": gettext_noop("Rejet saisi"),
    "start_timer": gettext_noop("Début du temps de jeu"),
    "reveal": gettext_noop("Top retenu"),
    "annul_no_score": gettext_noop("Annulation : aucun score possible"),
    "annul_draw": gettext_noop("Annulation du tirage"),
    "annul_move": gettext_noop("Annulation du coup (5.2)"),
    "undo": gettext_noop("Retour en arrière"),
}
"""The actions of the chief arbiter's screen and their audit-log action (a French msgid of
the interface's catalogue, worded when shown)."""


@transaction.atomic
def chief_action(
    game_id: int, expected_version: int, action: str, user: User, value: str = ""
) -> Game:
    """Apply one action of the chief arbiter's screen (refused when the page is stale)."""
    changes.touch_game(game_id)
    game = Game.objects.select_for_update().select_related("duplicate").get(pk=game_id)
    if game.version != expected_version:
        raise StaleEditError(
            gettext("La partie a changé depuis l'affichage de la page : rechargez-la.")
        )
    if action not in CHIEF_ACTIONS:
        raise ServiceError(gettext("Action inconnue : %(action)s") % {"action": action})
    if action in draw_guards.GUARDED and (sealed := draw_guards.refusal(game)) is not None:
        raise ServiceError(sealed)  # e.g. a simultané's game not yet opened with its code
    before = game.record
    engine = _fresh_engine(game)
    annulled = None
    try:
        if action == "draw_random":
            predrawn = _predrawn_move(game, engine.move_number)
            if predrawn is not None:
                # the same rejects and annulments as the pre-drawn game, then its draw
                for attempt in predrawn.get("attempts", []):
                    outcome, drawn = attempt.get("outcome"), attempt["drawn"]
                    if outcome == "reject":
                        engine.reject(drawn, attempt.get("reason", ""))
                    elif outcome == "no_score":
                        engine.draw(drawn)
                        engine.annul_no_score()
                    elif outcome == "annulled" and not attempt.get("move"):
                        engine.draw(drawn)
                        engine.annul_draw(attempt.get("reason", ""))
                engine.draw(predrawn["drawn"])
            else:
                engine.draw()
        elif action == "draw_entered":
            engine.draw(value.strip().upper())
        elif action == "reject_entered":
            engine.reject(value.strip().upper(), "rejet saisi par le juge-arbitre")
        elif action == "start_timer":
            if engine.phase != "play":
                raise ServiceError(gettext("Faites d'abord le tirage."))
            game.timer_started_at = timezone.now()
            _signal(game, engine.move_number, "start", game.timer_started_at)
        elif action == "reveal":
            number = engine.move_number
            engine.play(value or None)
            _close_timer(game, number)
        elif action == "annul_no_score":
            _close_timer(game, engine.move_number)
            engine.annul_no_score()
        elif action == "annul_draw":
            _close_timer(game, engine.move_number)
            engine.annul_draw(value or "annulé par le juge-arbitre")
        elif action == "annul_move":
            annulled = engine.annul_last_move(value.strip() or "annulé par le juge-arbitre")
        elif action == "undo":
            _undo(game, user)
            engine = None  # type: ignore[assignment]
    except ServiceError:
        raise
    except Refusal as exc:
        raise ServiceError.of(exc) from exc
    except ValueError as exc:  # a move typed by hand that is no move (arbitre.scrabble)
        raise ServiceError(str(exc)) from exc
    # a pre-drawn game cannot be followed once one of its moves is drawn anew (an annulled
    # move) or a draw of it goes back to the bag outside its own rejects and annulments
    left_predrawn = bool(game.predrawn) and (annulled is not None or action in LEAVE_THE_PREDRAWN)
    if engine is not None and action != "start_timer":
        # undoing the action takes the pre-drawn game back with the record it left
        kept = {PREDRAWN_KEPT: game.predrawn, "record": before} if left_predrawn else before
        game.undo_stack = [*game.undo_stack, kept][-30:]
        game.record = game_record.to_record(engine)
    if annulled is not None:
        _annul_ballots(game, annulled.number, len(engine.attempts), user)
    if left_predrawn:
        game.predrawn = None
    game.version += 1
    game.save()
    if engine is not None:
        # the engine just played is the record's game: no replay for the next page
        transaction.on_commit(lambda: _remember(game.pk, game.version, engine))
    audit(
        game.duplicate,
        user,
        CHIEF_ACTIONS[action],
        game.name,
        _brief(before),
        _brief(game.record),
        value,
    )
    if left_predrawn and action in LEAVE_THE_PREDRAWN:
        audit(game.duplicate, user, PREDRAWN_LEFT, game.name)
    return game


LEAVE_THE_PREDRAWN = frozenset({"annul_draw", "reject_entered", "annul_no_score"})
"""The chief's actions that put a draw back in the bag outside the pre-drawn game's own
rejects and annulments: the letters left in the bag are no longer those the pre-drawn
game's next draws take (5.2: the annulled draw goes back, leave included, and seven new
letters are drawn), so the game leaves it and its next draws are made at random."""

PREDRAWN_KEPT = "predrawn_left"
"""Key of an undo-stack entry that carries, beside the record, the pre-drawn game the
action left (an entry without it is the record itself)."""

PREDRAWN_LEFT = gettext_noop("Partie prétirée abandonnée : tirages suivants au hasard")


def _remember(game_id: int, version: int, engine: DuplicateGame) -> None:
    with _lock:
        _engines[game_id] = (version, engine)


def _fresh_engine(game: Game) -> DuplicateGame:
    """A private copy of the engine game (the cached one must not change on failure): a copy
    of this process's engine of the same version, else the record replayed (every top
    searched again: a chief's action near a game's end cost a search per move before)."""
    held = _held(game)
    return held.copy() if held is not None else _replayed(game)


def _replayed(game: Game) -> DuplicateGame:
    """The engine's game rebuilt from the row's record (a new game without one)."""
    lexicon = lexicon_of(game.duplicate)
    if game.record:
        return game_record.replay(game.record, lexicon)
    # 2.2: the event's last move of the 2 vowels + 2 consonants rule (kept in the record)
    settings = DuplicateSettings(strong_until=game.duplicate.strong_until)
    return DuplicateGame(lexicon, seed=None, random_draws=True, settings=settings)


def schedule_of(game: Game) -> TimeSchedule:
    """The time of each move of ``game`` (seed 004, 2.3; seed 002, A.4): its own schedule,
    else the event's time per move for every move."""
    if game.time_schedule:
        return timing.parse(game.time_schedule)
    return TimeSchedule.uniform(game.duplicate.seconds_per_move)


def seconds_per_move(game: Game, move: int) -> int:
    """The time of move ``move`` of ``game`` (seed 004, 2.3), from its schedule."""
    return schedule_of(game).seconds_for(max(move, 1))


def running_move(game: Game) -> int:
    """The move whose time was last started (the start signal names it; 1 before any)."""
    starts = [s["move"] for s in game.signals if s.get("kind") == "start"]
    return int(starts[-1]) if starts else 1


def signal_times(game: Game) -> dict[str, Any] | None:
    """When the signals of the move being played are given (seed 004, 2.3): the start, the
    last 30 (or 20) seconds, the end of that move's regulation time; ``None`` before the
    start."""
    start = game.timer_started_at
    if start is None:
        return None
    seconds = seconds_per_move(game, running_move(game))
    warning = min(game.duplicate.warning_seconds, seconds)
    return {
        "start": start,
        "warning": start + timedelta(seconds=seconds - warning),
        "end": start + timedelta(seconds=seconds),
    }


def _signal(game: Game, number: int, kind: str, at: datetime) -> None:
    game.signals = [*game.signals, {"move": number, "kind": kind, "at": at.isoformat()}]


def _close_timer(game: Game, number: int) -> None:
    """The move ends (top revealed, draw annulled): the signals given by now are recorded
    with their time (2.3), and the time stops."""
    times = signal_times(game)
    if times is not None:
        now = timezone.now()
        for kind in ("warning", "end"):
            if times[kind] <= now:
                _signal(game, number, kind, times[kind])
    game.timer_started_at = None


def clock_time(at: datetime) -> str:
    """A time as the hall's clock reads it (local time, ``14:03:00``)."""
    return timezone.localtime(at).strftime("%H:%M:%S")


def _annul_ballots(game: Game, number: int, attempt: int, user: User) -> None:
    """The ballots of move ``number``, just annulled (5.2), kept as annulled: out of every
    score, each in the audit log; the move is played again with new ballots."""
    for entry in BallotEntry.objects.filter(game=game, move_number=number).select_related(
        "registration"
    ):
        AnnulledBallot.objects.create(
            game=game,
            registration=entry.registration,
            move_number=number,
            attempt=attempt,
            text=entry.text,
            decision=entry.decision,
            score=entry.score,
        )
        audit(
            game.duplicate,
            user,
            BALLOT_ANNULLED,
            MOVE_TABLE_TARGET
            % {"game": game.name, "move": number, "table": entry.registration.table},
            {"text": entry.text, "score": entry.score},
            None,
        )
        entry.delete()


def _restore_annulled(game: Game, previous: dict[str, Any], user: User) -> None:
    """Undoing an annulment (5.2) brings its ballots back."""
    pending = (game.record or {}).get("pending") or {}
    attempts = pending.get("attempts", [])
    if not attempts or attempts[-1].get("outcome") != "annulled" or "top" not in attempts[-1]:
        return
    number = len(previous.get("moves", []))
    for kept in AnnulledBallot.objects.filter(
        game=game, move_number=number, attempt=len(attempts)
    ).select_related("registration"):
        BallotEntry.objects.create(
            game=game,
            registration=kept.registration,
            move_number=number,
            text=kept.text,
            decision=kept.decision,
            score=kept.score,
        )
        audit(
            game.duplicate,
            user,
            BALLOT_RESTORED,
            MOVE_TABLE_TARGET
            % {"game": game.name, "move": number, "table": kept.registration.table},
            None,
            {"text": kept.text, "score": kept.score},
        )
        kept.delete()


def _undo(game: Game, user: User) -> None:
    stack = list(game.undo_stack)
    if not stack:
        raise ServiceError(gettext("Rien à annuler."))
    previous = stack.pop()
    if isinstance(previous, dict) and PREDRAWN_KEPT in previous:
        game.predrawn = previous[PREDRAWN_KEPT]
        previous = previous["record"]
    moves_before = len((previous or {}).get("moves", []))
    if previous:
        _restore_annulled(game, previous, user)
    # the ballots of an undone move go with it, each kept in the audit log
    for entry in BallotEntry.objects.filter(game=game, move_number__gt=moves_before).select_related(
        "registration"
    ):
        audit(
            game.duplicate,
            user,
            BALLOT_UNDONE,
            MOVE_TABLE_TARGET
            % {"game": game.name, "move": entry.move_number, "table": entry.registration.table},
            {"text": entry.text, "score": entry.score},
            None,
        )
        entry.delete()
    game.record = previous
    game.undo_stack = stack
    game.timer_started_at = None


def _predrawn_move(game: Game, number: int) -> dict[str, Any] | None:
    if not game.predrawn:
        return None
    moves = game.predrawn.get("moves", [])
    return moves[number - 1] if number - 1 < len(moves) else None


def _brief(record: Any) -> Any:
    if not record:
        return None
    moves = record.get("moves", [])
    pending = record.get("pending") or {}
    return {
        "moves": len(moves),
        "last": f"{moves[-1]['top']['coordinate']} {moves[-1]['top']['word']}" if moves else None,
        "draw": (pending.get("draw") or {}).get("drawn"),
    }


@transaction.atomic
def load_predrawn(game_id: int, text: str, user: User) -> Game:
    """A pre-drawn game (an uploaded record) to be played move by move."""
    changes.touch_game(game_id)
    game = Game.objects.select_for_update().select_related("duplicate").get(pk=game_id)
    if game.record and game.record.get("moves"):
        raise ServiceError(
            gettext("La partie est commencée : impossible de charger une partie prétirée.")
        )
    try:
        source = game_record.loads(text)
        game_record.replay(source, lexicon_of(game.duplicate), check_lexicon=True)
    except game_record.RecordError as exc:
        raise ServiceError.of(exc, gettext("Partie prétirée refusée : ")) from exc
    game.predrawn = source
    game.undo_stack = []
    game.record = None
    game.version += 1
    game.save()
    audit(
        game.duplicate,
        user,
        gettext_noop("Partie prétirée chargée"),
        game.name,
        None,
        {"moves": len(source.get("moves", []))},
    )
    return game


# -- players and standings ------------------------------------------------------------------


@transaction.atomic
def register_players(dup: DuplicateEvent, players: list[Player], user: User) -> None:
    """Register the players of an imported file: all of them, or none."""
    changes.touch(dup)
    refused = single_refused(dup)  # seed 002, A.2.4: a pairs event registers pairs
    if refused is not None:
        raise ServiceError(refused)
    existing = set(dup.players.values_list("licence", flat=True))
    taken = {r.table: r.full_name for r in dup.players.exclude(table=None)}
    for p in players:
        if p.licence in existing:
            raise ServiceError(
                gettext("licence %(licence)s déjà inscrite.") % {"licence": p.licence}
            )
        if p.table in taken:
            # seed 004, 3.1: a ballot bears its player's table, one player per table
            raise ServiceError(
                gettext("place %(table)s déjà prise par %(name)s (un joueur par table).")
                % {"table": p.table, "name": taken[p.table]}
            )
    for p in players:
        fields = {k: v for k, v in asdict(p).items() if k not in ("arbiter", "partner")}
        Registration.objects.create(duplicate=dup, **fields)
    audit(dup, user, PLAYERS_IMPORTED, PLAYERS_TARGET % {"count": len(players)})


def player_of(r: Registration) -> Player:
    return Player(
        licence=r.licence,
        name=r.name,
        first_name=r.first_name,
        club=r.club,
        series=r.series,
        tier=r.tier,
        category=r.category,
        table=r.table,
        arbiter=str(r.arbiter_id or ""),
        partner=partner_of(r),
    )


def standings_of(
    dup: DuplicateEvent, series: int | None = None, category: str | None = None
) -> Standings:
    """The event's standings with its solos."""
    return build_event(dup).standings_table(series=series, category=category or None)


_DECODED: dict[str, Decision] = {}
"""Decisions decoded from their stored JSON text, by that text (see :func:`ballot_decisions`)."""
DECODED_CAPACITY = 200_000


def ballot_decisions(game: Game) -> list[tuple[int, int, Decision]]:
    """``(registration id, move number, decision)`` of every ballot of ``game``.

    The standings of an event in progress are rebuilt after every ballot entered, from every
    ballot of the event (thousands at a national event); decoding each stored decision again
    cost most of that rebuild. A decision is decoded once per distinct stored text and kept
    by that text, which stands for the decision whatever ballot, database or test holds it.
    """
    rows = list(
        game.ballots.annotate(stored=Cast("decision", output_field=TextField())).values_list(
            "registration_id", "move_number", "stored"
        )
    )
    return [(registration_id, move, decoded(stored)) for registration_id, move, stored in rows]


def decoded(stored: str) -> Decision:
    """The decision of a ballot from its stored JSON text, decoded once per distinct text."""
    decision = _DECODED.get(stored)
    if decision is None:
        if len(_DECODED) > DECODED_CAPACITY:
            _DECODED.clear()
        decision = Decision.from_json(json.loads(stored))
        _DECODED[stored] = decision
    return decision


def build_event(dup: DuplicateEvent) -> Event:
    """The engine's event from the database (for sheets and standings), computed from
    scratch: the reference of the standings kept change by change
    (:mod:`arbitre.app.duplicate.standings`)."""
    registrations = presence.in_standings(dup, list(dup.players.select_related("partner")))
    by_id = {r.pk: r.licence for r in registrations}
    withdrawals = withdrawals_of(dup)
    absent = presence.absent_ids(dup)
    games = [
        game_scores(game, by_id, ballot_decisions(game), withdrawals, absent)
        for game in dup.games.all()
    ]
    players = [player_of(r) for r in registrations]
    return Event(dup.event.name, players, games, event_settings(dup))


def withdrawals_of(dup: DuplicateEvent) -> list[Withdrawal]:
    return list(Withdrawal.objects.filter(registration__duplicate=dup).select_related("game"))


def event_settings(dup: DuplicateEvent) -> EventSettings:
    return EventSettings(
        solo_min_players=dup.solo_min_players,
        disciplinary_in_penalty=dup.disciplinary_warnings_count,
        title_tie_break=dup.title_tie_break,
    )


def game_scores(
    game: Game,
    by_id: dict[int, str],
    ballots: Iterable[tuple[int, int, Decision]],
    withdrawals: Iterable[Withdrawal],
    absent: Iterable[int] = (),
) -> GameRecordScores:
    """The engine's game: its tops from its record, ``ballots`` (registration id, move,
    decision; a ballot of a move not in the record is left out), its late arrivals (5.1) and
    the withdrawals from it or an earlier game. A player of ``absent`` (found absent at the
    check-in: :mod:`.presence`) not marked late for this game and with no ballot in it
    missed the whole game: every move scores 0 and no ballot is awaited (5.1)."""
    ballots = list(ballots)
    record = game.record or {}
    moves = record.get("moves", [])
    tops = [int(m["top"]["score"]) for m in moves]
    top_moves = [f"{m['top']['coordinate']} {m['top']['word']}" for m in moves]
    decisions: dict[str, list[Decision | None]] = {
        licence: [None] * len(moves) for licence in by_id.values()
    }
    for registration_id, move_number, decision in ballots:
        row = decisions[by_id[registration_id]]
        if move_number <= len(row):
            row[move_number - 1] = decision
    late = {by_id[x.registration_id]: x.from_move for x in Lateness.objects.filter(game=game)}
    with_ballot = {by_id[registration_id] for registration_id, _, _ in ballots}
    for registration_id in absent:
        licence = by_id.get(registration_id)
        if licence is not None and licence not in late and licence not in with_ballot:
            late[licence] = len(moves) + 1
    gone = {
        by_id[w.registration_id]: w.from_move if w.game.number == game.number else 1
        for w in withdrawals
        if w.game.number <= game.number
    }
    return GameRecordScores(game.name, tops, top_moves, decisions, late, gone)


def draw_texts(engine: DuplicateGame, game: Game | None = None) -> dict[str, Any]:
    """The announcement pieces for the chief arbiter's and the public pages (004, 2.1), with
    the start and the end of the playing time once ``game``'s time is started."""
    if engine.phase != "play":
        return {}
    a = engine.announcement()
    times = signal_times(game) if game is not None else None
    if times is not None:
        a = replace(a, start=clock_time(times["start"]), end=clock_time(times["end"]))
    return {
        "leave": engine.leave,
        "drawn": engine.drawn,
        "lines": a.lines(language()),
    }


# -- who is at the table for a move (5.1, withdrawals) ----------------------------------------


def _late(game: Game, move_number: int) -> QuerySet[Lateness]:
    """The arrivals (5.1) for a move of ``game`` after ``move_number``."""
    return Lateness.objects.filter(game=game, from_move__gt=move_number)


def _withdrawn(game: Game, move_number: int) -> QuerySet[Withdrawal]:
    """The withdrawals of the event from an earlier game, or from this game's move
    ``move_number`` or an earlier one."""
    return Withdrawal.objects.filter(registration__duplicate_id=game.duplicate_id).filter(
        Q(game__number__lt=game.number) | Q(game__number=game.number, from_move__lte=move_number)
    )


def absences(game: Game, move_number: int) -> dict[int, str]:
    """The registrations (by id) not at the table for move ``move_number`` of ``game``, and
    why: ``late`` (arrived for a later move, 5.1) or ``withdrawn`` (the project's ruling on
    withdrawals; it prevails over a late arrival). No ballot of theirs is awaited on that
    move."""
    out = {r: "late" for r in _late(game, move_number).values_list("registration_id", flat=True)}
    for r in _withdrawn(game, move_number).values_list("registration_id", flat=True):
        out[r] = "withdrawn"
    return out


def with_absence(
    players: QuerySet[Registration], game: Game, move_number: int
) -> QuerySet[Registration]:
    """``players`` each read with why they are not at the table for move ``move_number`` of
    ``game`` (:func:`absence`), in the same query: what :func:`absences` says of them."""
    return players.annotate(
        absent_late=Exists(_late(game, move_number).filter(registration=OuterRef("pk"))),
        absent_withdrawn=Exists(_withdrawn(game, move_number).filter(registration=OuterRef("pk"))),
    )


def absence(player: Registration) -> str | None:
    """``withdrawn``, ``late`` or ``None``: a player read through :func:`with_absence`."""
    if player.absent_withdrawn:
        return "withdrawn"
    return "late" if player.absent_late else None
