"""The start's console (:class:`arbitre.cli._startup.Console`): whether the top search's
kernel will be compiled is found out when the preparation starts, and only then (issue 36,
items 2 and 9)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.app.server import server_env


def run(code: str, cache: Path) -> str:
    env = server_env(dict(os.environ, NUMBA_CACHE_DIR=str(cache)))
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_console_of_a_server_that_does_not_prepare_does_not_load_numba(
    tmp_path: Path,
) -> None:
    """Finding out whether the kernel is cached imports numba, a third of a server's start:
    a server that leaves the preparation to the first search must not pay it."""
    code = (
        "import sys\n"
        "from arbitre.cli import _startup\n"
        "console = _startup.Console(bar=False)\n"
        "print('numba' in sys.modules, console.kernel_compiled)\n"
    )
    assert run(code, tmp_path) == "False False"


def test_preparing_tells_a_compilation_only_when_numba_s_cache_is_empty(tmp_path: Path) -> None:
    code = (
        "from arbitre.cli import _startup\n"
        "console = _startup.Console(bar=False)\n"
        "console.preparing()\n"
        "print(console.kernel_compiled)\n"
    )
    assert run(code, tmp_path) == "True"  # nothing compiled yet: the step compiles
    (tmp_path / "arbitre_scrabble_fast").mkdir()
    (tmp_path / "arbitre_scrabble_fast" / "top.nbi").write_bytes(b"index")
    assert run(code, tmp_path) == "False"  # found in the cache: loaded, not compiled
