"""What needs the chief arbiter in a game of a Duplicate event (issue 35, item 4; seed 004).

Read-only, from the game's record and its ballots: the ballots still missing on the move
being entered, per arbiter (the players not at the table for that move, 5.1 and
withdrawals, are not waited for: :func:`arbitre.app.duplicate.services.absences`), and on
any earlier move of the game; the moves scored above their top after an appeal, waiting
for the chief's decision (5.3, 5.2); the move's regulation time over while the top is not
revealed yet (2.3); players with no table or no arbiter to enter their ballots (not the
players the check-in found absent, unless marked late).
"""

from __future__ import annotations

from collections import defaultdict

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from arbitre.app.duplicate import appeals, presence, public, services
from arbitre.app.duplicate.missing import awaited_on
from arbitre.app.duplicate.models import (
    BallotEntry,
    DuplicateEvent,
    Game,
    Lateness,
    Registration,
)
from arbitre.app.events.models import Event
from arbitre.app.events.needs_model import ALERT, WATCH, ClockLine, Need, Overview, Side

TABLES_SHOWN = 12
"""Tables named at most in one item (the rest as "…"): the entry page lists them all."""


def _game(dup: DuplicateEvent, number: int | None) -> Game:
    """Game ``number``, or the game being played: the last one started, else the first."""
    games = list(dup.games.order_by("number"))
    if number is not None:
        found = next((g for g in games if g.number == number), None)
        if found is None:
            raise LookupError(number)
        return found
    started = [g for g in games if g.record]
    if started:
        return started[-1]
    if not games:
        raise LookupError(number)
    return games[0]


def overview(event: Event, number: int | None) -> Overview:
    dup = DuplicateEvent.objects.select_related("event").get(event=event)
    game = _game(dup, number)
    rounds = [(g.number, g.name) for g in dup.games.order_by("number")]
    found = Overview(event, game.number, game.name, rounds)
    engine = services.engine_of(game)
    played = len(engine.moves)
    players = list(dup.players.all())
    found.needs.extend(_ballots(dup, game, players, played, over=engine.phase == "over"))
    found.needs.extend(_above_top(dup))
    found.needs.extend(_placement(dup, _seated(dup, players)))
    found.clocks.extend(_timer(dup, game, engine.phase, engine.move_number, found))
    # the game's name is the round label beside it: the summary does not repeat it
    found.summary = ngettext(
        "%(moves)s coup joué, %(players)s joueurs.",
        "%(moves)s coups joués, %(players)s joueurs.",
        played,
    ) % {"moves": played, "players": len(players)}
    return found


def _seated(dup: DuplicateEvent, players: list[Registration]) -> list[Registration]:
    """The players who need a table and an arbiter: every registered player until the
    check-in is confirmed, then those present, and those found absent but marked late
    for a game (they arrive and play, seed 004 5.1)."""
    present = presence.present_ids(dup)
    if present is None:
        return players
    late = set(
        Lateness.objects.filter(game__duplicate=dup).values_list("registration_id", flat=True)
    )
    return [r for r in players if r.pk in present or r.pk in late]


def _tables(regs: list[Registration]) -> str:
    numbers = sorted(
        (str(r.table) if r.table is not None else r.licence for r in regs),
        key=lambda x: (not x.isdigit(), int(x) if x.isdigit() else 0, x),
    )
    shown = ", ".join(numbers[:TABLES_SHOWN])
    return shown + (", …" if len(numbers) > TABLES_SHOWN else "")


def missing_ballots(game: Game, players: list[Registration], move: int) -> list[Registration]:
    """The players at the table for ``move`` of ``game`` with no ballot entered for it."""
    awaited = awaited_on(game, move)  # the chief's screen's reading (check-in, lateness)
    entered = set(
        BallotEntry.objects.filter(game=game, move_number=move).values_list(
            "registration_id", flat=True
        )
    )
    return [r for r in players if awaited(r) and r.pk not in entered]


