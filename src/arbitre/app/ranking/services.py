"""Every write of the federation's season, each one in the audit log."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_noop

from arbitre.app.ranking.models import Licensee, RankingAudit
from arbitre.ranking.licensees import LicenseeRecord, read_licensees

FIELDS = (
    "name",
    "first_name",
    "club",
    "committee",
    "birth_date",
    "category",
    "nationality",
    "federation",
    "first_federation",
    "series",
    "tier",
    "highest_series",
    "s1_for_life",
    "first_season",
    "affiliated",
    "after_festival",
    "overseas",
)
"""What the licensee file sets on a licensee (the licence is the key)."""


@dataclass(frozen=True)
class ImportSummary:
    created: int
    updated: int
    unchanged: int


def _values(record: LicenseeRecord) -> dict[str, Any]:
    data = asdict(record)
    return {k: data[k] for k in FIELDS}


def _json(values: dict[str, Any]) -> dict[str, Any]:
    return {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in values.items()}


@transaction.atomic
def import_licensees(user: Any, data: bytes, source: str = "") -> ImportSummary:
    """Read the federation's licensee file and create or update its licensees by licence
    number; :class:`~arbitre.common.players_csv.PlayersFileError` (every bad row) and
    nothing stored when the file is not clean. Licensees absent from the file are kept."""
    records = read_licensees(data)
    existing = {x.licence: x for x in Licensee.objects.all()}  # no IN of 20,000 licences
    created: list[Licensee] = []
    changed: list[Licensee] = []
    unchanged = 0
    for record in records:
        values = _values(record)
        current = existing.get(record.licence)
        if current is None:
            created.append(Licensee(licence=record.licence, **values))
            continue
        if all(getattr(current, k) == v for k, v in values.items()):
            unchanged += 1
            continue
        for k, v in values.items():
            setattr(current, k, v)
        changed.append(current)
    Licensee.objects.bulk_create(created, batch_size=1000)
    Licensee.objects.bulk_update(changed, FIELDS, batch_size=1000)
    summary = ImportSummary(len(created), len(changed), unchanged)
    RankingAudit.log(
        user,
        gettext_noop("Fichier des licenciés importé"),
        source,
        after={**asdict(summary), "licences": len(records)},
    )
    return summary


def search(query: str, limit: int = 200) -> QuerySet[Licensee]:
    """Licensees whose licence, name, first name or club contains ``query`` (all without
    one), at most ``limit``."""
    q = query.strip()
    found = Licensee.objects.all()
    if q:
        words = q.split()
        for w in words:
            found = found.filter(
                Q(licence__icontains=w)
                | Q(name__icontains=w)
                | Q(first_name__icontains=w)
                | Q(club__icontains=w)
            )
    return found[:limit]
