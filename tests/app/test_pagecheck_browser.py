"""The page checks of :mod:`tests.app.pagecheck` find what they look for, on pages written
here with one defect each, and nothing on a page without one: a check that finds nothing
would let every scenario pass."""

from __future__ import annotations

import pytest

from tests.app.browser import headless_chromium
from tests.app.pagecheck import cut_off, low_contrast, not_french, overflow, too_wide

CLEAN = """<!doctype html><html lang="fr"><body style="margin:0">
<main style="overflow-x:auto"><h1>Classement</h1><p>Ronde 2 : résultats saisis.</p>
<p class="scroll-hint">Tableau large : faites-le défiler de côté.</p>
<div class="scroll-x" style="overflow-x:auto;max-width:100%"><table style="width:900px"><tr><td>
Large tableau</td></tr></table></div>
<span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">
Texte pour les lecteurs d'écran, bien plus long que sa boîte</span>
<p lang="en">The English version</p>
<select id="language-select"><option>English</option><option>Français</option></select>
</main></body></html>"""


@pytest.mark.browser
def test_the_page_checks_find_each_defect_and_nothing_on_a_clean_page() -> None:
    with headless_chromium() as browser:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.set_content(CLEAN)
        assert (overflow(page), cut_off(page), not_french(page), low_contrast(page)) == (
            0,
            [],
            [],
            [],
        )

        page.set_content('<html lang="fr"><body><div style="width:600px">Large</div></body>')
        assert overflow(page) > 0

        # main scrolls sideways (the document keeps the phone's width): too wide all the same
        wide_main = '<main style="overflow-x:auto"><table style="width:600px"><tr><td>Large'
        page.set_content(f'<html lang="fr"><body style="margin:0">{wide_main}</main></body>')
        assert page.evaluate("document.documentElement.scrollWidth") == 390
        assert overflow(page) == 600 - 390 and too_wide(page) == ["main scrolls 210 px sideways"]
        # so does a box of the layout that scrolls sideways, or a wide table's box whose
        # hint is hidden
        page.set_content(
            '<html lang="fr"><body style="margin:0"><main><div class="cols" style="overflow-x:'
            'scroll"><p style="width:500px">Large</p></div><p class="scroll-hint" hidden>Faites'
            ' défiler</p><div class="scroll-x" style="overflow-x:auto"><table style="width:'
            '450px"><tr><td>Large</td></tr></table></div></main></body>'
        )
        assert too_wide(page) == [
            "div.cols scrolls 110 px sideways",
            "div.scroll-x (its hint not shown) scrolls 60 px sideways",
        ]
        # a print page (its @page rule) may scroll sideways as an A4 sheet does
        page.set_content(
            '<html lang="fr"><head><style>@page { size: A4 }</style></head>'
            f'<body style="margin:0">{wide_main}</main></body>'
        )
        assert overflow(page) == 0

        page.set_content(
            '<html lang="fr"><body><p style="width:80px;overflow:hidden;white-space:nowrap">'
            "Un nom de joueur bien trop long pour sa case</p></body>"
        )
        assert len(cut_off(page)) == 1
        page.set_content(
            '<html lang="fr"><body><p style="width:80px;text-overflow:ellipsis;'
            'overflow:hidden;white-space:nowrap">Un nom de joueur trop long</p></body>'
        )
        assert len(cut_off(page)) == 1

        page.set_content(
            '<html lang="fr"><body><button>Submit</button><p>Série : None</p>'
            "<p>duplicate.sanction.late</p><p>[Errno 111] Connection refused</p>"
            '<input type="submit" value="Cancel"><p>{{ player.name }}</p></body>'
        )
        found = " ".join(not_french(page, frozenset({"invalid_word"})))
        for word in ("Submit", "None", "duplicate.sanction.late", "[Errno", "Cancel", "{{"):
            assert word in found, (word, found)
        page.set_content('<html lang="fr"><body><p>Mot refusé : invalid_word</p></body>')
        assert not_french(page, frozenset({"invalid_word"})) == ["raw code 'invalid_word'"]

        page.set_content('<html lang="fr"><body><p style="color:#aaa">Pâle</p></body>')
        assert len(low_contrast(page)) == 1
