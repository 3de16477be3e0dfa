"""``arbitre ranking ...``: the federation Duplicate ranking (seed 002)."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from dataclasses import replace
from typing import Any

from arbitre.cli import CliError, print_json
from arbitre.cli._i18n import tr

GROUP = ("ranking", "federation Duplicate ranking: points, PP4, Sn percentages, series and tiers")

#: The engine's placement reasons (``Placement.reason``), as the season's list words them.
_REASONS = {
    "quota": "within the series' quota",
    "priority": "priority rule towards the series above",
    "descent limit": "lifetime descent limit",
    "points": "ranking points, S6 in three equal tiers",
    "no point": "no ranking point: S6D",
    "beginner": "first affiliation after the summer festival: stays S7",
}


def _date(value: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            tr("“%(value)s” is not a date YYYY-MM-DD") % {"value": value}
        ) from None


def _season_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--licensees", required=True, help="licensees CSV file")
    p.add_argument("--events", required=True, help="folder of event CSV files")
    p.add_argument("--previous", help="last season's figures (CSV, e.g. last season's --csv)")
    p.add_argument("--season", type=int, help="season's starting year (default: from the dates)")
    p.add_argument(
        "--as-of",
        type=_date,
        help="the in-season display on this date: the rolling season (events of the past "
        "year, seed 002 B.1); without it, the end-of-season classification",
    )
    p.add_argument(
        "--quotas",
        help="%%S1,%%S2,%%S3 divisor quotas (default FFSc 2013-2014: 245,337,574)",
    )
    p.add_argument(
        "--federal-weeks-cap",
        help="season cap of the %%S1,%%S2,%%S3 weight of the federal weeks' simultanés "
        "(type SF; its value is in a regulation seed 002 does not give; default: no cap)",
    )


def _import_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mapping", help="column mapping of another program's file (TOML)")
    p.add_argument(
        "--licensees", help="licensees CSV: list the licences it lacks, fill empty series"
    )


def _imported(args: argparse.Namespace) -> Any:
    """The event of ``args.file`` with its unknown licences (an ``ImportedEvent``)."""
    from pathlib import Path

    from arbitre.ranking.csvformat import parse_event, parse_licensees
    from arbitre.ranking.results_import import (
        ARBITRE,
        ImportedEvent,
        UnknownLicence,
        decode_text,
        import_results,
        looks_like_arbitre_export,
        parse_mapping,
    )

    path = Path(args.file)
    data = path.read_bytes()
    known = None
    if args.licensees:
        lic_path = Path(args.licensees)
        people = parse_licensees(lic_path.read_text(encoding="utf-8-sig"), str(lic_path))
        known = {p.licence: (p.series, p.tier) for p in people}
    overrides = {
        "type_code": args.type,
        "games": args.games,
        "date": args.date,
        "overseas": args.overseas,
    }
    name = getattr(args, "name", None) or path.stem
    text = decode_text(data)
    assert text is not None
    if args.mapping or looks_like_arbitre_export(text):
        mapping = ARBITRE
        if args.mapping:
            mapping = parse_mapping(Path(args.mapping).read_text(encoding="utf-8-sig"))
        return import_results(data, mapping, name=name, known=known, **overrides)
    event = parse_event(text, str(path), name=name, **overrides)
    unknown = tuple(
        UnknownLicence(0, e.licence, e.name)
        for e in event.entries
        if not e.licence or (known is not None and e.licence not in known)
    )
    return ImportedEvent(event, (), unknown)


def _print_unknown(unknown: Any, file: Any) -> None:
    if not unknown:
        return
    print(
        tr("%(count)d licence(s) unknown to the licensees file, kept in place:")
        % {"count": len(unknown)},
        file=file,
    )
    for u in unknown:
        where = tr("line %(line)d: ") % {"line": u.line} if u.line else ""
        who = " ".join(x for x in (u.name, u.first_name, u.club and f"({u.club})") if x)
        print(f"  {where}{u.licence or tr('(no licence)')} {who}".rstrip(), file=file)


def register(group: Any) -> None:
    ev = group.add_parser(
        "event",
        help="one event: every player's m, PP4 and %%Sn with weights",
        description="Compute one event's ranking points (M, m), PP4 and %Sn with weights "
        "and bonuses (seed 002, B.1-B.3). The CSV has the columns "
        "place,licence,nom,serie,palier[,paire] (or place,licence,name,series,tier[,pair]), "
        "with an optional header block ('# type: TH', '# parties: 3', '# date: 2013-10-12', "
        "'# outremer: oui').",
    )
    ev.add_argument("file", metavar="FILE", help="event CSV file")
    ev.add_argument("--type", help="event type code (TH, GC, CENTRES, TSAP, SF, SP, ICQ, ...)")
    ev.add_argument("--games", type=int, help="number of games")
    ev.add_argument("--date", type=_date, help="date of the event")
    ev.add_argument("--overseas", action="store_true", default=None, help="overseas event")
    _import_args(ev)
    ev.add_argument("--json", action="store_true", help="JSON output")
    ev.set_defaults(func=run_event)

    imp = group.add_parser(
        "import",
        help="another program's results file as an event CSV, through a column mapping",
        description="Read a results file (Arbitre's Duplicate export as it is, or any CSV "
        "through a column mapping, docs/ranking.md) and write it as an event CSV for a "
        "season's folder. Bad lines are all reported and nothing is written; licences "
        "missing from --licensees are listed on stderr, and kept in the event.",
    )
    imp.add_argument("file", metavar="FILE", help="results file (CSV)")
    imp.add_argument("--type", help="event type code (overrides the file and the mapping)")
    imp.add_argument("--games", type=int, help="number of games")
    imp.add_argument("--date", type=_date, help="date of the event")
    imp.add_argument("--name", help="event name (default: the file name)")
    imp.add_argument("--overseas", action="store_true", default=None, help="overseas event")
    _import_args(imp)
    imp.set_defaults(func=run_import)

    lic = group.add_parser(
        "licensees",
        help="check the federation's licensee file and write it for --licensees",
        description="Read the federation's licensee file (licence, name, first name, club, "
        "committee, birth date or age category, nationality, federation, series and tier, "
        "best series held, S1 for life...; seed 002 A.1, A.3.1). Every bad row is reported "
        "by line and nothing is written until the file is clean.",
    )
    lic.add_argument("file", metavar="FILE", help="licensee file (CSV)")
    lic.add_argument(
        "--prefixes",
        help="first digits of licence numbers and their federations, e.g. 1=FFSC,2=FBS",
    )
    lic.set_defaults(func=run_licensees)

    titles = group.add_parser(
        "titles",
        help="titles and medals of a Duplicate event by series and age category",
        description="Designate the overall title, the titles by series and by age category "
        "and their podiums from an event's results (Arbitre's export, or any CSV with "
        "--mapping) and the federation's licensee file (nationality, category): seed 002 "
        "A.3 (national titles to nationals only) and A.4 (fewest tops lost for the titles "
        "it lists, then a play-off or a drawing of lots, given with --decide).",
    )
    titles.add_argument("file", metavar="FILE", help="results file (CSV)")
    titles.add_argument("--mapping", help="column mapping of another program's file (TOML)")
    titles.add_argument(
        "--licensees-file", required=True, help="the federation's licensee file (CSV)"
    )
    titles.add_argument(
        "--championship",
        default="other",
        help="individual, blitz, pairs, original, espoirs, vermeil, promotion or other "
        "(the default: every tie stays ex aequo)",
    )
    titles.add_argument(
        "--open", action="store_true", help="not a national championship: every nationality"
    )
    titles.add_argument("--country", default="FR", help="the championship's nationality (FR)")
    titles.add_argument(
        "--decide",
        action="append",
        default=[],
        metavar="TITLE=DECIDER[:WINNER]",
        help="a recorded play-off: overall=playoff:LICENCE, S3=lots:LICENCE, "
        "overall=grand_prix:LICENCE, overall=playoff (still level after a full game)",
    )
    titles.add_argument("--type", help="event type code, when the file lacks it")
    titles.add_argument("--games", type=int, help="number of games, when the file lacks it")
    titles.add_argument("--json", action="store_true", help="JSON output")
    titles.set_defaults(func=run_titles)

    types = group.add_parser("types", help="list the event types and their rules")
    types.add_argument("--json", action="store_true", help="JSON output")
    types.set_defaults(func=run_types)

    season = group.add_parser(
        "season",
        help="a season's figures and the classification into series and tiers",
        description="Accumulate a season's events, apply the quota correction, the "
        "yearly decay and the reliquats, and classify every licensee (seed 002, A.1, B).",
    )
    _season_args(season)
    out = season.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="JSON output")
    out.add_argument(
        "--csv", action="store_true", help="CSV output (usable as next season's --previous)"
    )
    season.set_defaults(func=run_season)

    explain = group.add_parser(
        "explain",
        help="the chain of figures behind players' series",
        description="For each licence: per event the place, points, PP4, %Sn, weight and "
        "bonus, then the season totals, the decay and the rule that placed the player.",
    )
    explain.add_argument("licence", nargs="+", metavar="LICENCE", help="licence number(s)")
    _season_args(explain)
    explain.add_argument("--json", action="store_true", help="JSON output")
    explain.set_defaults(func=run_explain)


def _three(option: str, value: str) -> tuple[float, float, float]:
    try:
        values = [float(p) for p in value.split(",")]
    except ValueError:
        raise CliError(
            tr("%(option)s “%(value)s”: three numbers expected")
            % {"option": option, "value": value}
        ) from None
    if len(values) != 3 or min(values) < 0:
        raise CliError(
            tr("%(option)s “%(value)s”: three non-negative numbers expected")
            % {"option": option, "value": value}
        )
    return values[0], values[1], values[2]


def _settings(args: argparse.Namespace) -> Any:
    from arbitre.ranking import Settings

    settings = Settings()
    if args.quotas:
        settings = replace(settings, quotas=_three("--quotas", args.quotas))
    if args.federal_weeks_cap:
        cap = _three("--federal-weeks-cap", args.federal_weeks_cap)
        settings = replace(settings, federal_weeks_cap=cap)
    return settings


def _compute(args: argparse.Namespace) -> Any:
    from pathlib import Path

    from arbitre.ranking import compute_season
    from arbitre.ranking.csvformat import parse_licensees, parse_previous, read_events_dir

    lic_path = Path(args.licensees)
    licensees = parse_licensees(lic_path.read_text(encoding="utf-8-sig"), str(lic_path))
    previous = []
    if args.previous:
        prev_path = Path(args.previous)
        previous = parse_previous(prev_path.read_text(encoding="utf-8-sig"), str(prev_path))
    events = read_events_dir(args.events)
    return compute_season(
        licensees, events, previous, _settings(args), season=args.season, as_of=args.as_of
    )


def run_event(args: argparse.Namespace) -> int:
    from arbitre.ranking import score_event
    from arbitre.ranking.explain import event_line

    imported = _imported(args)
    event = imported.event
    es = score_event(event)
    if args.json:
        print_json(
            {
                "event": event.name,
                "type": event.type.code,
                "games": event.games,
                "players": es.n,
                "M": es.m_winner,
                "D": es.d,
                "Y": es.y,
                "Y_used": es.y_used,
                "present": {f"S{k}": v for k, v in es.present.items()},
                "weights": {f"S{k}": v for k, v in es.weights.items()},
                "players_scores": [
                    {
                        "licence": sc.entry.licence,
                        "name": sc.entry.name,
                        "series": sc.entry.series,
                        **event_line(es, sc),
                    }
                    for sc in es.scores
                ],
                "unknown_licences": [
                    {"line": u.line, "licence": u.licence, "name": u.name} for u in imported.unknown
                ],
            }
        )
        return 0
    w = ", ".join(f"PoidsS{k}={v:g} (A={es.present[k]})" for k, v in es.weights.items())
    head = tr(
        "%(name)s [%(type)s, %(games)s games]: n=%(n)d, M=%(m)s, D=%(d)s, Y=%(y)s (used %(used)s)"
    )
    figures = {"name": event.name, "type": event.type.code, "games": event.games, "n": es.n}
    figures |= {"m": es.m_winner, "d": f"{es.d:g}", "y": es.y, "used": es.y_used}
    print(head % figures + (f"; {w}" if w else ""))
    print(
        f"{tr('place'):>5} {tr('licence'):<10} {tr('name'):<24} {tr('ser'):<4} {'m':>5} "
        f"{'PP4':>7}  %Sn"
    )
    for sc in es.scores:
        e = sc.entry
        pcts = " ".join(
            f"S{f.series}:{'-' if f.pct is None else f'{100 * f.pct:.2f}%'}"
            + (f"+{f.bonus:.2f}" if f.bonus else "")
            for f in sc.pct
        )
        print(
            f"{sc.place:>5} {e.licence:<10} {e.name[:24]:<24} {f'{e.series}{e.tier}':<4} "
            f"{sc.points:>5} {sc.pp4:>7g}  {pcts}"
        )
    _print_unknown(imported.unknown, sys.stdout)
    return 0


def run_import(args: argparse.Namespace) -> int:
    from arbitre.ranking.csvformat import format_event_csv

    imported = _imported(args)
    sys.stdout.write(format_event_csv(imported.event))
    _print_unknown(imported.unknown, sys.stderr)
    return 0


def run_types(args: argparse.Namespace) -> int:
    from arbitre.i18n import word
    from arbitre.ranking import EVENT_TYPES

    rows = [
        {
            "code": t.code,
            "label": word(t.name, args.lang),
            "D": None if t.d_hundredths is None else t.d_hundredths / 100,
            "M": t.m_fixed,
            "pp4": t.pp4.value,
            "pct": t.pct.value,
            "cap_x1.5": t.cap_boost,
        }
        for t in EVENT_TYPES.values()
    ]
    if args.json:
        print_json(rows)
        return 0
    fixed = {}
    for r in rows:
        d = tr("by games") if r["D"] is None and r["M"] is None else r["D"]
        fixed[r["code"]] = f"M={r['M']}" if r["M"] is not None else f"D={d}"
    width = max(len(text) for text in fixed.values())
    for r in rows:
        print(
            f"{r['code']:<8} {fixed[r['code']]:<{width}} PP4 {r['pp4']:<9} %Sn {r['pct']:<9} "
            f"{r['label']}"
        )
    return 0


def _print_season_notes(result: Any, file: Any) -> None:
    from arbitre.ranking import derive_quotas

    unknown = result.unknown_licences
    if unknown:
        print(
            tr("%(count)d licence(s) of the events unknown to the licensees:")
            % {"count": len(unknown)},
            file=file,
        )
        for licence, names in sorted(unknown.items()):
            print(f"  {licence}: {', '.join(names)}", file=file)
    quotas = ", ".join(f"S{k} {q:g}" for k, q in enumerate(derive_quotas(result), start=1))
    print(
        tr("quotas for next season (seed 002 B.1, 2): %(quotas)s") % {"quotas": quotas}, file=file
    )


def _display(args: argparse.Namespace) -> str:
    """Which figures the list shows (seed 002 B.1, ruling 11 of the Duplicate ranking)."""
    if args.as_of:
        return tr(
            "In-season display on %(date)s: the rolling season (the year of events ending "
            "that day, 3/4 of it + 1/4 of the reliquat; PP4 and points not decayed), a "
            "provisional classification"
        ) % {"date": args.as_of.isoformat()}
    return tr(
        "End-of-season classification (yearly decay, divisors raised to the quotas); during "
        "the season it is a projection: --as-of DATE gives the figures published that day"
    )


def run_season(args: argparse.Namespace) -> int:
    from arbitre.ranking import derive_quotas
    from arbitre.ranking.csvformat import format_result_csv, result_rows

    result = _compute(args)
    if args.csv:
        sys.stdout.write(format_result_csv(result))
        _print_season_notes(result, sys.stderr)
        return 0
    rows = result_rows(result)
    if args.json:
        print_json(
            {
                "season": f"{result.season}-{result.season + 1}",
                "display": "rolling" if args.as_of else "end of season",
                "as_of": args.as_of.isoformat() if args.as_of else None,
                "licensees": len(result.players),
                "out_of_ranking": result.out_of_ranking,
                "unknown_licences": result.unknown_licences,
                "next_quotas": list(derive_quotas(result)),
                "players": rows,
            }
        )
        return 0
    print(
        tr("Season %(first)d-%(second)d: %(count)d licensees classified")
        % {"first": result.season, "second": result.season + 1, "count": len(rows)}
    )
    print(_display(args))
    print(
        f"{tr('series'):<7} {tr('licence'):<10} {tr('name'):<24} {'%S1':>7} {'%S2':>7} "
        f"{'%S3':>7} {'PP4':>6} {tr('points'):>7}  {tr('reason')}"
    )
    for r in rows:
        label = f"S{r['series']}{r['tier']}" + ("*" if r["super_series"] else "")
        print(
            f"{label:<7} {r['licence']:<10} {r['name'][:24]:<24} {float(r['pct_s1']):>7.2f} "
            f"{float(r['pct_s2']):>7.2f} {float(r['pct_s3']):>7.2f} {r['pp4']:>6} "
            f"{r['points']:>7}  {tr(_REASONS.get(r['reason'], r['reason']))}"
        )
    _print_season_notes(result, sys.stdout)
    return 0


def run_explain(args: argparse.Namespace) -> int:
    from arbitre.cli._ranking_text import explanation_text
    from arbitre.ranking import explanation
    from arbitre.ranking.season import player_rows

    result = _compute(args)
    players = player_rows(result, args.licence)
    if args.json:
        print_json([explanation(result, p) for p in players])
        return 0
    print("\n\n".join(explanation_text(explanation(result, p)) for p in players))
    return 0


def run_licensees(args: argparse.Namespace) -> int:
    from pathlib import Path

    from arbitre.ranking.csvformat import format_licensees_csv
    from arbitre.ranking.licensees import read_licensees

    prefixes: dict[str, str] = {}
    for part in (args.prefixes or "").split(","):
        if not part.strip():
            continue
        digits, sep, federation = part.partition("=")
        if not sep or not digits.strip().isdigit() or not federation.strip():
            raise CliError(
                tr("--prefixes “%(value)s”: write DIGITS=FEDERATION,...") % {"value": args.prefixes}
            )
        prefixes[digits.strip()] = federation.strip().upper()
    records = read_licensees(Path(args.file).read_bytes(), prefixes=prefixes or None)
    sys.stdout.write(format_licensees_csv(r.to_licensee() for r in records))
    return 0


def run_titles(args: argparse.Namespace) -> int:
    from pathlib import Path

    from arbitre.i18n import word
    from arbitre.ranking.licensees import read_licensees
    from arbitre.ranking.results_import import ARBITRE, import_results, parse_mapping
    from arbitre.ranking.titles import (
        Championship,
        Decider,
        TieDecision,
        TitleSettings,
        contenders_from,
        designate,
    )

    try:
        kind = Championship(args.championship.lower())
    except ValueError:
        known = ", ".join(c.value for c in Championship)
        raise CliError(
            tr("--championship “%(value)s”: one of %(known)s")
            % {"value": args.championship, "known": known}
        ) from None
    decisions = {}
    for item in args.decide:
        key, sep, rest = item.partition("=")
        decider, _, winner = rest.partition(":")
        try:
            decisions[key.strip()] = TieDecision(Decider(decider.strip()), winner.strip() or None)
        except ValueError:
            raise CliError(
                tr("--decide “%(value)s”: TITLE=playoff|grand_prix|lots[:WINNER]") % {"value": item}
            ) from None
    mapping = ARBITRE
    if args.mapping:
        mapping = parse_mapping(Path(args.mapping).read_text(encoding="utf-8-sig"))
    people = {r.licence: r for r in read_licensees(Path(args.licensees_file).read_bytes())}
    imported = import_results(
        Path(args.file).read_bytes(),
        mapping,
        name=Path(args.file).stem,
        known={k: (r.series, r.tier) for k, r in people.items()},
        type_code=args.type,
        games=args.games,
    )
    settings = TitleSettings(kind, national=not args.open, country=args.country.upper())
    result = designate(contenders_from(imported.rows, people), settings, decisions)
    lang = args.lang
    if args.json:
        print_json(
            [
                {
                    "title": t.key,
                    "name": word(t.name, lang),
                    "podium": [
                        {"rank": m.rank, "medal": m.medal, "licences": list(m.licences)}
                        for m in t.medallists
                    ],
                    "notes": [word(n, lang) for n in t.notes],
                    "pending": word(t.pending, lang) if t.pending else None,
                }
                for t in result
            ]
        )
        return 0
    names = {
        r.entry.licence: " ".join(x for x in (r.entry.name, r.first_name) if x)
        for r in imported.rows
    }
    for t in result:
        print(word(t.name, lang))
        for m in t.medallists:
            who = " / ".join(f"{names.get(x, '')} ({x})".strip() for x in m.licences)
            print(f"  {m.rank}. {who}")
        for n in t.notes:
            print(f"  * {word(n, lang)}")
        if t.pending:
            print(f"  ! {word(t.pending, lang)}")
    _print_unknown(imported.unknown, sys.stderr)
    return 0
