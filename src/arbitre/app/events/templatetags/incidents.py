"""The incidents of a table, for the round pages (issue 19, part 4)."""

from __future__ import annotations

from typing import Any

from django import template

from arbitre.app.events.incident_models import Incident

register = template.Library()


@register.simple_tag
def table_incidents(event: Any, round_no: int, table_no: int) -> list[Incident]:
    """The incidents recorded at table ``table_no`` of round ``round_no``."""
    return list(Incident.objects.filter(event=event, round=round_no, table=table_no))
