"""End to end in headless Chromium (issue 21, parts 1, 2 and 4): an arbiter's entry page
left open follows the chief arbiter's clock without a reload (the move on the clock, the
last seconds and the end of the regulation time, seed 004 2.3) and its progress counters
follow the other arbiter's entries (made on a phone, each ballot field the screen's width) and a player's withdrawal; the public standings mark
the withdrawn player. A ballot typed while the phone is offline is kept on the phone across a
reload until the server accepts it, and is not put over a ballot changed on the server
meanwhile."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.app.browser import headless_chromium
from tests.app.pagecheck import overflow
from tests.app.server import arbitre_server, director_data
from tests.app_duplicate.test_duplicate_browser import (
    ARBITER_PASSWORD,
    PASSWORD,
    enter,
    expect,
    login,
    players_csv,
    word_list,
)


@pytest.mark.browser
def test_entry_page_follows_the_clock_and_the_counters_live(tmp_path: Path) -> None:
    data = director_data(tmp_path, PASSWORD)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        director = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
        director.on("dialog", lambda dialog: dialog.accept())
        login(director, url, "directrice", PASSWORD)
        director.click("#new-duplicate")
        director.fill("input[name=name]", "Open du soir")
        director.fill("input[name=date]", "2026-11-28")
        director.fill("input[name=games_planned]", "1")
        director.fill("input[name=seconds_per_move]", "12")
        director.set_input_files("input[name=lexicon_file]", str(word_list(tmp_path / "m.txt")))
        director.click("main button[type=submit]")
        expect(director.locator("h1")).to_have_text("Open du soir")
        event_id = director.url.rstrip("/").split("/")[-1]
        director.set_input_files(
            "#import-form input[type=file]", str(players_csv(tmp_path / "j.csv"))
        )
        director.click("#import-form button")
        expect(director.locator(".messages")).to_contain_text("20 joueurs importés.")
        for name, tables in (("arbitre-a", "1-10"), ("arbitre-b", "11-20")):
            director.fill("#arbiter-form input[name=username]", name)
            director.fill("#arbiter-form input[name=password]", ARBITER_PASSWORD)
            director.fill("#arbiter-form input[name=tables]", tables)
            director.click("#arbiter-form button")
            expect(director.locator(".messages")).to_contain_text(
                f"Tables {tables.replace('-', ' à ')} (10 joueurs) attribuées à {name}."
            )
        director.goto(f"{url}duplicate/{event_id}/reglages/")
        director.fill("input[name=warning_seconds]", "5")
        director.click("#settings-form button[type=submit]")
        expect(director.locator(".messages")).to_contain_text("Réglages enregistrés.")

        arbiter_a = browser.new_context().new_page()
        # arbiter B enters on a phone: each ballot field the screen's width, nothing wider
        arbiter_b = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        login(arbiter_a, url, "arbitre-a", ARBITER_PASSWORD)
        login(arbiter_b, url, "arbitre-b", ARBITER_PASSWORD)
        entry_url = f"{url}duplicate/{event_id}/partie/1/saisie/"
        arbiter_a.goto(entry_url)
        clock = arbiter_a.locator("#live-clock")
        expect(clock).to_be_hidden()  # no time running

        # the chief draws and starts the time: the arbiter's page, not reloaded, follows
        director.goto(f"{url}duplicate/{event_id}/partie/1/ja/")
        director.fill("#draw-letters", "AIMNOSE")
        director.click("button[value=draw_entered]")
        director.click("#start-timer")
        expect(director.locator("#start-timer")).to_have_count(0)
        expect(clock).to_be_visible(timeout=6_000)
        expect(clock.locator(".move")).to_have_text("Coup en cours : 1")
        countdown = clock.locator(".countdown")
        expect(countdown).to_have_text(re.compile(r"^0:(1[0-2]|0[6-9])$"))
        signal = clock.locator(".signal")
        expect(signal).to_have_text("Les 5 dernières secondes", timeout=10_000)
        expect(countdown).to_have_class(re.compile(r"\bwarning\b"))
        expect(signal).to_have_text("Fin du temps réglementaire", timeout=8_000)
        expect(countdown).to_have_text("Temps écoulé")
        director.click("#reveal")
        expect(director.locator("#last-top")).to_contain_text("H4 MAISON")

        # the counters: arbiter A's page follows arbiter B's entries, without a reload
        arbiter_a.goto(entry_url + "?coup=1")
        arbiter_b.goto(entry_url + "?coup=1")
        progress = arbiter_a.locator("#progress")
        expect(progress).to_have_text("arbitre-a : 0/10 arbitre-b : 0/10")
        field = arbiter_b.locator("input[name=ballot-11]").bounding_box()
        assert field is not None and field["width"] >= 300, field
        assert overflow(arbiter_b) <= 0
        for table in (11, 12, 13):
            enter(arbiter_b, table, "top")
        decision = arbiter_b.locator("tr:has(input[name=ballot-11]) td.decision")
        expect(decision).to_have_text("Aucune sanction")
        # under the field, on the phone: both boxes read now, as they are relative to the
        # viewport, which the entries may have scrolled since the field's width was read (a
        # fresh-clone run compared a box read after a scroll with one read before it)
        below = arbiter_b.locator("input[name=ballot-11]").bounding_box()
        assert below is not None and decision.bounding_box()["y"] > below["y"]
        expect(progress).to_contain_text("arbitre-b : 3/10", timeout=8_000)
        enter(arbiter_a, 1, "top")
        expect(progress).to_contain_text("arbitre-a : 1/10", timeout=8_000)

        # a withdrawal (from move 1: no ballot of theirs yet) is not waited for
        public = browser.new_context().new_page()
        public.goto(f"{url}public/duplicate/{event_id}/")
        director.goto(f"{url}duplicate/{event_id}/joueurs/modifier/1020")
        director.fill("#withdrawal-form input[name=game]", "1")
        director.fill("#withdrawal-form input[name=from_move]", "1")
        director.fill("#withdrawal-form input[name=reason]", "malaise")
        director.click("#withdrawal-form button")
        expect(director.locator(".messages")).to_contain_text(
            "JOUEUR20 Test : abandon enregistré à partir du coup 1 de TH1."
        )
        expect(progress).to_contain_text("arbitre-b : 3/9", timeout=8_000)
        arbiter_b.reload()
        expect(arbiter_b.locator("input[name=ballot-20]")).to_have_count(0)
        # the public standings, redrawn by their script, mark the withdrawn player
        row = public.locator("#standings tbody tr", has_text="JOUEUR20")
        expect(row.locator(".withdrawn")).to_have_text("(abandon)", timeout=8_000)

        # the phone loses the network: the ballot typed is refused by no one, and kept
        phone = arbiter_b.context
        phone.set_offline(True)
        field_14 = arbiter_b.locator("input[name=ballot-14]")
        row_14 = arbiter_b.locator("tr:has(input[name=ballot-14])")
        field_14.fill("top")
        field_14.press("Enter")
        expect(row_14.locator("td.decision")).to_have_text("Serveur injoignable : réessayez.")
        # and one more, typed over a ballot another arbiter (the director) changes meanwhile
        field_13 = arbiter_b.locator("input[name=ballot-13]")
        field_13.fill("42")
        phone.set_offline(False)
        arbiter_b.reload()
        expect(field_14).to_have_value("top")
        expect(row_14).to_have_class(re.compile(r"\bdraft\b"))
        expect(row_14.locator("td.decision")).to_have_text(
            "Saisi ici, pas encore envoyé : Entrée pour l’envoyer."
        )
        expect(field_13).to_have_value("42")  # (the server's ballot is still "top")
        assert arbiter_b.locator("tr:has(input[name=ballot-14]) td.score").inner_text() == ""
        director.goto(entry_url + "?coup=1")
        enter(director, 13, "vide")
        enter(arbiter_b, 14, "top")
        expect(row_14.locator("td.decision")).to_have_text("Aucune sanction")
        arbiter_b.reload()  # accepted: nothing kept on the phone any more, the server's ballot
        expect(field_14).to_have_value("top")
        expect(row_14.locator("td.score")).to_have_text(re.compile(r"^[1-9][0-9]*$"))
        expect(row_14).not_to_have_class(re.compile(r"\bdraft\b"))
        expect(row_14.locator("td.decision")).to_have_text("Aucune sanction")
        # table 13's ballot changed on the server after it was typed: shown, not put over it
        row_13 = arbiter_b.locator("tr:has(input[name=ballot-13])")
        expect(field_13).to_have_value("vide")
        expect(row_13.locator("td.decision")).to_have_text(
            "Non envoyé, remplacé entre-temps sur le serveur : « 42 »"
        )
        assert arbiter_b.evaluate("Object.keys(localStorage).length") == 0
