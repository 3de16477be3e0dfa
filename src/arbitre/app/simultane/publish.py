"""The federation's side: a simultané published with its games sealed, the centres admitted,
and the code released at the official start (docs/simultanes.md). Every change is in the
ranking's audit log."""

from __future__ import annotations

import datetime as dt
import json
import secrets
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from arbitre.app import wordlists
from arbitre.app.duplicate.services import worded
from arbitre.app.federation.models import ClubToken
from arbitre.app.ranking.models import RankingAudit
from arbitre.app.simultane import merged
from arbitre.app.simultane.models import Centre, Simultane, SimultaneGame
from arbitre.common.messages import Refusal
from arbitre.duplicate import record as game_record
from arbitre.duplicate import sealed, short_code
from arbitre.ranking import simultane as rules

#: The largest games file the officer uploads (a game record is a few tens of kilobytes).
RECORD_CHARS = 1024 * 1024


class PublishRefused(ValueError):
    """A simultané, an admission or a key request refused; the message is French.
    ``status`` is the API's answer."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def predrawn_games(texts: list[str]) -> list[dict[str, Any]]:
    """The games files (records of ``arbitre duplicate autoplay --json`` or of a played
    game) as pre-drawn records, each replayed on this server's word list so that a centre
    never meets a bad game at the start."""
    lexicon = wordlists.lexicon_at("")
    games = []
    for number, text in enumerate(texts, start=1):
        try:
            if len(text) > RECORD_CHARS:
                raise PublishRefused(gettext("fichier trop volumineux"))
            record = game_record.as_predrawn(game_record.loads(text))
            game_record.replay(record, lexicon, check_lexicon=True)
        except (Refusal, PublishRefused) as exc:
            reason = worded(exc.message) if isinstance(exc, Refusal) else str(exc)
            raise PublishRefused(
                gettext("Partie %(number)s refusée : %(reason)s")
                % {"number": number, "reason": reason}
            ) from None
        games.append(record)
    return games


def _new_code() -> str:
    return short_code.parse(short_code.from_number(secrets.randbelow(10**short_code.SECRET_DIGITS)))


@transaction.atomic
def publish(
    user: Any,
    name: str,
    type_code: str,
    starts_at: dt.datetime,
    seconds_per_move: int,
    texts: list[str],
    later_starts: list[dt.datetime] | None = None,
) -> Simultane:
    """A new simultané, each game sealed under its own fresh code (sealed file version 2)
    and released at its own official start: game 1 at ``starts_at``, the next ones at
    ``later_starts`` (each after the one before; without them, every game at
    ``starts_at``). Seed 002, A.2.1, A.2.3, A.5: its type among the simultanés', which
    fixes M or D (B.3.2)."""
    name, type_code = name.strip(), type_code.strip().upper()
    later = list(later_starts or [])
    if later and len(later) != len(texts) - 1:
        raise PublishRefused(
            gettext(
                "%(count)s heure(s) de début pour les parties suivantes, %(expected)s attendue(s)."
            )
            % {"count": len(later), "expected": len(texts) - 1}
        )
    starts = [starts_at, *later] if later else [starts_at] * len(texts)
    try:
        aware = all(t.tzinfo is not None for t in starts)
        rules.check(name, type_code, len(texts), seconds_per_move, aware=aware)
        if later:
            rules.check_game_starts(starts_at, starts)
    except Refusal as exc:
        raise PublishRefused(worded(exc.message)) from None
    games = predrawn_games(texts)
    uid = f"sim-{secrets.token_hex(8)}"
    codes = [_new_code() for _ in games]
    header = sealed.Header(
        uid=uid,
        name=name[:200],
        type_code=type_code,
        starts_at=starts_at.astimezone(dt.UTC),
        seconds_per_move=seconds_per_move,
        games=len(games),
        game_starts=tuple(t.astimezone(dt.UTC) for t in starts),
    )
    made = sealed.seal_each(
        header,
        games,
        codes,
        sealed.Kdf(salt=b""),
        [secrets.token_bytes(sealed.SALT_BYTES) for _ in games],
        [secrets.token_bytes(sealed.NONCE_BYTES) for _ in games],
    )
    simultane = Simultane.objects.create(
        uid=uid,
        name=header.name,
        type_code=type_code,
        starts_at=header.starts_at,
        seconds_per_move=seconds_per_move,
        games=len(games),
        code=codes[0],
        sealed=sealed.dumps(made),
        created_by=user,
    )
    SimultaneGame.objects.bulk_create(
        SimultaneGame(simultane=simultane, number=n, starts_at=t, code=c)
        for n, (t, c) in enumerate(zip(header.game_starts, codes, strict=True), start=1)
    )
    RankingAudit.log(
        user,
        gettext_noop("Simultané publié"),
        name,
        after={
            "type": type_code,
            "début": header.starts_at.isoformat(),
            "parties": len(games),
            "débuts des parties": [t.isoformat() for t in header.game_starts],
        },
    )
    return simultane


def clubs_with_keys() -> list[str]:
    """The clubs that have an active key on this server (those that can be admitted)."""
    found = ClubToken.objects.filter(active=True).values_list("club", flat=True)
    return sorted(set(found))


@transaction.atomic
def admit(user: Any, simultane: Simultane, club: str) -> Centre:
    """Admit ``club`` (a club with an active key) as a centre of the simultané."""
    club = club.strip()
    if not ClubToken.objects.filter(club=club, active=True).exists():
        raise PublishRefused(
            gettext("Le club « %(club)s » n'a pas de clé active : créez-la d'abord.")
            % {"club": club}
        )
    centre, created = Centre.objects.get_or_create(simultane=simultane, club=club)
    if not created:
        raise PublishRefused(gettext("Ce club est déjà un centre du simultané."))
    RankingAudit.log(user, gettext_noop("Centre admis au simultané"), f"{simultane.name} — {club}")
    return centre


@transaction.atomic
def remove(user: Any, centre: Centre) -> None:
    target = f"{centre.simultane.name} — {centre.club}"
    centre.delete()
    RankingAudit.log(user, gettext_noop("Centre retiré du simultané"), target)


def admitted(token: ClubToken) -> QuerySet[Simultane]:
    """The simultanés whose centres include the club of ``token``."""
    return Simultane.objects.filter(centres__club=token.club).order_by("starts_at", "pk")


def for_centre(token: ClubToken, uid: str) -> Simultane:
    found = admitted(token).filter(uid=uid).first()
    if found is None:
        raise PublishRefused(
            gettext("Simultané inconnu, ou ce club n'en est pas un centre."), status=404
        )
    return found


def game_releases(simultane: Simultane) -> list[tuple[int, dt.datetime, str]]:
    """(number, official start, code) of each game; a simultané sealed in version 1 has one
    code opening every game at its start."""
    found = [(g.number, g.starts_at, g.code) for g in simultane.releases.all()]
    return found or [
        (n, simultane.starts_at, simultane.code) for n in range(1, simultane.games + 1)
    ]


def _release_of(simultane: Simultane, number: int) -> tuple[dt.datetime, str]:
    for n, start, code in game_releases(simultane):
        if n == number:
            return start, code
    raise PublishRefused(
        gettext("Le simultané « %(name)s » n'a pas de partie %(number)s.")
        % {"name": simultane.name, "number": number},
        status=404,
    )


def code_if_released(simultane: Simultane, now: dt.datetime | None = None) -> str | None:
    """The codes released at ``now`` (each game's from its own official start on), to be
    read by phone, else None: nobody sees a code before its game's start. One game: its
    code; several: « partie 1 : … ; partie 2 : … » for the games started."""
    now = now or timezone.now()
    listed = game_releases(simultane)
    shown = [(n, short_code.grouped(c)) for n, t, c in listed if rules.released(now, t)]
    if not shown:
        return None
    if len(listed) == 1 or len({c for _, _, c in listed}) == 1:
        return shown[0][1]
    return " ; ".join(
        gettext("partie %(number)s : %(code)s") % {"number": n, "code": c} for n, c in shown
    )


def not_started(simultane: Simultane, number: int = 1) -> str:
    """Why the key of game ``number`` is not given yet, with its start in the server's
    time zone."""
    start = timezone.localtime(_release_of(simultane, number)[0])
    values = {
        "name": simultane.name,
        "number": number,
        "day": start.strftime("%d/%m/%Y"),
        "hour": start.strftime("%H:%M"),
        "zone": timezone.get_current_timezone_name().rpartition("/")[2],
    }
    if number == 1:
        return (
            gettext(
                "Le simultané « %(name)s » n'a pas commencé : la clé sera donnée à son début "
                "officiel, le %(day)s à %(hour)s (heure de %(zone)s)."
            )
            % values
        )
    return (
        gettext(
            "La partie %(number)s du simultané « %(name)s » n'a pas commencé : sa clé sera "
            "donnée à son début officiel, le %(day)s à %(hour)s (heure de %(zone)s)."
        )
        % values
    )


def release(token: ClubToken, uid: str, now: dt.datetime | None = None, number: int = 1) -> str:
    """The code of game ``number`` of the simultané ``uid`` for an admitted centre, from
    that game's official start on (checked on this server's clock); before it,
    :class:`PublishRefused` (403) saying when. The first release to each centre is noted."""
    simultane = for_centre(token, uid)
    start, code = _release_of(simultane, number)
    if not rules.released(now or timezone.now(), start):
        raise PublishRefused(not_started(simultane, number), status=403)
    with transaction.atomic():
        noted = Centre.objects.filter(
            simultane=simultane, club=token.club, key_fetched_at=None
        ).update(key_fetched_at=timezone.now())
        if noted:  # the officer's page shows when each centre received the key
            merged.bump(simultane.pk)
    return short_code.grouped(code)


def summary(simultane: Simultane) -> dict[str, Any]:
    """What a centre is told of a simultané it is admitted to (no code, no game)."""
    return {
        "uid": simultane.uid,
        "name": simultane.name,
        "type": simultane.type_code,
        "starts_at": simultane.starts_at.isoformat(),
        "seconds_per_move": simultane.seconds_per_move,
        "games": simultane.games,
        "game_starts": [t.isoformat() for _, t, _ in game_releases(simultane)],
    }


def sealed_file(simultane: Simultane) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(simultane.sealed)
    return data
