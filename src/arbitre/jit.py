"""numba's ``njit`` with its on-disk cache kept in one versioned folder of the user cache.

The compiled kernels (``arbitre.scrabble.fast``, ``arbitre.lexicon._compile``) use
``@njit(cache=True)``. Left alone, numba writes its cache beside the sources
(``__pycache__``), with one index file per function *and source line*: every edit that moves a
kernel leaves the old files behind, and an installed package's folder may not be writable.
numba also keys a cached function by its own file only, not by the module constants it froze
in (``arbitre.scrabble.tiles``, ``arbitre.lexicon.graph``).

Importing this module (the kernels import ``njit`` from here) points ``NUMBA_CACHE_DIR`` at
``<cache_dir>/numba-<key>``, where the key hashes the sources of the packages holding kernels
and the constants they read, with the numba, numpy and Python versions. Folders of other keys
unused for :data:`KEEP_DAYS` days, or beyond the :data:`KEEP_FOLDERS` most recently used, are
removed, as are the ``.nbi``/``.nbc`` files earlier versions left in the packages'
``__pycache__``. A ``NUMBA_CACHE_DIR`` set by the user is kept as it is. This is compiler
cache housekeeping, not rule logic: the engines stay free of I/O in what they compute.

Inside that folder numba would file a kernel under a hash of its source folder's absolute
path, so that another copy of the same sources (a second clone or worktree, a reinstall in
another environment) compiled everything again (20 s for the top search's kernel). The
kernels of this package are filed under their folder's path *inside* the package instead
(:class:`PackageLocator`): every copy of the same sources shares them. numba still checks
each kernel's file by the hash of its content before reusing it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import numba
import numba.core.config
import numpy as np
from numba import njit
from numba.core import caching

from arbitre.paths import cache_dir

__all__ = [
    "KEEP_DAYS",
    "KEEP_FOLDERS",
    "PackageLocator",
    "cache_key",
    "configure_cache",
    "njit",
    "prune",
]

KEEP_DAYS = 30
KEEP_FOLDERS = 8
PREFIX = "numba-"
_PACKAGE = Path(__file__).resolve().parent
#: the packages whose sources the kernels are compiled from or read constants of
KERNEL_PACKAGES = (_PACKAGE / "scrabble", _PACKAGE / "lexicon")


def cache_key(packages: tuple[Path, ...] = KERNEL_PACKAGES) -> str:
    """Hash of the kernels' sources and of the versions that compile them (16 hex digits)."""
    digest = hashlib.sha256()
    for version in (numba.__version__, np.__version__, sys.version):
        digest.update(version.encode() + b"\0")
    for package in packages:
        for path in sorted(package.rglob("*.py")):
            digest.update(path.relative_to(package.parent).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def prune(root: Path, current: Path, now: float | None = None) -> list[Path]:
    """Remove the ``numba-*`` folders of ``root`` other than ``current`` that are stale.

    Stale: unused for ``KEEP_DAYS`` days, or beyond the ``KEEP_FOLDERS`` most recently used
    (counting ``current``). Returns the folders removed."""
    now = time.time() if now is None else now
    others = sorted(
        (p for p in root.glob(PREFIX + "*") if p.is_dir() and p != current),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    removed = []
    for rank, folder in enumerate(others, start=1):
        if rank >= KEEP_FOLDERS or now - folder.stat().st_mtime > KEEP_DAYS * 86400:
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _remove_files_beside_sources(packages: tuple[Path, ...]) -> None:
    for package in packages:
        for pattern in ("*.nbi", "*.nbc"):
            for path in package.rglob(f"__pycache__/{pattern}"):
                try:
                    path.unlink()
                except OSError:
                    pass  # a read-only install: nothing was written there either


class PackageLocator(caching.UserProvidedCacheLocator):
    """numba's locator of the folder given as its cache (``NUMBA_CACHE_DIR``), for the
    functions of the files under :attr:`root` only, which files each function under its
    folder's path relative to :attr:`root` rather than a hash of the absolute one."""

    root = _PACKAGE.parent

    @classmethod
    def get_suitable_cache_subpath(cls, py_file: str) -> str:
        folder = Path(os.path.abspath(py_file)).parent
        return "_".join(folder.relative_to(cls.root).parts)

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        if not Path(os.path.abspath(py_file)).is_relative_to(cls.root):
            return None  # another package's functions: numba's own locators
        return super().from_function(py_func, py_file)  # type: ignore[no-untyped-call]


def _use_package_locator() -> None:
    """Ask :class:`PackageLocator` first, in every process (a server's or a test's
    subprocess inherits ``NUMBA_CACHE_DIR`` and must file the kernels as its parent did)."""
    locators = caching.CacheImpl._locator_classes
    if PackageLocator not in locators:
        locators.insert(0, PackageLocator)


def configure_cache() -> Path | None:
    """Point numba's cache at this version's folder and prune the others (see the module).

    Returns the folder, or None when the user chose ``NUMBA_CACHE_DIR`` or when the cache
    directory cannot be written (numba then keeps its default)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return None
    try:
        root = cache_dir()
        folder = root / (PREFIX + cache_key())
        folder.mkdir(exist_ok=True)
        os.utime(folder)  # marks it used, for the pruning of other processes
        prune(root, folder)
        _remove_files_beside_sources(KERNEL_PACKAGES)
    except OSError:
        return None
    os.environ["NUMBA_CACHE_DIR"] = str(folder)  # subprocesses use the same folder
    numba.core.config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]  # read at decoration
    return folder


_use_package_locator()
configure_cache()
