"""Services of the paired tournaments: every change goes through here, in a transaction, with
an audit entry and a new tournament version (the public pages follow it). The rules are the
engines' (``arbitre.classic.tournament``, seed 000; ``arbitre.backgammon.championship``, seed
003): this module converts rows to engine values and back, and refuses inconsistent input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import F
from django.utils.translation import get_language

from arbitre.app.events.models import Event
from arbitre.app.events.templatetags.wording import stored
from arbitre.app.tournaments.models import (
    Absence,
    AuditEntry,
    Entrant,
    KnockoutResult,
    Playoff,
    Round,
    Table,
    Tournament,
)
from arbitre.backgammon import championship as bg
from arbitre.backgammon.championship import csvfiles as bg_csv
from arbitre.backgammon.championship.bracket import BYE
from arbitre.backgammon.championship.lateness import point_penalty
from arbitre.classic import tournament as cl
from arbitre.classic.tournament import final_phase
from arbitre.classic.tournament.players_csv import parse_players as classic_players
from arbitre.common.players_csv import LineError, PlayersFileError
from arbitre.i18n import word

User: TypeAlias = AbstractBaseUser | AnonymousUser


class ServiceError(ValueError):
    """A refused action; the message is French, for the user."""


class StaleEditError(ServiceError):
    """The row changed since the page was loaded."""


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


def parse_sets(text: str, what: str) -> tuple[int, ...]:
    """``"9,9,11"`` -> (9, 9, 11): set lengths of a knock-out stage (rulings Backgammon 5)."""
    try:
        values = tuple(int(x) for x in text.replace(" ", "").split(",") if x)
    except ValueError:
        raise ServiceError(
            f"{what} : « {text} » n'est pas une liste de nombres (ex. 9,9,11)."
        ) from None
    if not values or any(v < 1 for v in values) or len(values) % 2 == 0:
        raise ServiceError(f"{what} : il faut un nombre impair de sets de 1 point ou plus.")
    return values


# -- players -----------------------------------------------------------------------------------


@dataclass
class PlayerRow:
    name: str
    rating: int
    starred: bool = False
    club: str = ""
    licence: str = ""


@dataclass
class ImportReport:
    """The rows of a players file, or the errors of its bad lines (worded by the view)."""

    rows: list[PlayerRow] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)


def parse_players_csv(data: bytes, classic: bool) -> ImportReport:
    """The players of a file through the engine's reader (``name,rating[,club,licence]`` for
    a Classic tournament, ``name,elo[,club,licence]`` for a championship)."""
    try:
        if classic:
            rows = [
                PlayerRow(p.name, p.rating, p.starred, p.club or "", p.licence or "")
                for p in classic_players(data)
            ]
        else:
            rows = [
                PlayerRow(p.name, p.elo, False, p.club, p.licence)
                for p in bg_csv.parse_players(data)
            ]
    except PlayersFileError as exc:
        return ImportReport(errors=exc.errors)
    return ImportReport(rows=rows)


def name_problem(name: str) -> str | None:
    if not name:
        return "nom vide."
    if name != name.strip():
        return f"le nom « {name} » commence ou finit par une espace."
    if name.casefold() == "bye" or name.casefold().startswith("forfeit:"):
        return f"« {name} » est un mot réservé et ne peut pas être un nom de joueur."
    if len(name) > 100:
        return "nom trop long (100 caractères au plus)."
    return None


@transaction.atomic
def register(t: Tournament, rows: Iterable[PlayerRow], user: User, late: bool = False) -> int:
    """Register players; all or nothing. A registration after round 1 is paired is a late
    entry: checked in, first round = the next round to pair."""
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
            raise ServiceError(f"{row.name} est déjà inscrit.")
        existing.add(row.name.casefold())
        if not t.is_classic and row.rating > 4000:
            raise ServiceError(f"ELO {row.rating} hors limites (0 à 4000).")
    if started and not t.is_classic and t.bracket_started:
        raise ServiceError("Le tableau final est commencé : plus d'inscription possible.")
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
            "Inscription tardive" if started else "Inscription",
            row.name,
            None,
            {"classement": row.rating, "club": row.club, "licence": row.licence},
        )
    bump(t)
    return len(rows)


@transaction.atomic
def create_tournament(kind: str, data: dict[str, Any], user: User) -> Event:
    """A new Classic tournament or backgammon championship with its settings."""
    settings = dict(data)
    event = Event.objects.create(
        name=settings.pop("name"),
        kind=kind,
        date=settings.pop("date"),
        place=settings.pop("place"),
    )
    settings["rounds"] = settings.get("rounds") or 0
    t = Tournament.objects.create(event=event, **settings)
    audit(t, user, "Création de l'événement", event.name)
    return event


@transaction.atomic
def check_in(t: Tournament, present_ids: set[int], user: User) -> tuple[int, int]:
    """Confirm the check-in before round 1: the selected players are present, the others not."""
    t = locked(t)
    if last_round_number(t) > 0:
        raise ServiceError(
            "La ronde 1 est appariée : un joueur qui arrive maintenant est une inscription "
            "tardive (bouton « Arrivée tardive »)."
        )
    entrants = list(t.entrants.all())
    unknown = present_ids - {e.pk for e in entrants}
    if unknown:
        raise ServiceError("Joueur inconnu dans le pointage.")
    before = sorted(e.name for e in entrants if e.checked_in)
    for e in entrants:
        e.checked_in = e.pk in present_ids
        e.save(update_fields=["checked_in"])
    after = sorted(e.name for e in entrants if e.checked_in)
    audit(t, user, "Pointage", "", before, after)
    bump(t)
    return len(after), len(entrants) - len(after)


@transaction.atomic
def arrive_late(t: Tournament, entrant_id: int, user: User) -> Entrant:
    """A registered player who was not checked in arrives: plays from the next round."""
    t = locked(t)
    e = _entrant(t, entrant_id)
    if e.checked_in:
        raise ServiceError(f"{e.name} est déjà pointé.")
    e.checked_in = True
    e.first_round = last_round_number(t) + 1
    e.save(update_fields=["checked_in", "first_round"])
    audit(t, user, "Arrivée tardive", e.name, None, {"à partir de la ronde": e.first_round})
    bump(t)
    return e


@transaction.atomic
def withdraw(t: Tournament, entrant_id: int, user: User, reason: str = "") -> Entrant:
    """Withdrawal: the player is not paired from the next round on and keeps their points."""
    t = locked(t)
    e = _entrant(t, entrant_id)
    if e.withdrawn_after is not None:
        raise ServiceError(f"{e.name} est déjà retiré.")
    e.withdrawn_after = last_round_number(t)
    e.save(update_fields=["withdrawn_after"])
    audit(t, user, "Retrait", e.name, None, {"après la ronde": e.withdrawn_after}, reason)
    bump(t)
    return e


@transaction.atomic
def announce_absence(t: Tournament, entrant_id: int, number: int, user: User) -> None:
    """An absence announced for one round (seed 000 "Forfaits provisoires"): not paired."""
    t = locked(t)
    if not t.is_classic:
        raise ServiceError(
            "Au backgammon, un joueur absent à une ronde est apparié et perd par forfait "
            "(saisissez le forfait sur sa table) ; un joueur qui part est retiré."
        )
    e = _entrant(t, entrant_id)
    if number <= last_round_number(t):
        raise ServiceError(f"La ronde {number} est déjà appariée.")
    total = effective_rounds(t, t.entrants.count())
    if number > total:
        raise ServiceError(f"Le tournoi n'a que {total} rondes.")
    _, created = Absence.objects.get_or_create(entrant=e, round=number)
    if not created:
        raise ServiceError(f"L'absence de {e.name} à la ronde {number} est déjà notée.")
    audit(t, user, "Absence annoncée", e.name, None, {"ronde": number})
    bump(t)


@transaction.atomic
def cancel_absence(t: Tournament, entrant_id: int, number: int, user: User) -> None:
    t = locked(t)
    e = _entrant(t, entrant_id)
    if number <= last_round_number(t):
        raise ServiceError(f"La ronde {number} est déjà appariée.")
    deleted, _ = Absence.objects.filter(entrant=e, round=number).delete()
    if not deleted:
        raise ServiceError("Aucune absence à annuler.")
    audit(t, user, "Absence annulée", e.name, {"ronde": number}, None)
    bump(t)


def _entrant(t: Tournament, entrant_id: int) -> Entrant:
    e = Entrant.objects.filter(tournament=t, pk=entrant_id).first()
    if e is None:
        raise ServiceError("Joueur inconnu dans ce tournoi.")
    return e


# -- engine values -------------------------------------------------------------------------------


def last_round_number(t: Tournament) -> int:
    return max(t.round_set.values_list("number", flat=True), default=0)


def players_in_play(t: Tournament) -> list[Entrant]:
    """Checked-in players, in registration order (players never checked in took no part)."""
    return list(t.entrants.filter(checked_in=True).order_by("pk"))


def classic_player(e: Entrant) -> cl.Player:
    return cl.Player(e.name, e.rating, e.starred, e.club or None, e.licence or None)


def classic_game(table: Table, number: int) -> cl.Game:
    if table.is_bye:
        return cl.Game(number, table.a, None)
    starts = table.starts[0] if table.starts else None
    return cl.Game(
        number,
        table.a,
        table.b,
        table.score_a,
        table.score_b,
        forfeit_a=table.forfeit in ("a", "both"),
        forfeit_b=table.forfeit in ("b", "both"),
        starts=starts,
    )


def classic_rounds(t: Tournament, include_partial: bool = True) -> list[cl.Round]:
    """The engine's rounds from the entered tables (a partial round holds what is entered)."""
    out: list[cl.Round] = []
    for rnd in t.round_set.prefetch_related("tables"):
        tables = list(rnd.tables.all())
        done = [tb for tb in tables if tb.entered]
        if len(done) < len(tables) and not include_partial:
            break
        out.append(cl.Round(rnd.number, tuple(classic_game(tb, rnd.number) for tb in done)))
    return out


