"""What a page read in the browser must hold, shared by the browser tests: no page wider than
its viewport and no part of it scrolling sideways (a wide table scrolls inside its own box,
with a hint), no text cut off by its box, every
visible text at the WCAG 2.1 AA contrast, and on a French page neither an English word nor a
raw value or code. :class:`Timings` records how long each action of a scenario took, a figure
to read (written under the artifacts folder and printed at the end), never an assertion."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
"""The folder the browser tests save their screenshots in."""

#: The sizes every important page of a scenario is read at: a phone, a tablet held upright,
#: a laptop, a full-HD screen or projector.
VIEWPORTS = ((390, 844), (800, 1280), (1280, 800), (1920, 1080))

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


#: What scrolls sideways on a page: the document wider than the window, ``main`` wider than
#: its box (the style sheet lets ``main`` scroll sideways rather than widen the page, which
#: hid a page too wide from a check of the document alone) and any other box that scrolls
#: sideways, each as ``[what, pixels]``. A wide table may scroll in its own box, of class
#: ``scroll-x``, whose hint (the ``p.scroll-hint`` just before it) says so on the screen:
#: such a box is listed only when its hint is not shown. A print page, an A4 sheet that a
#: phone shows scrolled sideways as it would a PDF, is recognised by its ``@page`` rule
#: (``duplicate/_print.html``, included by every print page): only its document is read.
SIDEWAYS_JS = """
() => {
  const out = [];
  const doc = document.documentElement.scrollWidth - window.innerWidth;
  if (doc > 0) out.push(["the page", doc]);
  const print = Array.from(document.styleSheets).some(sheet => {
    try { return Array.from(sheet.cssRules).some(r => r instanceof CSSPageRule); }
    catch (e) { return false; }
  });
  if (print) return out;
  for (const el of document.querySelectorAll("body, body *")) {
    const extra = el.scrollWidth - el.clientWidth;
    if (extra <= 1 || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    const scrolls = ["auto", "scroll"].includes(style.overflowX);
    if (!scrolls && el.tagName !== "MAIN") continue;
    const name = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
                 + (el.classList.length ? "." + Array.from(el.classList).join(".") : "");
    if (el.classList.contains("scroll-x")) {
      const hint = el.previousElementSibling;
      const shown = hint && hint.classList.contains("scroll-hint") && hint.getClientRects().length
                    && getComputedStyle(hint).visibility !== "hidden";
      if (!shown) out.push([name + " (its hint not shown)", extra]);
      continue;
    }
    out.push([name, extra]);
  }
  return out;
}
"""


def too_wide(page: Any) -> list[str]:
    """What scrolls sideways on the page, in words (see :data:`SIDEWAYS_JS`)."""
    return [f"{what} scrolls {wider} px sideways" for what, wider in page.evaluate(SIDEWAYS_JS)]


def overflow(page: Any) -> int:
    """How many pixels the page, or a box of its layout, is wider than it may be (see
    :data:`SIDEWAYS_JS`): 0 when nothing scrolls sideways but a wide table in its own box."""
    return max((int(wider) for _, wider in page.evaluate(SIDEWAYS_JS)), default=0)


#: Elements whose text their own box cuts off: a box that hides or clips what overflows it
#: sideways, or ends it with an ellipsis, narrower than its visible text. Boxes hidden to
#: the eye (1-pixel screen-reader text) are not read.
CUT_OFF_JS = """
() => {
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const style = getComputedStyle(el);
    const clips = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
    if (!clips || el.scrollWidth <= el.clientWidth + 1) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2 || style.visibility === "hidden") continue;
    if (el.closest("[hidden], [aria-hidden=true], svg")) continue;
    const text = (el.innerText || "").trim();
    if (!text) continue;
    out.push(el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + "."
             + el.className.toString() + " " + JSON.stringify(text.slice(0, 40))
             + ": " + el.scrollWidth + " px of text in " + el.clientWidth + " px");
  }
  return out;
}
"""

#: The page's visible text in French: the text of the elements shown, leaving out what is
#: marked as another language (``lang``) and the footer's list of languages.
FRENCH_TEXT_JS = """
() => {
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent.trim()) continue;
    if (el.closest("script, style, noscript, #language-select, [hidden]")) continue;
    const lang = el.closest("[lang]");
    if (lang && !lang.lang.startsWith("fr")) continue;
    if (el.tagName !== "OPTION" && !el.getClientRects().length) continue;
    parts.push(node.textContent.trim());
  }
  for (const f of document.querySelectorAll("input[type=submit], input[placeholder]")) {
    parts.push(f.value || "", f.placeholder || "");
  }
  return parts.join("\\n");
}
"""

#: English words a French page must not show: the interface's usual words, kept to those
#: that are no French word, nor a name (an event may be an "Open").
ENGLISH_WORDS = frozenset(
    "Submit Save Cancel Delete Edit Loading Error Warning Round Player Players Standings "
    "Search Login Logout Password Settings Results Home Back Close Yes Unknown Pending "
    "Winner Loser Forbidden Invalid Required Next Previous Start Move Moves "
    "Ranking Draw Game Games Tournament Referee Arbiter Missing Clock Time Seconds "
    "the and with from please must should not of to is are this that".split()
)
ENGLISH_WORD = re.compile(r"\b(" + "|".join(sorted(ENGLISH_WORDS)) + r")\b")

#: A raw value or system text on a page: Python's and JavaScript's constants, an error
#: number, a traceback, a message code (dotted lowercase words, ``duplicate.sanction.x``)
#: and a template variable left unrendered.
RAW_VALUE = re.compile(
    r"\b(None|True|False|null|undefined|NaN|Infinity)\b|\[Errno|Traceback"
    r"|\b[a-z_]+\.[a-z_]+\.[a-z_][a-z_.]*\b|\{\{|\{%|%\(\w+\)s"
)


def cut_off(page: Any) -> list[str]:
    """The texts the page's boxes cut off (see :data:`CUT_OFF_JS`)."""
    return list(page.evaluate(CUT_OFF_JS))


