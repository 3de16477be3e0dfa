"""The chief arbiter's decision on a score above the top after an appeal (seed 004, 5.3 and
5.2): keeping the scores, with the reason (the annulment is the chief's screen's own
``annul_move`` action)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from arbitre.app.duplicate import appeals, services
from arbitre.app.duplicate.views import _dup, _game
from arbitre.app.events.roles import DIRECTOR, require_role


@require_POST
@require_role(DIRECTOR)
def keep_above_top(request: HttpRequest, event_id: int) -> HttpResponse:
    dup = _dup(event_id)
    post = request.POST
    number, move, back = post.get("game", ""), post.get("move", ""), post.get("next", "")
    if not (number.isascii() and number.isdigit() and move.isascii() and move.isdigit()):
        messages.error(request, gettext("Requête mal formée : rechargez la page."))
        return redirect("duplicate:detail", event_id=event_id)
    game = _game(dup, int(number))
    try:
        kept = appeals.keep(dup, game, int(move), post.get("reason", ""), request.user)
    except services.ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            gettext(
                "%(game)s, coup %(move)s : les %(score)s points au-dessus du top (%(top)s) "
                "sont gardés, décision notée au journal."
            )
            % {"game": kept.game, "move": kept.move, "score": kept.score, "top": kept.top},
        )
    if back.isascii() and back.isdigit() and dup.games.filter(number=int(back)).exists():
        return redirect("duplicate:chief", event_id=event_id, number=int(back))
    return redirect("duplicate:detail", event_id=event_id)
