"""What the chief arbiter reads aloud: the draw (seed 004, 2.1) and the top (seed 004, 2.4).

The spelling alphabet ("tableau d'épellation") is the seed's: each letter is named by a country
(Algérie for A ... Zambie for Z) and the blank is "Joker". New letters are announced as
"Pays-Lettre" in drawing order; the leave and the complete draw by the country alone. The
country names are the seed's table, the same in every language.

The announcement is a printed (and spoken) document: :meth:`DrawAnnouncement.messages` and
:func:`top_message` give it as messages (``duplicate.announcement.*``);
:meth:`DrawAnnouncement.lines` and :func:`announce_top` word them through the catalogue
(``arbitre.i18n``) in ``lang``, French by default.

>>> DrawAnnouncement(3, "EE", "SAT").lines()[1:]
['Reliquat de 2 lettres : Egypte, Egypte.', 'Nouvelles lettres : Suisse-S, Algérie-A, Tunisie-T.', 'Tirage : Algérie, deux Egypte, Suisse, Tunisie.']
>>> announce_top("4H", "MAiSON", 30, "en")
'30 points, vertical, at 4H: MAISON, M, A, Joker Italie, S, O, N.'
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitre.common.messages import Message, Param
from arbitre.i18n import DEFAULT_LANGUAGE, word
from arbitre.scrabble.tiles import sort_tiles

MESSAGE_CODES = frozenset(
    f"duplicate.announcement.{name}"
    for name in (
        "move",
        "rejected_one",
        "rejected_many",
        "annulled_one",
        "annulled_many",
        "leave_one",
        "leave_many",
        "no_leave",
        "new_letters",
        "draw",
        "playing_time",
        "group",
        *(f"group_{n}" for n in range(2, 8)),
        "top_horizontal",
        "top_vertical",
    )
)
"""The sentences of an announcement (``duplicate.announcement.*``)."""

#: Seed 004, 2.1, "Tableau d'épellation".
SPELLING: dict[str, str] = {
    "A": "Algérie", "B": "Belgique", "C": "Canada", "D": "Danemark", "E": "Egypte",
    "F": "France", "G": "Grèce", "H": "Hongrie", "I": "Italie", "J": "Jordanie",
    "K": "Kenya", "L": "Luxembourg", "M": "Maroc", "N": "Norvège", "O": "Océanie",
    "P": "Portugal", "Q": "Québec", "R": "Roumanie", "S": "Suisse", "T": "Tunisie",
    "U": "Uruguay", "V": "Venezuela", "W": "Wallonie", "X": "Xénophon", "Y": "Yougoslavie",
    "Z": "Zambie", "?": "Joker",
}  # fmt: skip


def _message(code: str, /, **params: Param) -> Message:
    return Message.of(f"duplicate.announcement.{code}", **params)


def spell(tile: str) -> str:
    """The country of a tile (``?`` gives "Joker")."""
    try:
        return SPELLING[tile.upper()]
    except KeyError:
        raise ValueError(f"{tile!r} is not a tile") from None


def spell_drawn(tile: str) -> str:
    """A new letter as announced when drawn: "Suisse-S", "Joker" for a blank (2.1)."""
    return "Joker" if tile == "?" else f"{spell(tile)}-{tile.upper()}"


def grouped_messages(tiles: str) -> list[Message | str]:
    """The complete draw by country, identical tiles grouped (2.1): a country alone, or a
    message (``deux Egypte``). Alphabetical order, the blank last."""
    out: list[Message | str] = []
    ordered = sort_tiles(tiles)
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j] == ordered[i]:
            j += 1
        n = j - i
        name = spell(ordered[i])
        if n == 1:
            out.append(name)
        elif n <= 7:
            out.append(_message(f"group_{n}", country=name))
        else:
            out.append(_message("group", count=n, country=name))
        i = j
    return out


def grouped(tiles: str, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """The complete draw by country, identical tiles grouped: ["deux Egypte", "Suisse"] (2.1)."""
    return [_worded(item, lang) for item in grouped_messages(tiles)]


def _worded(item: Message | str, lang: str) -> str:
    return item if isinstance(item, str) else word(item, lang)


@dataclass(frozen=True)
class DrawAnnouncement:
    """The announcement of one draw (seed 004, 2.1).

    ``rejected`` is the number of tiles returned by a reject (or annulment) just before, so the letters
    announced are a fresh draw and the arbiter first says how many letters went back.
    ``start`` and ``end``: the start and the end of the playing time as the clock reads them
    (``14:03:00``), announced last (2.1); empty until the time is started.
    """

    move_number: int
    leave: str
    new: str
    rejected: int = 0
    #: the letters went back because the arbiter annulled the draw or the move (5.2), not
    #: because the draw was invalid (2.2)
    annulled: bool = False
    start: str = ""
    end: str = ""

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
        """The complete draw, identical tiles grouped, in French (see :func:`grouped`)."""
        return grouped(self.leave + self.new)

    def messages(self, lang: str = DEFAULT_LANGUAGE) -> list[Message]:
        """The announcement, one sentence per message, in the order of 2.1 (the grouped
        draw, ``deux Egypte``, is worded in ``lang``)."""
        out = [_message("move", number=self.move_number)]
        if self.rejected:
            one = self.rejected == 1
            kind = "annulled" if self.annulled else "rejected"
            out.append(_message(f"{kind}_{'one' if one else 'many'}", count=self.rejected))
        if self.leave:
            n = len(self.leave)
            letters = ", ".join(self.leave_spelled)
            out.append(_message("leave_one" if n == 1 else "leave_many", count=n, letters=letters))
        elif not self.rejected and self.move_number > 1:
            out.append(_message("no_leave"))
        if self.new:
            out.append(_message("new_letters", letters=", ".join(self.new_spelled)))
        complete = ", ".join(grouped(self.leave + self.new, lang))
        out.append(_message("draw", letters=complete))
        if self.start:
            out.append(_message("playing_time", start=self.start, end=self.end))
        return out

    def lines(self, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        """The announcement worded in ``lang``, one sentence per line."""
        return [word(m, lang) for m in self.messages(lang)]

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return "\n".join(self.lines(lang))


def spell_word(word: str) -> list[str]:
    """The spelling of a top (2.4): each letter, the blank's letter named by its country.

    ``MAiSON`` gives ``["M", "A", "Joker Italie", "S", "O", "N"]``.
    """
    return [f"Joker {spell(c)}" if c.islower() else c for c in word]


def top_message(coordinate: str, letters: str, score: int) -> Message:
    """The top as read by the arbiter (2.4): points, direction, place, word, spelling."""
    code = "top_horizontal" if coordinate[0].isalpha() else "top_vertical"
    spelled = ", ".join(spell_word(letters))
    return _message(
        code, score=score, coordinate=coordinate, word=letters.upper(), spelling=spelled
    )


def announce_top(coordinate: str, letters: str, score: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """:func:`top_message` worded in ``lang``."""
    return word(top_message(coordinate, letters, score), lang)
