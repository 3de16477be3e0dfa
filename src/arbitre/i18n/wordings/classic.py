"""English wording (the catalogue's msgids) of the message codes of one area.

Classic Scrabble: the tournament engine (:mod:`arbitre.classic.tournament`) and the game
engine (:mod:`arbitre.classic.game`).
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
    # the Classic game (arbitre.classic.game.game)
    "classic_game.refused.play": "play refused",
    "classic_game.refused.pass": "pass refused",
    "classic_game.refused.exchange": "exchange refused",
    "classic_game.sheet.penalty": "penalty",
    "classic_game.sheet.penalty_reason": "penalty: {reason}",
    "classic_game.sheet.warning": "warning",
    "classic_game.sheet.warning_reason": "warning: {reason}",
    "classic_game.sheet.overdraw_one": "{count} tile drawn too many",
    "classic_game.sheet.overdraw_many": "{count} tiles drawn too many",
    "classic_game.sheet.wrong_challenge": "wrong challenge: {words}",
    "classic_game.sheet.position": "initial position",
    "classic_game.toss_letters": "the toss needs at least two different letters in the bag",
    "classic_game.toss_not_letter": "toss, round {round}: “{letter}” is not a letter",
    "classic_game.toss_blank": (
        "toss, round {round}: a blank does not count, the player draws another letter"
    ),
    "classic_game.toss_undecided": "the toss is not decided: the last letters drawn are equal",
    "classic_game.toss_after_decided": (
        "toss, round {round}: different letters decided the toss, nothing is drawn after"
    ),
    "classic_game.two_names": "a Classic game needs two players with different names ({names})",
    "classic_game.starter": "the starter must be player 0 or 1, not {starter}",
    "classic_game.exchange_empty": "an exchange needs at least one tile",
    "classic_game.exchange_bag": "exchange refused: the bag holds {bag} tiles, at least {minimum} are needed (001 4.3.1)",
    "classic_game.exchange_opponent_out": "exchange refused: {opponent} is out of time, the player plays on alone without exchanging (001 7.3.1)",
    "classic_game.tiles_not_in_rack": "tiles {tiles} are not in the rack",
    "classic_game.over": "the game is over",
    "classic_game.nothing_to_challenge": "nothing to challenge: only the word(s) of the move just played can be challenged, before the first drawn tile is revealed (001 5.1-5.2)",
    "classic_game.challenge_empty": "a challenge names at least one word",
    "classic_game.not_formed": "{words} was not formed by the move just played ({formed}): only those words can be challenged (001 5.2)",
    "classic_game.no_turn_to_lose": "no turn to lose now",
    "classic_game.penalty_positive": "a point penalty must be positive, not {points}",
    "classic_game.extra_positive": "the number of extra tiles must be positive, not {extra}",
    "classic_game.overdraw_empty_bag": "the bag is empty: no tile can have been drawn too many",
    "classic_game.rack_size": "{player}'s rack holds {size} tiles, the record gives {count} ({tiles})",
    "classic_game.rack_tiles": "rack {tiles}: not enough tiles {tile} left in the game",
    "classic_game.cgp_fields": "a CGP position needs a board, racks and scores",
    "classic_game.cgp_pairs": "CGP racks and scores are two fields separated by “/” ({racks}, {scores})",
    "classic_game.cgp_scores": "CGP scores “{scores}” are not numbers",
    "classic_game.cgp_tiles": "the position holds more tiles than the game: {tiles}",
    "classic_game.went_out": "the last move went out: challenge it or close the challenge window first",
    "classic_game.both_out_of_time": "{refused}: both players are out of time, game over",
    "classic_game.out_of_time": "{refused}: {player} is out of time; the turn is lost (001 6.3.2, 7.3.1)",
    "classic_game.clock_minimum": "the {profile} profile needs at least {minimum} minutes per player, the clock gives {clock_minutes}",
    "classic_game.player": "player must be 0 or 1, not {player}",
    # a Classic match (arbitre.classic.game.match)
    "classic_match.best_of": "a match is one game or best of three, not {best_of}",
    "classic_match.not_over": "the match is not over",
    "classic_match.over": "the match is over",
    "classic_match.game_not_over": "the game is not over",
    "classic_match.players": "the game is not between the players of this match ({a}, {b})",
    "classic_match.starter": "game {game} must be started by {player}",
    # the federations' profiles (arbitre.classic.game.profiles)
    "classic_profile.unknown": "unknown profile “{name}”: choose {choices}",
    "classic_profile.unknown_settings": "unknown profile setting(s): {settings}",
    # replaying a record (arbitre.classic.game.replay)
    "classic_replay.line": "line {line}: {reason}",
    "classic_replay.over": "the game is already over",
    "classic_replay.not_turn": "it is not {player}'s turn",
    "classic_replay.off_board": "the word {word} runs off the board",
    "classic_replay.dot_empty": "“.” stands on an empty square in {word}",
    "classic_replay.withdraw_follows": "“--” does not follow a move of {player}",
    "classic_replay.not_challengeable": "the move above can no longer be challenged",
    "classic_replay.challenge_note": "the challenge note follows no open move",
    "classic_replay.unknown_nick": "unknown player “{player}” in a note",
    # the table session (arbitre.classic.table)
    "classic_table.clock_kind": "Table clock: unknown kind “{kind}” (chess, move or global).",
    "classic_table.clock_seconds": "Table clock: the credit must be positive, not {seconds} s.",
    "classic_table.clock_minimum": (
        "Under the {profile} rules the clock is a chess clock of at least {minimum} minutes per player."
    ),
    "classic_table.clock_warning": (
        "Per-move timer: the warning ({warning} s) must come before the end of the move ({seconds} s)."
    ),
    "classic_table.two_names": "A table game needs two different players.",
    "classic_table.starter": "The player who starts must be player 0 or 1, not {starter}.",
    "classic_table.unknown_event": "Unknown table event “{kind}”.",
    "classic_table.time_backwards": "Table event at {at} s, before the previous one ({last} s).",
    "classic_table.not_started": (
        "The game has not started: the second player starts the clock after drawing their tiles."
    ),
    "classic_table.already_started": "The game has already started.",
    "classic_table.over": "The game at this table is over.",
    "classic_table.went_out": (
        "{player} has played their last tiles: the opponent challenges or accepts the end."
    ),
    "classic_table.not_your_turn": "It is not {player}'s turn.",
    "classic_table.player": "Unknown player at the table: {player}.",
    "classic_table.out_of_time": (
        "{player} has used up their time: they may no longer play or exchange, only challenge."
    ),
    "classic_table.not_out_of_time": "The clock does not show {player} out of time.",
    "classic_table.turn_expired": "{player}'s time for this move has run out: the turn is lost.",
    "classic_table.turn_not_expired": "The time for this move has not run out.",
    "classic_table.game_not_signed": (
        "Game {game} of the match is not signed yet: both players sign it first."
    ),
    "classic_table.match_over": "The match is over: no further game is played.",
    "classic_table.credit_used_up": (
        "The global time credit is used up: the game is over, each player deducts their tiles."
    ),
    "classic_table.neutralised": "The clock is stopped ({reason}): resume the game first.",
    "classic_table.not_neutralised": "The clock is not stopped for an incident.",
    "classic_table.neutralisation_unknown": "Unknown reason to stop the clock: “{reason}”.",
    "classic_table.absence_on_own_time": (
        "Under the FFSc rules an absence is on the player's own time: the clock runs."
    ),
    "classic_table.move_unreadable": (
        "“{move}” is not a move: a square and a word, like H4 MAISON (blank in lower case)."
    ),
    "classic_table.move_illegal": "{move} cannot be placed on the board ({rule}).",
    "classic_table.move_tiles": "The move places {count} tiles but the rack holds {rack}.",
    "classic_table.too_many_tiles": "The game has no more tile {tile} for this move.",
    "classic_table.exchange_count": (
        "Exchange {count} tiles: between 1 and the {rack} tiles of the rack."
    ),
    "classic_table.exchange_bag": (
        "Exchange refused: the bag holds {bag} tiles, at least {minimum} are needed."
    ),
    "classic_table.exchange_opponent_out": (
        "{opponent} has used up their time: exchanging is no longer allowed."
    ),
    "classic_table.nothing_to_challenge": "There is no move just played to challenge.",
    "classic_table.challenge_not_yours": "A player cannot challenge their own move.",
    "classic_table.challenge_empty": "Choose the word or words challenged.",
    "classic_table.not_just_played": (
        "Challenge refused: {words} was not formed by the move just played."
    ),
    "classic_table.no_challenge": "No challenge waits for a ruling.",
    "classic_table.override_word": "{word} is not among the words challenged.",
    "classic_table.override_reason": (
        "The arbiter's ruling against the word list needs its reason."
    ),
    "classic_table.overdraw_extra": "Tiles drawn too many: {extra} is not a positive number.",
    "classic_table.overdraw_how": "Unknown kind of overdraw “{how}” (unseen, seen, arbiter).",
    "classic_table.sanction_kind": "Unknown sanction “{sanction}” (warning, points, loss).",
    "classic_table.loss_cause": "Unknown or inapplicable cause of loss of the game: “{cause}”.",
    "classic_table.not_reckoning": "The game is not waiting for the tiles left.",
    "classic_table.rack_size": "{count} tiles declared, the rack holds {size}.",
    "classic_table.rack_tiles": "The game cannot hold the tiles {tiles} left on this rack.",
    "classic_table.rack_declared": "{player} has already declared their tiles.",
    "classic_table.not_finished": "The game is not finished: nothing to sign yet.",
    "classic_table.signed": "{player} has already signed.",
    "classic_table.note_challenge": "wrong challenge ({words}): -{points}",
    "classic_table.note_withdrawn": "{move} withdrawn after the challenge",
    "classic_table.note_penalty": "arbiter's penalty: -{points} {reason}",
    "classic_table.note_warning": "warning {reason}",
    "classic_table.note_overdraw": "{count} tile(s) drawn too many: -{points}",
    "classic_table.note_end_rack": "tiles left ({tiles})",
    "classic_table.note_end_bonus": "opponent's tiles ({tiles})",
    "classic_table.note_score_dispute": "score announced {announced}, the rules give {score}",
    "classic_table.toss_needed": "The toss decides who starts: draw it before the start.",
    "classic_table.toss_not_asked": "No toss at this table: the tournament designates who starts, or the game has begun.",
    "classic_table.absent_clock": "The clock of an absent player ({player}) runs only on a chess clock, before the start.",
    "classic_table.not_absent": "No absent player's clock is running.",
    "classic_table.forfeit_early": "{player} is forfeit only once half of their time has run.",
    # the results file (arbitre.classic.tournament.results_csv)
    "classic_results.header": "{source}, line {line}: column {column} of the header is “{found}”, expected “{french}” (or “{english}”)",
    "classic_results.score": "{source}, line {line}: the score of {player} “{value}” is neither a whole number nor “forfeit” (“forfait”)",
    "classic_results.loss_cause": "{source}, line {line}: unknown cause of loss “{value}”: {english} (or {french})",
    # pairing requests refused (arbitre.classic.tournament.pairing)
    "pairing.refused.present_count": "negative number of present players: {present}",
    "pairing.refused.best_of": "a match is one game or best of three, not {best_of}",
    "pairing.refused.unknown_absent": "unknown absent player “{player}”",
    "pairing.refused.nobody_present": "no present player to pair: every player is marked absent",
    "pairing.refused.toss_self": "{player} cannot win a toss against themselves",
    "pairing.refused.toss_third": "{player} does not play this match",
    # GCG records (arbitre.classic.game.gcg)
    "gcg.at_line": "line {line}: {reason}",
    "gcg.in_file": "{path}: {reason}",
    "gcg.coordinate": "coordinate “{coordinate}” is not a GCG coordinate like 8D or D8",
    "gcg.coordinate_row": "coordinate “{coordinate}”: row {row} is not between 1 and 15",
    "gcg.french_coordinate": "coordinate “{coordinate}” is not a French coordinate like H4 or 4H",
    "gcg.french_column": "coordinate “{coordinate}”: column {column} is not between 1 and 15",
    "gcg.nested": "nested parentheses in “{word}”",
    "gcg.unbalanced": "unbalanced parenthesis in “{word}”",
    "gcg.nickname": "#{key} needs a nickname",
    "gcg.same_nick": "the two players have the same nickname {nick}",
    "gcg.line_kind": "a line starting with “#” or “>” is expected, not “{text}”",
    "gcg.players": "a GCG record needs #player1 and #player2 lines",
    "gcg.unknown_player": "unknown player “{nick}” (declare #player1 and #player2)",
    "gcg.word": "“{word}” is not a GCG word",
    "gcg.unreadable": "cannot read “{text}”",
    # the bag and the clock of a game (arbitre.classic.game.bag, .clock)
    "classic_bag.tile": "“{tile}” is not a tile (letters A-Z, “?” for a blank)",
    "classic_bag.too_many": "{count} tile(s) {tile}: the game has only {available}",
    "classic_bag.empty": "the bag is empty",
    "classic_bag.missing": "not in the bag: {tiles}",
    "classic_clock.backwards": "time cannot go backwards",
    "classic_clock.player": "player {player}: 0 or 1 expected",
    "classic_clock.budget": "the time budget must be positive",
    "classic_clock.per_move": "the time per move must be positive",
    "classic_clock.credit": "the time credit must be positive",
}
