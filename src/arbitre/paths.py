"""Per-user locations of Arbitre's data (database) and cache (compiled word lists).

Both can be moved with environment variables: ``ARBITRE_DATA_DIR`` and ``ARBITRE_CACHE_DIR``.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "arbitre"


def data_dir() -> Path:
    """Directory for the default SQLite database; created on demand."""
    path = Path(os.environ.get("ARBITRE_DATA_DIR") or platformdirs.user_data_dir(APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    """Directory for caches that can be rebuilt (compiled word graphs); created on demand."""
    path = Path(os.environ.get("ARBITRE_CACHE_DIR") or platformdirs.user_cache_dir(APP_NAME))
    path.mkdir(parents=True, exist_ok=True)
    return path
