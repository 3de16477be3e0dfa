"""Set-up of a Duplicate event: the event and its word list, players, arbiters and their
tables, late players."""

from __future__ import annotations

import hashlib
from typing import Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.duplicate.models import (
    DuplicateEvent,
    Game,
    Lateness,
    Registration,
)
from arbitre.app.duplicate.services import (
    TABLES_GIVEN,
    TABLES_TARGET,
    ServiceError,
    User,
    audit,
    lexicon_of,
)
from arbitre.app.events.accounts import arbiter_account
from arbitre.app.events.models import Event as EventRow
from arbitre.app.events.roles import ARBITER, DIRECTOR, ensure_role
from arbitre.paths import data_dir

# -- set-up ---------------------------------------------------------------------------------


def store_lexicon(upload: Any) -> tuple[str, str, str]:
    """Keep an uploaded word list in the data directory once the engine accepts it; returns
    ``(path, name, sha256)``. A refused list raises the engine's ``ValueError``."""
    from arbitre.lexicon import Lexicon

    content = upload.read()
    digest = hashlib.sha256(content).hexdigest()
    folder = data_dir() / "lexicons"
    folder.mkdir(exist_ok=True)
    path = folder / f"{digest}.txt"
    path.write_bytes(content)
    try:
        lexicon = Lexicon.load(path)
    except ValueError:
        path.unlink(missing_ok=True)
        raise
    return str(path), upload.name, lexicon.sha256


def create_event(data: dict[str, Any], lexicon_upload: Any, user: User) -> EventRow:
    """A new Duplicate event with its planned games, on the uploaded word list or the
    default one. A refused word list raises ``ValueError`` before anything is stored."""
    if lexicon_upload:
        lexicon_path, lexicon_name, lexicon_sha = store_lexicon(lexicon_upload)
    else:
        lexicon = lexicon_of(DuplicateEvent())
        lexicon_path, lexicon_name, lexicon_sha = "", lexicon.name, lexicon.sha256
    with transaction.atomic():
        event = EventRow.objects.create(
            name=data["name"], kind=EventRow.Kind.DUPLICATE, date=data["date"], place=data["place"]
        )
        dup = DuplicateEvent.objects.create(
            event=event,
            games_planned=data["games_planned"],
            seconds_per_move=data["seconds_per_move"],
            lexicon_name=lexicon_name,
            lexicon_path=lexicon_path,
            lexicon_sha256=lexicon_sha,
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
    if dup.players.filter(licence=data["licence"]).exists():
        raise ServiceError(
            gettext("La licence %(licence)s est déjà inscrite.") % {"licence": data["licence"]}
        )
    if data.get("table") and dup.players.filter(table=data["table"]).exists():
        raise ServiceError(gettext("La table %(table)s est déjà prise.") % {"table": data["table"]})
    registration = Registration.objects.create(duplicate=dup, **data)
    audit(dup, user, gettext_noop("Inscription"), data["licence"], None, {"nom": data["name"]})
    return registration


@transaction.atomic
def assign_arbiter(
    dup: DuplicateEvent, username: str, password: str, tables: tuple[int, int], user: User
) -> int:
    """Give the tables ``low..high`` to the arbiter ``username`` (the account is created when
    new); returns the number of players concerned."""
    arbiter, _ = arbiter_account(username, password)
    ensure_role(dup.event_id, arbiter, ARBITER)
    low, high = tables
    count = dup.players.filter(table__gte=low, table__lte=high).update(arbiter=arbiter)
    target = TABLES_TARGET % {"username": username, "low": low, "high": high}
    audit(dup, user, TABLES_GIVEN, target, None, {"joueurs": count})
    return count


@transaction.atomic
def mark_late(game: Game, reg: Registration, from_move: int, user: User) -> None:
    """A late player (seed 004, 5.1): the moves of ``game`` before ``from_move`` score 0."""
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
