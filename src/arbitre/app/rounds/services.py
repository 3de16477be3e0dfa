"""Services shared by the paired games: every change goes through here, in a transaction,
with an audit entry and a new tournament version (the public pages follow it).

What differs between Classic Scrabble and backgammon (the engine that pairs, checks a result,
ranks) comes from the :class:`~arbitre.app.rounds.games.PairedGame` passed in; this module
stores rows and refuses what contradicts them.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils.translation import gettext, gettext_noop

from arbitre.app.events.audit import reworded
from arbitre.app.events.incident_models import Incident
from arbitre.app.events.models import Event
from arbitre.app.events.roles import DIRECTOR, grant
from arbitre.app.events.templatetags.wording import app_message, stored_text
from arbitre.app.rounds.games import HistoryLine, PairedGame, PlayerRow, User
from arbitre.app.rounds.models import AuditEntry, Entrant, Round, Table, Tournament
from arbitre.common.collation import french_key
from arbitre.common.players_csv import is_reserved

REASON_LENGTH = 300
"""The longest reason kept in the audit log (``AuditRecord.reason``)."""


class ServiceError(ValueError):
    """A refused action; the message is worded for the user (French by default)."""


class StaleEditError(ServiceError):
    """The row changed since the page was loaded."""


# -- the audit log ---------------------------------------------------------------------------------

ROUND_TARGET = gettext_noop("ronde %(round)s")
ROUND_TABLE_TARGET = gettext_noop("ronde %(round)s, table %(table)s")
SWAP_TARGET = gettext_noop("ronde %(round)s : %(first)s / %(second)s")
PLAYERS_TARGET = gettext_noop("%(count)s joueurs")
PLAYOFF_TARGET = gettext_noop("%(winner)s bat %(loser)s")
AUDIT_TARGETS = {
    gettext_noop("Appariement"): ROUND_TARGET,
    gettext_noop("Appariement annulé"): ROUND_TARGET,
    gettext_noop("Appariement modifié"): SWAP_TARGET,
    gettext_noop("Résultat"): ROUND_TABLE_TARGET,
    gettext_noop("Correction de résultat"): ROUND_TABLE_TARGET,
    gettext_noop("Résultat supprimé"): ROUND_TABLE_TARGET,
    gettext_noop("Feuille de match (.mat)"): ROUND_TABLE_TARGET,
    gettext_noop("Phase finale commencée"): PLAYERS_TARGET,
    gettext_noop("Barrage"): PLAYOFF_TARGET,
}
"""The audit log's actions whose target is a sentence, and its form. An action is stored as
its French msgid, a target as its French text (as the log has always been kept); both are
worded in the page's language when shown (:func:`audit_target`)."""

_NUMBERS = frozenset(("round", "table", "count"))


def audit_target(action: str, target: str) -> str:
    """The target of an audit entry in the page's language (:func:`~arbitre.app.events.audit.
    reworded`): a sentence of :data:`AUDIT_TARGETS` is worded again from its parameters."""
    return reworded(AUDIT_TARGETS, _NUMBERS, action, target)


