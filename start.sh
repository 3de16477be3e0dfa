#!/usr/bin/env bash
# Set everything up (a virtual environment in .venv) and run Arbitre's web application
# on SQLite with the default word list: http://127.0.0.1:8000/
set -euo pipefail
cd "$(dirname "$0")"
source scripts/venv.sh
if [ "${1:-}" = "--demo" ]; then
  # demo events in progress, one of each game (once; see "arbitre demo --help")
  shift
  .venv/bin/arbitre demo
fi
exec .venv/bin/arbitre serve "$@"
