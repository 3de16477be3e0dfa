"""On-disk cache of compiled word lists, keyed by the sha256 of the normalised list.

Layout: ``<cache_dir>/lexicon-<sha256>/`` holds ``words.npy`` (sorted words, ``S15``) and
the arrays of the DAWG and the GADDAG (``dawg.*.npy``, ``gaddag.*.npy``); each part has a
small JSON manifest (``<part>.json``) with the sha256 of each of its files, written last.
A part is used only when every checksum matches; otherwise it is rebuilt (issue 3, item 7).
Files are written under temporary names and renamed, so concurrent processes compiling the
same list are harmless (they write identical bytes).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from arbitre.lexicon.graph import Automaton

FORMAT = 1
_CHUNK = 1 << 20


def entry_dir(sha256: str, root: Path | None = None) -> Path:
    """Directory of the cache entry of the list whose sha256 is ``sha256``."""
    if root is None:
        from arbitre.paths import cache_dir

        root = cache_dir()
    return root / f"lexicon-{sha256}"


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _verified(directory: Path, part: str, sha256: str) -> list[str] | None:
    """File names of ``part`` when its manifest and every checksum match, else None."""
    try:
        manifest = json.loads((directory / f"{part}.json").read_text("utf-8"))
        if manifest.get("format") != FORMAT or manifest.get("list_sha256") != sha256:
            return None
        files: dict[str, str] = manifest["files"]
        for name, expected in files.items():
            if file_sha256(directory / name) != expected:
                return None
        return sorted(files)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def load_words(directory: Path, sha256: str) -> np.ndarray | None:
    """Memory-mapped sorted words of a verified cache entry, or None."""
    if _verified(directory, "words", sha256) is None:
        return None
    try:
        words = np.load(directory / "words.npy", mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError):
        return None
    if words.dtype != np.dtype("S15") or words.ndim != 1:
        return None
    checked: np.ndarray = words
    return checked


def load_graph(directory: Path, sha256: str, kind: str) -> Automaton | None:
    """Memory-mapped automaton ``kind`` ("dawg" or "gaddag") of a verified entry, or None."""
    if _verified(directory, kind, sha256) is None:
        return None
    try:
        return Automaton.load(directory, kind)
    except (OSError, ValueError):
        return None


def store_words(directory: Path, sha256: str, words: np.ndarray) -> None:
    with _staging(directory) as staging:
        np.save(staging / "words.npy", words, allow_pickle=False)
        _publish(directory, staging, "words", sha256, ["words.npy"])


def store_graph(directory: Path, sha256: str, kind: str, automaton: Automaton) -> None:
    with _staging(directory) as staging:
        names = [p.name for p in automaton.save(staging, kind)]
        _publish(directory, staging, kind, sha256, names)


@contextlib.contextmanager
def _staging(directory: Path) -> Iterator[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=directory))
    try:
        yield staging
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _publish(directory: Path, staging: Path, part: str, sha256: str, names: list[str]) -> None:
    files = {name: file_sha256(staging / name) for name in names}
    manifest = {"format": FORMAT, "list_sha256": sha256, "files": files}
    (staging / f"{part}.json").write_text(json.dumps(manifest, indent=1), "utf-8")
    for name in names:
        os.replace(staging / name, directory / name)
    os.replace(staging / f"{part}.json", directory / f"{part}.json")


@contextlib.contextmanager
def compile_lock(directory: Path) -> Iterator[None]:
    """Exclusive lock so that parallel processes compile a list once (every system:
    :mod:`filelock`)."""
    from filelock import FileLock

    directory.mkdir(parents=True, exist_ok=True)
    with FileLock(str(directory / ".lock"), thread_local=False):
        yield
