"""Application layer: the Django web application, its database models and services.

It calls the engines; the engines never import it. No game rule is decided here.
"""

SETTINGS_MODULE = "arbitre.app.settings"


def setup_django() -> None:
    """Configure Django with Arbitre's settings (idempotent)."""
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS_MODULE)
    django.setup()
