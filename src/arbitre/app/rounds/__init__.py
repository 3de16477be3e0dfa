"""Swiss rounds shared by the paired games: entrants, check-in, rounds, tables, results."""