def classic_absent(t: Tournament, number: int, entrants: list[Entrant]) -> set[str]:
    """Players left out of round ``number``: late entries, withdrawals, announced absences."""
    out = {
        e.name
        for e in entrants
        if e.first_round > number or (e.withdrawn_after is not None and e.withdrawn_after < number)
    }
    out.update(
        Absence.objects.filter(entrant__tournament=t, round=number).values_list(
            "entrant__name", flat=True
        )
    )
    return out


def championship(t: Tournament, include_partial: bool = True) -> bg.Championship:
    """The engine's championship from the rows: players, late arrivals, withdrawals, results,
    play-offs."""
    entrants = players_in_play(t)
    champ = bg.Championship(
        [bg.Player(e.name, e.rating, e.club, e.licence) for e in entrants],
        settings=bg.SwissSettings(rounds=t.rounds or 7, match_length=t.match_length),
    )
    for e in entrants:
        if e.first_round > 1:
            champ.arrive_late(e.name, e.first_round)
        if e.withdrawn_after is not None:
            champ.withdraw(e.name, e.withdrawn_after)
    for rnd in t.round_set.prefetch_related("tables"):
        tables = list(rnd.tables.all())
        if not include_partial and not all(tb.entered for tb in tables):
            break
        for tb in tables:
            if tb.entered:
                champ.record(bg_result(tb, rnd.number, t.match_length))
    for p in t.playoffs.all().order_by("pk"):
        champ.record_playoff(p.winner, p.loser)
    return champ


