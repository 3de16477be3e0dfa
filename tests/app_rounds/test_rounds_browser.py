"""End to end in headless Chromium: a 12-player Classic tournament of 4 rounds with one
absence and one bye, and a 16-player backgammon Swiss of 3 rounds followed by its
quarter-finals, driven through the pages; final standings checked against the engines."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arbitre.backgammon import championship as bg
from arbitre.backgammon.championship.csvfiles import parse_results as bg_parse_results
from arbitre.classic import tournament as cl
from arbitre.classic.tournament.results_csv import parse_results as cl_parse_results
from tests.app.browser import headless_chromium, navigate
from tests.app.server import RunningServer, arbitre_server, director_data
from tests.app_duplicate.test_duplicate_browser import expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PASSWORD = "Tournoi-2026!"
CLASSIC = {f"Joueur{i:02d}": 1900 - 25 * i for i in range(1, 13)}
BACKGAMMON = {f"Bg{i:02d}": 1900 - 20 * i for i in range(1, 17)}
TABLE_TITLE = re.compile(r"Table (\d+) : (.+?) — (.+)$")


def login(page: Any, url: str) -> None:
    page.goto(url + "compte/connexion/")
    page.fill("input[name=username]", "directrice")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")


def write_players(path: Path, players: dict[str, int]) -> Path:
    lines = ["nom;classement;club"] + [
        f"{n};{r};Club{i % 3}" for i, (n, r) in enumerate(players.items())
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def import_and_check_in(page: Any, csv_path: Path, count: int) -> None:
    page.set_input_files("#import-form input[type=file]", str(csv_path))
    page.click("#import-form button")
    page.get_by_text(f"{count} joueurs importés.").wait_for()  # the page after the import
    rows = page.locator("#players tbody tr")
    for i in range(count):
        rows.nth(i).locator("td").nth(1).click()  # tap the whole row
    assert page.locator("#players tbody tr.selected").count() == count
    page.click("#confirm-checkin")
    # the page is replaced: wait for the new one (read at once, it may still be empty)
    page.wait_for_function(
        "text => document.body && document.body.innerText.includes(text)",
        arg=f"{count} présents, 0 absents",
    )


def new_backgammon_event(
    page: Any, name: str, rounds: int, match_length: int, clocked: bool = True
) -> str:
    """Create a backgammon championship through the form (logged in as its director);
    the event's page address. Its Swiss is clocked unless ``clocked`` is False (the form's
    default: seed 003, clock rules 1.1)."""
    page.click("#new-backgammon")
    page.fill("input[name=name]", name)
    page.fill("input[name=date]", "2026-11-22")
    page.fill("input[name=rounds]", str(rounds))
    page.fill("input[name=match_length]", str(match_length))
    if not clocked:
        page.uncheck("input[name=clocked]")
    navigate(page, "main button[type=submit]")
    return str(page.url)


def submit(page: Any, button: Any) -> None:
    """Click a form's button and wait for the page the server redirects to."""
    navigate(page, button)


def round_tables(page: Any) -> list[tuple[int, str, str]]:
    """The tables of the round page, once it is shown (a click on "pair" may return before
    the round's page has replaced the event's)."""
    page.locator(".tn-table h3").first.wait_for()
    out = []
    for title in page.locator(".tn-table h3").all_inner_texts():
        m = TABLE_TITLE.match(title.strip())
        assert m, title
        out.append((int(m.group(1)), m.group(2), m.group(3)))
    return out


def start(tmp_path: Path) -> Path:
    data = director_data(tmp_path, PASSWORD)
    ARTIFACTS.mkdir(exist_ok=True)
    return data


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    """One server for this file's two events, as a club's machine holds them: each test
    creates its own event and reads only its event's pages."""
    with arbitre_server(start(tmp_path_factory.mktemp("club"))) as running:
        yield running


