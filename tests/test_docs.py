"""The README and docs/*.md: their code examples run, their links stay inside the repository.

Every fenced block is classified by its language tag:
- ``python``: executed (a block of ``>>>`` lines runs as a doctest, its outputs compared);
- ``sh``: commands; each block is listed in :data:`SHELL_NOT_RUN` with the reason it is not run
  here (servers, the whole suite, an hour of mutation testing, a PostgreSQL server), so that a
  new shell example must either be made safe to run or be listed on purpose;
- ``toml``: parsed;
- no tag: command synopses and directory trees, which are not programs.
"""

from __future__ import annotations

import doctest
import os
import re
import tomllib
from pathlib import Path

import pytest

from tests.support import require

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^```([A-Za-z0-9_+-]*)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
# [text](target) and [text](target "title"); images too. Reference-style links are not used.
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")

#: Shell blocks not run by the suite, by (document, first command): each with its reason.
SHELL_NOT_RUN = {
    ("README.md", "./start.sh"): "starts the web server and waits for requests",
    ("README.md", "./test.sh"): "runs the whole test suite (this test is part of it)",
    ("README.md", "python3 -m venv .venv && .venv/bin/pip install ."): (
        "installs the project and starts the web server (tests/app/test_start.py runs "
        "arbitre start)"
    ),
    ("README.md", "py -m venv .venv"): "Windows commands (the same steps, with py and Scripts)",
    ("docs/contributing.md", ".venv/bin/python tools/mutation.py ranking.classification"): (
        "mutation testing takes minutes per module, about an hour for all"
    ),
    ("docs/security.md", "./start.sh --host 0.0.0.0 --https"): "starts the web server",
    ("docs/security.md", "export ARBITRE_DATABASE_URL=postgresql://arbitre@localhost/arbitre"): (
        "starts the web server on a PostgreSQL database"
    ),
    (
        "docs/security.md",
        "pg_dump --format=custom --file=/var/backups/arbitre-$(date +%F).dump arbitre",
    ): ("needs a running PostgreSQL server and writes to /var/backups"),
    ("docs/federation-server.md", "sudo -u postgres createuser arbitre"): (
        "creates a PostgreSQL role and database and installs Arbitre system-wide"
    ),
    (
        "docs/federation-server.md",
        "export ARBITRE_DATABASE_URL='postgresql://arbitre@/arbitre?host=/run/postgresql'",
    ): "starts the web server on a PostgreSQL database",
    (
        "docs/federation-server.md",
        "pg_dump --format=custom --file=/var/backups/arbitre-$(date +%F-%H%M).dump arbitre",
    ): "needs a running PostgreSQL server and writes to /var/backups",
    ("docs/federation-server.md", ".venv/bin/python bench/bench_simultane.py"): (
        "a benchmark of minutes (tests/simultane/test_bench_simultane.py runs it small)"
    ),
    (
        "docs/federation-server.md",
        ".venv/bin/python bench/bench_simultane.py --proxy --processes 2",
    ): (
        "a benchmark of minutes behind nginx with wrk (test_nginx_configuration_is_accepted_by_nginx"
        " checks the configuration it runs)"
    ),
}


#: Python blocks not run, by document: each with its reason (an API sketch with placeholders).
PYTHON_NOT_RUN = {
    "docs/backgammon-championship.md": (
        "sketch of the whole championship API: the bracket needs the seven Swiss rounds played"
    ),
}


def _blocks() -> list[tuple[str, int, str, str]]:
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append((path.relative_to(ROOT).as_posix(), line, match.group(1), match.group(2)))
    return found


BLOCKS = _blocks()


def _ids(blocks: list[tuple[str, int, str, str]]) -> list[str]:
    return [f"{doc}:{line}" for doc, line, _, _ in blocks]


PYTHON = [b for b in BLOCKS if b[2] == "python"]
SHELL = [b for b in BLOCKS if b[2] == "sh"]
TOML = [b for b in BLOCKS if b[2] == "toml"]


def test_every_fenced_block_has_a_known_kind() -> None:
    assert {kind for _, _, kind, _ in BLOCKS} <= {"python", "sh", "toml", "nginx", ""}
    assert PYTHON and SHELL


@pytest.mark.parametrize(("doc", "line", "kind", "code"), PYTHON, ids=_ids(PYTHON))
def test_python_example_runs(
    doc: str, line: int, kind: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if doc in PYTHON_NOT_RUN:
        pytest.skip(PYTHON_NOT_RUN[doc])
    monkeypatch.chdir(tmp_path)  # an example that writes a file writes it here
    name = f"{doc}:{line}"
    if ">>>" in code:
        parser = doctest.DocTestParser()
        test = parser.get_doctest(code, {"__name__": "__docs__"}, name, doc, line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        result = runner.summarize(verbose=False)
        assert result.attempted > 0
        assert result.failed == 0, f"{name}: {result.failed} doctest example(s) failed"
    else:
        exec(compile(code, name, "exec"), {"__name__": "__docs__"})


@pytest.mark.parametrize(("doc", "line", "kind", "code"), SHELL, ids=_ids(SHELL))
def test_shell_example_is_listed_with_its_reason(doc: str, line: int, kind: str, code: str) -> None:
    first = code.strip().splitlines()[0].split("  #")[0].strip()
    assert (doc, first) in SHELL_NOT_RUN, f"{doc}:{line}: run it here, or list it with a reason"
    assert SHELL_NOT_RUN[(doc, first)]


def test_shell_skip_list_names_only_existing_blocks() -> None:
    present = {
        (doc, code.strip().splitlines()[0].split("  #")[0].strip()) for doc, _, _, code in SHELL
    }
    assert set(SHELL_NOT_RUN) <= present


@pytest.mark.parametrize(("doc", "line", "kind", "code"), TOML, ids=_ids(TOML))
def test_toml_example_parses(doc: str, line: int, kind: str, code: str) -> None:
    assert tomllib.loads(code)


def _relative_links() -> list[tuple[str, str]]:
    links = []
    for path in DOCS:
        text = FENCE.sub("", path.read_text(encoding="utf-8"))
        text = re.sub(r"`[^`\n]*`", "", text)  # inline code is not a link
        for target in LINK.findall(text):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) or target.startswith("#"):
                continue  # https:, mailto:, or an anchor in the same page
            links.append((path.relative_to(ROOT).as_posix(), target))
    return links


