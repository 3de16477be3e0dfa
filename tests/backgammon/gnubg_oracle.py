"""Drive GNU Backgammon (/usr/games/gnubg, test-only, GPL) as an oracle, in batch.

gnubg runs a Python script inside its own process (``gnubg -t -q -p script.py``), which
gives the ``gnubg`` module. Each gnubg call that evaluates waits about 10 ms (idle), so the
work is split across several gnubg processes run at once.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

GNUBG = shutil.which("gnubg") or "/usr/games/gnubg"


def gnubg_available() -> bool:
    return os.access(GNUBG, os.X_OK)


_MOVES_SCRIPT = r"""
import json, os
import gnubg
src, dst = os.environ["ORACLE_IN"], os.environ["ORACLE_OUT"]
for command in ("set player 0 human", "set player 1 human", "new session", "set threads 1",
                "set evaluation chequerplay evaluation plies 0",
                "set evaluation chequerplay evaluation cubeful off"):
    gnubg.command(command)
out = open(dst, "w")
for line in open(src):
    pid, d1, d2 = line.split()
    gnubg.command("set board " + pid)
    gnubg.command("set dice %s %s" % (d1, d2))
    board = gnubg.board()
    results = []
    try:
        hints = gnubg.hint(100000)["hint"]
    except Exception as exc:  # no legal move: gnubg refuses the hint
        hints = []
    for hint in hints:
        steps = gnubg.parsemove(hint["move"])
        opp = list(board[0])
        me = list(board[1])
        for a, b in steps:
            me[a - 1] -= 1
            if b > 0:
                me[b - 1] += 1
                if opp[24 - b] == 1:
                    opp[24 - b] = 0
                    opp[24] += 1
            assert min(me) >= 0, (pid, hint["move"])
        results.append([gnubg.positionid((tuple(opp), tuple(me))), hint["move"].strip()])
    out.write(json.dumps({"id": gnubg.positionid(), "moves": sorted(results)}) + "\n")
out.close()
"""

_IDS_SCRIPT = r"""
import json, os
import gnubg
src, dst = os.environ["ORACLE_IN"], os.environ["ORACLE_OUT"]
out = open(dst, "w")
for line in open(src):
    item = json.loads(line)
    if "board" in item:
        opp, me = item["board"]
        pid = gnubg.positionid((tuple(opp), tuple(me)))
        back = gnubg.positionfromid(pid)
        out.write(json.dumps({"id": pid, "back": [list(back[0]), list(back[1])]}) + "\n")
    elif "xgid" in item:
        gnubg.command("set xgid " + item["xgid"])
        out.write(json.dumps({"id": gnubg.positionid(), "match": gnubg.matchid()}) + "\n")
out.close()
"""

_SET_IDS_SCRIPT = r"""
import json, os
import gnubg
src, dst = os.environ["ORACLE_IN"], os.environ["ORACLE_OUT"]
gnubg.command("new match 7")
out = open(dst, "w")
for line in open(src):
    pid, mid = line.split()
    gnubg.command("set matchid " + mid)
    gnubg.command("set board " + pid)
    out.write(json.dumps([gnubg.positionid(), gnubg.matchid()]) + "\n")
out.close()
"""


def _run_script(
    script: str,
    lines: list[str],
    tmp: Path,
    procs: int,
    while_running: Callable[[], object] | None = None,
) -> list[str]:
    """Run ``script`` on ``lines`` split over ``procs`` gnubg processes; output lines in order.

    ``while_running`` is called once the processes are started (to overlap work with them).
    """
    tmp.mkdir(parents=True, exist_ok=True)
    script_path = tmp / "oracle_script.py"
    script_path.write_text(script)
    procs = max(1, min(procs, len(lines)))
    size = -(-len(lines) // procs)
    chunks = [lines[i : i + size] for i in range(0, len(lines), size)]
    running = []
    for n, chunk in enumerate(chunks):
        src = tmp / f"in{n}.txt"
        dst = tmp / f"out{n}.txt"
        src.write_text("".join(line + "\n" for line in chunk))
        proc = subprocess.Popen(
            [GNUBG, "-t", "-q", "-p", str(script_path)],
            env={**os.environ, "ORACLE_IN": str(src), "ORACLE_OUT": str(dst)},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        running.append((proc, dst, len(chunk)))
    if while_running is not None:
        while_running()
    output: list[str] = []
    for proc, dst, count in running:
        _, err = proc.communicate(timeout=600)
        got = dst.read_text().splitlines() if dst.exists() else []
        if len(got) != count:
            raise RuntimeError(f"gnubg oracle failed: {err.decode(errors='replace')[-2000:]}")
        output.extend(got)
    return output


def gnubg_moves(
    items: list[tuple[str, int, int]],
    tmp: Path,
    procs: int = 8,
    while_running: Callable[[], object] | None = None,
) -> list[dict]:
    """For each (position ID, die1, die2): gnubg's legal moves, ``{"id": pid, "moves":
    [[resulting position ID, gnubg's notation], ...]}`` sorted by ID."""
    lines = [f"{pid} {d1} {d2}" for pid, d1, d2 in items]
    output = _run_script(_MOVES_SCRIPT, lines, tmp, procs, while_running)
    return [json.loads(line) for line in output]


def gnubg_ids(items: list[dict], tmp: Path, procs: int = 2) -> list[dict]:
    """Items ``{"board": [opp, me]}`` or ``{"xgid": text}``: gnubg's IDs for them."""
    lines = [json.dumps(item) for item in items]
    return [json.loads(line) for line in _run_script(_IDS_SCRIPT, lines, tmp, procs)]


def gnubg_set_ids(pairs: list[tuple[str, str]], tmp: Path, procs: int = 2) -> list[list[str]]:
    """gnubg sets each (Position ID, Match ID) and gives back the IDs it then shows."""
    lines = [f"{pid} {mid}" for pid, mid in pairs]
    return [json.loads(line) for line in _run_script(_SET_IDS_SCRIPT, lines, tmp, procs)]


def gnubg_commands(commands: str, timeout: float = 300) -> str:
    """Run text-mode gnubg on ``commands`` (stdin); its combined output."""
    done = subprocess.run(
        [GNUBG, "-t", "-q"],
        input=commands.encode(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        timeout=timeout,
    )
    return done.stdout.decode(errors="replace")
