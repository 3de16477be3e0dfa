# Sourced by start.sh and test.sh: create .venv if needed and install Arbitre into it
# (with the test tools when DEV=1). Re-installs only when pyproject.toml changed; the
# installation is told on stderr, with the seconds it runs and its duration.
if ! command -v python3 >/dev/null; then echo "Python 3.11 or newer is required (python3 not found)" >&2; exit 1; fi
python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' \
  || { echo "Python 3.11 or newer is required ($(python3 --version))" >&2; exit 1; }
[ -x .venv/bin/python ] || python3 -m venv .venv
extra=""; [ "${DEV:-0}" = 1 ] && extra="[dev]"
stamp=".venv/.arbitre-installed${extra}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "arbitre : installation des paquets (la première fois : de quelques secondes à une minute)…" >&2
  started=$SECONDS
  ticker=""
  if [ -t 2 ]; then
    ( while sleep 1; do printf '\r  … %d s ' $((SECONDS - started)) >&2; done ) &
    ticker=$!
  fi
  status=0
  # uv (a well-kept installer, put into the environment by pip: 3 s) installs the packages
  # in a few seconds where pip takes 40 s on the 2-core test machine; pip alone when uv
  # cannot be had (no network to fetch it) or fails
  if .venv/bin/python -m pip install -q uv >/dev/null 2>&1 \
      && .venv/bin/python -m uv pip install -q --python .venv/bin/python -e ".${extra}"; then
    :
  else
    { .venv/bin/python -m pip install -q --upgrade pip >/dev/null \
        && .venv/bin/python -m pip install -q -e ".${extra}"; } || status=$?
  fi
  if [ -n "$ticker" ]; then kill "$ticker" 2>/dev/null; wait "$ticker" 2>/dev/null || true; printf '\r' >&2; fi
  [ "$status" = 0 ] || { echo "arbitre : l'installation des paquets a échoué (voir ci-dessus)" >&2; exit "$status"; }
  echo "  fait en $((SECONDS - started)) s : installation des paquets" >&2
  touch "$stamp"
fi
