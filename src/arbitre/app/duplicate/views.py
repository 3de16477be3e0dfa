"""Pages of the Duplicate event. Every page that changes data checks its role server-side
(director or arbiter); public pages only read."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib import messages
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import get_language, gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from arbitre.app import jsontext
from arbitre.app.duplicate import (
    appeals,
    ballots,
    changes,
    missing,
    playoff,
    preparation,
    services,
    setup,
)
from arbitre.app.duplicate.board_view import board_rows
from arbitre.app.duplicate.forms import (
    ArbiterForm,
    EventForm,
    LatenessForm,
    PlayerForm,
    PlayersFileForm,
    PredrawnForm,
    SettingsForm,
    WithdrawalForm,
)
from arbitre.app.duplicate.models import (
    AuditEntry,
    BallotEntry,
    DuplicateEvent,
    Game,
    Registration,
    Withdrawal,
)
from arbitre.app.duplicate.ordering import by_place
from arbitre.app.events import live
from arbitre.app.events.accounts import AccountError
from arbitre.app.events.roles import ARBITER, DIRECTOR, has_role, request_role, require_role
from arbitre.common.messages import Refusal
from arbitre.duplicate.players_csv import PlayersFileError, parse_players
from arbitre.i18n import word_line


def _dup(event_id: int) -> DuplicateEvent:
    return get_object_or_404(DuplicateEvent.objects.select_related("event"), event_id=event_id)


def _refuse_form(request: HttpRequest, form: Any, event_id: int) -> HttpResponse:
    """Show an invalid form's errors on the event page."""
    for errors in form.errors.values():
        messages.error(request, " ".join(errors))
    return redirect("duplicate:detail", event_id=event_id)


def _game(dup: DuplicateEvent, number: int) -> Game:
    return get_object_or_404(Game, duplicate=dup, number=number)


# -- set-up (director) ------------------------------------------------------------------------


