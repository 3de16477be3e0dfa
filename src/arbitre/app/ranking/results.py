"""Results in (issue 20, part 2): an event's results, from a Duplicate event run in
Arbitre or from a results file, stored as a :class:`RankedEvent` of its season with one
:class:`ResultRow` per player, keyed by licence; every write audited."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils.translation import get_language, gettext, gettext_noop

from arbitre.app.ranking.models import Licensee, RankedEvent, RankingAudit, ResultRow, Season
from arbitre.common.messages import Message, Refusal
from arbitre.i18n import word, word_line
from arbitre.ranking.events import Entry, Event, event_type, same_event
from arbitre.ranking.results_import import (
    ARBITRE,
    ImportedEvent,
    ImportRefused,
    decode_text,
    import_results,
    looks_like_arbitre_export,
    parse_mapping,
)
from arbitre.ranking.season import season_of


class ResultsRefused(ValueError):
    """Results that cannot be taken: a message (worded by the view), and the engine's
    ``details`` (each player refused); nothing stored."""

    def __init__(self, message: str, details: tuple[Message, ...] = (), **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.params = params
        self.details = details


def refusal_lines(exc: Exception) -> list[str]:
    """A refusal of results worded in the page's language: every bad line of a file, or
    the one reason. Raises ``exc`` again when it is no refusal of results."""
    lang = get_language()
    if isinstance(exc, ImportRefused):
        return [word_line(error, lang) for error in exc.errors]
    if isinstance(exc, Refusal):
        return [word(exc.message, lang)]
    if isinstance(exc, ResultsRefused):
        return [gettext(exc.message) % exc.params] + [word(m, lang) for m in exc.details]
    raise exc


def known_licences() -> dict[str, tuple[int, str]]:
    """The federation's licences and their (series, tier), for the results reader."""
    return {lic: (s, t) for lic, s, t in Licensee.objects.values_list("licence", "series", "tier")}


def season_for(day: dt.date) -> Season:
    """The season of ``day`` (seed 002, A.1: 1 September to 31 August), created with the
    previous season's derived quotas when it has them; refused when already closed."""
    year = season_of(day)
    season = Season.objects.filter(year=year).first()
    if season is None:
        previous = Season.objects.filter(year=year - 1).first()
        season = Season.objects.create(year=year)
        if previous is not None and previous.closed:
            season.quota_s1 = _or(previous.next_quota_s1, season.quota_s1)
            season.quota_s2 = _or(previous.next_quota_s2, season.quota_s2)
            season.quota_s3 = _or(previous.next_quota_s3, season.quota_s3)
            season.save()
    if season.closed:
        raise ResultsRefused(gettext_noop("La saison %(season)s est close."), season=str(season))
    return season


def read_file(
    data: bytes,
    mapping_text: str = "",
    *,
    name: str = "",
    type_code: str | None = None,
    games: int | None = None,
    date: dt.date | None = None,
    overseas: bool | None = None,
) -> ImportedEvent:
    """The event of a results file: Arbitre's own export as it is, another program's
    through a column mapping (:func:`arbitre.ranking.results_import.parse_mapping`).
    Raises the engine's :class:`ImportRefused` / :class:`MappingRefused`."""
    text = decode_text(data)
    if mapping_text.strip():
        mapping = parse_mapping(mapping_text)
    elif text is not None and looks_like_arbitre_export(text):
        mapping = ARBITRE
    else:
        raise ResultsRefused(
            gettext_noop(
                "Ce fichier n'est pas un export d'Arbitre : donnez la correspondance des colonnes."
            )
        )
    return import_results(
        data,
        mapping,
        name=name,
        known=known_licences(),
        type_code=type_code,
        games=games,
        date=date,
        overseas=overseas,
    )


