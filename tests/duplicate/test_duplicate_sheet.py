"""The game sheet text."""

from __future__ import annotations

from arbitre.duplicate.draws import Bag
from arbitre.duplicate.game import DuplicateGame
from arbitre.duplicate.sheet import game_sheet
from tests.duplicate.duplicate_words import make_lexicon

LEX = make_lexicon()


def test_sheet_lists_rejects_and_moves() -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast")
    game.reject("AEIOUAE")
    game.draw("GAZAIEU")
    game.play()
    sheet = game_sheet(game).splitlines()
    assert sheet[0].split() == ["N°", "Tirage", "Réf.", "Mot", "Score", "Total"]
    assert sheet[1].split() == ["rejet", "AEIOUAE"]
    fields = sheet[2].split()
    assert fields[:4] == ["1", "GAZAIEU", "H6", "GAZ"] and fields[-2:] == ["26", "26"]
    assert "Fin de partie" not in "\n".join(sheet)


def test_sheet_shows_the_leave_and_the_end() -> None:
    game = DuplicateGame(LEX, random_draws=False, engine="fast", bag=Bag.of("ZEROUU"))
    game.draw("ZEROUU")
    game.play()
    sheet = game_sheet(game)
    assert sheet.splitlines()[-2] == (
        "Fin de partie : il ne reste que des voyelles ou que des consonnes (reste UU). Total 26."
    )
    assert sheet.splitlines()[-1] == "* plusieurs tops de même score"  # ZERO at H5, H6, H7, H8