@require_role(DIRECTOR)
def create_event(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = setup.create_event(data, data.get("lexicon_file"), request.user)
        except ValueError as exc:
            reason = services.worded(exc.message) if isinstance(exc, Refusal) else str(exc)
            form.add_error(
                "lexicon_file", gettext("Liste de mots refusée : %(reason)s") % {"reason": reason}
            )
        else:
            messages.success(
                request, gettext("Événement « %(name)s » créé.") % {"name": event.name}
            )
            return redirect("duplicate:detail", event_id=event.pk)
    return render(request, "duplicate/create.html", {"form": form})


@require_role(DIRECTOR)
def event_settings(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's settings, changed by its director (audited; refused with the reason when
    a change contradicts what is played)."""
    dup = _dup(event_id)
    initial = {
        f: getattr(dup.event if f in ("name", "date", "place") else dup, f)
        for f in setup.SETTINGS_FIELDS
    }
    games = list(dup.games.all())
    for g in games:
        initial.update(SettingsForm.game_initial(g.number, g.time_schedule))
    form = SettingsForm(request.POST or None, initial=initial, games=[g.number for g in games])
    if request.method == "POST" and form.is_valid():
        try:
            data = {**form.cleaned_data, "game_times": form.game_times()}
            changed = setup.update_settings(dup, data, request.user)
        except services.ServiceError as exc:
            form.add_error(None, str(exc))
        else:
            if changed:
                messages.success(request, gettext("Réglages enregistrés."))
            else:
                messages.info(request, gettext("Aucun réglage modifié."))
            return redirect("duplicate:detail", event_id=event_id)
    return render(
        request, "duplicate/settings.html", {"dup": dup, "event": dup.event, "form": form}
    )


def detail(request: HttpRequest, event_id: int) -> HttpResponse:
    if not has_role(request.user, ARBITER, event_id):
        return redirect("duplicate:public_standings", event_id=event_id)
    dup = _dup(event_id)
    context = {
        "dup": dup,
        "event": dup.event,
        "players": by_place(dup.players.select_related("arbiter", "withdrawal__game", "partner")),
        "games": dup.games.all(),
        "is_director": has_role(request.user, DIRECTOR, event_id),
        "playoff_tied": (
            playoff.tied_for_the_title(dup) if has_role(request.user, DIRECTOR, event_id) else []
        ),
        "player_form": PlayerForm(),
        "file_form": PlayersFileForm(),
        "arbiter_form": ArbiterForm(),
        # its ids apart from the player form's (both have a « licence »): each label its field
        "lateness_form": LatenessForm(auto_id="late_%s"),
        "audit": AuditEntry.objects.filter(duplicate=dup).select_related("user")[:30],
    }
    return render(request, "duplicate/detail.html", context)


@require_POST
@require_role(DIRECTOR)
def import_players(request: HttpRequest, event_id: int) -> HttpResponse:
    dup = _dup(event_id)
    form = PlayersFileForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, gettext("Choisissez un fichier CSV."))
        return redirect("duplicate:detail", event_id=event_id)
    try:
        players = parse_players(form.cleaned_data["file"].read())
    except PlayersFileError as exc:
        for error in exc.errors[:50]:
            messages.error(
                request,
                gettext("Import refusé, %(error)s") % {"error": word_line(error, get_language())},
            )
        messages.error(
            request, gettext("Aucun joueur n'a été importé : corrigez le fichier et recommencez.")
        )
        return redirect("duplicate:detail", event_id=event_id)
    try:
        services.register_players(dup, players, request.user)
    except services.ServiceError as exc:
        messages.error(
            request,
            gettext("Import refusé : %(reason)s Aucun joueur n'a été importé.") % {"reason": exc},
        )
        return redirect("duplicate:detail", event_id=event_id)
    messages.success(
        request,
        ngettext("%(count)s joueur importé.", "%(count)s joueurs importés.", len(players))
        % {"count": len(players)},
    )
    _admission_warnings(request, dup, [(p.licence, p.full_name) for p in players])
    return redirect("duplicate:detail", event_id=event_id)


def _admission_warnings(
    request: HttpRequest, dup: DuplicateEvent, players: list[tuple[str, str]]
) -> None:
    """Warn the director of the players a championship with a qualifying phase does not
    admit (seed 002, A.3.2): its closure for the ranking will refuse them without a reason."""
    from arbitre.app.ranking import admission

    for line in admission.worded(admission.refused(dup.ranking_type, players)):
        messages.warning(request, gettext("Attention : %(reason)s.") % {"reason": line})


@require_POST
@require_role(DIRECTOR)
def add_player(request: HttpRequest, event_id: int) -> HttpResponse:
    dup = _dup(event_id)
    form = PlayerForm(request.POST)
    if not form.is_valid():
        for field, errors in form.errors.items():
            messages.error(
                request,
                gettext("%(field)s : %(errors)s") % {"field": field, "errors": " ".join(errors)},
            )
        return redirect("duplicate:detail", event_id=event_id)
    try:
        setup.add_player(dup, form.cleaned_data, request.user)
    except services.ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request, gettext("%(name)s inscrit.") % {"name": form.cleaned_data["name"]}
        )
        data = form.cleaned_data
        name = f"{data['name']} {data.get('first_name') or ''}".strip()
        _admission_warnings(request, dup, [(data["licence"], name)])
    return redirect("duplicate:detail", event_id=event_id)


@require_role(DIRECTOR)
def edit_player(request: HttpRequest, event_id: int, licence: str) -> HttpResponse:
    """A registered player changed (before or during the event), removed before any ballot
    of theirs is entered, or withdrawn during the event (and the withdrawal cancelled);
    audited, refused with the reason."""
    dup = _dup(event_id)
    reg = get_object_or_404(Registration, duplicate=dup, licence=licence)
    fields = ("licence", "name", "first_name", "club", "series", "tier", "category", "table")
    action = request.POST.get("action", "") if request.method == "POST" else ""
    form = PlayerForm(
        request.POST if action in ("", "delete") and request.method == "POST" else None,
        initial={f: getattr(reg, f) for f in fields},
    )
    current = Withdrawal.objects.filter(registration=reg).select_related("game").first()
    withdrawal_form = WithdrawalForm(
        request.POST if action == "withdraw" else None,
        initial={"game": current.game.number, "from_move": current.from_move}
        if current
        else {"game": 1, "from_move": 1},
    )
    if request.method == "POST":
        try:
            if action == "delete":
                setup.remove_player(dup, reg, request.user)
                messages.success(
                    request, gettext("%(name)s retiré de l'événement.") % {"name": reg.full_name}
                )
                return redirect("duplicate:detail", event_id=event_id)
            if action == "withdraw":
                if withdrawal_form.is_valid():
                    data = withdrawal_form.cleaned_data
                    setup.withdraw_player(
                        dup, reg, data["game"], data["from_move"], data["reason"], request.user
                    )
                    messages.success(
                        request,
                        gettext(
                            "%(name)s : abandon enregistré à partir du coup %(move)s de TH%(game)s."
                        )
                        % {"name": reg.full_name, "move": data["from_move"], "game": data["game"]},
                    )
                    return redirect("duplicate:detail", event_id=event_id)
            elif action == "cancel_withdrawal":
                setup.cancel_withdrawal(dup, reg, request.user)
                messages.success(
                    request, gettext("%(name)s : abandon annulé.") % {"name": reg.full_name}
                )
                return redirect("duplicate:detail", event_id=event_id)
            elif form.is_valid():
                setup.update_player(dup, reg, form.cleaned_data, request.user)
                messages.success(request, gettext("Joueur enregistré."))
                return redirect("duplicate:detail", event_id=event_id)
        except services.ServiceError as exc:
            if action == "withdraw":
                withdrawal_form.add_error(None, str(exc))
            elif action == "cancel_withdrawal":
                messages.error(request, str(exc))
            else:
                form.add_error(None, str(exc))
    return render(
        request,
        "duplicate/player_edit.html",
        {
            "dup": dup,
            "event": dup.event,
            "form": form,
            "player": reg,
            "withdrawal": current,
            "withdrawal_form": withdrawal_form,
        },
    )


@require_POST
@require_role(DIRECTOR)
def assign_arbiter(request: HttpRequest, event_id: int) -> HttpResponse:
    dup = _dup(event_id)
    form = ArbiterForm(request.POST)
    if not form.is_valid():
        return _refuse_form(request, form, event_id)
    username = form.cleaned_data["username"].strip()
    low, high = form.cleaned_data["tables"]
    try:
        count = setup.assign_arbiter(
            dup, username, form.cleaned_data["password"], (low, high), request.user
        )
    except (AccountError, services.ServiceError) as exc:
        messages.error(request, str(exc))
        if request.POST.get("next") == "checkin":
            return redirect("duplicate:checkin", event_id=event_id)
        return redirect("duplicate:detail", event_id=event_id)
    words = {"low": low, "high": high, "count": count, "username": username}
    if low == high:
        text = ngettext(
            "Table %(low)s (%(count)s joueur) attribuée à %(username)s.",
            "Table %(low)s (%(count)s joueurs) attribuée à %(username)s.",
            count,
        )
    else:
        text = ngettext(
            "Tables %(low)s à %(high)s (%(count)s joueur) attribuées à %(username)s.",
            "Tables %(low)s à %(high)s (%(count)s joueurs) attribuées à %(username)s.",
            count,
        )
    messages.success(request, text % words)
    if request.POST.get("next") == "checkin":  # the check-in and places page
        return redirect("duplicate:checkin", event_id=event_id)
    return redirect("duplicate:detail", event_id=event_id)


@require_POST
@require_role(DIRECTOR)
def title_playoff(request: HttpRequest, event_id: int) -> HttpResponse:
    """The sudden-death play-off of the title tie (seed 002, A.4), created as its own event."""
    dup = _dup(event_id)
    try:
        created = playoff.create_title_playoff(dup, request.user)
    except services.ServiceError as exc:
        messages.error(request, str(exc))
        return redirect("duplicate:detail", event_id=event_id)
    messages.success(
        request,
        gettext("Épreuve de départage créée : 3 coups en blitz, suite en 40 secondes (A.4)."),
    )
    return redirect("duplicate:detail", event_id=created.pk)


@require_POST
@require_role(DIRECTOR)
def mark_late(request: HttpRequest, event_id: int) -> HttpResponse:
    """A late player (5.1): the moves before their arrival score 0."""
    dup = _dup(event_id)
    form = LatenessForm(request.POST)
    if not form.is_valid():
        return _refuse_form(request, form, event_id)
    game = _game(dup, form.cleaned_data["game"])
    licence = form.cleaned_data["licence"]
    # a pair by either partner's licence: it is late only when both are (5.1), for the
    # moves before the first one's arrival (arbitre.duplicate.pairs.late_from)
    reg = dup.players.filter(Q(licence=licence) | Q(partner__licence=licence)).first()
    if reg is None:
        messages.error(request, gettext("Licence inconnue dans cet événement."))
        return redirect("duplicate:detail", event_id=event_id)
    try:
        setup.mark_late(game, reg, form.cleaned_data["from_move"], request.user)
    except services.ServiceError as exc:
        messages.error(request, str(exc))
        return redirect("duplicate:detail", event_id=event_id)
    messages.success(
        request,
        gettext("%(name)s : arrivé pour le coup %(move)s de %(game)s (5.1).")
        % {"name": reg.full_name, "move": form.cleaned_data["from_move"], "game": game.name},
    )
    return redirect("duplicate:detail", event_id=event_id)


@require_POST
@require_role(DIRECTOR)
def appeal(request: HttpRequest, event_id: int) -> HttpResponse:
    """An appeal (seed 004, 5.3): a valid word missing from the list accepted, with the
    reason; every ballot refused for it is judged again."""
    dup = _dup(event_id)
    word = request.POST.get("word", "")
    try:
        count = ballots.accept_word(dup, word, request.POST.get("reason", ""), request.user)
    except services.ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            ngettext(
                "%(word)s accepté sur recours : %(count)s bulletin rejugé.",
                "%(word)s accepté sur recours : %(count)s bulletins rejugés.",
                count,
            )
            % {"word": word.strip().upper(), "count": count},
        )
        # 5.3: a word accepted can beat the retained top; said at once, never silently
        for found in appeals.pending(dup):
            messages.warning(request, services.worded(found.message))
    back = request.POST.get("next", "")
    if back.isascii() and back.isdigit() and dup.games.filter(number=int(back)).exists():
        return redirect("duplicate:chief", event_id=event_id, number=int(back))
    return redirect("duplicate:detail", event_id=event_id)


# -- the chief arbiter's screen ---------------------------------------------------------------


def _game_state(game: Game, now: datetime | None = None) -> dict[str, Any]:
    """What the game's pages show of it at ``now`` (by default: now)."""
    now = timezone.now() if now is None else now
    engine = services.engine_of(game)
    dup = game.duplicate
    state: dict[str, Any] = {
        "version": game.version,
        "phase": engine.phase,
        "move_number": engine.move_number,
        "moves_played": len(engine.moves),
        "total": engine.total,
        "bag_count": len(engine.bag.tiles()),
        "to_draw": engine.letters_to_draw,
        "leave": engine.leave if engine.phase == "draw" else "",
        "end_reason": engine.end_reason,
        "draw": services.draw_texts(engine, game),
        "seconds_per_move": services.seconds_per_move(game, engine.move_number),
        "warning_seconds": dup.warning_seconds,
        "remaining": None,
        "signal": None,
        "predrawn": bool(game.predrawn),
        "signals": _signals_shown(game, now),
    }
    if game.timer_started_at and engine.phase == "play":
        elapsed = (now - game.timer_started_at).total_seconds()
        remaining = max(0, int(round(state["seconds_per_move"] - elapsed)))
        state["remaining"] = remaining
        # 2.3: the last 30 (or 20) seconds, then the end of the regulation time
        if remaining == 0:
            state["signal"] = "end"
        elif remaining <= dup.warning_seconds:
            state["signal"] = "warning"
    if engine.moves:
        last = engine.moves[-1]
        state["last"] = {
            "number": last.number,
            "move": str(last.move),
            "coordinate": last.move.coordinate,
            "word": last.move.word,
            "score": last.score,
            "rack": last.rack,
            "announce": last.announcement(services.language()),
            "equal_tops": [str(m) for m in last.equal_tops],
        }
    return state


SIGNAL_NAMES = {
    "start": gettext_lazy("début du temps de jeu"),
    "warning": gettext_lazy("dernières secondes"),
    "end": gettext_lazy("fin du temps réglementaire"),
}


def _signals_shown(game: Game, now: datetime | None = None) -> list[dict[str, Any]]:
    """The signals of the move being played (or of the last move played) with their time
    (2.3): those recorded, and while the time runs those given by ``now``."""
    recorded = list(game.signals)
    times = services.signal_times(game)
    if times is not None:
        number = recorded[-1]["move"] if recorded else 0
        now = timezone.now() if now is None else now
        for kind in ("warning", "end"):
            if times[kind] <= now:
                recorded.append({"move": number, "kind": kind, "at": times[kind].isoformat()})
    if not recorded:
        return []
    last = recorded[-1]["move"]
    return [
        {
            "move": s["move"],
            "kind": s["kind"],
            "name": str(SIGNAL_NAMES[s["kind"]]),
            "at": services.clock_time(datetime.fromisoformat(s["at"])),
        }
        for s in recorded
        if s["move"] == last
    ][-3:]


@require_role(DIRECTOR)
def chief(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    dup = _dup(event_id)
    game = _game(dup, number)
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            version = int(request.POST.get("version", -1))
            played = services.chief_action(
                game.pk, version, action, request.user, request.POST.get("value", "")
            )
            if game.predrawn and not played.predrawn:
                messages.warning(
                    request,
                    gettext(
                        "La partie ne suit plus la partie prétirée : les lettres remises dans "
                        "le sac ne sont plus celles de ses tirages. Les tirages suivants se "
                        "font au hasard (ou en tirage physique)."
                    ),
                )
        except services.ServiceError as exc:
            messages.error(request, str(exc))
        except ValueError:  # a forged version number
            messages.error(request, gettext("Requête mal formée : rechargez la page."))
        return redirect("duplicate:chief", event_id=event_id, number=number)
    engine = services.engine_of(game)
    tops = None
    if engine.phase == "play":
        choice = engine.tops()
        if choice is not None:
            tops = choice.to_json()
    context = {
        "dup": dup,
        "event": dup.event,
        "game": game,
        "state": _game_state(game),
        "tops": tops,
        "rows": board_rows(engine.board, engine.moves[-1].move if engine.moves else None),
        "predrawn_form": PredrawnForm(),
        "annulled_count": game.annulled_ballots.count(),
        "accepted_words": dup.accepted_words.all(),
        "can_annul_move": engine.phase != "play" and bool(engine.moves) and not engine.attempts,
        "above_top": appeals.chief_warnings(dup, game, engine),
        "annul_reason": gettext(appeals.ANNUL_REASON),
        # issue 35: each arbiter's ballots still missing on the move being entered
        "missing_move": len(engine.moves),
        "missing": missing.missing_by_arbiter(game, len(engine.moves)),
    }
    return render(request, "duplicate/chief.html", context)


@require_POST
@require_role(DIRECTOR)
def upload_predrawn(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    dup = _dup(event_id)
    game = _game(dup, number)
    form = PredrawnForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            text = form.cleaned_data["record"].read().decode("utf-8")
            services.load_predrawn(game.pk, text, request.user)
            messages.success(
                request, gettext("Partie prétirée chargée : les tirages suivront le fichier.")
            )
        except (UnicodeDecodeError, services.ServiceError) as exc:
            messages.error(
                request,
                str(exc)
                if isinstance(exc, services.ServiceError)
                else gettext("Fichier non UTF-8."),
            )
    return redirect("duplicate:chief", event_id=event_id, number=number)


def lexicon_status(request: HttpRequest) -> JsonResponse:
    """Public: the preparation of the default word list at server start (polled by the
    banner of every page while it runs)."""
    return JsonResponse(preparation.status())


# -- the arbiters' entry ----------------------------------------------------------------------


@require_role(ARBITER)
def entry(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    dup = _dup(event_id)
    game = _game(dup, number)
    engine = services.engine_of(game)
    played = len(engine.moves)
    try:
        move_number = int(request.GET.get("coup", played))
    except ValueError:
        move_number = played
    move_number = max(0, min(move_number, played))
    players = dup.players.select_related("partner")  # a pair shown as its two players
    if request_role(request, event_id) != DIRECTOR:
        players = players.filter(arbiter=request.user)
    entries = {
        e.registration_id: e
        for e in BallotEntry.objects.filter(
            game=game, move_number=move_number, registration__in=players
        )
    }
    absent = services.absences(game, move_number) if move_number else {}
    rows = [
        {"player": p, "entry": entries.get(p.pk), "absence": absent.get(p.pk, "")}
        for p in by_place(players)
    ]
    context = {
        "dup": dup,
        "event": dup.event,
        "game": game,
        "move_number": move_number,
        "moves": range(1, played + 1),
        "rows": rows,
        "top": engine.moves[move_number - 1] if move_number else None,
        "progress": _progress(game, move_number),
        "warning_seconds": dup.warning_seconds,
        "signals": _signals_shown(game),
    }
    return render(request, "duplicate/entry.html", context)


@require_role(ARBITER)
def entry_progress(request: HttpRequest, event_id: int, number: int) -> JsonResponse:
    """The arbiters' progress on a move (ballots entered / players), polled by the entry
    page so that every arbiter's counters stay live."""
    try:
        move_number = int(request.GET.get("coup", 0))
    except ValueError:
        move_number = 0
    # the same for every arbiter: computed once per version of the event (read at most once
    # a second), not at each poll of each arbiter's page (40 pages every 3 s at a festival,
    # 15 ms each at 1,500 players)
    progress = live.cached(
        ("duplicate-progress", event_id, number, move_number),
        changes.recent_version(event_id),
        lambda: _progress(_game(_dup(event_id), number), move_number),
    )
    return JsonResponse({"move": move_number, "progress": progress})


def _progress(game: Game, move_number: int) -> list[dict[str, Any]]:
    """Per arbiter, the ballots entered on the move and the ballots awaited: the chief's
    reading (:func:`.missing.awaited_on`: not a player arriving later (5.1), withdrawn, or
    found absent at the check-in), so that the arbiters' counters and the chief's list of
    missing ballots agree."""
    if move_number < 1:
        return []
    return [
        {"arbiter": r.arbiter, "done": r.entered, "total": r.awaited}
        for r in missing.missing_by_arbiter(game, move_number)
    ]


@require_POST
@require_role(ARBITER)
def entry_api(request: HttpRequest, event_id: int, number: int) -> JsonResponse:
    """A ballot from the entry page's script: parsed here, every check (the game, the player,
    the table being the arbiter's, the move being played...) made by the service in its
    transaction, and its decision worded."""
    try:
        payload = jsontext.loads(request.body or b"{}")
        registration_id = int(payload["registration"])
        move_number = int(payload["move"])
        version = int(payload.get("version", 0))
        text = str(payload["text"])
    except (ValueError, KeyError, TypeError):
        return _malformed()
    try:
        result = ballots.enter_table_ballot(
            event_id,
            number,
            registration_id,
            move_number,
            text,
            version,
            request.user,
            any_table=request_role(request, event_id) == DIRECTOR,
        )
    except Game.DoesNotExist as exc:
        raise Http404 from exc
    except Registration.DoesNotExist:
        return _malformed()
    except services.StaleEditError as exc:
        return JsonResponse({"ok": False, "stale": True, "error": str(exc)}, status=409)
    except services.ServiceError as exc:
        return JsonResponse({"ok": False, "error": str(exc)}, status=400)
    d = result.decision
    return JsonResponse(
        {
            "ok": True,
            "version": result.entry.version,
            **d.to_json(),
            "sanction_label": services.worded(d.sanction.label),
            "explanation_text": services.worded(d.explanation) if d.explanation else "",
        }
    )


def _malformed() -> JsonResponse:
    return JsonResponse({"ok": False, "error": gettext("Requête mal formée.")}, status=400)
