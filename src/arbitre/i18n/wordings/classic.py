"""English wording (the catalogue's msgids) of the message codes of one area.

Classic Scrabble: the tournament engine (:mod:`arbitre.classic.tournament`).
"""

TEMPLATES: dict[str, str] = {
    # the Classic final phase (arbitre.classic.tournament.final_phase)
    "final_phase.match.F": "Final",
    "final_phase.match.SF1": "Semi-final 1",
    "final_phase.match.SF2": "Semi-final 2",
    "final_phase.match.P3": "Match for third place",
    "final_phase.size": "The final phase is played by the first two or the first four, not {size}.",
    "final_phase.players_needed": "The final phase needs {size} ranked players ({found} here).",
    "final_phase.best_of": "A match is one game or the best of three, not {best_of}.",
    "final_phase.no_games": "Enter the score of at least one game.",
    "final_phase.extra_game": "Game {number} is one too many: the match was already won.",
    "final_phase.negative_score": "Game {number}: negative score.",
    "final_phase.no_winner": (
        "The match has no winner ({top:g} - {bottom:g}): enter the game that decides it."
    ),
    "final_phase.players_unknown": "{match}: its players are not known yet.",
    "final_phase.unknown_match": "Unknown match: {matches}.",
    # the Classic pairing's explanations (arbitre.classic.tournament.pairing)
    "pairing.list_initial": "Pairing list: initial ranking (rating descending, then name).",
    "pairing.list_intermediate": "Pairing list: intermediate ranking after round {round} (PM, PPM if all tied players met, Pdep, initial ranking).",
    "pairing.absent": "Absent, left out of the pairing (they keep their points): {names}.",
    "pairing.present": "Present: {players}.",
    "pairing.groups": "Group A: the first {size_a} of {present} present players (the even number closest to two thirds); group B: the other {size_b}.",
    "pairing.groups_bye": "Group A: the first {size_a} of {present} present players (the even number closest to two thirds); group B: the other {size_b} (the last one has the bye).",
    "pairing.table": "Table {table}: {a} - {b}: {reason} {starter} starts ({why}).",
    "pairing.group_a": "group A, no. {number} against no. {against} of {size}.",
    "pairing.group_b": "group B, no. {number} against no. {against}.",
    "pairing.even_group": "group of {pm} PM has {players} unpaired (even): first against last.",
    "pairing.odd_group": "group of {pm} PM has {players} unpaired (odd): its first meets the first of the next group, {next} ({next_pm} PM).",
    "pairing.players_one": "{count} player",
    "pairing.players_many": "{count} players",
    "pairing.with_permutation": "{group} {permutation}",
    "pairing.permutation_up": "{a} has already met {b}: {choice} is the first unpaired player above {b} who has not met {a} (permutation upward).",
    "pairing.permutation_down": "{a} has already met {b} and every unpaired player above {b}: {choice} is the first unpaired player below {b} who has not met {a} (permutation downward).",
    "pairing.rematch_kept": "{a} has already met {b} and every other unpaired player: the rematch is kept.",
    "pairing.starts_fewer": "fewer games started: {fewer} against {more}",
    "pairing.starts_not_previous": "did not start their previous game",
    "pairing.starts_higher": "higher-ranked",
    "pairing.bye_table": "Table {table}: {player} - BYE: odd number of present players; {reason} (3 PM, own rating as Pdep).",
    "pairing.bye_lowest": "lowest-ranked present player not yet paired against an absent player",
    "pairing.bye_fewest": "every present player has had a bye or forfeit win; lowest-ranked among those with the fewest ({count})",
    "pairing.rule.group_a": "group A (first round)",
    "pairing.rule.group_b": "group B (first round)",
    "pairing.rule.bye": "bye",
    "pairing.rule.even_group": "even group",
    "pairing.rule.odd_group": "odd group",
    "pairing.rule.permutation_up": "permutation upward",
    "pairing.rule.permutation_down": "permutation downward",
    "pairing.rule.rematch_kept": "rematch kept",
    "pairing.rule.override": "changed by the director",
}
