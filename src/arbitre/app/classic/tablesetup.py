"""Classic Scrabble at the table: the setup of a table's game (its players, the event's
profile and clock, who starts, the word list its challenges are judged by), kept while the
game has not started, and the director's clock of the tables (001 6.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models.signals import post_save
from django.utils.translation import get_language, gettext, gettext_noop

from arbitre.app import wordlists
from arbitre.app.classic.models import WordList
from arbitre.app.events.models import Event
from arbitre.app.rounds import tablelog
from arbitre.app.rounds.models import Round, Table, TableClockSettings, TableLog, Tournament
from arbitre.app.rounds.services import ServiceError, User, audit, locked
from arbitre.classic.game.profiles import get_profile
from arbitre.classic.table import ClockSettings
from arbitre.common import Refusal
from arbitre.i18n import word

KIND = str(TableLog.Kind.CLASSIC)
LEXICON_KEY = "lexicon"
"""The key of a table's setup naming its word list (absent: the default list)."""


def event_word_list(t: Tournament) -> wordlists.StoredList:
    """The word list the event's challenges are judged by (seed 001, 1.2; seed 000, 5.1): the
    one its director uploaded, else the default list."""
    row = WordList.objects.filter(tournament=t).first()
    if row is None:
        return wordlists.default_list()
    return wordlists.StoredList(row.path, row.name, row.sha256, row.words)


def word_list_entry(chosen: wordlists.StoredList) -> dict[str, Any] | None:
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


SENSIBLE_SECONDS = {
    "chess": (10 * 60, 90 * 60),
    "move": (30, 10 * 60),
    "global": (20 * 60, 3 * 3600),
}
"""The clocks a Classic game is usually played on, in seconds (per player, per move, for
both): the seeds set no bounds (001 6.1: "le directeur du tournoi"; 000 only a minimum of 20
minutes, refused by the engine), so a setting outside is kept with a warning, as a typing
slip (seconds typed as minutes) or an accelerated clock for a demonstration."""


def clock_warnings(settings: ClockSettings) -> list[str]:
    """Why a clock the engine accepts looks wrong (:data:`SENSIBLE_SECONDS`), worded for the
    director; empty when it looks like a game's clock."""
    low, high = SENSIBLE_SECONDS.get(settings.kind, (0, 0))
    what = {
        "chess": gettext("Crédit de chaque joueur"),
        "move": gettext("Temps par coup"),
        "global": gettext("Crédit commun aux deux joueurs"),
    }.get(settings.kind, "")
    if not what or low <= settings.seconds <= high:
        return []
    return [
        gettext(
            "%(what)s : %(value)s, hors des valeurs habituelles (%(low)s à %(high)s). "
            "Enregistré ; vérifiez que ce n'est pas une faute de frappe."
        )
        % {
            "what": what,
            "value": _duration(settings.seconds),
            "low": _duration(low),
            "high": _duration(high),
        }
    ]


def _duration(seconds: int) -> str:
    """``90`` -> ``1 min 30 s``; ``1200`` -> ``20 min``; ``12`` -> ``12 s``."""
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return gettext("%(s)s s") % {"s": rest}
    if not rest:
        return gettext("%(m)s min") % {"m": minutes}
    return gettext("%(m)s min %(s)s s") % {"m": minutes, "s": rest}


@transaction.atomic
def set_clock(t: Tournament, kind: str, minutes: float, warning: int, user: User) -> list[str]:
    """The director sets the tables' clock (001 6.1); the engine refuses what the profile
    forbids (000: a chess clock of at least 20 minutes). Tables already started keep theirs.
    Returns the warnings of :func:`clock_warnings` (the clock is kept)."""
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
    shared = event_settings(t)
    for log in TableLog.objects.filter(table__round__tournament=t).select_related("table__round"):
        if not log.events and log.table is not None:
            log.setup = setup_of(t, log.table, shared)
            log.save(update_fields=["setup"])
    return clock_warnings(settings)


@dataclass(frozen=True)
class EventSettings:
    """What every table's setup takes from the event (read once for a round's tables): the
    tables' clock and the word list."""

    clock: ClockSettings
    word_list: wordlists.StoredList


def event_settings(t: Tournament) -> EventSettings:
    return EventSettings(clock_of(t), event_word_list(t))


def game_setup(
    t: Tournament,
    names: tuple[str, str],
    starter: int | None,
    settings: EventSettings | None = None,
) -> dict[str, Any]:
    """One game's setup at the event's settings (``settings``, read from the event when not
    given): the players (A first), the profile, the tables' clock, who starts (``None``: a
    toss, 001 3.1), the word list."""
    settings = settings or event_settings(t)
    clock = settings.clock
    setup: dict[str, Any] = {
        "names": list(names),
        "profile": t.profile,
        "clock": {"kind": clock.kind, "seconds": clock.seconds, "warning": clock.warning},
        "starter": starter,
    }
    entry = word_list_entry(settings.word_list)
    if entry is not None:
        setup[LEXICON_KEY] = entry
    if t.withdrawn_as_passes:
        setup["withdrawn_as_passes"] = True  # rulings.md Classic 9
    return setup


def setup_of(t: Tournament, tb: Table, settings: EventSettings | None = None) -> dict[str, Any]:
    """What the engine needs: the players (A first), profile, clock, who starts (the
    pairing's starter; none where the profile has the toss decide, 001 3.1); ``settings``
    as :func:`game_setup`."""
    starter: int | None
    if get_profile(t.profile).starts_by_toss:
        starter = None
    else:
        starter = 1 if tb.starts and tb.starts[0] == tb.b else 0
    setup = game_setup(t, (tb.a, tb.b), starter, settings)
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
    table not started yet follows the event's settings. Four queries whatever the number of
    tables, when every table has its log and none changed (the overview polls this)."""
    logs = []
    settings = event_settings(t)
    kept = tablelog.logs_by_table(rnd)
    for tb in rnd.tables.all():
        if tb.is_bye:
            continue
        setup = setup_of(t, tb, settings)
        log = kept.get(tb.pk)
        if log is None:
            log = tablelog.create_log(KIND, setup, table=tb, title=str(t.event))
        else:
            log.table = tb  # the table just read, not read again for the log
            if not log.events and log.setup != setup:
                log.setup = setup
                log.save(update_fields=["setup"])
        logs.append(log)
    return logs


def _on_table_saved(sender: Any, instance: Table, created: bool, **kwargs: Any) -> None:
    """A Classic table gets its log, code and PINs when the round is paired (printed on the
    table's slip); a table changed before its game started follows the change."""
    if kwargs.get("raw") or instance.is_bye:
        return
    t = Tournament.objects.select_related("event").get(pk=instance.round.tournament_id)
    if t.event.kind != Event.Kind.CLASSIC:
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
