"""Classic Scrabble as a paired game (seed 000, Belgian formula): what the shared round pages
ask of it. Every rule is the engine's (:mod:`arbitre.classic.tournament`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from arbitre.app.classic import final, finaltables, services
from arbitre.app.classic.forms import ClassicForm, ClassicPlayerForm
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
from arbitre.app.rounds.models import Entrant, Round, Table, Tournament
from arbitre.app.rounds.services import (
    ServiceError,
    parse_int,
    player_history,
    players_in_play,
    swiss_complete,
)
from arbitre.classic import tournament as cl
from arbitre.classic.game.profiles import PROFILES, get_profile
from arbitre.classic.tournament.final_phase import final_places
from arbitre.classic.tournament.model import LossCause
from arbitre.classic.tournament.pairing import match_starters, toss_starters
from arbitre.classic.tournament.players_csv import parse_players
from arbitre.classic.tournament.results import Outcome, ResultEntry, check_result, history
from arbitre.classic.tournament.results_csv import (
    FinalResult,
    format_final_results,
    format_results,
)
from arbitre.common import Refusal
from arbitre.common.players_csv import PlayersFileError
from arbitre.i18n import word

OUTCOMES = {
    Outcome.WON: _("gagné"),
    Outcome.DRAWN: _("nul"),
    Outcome.LOST: _("perdu"),
    Outcome.FORFEIT: _("forfait"),
    Outcome.FORFEIT_WIN: _("gagné par forfait"),
    Outcome.BYE: _("exempt"),
}
"""The outcome of a round in a player's history, worded for the page."""

LOSS_CAUSES = {
    LossCause.SANCTION: _("sanction de l'arbitre"),
    LossCause.OVERDRAW: _("lettres en trop découvertes par un arbitre"),
    LossCause.BOARD: _("grille renversée, impossible à remettre en place"),
    LossCause.LETTERS: _("lettres sciemment éliminées du jeu"),
    LossCause.ABANDON: _("abandon"),
}
"""Why a player lost the game whatever the score (seed 001 10.x, 9.2; seed 000 9.x, 8.2)."""