def bg_result(tb: Table, number: int, length: int) -> bg.MatchResult:
    if tb.is_bye:
        return bg.MatchResult(number, tb.a, None, None, bg.ResultKind.BYE)
    if tb.forfeit:
        winner = {"a": tb.b, "b": tb.a, "both": None}[tb.forfeit]
        return bg.MatchResult(number, tb.a, tb.b, winner, bg.ResultKind.FORFEIT)
    scored = tb.score_a is not None and tb.score_b is not None
    return bg.MatchResult(
        number,
        tb.a,
        tb.b,
        tb.winner,
        bg.ResultKind.PLAYED,
        length if scored else None,
        tb.score_a,
        tb.score_b,
    )


def effective_rounds(t: Tournament, players: int) -> int:
    """The number of rounds: the director's, or the seed's default (rulings Classic 1;
    seed 003: seven rounds)."""
    if t.rounds:
        return t.rounds
    return cl.number_of_rounds(players) if t.is_classic else 7


# -- rounds ---------------------------------------------------------------------------------------


def round_complete(rnd: Round) -> bool:
    return all(tb.entered for tb in rnd.tables.all())


@transaction.atomic
def pair_next_round(t: Tournament, user: User) -> Round:
    """Ask the engine for the next round's pairing and store it (byes are entered at once)."""
    t = locked(t)
    last = t.round_set.order_by("-number").first()
    if last is not None and not round_complete(last):
        missing = [str(tb.number) for tb in last.tables.all() if not tb.entered]
        raise ServiceError(
            f"La ronde {last.number} n'est pas terminée : résultat manquant aux tables "
            f"{', '.join(missing)}."
        )
    entrants = players_in_play(t)
    if len(entrants) < 2:
        raise ServiceError("Il faut au moins deux joueurs pointés pour apparier.")
    if not t.rounds:
        t.rounds = effective_rounds(t, len(entrants))
        t.rounds_auto = True
        t.save(update_fields=["rounds", "rounds_auto"])
    number = (last.number if last else 0) + 1
    if number > t.rounds:
        raise ServiceError(f"Les {t.rounds} rondes sont appariées : le tournoi suisse est fini.")
    rows: list[dict[str, Any]] = []
    try:
        if t.is_classic:
            players = [classic_player(e) for e in entrants]
            absent = classic_absent(t, number, entrants)
            pairing = cl.pair_round(players, classic_rounds(t), absent=absent, best_of=t.best_of)
            explain: list[Any] = [m.as_dict() for m in pairing.explain]
            order = list(pairing.order)
            for p in pairing.pairs:
                rows.append(
                    {
                        "number": p.table,
                        "a": p.a,
                        "b": p.b or "",
                        "rule": p.rule.value,
                        "explanation": stored(p.explanation),
                        "starts": list(p.starters),
                    }
                )
        else:
            champ = championship(t)
            bg_pairing = bg.pair_round(champ, number)
            explain = [
                f"Table {bp.table} : {bp.a} - {bp.b or 'exempt'} : {bp.explanation}"
                for bp in bg_pairing.pairs
            ]
            if bg_pairing.rematches:
                pairs = ", ".join(f"{a} - {b}" for a, b in bg_pairing.rematches)
                explain.append(f"Revanche inévitable : {pairs}.")
            order = [s.name for s in bg.standings(champ)]
            for bp in bg_pairing.pairs:
                rows.append(
                    {
                        "number": bp.table,
                        "a": bp.a,
                        "b": bp.b or "",
                        "rule": "bye" if bp.b is None else "swiss",
                        "explanation": bp.explanation,
                        "starts": [],
                    }
                )
    except ValueError as exc:
        raise ServiceError(f"Appariement impossible : {exc}") from None
    rnd = Round.objects.create(tournament=t, number=number, explain=explain, order=order)
    for row in rows:
        Table.objects.create(round=rnd, entered=not row["b"], **row)
    audit(
        t,
        user,
        "Appariement",
        f"ronde {number}",
        None,
        [f"{r['number']}: {r['a']} - {r['b'] or 'exempt'}" for r in rows],
    )
    bump(t)
    return rnd


def _played_tables(rnd: Round) -> list[Table]:
    return [tb for tb in rnd.tables.all() if tb.entered and not tb.is_bye]


