"""The arbiter's announcement (seed 004, 2.1 and 2.4)."""

from __future__ import annotations

import pytest

from arbitre.duplicate.announcement import (
    SPELLING,
    DrawAnnouncement,
    announce_top,
    grouped,
    spell_drawn,
    spell_word,
)


def test_spelling_alphabet_is_the_seeds() -> None:
    assert len(SPELLING) == 27
    assert SPELLING["A"] == "Algérie" and SPELLING["B"] == "Belgique"
    assert SPELLING["X"] == "Xénophon" and SPELLING["Y"] == "Yougoslavie"
    assert SPELLING["?"] == "Joker"
    # every country starts with its letter
    for letter, country in SPELLING.items():
        if letter != "?":
            assert country[0] == letter


def test_draw_announcement_order() -> None:
    a = DrawAnnouncement(move_number=4, leave="SE?", new="TRA")
    # leave: alphabetical, blank last, country alone
    assert a.leave_spelled == ["Egypte", "Suisse", "Joker"]
    # new letters: drawing order, "Pays-Lettre"
    assert a.new_spelled == ["Tunisie-T", "Roumanie-R", "Algérie-A"]
    # complete draw, country alone
    assert a.complete_spelled == ["Algérie", "Egypte", "Roumanie", "Suisse", "Tunisie", "Joker"]
    text = a.text()
    assert "Reliquat de 3 lettres : Egypte, Suisse, Joker." in text
    assert text.index("Reliquat") < text.index("Nouvelles") < text.index("Tirage")


def test_identical_letters_grouped() -> None:
    assert grouped("EAE?E?") == ["Algérie", "trois Egypte", "deux Joker"]
    assert spell_drawn("?") == "Joker"


def test_reject_announcement_counts_the_rejected_letters() -> None:
    a = DrawAnnouncement(move_number=2, leave="", new="ABCDEFG", rejected=7)
    assert a.lines()[1] == "Rejet de 7 lettres."
    assert "Reliquat" not in a.text()


def test_top_announcement_spells_the_blank() -> None:
    assert spell_word("MAiSON") == ["M", "A", "Joker Italie", "S", "O", "N"]
    text = announce_top("H4", "MAiSON", 30)
    assert text.startswith("30 points, horizontal, en H4 : MAISON")
    assert "vertical" in announce_top("4H", "MAiSON", 30)


def test_bad_tile_refused() -> None:
    with pytest.raises(ValueError):
        grouped("A1")


def test_004_2_1_announcement_ends_with_the_start_and_end_of_the_playing_time() -> None:
    """2.1: for each move the arbiter announces, last, the start and the end of the playing
    time; before the time is started there is nothing to say about it."""
    a = DrawAnnouncement(move_number=2, leave="E", new="TRUSSE", start="14:03:00", end="14:06:00")
    lines = a.lines()
    assert lines[-1] == "Début du temps de jeu : 14:03:00 ; fin du temps de jeu : 14:06:00."
    assert lines[-2].startswith("Tirage : ")
    assert a.lines("en")[-1] == "Playing time from 14:03:00 to 14:06:00."
    assert DrawAnnouncement(2, "E", "TRUSSE").lines()[-1].startswith("Tirage : ")


def test_004_5_2_an_annulled_draw_is_announced_as_annulled_not_as_a_reject() -> None:
    """5.2: after the arbiter annuls a draw, its letters (leave included) went back to the
    bag because of the annulment; the next announcement says so, not "Rejet" (2.2)."""
    from arbitre.duplicate.game import DuplicateGame
    from arbitre.lexicon import Lexicon

    game = DuplicateGame(Lexicon.from_words(["MAISON", "RUSE"]), random_draws=False)
    game.draw("AIMNOSE")
    game.play()  # H4 MAISON, leave E
    assert game.letters_to_draw == 6
    game.draw("TRUSSE")
    game.annul_draw("épellation")
    assert game.letters_to_draw == 7  # the leave went back too
    game.draw("TRUSSEE")
    lines = game.announcement().lines()
    assert lines[1] == "Tirage annulé : 7 lettres remises dans le sac."
    assert not any(line.startswith("Rejet") or line.startswith("Reliquat") for line in lines)
    assert game.announcement().lines("en")[1] == "Draw annulled: 7 letters back in the bag."
    assert DrawAnnouncement(2, "", "A", rejected=1, annulled=True).lines()[1] == (
        "Tirage annulé : 1 lettre remise dans le sac."
    )
