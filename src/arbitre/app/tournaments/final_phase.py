"""The Classic final phase (seed 000, preamble: the Belgian championship "se termine par une
phase finale opposant les deux premiers ou les quatre premiers").

The seed gives no detail; the decisions (docs/tournaments-web.md) are: two players play a
final, 1st against 2nd; four players play semi-finals 1-4 and 2-3, then a final between the
winners and a match for third place between the losers. Each match is one game or best of
three (setting); a drawn game counts half a game to each player; a match needs a winner:
when drawn games leave it tied after its games, deciding games are played until one wins.
Pure Python: no database.
"""

from __future__ import annotations

from dataclasses import dataclass


class FinalPhaseError(ValueError):
    """A refused final-phase result (French message)."""


@dataclass(frozen=True)
class FinalMatch:
    id: str
    label: str
    top: str | None
    bottom: str | None
    winner: str | None = None
    games: tuple[tuple[int, int], ...] = ()

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return self.bottom if self.winner == self.top else self.top


def plan(qualified: list[str], size: int) -> list[tuple[str, str, object, object]]:
    """Matches as ``(id, label, top, bottom)``; a slot is a name or ``("winner"|"loser", id)``."""
    if size not in (2, 4):
        raise FinalPhaseError("La phase finale oppose les deux ou les quatre premiers.")
    if len(qualified) < size:
        raise FinalPhaseError(f"Il faut {size} joueurs classés pour la phase finale.")
    if size == 2:
        return [("F", "Finale", qualified[0], qualified[1])]
    return [
        ("SF1", "Demi-finale 1", qualified[0], qualified[3]),
        ("SF2", "Demi-finale 2", qualified[1], qualified[2]),
        ("F", "Finale", ("winner", "SF1"), ("winner", "SF2")),
        ("P3", "Match pour la 3e place", ("loser", "SF1"), ("loser", "SF2")),
    ]


def match_winner(top: str, bottom: str, games: list[tuple[int, int]], best_of: int) -> str:
    """The winner of a match from its game scores (top player first), or a French refusal."""
    if best_of not in (1, 3):
        raise FinalPhaseError("Un match se joue en une partie ou au meilleur des trois.")
    if not games:
        raise FinalPhaseError("Saisissez le score d'au moins une partie.")
    need = best_of / 2
    won_top = won_bottom = 0.0
    for number, (a, b) in enumerate(games, start=1):
        if won_top > need or won_bottom > need:
            raise FinalPhaseError(f"La partie {number} est de trop : le match était déjà gagné.")
        if number > best_of and won_top != won_bottom:
            raise FinalPhaseError(f"Trop de parties pour un match en {best_of}.")
        if a < 0 or b < 0:
            raise FinalPhaseError(f"Partie {number} : score négatif.")
        if a > b:
            won_top += 1
        elif b > a:
            won_bottom += 1
        else:
            won_top += 0.5
            won_bottom += 0.5
    if won_top > need:
        return top
    if won_bottom > need:
        return bottom
    raise FinalPhaseError(
        f"Le match n'a pas de vainqueur ({won_top:g} - {won_bottom:g}) : "
        "saisissez la partie qui le départage."
    )


def resolve(
    qualified: list[str],
    size: int,
    best_of: int,
    results: dict[str, list[tuple[int, int]]],
) -> list[FinalMatch]:
    """The matches with their players and winners, from ``results`` (match id -> games)."""
    out: dict[str, FinalMatch] = {}
    for mid, label, top_slot, bottom_slot in plan(qualified, size):
        top = _slot(top_slot, out)
        bottom = _slot(bottom_slot, out)
        games = results.get(mid)
        winner = None
        if games is not None:
            if top is None or bottom is None:
                raise FinalPhaseError(f"{label} : ses joueurs ne sont pas encore connus.")
            winner = match_winner(top, bottom, games, best_of)
        out[mid] = FinalMatch(mid, label, top, bottom, winner, tuple(games or ()))
    unknown = set(results) - set(out)
    if unknown:
        raise FinalPhaseError(f"Match inconnu : {', '.join(sorted(unknown))}.")
    return list(out.values())


def _slot(slot: object, done: dict[str, FinalMatch]) -> str | None:
    if isinstance(slot, str):
        return slot
    assert isinstance(slot, tuple)
    kind, mid = slot
    match = done[mid]
    return match.winner if kind == "winner" else match.loser


def final_places(matches: list[FinalMatch]) -> dict[str, int]:
    """Places decided by the final phase (1-2, or 1-4), for the matches already played."""
    by_id = {m.id: m for m in matches}
    places: dict[str, int] = {}
    final = by_id.get("F")
    if final and final.winner:
        places[final.winner] = 1
        loser = final.loser
        if loser:
            places[loser] = 2
    third = by_id.get("P3")
    if third and third.winner:
        places[third.winner] = 3
        loser = third.loser
        if loser:
            places[loser] = 4
    return places
