"""Classic Scrabble at the table (issue 18): the engine adapter of the table log, the table
codes of a round, friendly games, and the signed result entering the round.

The rules are the engine's (:mod:`arbitre.classic.table`); this module gives it its setup
(the table's players, the event's profile and clock, who starts), describes its state for the
page (worded in the user's language), and, once both players have signed, enters the sheet's
result as the table's result through the shared results service (audited).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models.signals import post_save
from django.utils.translation import get_language, gettext, gettext_noop

from arbitre.app import wordlists
from arbitre.app.classic.game import GAME
from arbitre.app.classic.models import WordList
from arbitre.app.rounds import results, tablelog, tablepins
from arbitre.app.rounds.models import (
    Round,
    Table,
    TableClockSettings,
    TableLog,
    TableLogAudit,
    Tournament,
)
from arbitre.app.rounds.services import (
    AUDIT_TARGETS,
    ROUND_TABLE_TARGET,
    ServiceError,
    User,
    audit,
    locked,
)
from arbitre.classic.game.profiles import get_profile
from arbitre.classic.table import (
    NEUTRALISATIONS,
    ClockSettings,
    TableMatch,
    TableSession,
    replay_match,
    to_gcg,
)
from arbitre.common import Refusal
from arbitre.i18n import word

KIND = str(TableLog.Kind.CLASSIC)
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

LEXICON_KEY = "lexicon"
"""The key of a table's setup naming its word list (absent: the default list)."""


def event_word_list(t: Tournament) -> wordlists.StoredList:
    """The word list the event's challenges are judged by (seed 001, 1.2; seed 000, 5.1): the
    one its director uploaded, else the default list."""
    row = WordList.objects.filter(tournament=t).first()
    if row is None:
        return wordlists.default_list()
    return wordlists.StoredList(row.path, row.name, row.sha256, row.words)


def _setup_entry(chosen: wordlists.StoredList) -> dict[str, Any] | None:
    """What a table's setup keeps of its word list: the kept file's name (valid where a
    backup is restored), the name the director knows and the word count."""
    if chosen.is_default:
        return None
    return {"file": chosen.file, "name": chosen.name, "words": chosen.words}


def word_list_of(log: TableLog) -> wordlists.StoredList:
    """The word list the table's challenges are judged by: the one its setup names (a game
    keeps the list it was set up with, as it keeps its clock), else the default list."""
    entry = (log.setup or {}).get(LEXICON_KEY)
    if not entry:
        return wordlists.default_list()
    return wordlists.StoredList(
        wordlists.kept_path(str(entry["file"])), str(entry["name"]), "", int(entry["words"])
    )


def lexicon_of(log: TableLog) -> Any:
    """The words the table's challenges are judged against."""
    return wordlists.lexicon_at(word_list_of(log).path)


def clock_settings(t: Tournament) -> TableClockSettings:
    """The event's table clock (a chess clock of 25 minutes until the director sets one)."""
    return TableClockSettings.objects.get_or_create(tournament=t)[0]


def clock_of(t: Tournament) -> ClockSettings:
    c = clock_settings(t)
    return ClockSettings(c.kind, c.seconds, c.warning)


@transaction.atomic
def set_clock(t: Tournament, kind: str, minutes: float, warning: int, user: User) -> None:
    """The director sets the tables' clock (001 6.1); the engine refuses what the profile
    forbids (000: a chess clock of at least 20 minutes). Tables already started keep theirs."""
    t = locked(t)
    seconds = round(minutes * 60)
    settings = ClockSettings(kind, seconds, warning if kind == "move" else 0)
    try:
        settings.check(get_profile(t.profile))
    except Refusal as exc:
        raise ServiceError(word(exc.message, get_language())) from None
    c = clock_settings(t)
    before = {"pendule": c.kind, "secondes": c.seconds, "alarme": c.warning}
    c.kind, c.seconds, c.warning = settings.kind, settings.seconds, settings.warning
    c.save()
    after = {"pendule": c.kind, "secondes": c.seconds, "alarme": c.warning}
    audit(t, user, gettext_noop("Pendule des tables"), "", before, after)
    for log in TableLog.objects.filter(table__round__tournament=t).select_related("table__round"):
        if not log.events and log.table is not None:
            log.setup = setup_of(t, log.table)
            log.save(update_fields=["setup"])