@pytest.mark.browser
def test_classic_tournament_in_the_browser(tmp_path: Path, server: RunningServer) -> None:
    with headless_chromium() as browser:
        url = server.url
        page = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
        login(page, url)
        page.click("#new-classic")
        page.fill("input[name=name]", "Open classique de Namur")
        page.fill("input[name=date]", "2026-11-22")
        navigate(page, "main button[type=submit]")
        assert page.locator("h1").inner_text() == "Open classique de Namur"
        event_url = page.url
        event_id = event_url.rstrip("/").split("/")[-1]
        import_and_check_in(page, write_players(tmp_path / "classique.csv", CLASSIC), 12)
        # one absence announced for round 2: 11 present, so one bye
        page.select_option("#absence-player", label="Joueur03")
        page.select_option("#absence-form select[name=round]", "2")
        navigate(page, "#absence-form button[value=absent]")
        assert "Joueur03 absent à la ronde 2." in page.content()

        public = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        byes = []
        for number in range(1, 5):
            page.goto(event_url)
            navigate(page, "#pair-next")
            assert page.locator("h1").inner_text().endswith(f"ronde {number}")
            tables = round_tables(page)
            if number == 1:
                page.click("#table-1 button.why")
                assert "groupe A" in page.locator("#why-1").inner_text()
                page.screenshot(path=str(ARTIFACTS / "classic-round.png"), full_page=True)
            if number == 4:
                public.goto(f"{url}public/classique/{event_id}/")
            for table, a, b in tables:
                if b == "exempt":
                    byes.append(a)
                    continue
                hi = CLASSIC[a] > CLASSIC[b]
                form = page.locator(f"#form-{table}")
                form.locator("input[name=score_a]").fill("412" if hi else "365")
                form.locator("input[name=score_b]").fill("365" if hi else "412")
                submit(page, form.locator("button[value=save]"))
                assert f"Table {table} : résultat enregistré." in page.content()
                if number == 4 and table == 1:
                    # the public page follows within 3 seconds (a poll every 2 s, then its
                    # content fetched at a random moment of the next second); a loaded CI
                    # machine needs slack
                    public.wait_for_function(
                        "name => document.querySelector('#current-round').innerText"
                        ".includes('412 - 365') || document.querySelector('#current-round')"
                        ".innerText.includes('365 - 412')",
                        arg=a,
                        timeout=10_000,
                    )
        assert len(byes) == 1  # round 2 only
        page.goto(event_url)
        assert page.locator("#pair-next").count() == 0  # 4 rounds: the Swiss is over
        page.screenshot(path=str(ARTIFACTS / "classic-event.png"), full_page=True)

        # final standings = the engine's, from the results the pages recorded
        results = public.request.get(f"{url}public/classique/{event_id}/resultats.csv").text()
        players = [cl.Player(n, r) for n, r in CLASSIC.items()]
        rounds = cl_parse_results(results.lstrip("\ufeff"), players)
        assert len(rounds) == 4 and "Joueur03" not in rounds[1].participants()
        expected = cl.compute_standings(players, rounds, final=True)
        public.goto(f"{url}public/classique/{event_id}/")
        assert "classement final" in public.locator("h1").inner_text()
        # the public page may show the standings of the version before the last results
        # for a second or two (events.live.VERSION_TTL, then the page's next poll): wait for
        # the final ones, then read them
        public.wait_for_function(
            """rows => {
              const shown = document.querySelectorAll("#standings tbody tr");
              return shown.length === rows.length && rows.every((row, i) => {
                const cells = shown[i].querySelectorAll("td");
                return cells[1].innerText.trim() === row[0]
                  && parseInt(cells[3].innerText, 10) === row[1]
                  && parseInt(cells[5].innerText, 10) === row[2];
              });
            }""",
            arg=[[s.name, s.pm, s.pdep] for s in expected],
            timeout=15_000,
        )
        rows = public.locator("#standings tbody tr")
        assert rows.count() == 12
        for i, s in enumerate(expected):
            cells = rows.nth(i).locator("td").all_inner_texts()
            assert cells[1] == s.name and int(cells[3]) == s.pm and int(cells[5]) == s.pdep
            assert cells[0].startswith(str(s.rank))
        public.screenshot(path=str(ARTIFACTS / "classic-standings.png"), full_page=True)
        navigate(public, "#standings tbody tr >> nth=0 >> a")
        assert public.locator("#history tbody tr").count() == 4


