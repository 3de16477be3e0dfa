"""The compiled kernels' cache: one folder per version of their sources, older ones pruned."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numba.core.config
import pytest

from arbitre import jit


def _package(root: Path, source: str) -> Path:
    package = root / "pkg"
    package.mkdir(parents=True, exist_ok=True)
    (package / "kernel.py").write_text(source, encoding="utf-8")
    return package


def test_key_follows_the_sources_not_their_place(tmp_path: Path) -> None:
    a = _package(tmp_path / "a", "X = 1\n")
    b = _package(tmp_path / "b", "X = 1\n")
    assert jit.cache_key((a,)) == jit.cache_key((b,))
    # a moved line or a changed constant: a new folder, the old index files are not reused
    (b / "kernel.py").write_text("\nX = 1\n", encoding="utf-8")
    assert jit.cache_key((a,)) != jit.cache_key((b,))


def _folder(root: Path, name: str, age_days: float, now: float) -> Path:
    folder = root / name
    folder.mkdir()
    (folder / "f.nbi").write_bytes(b"")
    stamp = now - age_days * 86400
    os.utime(folder, (stamp, stamp))
    return folder


def test_prune_removes_old_and_surplus_folders(tmp_path: Path) -> None:
    now = 1_800_000_000.0
    current = _folder(tmp_path, "numba-current", 400, now)  # kept whatever its age
    old = _folder(tmp_path, "numba-old", jit.KEEP_DAYS + 1, now)
    recent = [_folder(tmp_path, f"numba-r{i}", i / 10, now) for i in range(jit.KEEP_FOLDERS)]
    other = _folder(tmp_path, "lexicon-abc", 400, now)  # not numba's: left alone
    removed = jit.prune(tmp_path, current, now=now)
    # KEEP_FOLDERS in all: the current one and the KEEP_FOLDERS - 1 most recently used
    assert set(removed) == {old, recent[-1]}
    assert current.exists() and other.exists()
    assert all(folder.exists() for folder in recent[:-1])


def test_configure_points_numba_at_a_versioned_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(numba.core.config, "CACHE_DIR", numba.core.config.CACHE_DIR)
    monkeypatch.setenv("ARBITRE_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    stale = _folder(tmp_path, "numba-0000000000000000", jit.KEEP_DAYS + 1, 0.0)
    folder = jit.configure_cache()
    assert folder == tmp_path / f"numba-{jit.cache_key()}"
    assert folder.is_dir() and not stale.exists()
    assert os.environ["NUMBA_CACHE_DIR"] == numba.core.config.CACHE_DIR == str(folder)


def test_a_cache_dir_chosen_by_the_user_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/somewhere/else")
    assert jit.configure_cache() is None
    assert os.environ["NUMBA_CACHE_DIR"] == "/somewhere/else"


def test_kernels_cache_in_the_versioned_folder_not_beside_their_sources() -> None:
    from arbitre.lexicon import _compile
    from arbitre.scrabble.fast import anagram, fullrack, kernel

    folder = Path(os.environ["NUMBA_CACHE_DIR"])
    if folder.name.startswith(jit.PREFIX):  # unless the user chose NUMBA_CACHE_DIR
        assert folder.name == jit.PREFIX + jit.cache_key()
    for function in (kernel.check_input, anagram._fill, fullrack._fill, _compile._gaddag_rows):
        path = Path(function._cache._cache_path)
        assert path.is_relative_to(folder), function
        assert "__pycache__" not in path.parts


TINY_KERNEL = """
from numba import njit


@njit(cache=True)
def twice(x):
    return 2 * x
"""


def _load(root: Path) -> object:
    """``pkg.kernel`` of the copy of the sources under ``root``, imported afresh by its name
    (numba's cache imports a kernel's module by name when it loads the kernel)."""
    import importlib

    for name in ("pkg.kernel", "pkg"):
        sys.modules.pop(name, None)
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module("pkg.kernel")
    finally:
        sys.path.remove(str(root))


def test_another_copy_of_the_same_sources_reuses_the_compiled_kernels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second clone or install compiles nothing its twin already compiled: the kernels
    are filed by their place inside the package, and numba checks their content."""
    # (numba reads its configuration again from the environment now and then)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(numba.core.config, "CACHE_DIR", str(tmp_path / "cache"))
    first, second, changed = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    for root in (first, second):
        _package(root, TINY_KERNEL)
    _package(changed, TINY_KERNEL.replace("2 * x", "3 * x"))

    def run(root: Path) -> tuple[int, int, int]:
        monkeypatch.setattr(jit.PackageLocator, "root", root)
        twice = _load(root).twice  # type: ignore[attr-defined]
        value = twice(21)
        return value, sum(twice.stats.cache_hits.values()), sum(twice.stats.cache_misses.values())

    assert run(first) == (42, 0, 1)  # compiled, and saved
    assert run(second) == (42, 1, 0)  # the other copy's, loaded
    assert run(changed) == (63, 0, 1)  # other content: compiled again
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == ["pkg"]
    for name in ("pkg.kernel", "pkg"):
        sys.modules.pop(name, None)


def test_functions_outside_the_package_keep_numbas_own_filing(tmp_path: Path) -> None:
    source = tmp_path / "elsewhere" / "mod.py"
    source.parent.mkdir()
    source.write_text("def f():\n    return 1\n", encoding="utf-8")
    namespace: dict[str, object] = {}
    exec(compile(source.read_text(), str(source), "exec"), namespace)
    assert jit.PackageLocator.from_function(namespace["f"], str(source)) is None
    assert jit.PackageLocator in numba.core.caching.CacheImpl._locator_classes
