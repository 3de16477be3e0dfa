"""The Duplicate public player page on a phone (issue 35, the whole-day run): with a real
event's data (names without a space to break them at, a long club name, seven games with
three-digit totals, warnings and a disciplinary warning, nullities) the page fits a
390x844 screen with nothing scrolling sideways, and its progression chart writes its
axes' figures at 12 CSS px at least. The event is played through the services on the
test word list and the page served by the real application (``live_server``)."""

from __future__ import annotations

import datetime
import random
import re
from typing import Any

import pytest

from arbitre.lexicon import Lexicon
from tests.app.browser import headless_chromium
from tests.app.pagecheck import ARTIFACTS, cut_off, too_wide

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = 7
#: A player's name as a federation file gives it: a compound surname and first name with
#: no space to wrap at, and a club's full name.
SURNAME = "VANDERSTRAETENDELACROIXMONTMORENCY"
FIRST_NAME = "Marie-Christine"
CLUB = "Cercle de Scrabble de Saint-Rémy-de-Provence et des Alpilles"
LICENCE = "123456"


def _ballot(move: int, candidates: list[Any]) -> str:
    """The viewed player's ballot at their ``move``-th move of a game: mostly the top, now
    and then a miscounted score (a warning, 4.3), a disciplinary warning, no ballot."""
    if not candidates:
        return "vide"
    top = candidates[0]
    if move % 5 == 2:
        return f"{top.move} {top.score + 1}"
    if move % 7 == 3:
        return "top +disc"
    if move % 6 == 4:
        return "aucun"
    return "top"


def played_event(lexicon: Lexicon, director: Any) -> int:
    """An event of ``GAMES`` games played to their end by three players, the viewed one
    (:data:`LICENCE`) with warnings and nullities; the event's number."""
    from arbitre.app.duplicate import services
    from arbitre.app.duplicate.ballots import enter_ballot
    from arbitre.app.duplicate.models import DuplicateEvent, Game, Registration
    from arbitre.app.events.models import Event
    from arbitre.duplicate import record as game_record
    from arbitre.duplicate.game import DuplicateGame
    from arbitre.scrabble.generate import all_moves

    ev = Event.objects.create(
        name="Festival international de Scrabble duplicate de Vichy",
        kind="duplicate",
        date=datetime.date(2026, 11, 22),
    )
    dup = DuplicateEvent.objects.create(event=ev, games_planned=GAMES, lexicon_name="mots-de-test")
    players = [
        Registration.objects.create(
            duplicate=dup,
            licence=licence,
            name=name,
            first_name=first,
            club=CLUB,
            series=2,
            tier="B",
            category="V",
            table=table,
        )
        for table, (licence, name, first) in enumerate(
            [
                (LICENCE, SURNAME, FIRST_NAME),
                ("123457", "DUPONTDELAVILLEDIEUSURMER", "Jean-Baptiste"),
                ("123458", "ÉCUYER", "Zoé"),
            ],
            1,
        )
    ]
    rng = random.Random(35)
    for number in range(1, GAMES + 1):
        game = Game.objects.create(duplicate=dup, number=number)
        # a pre-drawn game (as festivals play them): the seed decides the draws
        drawn = DuplicateGame(lexicon, seed=rng.randrange(2**62))
        drawn.autoplay()
        services.load_predrawn(game.pk, game_record.dumps(game_record.to_record(drawn)), director)
        played = 0
        game = Game.objects.get(pk=game.pk)
        while not services.engine_of(game).over:
            game = services.chief_action(game.pk, game.version, "draw_random", director)
            if services.engine_of(game).over:
                break
            try:
                game = services.chief_action(game.pk, game.version, "reveal", director)
            except services.ServiceError:  # no move scores: the draw is annulled (5.2)
                game = Game.objects.get(pk=game.pk)
                game = services.chief_action(game.pk, game.version, "annul_no_score", director)
                continue
            played += 1
            turn = services.turns(game)[-1]
            candidates = all_moves(turn.board, turn.draw, lexicon)
            for reg in players:
                text = _ballot(played, candidates) if reg.licence == LICENCE else "top"
                enter_ballot(game.pk, reg.pk, played, text, 0, director)
    return int(ev.pk)


#: The progression chart's texts: their font size in CSS px and their boxes.
CHART_TEXT = """
() => Array.from(document.querySelectorAll("#progression text, #progression-chart *"))
  .filter(el => el.childElementCount === 0 && el.textContent.trim())
  .map(el => {
    const box = el.getBoundingClientRect();
    return {text: el.textContent.trim(), size: parseFloat(getComputedStyle(el).fontSize),
            height: box.height, left: box.left, right: box.right};
  })
"""


@pytest.mark.browser
def test_a_players_page_of_a_real_event_fits_a_phone(
    lexicon: Lexicon, director: Any, live_server: Any
) -> None:
    event = played_event(lexicon, director)
    with headless_chromium() as browser:
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.goto(f"{live_server.url}/public/duplicate/{event}/joueur/{LICENCE}/")
        phone.locator("table.sheet").nth(GAMES - 1).wait_for()
        ARTIFACTS.mkdir(exist_ok=True)
        phone.screenshot(path=str(ARTIFACTS / "duplicate-public-player-390.png"), full_page=True)
        phone.locator("#progression-chart").screenshot(
            path=str(ARTIFACTS / "duplicate-progression-390.png")
        )
        totals = phone.locator("table.sheet tfoot td.num").all_inner_texts()
        headings = " ".join(phone.locator("main h2").all_inner_texts())
        caption = phone.locator("#progression-title").inner_text()
        remarks = " ".join(phone.locator("table.sheet td:nth-child(5)").all_inner_texts())
        wide = too_wide(phone)
        cut = cut_off(phone)
        texts = phone.evaluate(CHART_TEXT)
    # the data is that of a real event: seven games, three-digit totals, warnings and nullities
    assert len(totals) == GAMES and sum(len(t) >= 3 for t in totals) >= GAMES - 2, totals
    assert "Avertissement disciplinaire" in remarks and "Avertissement" in remarks
    assert wide == [] and cut == [], (wide, cut)
    # the chart ends at the player's total and the top's, as the sheets say (the warnings'
    # penalty deducted at each game's end, 4.7)
    tops = [int(t) for t in re.findall(r"\(top (\d+),", headings)]
    assert len(tops) == GAMES
    assert f"{sum(map(int, totals))} points, top {sum(tops)}" in caption, (caption, totals, tops)
    # the chart: its title, axes' figures and key readable, within the screen
    assert len(texts) >= 5, texts
    small = [t for t in texts if t["size"] < 12 or t["height"] < 12]
    assert not small, small
    assert all(0 <= t["left"] and t["right"] <= 390 for t in texts), texts
