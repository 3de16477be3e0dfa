"""Classic Scrabble at the table: the game (or match) rebuilt from a table's log, and its
state described for the page, worded in the user's language (the page's script words
nothing itself).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, gettext

from arbitre.app.classic.tablesetup import lexicon_of
from arbitre.app.rounds.models import TableLog
from arbitre.classic.game.profiles import get_profile
from arbitre.classic.table import ClockSettings, TableMatch, TableSession, replay_match, to_gcg
from arbitre.i18n import word


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


def lateness(s: TableSession, at: float) -> dict[str, Any] | None:
    """An absent player for the page (000 9.5; 001 10.5): who, whether their clock runs,
    and from when (the events' time) the director may declare them forfeit (``None``: not
    while their clock is stopped), by half of the credit (``half``) or at once (``now``)."""
    if s.absent is None or s.result is not None:
        return None
    clock = s.clock
    return {
        "player": s.absent,
        "clock_runs": clock is not None and clock.running == s.absent and not clock.stopped,
        "forfeit_at": s.forfeit_possible_at(at),
        "rule": "half" if s.profile.absent_forfeit_at_half_budget else "now",
    }


def arbiter_actions(s: TableSession) -> list[str]:
    """The arbiter's decisions the state of the game admits, for the arbiter's panel (the
    engine refuses the others): before the start, the absent player's clock (a chess
    clock, not once a latecomer arrived: the players then start), the present player
    playing first (001 10.5) and a forfeit; an absent player's arrival; an overdraw from
    the initial draw on (000 9.1); in play, sanctions, the director's end and, on a global
    credit or no clock, an imposed timing (001 6.4.2); a sheet signed, its reopening. A
    forfeit under ``fbs`` is offered once half of the absent player's credit has run (000 9.5): the page
    shows it from :func:`lateness`'s ``forfeit_at`` on."""
    out: list[str] = []
    clock = s.clock
    # a chess clock not run yet (an absent player's clock, then their arrival, ran it)
    fresh = clock is not None and clock.settings.kind == "chess" and clock.running is None
    if s.result is None:
        if not s.started and s.absent is None and fresh:
            out.append("absent_clock")
            if s.profile.present_plays_when_late:
                out.append("late_start")
        if s.absent is not None:
            out.append("arrive")
        if s.absent is not None or (not s.started and not s.profile.absent_forfeit_at_half_budget):
            out.append("forfeit")
        out.append("overdraw")  # from the initial draw on (000 9.1; 001 10.1)
        if s.started:
            out += ["sanction", "director_end"]
            if s.ending is None and (clock is None or clock.settings.kind == "global"):
                out.append("impose_clock")
    if any(s.signed):
        out.append("reopen")
    return out


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
        "lateness": lateness(s, at),
        "arbiter_actions": arbiter_actions(s),
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
