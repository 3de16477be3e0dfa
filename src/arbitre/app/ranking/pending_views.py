"""The preview of a change of the published figures (issue 33, :mod:`.staging`): its author
reads who changes series or tier, before and after, and confirms or cancels."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from arbitre.app.events.roles import DIRECTOR, directed_event_ids, has_role
from arbitre.app.ranking import staged_ops as ops
from arbitre.app.ranking import staging
from arbitre.app.ranking.models import PendingChange
from arbitre.app.ranking.officers import is_ranking_officer
from arbitre.app.ranking.staged_pages import refusals, refused

KINDS = {
    ops.RESULTS_FILE: _("Import d'un fichier de résultats"),
    ops.DUPLICATE_FEED: _("Clôture d'une épreuve d'Arbitre pour le classement"),
    ops.CLUB_UPLOAD: _("Envoi d'un club accepté"),
    ops.LICENSEES_FILE: _("Fichier des licenciés"),
    ops.WITHDRAW: _("Retrait d'une épreuve de la saison"),
    ops.OVERSEAS: _("Correction de la marque outre-mer d'une épreuve"),
    ops.MATCH_ROW: _("Licence inconnue rapprochée d'un licencié"),
    ops.SEASON_SETTINGS: _("Réglages de la saison"),
    ops.SIMULTANE_SEASON: _("Clôture d'un simultané versée au classement de la saison"),
}


def may_confirm(user: Any, change: PendingChange) -> bool:
    """Its author, while they still hold the right the change needs (an event's director
    closes it; the ranking officer does the rest)."""
    if change.user_id != user.pk:
        return False
    if change.kind == ops.DUPLICATE_FEED:
        return has_role(user, DIRECTOR, int(change.params["event_id"]))
    return is_ranking_officer(user)


def back(kind: str, params: dict[str, Any]) -> str:
    """Where the change was asked for."""
    if kind == ops.DUPLICATE_FEED:
        return reverse("ranking:duplicate_feed", kwargs={"event_id": params["event_id"]})
    if kind == ops.CLUB_UPLOAD:
        return reverse("federation:uploads")
    if kind == ops.LICENSEES_FILE:
        return reverse("ranking:licensees")
    if kind == ops.SIMULTANE_SEASON:
        return reverse("simultane:officer_detail", kwargs={"simultane_id": params["simultane"]})
    if kind in (ops.WITHDRAW, ops.OVERSEAS, ops.MATCH_ROW):
        return reverse("ranking:event", kwargs={"number": params["event"]})
    return reverse("ranking:season")


def _done(request: HttpRequest, kind: str, params: dict[str, Any], out: dict[str, Any]) -> str:
    """Tell the author what was written; where to go next."""
    if kind == ops.RESULTS_FILE:
        messages.success(
            request,
            gettext("Épreuve importée : %(rows)s joueurs, %(unknown)s licence(s) inconnue(s).")
            % {"rows": out["rows"], "unknown": out["unknown"]},
        )
        for line in out.get("warnings", []):
            messages.warning(request, gettext("Attention : %(reason)s.") % {"reason": line})
        return reverse("ranking:event", kwargs={"number": out["event"]})
    if kind == ops.DUPLICATE_FEED:
        messages.success(
            request,
            gettext("Résultats transmis au classement de la saison %(season)s.")
            % {"season": out["season"]},
        )
        if out.get("playoff"):
            messages.success(
                request,
                gettext("Titre départagé par l'épreuve de départage : %(score)s.")
                % {"score": out["playoff"]},
            )
    elif kind == ops.CLUB_UPLOAD:
        messages.success(
            request,
            gettext("Envoi accepté : %(event)s, saison %(season)s.")
            % {"event": out["name"], "season": out["season"]}
            + (f" {out['note']}" if out.get("note") else ""),
        )
    elif kind == ops.LICENSEES_FILE:
        messages.success(
            request,
            gettext(
                "Licenciés importés : %(created)s nouveaux, %(updated)s modifiés, "
                "%(unchanged)s inchangés."
            )
            % out,
        )
        for season in out["seasons"]:
            messages.info(
                request,
                gettext("Classement de la saison %(season)s recalculé.") % {"season": season},
            )
    elif kind == ops.WITHDRAW:
        messages.success(
            request,
            gettext(
                "Épreuve « %(name)s » retirée de la saison %(season)s : ses résultats ne "
                "comptent plus ; classement recalculé."
            )
            % out,
        )
        return reverse("ranking:season")
    elif kind == ops.OVERSEAS and out["changed"]:
        messages.success(
            request,
            gettext("Épreuve marquée outre-mer ; classement recalculé.")
            if params["overseas"]
            else gettext("Marque outre-mer retirée ; classement recalculé."),
        )
    elif kind == ops.MATCH_ROW:
        messages.success(
            request,
            (
                gettext("Licencié %(licence)s créé.")
                if out.get("create")
                else gettext("Ligne rapprochée de la licence %(licence)s.")
            )
            % {"licence": out["licence"]},
        )
    elif kind == ops.SEASON_SETTINGS:
        messages.success(request, gettext("Réglages enregistrés ; classement recalculé."))
    elif kind == ops.SIMULTANE_SEASON:
        messages.success(
            request,
            gettext("Simultané clos et versé au classement de la saison %(season)s.")
            % {"season": out["season"]},
        )
    return back(kind, params)


def pending(request: HttpRequest, number: int) -> HttpResponse:
    """GET: the preview; POST: confirm (``digest`` of the changes shown) or cancel."""
    if not request.user.is_authenticated:
        return redirect(f"/compte/connexion/?next={request.path}")
    if not (is_ranking_officer(request.user) or directed_event_ids(request.user)):
        raise PermissionDenied(gettext("Vous n'avez pas le rôle nécessaire pour cette page."))
    change = get_object_or_404(PendingChange, pk=number, user_id=request.user.pk)
    if not may_confirm(request.user, change):
        raise PermissionDenied(gettext("Vous n'avez pas le rôle nécessaire pour cette page."))
    kind, params = change.kind, dict(change.params)
    if request.method == "POST":
        if request.POST.get("action") == "cancel":
            staging.cancel(change)
            messages.info(request, gettext("Changement annulé : rien n'a été modifié."))
            return redirect(back(kind, params))
        try:
            out = staging.confirm(request.user, change, request.POST.get("digest", ""))
        except refusals() as exc:
            refused(request, exc)
            staging.cancel(change)
            return redirect(back(kind, params))
        if out is None:
            messages.error(
                request,
                gettext(
                    "Des résultats sont arrivés ou ont été corrigés depuis l'aperçu : le "
                    "simultané reste ouvert, vérifiez le nouvel aperçu."
                )
                if kind == ops.SIMULTANE_SEASON
                else gettext("Le classement a changé depuis l'aperçu : vérifiez les changements."),
            )
            return redirect("ranking:pending", number=change.pk)
        return redirect(_done(request, kind, params, out))
    context = {
        "change": change,
        "kind": KINDS.get(kind, kind),
        "changes": staging.changes_of(change),
        "warnings": change.outcome.get("warnings", []),
        "back": back(kind, params),
    }
    return render(request, "ranking/pending.html", context)
