"""End to end in headless Chromium (issue 21, part 3): before round 1 the hall screen of a
Classic event shows a QR code that a phone reads (zbarimg) and follows to the self check-in
page; the player declares themselves on a 390-pixel-wide phone, the director finds them
ticked and confirms, pairs round 1, and the hall screen, left open, turns its QR code to the
live standings by itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium, navigate
from tests.app.server import arbitre_server
from tests.app_duplicate.test_duplicate_browser import expect
from tests.app_duplicate.test_hall_browser import decoded_qr
from tests.app_rounds.test_rounds_browser import login, start

PLAYERS = "nom;classement;club;licence\n" + "".join(
    f"Joueur{i:02d};{1900 - 25 * i};Club{i % 3};L{i:04d}\n" for i in range(1, 9)
)


@pytest.mark.browser
def test_a_player_checks_in_from_the_hall_qr_code_and_the_director_confirms(
    tmp_path: Path,
) -> None:
    data = start(tmp_path)
    players = tmp_path / "joueurs.csv"
    players.write_text(PLAYERS, encoding="utf-8")
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        director: Any = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
        login(director, url)
        director.click("#new-classic")
        director.fill("input[name=name]", "Open de Spa")
        director.fill("input[name=date]", "2026-12-05")
        navigate(director, "main button[type=submit]")
        event_url = director.url
        event_id = event_url.rstrip("/").split("/")[-1]
        director.set_input_files("#import-form input[type=file]", str(players))
        navigate(director, "#import-form button")
        assert "8 joueurs importés." in director.content()

        hall = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        hall.goto(f"{url}public/classique/{event_id}/salle/?secondes=3")
        expect(hall.locator("#hall-qr-caption")).to_have_text("Pointez-vous sur votre téléphone")
        target = decoded_qr(hall, ".hall-qr .qr", tmp_path / "checkin-qr.png")
        assert target == f"{url}public/classique/{event_id}/pointage/"

        phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        phone.goto(target)
        phone.select_option("#checkin-entrant", label="Joueur03")
        phone.fill("#checkin-licence", "l0003")
        phone.click("#checkin-submit")
        expect(phone.locator(".messages")).to_contain_text("votre présence est déclarée")
        # nothing on the phone's page is wider than the phone
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, width

        director.goto(event_url)
        row = director.locator("#players tbody tr", has_text="Joueur03")
        expect(row).to_have_class("selected")
        expect(row).to_contain_text("à confirmer")
        rows = director.locator("#players tbody tr")
        for i in range(rows.count()):
            if rows.nth(i).get_attribute("class") != "selected":
                rows.nth(i).locator("td").nth(1).click()  # the others, seen in the hall
        navigate(director, "#confirm-checkin")
        assert "8 présents, 0 absents" in director.content()
        navigate(director, "#pair-next")
        assert director.locator("h1").inner_text().endswith("ronde 1")

        # the hall screen, never touched, reloads itself and now leads to the standings
        expect(hall.locator("#hall-qr-caption")).to_have_text(
            "Suivez en direct sur votre téléphone", timeout=15_000
        )
        live = decoded_qr(hall, ".hall-qr .qr", tmp_path / "live-qr.png")
        assert live == f"{url}public/classique/{event_id}/"
        phone.goto(target)
        expect(phone.locator("#checkin-closed")).to_be_visible()
