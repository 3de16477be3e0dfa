"""What names an event of the paired games (its name, date and place) and the tournament's
settings, changed by its director after creation (issue 21, part 1)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.rounds.games import PairedGame, User
from arbitre.app.rounds.models import Tournament
from arbitre.app.rounds.services import (
    ServiceError,
    StaleEditError,
    audit,
    bump,
    last_round_number,
    locked,
    stamp,
)

EVENT_CHANGED = gettext_noop("Événement modifié")
FIELDS = {"name": gettext_noop("nom"), "date": gettext_noop("date"), "place": gettext_noop("lieu")}
"""The fields, with their key in the audit log (French, worded when shown)."""


@transaction.atomic
def update_identity(t: Tournament, data: dict[str, Any], user: User) -> list[str]:
    """Change the event's name, date and place; the changes go to the audit log (before,
    after). Returns the fields changed."""
    t = locked(t)
    event = t.event
    before: dict[str, str] = {}
    after: dict[str, str] = {}
    for field, key in FIELDS.items():
        old, new = getattr(event, field), data[field]
        if old != new:
            before[key], after[key] = str(old), str(new)
            setattr(event, field, new)
    if not after:
        return []
    event.save()
    audit(t, user, EVENT_CHANGED, event.name, before, after)
    bump(t)
    return [f for f, key in FIELDS.items() if key in after]


# -- the tournament's settings (issue 21, part 1) ---------------------------------------------------

SETTINGS_CHANGED = gettext_noop("Réglages modifiés")
BEFORE_ROUND_ONE = frozenset(("profile", "best_of", "match_length"))
"""Settings the games paired and played follow (who starts, a match's games, a backgammon
match's length on its sheets and results): fixed once round 1 is paired."""
BEFORE_FINAL_STAGE = frozenset(
    ("final_size", "final_best_of", "qf_sets", "sf_sets", "final_sets", "consolation_sets")
)
"""Settings of the final stage: fixed once it has started."""


def _rounds_value(t: Tournament, value: int | None) -> tuple[int, bool]:
    """The stored ``(rounds, rounds_auto)`` for the number typed: empty keeps an automatic
    count (fixed from the players at round 1) automatic."""
    if value is None:
        if t.rounds == 0 or t.rounds_auto:
            return t.rounds, t.rounds_auto
        if last_round_number(t) > 0:
            raise ServiceError(
                gettext("La ronde 1 est appariée : indiquez le nombre de rondes du tournoi.")
            )
        return 0, False
    return value, False


def event_stamp(game: PairedGame, t: Tournament) -> str:
    """A digest of what the edit page shows (the event's name, date and place and the
    settings of the game's creation form): a page whose stamp no longer matches was loaded
    before another change (:class:`~arbitre.app.rounds.services.StaleEditError`)."""
    values = [str(getattr(t.event, f)) for f in FIELDS]
    values += [str(getattr(t, f, "")) for f in game.creation_form.base_fields if f not in FIELDS]
    return stamp(values)


@transaction.atomic
def update_event(game: PairedGame, t: Tournament, data: dict[str, Any], user: User) -> list[str]:
    """The event's name, date and place and the tournament's settings (the fields of the
    game's creation form), changed by its director. Refused, with nothing changed, where a
    setting would contradict what is paired or played: fewer rounds than those paired, the
    number of rounds once the final stage started, :data:`BEFORE_ROUND_ONE` once round 1 is
    paired, :data:`BEFORE_FINAL_STAGE` once the final stage started, a page loaded before
    another change (``data["stamp"]``, :func:`event_stamp`). Audited (before, after); returns
    the fields changed."""
    t = locked(t)
    stamp = data.get("stamp")
    if stamp is not None and stamp != event_stamp(game, t):
        raise StaleEditError(
            gettext(
                "L'événement a été modifié depuis l'ouverture de cette page : rechargez-la et "
                "recommencez."
            )
        )
    paired = last_round_number(t)
    knockout = game.knockout_started(t)
    labels = {name: str(field.label) for name, field in game.creation_form().fields.items()}
    settings = {f: data[f] for f in labels if f not in FIELDS and f in data}
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    changed: list[str] = []
    if "rounds" in settings:
        rounds, auto = _rounds_value(t, settings.pop("rounds"))
        if (rounds, auto) != (t.rounds, t.rounds_auto):
            if knockout:
                raise ServiceError(
                    gettext("La phase finale est commencée : le nombre de rondes ne change plus.")
                )
            if rounds and rounds < paired:
                raise ServiceError(
                    gettext(
                        "La ronde %(round)s est déjà appariée : le tournoi ne peut pas compter "
                        "moins de %(round)s rondes."
                    )
                    % {"round": paired}
                )
            before["rondes"], after["rondes"] = t.rounds or None, rounds or None
            t.rounds, t.rounds_auto = rounds, auto
            changed.append("rounds")
    for field, value in settings.items():
        if getattr(t, field) == value:
            continue
        if field in BEFORE_ROUND_ONE and paired:
            raise ServiceError(
                gettext(
                    "La ronde 1 est appariée : « %(setting)s » ne peut plus changer (les parties "
                    "appariées suivent ce réglage)."
                )
                % {"setting": labels[field]}
            )
        if field in BEFORE_FINAL_STAGE and knockout:
            raise ServiceError(
                gettext("La phase finale est commencée : « %(setting)s » ne peut plus changer.")
                % {"setting": labels[field]}
            )
        before[field], after[field] = getattr(t, field), value
        setattr(t, field, value)
        changed.append(field)
    identity = update_identity(t, {f: data[f] for f in FIELDS}, user)
    if changed:
        fields = [f for f in changed if f != "rounds"]
        t.save(update_fields=fields + (["rounds", "rounds_auto"] if "rounds" in changed else []))
        audit(t, user, SETTINGS_CHANGED, data["name"], before, after)
        bump(t)
    return identity + changed
