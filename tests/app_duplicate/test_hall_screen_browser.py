"""End to end in headless Chromium (issue 35, item 2; issue 33, item 9): the Duplicate hall
screen on the two projector sizes, 1920x1080 and 1280x720, left open while the chief arbiter
plays a move and accepts a word on appeal above the top.

On both screens at every step: nothing scrolls, nothing inside the screen's boxes is cut, the
QR code lies entirely within the window; during the move the draw and the countdown show,
after it the board shows the word placed (seed 004, 4.6: the "tableau témoin") and the last
top; once the appeal gives 70 points on a top of 18 the screen marks the move and the player
until the chief decides (5.3, 5.2). The screen switches to English and back.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

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

SIZES = ((1920, 1080), (1280, 720))

#: Names as long as a hall meets (the standings must keep each on one line).
LONG_NAMES = {
    2: "DUPONT-LEFEBVRE;Marie-Christine",
    5: "VAN DER MEERSCH;Jean-Baptiste",
    7: "ÉTIENNE-BEAUMARCHAIS;Anne-Sophie",
}

MARK = "TH1, coup 1 : top dépassé sur appel, décision de l'arbitre en attente"

#: Every box of the screen whose content is cut (scrolled inside, or wider than the box),
#: the document's size against the window's, and the QR code's box.
MEASURE = """
() => {
  const cut = [];
  for (const sel of ["#hall-board", "#hall-stage", "#hall-last", "#hall-notice",
                     "#hall-panel", ".hall-qr", ".hall-header"]) {
    const el = document.querySelector(sel);
    if (!el || el.hidden) continue;
    if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
      cut.push(sel + " " + el.scrollWidth + "x" + el.scrollHeight
               + " in " + el.clientWidth + "x" + el.clientHeight);
  }
  for (const td of document.querySelectorAll("#hall-panel-body td, #hall-last p")) {
    if (td.scrollWidth > td.clientWidth + 1) cut.push("cut: " + td.textContent.trim());
  }
  const rows = Array.from(document.querySelectorAll("#hall-panel-body tbody tr"));
  const heights = rows.map(r => r.getBoundingClientRect().height);
  const qr = document.querySelector(".hall-qr .qr svg").getBoundingClientRect();
  const doc = document.scrollingElement;
  return {
    cut: cut,
    scroll: [doc.scrollWidth, doc.scrollHeight],
    window: [innerWidth, innerHeight],
    qr: [qr.left, qr.top, qr.right, qr.bottom],
    rows: heights.length,
    rowSpread: heights.length ? Math.max(...heights) - Math.min(...heights) : 0,
  };
}
"""


def assert_fits(screen: Any, what: str, rows: int | None = 10) -> None:
    """Nothing scrolls, nothing is cut, the QR code is whole and of a size a phone reads
    from a few metres, the standings' rows (``rows`` of them when given) are of one height
    (no name wraps)."""
    m = screen.evaluate(MEASURE)
    width, height = m["window"]
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"hall-{width}-{what.replace(' ', '-')}.png"
    screen.screenshot(path=str(shot))  # to look at when a check below fails
    assert m["scroll"][0] <= width and m["scroll"][1] <= height, (what, m)
    assert not m["cut"], (what, m)
    left, top, right, bottom = m["qr"]
    assert 0 <= left and right <= width and 0 <= top and bottom <= height, (what, m)
    assert right - left >= 0.15 * height, (what, m)  # 162 px on 1080, 108 on 720
    assert m["rows"] == (rows or m["rows"]) and m["rowSpread"] < 2, (what, m)


def screens(browser: Any, url: str) -> list[Any]:
    pages = []
    for width, height in SIZES:
        page = browser.new_context(viewport={"width": width, "height": height}).new_page()
        page.goto(url)
        pages.append(page)
    return pages


@pytest.mark.browser
def test_the_hall_screen_fits_both_projectors_and_marks_a_move_above_the_top(
    tmp_path: Path,
) -> None:
    # (imported here: test_hall_browser imports assert_fits from this module)
    from tests.app_duplicate.test_hall_browser import decoded_qr

    data = director_data(tmp_path, PASSWORD)
    ARTIFACTS.mkdir(exist_ok=True)
    csv = players_csv(tmp_path / "joueurs.csv")
    text = csv.read_text(encoding="latin-1")
    for table, name in LONG_NAMES.items():
        text = text.replace(f"JOUEUR{table:02d};Test", name)
    csv.write_text(text, encoding="latin-1")
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        director = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
        director.on("dialog", lambda dialog: dialog.accept())
        login(director, url, "directrice", PASSWORD)
        director.click("#new-duplicate")
        director.fill("input[name=name]", "Championnat régional de Duplicate en semi-rapide")
        director.fill("input[name=date]", "2026-11-29")
        director.fill("input[name=games_planned]", "1")
        director.fill("input[name=seconds_per_move]", "90")
        director.set_input_files("input[name=lexicon_file]", str(word_list(tmp_path / "m.txt")))
        director.click("main button[type=submit]")
        expect(director.locator("h1")).to_have_text(
            "Championnat régional de Duplicate en semi-rapide"
        )
        event_id = director.url.rstrip("/").split("/")[-1]
        director.set_input_files("#import-form input[type=file]", str(csv))
        director.click("#import-form button")
        expect(director.locator(".messages")).to_contain_text("20 joueurs importés.")
        director.fill("#arbiter-form input[name=username]", "arbitre-a")
        director.fill("#arbiter-form input[name=password]", ARBITER_PASSWORD)
        director.fill("#arbiter-form input[name=tables]", "1-20")
        director.click("#arbiter-form button")
        expect(director.locator(".messages")).to_contain_text("attribuées à arbitre-a")
        chief_url = f"{url}duplicate/{event_id}/partie/1/ja/"

        # before game 1 the check-in is open: the self check-in's code, large, the address
        # the director's page gives written under it, beside the empty board
        director.goto(f"{url}duplicate/{event_id}/pointage/")
        self_url = director.locator("#self-checkin-url").inner_text()
        assert self_url == f"{url}public/duplicate/{event_id}/pointage/"
        halls = screens(browser, f"{url}public/duplicate/{event_id}/salle/?secondes=3")
        for number, hall in enumerate(halls):
            expect(hall.locator("#hall-stage")).to_contain_text("Tirage en préparation")
            expect(hall.locator("body")).to_have_class(re.compile(r"\bhall-checkin\b"))
            expect(hall.locator("#hall-qr-caption")).to_have_text(
                "Pointez-vous sur votre téléphone"
            )
            expect(hall.locator(".hall-url")).to_have_text(self_url)
            expect(hall.locator("#hall-panel")).to_be_hidden()
            expect(hall.locator("#hall-board .board td.sq")).to_have_count(225)
            assert_fits(hall, "before the first draw", rows=None)
            box = hall.locator(".hall-qr .qr svg").bounding_box()
            assert box is not None and box["height"] >= 0.45 * hall.viewport_size["height"]
            assert decoded_qr(hall, ".hall-qr .qr", tmp_path / f"checkin-{number}.png") == self_url

        # the move: AIMNOSE drawn and the time started; the hall counts down
        director.goto(chief_url)
        director.fill("#draw-letters", "AIMNOSE")
        # (the server loads the word list on the first draw: slow on a loaded machine)
        director.click("button[value=draw_entered]", timeout=120_000)
        director.click("#start-timer")
        expect(director.locator("#start-timer")).to_have_count(0)
        for number, hall in enumerate(halls):
            # game 1 begun: the check-in closed, the screen drawn again with the standings'
            # code in its corner
            expect(hall.locator("body")).not_to_have_class(
                re.compile(r"\bhall-checkin\b"), timeout=15_000
            )
            expect(hall.locator(".hall-url")).to_have_text(f"{url}public/duplicate/{event_id}/")
            assert decoded_qr(hall, ".hall-qr .qr", tmp_path / f"live-{number}.png") == (
                f"{url}public/duplicate/{event_id}/"
            )
            expect(hall.locator(".hall-draw")).to_have_text("AIMNOSE")
            expect(hall.locator("#hall-countdown")).to_have_text(re.compile(r"^1:[0-3]\d$"))
            assert_fits(hall, "during the move")

        # the top revealed: the board shows MAISON from H4 across, its tiles marked new
        director.click("#reveal")
        expect(director.locator("#last-top")).to_contain_text("H4 MAISON")
        for hall in halls:
            expect(hall.locator("#hall-last")).to_contain_text("H4 MAISON")
            expect(hall.locator("#hall-last")).to_contain_text("18 points")
            for column, letter in enumerate("MAISON", start=4):
                cell = hall.locator(f'#hall-board td[title="H{column}"]')
                expect(cell).to_contain_text(letter)
                expect(cell).to_have_class(re.compile(r"\btile\b.*\bnew\b"))
            expect(hall.locator("#hall-board td.new")).to_have_count(6)
            assert_fits(hall, "after the move")

        # table 2 plays MAISONE (refused by the list); the appeal accepts it: 70 on a top of 18
        arbiter = browser.new_context().new_page()
        login(arbiter, url, "arbitre-a", ARBITER_PASSWORD)
        arbiter.goto(f"{url}duplicate/{event_id}/partie/1/saisie/?coup=1")
        enter(arbiter, 1, "top")
        enter(arbiter, 2, "H4 MAISONE 70")
        director.goto(chief_url)
        director.click(".appeal-box summary")
        director.fill("#appeal-word", "maisone")
        director.fill("#appeal-reason", "mot de l'ODS en vigueur")
        director.click("#appeal-accept")
        expect(director.locator("#above-top")).to_be_visible()
        for hall in halls:
            notice = hall.locator("#hall-notice")
            expect(notice).to_be_visible()
            expect(notice).to_contain_text("Coup au-dessus du top, décision en attente")
            expect(notice).to_contain_text(MARK)
            expect(hall.locator("#hall-last .above-top-mark")).to_have_count(1)
            # the player's row, on the first page (70 points lead), marked
            marked = hall.locator("#hall-panel-body tr.above-top")
            expect(marked).to_contain_text("DUPONT-LEFEBVRE Marie-Christine", timeout=15_000)
            expect(marked.locator(".above-top-mark")).to_have_count(1)
            assert_fits(hall, "with the move above the top marked")

        # the chief keeps the points with a reason: the marks go
        warning = director.locator("#above-top")
        warning.locator("input[name=reason]").fill("mot valide, points gardés")
        warning.locator(".keep-above-top button").click()
        expect(director.locator("#above-top")).to_have_count(0)
        for hall in halls:
            expect(hall.locator("#hall-notice")).to_be_hidden()
            expect(hall.locator(".above-top-mark")).to_have_count(0)

        # move 2: the leave (E) and six new letters, the widest draw the screen shows; entered,
        # not drawn at random: a random draw of too few vowels or consonants goes back to the
        # bag whole, leave included (a fresh-clone run met one: no leave to show)
        director.goto(chief_url)
        director.fill("#draw-letters", "WKMZXA")
        director.click("button[value=draw_entered]")
        director.locator("#reveal, button[value=annul_no_score]").first.wait_for()
        director.click("#start-timer")
        expect(director.locator("#start-timer")).to_have_count(0)
        for hall in halls:
            expect(hall.locator(".hall-draw .leave")).to_have_text("E", timeout=15_000)
            expect(hall.locator(".hall-draw .drawn")).to_have_text("WKMZXA")
            expect(hall.locator("#hall-countdown")).to_have_text(re.compile(r"^1:[0-3]\d$"))
            expect(hall.locator("#hall-last")).to_contain_text("H4 MAISON")
            assert_fits(hall, "during move 2")

        # the language: English on one screen, the other stays French; then back
        hall = halls[1]
        hall.click("#hall-language button[value=en]")
        expect(hall.locator("html")).to_have_attribute("lang", "en")
        expect(hall.locator("#hall-panel-title")).to_have_text("Standings (1/2)", timeout=15_000)
        expect(hall.locator("#hall-last")).to_contain_text("Last top")
        assert_fits(hall, "in English")
        expect(halls[0].locator("#hall-panel-title")).to_have_text(
            "Classement (1/2)", timeout=15_000
        )
        hall.click("#hall-language button[value=fr]")
        expect(hall.locator("html")).to_have_attribute("lang", "fr")
        expect(hall.locator("#hall-last")).to_contain_text("Dernier top")
