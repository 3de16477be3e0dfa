"""Two seasons of a federation of 200 licensees through the files it has (issue 20, part 8, in
the engines): the licensee file, a Duplicate event run in Arbitre (its export), an event of
another program (through a column mapping) and a pairs event feed the ranking; the lifetime
floors carry over; a title tie is settled as seed 002 A.4 says."""

from __future__ import annotations

import random

from arbitre.duplicate import sanctions as S
from arbitre.duplicate.decision import Decision
from arbitre.duplicate.event import Event as DuplicateEvent
from arbitre.duplicate.event import GameRecordScores, Player
from arbitre.duplicate.results_csv import RankingInfo, encode_results, results_csv
from arbitre.ranking import (
    Licensee,
    Settings,
    carry_floors,
    compute_season,
    derive_quotas,
    next_reliquats,
)
from arbitre.ranking.licensees import floor_series, read_licensees
from arbitre.ranking.results_import import ARBITRE, import_results, parse_mapping
from arbitre.ranking.titles import (
    Championship,
    Decider,
    TieDecision,
    TitleSettings,
    contenders_from,
    designate,
)
from tests.ranking.helpers import D1, D2

SERIES = [1] * 2 + [2] * 4 + [3] * 6 + [4] * 28 + [5] * 48 + [6] * 100 + [7] * 12


def licensee_file() -> bytes:
    lines = ["Licence;Nom;Prénom;Club;Série;Meilleure série;Nationalité;Première saison"]
    for i, s in enumerate(SERIES):
        nat = "BE" if i % 25 == 7 else "FR"
        first = 2013 if s == 7 else 2000
        lines.append(f"{1000000 + i};NOM{i:03d};P{i};Club{i % 9};{s};{s};{nat};{first}")
    return "\r\n".join(lines).encode("latin-1")


def duplicate_export(players: list[int], rng: random.Random) -> str:
    """A TH of 3 games run in Arbitre: one move a game, top 100; the first two players tie on
    the total with the same tops lost."""
    people = [Player(str(1000000 + i), f"NOM{i:03d}", f"P{i}", "", SERIES[i]) for i in players]
    scores = {p.licence: [rng.randint(40, 95) for _ in range(3)] for p in people}
    scores[people[0].licence] = [100, 100, 90]
    scores[people[1].licence] = [100, 90, 100]
    games = [
        GameRecordScores(
            f"TH{g + 1}",
            [100],
            decisions={lic: [Decision(v[g], S.NONE)] for lic, v in scores.items()},
        )
        for g in range(3)
    ]
    event = DuplicateEvent("TH de Vichy", people, games)
    data = encode_results(results_csv(event, ranking=RankingInfo("TH", D1)), "latin-1")
    return data.decode("latin-1")


MAPPING = """
delimiter = ","
[columns]
place = "Clt"
licence = "Lic"
name = "Joueur"
series = "Ser"
pair = "Equipe"
[event]
games = 3
"""


def external(players: list[int], pairs: bool) -> str:
    rows = ["Clt,Joueur,Lic,Ser,Equipe"]
    for k, i in enumerate(players):
        place = 2 * (k // 2) + 1 if pairs else k + 1
        pair = f"E{k // 2}" if pairs else ""
        rows.append(f"{place},NOM{i:03d},{1000000 + i},{SERIES[i]},{pair}")
    if not pairs:
        rows.append(f"{len(players) + 1},INCONNU,9999999,5,")
    return "\n".join(rows) + "\n"


def test_two_seasons_from_the_files() -> None:
    rng = random.Random(20)
    records = read_licensees(licensee_file())
    people = {r.licence: r for r in records}
    known = {r.licence: (r.series, r.tier) for r in records}
    licensees = [r.to_licensee() for r in records]
    assert len(licensees) == 200

    field = list(range(0, 200, 3))  # 67 players, every series
    dup = import_results(duplicate_export(field, rng), ARBITRE, name="Vichy", known=known)
    mapping = parse_mapping(MAPPING)
    th = import_results(
        external(list(range(1, 200, 4)), False).encode("latin-1"),
        mapping,
        name="Cannes",
        known=known,
        type_code="TH",
        date=D2,
    )
    pairs = import_results(
        external(list(range(2, 122, 3)), True),
        mapping,
        name="Paires",
        known=known,
        type_code="PAIRS",
        date=D2,
    )
    assert [u.licence for u in th.unknown] == ["9999999"]

    settings = Settings(quotas=(0.0, 0.0, 0.0))
    season1 = compute_season(licensees, [dup.event, th.event, pairs.event], settings=settings)
    assert season1.unknown_licences == {"9999999": ["Cannes"]}
    # A.2.4: both players of a pair ex aequo, same points
    by_pair: dict[str, set[int]] = {}
    (paired,) = [es for es in season1.events if es.event.name == "Paires"]
    for sc in paired.scores:
        by_pair.setdefault(sc.entry.pair, set()).add(sc.points)
    assert all(len(points) == 1 for points in by_pair.values()) and len(by_pair) == 20
    # every licensee classified; the S1 players' quota for next season from their weights
    assert len(season1.ordered()) == 200
    quotas = derive_quotas(season1)
    assert quotas[0] > 0

    # the title of the Vichy TH as a national individual championship: a tie on total and
    # tops lost, settled by the play-off recorded
    contenders = contenders_from(dup.rows, people)
    pending = designate(contenders, TitleSettings(Championship.INDIVIDUAL))[0]
    assert pending.tied == ("1000000", "1000003") and pending.pending is not None
    settled = designate(
        contenders,
        TitleSettings(Championship.INDIVIDUAL),
        {"overall": TieDecision(Decider.PLAYOFF, "1000003")},
    )[0]
    assert [(m.licences, m.rank) for m in settled.medallists[:2]] == [
        (("1000003",), 1),
        (("1000000",), 2),
    ]

    # season 2: the new licensee file knows nothing of the floors; they are carried
    fresh = [Licensee(r.licence, r.name, 6, "", r.first_season, 7) for r in records]
    carried = carry_floors(season1, fresh)
    season2 = compute_season(
        carried,
        [],
        next_reliquats(season1),
        Settings(quotas=quotas),
        season=2014,
    )
    for p in season1.ordered():
        before = p.placement
        after = season2.players[p.licensee.licence].placement
        assert before is not None and after is not None
        floor = floor_series(before.highest_series, before.s1_for_life)
        assert after.series <= floor, (p.licensee.licence, before.label, after.label)
