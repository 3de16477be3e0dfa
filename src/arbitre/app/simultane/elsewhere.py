"""A player plays a simultané once: the licences of a centre's upload that another centre's
upload already ranks (withdrawn uploads and players the officer removed included).

:func:`elsewhere` answers by one indexed query on the licences kept beside each upload
(:class:`~arbitre.app.simultane.models.UploadedLicence`, written by :func:`keep` in the
upload's transaction), so an upload costs the check of its own players, whatever the
number of centres; :func:`reference` answers from every upload's own rows
(:func:`uploaded`, each upload read and parsed) with the
ranking engine's :func:`~arbitre.ranking.simultane.licences_elsewhere`: the tests hold the
two equal (tests/simultane/test_elsewhere.py)."""

from __future__ import annotations

from collections.abc import Iterable

from arbitre.app.simultane import merged
from arbitre.app.simultane.models import Centre, CentreUpload, Simultane, UploadedLicence
from arbitre.duplicate import centre_results
from arbitre.duplicate.centre_results import CentreResults
from arbitre.ranking.simultane import CentreRow, licences_elsewhere


def elsewhere(simultane: Simultane, centre: Centre, licences: Iterable[str]) -> list[str]:
    """The ``licences`` (of ``centre``'s new upload) another centre's upload ranks, sorted."""
    found = (
        UploadedLicence.objects.filter(simultane=simultane, licence__in=set(licences))
        .exclude(upload__centre=centre)
        .values_list("licence", flat=True)
    )
    return sorted(set(found))


def reference(simultane: Simultane, centre: Centre, licences: Iterable[str]) -> list[str]:
    """What :func:`elsewhere` answers, from every upload read whole."""
    rows = uploaded(simultane)
    rows[centre.club] = [
        CentreRow(centre.club, lic, "", "", None, "", 0) for lic in sorted(set(licences))
    ]
    return licences_elsewhere(rows, centre.club)


def uploaded(simultane: Simultane) -> dict[str, list[CentreRow]]:
    """Every upload's own rows, withdrawn centres and removed players too (a player plays a
    simultané once, whatever the officer did since): every upload read, each parsed once
    per content by this process."""
    return {
        club: merged.rows_of(club, r, {p.licence: p.total for p in r.players})
        for club, r in _parsed(simultane).items()
    }


def _parsed(simultane: Simultane) -> dict[str, CentreResults]:
    """Each centre's parsed upload (the payloads read only for contents not parsed yet)."""
    found = {
        pk: (club, digest)
        for pk, club, digest in CentreUpload.objects.filter(
            centre__simultane=simultane
        ).values_list("pk", "centre__club", "digest")
    }
    games = simultane.games
    with merged._lock:
        known = {
            d: merged._parsed[(d, games)] for _, d in found.values() if (d, games) in merged._parsed
        }
    missing = [pk for pk, (_, d) in found.items() if d not in known]
    # read apart from the list above: an upload replaced (or removed) in between is taken
    # as it is now, never looked up under the digest it had
    fetched = list(
        CentreUpload.objects.filter(pk__in=missing).values_list("pk", "digest", "payload")
    )
    for pk, digest, payload in fetched:
        known[digest] = centre_results.loads(payload, games)
        found[pk] = (found[pk][0], digest)
    for pk in set(missing) - {pk for pk, _, _ in fetched}:
        del found[pk]
    return {club: known[digest] for club, digest in found.values()}


def keep(simultane: Simultane, upload: CentreUpload, licences: Iterable[str]) -> None:
    """The licences ``upload`` (just saved, new or replacing the centre's earlier one, of
    ``simultane``) ranks, in place of those it ranked."""
    UploadedLicence.objects.filter(upload=upload).delete()
    UploadedLicence.objects.bulk_create(
        UploadedLicence(simultane=simultane, upload=upload, licence=lic)
        for lic in sorted(set(licences))
    )
