"""A Classic final phase's game played on the table page in headless Chromium (issue 35,
item 3; seed 000 preamble: "une phase finale opposant les deux premiers"): the final's
game has its table from the final phase's page, with who starts it (000 3.1), its clock
and its score sheet; the arbiter ends it, the racks are declared, both sign, and the final
phase's page and the public bracket show its winner with the game's scores."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.browser import headless_chromium, navigate
from tests.app.server import arbitre_server
from tests.app_rounds.test_classic_table_browser import TABLET, declare
from tests.app_rounds.test_rounds_browser import (
    CLASSIC,
    import_and_check_in,
    login,
    round_tables,
    start,
    submit,
    write_players,
)


@pytest.mark.browser
def test_000_a_final_game_is_played_on_the_table_page_and_decides_the_final(
    tmp_path: Path,
) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        page = browser.new_context(viewport=TABLET).new_page()
        login(page, url)
        page.click("#new-classic")
        page.fill("input[name=name]", "Championnat de Belgique")
        page.fill("input[name=date]", "2026-11-29")
        page.fill("input[name=rounds]", "1")
        page.select_option("select[name=profile]", "fbs")
        page.select_option("select[name=final_size]", "2")
        page.select_option("select[name=final_best_of]", "1")
        navigate(page, "main button[type=submit]")
        event_url = page.url
        event_id = event_url.rstrip("/").split("/")[-1]
        import_and_check_in(page, write_players(tmp_path / "classique.csv", CLASSIC), 12)
        page.click("#pair-next")
        for table, a, b in round_tables(page):
            hi = CLASSIC[a] > CLASSIC[b]
            form = page.locator(f"#form-{table}")
            form.locator("input[name=score_a]").fill("412" if hi else "365")
            form.locator("input[name=score_b]").fill("365" if hi else "412")
            submit(page, form.locator("button[value=save]"))
            assert f"Table {table} : résultat enregistré." in page.content()

        # the director starts the final phase: the final's game gets its table
        page.goto(f"{url}classique/{event_id}/phase-finale/")
        submit(page, page.locator("#start-knockout"))
        game = page.locator("#ko-F-1")
        assert "commence cette partie." in game.inner_text()
        code = game.locator("code").inner_text()
        top, bottom = (
            n.strip()
            for n in page.locator("#ko-F td").nth(2).inner_text().split("\n")[0].split("—")
        )
        starter = game.inner_text().split(" · ")[1].split(" commence")[0]
        assert starter in (top, bottom)

        # the arbiter's table page of the final's game: who starts, the clock, the sheet
        game.locator("a").click()
        page.wait_for_selector("#ct-start:not([hidden])")
        assert "Finale, partie 1" in page.locator("h1").inner_text()
        assert page.locator("#ct-final").inner_text().startswith(f"{starter} commence")
        assert code in page.locator(".ct-code").inner_text()
        page.click("#ct-start")
        page.wait_for_selector("#ct-a-end")
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#ct-a-end")
        page.wait_for_selector("#ct-reckoning:not([hidden])")
        # the top player keeps the smaller rack (001 7.1: each deducts their own)
        declare(page, {0: "EEEEEEE", 1: "KWXYZJQ"})
        page.wait_for_selector("#ct-result:not([hidden])")
        for p in (0, 1):
            page.click(f".ct-sign[data-player='{p}']")
            page.wait_for_selector(f".ct-sign[data-player='{p}']", state="hidden")
        page.wait_for_function(
            "() => document.getElementById('ct-status').innerText.includes('Feuille signée')"
        )
        page.screenshot(path=str(tmp_path / "final-table.png"), full_page=True)

        # the signed game decided the final: its winner and score on the bracket pages
        page.goto(f"{url}classique/{event_id}/phase-finale/")
        row = page.locator("#ko-F")
        assert row.locator("strong").inner_text() == top
        assert "-7 – -66" in row.inner_text()
        assert "signée : -7 – -66" in page.locator("#ko-F-1").inner_text()
        public = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        public.goto(f"{url}public/classique/{event_id}/phase-finale/")
        public.wait_for_selector("text=-7 – -66")
        assert top in public.content() and code not in public.content()