LINKS = _relative_links()


def test_documents_have_links_to_check() -> None:
    assert LINKS


@pytest.mark.parametrize(("doc", "target"), LINKS, ids=[f"{d}->{t}" for d, t in LINKS])
def test_relative_link_resolves_inside_the_repository(doc: str, target: str) -> None:
    path_part = target.split("#", 1)[0]
    resolved = Path(os.path.normpath((ROOT / doc).parent / path_part))
    assert resolved.is_relative_to(ROOT), f"{doc}: link {target!r} leaves the repository"
    assert resolved.exists(), f"{doc}: link {target!r} points to nothing"


def test_link_checker_refuses_a_link_leaving_the_repository() -> None:
    # the pattern and the check together: an outside target is caught, not silently skipped
    assert LINK.findall("see [the seeds](../../shared/seeds/001.md) here") == [
        "../../shared/seeds/001.md"
    ]
    outside = Path(os.path.normpath(ROOT / "docs" / "../../shared/seeds/001.md"))
    assert not outside.is_relative_to(ROOT)


NGINX = [b for b in BLOCKS if b[2] == "nginx"]


@pytest.mark.parametrize(("doc", "line", "kind", "code"), NGINX, ids=_ids(NGINX))
def test_nginx_configuration_is_accepted_by_nginx(
    doc: str, line: int, kind: str, code: str, tmp_path: Path
) -> None:
    """The federation's nginx configuration, as ``bench/proxy_viewers.py`` runs it (its
    certificate, address and cache folder replaced), passes ``nginx -t``."""
    import subprocess
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    import proxy_viewers

    binary = proxy_viewers.which("nginx")
    require(binary is not None, "nginx (Debian's nginx-light; CI installs it)")
    assert code == proxy_viewers.documented_config()
    for sub in ("cache", "body", "proxy", "fcgi", "uwsgi", "scgi"):
        (tmp_path / sub).mkdir()
    proxy_viewers.self_signed(tmp_path)
    conf = tmp_path / "nginx.conf"
    conf.write_text(proxy_viewers.bench_config(8000, 8443, tmp_path, 100))
    checked = subprocess.run(
        [str(binary), "-t", "-p", str(tmp_path), "-c", str(conf)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr
