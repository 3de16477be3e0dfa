"""Seed 003, 3.16 at a backgammon table or a final-stage match: "Si l'un des deux joueurs
s'aperçoit d'une erreur dans la position initiale des pions, il peut la corriger avant le
quatrième lancer de dés de la partie." The director or an arbiter corrects the starting
position of the game in progress in the match record kept at the table's tablet
(:mod:`.clocktable`, the ``record`` events): the standard start with the moves played kept
(:meth:`~arbitre.backgammon.match.Match.standard_start`), or a board typed as a gnubg
Position ID. The correction is one more line of the record (``; 3.16 position ID``, read
and refused by the engine: :mod:`arbitre.backgammon.mat`), so the table's ``.mat`` shows it
where it was made; it is audited. After the fourth roll the engine refuses it, citing the
article: the game goes on as it stands (3.17)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext, gettext_noop
from django.views.decorators.http import require_http_methods

from arbitre.app.backgammon import bracket, bracketclock, clocktable
from arbitre.app.backgammon.clockdecisions import target_of
from arbitre.app.backgammon.game import GAME
from arbitre.app.events.roles import ARBITER, require_role
from arbitre.app.rounds import tablelog
from arbitre.app.rounds.models import Table, TableLog, Tournament
from arbitre.app.rounds.services import ServiceError, User, audit
from arbitre.app.rounds.views import tournament_of
from arbitre.backgammon.board import BackgammonError, Position
from arbitre.backgammon.ids import position_from_id, position_id
from arbitre.backgammon.mat import correction_line
from arbitre.backgammon.match import START_CORRECTION_ROLL, Match
from arbitre.i18n import word

CORRECTION_ACTION = gettext_noop("Position de départ corrigée (art. 3.16)")
STANDARD, TYPED = "standard", "position"
"""The director's choices: the standard start (the moves played kept), or a typed board."""


@dataclass
class Record:
    """The record kept at the table and the game in progress in it."""

    match: Match | None
    text: str

    @property
    def position_id(self) -> str:
        """The board now, seen from the player on roll ("" for a board of 16 checkers)."""
        if self.match is None:
            return ""
        try:
            return position_id(self.match.position)
        except BackgammonError:
            return ""


def record_of(log: TableLog) -> Record:
    state = tablelog.adapter_of(clocktable.KIND).replay(log)
    return Record(state.match, state.record)


def _refused(exc: BackgammonError) -> ServiceError:
    return ServiceError(word(exc.message, get_language()))


def corrected_board(match: Match, choice: str, typed: str) -> Position:
    """The board chosen by the director, checked by the engine as 3.16 says (the game under
    way, before its fourth roll), on the match given (a copy read from the log)."""
    try:
        if choice == STANDARD:
            board = match.standard_start()
        elif choice == TYPED:
            if not typed.strip():
                raise ServiceError(gettext("Saisissez l'identifiant de position gnubg."))
            board = position_from_id(typed.strip())
        else:
            raise ServiceError(gettext("Choisissez la position corrigée."))
        match.correct_start(board)
    except BackgammonError as exc:
        raise _refused(exc) from None
    return board


@transaction.atomic
def correct(
    t: Tournament, log: TableLog, choice: str, typed: str, user: User, client_id: str
) -> str:
    """Correct the starting position of the game in progress in the table's record; the
    Position ID of the board as corrected. Nothing is written when refused."""
    log = TableLog.objects.select_for_update().get(pk=log.pk)
    record = record_of(log)
    if record.match is None:
        raise ServiceError(
            gettext(
                "Aucune feuille de match n'est tenue sur la tablette de cette table : "
                "la position se corrige sur la feuille où la partie est notée."
            )
        )
    before = record.position_id
    player = record.match.player_on_roll
    board = corrected_board(record.match, choice, typed)
    done = tablelog.append(
        log.pk,
        {
            "kind": clocktable.RECORD,
            "player": player,
            "cell": correction_line(board),
            "by": getattr(user, "username", ""),
        },
        client_id,
    )
    after = position_id(board)
    if not done.repeated:
        audit(
            t,
            user,
            CORRECTION_ACTION,
            target_of(log),
            {"position": before},
            {"position": after, "choix": choice},
        )
    return after


def _page(
    request: HttpRequest, t: Tournament, log: TableLog, title: str, back: str
) -> HttpResponse:
    here = request.path
    if request.method == "POST":
        client_id = "start-" + (request.POST.get("id", "")[:40] or secrets.token_hex(8))
        try:
            after = correct(
                t,
                log,
                request.POST.get("choice", ""),
                request.POST.get("position", ""),
                request.user,
                client_id,
            )
        except ServiceError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(
                request,
                gettext("Position de départ corrigée (art. 3.16) : %(id)s.") % {"id": after},
            )
        return redirect(here)
    record = record_of(log)
    match = record.match
    context: dict[str, Any] = {
        "event": t.event,
        "title": title,
        "back": back,
        "names": log.setup["names"],
        "record": record,
        "rolls": match.rolls if match is not None else 0,
        "limit": START_CORRECTION_ROLL,
        "diagram": match.position.diagram(bar=gettext("barre"), off=gettext("sortis"))
        if match is not None
        else "",
        "on_roll": log.setup["names"][match.player_on_roll] if match is not None else "",
        "form_id": secrets.token_hex(8),
    }
    return render(request, "backgammon/start_correction.html", context)


@require_http_methods(["GET", "POST"])
@require_role(ARBITER)
def table_page(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """3.16 at a round's table."""
    t = tournament_of(GAME, event_id)
    tb = get_object_or_404(Table, pk=table_id, round__tournament=t)
    try:
        log = clocktable.log_of(t, tb)
    except ServiceError as exc:
        return HttpResponse(str(exc), status=404, content_type="text/plain; charset=utf-8")
    title = gettext("Ronde %(round)s, table %(table)s") % {
        "round": tb.round.number,
        "table": tb.number,
    }
    return _page(request, t, log, title, reverse("backgammon:clock", args=[event_id, tb.pk]))


@require_http_methods(["GET", "POST"])
@require_role(ARBITER)
def match_page(request: HttpRequest, event_id: int, mid: str) -> HttpResponse:
    """3.16 at a final-stage match ("QF1")."""
    t = tournament_of(GAME, event_id)
    if not t.bracket_started:
        return HttpResponse(
            gettext("Le tableau final n'est pas encore généré."),
            status=404,
            content_type="text/plain; charset=utf-8",
        )
    try:
        b = bracket.brackets(t)
    except ServiceError as exc:
        return HttpResponse(str(exc), status=404, content_type="text/plain; charset=utf-8")
    if mid not in b.matches:
        return HttpResponse(
            gettext("Match inconnu : %(match)s.") % {"match": mid},
            status=404,
            content_type="text/plain; charset=utf-8",
        )
    log = bracketclock.log_of(t, b, mid)
    back = reverse("backgammon:match_clock", args=[event_id, mid])
    return _page(request, t, log, mid, back)
