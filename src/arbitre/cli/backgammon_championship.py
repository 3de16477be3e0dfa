"""``arbitre backgammon pair|standings|bracket|lateness``: the championship (seed 003)."""

from __future__ import annotations

import argparse
from typing import Any

from arbitre.backgammon.championship import Championship, pair_round, standings
from arbitre.backgammon.championship.bracket import BracketSettings, build_brackets
from arbitre.backgammon.championship.csvfiles import load_championship, read_bracket_results
from arbitre.backgammon.championship.lateness import (
    LatenessSettings,
    clock_lateness,
    point_penalty,
)
from arbitre.cli import CliError, message_json, print_json, with_text
from arbitre.cli._i18n import tr
from arbitre.i18n import word
from arbitre.i18n.numbers import decimal

GROUP = ("backgammon", "backgammon: championship (Swiss, tie-break, brackets) and matches")


def _name_round(value: str) -> tuple[str, int]:
    name, sep, rnd = value.rpartition(":")
    if not sep or not name:
        raise argparse.ArgumentTypeError(
            tr("expected NAME:ROUND, not “%(value)s”") % {"value": value}
        )
    try:
        return name, int(rnd)
    except ValueError:
        raise argparse.ArgumentTypeError(
            tr("the round must be a number in “%(value)s”") % {"value": value}
        ) from None


def _playoff(value: str) -> tuple[str, str]:
    winner, sep, loser = value.partition(":")
    if not sep or not winner or not loser:
        raise argparse.ArgumentTypeError(
            tr("expected WINNER:LOSER, not “%(value)s”") % {"value": value}
        )
    return winner, loser


