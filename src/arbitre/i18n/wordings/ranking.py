"""English wording (the catalogue's msgids) of the message codes of one area.

The federation ranking: :mod:`arbitre.ranking`.
"""

TEMPLATES: dict[str, str] = {
    # the names of the event types (arbitre.ranking.events.EVENT_TYPES, seed 002 A.2, B.3.2)
    "ranking.event_type.TH": "Approved tournament (2 games or more)",
    "ranking.event_type.GC": "International Grand Slam tournament (Aix, Cannes, Vichy, Belgium, Switzerland)",
    "ranking.event_type.CENTRES": "Event played in centres (regional and departmental championships)",
    "ranking.event_type.TSAP": "Two-game TSAP of the Federal Weeks",
    "ranking.event_type.SF": "Federal / French simultaneous in 1 game",
    "ranking.event_type.SP": "Game of the permanent simultaneous",
    "ranking.event_type.ICQ": "Interclubs, game of the qualifying phase",
    "ranking.event_type.ICF": "Interclubs, game of the final",
    "ranking.event_type.PAIRS": "Pairs tournament",
    "ranking.event_type.CP": "World or French pairs championship",
    "ranking.event_type.CF1": "French individual championship, phase 1",
    "ranking.event_type.CF2": "French individual championship, phase 2",
    "ranking.event_type.CF3": "French individual championship, phase 3",
    "ranking.event_type.CFF": "French individual championship, final",
    "ranking.event_type.VQ": "French Vermeil championship, qualification",
    "ranking.event_type.VD": "National Vermeil Diamant simultaneous",
    "ranking.event_type.VF": "French Vermeil championship, final",
    "ranking.event_type.WI": "World individual championship (Elite)",
    "ranking.event_type.WB": "World Blitz championship",
    "ranking.event_type.SM": "World simultaneous",
    "ranking.event_type.SMB": "World blitz or semi-rapid simultaneous",
    "ranking.event_type.SH": "National handicap simultaneous (ranking without handicap)",
    "ranking.event_type.SJ": "Youth simultaneous",
    # results files of other programs (arbitre.ranking.results_import)
    "ranking.import.refused": "results file refused: {count} line(s) to correct, nothing taken",
    "ranking.import.not_text": "this is not a text (CSV) file",
    "ranking.import.encoding": "the file is not written in {encoding}",
    "ranking.import.empty": "the file is empty",
    "ranking.import.missing_column": "no column for {column} (see the column mapping)",
    "ranking.import.duplicate_column": "two columns for “{label}”",
    "ranking.import.cell_count": "{found} cells where the header has {expected}",
    "ranking.import.place": "place “{value}”: a whole number from 1, ties as 3ex",
    "ranking.import.series": "series “{value}”: 1 to 7, tier A to D (2A, S2A, 4)",
    "ranking.import.tier": "tier “{value}”: A, B, C or D",
    "ranking.import.licence": "licence “{value}”: up to 20 letters, digits, dots and hyphens",
    "ranking.import.duplicate_licence": "licence {value} already on line {first_line}",
    "ranking.import.whole_number": "{column} “{value}” is not a whole number",
    "ranking.import.varies": "{column} “{value}” differs from “{first}” above: one event per file",
    "ranking.import.event_type": "unknown event type “{value}” (arbitre ranking types)",
    "ranking.import.event_type_missing": "the event type is missing (TH, SF, CENTRES...)",
    "ranking.import.games": "number of games “{value}”: a whole number from 1",
    "ranking.import.games_missing": "the number of games is missing",
    "ranking.import.games_for_type": "a {type} event cannot have {games} game(s)",
    "ranking.import.date": "date “{value}”: YYYY-MM-DD or DD/MM/YYYY",
    "ranking.import.overseas": "overseas “{value}”: yes or no",
    "ranking.import.pair_split": "pair {pair} at two places (see line {first_line})",
    "ranking.import.no_rows": "the file has no result row",
    # the column mapping (arbitre.ranking.results_import.parse_mapping)
    "ranking.mapping.syntax": "the column mapping is not valid TOML: {detail}",
    "ranking.mapping.unknown_key": "column mapping: unknown key “{key}”",
    "ranking.mapping.unknown_field": "column mapping: unknown field “{field}”",
    "ranking.mapping.label": "column mapping: {field} needs a column name (or a list of them)",
    "ranking.mapping.required": "column mapping: the column of {field} is required",
    "ranking.mapping.delimiter": "column mapping: delimiter “{value}”: use ;, , or tab",
    "ranking.mapping.encoding": "column mapping: encoding “{value}”: use utf-8, latin-1 or auto",
    "ranking.mapping.event_type": "column mapping: unknown event type “{value}”",
    "ranking.mapping.games": "column mapping: number of games “{value}”: a whole number from 1",
    "ranking.mapping.date": "column mapping: date “{value}”: write it 2014-03-08, without quotes",
    "ranking.mapping.overseas": "column mapping: overseas “{value}”: true or false",
    # the federation's licensee file (arbitre.ranking.licensees)
    "ranking.licensees.licence": "licence “{value}”: a licence number is made of digits",
    "ranking.licensees.prefix": (
        "licence {value}: its first digits name no federation (known: {prefixes})"
    ),
    "ranking.licensees.duplicate": "licence {value} already on line {first_line}",
    "ranking.licensees.same_person": (
        "the same person (name, first name, birth date) as licence {licence} on line "
        "{first_line}: a licence number is given for life"
    ),
    "ranking.licensees.series": "series “{value}”: 1 to 7, tier A to D (2A, S2A, 4)",
    "ranking.licensees.tier_for_series": (
        "series {series} has no tier {tier} (S1-S3: A, B; S4-S6: A to D; S7: none)"
    ),
    "ranking.licensees.highest_series": (
        "best series ever held {highest} is below the current series {series}"
    ),
    "ranking.licensees.below_floor": (
        "series {series} is below the lifetime floor S{floor} (best series held: S{highest})"
    ),
    "ranking.licensees.date": "birth date “{value}”: YYYY-MM-DD or DD/MM/YYYY",
    "ranking.licensees.future_birth": "birth date “{value}” is in the future",
    "ranking.licensees.nationality": "nationality “{value}”: a country code of 2 or 3 letters",
    "ranking.licensees.federation": "federation “{value}”: up to 20 letters and digits",
    "ranking.licensees.category": "age category “{value}”: 10 characters at most",
    "ranking.licensees.first_season": "first season “{value}”: a year such as 2013 or 2013-2014",
    "ranking.licensees.yes_no": "{column} “{value}”: yes or no",
    # titles and medals at a Duplicate event (arbitre.ranking.titles)
    "ranking.titles.overall": "overall title",
    "ranking.titles.series": "series {series} title",
    "ranking.titles.category": "{category} title",
    "ranking.titles.not_national": (
        "{player}, nationality {nationality}: no national title or podium (002 A.3)"
    ),
    "ranking.titles.nationality_unknown": (
        "{player}: nationality unknown, no national title or podium until it is known (002 A.3)"
    ),
    "ranking.titles.tops_lost": "title to the fewest tops lost ({tops}): {players} (002 A.4)",
    "ranking.titles.tops_missing": (
        "the tops lost of {players} are unknown: the tie goes to the play-off"
    ),
    "ranking.titles.playoff": (
        "{players} level for the title: sudden-death play-off ({format}), one full game at "
        "most; a drawing of lots if they refuse it (002 A.4)"
    ),
    "ranking.titles.decided_playoff": "{winner} wins the play-off",
    "ranking.titles.decided_grand_prix": "{winner} is ahead in the Grand Prix that decides the tie",
    "ranking.titles.still_level": "{players} still level after a full play-off game: ex aequo",
    "ranking.titles.lots": "{winner} drawn by lot (the play-off was refused)",
    "ranking.titles.ex_aequo": "{players} ex aequo: this title is not decided between them (002 A.4)",
    "ranking.titles.no_tie": "{title}: there is no tie to decide",
    "ranking.titles.not_tied": "{title}: {winner} is not among the players level for the title",
    "ranking.titles.winner_needed": "{title}: a drawing of lots needs its winner",
    "ranking.titles.format.blitz_then_40s": "3 moves in blitz, then 40 seconds a move",
    "ranking.titles.format.joker_blitz": "blitz in a joker game",
    "ranking.titles.format.blitz": "blitz",
    # events, seasons and the ranking's own files (events, season, classification, csvformat)
    "ranking.event.unknown_type": "unknown event type “{type}” (known: {known})",
    "ranking.event.games": "event “{event}”: {games} game(s); at least 1",
    "ranking.event.one_game": "event “{event}”: a {type} event is one game (one file per game)",
    "ranking.event.two_games": "event “{event}”: a {type} has 2 games or more",
    "ranking.event.empty": "event “{event}”: the ranking is empty",
    "ranking.event.place": "event “{event}”: place {place} is not positive",
    "ranking.event.series": "event “{event}”: series {series} not in 1-7",
    "ranking.event.licence_twice": "event “{event}”: licence {licence} appears twice",
    "ranking.event.pair_split": "event “{event}”: the two players of pair {pair} must share one place",
    "ranking.event.same_event": (
        "“{second}” is the event “{first}” again: an event counts once in its season (002 A.2)"
    ),
    "ranking.event.not_admitted": (
        "{player} (licence {licence}), licensed at {federation}, nationality {nationality}: not "
        "admitted to a {type} championship, which has a qualifying phase (002 A.3.2)"
    ),
    "ranking.season.no_licence": "licensee “{name}”: a licensee needs a licence number",
    "ranking.season.series": "licence {licence}: series {series} not in 1-7",
    "ranking.season.highest_series": "licence {licence}: highest series {series} not in 1-7",
    "ranking.season.unknown_season": "the season is unknown: give it or date the events",
    "ranking.season.outside_season": "event “{event}” dated {date} is outside season {season}",
    "ranking.season.licensee_twice": "licence {licence} appears twice in the licensees",
    "ranking.season.previous_twice": "licence {licence} appears twice in the previous season",
    "ranking.season.not_affiliated": "licence {licence} is not affiliated this season: out of the ranking",
    "ranking.season.not_licensee": "licence {licence} is not among the licensees",
    "ranking.classification.candidate_twice": "a licence appears twice among the players to classify",
    "ranking.file.where": "{source}",
    "ranking.file.where_line": "{source}, line {line}",
    "ranking.file.yes_no": "{where}: “{value}” is not yes/no",
    "ranking.file.whole_number": "{where}: {column} “{value}” is not a whole number",
    "ranking.file.number": "{where}: {column} “{value}” is not a number",
    "ranking.file.series": "{where}: series {series} not in 1-7",
    "ranking.file.tier": "{where}: tier “{value}” is not A, B, C or D",
    "ranking.file.no_table": "{where}: no table",
    "ranking.file.missing_columns": "{where}: missing column(s) {columns}",
    "ranking.file.cell_count": "{where}: {found} cells for {expected} columns",
    "ranking.file.cell_too_long": "{where}: a cell longer than {limit} characters",
    "ranking.file.type_missing": "{where}: the event type is missing (# type: TH or --type)",
    "ranking.file.games_missing": "{where}: the number of games is missing (# parties: 3)",
    "ranking.file.date": "{where}: date “{value}” is not YYYY-MM-DD",
    "ranking.file.not_folder": "{where}: not a folder",
    "ranking.file.no_event_file": "{where}: no .csv event file",
    "ranking.file.percentage": "{where}: a percentage must be between 0 and 100",
    # a simultané's publication (issue 38)
    "ranking.simultane.type": "type “{type}” is not a simultané's ({known})",
    "ranking.simultane.games": "{games} games: a simultané has at least one",
    "ranking.simultane.one_game": "a {type} simultané is one game, not {games}",
    "ranking.simultane.tsap": "a TSAP is {expected} games, not {games}",
    "ranking.simultane.name": "the simultané has no name",
    "ranking.simultane.seconds": "{seconds} s per move: between {low} and {high} s",
    "ranking.simultane.no_zone": "the start hour has no time zone",
    "ranking.simultane.game_start": "game {number} must start after game {previous}",
    "ranking.simultane.first_start": "game 1 starts at the simultané's official start",
}
