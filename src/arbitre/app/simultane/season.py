"""A simultané closed into the federation's season: its merged standings written as
Arbitre's own Duplicate results export (the columns of
:func:`arbitre.duplicate.results_csv.results_csv`), one row per player of every centre, so
that the season reads it as any Arbitre event: its type fixes M or D (seed 002, B.3.2) and
n counts every player of every centre. The officer's staged import shows the series and
tiers it changes before anything is published (issue 33), the simultané still open: closing
it and importing its standings are one operation (:func:`into_season`), run in one
transaction when the officer confirms; cancelled, or refused, it leaves the simultané open."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_noop

from arbitre.app.ranking.models import RankedEvent
from arbitre.app.ranking.results import ResultsRefused
from arbitre.app.simultane import merge
from arbitre.app.simultane.models import Simultane
from arbitre.common.results_columns import HEADERS
from arbitre.common.spreadsheet import neutralise
from arbitre.duplicate.results_csv import KEYS, RANKING_KEYS

ResultsImport = Callable[[Any, dict[str, Any], bytes], dict[str, Any]]
"""The season's import of a results file (``(user, params, data) -> outcome``)."""


def results_text(simultane: Simultane) -> str:
    """The merged standings as Arbitre's results export (French header)."""
    names = HEADERS["fr"]
    games = simultane.games
    played = merge.whole_games(simultane)  # the solos of the whole simultané (004, 2.6.4)
    day = timezone.localtime(simultane.starts_at).date().isoformat()
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(
        [names[k] for k in KEYS]
        + [f"TH{n}" for n in range(1, games + 1)]
        + [names["total"], names["rank"]]
        + [names[k] for k in RANKING_KEYS[:-1]]  # no pairs column: a simultané is individual
    )
    for m in merge.standings(simultane):
        writer.writerow(
            [
                "",
                neutralise(m.row.licence),
                neutralise(m.row.name),
                neutralise(m.row.first_name),
                neutralise(m.row.centre),
                "" if m.row.series is None else m.row.series,
                *played[(m.row.centre, m.row.licence)],
                m.row.total,
                m.place,
                neutralise(m.row.category),
                "",
                simultane.type_code,
                games,
                day,
                "non",
                simultane.uid,
            ]
        )
    return out.getvalue()


def versed(simultane: Simultane) -> RankedEvent | None:
    """The season's event the simultané was closed into (the same Arbitre identity, its
    uid), while the season holds it."""
    found: RankedEvent | None = (
        RankedEvent.objects.filter(uid=simultane.uid[:80]).select_related("season").first()
    )
    return found


def refuse_if_versed(simultane: Simultane) -> None:
    """A simultané already closed into the season is not imported a second time (a second
    click, another officer's page read before): refused with the season that holds it and
    the way out (withdraw that event from the season first)."""
    found = versed(simultane)
    if found is not None:
        raise ResultsRefused(
            gettext_noop(
                "Ce simultané est déjà clos et versé au classement de la saison %(season)s "
                "(« %(name)s ») : il n'y est pas versé une seconde fois. Pour le verser à "
                "nouveau, retirez d'abord cette épreuve de la saison."
            ),
            season=str(found.season),
            name=found.name,
        )


def into_season(user: Any, p: dict[str, Any], import_results: ResultsImport) -> dict[str, Any]:
    """Close the simultané ``p["simultane"]`` (if still open) and import its standings with
    ``import_results`` (the season's results-file import), in the caller's transaction: a
    refusal of the import leaves it open. Its standings are read at the version found,
    before closing (the merge kept for that version is this one), and the outcome's
    ``stamp`` is that version: an upload or a correction accepted between the preview and the
    confirmation moves it, and the officer sees the new preview instead."""
    simultane = Simultane.objects.select_for_update().get(pk=p["simultane"])
    refuse_if_versed(simultane)
    stamp = simultane.version
    data = results_text(simultane).encode("utf-8")
    if simultane.closed_at is None:
        merge.close(user, simultane)
    params = {"name": p.get("name", simultane.name), "source_name": p.get("source_name", "")}
    return {**import_results(user, params, data), "simultane": simultane.pk, "stamp": stamp}