def setup_of(t: Tournament, tb: Table) -> dict[str, Any]:
    """What the engine needs: the players (A first), profile, clock, who starts (the
    pairing's starter; none where the profile has the toss decide, 001 3.1)."""
    clock = clock_of(t)
    starter: int | None
    if get_profile(t.profile).starts_by_toss:
        starter = None
    else:
        starter = 1 if tb.starts and tb.starts[0] == tb.b else 0
    setup: dict[str, Any] = {
        "names": [tb.a, tb.b],
        "profile": t.profile,
        "clock": {"kind": clock.kind, "seconds": clock.seconds, "warning": clock.warning},
        "starter": starter,
    }
    entry = _setup_entry(event_word_list(t))
    if entry is not None:
        setup[LEXICON_KEY] = entry
    if t.withdrawn_as_passes:
        setup["withdrawn_as_passes"] = True  # rulings.md Classic 9
    if t.best_of == 3:
        # the match at the table: each game's designated starter (None: a toss); game 2's
        # is the engine's (the player who did not start game 1)
        designated = [starter, None, starter]
        if starter is not None:
            for i, name in enumerate(tb.starts[:3]):
                designated[i] = 1 if name == tb.b else 0
        setup["best_of"] = 3
        setup["starters"] = designated
    return setup


def ensure_logs(t: Tournament, rnd: Round) -> list[TableLog]:
    """The log (and code) of every table of the round with two players; the setup of a
    table not started yet follows the event's settings."""
    logs = []
    for tb in rnd.tables.all():
        if tb.is_bye:
            continue
        setup = setup_of(t, tb)
        log = TableLog.objects.filter(table=tb).first()
        if log is None:
            log = tablelog.create_log(KIND, setup, table=tb, title=str(t.event))
        elif not log.events and log.setup != setup:
            log.setup = setup
            log.save(update_fields=["setup"])
        logs.append(log)
    return logs


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
    entry = _setup_entry(word_list) if word_list is not None else None
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
    the round and table), the game's own for a friendly game (target: its code)."""
    tb = log.table
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


def match_of(log: TableLog) -> TableMatch:
    """The table's match (one game, or best of three) rebuilt from the stored events."""
    s = log.setup
    clock = s.get("clock")
    starter = s.get("starter", 0)
    profile = get_profile(s.get("profile", "ffsc"))
    if s.get("withdrawn_as_passes"):  # the event's setting of rulings.md Classic 9
        profile = profile.with_settings(count_lost_turns_as_passes=True)
    return replay_match(
        s["names"],
        lexicon_of(log),
        log.events,
        profile,
        ClockSettings(clock["kind"], clock["seconds"], clock.get("warning", 0)) if clock else None,
        s.get("starters") or [starter],
        int(s.get("best_of", 1)),
    )


def session_of(log: TableLog) -> TableSession:
    """The game in play at the table."""
    return match_of(log).current


def gcg_of(log: TableLog, game: int | None = None) -> str:
    """The GCG record of game ``game`` of the match (default: the game in play)."""
    m = match_of(log)
    number = len(m.games) if game is None or not 1 <= game <= len(m.games) else game
    title = log.title or None
    if m.best_of > 1:
        title = gettext("%(title)s, partie %(game)s") % {"title": log.title, "game": number}
    return to_gcg(m.games[number - 1], title)


def _turn_text(turn: Any) -> str:
    if turn.kind == "play":
        return str(turn.move)
    if turn.kind == "exchange":
        return gettext("échange de %(count)s lettres") % {"count": turn.count}
    if turn.kind == "lost_turn":
        return gettext("tour perdu (minuterie)")
    if turn.automatic:
        return gettext("passe (temps dépassé)")
    return gettext("passe")


def describe(log: TableLog, s: TableSession, at: float) -> dict[str, Any]:
    """The session for the page, worded in the user's language (the page's script words
    nothing itself)."""
    lang = get_language()
    clock = s.clock
    remaining = [clock.remaining(p, at) if clock else None for p in (0, 1)]
    totals = [0, 0]
    sheet = []
    for line in s.lines:
        totals[line.player] += line.points
        turn = s.turns[line.turn - 1] if line.turn is not None and line.note is None else None
        if turn is not None:
            dispute = turn.dispute
            sheet.append(
                {
                    "number": turn.number,
                    "player": turn.player,
                    "text": _turn_text(turn),
                    "words": [w for w, _ in turn.words],
                    "points": line.points,
                    "total": totals[line.player],
                    "withdrawn": turn.withdrawn,
                    "dispute": word(dispute, lang) if dispute else "",
                }
            )
        else:
            sheet.append(
                {
                    "number": line.turn,
                    "player": line.player,
                    "text": word(line.note, lang) if line.note else "",
                    "words": [],
                    "points": line.points,
                    "total": totals[line.player],
                    "withdrawn": False,
                    "dispute": "",
                    "note": True,
                }
            )
    open_turn = s.challengeable
    pending = s.pending_challenge
    last = s.challenges[-1] if s.challenges else None
    result = s.result
    return {
        "names": list(s.names),
        "profile": s.profile.name,
        "started": s.started,
        "toss_needed": s.toss_needed and s.toss is None and not s.started,
        "starter": s.starter,
        "absent": s.absent,
        "to_move": s.to_move,
        "scores": list(s.scores),
        "bag": s.bag,
        "racks": list(s.rack_size),
        "pass_run": s.pass_run,
        "clock": None
        if clock is None
        else {
            "kind": clock.settings.kind,
            "seconds": clock.settings.seconds,
            "warning": clock.settings.warning,
            "remaining": remaining,
            "running": clock.running,
            "stopped": clock.stopped,
        },
        "out_of_time": list(s.out_of_time),
        "neutralised": s.neutralised,
        "challengeable": None
        if open_turn is None
        else {
            "turn": open_turn.number,
            "player": open_turn.player,
            "words": [w.upper() for w, _ in open_turn.words],
        },
        "challenge": None
        if last is None
        else {
            "turn": last.turn,
            "challenger": last.challenger,
            "words": list(last.words),
            "admitted": list(last.admitted),
            "ruled": last.ruled,
            "pending": pending is not None,
            "override": last.override,
            "reason": last.reason,
        },
        "went_out": s.went_out,
        "ending": s.ending,
        "reckoning": s.reckoning,
        "declared": list(s.declared),
        "result": None
        if result is None
        else {
            "scores": list(result.scores),
            "winner": result.winner,
            "loss": result.loss,
            "forfeit": result.forfeit,
        },
        "signed": list(s.signed),
        "sheet": sheet,
        "exchange_allowed": s.bag >= 7,
        "finished": s.signed_result is not None,
    }


