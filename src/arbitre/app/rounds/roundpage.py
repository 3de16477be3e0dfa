"""What a round's page reads: its tables, each with its table code and its incidents, in a
number of queries that does not grow with the tables (a round of 32 tables was read in 71
queries, one for each table's incidents and one for each table's code; now in as many as one
of 4 tables)."""

from __future__ import annotations

from collections import defaultdict

from arbitre.app.events.incident_models import Incident
from arbitre.app.rounds.models import Round, Table


def round_tables(rnd: Round, event_id: int) -> list[tuple[Table, list[Incident]]]:
    """The tables of ``rnd`` (a round of event ``event_id``) in their order, each with its
    table code's log read with it (without the log's events) and the incidents recorded at
    it in this round: two queries."""
    tables = rnd.tables.select_related("log").defer("log__events", "log__setup")
    found: dict[int, list[Incident]] = defaultdict(list)
    for incident in Incident.objects.filter(event_id=event_id, round=rnd.number):
        if incident.table is not None:
            found[incident.table].append(incident)
    return [(tb, found.get(tb.number, [])) for tb in tables]
