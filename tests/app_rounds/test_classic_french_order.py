"""Issue 18, part 8: names with accents sort in French order (É with E, not after Z) in the
lists and prints of a Classic event."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.app_rounds.conftest import check_in_all, create_event, import_csv, messages_of

pytestmark = pytest.mark.django_db

NAMES = ["Zoé", "Éric", "Eva", "Denis", "Fabien", "Émile"]
FRENCH = ["Denis", "Émile", "Éric", "Eva", "Fabien", "Zoé"]


def positions(html: str, names: list[str]) -> list[str]:
    found = sorted((m.start(), n) for n in names for m in [re.search(re.escape(n), html)] if m)
    return [n for _, n in found]


def test_accented_names_sort_with_their_letter_in_lists_and_prints(dclient: Client) -> None:
    eid = create_event(dclient, "classique", profile="ffsc")
    csv = "nom,cote\n" + "\n".join(f"{n},1500" for n in NAMES)
    assert "6 joueurs importés." in messages_of(import_csv(dclient, eid, csv))
    detail = dclient.get(f"/classique/{eid}/").content.decode()
    players = detail[detail.index('id="players"') :]
    assert positions(players, NAMES) == FRENCH
    check_in_all(dclient, eid)
    dclient.post(f"/classique/{eid}/apparier/")
    alpha = dclient.get(f"/classique/{eid}/ronde/1/imprimer/?ordre=alpha").content.decode()
    rows = re.findall(r"<tr><td>([^<]+)</td><td class=\"num\">", alpha)
    assert rows == FRENCH
    # equal ratings, no result yet: the standings list the tied players in French order
    public = dclient.get(f"/public/classique/{eid}/").context["rows"]
    assert [r["name"] for r in public] == FRENCH


def test_the_check_in_log_lists_the_players_in_french_order(dclient: Client) -> None:
    """The audit line of a check-in names the present players as the lists do (É with E)."""
    from arbitre.app.rounds.models import AuditEntry

    eid = create_event(dclient, "classique", profile="ffsc")
    csv = "nom,cote\n" + "\n".join(f"{n},1500" for n in NAMES)
    import_csv(dclient, eid, csv)
    check_in_all(dclient, eid)
    entry = AuditEntry.objects.filter(action="Pointage").latest("pk")
    assert entry.after == FRENCH
