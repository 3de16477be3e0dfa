# Sourced by start.sh and test.sh: create .venv if needed and install Arbitre into it
# (with the test tools when DEV=1). Re-installs only when pyproject.toml changed.
if ! command -v python3 >/dev/null; then echo "Python 3.11 or newer is required (python3 not found)" >&2; exit 1; fi
python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' \
  || { echo "Python 3.11 or newer is required ($(python3 --version))" >&2; exit 1; }
[ -x .venv/bin/python ] || python3 -m venv .venv
extra=""; [ "${DEV:-0}" = 1 ] && extra="[dev]"
stamp=".venv/.arbitre-installed${extra}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q -e ".${extra}"
  touch "$stamp"
fi
