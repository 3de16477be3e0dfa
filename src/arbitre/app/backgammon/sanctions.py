"""What a sanction of the register does to a backgammon championship (seed 003): the rules
are the engine's (:mod:`arbitre.backgammon.championship.sanctions`); this module finds the
table, writes the result the engine decides, withdraws a disqualified or excluded player,
and undoes all of it when the arbitration committee annuls the sanction.

Decisions where the seed is silent (docs/backgammon-championship.md, "Incidents and sanctions"):

- a point penalty given while the match is played is carried on the score sheet by the
  players (the match goes on from the penalised score, as 1.10's "4/0"); given after the
  result was entered, it changes the entered score, and the result when it brings the
  opponent to the match length;
- the loss of the match, a disqualification or an exclusion given at a table whose result
  is not entered yet enters it: the opponent wins, the score unknown;
- a disqualified or excluded player plays no round after the incident's round;
- illegal moves (3.15) are counted per match: the notifications of the same player at the
  same round and table;
- once the final bracket is built, a sanction no longer changes the Swiss rounds (the
  bracket would change under the matches played); given at a match of the bracket or the
  consolation (its id, "QF1"), it changes that match as at a Swiss table, set by set
  (:func:`~arbitre.backgammon.championship.sanctions.sanction_sets`), and the bracket's
  progression follows; a player disqualified or excluded there loses their later matches.
  A sanction that would change a winner whose next match already has a result is refused
  (that result is deleted first), and so is its annulment.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, gettext

from arbitre.app.backgammon import services
from arbitre.app.events.incident_models import Incident
from arbitre.app.rounds.models import Entrant, KnockoutResult, Table, Tournament
from arbitre.app.rounds.services import ServiceError, bump, last_round_number
from arbitre.backgammon import championship as bg
from arbitre.backgammon.championship.bracket import BYE
from arbitre.backgammon.championship.sanctions import (
    Sanction,
    SanctionKind,
    abandoned_table_penalties,
    apply_sanctions,
    dice_touched_penalty,
    illegal_move_sanction_allowed,
    time_penalty_ending,
)
from arbitre.common import Refusal
from arbitre.i18n import word

RESULT_FIELDS = ("entered", "score_a", "score_b", "winner", "forfeit", "ended")


def _refused(exc: Refusal) -> ServiceError:
    return ServiceError(word(exc.message, get_language()))


def table_of(t: Tournament, round_no: int | None, table_no: int | None) -> Table | None:
    """The table named by an incident, ``None`` when it names none; refused when it names
    one that was not paired."""
    if round_no is None and table_no is None:
        return None
    if round_no is None or table_no is None:
        raise ServiceError(gettext("Indiquez la ronde et la table, ou ni l'une ni l'autre."))
    tb = Table.objects.filter(round__tournament=t, round__number=round_no, number=table_no).first()
    if tb is None:
        raise ServiceError(
            gettext("Ronde %(round)s : pas de table %(table)s.")
            % {"round": round_no, "table": table_no}
        )
    return tb


def side_of(tb: Table, player: str) -> int:
    if player and player == tb.a:
        return 0
    if player and player == tb.b:
        return 1
    raise ServiceError(
        gettext("%(player)s ne joue pas à la table %(table)s de la ronde %(round)s.")
        % {"player": player or "—", "table": tb.number, "round": tb.round.number}
    )


def _sanction(incident: Incident, side: int) -> Sanction:
    try:
        return Sanction(SanctionKind(incident.sanction), side, incident.amount)
    except Refusal as exc:
        raise _refused(exc) from None


def complete(t: Tournament, incident: Incident) -> None:
    """Clock rules 3.9: dice picked up before the opponent pressed the clock, with no
    sanction chosen, cost the player 30 seconds (the engine's figure)."""
    if incident.kind != Incident.Kind.DICE_TOUCHED or incident.sanction:
        return
    tb = table_of(t, incident.round, incident.table)
    if tb is None and incident.match and t.bracket_started:
        top, _ = _bracket_players(t, incident)  # a final-stage match (issue 33)
        side = 0 if incident.player == top else 1
    elif tb is None:
        raise ServiceError(
            gettext("Cette sanction porte sur un match : indiquez la ronde et la table.")
        )
    else:
        side = side_of(tb, incident.player)
    penalty = dice_touched_penalty(side)
    incident.sanction, incident.amount = penalty.kind.value, penalty.amount


def check(t: Tournament, incident: Incident) -> None:
    """Refuse an incident the seed does not allow: illegal moves sanctioned by time or
    points from the third notification of the match only (3.15); a point penalty, a loss
    of the match at a table of that player."""
    tb = table_of(t, incident.round, incident.table)
    if tb is not None and incident.kind != Incident.Kind.ABANDONED_TABLE:
        side_of(tb, incident.player)
    if incident.match:
        if tb is not None:
            raise ServiceError(
                gettext("Indiquez une table des rondes ou un match du tableau, pas les deux.")
            )
        if not t.bracket_started:
            raise ServiceError(gettext("Le tableau final n'est pas encore généré."))
        _bracket_players(t, incident)
    if (
        incident.sanction in (Incident.Sanction.POINTS, Incident.Sanction.LOSS)
        and tb is None
        and not incident.match
    ):
        raise ServiceError(
            gettext("Cette sanction porte sur un match : indiquez la ronde et la table.")
        )
    if incident.sanction:
        _sanction(incident, 0)
    if incident.kind == Incident.Kind.ILLEGAL_MOVE and incident.sanction:
        notifications = (
            Incident.objects.filter(
                event=t.event,
                kind=Incident.Kind.ILLEGAL_MOVE,
                player=incident.player,
                round=incident.round,
                table=incident.table,
                match=incident.match,
            )
            .exclude(pk=incident.pk)
            .count()
            + 1
        )
        try:
            allowed = illegal_move_sanction_allowed(notifications, SanctionKind(incident.sanction))
        except Refusal as exc:
            raise _refused(exc) from None
        if not allowed:
            raise ServiceError(
                gettext(
                    "Coups illégaux : sanction au temps ou au score après 3 notifications "
                    "au directeur (art. 3.15) ; c'est la notification n° %(count)s de ce match."
                )
                % {"count": notifications}
            )


def _fields(tb: Table) -> dict[str, Any]:
    return {k: getattr(tb, k) for k in RESULT_FIELDS}


def _write(tb: Table, new: bg.MatchResult) -> None:
    tb.score_a, tb.score_b = new.score_a, new.score_b
    if new.kind is bg.ResultKind.FORFEIT:
        if new.winner is None and tb.forfeit in ("a", "b"):
            tb.forfeit = "both"
    else:
        tb.winner = new.winner or ""
        tb.ended = new.decided
    tb.entered = True


def apply(t: Tournament, incident: Incident) -> dict[str, Any]:
    """Apply a sanction in force to the championship; returns what it changed (kept in the
    incident to undo it)."""
    applied: dict[str, Any] = {}
    if not incident.in_force or incident.sanction in ("", "warning"):
        return applied
    tb = table_of(t, incident.round, incident.table)
    if incident.sanction == "time":
        if tb is not None and clock_penalty(tb, incident):
            applied["clock"] = True
        elif incident.match and t.bracket_started and bracket_clock_penalty(t, incident):
            applied["clock"] = True
        return applied
    if t.bracket_started:
        if incident.match:
            return _apply_in_bracket(t, incident)
        if tb is not None:
            raise ServiceError(
                gettext(
                    "Le tableau final est commencé : les résultats des rondes ne changent "
                    "plus. Indiquez le match du tableau final (ex. QF1) plutôt que la ronde "
                    "et la table."
                )
            )
        return {"final_stage": True}  # no match named: recorded only
    if tb is not None:
        sanction = _sanction(incident, side_of(tb, incident.player))
        before = _fields(tb)
        if tb.entered:
            new = apply_sanctions(
                services.result_of(tb, tb.round.number, t.match_length), [sanction]
            )
            _write(tb, new)
        elif sanction.loses_match:
            loser = tb.a if sanction.side == 0 else tb.b
            playing = bg.MatchResult(tb.round.number, tb.a, tb.b, loser)
            _write(tb, apply_sanctions(playing, [sanction]))
        else:
            applied["pending"] = True  # carried on the score sheet at the table
        after = _fields(tb)
        if after != before:
            tb.version += 1
            tb.save(update_fields=[*RESULT_FIELDS, "version"])
            applied["table"] = {"id": tb.pk, "before": before, "after": after}
    if incident.sanction in ("disqualification", "exclusion"):
        e = Entrant.objects.filter(tournament=t, name=incident.player).first()
        if e is not None:
            last = incident.round or last_round_number(t)
            if e.withdrawn_after is None or e.withdrawn_after > last:
                applied["withdrawn"] = {"id": e.pk, "before": e.withdrawn_after, "after": last}
                e.withdrawn_after = last
                e.save(update_fields=["withdrawn_after"])
    if applied:
        bump(t)
    return applied


def _bracket_players(t: Tournament, incident: Incident) -> tuple[str, str]:
    """The two players of the final-stage match an incident names; refused when the match
    is unknown, not ready, or not the player's."""
    from arbitre.app.backgammon.bracket import brackets

    b = brackets(t)
    if incident.match not in b.matches:
        raise ServiceError(gettext("Match inconnu : %(match)s.") % {"match": incident.match})
    top, bottom = b.players(incident.match)
    if top is None or bottom is None or BYE in (top, bottom):
        raise ServiceError(
            gettext("%(match)s : ses deux joueurs ne sont pas encore connus.")
            % {"match": incident.match}
        )
    if incident.player not in (top, bottom):
        raise ServiceError(
            gettext("%(player)s ne joue pas le match %(match)s (%(top)s - %(bottom)s).")
            % {
                "player": incident.player or "—",
                "match": incident.match,
                "top": top,
                "bottom": bottom,
            }
        )
    return top, bottom


def _changes_refused(exc: ServiceError, match: str) -> ServiceError:
    return ServiceError(
        gettext(
            "Cette décision change le vainqueur de %(match)s, mais un match suivant a déjà "
            "son résultat : supprimez-le d'abord (%(reason)s)."
        )
        % {"match": match, "reason": str(exc)}
    )


def _apply_in_bracket(t: Tournament, incident: Incident) -> dict[str, Any]:
    """A sanction at a match of the final stage: kept with the set it was given in (the
    last set of a match whose result is entered; none while a set is being played: the
    points are carried on the score sheet); the bracket is recomputed with it."""
    from arbitre.app.backgammon.bracket import brackets

    _bracket_players(t, incident)
    before = brackets(t).winner(incident.match)
    r = KnockoutResult.objects.filter(tournament=t, match_id=incident.match).first()
    at = len(r.scores) - 1 if r is not None and r.winner and r.scores else None
    incident.applied = {"bracket": {"match": incident.match, "set": at}}
    incident.save(update_fields=["applied"])
    try:
        after = brackets(t).winner(incident.match)
    except ServiceError as exc:
        raise _changes_refused(exc, incident.match) from None
    applied: dict[str, Any] = {"bracket": {"match": incident.match, "set": at}}
    if before != after:
        applied["bracket"]["winner"] = [before, after]
    elif incident.sanction == "points":
        applied["pending"] = at is None
    bump(t)
    return applied


def clock_penalty(tb: Table, incident: Incident, *, back: bool = False) -> bool:
    """A time penalty on the table's clock when it keeps one on the server (issue 19,
    part 1), or its compensation when annulled; False when it does not."""
    from arbitre.app.backgammon import clocktable

    side = 0 if incident.player == tb.a else 1
    suffix = "-annul" if back else ""
    return clocktable.add_penalty(
        tb, side, incident.amount, f"incident-{incident.pk}{suffix}", back=back
    )


def bracket_clock_penalty(t: Tournament, incident: Incident, *, back: bool = False) -> bool:
    """A time penalty given at a final-stage match (issue 33) on that match's clock."""
    from arbitre.app.backgammon import bracketclock

    suffix = "-annul" if back else ""
    return bracketclock.add_penalty(
        t,
        incident.match,
        incident.player,
        incident.amount,
        f"incident-{incident.pk}{suffix}",
        back=back,
    )


def revert(t: Tournament, incident: Incident) -> None:
    """Undo what :func:`apply` changed (the committee annulled the sanction)."""
    if incident.applied.get("bracket"):
        from arbitre.app.backgammon.bracket import brackets

        try:
            brackets(t, without=incident.pk)
        except ServiceError as exc:
            raise _changes_refused(exc, incident.match) from None
    if incident.applied.get("clock"):
        tb = table_of(t, incident.round, incident.table)
        if tb is not None:
            clock_penalty(tb, incident, back=True)
        elif incident.match:
            bracket_clock_penalty(t, incident, back=True)
    table = incident.applied.get("table")
    if table:
        tb = Table.objects.filter(pk=table["id"], round__tournament=t).first()
        if tb is not None:
            for k, v in table["before"].items():
                setattr(tb, k, v)
            tb.version += 1
            tb.save(update_fields=[*RESULT_FIELDS, "version"])
    withdrawn = incident.applied.get("withdrawn")
    if withdrawn:
        Entrant.objects.filter(pk=withdrawn["id"], tournament=t).update(
            withdrawn_after=withdrawn["before"]
        )
    bump(t)


def abandoned_table(
    t: Tournament,
    round_no: int | None,
    table_no: int | None,
    present_a: bool,
    present_b: bool,
    remaining_a: float | None,
    remaining_b: float | None,
) -> tuple[Table, list[tuple[str, int]], dict[str, Any]]:
    """Clock rules 2.3: the players penalised (name, seconds) when the table was found
    abandoned while the clock was neutralised, and, when the clocks' remaining minutes are
    given and the penalty uses them up, the result written (lost on time, or both flags:
    both score 0)."""
    tb = table_of(t, round_no, table_no)
    if tb is None or tb.is_bye:
        raise ServiceError(gettext("Indiquez la ronde et la table abandonnée."))
    pen_a, pen_b = abandoned_table_penalties(present_a, present_b)
    if not pen_a and not pen_b:
        raise ServiceError(
            gettext("Les deux joueurs étaient présents : pas de sanction (pendule, art. 2.3).")
        )
    penalised = [(name, s) for name, s in ((tb.a, pen_a), (tb.b, pen_b)) if s]
    changed: dict[str, Any] = {}
    if remaining_a is not None and remaining_b is not None:
        ending = time_penalty_ending(remaining_a * 60, remaining_b * 60, pen_a, pen_b)
        if ending:
            before = _fields(tb)
            tb.entered = True
            tb.forfeit = ""
            if ending == "both_time":
                tb.winner, tb.ended = "", "both_time"
            else:
                tb.winner, tb.ended = (tb.b if ending == "a" else tb.a), "time"
            tb.version += 1
            tb.save(update_fields=[*RESULT_FIELDS, "version"])
            changed = {"id": tb.pk, "before": before, "after": _fields(tb)}
            bump(t)
    return tb, penalised, changed