class ClassicGame(PairedGame):
    kind = str(Event.Kind.CLASSIC)
    namespace = "classic"
    url_prefix = "classique"
    templates = "classic"
    creation_form = ClassicForm
    creation_title = _("Nouveau tournoi de Scrabble classique")
    player_form = ClassicPlayerForm
    rating_label = _("Cote")
    rating_name = _("cote")
    rating_column = _("cote")
    sheets_label = _("Feuilles de score")
    knockout_title = _("Phase finale")
    public_knockout_title = _("phase finale")
    start_knockout_label = _("Commencer la phase finale")
    standings_legend = _(
        "PM : points de match · PPM : points de départage entre ex aequo (entre parenthèses : "
        "non utilisés) · Pdep : points de départage."
    )
    shows_starters = True
    loss_causes = [(cause.value, label) for cause, label in LOSS_CAUSES.items()]
    #: Profiles where a toss at the table decides who starts (001 3.1): no starter at pairing.
    toss_profiles = frozenset(name for name, p in PROFILES.items() if p.starts_by_toss)

    def has_knockout(self, t: Tournament) -> bool:
        return bool(t.final_size)

    def check_registration(self, t: Tournament, rows: list[PlayerRow]) -> None:
        """Any number of late entries; ratings are checked by the form and the reader."""

    def parse_players(self, data: bytes) -> ImportReport:
        """``name,rating[,club,licence]``; a PL* rating is written ``1500*``."""
        try:
            players = parse_players(data)
        except PlayersFileError as exc:
            return ImportReport(errors=exc.errors)
        return ImportReport(
            rows=[
                PlayerRow(p.name, p.rating, p.starred, p.club or "", p.licence or "")
                for p in players
            ]
        )

    def effective_rounds(self, t: Tournament, players: int) -> int:
        return services.effective_rounds(t, players)

    def pair(self, t: Tournament, number: int, entrants: list[Entrant]) -> StoredPairing:
        try:
            pairing = cl.pair_round(
                [services.player(e) for e in entrants],
                services.rounds(t),
                absent=services.absent(t, number, entrants),
                best_of=t.best_of,
            )
        except Refusal as exc:
            raise ServiceError(word(exc.message, get_language())) from None
        except ValueError as exc:
            raise ServiceError(
                gettext("Appariement impossible : %(reason)s") % {"reason": exc}
            ) from None
        stored_pairing = StoredPairing([m.as_dict() for m in pairing.explain], list(pairing.order))
        for p in pairing.pairs:
            stored_pairing.tables.append(
                {
                    "number": p.table,
                    "a": p.a,
                    "b": p.b or "",
                    "rule": p.rule.value,
                    "explanation": stored(p.explanation),
                    "starts": [] if t.profile in self.toss_profiles else list(p.starters),
                }
            )
        return stored_pairing

    def starters(self, t: Tournament, rnd: Round, tb: Table) -> list[str]:
        """Rulings Classic 7, by the engine, over the rounds before this one (none where the
        profile has the toss decide, 001 3.1)."""
        if t.profile in self.toss_profiles:
            return []
        history_before = [r for r in services.rounds(t) if r.number < rnd.number]
        return list(match_starters(history_before, rnd.order, tb.a, tb.b, t.best_of))

    def read_result(self, request: HttpRequest) -> dict[str, Any]:
        post = request.POST
        return {
            "forfeit": post.get("forfeit", ""),
            "score_a": parse_int(post.get("score_a")),
            "score_b": parse_int(post.get("score_b")),
            "winner": post.get("winner", "").strip(),
            "loss": post.get("loss", ""),
            "loss_cause": post.get("loss_cause", ""),
            "toss": post.get("toss", ""),
        }

    def check_result(self, t: Tournament, tb: Table, entry: dict[str, Any]) -> ResultFields:
        entry = dict(entry)
        toss = entry.pop("toss", "")
        starters: list[str] | None = None
        if toss and get_profile(t.profile).starts_by_toss:
            if toss not in ("a", "b"):
                raise ServiceError(gettext("Tirage au sort : choisissez un joueur de la table."))
            winner, loser = (tb.a, tb.b) if toss == "a" else (tb.b, tb.a)
            starters = [s for s in toss_starters(winner, loser, t.best_of) if s is not None]
        starts = starters[0] if starters else (tb.starts[0] if tb.starts else None)
        try:
            game = check_result(
                ResultEntry(tb.round.number, tb.a, tb.b, starts=starts, table=tb.number, **entry),
                t.best_of,
                t.profile,
            )
        except Refusal as exc:
            raise ServiceError(word(exc.message, get_language())) from None
        return ResultFields(
            entry["forfeit"],
            game.score_a,
            game.score_b,
            entry["winner"],
            loss=entry.get("loss", ""),
            loss_cause=entry.get("loss_cause", ""),
            starts=starters,
        )

    def standings_rows(self, t: Tournament) -> tuple[list[dict[str, Any]], bool]:
        """The engine's ranking with each criterion (seed 000: PM, PPM, Pdep), and the final
        phase's places once it has started."""
        entrants = {e.name: e for e in players_in_play(t)}
        table, complete = services.standings(t)
        places: dict[str, int] = {}
        if t.final_started:
            try:
                places = final_places(final.matches(t))
            except ServiceError:
                places = {}
        rows = []
        for s in table:
            e = entrants[s.name]
            rows.append(
                {
                    "rank": s.rank,
                    "ex_aequo": s.ex_aequo,
                    "name": s.name,
                    "id": e.pk,
                    "club": e.club,
                    "rating": f"{e.rating}{'*' if e.starred else ''}",
                    "pm": s.pm,
                    "ppm": s.ppm,
                    "ppm_used": s.ppm_used,
                    "pdep": s.pdep,
                    "games": s.games,
                    "final_place": places.get(s.name),
                    "withdrawn": e.withdrawn_after is not None,
                }
            )
        if places:
            rows.sort(key=lambda r: r["final_place"] or 99)
        return rows, complete

    def standings_csv(self, rows: list[dict[str, Any]]) -> list[list[Any]]:
        header = [
            gettext("rang"),
            gettext("ex_aequo"),
            gettext("nom"),
            gettext("club"),
            gettext("cote"),
            "PM",
            "PPM",
            gettext("PPM_utilises"),
            "Pdep",
            gettext("parties"),
        ]
        out: list[list[Any]] = [header]
        for r in rows:
            out.append(
                [
                    r["final_place"] or r["rank"],
                    int(r["ex_aequo"]),
                    r["name"],
                    r["club"],
                    r["rating"],
                    r["pm"],
                    r["ppm"],
                    int(r["ppm_used"]),
                    r["pdep"],
                    r["games"],
                ]
            )
        return out

    def results_csv(self, t: Tournament) -> str:
        """The engine's results file in French (re-read by ``arbitre classic``)."""
        return format_results(services.rounds(t), "fr")

    def history(self, t: Tournament, name: str) -> list[HistoryLine]:
        finished = (
            (
                h.round,
                h.opponent,
                str(OUTCOMES[h.outcome]),
                h.score,
                h.opponent_score,
                f"{h.match_points} PM",
            )
            for h in history(services.rounds(t), name)
        )
        return player_history(t, name, finished)

    def knockout_view(self, t: Tournament) -> dict[str, Any]:
        if not t.final_size or not swiss_complete(t):
            return {"stages": []}
        rows = final.rows(t)
        return {"stages": [(gettext("Phase finale"), rows)]}

    def knockout_csv(self, t: Tournament) -> str:
        """The final phase's games in French, one row per game, negative scores as they are
        (re-read by ``arbitre classic final``); matches not played yet are left out."""
        played = []
        if t.final_size and swiss_complete(t):
            played = [
                FinalResult(m.id, m.top, m.bottom, m.games)
                for m in final.matches(t)
                if m.winner and m.top and m.bottom
            ]
        return format_final_results(played, "fr")

    def start_knockout(self, t: Tournament, user: User) -> str:
        final.start(t, user)
        finaltables.ensure(t)  # each ready match's first game gets its table
        return gettext("Phase finale commencée.")

    def record_knockout(
        self, t: Tournament, match_id: str, winner: str, scores: str, user: User
    ) -> str:
        final.record(t, match_id, scores, user)
        return gettext("%(match)s : résultat enregistré.") % {"match": match_id}

    def undo_knockout(self, t: Tournament, match_id: str, user: User) -> None:
        final.undo(t, match_id, user)

    corrects_knockout = True

    def correct_knockout(self, t: Tournament, match_id: str, scores: str, user: User) -> str:
        final.correct(t, match_id, scores, user)
        return gettext("%(match)s : résultat corrigé.") % {"match": match_id}

    def sheet_context(self, t: Tournament) -> dict[str, Any]:
        return {"games": range(1, t.best_of + 1)}


GAME = ClassicGame()
