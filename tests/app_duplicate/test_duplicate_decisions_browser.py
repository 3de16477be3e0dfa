"""End to end in headless Chromium (issue 21, parts 2 and 6): a Duplicate game where the
chief arbiter annuls a move (seed 004, 5.2), accepts a word on appeal (5.3) and annuls a
draw (5.2, the leave back in the bag), with the hall screen left open on a projector
through it and an arbiter entering ballots."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server, director_data
from tests.app_duplicate.test_duplicate_browser import (
    ARBITER_PASSWORD,
    ARTIFACTS,
    PASSWORD,
    enter,
    expect,
    login,
    players_csv,
    word_list,
)


@pytest.mark.browser
def test_a_game_with_an_annulled_move_and_an_appeal(tmp_path: Path) -> None:
    data = director_data(tmp_path, PASSWORD)
    ARTIFACTS.mkdir(exist_ok=True)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        director = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
        confirmations: list[str] = []

        def accept(dialog: object) -> None:
            confirmations.append(dialog.message)  # type: ignore[attr-defined]
            dialog.accept()  # type: ignore[attr-defined]

        director.on("dialog", accept)
        login(director, url, "directrice", PASSWORD)
        director.click("#new-duplicate")
        director.fill("input[name=name]", "Open des recours")
        director.fill("input[name=date]", "2026-11-28")
        director.fill("input[name=games_planned]", "1")
        director.fill("input[name=seconds_per_move]", "60")
        director.set_input_files("input[name=lexicon_file]", str(word_list(tmp_path / "mots.txt")))
        director.click("main button[type=submit]")
        expect(director.locator("h1")).to_have_text("Open des recours")
        event_id = director.url.rstrip("/").split("/")[-1]
        director.set_input_files(
            "#import-form input[type=file]", str(players_csv(tmp_path / "joueurs.csv"))
        )
        director.click("#import-form button")
        expect(director.locator(".messages")).to_contain_text("20 joueurs importés.")
        director.fill("#arbiter-form input[name=username]", "arbitre-a")
        director.fill("#arbiter-form input[name=password]", ARBITER_PASSWORD)
        director.fill("#arbiter-form input[name=tables]", "1-20")
        director.click("#arbiter-form button")
        expect(director.locator(".messages")).to_contain_text("attribuées à arbitre-a")
        chief_url = f"{url}duplicate/{event_id}/partie/1/ja/"
        entry_url = f"{url}duplicate/{event_id}/partie/1/saisie/"

        # the hall screen, opened once and left alone
        screen = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        screen.goto(f"{url}public/duplicate/{event_id}/salle/?secondes=2")
        stage = screen.locator("#hall-stage")
        panel = screen.locator("#hall-panel-body")
        expect(stage).to_contain_text("Tirage en préparation")

        arbiter = browser.new_context().new_page()
        login(arbiter, url, "arbitre-a", ARBITER_PASSWORD)

        # move 1: AIMNOSE; the announcement gives the playing time; the reveal asks first
        director.goto(chief_url)
        expect(director.locator("#to-draw")).to_have_text("Tirez 7 lettres.")
        director.fill("#draw-letters", "AIMNOSE")
        director.click("button[value=draw_entered]")
        expect(stage).to_contain_text("AIMNOSE")
        director.click("#start-timer")
        expect(director.locator("#start-timer")).to_have_count(0)
        expect(director.locator("#announce")).to_contain_text("Début du temps de jeu : ")
        director.click("#reveal")
        expect(director.locator("#last-top")).to_contain_text("H4 MAISON")
        assert confirmations == ["Révéler le top à toute la salle ? Le coup sera joué."]
        expect(screen.locator("#hall-last")).to_contain_text("MAISON", timeout=15_000)
        arbiter.goto(entry_url + "?coup=1")
        enter(arbiter, 1, "top")
        enter(arbiter, 2, "H4 MAISON 18")

        # 5.2: the chief annuls move 1; its ballots are kept as annulled, all seven letters
        # are back in the bag, the hall goes back to the draw in preparation
        director.fill("#annul-move-reason", "erreur d'épellation")
        director.click("#annul-move")
        expect(director.locator("#to-draw")).to_have_text("Tirez 7 lettres.")
        expect(director.locator("#annulled-ballots")).to_have_text(
            "2 bulletins de coups annulés gardés."
        )
        assert confirmations[-1].startswith("Annuler le coup 1 (5.2) ?")
        expect(stage).to_contain_text("Tirage en préparation", timeout=10_000)
        arbiter.goto(entry_url)
        expect(arbiter.locator(".empty")).to_have_text("Aucun coup joué pour le moment.")

        # move 1 again, from seven new letters; the announcement says the draw was annulled
        director.fill("#draw-letters", "AIMNOSE")
        director.click("button[value=draw_entered]")
        expect(director.locator("#announce")).to_contain_text(
            "Tirage annulé : 7 lettres remises dans le sac."
        )
        expect(stage).to_contain_text("AIMNOSE")
        director.click("#start-timer")
        expect(director.locator("#start-timer")).to_have_count(0)
        director.click("#reveal")
        expect(director.locator("#last-top")).to_contain_text("H4 MAISON")
        arbiter.goto(entry_url + "?coup=1")
        enter(arbiter, 1, "top")
        enter(arbiter, 2, "H4 MAISONE 70")  # refused: not in the list
        decision = arbiter.locator("tr:has(input[name=ballot-2]) td.decision")
        expect(decision).to_have_text("Mot non admis (004 4.2)")
        for table in range(3, 21):
            enter(arbiter, table, "10")

        # 5.3: the appeal accepts MAISONE; the ballot is judged again
        director.goto(chief_url)
        director.click(".appeal-box summary")
        director.fill("#appeal-word", "maisone")
        director.fill("#appeal-reason", "mot de l'ODS en vigueur")
        director.click("#appeal-accept")
        expect(director.locator(".messages")).to_contain_text(
            "MAISONE accepté sur recours : 1 bulletin rejugé."
        )
        expect(director.locator("#accepted-words")).to_contain_text("MAISONE")
        arbiter.goto(entry_url + "?coup=1")
        row = arbiter.locator("tr:has(input[name=ballot-2])")
        expect(row.locator("td.score")).to_have_text("70")

        # the hall, left open through it all, shows the standings with the appeal applied:
        # table 2 first with 70 + the solo (20 players)
        expect(panel).to_contain_text("JOUEUR02", timeout=20_000)
        standings = screen.locator("#hall-panel-body")
        expect(standings).to_contain_text("80", timeout=20_000)
        assert not screen.locator("#hall-status").inner_text().strip()
        screen.screenshot(path=str(ARTIFACTS / "hall-after-appeal.png"))

        # the audit log keeps the annulment and the appeal
        director.goto(f"{url}duplicate/{event_id}/")
        journal = director.content()
        assert "Annulation du coup (5.2)" in journal
        assert "Mot accepté sur recours (5.3)" in journal
        assert re.search(r"Bulletin rejugé \(recours\)", journal)

        # 5.2, a draw annulled (a spelling error): after a confirmation, the draw and the
        # leave E go back to the bag; seven new letters are asked for, six are refused, and
        # the announcement says the draw was annulled, neither a reject nor a leave
        director.goto(chief_url)
        director.fill("#draw-letters", "RUTSEA")
        director.click("button[value=draw_entered]")
        expect(director.locator("#announce")).to_contain_text("Reliquat de 1 lettre")
        director.click("#annul-draw")
        assert confirmations[-1].startswith("Annuler ce tirage (5.2) ?")
        assert "prétirée" not in confirmations[-1]
        expect(director.locator("#to-draw")).to_have_text("Tirez 7 lettres.")
        director.fill("#draw-letters", "RUTSEA")
        director.click("button[value=draw_entered]")
        expect(director.locator(".messages")).to_contain_text(
            "Nombre de lettres incorrect : le tirage en demande 7, lettres saisies : 6"
        )
        director.fill("#draw-letters", "RUTSEAE")
        director.click("button[value=draw_entered]")
        announce = director.locator("#announce")
        expect(announce).to_contain_text("Tirage annulé : 7 lettres remises dans le sac.")
        assert "Rejet" not in announce.inner_text() and "Reliquat" not in announce.inner_text()
        expect(stage).to_contain_text("RUTSEAE", timeout=10_000)
        assert "+" not in screen.locator(".hall-draw").inner_text()  # no leave kept
        director.goto(f"{url}duplicate/{event_id}/")
        assert "Annulation du tirage" in director.content()
