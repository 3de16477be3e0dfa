"""The officer's corrections and withdrawals of a centre's upload (issue 38), each with its
reason, in the simultané's audit log (who, when, before, after, why).

- **Withdrawal**: the centre's upload is kept but out of the merged standings (its players
  count for nothing, solos included), shown « retiré » with the reason, until restored.
- **Correction of a score**: a player's score for one game, as the merged standings show it
  (solos of the whole simultané included), set by the officer.
- **Removal of a player** from the ranking (not among the simultané's players any more).

A correction stands over the centre's later uploads: a re-send is merged, the corrections
are applied to it again, and the centre is told that they stand (it sees the federation's
answer); only the officer undoes them. Nothing changes after the simultané is closed.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from arbitre.app.simultane import merged
from arbitre.app.simultane.models import Centre, CentreUpload, Correction, Simultane, SimultaneAudit
from arbitre.app.simultane.publish import PublishRefused

WITHDRAWN = gettext_noop("Résultats d'un centre retirés du classement")
RESTORED = gettext_noop("Résultats d'un centre rétablis au classement")
CORRECTED = gettext_noop("Score d'un joueur corrigé")
REMOVED = gettext_noop("Joueur retiré du classement")
UNDONE = gettext_noop("Correction annulée")

REASON_CHARS = 300


def _locked(centre: Centre, reason: str) -> tuple[Simultane, CentreUpload, str]:
    """The simultané (its row locked, as an upload locks it), the centre's upload and the
    reason, or the refusal: no reason, no upload, or the simultané closed."""
    simultane = Simultane.objects.select_for_update().get(pk=centre.simultane_id)
    reason = " ".join(reason.split())[:REASON_CHARS]
    if not reason:
        raise PublishRefused(gettext("Indiquez le motif : il est gardé au journal."))
    if simultane.closed_at is not None:
        raise PublishRefused(gettext("Le simultané est clos : ses résultats ne changent plus."))
    upload = CentreUpload.objects.select_for_update().filter(centre=centre).first()
    if upload is None:
        raise PublishRefused(gettext("Ce centre n'a pas encore envoyé de résultats."))
    return simultane, upload, reason


def _log(
    user: Any,
    simultane: Simultane,
    action: str,
    target: str,
    before: Any,
    after: Any,
    reason: str,
) -> None:
    SimultaneAudit.log(user, action, target, before, after, reason, simultane=simultane)
    merged.bump(simultane.pk)


@transaction.atomic
def withdraw(user: Any, centre: Centre, reason: str) -> None:
    """Take the centre's upload out of the merged standings (kept, shown « retiré »)."""
    simultane, upload, reason = _locked(centre, reason)
    if upload.withdrawn_at is not None:
        raise PublishRefused(gettext("Les résultats de ce centre sont déjà retirés."))
    upload.withdrawn_at, upload.withdrawn_reason = timezone.now(), reason
    upload.save(update_fields=["withdrawn_at", "withdrawn_reason"])
    _log(user, simultane, WITHDRAWN, centre.club, {"classé": True}, {"classé": False}, reason)


@transaction.atomic
def restore(user: Any, centre: Centre, reason: str) -> None:
    """Put a withdrawn upload back into the merged standings."""
    simultane, upload, reason = _locked(centre, reason)
    if upload.withdrawn_at is None:
        raise PublishRefused(gettext("Les résultats de ce centre ne sont pas retirés."))
    before = {"classé": False, "motif du retrait": upload.withdrawn_reason}
    upload.withdrawn_at, upload.withdrawn_reason = None, ""
    upload.save(update_fields=["withdrawn_at", "withdrawn_reason"])
    _log(user, simultane, RESTORED, centre.club, before, {"classé": True}, reason)


