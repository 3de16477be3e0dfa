"""The final stage of a backgammon championship (seed 003 "Tableau final" and
"Consolante"): the bracket of eight and the consolation, built and decided by the engine
(:mod:`arbitre.backgammon.championship.bracket`); this module stores the play-offs and the
set scores entered, match by match or set by set.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils.translation import get_language, gettext, gettext_noop

from arbitre.app.backgammon.services import championship, parse_sets
from arbitre.app.events.incident_models import Incident
from arbitre.app.rounds.models import KnockoutResult, Playoff, Tournament
from arbitre.app.rounds.services import (
    PLAYOFF_TARGET,
    ServiceError,
    User,
    audit,
    bump,
    locked,
    parse_scores,
    players_in_play,
    swiss_complete,
)
from arbitre.backgammon import championship as bg
from arbitre.backgammon.championship.bracket import BYE
from arbitre.backgammon.championship.sanctions import Sanction, SanctionKind, sanction_sets
from arbitre.i18n import word

CHANGED: list[Callable[[Tournament, str], None]] = []
"""Called in the transaction once the bracket is generated (match ``""``) or a match's
result or sets are recorded: the final stage's clocks follow
(:mod:`arbitre.app.backgammon.bracketclock` registers itself at start)."""


def _changed(t: Tournament, match_id: str) -> None:
    for hook in CHANGED:
        hook(t, match_id)


def settings(t: Tournament) -> bg.BracketSettings:
    return bg.BracketSettings(
        quarter_final=parse_sets(t.qf_sets, gettext("Quarts de finale")),
        semi_final=parse_sets(t.sf_sets, gettext("Demi-finales")),
        final=parse_sets(t.final_sets, gettext("Finale")),
        consolation=parse_sets(t.consolation_sets, gettext("Consolante")),
    )


def brackets(t: Tournament, without: int | None = None) -> bg.Brackets:
    """The final bracket and the consolation (engine), with the results entered so far and
    the sanctions of the register given at its matches (seed 003, 3.15, 4.2, 2.4, 1.13:
    :func:`~arbitre.backgammon.championship.sanctions.sanction_sets`), so that a match lost
    by sanction sends its winner on; a player disqualified or excluded in the final stage
    loses every later match not played. ``without``: an incident left out (its annulment
    being checked)."""
    champ = championship(t)
    try:
        b = bg.build_brackets(champ, settings(t))
    except bg.ChampionshipError as exc:
        raise ServiceError(word(exc.message, get_language())) from None
    entered = {r.match_id: r for r in t.knockout.all()}
    given: dict[str, list[Incident]] = {}
    gone: set[str] = set()
    if t.bracket_started:
        for i in (
            Incident.objects.filter(event_id=t.event_id)
            .exclude(match="")
            .exclude(appeal=Incident.Appeal.ANNULLED)
        ):
            if i.pk != without and i.sanction and i.applied.get("bracket"):
                given.setdefault(i.match, []).append(i)
                if i.sanction in ("disqualification", "exclusion"):
                    gone.add(i.player)
    try:
        for _ in range(len(b.matches)):  # each pass decides the matches whose players are known
            changed = False
            for mid in b.matches:
                if mid in b.winners:
                    continue
                top, bottom = b.players(mid)
                if top is None or bottom is None or BYE in (top, bottom):
                    continue
                changed |= _decide(b, mid, (top, bottom), entered.get(mid), given.get(mid), gone)
            if not changed:
                break
    except bg.ChampionshipError as exc:
        raise ServiceError(word(exc.message, get_language())) from None
    return b


def _decide(
    b: bg.Brackets,
    mid: str,
    players: tuple[str, str],
    r: KnockoutResult | None,
    incidents: list[Incident] | None,
    gone: set[str],
) -> bool:
    """Record match ``mid`` when its result is known: entered, decided by its sanctions, or
    lost by a player who left the event (disqualified or excluded) before playing it."""
    sets = tuple((x, y) for x, y in r.scores) if r is not None else ()
    winner = r.winner if r is not None and r.winner else None
    if incidents:
        out = sanction_sets(
            b.matches[mid].sets,
            sets,
            None if winner is None else players.index(winner),
            [
                (
                    Sanction(SanctionKind(i.sanction), players.index(i.player), i.amount),
                    i.applied["bracket"].get("set"),
                )
                for i in incidents
                if i.player in players
            ],
        )
        if out.winner is None:
            b.set_scores[mid] = tuple(bg.SetScore(x, y) for x, y in out.sets)
            return False
        b.record(
            mid,
            players[out.winner],
            tuple(bg.SetScore(x, y) for x, y in out.sets),
            decided=bool(out.decided),
        )
        return True
    if winner is not None:
        b.record(mid, winner, tuple(bg.SetScore(x, y) for x, y in sets))
        return True
    out_of_event = [p for p in players if p in gone]
    if len(out_of_event) == 1:
        b.record(mid, players[1 - players.index(out_of_event[0])], decided=True)
        return True
    return False


def playoff_needed(t: Tournament) -> tuple[list[str], str]:
    """The players tied across the cut of the final bracket who must play a one-point
    play-off before it can be built (seed 003), with the engine's reason worded; nobody when
    the bracket can be built."""
    try:
        bg.build_brackets(championship(t), settings(t))
    except bg.ChampionshipError as exc:
        if exc.message.code == "bracket.playoff_needed":
            players = str(exc.message.params["players"]).split(", ")
            return players, word(exc.message, get_language())
    return [], ""


def sets_in_progress(t: Tournament) -> dict[str, list[tuple[int, int]]]:
    """Set scores of the bracket matches still being played (entered set by set)."""
    return {r.match_id: [(a, b) for a, b in r.scores] for r in t.knockout.all() if not r.winner}


@transaction.atomic
def start(t: Tournament, user: User) -> None:
    t = locked(t)
    if not swiss_complete(t):
        raise ServiceError(gettext("Le tournoi suisse n'est pas terminé."))
    brackets(t)  # refuses while a tie must be played off
    t.bracket_started = True
    t.save(update_fields=["bracket_started"])
    _changed(t, "")
    audit(t, user, gettext_noop("Tableau final généré"), "")
    bump(t)


@transaction.atomic
def record_playoff(t: Tournament, winner: str, loser: str, user: User) -> None:
    t = locked(t)
    names = {e.name for e in players_in_play(t)}
    for n in (winner, loser):
        if n not in names:
            raise ServiceError(gettext("Joueur inconnu : %(name)s.") % {"name": n})
    if winner == loser:
        raise ServiceError(gettext("Un barrage oppose deux joueurs différents."))
    if t.bracket_started:
        raise ServiceError(gettext("Le tableau est déjà généré."))
    Playoff.objects.create(tournament=t, winner=winner, loser=loser)
    audit(
        t,
        user,
        gettext_noop("Barrage"),
        PLAYOFF_TARGET % {"winner": winner, "loser": loser},
    )
    bump(t)


@transaction.atomic
def record(t: Tournament, match_id: str, winner: str, scores_text: str, user: User) -> None:
    """A bracket or consolation result, or the sets played so far of a match in progress."""
    t = locked(t)
    scores = parse_scores(scores_text)
    if not t.bracket_started:
        raise ServiceError(gettext("Le tableau final n'est pas encore généré."))
    b = brackets(t)
    if match_id not in b.matches:
        raise ServiceError(gettext("Match inconnu : %(match)s.") % {"match": match_id})
    existing = KnockoutResult.objects.filter(tournament=t, match_id=match_id).first()
    top, bottom = b.players(match_id)
    if top is None or bottom is None:
        raise ServiceError(
            gettext("%(match)s : ses deux joueurs ne sont pas encore connus.") % {"match": match_id}
        )
    if BYE in (top, bottom):
        raise ServiceError(
            gettext("%(match)s : un exempt n'a pas de résultat à saisir.") % {"match": match_id}
        )
    if b.winner(match_id) is not None:  # entered, or decided by a sanction
        raise ServiceError(
            gettext("%(match)s a déjà un résultat : supprimez-le pour le corriger.")
            % {"match": match_id}
        )
    sets = tuple(bg.SetScore(x, y) for x, y in scores)
    before = None if existing is None else {"sets en cours": existing.scores}
    if not winner:
        # seed 003 "Tableau final": matches in sets, entered set by set as they end
        if not scores:
            raise ServiceError(gettext("Indiquez le vainqueur, ou les sets déjà joués."))
        _check_sets_so_far(b, match_id, top, sets)
        KnockoutResult.objects.update_or_create(
            tournament=t, match_id=match_id, defaults={"winner": "", "scores": scores}
        )
        audit(t, user, gettext_noop("Sets du tableau"), match_id, before, {"sets": scores_text})
        _changed(t, match_id)
        bump(t)
        return
    if winner not in (top, bottom):
        raise ServiceError(
            gettext("%(name)s ne joue pas le match %(match)s (%(top)s - %(bottom)s).")
            % {"name": winner, "match": match_id, "top": top, "bottom": bottom}
        )
    try:
        b.record(match_id, winner, sets)
    except bg.ChampionshipError as exc:
        raise ServiceError(word(exc.message, get_language())) from None
    KnockoutResult.objects.update_or_create(
        tournament=t,
        match_id=match_id,
        defaults={"winner": winner, "scores": [list(s) for s in scores]},
    )
    audit(
        t,
        user,
        gettext_noop("Résultat du tableau"),
        match_id,
        before,
        {"vainqueur": winner, "sets": scores_text},
    )
    _changed(t, match_id)
    bump(t)


def _check_sets_so_far(
    b: bg.Brackets, match_id: str, top: str, sets: tuple[bg.SetScore, ...]
) -> None:
    """Sets of a match not finished yet: each must be a valid set and the match undecided.

    Checked by the engine: the sets so far, completed by sets won by the leading player,
    must make a valid result (so each set ends at its length and none is played after the end).
    """
    lengths = b.matches[match_id].sets
    need = len(lengths) // 2 + 1
    won_top = sum(1 for s in sets if s.top > s.bottom)
    won_bottom = sum(1 for s in sets if s.bottom > s.top)
    top_leads = won_bottom < need
    missing = max(need - (won_top if top_leads else won_bottom), 0)
    filler = tuple(
        bg.SetScore(lengths[i], 0) if top_leads else bg.SetScore(0, lengths[i])
        for i in range(len(sets), min(len(sets) + missing, len(lengths)))
    )
    bottom_player = b.players(match_id)[1]
    probe = bg.Brackets(matches=dict(b.matches), winners=dict(b.winners))
    try:
        probe.record(match_id, top if top_leads else str(bottom_player), sets + filler)
    except bg.ChampionshipError as exc:
        raise ServiceError(word(exc.message, get_language())) from None
    if won_top >= need or won_bottom >= need:
        raise ServiceError(gettext("Ces sets décident du match : indiquez aussi le vainqueur."))


@transaction.atomic
def undo(t: Tournament, match_id: str, user: User) -> None:
    t = locked(t)
    r = KnockoutResult.objects.filter(tournament=t, match_id=match_id).first()
    if (r is None or not r.winner) and match_id in brackets(t).winners:
        raise ServiceError(
            gettext(
                "%(match)s est décidé par une sanction du registre : seul le comité "
                "d'arbitrage l'annule (appel)."
            )
            % {"match": match_id}
        )
    if r is None:
        raise ServiceError(gettext("%(match)s n'a pas de résultat.") % {"match": match_id})
    b = brackets(t)
    for mid, m in b.matches.items():
        depends = [s for s in (m.top, m.bottom) if getattr(s, "match", None) == match_id]
        if depends and KnockoutResult.objects.filter(tournament=t, match_id=mid).exists():
            raise ServiceError(
                gettext("Supprimez d'abord le résultat de %(match)s, qui en dépend.")
                % {"match": mid}
            )
    before = {"vainqueur": r.winner, "scores": r.scores}
    r.delete()
    audit(t, user, gettext_noop("Résultat supprimé"), match_id, before, None)
    _changed(t, match_id)  # the match's clock opens again (it closed at the result)
    bump(t)
