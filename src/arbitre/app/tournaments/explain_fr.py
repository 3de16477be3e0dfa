"""French wording of the Classic pairing engine's explanations (seed 000).

The engine (``arbitre.classic.tournament.pairing``) explains each pair in English; players
and directors read French. This module rewrites the engine's fixed sentences; names and
numbers are kept as they are. A sentence it does not know is returned unchanged.
"""

from __future__ import annotations

import re

_N = r"(.+?)"

_RULES: tuple[tuple[str, str], ...] = (
    (
        r"^Table (\d+): " + _N + r" - BYE: odd number of present players; ",
        r"Table \1 : \2 exempt : nombre impair de joueurs présents ; ",
    ),
    (
        r"lowest-ranked present player not yet paired against an absent player",
        "dernier classé des joueurs présents jamais opposé à un absent",
    ),
    (
        r"every present player has had a bye or forfeit win; lowest-ranked among those with the fewest \((\d+)\)",
        r"tous les joueurs présents ont déjà été exempts ou vainqueurs par forfait ; dernier classé parmi ceux qui l'ont été le moins (\1)",
    ),
    (r" \(3 PM, own rating as Pdep\)\.", " (3 PM, sa propre cote en Pdep)."),
    (r"^Table (\d+): " + _N + " - " + _N + ": ", r"Table \1 : \2 - \3 : "),
    (r"group A, no\. (\d+) against no\. (\d+) of (\d+)\.", r"groupe A, n° \1 contre n° \2 sur \3."),
    (r"group B, no\. (\d+) against no\. (\d+)\.", r"groupe B, n° \1 contre n° \2."),
    (
        r"group of (\d+) PM has (\d+) players? unpaired \(even\): first against last\.",
        r"groupe à \1 PM, \2 joueur(s) restant(s) (pair) : premier contre dernier.",
    ),
    (
        r"group of (\d+) PM has (\d+) players? unpaired \(odd\): its first meets the first of the next group, "
        + _N
        + r" \((\d+) PM\)\.",
        r"groupe à \1 PM, \2 joueur(s) restant(s) (impair) : son premier rencontre le premier du groupe suivant, \3 (\4 PM).",
    ),
    (
        r" "
        + _N
        + " has already met "
        + _N
        + ": "
        + _N
        + " is the first unpaired player above "
        + _N
        + r" who has not met "
        + _N
        + r" \(permutation upward\)\.",
        r" \1 a déjà rencontré \2 : \3 est le premier joueur libre au-dessus de \4 qui n'a pas rencontré \5 (permutation vers le haut).",
    ),
    (
        r" "
        + _N
        + " has already met "
        + _N
        + " and every unpaired player above "
        + _N
        + ": "
        + _N
        + " is the first unpaired player below "
        + _N
        + " who has not met "
        + _N
        + r" \(permutation downward\)\.",
        r" \1 a déjà rencontré \2 et tous les joueurs libres au-dessus de \3 : \4 est le premier joueur libre au-dessous de \5 qui n'a pas rencontré \6 (permutation vers le bas).",
    ),
    (
        r" "
        + _N
        + " has already met "
        + _N
        + r" and every other unpaired player: the rematch is kept\.",
        r" \1 a déjà rencontré \2 et tous les autres joueurs libres : la revanche est maintenue.",
    ),
    (
        r" " + _N + r" starts \(fewer games started: (\d+) against (\d+)\)\.$",
        r" \1 commence (moins de parties commencées : \2 contre \3).",
    ),
    (
        r" " + _N + r" starts \(did not start their previous game\)\.$",
        r" \1 commence (n'a pas commencé sa partie précédente).",
    ),
    (r" " + _N + r" starts \(higher-ranked\)\.$", r" \1 commence (mieux classé)."),
    (
        r"^Pairing list: initial ranking \(rating descending, then name\)\.$",
        "Liste d'appariement : classement initial (cote décroissante, puis nom).",
    ),
    (
        r"^Pairing list: intermediate ranking after round (\d+) \(PM, PPM if all tied players met, Pdep, initial ranking\)\.$",
        r"Liste d'appariement : classement intermédiaire après la ronde \1 (PM, PPM si tous les ex aequo se sont rencontrés, Pdep, classement initial).",
    ),
    (
        r"^Absent, left out of the pairing \(they keep their points\): ",
        "Absents, non appariés (ils gardent leurs points) : ",
    ),
    (r"^Present: ", "Présents : "),
    (
        r"^Group A: the first (\d+) of (\d+) present players \(the even number closest to two thirds\); group B: the other (\d+)",
        r"Groupe A : les \1 premiers des \2 joueurs présents (le nombre pair le plus proche des deux tiers) ; groupe B : les \3 autres",
    ),
)

_RULES += ((r" \(the last one has the bye\)\.", " (le dernier est exempt)."),)

_COMPILED = tuple((re.compile(pattern), repl) for pattern, repl in _RULES)


def french(text: str) -> str:
    """The engine's explanation ``text`` in French."""
    for pattern, repl in _COMPILED:
        text = pattern.sub(repl, text)
    return text


RULE_LABELS = {
    "group_a": "groupe A (première ronde)",
    "group_b": "groupe B (première ronde)",
    "bye": "exempt",
    "even_group": "groupe pair",
    "odd_group": "groupe impair",
    "permutation_up": "permutation vers le haut",
    "permutation_down": "permutation vers le bas",
    "rematch_kept": "revanche maintenue",
    "override": "modifié par le directeur",
}