@transaction.atomic
def undo_pairing(t: Tournament, number: int, user: User) -> None:
    """Remove the last round's pairing while no result of it is entered."""
    t = locked(t)
    rnd = Round.objects.filter(tournament=t, number=number).first()
    if rnd is None:
        raise ServiceError(f"La ronde {number} n'est pas appariée.")
    if number != last_round_number(t):
        raise ServiceError("Seule la dernière ronde appariée peut être annulée.")
    if _played_tables(rnd):
        raise ServiceError(
            f"La ronde {number} a déjà des résultats : supprimez-les avant d'annuler l'appariement."
        )
    before = [f"{tb.number}: {tb.a} - {tb.b or 'exempt'}" for tb in rnd.tables.all()]
    rnd.delete()
    if number == 1 and t.rounds_auto:  # the check-in reopens: recount at the next pairing
        t.rounds, t.rounds_auto = 0, False
        t.save(update_fields=["rounds", "rounds_auto"])
    audit(t, user, "Appariement annulé", f"ronde {number}", before, None)
    bump(t)


@transaction.atomic
def override_pairing(
    t: Tournament, number: int, first: str, second: str, reason: str, user: User
) -> None:
    """The director exchanges two players of the last round before it starts (no result yet);
    recorded in the audit log with the reason."""
    t = locked(t)
    reason = reason.strip()
    if not reason:
        raise ServiceError("Indiquez la raison de la modification de l'appariement.")
    rnd = Round.objects.filter(tournament=t, number=number).first()
    if rnd is None or number != last_round_number(t):
        raise ServiceError("Seule la dernière ronde appariée peut être modifiée.")
    if _played_tables(rnd):
        raise ServiceError(f"La ronde {number} a commencé (résultats saisis) : trop tard.")
    if first == second:
        raise ServiceError("Choisissez deux joueurs différents.")
    tables = list(rnd.tables.all())
    where: dict[str, tuple[Table, str]] = {}
    for tb in tables:
        where[tb.a] = (tb, "a")
        if tb.b:
            where[tb.b] = (tb, "b")
    for name in (first, second):
        if name not in where:
            raise ServiceError(f"{name} ne joue pas la ronde {number}.")
    (t1, s1), (t2, s2) = where[first], where[second]
    if t1.pk == t2.pk:
        raise ServiceError(f"{first} et {second} sont déjà à la même table.")
    before = [f"{tb.number}: {tb.a} - {tb.b or 'exempt'}" for tb in tables]
    setattr(t1, s1, second)
    setattr(t2, s2, first)
    for tb in (t1, t2):
        if not tb.a and tb.b:
            tb.a, tb.b = tb.b, ""
        if tb.is_bye and tb.b == "" and tb.a:
            tb.entered = True
        tb.rule = "override"
        tb.overridden = True
        tb.explanation = f"Table {tb.number} modifiée par le directeur : {reason}"
        tb.starts = _starters(t, rnd, tb) if not tb.is_bye else []
        tb.version += 1
        tb.save()
    after = [f"{tb.number}: {tb.a} - {tb.b or 'exempt'}" for tb in rnd.tables.all()]
    rnd.explain = list(rnd.explain) + [f"Modification : {first} et {second} échangés ({reason})."]
    rnd.save(update_fields=["explain"])
    audit(
        t,
        user,
        "Appariement modifié",
        f"ronde {number} : {first} / {second}",
        before,
        after,
        reason,
    )
    bump(t)


def _starters(t: Tournament, rnd: Round, tb: Table) -> list[str]:
    """Who starts after an override (rulings Classic 7), through the engine's ``who_starts``."""
    if not t.is_classic or tb.is_bye:
        return []
    order = list(rnd.order)
    rank = {n: i for i, n in enumerate(order)}
    higher, lower = sorted((tb.a, tb.b), key=lambda n: rank.get(n, len(order)))
    history = [r for r in classic_rounds(t) if r.number < rnd.number]
    first = cl.who_starts(history, higher, lower)
    other = lower if first == higher else higher
    return [first] if t.best_of == 1 else [first, other, first]


# -- results --------------------------------------------------------------------------------------


@dataclass
class ResultInput:
    forfeit: str = ""  # "", "a", "b", "both"
    score_a: int | None = None
    score_b: int | None = None
    winner: str = ""  # backgammon: a player's name
    late_a: int = 0  # backgammon: minutes late (1.10)
    late_b: int = 0


@transaction.atomic
def enter_result(
    t: Tournament, table_id: int, expected_version: int, data: ResultInput, user: User
) -> Table:
    """Store a table's result after checking it against the table; French refusal otherwise."""
    t = locked(t)
    tb = Table.objects.select_related("round").filter(pk=table_id, round__tournament=t).first()
    if tb is None:
        raise ServiceError("Table inconnue.")
    if tb.version != expected_version:
        raise StaleEditError("Ce résultat a changé depuis l'affichage de la page : rechargez-la.")
    if tb.is_bye:
        raise ServiceError(f"Table {tb.number} : {tb.a} est exempt, il n'y a rien à saisir.")
    if tb.round.number != last_round_number(t):
        raise ServiceError(
            f"La ronde {tb.round.number + 1} est appariée : annulez son appariement pour "
            f"corriger la ronde {tb.round.number}."
        )
    if t.bracket_started or t.final_started:
        raise ServiceError("La phase finale est commencée : les rondes suisses sont closes.")
    if data.forfeit not in ("", "a", "b", "both"):
        raise ServiceError("Forfait inconnu.")
    before = _result_json(tb)
    if t.is_classic:
        _check_classic(t, tb, data)
    else:
        data = _check_backgammon(t, tb, data)
    tb.forfeit = data.forfeit
    tb.score_a, tb.score_b = data.score_a, data.score_b
    tb.winner = data.winner
    tb.late_a, tb.late_b = data.late_a, data.late_b
    if not t.is_classic:
        tb.penalty_a = point_penalty(data.late_b, t.match_length).penalty_points
        tb.penalty_b = point_penalty(data.late_a, t.match_length).penalty_points
    tb.entered = True
    tb.version += 1
    tb.save()
    audit(
        t,
        user,
        "Correction de résultat" if before else "Résultat",
        f"ronde {tb.round.number}, table {tb.number}",
        before,
        _result_json(tb),
    )
    bump(t)
    return tb


