"""Backgammon as a paired game (seed 003, "Organisation du CDF"): what the shared round pages
ask of it. Every rule is the engine's (:mod:`arbitre.backgammon.championship`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest
from django.utils.formats import get_format
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from arbitre.app.backgammon import bracket, services
from arbitre.app.backgammon.forms import BackgammonForm, BackgammonPlayerForm
from arbitre.app.events.models import Event
from arbitre.app.events.templatetags.wording import stored
from arbitre.app.rounds.games import (
    HistoryLine,
    ImportReport,
    PairedGame,
    PlayerRow,
    ResultFields,
    StoredPairing,
    User,
)
from arbitre.app.rounds.models import Entrant, Table, Tournament
from arbitre.app.rounds.services import (
    ServiceError,
    last_round_number,
    parse_int,
    player_history,
    players_in_play,
    swiss_complete,
)
from arbitre.backgammon import championship as bg
from arbitre.backgammon.championship import csvfiles
from arbitre.backgammon.championship.results import (
    Outcome,
    ResultEntry,
    check_result,
    history,
)
from arbitre.common import Refusal
from arbitre.common.players_csv import PlayersFileError
from arbitre.i18n import word

OUTCOMES = {
    Outcome.WON: _("gagné"),
    Outcome.LOST: _("perdu"),
    Outcome.FORFEIT: _("forfait"),
    Outcome.FORFEIT_WIN: _("gagné par forfait"),
    Outcome.BYE: _("exempt"),
}
"""The outcome of a round in a player's history, worded for the page."""

SET_FIELDS = ("qf_sets", "sf_sets", "final_sets", "consolation_sets")


def decimal(value: float) -> str:
    """``1.5`` -> ``"1,5"`` (the decimal separator of the user's language: a comma in French),
    ``2.0`` -> ``"2"``."""
    return f"{value:g}".replace(".", str(get_format("DECIMAL_SEPARATOR")))


