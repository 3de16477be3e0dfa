"""The final phase of a Classic event (seed 000 preamble): the first two or four of the
Swiss ranking play it off. The matches and their winners are the engine's
(:mod:`arbitre.classic.tournament.final_phase`); this module stores the scores entered by
the director or signed at the tables (:mod:`.finaltables`).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils.translation import get_language, gettext, gettext_noop, ngettext

from arbitre.app.classic import services
from arbitre.app.rounds.models import KnockoutResult, Tournament
from arbitre.app.rounds.services import (
    PLAYERS_TARGET,
    ServiceError,
    User,
    audit,
    bump,
    knockout_results,
    locked,
    parse_scores,
)
from arbitre.classic.game.profiles import get_profile
from arbitre.classic.tournament import final_phase
from arbitre.classic.tournament.pairing import match_starters
from arbitre.i18n import word

RECORD_ACTION = gettext_noop("Résultat de la phase finale")
LATER = {"SF1": ("F", "P3"), "SF2": ("F", "P3")}
"""The matches whose players a semi-final decides."""


def qualified(t: Tournament) -> list[str]:
    """The first two or four of the final ranking (seed 000 preamble). Players still equal on
    PM, PPM and Pdep keep the engine's list order, the initial ranking (docs decision)."""
    table, complete = services.standings(t)
    if not complete:
        raise ServiceError(gettext("Les rondes ne sont pas toutes jouées."))
    withdrawn = set(t.entrants.filter(withdrawn_after__isnull=False).values_list("name", flat=True))
    eligible = [s for s in table if s.name not in withdrawn]
    if len(eligible) < t.final_size:
        raise ServiceError(
            gettext("Il faut %(count)s joueurs classés pour la phase finale.")
            % {"count": t.final_size}
        )
    return [s.name for s in eligible[: t.final_size]]


def _resolve(
    t: Tournament, results: dict[str, list[tuple[int, int]]]
) -> list[final_phase.FinalMatch]:
    try:
        return final_phase.resolve(qualified(t), t.final_size, t.final_best_of, results)
    except final_phase.FinalPhaseError as exc:
        raise ServiceError(word(exc.message, get_language())) from None


def matches(t: Tournament) -> list[final_phase.FinalMatch]:
    return _resolve(t, knockout_results(t))


def winner_first(m: final_phase.FinalMatch) -> list[tuple[int, int]]:
    """The match's game scores as read after its winner's name: the winner's score first
    (the engine keeps the top player's first; "VINCENT 401 – 377" names Vincent's 401)."""
    if m.winner is not None and m.winner == m.bottom and m.winner != m.top:
        return [(b, a) for a, b in m.games]
    return list(m.games)


def games_won(m: final_phase.FinalMatch) -> tuple[float, float]:
    """Games won by the top and the bottom player (a drawn game half each, 001 8.1)."""
    top = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a, b in m.games)
    return top, len(m.games) - top


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}".replace(".", ",")


def starts_text(t: Tournament, m: final_phase.FinalMatch, order: list[str]) -> str:
    """Who starts each game of a final-phase match: under ``fbs`` designated as at every
    table, balancing each player's starts (seed 000, 3.1; rulings Classic 7, the engine's
    :func:`~arbitre.classic.tournament.pairing.match_starters`); under ``ffsc`` the toss
    decides game 1, its loser starts game 2 and game 3 is tossed again (001 3.1-3.2)."""
    if m.top is None or m.bottom is None:
        return ""
    if get_profile(t.profile).starts_by_toss:
        if t.final_best_of == 1:
            return gettext("Tirage au sort pour commencer (001 3.1).")
        return gettext(
            "Partie 1 : tirage au sort ; partie 2 : le perdant du tirage ; partie 3 : "
            "nouveau tirage (001 3.1, 3.2)."
        )
    first = match_starters(services.rounds(t), order, m.top, m.bottom, t.final_best_of)
    return " · ".join(
        gettext("partie %(number)s : %(name)s commence") % {"number": i, "name": name}
        for i, name in enumerate(first, start=1)
    )


def rows(t: Tournament) -> list[dict[str, Any]]:
    """The final phase's matches for the director's and the public pages: players and who
    starts each game, the match's formula and games won (the "Sets / parties" column), the
    winner with the scores in the winner's order."""
    out = []
    order = qualified(t)
    for m in matches(t):
        formula = ngettext(
            "%(count)s partie", "au meilleur des %(count)s parties", t.final_best_of
        ) % {"count": t.final_best_of}
        if m.games:
            top, bottom = games_won(m)
            formula += " · " + gettext("gagnées %(top)s – %(bottom)s") % {
                "top": _number(top),
                "bottom": _number(bottom),
            }
        out.append(
            {
                "id": m.id,
                "label": word(m.name, get_language()),
                "top": m.top or "?",
                "bottom": m.bottom or "?",
                "winner": m.winner,
                # "-12 – -30", not "-12--30": a negative score stays readable (001 8.1)
                "scores": " · ".join(f"{a} – {b}" for a, b in winner_first(m)),
                "ready": m.top is not None and m.bottom is not None,
                "sets": formula,
                "starts": starts_text(t, m, order),
                # the scores as entered (top player first), to correct them
                "entered": " ".join(f"{a}-{b}" for a, b in m.games),
            }
        )
    return out