@transaction.atomic
def clear_result(t: Tournament, table_id: int, expected_version: int, user: User) -> None:
    t = locked(t)
    tb = Table.objects.select_related("round").filter(pk=table_id, round__tournament=t).first()
    if tb is None or tb.is_bye or not tb.entered:
        raise ServiceError("Aucun résultat à supprimer à cette table.")
    if tb.version != expected_version:
        raise StaleEditError("Ce résultat a changé depuis l'affichage de la page : rechargez-la.")
    if tb.round.number != last_round_number(t) or t.bracket_started or t.final_started:
        raise ServiceError("Seuls les résultats de la dernière ronde peuvent être supprimés.")
    before = _result_json(tb)
    tb.entered = False
    tb.forfeit, tb.score_a, tb.score_b, tb.winner = "", None, None, ""
    tb.late_a = tb.late_b = tb.penalty_a = tb.penalty_b = 0
    tb.version += 1
    tb.save()
    audit(t, user, "Résultat supprimé", f"ronde {tb.round.number}, table {tb.number}", before)
    bump(t)


def _result_json(tb: Table) -> dict[str, Any] | None:
    if not tb.entered or tb.is_bye:
        return None
    out: dict[str, Any] = {"a": tb.a, "b": tb.b}
    if tb.forfeit:
        out["forfait"] = tb.forfeit
    if tb.score_a is not None or tb.score_b is not None:
        out["score"] = [tb.score_a, tb.score_b]
    if tb.winner:
        out["vainqueur"] = tb.winner
    if tb.late_a or tb.late_b:
        out["retard"] = [tb.late_a, tb.late_b]
    return out


def _check_classic(t: Tournament, tb: Table, data: ResultInput) -> None:
    if data.winner and data.winner not in (tb.a, tb.b):
        raise ServiceError(f"{data.winner} ne joue pas à la table {tb.number}.")
    for side, name, score in (("a", tb.a, data.score_a), ("b", tb.b, data.score_b)):
        absent = data.forfeit in (side, "both")
        if absent and score is not None:
            raise ServiceError(f"Score saisi pour un joueur absent (forfait) : {name}.")
        if not absent and score is None:
            raise ServiceError(f"Score manquant pour {name}.")
        if score is not None and not -1000 <= score <= 2000:
            raise ServiceError(f"Score invraisemblable pour {name} : {score}.")
    if t.best_of == 3 and data.score_a is not None and data.score_b is not None:
        a, b = data.score_a, data.score_b
        if a < 0 or b < 0 or a + b > 3 or (a >= 2 and b >= 2) or max(a, b) < 2 and a != b:
            raise ServiceError(
                f"Match au meilleur des trois : saisissez les parties gagnées (2-0, 2-1, 1-2, "
                f"0-2), pas {a}-{b}."
            )
    try:
        game = classic_game(_as_table(tb, data), tb.round.number)
    except ValueError as exc:
        raise ServiceError(f"Résultat refusé : {exc}") from None
    if data.winner and game.winner() != data.winner:
        raise ServiceError(f"Les scores ne donnent pas {data.winner} vainqueur.")


def _as_table(tb: Table, data: ResultInput) -> Table:
    return Table(
        a=tb.a,
        b=tb.b,
        starts=tb.starts,
        score_a=data.score_a,
        score_b=data.score_b,
        forfeit=data.forfeit,
        winner=data.winner,
    )


