"""Results of the Swiss rounds, shared by the paired games: entered, corrected, cleared, with
the match record of a table. The game's engine checks each entry (:meth:`PairedGame.check_result`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import transaction

from arbitre.app.rounds.models import Table, Tournament
from arbitre.app.rounds.services import (
    ServiceError,
    StaleEditError,
    User,
    audit,
    bump,
    last_round_number,
    locked,
)

if TYPE_CHECKING:
    from arbitre.app.rounds.games import PairedGame


def _open_table(t: Tournament, table_id: int, expected_version: int) -> Table:
    tb = Table.objects.select_related("round").filter(pk=table_id, round__tournament=t).first()
    if tb is None:
        raise ServiceError("Table inconnue.")
    if tb.version != expected_version:
        raise StaleEditError("Ce résultat a changé depuis l'affichage de la page : rechargez-la.")
    return tb


@transaction.atomic
def enter_result(
    game: PairedGame,
    t: Tournament,
    table_id: int,
    expected_version: int,
    entry: dict[str, Any],
    user: User,
) -> Table:
    """Store a table's result once the game's engine accepts it; a refusal otherwise."""
    t = locked(t)
    tb = _open_table(t, table_id, expected_version)
    if tb.is_bye:
        raise ServiceError(f"Table {tb.number} : {tb.a} est exempt, il n'y a rien à saisir.")
    if tb.round.number != last_round_number(t):
        raise ServiceError(
            f"La ronde {tb.round.number + 1} est appariée : annulez son appariement pour "
            f"corriger la ronde {tb.round.number}."
        )
    if t.bracket_started or t.final_started:
        raise ServiceError("La phase finale est commencée : les rondes suisses sont closes.")
    before = result_json(tb)
    fields = game.check_result(t, tb, entry)
    tb.forfeit = fields.forfeit
    tb.score_a, tb.score_b = fields.score_a, fields.score_b
    tb.winner = fields.winner
    tb.late_a, tb.late_b = fields.late_a, fields.late_b
    tb.penalty_a, tb.penalty_b = fields.penalty_a, fields.penalty_b
    tb.entered = True
    tb.version += 1
    tb.save()
    audit(
        t,
        user,
        "Correction de résultat" if before else "Résultat",
        f"ronde {tb.round.number}, table {tb.number}",
        before,
        result_json(tb),
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
    before = result_json(tb)
    tb.entered = False
    tb.forfeit, tb.score_a, tb.score_b, tb.winner = "", None, None, ""
    tb.late_a = tb.late_b = tb.penalty_a = tb.penalty_b = 0
    tb.version += 1
    tb.save()
    audit(t, user, "Résultat supprimé", f"ronde {tb.round.number}, table {tb.number}", before)
    bump(t)


def result_json(tb: Table) -> dict[str, Any] | None:
    """A table's result as the audit log keeps it."""
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


@transaction.atomic
def store_mat(t: Tournament, table_id: int, mat: str, user: User) -> Table:
    """Keep the move-by-move record of a table's match (checked by the caller's engine)."""
    t = locked(t)
    tb = Table.objects.select_related("round").filter(pk=table_id, round__tournament=t).first()
    if tb is None:
        raise ServiceError("Table inconnue.")
    tb.mat = mat
    tb.save(update_fields=["mat"])
    audit(t, user, "Feuille de match (.mat)", f"ronde {tb.round.number}, table {tb.number}")
    bump(t)
    return tb
