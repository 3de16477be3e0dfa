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
    # boards' text, the rules a move can break, racks (arbitre.scrabble.board, .rack)
    "scrabble.board.rows": "the board has {count} rows separated by “/”, 15 expected",
    "scrabble.board.lines": "the board has {count} lines, 15 expected",
    "scrabble.board.empty_run": "row {row}: a run of 0 empty squares",
    "scrabble.board.run_too_long": "row {row} “{text}” covers more than 15 squares",
    "scrabble.board.row_character": "row {row}: “{character}” is neither a letter nor a number of empty squares",
    "scrabble.board.row_squares": "row {row} “{text}” covers {count} squares, 15 expected",
    "scrabble.board.line_length": "row {row} “{text}” has {count} characters, 15 expected",
    "scrabble.board.line_character": "row {row}: “{character}” is neither a letter nor “.”",
    "scrabble.rule.not_in_full": "the word is not written in full (a tile on the board touches its first or last letter)",
    "scrabble.rule.letter_mismatch": "square {square} holds {held}, not {letter}",
    "scrabble.rule.runs_off": "the word runs off the board",
    "scrabble.rule.no_tile_placed": "every square is already covered: no tile is placed",
    "scrabble.rule.first_move_center": "the first move must cover the centre star H8",
    "scrabble.rule.not_connected": "the word does not touch the tiles on the board",
    "scrabble.rule.too_many_tiles": "more than {most} tiles placed",
    "scrabble.rule.tile_not_in_rack": "{tile} is not in the rack {rack} (needed: {needed})",
    "scrabble.rule.blank_not_in_rack": "no blank in the rack {rack} (needed: {needed})",
    "scrabble.rule.not_in_draw": "letters not in the draw",
    "scrabble.rule.not_in_lexicon": "{formed} is not in the word list",
    "scrabble.rack.tile": "tile “{tile}” is not a letter A-Z or “?” (blank)",
    "scrabble.rack.size": "a rack holds at most {most} tiles, not {count}",
    "scrabble.rack.count": "the game has only {available} tile(s) {tile}, not {count}",
    "scrabble.rack.character": "rack “{rack}”: “{character}” is not a letter A-Z or “?” (blank)",
    "scrabble.rack.missing": "{tile} is not in the rack {rack}",
    "scrabble.board.blanks": "the board holds {count} blanks, the game has only {available}",
    "scrabble.board.tiles": "the board holds {count} tiles {tile}, the game has only {available}",
}
