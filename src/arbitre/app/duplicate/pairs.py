"""Pairs Duplicate in the application (seed 002, A.2.4; seed 004, 5.1): the event's
setting, and the pairs registered by form or by file. A pair is one :class:`Registration`
(its first player, table, arbiter and ballots: one ballot per pair and move) with its
second player as :class:`PairPartner`; the rules are the engine's
(:mod:`arbitre.duplicate.pairs`). Every write goes through here, audited."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext, gettext_noop

from arbitre.app.duplicate import changes
from arbitre.app.duplicate.models import BallotEntry, DuplicateEvent, PairPartner, Registration
from arbitre.app.duplicate.pair_entries import PARTNER_FIELDS
from arbitre.app.duplicate.services import ServiceError, User, audit, worded
from arbitre.common.messages import Refusal
from arbitre.duplicate.event import Player
from arbitre.duplicate.pairs import Partner, check_event_type

PAIRS_SET = gettext_noop("Épreuve en paires")
PAIR_REGISTERED = gettext_noop("Inscription d'une paire")
PAIRS_IMPORTED = gettext_noop("Import des paires")


def check_ranking_type(dup: DuplicateEvent, code: str) -> None:
    """Refuse a federation ranking type that does not fit the event (seed 002, A.2.4: a
    pairs event awards ranking points only), as the engine's :class:`Refusal` (the ranking's
    closing and sending pages word it)."""
    reason = check_event_type(code, dup.pairs)
    if reason is not None:
        raise Refusal(reason)


def check_settings_type(dup: DuplicateEvent, code: str) -> None:
    """:func:`check_ranking_type` for the settings page, in the page's language."""
    try:
        check_ranking_type(dup, code)
    except Refusal as exc:
        raise ServiceError(worded(exc.message)) from exc


@transaction.atomic
def set_pairs(dup: DuplicateEvent, pairs: bool, user: User) -> bool:
    """Make the event a pairs event or an individual one. Refused once a ballot is entered
    (who plays is settled then), and while entries are registered; a ranking type of the
    other formula goes back to the default. Audited; False when unchanged."""
    changes.touch(dup)
    dup = DuplicateEvent.objects.select_for_update().get(pk=dup.pk)
    if dup.pairs == pairs:
        return False
    if BallotEntry.objects.filter(game__duplicate=dup).exists():
        raise ServiceError(
            gettext("Des bulletins sont saisis : l'épreuve ne peut plus changer de formule.")
        )
    if dup.players.exists():
        raise ServiceError(
            gettext(
                "Des joueurs ou des paires sont inscrits : retirez-les avant de changer de formule."
            )
        )
    before = {"paires": dup.pairs, "type": dup.ranking_type}
    if check_event_type(dup.ranking_type, pairs) is not None:
        dup.ranking_type = ""  # the other formula's default (A.2.4: PAIRS for pairs)
    dup.pairs = pairs
    dup.save(update_fields=["pairs", "ranking_type"])
    audit(dup, user, PAIRS_SET, dup.event.name, before, {"paires": pairs, "type": dup.ranking_type})
    return True


def _check_new(dup: DuplicateEvent, pairs: list[Player]) -> None:
    """Every licence new to the event and every table free, else refused."""
    if not dup.pairs:
        raise ServiceError(gettext("Cette épreuve se joue en individuel, pas en paires."))
    taken = set(dup.players.values_list("licence", flat=True))
    taken |= set(PairPartner.objects.filter(duplicate=dup).values_list("licence", flat=True))
    tables = set(dup.players.exclude(table=None).values_list("table", flat=True))
    for p in pairs:
        assert p.partner is not None
        if p.licence == p.partner.licence:
            raise ServiceError(
                gettext("Les deux joueurs de la paire ont la même licence %(licence)s.")
                % {"licence": p.licence}
            )
        for licence in (p.licence, p.partner.licence):
            if licence in taken:
                raise ServiceError(
                    gettext("La licence %(licence)s est déjà inscrite.") % {"licence": licence}
                )
        if p.table is not None and p.table in tables:
            raise ServiceError(gettext("La table %(table)s est déjà prise.") % {"table": p.table})


def _store(dup: DuplicateEvent, p: Player) -> Registration:
    assert p.partner is not None
    reg = Registration.objects.create(
        duplicate=dup,
        licence=p.licence,
        name=p.name,
        first_name=p.first_name,
        club=p.club,
        series=p.series,
        tier=p.tier,
        category=p.category,
        table=p.table,
    )
    PairPartner.objects.create(
        registration=reg,
        duplicate=dup,
        **{f: getattr(p.partner, f) for f in PARTNER_FIELDS},
    )
    return reg


@transaction.atomic
def add_pair(dup: DuplicateEvent, pair: Player, user: User) -> Registration:
    """Register one pair: two players, two licences new to the event, a free table."""
    changes.touch(dup)
    _check_new(dup, [pair])
    reg = _store(dup, pair)
    audit(dup, user, PAIR_REGISTERED, reg.licence, None, {"paire": reg.full_name})
    return reg


@transaction.atomic
def import_pairs(dup: DuplicateEvent, pairs: list[Player], user: User) -> None:
    """Register the pairs of a file: all of them, or none."""
    changes.touch(dup)
    _check_new(dup, pairs)
    for p in pairs:
        _store(dup, p)
    audit(dup, user, PAIRS_IMPORTED, str(len(pairs)))


def pair_from_form(data: dict[str, Any]) -> Player:
    """The pair a registration form gives (cleaned data with ``licence1``... ``table``)."""

    def person(n: int) -> dict[str, Any]:
        return {
            "licence": data[f"licence{n}"],
            "name": data[f"name{n}"],
            "first_name": data.get(f"first_name{n}") or "",
            "club": data.get(f"club{n}") or "",
            "series": data.get(f"series{n}"),
            "tier": data.get(f"tier{n}") or "",
            "category": data.get(f"category{n}") or "",
        }

    return Player(**person(1), table=data.get("table"), partner=Partner(**person(2)))


PARTNER_CHANGED = gettext_noop("Partenaire modifié")


@transaction.atomic
def update_partner(
    dup: DuplicateEvent, partner: PairPartner, data: dict[str, Any], user: User
) -> list[str]:
    """Correct a pair's second player (before or during the event: the pair's ballots stay
    its own); the licence stays unique in the event. Audited with the values before and
    after; returns the fields changed."""
    changes.touch(dup)
    licence = data["licence"]
    taken = dup.players.filter(licence=licence).exists() or (
        PairPartner.objects.filter(duplicate=dup, licence=licence).exclude(pk=partner.pk).exists()
    )
    if taken:
        raise ServiceError(
            gettext("La licence %(licence)s est déjà inscrite.") % {"licence": licence}
        )
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    for field in PARTNER_FIELDS:
        old, new = getattr(partner, field), data.get(field)
        new = "" if new is None and field != "series" else new
        if (old or None) != (new or None):
            before[field], after[field] = old, new
            setattr(partner, field, new)
    if after:
        partner.save()
        audit(dup, user, PARTNER_CHANGED, partner.registration.licence, before, after)
    return list(after)
