"""In headless Chromium (issue 21, part 1): a Classic director corrects a player's name and
rating before round 1, removes a player registered by mistake, pairs (the corrected rating
orders round 1, seed 000), then sees a rename refused with its reason while the club is
still corrected, and a change of the match format refused while rounds are added; a
backgammon director corrects a player's name and ELO on a form without Scrabble fields."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.pagecheck import low_contrast, overflow
from tests.app.server import arbitre_server
from tests.app_rounds.test_rounds_browser import (
    ARTIFACTS,
    login,
    new_backgammon_event,
    round_tables,
    start,
    submit,
)

CLASSIC = {
    "Joueur01": 1800,
    "Joueur02": 1700,
    "Joueur03": 1600,
    "Joueur04": 1500,
    "Joueur05": 1400,
    "Dupond": 1200,
    "Doublon": 1300,
}


def import_players(page: Any, path: Path, players: dict[str, int], column: str) -> None:
    lines = [f"nom;{column};club"] + [f"{n};{r};Namur" for n, r in players.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    page.set_input_files("#import-form input[type=file]", str(path))
    submit(page, page.locator("#import-form button"))
    assert f"{len(players)} joueurs importés." in page.content()


def open_edit(page: Any, name: str) -> None:
    submit(page, page.get_by_label(f"Modifier {name}", exact=True))
    assert page.locator("h1").inner_text() == f"Modifier {name}"


def player_row(page: Any, name: str) -> list[str]:
    row = page.locator("#players tbody tr", has=page.locator("td", has_text=name))
    return [c.strip() for c in row.locator("td").all_inner_texts()]


@pytest.mark.browser
def test_players_corrected_and_removed_in_the_browser(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        page = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
        login(page, url)
        page.click("#new-classic")
        page.fill("input[name=name]", "Open classique de Mons")
        page.fill("input[name=date]", "2026-11-28")
        submit(page, page.locator("main button[type=submit]"))
        event_url = page.url
        import_players(page, tmp_path / "classique.csv", CLASSIC, "cote")

        # before round 1: name and rating corrected
        open_edit(page, "Dupond")
        assert page.input_value("input[name=name]") == "Dupond"
        assert page.input_value("input[name=rating]") == "1200"
        assert page.locator("input[name=starred]").count() == 1  # Classic: the PL* mark
        page.fill("input[name=name]", "Dupont")
        page.fill("input[name=rating]", "1850")
        submit(page, page.locator("#edit-player-form button[type=submit]"))
        assert page.url == event_url
        assert "Joueur enregistré." in page.content()
        assert player_row(page, "Dupont")[1:3] == ["Dupont", "1850"]
        assert "Dupond" not in page.locator("#players").inner_text()

        # the edit page on a phone: no overflow, AA contrast (the remove button included)
        open_edit(page, "Doublon")
        phone = browser.new_context(viewport={"width": 390, "height": 844})
        phone.add_cookies(page.context.cookies())
        small = phone.new_page()
        small.goto(page.url)
        assert small.locator("#remove-player").is_visible()
        assert overflow(small) <= 0 and low_contrast(small) == []
        small.goto(event_url)
        assert overflow(small) <= 0 and low_contrast(small) == []
        phone.close()

        # a registration made by mistake removed, after a confirmation
        page.fill("#remove-reason", "inscrit deux fois")
        dialogs: list[str] = []

        def accept(dialog: Any) -> None:
            dialogs.append(dialog.message)
            dialog.accept()

        page.once("dialog", accept)
        submit(page, page.locator("#remove-player"))
        assert dialogs == ["Supprimer l'inscription de Doublon ?"]
        assert "Inscription de Doublon supprimée." in page.content()
        assert "Doublon" not in page.locator("#players").inner_text()
        assert page.locator("#players tbody tr").count() == 6

        # check-in and round 1: Dupont (1850) heads group A and meets its last (seed 000)
        for row in page.locator("#players tbody tr").all():
            row.locator("td").nth(1).click()
        submit(page, page.locator("#confirm-checkin"))
        assert "6 présents, 0 absents" in page.content()
        submit(page, page.locator("#pair-next"))
        tables = round_tables(page)
        assert (1, "Dupont", "Joueur03") in tables
        assert (3, "Joueur04", "Joueur05") in tables

        # after the pairing: a rename is refused with its reason; the club is corrected
        page.goto(event_url)
        open_edit(page, "Dupont")
        assert page.locator("#paired-note").is_visible()
        assert page.locator("#remove-player").count() == 0
        page.fill("input[name=name]", "Dupont-Martin")
        submit(page, page.locator("#edit-player-form button[type=submit]"))
        refusal = page.locator("#edit-player-form .errorlist").inner_text()
        assert "figure dans l'appariement de la ronde 1" in refusal
        assert page.input_value("input[name=name]") == "Dupont-Martin"  # what was typed
        page.fill("input[name=name]", "Dupont")
        page.fill("input[name=club]", "Charleroi")
        submit(page, page.locator("#edit-player-form button[type=submit]"))
        assert "Joueur enregistré." in page.content()
        assert player_row(page, "Dupont")[1:4] == ["Dupont", "1850", "Charleroi"]
        journal = page.locator("#audit").inner_text()
        assert "Joueur modifié" in journal and "Inscription supprimée" in journal
        assert "classement du joueur : 1200 → 1850" in journal

        # the tournament's settings after round 1: the match format refused, rounds added
        submit(page, page.locator("#edit-event-link"))
        assert page.locator("#settings-note").is_visible()
        page.select_option("select[name=best_of]", "3")
        submit(page, page.locator("#edit-event-form button[type=submit]"))
        assert "« Match » ne peut plus changer" in page.locator("#edit-event-form").inner_text()
        page.select_option("select[name=best_of]", "1")
        page.fill("input[name=rounds]", "5")
        submit(page, page.locator("#edit-event-form button[type=submit]"))
        assert page.url == event_url and "5 rondes" in page.locator("main").inner_text()
        page.screenshot(path=str(ARTIFACTS / "classic-player-edit.png"), full_page=True)

        # backgammon: the same correction on the game's own form (ELO, no PL* mark)
        page.goto(url)
        new_backgammon_event(page, "Championnat de Lille", 3, 5)
        event_url = page.url
        players = {"Bg01": 1700, "Bg02": 1650, "Bg03": 1600, "Bgo4": 1000}
        import_players(page, tmp_path / "backgammon.csv", players, "elo")
        open_edit(page, "Bgo4")
        assert page.locator("label[for=id_rating]").inner_text().startswith("ELO")
        assert page.locator("input[name=starred]").count() == 0
        assert "PL*" not in page.locator("#edit-player-form").inner_text()
        page.fill("input[name=name]", "Bg04")
        page.fill("input[name=rating]", "1550")
        page.fill("input[name=licence]", "12 34")
        submit(page, page.locator("#edit-player-form button[type=submit]"))
        assert "Licence invalide" in page.locator("#edit-player-form").inner_text()
        page.fill("input[name=licence]", "FR-1234")
        submit(page, page.locator("#edit-player-form button[type=submit]"))
        assert page.url == event_url
        assert player_row(page, "Bg04")[1:5] == ["Bg04", "1550", "Namur", "FR-1234"]
