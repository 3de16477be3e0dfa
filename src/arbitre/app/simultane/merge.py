"""The federation's side of the results: each centre's signed upload checked and kept (its
re-sends counted once), the whole simultané's standings merged from them, the simultané
closed (docs/simultanes.md)."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from arbitre.app.duplicate.services import worded
from arbitre.app.federation.models import ClubToken
from arbitre.app.ranking.models import Licensee, RankingAudit
from arbitre.app.simultane import corrections, elsewhere, merged
from arbitre.app.simultane.models import Centre, CentreUpload, Simultane
from arbitre.app.simultane.publish import PublishRefused, for_centre
from arbitre.common.messages import Refusal
from arbitre.duplicate import centre_results
from arbitre.ranking.simultane import MergedRow

RECEIVED = gettext_noop("Résultats d'un centre reçus")
REPLACED = gettext_noop("Résultats d'un centre remplacés")


def signing_secret(club_key_digest: str) -> bytes:
    """The key of a centre's signature: the SHA-256 of its club key, which both sides have
    (the federation keeps only that digest)."""
    return club_key_digest.encode("ascii")


def whole_games(simultane: Simultane) -> dict[tuple[str, str], tuple[int, ...]]:
    """(centre, licence) -> the game scores of each player ranked, with the solos of the
    whole simultané (seed 004, 2.6.4) in place of those each centre judged among its own
    players, and the officer's corrections (:mod:`.merged`)."""
    return merged.current(simultane).games


def unregistered(parsed: centre_results.CentreResults) -> list[str]:
    """The licences of an upload that the federation's licensee file does not know and
    that the centre did not enter « hors classement » (seed 002, A.1: a player not
    licensed plays « hors classement »): players not registered, refused."""
    asked = {p.licence for p in parsed.players if not p.unlicensed}
    known = Licensee.objects.filter(licence__in=asked).values_list("licence", flat=True)
    return sorted(asked - set(known))


@dataclass(frozen=True)
class Taken:
    upload: CentreUpload
    reason: str


@dataclass(frozen=True)
class Checked:
    """An upload checked before any lock (:func:`checked`): what it holds and what the
    write under the simultané's row lock needs."""

    simultane: Simultane
    results: dict[str, Any]
    parsed: centre_results.CentreResults
    digest: str
    #: the licences the federation does not know (refused unless a re-send, after the
    #: closing's refusal: the order of the refusals is kept)
    not_registered: list[str]
    summary: dict[str, Any]


def checked(token: ClubToken, uid: str, data: Any) -> Checked:
    """The CPU work of an upload, done before the simultané's row is locked, so that the
    uploads of many centres wait for that lock only for their writes: the signature
    verified, the results parsed and checked against the simultané (its games, uid and
    opening code do not change once published), their digest, the licences the
    federation does not know, and the summary stored beside them (:mod:`.merged`).
    Refused as :func:`receive` says."""
    simultane = for_centre(token, uid)
    results = data.get("results") if isinstance(data, dict) else None
    signature = data.get("signature") if isinstance(data, dict) else None
    if not isinstance(results, dict) or not isinstance(signature, str):
        raise PublishRefused(gettext("Envoi illisible : résultats signés attendus."), 400)
    if not centre_results.verify(results, signature, signing_secret(token.digest)):
        raise PublishRefused(
            gettext(
                "Signature invalide : ces résultats ont été modifiés après leur signature "
                "par le centre, ou signés d'une autre clé."
            ),
            422,
        )
    try:
        parsed = centre_results.loads(results, simultane.games)
    except Refusal as exc:
        raise PublishRefused(
            gettext("Résultats illisibles : %(reason)s") % {"reason": worded(exc.message)}, 422
        ) from None
    if parsed.simultane != simultane.uid:
        raise PublishRefused(gettext("Ces résultats sont ceux d'un autre simultané."), 422)
    proof = centre_results.opening_proof(simultane.code, simultane.uid)
    if not hmac.compare_digest(parsed.proof, proof):
        raise PublishRefused(
            gettext("Ce centre n'a pas ouvert les parties du simultané : résultats refusés."), 403
        )
    digest = hashlib.sha256(centre_results.canonical(results)).hexdigest()
    summary = merged.stored_summary(token.club, digest, parsed)
    return Checked(simultane, results, parsed, digest, unregistered(parsed), summary)


