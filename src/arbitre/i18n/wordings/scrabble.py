"""English wording of the Scrabble board engine's codes (``arbitre.scrabble``)."""

from __future__ import annotations

TEMPLATES: dict[str, str] = {
    "scrabble.move.off_board": "square ({row}, {col}) is off the board",
    "scrabble.move.word_letters": (
        "word “{word}” must have two or more letters A-Z (lower case for a blank)"
    ),
    "scrabble.move.runs_off": "word {word} runs off the board from {coordinate}",
    "scrabble.move.not_a_move": "move “{move}” must be a coordinate and a word, like H4 MAiSON",
    "scrabble.move.bad_coordinate": (
        "coordinate “{coordinate}” must be a row A-O and a column 1-15 (H4 horizontal, 4H vertical)"
    ),
    "scrabble.move.column_range": "column {column} in “{coordinate}” is not between 1 and 15",
    "scrabble.move.word_accents": (
        "word “{word}” must be letters A-Z without accents (lower case for a blank)"
    ),
}