@transaction.atomic
def store_event(
    user: Any,
    imported: ImportedEvent,
    source: str,
    source_name: str = "",
    duplicate_event: Any = None,
) -> RankedEvent:
    """Store an imported event in its season: every row kept, unknown licences included.
    Refused when the season already has this event (:func:`already_ranked`): an event
    counts once, whichever way it came in (closure, a club's upload, an import)."""
    ev = imported.event
    if ev.date is None:
        raise ResultsRefused(gettext_noop("La date de l'épreuve manque."))
    season = season_for(ev.date)
    first = already_ranked(season, ev)
    if first is not None:
        raise same_event_refusal(first)
    ranked = RankedEvent.objects.create(
        season=season,
        name=ev.name or source_name or ev.type.code,
        type_code=ev.type.code,
        games=ev.games,
        date=ev.date,
        overseas=ev.overseas,
        uid=ev.uid[:80],
        source=source,
        source_name=source_name[:200],
        duplicate_event=duplicate_event,
    )
    ResultRow.objects.bulk_create(
        ResultRow(
            event=ranked,
            line=r.line,
            place=r.entry.place,
            licence=r.entry.licence,
            name=r.entry.name,
            first_name=r.first_name,
            club=r.club,
            series=r.entry.series,
            tier=r.entry.tier,
            pair=r.entry.pair,
            category=r.category,
            tops_lost=r.tops_lost,
            total=r.total,
        )
        for r in imported.rows
    )
    RankingAudit.log(
        user,
        gettext_noop("Épreuve ajoutée au classement"),
        str(ranked),
        after={
            "event": ranked.pk,
            "type": ranked.type_code,
            "games": ranked.games,
            "rows": len(imported.rows),
            "unknown": len(imported.unknown),
            "source": source_name or source,
            "overseas": ranked.overseas,
            "uid": ranked.uid,
        },
    )
    return ranked


def engine_event(ranked: RankedEvent) -> Event:
    """A stored event as the engine's :class:`~arbitre.ranking.events.Event`."""
    rows = ranked.rows.order_by("place", "line").values_list(
        "place", "licence", "name", "series", "tier", "pair"
    )
    return Event(
        event_type(ranked.type_code),
        ranked.games,
        tuple(Entry(*row) for row in rows),
        ranked.date,
        ranked.name,
        ranked.overseas,
        ranked.uid,
    )


def already_ranked(season: Season, event: Event) -> RankedEvent | None:
    """The event of ``season`` that ``event`` repeats (same Arbitre identity, else same date,
    licences and name or places: :func:`~arbitre.ranking.events.same_event`), if any."""
    candidates = RankedEvent.objects.filter(season=season)
    if event.uid:
        candidates = candidates.filter(Q(uid=event.uid) | Q(uid="", date=event.date))
    else:
        candidates = candidates.filter(date=event.date)
    return next((r for r in candidates if same_event(engine_event(r), event)), None)


def same_event_refusal(first: RankedEvent) -> ResultsRefused:
    """The refusal of a second entry of ``first``'s event, naming it and the way out."""
    return ResultsRefused(
        gettext_noop(
            "Cette épreuve est déjà dans la saison %(season)s : « %(name)s » du %(date)s "
            "(%(source)s). Une épreuve ne compte qu'une fois ; pour la remplacer, retirez "
            "d'abord celle-ci de la saison."
        ),
        season=str(first.season),
        name=first.name,
        date=first.date.strftime("%d/%m/%Y"),
        source=first.source_name or first.get_source_display(),
    )


def unknown_rows(event: RankedEvent | None = None, limit: int | None = None) -> list[ResultRow]:
    """Rows whose licence the federation's file does not know (or that have none), in the
    database (a subquery, not the licences in memory)."""
    rows = (
        ResultRow.objects.select_related("event")
        .exclude(licence__in=Licensee.objects.values("licence"))
        .order_by("event_id", "place", "line")
    )
    if event is not None:
        rows = rows.filter(event=event)
    return list(rows if limit is None else rows[:limit])


def unknown_count() -> int:
    return ResultRow.objects.exclude(licence__in=Licensee.objects.values("licence")).count()


@transaction.atomic
def match_row(user: Any, row: ResultRow, licence: str) -> None:
    """Give an unknown row the licence of an existing licensee."""
    from arbitre.ranking.licensees import LICENCE_DIGITS

    if not LICENCE_DIGITS.fullmatch(licence):
        raise ResultsRefused(
            gettext_noop("Licence « %(licence)s » : des chiffres."), licence=licence[:30]
        )
    licensee = Licensee.objects.filter(licence=licence).first()
    if licensee is None:
        raise ResultsRefused(gettext_noop("Licence %(licence)s inconnue."), licence=licence)
    if row.event.rows.filter(licence=licence).exclude(pk=row.pk).exists():
        raise ResultsRefused(
            gettext_noop("La licence %(licence)s est déjà classée dans cette épreuve."),
            licence=licence,
        )
    before = {"licence": row.licence, "name": row.name}
    row.licence = licence
    row.save(update_fields=["licence"])
    RankingAudit.log(
        user,
        gettext_noop("Licence rapprochée"),
        str(row.event),
        before=before,
        after={"licence": licence, "name": licensee.name},
    )


