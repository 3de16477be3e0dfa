"""Help in French inside the application (issue 21, part 5): a page per role, reachable from
every page, in the interface's language; the ballot examples it shows are read by the ballot
parser exactly as the help says."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from arbitre.app.events.views import HELP_ROLES
from arbitre.duplicate.ballot import BallotKind, parse_ballot

pytestmark = pytest.mark.django_db

ROLES = [slug for slug, _ in HELP_ROLES]


def _english(client: Client) -> None:
    client.post("/langue/", {"language": "en", "next": "/"})


def test_every_page_links_to_the_help() -> None:
    client = Client()
    for url in ("/", "/a-propos/", "/aide/joueur/", "/compte/connexion/"):
        page = client.get(url).content.decode()
        assert 'id="help-link"' in page and 'href="/aide/"' in page, url


@pytest.mark.parametrize("role", ["", *ROLES])
def test_each_role_has_its_page_in_french_and_in_english(role: str) -> None:
    url = f"/aide/{role}/" if role else "/aide/"
    french = Client().get(url)
    assert french.status_code == 200
    text = french.content.decode()
    assert "<h1>Aide" in text
    for slug in ROLES:  # the menu of roles on every help page
        assert f'href="/aide/{slug}/"' in text
    client = Client()
    _english(client)
    english = client.get(url).content.decode()
    assert "<h1>Help" in english or "<h1>Arbitre help" in english
    assert "<h1>Aide" not in english


def test_an_unknown_role_is_a_page_not_found() -> None:
    response = Client().get("/aide/inconnu/")
    assert response.status_code == 404
    assert "Page introuvable" in response.content.decode()


def _examples(page: str) -> list[str]:
    return [html.unescape(x) for x in re.findall(r'<code class="ballot">(.*?)</code>', page)]


EXPECTED_KINDS = {  # what the help says each one-word ballot means
    "top": BallotKind.TOP,
    "76": BallotKind.SCORE,
    "aucun": BallotKind.MISSING,
    "none": BallotKind.MISSING,
    "vide": BallotKind.BLANK,
    "blank": BallotKind.BLANK,
    "plusieurs": BallotKind.SEVERAL,
    "several": BallotKind.SEVERAL,
    "hors-temps": BallotKind.LATE,
    "late": BallotKind.LATE,
    "illisible": BallotKind.ILLEGIBLE,
    "illegible": BallotKind.ILLEGIBLE,
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_ballot_examples_of_the_arbiters_help_are_read_as_it_says(lang: str) -> None:
    client = Client()
    if lang == "en":
        _english(client)
    examples = _examples(client.get("/aide/arbitre/").content.decode())
    assert len(examples) == 19
    for text in examples:
        ballot = parse_ballot(text)  # raises on an example the parser would refuse
        assert ballot.kind == EXPECTED_KINDS.get(text, BallotKind.SOLUTIONS), text
    solutions = {text: parse_ballot(text) for text in examples if text not in EXPECTED_KINDS}
    first = solutions["H4 MAiSON 76"].solutions[0]
    assert "i" in first.word  # a lower-case letter is a circled letter (a blank)
    assert len(solutions["H4 MAISON 76 / 5E RAT 20"].solutions) == 2
    crossed = solutions["~H4 MAISON 76 / 5E RAT 20"]  # the crossed-out solution does not exist
    assert [s.word for s in crossed.solutions] == ["RAT"]
    assert [s.word for s in crossed.crossed_out] == ["MAISON"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_licensee_columns_of_the_ranking_help_are_those_the_reader_takes(lang: str) -> None:
    """The ranking officer's help names the licensee file's columns in the page's language;
    a file with that very header is read, every column of it filled."""
    from arbitre.ranking.licensees import read_licensees

    client = Client()
    if lang == "en":
        _english(client)
    page = client.get("/aide/classement/").content.decode()
    header = re.search(r'<code id="licensees-columns">(.*?)</code>', page)
    assert header is not None
    columns = header.group(1)
    assert ("premiere_saison" in columns) == (lang == "fr")
    cells = {
        "licence": "1012345",
        "nom": "DUPONT",
        "name": "DUPONT",
        "serie": "4B",
        "series": "4B",
        "palier": "B",
        "tier": "B",
        "premiere_saison": "2019",
        "first_season": "2019",
        "meilleure_serie": "3",
        "highest_series": "3",
        "outremer": "oui",
        "overseas": "yes",
        "affilie": "oui",
        "affiliated": "yes",
        "apres_festival": "oui",
        "after_festival": "yes",
        "s1_a_vie": "non",
        "s1_for_life": "no",
    }
    sep = ";" if ";" in columns else ","
    row = sep.join(cells[c] for c in columns.split(sep))
    (record,) = read_licensees(f"{columns}\n{row}\n")
    assert (record.series, record.tier, record.first_season, record.highest_series) == (
        4,
        "B",
        2019,
        3,
    )
    assert record.overseas and record.affiliated and record.after_festival
    assert not record.s1_for_life


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_event_and_previous_season_columns_of_the_ranking_help_are_read(lang: str) -> None:
    """The event file and the previous season's file named in the ranking help, with the
    header it gives, are read by the ranking's reader (French column names, the files
    Arbitre writes)."""
    from arbitre.ranking.csvformat import parse_event, parse_previous

    client = Client()
    if lang == "en":
        _english(client)
    page = client.get("/aide/classement/").content.decode()
    event_columns = re.search(r'<code id="event-columns">(.*?)</code>', page)
    previous_columns = re.search(r'<code id="previous-columns">(.*?)</code>', page)
    assert event_columns is not None and previous_columns is not None
    assert "# parties: 3" in page
    cells = {"place": "1", "licence": "1012345", "nom": "DUPONT", "serie": "4", "palier": "B"}
    header = event_columns.group(1)
    row = ",".join(cells[c] for c in header.split(","))
    event = parse_event(f"# type: TH\n# parties: 3\n{header}\n{row}\n")
    (entry,) = event.entries
    assert (event.games, entry.name, entry.series, entry.tier) == (3, "DUPONT", 4, "B")
    figures = {"pct_s1": "0", "pct_s2": "12.5", "pct_s3": "40", "pp4": "7", "points": "30"}
    header = previous_columns.group(1)
    row = ",".join({**cells, **figures}[c] for c in header.split(","))
    (previous,) = parse_previous(f"{header}\n{row}\n")
    assert (previous.series, previous.tier, previous.pp4, previous.points) == (4, "B", 7, 30)
    assert previous.pct == (0.0, 0.125, 0.4)
