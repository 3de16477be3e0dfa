"""Every write of the federation's season, each one in the audit log."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_noop

from arbitre.app.ranking.models import Licensee, RankingAudit
from arbitre.common.collation import french_key
from arbitre.common.messages import Message
from arbitre.ranking.licensees import (
    LicenseeRecord,
    keep_lifetime_floors,
    read_licensees,
    record_problems,
)

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
    nothing stored when the file is not clean. Licensees absent from the file are kept; the
    lifetime floors already held are kept whatever the file says (seed 002, A.1)."""
    existing = {x.licence: x for x in Licensee.objects.all()}  # no IN of 20,000 licences
    records = keep_lifetime_floors(
        read_licensees(data),
        {lic: (x.highest_series, x.s1_for_life) for lic, x in existing.items()},
    )
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


def search(query: str, limit: int = 200) -> list[Licensee]:
    """Licensees whose licence, name, first name or club contains ``query`` (all without
    one), at most ``limit``, in French alphabetical order (É with E, not after Z)."""
    q = query.replace("\x00", "").strip()[:100]
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
    return french_order(found, limit)


def french_order(rows: QuerySet[Licensee], limit: int) -> list[Licensee]:
    """The first ``limit`` of ``rows`` by name, first name and licence in French order; the
    database's own order puts accented capitals after Z. Only the keys are read for all."""
    keys = sorted(
        rows.values_list("pk", "name", "first_name", "licence"),
        key=lambda r: (french_key(r[1]), french_key(r[2]), r[3]),
    )[:limit]
    chosen = Licensee.objects.in_bulk([k[0] for k in keys])
    return [chosen[k[0]] for k in keys]


class LicenseeRefused(ValueError):
    """An edit of a licensee that the licensee file's rules refuse (seed 002, A.1, A.3):
    ``problems`` are the engine's messages; nothing is stored."""

    def __init__(self, problems: list[Message]) -> None:
        super().__init__(problems)
        self.problems = problems


EDITABLE = tuple(k for k in FIELDS if k != "first_federation")
"""What the ranking officer may change by hand (the licence is the key, and the first
federation follows from its digits)."""


@transaction.atomic
def edit_licensee(user: Any, licensee: Licensee, values: dict[str, Any], reason: str = "") -> bool:
    """Change a licensee's values, checked as a row of the licensee file is
    (:func:`arbitre.ranking.licensees.record_problems`), the old and new values of every
    changed field in the audit log; False when nothing changed."""
    merged = {k: values.get(k, getattr(licensee, k)) for k in FIELDS}
    merged["tier"] = (merged["tier"] or "").upper()
    merged["nationality"] = (merged["nationality"] or "").upper()
    merged["federation"] = (merged["federation"] or "").upper()
    merged["category"] = (merged["category"] or "").upper()
    if merged["s1_for_life"]:
        merged["highest_series"] = 1
    record = LicenseeRecord(line=0, licence=licensee.licence, **merged)
    problems = record_problems(record)
    if problems:
        raise LicenseeRefused(problems)
    changed = [k for k in EDITABLE if getattr(licensee, k) != merged[k]]
    if not changed:
        return False
    before = _json({k: getattr(licensee, k) for k in changed})
    for k in changed:
        setattr(licensee, k, merged[k])
    licensee.save(update_fields=changed)
    RankingAudit.log(
        user,
        gettext_noop("Licencié modifié"),
        str(licensee),
        before=before,
        after=_json({k: merged[k] for k in changed}),
        reason=reason,
    )
    return True
