"""What the server uses of the operating system, each with its alternative elsewhere.

Arbitre runs on Linux, macOS and Windows laptops. The few calls that exist on one system only
are made through this module, each guarded: server workers forked from a loaded process
(``fork``, POSIX: gunicorn's), a port shared by a socket of each process (``SO_REUSEPORT``,
balanced by Linux only), the kernel's tables under ``/proc`` (Linux), the limit of open files
(``resource``, POSIX). File locks go through :mod:`filelock` (every system), and whether a
server still runs is told by the lock it holds (:func:`held`), not by signalling its process.

``ARBITRE_PORTABLE=1`` in the environment switches the Linux-only and POSIX-only features off,
as on Windows, so that the portable paths are tested on any machine
(``tests/app/test_portable_server.py``).
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

from filelock import FileLock, Timeout

__all__ = ["forking", "held", "linux", "posix", "server_lock"]


def portable() -> bool:
    """Whether the system-specific features are switched off (``ARBITRE_PORTABLE=1``)."""
    return os.environ.get("ARBITRE_PORTABLE", "") not in ("", "0")


def linux() -> bool:
    """Linux's own features are there (``/proc``, a port shared with balancing)."""
    return sys.platform.startswith("linux") and not portable()


def posix() -> bool:
    """POSIX's features are there (``resource``, process signals): Linux and macOS."""
    return os.name == "posix" and not portable()


def forking() -> bool:
    """Whether a server can fork worker processes from a loaded one (gunicorn's, sharing
    its listening socket and its memory): Linux and macOS, not Windows."""
    return posix() and hasattr(os, "fork")


def port_sharing() -> bool:
    """Whether processes can share a port with the system balancing their connections."""
    return linux() and hasattr(socket, "SO_REUSEPORT")


def server_lock(path: Path) -> FileLock:
    """The lock a running server holds on ``path`` for its life: released by the system
    when the process ends, even killed, on every system."""
    return FileLock(str(path), thread_local=False)


def held(path: Path) -> bool:
    """Whether another process holds the lock on ``path`` (:func:`server_lock`)."""
    if not path.exists():
        return False
    probe = FileLock(str(path), timeout=0, thread_local=False)
    try:
        probe.acquire()
    except Timeout:
        return True
    except OSError:
        return False  # an unreadable folder: nothing tells that a server runs
    probe.release()
    return False