def _ballots(
    dup: DuplicateEvent, game: Game, players: list[Registration], played: int, *, over: bool
) -> list[Need]:
    """The move being entered (the last one revealed): one item per arbiter with ballots
    missing; an earlier move (or the last one of a finished game): one item per move."""
    out: list[Need] = []
    ids = {r.arbiter_id for r in players if r.arbiter_id}
    names = {u.pk: u.get_username() for u in get_user_model().objects.filter(pk__in=ids)}
    entry = reverse("duplicate:entry", args=[dup.event_id, game.number])
    for move in range(1, played + 1):
        missing = missing_ballots(game, players, move)
        if not missing:
            continue
        url = f"{entry}?coup={move}"
        where = gettext("%(game)s, coup %(move)s") % {"game": game.name, "move": move}
        if move == played and not over:
            by_arbiter: dict[int | None, list[Registration]] = defaultdict(list)
            for r in missing:
                by_arbiter[r.arbiter_id].append(r)
            for arbiter, regs in sorted(by_arbiter.items(), key=lambda x: (x[0] is None, x[0])):
                who = names.get(arbiter, "") if arbiter else gettext("sans arbitre")
                text = ngettext(
                    "%(arbiter)s : %(count)s bulletin manquant (tables %(tables)s).",
                    "%(arbiter)s : %(count)s bulletins manquants (tables %(tables)s).",
                    len(regs),
                ) % {"arbiter": who, "count": len(regs), "tables": _tables(regs)}
                key = f"ballots:{game.pk}:{move}:{arbiter or 0}"
                out.append(Need(key, "ballots", WATCH, where, text, url))
            continue
        text = ngettext(
            "%(count)s bulletin manquant (tables %(tables)s).",
            "%(count)s bulletins manquants (tables %(tables)s).",
            len(missing),
        ) % {"count": len(missing), "tables": _tables(missing)}
        out.append(Need(f"ballots:{game.pk}:{move}", "ballots", ALERT, where, text, url))
    return out


def _above_top(dup: DuplicateEvent) -> list[Need]:
    """Each move of the event scored above its top, the chief's decision pending (5.3): read
    from the event the public pages keep up to date (:func:`public.event_of`), not built again
    from every ballot at each poll of the overview (0.3 s at a festival's 1,500 players)."""
    numbers = {g.name: g.number for g in dup.games.all()}
    out = []
    for a in appeals.pending(dup, public.event_of(dup, public.version(dup))):
        url = reverse("duplicate:chief", args=[dup.event_id, numbers.get(a.game, 1)])
        where = gettext("%(game)s, coup %(move)s") % {"game": a.game, "move": a.move}
        key = f"above_top:{a.game}:{a.move}:{a.top_move}"
        out.append(Need(key, "above_top", ALERT, where, services.worded(a.message), url))
    return out


def _placement(dup: DuplicateEvent, players: list[Registration]) -> list[Need]:
    """Players no arbiter enters (no table, or a table no arbiter covers)."""
    url = reverse("duplicate:detail", args=[dup.event_id])
    out = []
    no_table = [r for r in players if r.table is None]
    if no_table:
        text = ngettext(
            "%(count)s joueur sans table : %(names)s.",
            "%(count)s joueurs sans table : %(names)s.",
            len(no_table),
        ) % {"count": len(no_table), "names": ", ".join(r.full_name for r in no_table[:6])}
        out.append(Need("setup:table", "setup", WATCH, "", text, url))
    no_arbiter = [r for r in players if r.table is not None and r.arbiter_id is None]
    if no_arbiter:
        text = ngettext(
            "%(count)s joueur sans arbitre pour ses bulletins (tables %(tables)s).",
            "%(count)s joueurs sans arbitre pour leurs bulletins (tables %(tables)s).",
            len(no_arbiter),
        ) % {"count": len(no_arbiter), "tables": _tables(no_arbiter)}
        out.append(Need("setup:arbiter", "setup", WATCH, "", text, url))
    return out


def _timer(
    dup: DuplicateEvent, game: Game, phase: str, move: int, found: Overview
) -> list[ClockLine]:
    """The move's time (2.3) while it runs; once it is over, an item: reveal the top."""
    if game.timer_started_at is None or phase != "play":
        return []
    seconds = services.seconds_per_move(game, move)
    left = seconds - (timezone.now() - game.timer_started_at).total_seconds()
    url = reverse("duplicate:chief", args=[dup.event_id, game.number])
    where = gettext("%(game)s, coup %(move)s") % {"game": game.name, "move": move}
    if left <= 0:
        text = gettext("Temps réglementaire écoulé : le top est à annoncer.")
        found.needs.append(Need(f"clock:{game.pk}:{move}", "clock", WATCH, where, text, url))
        return []
    side = Side(gettext("Temps du coup"), max(0.0, left), True)
    return [ClockLine(f"timer:{game.pk}", where, [side], url)]