@transaction.atomic
def create_from_row(user: Any, row: ResultRow, licence: str) -> Licensee:
    """Create the licensee an unknown row names (its licence, or the one the officer gives
    to a player who had none), with the row's name, club and series."""
    from arbitre.ranking.licensees import LICENCE_DIGITS

    licence = licence.strip() or row.licence
    if not LICENCE_DIGITS.fullmatch(licence):
        raise ResultsRefused(
            gettext_noop("Licence « %(licence)s » : des chiffres."), licence=licence[:30]
        )
    if Licensee.objects.filter(licence=licence).exists():
        raise ResultsRefused(gettext_noop("La licence %(licence)s existe déjà."), licence=licence)
    if row.event.rows.filter(licence=licence).exclude(pk=row.pk).exists():
        raise ResultsRefused(
            gettext_noop("La licence %(licence)s est déjà classée dans cette épreuve."),
            licence=licence,
        )
    licensee = Licensee.objects.create(
        licence=licence,
        name=row.name or "?",
        first_name=row.first_name,
        club=row.club,
        category=row.category,
        series=row.series,
        tier=row.tier,
        highest_series=row.series,
        first_season=row.event.season.year if row.series == 7 else 0,
    )
    if row.licence != licence:
        row.licence = licence
        row.save(update_fields=["licence"])
    RankingAudit.log(
        user,
        gettext_noop("Licencié créé depuis les résultats"),
        str(licensee),
        after={"licence": licence, "series": row.series, "event": str(row.event)},
    )
    return licensee


@transaction.atomic
def feed_duplicate(
    user: Any,
    dup: Any,
    type_code: str = "",
    overseas: bool | None = None,
    reason: str = "",
) -> RankedEvent:
    """A Duplicate event run in Arbitre feeds its season when its director closes it
    (issue 20, part 2): its results, as its own export carries them (event type, games,
    place with ties, licence, series, date, overseas mark, identity:
    :mod:`arbitre.duplicate.results_csv`), read by the ranking's reader of that export, with
    no file in between. The type and the overseas mark (seed 002, A.5) are remembered on the
    event. Closing it again replaces its results in the season; the same event already in
    the season from its club's upload or an import is refused (it counts once). A
    championship with a qualifying phase refuses the players it does not admit (A.3.2)
    unless ``reason`` says why they stay (recorded in the audit log)."""
    from arbitre.app.duplicate import setup
    from arbitre.app.federation.identity import ranking_results
    from arbitre.app.ranking import admission

    setup.set_ranking(dup, type_code, dup.overseas if overseas is None else overseas, user)
    text = ranking_results(dup)
    imported = import_results(text, ARBITRE, name=dup.event.name, known=known_licences())
    not_admitted = admission.refused(
        imported.event.type.code,
        [(r.entry.licence, f"{r.entry.name} {r.first_name}".strip()) for r in imported.rows],
    )
    reason = reason.strip()
    if not_admitted and not reason:
        raise ResultsRefused(
            gettext_noop(
                "Clôture refusée : %(count)s joueur(s) non admis à ce championnat (règlement "
                "fédéral A.3.2). Retirez-les, ou donnez le motif de leur maintien."
            ),
            tuple(not_admitted),
            count=len(not_admitted),
        )
    previous = RankedEvent.objects.filter(duplicate_event=dup.event).first()
    if previous is not None:
        if previous.season.closed:
            raise ResultsRefused(
                gettext_noop("La saison %(season)s est close."), season=str(previous.season)
            )
        previous.delete()
    ranked = store_event(user, imported, RankedEvent.Source.ARBITRE, duplicate_event=dup.event)
    if not_admitted:
        RankingAudit.log(
            user,
            gettext_noop("Joueurs non admis maintenus avec un motif"),
            str(ranked),
            after={"licences": [m.params["licence"] for m in not_admitted]},
            reason=reason[:300],
        )
    return ranked


def _or(value: float | None, default: float) -> float:
    """A derived quota, which may be 0 (B.1, 2), or the default when there is none."""
    return default if value is None else value
