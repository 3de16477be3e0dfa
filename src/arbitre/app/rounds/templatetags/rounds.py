"""``{% game_url "detail" event.pk %}``: the address of one of the current game's pages (the
shared round templates serve Classic and backgammon events alike); ``{{ entry|audit_target }}``:
the target of an audit entry in the page's language."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from arbitre.app.rounds import services

register = template.Library()


@register.simple_tag(takes_context=True)
def game_url(context: template.Context, name: str, *args: Any) -> str:
    return reverse(f"{context['game'].namespace}:{name}", args=args)


@register.filter
def audit_target(entry: Any) -> str:
    return services.audit_target(entry.action, entry.target)
