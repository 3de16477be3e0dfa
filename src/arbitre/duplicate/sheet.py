"""The game sheet of a Duplicate game: one line per move (text, French headings)."""

from __future__ import annotations

from arbitre.duplicate.game import Attempt, DuplicateGame


def game_sheet(game: DuplicateGame) -> str:
    """The game sheet: move, draw, coordinate, word, score, total; rejects on their own line."""
    outcome_names = {"reject": "rejet", "no_score": "aucun coup", "annulled": "coup annulé"}

    def attempt_line(a: Attempt) -> str:
        text = f"      {outcome_names[a.outcome]:<11} {_draw_text(a.leave, a.drawn)}"
        if a.move is not None:
            text += f"  ({a.move} {a.score})"
        return text

    lines = [f"{'N°':>3}  {'Tirage':<16} {'Réf.':<5} {'Mot':<15} {'Score':>5} {'Total':>6}"]
    for e in game.moves:
        lines.extend(attempt_line(a) for a in e.attempts)
        word = e.move.word + (" *" if len(e.equal_tops) > 1 else "")
        lines.append(
            f"{e.number:>3}  {_draw_text(e.leave, e.drawn):<16} {e.move.coordinate:<5} "
            f"{word:<15} {e.score:>5} {e.total:>6}"
        )
    lines.extend(attempt_line(a) for a in game.attempts)
    if game.over:
        reasons = {
            "all_played": "toutes les lettres sont posées",
            "letters_left": "il ne reste que des voyelles ou que des consonnes",
            "no_move": "plus aucun placement possible",
        }
        left = game.pool()
        lines.append(
            f"Fin de partie : {reasons[game.end_reason or 'no_move']}"
            + (f" (reste {left})" if left else "")
            + f". Total {game.total}."
        )
    if any(len(e.equal_tops) > 1 for e in game.moves):
        lines.append("* plusieurs tops de même score")
    return "\n".join(lines)


def _draw_text(leave: str, drawn: str) -> str:
    return f"{leave}+{drawn}" if leave else drawn
