"""End to end in headless Chromium (issue 19, parts 4 and 7): an 8-player backgammon
championship of one round; the director records three illegal moves of a winner at their
table, the third with a 3-point score penalty (seed 003, 3.15): the result turns, and the
standings, the final bracket, the player's page and the printable incident report show it;
a loss given at a match of the bracket sends its opponent on."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.browser import headless_chromium, navigate
from tests.app.server import arbitre_server
from tests.app_rounds.test_rounds_browser import (
    ARTIFACTS,
    import_and_check_in,
    login,
    new_backgammon_event,
    round_tables,
    start,
    submit,
    write_players,
)

PLAYERS = {f"Bg{i:02d}": 1900 - 20 * i for i in range(1, 9)}


@pytest.mark.browser
def test_003_3_15_a_score_penalty_through_the_pages(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        page = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
        login(page, url)
        event_url = new_backgammon_event(page, "Championnat incidents", 1, 5)
        event_id = event_url.rstrip("/").split("/")[-1]
        import_and_check_in(page, write_players(tmp_path / "bg.csv", PLAYERS), 8)
        page.click("#pair-next")
        tables = round_tables(page)
        for table, first, _ in tables:
            form = page.locator(f"#form-{table}")
            form.locator("select[name=winner]").select_option(first)
            form.locator("input[name=score_a]").fill("5")
            form.locator("input[name=score_b]").fill("3")
            submit(page, form.locator("button[value=save]"))
        table, a, b = tables[0]

        page.goto(event_url)
        page.click("#incidents-link")
        for n in (1, 2, 3):
            form = page.locator("#incident-form")
            form.locator("select[name=player]").select_option(label=a)
            form.locator("input[name=round]").fill("1")
            form.locator("input[name=table]").fill(str(table))
            form.locator("select[name=kind]").select_option("illegal_move")
            form.locator("textarea[name=description]").fill(f"Coup illégal n° {n}")
            if n == 3:
                form.locator("select[name=sanction]").select_option("points")
                form.locator("input[name=amount]").fill("3")
            submit(page, form.locator("button[type=submit]"))
            assert f"Incident enregistré : {a}." in page.content()
        rows = page.locator("#incidents tbody tr")
        assert rows.count() == 3
        assert "résultat modifié" in rows.nth(2).inner_text()

        # the round: b wins 6-5 by the director's sanction
        page.goto(f"{event_url}ronde/1/")
        assert f"{b} gagne 6-5 — sanction du directeur" in page.content()
        # the standings: b has the point, a none
        public = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
        public.goto(f"{url}public/backgammon/{event_id}/")
        points = {
            cells[1]: cells[2]
            for cells in (
                r.locator("td").all_inner_texts()
                for r in public.locator("#standings tbody tr").all()
            )
        }
        assert (points[a], points[b]) == ("0", "1")
        # the bracket: b is among the four winners seeded 1-4
        page.goto(event_url)
        page.click("#knockout-link")
        navigate(page, "#start-knockout")
        assert "Tableau final généré." in page.content()
        tops = [
            page.locator(f"#ko-{m} td").nth(2).inner_text().split(" — ")[0]
            for m in ("QF1", "QF2", "QF3", "QF4")
        ]
        assert b in tops and a not in tops
        # a sanction at a match of the bracket (part 4): QF1's top player loses it (4.2),
        # the bottom player goes on to the semi-final
        top, bottom = page.locator("#ko-QF1 td").nth(2).inner_text().split(" — ")
        page.goto(f"{url}evenement/{event_id}/incidents/")
        form = page.locator("#incident-form")
        form.locator("select[name=player]").select_option(label=top)
        form.locator("input[name=match]").fill("qf1")
        form.locator("select[name=kind]").select_option("conduct")
        form.locator("textarea[name=description]").fill("Refus de jouer le décisif")
        form.locator("select[name=sanction]").select_option("loss")
        submit(page, form.locator("button[type=submit]"))
        assert f"Incident enregistré : {top}." in page.content()
        page.goto(f"{event_url}phase-finale/")
        assert bottom in page.locator("#ko-QF1 td").nth(4).inner_text()
        assert bottom in page.locator("#ko-SF1 td").nth(2).inner_text()

        # the player's page and the printable report
        page.goto(f"{url}evenement/{event_id}/incidents/")
        navigate(page, page.locator(f"#incidents a:text('{a}')").first)
        assert page.locator("#incidents tbody tr").count() == 3
        page.goto(f"{url}evenement/{event_id}/incidents/")
        navigate(page, "#report-link")
        report = page.locator("#report").inner_text()
        assert "pénalité de points (3 points)" in report and "Coup illégal n° 3" in report
        ARTIFACTS.mkdir(exist_ok=True)
        page.pdf(path=str(ARTIFACTS / "incident-report.pdf"))
