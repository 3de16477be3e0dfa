"""WSGI entry point of ``arbitre serve`` (cheroot in one process; with ``--processes N``,
loaded once in gunicorn's master, then served by each worker it forks,
:mod:`arbitre.cli._serve_workers`): the application behind the gate that answers the public
pages' unchanged polls (:class:`arbitre.app.events.gate.PollGate`)."""

from django.core.wsgi import get_wsgi_application

from arbitre.app import setup_django

setup_django()

from arbitre.app.events.gate import PollGate  # noqa: E402  (after Django is set up)

application = PollGate(get_wsgi_application())
