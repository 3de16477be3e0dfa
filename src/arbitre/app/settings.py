"""Django settings for Arbitre.

Environment variables:
- ``ARBITRE_DATABASE_URL``: database (default: SQLite file in the per-user data directory);
- ``ARBITRE_DATA_DIR``: the per-user data directory;
- ``ARBITRE_SECRET_KEY``: secret key (default: generated once and kept in the data directory);
- ``ARBITRE_DEBUG``: ``1`` for debug pages;
- ``ARBITRE_ALLOWED_HOSTS``: comma-separated host names the server answers to (default: this
  machine only; ``arbitre serve --host`` sets it for the venue's network, see README);
- ``ARBITRE_HTTPS``: ``1`` when the application is served over HTTPS (behind a reverse proxy
  that sets ``X-Forwarded-Proto``), ``direct`` when cheroot serves it (``arbitre serve
  --https`` sets it): cookies are then sent over HTTPS only, with HSTS for a day;
- ``ARBITRE_CSRF_TRUSTED_ORIGINS``: comma-separated origins (``https://arbitre.example.org``)
  of a federation server behind a proxy;
- ``ARBITRE_PUBLIC_URL``: the server's address as phones in the hall reach it
  (``http://192.168.1.20:8000``), for the QR codes of the hall screens and prints (default:
  the address the screen or print was opened with);
- ``ARBITRE_SESSION_HOURS``: how long a login lasts, in hours (default 16: one event day).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from arbitre.app.database_url import parse_database_url, sqlite_settings
from arbitre.i18n import LOCALE_DIR
from arbitre.paths import data_dir

BASE_DIR = Path(__file__).resolve().parent
DATA_DIR = data_dir()


def _secret_key() -> str:
    key = os.environ.get("ARBITRE_SECRET_KEY")
    if key:
        return key
    path = DATA_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50), encoding="ascii")
        path.chmod(0o600)
    return path.read_text(encoding="ascii").strip()


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("ARBITRE_DEBUG", "") == "1"
LOCAL_HOSTS = "localhost,127.0.0.1,[::1]"
ALLOWED_HOSTS = [
    h.strip() for h in os.environ.get("ARBITRE_ALLOWED_HOSTS", LOCAL_HOSTS).split(",") if h.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "arbitre.app.events",
    "arbitre.app.duplicate",
    "arbitre.app.rounds",
    "arbitre.app.classic",
    "arbitre.app.backgammon",
    "arbitre.app.ranking",
    "arbitre.app.federation",
    "arbitre.app.simultane",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "arbitre.app.csp.ContentSecurityPolicy",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "arbitre.app.middleware.ChosenLanguage",
    "django.middleware.common.CommonMiddleware",
    "arbitre.app.middleware.RefuseLargeRequests",
    "arbitre.app.middleware.RefuseNulCharacters",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
    "arbitre.app.middleware.StyledMethodRefusal",
]

ROOT_URLCONF = "arbitre.app.urls"
WSGI_APPLICATION = "arbitre.app.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "arbitre.app.context_processors.version",
                "arbitre.app.context_processors.lexicon_preparation",
                "arbitre.app.context_processors.accounts",
                "arbitre.app.csp.nonce",
            ],
        },
    },
]

_database_url = os.environ.get("ARBITRE_DATABASE_URL")
DATABASES = {
    "default": parse_database_url(_database_url)
    if _database_url
    else sqlite_settings(DATA_DIR / "arbitre.sqlite3")
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

PASSWORD_MIN_LENGTH = 10
AUTH_PASSWORD_VALIDATORS = [
    {  # Django's, and a password that is mostly the user's name refused (issue 34)
        "NAME": "arbitre.app.events.passwords.UserAttributeSimilarityValidator",
        "OPTIONS": {"min_length": PASSWORD_MIN_LENGTH},
    },
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": PASSWORD_MIN_LENGTH},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "arbitre.app.events.backends.LoginThrottle",
    "django.contrib.auth.backends.ModelBackend",
]
# Five wrong passwords lock the account (by user name, not by address: at a venue every
# phone and laptop may share one address). The lock lifts after 30 minutes, or at once when
# a director unlocks it (accounts page, ``arbitre unlock``).
# Shared by every process of ``arbitre serve`` (issue 34): the throttle of table codes
# (django-ratelimit) counts a client's guesses across processes, in the data directory.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(DATA_DIR / "cache"),
        "OPTIONS": {"MAX_ENTRIES": 5000},
    }
}
AXES_FAILURE_LIMIT = 5
AXES_LOCKOUT_PARAMETERS = ["username"]
AXES_COOLOFF_TIME = 0.5  # hours
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked.html"
AXES_VERBOSE = False
# Locking by address too (axes' warning W006) would lock every login of the venue, which
# shares one address, after five mistakes by anyone.
SILENCED_SYSTEM_CHECKS = ["axes.W006"]
PREPARE_AT_START = True
"""Whether ``arbitre serve`` makes the default word list and the top search ready at start
(:mod:`arbitre.app.duplicate.preparation`: the first search of the day answers at once), or
leaves them to the first search that needs them, as Django's own servers do (the tests'
servers of one process, most of which never search: :mod:`tests.server_settings`). Several
processes always prepare first: they are forked from the prepared one."""
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "events:list"
LOGOUT_REDIRECT_URL = "events:list"

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français"), ("en", "English")]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
LOCALE_PATHS = [str(LOCALE_DIR)]
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

SESSION_COOKIE_HTTPONLY = True
SESSION_HOURS = 16
"""A login lasts one event day by default (Django's is 14 days): a laptop left logged in at
the venue is no longer a director's the next morning."""


def _session_age() -> int:
    raw = os.environ.get("ARBITRE_SESSION_HOURS", "").strip()
    try:
        hours = float(raw) if raw else SESSION_HOURS
    except ValueError:
        hours = -1.0
    if not 0 < hours <= 24 * 366:
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured(
            f"ARBITRE_SESSION_HOURS must be a number of hours above 0 (at most a year): {raw!r}"
        )
    return round(hours * 3600)


SESSION_COOKIE_AGE = _session_age()
HTTPS = os.environ.get("ARBITRE_HTTPS", "") in ("1", "direct")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = HTTPS
# HSTS for a day, on this host only: a hall's laptop may serve plain HTTP on the same name
# another day, and browsers would refuse it while they remember (docs/security.md)
SECURE_HSTS_SECONDS = 24 * 3600 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = False
if os.environ.get("ARBITRE_HTTPS", "") == "1":  # a proxy's word; not when cheroot serves TLS
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("ARBITRE_CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]
ARBITRE_PUBLIC_URL = os.environ.get("ARBITRE_PUBLIC_URL", "").strip()
CSRF_COOKIE_SAMESITE = "Strict"
CSRF_FAILURE_VIEW = "arbitre.app.errors.csrf_failure"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusals": {"()": "arbitre.app.log_filters.RefusalsWithoutTraceback"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["refusals"]}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
