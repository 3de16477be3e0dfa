"""English wording (the catalogue's msgids) of the message codes of one area.

Results entered at a table of a paired round: :mod:`arbitre.classic.tournament.results` and
:mod:`arbitre.backgammon.championship.results`.
"""

TEMPLATES: dict[str, str] = {
    # the Classic result check (arbitre.classic.tournament.results)
    "classic_result.forfeit_unknown": "Unknown forfeit “{value}”.",
    "classic_result.not_at_table": "{name} does not play at table {table}.",
    "classic_result.score_for_absent": "Score entered for an absent player (forfeit): {name}.",
    "classic_result.score_missing": "Score missing for {name}.",
    "classic_result.score_implausible": "Implausible score for {name}: {score}.",
    "classic_result.best_of_three": (
        "Best-of-three match: enter the games won (2-0, 2-1, 1-2, 0-2), not {a}-{b}."
    ),
    "classic_result.winner_contradicted": "The scores do not make {name} the winner.",
    "classic_result.refused": "Result refused: {reason}",
    "classic_result.loss_unknown": "Unknown side for a loss whatever the score: “{value}”.",
    "classic_result.loss_cause_unknown": "Unknown cause of a loss whatever the score: “{value}”.",
    "classic_result.loss_cause_missing": (
        "A loss whatever the score needs both the player who loses and its cause."
    ),
    "classic_result.loss_of_absent": (
        "{name}: a forfeited game cannot also be lost whatever the score."
    ),
    "classic_result.loss_best_of_three": (
        "Best-of-three match: count the game {name} lost whatever the score in the games won."
    ),
    "classic_result.loss_overdraw_fbs": (
        "Under the FBS rules, too many tiles found by an arbiter cost points, not the game "
        "({name})."
    ),
    # the backgammon result check (arbitre.backgammon.championship.results)
    "bg_result.forfeit_unknown": "Unknown forfeit “{value}”.",
    "bg_result.not_at_table": "{name} does not play at table {table}.",
    "bg_result.negative_lateness": "A lateness cannot be negative.",
    "bg_result.score_with_forfeit": "Score entered for a match lost by forfeit ({name} absent).",
    "bg_result.score_with_double_forfeit": (
        "Score entered for a match lost by forfeit (both players absent)."
    ),
    "bg_result.double_forfeit_winner": "Both players are absent: there is no winner.",
    "bg_result.absent_cannot_win": "{name} is absent (forfeit) and cannot win.",
    "bg_result.winner_missing": "Give the winner of the match.",
    "bg_result.one_score": "Enter the final score of both players, or neither.",
    "bg_result.both_won": (
        "Score {a}-{b}: both players cannot have won a match to {length} points."
    ),
    "bg_result.score_not_final": (
        "The score {a}-{b} does not end a match to {length} points won by {name}."
    ),
    "bg_result.ended_unknown": (
        "Unknown end of match “{value}”: played out, on time, both flags down or a"
        " disqualification."
    ),
    "bg_result.score_finished": (
        "Score {a}-{b}: a match stopped before its end stays below {length} points for both"
        " players."
    ),
    "bg_result.ended_with_forfeit": (
        "A match lost by forfeit was not played: it did not end on time or by a disqualification."
    ),
    "bg_result.both_time_winner": "Both flags fell: nobody wins the match (clock rules 2.3).",
}
