#!/usr/bin/env bash
# Create the environment (a virtual environment in .venv, once) and start Arbitre's web
# application on SQLite with the default word list: http://127.0.0.1:8000/
# Everything else is `arbitre start` (the same on Windows and macOS, see README.md): it
# prepares the word list and the search kernel once, then serves. Its arguments: --demo for
# demo events, --host 0.0.0.0 for the venue's network, --https, --port, --processes.
set -euo pipefail
cd "$(dirname "$0")"
source scripts/venv.sh
exec .venv/bin/arbitre start "$@"
