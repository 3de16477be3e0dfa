#!/usr/bin/env bash
# Run the whole test suite: lint, format check, type check of the engines, pytest.
set -euo pipefail
cd "$(dirname "$0")"
DEV=1 source scripts/venv.sh
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
echo "== pytest"
set +e
.venv/bin/pytest -n "${PYTEST_WORKERS:-2}" --dist loadfile "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then echo "test.sh: pytest collected no tests" >&2; exit 1; fi
exit "$status"