@transaction.atomic
def start(t: Tournament, user: User) -> None:
    t = locked(t)
    if not t.final_size:
        raise ServiceError(gettext("Ce tournoi n'a pas de phase finale."))
    matches(t)
    t.final_started = True
    t.save(update_fields=["final_started"])
    audit(
        t,
        user,
        gettext_noop("Phase finale commencée"),
        PLAYERS_TARGET % {"count": t.final_size},
    )
    bump(t)


@transaction.atomic
def record(t: Tournament, match_id: str, scores_text: str, user: User) -> None:
    """The game scores of a final-phase match; the engine decides its winner."""
    _store(locked(t), match_id, parse_scores(scores_text, negative=True), user)


TABLES_ACTION = gettext_noop("Résultat de la phase finale signé à la table")


@transaction.atomic
def enter_from_tables(t: Tournament, match_id: str, scores: list[tuple[int, int]]) -> None:
    """The games signed at the tables decide the match (:mod:`.finaltables`): its result is
    stored as the director's would be (audited, by the tables)."""
    _store(locked(t), match_id, scores, AnonymousUser(), TABLES_ACTION)


def _store(
    t: Tournament,
    match_id: str,
    scores: list[tuple[int, int]],
    user: User,
    action: str = RECORD_ACTION,
) -> None:
    if not t.final_started:
        raise ServiceError(gettext("La phase finale n'est pas commencée."))
    if KnockoutResult.objects.filter(tournament=t, match_id=match_id).exists():
        raise ServiceError(
            gettext("%(match)s a déjà un résultat : supprimez-le pour le corriger.")
            % {"match": match_id}
        )
    results = knockout_results(t)
    results[match_id] = scores
    winner = next(m.winner for m in _resolve(t, results) if m.id == match_id)
    KnockoutResult.objects.create(
        tournament=t, match_id=match_id, winner=winner or "", scores=[list(s) for s in scores]
    )
    audit(t, user, action, match_id, None, {"vainqueur": winner, "scores": scores})
    bump(t)


@transaction.atomic
def undo(t: Tournament, match_id: str, user: User) -> None:
    t = locked(t)
    r = KnockoutResult.objects.filter(tournament=t, match_id=match_id).first()
    if r is None:
        raise ServiceError(gettext("%(match)s n'a pas de résultat.") % {"match": match_id})
    if KnockoutResult.objects.filter(tournament=t, match_id__in=LATER.get(match_id, ())).exists():
        raise ServiceError(
            gettext("Supprimez d'abord les résultats de la finale et du match pour la 3e place.")
        )
    before = {"vainqueur": r.winner, "scores": r.scores}
    r.delete()
    audit(t, user, gettext_noop("Résultat supprimé"), match_id, before, None)
    bump(t)


@transaction.atomic
def correct(t: Tournament, match_id: str, scores_text: str, user: User) -> None:
    """The director corrects a final-phase result in place: the engine decides the winner of
    the scores given; refused where a later match's players came from it (the final and the
    match for 3rd place after a semi-final) and the correction changes its winner."""
    t = locked(t)
    scores = parse_scores(scores_text, negative=True)
    r = KnockoutResult.objects.filter(tournament=t, match_id=match_id).first()
    if r is None:
        raise ServiceError(gettext("%(match)s n'a pas de résultat.") % {"match": match_id})
    results = knockout_results(t)
    results[match_id] = scores
    winner = next(m.winner for m in _resolve(t, results) if m.id == match_id) or ""
    later = KnockoutResult.objects.filter(tournament=t, match_id__in=LATER.get(match_id, ()))
    if winner != r.winner and later.exists():
        raise ServiceError(
            gettext(
                "Cette correction change le vainqueur : supprimez d'abord les résultats de la "
                "finale et du match pour la 3e place."
            )
        )
    before = {"vainqueur": r.winner, "scores": r.scores}
    r.winner, r.scores = winner, [list(s) for s in scores]
    r.save(update_fields=["winner", "scores", "entered_at"])
    audit(
        t,
        user,
        gettext_noop("Correction de résultat de la phase finale"),
        match_id,
        before,
        {"vainqueur": winner, "scores": scores},
    )
    bump(t)
