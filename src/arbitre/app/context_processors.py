"""Values available to every template."""

from django.http import HttpRequest

from arbitre import __version__


def version(request: HttpRequest) -> dict[str, str]:
    return {"arbitre_version": __version__}
