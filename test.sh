#!/usr/bin/env bash
# Run the whole test suite: lint, format check, type check of the engines, pytest.
set -euo pipefail
cd "$(dirname "$0")"
DEV=1 source scripts/venv.sh
# Bytecode written: with PYTHONDONTWRITEBYTECODE set (as some sandboxes and CI images do),
# every worker, test server and command compiled every module of ours again, and every worker
# rewrote the asserts of every test module again (12 s of processor per worker to collect
# the tests instead of 4; 0.35 s per server start).
unset PYTHONDONTWRITEBYTECODE
# The default word list and the numba kernels compiled once, then the tests collected once
# (which writes their rewritten bytecode and our modules' for the workers), on the second
# core while ruff and mypy use the first, instead of by each pytest worker and test server.
echo "== kernels, default word list and bytecode (in the background)"
{ .venv/bin/python -m tests.warm_kernels \
    && .venv/bin/pytest --collect-only -q -p no:cacheprovider >/dev/null; } &
warm=$!
trap 'kill "$warm" 2>/dev/null || true' EXIT
paths=(src tests)
for d in bench tools; do [ -d "$d" ] && paths+=("$d"); done
echo "== ruff check"; .venv/bin/ruff check "${paths[@]}"
echo "== ruff format --check"; .venv/bin/ruff format --check "${paths[@]}"
engines=()
for e in common lexicon scrabble duplicate classic backgammon ranking i18n; do
  [ -d "src/arbitre/$e" ] && engines+=("src/arbitre/$e")
done
if [ ${#engines[@]} -gt 0 ]; then echo "== mypy --strict ${engines[*]}"; .venv/bin/mypy --strict "${engines[@]}"; fi
echo "== mypy src/arbitre/app src/arbitre/cli"; .venv/bin/mypy src/arbitre/app src/arbitre/cli
if ! wait "$warm"; then echo "test.sh: warming the kernels or collecting the tests failed; the workers do it" >&2; fi
echo "== pytest"
set +e
# two workers more than processors (at most 8): a worker waiting for its server, its browser,
# a clock or a start hour leaves its processor to the others (with one per processor, a third
# of the 2-core machine's time went unused; with one more, a tenth, once the migrations and
# the chief's replays stopped costing: 4 workers took the fresh clone's pytest from 12 min 55 s
# to 11 min 33 s, 2026-11-30); whole files to each worker, the costliest first
# (tests/conftest.py orders them); every test of 5 s or more printed at the end, to keep
# HEAVY_FILES in step with what the files cost
processors=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
workers=${PYTEST_WORKERS:-$(( processors + 2 < 8 ? processors + 2 : 8 ))}
.venv/bin/pytest -n "$workers" --dist loadfile --no-loadscope-reorder --durations=0 --durations-min=5 "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then echo "test.sh: pytest collected no tests" >&2; exit 1; fi
exit "$status"
