"""Wording of the engines' messages, through the gettext catalogues under ``locale/``.

Engines say what they decide as :class:`~arbitre.common.Message` values (a code and its
parameters). This package holds, for every code, the English text (the catalogue's msgid)
and words a message in a language: French by default, English on request. The web
application reads the same catalogue through Django (``LOCALE_PATHS``), the command line
through :mod:`gettext`; both call :func:`word`.

>>> from arbitre.common import Message
>>> word(Message.of("players_csv.duplicate", column="name", value="Alice", first_line=2))
'nom « Alice » déjà à la ligne 2'
>>> word(Message.of("players_csv.duplicate", column="name", value="Alice", first_line=2), "en")
'name “Alice” already on line 2'
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

from arbitre.common.messages import Message
from arbitre.common.players_csv import LineError

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "django"
LANGUAGES = ("fr", "en")
DEFAULT_LANGUAGE = "fr"

TEMPLATES: dict[str, str] = {
    # the players file (arbitre.common.players_csv and the engines' players formats)
    "players_csv.not_text": "the file is not text: save it as CSV from the spreadsheet",
    "players_csv.empty": "the file is empty",
    "players_csv.unknown_column": "unknown column “{label}”",
    "players_csv.duplicate_column": "column “{label}” given twice",
    "players_csv.missing_column": "the “{column}” column is missing",
    "players_csv.cell_count": "{found} columns instead of {expected}",
    "players_csv.required": "{column}: value missing",
    "players_csv.not_integer": "{column} “{value}” is not a whole number",
    "players_csv.too_small": "{column} {value}: at least {low}",
    "players_csv.out_of_range": "{column} {value} out of range ({low} to {high})",
    "players_csv.name_too_long": "name “{name}…” too long ({limit} characters at most)",
    "players_csv.reserved_name": "“{name}” is a reserved word and cannot be a player's name",
    "players_csv.duplicate": "{column} “{value}” already on line {first_line}",
    "players_csv.no_players": "the file holds no player",
    "players_csv.series": "series “{value}”: 1 to 7, tier A to D",
    "players_csv.tier": "tier “{value}”: A, B, C or D",
    # the Classic final phase (arbitre.classic.tournament.final_phase)
    "final_phase.match.F": "Final",
    "final_phase.match.SF1": "Semi-final 1",
    "final_phase.match.SF2": "Semi-final 2",
    "final_phase.match.P3": "Match for third place",
    "final_phase.size": "The final phase is played by the first two or the first four, not {size}.",
    "final_phase.players_needed": "The final phase needs {size} ranked players ({found} here).",
    "final_phase.best_of": "A match is one game or the best of three, not {best_of}.",
    "final_phase.no_games": "Enter the score of at least one game.",
    "final_phase.extra_game": "Game {number} is one too many: the match was already won.",
    "final_phase.negative_score": "Game {number}: negative score.",
    "final_phase.no_winner": (
        "The match has no winner ({top:g} - {bottom:g}): enter the game that decides it."
    ),
    "final_phase.players_unknown": "{match}: its players are not known yet.",
    "final_phase.unknown_match": "Unknown match: {matches}.",
    # the Classic pairing's explanations (arbitre.classic.tournament.pairing)
    "pairing.list_initial": "Pairing list: initial ranking (rating descending, then name).",
    "pairing.list_intermediate": "Pairing list: intermediate ranking after round {round} (PM, PPM if all tied players met, Pdep, initial ranking).",
    "pairing.absent": "Absent, left out of the pairing (they keep their points): {names}.",
    "pairing.present": "Present: {players}.",
    "pairing.groups": "Group A: the first {size_a} of {present} present players (the even number closest to two thirds); group B: the other {size_b}.",
    "pairing.groups_bye": "Group A: the first {size_a} of {present} present players (the even number closest to two thirds); group B: the other {size_b} (the last one has the bye).",
    "pairing.table": "Table {table}: {a} - {b}: {reason} {starter} starts ({why}).",
    "pairing.group_a": "group A, no. {number} against no. {against} of {size}.",
    "pairing.group_b": "group B, no. {number} against no. {against}.",
    "pairing.even_group": "group of {pm} PM has {players} unpaired (even): first against last.",
    "pairing.odd_group": "group of {pm} PM has {players} unpaired (odd): its first meets the first of the next group, {next} ({next_pm} PM).",
    "pairing.players_one": "{count} player",
    "pairing.players_many": "{count} players",
    "pairing.with_permutation": "{group} {permutation}",
    "pairing.permutation_up": "{a} has already met {b}: {choice} is the first unpaired player above {b} who has not met {a} (permutation upward).",
    "pairing.permutation_down": "{a} has already met {b} and every unpaired player above {b}: {choice} is the first unpaired player below {b} who has not met {a} (permutation downward).",
    "pairing.rematch_kept": "{a} has already met {b} and every other unpaired player: the rematch is kept.",
    "pairing.starts_fewer": "fewer games started: {fewer} against {more}",
    "pairing.starts_not_previous": "did not start their previous game",
    "pairing.starts_higher": "higher-ranked",
    "pairing.bye_table": "Table {table}: {player} - BYE: odd number of present players; {reason} (3 PM, own rating as Pdep).",
    "pairing.bye_lowest": "lowest-ranked present player not yet paired against an absent player",
    "pairing.bye_fewest": "every present player has had a bye or forfeit win; lowest-ranked among those with the fewest ({count})",
    "pairing.rule.group_a": "group A (first round)",
    "pairing.rule.group_b": "group B (first round)",
    "pairing.rule.bye": "bye",
    "pairing.rule.even_group": "even group",
    "pairing.rule.odd_group": "odd group",
    "pairing.rule.permutation_up": "permutation upward",
    "pairing.rule.permutation_down": "permutation downward",
    "pairing.rule.rematch_kept": "rematch kept",
    "pairing.rule.override": "changed by the director",
}
"""English wording of every engine message code; the msgids of the catalogue."""

PHRASES: dict[str, str] = {
    "line": "line {line}: {text}",
    "column.name": "name",
    "column.first_name": "first name",
    "column.club": "club",
    "column.licence": "licence",
    "column.rating": "rating",
    "column.elo": "ELO",
    "column.series": "series",
    "column.tier": "tier",
    "column.category": "category",
    "column.table": "table",
}
"""English wording of the pieces messages are built from (line prefix, column names)."""


@cache
def _catalogue(lang: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def phrase(key: str, lang: str = DEFAULT_LANGUAGE, **params: object) -> str:
    """One of :data:`PHRASES`, worded in ``lang``."""
    return _catalogue(lang).gettext(PHRASES[key]).format(**params)


def word(message: Message, lang: str = DEFAULT_LANGUAGE) -> str:
    """The text of ``message`` in ``lang``; a parameter named ``column`` holding a column key is
    worded too. An unknown code raises :class:`KeyError` (the catalogue test lists them all)."""
    template = _catalogue(lang).gettext(TEMPLATES[message.code])
    params: dict[str, object] = {}
    for key, value in message.params.items():
        if isinstance(value, Message):
            value = word(value, lang)
        elif key == "column" and isinstance(value, str) and f"column.{value}" in PHRASES:
            value = phrase(f"column.{value}", lang)
        params[key] = "" if value is None else value
    return template.format(**params)


def word_line(error: LineError, lang: str = DEFAULT_LANGUAGE) -> str:
    """``line N: text`` for an error of a file."""
    return phrase("line", lang, line=error.line, text=word(error.message, lang))
