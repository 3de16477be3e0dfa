"""Django's SQLite backend with one writer at a time per process (issue 37): see
:mod:`arbitre.app.sqlite_backend.base`."""