def _check_backgammon(t: Tournament, tb: Table, data: ResultInput) -> ResultInput:
    length = t.match_length
    if data.late_a < 0 or data.late_b < 0:
        raise ServiceError("Un retard ne peut pas être négatif.")
    forfeit = data.forfeit
    disqualified = [
        side
        for side, minutes in (("a", data.late_a), ("b", data.late_b))
        if minutes and point_penalty(minutes, length).disqualified
    ]
    if disqualified and not forfeit:
        # seed 003, 1.10: disqualified when the penalty exceeds half the match length
        forfeit = "both" if len(disqualified) == 2 else disqualified[0]
    names = {"a": tb.a, "b": tb.b}
    if data.winner and data.winner not in (tb.a, tb.b):
        raise ServiceError(f"{data.winner} ne joue pas à la table {tb.number}.")
    if forfeit:
        if data.score_a is not None or data.score_b is not None:
            absent = names.get(forfeit, f"{tb.a} et {tb.b}")
            raise ServiceError(f"Score saisi pour un match perdu par forfait ({absent} absent).")
        if forfeit == "both":
            if data.winner:
                raise ServiceError("Les deux joueurs sont absents : il n'y a pas de vainqueur.")
            return ResultInput("both", None, None, "", data.late_a, data.late_b)
        present = tb.b if forfeit == "a" else tb.a
        if data.winner and data.winner != present:
            raise ServiceError(f"{data.winner} est absent (forfait) et ne peut pas gagner.")
        return ResultInput(forfeit, None, None, present, data.late_a, data.late_b)
    if not data.winner:
        raise ServiceError("Indiquez le vainqueur du match.")
    if (data.score_a is None) != (data.score_b is None):
        raise ServiceError("Saisissez le score final des deux joueurs, ou aucun.")
    if data.score_a is not None and data.score_b is not None:
        a, b = data.score_a, data.score_b
        if a >= length and b >= length:
            raise ServiceError(
                f"Score {a}-{b} : les deux joueurs ne peuvent pas avoir gagné un match en "
                f"{length} points."
            )
        win, lose = (a, b) if data.winner == tb.a else (b, a)
        if win < length or lose >= length or lose < 0:
            raise ServiceError(
                f"Le score {a}-{b} ne termine pas un match en {length} points gagné par "
                f"{data.winner}."
            )
    try:
        bg_result(_as_table(tb, data), tb.round.number, length)
    except ValueError as exc:
        raise ServiceError(f"Résultat refusé : {exc}") from None
    return data


# -- standings and histories ----------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryLine:
    round: int
    table: int
    opponent: str
    result: str
    score: str
    points: str


def classic_standings(t: Tournament) -> tuple[list[cl.Standing], bool]:
    """The engine's ranking over the entered results; final once every round is complete."""
    entrants = players_in_play(t)
    rounds = classic_rounds(t)
    complete = (
        bool(t.rounds)
        and len(rounds) == t.rounds
        and all(round_complete(r) for r in t.round_set.all())
    )
    players = [classic_player(e) for e in entrants]
    return cl.compute_standings(players, rounds, final=complete), complete


def backgammon_standings(t: Tournament) -> list[bg.Standing]:
    return bg.standings(championship(t))


def swiss_complete(t: Tournament) -> bool:
    rounds = list(t.round_set.all())
    return bool(t.rounds) and len(rounds) == t.rounds and all(round_complete(r) for r in rounds)


def history(t: Tournament, name: str) -> list[HistoryLine]:
    out: list[HistoryLine] = []
    for tb in Table.objects.filter(round__tournament=t).select_related("round"):
        if name not in (tb.a, tb.b):
            continue
        number = tb.round.number
        if tb.is_bye:
            pts = "3 PM" if t.is_classic else "0,5 pt"
            out.append(HistoryLine(number, tb.number, "exempt", "exempt", "", pts))
            continue
        me_a = name == tb.a
        opponent = tb.b if me_a else tb.a
        if not tb.entered:
            out.append(HistoryLine(number, tb.number, opponent, "en cours", "", ""))
            continue
        mine, theirs = (tb.score_a, tb.score_b) if me_a else (tb.score_b, tb.score_a)
        my_forfeit = tb.forfeit in ("both", "a" if me_a else "b")
        their_forfeit = tb.forfeit in ("both", "b" if me_a else "a")
        if t.is_classic:
            game = classic_game(tb, number)
            pm = game.match_points(name)
            result = {3: "gagné", 2: "nul", 1: "perdu", 0: "forfait"}[pm]
            if their_forfeit and not my_forfeit:
                result = "gagné par forfait"
            score = "" if tb.forfeit else f"{mine} - {theirs}"
            out.append(HistoryLine(number, tb.number, opponent, result, score, f"{pm} PM"))
        else:
            won = tb.winner == name
            if my_forfeit:
                result = "forfait"
            elif their_forfeit:
                result = "gagné par forfait"
            else:
                result = "gagné" if won else "perdu"
            score = "" if mine is None else f"{mine} - {theirs}"
            out.append(HistoryLine(number, tb.number, opponent, result, score, "1" if won else "0"))
    return out


# -- backgammon final stage -----------------------------------------------------------------------


def bracket_settings(t: Tournament) -> bg.BracketSettings:
    return bg.BracketSettings(
        quarter_final=parse_sets(t.qf_sets, "Quarts de finale"),
        semi_final=parse_sets(t.sf_sets, "Demi-finales"),
        final=parse_sets(t.final_sets, "Finale"),
        consolation=parse_sets(t.consolation_sets, "Consolante"),
    )


def brackets(t: Tournament) -> bg.Brackets:
    """The final bracket and the consolation (engine), with the results entered so far."""
    champ = championship(t)
    try:
        b = bg.build_brackets(champ, bracket_settings(t))
    except bg.ChampionshipError as exc:
        raise ServiceError(_bracket_french(str(exc))) from None
    for r in t.knockout.all():
        if r.winner:  # a match in progress (sets so far) is not a result yet
            b.record(r.match_id, r.winner, tuple(bg.SetScore(x, y) for x, y in r.scores))
    return b


def sets_in_progress(t: Tournament) -> dict[str, list[tuple[int, int]]]:
    """Set scores of the bracket matches still being played (entered set by set)."""
    return {r.match_id: [(a, b) for a, b in r.scores] for r in t.knockout.all() if not r.winner}


