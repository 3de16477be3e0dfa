"""Services of a Classic Scrabble event (seed 000): the engine's values from the stored rows,
and the announced absences. Pairing, results and standings are the engine's
(:mod:`arbitre.classic.tournament`); this module converts rows to its values and back.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.rounds.models import Absence, Entrant, Table, Tournament
from arbitre.app.rounds.services import (
    ServiceError,
    User,
    audit,
    bump,
    entrant_of,
    last_round_number,
    locked,
    players_in_play,
    round_complete,
)
from arbitre.classic import tournament as cl


def player(e: Entrant) -> cl.Player:
    return cl.Player(e.name, e.rating, e.starred, e.club or None, e.licence or None)


def game_of(table: Table, number: int) -> cl.Game:
    """The engine's game of an entered table (or of a bye)."""
    if table.is_bye:
        return cl.Game(number, table.a, None)
    return cl.Game(
        number,
        table.a,
        table.b,
        table.score_a,
        table.score_b,
        forfeit_a=table.forfeit in ("a", "both"),
        forfeit_b=table.forfeit in ("b", "both"),
        starts=table.starts[0] if table.starts else None,
        loss=(table.a if table.loss == "a" else table.b) if table.loss else None,
        loss_cause=cl.LossCause(table.loss_cause) if table.loss else None,
    )


def rounds(t: Tournament, include_partial: bool = True) -> list[cl.Round]:
    """The engine's rounds from the entered tables (a partial round holds what is entered)."""
    out: list[cl.Round] = []
    for rnd in t.round_set.prefetch_related("tables"):
        tables = list(rnd.tables.all())
        done = [tb for tb in tables if tb.entered]
        if len(done) < len(tables) and not include_partial:
            break
        out.append(cl.Round(rnd.number, tuple(game_of(tb, rnd.number) for tb in done)))
    return out


def absent(t: Tournament, number: int, entrants: list[Entrant]) -> set[str]:
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


def effective_rounds(t: Tournament, players: int) -> int:
    """The director's number of rounds, or the seed's default by the number of players
    (rulings Classic 1)."""
    return t.rounds or cl.number_of_rounds(players)


def standings(t: Tournament) -> tuple[list[cl.Standing], bool]:
    """The engine's ranking over the entered results; final once every round is complete."""
    done = rounds(t)
    complete = (
        bool(t.rounds)
        and len(done) == t.rounds
        and all(round_complete(r) for r in t.round_set.all())
    )
    players = [player(e) for e in players_in_play(t)]
    return cl.compute_standings(players, done, final=complete), complete


def already_paired(number: int) -> str:
    return gettext("La ronde %(round)s est déjà appariée.") % {"round": number}


@transaction.atomic
def announce_absence(t: Tournament, entrant_id: int, number: int, user: User) -> None:
    """An absence announced for one round (seed 000 "Forfaits provisoires"): not paired."""
    t = locked(t)
    e = entrant_of(t, entrant_id)
    if number <= last_round_number(t):
        raise ServiceError(already_paired(number))
    total = effective_rounds(t, t.entrants.count())
    if number > total:
        raise ServiceError(gettext("Le tournoi n'a que %(rounds)s rondes.") % {"rounds": total})
    _, created = Absence.objects.get_or_create(entrant=e, round=number)
    if not created:
        raise ServiceError(
            gettext("L'absence de %(name)s à la ronde %(round)s est déjà notée.")
            % {"name": e.name, "round": number}
        )
    audit(t, user, gettext_noop("Absence annoncée"), e.name, None, {"ronde": number})
    bump(t)


@transaction.atomic
def cancel_absence(t: Tournament, entrant_id: int, number: int, user: User) -> None:
    t = locked(t)
    e = entrant_of(t, entrant_id)
    if number <= last_round_number(t):
        raise ServiceError(already_paired(number))
    deleted, _ = Absence.objects.filter(entrant=e, round=number).delete()
    if not deleted:
        raise ServiceError(gettext("Aucune absence à annuler."))
    audit(t, user, gettext_noop("Absence annulée"), e.name, {"ronde": number}, None)
    bump(t)
