"""What each paired game tells the shared round machinery: its engine calls, its pages.

The shared services and views of :mod:`arbitre.app.rounds` never ask which game they serve;
they call the :class:`PairedGame` they are given (the Classic one lives in
:mod:`arbitre.app.classic.game`, the backgammon one in :mod:`arbitre.app.backgammon.game`).
Each game's URL module passes its instance to the shared views.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from arbitre.common.players_csv import LineError

if TYPE_CHECKING:
    from django import forms
    from django.http import HttpRequest

    from arbitre.app.rounds.models import Entrant, Round, Table, Tournament


User: TypeAlias = AbstractBaseUser | AnonymousUser


@dataclass
class PlayerRow:
    name: str
    rating: int
    starred: bool = False
    club: str = ""
    licence: str = ""


@dataclass
class ImportReport:
    """The rows of a players file, or the errors of its bad lines (worded by the view)."""

    rows: list[PlayerRow] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)


@dataclass
class StoredPairing:
    """A round's pairing as the engine gave it, ready to store: the round's explanation
    lines (message dicts), the ranking order it used, and one dict of fields per table."""

    explain: list[Any]
    order: list[str]
    tables: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class ResultFields:
    """The fields of a table's result once the game's engine has checked the entry."""

    forfeit: str
    score_a: int | None
    score_b: int | None
    winner: str = ""
    late_a: int = 0
    late_b: int = 0
    penalty_a: int = 0
    penalty_b: int = 0
    loss: str = ""
    loss_cause: str = ""
    #: Who starts each game, when the result decides it (a toss at the table); None: unchanged.
    starts: list[str] | None = None
    #: backgammon: how a match ended before its end, the force-majeure hour granted (1.8),
    #: the minutes taken off each clock for lateness (clock rules 1.3)
    ended: str = ""
    excused_a: bool = False
    excused_b: bool = False
    clock_minutes_a: float = 0
    clock_minutes_b: float = 0


@dataclass(frozen=True)
class HistoryLine:
    """One round of a player's public history, worded for the page."""

    round: int
    table: int
    opponent: str
    result: str
    score: str
    points: str


class PairedGame:
    """The interface each paired game implements (see the module docstring)."""

    kind: ClassVar[str]
    """The :class:`~arbitre.app.events.models.Event.Kind` value of the game's events."""
    namespace: ClassVar[str]
    """The URL namespace of the game's pages."""
    url_prefix: ClassVar[str]
    """The first segment of the game's URLs (``classique``, ``backgammon``)."""
    templates: ClassVar[str]
    """The template directory of the game's pages (they extend the shared ones)."""
    creation_form: ClassVar[type[forms.Form]]
    creation_title: ClassVar[str]
    player_form: ClassVar[type[forms.Form]]
    """The form that registers one player."""

    # wording of the shared pages
    rating_label: ClassVar[str]  # column title: "Cote", "ELO"
    rating_name: ClassVar[str]  # in a sentence: "cote", "ELO"
    rating_column: ClassVar[str]  # column of the players file: "cote", "elo"
    sheets_label: ClassVar[str]  # "Feuilles de score", "Feuilles de match"
    knockout_title: ClassVar[str]
    public_knockout_title: ClassVar[str]
    start_knockout_label: ClassVar[str]
    standings_legend: ClassVar[str]
    shows_starters: ClassVar[bool] = False
    """Whether the pairing names who starts (seed 000, 3.1)."""

    def has_knockout(self, t: Tournament) -> bool:
        """Whether the event ends with a final stage."""
        return True

    def clean_settings(self, form: forms.Form) -> None:
        """Add errors to a valid creation form whose settings the game refuses."""

    def check_registration(self, t: Tournament, rows: list[PlayerRow]) -> None:
        """Refuse (:class:`~arbitre.app.rounds.services.ServiceError`) a registration."""
        raise NotImplementedError

    def parse_players(self, data: bytes) -> Any:
        """The rows of a players file (an ``ImportReport``)."""
        raise NotImplementedError

    def effective_rounds(self, t: Tournament, players: int) -> int:
        raise NotImplementedError

    def pair(self, t: Tournament, number: int, entrants: list[Entrant]) -> StoredPairing:
        raise NotImplementedError

    def starters(self, t: Tournament, rnd: Round, tb: Table) -> list[str]:
        """Who starts each game at a table changed by the director (empty: no such rule)."""
        return []

    def read_result(self, request: HttpRequest) -> dict[str, Any]:
        """The result fields of a result form, as typed values."""
        raise NotImplementedError

    def check_result(self, t: Tournament, tb: Table, entry: dict[str, Any]) -> ResultFields:
        raise NotImplementedError

    def standings_rows(self, t: Tournament) -> tuple[list[dict[str, Any]], bool]:
        raise NotImplementedError

    def standings_csv(self, rows: list[dict[str, Any]]) -> list[list[Any]]:
        """The header (worded in the user's language) and rows of the standings CSV."""
        raise NotImplementedError

    def results_csv(self, t: Tournament) -> str:
        raise NotImplementedError

    def history(self, t: Tournament, name: str) -> list[HistoryLine]:
        raise NotImplementedError

    def knockout_view(self, t: Tournament) -> dict[str, Any]:
        """The final stage for display: ``{"stages": [(title, rows), ...]}``."""
        raise NotImplementedError

    def knockout_started(self, t: Tournament) -> bool:
        return bool(t.bracket_started or t.final_started)

    def knockout_csv(self, t: Tournament) -> str | None:
        """The final stage's results file in the game's own format (read back by its CLI),
        or ``None`` for the bracket results format (``match,vainqueur,manches``)."""
        return None

    def start_knockout(self, t: Tournament, user: User) -> str:
        """Start the final stage; returns the success message."""
        raise NotImplementedError

    def record_knockout(
        self, t: Tournament, match_id: str, winner: str, scores: str, user: User
    ) -> str:
        """Record a final-stage result; returns the success message."""
        raise NotImplementedError

    def undo_knockout(self, t: Tournament, match_id: str, user: User) -> None:
        raise NotImplementedError

    #: The director may correct a final-stage result in place (the page offers it).
    corrects_knockout: ClassVar[bool] = False

    def correct_knockout(self, t: Tournament, match_id: str, scores: str, user: User) -> str:
        """Replace a final-stage result by the scores given (audited before, after); returns
        the success message (only for the games whose :attr:`corrects_knockout` is set)."""
        raise NotImplementedError

    def sheet_context(self, t: Tournament) -> dict[str, Any]:
        """Extra context of the printed score or match sheets."""
        return {}
