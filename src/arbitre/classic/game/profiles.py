"""Federation profiles of the Classic game (rulings.md, "Rule sets" and Classic 9-10).

Refusals are :class:`ProfileError` with a ``classic_profile.*`` code.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from arbitre.common.messages import Message, Refusal

MESSAGE_CODES = frozenset({"classic_profile.unknown", "classic_profile.unknown_settings"})
"""The refusals of profiles."""


class ProfileError(Refusal):
    """An unknown profile name or an invalid setting (the reason is a message)."""


@dataclass(frozen=True)
class Profile:
    """The rules that differ between ``ffsc`` (seed 001) and ``fbs`` (seed 000).

    ``count_lost_turns_as_passes``: rulings.md Classic 9; by default only passes declared as
    such count toward the six consecutive passes (001 4.2.2); the setting also counts moves
    withdrawn after a successful challenge and turns lost on a per-move timer.
    """

    name: str
    #: Points of an arbiter's point penalty (001 9.2: 20; 000 8.2: 5).
    arbiter_penalty: int
    #: Over-drawing seen by the player: 5 points flat (001 10.1.2) or per extra tile (000 9.1).
    overdraw_penalty: int
    overdraw_per_tile: bool
    #: An arbiter finds more than seven tiles behind the rack: game lost (001 10.1.3).
    overdraw_found_by_arbiter_loses: bool
    #: Points per word wrongly challenged (001 5.3; 000 5.3).
    challenge_penalty: int = 5
    #: Minimum clock budget per player in minutes (000 "Temps alloué": 20), or None.
    minimum_budget_minutes: int | None = None
    #: 000 9.5: an absent player is forfeit once half of their time budget has run.
    absent_forfeit_at_half_budget: bool = False
    count_lost_turns_as_passes: bool = False
    #: Who starts: the toss (001 3.1-3.2) or the tournament's designation (000 3.1, "en
    #: règle générale désigné par le logiciel"; rulings Classic 7).
    starts_by_toss: bool = False
    #: 001 10.5: the director may let the present player draw, play and press the clock
    #: before a latecomer arrives (000 9.5 only runs the absent player's clock).
    present_plays_when_late: bool = False

    def with_settings(self, **settings: Any) -> Profile:
        """A copy with some settings changed (unknown names raise :class:`ProfileError`)."""
        unknown = set(settings) - set(self.__dataclass_fields__)
        if unknown:
            names = ", ".join(sorted(unknown))
            raise ProfileError(Message.of("classic_profile.unknown_settings", settings=names))
        return replace(self, **settings)

    def overdraw_points(self, extra: int) -> int:
        """Penalty for ``extra`` tiles drawn too many and seen (001 10.1.2; 000 9.1)."""
        return self.overdraw_penalty * (extra if self.overdraw_per_tile else 1)


FFSC = Profile(
    name="ffsc",
    arbiter_penalty=20,
    overdraw_penalty=5,
    overdraw_per_tile=False,
    overdraw_found_by_arbiter_loses=True,
    starts_by_toss=True,
    present_plays_when_late=True,
)
FBS = Profile(
    name="fbs",
    arbiter_penalty=5,
    overdraw_penalty=5,
    overdraw_per_tile=True,
    overdraw_found_by_arbiter_loses=False,
    minimum_budget_minutes=20,
    absent_forfeit_at_half_budget=True,
)
PROFILES = {"ffsc": FFSC, "fbs": FBS}


def get_profile(name: str | Profile) -> Profile:
    """The profile named ``ffsc`` or ``fbs`` (a :class:`Profile` is returned as is)."""
    if isinstance(name, Profile):
        return name
    try:
        return PROFILES[name.lower()]
    except KeyError:
        choices = ", ".join(PROFILES)
        raise ProfileError(
            Message.of("classic_profile.unknown", name=name, choices=choices)
        ) from None