def audit(
    t: Tournament,
    user: User,
    action: str,
    target: str = "",
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> None:
    AuditEntry.log(user, action, target, before, after, reason, tournament=t)


def bump(t: Tournament) -> None:
    """A new version: the live pages reload."""
    Tournament.objects.filter(pk=t.pk).update(version=F("version") + 1)
    t.refresh_from_db(fields=["version"])


def locked(t: Tournament) -> Tournament:
    """The tournament row locked for this transaction (one change at a time per event)."""
    return Tournament.objects.select_for_update().select_related("event").get(pk=t.pk)


# -- players -----------------------------------------------------------------------------------


def name_problem(name: str) -> str | None:
    if not name:
        return gettext("nom vide.")
    if name != name.strip():
        return gettext("le nom « %(name)s » commence ou finit par une espace.") % {"name": name}
    if is_reserved(name):
        return gettext("« %(name)s » est un mot réservé et ne peut pas être un nom de joueur.") % {
            "name": name
        }
    if len(name) > 100:
        return gettext("nom trop long (100 caractères au plus).")
    return None


@transaction.atomic
def register(
    game: PairedGame, t: Tournament, rows: Iterable[PlayerRow], user: User, late: bool = False
) -> int:
    """Register players; all or nothing. A registration after round 1 is paired is a late
    entry: checked in, first round = the next round to pair. The game refuses what its
    rules forbid (a rating out of range, a registration once the final stage started)."""
    t = locked(t)
    rows = list(rows)
    existing = {n.casefold() for n in t.entrants.values_list("name", flat=True)}
    next_round = last_round_number(t) + 1
    started = next_round > 1
    for row in rows:
        problem = name_problem(row.name)
        if problem:
            raise ServiceError(problem)
        if row.name.casefold() in existing:
            raise ServiceError(gettext("%(name)s est déjà inscrit.") % {"name": row.name})
        existing.add(row.name.casefold())
    game.check_registration(t, rows)
    for row in rows:
        Entrant.objects.create(
            tournament=t,
            name=row.name,
            rating=row.rating,
            starred=row.starred,
            club=row.club,
            licence=row.licence,
            checked_in=started or late,
            first_round=next_round if started else 1,
        )
        audit(
            t,
            user,
            gettext_noop("Inscription tardive") if started else gettext_noop("Inscription"),
            row.name,
            None,
            {"classement": row.rating, "club": row.club, "licence": row.licence},
        )
    bump(t)
    return len(rows)


@transaction.atomic
def create_tournament(game: PairedGame, data: dict[str, Any], user: User) -> Event:
    """A new event of ``game`` with its settings."""
    settings = dict(data)
    event = Event.objects.create(
        name=settings.pop("name"),
        kind=game.kind,
        date=settings.pop("date"),
        place=settings.pop("place"),
    )
    settings["rounds"] = settings.get("rounds") or 0
    t = Tournament.objects.create(event=event, **settings)
    if user.is_authenticated:
        grant(event.pk, user, DIRECTOR)
    audit(t, user, gettext_noop("Création de l'événement"), event.name)
    return event


@transaction.atomic
def check_in(t: Tournament, present_ids: set[int], user: User) -> tuple[int, int]:
    """Confirm the check-in before round 1: the selected players are present, the others not
    (their declarations from the self check-in page, :mod:`.checkin`, are cleared)."""
    t = locked(t)
    if last_round_number(t) > 0:
        raise ServiceError(
            gettext(
                "La ronde 1 est appariée : un joueur qui arrive maintenant est une inscription "
                "tardive (bouton « Arrivée tardive »)."
            )
        )
    entrants = list(t.entrants.all())
    unknown = present_ids - {e.pk for e in entrants}
    if unknown:
        raise ServiceError(gettext("Joueur inconnu dans le pointage."))
    before = sorted((e.name for e in entrants if e.checked_in), key=french_key)
    for e in entrants:
        e.checked_in = e.pk in present_ids
        if not e.checked_in:
            e.self_checked_in_at = None  # a declaration from a phone the director turned down
        e.self_check_in_failures = 0
        e.save(update_fields=["checked_in", "self_checked_in_at", "self_check_in_failures"])
    after = sorted((e.name for e in entrants if e.checked_in), key=french_key)
    audit(t, user, gettext_noop("Pointage"), "", before, after)
    bump(t)
    return len(after), len(entrants) - len(after)


@transaction.atomic
def arrive_late(t: Tournament, entrant_id: int, user: User) -> Entrant:
    """A registered player who was not checked in arrives: plays from the next round."""
    t = locked(t)
    e = entrant_of(t, entrant_id)
    if e.checked_in:
        raise ServiceError(gettext("%(name)s est déjà pointé.") % {"name": e.name})
    e.checked_in = True
    e.first_round = last_round_number(t) + 1
    e.save(update_fields=["checked_in", "first_round"])
    audit(
        t,
        user,
        gettext_noop("Arrivée tardive"),
        e.name,
        None,
        {"à partir de la ronde": e.first_round},
    )
    bump(t)
    return e


@transaction.atomic
def withdraw(t: Tournament, entrant_id: int, user: User, reason: str = "") -> Entrant:
    """Withdrawal: the player is not paired from the next round on and keeps their points."""
    if len(reason) > REASON_LENGTH:
        raise ServiceError(reason_too_long())
    t = locked(t)
    e = entrant_of(t, entrant_id)
    if e.withdrawn_after is not None:
        raise ServiceError(gettext("%(name)s est déjà retiré.") % {"name": e.name})
    e.withdrawn_after = last_round_number(t)
    e.save(update_fields=["withdrawn_after"])
    audit(
        t,
        user,
        gettext_noop("Retrait"),
        e.name,
        None,
        {"après la ronde": e.withdrawn_after},
        reason,
    )
    bump(t)
    return e


def reason_too_long() -> str:
    return gettext("Raison trop longue : %(length)s caractères au plus.") % {
        "length": REASON_LENGTH
    }


def entrant_of(t: Tournament, entrant_id: int) -> Entrant:
    e = Entrant.objects.filter(tournament=t, pk=entrant_id).first()
    if e is None:
        raise ServiceError(gettext("Joueur inconnu dans ce tournoi."))
    return e


# -- a registered player corrected or removed (issue 21, part 1) -----------------------------------

PLAYER_CHANGED = gettext_noop("Joueur modifié")
REGISTRATION_REMOVED = gettext_noop("Inscription supprimée")
PLAYER_FIELDS = {
    "name": "nom",
    "rating": "classement",
    "starred": "cote PL*",
    "club": "club",
    "licence": "licence",
}
"""The fields of a registration the director may correct, with their key in the audit log
(French, as the registration's entries are kept)."""
PAIRED_FIELDS = ("name", "rating", "starred")
"""What a pairing already made rests on: the name is printed on its tables, score sheets and
results (and the engines' stored explanations, the .mat files, the table logs); the rating
ordered round 1 (seed 000 "Classement initial" and groups A/B; seed 003, ELO halves) and is
read again for every tie-break (seed 000 Pdep; seed 003 performance). Club and licence enter
no pairing and no tie-break."""


class InvalidPlayer(ServiceError):
    """The game's player form refused the data; ``form`` carries the errors by field."""

    def __init__(self, message: str, form: Any) -> None:
        super().__init__(message)
        self.form = form


def first_paired_round(t: Tournament, name: str) -> int | None:
    """The first round whose pairing holds ``name`` (at a table, a bye included, or in the
    ranking order the pairing used), ``None`` when the player was never paired."""
    table = (
        Table.objects.filter(round__tournament=t)
        .filter(Q(a=name) | Q(b=name))
        .order_by("round__number")
        .values_list("round__number", flat=True)
        .first()
    )
    ordered = [r.number for r in t.round_set.all() if name in (r.order or [])]
    numbers = [n for n in (table, *ordered) if n is not None]
    return min(numbers, default=None)


def stamp(values: Iterable[str]) -> str:
    """A short digest of what an edit page showed: a page whose stamp no longer matches was
    loaded before another change (:class:`StaleEditError`)."""
    return hashlib.sha256("\x1f".join(values).encode()).hexdigest()[:16]


def player_stamp(e: Entrant) -> str:
    """The :func:`stamp` of the registration as an edit page shows it."""
    return stamp(str(getattr(e, f)) for f in PLAYER_FIELDS)


def _form_errors(form: Any) -> str:
    return " ".join(
        gettext("%(field)s : %(errors)s")
        % {
            "field": form.fields[name].label if name in form.fields else name,
            "errors": " ".join(errors),
        }
        for name, errors in form.errors.items()
    )


@transaction.atomic
def edit_player(
    game: PairedGame, t: Tournament, entrant_id: int, data: Any, user: User
) -> list[str]:
    """Correct a registered player with the game's player form (the rules of a
    registration: a name valid and unique in the event, a rating in range, a valid licence).
    Name and rating (and a Classic PL* mark) may change until the player's first pairing
    (:data:`PAIRED_FIELDS`); club and licence always. A rename also renames the player in
    the event's register of incidents. Audited with the values before and after; returns
    the fields changed (nothing stored when none). ``data["stamp"]``, when given, is the
    :func:`player_stamp` of the registration the page showed: refused when it changed since."""
    t = locked(t)
    e = entrant_of(t, entrant_id)
    stamp = data.get("stamp")
    if stamp is not None and stamp != player_stamp(e):
        raise StaleEditError(
            gettext(
                "%(name)s a été modifié depuis l'ouverture de cette page : rechargez-la et "
                "recommencez."
            )
            % {"name": e.name}
        )
    form = game.player_form(data)
    if not form.is_valid():
        raise InvalidPlayer(_form_errors(form), form)
    new = {f: form.cleaned_data[f] for f in PLAYER_FIELDS if f in form.cleaned_data}
    new["name"] = new["name"].strip()
    new["starred"] = bool(new.get("starred", e.starred))
    changed = [f for f, value in new.items() if getattr(e, f) != value]
    if not changed:
        return []
    if "name" in changed:
        problem = name_problem(new["name"])
        if problem:
            raise ServiceError(problem)
        taken = {n.casefold() for n in t.entrants.exclude(pk=e.pk).values_list("name", flat=True)}
        if new["name"].casefold() in taken:
            raise ServiceError(gettext("%(name)s est déjà inscrit.") % {"name": new["name"]})
    paired = first_paired_round(t, e.name)
    if paired is not None and "name" in changed:
        raise ServiceError(
            gettext(
                "%(name)s figure dans l'appariement de la ronde %(round)s : son nom est sur les "
                "tables, les feuilles et les résultats déjà enregistrés et ne peut plus être "
                "modifié. Le club et la licence peuvent encore l'être."
            )
            % {"name": e.name, "round": paired}
        )
    if paired is not None and ("rating" in changed or "starred" in changed):
        raise ServiceError(
            gettext(
                "%(name)s figure dans l'appariement de la ronde %(round)s : son classement "
                "(%(rating)s) a servi à cet appariement et compte dans les départages des "
                "parties jouées ; il ne peut plus être modifié. Le club et la licence peuvent "
                "encore l'être."
            )
            % {"name": e.name, "round": paired, "rating": game.rating_name}
        )
    before = {PLAYER_FIELDS[f]: getattr(e, f) for f in changed}
    after = {PLAYER_FIELDS[f]: new[f] for f in changed}
    old_name = e.name
    for f in changed:
        setattr(e, f, new[f])
    e.save(update_fields=changed)
    if "name" in changed:
        Incident.objects.filter(event=t.event, player_ref=e.pk, player=old_name).update(
            player=e.name
        )
    audit(t, user, PLAYER_CHANGED, old_name, before, after)
    bump(t)
    return changed


@transaction.atomic
def remove_player(t: Tournament, entrant_id: int, user: User, reason: str = "") -> str:
    """Delete a registration made by mistake (its announced absences with it). Refused once
    the player is in a paired round: what is paired stays, and a player who leaves is
    withdrawn instead (:func:`withdraw`, points kept); refused too when the register of
    incidents names the player. Audited with the registration and the reason; returns the
    player's name."""
    reason = reason.strip()
    if len(reason) > REASON_LENGTH:
        raise ServiceError(reason_too_long())
    t = locked(t)
    e = entrant_of(t, entrant_id)
    paired = first_paired_round(t, e.name)
    if paired is not None:
        raise ServiceError(
            gettext(
                "%(name)s figure dans l'appariement de la ronde %(round)s : son inscription ne "
                "peut plus être supprimée. Un joueur qui quitte le tournoi est retiré (bouton "
                "« Retrait ») et garde ses points."
            )
            % {"name": e.name, "round": paired}
        )
    if Incident.objects.filter(event=t.event, player_ref=e.pk).exists():
        raise ServiceError(
            gettext(
                "Le registre des incidents mentionne %(name)s : son inscription ne peut pas être "
                "supprimée."
            )
            % {"name": e.name}
        )
    before = {
        "classement": e.rating,
        "club": e.club,
        "licence": e.licence,
        "pointé": e.checked_in,
    }
    name = e.name
    e.delete()
    audit(t, user, REGISTRATION_REMOVED, name, before, None, reason)
    bump(t)
    return name


WITHDRAWAL_CANCELLED = gettext_noop("Retrait annulé")


@transaction.atomic
def cancel_withdrawal(game: PairedGame, t: Tournament, entrant_id: int, user: User) -> Entrant:
    """Undo a withdrawal recorded by mistake: the player is paired again from the next round.
    Refused once a round was paired without the player (that pairing is made; seed 000
    "Forfaits provisoires": the pairing is of the players present) and once the final stage
    started (its draw is made from the Swiss standings)."""
    t = locked(t)
    e = entrant_of(t, entrant_id)
    if e.withdrawn_after is None:
        raise ServiceError(gettext("%(name)s n'est pas retiré.") % {"name": e.name})
    paired = last_round_number(t)
    if paired > e.withdrawn_after:
        raise ServiceError(
            gettext(
                "La ronde %(round)s a été appariée sans %(name)s : son retrait ne peut plus être "
                "annulé."
            )
            % {"round": paired, "name": e.name}
        )
    if game.knockout_started(t):
        raise ServiceError(
            gettext(
                "La phase finale est commencée : le retrait de %(name)s ne peut plus être annulé."
            )
            % {"name": e.name}
        )
    before = {"après la ronde": e.withdrawn_after}
    e.withdrawn_after = None
    e.save(update_fields=["withdrawn_after"])
    audit(t, user, WITHDRAWAL_CANCELLED, e.name, before, None)
    bump(t)
    return e


LATE_ARRIVAL_CANCELLED = gettext_noop("Arrivée tardive annulée")


@transaction.atomic
def cancel_late_arrival(t: Tournament, entrant_id: int, user: User) -> Entrant:
    """Undo a late arrival (or the check-in of a late entry) recorded by mistake: the player
    is no longer checked in. Refused once the round the player arrived for is paired."""
    t = locked(t)
    e = entrant_of(t, entrant_id)
    if not e.checked_in or e.first_round <= 1:
        raise ServiceError(gettext("%(name)s n'est pas arrivé en retard.") % {"name": e.name})
    paired = last_round_number(t)
    if paired >= e.first_round:
        raise ServiceError(
            gettext(
                "%(name)s est apparié à la ronde %(round)s : son arrivée ne peut plus être "
                "annulée (un joueur qui part est retiré)."
            )
            % {"name": e.name, "round": e.first_round}
        )
    before = {"à partir de la ronde": e.first_round}
    e.checked_in, e.first_round = False, 1
    e.save(update_fields=["checked_in", "first_round"])
    audit(t, user, LATE_ARRIVAL_CANCELLED, e.name, before, None)
    bump(t)
    return e


# -- rounds ---------------------------------------------------------------------------------------


def last_round_number(t: Tournament) -> int:
    return max(t.round_set.values_list("number", flat=True), default=0)


def players_in_play(t: Tournament) -> list[Entrant]:
    """Checked-in players, in registration order (players never checked in took no part)."""
    return list(t.entrants.filter(checked_in=True).order_by("pk"))


def round_complete(rnd: Round) -> bool:
    return all(tb.entered for tb in rnd.tables.all())


def swiss_complete(t: Tournament) -> bool:
    """Every planned round is paired and has all its results."""
    rounds = list(t.round_set.all())
    return bool(t.rounds) and len(rounds) == t.rounds and all(round_complete(r) for r in rounds)


def _pairing_lines(tables: Iterable[Table]) -> list[str]:
    return [f"{tb.number}: {tb.a} - {tb.b or 'exempt'}" for tb in tables]


@transaction.atomic
def pair_next_round(game: PairedGame, t: Tournament, user: User) -> Round:
    """Ask the game's engine for the next round's pairing and store it (byes are entered at
    once). Refused while the last round misses results or when every round is paired."""
    t = locked(t)
    last = t.round_set.order_by("-number").first()
    if last is not None and not round_complete(last):
        missing = [str(tb.number) for tb in last.tables.all() if not tb.entered]
        raise ServiceError(
            gettext(
                "La ronde %(round)s n'est pas terminée : résultat manquant aux tables %(tables)s."
            )
            % {"round": last.number, "tables": ", ".join(missing)}
        )
    entrants = players_in_play(t)
    if len(entrants) < 2:
        raise ServiceError(gettext("Il faut au moins deux joueurs pointés pour apparier."))
    if not t.rounds:
        t.rounds = game.effective_rounds(t, len(entrants))
        t.rounds_auto = True
        t.save(update_fields=["rounds", "rounds_auto"])
    number = (last.number if last else 0) + 1
    if number > t.rounds:
        raise ServiceError(
            gettext("Les %(rounds)s rondes sont appariées : le tournoi suisse est fini.")
            % {"rounds": t.rounds}
        )
    pairing = game.pair(t, number, entrants)
    rnd = Round.objects.create(
        tournament=t, number=number, explain=pairing.explain, order=pairing.order
    )
    tables = [
        Table.objects.create(round=rnd, entered=not row["b"], **row) for row in pairing.tables
    ]
    audit(
        t,
        user,
        gettext_noop("Appariement"),
        ROUND_TARGET % {"round": number},
        None,
        _pairing_lines(tables),
    )
    bump(t)
    return rnd


def _played_tables(rnd: Round) -> list[Table]:
    return [tb for tb in rnd.tables.all() if tb.entered and not tb.is_bye]


def _under_way(tables: list[Table]) -> list[Table]:
    """The tables whose game has begun at the table: the Classic sheet or the backgammon
    clock has recorded something (its log would go with the pairing)."""
    return [tb for tb in tables if not tb.is_bye and _log_events(tb)]


def _log_events(tb: Table) -> bool:
    try:
        return bool(tb.log.events)
    except Table.log.RelatedObjectDoesNotExist:
        return False


@transaction.atomic
def undo_pairing(t: Tournament, number: int, user: User) -> None:
    """Remove the last round's pairing while no result of it is entered."""
    t = locked(t)
    rnd = Round.objects.filter(tournament=t, number=number).first()
    if rnd is None:
        raise ServiceError(gettext("La ronde %(round)s n'est pas appariée.") % {"round": number})
    if number != last_round_number(t):
        raise ServiceError(gettext("Seule la dernière ronde appariée peut être annulée."))
    if _played_tables(rnd):
        raise ServiceError(
            gettext(
                "La ronde %(round)s a déjà des résultats : supprimez-les avant d'annuler "
                "l'appariement."
            )
            % {"round": number}
        )
    begun = _under_way(list(rnd.tables.all()))
    if begun:
        raise ServiceError(
            gettext(
                "La partie de la table %(table)s a commencé (feuille ou pendule) : annuler "
                "l'appariement effacerait ce qu'elle a enregistré."
            )
            % {"table": begun[0].number}
        )
    before = _pairing_lines(rnd.tables.all())
    rnd.delete()
    if number == 1 and t.rounds_auto:  # the check-in reopens: recount at the next pairing
        t.rounds, t.rounds_auto = 0, False
        t.save(update_fields=["rounds", "rounds_auto"])
    audit(
        t, user, gettext_noop("Appariement annulé"), ROUND_TARGET % {"round": number}, before, None
    )
    bump(t)


@transaction.atomic
def override_pairing(
    game: PairedGame, t: Tournament, number: int, first: str, second: str, reason: str, user: User
) -> None:
    """The director exchanges two players of the last round before it starts (no result yet);
    recorded in the audit log with the reason. Who starts is decided again by the game."""
    t = locked(t)
    reason = reason.strip()
    if not reason:
        raise ServiceError(gettext("Indiquez la raison de la modification de l'appariement."))
    if len(reason) > REASON_LENGTH:
        raise ServiceError(reason_too_long())
    rnd = Round.objects.filter(tournament=t, number=number).first()
    if rnd is None or number != last_round_number(t):
        raise ServiceError(gettext("Seule la dernière ronde appariée peut être modifiée."))
    if _played_tables(rnd):
        raise ServiceError(
            gettext("La ronde %(round)s a commencé (résultats saisis) : trop tard.")
            % {"round": number}
        )
    if first == second:
        raise ServiceError(gettext("Choisissez deux joueurs différents."))
    tables = list(rnd.tables.all())
    where: dict[str, tuple[Table, str]] = {}
    for tb in tables:
        where[tb.a] = (tb, "a")
        if tb.b:
            where[tb.b] = (tb, "b")
    for name in (first, second):
        if name not in where:
            raise ServiceError(
                gettext("%(name)s ne joue pas la ronde %(round)s.")
                % {"name": name, "round": number}
            )
    (t1, s1), (t2, s2) = where[first], where[second]
    if t1.pk == t2.pk:
        raise ServiceError(
            gettext("%(first)s et %(second)s sont déjà à la même table.")
            % {"first": first, "second": second}
        )
    before = _pairing_lines(tables)
    setattr(t1, s1, second)
    setattr(t2, s2, first)
    for tb in (t1, t2):
        if not tb.a and tb.b:
            tb.a, tb.b = tb.b, ""
        if tb.is_bye and tb.b == "" and tb.a:
            tb.entered = True
        tb.rule = "override"
        tb.overridden = True
        tb.explanation = stored_text(
            app_message(
                gettext_noop("Table %(table)s modifiée par le directeur : %(reason)s"),
                table=tb.number,
                reason=reason,
            )
        )
        tb.starts = [] if tb.is_bye else game.starters(t, rnd, tb)
        tb.version += 1
        tb.save()
    swapped = app_message(
        gettext_noop("Modification : %(first)s et %(second)s échangés (%(reason)s)."),
        first=first,
        second=second,
        reason=reason,
    )
    rnd.explain = list(rnd.explain) + [swapped]
    rnd.save(update_fields=["explain"])
    after = _pairing_lines(rnd.tables.all())
    audit(
        t,
        user,
        gettext_noop("Appariement modifié"),
        SWAP_TARGET % {"round": number, "first": first, "second": second},
        before,
        after,
        reason,
    )
    bump(t)


# -- final stages ----------------------------------------------------------------------------------


_SCORE = re.compile(r"([0-9]+)-([0-9]+)")
_SIGNED_SCORE = re.compile(r"(-?[0-9]+)-(-?[0-9]+)")


def parse_scores(text: str, negative: bool = False) -> list[tuple[int, int]]:
    """``"9-5 4-9 11-7"`` -> [(9, 5), (4, 9), (11, 7)] (top player first): the sets of a
    backgammon bracket match or the games of a Classic final-phase match. ``negative``: a
    score may be below zero (a Classic game, seed 001 7.1 and 8.1), written ``-12-30`` or
    ``30--12``."""
    out: list[tuple[int, int]] = []
    for part in text.replace(",", " ").split():
        match = (_SIGNED_SCORE if negative else _SCORE).fullmatch(part)
        if match is None:
            raise ServiceError(
                gettext("« %(text)s » n'est pas un score (ex. 9-5).") % {"text": part}
            )
        out.append((int(match[1]), int(match[2])))
    return out


def knockout_results(t: Tournament) -> dict[str, list[tuple[int, int]]]:
    """The final-stage scores entered so far, by match."""
    return {r.match_id: [(a, b) for a, b in r.scores] for r in t.knockout.all()}


def parse_int(value: str | None) -> int | None:
    """A whole number typed in a form (``None`` when empty); ``4²`` or ``12a`` are refused."""
    value = (value or "").strip()
    if not value:
        return None
    try:
        if not value.lstrip("+-").isascii():
            raise ValueError(value)
        return int(value)
    except ValueError:
        raise ServiceError(
            gettext("« %(text)s » n'est pas un nombre entier.") % {"text": value}
        ) from None


# -- a player's history ----------------------------------------------------------------------------


def player_history(
    t: Tournament,
    name: str,
    finished: Iterable[tuple[int, str | None, str, int | None, int | None, str]],
) -> list[HistoryLine]:
    """The public history of ``name``: the game's finished rounds ``(round, opponent or None
    for a bye, outcome, score, opponent's score, points)`` with the table of each, and the
    rounds paired but not entered yet ("en cours"), in round order."""
    tables = {
        tb.round.number: tb
        for tb in Table.objects.filter(round__tournament=t).select_related("round")
        if name in (tb.a, tb.b)
    }
    out: list[HistoryLine] = []
    for number, opponent, outcome, score, theirs, points in finished:
        played = score is not None and theirs is not None
        line = HistoryLine(
            number,
            tables[number].number,
            opponent or gettext("exempt"),
            outcome,
            f"{score} - {theirs}" if played else "",
            points,
        )
        out.append(line)
    done = {line.round for line in out}
    for number, tb in tables.items():
        if number not in done:
            opponent = tb.b if tb.a == name else tb.a
            out.append(HistoryLine(number, tb.number, opponent, gettext("en cours"), "", ""))
    return sorted(out, key=lambda line: line.round)