def receive(token: ClubToken, uid: str, data: Any) -> Taken:
    """A centre's signed results. Refused with the reason (``PublishRefused.status``): from
    a centre not admitted (404), unsigned or changed after signing (422), unreadable (422),
    from a centre that did not open the games (403), changed after the simultané was closed
    (409), with players not registered (422: :func:`unregistered`), or ranking a player
    another centre ranks (422). The same results sent again are
    counted once; changed results replace the centre's earlier ones. The checks that need
    no lock are done first (:func:`checked`), then only the write under the lock
    (:func:`_write`)."""
    return _write(token, checked(token, uid, data))


@transaction.atomic
def _write(token: ClubToken, found: Checked) -> Taken:
    # the simultané's row first (as the officer's changes do): uploads are merged one by one
    simultane = Simultane.objects.select_for_update().get(pk=found.simultane.pk)
    centre = Centre.objects.select_for_update().filter(simultane=simultane, club=token.club)
    centre = centre.first()
    if centre is None:  # removed by the officer while the upload was checked
        raise PublishRefused(
            gettext("Simultané inconnu, ou ce club n'en est pas un centre."), status=404
        )
    parsed, digest = found.parsed, found.digest
    upload = CentreUpload.objects.filter(centre=centre).first()
    if upload is not None and upload.digest == digest:
        upload.sent_count += 1
        upload.save(update_fields=["sent_count"])
        return Taken(upload, gettext("Résultats déjà reçus, identiques : comptés une fois."))
    if simultane.closed_at is not None:
        raise PublishRefused(
            gettext("Le simultané est clos : ses résultats ne changent plus."), status=409
        )
    if found.not_registered:
        raise PublishRefused(
            gettext(
                "Joueurs non inscrits : licences inconnues de la fédération et non inscrites "
                "« hors classement » : %(licences)s."
            )
            % {"licences": ", ".join(found.not_registered[:10])},
            422,
        )
    licences = [p.licence for p in parsed.players]
    twice = elsewhere.elsewhere(simultane, centre, licences)
    if twice:
        raise PublishRefused(
            gettext("Joueurs déjà classés dans un autre centre : %(licences)s.")
            % {"licences": ", ".join(twice[:10])},
            422,
        )
    replaced = upload is not None
    upload = upload or CentreUpload(centre=centre)
    upload.payload, upload.digest = found.results, digest
    upload.summary = found.summary
    upload.games_ended, upload.players = list(parsed.games_ended), len(parsed.players)
    upload.save()
    elsewhere.keep(simultane, upload, licences)
    merged.bump(simultane.pk)
    action = REPLACED if replaced else RECEIVED
    RankingAudit.log(None, action, f"{simultane.name} — {centre.club}")
    count = len(parsed.players)
    told = ngettext(
        "Résultats fusionnés : %(count)s joueur.",
        "Résultats fusionnés : %(count)s joueurs.",
        count,
    ) % {"count": count}
    return Taken(upload, " ".join([told, *corrections.standing(centre)]))


def standings(
    simultane: Simultane, series: int | None = None, category: str | None = None
) -> list[MergedRow]:
    """The whole simultané's standings from every centre's latest upload (of one series or
    age category when given), computed once per version of the simultané (:mod:`.merged`)."""
    return merged.current(simultane).filtered(series, category)


def bands(simultane: Simultane) -> tuple[list[int], list[str]]:
    """The series and the age categories of the players ranked so far."""
    found = merged.current(simultane)
    return found.series, found.categories


@transaction.atomic
def close(user: Any, simultane: Simultane) -> None:
    simultane = Simultane.objects.select_for_update().get(pk=simultane.pk)
    if simultane.closed_at is not None:
        raise PublishRefused(gettext("Le simultané est déjà clos."))
    simultane.closed_at = timezone.now()
    simultane.save(update_fields=["closed_at"])
    merged.bump(simultane.pk)
    RankingAudit.log(user, gettext_noop("Simultané clos"), simultane.name)
