"""English wording (the catalogue's msgids) of the message codes of one area.

The players file: :mod:`arbitre.common.players_csv` and the engines' players formats.
"""

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
    "players_csv.cell_too_long": "a cell longer than {limit} characters",
    "players_csv.reserved_name": "“{name}” is a reserved word and cannot be a player's name",
    "players_csv.duplicate": "{column} “{value}” already on line {first_line}",
    "players_csv.same_place": "place {place} already given on line {first_line}: one player per table",
    "players_csv.no_players": "the file holds no player",
    "players_csv.series": "series “{value}”: 1 to 7, tier A to D",
    "players_csv.tier": "tier “{value}”: A, B, C or D",
    "players_csv.licence": "licence “{value}”: up to 20 letters, digits, dots and hyphens",
}
