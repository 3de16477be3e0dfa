#!/usr/bin/env bash
# Set everything up (a virtual environment in .venv) and run Arbitre's web application
# on SQLite with the default word list: http://127.0.0.1:8000/
# The arguments go to `arbitre serve` (after an optional --demo): --host 0.0.0.0 for the
# venue's network, --https for HTTPS with a certificate of its own, --port, --processes.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/venv.sh
# The default word list and the top-search kernel compiled now, with a progress bar (once per
# installation; tens of seconds the first time), so that the first draw does not wait.
prepared=".venv/.arbitre-prepared"
if [ ! -f "$prepared" ] || [ ".venv/.arbitre-installed" -nt "$prepared" ]; then
  .venv/bin/arbitre lexicon prepare && touch "$prepared"
fi
if [ "${1:-}" = "--demo" ]; then
  # demo events in progress, one of each game (once; see "arbitre demo --help")
  shift
  .venv/bin/arbitre demo
fi
exec .venv/bin/arbitre serve "$@"
