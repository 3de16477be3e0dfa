"""Federation Duplicate ranking (seed 002): ranking points, PP4, %Sn, series and tiers.

Pure engine: build :class:`Event` and :class:`Licensee` values (or read them with
:mod:`arbitre.ranking.csvformat`), call :func:`score_event` for one event or
:func:`compute_season` for a season and its classification, and :func:`explanation` for the
chain of figures behind a player's series.

>>> from arbitre.ranking import Entry, Event, event_type, score_event
>>> th = Event(event_type("TH"), 3, (Entry(1, "123", "Alice", 1, "A"), Entry(2, "456", "Bob", 4, "B")))
>>> [(s.entry.name, s.points) for s in score_event(th).scores]
[('Alice', 4), ('Bob', 2)]
"""

from arbitre.ranking.classification import Candidate, Placement, Settings, classify, quota_counts
from arbitre.ranking.events import (
    EVENT_TYPES,
    Entry,
    EntryScore,
    Event,
    EventScore,
    EventType,
    PctFigure,
    RankingError,
    event_type,
    event_weight,
    ranking_points,
    score_event,
)
from arbitre.ranking.explain import explanation, format_explanation
from arbitre.ranking.season import (
    Licensee,
    PlayerSeason,
    Reliquat,
    SeasonResult,
    carry_floors,
    compute_season,
    decay,
    derive_quotas,
    next_reliquats,
    season_of,
)

__all__ = [
    "EVENT_TYPES",
    "Candidate",
    "Entry",
    "EntryScore",
    "Event",
    "EventScore",
    "EventType",
    "Licensee",
    "PctFigure",
    "Placement",
    "PlayerSeason",
    "RankingError",
    "Reliquat",
    "SeasonResult",
    "Settings",
    "carry_floors",
    "classify",
    "compute_season",
    "decay",
    "derive_quotas",
    "event_type",
    "event_weight",
    "explanation",
    "format_explanation",
    "next_reliquats",
    "quota_counts",
    "ranking_points",
    "score_event",
    "season_of",
]
