"""What the chief arbiter reads aloud: the draw (seed 004, 2.1) and the top (seed 004, 2.4).

The spelling alphabet ("tableau d'épellation") is the seed's: each letter is named by a country
(Algérie for A ... Zambie for Z) and the blank is "Joker". New letters are announced as
"Pays-Lettre" in drawing order; the leave and the complete draw by the country alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitre.scrabble.tiles import sort_tiles

#: Seed 004, 2.1, "Tableau d'épellation".
SPELLING: dict[str, str] = {
    "A": "Algérie", "B": "Belgique", "C": "Canada", "D": "Danemark", "E": "Egypte",
    "F": "France", "G": "Grèce", "H": "Hongrie", "I": "Italie", "J": "Jordanie",
    "K": "Kenya", "L": "Luxembourg", "M": "Maroc", "N": "Norvège", "O": "Océanie",
    "P": "Portugal", "Q": "Québec", "R": "Roumanie", "S": "Suisse", "T": "Tunisie",
    "U": "Uruguay", "V": "Venezuela", "W": "Wallonie", "X": "Xénophon", "Y": "Yougoslavie",
    "Z": "Zambie", "?": "Joker",
}  # fmt: skip

_COUNT_WORDS = {2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept"}


def spell(tile: str) -> str:
    """The country of a tile (``?`` gives "Joker")."""
    try:
        return SPELLING[tile.upper()]
    except KeyError:
        raise ValueError(f"{tile!r} is not a tile") from None


def spell_drawn(tile: str) -> str:
    """A new letter as announced when drawn: "Suisse-S", "Joker" for a blank (2.1)."""
    return "Joker" if tile == "?" else f"{spell(tile)}-{tile.upper()}"


def grouped(tiles: str) -> list[str]:
    """The complete draw by country, identical tiles grouped: ["deux Egypte", "Suisse"] (2.1).

    Alphabetical order, the blank last.
    """
    out: list[str] = []
    ordered = sort_tiles(tiles)
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j] == ordered[i]:
            j += 1
        n = j - i
        name = spell(ordered[i])
        out.append(name if n == 1 else f"{_COUNT_WORDS.get(n, str(n))} {name}")
        i = j
    return out


@dataclass(frozen=True)
class DrawAnnouncement:
    """The announcement of one draw (seed 004, 2.1).

    ``rejected`` is the number of tiles returned by a reject (or annulment) just before, so the letters
    announced are a fresh draw and the arbiter first says how many letters went back.
    """

    move_number: int
    leave: str
    new: str
    rejected: int = 0

    @property
    def leave_spelled(self) -> list[str]:
        """The leave in alphabetical order, blank last, country alone."""
        return [spell(t) for t in sort_tiles(self.leave)]

    @property
    def new_spelled(self) -> list[str]:
        """The new letters in drawing order, "Pays-Lettre"."""
        return [spell_drawn(t) for t in self.new]

    @property
    def complete_spelled(self) -> list[str]:
        return grouped(self.leave + self.new)

    def lines(self) -> list[str]:
        """The announcement, one sentence per line, in the order of 2.1."""
        out = [f"Coup {self.move_number}."]
        if self.rejected:
            out.append(f"Rejet de {self.rejected} lettre{'s' if self.rejected > 1 else ''}.")
        if self.leave:
            n = len(self.leave)
            out.append(
                f"Reliquat de {n} lettre{'s' if n > 1 else ''} : {', '.join(self.leave_spelled)}."
            )
        elif not self.rejected and self.move_number > 1:
            out.append("Pas de reliquat.")
        if self.new:
            out.append(f"Nouvelles lettres : {', '.join(self.new_spelled)}.")
        out.append(f"Tirage : {', '.join(self.complete_spelled)}.")
        return out

    def text(self) -> str:
        return "\n".join(self.lines())


def spell_word(word: str) -> list[str]:
    """The spelling of a top (2.4): each letter, the blank's letter named by its country.

    ``MAiSON`` gives ``["M", "A", "Joker Italie", "S", "O", "N"]``.
    """
    return [f"Joker {spell(c)}" if c.islower() else c for c in word]


def announce_top(coordinate: str, word: str, score: int) -> str:
    """The top as read by the arbiter (2.4): points, direction, place, word, spelling."""
    direction = "horizontal" if coordinate[0].isalpha() else "vertical"
    return (
        f"{score} points, {direction}, en {coordinate} : {word.upper()}, "
        f"{', '.join(spell_word(word))}."
    )
