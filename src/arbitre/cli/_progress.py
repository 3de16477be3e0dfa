"""Word-list compilation shown on the terminal: a progress bar on stderr, drawn from the
lexicon engine's ``progress(done, total)`` callback (the engine itself prints nothing)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from arbitre.cli._i18n import tr

if TYPE_CHECKING:
    from arbitre.lexicon import Lexicon, Progress

BAR_LABEL = "arbitre: compiling the word list"


def compile_bar(stream: TextIO | None = None) -> Progress:
    """A ``progress(done, total)`` callback drawing a tqdm bar on ``stream`` (stderr); each
    compilation (``done == 0``) gets its own bar, closed when it reaches its total."""
    from tqdm import tqdm

    bars: list[Any] = []

    def progress(done: int, total: int) -> None:
        if done == 0 or not bars:
            for old in bars:
                old.close()
            label = tr(BAR_LABEL)
            bars[:] = [tqdm(total=total, desc=label, unit="path", file=stream or sys.stderr)]
        bar = bars[0]
        bar.update(done - bar.n)
        if done >= total:
            bar.close()
            bars.clear()

    return progress


def load_lexicon(path: str | Path | None) -> Lexicon:
    """``Lexicon.load(path)`` (the shipped list for None) with its compilation, when its
    graphs are not cached yet, shown as a bar on stderr."""
    from arbitre.lexicon import Lexicon

    return Lexicon.load(path, progress=compile_bar())
