"""Pages of the paired tournaments. Every page that changes data checks its role server-side
(director or arbiter); public pages only read. Rules come from the engines via ``services``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_POST

from arbitre.app.events.models import Event
from arbitre.app.events.roles import ARBITER, DIRECTOR, has_role, require_role
from arbitre.app.events.templatetags.wording import rule_label
from arbitre.app.tournaments import services
from arbitre.app.tournaments.forms import (
    BackgammonForm,
    ClassicForm,
    PlayerForm,
    PlayersFileForm,
)
from arbitre.app.tournaments.models import AuditEntry, Entrant, Round, Table, Tournament
from arbitre.classic.tournament.final_phase import final_places
from arbitre.i18n import word, word_line


def _tournament(event_id: int) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("event"), event_id=event_id)


def _try(request: HttpRequest, action: Callable[[], Any], success: str = "") -> bool:
    try:
        action()
    except services.ServiceError as exc:
        messages.error(request, str(exc))
        return False
    if success:
        messages.success(request, success)
    return True


def _int(value: str | None) -> int | None:
    value = (value or "").strip()
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise services.ServiceError(f"« {value} » n'est pas un nombre entier.") from None


# -- set-up (director) --------------------------------------------------------------------------


@require_role(DIRECTOR)
def create_classic(request: HttpRequest) -> HttpResponse:
    return _create(request, Event.Kind.CLASSIC, ClassicForm)


@require_role(DIRECTOR)
def create_backgammon(request: HttpRequest) -> HttpResponse:
    return _create(request, Event.Kind.BACKGAMMON, BackgammonForm)


def _create(request: HttpRequest, kind: Any, form_class: type) -> HttpResponse:
    form = form_class(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        if kind == Event.Kind.BACKGAMMON:
            for key, label in (
                ("qf_sets", "qf_sets"),
                ("sf_sets", "sf_sets"),
                ("final_sets", "final_sets"),
                ("consolation_sets", "consolation_sets"),
            ):
                try:
                    services.parse_sets(data[key], form.fields[key].label)
                except services.ServiceError as exc:
                    form.add_error(label, str(exc))
        if form.is_valid():
            event = services.create_tournament(kind, data, request.user)
            messages.success(request, f"Événement « {event.name} » créé.")
            return redirect("tournaments:detail", event_id=event.pk)
    title = (
        "Nouveau tournoi de Scrabble classique"
        if kind == Event.Kind.CLASSIC
        else "Nouveau championnat de backgammon"
    )
    return render(request, "tournaments/create.html", {"form": form, "title": title})


def detail(request: HttpRequest, event_id: int) -> HttpResponse:
    if not has_role(request.user, ARBITER):
        return redirect("tournaments:public", event_id=event_id)
    t = _tournament(event_id)
    rounds = list(t.round_set.prefetch_related("tables"))
    last = rounds[-1] if rounds else None
    entrants = list(t.entrants.prefetch_related("absences"))
    for e in entrants:
        e.absent_rounds = sorted(a.round for a in e.absences.all())  # type: ignore[attr-defined]
    next_number = (last.number if last else 0) + 1
    context = {
        "t": t,
        "event": t.event,
        "entrants": entrants,
        "checked": sum(1 for e in entrants if e.checked_in),
        "rounds": [
            {"round": r, "complete": services.round_complete(r), "tables": r.tables.all()}
            for r in rounds
        ],
        "next_number": next_number,
        "can_pair": (not t.rounds or next_number <= t.rounds)
        and (last is None or services.round_complete(last)),
        "swiss_complete": services.swiss_complete(t),
        "is_director": has_role(request.user, DIRECTOR),
        "player_form": PlayerForm(),
        "file_form": PlayersFileForm(),
        "audit": AuditEntry.objects.filter(tournament=t).select_related("user")[:40],
        "future_rounds": range(next_number, services.effective_rounds(t, len(entrants)) + 1),
    }
    return render(request, "tournaments/detail.html", context)


@require_POST
@require_role(DIRECTOR)
def add_player(request: HttpRequest, event_id: int) -> HttpResponse:
    t = _tournament(event_id)
    form = PlayerForm(request.POST)
    if not form.is_valid():
        for name, errors in form.errors.items():
            label = form.fields[name].label if name in form.fields else name
            messages.error(request, f"{label} : {' '.join(errors)}")
        return redirect("tournaments:detail", event_id=event_id)
    d = form.cleaned_data
    row = services.PlayerRow(
        d["name"].strip(), d["rating"], bool(d["starred"]) and t.is_classic, d["club"], d["licence"]
    )
    _try(request, lambda: services.register(t, [row], request.user), f"{row.name} inscrit.")
    return redirect("tournaments:detail", event_id=event_id)


@require_POST
@require_role(DIRECTOR)
def import_players(request: HttpRequest, event_id: int) -> HttpResponse:
    t = _tournament(event_id)
    form = PlayersFileForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, "Choisissez un fichier CSV.")
        return redirect("tournaments:detail", event_id=event_id)
    report = services.parse_players_csv(form.cleaned_data["file"].read(), t.is_classic)
    if report.errors:
        for error in report.errors[:50]:
            messages.error(request, f"Import refusé, {word_line(error, get_language())}")
        messages.error(
            request, "Aucun joueur n'a été importé : corrigez le fichier et recommencez."
        )
        return redirect("tournaments:detail", event_id=event_id)
    try:
        count = services.register(t, report.rows, request.user)
    except services.ServiceError as exc:
        messages.error(request, f"Import refusé : {exc} Aucun joueur n'a été importé.")
    else:
        messages.success(request, f"{count} joueurs importés.")
    return redirect("tournaments:detail", event_id=event_id)


@require_POST
@require_role(DIRECTOR)
def check_in(request: HttpRequest, event_id: int) -> HttpResponse:
    t = _tournament(event_id)
    try:
        ids = {int(x) for x in request.POST.getlist("present")}
    except ValueError:
        messages.error(request, "Pointage illisible.")
        return redirect("tournaments:detail", event_id=event_id)
    try:
        present, missing = services.check_in(t, ids, request.user)
    except services.ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"Pointage enregistré : {present} présents, {missing} absents.")
    return redirect("tournaments:detail", event_id=event_id)


@require_POST
@require_role(DIRECTOR)
def player_action(request: HttpRequest, event_id: int, entrant_id: int) -> HttpResponse:
    t = _tournament(event_id)
    e = get_object_or_404(Entrant, tournament=t, pk=entrant_id)
    action = request.POST.get("action", "")
    try:
        number = _int(request.POST.get("round"))
        if action == "late":
            services.arrive_late(t, e.pk, request.user)
            messages.success(request, f"{e.name} joue à partir de la ronde {e.first_round or ''}.")
        elif action == "withdraw":
            services.withdraw(t, e.pk, request.user, request.POST.get("reason", ""))
            messages.success(request, f"{e.name} est retiré du tournoi.")
        elif action in ("absent", "cancel_absence"):
            if number is None:
                raise services.ServiceError("Indiquez la ronde.")
            if action == "absent":
                services.announce_absence(t, e.pk, number, request.user)
                messages.success(request, f"{e.name} absent à la ronde {number}.")
            else:
                services.cancel_absence(t, e.pk, number, request.user)
                messages.success(request, f"Absence de {e.name} à la ronde {number} annulée.")
        else:
            messages.error(request, "Action inconnue.")
    except services.ServiceError as exc:
        messages.error(request, str(exc))
    return redirect("tournaments:detail", event_id=event_id)


@require_POST
@require_role(DIRECTOR)
def absence(request: HttpRequest, event_id: int) -> HttpResponse:
    try:
        entrant_id = _int(request.POST.get("entrant"))
    except services.ServiceError:
        entrant_id = None
    if entrant_id is None:
        messages.error(request, "Choisissez un joueur.")
        return redirect("tournaments:detail", event_id=event_id)
    return player_action(request, event_id, entrant_id)


# -- rounds -------------------------------------------------------------------------------------


@require_POST
@require_role(DIRECTOR)
def pair(request: HttpRequest, event_id: int) -> HttpResponse:
    t = _tournament(event_id)
    try:
        rnd = services.pair_next_round(t, request.user)
    except services.ServiceError as exc:
        messages.error(request, str(exc))
        return redirect("tournaments:detail", event_id=event_id)
    messages.success(request, f"Ronde {rnd.number} appariée.")
    return redirect("tournaments:round", event_id=event_id, number=rnd.number)


@require_role(ARBITER)
def round_page(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    t = _tournament(event_id)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    tables = list(rnd.tables.all())
    is_last = number == services.last_round_number(t)
    started = any(tb.entered and not tb.is_bye for tb in tables)
    names = sorted(n for tb in tables for n in (tb.a, tb.b) if n)
    context = {
        "t": t,
        "event": t.event,
        "round": rnd,
        "tables": [{"table": tb, "rule": rule_label(tb.rule)} for tb in tables],
        "is_last": is_last,
        "editable": is_last and not t.bracket_started and not t.final_started,
        "started": started,
        "names": names,
        "is_director": has_role(request.user, DIRECTOR),
        "complete": services.round_complete(rnd),
    }
    return render(request, "tournaments/round.html", context)


@require_POST
@require_role(ARBITER)
def enter_result(request: HttpRequest, event_id: int, table_id: int) -> HttpResponse:
    t = _tournament(event_id)
    tb = get_object_or_404(Table, pk=table_id, round__tournament=t)
    number = tb.round.number
    post = request.POST
    try:
        if post.get("action") == "clear":
            services.clear_result(t, tb.pk, _int(post.get("version")) or 0, request.user)
            messages.success(request, f"Table {tb.number} : résultat supprimé.")
        else:
            data = services.ResultInput(
                forfeit=post.get("forfeit", ""),
                score_a=_int(post.get("score_a")),
                score_b=_int(post.get("score_b")),
                winner=post.get("winner", "").strip(),
                late_a=_int(post.get("late_a")) or 0,
                late_b=_int(post.get("late_b")) or 0,
            )
            services.enter_result(t, tb.pk, _int(post.get("version")) or 0, data, request.user)
            messages.success(request, f"Table {tb.number} : résultat enregistré.")
    except services.ServiceError as exc:
        messages.error(request, f"Table {tb.number} : {exc}")
    return redirect(f"/tournoi/{event_id}/ronde/{number}/#table-{tb.number}")


@require_POST
@require_role(DIRECTOR)
def undo_pairing(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    t = _tournament(event_id)
    if _try(
        request,
        lambda: services.undo_pairing(t, number, request.user),
        f"Appariement de la ronde {number} annulé.",
    ):
        return redirect("tournaments:detail", event_id=event_id)
    return redirect("tournaments:round", event_id=event_id, number=number)


@require_POST
@require_role(DIRECTOR)
def override(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    t = _tournament(event_id)
    p = request.POST
    _try(
        request,
        lambda: services.override_pairing(
            t, number, p.get("first", ""), p.get("second", ""), p.get("reason", ""), request.user
        ),
        "Appariement modifié (noté au journal).",
    )
    return redirect("tournaments:round", event_id=event_id, number=number)


# -- final stages -------------------------------------------------------------------------------


@require_role(ARBITER)
def knockout(request: HttpRequest, event_id: int) -> HttpResponse:
    t = _tournament(event_id)
    context: dict[str, Any] = {
        "t": t,
        "event": t.event,
        "is_director": has_role(request.user, DIRECTOR),
        "swiss_complete": services.swiss_complete(t),
        "error": "",
        "entrants": services.players_in_play(t),
    }
    try:
        context.update(_knockout_view(t))
    except services.ServiceError as exc:
        context["error"] = str(exc)
    return render(request, "tournaments/knockout.html", context)


def _knockout_view(t: Tournament) -> dict[str, Any]:
    """Matches of the final stage for display: backgammon brackets or Classic final phase."""
    if t.is_classic:
        if not t.final_size or not services.swiss_complete(t):
            return {"stages": []}
        matches = services.final_matches(t)
        rows = [
            {
                "id": m.id,
                "label": word(m.name, get_language()),
                "top": m.top or "?",
                "bottom": m.bottom or "?",
                "winner": m.winner,
                "scores": " ".join(f"{a}-{b}" for a, b in m.games),
                "ready": m.top is not None and m.bottom is not None,
                "sets": "",
            }
            for m in matches
        ]
        return {"stages": [("Phase finale", rows)]}
    if not services.swiss_complete(t):
        return {"stages": []}
    b = services.brackets(t)
    progress = services.sets_in_progress(t)
    stages = []
    for stage, title in (("final", "Tableau final"), ("consolation", "Consolante")):
        rows = []
        for mid in b.ids(stage):
            m = b.matches[mid]
            top, bottom = b.players(mid)
            rows.append(
                {
                    "id": mid,
                    "label": m.round_name,
                    "top": top or _label(m.top),
                    "bottom": bottom or _label(m.bottom),
                    "winner": b.winner(mid),
                    "scores": " ".join(f"{s.top}-{s.bottom}" for s in b.set_scores.get(mid, ())),
                    "progress": " ".join(f"{x}-{y}" for x, y in progress.get(mid, ())),
                    "ready": top is not None
                    and bottom is not None
                    and "BYE" not in (top, bottom)
                    and mid not in b.winners,
                    "sets": ", ".join(str(x) for x in m.sets),
                }
            )
        stages.append((title, rows))
    return {"stages": stages}


def _label(slot: Any) -> str:
    kind = getattr(slot, "kind", "")
    match = getattr(slot, "match", "")
    if kind == "winner":
        return f"vainqueur {match}"
    if kind == "loser":
        return f"perdant {match}"
    return str(slot)


@require_POST
@require_role(DIRECTOR)
def start_knockout(request: HttpRequest, event_id: int) -> HttpResponse:
    t = _tournament(event_id)
    if t.is_classic:
        _try(
            request, lambda: services.start_final_phase(t, request.user), "Phase finale commencée."
        )
    else:
        _try(request, lambda: services.start_bracket(t, request.user), "Tableau final généré.")
    return redirect("tournaments:knockout", event_id=event_id)


@require_POST
@require_role(DIRECTOR)
def playoff(request: HttpRequest, event_id: int) -> HttpResponse:
    t = _tournament(event_id)
    p = request.POST
    _try(
        request,
        lambda: services.record_playoff(t, p.get("winner", ""), p.get("loser", ""), request.user),
        "Barrage enregistré.",
    )
    return redirect("tournaments:knockout", event_id=event_id)


@require_POST
@require_role(ARBITER)
def knockout_result(request: HttpRequest, event_id: int) -> HttpResponse:
    t = _tournament(event_id)
    p = request.POST
    match_id = p.get("match", "")
    if p.get("action") == "clear":
        if not has_role(request.user, DIRECTOR):
            messages.error(request, "Seul le directeur peut supprimer un résultat du tableau.")
        else:
            _try(
                request,
                lambda: services.undo_knockout(t, match_id, request.user),
                f"{match_id} : résultat supprimé.",
            )
    else:
        _try(
            request,
            lambda: services.record_knockout(
                t, match_id, p.get("winner", ""), p.get("scores", ""), request.user
            ),
            f"{match_id} : sets enregistrés, match en cours."
            if not p.get("winner") and not t.is_classic
            else f"{match_id} : résultat enregistré.",
        )
    return redirect("tournaments:knockout", event_id=event_id)


# -- public pages (no login) --------------------------------------------------------------------


def standings_rows(t: Tournament) -> tuple[list[dict[str, Any]], bool]:
    """Rows of the public standings: the engine's ranking with each criterion."""
    entrants = {e.name: e for e in services.players_in_play(t)}
    rows: list[dict[str, Any]] = []
    if t.is_classic:
        table, final = services.classic_standings(t)
        places: dict[str, int] = {}
        if t.final_started:
            try:
                places = final_places(services.final_matches(t))
            except services.ServiceError:
                places = {}
        for s in table:
            e = entrants[s.name]
            rows.append(
                {
                    "rank": s.rank,
                    "ex_aequo": s.ex_aequo,
                    "name": s.name,
                    "id": e.pk,
                    "club": e.club,
                    "rating": f"{e.rating}{'*' if e.starred else ''}",
                    "pm": s.pm,
                    "ppm": s.ppm,
                    "ppm_used": s.ppm_used,
                    "pdep": s.pdep,
                    "games": s.games,
                    "final_place": places.get(s.name),
                    "withdrawn": e.withdrawn_after is not None,
                }
            )
        if places:
            rows.sort(key=lambda r: r["final_place"] or 99)
        return rows, final
    for b in services.backgammon_standings(t):
        e = entrants[b.name]
        rows.append(
            {
                "rank": b.rank,
                "ex_aequo": b.tied,
                "name": b.name,
                "id": e.pk,
                "club": e.club,
                "rating": e.rating,
                "points": f"{b.points:g}".replace(".", ","),
                "buchholz": f"{b.buchholz:g}".replace(".", ","),
                "performance": b.performance,
                "d": f"{b.d:g}".replace(".", ","),
                "played": b.played,
                "withdrawn": b.withdrawn,
            }
        )
    return rows, services.swiss_complete(t)


