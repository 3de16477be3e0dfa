"""WSGI entry point, served by waitress in ``arbitre serve``."""

from django.core.wsgi import get_wsgi_application

from arbitre.app import setup_django

setup_django()
application = get_wsgi_application()
