"""Pages of a backgammon championship beyond the shared rounds: the one-point play-off before
the bracket, the match sheets of the final stage, and the match records (Jellyfish ``.mat``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_POST

from arbitre.app.backgammon import bracket, bracketclock, lengthsanction, services
from arbitre.app.backgammon.forms import MatchDayForm
from arbitre.app.backgammon.game import GAME
from arbitre.app.events import hall
from arbitre.app.events.roles import ARBITER, DIRECTOR, require_role
from arbitre.app.rounds.models import Table
from arbitre.app.rounds.results import store_mat
from arbitre.app.rounds.services import ServiceError, parse_int
from arbitre.app.rounds.views import attempt, table_message, to, tournament_of
from arbitre.app.uploads import MATCH_FILE_BYTES, UploadTooLarge, read_limited
from arbitre.backgammon.board import BackgammonError
from arbitre.backgammon.mat import export_mat, import_mat
from arbitre.i18n import word


@require_POST
@require_role(DIRECTOR)
def playoff(request: HttpRequest, event_id: int) -> HttpResponse:
    t = tournament_of(GAME, event_id)
    p = request.POST
    attempt(
        request,
        lambda: bracket.record_playoff(t, p.get("winner", ""), p.get("loser", ""), request.user),
        gettext("Barrage enregistré."),
    )
    return to(GAME, "knockout", event_id)


@require_role(DIRECTOR)
def match_day_settings(request: HttpRequest, event_id: int) -> HttpResponse:
    """The championship's match-day settings (clock, lateness, points), by its director."""
    t = tournament_of(GAME, event_id)
    initial = {k: getattr(t, k) for k in services.MATCH_DAY_SETTINGS}
    form = MatchDayForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        changed = services.update_settings(t, form.cleaned_data, request.user)
        if changed:
            messages.success(request, gettext("Réglages enregistrés."))
        else:
            messages.info(request, gettext("Aucun réglage modifié."))
        return to(GAME, "settings", event_id)
    return render(request, "backgammon/settings.html", {"t": t, "event": t.event, "form": form})


@require_role(ARBITER)
def knockout_sheets(request: HttpRequest, event_id: int) -> HttpResponse:
    """Match sheets of the final stage, each set with its clock budget."""
    t = tournament_of(GAME, event_id)
    try:
        b = bracket.brackets(t)
    except ServiceError as exc:
        messages.error(request, str(exc))
        return to(GAME, "knockout", event_id)
    sheets = []
    logs = bracketclock.logs(t)
    for mid, m in b.matches.items():
        top, bottom = b.players(mid)
        if top is None or bottom is None or "BYE" in (top, bottom) or mid in b.winners:
            continue
        sets = [(i + 1, n, services.clock_budget(t, n)) for i, n in enumerate(m.sets)]
        log = logs.get(mid)
        # the match's clock code (issue 33): the players open their tablet clock with it
        address = (
            hall.public_url(request, reverse("backgammon:table_page", args=[log.code]))
            if log is not None
            else ""
        )
        sheets.append(
            {
                "id": mid,
                "label": word(m.round_name, get_language()),
                "top": top,
                "bottom": bottom,
                "sets": sets,
                "code": log.code if log is not None else "",
                "url": address,
                "qr": hall.qr_svg(address) if address else "",
            }
        )
    return render(
        request, "backgammon/print_knockout.html", {"t": t, "event": t.event, "sheets": sheets}
    )


@require_POST
@require_role(ARBITER)
def upload_mat(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """Store a match entered move by move (Jellyfish notation), checked by the match engine."""
    t = tournament_of(GAME, event_id)
    tb = get_object_or_404(Table, pk=table_id, round__tournament=t)
    upload = request.FILES.get("file")
    try:
        raw = read_limited(upload, MATCH_FILE_BYTES, gettext("Feuille de match")) if upload else b""
    except UploadTooLarge as exc:
        messages.error(request, table_message(tb.number, str(exc)))
        return to(GAME, "round", event_id, tb.round.number)
    text = raw.decode("utf-8", "replace") if upload else request.POST.get("mat", "")
    if len(text) > MATCH_FILE_BYTES:
        messages.error(request, table_message(tb.number, gettext("feuille de match trop longue.")))
        return to(GAME, "round", event_id, tb.round.number)
    try:
        match = import_mat(text)
    except BackgammonError as exc:
        reason = word(exc.message, get_language())
        messages.error(
            request,
            table_message(
                tb.number, gettext("feuille de match refusée : %(reason)s") % {"reason": reason}
            ),
        )
        return to(GAME, "round", event_id, tb.round.number)
    if match.length != t.match_length:
        messages.error(
            request,
            table_message(
                tb.number,
                gettext(
                    "la feuille est un match en %(length)s points, la ronde se joue en %(round)s."
                )
                % {"length": match.length, "round": t.match_length},
            ),
        )
        return to(GAME, "round", event_id, tb.round.number)
    if attempt(request, lambda: store_mat(t, tb.pk, export_mat(match), request.user)):
        messages.success(
            request, table_message(tb.number, gettext("feuille de match enregistrée."))
        )
        for problem in services.record_problems(t, tb, match):
            messages.warning(
                request,
                table_message(
                    tb.number,
                    gettext("la feuille ne concorde pas avec le résultat saisi : %(problem)s")
                    % {"problem": word(problem, get_language())},
                ),
            )
    return to(GAME, "round", event_id, tb.round.number)


@require_POST
@require_role(DIRECTOR)
def wrong_length(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    """Seed 003, 4.2: the director's decision on a match played at another length."""
    t = tournament_of(GAME, event_id)
    tb = get_object_or_404(Table, pk=table_id, round__tournament=t)
    try:
        played = parse_int(request.POST.get("played"))
        amount = parse_int(request.POST.get("amount")) or 0
    except ServiceError as exc:  # not a whole number: said, nothing decided
        messages.error(request, table_message(tb.number, str(exc)))
        return to(GAME, "round", event_id, tb.round.number)
    if played is None:
        messages.error(request, table_message(tb.number, gettext("Indiquez la longueur jouée.")))
        return to(GAME, "round", event_id, tb.round.number)
    sanction = request.POST.get("sanction", "")
    if attempt(
        request,
        lambda: lengthsanction.decide(t, tb, played, sanction, amount, request.user),
    ):
        messages.success(
            request, table_message(tb.number, gettext("décision enregistrée (art. 4.2)."))
        )
    return to(GAME, "round", event_id, tb.round.number)


def download_mat(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    t = tournament_of(GAME, event_id)
    tb = get_object_or_404(Table, pk=table_id, round__tournament=t)
    if not tb.mat:
        return HttpResponse(gettext("Aucune feuille de match pour cette table."), status=404)
    name = f"ronde{tb.round.number}-table{tb.number}.mat"
    return HttpResponse(
        tb.mat,
        content_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