def public(request: HttpRequest, event_id: int) -> HttpResponse:
    t = _tournament(event_id)
    rows, final = standings_rows(t)
    last = t.round_set.order_by("-number").first()
    context = {
        "t": t,
        "event": t.event,
        "rows": rows,
        "final": final,
        "rounds": t.round_set.all(),
        "last": last,
        "tables": last.tables.all() if last else [],
    }
    return render(request, "tournaments/public.html", context)


def public_round(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    t = _tournament(event_id)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    tables = [{"table": tb, "rule": rule_label(tb.rule)} for tb in rnd.tables.all()]
    context = {
        "t": t,
        "event": t.event,
        "round": rnd,
        "tables": tables,
        "rounds": t.round_set.all(),
    }
    return render(request, "tournaments/public_round.html", context)


def public_player(request: HttpRequest, event_id: int, entrant_id: int) -> HttpResponse:
    t = _tournament(event_id)
    e = get_object_or_404(Entrant, tournament=t, pk=entrant_id)
    lines = services.history(t, e.name)
    return render(
        request,
        "tournaments/public_player.html",
        {"t": t, "event": t.event, "entrant": e, "lines": lines},
    )


def public_knockout(request: HttpRequest, event_id: int) -> HttpResponse:
    t = _tournament(event_id)
    context: dict[str, Any] = {
        "t": t,
        "event": t.event,
        "error": "",
        "stages": [],
        "rounds": t.round_set.all(),
    }
    if t.bracket_started or t.final_started:
        try:
            context.update(_knockout_view(t))
        except services.ServiceError as exc:
            context["error"] = str(exc)
    return render(request, "tournaments/public_knockout.html", context)


def state_json(request: HttpRequest, event_id: int) -> JsonResponse:
    t = _tournament(event_id)
    return JsonResponse({"version": t.version})
