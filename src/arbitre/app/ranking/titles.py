"""Titles and medals at an event of the season (issue 20, part 5): designated by the engine
(:func:`arbitre.ranking.titles.designate`, seed 002 A.3 and A.4) from the event's rows and
the licensees' nationality and age category; the play-off, Grand Prix or drawing of lots
that settles a tie is recorded here, audited."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from arbitre.app.ranking.models import Licensee, RankedEvent, RankingAudit
from arbitre.ranking.events import Entry
from arbitre.ranking.licensees import LicenseeRecord
from arbitre.ranking.results_import import ImportedRow
from arbitre.ranking.titles import (
    Championship,
    Decider,
    PlayoffResult,
    TieDecision,
    Title,
    TitleError,
    TitleSettings,
    contenders_from,
    designate,
)

CHAMPIONSHIPS = (
    (Championship.OTHER.value, _("autre épreuve fédérale (les ex aequo restent ex aequo)")),
    (Championship.INDIVIDUAL.value, _("Championnat de France individuel")),
    (Championship.BLITZ.value, _("Championnat de France de blitz")),
    (Championship.PAIRS.value, _("Championnat de France par paires")),
    (Championship.ORIGINAL.value, _("Championnat de France en parties originales")),
    (Championship.ESPOIRS.value, _("Championnat de France des espoirs")),
    (Championship.VERMEIL.value, _("Championnat de France Vermeil et Diamant")),
    (Championship.PROMOTION.value, _("Championnat de France Promotion")),
)
DECIDERS = (
    (Decider.PLAYOFF.value, _("épreuve en mort subite")),
    (Decider.GRAND_PRIX.value, _("Grand Prix qui suit l'épreuve")),
    (Decider.LOTS.value, _("tirage au sort (départage refusé)")),
)


def settings_of(ranked: RankedEvent) -> TitleSettings:
    return TitleSettings(Championship(ranked.championship), ranked.national, ranked.country)


def decisions_of(ranked: RankedEvent) -> dict[str, TieDecision]:
    return {
        key: TieDecision(Decider(d["decider"]), d.get("winner"))
        for key, d in (ranked.title_decisions or {}).items()
    }


def contenders(ranked: RankedEvent) -> list[Any]:
    rows = list(ranked.rows.all())
    licences = {r.licence for r in rows if r.licence}
    people = {
        p.licence: LicenseeRecord(
            line=0,
            licence=p.licence,
            name=p.name,
            category=p.category,
            nationality=p.nationality,
        )
        for p in Licensee.objects.filter(licence__in=licences)
    }
    imported = [
        ImportedRow(
            r.line,
            Entry(r.place, r.licence, r.name, r.series, r.tier, r.pair),
            r.first_name,
            r.club,
            r.category,
            r.tops_lost,
            r.total,
        )
        for r in rows
    ]
    return contenders_from(imported, people)


def titles_of(ranked: RankedEvent, decisions: dict[str, TieDecision] | None = None) -> list[Title]:
    """The event's titles and podiums with its recorded decisions (a :class:`TitleError`
    when a decision no longer fits)."""
    return designate(
        contenders(ranked),
        settings_of(ranked),
        decisions_of(ranked) if decisions is None else decisions,
    )


@transaction.atomic
def set_settings(
    user: Any, ranked: RankedEvent, championship: str, national: bool, country: str
) -> None:
    """Change what the event is for its titles; the recorded decisions are cleared (they
    were taken for other ties)."""
    before = {
        "championship": ranked.championship,
        "national": ranked.national,
        "country": ranked.country,
        "decisions": ranked.title_decisions,
    }
    ranked.championship = Championship(championship).value
    ranked.national = national
    letters = "".join(c for c in country.upper() if "A" <= c <= "Z")[:3]
    ranked.country = letters if len(letters) >= 2 else "FR"
    ranked.title_decisions = {}
    ranked.save(update_fields=["championship", "national", "country", "title_decisions"])
    RankingAudit.log(
        user,
        gettext_noop("Titres : épreuve réglée"),
        str(ranked),
        before=before,
        after={"championship": championship, "national": national, "country": ranked.country},
    )


def arbitre_playoff(ranked: RankedEvent) -> tuple[Any, PlayoffResult] | None:
    """The title play-off played in Arbitre for the event ranked here, when its game is
    over: (the play-off's Duplicate event, its result); None otherwise."""
    from arbitre.app.duplicate import playoff
    from arbitre.app.duplicate.models import DuplicateEvent

    if ranked.duplicate_event_id is None:
        return None
    dup = DuplicateEvent.objects.filter(event_id=ranked.duplicate_event_id).first()
    for played in playoff.playoffs_of(dup) if dup is not None else []:
        result = playoff.playoff_result(played)
        if result is not None:
            return played, result
    return None


def playoff_score(result: PlayoffResult) -> str:
    """The play-off's score, as the audit log and the titles page show it."""
    return " – ".join(f"{lic} {total}" for lic, total in sorted(result.totals.items()))


@transaction.atomic
def carry_playoff(user: Any, ranked: RankedEvent) -> PlayoffResult | None:
    """Record the winner of the title play-off played in Arbitre as the decision of the
    overall title (seed 002, A.4), with its score; still level after its full game: ex
    aequo for good. None (nothing recorded) when no play-off is over, or when the title has
    no such tie any more (the engine refuses the decision)."""
    found = arbitre_playoff(ranked)
    if found is None:
        return None
    played, result = found
    decisions = decisions_of(ranked)
    decisions["overall"] = TieDecision(Decider.PLAYOFF, result.winner)
    try:
        titles_of(ranked, decisions)
    except TitleError:
        return None
    stored = dict(ranked.title_decisions or {})
    stored["overall"] = {
        "decider": Decider.PLAYOFF.value,
        "winner": result.winner,
        "score": playoff_score(result),
        "move": result.decided_at,
        "playoff": played.event_id,
    }
    ranked.title_decisions = stored
    ranked.save(update_fields=["title_decisions"])
    RankingAudit.log(
        user,
        gettext_noop("Titre départagé par l'épreuve de départage d'Arbitre"),
        str(ranked),
        after={"title": "overall", **stored["overall"]},
    )
    return result


@transaction.atomic
def record_decision(user: Any, ranked: RankedEvent, key: str, decider: str, winner: str) -> None:
    """Record how a title tie was settled (seed 002, A.4): the play-off's, the Grand Prix's
    or the drawing of lots' winner, or none (still level after a full play-off game).
    Refused (:class:`TitleError`) when the title has no such tie."""
    decisions = decisions_of(ranked)
    decisions[key] = TieDecision(Decider(decider), winner or None)
    titles_of(ranked, decisions)  # the engine refuses a decision that fits no tie
    ranked.title_decisions = {
        k: {"decider": d.decider.value, "winner": d.winner} for k, d in decisions.items()
    }
    ranked.save(update_fields=["title_decisions"])
    RankingAudit.log(
        user,
        gettext_noop("Titre départagé"),
        str(ranked),
        after={"title": key, "decider": decider, "winner": winner or None},
    )


__all__ = [
    "CHAMPIONSHIPS",
    "DECIDERS",
    "carry_playoff",
    "TitleError",
    "record_decision",
    "set_settings",
    "titles_of",
]
