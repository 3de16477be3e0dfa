"""The ``arbitre`` command: help everywhere, errors on stderr with a non-zero status."""

from __future__ import annotations

import subprocess
import sys

import pytest

from arbitre.cli import build_parser, main
from tests.app.server import migrated_data


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbitre.cli", *args], capture_output=True, text=True, timeout=120
    )


def _command_paths() -> list[list[str]]:
    """Every command and sub-command of the parser, as argument lists."""
    paths: list[list[str]] = []

    def walk(parser, prefix: list[str]) -> None:  # type: ignore[no-untyped-def]
        for action in parser._actions:
            if action.__class__.__name__ == "_SubParsersAction":
                for name, sub in action.choices.items():
                    paths.append([*prefix, name])
                    walk(sub, [*prefix, name])

    walk(build_parser(), [])
    return paths


def test_top_level_help_lists_serve() -> None:
    result = _run("--help")
    assert result.returncode == 0
    assert "serve" in result.stdout and "createadmin" in result.stdout


def test_every_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    paths = _command_paths()
    assert ["serve"] in paths
    for path in paths:
        with pytest.raises(SystemExit) as exit_info:
            main([*path, "--help"])
        assert exit_info.value.code == 0, path
        assert "usage : arbitre" in capsys.readouterr().out


def test_unknown_command_is_an_error() -> None:
    result = _run("no-such-command")
    assert result.returncode != 0
    assert "choix invalide" in result.stderr


def test_createadmin_without_password_fails_with_one_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env_run = subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "createadmin", "chef"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env={"ARBITRE_DATA_DIR": str(migrated_data(tmp_path)), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    assert env_run.returncode == 2
    assert env_run.stderr.strip().splitlines() == [
        "arbitre : erreur : pas de mot de passe : définissez ARBITRE_ADMIN_PASSWORD ou lancez "
        "la commande dans un terminal"
    ]


def test_createadmin_creates_a_director(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = {"ARBITRE_DATA_DIR": str(migrated_data(tmp_path)), "PATH": "/usr/bin:/bin"}
    ok = subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "createadmin", "chef"],
        capture_output=True,
        text=True,
        env={**env, "ARBITRE_ADMIN_PASSWORD": "Arbitrage-2026"},
        timeout=120,
    )
    assert ok.returncode == 0, ok.stderr
    assert "Compte directeur « chef » créé." in ok.stdout
    again = subprocess.run(
        [sys.executable, "-m", "arbitre.cli", "createadmin", "chef"],
        capture_output=True,
        text=True,
        env={**env, "ARBITRE_ADMIN_PASSWORD": "Arbitrage-2026"},
        timeout=120,
    )
    assert again.returncode == 2
    assert "existe déjà" in again.stderr
