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
    # word lists (arbitre.lexicon.fold)
    "lexicon.word_list.empty": "the word list {source} is empty",
    "lexicon.word_list.binary": "{source} is a binary file, not a text word list",
    "lexicon.word_list.not_found": "word list not found: {source}",
    "lexicon.word_list.directory": "{source} is a folder, not a word list",
    "lexicon.word_list.unreadable": "cannot read the word list {source}: {reason}",
    "lexicon.word_list.too_few": "the word list {source} has {words} valid words (2 to 15 letters A-Z after folding), fewer than {minimum}: is it really a word list?",
    "lexicon.word_list.default_corrupt": "the shipped default word list is damaged (it does not match its manifest): reinstall Arbitre",
}
