"""The state of a Duplicate game as its pages poll it (``etat.json``: the draw, the
countdown, the last top revealed; issue 37).

Every phone in the hall polls it every two seconds, 1,000 polls a second at a festival: the
state is the same for every visitor at a given moment, so it is answered by the poll gate
(:class:`arbitre.app.events.gate.PollGate`) without the application for as long as it holds
as it is: until the running countdown's next second or the next signal of the playing time
(seed 004, 2.3), and at most :data:`arbitre.app.events.gate.GATE_TTL` (a draw, a reveal, a
move's time started reach the phones that much later at most).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from arbitre.app.duplicate import services
from arbitre.app.duplicate.models import Game
from arbitre.app.duplicate.views import _dup, _game, _game_state
from arbitre.app.events import live


def game_state_json(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Public: the state of the game, the same for every visitor until :func:`holds_for`."""
    game = _game(_dup(event_id), number)
    now = timezone.now()
    state = _game_state(game, now)
    body = json.dumps(state, cls=DjangoJSONEncoder).encode()
    return live.shared(request, body, "application/json", holds_for(game, state, now))


def holds_for(game: Game, state: dict[str, Any], now: datetime) -> float | None:
    """Seconds from ``now`` during which ``state`` (the game's state at ``now``) stays as it
    is: until its countdown shows the next second, or the next signal of the playing time is
    given (2.3); ``None`` when no time runs (it changes only with the game)."""
    times = services.signal_times(game)
    changes = [times[k] for k in ("warning", "end") if times[k] > now] if times else []
    remaining = state["remaining"]
    if remaining and game.timer_started_at is not None:
        # "remaining" is round(time per move - elapsed): it goes down half a second past
        # the whole second it shows
        shown = state["seconds_per_move"] - remaining + 0.5
        changes.append(game.timer_started_at + timedelta(seconds=shown))
    if not changes:
        return None
    return max(0.0, (min(changes) - now).total_seconds())
