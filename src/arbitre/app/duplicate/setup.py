"""Set-up of a Duplicate event: the event and its word list, players, arbiters and their
tables, late players."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext, gettext_noop

from arbitre.app import wordlists
from arbitre.app.duplicate import changes
from arbitre.app.duplicate.models import (
    BallotEntry,
    DuplicateEvent,
    Game,
    Lateness,
    Registration,
    Withdrawal,
)
from arbitre.app.duplicate.services import (
    ServiceError,
    User,
    audit,
)
from arbitre.app.events.models import Event as EventRow
from arbitre.app.events.roles import DIRECTOR, ensure_role
from arbitre.common.messages import Refusal
from arbitre.duplicate import timing

# -- set-up ---------------------------------------------------------------------------------


def create_event(data: dict[str, Any], lexicon_upload: Any, user: User) -> EventRow:
    """A new Duplicate event with its planned games, on the uploaded word list or the
    default one. A refused word list raises ``ValueError`` before anything is stored."""
    chosen = wordlists.store(lexicon_upload) if lexicon_upload else wordlists.default_list()
    with transaction.atomic():
        event = EventRow.objects.create(
            name=data["name"], kind=EventRow.Kind.DUPLICATE, date=data["date"], place=data["place"]
        )
        dup = DuplicateEvent.objects.create(
            event=event,
            games_planned=data["games_planned"],
            seconds_per_move=data["seconds_per_move"],
            pairs=bool(data.get("pairs")),  # seed 002, A.2.4
            lexicon_name=chosen.name,
            lexicon_path=chosen.path,
            lexicon_sha256=chosen.sha256,
        )
        for number in range(1, data["games_planned"] + 1):
            Game.objects.create(duplicate=dup, number=number)
        if user.is_authenticated:
            ensure_role(event.pk, user, DIRECTOR)
        audit(dup, user, gettext_noop("Création de l'événement"), event.name)
    return event


@transaction.atomic
def add_player(dup: DuplicateEvent, data: dict[str, Any], user: User) -> Registration:
    """Register one player (licence and table unique in the event)."""
    from arbitre.app.duplicate.pair_entries import single_refused

    changes.touch(dup)

    refused = single_refused(dup)  # seed 002, A.2.4: a pairs event registers pairs
    if refused is not None:
        raise ServiceError(refused)
    if dup.players.filter(licence=data["licence"]).exists():
        raise ServiceError(
            gettext("La licence %(licence)s est déjà inscrite.") % {"licence": data["licence"]}
        )
    if data.get("table") and dup.players.filter(table=data["table"]).exists():
        raise ServiceError(gettext("La table %(table)s est déjà prise.") % {"table": data["table"]})
    registration = Registration.objects.create(duplicate=dup, **data)
    audit(dup, user, gettext_noop("Inscription"), data["licence"], None, {"nom": data["name"]})
    return registration


PLAYER_CHANGED = gettext_noop("Joueur modifié")
PLAYER_REMOVED = gettext_noop("Joueur retiré")


@transaction.atomic
def update_player(
    dup: DuplicateEvent, reg: Registration, data: dict[str, Any], user: User
) -> list[str]:
    """Change a registered player (licence and table stay unique in the event); the audit
    log keeps the values before and after. Returns the fields changed."""
    changes.touch(dup)
    others = dup.players.exclude(pk=reg.pk)
    if others.filter(licence=data["licence"]).exists():
        raise ServiceError(
            gettext("La licence %(licence)s est déjà inscrite.") % {"licence": data["licence"]}
        )
    if data.get("table") and others.filter(table=data["table"]).exists():
        raise ServiceError(gettext("La table %(table)s est déjà prise.") % {"table": data["table"]})
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    target = reg.licence
    for field, value in data.items():
        old = getattr(reg, field)
        if (old or None) != (value or None):
            before[field], after[field] = old, value
            setattr(reg, field, value)
    if after:
        reg.save()
        audit(dup, user, PLAYER_CHANGED, target, before, after)
    return list(after)


@transaction.atomic
def remove_player(dup: DuplicateEvent, reg: Registration, user: User) -> None:
    """Remove a player registered by mistake or withdrawn before playing. Refused once a
    ballot of theirs is entered: what is played stays (a late arrival is marked instead,
    seed 004, 5.1)."""
    changes.touch(dup)
    if reg.ballots.exists():
        raise ServiceError(
            gettext("%(name)s a des bulletins saisis : un joueur qui a joué reste au classement.")
            % {"name": reg.full_name}
        )
    audit(dup, user, PLAYER_REMOVED, reg.licence, {"nom": reg.full_name}, None)
    reg.delete()


def assign_arbiter(
    dup: DuplicateEvent, username: str, password: str, tables: tuple[int, int], user: User
) -> int:
    """Give the tables ``low..high`` to the arbiter ``username`` as a stored range
    (:func:`arbitre.app.duplicate.tableranges.assign`); returns the number of players there."""
    from arbitre.app.duplicate import tableranges

    return tableranges.assign(dup, username, password, tables, user)


@transaction.atomic
def mark_late(game: Game, reg: Registration, from_move: int, user: User) -> None:
    """A late player (seed 004, 5.1): the moves of ``game`` before ``from_move`` score 0.
    Refused when a ballot of theirs is entered for one of those moves (they were there) or
    when they withdrew before ``from_move``."""
    changes.touch_game(game.pk)
    early = (
        BallotEntry.objects.filter(game=game, registration=reg, move_number__lt=from_move)
        .order_by("move_number")
        .first()
    )
    if early is not None:
        raise ServiceError(
            gettext(
                "%(name)s a un bulletin saisi au coup %(move)s de %(game)s : il était là, "
                "il ne peut pas être arrivé pour le coup %(from_move)s."
            )
            % {
                "name": reg.full_name,
                "move": early.move_number,
                "game": game.name,
                "from_move": from_move,
            }
        )
    gone = Withdrawal.objects.filter(registration=reg).select_related("game").first()
    if gone is not None and (gone.game.number, gone.from_move) < (game.number, from_move):
        raise ServiceError(
            gettext(
                "%(name)s a abandonné à partir du coup %(move)s de %(game)s : il ne peut pas "
                "arriver après."
            )
            % {"name": reg.full_name, "move": gone.from_move, "game": gone.game.name}
        )
    previous = Lateness.objects.filter(game=game, registration=reg).first()
    Lateness.objects.update_or_create(
        game=game, registration=reg, defaults={"from_move": from_move}
    )
    audit(
        game.duplicate,
        user,
        gettext_noop("Retard"),
        f"{game.name} {reg.licence}",
        {"from_move": previous.from_move} if previous else None,
        {"from_move": from_move},
    )


PLAYER_WITHDRAWN = gettext_noop("Abandon d'un joueur")
WITHDRAWAL_CANCELLED = gettext_noop("Abandon annulé")


@transaction.atomic
def withdraw_player(
    dup: DuplicateEvent,
    reg: Registration,
    game_number: int,
    from_move: int,
    reason: str,
    user: User,
) -> Withdrawal:
    """A player withdraws during the event (the project's ruling, seed 004 being silent:
    ``docs/duplicate-arbitration.md``): what they played stays; from move ``from_move`` of
    game ``game_number`` on, and in every later game, they score 0 and no ballot of theirs is
    awaited; the standings mark them. Refused, nothing changed, when a ballot of theirs is
    entered for a move from then on, or when they are marked arriving late after it (5.1).
    Recording it again moves the withdrawal (audited before and after)."""
    changes.touch(dup)
    game = dup.games.filter(number=game_number).first()
    if game is None:
        raise ServiceError(
            gettext("La partie TH%(number)s n'existe pas dans cet événement.")
            % {"number": game_number}
        )
    later = Q(game__number=game_number, move_number__gte=from_move) | Q(
        game__number__gt=game_number
    )
    played = (
        BallotEntry.objects.filter(later, registration=reg)
        .select_related("game")
        .order_by("game__number", "move_number")
        .first()
    )
    if played is not None:
        raise ServiceError(
            gettext(
                "%(name)s a un bulletin saisi au coup %(move)s de %(game)s : l'abandon ne peut "
                "compter qu'à partir du coup suivant son dernier bulletin."
            )
            % {"name": reg.full_name, "move": played.move_number, "game": played.game.name}
        )
    late = (
        Lateness.objects.filter(
            Q(game__number=game_number, from_move__gt=from_move) | Q(game__number__gt=game_number),
            registration=reg,
        )
        .select_related("game")
        .first()
    )
    if late is not None:
        raise ServiceError(
            gettext(
                "%(name)s est marqué arrivé pour le coup %(move)s de %(game)s (5.1), après cet "
                "abandon : corrigez d'abord le retard."
            )
            % {"name": reg.full_name, "move": late.from_move, "game": late.game.name}
        )
    previous = Withdrawal.objects.filter(registration=reg).select_related("game").first()
    before = (
        {"partie": previous.game.name, "à partir du coup": previous.from_move} if previous else None
    )
    withdrawal, _ = Withdrawal.objects.update_or_create(
        registration=reg,
        defaults={"game": game, "from_move": from_move, "reason": reason.strip()[:300]},
    )
    after = {"partie": game.name, "à partir du coup": from_move}
    audit(dup, user, PLAYER_WITHDRAWN, reg.licence, before, after, reason.strip()[:300])
    return withdrawal


@transaction.atomic
def cancel_withdrawal(dup: DuplicateEvent, reg: Registration, user: User) -> None:
    """A withdrawal recorded by mistake, or a player back: their ballots are awaited again
    from the move of the withdrawal on (audited)."""
    changes.touch(dup)
    gone = Withdrawal.objects.filter(registration=reg).select_related("game").first()
    if gone is None:
        raise ServiceError(gettext("%(name)s n'a pas abandonné.") % {"name": reg.full_name})
    audit(
        dup,
        user,
        WITHDRAWAL_CANCELLED,
        reg.licence,
        {"partie": gone.game.name, "à partir du coup": gone.from_move},
        None,
    )
    gone.delete()


SETTINGS_CHANGED = gettext_noop("Réglages modifiés")
SETTINGS_FIELDS = {
    "name": "nom",
    "date": "date",
    "place": "lieu",
    "games_planned": "parties",
    "seconds_per_move": "temps par coup",
    "warning_seconds": "alerte",
    "solo_min_players": "joueurs pour les solos",
    "strong_until": "règle 2+2 jusqu'au coup",
    "disciplinary_warnings_count": "avertissements disciplinaires comptés",
    "title_tie_break": "titre officiel",
    "ranking_type": "type d'épreuve du classement",
    "overseas": "épreuve d'outre-mer",
}
"""What a director may change after creating the event (issue 21, part 1), with its key in
the audit log (French, worded when shown: ``services.AUDIT_KEYS``)."""


@transaction.atomic
def update_settings(dup: DuplicateEvent, data: dict[str, Any], user: User) -> list[str]:
    """Change the event's settings; returns the names of the fields changed (an audit entry
    with their values before and after). Refused, with nothing changed, when a change would
    contradict what is played: fewer games than the games already started, a warning before
    the end longer than the time per move."""
    changes.touch(dup)
    from arbitre.app.duplicate.pairs import check_settings_type

    dup = DuplicateEvent.objects.select_for_update().select_related("event").get(pk=dup.pk)
    event = dup.event
    check_settings_type(dup, str(data.get("ranking_type", dup.ranking_type)))  # 002, A.2.4
    started = [g.number for g in dup.games.all() if (g.record or {}).get("moves")]
    planned = int(data["games_planned"])
    if started and planned < max(started):
        raise ServiceError(
            gettext(
                "La partie %(number)s est commencée : l'événement en garde au moins %(number)s."
            )
            % {"number": max(started)}
        )
    games = {g.number: g for g in dup.games.select_for_update()}
    times = {n: t for n, t in data.get("game_times", {}).items() if n in games}
    try:
        # seed 004, 2.3: each move's time, the shortest of a game's schedule included
        shortest = [timing.parse(text).shortest for text in times.values() if text]
    except Refusal as exc:
        raise ServiceError.of(exc) from exc
    for seconds in [data["seconds_per_move"], *shortest]:
        if int(data["warning_seconds"]) >= int(seconds):
            raise ServiceError(
                gettext("L'alerte avant la fin doit être plus courte que le temps par coup.")
            )
    if "strong_until" in data and data["strong_until"] != dup.strong_until:
        begun = [g.number for g in games.values() if g.record]
        if begun:
            # a game begun keeps in its record the rule its draws were checked by (2.2)
            raise ServiceError(
                gettext(
                    "La partie TH%(number)s est commencée : ses tirages suivent la règle 2+2 "
                    "jusqu'au coup %(move)s, qui ne peut plus changer."
                )
                % {"number": begun[0], "move": dup.strong_until}
            )
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    for field, key in SETTINGS_FIELDS.items():
        if field not in data:
            continue
        owner = event if field in ("name", "date", "place") else dup
        old, new = getattr(owner, field), data[field]
        if old != new:
            before[key], after[key] = str(old), str(new)
            setattr(owner, field, new)
    changed_games = []
    for number, schedule in sorted(times.items()):
        game = games[number]
        if game.time_schedule == schedule:
            continue
        if game.timer_started_at is not None:
            raise ServiceError(
                gettext(
                    "Le temps du coup en cours de la partie TH%(number)s tourne : changez son "
                    "temps par coup une fois le top révélé."
                )
                % {"number": number}
            )
        key = f"TH{number}"
        before[key], after[key] = game.time_schedule or "-", schedule or "-"
        game.time_schedule = schedule
        changed_games.append(game)
    if not after:
        return []
    event.save()
    dup.save()
    for game in changed_games:
        game.version += 1
        game.save(update_fields=["time_schedule", "version"])
    existing = {g.number for g in dup.games.all()}
    for number in range(1, planned + 1):
        if number not in existing:
            Game.objects.create(duplicate=dup, number=number)
    dup.games.filter(number__gt=planned).delete()  # never started (checked above)
    audit(dup, user, SETTINGS_CHANGED, event.name, before, after)
    return list(after)


RANKING_SET = gettext_noop("Classement fédéral : type et outre-mer")


@transaction.atomic
def set_ranking(dup: DuplicateEvent, type_code: str, overseas: bool, user: User) -> bool:
    """Remember the event's federation ranking type and overseas mark (seed 002, A.2, A.5),
    as the closing form or the upload form sets them; audited, False when unchanged. A type
    that does not fit a pairs or an individual event is refused (A.2.4, ``Refusal``)."""
    changes.touch(dup)
    from arbitre.app.duplicate.pairs import check_ranking_type

    type_code = type_code.strip().upper()
    check_ranking_type(dup, type_code)  # seed 002, A.2.4
    if (dup.ranking_type, dup.overseas) == (type_code, overseas):
        return False
    before = {
        SETTINGS_FIELDS["ranking_type"]: dup.ranking_type,
        SETTINGS_FIELDS["overseas"]: dup.overseas,
    }
    dup.ranking_type, dup.overseas = type_code, overseas
    dup.save(update_fields=["ranking_type", "overseas"])
    after = {SETTINGS_FIELDS["ranking_type"]: type_code, SETTINGS_FIELDS["overseas"]: overseas}
    audit(dup, user, RANKING_SET, dup.event.name, before, after)
    return True
