"""End to end in headless Chromium (issue 33, item 9): a word accepted on appeal gives 70
points on a top of 18 (seed 004, 5.3). The chief's screen says at once that the top is now
wrong and offers the 5.2 annulment; the public standings, left open, mark the move; the chief
keeps the points with a reason and the mark goes."""

from __future__ import annotations

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

WARNING = (
    "TH1, coup 1 : 70 points accordés sur recours, au-dessus du top (18) : "
    "le top est désormais faux"
)
MARK = "TH1, coup 1 : top dépassé sur appel, décision de l'arbitre en attente"


@pytest.mark.browser
def test_an_appeal_above_the_top_on_the_chief_screen(tmp_path: Path) -> None:
    data = director_data(tmp_path, PASSWORD)
    ARTIFACTS.mkdir(exist_ok=True)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        director = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
        director.on("dialog", lambda dialog: dialog.accept())
        login(director, url, "directrice", PASSWORD)
        director.click("#new-duplicate")
        director.fill("input[name=name]", "Open du top dépassé")
        director.fill("input[name=date]", "2026-11-29")
        director.fill("input[name=games_planned]", "1")
        director.fill("input[name=seconds_per_move]", "60")
        director.set_input_files("input[name=lexicon_file]", str(word_list(tmp_path / "mots.txt")))
        director.click("main button[type=submit]")
        expect(director.locator("h1")).to_have_text("Open du top dépassé")
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

        # the public standings, opened before and left alone
        public = browser.new_context().new_page()
        public.goto(f"{url}public/duplicate/{event_id}/")
        notice = public.locator("#above-top")
        expect(notice).to_be_hidden()

        # move 1: AIMNOSE, top H4 MAISON 18; table 2 plays MAISONE, refused by the list
        director.goto(chief_url)
        director.fill("#draw-letters", "AIMNOSE")
        director.click("button[value=draw_entered]")
        director.click("#start-timer")
        expect(director.locator("#start-timer")).to_have_count(0)
        director.click("#reveal")
        expect(director.locator("#last-top")).to_contain_text("H4 MAISON")
        arbiter = browser.new_context().new_page()
        login(arbiter, url, "arbitre-a", ARBITER_PASSWORD)
        arbiter.goto(f"{url}duplicate/{event_id}/partie/1/saisie/?coup=1")
        enter(arbiter, 1, "top")
        enter(arbiter, 2, "H4 MAISONE 70")
        expect(director.locator("#above-top")).to_have_count(0)

        # 5.3: the appeal accepts MAISONE; the screen says at once that the top is wrong
        director.goto(chief_url)
        director.click(".appeal-box summary")
        director.fill("#appeal-word", "maisone")
        director.fill("#appeal-reason", "mot de l'ODS en vigueur")
        director.click("#appeal-accept")
        warning = director.locator("#above-top")
        expect(warning).to_contain_text(WARNING)
        expect(warning).to_contain_text("Table : 2.")
        expect(warning.locator("button.annul-above-top")).to_have_text("Annuler le coup 1 (5.2)")
        director.screenshot(path=str(ARTIFACTS / "chief-above-top.png"))

        # the public standings mark the move and the player, live
        expect(notice).to_be_visible(timeout=15_000)
        expect(notice).to_contain_text(MARK)
        expect(public.locator("#standings tr:has-text('JOUEUR02') .above-top-mark")).to_have_count(
            1
        )

        # the chief keeps the points, with the reason: the warning and the marks go
        warning.locator("input[name=reason]").fill("mot valide, points gardés")
        warning.locator(".keep-above-top button").click()
        expect(director.locator(".messages")).to_contain_text(
            "TH1, coup 1 : les 70 points au-dessus du top (18) sont gardés"
        )
        expect(director.locator("#above-top")).to_have_count(0)
        expect(notice).to_be_hidden(timeout=15_000)
        expect(public.locator("#standings .above-top-mark")).to_have_count(0)
