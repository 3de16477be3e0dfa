"""The federation's side: clubs' API keys, uploads received, accepted into the season or
rejected with a reason. Every change is in the ranking's audit log."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from arbitre.app.federation.models import ClubToken, Upload
from arbitre.app.ranking import admission, results, standings
from arbitre.app.ranking.models import RankedEvent, RankingAudit
from arbitre.common.messages import Refusal
from arbitre.ranking.events import Event

#: Largest results file an upload may carry (the officer's import page takes the same).
PAYLOAD_CHARS = 4 * 1024 * 1024


class UploadRefused(ValueError):
    """An upload or a decision that cannot be taken: ``status`` for the API, the French
    message for the page and the club."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def create_token(user: Any, club: str) -> str:
    """A new API key for ``club``: returned once, only its digest is kept."""
    club = club.strip()
    if not club or len(club) > 100:
        raise UploadRefused(gettext("Donnez le nom du club (100 caractères au plus)."))
    key = secrets.token_urlsafe(30)
    while key.startswith("-"):  # a command line would read it as an option
        key = secrets.token_urlsafe(30)
    ClubToken.objects.create(club=club, digest=digest(key), hint=key[:6], created_by=user)
    RankingAudit.log(user, gettext_noop("Clé de club créée"), club, after={"hint": key[:6]})
    return key


def revoke(user: Any, token: ClubToken) -> None:
    token.active = False
    token.save(update_fields=["active"])
    RankingAudit.log(user, gettext_noop("Clé de club révoquée"), token.club, before=token.hint)


def authenticate(key: str) -> ClubToken | None:
    """The active club key matching ``key`` (compared by digest), else None."""
    if not key or len(key) > 200:
        return None
    return ClubToken.objects.filter(digest=digest(key), active=True).first()


def _fields(data: Any) -> tuple[str, str, dt.date | None, str]:
    """uid, name, date and the results file of an upload's JSON, checked."""
    if not isinstance(data, dict):
        raise UploadRefused(gettext("Envoi illisible : un objet JSON est attendu."))
    uid, name, day, payload = (data.get(k) for k in ("uid", "name", "date", "csv"))
    if not isinstance(uid, str) or not 0 < len(uid) <= 80:
        raise UploadRefused(gettext("Envoi illisible : identifiant de l'épreuve manquant."))
    if not isinstance(name, str) or not 0 < len(name.strip()) <= 200:
        raise UploadRefused(gettext("Envoi illisible : nom de l'épreuve manquant."))
    date = None
    if day not in (None, ""):
        try:
            date = dt.date.fromisoformat(str(day))
        except ValueError:
            raise UploadRefused(gettext("Envoi illisible : date invalide.")) from None
    if not isinstance(payload, str) or not payload.strip():
        raise UploadRefused(gettext("Envoi illisible : fichier de résultats manquant."))
    if len(payload) > PAYLOAD_CHARS:
        raise UploadRefused(gettext("Fichier de résultats trop volumineux."), status=413)
    return uid, name.strip(), date, payload


def _readable(payload: str) -> None:
    """Refuse at once (422) a file the ranking could not read, so that the club knows."""
    try:
        results.read_file(payload.encode("utf-8"))
    except (Refusal, results.ResultsRefused, ValueError) as exc:
        raise UploadRefused(
            gettext("Fichier de résultats illisible par le classement : %(reason)s")
            % {"reason": _worded(exc)},
            status=422,
        ) from None


def _worded(exc: Exception) -> str:
    """The reasons of a refusal of results, in one line for the club or the officer."""
    try:
        return " ; ".join(results.refusal_lines(exc)[:5])
    except Exception as other:
        if other is not exc:
            raise
        return str(exc)  # not a refusal of results: a plain ValueError of a reader


@transaction.atomic
def receive(token: ClubToken, data: Any) -> tuple[Upload, bool]:
    """Take a club's upload; ``(upload, created)``. The same event sent again (same ``uid``)
    is the same upload: unchanged, it is only counted; changed while still pending, its
    file is replaced; changed after a decision, it is refused (409)."""
    uid, name, date, payload = _fields(data)
    _readable(payload)
    sha = digest(payload)
    upload = Upload.objects.select_for_update().filter(token__club=token.club, uid=uid).first()
    if upload is None:
        upload = Upload.objects.create(
            token=token, uid=uid, name=name, date=date, payload=payload, digest=sha
        )
        RankingAudit.log(None, gettext_noop("Résultats reçus d'un club"), f"{token.club} — {name}")
        return upload, True
    upload.sent_count += 1
    if sha != upload.digest:
        if upload.status != Upload.Status.PENDING:
            raise UploadRefused(
                gettext(
                    "Cette épreuve a déjà été traitée par la fédération (%(status)s) : "
                    "demandez-lui de la rouvrir."
                )
                % {"status": upload.get_status_display()},
                status=409,
            )
        upload.payload, upload.digest, upload.name, upload.date = payload, sha, name, date
        RankingAudit.log(
            None, gettext_noop("Résultats remplacés par le club"), f"{token.club} — {name}"
        )
    upload.save()
    return upload, False


