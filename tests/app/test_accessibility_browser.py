"""Pages read in a real browser (issue 21, part 4): on a 390-pixel-wide phone no page is wider
than the screen (a wide table scrolls inside its own box), and every visible text meets the
WCAG 2.1 AA contrast ratio with the background it is drawn on (4.5:1, 3:1 for large text),
the hall screen's dark theme included. The pages are those of the demo events, seen by the
public and by their director."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.app.browser import headless_chromium
from tests.app.server import arbitre_server
from tests.app_duplicate.test_duplicate_browser import login
from tests.app_duplicate.test_hall_browser import PASSWORD, small_demo

#: For each visible element with its own text: the contrast of its colour with the first
#: opaque background behind it (alpha composited), and whether it is large text.
CONTRAST_JS = """
() => {
  function rgba(text) {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  }
  function over(top, under) {
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat([1]);
  }
  function background(el) {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let bg = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
    return bg;
  }
  function luminance(c) {
    const s = c.slice(0, 3).map(v => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2];
  }
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (style.visibility === "hidden" || style.display === "none" || box.width === 0) continue;
    if (el.closest("[hidden], [aria-hidden=true], svg, noscript")) continue;
    if (el.matches(":disabled") || el.closest(":disabled")) continue;
    const bg = background(el);
    const fg = over(rgba(style.color), bg);
    const [a, b] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const text = Array.from(el.childNodes).filter(n => n.nodeType === 3)
      .map(n => n.textContent.trim()).join(" ").slice(0, 40);
    out.push({ratio: Math.round(ratio * 100) / 100, large, text,
              tag: el.tagName.toLowerCase(), cls: el.className.toString(),
              color: style.color, bg: "rgb(" + bg.slice(0, 3).map(Math.round).join(",") + ")"});
  }
  return out;
}
"""


def low_contrast(page: Any) -> list[str]:
    found = page.evaluate(CONTRAST_JS)
    return [
        f"{t['tag']}.{t['cls']} {t['text']!r}: {t['ratio']} ({t['color']} on {t['bg']})"
        for t in found
        if t["ratio"] < (3.0 if t["large"] else 4.5)
    ]


def overflow(page: Any) -> int:
    """How many pixels the page is wider than the phone's screen."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


@pytest.mark.browser
def test_every_page_fits_a_phone_and_meets_the_aa_contrast(tmp_path: Path) -> None:
    data, ev = small_demo(tmp_path)
    dup, cl, bg = ev["duplicate"], ev["classic"], ev["backgammon"]
    public_pages = [
        "",
        "aide/",
        "aide/joueur/",
        "compte/connexion/",
        f"public/duplicate/{dup}/",
        f"public/classique/{cl}/",
        f"public/classique/{cl}/ronde/1/",
        f"public/backgammon/{bg}/",
        f"public/backgammon/{bg}/ronde/1/",
        f"public/classique/{cl}/pointage/",
    ]
    staff_pages = [
        f"duplicate/{dup}/",
        f"classique/{cl}/",
        f"classique/{cl}/ronde/1/",
        f"backgammon/{bg}/",
        f"backgammon/{bg}/ronde/1/",
        "aide/directeur/",
    ]
    problems: dict[str, list[str]] = {}
    with arbitre_server(data) as server, headless_chromium() as browser:
        url = server.url
        phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        staff = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        login(staff, url, "demo", PASSWORD)
        for page, paths in ((phone, public_pages), (staff, staff_pages)):
            for path in paths:
                response = page.goto(url + path)
                assert response is not None and response.status == 200, path
                page.wait_for_load_state("networkidle")
                found = low_contrast(page)
                wider = overflow(page)
                if wider > 0:
                    found.append(f"the page is {wider} px wider than the phone")
                if found:
                    problems[path] = found
        hall = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        for path in (f"public/duplicate/{dup}/salle/", f"public/classique/{cl}/salle/"):
            hall.goto(url + path)
            hall.locator("#hall-panel-body table, #hall-panel-body p").first.wait_for()
            found = low_contrast(hall)
            if found:
                problems[path] = found
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)
