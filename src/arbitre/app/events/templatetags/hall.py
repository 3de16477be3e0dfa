"""``{% public_qr event %}``: the QR code of an event's live public page, for its prints."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from arbitre.app.events import hall

register = template.Library()


@register.simple_tag(takes_context=True)
def public_qr(context: dict[str, Any], event: Any) -> SafeString:
    """A small QR code in the print's corner leading to the event's live public page (the
    address the print was made from, or ``ARBITRE_PUBLIC_URL``)."""
    request = context.get("request")
    if request is None or event is None or not getattr(event, "pk", None):
        return mark_safe("")
    url = hall.public_url(request, event.public_url())
    html = render_to_string("events/_print_qr.html", {"qr": hall.qr_svg(url), "url": url})
    return mark_safe(html)  # noqa: S308 - our template, the URL escaped there