class BackgammonGame(PairedGame):
    kind = str(Event.Kind.BACKGAMMON)
    namespace = "backgammon"
    url_prefix = "backgammon"
    templates = "backgammon"
    creation_form = BackgammonForm
    creation_title = _("Nouveau championnat de backgammon")
    player_form = BackgammonPlayerForm
    rating_label = "ELO"
    rating_name = "ELO"
    rating_column = "elo"
    sheets_label = _("Feuilles de match")
    knockout_title = _("Tableau final et consolante")
    public_knockout_title = _("tableaux")
    start_knockout_label = _("Générer le tableau final")
    standings_legend = _("Départage : D = 20 × Buchholz + performance.")

    def clean_settings(self, form: forms.Form) -> None:
        for key in SET_FIELDS:
            try:
                services.parse_sets(form.cleaned_data[key], str(form.fields[key].label))
            except ServiceError as exc:
                form.add_error(key, str(exc))

    def check_registration(self, t: Tournament, rows: list[PlayerRow]) -> None:
        for row in rows:
            if not bg.model.ELO_MIN <= row.rating <= bg.model.ELO_MAX:
                raise ServiceError(
                    gettext("ELO %(rating)s hors limites (0 à 4000).") % {"rating": row.rating}
                )
        if last_round_number(t) > 0 and t.bracket_started:
            raise ServiceError(
                gettext("Le tableau final est commencé : plus d'inscription possible.")
            )

    def parse_players(self, data: bytes) -> ImportReport:
        """``name,elo[,club,licence]``."""
        try:
            players = csvfiles.parse_players(data)
        except PlayersFileError as exc:
            return ImportReport(errors=exc.errors)
        return ImportReport(
            rows=[PlayerRow(p.name, p.elo, False, p.club, p.licence) for p in players]
        )

    def effective_rounds(self, t: Tournament, players: int) -> int:
        """The director's number, or the seed's seven rounds."""
        return t.rounds or bg.SwissSettings().rounds

    def pair(self, t: Tournament, number: int, entrants: list[Entrant]) -> StoredPairing:
        champ = services.championship(t)
        try:
            pairing = bg.pair_round(champ, number)
        except Refusal as exc:
            raise ServiceError(word(exc.message, get_language())) from None
        explain = [line.as_dict() for line in pairing.explain_lines()]
        stored_pairing = StoredPairing(explain, [s.name for s in bg.standings(champ)])
        for p in pairing.pairs:
            stored_pairing.tables.append(
                {
                    "number": p.table,
                    "a": p.a,
                    "b": p.b or "",
                    "rule": "bye" if p.b is None else "swiss",
                    "explanation": stored(p.explanation),
                    "starts": [],
                }
            )
        return stored_pairing

    def read_result(self, request: HttpRequest) -> dict[str, Any]:
        post = request.POST
        return {
            "forfeit": post.get("forfeit", ""),
            "score_a": parse_int(post.get("score_a")),
            "score_b": parse_int(post.get("score_b")),
            "winner": post.get("winner", "").strip(),
            "late_a": parse_int(post.get("late_a")) or 0,
            "late_b": parse_int(post.get("late_b")) or 0,
            "ended": post.get("ended", ""),
            "excused_a": post.get("excused_a") == "1",
            "excused_b": post.get("excused_b") == "1",
        }

    def check_result(self, t: Tournament, tb: Table, entry: dict[str, Any]) -> ResultFields:
        plain, excused = services.lateness(t)
        try:
            checked = check_result(
                ResultEntry(
                    tb.round.number,
                    tb.a,
                    tb.b,
                    t.match_length,
                    table=tb.number,
                    clocked=t.clocked,
                    lateness=plain,
                    excused_lateness=excused,
                    clock=services.clock_settings(t),
                    **entry,
                )
            )
        except Refusal as exc:
            raise ServiceError(word(exc.message, get_language())) from None
        r = checked.result
        return ResultFields(
            checked.forfeit,
            r.score_a,
            r.score_b,
            checked.winner,
            entry["late_a"],
            entry["late_b"],
            checked.penalty_a,
            checked.penalty_b,
            ended=r.decided,
            excused_a=entry.get("excused_a", False),
            excused_b=entry.get("excused_b", False),
            clock_minutes_a=checked.clock_minutes_a,
            clock_minutes_b=checked.clock_minutes_b,
        )

    def standings_rows(self, t: Tournament) -> tuple[list[dict[str, Any]], bool]:
        """The engine's ranking: points, then D = 20 x Buchholz + performance (seed 003)."""
        entrants = {e.name: e for e in players_in_play(t)}
        rows = []
        for b in services.standings(t):
            e = entrants[b.name]
            rows.append(
                {
                    "rank": b.rank,
                    "ex_aequo": b.tied,
                    "name": b.name,
                    "id": e.pk,
                    "club": e.club,
                    "rating": e.rating,
                    "points": decimal(b.points),
                    "buchholz": decimal(b.buchholz),
                    "performance": b.performance,
                    "d": decimal(b.d),
                    "played": b.played,
                    "withdrawn": b.withdrawn,
                }
            )
        return rows, swiss_complete(t)

    def standings_csv(self, rows: list[dict[str, Any]]) -> list[list[Any]]:
        header = [
            gettext("rang"),
            gettext("ex_aequo"),
            gettext("nom"),
            gettext("club"),
            "elo",
            gettext("points"),
            "buchholz",
            "performance",
            "D",
            gettext("joues"),
        ]
        out: list[list[Any]] = [header]
        for r in rows:
            out.append(
                [
                    r["rank"],
                    int(r["ex_aequo"]),
                    r["name"],
                    r["club"],
                    r["rating"],
                    r["points"],
                    r["buchholz"],
                    r["performance"],
                    r["d"],
                    r["played"],
                ]
            )
        return out

    def results_csv(self, t: Tournament) -> str:
        """The engine's results format, re-readable by ``arbitre backgammon standings``."""
        return csvfiles.format_results(services.championship(t), "fr")

    def history(self, t: Tournament, name: str) -> list[HistoryLine]:
        champ = services.championship(t)
        finished = (
            (
                h.round,
                h.opponent,
                str(OUTCOMES[h.outcome]),
                h.score,
                h.opponent_score,
                decimal(h.points),
            )
            for h in history(
                champ.results, name, champ.settings.bye_points, champ.settings.forfeit_points
            )
        )
        return player_history(t, name, finished)

    def knockout_view(self, t: Tournament) -> dict[str, Any]:
        if not swiss_complete(t):
            return {"stages": []}
        if not t.bracket_started:
            tied, reason = bracket.playoff_needed(t)
            if tied:  # the play-off form, for those players only
                return {"stages": [], "playoff_players": tied, "error": reason}
        b = bracket.brackets(t)
        progress = bracket.sets_in_progress(t)
        stages = []
        for stage, title in (
            ("final", gettext("Tableau final")),
            ("consolation", gettext("Consolante")),
        ):
            rows = []
            for mid in b.ids(stage):
                m = b.matches[mid]
                top, bottom = b.players(mid)
                if top == bottom == "BYE":
                    continue  # an empty place of a small field meets another: no match at all
                bye = "BYE" in (top, bottom)
                rows.append(
                    {
                        "id": mid,
                        "label": word(m.round_name, get_language()),
                        "top": _shown(top) or _slot_label(m.top),
                        "bottom": _shown(bottom) or _slot_label(m.bottom),
                        # a player facing a bye goes on without a match: no result to show
                        # or take back (the next round shows them)
                        "winner": None if bye else b.winner(mid),
                        "scores": " ".join(
                            f"{s.top}-{s.bottom}" for s in b.set_scores.get(mid, ())
                        ),
                        "progress": " ".join(f"{x}-{y}" for x, y in progress.get(mid, ())),
                        "ready": top is not None
                        and bottom is not None
                        and "BYE" not in (top, bottom)
                        and mid not in b.winners,
                        "sets": ", ".join(str(x) for x in m.sets),
                    }
                )
            stages.append((title, rows))
        return {"stages": stages}

    def start_knockout(self, t: Tournament, user: User) -> str:
        bracket.start(t, user)
        return gettext("Tableau final généré.")

    def record_knockout(
        self, t: Tournament, match_id: str, winner: str, scores: str, user: User
    ) -> str:
        bracket.record(t, match_id, winner, scores, user)
        if not winner:
            return gettext("%(match)s : sets enregistrés, match en cours.") % {"match": match_id}
        return gettext("%(match)s : résultat enregistré.") % {"match": match_id}

    def undo_knockout(self, t: Tournament, match_id: str, user: User) -> None:
        bracket.undo(t, match_id, user)

    def sheet_context(self, t: Tournament) -> dict[str, Any]:
        return {"budget": services.clock_budget(t, t.match_length)}


def _shown(player: str | None) -> str | None:
    """A player of the final stage as the pages show them: an empty place is "exempt"."""
    return gettext("exempt") if player == "BYE" else player


def _slot_label(slot: Any) -> str:
    """A player not known yet: "vainqueur QF1", "perdant SF2" (the engine's wording)."""
    label = getattr(slot, "label", None)
    return word(label(), get_language()) if callable(label) else str(slot)


GAME = BackgammonGame()
