"""The server's side and the clients' side of a bench on processors of their own (Linux).

A bench simulates thousands of phones on the machine that serves them; the phones' own work
(``wrk``'s TLS and Lua, the bench's Python client) then takes processors the server would
have on its own machine. ``--pin`` gives the server's side (the application's processes,
PostgreSQL's, nginx's) the first processor and the clients the others, as two machines
would: the server is measured on one processor, without the clients' work beside it.
"""

from __future__ import annotations

import os
from pathlib import Path


def split() -> tuple[set[int], set[int]]:
    """(the server's processors, the clients' processors): the first one, and the rest."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        raise SystemExit("--pin needs two processors at least")
    return {cpus[0]}, set(cpus[1:])


def tree(pid: int) -> list[int]:
    """``pid`` and every process descending from it (``/proc``)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


def pin(root: int, cpus: set[int]) -> int:
    """Every thread of ``root``'s processes on ``cpus`` (those they start later inherit it);
    the number of threads pinned."""
    pinned = 0
    for pid in tree(root):
        for task in Path(f"/proc/{pid}/task").glob("[0-9]*"):
            try:
                os.sched_setaffinity(int(task.name), cpus)
                pinned += 1
            except OSError:  # (ended meanwhile)
                continue
    return pinned
