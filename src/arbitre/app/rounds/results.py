"""Results of the Swiss rounds, shared by the paired games: entered, corrected, cleared, with
the match record of a table. The game's engine checks each entry (:meth:`PairedGame.check_result`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.rounds.models import Table, Tournament
from arbitre.app.rounds.services import (
    ROUND_TABLE_TARGET,
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


def stale_result() -> str:
    return gettext("Ce résultat a changé depuis l'affichage de la page : rechargez-la.")


def _target(tb: Table) -> str:
    """The audit log's target of a table (French, worded again when shown)."""
    return ROUND_TABLE_TARGET % {"round": tb.round.number, "table": tb.number}


def _open_table(t: Tournament, table_id: int, expected_version: int) -> Table:
    tb = Table.objects.select_related("round").filter(pk=table_id, round__tournament=t).first()
    if tb is None:
        raise ServiceError(gettext("Table inconnue."))
    if tb.version != expected_version:
        raise StaleEditError(stale_result())
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
        raise ServiceError(
            gettext("Table %(table)s : %(name)s est exempt, il n'y a rien à saisir.")
            % {"table": tb.number, "name": tb.a}
        )
    if tb.round.number != last_round_number(t):
        raise ServiceError(
            gettext(
                "La ronde %(next)s est appariée : annulez son appariement pour corriger la "
                "ronde %(round)s."
            )
            % {"next": tb.round.number + 1, "round": tb.round.number}
        )
    if t.bracket_started or t.final_started:
        raise ServiceError(
            gettext("La phase finale est commencée : les rondes suisses sont closes.")
        )
    before = result_json(tb)
    fields = game.check_result(t, tb, entry)
    tb.forfeit = fields.forfeit
    tb.score_a, tb.score_b = fields.score_a, fields.score_b
    tb.winner = fields.winner
    tb.late_a, tb.late_b = fields.late_a, fields.late_b
    tb.penalty_a, tb.penalty_b = fields.penalty_a, fields.penalty_b
    tb.loss, tb.loss_cause = fields.loss, fields.loss_cause
    if fields.starts is not None:
        tb.starts = fields.starts
    tb.ended = fields.ended
    tb.excused_a, tb.excused_b = fields.excused_a, fields.excused_b
    tb.clock_minutes_a, tb.clock_minutes_b = fields.clock_minutes_a, fields.clock_minutes_b
    tb.entered = True
    tb.version += 1
    tb.save()
    audit(
        t,
        user,
        gettext_noop("Correction de résultat") if before else gettext_noop("Résultat"),
        _target(tb),
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
        raise ServiceError(gettext("Aucun résultat à supprimer à cette table."))
    if tb.version != expected_version:
        raise StaleEditError(stale_result())
    if tb.round.number != last_round_number(t) or t.bracket_started or t.final_started:
        raise ServiceError(
            gettext("Seuls les résultats de la dernière ronde peuvent être supprimés.")
        )
    before = result_json(tb)
    tb.entered = False
    tb.forfeit, tb.score_a, tb.score_b, tb.winner = "", None, None, ""
    tb.late_a = tb.late_b = tb.penalty_a = tb.penalty_b = 0
    tb.loss = tb.loss_cause = ""
    tb.ended, tb.excused_a, tb.excused_b = "", False, False
    tb.clock_minutes_a = tb.clock_minutes_b = 0
    tb.version += 1
    tb.save()
    audit(t, user, gettext_noop("Résultat supprimé"), _target(tb), before)
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
    if tb.loss:
        out["perte"] = [tb.a if tb.loss == "a" else tb.b, tb.loss_cause]
    if tb.late_a or tb.late_b:
        out["retard"] = [tb.late_a, tb.late_b]
    if tb.ended:
        out["fin"] = tb.ended
    if tb.excused_a or tb.excused_b:
        out["force_majeure"] = [tb.excused_a, tb.excused_b]
    return out


@transaction.atomic
def store_mat(t: Tournament, table_id: int, mat: str, user: User) -> Table:
    """Keep the move-by-move record of a table's match (checked by the caller's engine)."""
    t = locked(t)
    tb = Table.objects.select_related("round").filter(pk=table_id, round__tournament=t).first()
    if tb is None:
        raise ServiceError(gettext("Table inconnue."))
    tb.mat = mat
    tb.save(update_fields=["mat"])
    audit(t, user, gettext_noop("Feuille de match (.mat)"), _target(tb))
    bump(t)
    return tb