def _bracket_french(text: str) -> str:
    if text.startswith("play-off needed"):
        names = text.split(":", 1)[1].strip()
        return (
            f"Barrage nécessaire (mêmes points et même D) : {names}. Saisissez le résultat "
            "du barrage en un point."
        )
    if text.startswith("the Swiss stage is not finished"):
        return (
            "Le tournoi suisse n'est pas terminé : toutes les rondes doivent avoir leurs résultats."
        )
    if "are needed for the final bracket" in text:
        return "Pas assez de joueurs classés pour un tableau final de 8."
    return f"Tableau impossible : {text}"


@transaction.atomic
def start_bracket(t: Tournament, user: User) -> None:
    t = locked(t)
    if t.is_classic:
        raise ServiceError("Pas de tableau au Scrabble classique : voir la phase finale.")
    if not swiss_complete(t):
        raise ServiceError("Le tournoi suisse n'est pas terminé.")
    brackets(t)  # refuses while a tie must be played off
    t.bracket_started = True
    t.save(update_fields=["bracket_started"])
    audit(t, user, "Tableau final généré", "")
    bump(t)


@transaction.atomic
def record_playoff(t: Tournament, winner: str, loser: str, user: User) -> None:
    t = locked(t)
    names = {e.name for e in players_in_play(t)}
    for n in (winner, loser):
        if n not in names:
            raise ServiceError(f"Joueur inconnu : {n}.")
    if winner == loser:
        raise ServiceError("Un barrage oppose deux joueurs différents.")
    if t.bracket_started:
        raise ServiceError("Le tableau est déjà généré.")
    Playoff.objects.create(tournament=t, winner=winner, loser=loser)
    audit(t, user, "Barrage", f"{winner} bat {loser}")
    bump(t)


def parse_set_scores(text: str) -> list[tuple[int, int]]:
    """``"9-5 4-9 11-7"`` -> [(9, 5), (4, 9), (11, 7)] (top player first)."""
    out: list[tuple[int, int]] = []
    for part in text.replace(",", " ").split():
        bits = part.split("-")
        if len(bits) != 2 or not all(b.strip().isdigit() for b in bits):
            raise ServiceError(f"« {part} » n'est pas un score (ex. 9-5).")
        out.append((int(bits[0]), int(bits[1])))
    return out


@transaction.atomic
def record_knockout(
    t: Tournament, match_id: str, winner: str, scores_text: str, user: User
) -> None:
    """A bracket / consolation result (backgammon) or a final-phase result (Classic)."""
    t = locked(t)
    scores = parse_set_scores(scores_text)
    if t.is_classic:
        _record_final_phase(t, match_id, scores, user)
        return
    if not t.bracket_started:
        raise ServiceError("Le tableau final n'est pas encore généré.")
    b = brackets(t)
    if match_id not in b.matches:
        raise ServiceError(f"Match inconnu : {match_id}.")
    existing = KnockoutResult.objects.filter(tournament=t, match_id=match_id).first()
    if existing is not None and existing.winner:
        raise ServiceError(f"{match_id} a déjà un résultat : supprimez-le pour le corriger.")
    top, bottom = b.players(match_id)
    if top is None or bottom is None:
        raise ServiceError(f"{match_id} : ses deux joueurs ne sont pas encore connus.")
    if BYE in (top, bottom):
        raise ServiceError(f"{match_id} : un exempt n'a pas de résultat à saisir.")
    sets = tuple(bg.SetScore(x, y) for x, y in scores)
    before = None if existing is None else {"sets en cours": existing.scores}
    if not winner:
        # seed 003 "Tableau final": matches in sets, entered set by set as they end
        if not scores:
            raise ServiceError("Indiquez le vainqueur, ou les sets déjà joués.")
        _check_sets_so_far(b, match_id, top, sets)
        KnockoutResult.objects.update_or_create(
            tournament=t, match_id=match_id, defaults={"winner": "", "scores": scores}
        )
        audit(t, user, "Sets du tableau", match_id, before, {"sets": scores_text})
        bump(t)
        return
    if winner not in (top, bottom):
        raise ServiceError(f"{winner} ne joue pas le match {match_id} ({top} - {bottom}).")
    try:
        b.record(match_id, winner, sets)
    except bg.ChampionshipError as exc:
        raise ServiceError(f"Résultat refusé : {_sets_french(str(exc))}") from None
    KnockoutResult.objects.update_or_create(
        tournament=t,
        match_id=match_id,
        defaults={"winner": winner, "scores": [list(s) for s in scores]},
    )
    audit(
        t, user, "Résultat du tableau", match_id, before, {"vainqueur": winner, "sets": scores_text}
    )
    bump(t)


def _check_sets_so_far(
    b: bg.Brackets, match_id: str, top: str, sets: tuple[bg.SetScore, ...]
) -> None:
    """Sets of a match not finished yet: each must be a valid set and the match undecided.

    Checked by the engine: the sets so far, completed by sets won by the top player, must
    make a valid result (so each set ends at its length and none is played after the end).
    """
    lengths = b.matches[match_id].sets
    need = len(lengths) // 2 + 1
    won_top = sum(1 for s in sets if s.top > s.bottom)
    won_bottom = sum(1 for s in sets if s.bottom > s.top)
    top_leads = won_bottom < need
    missing = max(need - (won_top if top_leads else won_bottom), 0)
    filler = tuple(
        bg.SetScore(lengths[i], 0) if top_leads else bg.SetScore(0, lengths[i])
        for i in range(len(sets), min(len(sets) + missing, len(lengths)))
    )
    bottom_player = b.players(match_id)[1]
    probe = bg.Brackets(matches=dict(b.matches), winners=dict(b.winners))
    try:
        probe.record(match_id, top if top_leads else str(bottom_player), sets + filler)
    except bg.ChampionshipError as exc:
        raise ServiceError(f"Sets refusés : {_sets_french(str(exc))}") from None
    if won_top >= need or won_bottom >= need:
        raise ServiceError("Ces sets décident du match : indiquez aussi le vainqueur.")


