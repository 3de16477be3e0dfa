"""The garbage collector's full passes in the processes of a bench (issue 38, item 3).

Put this folder first on ``PYTHONPATH`` with ``ARBITRE_GC_LOG`` naming a folder: every
Python process started so (the bench, ``arbitre serve`` and the workers it forks) writes a
line per full (generation 2) pass into ``ARBITRE_GC_LOG/gc-<pid>.log``: when, how long,
objects collected, the young passes and their milliseconds since the start, the objects
then in the oldest generation and frozen, the command. Then ``python
bench/gc_passes/sitecustomize.py FOLDER`` sums them up per process::

    PYTHONPATH=bench/gc_passes ARBITRE_GC_LOG=/tmp/gc .venv/bin/python bench/bench_simultane.py
    .venv/bin/python bench/gc_passes/sitecustomize.py /tmp/gc

Nothing happens without ``ARBITRE_GC_LOG``. The count of the oldest generation is taken
after the pass is timed.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from pathlib import Path
from typing import Any

_folder = os.environ.get("ARBITRE_GC_LOG")
_state = {"start": 0.0, "young": 0.0, "young_ms": 0.0, "pid": 0.0}


def _watch(phase: str, info: dict[str, Any]) -> None:
    if _state["pid"] != os.getpid():  # this process's first pass (a forked one's too)
        _state.update(pid=os.getpid(), young=0, young_ms=0)
        with open(os.path.join(str(_folder), f"gc-{os.getpid()}.log"), "a") as out:
            out.write(f"# {' '.join(Path(a).name for a in sys.argv[:3])[:80]}\n")
    if phase == "start":
        _state["start"] = time.perf_counter()
        return
    took = (time.perf_counter() - _state["start"]) * 1000
    if info["generation"] < 2:
        _state["young"] += 1
        _state["young_ms"] += took
        return
    line = (
        f"{time.time():.3f} {took:.1f} {info['collected']} {_state['young']:.0f} "
        f"{_state['young_ms']:.0f} {len(gc.get_objects(2))} {gc.get_freeze_count()} "
        f"{' '.join(Path(a).name for a in sys.argv[:2])[:80]}\n"
    )
    with open(os.path.join(str(_folder), f"gc-{os.getpid()}.log"), "a") as out:
        out.write(line)


if _folder and __name__ != "__main__":
    gc.callbacks.append(_watch)


def summary(folder: Path) -> None:
    """Per process: full passes, their total and p50 / max ms, young passes and their ms."""
    for log in sorted(folder.glob("gc-*.log")):
        lines = log.read_text().splitlines()
        rows = [line.split(" ", 7) for line in lines if not line.startswith("#")]
        if not rows:
            print(f"{log.stem} {lines[0][2:42]:40} no full pass")
            continue
        ms = sorted(float(r[1]) for r in rows)
        seconds = float(rows[-1][0]) - float(rows[0][0])
        print(
            f"{log.stem} {rows[-1][7].strip()[:40]:40} full passes {len(ms):4} "
            f"over {seconds:6.0f} s: total {sum(ms):7.0f} ms, p50 {ms[len(ms) // 2]:6.1f}, "
            f"max {ms[-1]:6.1f}; young {rows[-1][3]} ({rows[-1][4]} ms); "
            f"oldest generation {rows[-1][5]}, frozen {rows[-1][6]}"
        )


if __name__ == "__main__":
    summary(Path(sys.argv[1]))
