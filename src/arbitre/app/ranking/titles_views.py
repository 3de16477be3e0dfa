"""Titles and podiums of an event of the season (issue 20, part 5), printable."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, gettext, pgettext_lazy

from arbitre.app.ranking import titles
from arbitre.app.ranking.models import RankedEvent
from arbitre.app.ranking.officers import require_officer
from arbitre.i18n import word

# with a context: Django's own catalogue translates the bare French "or" as the conjunction
MEDALS = {
    "gold": pgettext_lazy("médaille", "or"),
    "silver": pgettext_lazy("médaille", "argent"),
    "bronze": pgettext_lazy("médaille", "bronze"),
}


@require_officer
def event_titles(request: HttpRequest, number: int) -> HttpResponse:
    """GET: the event's titles and podiums; POST: what the event is (championship,
    nationality limit), or how a tie was settled."""
    ranked = get_object_or_404(RankedEvent, pk=number)
    lang = get_language()
    if request.method == "POST":
        try:
            if request.POST.get("action") == "playoff":  # the play-off played in Arbitre
                if titles.carry_playoff(request.user, ranked) is None:
                    messages.error(request, gettext("Aucune épreuve de départage terminée."))
                else:
                    messages.success(request, gettext("Départage enregistré."))
            elif request.POST.get("action") == "settings":
                choices = {c for c, _label in titles.CHAMPIONSHIPS}
                championship = request.POST.get("championship", "other")
                if championship not in choices:
                    championship = "other"
                titles.set_settings(
                    request.user,
                    ranked,
                    championship,
                    request.POST.get("national") == "on",
                    request.POST.get("country", "FR"),
                )
                messages.success(request, gettext("Titres recalculés."))
            else:
                decider = request.POST.get("decider", "")
                if decider not in {d for d, _label in titles.DECIDERS}:
                    decider = "playoff"
                titles.record_decision(
                    request.user,
                    ranked,
                    request.POST.get("title", ""),
                    decider,
                    request.POST.get("winner", ""),
                )
                messages.success(request, gettext("Départage enregistré."))
        except titles.TitleError as exc:
            messages.error(request, word(exc.message, lang))
        return redirect("ranking:titles", number=ranked.pk)
    names = {
        r.licence or f"#{r.line}": f"{r.name} {r.first_name}".strip() for r in ranked.rows.all()
    }
    try:
        found = titles.titles_of(ranked)
    except titles.TitleError as exc:  # a decision that no longer fits: shown without it
        messages.error(request, word(exc.message, lang))
        found = titles.titles_of(ranked, {})
    shown: list[dict[str, Any]] = []
    for t in found:
        shown.append(
            {
                "key": t.key,
                "name": word(t.name, lang),
                "medallists": [
                    (
                        m.rank,
                        MEDALS.get(m.medal, m.medal),
                        " / ".join(f"{names.get(x, '')} ({x})" for x in m.licences),
                    )
                    for m in t.medallists
                ],
                "notes": [word(n, lang) for n in t.notes],
                "pending": word(t.pending, lang) if t.pending else "",
                "tied": [(k, names.get(k, k)) for k in t.tied],
            }
        )
    carried = titles.arbitre_playoff(ranked)
    context = {
        "arbitre_playoff": None
        if carried is None
        else (carried[0], titles.playoff_score(carried[1])),
        "playoff_score": (ranked.title_decisions or {}).get("overall", {}).get("score", ""),
        "ranked": ranked,
        "titles": shown,
        "championships": titles.CHAMPIONSHIPS,
        "deciders": titles.DECIDERS,
    }
    return render(request, "ranking/titles.html", context)
