"""The wheel: what ``pip install arbitre`` gets must run without the source tree.

The wheel is built from a copy of the tree (no network: setuptools comes with the dev extra)
and read back: the licence, every data file of the package (templates, static files, message
catalogues, the word list, migrations), and dependencies that do not force PostgreSQL's driver
on a SQLite installation.
"""

from __future__ import annotations

import email
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "arbitre"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    tree = tmp_path_factory.mktemp("tree")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, tree / name)
    shutil.copytree(PACKAGE, tree / "src" / "arbitre", ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-w",
            str(out),
            str(tree),
        ],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("arbitre-*.whl")
    return zipfile.ZipFile(built)


def _metadata(wheel: zipfile.ZipFile) -> email.message.Message:
    (name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    return email.message_from_bytes(wheel.read(name))


def test_root_license_is_the_mpl_2_0_text() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("Mozilla Public License Version 2.0")
    assert "Exhibit A - Source Code Form License Notice" in text
    debian = Path("/usr/share/common-licenses/MPL-2.0")
    if debian.exists():  # the official text, verbatim
        assert text == debian.read_text(encoding="utf-8")


def test_wheel_ships_the_license_and_declares_it(wheel: zipfile.ZipFile) -> None:
    (licence,) = [n for n in wheel.namelist() if n.endswith(".dist-info/licenses/LICENSE")]
    assert wheel.read(licence) == (ROOT / "LICENSE").read_bytes()
    metadata = _metadata(wheel)
    assert metadata["License-Expression"] == "MPL-2.0"
    assert metadata.get_all("License-File") == ["LICENSE"]


def test_wheel_holds_every_file_of_the_package(wheel: zipfile.ZipFile) -> None:
    # templates, static files, catalogues, the word list and its notices, migrations: all of
    # src/arbitre except bytecode caches
    source = {
        path.relative_to(PACKAGE.parent).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    shipped = set(wheel.namelist())
    assert source - shipped == set()
    kinds = {name.rsplit(".", 1)[-1] for name in shipped if name.startswith("arbitre/")}
    assert {"html", "css", "js", "po", "mo", "xz"} <= kinds
    assert any("/migrations/0001_" in name for name in shipped)


def test_postgresql_driver_is_an_extra_not_a_base_dependency(wheel: zipfile.ZipFile) -> None:
    requires = _metadata(wheel).get_all("Requires-Dist") or []
    base = [r for r in requires if "extra ==" not in r]
    assert base and not any(r.lower().startswith("psycopg") for r in base)
    assert any(r.startswith("psycopg[binary]") and 'extra == "postgresql"' in r for r in requires)
    # the dev extra (what scripts/venv.sh installs for the tests) pulls the driver in
    assert any(r.startswith("arbitre[postgresql]") and 'extra == "dev"' in r for r in requires)


def test_build_requires_a_setuptools_that_knows_pep_639() -> None:
    import tomllib

    build = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]
    assert "setuptools>=77" in build["requires"]
