"""End to end in headless Chromium (issue 19, part 7): two clocked matches of a round run
on the tablet clock page with an accelerated clock (3 s per match point, no break): one
ends on time (clock rules 4.1-4.3), one with a late player whose clock the opponent
started (clock rules 1.3); a press made offline waits and is stored once back online; the
director's page shows every table's clock; the flag seen writes the result of the match
won on time; the players open their clock with the table's code; the results reach the
standings; then the other tables' results, an incident with a point penalty (seed 003,
3.15) that turns table 2, and the standings, the final bracket and the printable incident
report checked."""

from __future__ import annotations

import json
import sqlite3
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


def accelerate(data: Path, event_id: str) -> None:
    """The accelerated clock of the test: 0.05 min (3 s) per point, no break allowance,
    no increment (below what the settings form allows a director)."""
    db = sqlite3.connect(data / "arbitre.sqlite3")
    with db:
        db.execute(
            "UPDATE tournaments_tournament SET clocked = 1, clock_per_point = 0.05, "
            "break_minutes = 0, break_minutes_long = 0, clock_increment = 0 "
            "WHERE event_id = ?",
            (int(event_id),),
        )
    db.close()


@pytest.mark.browser
def test_003_clock_two_clocked_matches_on_the_tablet(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        context = browser.new_context(viewport={"width": 1000, "height": 800})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        login(page, url)
        event_url = new_backgammon_event(page, "Championnat à la pendule", 1, 1)
        event_id = event_url.rstrip("/").split("/")[-1]
        import_and_check_in(page, write_players(tmp_path / "bg.csv", PLAYERS), 8)
        accelerate(data, event_id)
        navigate(page, "#pair-next")
        round_url = page.url
        tables = round_tables(page)
        (t1, a1, b1), (t2, a2, b2) = tables[0], tables[1]

        # table 1: B has the higher opening die (3.5); B never presses: B's flag falls
        page.click(f"#clock-link-{t1}")
        page.wait_for_function("document.getElementById('time-0').textContent === '0:03'")
        assert not errors
        page.click("#start-1")
        page.wait_for_function(
            "document.getElementById('clock-message').textContent.includes('Temps écoulé')",
            timeout=15000,
        )
        assert b1 in page.locator("#clock-message").inner_text()
        # the flag seen is stored: the result is written into the round (clock rules 4.3)
        page.wait_for_function(
            "document.getElementById('clock-message').textContent.includes('au temps')",
            timeout=15000,
        )
        page.reload()  # the flag is read back from the server
        page.wait_for_function(
            "document.getElementById('clock-message').textContent.includes('Temps écoulé')"
        )
        assert page.locator("#time-1").inner_text() == "0:00"

        # table 2: B is late; A starts B's clock (1.3); B arrives 1 s later, plays, presses
        page.goto(round_url)
        navigate(page, f"#clock-link-{t2}")
        clock_url = page.url
        page.wait_for_function("document.getElementById('time-0').textContent.length > 0")
        page.click("#start-1")
        # B's time runs: a second gone, the tablet shows 0:01 of B's 3 s
        page.wait_for_function("document.getElementById('time-1').textContent === '0:01'")
        context.set_offline(True)  # the venue's network drops: the press waits
        page.click("#half-1")
        page.wait_for_function("document.getElementById('network').textContent.length > 0")
        assert "Hors ligne" in page.locator("#network").inner_text()
        context.set_offline(False)
        page.wait_for_function(
            "document.getElementById('network').textContent.length === 0", timeout=15000
        )
        state = json.loads(page.request.get(f"{clock_url}etat/").text())
        assert state["moves"] == [0, 1] and state["running"] == 0
        assert state["remaining"][1] < 3 - 0.9  # the late player's time ran (1.3)
        page.click("#half-0")  # A ends the game's last move and the match is over
        page.click("#pause")
        page.wait_for_function("!document.getElementById('resume').disabled")

        # the director's page of every clock of the round
        page.goto(f"{event_url}ronde/1/pendules/")
        assert "temps écoulé" in page.locator(f"#clock-{t1}").inner_text()
        assert "neutralisée" in page.locator(f"#clock-{t2}").inner_text()
        page.screenshot(path=str(ARTIFACTS / "backgammon-clocks.png"), full_page=True)
        # the players of table 2 open their clock with the code printed for them, no account
        code = page.locator(f"#clock-{t2} code").inner_text()
        players = browser.new_context().new_page()
        players.goto(f"{url}backgammon/table/")
        players.fill("input[name=code]", code.lower())
        players.click("button[type=submit]")
        players.wait_for_selector("#bg-clock")
        assert a2 in players.locator("#half-0").inner_text()
        assert players.locator("#table-code").inner_text() == code
        # the match score noted at the end of a game, and the record entered move by move
        players.fill("#score-0", "0")
        players.fill("#score-1", "0")
        players.click("#score-save")
        players.wait_for_function(
            "document.getElementById('score-now').textContent.includes('0 – 0')"
        )
        players.click("#record summary")
        players.fill("#record-cell", "31: 8/5 6/5")
        players.click("#record-form button[type=submit]")
        players.wait_for_function(
            "document.getElementById('record-text').textContent.includes('31: 8/5 6/5')"
        )
        players.fill("#record-cell", "64: 12/2")  # no checker there: refused, said why
        players.select_option("#record-player", "1")
        players.click("#record-form button[type=submit]")
        players.wait_for_function(
            "document.getElementById('clock-error').textContent.includes('12/2')"
        )
        assert "64: 12/2" not in players.locator("#record-text").inner_text()

        # the results: table 1 won on time by A (written at the flag fall), table 2 by B 1-0;
        # in a new tab: the clocks' page reloads itself when a clock changes (the players'
        # entries above), and such a reload aborted a navigation away from it (ERR_ABORTED)
        page.close()
        page = context.new_page()
        page.goto(round_url)
        form = page.locator(f"#form-{t2}")
        form.locator("select[name=winner]").select_option(b2)
        form.locator("input[name=score_a]").fill("0")
        form.locator("input[name=score_b]").fill("1")
        submit(page, form.locator("button[value=save]"))
        assert f"Table {t2} : résultat enregistré." in page.content()
        public = browser.new_context().new_page()
        public.goto(f"{url}public/backgammon/{event_id}/")
        points = {
            cells[1]: cells[2]
            for cells in (
                r.locator("td").all_inner_texts()
                for r in public.locator("#standings tbody tr").all()
            )
        }
        assert (points[a1], points[b1], points[a2], points[b2]) == ("1", "0", "0", "1")

        # the other tables' results, then an incident with a point penalty (3.15): b2, who
        # won table 2 1-0, is penalised 2 points at the third illegal move, and a2 wins 2-1
        page.goto(round_url)
        for table, first, _ in tables[2:]:
            form = page.locator(f"#form-{table}")
            form.locator("select[name=winner]").select_option(first)
            form.locator("input[name=score_a]").fill("1")
            form.locator("input[name=score_b]").fill("0")
            submit(page, form.locator("button[value=save]"))
            assert f"Table {table} : résultat enregistré." in page.content()
        page.goto(f"{url}evenement/{event_id}/incidents/")
        for n in (1, 2, 3):  # the sanction comes at the third notification (3.15)
            form = page.locator("#incident-form")
            form.locator("select[name=player]").select_option(label=b2)
            form.locator("input[name=round]").fill("1")
            form.locator("input[name=table]").fill(str(t2))
            form.locator("select[name=kind]").select_option("illegal_move")
            form.locator("textarea[name=description]").fill(f"Coup illégal signalé n° {n}")
            if n == 3:
                form.locator("select[name=sanction]").select_option("points")
                form.locator("input[name=amount]").fill("2")
            submit(page, form.locator("button[type=submit]"))
            assert f"Incident enregistré : {b2}." in page.content()
        # the public page follows the event's version, read again at most once a second:
        # reloaded until it shows the new points (each reload waits for the page's load)
        for _ in range(200):
            public.reload(wait_until="load")
            points = {
                cells[1]: cells[2]
                for cells in (
                    r.locator("td").all_inner_texts()
                    for r in public.locator("#standings tbody tr").all()
                )
            }
            if points[a2] == "1":
                break
        assert (points[a1], points[b1], points[a2], points[b2]) == ("1", "0", "1", "0")
        # the final bracket: the four winners are its seeds 1 to 4, b2 is not among them
        page.goto(event_url)
        page.click("#knockout-link")
        navigate(page, "#start-knockout")
        assert "Tableau final généré." in page.content()
        tops = [
            page.locator(f"#ko-{m} td").nth(2).inner_text().split(" — ")[0]
            for m in ("QF1", "QF2", "QF3", "QF4")
        ]
        assert a1 in tops and a2 in tops and b2 not in tops
        # the printable incident report
        page.goto(f"{url}evenement/{event_id}/incidents/")
        navigate(page, "#report-link")
        report = page.locator("#report").inner_text()
        assert "pénalité de points (2 points)" in report
        assert "Coup illégal signalé n° 3" in report and b2 in report


@pytest.mark.browser
def test_003_clock_3_5_2_2_after_a_neutralisation_the_players_choose_whose_clock_starts(
    tmp_path: Path,
) -> None:
    """At the end of a game the clock is neutralised (3.14). The next game begins with the
    lower die starting the clock of the higher (3.5), and a player's break runs on their own
    time, the opponent starting it (2.2): both need the clock of a chosen player started,
    not the side that ran before; "Reprendre" is still there for a claim or a fallen die."""
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        page = browser.new_context(viewport={"width": 1000, "height": 800}).new_page()
        login(page, server.url)
        event_url = new_backgammon_event(page, "Championnat, parties suivantes", 1, 9)
        import_and_check_in(page, write_players(tmp_path / "bg.csv", PLAYERS), 8)
        page.goto(event_url)
        page.click("#pair-next")
        table = round_tables(page)[0][0]
        navigate(page, f"#clock-link-{table}")
        clock_url = page.url
        # the page's script is in place once it has drawn the times
        page.wait_for_function("document.getElementById('time-0').textContent.length > 0")
        assert page.locator("#start-0 .first-start").is_visible()
        page.click("#start-1")  # game 1: B had the higher die
        page.wait_for_function("document.getElementById('start-buttons').hidden")
        page.click("#half-1")  # B plays; A's time runs
        page.wait_for_function("document.getElementById('half-0').classList.contains('running')")
        page.click("#pause")  # the game is over: the checkers are set up again (3.14)
        page.wait_for_function("!document.getElementById('start-buttons').hidden")
        assert page.locator("#start-1 .next-start").is_visible()
        assert not page.locator("#start-1 .first-start").is_visible()
        assert "art. 2.2" in page.locator("#start-1").inner_text()
        page.click("#start-1")  # game 2: B has the higher die again; B's clock, not A's
        page.wait_for_function("document.getElementById('half-1').classList.contains('running')")
        state = json.loads(page.request.get(f"{clock_url}etat/").text())
        assert state["running"] == 1 and state["moves"] == [0, 1] and not state["paused"]
        assert page.locator("#start-buttons").is_hidden()