def describe_match(log: TableLog, m: TableMatch, at: float) -> dict[str, Any]:
    """The game in play for the page, with the match it belongs to (best of three: the
    games signed, the games won, whether the next game is due)."""
    out = describe(log, m.current, at)
    so_far = m.match()
    out["match"] = {
        "best_of": m.best_of,
        "game": len(m.games),
        "games": [
            {"scores": list(r.scores), "winner": r.winner, "starter": starter}
            for r, starter in zip(so_far.results, so_far.starters, strict=True)
        ],
        "games_won": [_won(w) for w in so_far.games_won],
        "next_game_due": m.next_game_due,
        "over": m.over,
        "winner": so_far.winner if m.over else None,
    }
    if m.best_of > 1:
        out["finished"] = m.over
    return out


def _won(games: float) -> int | float:
    return int(games) if games == int(games) else games


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
        if event.get("kind") == "sign":
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


@transaction.atomic
def reopen_friendly(log: TableLog, user: User, reason: str = "") -> None:
    """A director reopens the signed sheet of a friendly game: the signatures of the game
    in play are removed (audited in the game's log)."""
    if log.table is not None:
        raise ServiceError(gettext("Table inconnue."))
    if not tablelog.drop_last(log.pk, frozenset({"sign"})):
        raise ServiceError(gettext("Cette feuille n'est pas signée."))
    audit_table(log, user, REOPEN_ACTION, reason=reason)


@transaction.atomic
def reopen(t: Tournament, log: TableLog, user: User, reason: str = "") -> None:
    """An arbiter reopens a signed sheet: the signatures are removed and the table's result
    cleared (audited); the players sign again or the arbiter corrects the result."""
    tb = log.table
    if tb is None:
        raise ServiceError(gettext("Table inconnue."))
    dropped = tablelog.drop_last(log.pk, frozenset({"sign"}))
    if not dropped:
        raise ServiceError(gettext("Cette feuille n'est pas signée."))
    tb.refresh_from_db()
    if tb.entered:
        results.clear_result(t, tb.pk, tb.version, user)
    audit(
        t,
        user,
        REOPEN_ACTION,
        ROUND_TABLE_TARGET % {"round": tb.round.number, "table": tb.number},
        reason=reason,
    )


def _on_table_saved(sender: Any, instance: Table, created: bool, **kwargs: Any) -> None:
    """A Classic table gets its log, code and PINs when the round is paired (printed on the
    table's slip); a table changed before its game started follows the change."""
    if kwargs.get("raw") or instance.is_bye:
        return
    t = Tournament.objects.select_related("event").get(pk=instance.round.tournament_id)
    if t.event.kind != GAME.kind:
        return
    log = TableLog.objects.filter(table=instance).first()
    if log is None:
        tablelog.create_log(KIND, setup_of(t, instance), table=instance, title=str(t.event))
    elif not log.events:
        setup = setup_of(t, instance)
        if log.setup != setup:
            log.setup = setup
            log.save(update_fields=["setup"])


post_save.connect(_on_table_saved, sender=Table, dispatch_uid="classic_table_log")


def friendly_journal(log: TableLog) -> list[dict[str, Any]]:
    """A friendly game's audit log for its page, newest first: when, who, the action in the
    page's language, the details (player, sanction, scores...) and the reason."""
    out = []
    for entry in log.audit.select_related("user")[:200]:
        after = entry.after if isinstance(entry.after, dict) else {}
        out.append(
            {
                "at": entry.at,
                "user": getattr(entry.user, "username", ""),
                "action": gettext(entry.action),
                "detail": " · ".join(
                    " – ".join(str(x) for x in v) if isinstance(v, list) else str(v)
                    for v in after.values()
                ),
                "reason": entry.reason,
            }
        )
    return out
