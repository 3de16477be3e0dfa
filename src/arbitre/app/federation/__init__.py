"""Club to federation without a USB key (issue 20, part 6).

The same application runs on the federation's server (PostgreSQL) and on the clubs'
laptops (SQLite). A club's closed Duplicate event posts its results, as Arbitre's own
export, to the federation's server over HTTPS with the club's API token
(:mod:`.outbox`: queued, sent when the network allows, the answer fetched back); the
federation keeps each upload and its ranking officer accepts it into the season or rejects it
with a reason (:mod:`.services`). Re-sending the same event is idempotent.
"""
