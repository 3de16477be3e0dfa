"""Pages of the paired events for directors and arbiters, shared by the games.

Each view receives the game (``game=``, from the game's URL module), reads the request,
calls one service and renders the game's template (which extends the shared one). Every
page that changes data checks its role server-side; public pages are in :mod:`.public`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from arbitre.app.events.roles import ARBITER, DIRECTOR, has_role, require_role
from arbitre.app.events.templatetags.wording import rule_label
from arbitre.app.rounds import identity, results, roundpage, services
from arbitre.app.rounds.forms import PlayersFileForm
from arbitre.app.rounds.games import PairedGame
from arbitre.app.rounds.models import AuditEntry, Entrant, Round, Table, Tournament
from arbitre.app.uploads import PLAYERS_FILE_BYTES, UploadTooLarge, read_limited
from arbitre.common.collation import french_key
from arbitre.i18n import word_line


def tournament_of(game: PairedGame, event_id: int) -> Tournament:
    """The event's settings row; 404 when the event is not of this game."""
    return get_object_or_404(
        Tournament.objects.select_related("event"), event_id=event_id, event__kind=game.kind
    )


def to(game: PairedGame, name: str, *args: Any) -> HttpResponse:
    """Redirect to one of the game's pages."""
    return redirect(reverse(f"{game.namespace}:{name}", args=args))


def attempt(request: HttpRequest, action: Callable[[], Any], success: str = "") -> bool:
    """Run a service; its refusal becomes an error message on the next page."""
    try:
        action()
    except services.ServiceError as exc:
        messages.error(request, str(exc))
        return False
    if success:
        messages.success(request, success)
    return True


PLAYERS_FILE = gettext_lazy("Fichier de joueurs")


def import_refused(reason: object) -> str:
    return gettext("Import refusé : %(reason)s Aucun joueur n'a été importé.") % {"reason": reason}


def table_message(table: int, text: str) -> str:
    """A message about one table of a round: ``Table 3 : …``."""
    return gettext("Table %(table)s : %(message)s") % {"table": table, "message": text}


def page(
    request: HttpRequest, game: PairedGame, name: str, context: dict[str, Any]
) -> HttpResponse:
    """Render the game's version of a page (or the shared one), with the game in the context."""
    names = [f"{game.templates}/{name}.html", f"rounds/{name}.html"]
    return render(request, names, {"game": game, **context})


# -- set-up (director) ---------------------------------------------------------------------------


@require_role(DIRECTOR)
def create(request: HttpRequest, game: PairedGame) -> HttpResponse:
    form = game.creation_form(request.POST or None)
    if request.method == "POST" and form.is_valid():
        game.clean_settings(form)
        if form.is_valid():
            event = services.create_tournament(game, dict(form.cleaned_data), request.user)
            messages.success(
                request, gettext("Événement « %(name)s » créé.") % {"name": event.name}
            )
            return to(game, "detail", event.pk)
    return page(request, game, "create", {"form": form, "title": game.creation_title})


def detail(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    if not has_role(request.user, ARBITER, event_id):
        return to(game, "public", event_id)
    t = tournament_of(game, event_id)
    rounds = list(t.round_set.prefetch_related("tables"))
    last = rounds[-1] if rounds else None
    entrants = sorted(t.entrants.prefetch_related("absences"), key=lambda e: french_key(e.name))
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
        "is_director": has_role(request.user, DIRECTOR, event_id),
        "player_form": game.player_form(),
        "file_form": PlayersFileForm(),
        "audit": AuditEntry.objects.filter(tournament=t).select_related("user")[:40],
        "future_rounds": range(next_number, game.effective_rounds(t, len(entrants)) + 1),
    }
    return page(request, game, "detail", context)


