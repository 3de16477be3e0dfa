"""The word list of a Classic event (seed 001, 1.2; seed 000, 5.1: the challenges are judged
by the ODS in force): its director keeps the default list or uploads one, through the same
service as a Duplicate event (:mod:`arbitre.app.wordlists`). The tables not started yet take
the new list; a game started keeps the list it began with, as it keeps its clock (a challenge
already ruled is never judged again by another list)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from arbitre.app import wordlists
from arbitre.app.classic import finaltables, tables
from arbitre.app.classic.models import WordList
from arbitre.app.rounds.models import TableLog, Tournament
from arbitre.app.rounds.services import User, audit, locked

WORD_LIST_ACTION = gettext_noop("Liste de mots des contestations")


def _shown(chosen: wordlists.StoredList) -> dict[str, Any]:
    return {"liste de mots": chosen.name, "mots": chosen.words}


def set_word_list(t: Tournament, upload: Any, user: User) -> tuple[wordlists.StoredList, int]:
    """The event's challenges are judged from now on by the uploaded list (``upload``), or by
    the default list (``upload`` None); audited with the lists before and after. A list the
    engine refuses raises its ``ValueError`` and nothing changes. Returns the list and the
    number of tables already started, which keep theirs."""
    chosen = wordlists.store(upload) if upload else wordlists.default_list()
    with transaction.atomic():
        t = locked(t)
        before = tables.event_word_list(t)
        if chosen.is_default:
            WordList.objects.filter(tournament=t).delete()
        else:
            WordList.objects.update_or_create(
                tournament=t,
                defaults={
                    "name": chosen.name,
                    "path": chosen.path,
                    "sha256": chosen.sha256,
                    "words": chosen.words,
                },
            )
        started = 0
        for log in TableLog.objects.filter(table__round__tournament=t).select_related(
            "table__round"
        ):
            if log.events:
                started += 1
            elif log.table is not None:
                log.setup = tables.setup_of(t, log.table)
                log.save(update_fields=["setup"])
        finaltables.ensure(t)  # the final phase's games not started take the new list
        audit(t, user, WORD_LIST_ACTION, "", _shown(before), _shown(chosen))
    return chosen, started
