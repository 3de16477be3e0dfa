"""Each player signs at the table with their own PIN (issue 34, item 4), for every game whose
players sign there: a Classic sheet's signature (``sign``), a backgammon match's confirmation
of the final score (``confirm``, seed 003, 4.6).

A table of a tournament round gets two personal PINs when its log is made
(:func:`~arbitre.app.rounds.tablelog.new_pins`), each printed on its player's own part of the
table's slip. The players' page sends the PIN with the signature; it is checked here against
the signing player's own, never stored with the event, and the event records how it was
signed (``proof``: ``"pin"``, or ``"arbitre"`` when made from an arbiter's page). A wrong PIN
is refused (:class:`WrongPin`, logged by the caller through
:func:`~arbitre.app.rounds.tablelog.note_refusal` and counted by
:mod:`~arbitre.app.rounds.codeguard`). A table made before PINs existed (or one with no
round: a friendly game, a final-stage match) signs as before.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.utils.translation import gettext

from arbitre.app.rounds.models import TableLog
from arbitre.app.rounds.services import ServiceError
from arbitre.app.rounds.tablelog import ForgedEvent

PIN_FIELD = "pin"
"""The field of a signature event that carries the typed PIN (dropped before storing)."""
PROOF_FIELD = "proof"
BY_PIN, BY_ARBITER = "pin", "arbitre"
"""How a signature was made: the player's own PIN, or an arbiter's page."""


class WrongPin(ForgedEvent):
    """A signature with a PIN that is not the signing player's (refused, logged, throttled)."""


def player_signs(log: TableLog, event: dict[str, Any], kind: str) -> None:
    """A players' page sends ``event``: when it is a signature (``kind``) at a table with
    PINs, it holds only with the signing player's own PIN, and is recorded as signed by PIN.
    The PIN typed, and any ``proof`` the page claims, are dropped from the event."""
    pin = str(event.pop(PIN_FIELD, "") or "")[:20]
    event.pop(PROOF_FIELD, None)
    if event.get("kind") != kind or not log.pins:
        return
    player = event.get("player")
    if player not in (0, 1) or isinstance(player, bool):
        raise ServiceError(gettext("Action illisible."))
    if not secrets.compare_digest(pin, str(log.pins[player])):
        name = log.setup.get("names", ["", ""])[player]
        raise WrongPin(
            gettext(
                "Code personnel faux : chaque joueur signe avec le code imprimé sur sa "
                "propre part du billet de table."
            ),
            log.pk,
            {"motif": "code personnel faux", "joueur": str(name)},
        )
    event[PROOF_FIELD] = BY_PIN


def arbiter_signs(event: dict[str, Any], kind: str) -> None:
    """An arbiter's page sends ``event``: a signature (``kind``) made there is recorded as
    the arbiter's (the players did not type their PINs)."""
    event.pop(PIN_FIELD, None)
    event.pop(PROOF_FIELD, None)
    if event.get("kind") == kind:
        event[PROOF_FIELD] = BY_ARBITER