@require_POST
@require_role(DIRECTOR)
def add_player(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    form = game.player_form(request.POST)
    if not form.is_valid():
        for name, errors in form.errors.items():
            label = form.fields[name].label if name in form.fields else name
            messages.error(
                request,
                gettext("%(field)s : %(errors)s") % {"field": label, "errors": " ".join(errors)},
            )
        return to(game, "detail", event_id)
    d = form.cleaned_data
    row = services.PlayerRow(
        d["name"].strip(), d["rating"], bool(d.get("starred")), d["club"], d["licence"]
    )
    attempt(
        request,
        lambda: services.register(game, t, [row], request.user),
        gettext("%(name)s inscrit.") % {"name": row.name},
    )
    return to(game, "detail", event_id)


@require_POST
@require_role(DIRECTOR)
def import_players(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    form = PlayersFileForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, gettext("Choisissez un fichier CSV."))
        return to(game, "detail", event_id)
    try:
        data = read_limited(form.cleaned_data["file"], PLAYERS_FILE_BYTES, PLAYERS_FILE)
    except UploadTooLarge as exc:
        messages.error(request, import_refused(exc))
        return to(game, "detail", event_id)
    report = game.parse_players(data)
    if report.errors:
        for error in report.errors[:50]:
            messages.error(
                request,
                gettext("Import refusé, %(error)s") % {"error": word_line(error, get_language())},
            )
        messages.error(
            request, gettext("Aucun joueur n'a été importé : corrigez le fichier et recommencez.")
        )
        return to(game, "detail", event_id)
    try:
        count = services.register(game, t, report.rows, request.user)
    except services.ServiceError as exc:
        messages.error(request, import_refused(exc))
    else:
        messages.success(
            request,
            ngettext("%(count)s joueur importé.", "%(count)s joueurs importés.", count)
            % {"count": count},
        )
    return to(game, "detail", event_id)


@require_role(DIRECTOR)
def edit_event(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    """The event's name, date and place and the tournament's settings (the game's creation
    form, prefilled), changed by its director (audited, refused with the reason where a
    setting would contradict what is paired or played)."""
    t = tournament_of(game, event_id)
    initial = {f: getattr(t.event, f) for f in identity.FIELDS}
    for name in game.creation_form.base_fields:
        if name not in initial and hasattr(t, name):
            initial[name] = getattr(t, name)
    if "rounds" in initial and (t.rounds_auto or not t.rounds):
        initial["rounds"] = None  # counted from the players (fixed at round 1)
    form = game.creation_form(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        game.clean_settings(form)
    if request.method == "POST" and form.is_valid():
        data = {**form.cleaned_data, "stamp": request.POST.get("stamp")}
        try:
            changed = identity.update_event(game, t, data, request.user)
        except services.StaleEditError as exc:  # the page again, with the current values
            messages.error(request, str(exc))
            return to(game, "edit_event", event_id)
        except services.ServiceError as exc:
            form.add_error(None, str(exc))
        else:
            if changed:
                messages.success(request, gettext("Événement modifié."))
            return redirect(reverse(f"{game.namespace}:detail", args=(event_id,)))
    context = {
        "t": t,
        "event": t.event,
        "form": form,
        "paired": services.last_round_number(t),
        "stamp": request.POST.get("stamp") or identity.event_stamp(game, t),
    }
    return page(request, game, "edit_event", context)


@require_POST
@require_role(DIRECTOR)
def check_in(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    try:
        ids = {int(x) for x in request.POST.getlist("present")}
    except ValueError:
        messages.error(request, gettext("Pointage illisible."))
        return to(game, "detail", event_id)
    try:
        present, missing = services.check_in(t, ids, request.user)
    except services.ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            gettext("Pointage enregistré : %(present)s présents, %(absent)s absents.")
            % {"present": present, "absent": missing},
        )
    return to(game, "detail", event_id)


@require_POST
@require_role(DIRECTOR)
def player_action(
    request: HttpRequest, event_id: int, entrant_id: int, game: PairedGame
) -> HttpResponse:
    """A late arrival, a withdrawal, or either cancelled (both games)."""
    t = tournament_of(game, event_id)
    e = get_object_or_404(Entrant, tournament=t, pk=entrant_id)
    action = request.POST.get("action", "")
    if action == "late":
        attempt(
            request,
            lambda: services.arrive_late(t, e.pk, request.user),
            gettext("%(name)s joue à partir de la ronde %(round)s.")
            % {"name": e.name, "round": services.last_round_number(t) + 1},
        )
    elif action == "withdraw":
        reason = request.POST.get("reason", "")
        attempt(
            request,
            lambda: services.withdraw(t, e.pk, request.user, reason),
            gettext("%(name)s est retiré du tournoi.") % {"name": e.name},
        )
    elif action == "cancel_withdrawal":
        attempt(
            request,
            lambda: services.cancel_withdrawal(game, t, e.pk, request.user),
            gettext("Retrait de %(name)s annulé : il joue à partir de la ronde %(round)s.")
            % {"name": e.name, "round": services.last_round_number(t) + 1},
        )
    elif action == "cancel_late":
        attempt(
            request,
            lambda: services.cancel_late_arrival(t, e.pk, request.user),
            gettext("Arrivée de %(name)s annulée : il n'est plus pointé.") % {"name": e.name},
        )
    else:
        messages.error(request, gettext("Action inconnue."))
    return to(game, "detail", event_id)


@require_role(DIRECTOR)
def edit_player(
    request: HttpRequest, event_id: int, entrant_id: int, game: PairedGame
) -> HttpResponse:
    """A registered player corrected by the director (the game's player form, prefilled);
    the page also removes a registration made by mistake (issue 21, part 1)."""
    t = tournament_of(game, event_id)
    e = get_object_or_404(Entrant, tournament=t, pk=entrant_id)
    initial = {f: getattr(e, f) for f in services.PLAYER_FIELDS}
    form = game.player_form(initial=initial)
    if request.method == "POST":
        form = game.player_form(request.POST, initial=initial)
        try:
            changed = services.edit_player(game, t, e.pk, request.POST, request.user)
        except services.InvalidPlayer as exc:
            form = exc.form
        except services.StaleEditError as exc:  # the page again, with the current values
            messages.error(request, str(exc))
            return to(game, "edit_player", event_id, e.pk)
        except services.ServiceError as exc:
            form.is_valid()
            form.add_error(None, str(exc))
        else:
            if changed:
                messages.success(request, gettext("Joueur enregistré."))
            else:
                messages.info(request, gettext("Aucune modification."))
            return to(game, "detail", event_id)
    context = {
        "t": t,
        "event": t.event,
        "player": e,
        "form": form,
        "paired": services.first_paired_round(t, e.name),
        "rounds_paired": services.last_round_number(t),
        "stamp": request.POST.get("stamp") or services.player_stamp(e),
    }
    return page(request, game, "edit_player", context)


@require_POST
@require_role(DIRECTOR)
def remove_player(
    request: HttpRequest, event_id: int, entrant_id: int, game: PairedGame
) -> HttpResponse:
    """Delete a registration made by mistake, before the player is paired (confirmed on the
    page); refused with the reason otherwise."""
    t = tournament_of(game, event_id)
    e = get_object_or_404(Entrant, tournament=t, pk=entrant_id)
    reason = request.POST.get("reason", "")
    if attempt(
        request,
        lambda: services.remove_player(t, e.pk, request.user, reason),
        gettext("Inscription de %(name)s supprimée.") % {"name": e.name},
    ):
        return to(game, "detail", event_id)
    return to(game, "edit_player", event_id, e.pk)


# -- rounds ---------------------------------------------------------------------------------------


@require_POST
@require_role(DIRECTOR)
def pair(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    try:
        rnd = services.pair_next_round(game, t, request.user)
    except services.ServiceError as exc:
        messages.error(request, str(exc))
        return to(game, "detail", event_id)
    messages.success(request, gettext("Ronde %(round)s appariée.") % {"round": rnd.number})
    return to(game, "round", event_id, rnd.number)


@require_role(ARBITER)
def round_page(request: HttpRequest, event_id: int, number: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    rows = roundpage.round_tables(rnd, t.event_id)
    tables = [tb for tb, _ in rows]
    is_last = number == services.last_round_number(t)
    context = {
        "t": t,
        "event": t.event,
        "round": rnd,
        "tables": [
            {"table": tb, "rule": rule_label(tb.rule), "incidents": found} for tb, found in rows
        ],
        "is_last": is_last,
        "editable": is_last and not t.bracket_started and not t.final_started,
        "started": any(tb.entered and not tb.is_bye for tb in tables),
        "names": sorted((n for tb in tables for n in (tb.a, tb.b) if n), key=french_key),
        "is_director": has_role(request.user, DIRECTOR, event_id),
        "complete": services.round_complete(rnd),
    }
    return page(request, game, "round", context)


@require_POST
@require_role(ARBITER)
def enter_result(
    request: HttpRequest, event_id: int, table_id: int, game: PairedGame
) -> HttpResponse:
    t = tournament_of(game, event_id)
    tb = get_object_or_404(Table, pk=table_id, round__tournament=t)
    try:
        version = services.parse_int(request.POST.get("version")) or 0
        if request.POST.get("action") == "clear":
            results.clear_result(t, tb.pk, version, request.user)
            messages.success(
                request, gettext("Table %(table)s : résultat supprimé.") % {"table": tb.number}
            )
        else:
            entry = game.read_result(request)
            results.enter_result(game, t, tb.pk, version, entry, request.user)
            messages.success(
                request, gettext("Table %(table)s : résultat enregistré.") % {"table": tb.number}
            )
    except services.ServiceError as exc:
        messages.error(request, table_message(tb.number, str(exc)))
    url = reverse(f"{game.namespace}:round", args=(event_id, tb.round.number))
    return redirect(f"{url}#table-{tb.number}")


@require_POST
@require_role(DIRECTOR)
def undo_pairing(
    request: HttpRequest, event_id: int, number: int, game: PairedGame
) -> HttpResponse:
    t = tournament_of(game, event_id)
    if attempt(
        request,
        lambda: services.undo_pairing(t, number, request.user),
        gettext("Appariement de la ronde %(round)s annulé.") % {"round": number},
    ):
        return to(game, "detail", event_id)
    return to(game, "round", event_id, number)


@require_POST
@require_role(DIRECTOR)
def override(request: HttpRequest, event_id: int, number: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    p = request.POST
    attempt(
        request,
        lambda: services.override_pairing(
            game,
            t,
            number,
            p.get("first", ""),
            p.get("second", ""),
            p.get("reason", ""),
            request.user,
        ),
        gettext("Appariement modifié (noté au journal)."),
    )
    return to(game, "round", event_id, number)


# -- final stages ---------------------------------------------------------------------------------


@require_role(ARBITER)
def knockout(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    context: dict[str, Any] = {
        "t": t,
        "event": t.event,
        "is_director": has_role(request.user, DIRECTOR, event_id),
        "swiss_complete": services.swiss_complete(t),
        "error": "",
        "entrants": sorted(services.players_in_play(t), key=lambda e: french_key(e.name)),
        "stages": [],
        "has_knockout": game.has_knockout(t),
    }
    try:
        context.update(game.knockout_view(t))
    except services.ServiceError as exc:
        context["error"] = str(exc)
    return page(request, game, "knockout", context)


@require_POST
@require_role(DIRECTOR)
def start_knockout(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    try:
        messages.success(request, game.start_knockout(t, request.user))
    except services.ServiceError as exc:
        messages.error(request, str(exc))
    return to(game, "knockout", event_id)


@require_POST
@require_role(ARBITER)
def knockout_result(request: HttpRequest, event_id: int, game: PairedGame) -> HttpResponse:
    t = tournament_of(game, event_id)
    p = request.POST
    match_id = p.get("match", "")
    if p.get("action") == "clear":
        if not has_role(request.user, DIRECTOR, event_id):
            messages.error(
                request, gettext("Seul le directeur peut supprimer un résultat du tableau.")
            )
        else:
            attempt(
                request,
                lambda: game.undo_knockout(t, match_id, request.user),
                gettext("%(match)s : résultat supprimé.") % {"match": match_id},
            )
    elif p.get("action") == "correct" and game.corrects_knockout:
        if not has_role(request.user, DIRECTOR, event_id):
            messages.error(
                request, gettext("Seul le directeur peut corriger un résultat du tableau.")
            )
        else:
            attempt(
                request,
                lambda: game.correct_knockout(t, match_id, p.get("scores", ""), request.user),
                gettext("%(match)s : résultat corrigé.") % {"match": match_id},
            )
    else:
        try:
            done = game.record_knockout(
                t, match_id, p.get("winner", ""), p.get("scores", ""), request.user
            )
        except services.ServiceError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, done)
    return to(game, "knockout", event_id)
