"""Values available to every template."""

from typing import Any

from django.http import HttpRequest

from arbitre import __version__
from arbitre.app.duplicate import preparation


def version(request: HttpRequest) -> dict[str, str]:
    return {"arbitre_version": __version__}


def lexicon_preparation(request: HttpRequest) -> dict[str, Any]:
    """The default word list's preparation at server start, for the banner of base.html."""
    return {"lexicon_preparation": preparation.status()}


def lexicon_banner_shown() -> bool:
    """Whether base.html shows the word list's preparation banner (its progress changes from
    one request to the next)."""
    return preparation.status()["state"] in ("running", "failed")


def accounts(request: HttpRequest) -> dict[str, Any]:
    """Whether the user may manage accounts (the « Comptes » link of base.html) and keeps the
    federation's ranking (its « Fédération » link, issue 35). A request
    refused before the authentication middleware (a forged host: 400) has no user."""
    from arbitre.app.events.roles import is_account_manager
    from arbitre.app.ranking.officers import is_ranking_officer

    user = getattr(request, "user", None)
    return {
        "can_manage_accounts": user is not None and is_account_manager(user),
        "is_ranking_officer": user is not None and is_ranking_officer(user),
    }
