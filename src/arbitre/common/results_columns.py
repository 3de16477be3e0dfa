"""The columns of a Duplicate event's results file, the file an event sends the federation:
written by :mod:`arbitre.duplicate.results_csv`, read as it is by the federation ranking
(:mod:`arbitre.ranking.results_import`). One definition for both engines."""

from __future__ import annotations

HEADERS = {
    "fr": {
        "table": "table",
        "licence": "licence",
        "name": "nom",
        "first_name": "prenom",
        "club": "club",
        "series": "serie",
        "total": "total",
        "rank": "rang",
        "category": "categorie",
        "tops_lost": "tops_perdus",
        "event_type": "type",
        "games": "parties",
        "date": "date",
        "overseas": "outremer",
        "event_id": "epreuve",
        "pair": "paire",
    },
    "en": {
        "table": "table",
        "licence": "licence",
        "name": "name",
        "first_name": "first_name",
        "club": "club",
        "series": "series",
        "total": "total",
        "rank": "rank",
        "category": "category",
        "tops_lost": "tops_lost",
        "event_type": "type",
        "games": "games",
        "date": "date",
        "overseas": "overseas",
        "event_id": "event",
        "pair": "pair",
    },
}
"""Column names by language: French is the federation's format."""
