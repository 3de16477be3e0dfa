"""Every change of the published figures is previewed before it is written (issue 33).

An event's results file imported, an Arbitre event closed into the ranking, a club's upload
accepted, a licensee file loaded, an event withdrawn or its overseas mark corrected: each is
first *staged*. Its operation (:mod:`.staged_ops`) runs in full, the season recomputed, inside
a transaction that is then rolled back; what it changed in the stored classification (the
licensees whose series or tier moves, before and after) is kept with the operation's input in
a :class:`PendingChange`, and nothing published has changed. Its author reads the changes and
confirms (the operation runs again, for good) or cancels (the pending change goes). The
confirmation carries the digest of the changes shown: when the season moved meanwhile, the
run is rolled back again and the new changes are shown instead.

A refusal of the operation (a bad file, a closed season) is raised when it is staged, as the
direct operation raised it, and nothing is kept.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from arbitre.app.ranking.models import Licensee, PendingChange, RankingAudit, Standing
from arbitre.app.ranking.staged_ops import OPERATIONS, Operation

Published = dict[tuple[str, str], str]
"""(season, licence) -> "S5A": the stored classification of the seasons not closed."""


@dataclass(frozen=True)
class Change:
    """A licensee whose series or tier the change moves ("" : not classified)."""

    season: str
    licence: str
    name: str
    before: str
    after: str


class _RolledBack(Exception):
    """Raised inside the transaction of a dry run so that nothing it wrote stays."""

    def __init__(self, outcome: dict[str, Any], after: Published) -> None:
        super().__init__()
        self.outcome = outcome
        self.after = after


def published() -> Published:
    """The series and tier of every classified licensee of each season not closed."""
    rows = Standing.objects.filter(season__closed=False).values_list(
        "season__year", "licence", "series", "tier"
    )
    return {(f"{year}-{year + 1}", lic): f"S{series}{tier}" for year, lic, series, tier in rows}


def moves(before: Published, after: Published) -> list[tuple[str, str, str, str]]:
    """(season, licence, before, after) of the licensees classified before whose series or
    tier differs after, or who are no longer classified; sorted. A licensee classified for
    the first time is no move (they had no published series)."""
    out = [(s, lic, old, after.get((s, lic), "")) for (s, lic), old in before.items()]
    return sorted(m for m in out if m[2] != m[3])


def _digest(kind: str, moved: list[tuple[str, str, str, str]], outcome: dict[str, Any]) -> str:
    """The digest of the changes shown, and of the outcome's ``stamp`` when it has one (the
    state of what the operation read, e.g. a simultané's version: when it moved between the
    preview and the confirmation, the preview is shown again)."""
    stamp = outcome.get("stamp")
    shown: list[Any] = [kind, moved] if stamp is None else [kind, moved, stamp]
    return hashlib.sha256(json.dumps(shown).encode()).hexdigest()


def _dry_run(operation: Operation, user: Any, params: dict[str, Any], data: bytes) -> Any:
    """Run ``operation`` and roll it back: (outcome, published after)."""
    try:
        with transaction.atomic():
            outcome = operation(user, params, data)
            raise _RolledBack(outcome, published())
    except _RolledBack as done:
        return done.outcome, done.after


def _named(moved: list[tuple[str, str, str, str]]) -> list[dict[str, str]]:
    licences = {lic for _, lic, _, _ in moved}
    people = Licensee.objects.values_list("licence", "name", "first_name")
    if len(licences) < 500:  # else all of them: no IN of thousands of licences
        people = people.filter(licence__in=list(licences))
    names = {lic: f"{name} {first}".strip() for lic, name, first in people}
    return [
        {"season": s, "licence": lic, "name": names.get(lic, ""), "before": b, "after": a}
        for s, lic, b, a in moved
    ]


def _operation(kind: str) -> Operation:
    return OPERATIONS[kind]


@transaction.atomic
def stage(kind: str, user: Any, params: dict[str, Any], data: bytes = b"") -> PendingChange:
    """Run the operation ``kind`` without keeping it and keep what it would change, for its
    author to confirm; the operation's refusal is raised, nothing kept."""
    before = published()
    outcome, after = _dry_run(_operation(kind), user, params, data)
    moved = moves(before, after)
    return PendingChange.objects.create(
        kind=kind,
        user=user,
        params=params,
        data=data,
        changes=_named(moved),
        outcome=outcome,
        digest=_digest(kind, moved, outcome),
    )


def changes_of(pending: PendingChange) -> list[Change]:
    return [Change(**c) for c in pending.changes]


@transaction.atomic
def confirm(user: Any, pending: PendingChange, digest: str) -> dict[str, Any] | None:
    """Write the change its author saw (``digest``): its outcome when written; None when the
    changes are no longer those shown (nothing written, the pending change now holds the
    new ones). The operation's refusal is raised, nothing written."""
    pending = PendingChange.objects.select_for_update().get(pk=pending.pk)
    before = published()
    operation = _operation(pending.kind)
    params, data = dict(pending.params), bytes(pending.data)
    with transaction.atomic():
        outcome = operation(user, params, data)
        moved = moves(before, published())
        now = _digest(pending.kind, moved, outcome)
        if now == digest == pending.digest:
            RankingAudit.log(
                user,
                gettext_noop("Changement confirmé après aperçu"),
                pending.kind,
                before={f"{s} {lic}": b for s, lic, b, _ in moved},
                after={f"{s} {lic}": a for s, lic, _, a in moved},
            )
            pending.delete()
            return outcome
        transaction.set_rollback(True)
    pending.changes, pending.digest, pending.outcome = _named(moved), now, outcome
    pending.save(update_fields=["changes", "digest", "outcome"])
    return None


def cancel(pending: PendingChange) -> None:
    """Forget a staged change (nothing of it was ever written)."""
    pending.delete()
