"""``arbitre start`` (issue 36, items 1 and 2): the migrations, the word list and the search
kernel made ready, each step told with its duration, the compile times named as such, then
the server, which says it is ready only once a first draw, top search and page answer within
2 s; Ctrl-C stops it."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

from tests.app.test_serve_processes import forking_only, wait_for, workers
from tests.app.test_serve_stop import STOP_BOUND, server


def test_start_prepares_tells_each_step_then_serves(tmp_path: Path) -> None:
    with server(tmp_path / "data", None, "--processes", "1", command="start") as running:
        running.wait_for_line("Arbitre est prêt")
        with urllib.request.urlopen(f"http://127.0.0.1:{running.port}/", timeout=30) as page:
            assert page.status == 200
        took = running.ctrl_c()
    out = running.output
    assert took < STOP_BOUND, out
    assert running.process.returncode == 0
    # each step named with its duration (a quick one, from the caches, told once over)
    assert "arbitre : migrations de la base de données…" in out
    for step in (
        "migrations de la base de données",
        "Chargement de la liste de mots",
        "Compilation de la liste de mots",
        "Préparation du moteur de recherche du top",
        "Échauffement : premier tirage et première recherche du top",
    ):
        assert re.search(rf"terminé en [\d,]+ m?s : {step}\n", out + "\n"), out
    # the summary names compile times as compile times, or says the caches were used
    assert re.search(r"Liste de mots (compilée|chargée depuis son cache) en", out)
    assert re.search(r"Noyau de recherche du top (compilé|chargé depuis son cache)", out)
    figures = re.search(
        r"premier tirage ([\d,]+) (m?s), première recherche du top ([\d,]+) (m?s), "
        r"première page ([\d,]+) (m?s)",
        out,
    )
    assert figures, out
    for value, unit in zip(figures.groups()[::2], figures.groups()[1::2], strict=True):
        seconds = float(value.replace(",", ".")) / (1000 if unit == "ms" else 1)
        assert seconds <= 2.0  # "ready" means each answers within 2 s
    # "ready" after the summary, and after the server listened
    assert (
        out.index("Arbitre écoute sur")
        < out.index("Une fois échauffé")
        < out.index("Arbitre est prêt")
    )
    assert "Arbitre arrêté." in out


@forking_only
def test_start_with_several_processes_forks_the_workers_once_ready(tmp_path: Path) -> None:
    """``arbitre start --processes 2``: the preparation told by ``start``, then gunicorn's
    workers forked from the warm process, the figures and "ready" said once for both."""
    with server(tmp_path / "data", None, "--processes", "2", command="start") as running:
        running.wait_for_line("Arbitre est prêt")
        wait_for(lambda: len(workers(running.process.pid)) == 2)
        with urllib.request.urlopen(f"http://127.0.0.1:{running.port}/", timeout=30) as page:
            assert page.status == 200
        took = running.ctrl_c()
    out = running.output
    assert took < STOP_BOUND, out
    assert "Une fois échauffé, dans chacun des 2 processus" in out
    assert "(Ctrl-C pour arrêter, 2 processus)" in out
    assert out.count("Arbitre est prêt") == 1 and "Arbitre arrêté." in out
