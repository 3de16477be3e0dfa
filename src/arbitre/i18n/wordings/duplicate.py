"""English wording (the catalogue's msgids) of the message codes of one area.

Duplicate Scrabble: :mod:`arbitre.duplicate`.
"""

TEMPLATES: dict[str, str] = {
    # the sanctions (arbitre.duplicate.sanctions)
    "duplicate.sanction.none": "No sanction",
    "duplicate.sanction.no_ballot": "No ballot",
    "duplicate.sanction.blank_ballot": "Blank ballot",
    "duplicate.sanction.several_ballots": "Several non-blank ballots",
    "duplicate.sanction.late_ballot": "Ballot written or exchanged after the time allowed",
    "duplicate.sanction.letters_not_in_draw": (
        "Word that cannot be formed with the letters of the draw"
    ),
    "duplicate.sanction.not_written_in_full": "Word not written in full",
    "duplicate.sanction.not_connected": "Word not correctly connected",
    "duplicate.sanction.misplaced": "Placement not as required",
    "duplicate.sanction.invalid_word": "Word not allowed",
    "duplicate.sanction.illegible": "Ballot or connection illegible",
    "duplicate.sanction.reference_and_direction_swapped": (
        "Alphanumeric reference and direction of the word both reversed"
    ),
    "duplicate.sanction.disciplinary_nullity": "Nullity for a disciplinary reason",
    "duplicate.sanction.score_missing": "Score missing",
    "duplicate.sanction.score_wrong": "Points miscounted",
    "duplicate.sanction.two_anchor_letters": "Two connecting letters instead of three",
    "duplicate.sanction.blank_not_circled": "Letter of the blank not circled",
    "duplicate.sanction.wrong_letter_circled": (
        "Circled letter other than the one the blank stands for"
    ),
    "duplicate.sanction.reference_or_direction_reversed": (
        "Alphanumeric reference or direction of the word reversed"
    ),
    "duplicate.sanction.disciplinary_warning": "Warning for a disciplinary reason",
    # judging a ballot (arbitre.duplicate.decision)
    "duplicate.decision.disciplinary_nullity": "Disciplinary nullity (4.2)",
    "duplicate.decision.sanction": "{sanction} ({rule})",
    "duplicate.decision.sanction_word": "{sanction}: {word} ({rule})",
    "duplicate.decision.top": "The top",
    "duplicate.decision.score_entered": "Score entered by the arbiter",
    "duplicate.decision.all_crossed_out": "Every solution is crossed out (4.5)",
    "duplicate.decision.several_solutions": "Several solutions: the lowest is kept (4.5). {kept}",
    "duplicate.decision.no_reference": (
        "Neither an alphanumeric reference nor connecting letters (3.1)"
    ),
    "duplicate.decision.both_modes_nullity": "Two reference modes (3.4): {reason}",
    "duplicate.decision.both_modes": "Two reference modes (3.4, 4.5). {reason}",
    "duplicate.decision.settled": "{how}: {move} = {score}{minimum}{warning}",
    "duplicate.decision.by_reference": "Reference {coordinate}",
    "duplicate.decision.by_anchors": "Connecting letters {anchors}",
    "duplicate.decision.by_prolongation": "Prolongation {coordinate}",
    "duplicate.decision.minimum_score": " (several placements possible, minimum score, 3.3.4)",
    "duplicate.decision.warning": "; warning: {sanction} ({rule})",
    "duplicate.decision.first_move": "First move: best placement {move} = {score}{warning}",
    "duplicate.decision.nothing_prolonged": (
        "{sanction}: no word of the board is prolonged ({rule})"
    ),
    "duplicate.decision.no_place_for_anchors": (
        "No place matches the connecting letters {anchors} ({rule})"
    ),
    "duplicate.decision.overridden": "Decision changed by {author}: {reason}",
    "duplicate.decision.recorded": "{text}",
    "duplicate.decision.override_unsigned": (
        "a changed decision must give its author and its reason"
    ),
    "duplicate.decision.negative_score": "a score cannot be negative ({score})",
    "duplicate.decision.top_unknown": "the top of move {move} is not known",
    "duplicate.decision.score_above_top": "score {score} above the top ({top}): check the entry",
    # a score above the top after an appeal (arbitre.duplicate.appeal; seed 004, 5.3 and 5.2)
    "duplicate.appeal.above_top": (
        "{game}, move {move}: {score} points awarded on appeal, above the top ({top}): "
        "the top is now wrong"
    ),
    "duplicate.appeal.above_top_mark": (
        "{game}, move {move}: top exceeded on appeal, arbiter's decision pending"
    ),
    "duplicate.decision.turn": "Move {number}: draw {draw}, top {top}",
    "duplicate.decision.ballot_line": "Ballot: {ballot}",
    "duplicate.decision.points": "Points: {score}",
    "duplicate.decision.sanction_line": "Sanction: {sanction}",
    "duplicate.decision.sanction_line_rule": "Sanction: {sanction} ({rule})",
    "duplicate.decision.disciplinary_line": "Also a disciplinary warning (004 4.4)",
    "duplicate.decision.reason_line": "Reason: {explanation}",
    # the bag and the draws (arbitre.duplicate.draws)
    "duplicate.bag.not_a_tile": "“{tile}” is not a tile (letters A to Z, ? for a blank)",
    "duplicate.bag.too_many": "{count} tile(s) {tile}: the game has {limit} (seed 004, 1.2)",
    "duplicate.bag.missing": "not in the bag: {missing} (bag holds {bag})",
    "duplicate.draw.below_minimum": (
        "draw {leave}+{drawn} has fewer than {vowels} vowel(s) and {consonants} consonant(s) (move {move}, Y and blanks counted either way): reject it"
    ),
    "duplicate.draw.valid_not_reject": (
        "draw {leave}+{drawn} has at least {vowels} vowel(s) and {consonants} consonant(s): it is valid, not a reject"
    ),
    "duplicate.draw.wrong_count": (
        "{entered} letter(s) entered, the draw needs {needed} (leave {leave}, {bag} in the bag)"
    ),
    # the chief arbiter's procedure (arbitre.duplicate.game)
    "duplicate.game.not_now.draw": "cannot draw now: {hint}",
    "duplicate.game.over.draw": "cannot draw: the game is over ({reason})",
    "duplicate.game.not_now.reject": "cannot reject a draw now: {hint}",
    "duplicate.game.over.reject": "cannot reject a draw: the game is over ({reason})",
    "duplicate.game.not_now.tops": "cannot look for the top now: {hint}",
    "duplicate.game.over.tops": "cannot look for the top: the game is over ({reason})",
    "duplicate.game.not_now.play": "cannot play now: {hint}",
    "duplicate.game.over.play": "cannot play: the game is over ({reason})",
    "duplicate.game.not_now.annul_no_score": "cannot annul for no score now: {hint}",
    "duplicate.game.over.annul_no_score": "cannot annul for no score: the game is over ({reason})",
    "duplicate.game.not_now.annul_draw": "cannot annul the draw now: {hint}",
    "duplicate.game.over.annul_draw": "cannot annul the draw: the game is over ({reason})",
    "duplicate.game.no_valid_draw": "no valid draw is possible: the game is over (2.7)",
    "duplicate.game.nothing_to_announce": "no draw to announce: draw first",
    "duplicate.game.hint.draw_first": "draw first",
    "duplicate.game.hint.play_or_annul": "play or annul the current draw",
    "duplicate.game.no_random_draws": "this game has no random generator: enter the letters drawn",
    "duplicate.game.no_scoring_move": "no move scores with this draw: annul it (5.2)",
    "duplicate.game.not_retained": "{move} cannot be retained: {why}",
    "duplicate.game.why.prefer_plain": (
        "it is a top, but the seed prefers a move without blank or ending the game"
    ),
    "duplicate.game.why.first_horizontal": "the first top is placed horizontally",
    "duplicate.game.why.not_a_top": "it is not a top of {score} points",
    "duplicate.game.move_scores": (
        "a move scores with this draw: it cannot be annulled for no score"
    ),
    "duplicate.game.annul_draw_first": "annul the current draw first, then the move before it",
    "duplicate.game.no_move_to_annul": "no move to annul",
    "duplicate.game.no_move_played": "no move has been played yet",
    "duplicate.game.no_such_move": "move {move}: the game has moves 1 to {moves}",
    "duplicate.game.end.all_played": "all the tiles are drawn and placed",
    "duplicate.game.end.letters_left": "only vowels or only consonants are left",
    "duplicate.game.end.no_move": "no placement is possible",
    "duplicate.settings.not_object": "settings must be an object",
    "duplicate.settings.unknown": "unknown setting(s): {names}",
    "duplicate.settings.not_positive": "settings must be positive integers",
    # reading a ballot (arbitre.duplicate.ballot)
    "duplicate.ballot.empty": "empty ballot: type the ballot, “blank” or “none”",
    "duplicate.ballot.empty_solution": "empty solution between two “/”",
    "duplicate.ballot.empty_crossed_out": "crossed-out solution without content",
    "duplicate.ballot.anchors_missing": "“{keyword}” must be followed by the connecting letters",
    "duplicate.ballot.anchors_not_letters": "connecting letters “{value}”: letters A to Z only",
    "duplicate.ballot.two_anchors": "two sets of connecting letters for one solution",
    "duplicate.ballot.circled_missing": "“{keyword}” must be followed by a letter",
    "duplicate.ballot.two_scores": "two scores in “{text}”: separate the solutions with /",
    "duplicate.ballot.two_words": "two words in “{text}”: separate the solutions with “/”",
    "duplicate.ballot.ellipsis_both_sides": "“{token}”: an ellipsis on one side only",
    "duplicate.ballot.two_coordinates": "two references in “{text}”",
    "duplicate.ballot.unknown_token": (
        "“{token}” is neither a reference (H4, 4H), nor a word, nor a score"
    ),
    "duplicate.ballot.no_word": "no word in “{text}”",
    "duplicate.ballot.word_too_short": "“{word}”: a word has two letters at least",
    "duplicate.ballot.circled_twice": "circled letter given twice (lower case and “joker”)",
    # the event and its standings (arbitre.duplicate.event)
    "duplicate.event.duplicate_licence": "licence {licence} appears twice in the event",
    "duplicate.event.unknown_player": "{game}: unknown player {licence}",
    "duplicate.standings.title": "{event} — standings",
    "duplicate.standings.solos": "Solos: {solos}",
    "duplicate.standings.solo": "{player} ({game}, move {move})",
    # pairs (arbitre.duplicate.pairs, seed 002 A.2.4)
    "duplicate.pairs.same_licence": "both players of the pair have licence {licence}",
    "duplicate.pairs.event_type": (
        "a pairs event is ranked as a pairs event ({known}), not {type} (federal rules A.2.4: "
        "ranking points only)"
    ),
    "duplicate.pairs.individual_type": (
        "type {type} is for pairs events: this event is played individually"
    ),
    # the game record (arbitre.duplicate.record)
    "duplicate.record.at": "{where}: {reason}",
    "duplicate.record.move": "move {number}",
    "duplicate.record.attempt": "move {number}, attempt {attempt}",
    "duplicate.record.current_draw": "move {number}, current draw",
    "duplicate.record.annulled_top": "{where}, annulled top",
    "duplicate.record.end": "end of the game",
    "duplicate.record.settings": "record settings",
    "duplicate.record.tiles": "initial tiles of the record",
    "duplicate.record.not_utf8": "not a UTF-8 text file",
    "duplicate.record.not_json": "not JSON ({error}, line {line})",
    "duplicate.record.not_a_record": "not a Duplicate game record (format {format})",
    "duplicate.record.version": "record version {version} is not supported",
    "duplicate.record.missing": "missing “{key}”",
    "duplicate.record.wrong_type": "“{key}” has the wrong type",
    "duplicate.record.not_text": "“{key}” must be text",
    "duplicate.record.bad_move": "move {move} cannot be read ({detail})",
    "duplicate.record.leave_mismatch": "leave {leave} but the game holds {hand}",
    "duplicate.record.random_without_seed": "a random draw in a record without seed",
    "duplicate.record.seed_draws_other": "the seed draws {drawn}, the record says {recorded}",
    "duplicate.record.valid_not_reject": "draw {leave}+{drawn} is valid, it cannot be a reject",
    "duplicate.record.invalid_kept": "draw {leave}+{drawn} is invalid (2.2), it must be rejected",
    "duplicate.record.unknown_outcome": "unknown outcome “{outcome}”",
    "duplicate.record.no_scoring_move": "no move scores with {hand}, the record plays {move}",
    "duplicate.record.score_not_top": "{move} scores {score} in the record, the top is {top}",
    "duplicate.record.equal_tops_texts": "equal tops must be move texts",
    "duplicate.record.equal_tops_differ": "equal tops differ from the record ({count} found)",
    "duplicate.record.total_mismatch": "total {recorded} in the record, {replayed} replayed",
    "duplicate.record.other_lexicon": (
        "the record was played with word list {name} (sha256 {sha256}...), not {mine}"
    ),
    "duplicate.record.seed_type": "seed must be an integer or null",
    "duplicate.record.tiles_type": "tiles must be a tile string or null",
    "duplicate.record.moves_type": "“moves” must be a list",
    "duplicate.record.numbered": "numbered {number}",
    "duplicate.record.bingo_missing": "no bingo flag, but the move places 7 tiles",
    "duplicate.record.bingo_wrong": "bingo flag, but the move places fewer than 7 tiles",
    "duplicate.record.attempts_differ": "attempts do not replay as recorded",
    "duplicate.record.pending_type": "“pending” must be an object",
    "duplicate.record.goes_on": "the game is over ({reason}), the record goes on",
    "duplicate.record.ends": "the record ends the game ({reason}), the game goes on",
    "duplicate.record.unknown_end": "unknown reason “{reason}”",
    "duplicate.record.end_differs": (
        "the record ends with “{recorded}”, the replay with “{replayed}”"
    ),
    "duplicate.record.checked": "Record checked: {moves} moves, total {total}.",
    # the event file (arbitre.duplicate.event_file)
    "duplicate.event_file.at": "{where}: {reason}",
    "duplicate.event_file.event": "event file",
    "duplicate.event_file.settings": "event settings",
    "duplicate.event_file.player": "player {number}",
    "duplicate.event_file.game": "game {number}",
    "duplicate.event_file.licence": "game {number}, licence {licence}",
    "duplicate.event_file.move": "game {number}, licence {licence}, move {move}",
    "duplicate.event_file.override": "game {number}, override {override}",
    "duplicate.event_file.cannot_read": "cannot be read ({error})",
    "duplicate.event_file.not_json": "not JSON ({error}, line {line})",
    "duplicate.event_file.not_event_file": "not a Duplicate event file (format {format})",
    "duplicate.event_file.version": "event file version {version} is not supported",
    "duplicate.event_file.settings_type": "settings must be an object",
    "duplicate.event_file.unknown_setting": "unknown setting “{key}”",
    "duplicate.event_file.setting_type": "“{key}” must be a {type} (>= 0)",
    "duplicate.event_file.missing": "missing “{key}”",
    "duplicate.event_file.wrong_type": "“{key}” has the wrong type",
    "duplicate.event_file.series": "series must be 1 to 7",
    "duplicate.event_file.game_type": "must be an object",
    "duplicate.event_file.malformed": "malformed ({detail})",
    "duplicate.event_file.late_type": "late_from of {licence} must be a move number",
    "duplicate.event_file.late_unknown": "late_from names unknown licence {licence}",
    "duplicate.event_file.tops_type": "tops must be whole numbers >= 0",
    "duplicate.event_file.both": "licence {licence} has both ballots and scores",
    "duplicate.event_file.scores_type": "scores must be whole numbers >= 0",
    "duplicate.event_file.unknown_licence": "unknown licence {licence}",
    "duplicate.event_file.too_many_entries": "more entries than moves ({moves})",
    "duplicate.event_file.not_mapping": "“{key}” must be an object keyed by licence",
    "duplicate.event_file.unknown_sanction": "unknown sanction code “{code}”",
    "duplicate.event_file.no_decision": "licence {licence} has no decision for move {move}",
    "duplicate.event_file.ballots_type": "ballots must be a list",
    "duplicate.event_file.too_many_ballots": "{ballots} ballots for {moves} moves",
    # the announcement of a draw and of a top (arbitre.duplicate.announcement)
    "duplicate.announcement.move": "Move {number}.",
    "duplicate.announcement.rejected_one": "{count} letter rejected.",
    "duplicate.announcement.rejected_many": "{count} letters rejected.",
    "duplicate.announcement.annulled_one": "Draw annulled: {count} letter back in the bag.",
    "duplicate.announcement.annulled_many": "Draw annulled: {count} letters back in the bag.",
    "duplicate.announcement.leave_one": "Leave of {count} letter: {letters}.",
    "duplicate.announcement.leave_many": "Leave of {count} letters: {letters}.",
    "duplicate.announcement.no_leave": "No leave.",
    "duplicate.announcement.new_letters": "New letters: {letters}.",
    "duplicate.announcement.draw": "Draw: {letters}.",
    "duplicate.announcement.playing_time": "Playing time from {start} to {end}.",
    "duplicate.announcement.group": "{count} {country}",
    "duplicate.announcement.group_2": "two {country}",
    "duplicate.announcement.group_3": "three {country}",
    "duplicate.announcement.group_4": "four {country}",
    "duplicate.announcement.group_5": "five {country}",
    "duplicate.announcement.group_6": "six {country}",
    "duplicate.announcement.group_7": "seven {country}",
    "duplicate.announcement.top_horizontal": (
        "{score} points, horizontal, at {coordinate}: {word}, {spelling}."
    ),
    "duplicate.announcement.top_vertical": (
        "{score} points, vertical, at {coordinate}: {word}, {spelling}."
    ),
    # the warning slip (arbitre.duplicate.warning_slip)
    "duplicate.slip.title": "Warning slip — {event}",
    "duplicate.slip.page_title": "Warning slips — {event}",
    "duplicate.slip.none": "No warning slip.",
    "duplicate.slip.game": "Game",
    "duplicate.slip.game_move": "{game}, move {number}",
    "duplicate.slip.table": "Table",
    "duplicate.slip.player": "Player",
    "duplicate.slip.points": "Points",
    "duplicate.slip.reason": "Grounds",
    "duplicate.slip.nullity": "Nullity (zero): {sanction} (article {article})",
    "duplicate.slip.nullity_word": "Nullity (zero): {sanction}: {word} (article {article})",
    "duplicate.slip.warning": "Warning: {sanction} (article {article})",
    "duplicate.slip.warning_word": "Warning: {sanction}: {word} (article {article})",
    "duplicate.slip.disciplinary": "Warning: {sanction}",
    "duplicate.slip.count": "Warnings in this game",
    "duplicate.slip.count_value": "{count} (from warning {first} on, {points} points off each: 4.7)",
    "duplicate.slip.count_penalty": "{count}: {points} points off at the end of the game (4.7)",
    "duplicate.slip.signature": "Arbiter's signature:",
    # the game sheet (arbitre.duplicate.sheet)
    "duplicate.sheet.column.number": "No.",
    "duplicate.sheet.column.draw": "Rack",
    "duplicate.sheet.column.coordinate": "Ref.",
    "duplicate.sheet.column.word": "Word",
    "duplicate.sheet.column.score": "Score",
    "duplicate.sheet.column.total": "Total",
    "duplicate.sheet.outcome.reject": "reject",
    "duplicate.sheet.outcome.no_score": "no move",
    "duplicate.sheet.outcome.annulled": "annulled",
    "duplicate.sheet.end": "End of the game: {reason}{left}. Total {total}.",
    "duplicate.sheet.left": " (left: {letters})",
    "duplicate.sheet.equal_tops": "* several tops of the same score",
    "duplicate.sheet.seed": "Seed {seed}, word list {lexicon}",
    # the federation results file (arbitre.duplicate.results_csv)
    "duplicate.results.not_latin1": (
        "line {line}: the character “{char}” does not exist in Latin-1 ({name}); choose UTF-8"
    ),
    "duplicate.results.bad_header": (
        "not a results file: the header must be table;licence;nom;prenom;club;serie;...;total;rang"
    ),
    "duplicate.results.bad_row": "line {line}: a row of the results file cannot be read",
    # the time schedule of a game (arbitre.duplicate.timing)
    "duplicate.timing.empty": "The time schedule is empty: write 180, or 1-3:60,4-:40.",
    "duplicate.timing.too_long": "The time schedule is too long: {limit} ranges at most.",
    "duplicate.timing.syntax": (
        "“{item}” is not a range of moves with its time: write 1-3:60, 4:50 or 5-:40."
    ),
    "duplicate.timing.seconds": ("The time of “{item}” must be between {low} and {high} seconds."),
    "duplicate.timing.reversed": "The range “{item}” ends before it starts.",
    "duplicate.timing.start": "The time schedule must start at move 1, not at move {first}.",
    "duplicate.timing.gap": "Move {move} has no time: each range starts after the one before.",
    "duplicate.timing.overlap": "Move {move} is given two times.",
    "duplicate.timing.open_end": (
        "The last range must run to the end of the game: write {move}-:40, not a last move."
    ),
    "duplicate.timing.after_open": (
        "“{item}” comes after the range that runs to the end of the game."
    ),
    # a simultané's sealed games and the short code read out by phone (issue 38)
    "duplicate.short_code.empty": "no code typed",
    "duplicate.short_code.character": "“{char}” (character {position}) is not a digit",
    "duplicate.short_code.length": "{count} digits typed, {expected} expected",
    "duplicate.short_code.check": (
        "the check digit does not match: a digit misheard or two digits swapped"
    ),
    "duplicate.sealed.not_json": "not a sealed games file (not JSON)",
    "duplicate.sealed.not_sealed": "not a sealed games file (format {format})",
    "duplicate.sealed.version": "sealed file version {version} is not supported",
    "duplicate.sealed.missing": "sealed file: “{key}” is missing",
    "duplicate.sealed.wrong_type": "sealed file: “{key}” has the wrong type",
    "duplicate.sealed.too_large": "sealed file larger than {limit} characters",
    "duplicate.sealed.bad_kdf": "sealed file: key derivation not supported",
    "duplicate.sealed.bad_cipher": "sealed file: cipher “{cipher}” not supported",
    "duplicate.sealed.bad_base64": "sealed file: “{key}” is not valid base64 of the right length",
    "duplicate.sealed.bad_time": "sealed file: start time unreadable or without its time zone",
    "duplicate.sealed.games_count": "{count} games where {expected} were announced",
    "duplicate.sealed.wrong_code": (
        "this code does not open these games (another simultané's code, or the file was changed)"
    ),
    "duplicate.sealed.bad_content": "the opened file holds no games",
    # a centre's results of a simultané (issue 38)
    "duplicate.centre_results.not_results": "not a centre's results (format {format})",
    "duplicate.centre_results.version": "results version {version} is not supported",
    "duplicate.centre_results.missing": "{where}: “{key}” is missing",
    "duplicate.centre_results.wrong_type": "{where}: “{key}” has the wrong type",
    "duplicate.centre_results.licence_twice": "licence {licence} given twice",
    "duplicate.centre_results.game_number": "a game number outside 1 to {games}",
    "duplicate.centre_results.games_count": "{where}: {expected} game scores expected",
    "duplicate.centre_results.total": "{where}: total {total} is not the sum of the games ({sum})",
    "duplicate.centre_results.too_many": "more than {limit} players",
    "duplicate.centre_results.unknown_player": "{where}: licence {licence} is not among the players",
    "duplicate.centre_results.ballot_twice": "{where}: the same player's ballot twice for one move",
}