_SET_ERRORS = (
    (
        re.compile(r"set (\d+) played after the match was won"),
        r"le set \1 est de trop : le match était gagné",
    ),
    (re.compile(r"more than (\d+) sets"), r"plus de \1 sets"),
    (
        re.compile(r"set (\d+) score (\d+)-(\d+) does not end a (\d+)-point set"),
        r"le set \1 (\2-\3) ne termine pas un set en \4 points",
    ),
    (re.compile(r"the sets do not decide the match"), "les sets ne décident pas du match"),
    (re.compile(r"the set scores contradict the winner"), "les sets contredisent le vainqueur"),
)


def _sets_french(text: str) -> str:
    """The engine's set-score refusals (seed 003 "Tableau final") in French."""
    for pattern, repl in _SET_ERRORS:
        text = pattern.sub(repl, text)
    return text


@transaction.atomic
def undo_knockout(t: Tournament, match_id: str, user: User) -> None:
    t = locked(t)
    r = KnockoutResult.objects.filter(tournament=t, match_id=match_id).first()
    if r is None:
        raise ServiceError(f"{match_id} n'a pas de résultat.")
    if not t.is_classic:
        b = brackets(t)
        for mid, m in b.matches.items():
            depends = [s for s in (m.top, m.bottom) if getattr(s, "match", None) == match_id]
            if depends and KnockoutResult.objects.filter(tournament=t, match_id=mid).exists():
                raise ServiceError(f"Supprimez d'abord le résultat de {mid}, qui en dépend.")
    else:
        later = {"SF1": ("F", "P3"), "SF2": ("F", "P3")}.get(match_id, ())
        if KnockoutResult.objects.filter(tournament=t, match_id__in=later).exists():
            raise ServiceError(
                "Supprimez d'abord les résultats de la finale et du match pour la 3e place."
            )
    before = {"vainqueur": r.winner, "scores": r.scores}
    r.delete()
    audit(t, user, "Résultat supprimé", match_id, before, None)
    bump(t)


# -- Classic final phase ---------------------------------------------------------------------------


def final_qualified(t: Tournament) -> list[str]:
    """The first two or four of the final ranking (seed 000 preamble). Players still equal on
    PM, PPM and Pdep keep the engine's list order, the initial ranking (docs decision)."""
    table, complete = classic_standings(t)
    if not complete:
        raise ServiceError("Les rondes ne sont pas toutes jouées.")
    eligible = [s for s in table if s.name not in _withdrawn_names(t)]
    if len(eligible) < t.final_size:
        raise ServiceError(f"Il faut {t.final_size} joueurs classés pour la phase finale.")
    return [s.name for s in eligible[: t.final_size]]


def _withdrawn_names(t: Tournament) -> set[str]:
    return set(t.entrants.filter(withdrawn_after__isnull=False).values_list("name", flat=True))


def final_matches(t: Tournament) -> list[final_phase.FinalMatch]:
    results = {r.match_id: [tuple(s) for s in r.scores] for r in t.knockout.all()}
    try:
        return final_phase.resolve(final_qualified(t), t.final_size, t.final_best_of, results)
    except final_phase.FinalPhaseError as exc:
        raise ServiceError(word(exc.message, get_language())) from None


@transaction.atomic
def start_final_phase(t: Tournament, user: User) -> None:
    t = locked(t)
    if not t.is_classic or not t.final_size:
        raise ServiceError("Ce tournoi n'a pas de phase finale.")
    final_matches(t)
    t.final_started = True
    t.save(update_fields=["final_started"])
    audit(t, user, "Phase finale commencée", f"{t.final_size} joueurs")
    bump(t)


def _record_final_phase(
    t: Tournament, match_id: str, scores: list[tuple[int, int]], user: User
) -> None:
    if not t.final_started:
        raise ServiceError("La phase finale n'est pas commencée.")
    if KnockoutResult.objects.filter(tournament=t, match_id=match_id).exists():
        raise ServiceError(f"{match_id} a déjà un résultat : supprimez-le pour le corriger.")
    results = {r.match_id: [tuple(s) for s in r.scores] for r in t.knockout.all()}
    results[match_id] = scores
    try:
        matches = final_phase.resolve(final_qualified(t), t.final_size, t.final_best_of, results)
    except final_phase.FinalPhaseError as exc:
        raise ServiceError(word(exc.message, get_language())) from None
    winner = next(m.winner for m in matches if m.id == match_id)
    KnockoutResult.objects.create(
        tournament=t, match_id=match_id, winner=winner or "", scores=[list(s) for s in scores]
    )
    audit(
        t,
        user,
        "Résultat de la phase finale",
        match_id,
        None,
        {"vainqueur": winner, "scores": scores},
    )
    bump(t)