def decimal(value: float) -> str:
    """A number as the standings show it: shortest form, decimal comma."""
    return f"{value:g}".replace(".", ",")


@pytest.mark.browser
def test_backgammon_championship_in_the_browser(tmp_path: Path, server: RunningServer) -> None:
    with headless_chromium() as browser:
        url = server.url
        page = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
        login(page, url)
        event_url = new_backgammon_event(page, "Championnat de backgammon", 3, 5)
        event_id = event_url.rstrip("/").split("/")[-1]
        import_and_check_in(page, write_players(tmp_path / "bg.csv", BACKGAMMON), 16)
        for number in (1, 2, 3):
            page.goto(event_url)
            navigate(page, "#pair-next")
            assert page.locator("h1").inner_text().endswith(f"ronde {number}")
            for table, a, b in round_tables(page):
                winner = a if BACKGAMMON[a] > BACKGAMMON[b] else b
                form = page.locator(f"#form-{table}")
                form.locator("select[name=winner]").select_option(winner)
                form.locator("input[name=score_a]").fill("5" if winner == a else "3")
                form.locator("input[name=score_b]").fill("3" if winner == a else "5")
                submit(page, form.locator("button[value=save]"))
                assert f"Table {table} : résultat enregistré." in page.content()

        results = page.request.get(f"{url}public/backgammon/{event_id}/resultats.csv").text()
        champ = bg.Championship(
            [bg.Player(n, e) for n, e in BACKGAMMON.items()],
            settings=bg.SwissSettings(rounds=3, match_length=5),
        )
        for r in bg_parse_results(results.lstrip("\ufeff")):
            champ.record(r)
        expected = bg.standings(champ)
        public = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        public.goto(f"{url}public/backgammon/{event_id}/")
        rows = public.locator("#standings tbody tr")
        for i, s in enumerate(expected):
            cells = rows.nth(i).locator("td").all_inner_texts()
            assert cells[1] == s.name
            assert cells[2] == decimal(s.points) and int(cells[4]) == s.performance
            assert cells[3] == decimal(s.buchholz) and cells[5] == decimal(s.d)
        public.screenshot(path=str(ARTIFACTS / "backgammon-standings.png"), full_page=True)

        # the quarter-finals from the standings, played set by set
        page.goto(event_url)
        page.click("#knockout-link")
        navigate(page, "#start-knockout")
        assert "Tableau final généré." in page.content()
        seeds = [s.name for s in expected[:8]]
        quarters = {"QF1": (1, 8), "QF2": (4, 5), "QF3": (3, 6), "QF4": (2, 7)}
        for match, (hi, lo) in quarters.items():
            top, bottom = seeds[hi - 1], seeds[lo - 1]
            players = page.locator(f"#ko-{match} td").nth(2).inner_text()
            assert players == f"{top} — {bottom}"
            form = page.locator(f"#ko-{match} form")
            form.locator("select[name=winner]").select_option(top)
            form.locator("input[name=scores]").fill("9-4 5-9 11-8")
            submit(page, form.locator("button"))
            assert f"{match} : résultat enregistré." in page.content()
        public.goto(f"{url}public/backgammon/{event_id}/phase-finale/")
        for match, (hi, _) in quarters.items():
            assert public.locator(f"#pub-{match} .winner").inner_text() == seeds[hi - 1]
        sf1 = public.locator("#pub-SF1").inner_text()
        assert seeds[0] in sf1 and seeds[3] in sf1
        # on a 390 px phone the rounds are stacked: nothing is cut off on the right
        widths = public.locator(".bracket, main").evaluate_all(
            "els => els.map(e => [e.scrollWidth, e.clientWidth])"
        )
        assert widths and all(scroll <= client for scroll, client in widths)
        public.screenshot(path=str(ARTIFACTS / "backgammon-bracket.png"), full_page=True)
        # the director enters a semi-final on a 390 px phone: its form within the screen
        page.set_viewport_size({"width": 390, "height": 844})
        page.reload()
        button = page.locator("#ko-SF1 form button")
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390
