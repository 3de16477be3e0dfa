"""``{% game_url "detail" event.pk %}``: the address of one of the current game's pages (the
shared round templates serve Classic and backgammon events alike); ``{{ entry|audit_target }}``:
the target of an audit entry in the page's language; ``{{ entry|audit_change }}``: what it
changed."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop

from arbitre.app.rounds import services

register = template.Library()


@register.simple_tag(takes_context=True)
def game_url(context: template.Context, name: str, *args: Any) -> str:
    return reverse(f"{context['game'].namespace}:{name}", args=args)


@register.filter
def audit_target(entry: Any) -> str:
    return services.audit_target(entry.action, entry.target)


AUDIT_KEYS: dict[str, str] = {
    **{
        key: key
        for key in (
            gettext_noop("nom"),
            gettext_noop("cote PL*"),
            gettext_noop("club"),
            gettext_noop("licence"),
            gettext_noop("pointé"),
            gettext_noop("date"),
            gettext_noop("lieu"),
            gettext_noop("rondes"),
            gettext_noop("ronde"),
            gettext_noop("après la ronde"),
            gettext_noop("à partir de la ronde"),
        )
    },
    "classement": gettext_noop("classement du joueur"),
    "profile": gettext_noop("profil de règles"),
    "best_of": gettext_noop("parties par match"),
    "final_size": gettext_noop("phase finale"),
    "final_best_of": gettext_noop("parties par match de la phase finale"),
    "match_length": gettext_noop("longueur des matchs suisses"),
    "qf_sets": gettext_noop("sets des quarts"),
    "sf_sets": gettext_noop("sets des demies"),
    "final_sets": gettext_noop("sets de la finale"),
    "consolation_sets": gettext_noop("sets de la consolante"),
    "clock_per_point": gettext_noop("pendule : minutes par point"),
    "clock_increment": gettext_noop("pendule : incrément (s)"),
    "clocked": gettext_noop("matchs à la pendule"),
    "break_minutes": gettext_noop("break, matchs courts (min)"),
    "break_minutes_long": gettext_noop("break, matchs longs (min)"),
    "late_grace": gettext_noop("retard : délai (min)"),
    "late_period": gettext_noop("retard : tranche (min)"),
    "late_points": gettext_noop("retard : points par tranche"),
    "excused_grace": gettext_noop("force majeure : délai (min)"),
    "excused_points": gettext_noop("force majeure : points par tranche"),
    "bye_points": gettext_noop("points de l'exempt"),
    "forfeit_points": gettext_noop("points d'une victoire par forfait"),
    # the Classic tables' clock (001 6.1), set by the director or imposed at a table (6.4.2)
    "pendule": gettext_noop("pendule"),
    "secondes": gettext_noop("durée (s)"),
    "alarme": gettext_noop("alarme (s)"),
}
"""The keys of the audit log's values (before, after) the page words: the registration,
the event and the settings. An entry with another key (a result, a pairing) shows none."""


CLOCK_KINDS = {
    "chess": gettext_noop("pendule d'échecs"),
    "move": gettext_noop("minuterie par coup"),
    "global": gettext_noop("crédit-temps global"),
}
"""The Classic clock kinds as the journal words them (the stored value is the code)."""


def _shown(value: Any, key: str = "") -> str:
    if key == "pendule" and value in CLOCK_KINDS:
        return gettext(CLOCK_KINDS[value])
    if value is None or value == "":
        return "—"
    if value is True:
        return gettext("oui")
    if value is False:
        return gettext("non")
    return str(value)


@register.filter
def audit_change(entry: Any) -> str:
    """What an audit entry changed, in the page's language: ``rating : 1200 → 1850 · club :
    Namur`` (a value only before: removed; only after: set). Empty for the entries whose
    values are not a registration's, an event's or the settings' (a result, a pairing)."""
    before = entry.before if isinstance(entry.before, dict) else {}
    after = entry.after if isinstance(entry.after, dict) else {}
    keys = list(before) + [k for k in after if k not in before]
    if not keys or any(k not in AUDIT_KEYS for k in keys):
        return ""
    parts = []
    for key in keys:
        if key in before and key in after:
            value = f"{_shown(before[key], key)} → {_shown(after[key], key)}"
        else:
            value = _shown(before[key] if key in before else after[key], key)
        parts.append(
            gettext("%(key)s : %(value)s") % {"key": gettext(AUDIT_KEYS[key]), "value": value}
        )
    return " · ".join(parts)