@transaction.atomic
def accept(user: Any, upload: Upload, reason: str = "") -> RankedEvent:
    """Take the upload into its season (as the officer's import of the same file would),
    then recompute the classification. An event the season already has (closed for the
    ranking on this server, or uploaded or imported before: it counts once) is merged when
    its results are the same (the upload is attached to it, nothing added), refused
    otherwise. A championship with a qualifying phase with players it does not admit
    (seed 002, A.3.2) is refused unless ``reason`` says why they stay."""
    upload = Upload.objects.select_for_update().get(pk=upload.pk)
    if upload.status != Upload.Status.PENDING:
        raise UploadRefused(gettext("Cet envoi a déjà été traité."))
    target = f"{upload.token.club} — {upload.name}"
    try:
        imported = results.read_file(upload.payload.encode("utf-8"), name=upload.name)
        event = imported.event
        if event.date is not None:
            first = results.already_ranked(results.season_for(event.date), event)
            if first is not None:
                if not _same_results(results.engine_event(first), event):
                    raise results.same_event_refusal(first)
                upload.reason = (
                    gettext(
                        "Épreuve déjà classée (%(source)s) : envoi rattaché, elle ne compte "
                        "qu'une fois."
                    )
                    % {"source": first.source_name or first.get_source_display()}
                )[:300]
                _decided(user, upload, first)
                RankingAudit.log(
                    user,
                    gettext_noop("Envoi de club rattaché à une épreuve déjà classée"),
                    target,
                    after={"event": first.pk},
                )
                return first
        refused = admission.refused(
            event.type.code,
            [(r.entry.licence, f"{r.entry.name} {r.first_name}".strip()) for r in imported.rows],
        )
        if refused and not reason.strip():
            raise results.ResultsRefused(
                gettext_noop(
                    "%(count)s joueur(s) non admis à ce championnat (règlement fédéral "
                    "A.3.2) : donnez le motif de leur maintien, ou refusez l'envoi."
                ),
                tuple(refused),
                count=len(refused),
            )
        ranked = results.store_event(
            user,
            imported,
            RankedEvent.Source.IMPORT,
            source_name=f"{upload.token.club} — {upload.name}",
        )
    except (Refusal, results.ResultsRefused, ValueError) as exc:
        raise UploadRefused(_worded(exc)) from None
    _decided(user, upload, ranked)
    RankingAudit.log(
        user,
        gettext_noop("Envoi de club accepté"),
        target,
        reason=reason.strip()[:300] if refused else "",
    )
    standings.recompute(user, ranked.season)
    return ranked


def _same_results(a: Event, b: Event) -> bool:
    """The same event with the same results: type, games, overseas mark and every place."""
    return (a.type.code, a.games, a.overseas) == (b.type.code, b.games, b.overseas) and sorted(
        (e.place, e.licence, e.series) for e in a.entries
    ) == sorted((e.place, e.licence, e.series) for e in b.entries)


def _decided(user: Any, upload: Upload, ranked: RankedEvent) -> None:
    upload.status, upload.ranked_event = Upload.Status.ACCEPTED, ranked
    upload.decided_at, upload.decided_by = timezone.now(), user
    upload.save()


def reject(user: Any, upload: Upload, reason: str) -> None:
    reason = reason.strip()
    if not reason:
        raise UploadRefused(gettext("Donnez la raison du refus : le club la verra."))
    if upload.status != Upload.Status.PENDING:
        raise UploadRefused(gettext("Cet envoi a déjà été traité."))
    upload.status, upload.reason = Upload.Status.REJECTED, reason[:300]
    upload.decided_at, upload.decided_by = timezone.now(), user
    upload.save()
    RankingAudit.log(
        user,
        gettext_noop("Envoi de club refusé"),
        f"{upload.token.club} — {upload.name}",
        reason=reason,
    )


def answer(upload: Upload) -> dict[str, Any]:
    """What the club's server is told about its upload."""
    return {
        "uid": upload.uid,
        "status": upload.status,
        "reason": upload.reason,
        "received": upload.sent_count,
    }
