"""Classic Scrabble at the table (issue 18): the engine adapter of the table log, friendly
games, the audit of the arbiter's decisions, and the signed result entering the round.

The rules are the engine's (:mod:`arbitre.classic.table`); :mod:`.tablesetup` gives it its
setup (the table's players, the event's profile and clock, who starts), :mod:`.tablestate`
describes its state for the page; this module, once both players have signed, enters the
sheet's result as the table's result through the shared results service (audited).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils.translation import get_language, gettext, gettext_noop

from arbitre.app import wordlists
from arbitre.app.classic import finaltables
from arbitre.app.classic.game import GAME
from arbitre.app.classic.tablesetup import (
    KIND,
    LEXICON_KEY,
    clock_of,
    clock_settings,
    clock_warnings,
    ensure_logs,
    event_word_list,
    lexicon_of,
    set_clock,
    setup_of,
    word_list_entry,
    word_list_of,
)
from arbitre.app.classic.tablestate import describe, describe_match, gcg_of, match_of, session_of
from arbitre.app.rounds import results, tablelog, tablepins
from arbitre.app.rounds.models import Table, TableLog, TableLogAudit, Tournament
from arbitre.app.rounds.services import (
    AUDIT_TARGETS,
    ROUND_TABLE_TARGET,
    ServiceError,
    User,
    audit,
)
from arbitre.classic.game.profiles import get_profile
from arbitre.classic.table import NEUTRALISATIONS, ClockSettings, TableMatch, TableSession
from arbitre.common import Refusal
from arbitre.i18n import word

__all__ = [
    "KIND",
    "LEXICON_KEY",
    "clock_of",
    "clock_settings",
    "clock_warnings",
    "describe",
    "ensure_logs",
    "event_word_list",
    "gcg_of",
    "lexicon_of",
    "session_of",
    "set_clock",
    "setup_of",
    "word_list_of",
]
"""Names of the split modules (:mod:`.tablesetup`, :mod:`.tablestate`) the table's callers
still reach here."""

ARBITER_EVENTS = frozenset(
    {
        "sanction",
        "director_end",
        "absent_clock",
        "arrive",
        "forfeit",
        "overdraw",
        "late_start",
        "impose_clock",
    }
)
"""Events only an arbiter may send (the players' page cannot)."""
REOPEN_ACTION = gettext_noop("Feuille de table rouverte")
SIGNED_ACTION = gettext_noop("Résultat signé à la table")
FORFEIT_ACTION = gettext_noop("Forfait déclaré à la table")
CREATED_ACTION = gettext_noop("Partie amicale créée")
START_ACTION = gettext_noop("Partie commencée à la table")
SANCTION_ACTION = gettext_noop("Sanction à la table")
OVERDRAW_ACTION = gettext_noop("Lettres en trop à la table")
APPEAL_ACTION = gettext_noop("Décision de l'arbitre sur une contestation")
END_ACTION = gettext_noop("Partie arrêtée par le directeur")
NEXT_GAME_ACTION = gettext_noop("Partie suivante du match commencée")
IMPOSE_ACTION = gettext_noop("Chronométrage imposé par le directeur")
LATE_START_ACTION = gettext_noop("Le joueur présent joue avant l'arrivée du retardataire")
ARRIVE_ACTION = gettext_noop("Arrivée du retardataire")
AUDIT_TARGETS.update(
    {
        REOPEN_ACTION: ROUND_TABLE_TARGET,
        SIGNED_ACTION: ROUND_TABLE_TARGET,
        FORFEIT_ACTION: ROUND_TABLE_TARGET,
        START_ACTION: ROUND_TABLE_TARGET,
        SANCTION_ACTION: ROUND_TABLE_TARGET,
        OVERDRAW_ACTION: ROUND_TABLE_TARGET,
        APPEAL_ACTION: ROUND_TABLE_TARGET,
        END_ACTION: ROUND_TABLE_TARGET,
        NEXT_GAME_ACTION: ROUND_TABLE_TARGET,
        IMPOSE_ACTION: ROUND_TABLE_TARGET,
        LATE_START_ACTION: ROUND_TABLE_TARGET,
        ARRIVE_ACTION: ROUND_TABLE_TARGET,
    }
)


def create_friendly(
    names: tuple[str, str],
    profile: str,
    clock: ClockSettings,
    toss: bool,
    user: User,
    word_list: wordlists.StoredList | None = None,
) -> TableLog:
    """A friendly game outside any tournament, started by a director: the engine checks the
    names and the clock against the profile. Its challenges are judged by ``word_list`` (an
    uploaded list kept by :func:`arbitre.app.wordlists.store`), else by the default list."""
    starter = None if toss else 0
    try:
        TableSession(names, frozenset(), profile, clock, starter)
    except Refusal as exc:
        raise ServiceError(word(exc.message, get_language())) from None
    setup = {
        "names": list(names),
        "profile": profile,
        "clock": {"kind": clock.kind, "seconds": clock.seconds, "warning": clock.warning},
        "starter": starter,
    }
    entry = word_list_entry(word_list) if word_list is not None else None
    if entry is not None:
        setup[LEXICON_KEY] = entry
    log = tablelog.create_log(
        KIND,
        setup,
        title=gettext("Partie amicale"),
        created_by=str(getattr(user, "username", "")),
    )
    after = {"joueurs": " / ".join(names), "profil": profile}
    if entry is not None:
        after["liste de mots"] = entry["name"]
    audit_table(log, user, CREATED_ACTION, after=after)
    return log


def audit_table(
    log: TableLog,
    user: User,
    action: str,
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> None:
    """An entry of the table's audit log: its event's log for a tournament table (target:
    the round and table) and for a final-phase game (target: the match and game), the
    game's own for a friendly game (target: its code)."""
    tb = log.table
    if tb is None and finaltables.is_final(log):
        t = finaltables.tournament_of(log)
        audit(t, user, action, finaltables.target_of(log), before, after, reason)
        return
    if tb is None:
        TableLogAudit.log(user, action, log.code, before, after, reason, table_log=log)
        return
    target = ROUND_TABLE_TARGET % {"round": tb.round.number, "table": tb.number}
    audit(tb.round.tournament, user, action, target, before, after, reason)


@transaction.atomic
def act(log: TableLog, event: Any, client_id: str, user: User, *, arbiter: bool) -> Any:
    """Store an event sent from the table's page (the players', or an arbiter's with the
    arbiter's decisions); what changes the game beyond a turn is audited: the start,
    sanctions, overdraws, appeals, the director's end, a forfeit, the next game of a match,
    and a friendly game's signed result (a tournament table's goes to the round, audited
    there)."""
    done = tablelog.append(
        log.pk, event, client_id, allowed=arbiter_may if arbiter else players_may
    )
    if not done.repeated:
        _audit_event(done.log, done.log.events[-1], user)
    return done


def _audit_event(log: TableLog, event: dict[str, Any], user: User) -> None:
    kind = event.get("kind")
    names = log.setup.get("names", ["", ""])

    def name(key: str = "player") -> str:
        player = event.get(key)
        return str(names[player]) if player in (0, 1) else ""

    reason = str(event.get("reason", "") or "")
    friendly = log.table is None
    if kind == "start":
        audit_table(log, user, START_ACTION)
    elif kind == "sanction":
        after = {"joueur": name(), "sanction": event.get("sanction")}
        if event.get("points"):
            after["points"] = event.get("points")
        if event.get("sanction") == "loss":
            after["cause"] = event.get("cause", "sanction")
        audit_table(log, user, SANCTION_ACTION, after=after, reason=reason)
    elif kind == "overdraw":
        after = {"joueur": name(), "lettres": event.get("extra"), "constat": event.get("how")}
        audit_table(log, user, OVERDRAW_ACTION, after=after)
    elif kind == "ruling" and event.get("override"):
        audit_table(log, user, APPEAL_ACTION, after=dict(event["override"]), reason=reason)
    elif kind == "director_end":
        audit_table(log, user, END_ACTION)
    elif kind == "next_game":
        audit_table(log, user, NEXT_GAME_ACTION)
    elif kind == "impose_clock":
        # 001 6.4.2-6.4.3: the clock before (the setup's, a global credit or none) and after
        before = log.setup.get("clock") or {}
        after = {"pendule": event.get("clock"), "secondes": event.get("seconds")}
        if event.get("clock") == "move":
            after["alarme"] = event.get("warning")
        audit_table(
            log,
            user,
            IMPOSE_ACTION,
            before={"pendule": before.get("kind", ""), "secondes": before.get("seconds", "")},
            after=after,
            reason=reason,
        )
    elif kind == "late_start":
        audit_table(log, user, LATE_START_ACTION, after={"retardataire": name()})
    elif kind == "arrive":
        audit_table(log, user, ARRIVE_ACTION)
    elif friendly and kind == "forfeit":
        audit_table(log, user, FORFEIT_ACTION, after={"joueur": name()})
    elif friendly and kind == "sign":
        signed = session_of(log).signed_result
        if signed is not None:
            audit_table(log, user, SIGNED_ACTION, after={"scores": list(signed.scores)})


def _match_entry_of(t: Tournament, tb: Table, m: TableMatch) -> dict[str, Any] | None:
    """The round's entry of a match in best of three (000 "Match en 2 parties gagnantes"):
    the games won by each (a game lost whatever the score counts as a game won by the
    other), a forfeit side without score, game 1's toss. ``None`` when the games won are
    not a match result the round takes (a drawn game): the arbiter enters it."""
    so_far = m.match()
    first = m.games[0]
    won = so_far.games_won
    forfeit = next((r.forfeit for r in so_far.results if r.forfeit is not None), None)
    current = m.current.result
    if current is not None and current.forfeit is not None:
        forfeit = current.forfeit  # the absent player cannot sign: the arbiter's decision
    scores: list[int | None] = [int(won[0]), int(won[1])]
    if forfeit is not None:
        scores[forfeit] = None
    elif (won[0], won[1]) not in ((2, 0), (2, 1), (1, 2), (0, 2)):
        return None
    toss = ""
    if get_profile(t.profile).starts_by_toss and forfeit is None:
        toss = "a" if first.starter == 0 else "b"
    return {
        "forfeit": "" if forfeit is None else "ab"[forfeit],
        "score_a": scores[0],
        "score_b": scores[1],
        "winner": "",
        "loss": "",
        "loss_cause": "",
        "toss": toss,
    }


def _entry_of(t: Tournament, tb: Table, s: TableSession) -> dict[str, Any]:
    """The round's entry of the sheet's result (player 0 is the table's A): the scores, a
    loss whatever the score with its cause, a forfeit side without score, the toss."""
    result = s.result
    assert result is not None
    scores: list[int | None] = list(result.scores)
    forfeit = "" if result.forfeit is None else "ab"[result.forfeit]
    if result.forfeit is not None:
        scores[result.forfeit] = None
    toss = ""
    if get_profile(t.profile).starts_by_toss and not forfeit:
        toss = "a" if s.starter == 0 else "b"
    return {
        "forfeit": forfeit,
        "score_a": scores[0],
        "score_b": scores[1],
        "winner": "",
        "loss": "" if result.loss is None else "ab"[result.loss],
        "loss_cause": result.loss_cause.value if result.loss_cause else "",
        "toss": toss,
    }


def enter_result(log: TableLog, m: TableMatch, action: str) -> None:
    """The sheet's result becomes the table's; a match in best of three once its last game
    is signed, as games won (a round that can no longer take it is left to the arbiter)."""
    tb = log.table
    s = m.current
    if tb is None or s.result is None:
        return
    t = tb.round.tournament
    if m.best_of != t.best_of:
        return  # the event changed its formula after the table started: the arbiter enters it
    tb.refresh_from_db()
    if list(log.setup.get("names", [])) != [tb.a, tb.b]:
        # the pairing changed at this table after its game started: the sheet's result
        # belongs to the players it names, not to the table's new players by side
        return
    if m.best_of == 1:
        entry: dict[str, Any] | None = _entry_of(t, tb, s)
    elif m.over or s.result.forfeit is not None:
        entry = _match_entry_of(t, tb, m)
    else:
        return
    if entry is None:
        return
    try:
        results.enter_result(GAME, t, tb.pk, tb.version, entry, AnonymousUser())
    except ServiceError:
        return  # a later round is paired, the final stage started: the arbiter enters it
    audit(
        t,
        AnonymousUser(),
        action,
        ROUND_TABLE_TARGET % {"round": tb.round.number, "table": tb.number},
    )


def enter_signed(log: TableLog, m: TableMatch) -> None:
    """Both players have signed (001 2.4.2; 000 7.3): the result goes to the round."""
    if m.current.signed_result is not None:
        enter_result(log, m, SIGNED_ACTION)


class ClassicAdapter:
    """The Classic engine behind a table log: the table's match."""

    def replay(self, log: TableLog) -> TableMatch:
        return match_of(log)

    def apply(self, state: TableMatch, event: dict[str, Any]) -> None:
        state.apply(event)

    def describe(self, log: TableLog, state: TableMatch, at: float) -> dict[str, Any]:
        return describe_match(log, state, at)

    def stored(self, log: TableLog, state: TableMatch, event: dict[str, Any]) -> None:
        if finaltables.is_final(log):
            if event.get("kind") in ("sign", "forfeit") and state.current.result is not None:
                finaltables.game_signed(log)  # the final phase takes the match once decided
        elif event.get("kind") == "sign":
            enter_signed(log, state)
        elif event.get("kind") == "forfeit":
            # the absent player cannot sign: the arbiter's decision enters the round
            enter_result(log, state, FORFEIT_ACTION)


tablelog.register(KIND, ClassicAdapter())


def players_may(log: TableLog, event: dict[str, Any]) -> None:
    """What the players' page may send: no sanction, no director's decision, no appeal; a
    signature only with the signing player's own PIN (issue 34:
    :func:`~arbitre.app.rounds.tablepins.player_signs`)."""
    kind = event.get("kind")
    if kind in ARBITER_EVENTS or (kind == "ruling" and event.get("override")):
        raise ServiceError(gettext("Seul un arbitre peut faire cela."))
    if kind == "neutralise" and event.get("reason") not in NEUTRALISATIONS:
        raise ServiceError(gettext("Action illisible."))
    tablepins.player_signs(log, event, "sign")


def arbiter_may(log: TableLog, event: dict[str, Any]) -> None:
    """An arbiter's page sends anything; a signature made there is recorded as the
    arbiter's (the players did not type their PINs)."""
    tablepins.arbiter_signs(event, "sign")
