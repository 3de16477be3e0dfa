"""What needs the director in a round of Classic Scrabble or backgammon (issue 35, item 4),
read from the round's tables and the logs their tablets keep (:mod:`arbitre.app.rounds.tablelog`).

Read-only: a table whose tablet was never used (a game played on paper: its log, made at
the pairing, has no event) shows nothing but its missing result in the summary; a table
without a log (paired before logs were made) is read the same, and none is created here.

Classic (seeds 000, 001): an arbiter called, a challenge waiting for its ruling, the clock
stopped for an incident, an absent player whose clock runs (with when the forfeit becomes
possible: 000 9.5 at half the credit; 001 10.5 at the director's decision), a credit at
zero, a sheet finished and not signed, a signed sheet whose result did not reach the round.

Backgammon: :mod:`arbitre.app.events.needs_backgammon` reads each table's clock, and the
final stage's matches once the bracket has started.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext, ngettext

from arbitre.app.classic import final, finaltables
from arbitre.app.events import needs_backgammon
from arbitre.app.events.models import Event
from arbitre.app.events.needs_model import (
    ALERT,
    WATCH,
    ClockLine,
    Need,
    Overview,
    Side,
    Spot,
    table_label,
)
from arbitre.app.rounds import tablelog
from arbitre.app.rounds.checkin import is_open
from arbitre.app.rounds.models import Table, TableLog, Tournament
from arbitre.app.rounds.services import ServiceError
from arbitre.backgammon.clock import format_seconds
from arbitre.classic.game.profiles import get_profile

NEUTRALISED = {
    "arbiter": ("call", ALERT),
    "score_dispute": ("call", ALERT),
    "board": ("call", ALERT),
    "overdraw": ("call", ALERT),
    "absence": ("paused", WATCH),
}
"""A Classic clock stopped (001 4.1.6, 9.2, 10.1, 10.2, 10.6; 000 9.6): how each reason is
listed."""


def _reason(reason: str) -> str:
    return {
        "arbiter": gettext("appel à l'arbitre"),
        "score_dispute": gettext("litige sur le score"),
        "board": gettext("grille renversée"),
        "overdraw": gettext("lettres en trop"),
        "absence": gettext("absence acceptée"),
    }.get(reason, reason)


def overview(event: Event, number: int | None) -> Overview:
    t = Tournament.objects.select_related("event").get(event=event)
    rounds = list(t.round_set.order_by("number"))
    numbered = [(r.number, gettext("Ronde %(number)s") % {"number": r.number}) for r in rounds]
    found = Overview(event, None, "", numbered)
    if is_open(t):
        found.needs.extend(_declared(t))
    if not rounds:
        found.summary = gettext("Aucune ronde appariée.")
        return found
    if number is None:
        rnd = rounds[-1]
    else:
        rnd = next((r for r in rounds if r.number == number), None)
        if rnd is None:
            raise LookupError(number)
    found.round, found.round_label = rnd.number, dict(numbered)[rnd.number]
    tables = [tb for tb in rnd.tables.all() if not tb.is_bye]
    logs = {log.table_id: log for log in TableLog.objects.filter(table__round=rnd)}
    for tb in tables:
        log = logs.get(tb.pk)
        if log is None:
            continue
        try:
            state = tablelog.state(log)
        except ServiceError as exc:  # a stored list the engine no longer reads
            url = _table_url(event, tb)
            found.needs.append(Need(f"broken:{tb.pk}", "call", ALERT, _where(tb), str(exc), url))
            continue
        if event.kind == Event.Kind.CLASSIC:
            spot = Spot(str(tb.pk), table_label(tb.number), _where(tb), _table_url(event, tb))
            missing = gettext("Feuille signée : son résultat n'est pas dans la ronde, à saisir.")
            needs, clock = _classic(spot, log, state, tb.entered, (_round_url(event, tb), missing))
        else:
            spot = Spot(str(tb.pk), table_label(tb.number), _where(tb), _table_url(event, tb))
            needs, clock = needs_backgammon.read(spot, log, state, entered=tb.entered)
        found.needs.extend(needs)
        if clock is not None:
            found.clocks.append(clock)
    entered = sum(1 for tb in tables if tb.entered)
    found.summary = ngettext(
        "%(entered)s résultat saisi sur %(count)s table.",
        "%(entered)s résultats saisis sur %(count)s tables.",
        len(tables),
    ) % {"entered": entered, "count": len(tables)}
    if t.final_started and event.kind == Event.Kind.CLASSIC:
        needs, clocks = _classic_final(event, t)
        found.needs.extend(needs)
        found.clocks.extend(clocks)
    if t.bracket_started and event.kind == Event.Kind.BACKGAMMON:
        needs, clocks = needs_backgammon.final_stage(t)
        found.needs.extend(needs)
        found.clocks.extend(clocks)
    return found


def _declared(t: Tournament) -> list[Need]:
    """Players who declared themselves present from their phone, not yet confirmed."""
    count = t.entrants.filter(self_checked_in_at__isnull=False, checked_in=False).count()
    if not count:
        return []
    text = ngettext(
        "%(count)s joueur déclaré présent depuis son téléphone : pointage à confirmer.",
        "%(count)s joueurs déclarés présents depuis leur téléphone : pointage à confirmer.",
        count,
    ) % {"count": count}
    return [Need("checkin", "checkin", WATCH, "", text, t.event.get_absolute_url())]


def _where(tb: Table) -> str:
    return f"{table_label(tb.number)} · {tb.a} — {tb.b}"


def _table_url(event: Event, tb: Table) -> str:
    if event.kind == Event.Kind.CLASSIC:
        return reverse("classic:table_arbiter", args=[event.pk, tb.pk])
    return reverse("backgammon:clock", args=[event.pk, tb.pk])


def _round_url(event: Event, tb: Table) -> str:
    return reverse(f"{event.kind}:round", args=[event.pk, tb.round.number]) + f"#table-{tb.number}"


def _classic_final(event: Event, t: Tournament) -> tuple[list[Need], list[ClockLine]]:
    """The final phase's games at the tables (issue 35, item 3), as a round's tables: those
    of the matches without a result. A game signed and counted is in the final phase; one
    the director must enter (a forfeit, a loss whatever the score) is a missing result."""
    needs: list[Need] = []
    clocks: list[ClockLine] = []
    knockout = reverse("classic:knockout", args=[event.pk])
    missing = gettext("Partie finie : le résultat du match est à saisir dans la phase finale.")
    try:
        matches = {m.id: m for m in final.matches(t)}
    except ServiceError:
        return needs, clocks
    for mid, games in finaltables.logs(t).items():
        m = matches.get(mid)
        if m is None or m.winner is not None:
            continue
        for log in games:
            if log.setup.get("names") != [m.top, m.bottom]:
                continue  # a game of players a corrected semi-final replaced
            url = reverse("classic:final_table", args=[event.pk, log.pk])
            label = finaltables.label_of(log)
            spot = Spot(f"f{log.pk}", label, f"{label} · {m.top} — {m.bottom}", url)
            try:
                state = tablelog.state(log)
            except ServiceError as exc:
                needs.append(Need(f"broken:{spot.id}", "call", ALERT, spot.where, str(exc), url))
                continue
            result = state["result"]
            counted = bool(
                state["finished"] and result["forfeit"] is None and result["loss"] is None
            )
            found, clock = _classic(spot, log, state, counted, (knockout, missing))
            needs.extend(found)
            if clock is not None:
                clocks.append(clock)
    return needs, clocks


def _classic(
    spot: Spot, log: TableLog, st: dict[str, Any], entered: bool, to_enter: tuple[str, str]
) -> tuple[list[Need], ClockLine | None]:
    """The items and the clock line of a Classic game at its table (``spot``): ``entered``
    whether its result is where it counts, ``to_enter`` the page and words of a result to
    enter there."""
    names = [str(n) for n in st["names"]]
    clock = st["clock"]
    result = st["result"]
    url, where = spot.url, spot.where
    running_side = None
    if clock is not None and result is None and st["ending"] is None and not clock["stopped"]:
        running_side = clock["running"]
    running = names[running_side] if running_side in (0, 1) else ""
    out: list[Need] = []

    def need(kind: str, level: str, text: str, link: str = url) -> None:
        out.append(Need(f"{kind}:{spot.id}", kind, level, where, text, link, running))

    reason = st["neutralised"]
    challenge = st["challenge"]
    if challenge and challenge["pending"]:
        need(
            "challenge",
            ALERT,
            gettext("%(name)s conteste %(words)s : décision attendue.")
            % {"name": names[challenge["challenger"]], "words": ", ".join(challenge["words"])},
        )
    elif reason in NEUTRALISED:
        kind, level = NEUTRALISED[reason]
        need(kind, level, gettext("Pendule arrêtée : %(reason)s.") % {"reason": _reason(reason)})
    absent = st["absent"]
    if absent is not None and result is None and clock is not None:
        need("late", ALERT, _absent_text(log, names[absent], clock, absent))
    in_play = result is None and st["ending"] is None
    if in_play and clock is not None and clock["kind"] in ("chess", "global"):
        out_names = [names[p] for p in (0, 1) if st["out_of_time"][p] or clock["remaining"][p] <= 0]
        if clock["kind"] == "global" and out_names:
            need("clock", ALERT, gettext("Crédit de temps commun épuisé (001 6.4)."))
        elif out_names:
            need(
                "clock",
                ALERT,
                gettext("Temps écoulé : %(names)s.") % {"names": ", ".join(out_names)},
            )
    next_due = bool(st.get("match") and st["match"]["next_game_due"])
    forfeit = result is not None and result["forfeit"] is not None
    if result is not None and not (st["finished"] or next_due or forfeit or entered):
        missing = [names[p] for p in (0, 1) if not st["signed"][p]]
        need(
            "unsigned",
            WATCH,
            gettext("Partie finie : signature attendue de %(names)s.")
            % {"names": ", ".join(missing)},
        )
    if (st["finished"] or forfeit) and not entered:
        need("result", ALERT, to_enter[1], to_enter[0])
    line = None
    if clock is not None and in_play and (st["started"] or absent is not None):
        sides = [Side(names[p], clock["remaining"][p], p == running_side) for p in (0, 1)]
        if clock["kind"] == "global":  # 001 6.4: one credit for both, running at each turn
            shared = gettext("Crédit commun (%(name)s joue)") % {"name": running or "—"}
            sides = [Side(shared, clock["remaining"][0], running_side is not None)]
        line = ClockLine(f"clock:{spot.id}", spot.label, sides, url, stopped=bool(clock["stopped"]))
    return out, line


def _absent_text(log: TableLog, name: str, clock: dict[str, Any], absent: int) -> str:
    """An absent player's clock runs: the time left, and when the forfeit becomes possible
    (000 9.5: once half the credit has run; 001 10.5: when the director decides)."""
    left = float(clock["remaining"][absent])
    text = gettext("%(name)s absent : sa pendule tourne, temps restant %(left)s.") % {
        "name": name,
        "left": format_seconds(left),
    }
    if get_profile(log.setup.get("profile", "ffsc")).absent_forfeit_at_half_budget:
        wait = left - float(clock["seconds"]) / 2
        if wait <= 0:
            return text + " " + gettext("Le forfait peut être prononcé (000 9.5).")
        return (
            text
            + " "
            + gettext("Forfait possible dans %(time)s (000 9.5).") % {"time": format_seconds(wait)}
        )
    return text + " " + gettext("Le forfait est à la décision du directeur (001 10.5).")