def _player(upload: CentreUpload, licence: str) -> dict[str, Any]:
    licence = licence.strip()
    for player in upload.payload.get("players", []):
        if player.get("licence") == licence:
            found: dict[str, Any] = player
            return found
    raise PublishRefused(
        gettext("Aucun joueur de licence « %(licence)s » dans les résultats de ce centre.")
        % {"licence": licence[:20]}
    )


def _target(centre: Centre, player: dict[str, Any]) -> str:
    return f"{centre.club} — {player['name']} {player['first_name']} ({player['licence']})"


@transaction.atomic
def correct(user: Any, centre: Centre, licence: str, game: int, score: int, reason: str) -> None:
    """Set a player's score for one game of the merged standings (solos included)."""
    simultane, upload, reason = _locked(centre, reason)
    player = _player(upload, licence)
    if not 1 <= game <= simultane.games:
        raise PublishRefused(
            gettext("Partie %(game)s inconnue : le simultané en a %(games)s.")
            % {"game": game, "games": simultane.games}
        )
    if not 0 <= score <= 10_000:
        raise PublishRefused(gettext("Score impossible : %(score)s.") % {"score": score})
    key = (centre.club, player["licence"])
    if Correction.objects.filter(
        centre=centre, licence=player["licence"], game=Correction.REMOVED
    ).exists():
        raise PublishRefused(
            gettext("Ce joueur est retiré du classement : rétablissez-le d'abord.")
        )
    shown = merged.current(simultane).games.get(key)
    before = None if shown is None else shown[game - 1]
    Correction.objects.update_or_create(
        centre=centre,
        licence=player["licence"],
        game=game,
        defaults={"score": score, "reason": reason, "by": user},
    )
    _log(
        user,
        simultane,
        CORRECTED,
        _target(centre, player),
        {"partie": game, "score": before},
        {"partie": game, "score": score},
        reason,
    )


@transaction.atomic
def remove_player(user: Any, centre: Centre, licence: str, reason: str) -> None:
    """Take a player out of the ranking (their ballots no longer count for the solos)."""
    simultane, upload, reason = _locked(centre, reason)
    player = _player(upload, licence)
    _, created = Correction.objects.get_or_create(
        centre=centre,
        licence=player["licence"],
        game=Correction.REMOVED,
        defaults={"reason": reason, "by": user},
    )
    if not created:
        raise PublishRefused(gettext("Ce joueur est déjà retiré du classement."))
    _log(
        user,
        simultane,
        REMOVED,
        _target(centre, player),
        {"classé": True},
        {"classé": False},
        reason,
    )


@transaction.atomic
def undo(user: Any, correction: Correction, reason: str) -> None:
    """Undo a correction: the centre's own figures (or the player) come back."""
    simultane, upload, reason = _locked(correction.centre, reason)
    correction = Correction.objects.select_for_update().get(pk=correction.pk)
    if correction.game == Correction.REMOVED:
        before: dict[str, Any] = {"classé": False, "motif": correction.reason}
        after: dict[str, Any] = {"classé": True}
    else:
        before = {"partie": correction.game, "score": correction.score}
        after = {"partie": correction.game, "score": "celui du centre"}
    target = f"{correction.centre.club} — {correction.licence}"
    correction.delete()
    _log(user, simultane, UNDONE, target, before, after, reason)


def standing(centre: Centre) -> list[str]:
    """What the officer's decisions leave standing over the centre's upload, told to the
    centre in the federation's answer."""
    told = []
    upload = CentreUpload.objects.filter(centre=centre).first()
    if upload is not None and upload.withdrawn_at is not None:
        told.append(
            gettext("Ce centre reste retiré du classement par l'arbitre fédéral : %(reason)s.")
            % {"reason": upload.withdrawn_reason}
        )
    count = Correction.objects.filter(centre=centre).count()
    if count:
        told.append(
            ngettext(
                "%(count)s correction de l'arbitre fédéral reste appliquée à ces résultats.",
                "%(count)s corrections de l'arbitre fédéral restent appliquées à ces résultats.",
                count,
            )
            % {"count": count}
        )
    return told
