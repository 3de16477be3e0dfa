"""End to end in headless Chromium (issue 35, item 1): the director of a Duplicate event
imports players without places; a player reads the check-in QR code off the director's page
(zbarimg) and declares themselves on a 390-pixel-wide phone; the director finds them ticked,
searches the list, confirms, numbers the places and gives the arbiters ranges of tables; after
the first top the chief's screen, never reloaded, shows each arbiter's missing ballots shrink
as an arbiter enters them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server, director_data
from tests.app_duplicate.test_duplicate_browser import (
    ARBITER_PASSWORD,
    PASSWORD,
    enter,
    expect,
    login,
    word_list,
)
from tests.app_duplicate.test_hall_browser import decoded_qr

NAMES = ["ZOLA", "ÉLUARD", "MARTIN", "ŒHLER", "BERNARD", "EVA", "DURAND", "ABEL"]


def players_without_places(path: Path) -> Path:
    lines = ["licence;nom;prenom;club"]
    lines += [f"{2000 + i};{name};Test;Club" for i, name in enumerate(NAMES)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.browser
def test_self_check_in_places_and_the_chiefs_missing_ballots(tmp_path: Path) -> None:
    data = director_data(tmp_path, PASSWORD)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        director: Any = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
        director.on("dialog", lambda dialog: dialog.accept())
        login(director, url, "directrice", PASSWORD)
        director.click("#new-duplicate")
        director.fill("input[name=name]", "Open du pointage")
        director.fill("input[name=date]", "2026-11-29")
        director.fill("input[name=games_planned]", "1")
        director.set_input_files("input[name=lexicon_file]", str(word_list(tmp_path / "m.txt")))
        director.click("main button[type=submit]")
        expect(director.locator("h1")).to_have_text("Open du pointage")
        event_id = director.url.rstrip("/").split("/")[-1]
        director.set_input_files(
            "#import-form input[type=file]", str(players_without_places(tmp_path / "j.csv"))
        )
        director.click("#import-form button")
        expect(director.locator(".messages")).to_contain_text("8 joueurs importés.")

        director.click("#checkin-link")
        expect(director.locator("#checkin-counts")).to_contain_text("8 non pointés")
        target = decoded_qr(director, "#checkin-qr svg", tmp_path / "checkin-qr.png")
        assert target == f"{url}public/duplicate/{event_id}/pointage/"
        assert director.locator("#self-checkin-url").inner_text() == target

        phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        phone.goto(target)
        # the names in French order: ÉLUARD and EVA before MARTIN, ŒHLER before ZOLA
        options = phone.locator("#checkin-entrant option").all_inner_texts()[1:]
        assert options == [
            "ABEL Test",
            "BERNARD Test",
            "DURAND Test",
            "ÉLUARD Test",
            "EVA Test",
            "MARTIN Test",
            "ŒHLER Test",
            "ZOLA Test",
        ]
        phone.select_option("#checkin-entrant", label="ŒHLER Test")
        phone.fill("#checkin-licence", "2003")
        phone.click("#checkin-submit")
        expect(phone.locator(".messages")).to_contain_text("votre présence est déclarée")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390

        director.reload()
        expect(director.locator("#checkin-counts")).to_contain_text("1 déclarés à confirmer")
        declared = director.locator("#checkin-players tbody tr", has_text="ŒHLER")
        expect(declared).to_have_class("selected")
        expect(declared).to_contain_text("à confirmer")
        # the search keeps the rows that match, accents aside
        director.fill("#checkin-search", "eluard")
        expect(director.locator("#checkin-players tbody tr:visible")).to_have_count(1)
        director.locator("#checkin-players tbody tr:visible td").nth(1).click()
        director.fill("#checkin-search", "")
        expect(director.locator("#checkin-players tbody tr:visible")).to_have_count(8)
        for name in ("ABEL", "BERNARD", "DURAND", "EVA", "MARTIN"):
            director.locator("#checkin-players tbody tr", has_text=name).locator("td").nth(
                1
            ).click()
        director.click("#confirm-checkin")  # ZOLA left unticked: absent
        expect(director.locator(".messages")).to_contain_text("7 présents, 1 absents")

        director.select_option("#numbering-method", "alpha")
        director.click("#numbering-submit")
        expect(director.locator(".messages")).to_contain_text("7 joueurs placés")
        for name, tables in (("arbitre-a", "1-4"), ("arbitre-b", "5-10")):
            director.fill("#range-form input[name=username]", name)
            director.fill("#range-form input[name=password]", ARBITER_PASSWORD)
            director.fill("#range-form input[name=tables]", tables)
            director.click("#range-form button")
            expect(director.locator(".messages")).to_contain_text(f"attribuées à {name}")
        ranges = director.locator("#table-ranges tbody")
        expect(ranges).to_contain_text("arbitre-a")
        expect(ranges).to_contain_text("arbitre-b")

        chief_url = f"{url}duplicate/{event_id}/partie/1/ja/"
        director.goto(chief_url)
        director.fill("#draw-letters", "AIMNOSE")
        director.click("button[value=draw_entered]")
        director.click("#reveal")
        expect(director.locator("#last-top")).to_contain_text("H4 MAISON")
        missing_a = director.locator("#missing-list li[data-arbiter=arbitre-a]")
        # places in French order: ABEL 1, BERNARD 2, DURAND 3, ÉLUARD 4 (arbiter A)
        expect(missing_a).to_contain_text("4 manquants sur 4 : tables 1, 2, 3, 4")
        expect(director.locator("#missing-list li[data-arbiter=arbitre-b]")).to_contain_text(
            "3 manquants sur 3 : tables 5, 6, 7"
        )

        arbiter = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        login(arbiter, url, "arbitre-a", ARBITER_PASSWORD)
        arbiter.goto(f"{url}duplicate/{event_id}/partie/1/saisie/?coup=1")
        enter(arbiter, 1, "top")
        enter(arbiter, 3, "top")
        # the chief's page, not reloaded, follows the entries
        expect(missing_a).to_contain_text("2 manquants sur 4 : tables 2, 4", timeout=10_000)
        enter(arbiter, 2, "top")
        enter(arbiter, 4, "top")
        expect(missing_a).to_contain_text("tous saisis", timeout=10_000)