def _sets(value: str) -> tuple[int, ...]:
    try:
        sets = tuple(int(x) for x in value.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            tr("expected lengths like 9,9,11, not “%(value)s”") % {"value": value}
        ) from None
    if not sets or len(sets) % 2 == 0 or min(sets) < 1:
        raise argparse.ArgumentTypeError(tr("an odd number of set lengths of 1 point or more"))
    return sets


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", required=True, help="players CSV: name,elo[,club,licence]")
    p.add_argument(
        "--results",
        help="results CSV: ronde,joueur_a,joueur_b,vainqueur (vainqueur: a name, exempt, "
        "forfait:<winner> or forfait:double), as the web application downloads it, or "
        "round,player_a,player_b,winner (bye, forfeit:<winner>, forfeit:both)",
    )
    p.add_argument(
        "--withdraw",
        action="append",
        type=_name_round,
        default=[],
        metavar="NAME:ROUND",
        help="the player withdrew after ROUND (0: before round 1); repeatable",
    )
    p.add_argument(
        "--late",
        action="append",
        type=_name_round,
        default=[],
        metavar="NAME:ROUND",
        help="the player joins at ROUND; repeatable",
    )
    p.add_argument("--rounds", type=int, default=7, help="rounds of the Swiss stage (default 7)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def register(group_subparsers: Any) -> None:
    pair = group_subparsers.add_parser(
        "pair",
        help="pair the next Swiss round",
        description="Pair the next round of the Swiss first stage (seed 003): ELO halves in "
        "each score group, no rematch, floaters, bye to the fewest points and lowest ELO.",
    )
    _common(pair)
    pair.add_argument("--round", type=int, help="round to pair (default: the next one)")
    pair.add_argument("--explain", action="store_true", help="explain each pair")
    pair.set_defaults(func=run_pair)

    st = group_subparsers.add_parser(
        "standings",
        help="ranking after the Swiss rounds: points, then D = 20*B + P",
        description="Ranking of the first stage: points, then D = 20*B + P (B: final points "
        "of the opponents beaten, P: FIDE performance), then play-offs.",
    )
    _common(st)
    st.add_argument("--after-round", type=int, help="standings after this round")
    st.add_argument(
        "--playoff",
        action="append",
        type=_playoff,
        default=[],
        metavar="WINNER:LOSER",
        help="a one-point play-off won by WINNER; repeatable",
    )
    st.set_defaults(func=run_standings)

    br = group_subparsers.add_parser(
        "bracket",
        help="the final bracket (top 8) and the progressive consolation",
        description="Final bracket 1-8, 4-5, 3-6, 2-7 in sets, and the progressive "
        "consolation, with the results entered so far.",
    )
    _common(br)
    br.add_argument("--playoff", action="append", type=_playoff, default=[], metavar="WINNER:LOSER")
    br.add_argument(
        "--bracket-results",
        help="bracket results CSV: match,vainqueur[,manches] or match,winner[,sets]",
    )
    br.add_argument("--qf-sets", type=_sets, default=(9, 9, 11), help="default 9,9,11")
    br.add_argument("--sf-sets", type=_sets, default=(9, 9, 11), help="default 9,9,11")
    br.add_argument("--final-sets", type=_sets, default=(11, 11, 11), help="default 11,11,11")
    br.add_argument("--consolation-sets", type=_sets, default=(9,), help="default 9")
    br.set_defaults(func=run_bracket)

    late = group_subparsers.add_parser(
        "lateness",
        help="lateness penalty (points without clock, time with clock)",
        description="Without clock (seed 003, 1.10): 1 point per 5 minutes from 20 minutes, "
        "disqualified beyond half the match length; --championship: 1-hour grace then 3 "
        "points per 5 minutes (1.8). With --clock: time taken off each clock (clock rules 1.3).",
    )
    late.add_argument("--minutes", type=float, help="lateness in minutes (without clock)")
    late.add_argument("--length", type=int, default=9, help="match length (default 9)")
    late.add_argument("--championship", action="store_true", help="seed 003, 1.8 penalties")
    late.add_argument(
        "--clock",
        nargs=2,
        type=float,
        metavar=("ARRIVAL_A", "ARRIVAL_B"),
        help="minutes after the start at which each player arrived (0: on time)",
    )
    late.add_argument("--json", action="store_true")
    late.set_defaults(func=run_lateness)


def _load(args: argparse.Namespace) -> Championship:
    champ = load_championship(args.players, args.results)
    if args.rounds < 1:
        raise CliError(tr("--rounds must be 1 or more"))
    champ.settings.rounds = args.rounds
    for name, rnd in args.withdraw:
        champ.withdraw(name, rnd)
    for name, rnd in args.late:
        champ.arrive_late(name, rnd)
    for winner, loser in getattr(args, "playoff", []):
        champ.record_playoff(winner, loser)
    return champ


def run_pair(args: argparse.Namespace) -> int:
    champ = _load(args)
    rp = pair_round(champ, args.round)
    if args.json:
        print_json(with_text(rp.to_json(explain=args.explain), args.lang))
        return 0
    print(tr("Round %(round)d") % {"round": rp.round})
    for p in rp.pairs:
        a = champ.player(p.a)
        if p.b is None:
            print(f"{p.table:>3}  {a.name} ({a.elo})  {tr('bye')}")
        else:
            b = champ.player(p.b)
            print(f"{p.table:>3}  {a.name} ({a.elo})  -  {b.name} ({b.elo})")
        if args.explain:
            print(f"     {word(p.explanation, args.lang)}")
    if args.explain and rp.rematches:
        print(word(rp.explain_lines()[-1], args.lang))
    return 0


def run_standings(args: argparse.Namespace) -> int:
    champ = _load(args)
    table = standings(champ, args.after_round)
    if args.json:
        print_json([s.to_json() for s in table])
        return 0
    print(
        f"{tr('rank'):>4}  {tr('player'):<24} {'ELO':>5} {tr('pts'):>5} {'B':>5} {'P':>5} {'D':>6}"
    )
    for s in table:
        rank = f"{s.rank}=" if s.tied else str(s.rank)
        d = int(s.d) if float(s.d).is_integer() else s.d
        flag = f"  ({tr('withdrew')})" if s.withdrawn else ""
        print(
            f"{rank:>4}  {s.name:<24} {s.elo:>5} {decimal(s.points, args.lang):>5} "
            f"{decimal(s.buchholz, args.lang):>5} {s.performance:>5} {d:>6}{flag}"
        )
    return 0


def run_bracket(args: argparse.Namespace) -> int:
    champ = _load(args)
    settings = BracketSettings(
        quarter_final=args.qf_sets,
        semi_final=args.sf_sets,
        final=args.final_sets,
        consolation=args.consolation_sets,
    )
    brackets = build_brackets(champ, settings)
    if args.bracket_results:
        for match_id, winner, sets in read_bracket_results(args.bracket_results):
            brackets.record(match_id, winner, sets)
    data = with_text(brackets.to_json(), args.lang)
    if args.json:
        print_json(data)
        return 0

    def text(value: str | dict[str, Any]) -> str:
        return value if isinstance(value, str) else str(value["text"])

    for title, key in (("Final bracket", "final"), ("Consolation", "consolation")):
        print(tr(title))
        for m in data[key]:
            result = f"  -> {m['winner']}" if m["winner"] else ""
            lengths = "/".join(str(n) for n in m["sets"])
            print(
                f"  {m['id']:<7} {text(m['round']):<30} {text(m['top'])} - {text(m['bottom'])}"
                f"  [{lengths}]{result}"
            )
    return 0


def run_lateness(args: argparse.Namespace) -> int:
    if args.clock is not None:
        c = clock_lateness(args.clock[0], args.clock[1])
        data: dict[str, Any] = {
            "deduction_a": c.deduction_a,
            "deduction_b": c.deduction_b,
            "message": message_json(c.message, args.lang),
        }
        if args.json:
            print_json(data)
        else:
            print(word(c.message, args.lang))
        return 0
    if args.minutes is None:
        raise CliError(tr("give --minutes (without clock) or --clock ARRIVAL_A ARRIVAL_B"))
    settings = LatenessSettings.championship() if args.championship else LatenessSettings()
    pen = point_penalty(args.minutes, args.length, settings)
    if args.json:
        print_json(
            {
                "minutes_late": pen.minutes_late,
                "penalty_points": pen.penalty_points,
                "disqualified": pen.disqualified,
                "message": message_json(pen.message, args.lang),
            }
        )
    else:
        print(word(pen.message, args.lang))
    return 0
