"""End to end in headless Chromium (seed 002, A.2.4): a director creates a pairs event,
registers a pair by the form and another by a CSV file, plays a move on the chief arbiter's
screen and enters one ballot per pair; the public standings show each pair as
``DUPONT Anne / MARTIN Paul``. Every step waits for what the next one reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server, director_data
from tests.app_duplicate.test_duplicate_browser import enter, expect, login, word_list

PASSWORD = "Tournoi-2026!"


@pytest.mark.browser
def test_a_pair_registered_and_its_ballot_entered_in_the_browser(tmp_path: Path) -> None:
    data = director_data(tmp_path, PASSWORD)
    pairs_file = tmp_path / "paires.csv"
    pairs_file.write_text(
        "licence1;nom1;prenom1;club1;licence2;nom2;prenom2;club2;table\n"
        "201;BERNARD;Luc;Vichy;202;PETIT;Zoé;Nice;2\n",
        encoding="utf-8",
    )
    errors: list[str] = []
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
        page.on("dialog", lambda dialog: dialog.accept())  # the reveal asks first
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        login(page, url, "directrice", PASSWORD)
        page.click("#new-duplicate")
        page.fill("input[name=name]", "Paires de test")
        page.fill("input[name=date]", "2026-11-22")
        page.fill("input[name=games_planned]", "1")
        page.fill("input[name=seconds_per_move]", "60")
        page.check("input[name=pairs]")
        page.set_input_files("input[name=lexicon_file]", str(word_list(tmp_path / "mots.txt")))
        page.click("main button[type=submit]")
        expect(page.locator("h1")).to_have_text("Paires de test")
        event_id = page.url.rstrip("/").split("/")[-1]
        expect(page.locator("#player-form")).to_have_count(0)  # players alone: not here

        page.click("#pairs-link")
        expect(page.locator("#pair-form")).to_be_visible()
        for field, value in {
            "licence1": "101",
            "name1": "DUPONT",
            "first_name1": "Anne",
            "club1": "Vichy",
            "licence2": "102",
            "name2": "MARTIN",
            "first_name2": "Paul",
            "club2": "Nice",
            "table": "1",
        }.items():
            page.fill(f"#pair-form input[name={field}]", value)
        page.click("#pair-form button")
        expect(page.locator(".messages")).to_contain_text(
            "Paire DUPONT Anne / MARTIN Paul inscrite."
        )
        page.set_input_files("#pairs-import-form input[type=file]", str(pairs_file))
        page.click("#pairs-import-form button")
        expect(page.locator(".messages")).to_contain_text("1 paire importée.")
        expect(page.locator("#pairs tbody tr")).to_have_count(2)
        expect(page.locator("#pairs")).to_contain_text("101 / 102")

        # move 1: AIMNOSE, top H4 MAISON 18; one ballot per pair
        page.goto(f"{url}duplicate/{event_id}/partie/1/ja/")
        page.fill("#draw-letters", "AIMNOSE")
        page.click("button[value=draw_entered]")
        page.click("#start-timer")
        expect(page.locator("#start-timer")).to_have_count(0)
        page.click("#reveal")
        expect(page.locator("#last-top")).to_contain_text("H4 MAISON")
        page.goto(f"{url}duplicate/{event_id}/partie/1/saisie/?coup=1")
        expect(page.locator("tr:has(input[name=ballot-1])")).to_contain_text(
            "DUPONT Anne / MARTIN Paul"
        )
        enter(page, 1, "H4 MAISON 18")
        enter(page, 2, "10")
        expect(page.locator("tr:has(input[name=ballot-1])")).to_have_class(re.compile(r"\bsaved\b"))

        public = browser.new_context().new_page()
        public.goto(f"{url}public/duplicate/{event_id}/")
        rows = public.locator("#standings tbody tr")
        expect(rows).to_have_count(2)
        expect(rows.nth(0).locator("td").nth(1)).to_have_text("DUPONT Anne / MARTIN Paul")
        expect(rows.nth(1).locator("td").nth(1)).to_have_text("BERNARD Luc / PETIT Zoé")
        expect(rows.nth(0).locator("td").nth(-3)).to_have_text("18")
    assert errors == []