def not_french(page: Any, codes: frozenset[str] = frozenset()) -> list[str]:
    """English words, raw values and message codes (``codes``: the engines' ones, shown
    unworded) in a French page's visible text."""
    text = page.evaluate(FRENCH_TEXT_JS)
    found = [f"English word {w!r}" for w in sorted(set(ENGLISH_WORD.findall(text)))]
    found += [f"raw value {m.group(0)!r}" for m in RAW_VALUE.finditer(text)]
    if codes:
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(codes))) + r")\b")
        found += [f"raw code {c!r}" for c in sorted(set(pattern.findall(text)))]
    return sorted(set(found))


@dataclass
class Timings:
    """How long each action of a scenario took, in seconds, in the order they ran: a figure
    to read, written to ``<artifacts>/scenarios/<name>-timings.json``."""

    name: str
    actions: list[tuple[str, float]] = field(default_factory=list)

    @contextmanager
    def action(self, label: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.actions.append((label, round(time.perf_counter() - started, 3)))

    def path(self) -> Path:
        return ARTIFACTS / "scenarios" / f"{self.name}-timings.json"

    def write(self) -> Path:
        path = self.path()
        path.parent.mkdir(parents=True, exist_ok=True)
        rows = [{"action": label, "seconds": seconds} for label, seconds in self.actions]
        path.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        WRITTEN.append(self)
        return path

    def text(self) -> str:
        width = max((len(label) for label, _ in self.actions), default=0)
        lines = [f"{self.name}: {sum(s for _, s in self.actions):.1f} s in all"]
        lines += [f"  {label:<{width}}  {seconds:7.2f} s" for label, seconds in self.actions]
        return "\n".join(lines)


WRITTEN: list[Timings] = []
"""The reports written in this test session, printed at its end (``tests/scenarios``)."""


@dataclass
class PageChecks:
    """The pages of one scenario read at every size of :data:`VIEWPORTS`: the problems found,
    by page and size, and a screenshot under ``<artifacts>/scenarios/`` of each page and size
    where one was found."""

    name: str
    codes: frozenset[str] = frozenset()
    problems: dict[str, list[str]] = field(default_factory=dict)

    def read(self, page: Any, label: str, ready: str | None = None) -> None:
        """Read ``page`` (already loaded) at each size, waiting each time for ``ready`` (a
        selector of what the page must show), then put its viewport back."""
        folder = ARTIFACTS / "scenarios"
        folder.mkdir(parents=True, exist_ok=True)
        before = page.viewport_size
        for width, height in VIEWPORTS:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(
                "([w, h]) => window.innerWidth === w && window.innerHeight === h",
                arg=[width, height],
            )
            if ready:
                page.locator(ready).first.wait_for()
            found = low_contrast(page) + cut_off(page) + not_french(page, self.codes)
            found += too_wide(page)
            if found:
                self.problems[f"{label} at {width}x{height} ({page.url})"] = found
                # the page as found, to look at (only then: a full-page picture of a long
                # page costs the browser about a tenth of a scenario's processor)
                page.screenshot(
                    path=str(folder / f"{self.name}-{label}-{width}x{height}.png"), full_page=True
                )
        if before:
            page.set_viewport_size(before)

    def assert_clean(self) -> None:
        assert not self.problems, json.dumps(self.problems, indent=1, ensure_ascii=False)


#: How long a scenario's page waits for what it reads, in milliseconds: a scenario runs at
#: full size on a loaded machine (a server preparing its default word list at start).
PATIENCE_MS = 120_000


def new_page(browser: Any, width: int, height: int) -> Any:
    """A page in a browser context of its own (its own session), of this viewport, waiting
    up to :data:`PATIENCE_MS` for what it reads."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(PATIENCE_MS)
    return context.new_page()
