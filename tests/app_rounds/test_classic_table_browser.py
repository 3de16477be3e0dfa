"""Classic Scrabble at the table in headless Chromium (issue 18, part 9): a whole game on the
table page opened by its code, with an accelerated clock (toss, ten turns with a blank, an
exchange and passes, a challenge upheld and one rejected, a player out of time, the
reckoning, both signatures), its result in the round and the standings, and the exported GCG
replayed by the engine to the same scores; then a reload and a cut network in mid-game, and
both racks declared at once on a server whose answers come late."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from arbitre.classic.game import gcg
from arbitre.classic.game.replay import replay as gcg_replay
from tests.app.browser import headless_chromium, navigate
from tests.app.server import arbitre_server
from tests.app_rounds.test_rounds_browser import (
    CLASSIC,
    import_and_check_in,
    login,
    start,
    write_players,
)

TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def create_ffsc_event(page: Any, url: str, tmp_path: Path) -> str:
    login(page, url)
    page.click("#new-classic")
    page.fill("input[name=name]", "Open classique de Lyon")
    page.fill("input[name=date]", "2026-11-28")
    page.select_option("select[name=profile]", "ffsc")
    navigate(page, "main button[type=submit]")
    event_url: str = page.url
    import_and_check_in(page, write_players(tmp_path / "classique.csv", CLASSIC), 12)
    page.click("#pair-next")
    return event_url


def slip_pins(staff: Any, url: str, event_id: str, table: int = 1) -> list[str]:
    """The players' PINs as the arbiters print them on the table's slip (issue 34)."""
    staff.goto(f"{url}classique/{event_id}/ronde/1/billets/")
    pins = staff.locator(f"#slip-{table} .slip-pin").all_inner_texts()
    assert len(pins) == 2
    return [p.strip() for p in pins]


def sign(tablet: Any, pins: list[str]) -> None:
    """Each player types their own PIN and signs (issue 34)."""
    for p in (0, 1):
        tablet.fill(f"#ct-pin-{p}", pins[p])
        tablet.click(f".ct-sign[data-player='{p}']")
        tablet.wait_for_selector(f".ct-sign[data-player='{p}']", state="hidden")


def declare(page: Any, racks: dict[int, str]) -> None:
    """Each player's rack declared at the reckoning (001 7), one after the other: each
    declaration waits for the server's answer (its button hidden) before the next, as
    :func:`sign` does, so that the second press does not wait behind the first one in the
    page's queue; a refusal is told with the page's error."""
    for p, rack in racks.items():
        page.fill(f"#ct-rack-{p}", rack)
        page.click(f".ct-declare[data-player='{p}']")
        try:
            page.wait_for_selector(f".ct-declare[data-player='{p}']", state="hidden")
        except Exception as exc:
            shown = page.locator("#ct-error").inner_text()
            raise AssertionError(f"rack {rack} of player {p} not declared: {shown!r}") from exc


def state_of(url: str, code: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{url}classique/table/{code}/etat/", timeout=10) as r:
        return dict(json.loads(r.read().decode("utf-8")))


def wait_version(page: Any, url: str, code: str, version: int) -> dict[str, Any]:
    """Wait until the page has nothing left to send and the server is at ``version``."""
    page.wait_for_function(
        "key => JSON.parse(localStorage.getItem(key) || '[]').length === 0",
        arg=f"arbitre-table-{code}",
        timeout=15000,
    )
    state = state_of(url, code)
    assert state["version"] == version, state
    return state


def move(page: Any, player: int, word: str, square: str, direction: str, announced: str) -> None:
    """A word played and its score announced (001 4.1.3: the page requires it)."""
    page.check("input[name=ct-mode][value=play]")
    page.fill("#ct-word", word)
    page.fill("#ct-square", square)
    page.select_option("#ct-direction", direction)
    page.fill("#ct-announced", announced)
    page.click(f"#ct-half-{player}")


def tap(page: Any, player: int, mode: str, count: int = 0) -> None:
    page.check(f"input[name=ct-mode][value={mode}]")
    if count:
        page.fill("#ct-count", str(count))
    page.click(f"#ct-half-{player}")


def challenge(page: Any, words: list[str]) -> None:
    page.click("#ct-contest")
    for w in words:
        page.check(f"#ct-pick-words input[value={w}]")
    page.click("#ct-pick-send")
    page.wait_for_selector("#ct-verdict:not([hidden])")


@pytest.mark.browser
def test_a_whole_game_at_the_table(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        staff = browser.new_context(viewport=TABLET).new_page()
        event_url = create_ffsc_event(staff, url, tmp_path)
        event_id = event_url.rstrip("/").split("/")[-1]
        # the director sets an accelerated clock: 40 seconds per player (001 6.2)
        staff.goto(f"{url}classique/{event_id}/ronde/1/tables/")
        staff.select_option("select[name=kind]", "chess")
        staff.fill("input[name=minutes]", "0,67")
        with staff.expect_navigation(wait_until="load"):
            navigate(staff, "form[action$='/pendule/'] button")
        assert "Pendule des tables enregistrée." in staff.content()
        first = staff.locator("#ct-overview-rows tr").first
        code = first.locator("code").inner_text()
        a, b = (n.strip() for n in first.locator("td").nth(2).inner_text().split("—"))
        pins = slip_pins(staff, url, event_id)  # the slip handed to the table's players

        tablet = browser.new_context(viewport=TABLET).new_page()
        tablet.goto(f"{url}classique/table/")
        tablet.fill("input[name=code]", code.lower())
        navigate(tablet, "main button[type=submit]")
        assert tablet.url.endswith(f"/classique/table/{code}/")
        tablet.locator(".ct-name-0", has_text=a).first.wait_for()  # the script fills it in
        assert tablet.locator(".ct-name-0").first.inner_text() == a
        # 001 3.1: the toss, A closer to A than Z: player A starts; 3.6: then the clock
        tablet.fill("#ct-toss-0", "A")
        tablet.fill("#ct-toss-1", "Z")
        tablet.click("#ct-toss-send")
        tablet.wait_for_selector("#ct-start:not([hidden])")
        tablet.click("#ct-start")
        wait_version(tablet, url, code, 2)
        move(tablet, 0, "MAISoN", "H4", "h", "20")  # 1: a blank; the announced 20 is disputed
        state = wait_version(tablet, url, code, 3)
        assert state["scores"] == [16, 0]
        assert "score annoncé 20, la règle donne 16" in tablet.locator("#ct-sheet").inner_text()
        move(tablet, 1, "AS", "5H", "v", "2")  # 2
        challenge(tablet, ["AS"])  # rejected: AS is a word
        assert tablet.locator("#ct-verdict-words").inner_text() == "AS : admis"
        tablet.click("#ct-ruling")
        state = wait_version(tablet, url, code, 6)
        assert state["scores"] == [16 - 5, 2]
        tap(tablet, 0, "pass")  # 3
        tap(tablet, 1, "exchange", 3)  # 4
        move(tablet, 0, "NE", "9H", "v", "3")  # 5
        move(tablet, 1, "SI", "7H", "v", "3")  # 6
        move(tablet, 0, "DO", "8G", "v", "2")  # 7
        move(tablet, 1, "ZUI", "6F", "v", "32")  # 8: not a word
        wait_version(tablet, url, code, 12)
        challenge(tablet, ["ZUI"])  # upheld: the move is withdrawn
        assert tablet.locator("#ct-verdict-words").inner_text() == "ZUI : non admis"
        tablet.click("#ct-ruling")
        move(tablet, 0, "MI", "6G", "v", "3")  # 9
        tap(tablet, 1, "pass")  # 10
        state = wait_version(tablet, url, code, 16)
        turns = [line for line in state["sheet"] if not line.get("note")]
        assert len(turns) == 10 and state["to_move"] == 0
        # player A lets the clock run out: the page reports it (001 7.3.1), A passes from now
        tablet.wait_for_function(
            "() => document.getElementById('ct-status').innerText.includes('a dépassé son temps')",
            timeout=60000,
        )
        state = state_of(url, code)
        assert state["out_of_time"] == [True, False]
        # the director ends the game from the round (001 6.4.3): each deducts their tiles
        staff.goto(f"{url}classique/{event_id}/ronde/1/tables/")
        staff.click("#ov-1 a")
        staff.wait_for_selector("#ct-a-end")
        staff.once("dialog", lambda dialog: dialog.accept())
        staff.click("#ct-a-end")
        tablet.wait_for_selector("#ct-reckoning:not([hidden])")
        # the reckoning from the declared racks (001 7: six scoreless turns, each deducts)
        declare(tablet, {0: "EEEEEEE", 1: "BCGHJKL"})
        tablet.wait_for_selector("#ct-result:not([hidden])")
        sign(tablet, pins)
        tablet.wait_for_function(
            "() => document.getElementById('ct-status').innerText.includes('Feuille signée')"
        )
        tablet.screenshot(path=str(tmp_path / "table.png"), full_page=True)
        state = state_of(url, code)
        scores = state["result"]["scores"]
        assert state["finished"] and scores[0] == state["scores"][0]

        # the result is in the round and the standings
        staff.goto(f"{url}classique/{event_id}/ronde/1/")
        assert f"{scores[0]} - {scores[1]}" in staff.locator("#result-1").inner_text()
        staff.goto(f"{url}public/classique/{event_id}/")
        winner, loser = (a, b) if scores[0] > scores[1] else (b, a)
        # seed 000: 3 match points for the game won, 1 for the game lost
        for name, pm in ((winner, "3"), (loser, "1")):
            row = staff.locator("tbody tr", has=staff.locator(f"a:text-is('{name}')")).first
            assert row.locator("td").nth(3).inner_text() == pm, row.inner_text()
        # the overview shows the table signed
        staff.goto(f"{url}classique/{event_id}/ronde/1/tables/")
        assert "Signée" in staff.locator("#ov-1").inner_text()
        # the GCG record replays with the engine to the same scores
        with urllib.request.urlopen(f"{url}classique/table/{code}/partie.gcg", timeout=10) as r:
            text = r.read().decode("utf-8")
        from arbitre.lexicon import Lexicon

        again = gcg_replay(gcg.parse(text), Lexicon.load(None))
        assert again.game.scores == tuple(scores)


@pytest.mark.browser
def test_a_reload_and_a_cut_network_lose_nothing(tmp_path: Path) -> None:
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        staff = browser.new_context(viewport=TABLET).new_page()
        login(staff, url)
        staff.goto(f"{url}classique/amicale/")
        staff.fill("input[name=a]", "Éric")
        staff.fill("input[name=b]", "Ana")
        staff.select_option("select[name=profile]", "ffsc")
        staff.uncheck("input[name=toss]")
        navigate(staff, "main button[type=submit]")
        code = staff.url.rstrip("/").rsplit("/", 1)[1]

        context = browser.new_context(viewport=PHONE)
        phone = context.new_page()
        phone.goto(f"{url}classique/table/{code}/")
        phone.click("#ct-start")
        move(phone, 0, "MAISoN", "H4", "h", "16")
        wait_version(phone, url, code, 2)
        phone.reload()
        assert "MAISoN" in phone.locator("#ct-sheet").inner_text()
        # a second device sees the same game
        other = browser.new_context(viewport=TABLET).new_page()
        other.goto(f"{url}classique/table/{code}/")
        assert other.locator("#ct-score-0").inner_text() == "16"

        context.set_offline(True)
        move(phone, 1, "AS", "5H", "v", "2")
        tap(phone, 0, "pass")
        tap(phone, 1, "exchange", 2)
        assert "Hors ligne" in phone.locator("#ct-net").inner_text()
        assert "3" in phone.locator("#ct-net").inner_text()
        assert state_of(url, code)["version"] == 2
        # the tablet is closed while offline: the presses wait in its storage and leave
        # when the page is opened again with the network back
        phone.close()
        context.set_offline(False)
        phone = context.new_page()
        phone.goto(f"{url}classique/table/{code}/")
        state = wait_version(phone, url, code, 5)
        kinds = [line["text"] for line in state["sheet"]]
        assert kinds[1:] == ["5H AS", "passe", "échange de 2 lettres"]
        other.wait_for_function(
            "() => document.getElementById('ct-sheet').innerText.includes('échange de 2 lettres')"
        )
        # a second cut, the page left open: the presses leave when the network returns
        context.set_offline(True)
        tap(phone, 0, "pass")
        move(phone, 1, "SI", "7H", "v", "3")
        assert "Hors ligne" in phone.locator("#ct-net").inner_text()
        assert state_of(url, code)["version"] == 5
        context.set_offline(False)
        state = wait_version(phone, url, code, 7)
        assert [line["text"] for line in state["sheet"]][-2:] == ["passe", "7H SI"]
        phone.wait_for_function(
            "() => document.getElementById('ct-net').innerText.startsWith('En ligne')"
        )
        quick_declarations_on_a_slow_server(phone, url, code, player=0, version=7)


def quick_declarations_on_a_slow_server(
    page: Any, url: str, code: str, player: int, version: int
) -> None:
    """Six passes to the reckoning, then both racks declared at once on a loaded server,
    whose answers come 2 s late: the second press waits in the page's queue behind the first,
    so it leaves more than 1.5 s after it was made, with the seconds this device counted since
    the press before (``tablelog.js``), a claim the server checks (``rounds/tablelog.stamp``).
    Both are taken, in order, and the game is over."""
    for _ in range(6):
        page.wait_for_selector("#ct-entry:not([hidden])")
        tap(page, player, "pass")
        version += 1
        wait_version(page, url, code, version)
        player = 1 - player
    page.wait_for_selector("#ct-reckoning:not([hidden])")
    page.fill("#ct-rack-0", "EEEEEEE")
    page.fill("#ct-rack-1", "KWXYZJQ")
    action = page.locator("#classic-table").get_attribute("data-action-url")
    sent: list[dict[str, Any]] = []
    answered: list[int] = []

    def late(route: Any) -> None:  # the server did the work; its answer is 2 s late
        sent.append(route.request.post_data_json["event"])
        answer = route.fetch()
        time.sleep(2.0)
        answered.append(answer.status)
        route.fulfill(response=answer)

    def is_action(address: str) -> bool:
        return address.endswith(action)

    page.route(is_action, late)
    # the two buttons pressed in the same instant, as two players do at a busy table
    page.evaluate("""() => document.querySelectorAll(".ct-declare").forEach(b => b.click())""")
    page.wait_for_selector("#ct-result:not([hidden])", timeout=20000)
    page.unroute(is_action)
    assert answered == [200, 200], answered
    # the second press left with its offline claim: the path a loaded server takes
    assert [e["player"] for e in sent] == [0, 1] and "offline" in sent[1], sent
    assert page.locator("#ct-error").inner_text().strip() == ""
    state = wait_version(page, url, code, version + 2)
    assert state["declared"] == ["EEEEEEE", "JKQWXYZ"], state["declared"]  # (kept sorted)
    sheet = [line["text"] for line in state["sheet"]]
    assert sheet[-8:] == ["passe"] * 6 + [
        "lettres restantes (EEEEEEE)",
        "lettres restantes (JKQWXYZ)",
    ], sheet
    # each deducts their own tiles (001 7.1): 16 - 7, and 2 + 3 - (5 x 10 + 2 x 8)
    assert state["result"]["scores"] == [16 - 7, 2 + 3 - 66], state["result"]


def _game_of_passes(tablet: Any, url: str, code: str, winner: int, pins: list[str]) -> None:
    """A game of the match on the tablet: the clock started, six passes (001 4.2.2), the
    racks declared (``winner`` keeps the smaller one), both signatures."""
    tablet.wait_for_selector("#ct-start:not([hidden])")
    tablet.click("#ct-start")
    player = state_of(url, code)["starter"]
    for _ in range(6):
        tablet.wait_for_selector("#ct-entry:not([hidden])")
        tap(tablet, player, "pass")
        player = 1 - player
    tablet.wait_for_selector("#ct-reckoning:not([hidden])")
    declare(tablet, {p: "EEEEEEE" if p == winner else "KWXYZJQ" for p in (0, 1)})
    tablet.wait_for_selector("#ct-result:not([hidden])")
    sign(tablet, pins)


@pytest.mark.browser
def test_a_best_of_three_match_at_one_table(tmp_path: Path) -> None:
    """Issue 18 part 2: a match in two winning games on one table page (FBS, the pairing
    designates who starts; 000 3.1): game 2 started by the other player, no third game after
    2-0, the games won in the round."""
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        staff = browser.new_context(viewport=TABLET).new_page()
        login(staff, url)
        staff.click("#new-classic")
        staff.fill("input[name=name]", "Coupe de Namur")
        staff.fill("input[name=date]", "2026-11-28")
        staff.select_option("select[name=best_of]", "3")
        navigate(staff, "main button[type=submit]")
        event_id = staff.url.rstrip("/").split("/")[-1]
        import_and_check_in(staff, write_players(tmp_path / "classique.csv", CLASSIC), 12)
        staff.click("#pair-next")
        staff.goto(f"{url}classique/{event_id}/ronde/1/tables/")
        code = staff.locator("#ct-overview-rows tr").first.locator("code").inner_text()
        pins = slip_pins(staff, url, event_id)

        tablet = browser.new_context(viewport=PHONE).new_page()
        tablet.goto(f"{url}classique/table/{code}/")
        assert "partie 1" in tablet.locator("#ct-match").inner_text()
        first = state_of(url, code)["starter"]
        _game_of_passes(tablet, url, code, winner=0, pins=pins)
        tablet.wait_for_selector("#ct-next-game:not([hidden])")
        assert "1 – 0" in tablet.locator("#ct-match").inner_text()
        tablet.click("#ct-next-game")
        tablet.wait_for_function(
            "() => document.getElementById('ct-match').innerText.includes('partie 2')"
        )
        assert state_of(url, code)["starter"] == 1 - first
        _game_of_passes(tablet, url, code, winner=0, pins=pins)
        tablet.wait_for_function(
            "() => document.getElementById('ct-match').innerText.includes('Match fini')"
        )
        assert tablet.locator("#ct-next-game").is_hidden()
        tablet.screenshot(path=str(tmp_path / "match.png"), full_page=True)
        staff.goto(f"{url}classique/{event_id}/ronde/1/")
        assert "2 - 0" in staff.locator("#result-1").inner_text()


def friendly(page: Any, url: str, kind: str, minutes: str, warning: str = "0") -> str:
    """A friendly game (FFSc, A starts, no toss) with the clock ``kind``; its code."""
    page.goto(f"{url}classique/amicale/")
    page.fill("input[name=a]", "Éric")
    page.fill("input[name=b]", "Ana")
    page.select_option("select[name=profile]", "ffsc")
    page.uncheck("input[name=toss]")
    page.select_option("select[name=kind]", kind)
    page.fill("input[name=minutes]", minutes)
    page.fill("input[name=warning]", warning)
    navigate(page, "main button[type=submit]")
    return str(page.url).rstrip("/").rsplit("/", 1)[1]


@pytest.mark.browser
def test_001_6_1_the_per_move_timer_warns_then_the_turn_is_lost_and_the_global_credit_ends(
    tmp_path: Path,
) -> None:
    """Issue 18 part 2: the clocks of 001 6.1 on the page, accelerated. A per-move timer of
    15 s with its warning 10 s before the end: the half turns to the warning, then the turn
    is lost (6.3.2) and the other player's timer runs. A global credit of 20 s for both: when
    it is used up the page says so and the game goes to the reckoning, each deducting their
    tiles (6.4; rulings Classic 10)."""
    data = start(tmp_path)
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        staff = browser.new_context(viewport=TABLET).new_page()
        login(staff, url)
        code = friendly(staff, url, "move", "0,25", "10")
        table = browser.new_context(viewport=PHONE).new_page()
        table.goto(f"{url}classique/table/{code}/")
        table.click("#ct-start")
        wait_version(table, url, code, 1)
        table.wait_for_selector("#ct-half-0.warning", timeout=15000)
        assert not table.locator("#ct-half-1").evaluate("e => e.classList.contains('warning')")
        table.wait_for_function(
            "() => document.getElementById('ct-sheet').innerText.includes('tour perdu')",
            timeout=20000,
        )
        state = wait_version(table, url, code, 2)
        assert state["to_move"] == 1 and state["sheet"][0]["text"] == "tour perdu (minuterie)"
        assert not table.locator("#ct-half-0").evaluate("e => e.classList.contains('warning')")

        code = friendly(staff, url, "global", "0,34")
        table.goto(f"{url}classique/table/{code}/")
        table.click("#ct-start")
        move(table, 0, "MAISoN", "H4", "h", "16")
        wait_version(table, url, code, 2)
        table.wait_for_selector("#ct-reckoning:not([hidden])", timeout=40000)
        state = state_of(url, code)
        assert state["out_of_time"] == [True, True] and state["reckoning"]
        declare(table, {0: "EEEEEEE", 1: "KWXYZJQ"})
        table.wait_for_selector("#ct-result:not([hidden])")
        # each deducts their own tiles: 16 - 7 and 0 - (10+10+10+10+10+8+8)
        assert state_of(url, code)["result"]["scores"] == [16 - 7, -66]
