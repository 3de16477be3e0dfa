"""``arbitre classic pair`` and ``arbitre classic standings``: Belgian-formula tournaments
(seed 000)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from arbitre.classic.tournament import Tournament, final_phase
from arbitre.classic.tournament.players_csv import read_players
from arbitre.classic.tournament.results_csv import read_final_results, read_results
from arbitre.cli import CliError, print_json
from arbitre.cli._i18n import tr
from arbitre.common.messages import Message
from arbitre.i18n import word

GROUP = ("classic", "Classic Scrabble: games and Belgian-formula tournaments")


def register(group_subparsers: Any) -> None:
    pair = group_subparsers.add_parser(
        "pair",
        help="pair the next round of a Belgian-formula tournament",
        description="Pair the next round (seed 000: groups A/B in round 1, then score "
        "groups with permutations against rematches). Results that differ from the "
        "formula's pairings are accepted and reported on stderr.",
    )
    _common(pair)
    pair.add_argument(
        "--absent",
        action="extend",
        nargs="+",
        default=[],
        metavar="NAME",
        help="player absent from the next round (forfeit announced in advance)",
    )
    pair.add_argument(
        "--withdrawn",
        action="extend",
        nargs="+",
        default=[],
        metavar="NAME",
        help="player withdrawn from the event (left out of this and later rounds)",
    )
    pair.add_argument(
        "--best-of",
        type=int,
        choices=(1, 3),
        default=1,
        help="games per match: 1 (default) or best of three (seed 000, 3.1)",
    )
    pair.add_argument("--explain", action="store_true", help="print which rule produced each pair")
    pair.set_defaults(func=run_pair)

    standings = group_subparsers.add_parser(
        "standings",
        help="ranking of a Belgian-formula tournament (PM, PPM, Pdep)",
        description="Intermediate ranking (PPM only inside groups whose players all met) "
        "or, once every round is played, the final ranking (seed 000).",
    )
    _common(standings, results_required=True)
    kind = standings.add_mutually_exclusive_group()
    kind.add_argument("--final", action="store_true", help="force the final ranking")
    kind.add_argument("--intermediate", action="store_true", help="force the intermediate ranking")
    standings.set_defaults(func=run_standings)

    final = group_subparsers.add_parser(
        "final",
        help="final phase of a Belgian-formula tournament (the first two or four)",
        description="The matches of the final phase (seed 000 preamble) from the final "
        "ranking and the final phase's results file as the web application downloads it "
        "(match,partie,joueur_haut,joueur_bas,score_haut,score_bas; one row per game, "
        "negative scores allowed), with their winners and the places they decide.",
    )
    _common(final, results_required=True)
    final.add_argument(
        "--final-phase", required=True, metavar="CSV", help="the final phase's results file"
    )
    final.add_argument(
        "--size", type=int, choices=(2, 4), default=2, help="players of the final phase"
    )
    final.add_argument(
        "--best-of", type=int, choices=(1, 3), default=1, help="games per final-phase match"
    )
    final.set_defaults(func=run_final)


def _common(parser: argparse.ArgumentParser, results_required: bool = False) -> None:
    parser.add_argument(
        "--players", required=True, metavar="CSV", help="players: name,rating[,club,licence]"
    )
    parser.add_argument(
        "--results",
        required=results_required,
        metavar="CSV",
        help="results: ronde,joueur_a,joueur_b,score_a,score_b[,commence[,perdant,cause_perte]] "
        "as the web application downloads it (forfait, exempt), or the same in English "
        "(round,player_a,player_b,score_a,score_b[,starts[,loss,loss_cause]]; forfeit, bye)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        metavar="N",
        help="number of rounds (default from the number of players: rulings Classic 1)",
    )
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def _load(args: argparse.Namespace, best_of: int = 1) -> tuple[Tournament, list[Message]]:
    players = read_players(args.players)
    if args.rounds is not None and args.rounds < 1:
        raise CliError(tr("--rounds must be at least 1"))
    tournament = Tournament(players, rounds=args.rounds, best_of=best_of)
    warnings: list[Message] = []
    if args.results:
        for rnd in read_results(args.results, players):
            warnings.extend(tournament.record_round(rnd.games))
    for note in warnings:
        print(
            tr("%(prog)s: warning: %(message)s")
            % {"prog": "arbitre", "message": word(note, args.lang)},
            file=sys.stderr,
        )
    return tournament, warnings


def _resolve(tournament: Tournament, raw: list[str], option: str) -> list[str]:
    names = {p.name.casefold(): p.name for p in tournament.players}
    out = []
    for name in raw:
        if name.casefold() not in names:
            raise CliError(
                tr("%(option)s: unknown player “%(name)s”") % {"option": option, "name": name}
            )
        out.append(names[name.casefold()])
    return out


def run_pair(args: argparse.Namespace) -> int:
    tournament, warnings = _load(args, args.best_of)
    if tournament.is_complete:
        raise CliError(
            tr("all %(rounds)d rounds are recorded; use --rounds to play more")
            % {"rounds": tournament.number_of_rounds}
        )
    for name in _resolve(tournament, args.withdrawn, "--withdrawn"):
        tournament.withdraw(name)
    absent = _resolve(tournament, args.absent, "--absent")
    pairing = tournament.pair_next_round(absent)
    if args.json:
        pairs: list[dict[str, Any]] = []
        for p in pairing.pairs:
            row: dict[str, Any] = {
                "table": p.table,
                "a": p.a,
                "b": p.b if p.b is not None else "BYE",
                "starts": p.starts,
                "rule": str(p.rule),
            }
            if tournament.best_of == 3 and not p.is_bye:
                row["starters"] = list(p.starters)
            pairs.append(row)
        out: dict[str, Any] = {
            "round": pairing.round,
            "rounds": tournament.number_of_rounds,
            "pairs": pairs,
            "absent": list(pairing.absent),
            "explain": [{"text": word(m, args.lang), **m.as_dict()} for m in pairing.explain]
            if args.explain
            else [],
        }
        if warnings:
            out["warnings"] = [{"text": word(m, args.lang), **m.as_dict()} for m in warnings]
        print_json(out)
        return 0
    print(
        tr("Round %(round)d of %(rounds)d")
        % {"round": pairing.round, "rounds": tournament.number_of_rounds}
    )
    bye = tr("BYE")
    head_a, head_b = tr("Player A"), tr("Player B")
    width = max([len(p.a) for p in pairing.pairs] + [len(head_a)])
    width_b = max([len(p.b or bye) for p in pairing.pairs] + [len(head_b)])
    print(f"{tr('Table'):>5}  {head_a:<{width}}  {head_b:<{width_b}}  {tr('Starts')}")
    for p in pairing.pairs:
        starts = " / ".join(p.starters) if p.starters else "-"
        print(f"{p.table:>5}  {p.a:<{width}}  {p.b or bye:<{width_b}}  {starts}")
    if pairing.absent:
        print(tr("Absent: %(names)s") % {"names": ", ".join(pairing.absent)})
    if args.explain:
        print()
        for line in pairing.explain:
            print(word(line, args.lang))
    return 0


def run_standings(args: argparse.Namespace) -> int:
    tournament, _ = _load(args)
    final: bool | None = True if args.final else (False if args.intermediate else None)
    rows = tournament.standings(final)
    is_final = tournament.is_complete if final is None else final
    if args.json:
        print_json(
            [
                {
                    "rank": r.rank,
                    "name": r.name,
                    "pm": r.pm,
                    "ppm": r.ppm,
                    "pdep": r.pdep,
                    "games": r.games,
                    "ppm_used": r.ppm_used,
                    "ex_aequo": r.ex_aequo,
                    "rating": r.player.rating,
                    "club": r.player.club,
                    "final": is_final,
                }
                for r in rows
            ]
        )
        return 0
    title = (
        tr("Final ranking after %(played)d of %(rounds)d rounds")
        if is_final
        else tr("Intermediate ranking after %(played)d of %(rounds)d rounds")
    )
    print(title % {"played": len(tournament.rounds), "rounds": tournament.number_of_rounds})
    head = tr("Name")
    width = max([len(r.name) for r in rows] + [len(head)])
    print(f"{tr('Rank'):>5}  {head:<{width}}  {'PM':>3}  {'PPM':>4}  {'Pdep':>7}  {tr('Games')}")
    for r in rows:
        rank = f"{r.rank}{'=' if r.ex_aequo else ''}"
        ppm = f"{r.ppm}" if r.ppm_used else f"({r.ppm})"
        print(f"{rank:>5}  {r.name:<{width}}  {r.pm:>3}  {ppm:>4}  {r.pdep:>7}  {r.games}")
    if not is_final and any(not r.ppm_used for r in rows):
        print(tr("(PPM in brackets: not used, the tied players have not all met.)"))
    return 0


def run_final(args: argparse.Namespace) -> int:
    """The final phase from the final ranking's first ``--size`` and the results file; a
    match whose players differ from the ranking's is refused."""
    tournament, _ = _load(args)
    if not tournament.is_complete:
        raise CliError(
            tr("the final phase follows the last round: %(played)d of %(rounds)d rounds recorded")
            % {"played": len(tournament.rounds), "rounds": tournament.number_of_rounds}
        )
    qualified = [r.name for r in tournament.standings(True)]
    names = {n.casefold(): n for n in qualified}
    rows = read_final_results(args.final_phase)
    try:
        results = {r.match: list(r.games) for r in rows}
        matches = final_phase.resolve(qualified, args.size, args.best_of, results)
    except final_phase.FinalPhaseError as exc:
        raise CliError(word(exc.message, args.lang)) from None
    by_id = {m.id: m for m in matches}
    for r in rows:
        m = by_id[r.match]
        given = (names.get(r.top.casefold(), r.top), names.get(r.bottom.casefold(), r.bottom))
        if given != (m.top, m.bottom):
            raise CliError(
                tr(
                    "%(file)s: match %(match)s is %(top)s against %(bottom)s by the ranking, "
                    "not %(given_top)s against %(given_bottom)s"
                )
                % {
                    "file": args.final_phase,
                    "match": r.match,
                    "top": m.top,
                    "bottom": m.bottom,
                    "given_top": r.top,
                    "given_bottom": r.bottom,
                }
            )
    places = final_phase.final_places(matches)
    if args.json:
        print_json(
            {
                "matches": [
                    {
                        "match": m.id,
                        "top": m.top,
                        "bottom": m.bottom,
                        "games": [list(g) for g in m.games],
                        "winner": m.winner,
                    }
                    for m in matches
                ],
                "places": places,
            }
        )
        return 0
    for m in matches:
        games = " ".join(f"{a}:{b}" for a, b in m.games) or "-"
        players = f"{m.top or '?'} - {m.bottom or '?'}  {games}"
        print(tr("%(field)s: %(value)s") % {"field": word(m.name, args.lang), "value": players})
        if m.winner:
            print(tr("  winner: %(name)s") % {"name": m.winner})
    for name, place in sorted(places.items(), key=lambda item: item[1]):
        print(f"{place}. {name}")
    return 0
