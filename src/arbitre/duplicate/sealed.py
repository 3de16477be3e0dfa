"""The sealed games of a simultané: the file a centre downloads before the start.

Format ``arbitre.duplicate.sealed``, version 2 (docs/simultanes.md): each game sealed
under its own code and released at its own official start (a TSAP's second game is not
opened with its first)::

    {"format": "arbitre.duplicate.sealed", "version": 2,
     "simultane": {"uid": "sim-3f2a...", "name": "TSAP de la Semaine fédérale",
                   "type": "TSAP", "starts_at": "2027-03-12T13:00:00+00:00",
                   "seconds_per_move": 180, "games": 2,
                   "game_starts": ["2027-03-12T13:00:00+00:00",
                                   "2027-03-12T15:30:00+00:00"]},
     "kdf": {"name": "scrypt", "n": 32768, "r": 8, "p": 1},
     "cipher": {"name": "AES-256-GCM"},
     "games": [{"salt": "<base64, 16 bytes>", "nonce": "<base64, 12 bytes>",
                "ciphertext": "<base64>"}, ...]}

Game ``k``'s plaintext is ``{"game": record}``, its key derived from game ``k``'s code with
its own salt; its associated data is the file without the games' ciphertexts, plus ``k``,
its salt and its nonce, so that a game's part moved to another place does not open.

Version 1, still read (one code and one start for every game)::

    {"format": "arbitre.duplicate.sealed", "version": 1,
     "simultane": {"uid": "sim-3f2a...", "name": "Simultané fédéral de mars",
                   "type": "SF", "starts_at": "2027-03-12T13:00:00+00:00",
                   "seconds_per_move": 180, "games": 1},
     "kdf": {"name": "scrypt", "n": 32768, "r": 8, "p": 1, "salt": "<base64, 16 bytes>"},
     "cipher": {"name": "AES-256-GCM", "nonce": "<base64, 12 bytes>"},
     "ciphertext": "<base64>"}

The games (pre-drawn Duplicate game records, :mod:`arbitre.duplicate.record`) are the
plaintext, as ``{"games": [record, ...]}``, encrypted with AES-256-GCM
(``cryptography``). The key is derived from the simultané's short code
(:mod:`arbitre.duplicate.short_code`) by scrypt with the file's salt; the federation's
server releases the code at the official start, or reads it out by phone. Everything but
the ciphertext is the cipher's associated data: a file whose name, type, hour or games
count was changed does not open, whatever the code.

Pure: the salts and the nonces are given by the caller (the federation's server draws them).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import pairwise
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from arbitre.common.messages import Message, Refusal
from arbitre.duplicate import short_code

FORMAT = "arbitre.duplicate.sealed"
VERSION = 2
#: The versions read: 1 (one code for every game) and 2 (a code per game).
READ_VERSIONS = (1, 2)
CIPHER = "AES-256-GCM"
KDF = "scrypt"
KEY_BYTES = 32
SALT_BYTES = 16
NONCE_BYTES = 12
#: The largest sealed file read (a simultané's games are a few tens of kilobytes).
MAX_CHARS = 8 * 1024 * 1024
#: The most games one simultané seals.
MAX_GAMES = 20

MESSAGE_CODES = frozenset(
    f"duplicate.sealed.{name}"
    for name in (
        "not_json",
        "not_sealed",
        "version",
        "missing",
        "wrong_type",
        "too_large",
        "bad_kdf",
        "bad_cipher",
        "bad_base64",
        "bad_time",
        "games_count",
        "wrong_code",
        "bad_content",
    )
)
"""Refusals of a sealed file (``duplicate.sealed.*``)."""


class SealedRefused(Refusal):
    """A sealed file that cannot be read or opened: the reason as a message."""


def _refused(code: str, /, **params: str | int) -> SealedRefused:
    return SealedRefused(Message.of(f"duplicate.sealed.{code}", **params))


@dataclass(frozen=True)
class Kdf:
    """scrypt's cost (``n`` a power of two, ``r``, ``p``) and the file's salt."""

    salt: bytes
    n: int = 2**15
    r: int = 8
    p: int = 1

    #: Bounds a file must keep: a file asking for more memory is refused unread.
    N_RANGE = (2**10, 2**20)
    R_RANGE = (1, 16)
    P_RANGE = (1, 4)


@dataclass(frozen=True)
class Header:
    """What a centre reads before the start: the simultané, not its games."""

    uid: str
    name: str
    type_code: str
    starts_at: datetime
    seconds_per_move: int
    games: int
    #: each game's official start (version 2); empty: every game at ``starts_at`` (v1)
    game_starts: tuple[datetime, ...] = ()

    def start_of(self, number: int) -> datetime:
        """The official start of game ``number`` (1-based)."""
        return self.game_starts[number - 1] if self.game_starts else self.starts_at


@dataclass(frozen=True)
class Part:
    """One game sealed under its own code (version 2)."""

    salt: bytes
    nonce: bytes
    ciphertext: bytes


@dataclass(frozen=True)
class SealedFile:
    """A sealed file: version 1 keeps one salt (in ``kdf``), ``nonce`` and ``ciphertext``
    for every game; version 2 one :class:`Part` per game (``kdf`` gives the cost alone)."""

    header: Header
    kdf: Kdf
    nonce: bytes
    ciphertext: bytes
    parts: tuple[Part, ...] = ()

    @property
    def version(self) -> int:
        return 2 if self.parts else 1


def derive_key(code: str, kdf: Kdf) -> bytes:
    """The file key of the short code ``code`` (its 20 digits, as :func:`short_code.parse`
    gives them), by scrypt with the file's salt and cost."""
    return Scrypt(salt=kdf.salt, length=KEY_BYTES, n=kdf.n, r=kdf.r, p=kdf.p).derive(
        code.encode("ascii")
    )


def _header_dict(header: Header) -> dict[str, Any]:
    out: dict[str, Any] = {
        "uid": header.uid,
        "name": header.name,
        "type": header.type_code,
        "starts_at": header.starts_at.isoformat(),
        "seconds_per_move": header.seconds_per_move,
        "games": header.games,
    }
    if header.game_starts:
        out["game_starts"] = [t.isoformat() for t in header.game_starts]
    return out


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _outer(sealed: SealedFile) -> dict[str, Any]:
    """The file without its ciphertext(s): the associated data (v2: of every game)."""
    k = sealed.kdf
    if sealed.version == 1:
        return {
            "format": FORMAT,
            "version": 1,
            "simultane": _header_dict(sealed.header),
            "kdf": {"name": KDF, "n": k.n, "r": k.r, "p": k.p, "salt": _b64(k.salt)},
            "cipher": {"name": CIPHER, "nonce": _b64(sealed.nonce)},
        }
    return {
        "format": FORMAT,
        "version": 2,
        "simultane": _header_dict(sealed.header),
        "kdf": {"name": KDF, "n": k.n, "r": k.r, "p": k.p},
        "cipher": {"name": CIPHER},
    }


def _as_ascii(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=True).encode("ascii")


def _associated(sealed: SealedFile) -> bytes:
    return _as_ascii(_outer(sealed))


def _part_associated(sealed: SealedFile, number: int, salt: bytes, nonce: bytes) -> bytes:
    """Game ``number``'s associated data (v2): the file, the game's place, salt and nonce."""
    return _as_ascii(
        {"file": _outer(sealed), "game": number, "salt": _b64(salt), "nonce": _b64(nonce)}
    )


def seal(
    header: Header, games: Sequence[Mapping[str, Any]], code: str, kdf: Kdf, nonce: bytes
) -> SealedFile:
    """The games sealed under the one short code ``code`` (its 20 digits): version 1, as
    the first simultanés were published (kept so that such files are still made and read
    in tests; the federation now seals with :func:`seal_each`)."""
    if len(games) != header.games or not 0 < len(games) <= MAX_GAMES:
        raise _refused("games_count", count=len(games), expected=header.games)
    if len(nonce) != NONCE_BYTES or len(kdf.salt) != SALT_BYTES:
        raise ValueError("nonce or salt of the wrong length")
    shell = SealedFile(header, kdf, nonce, b"")
    plain = json.dumps({"games": list(games)}, ensure_ascii=False).encode("utf-8")
    key = derive_key(code, kdf)
    return SealedFile(header, kdf, nonce, AESGCM(key).encrypt(nonce, plain, _associated(shell)))


def seal_each(
    header: Header,
    games: Sequence[Mapping[str, Any]],
    codes: Sequence[str],
    cost: Kdf,
    salts: Sequence[bytes],
    nonces: Sequence[bytes],
) -> SealedFile:
    """Version 2: game ``k`` sealed under ``codes[k-1]`` (its 20 digits) with its own salt
    and nonce; ``header.game_starts`` gives each game's start (in order, the first at
    ``header.starts_at``). ``cost`` gives scrypt's cost, its salt unused."""
    count = len(games)
    if count != header.games or not 0 < count <= MAX_GAMES:
        raise _refused("games_count", count=count, expected=header.games)
    if not len(codes) == len(salts) == len(nonces) == len(header.game_starts) == count:
        raise ValueError("one code, salt, nonce and start per game")
    if any(len(n) != NONCE_BYTES for n in nonces) or any(len(s) != SALT_BYTES for s in salts):
        raise ValueError("nonce or salt of the wrong length")
    if not _in_order(header):
        raise _refused("bad_time")
    cost = Kdf(b"", cost.n, cost.r, cost.p)
    shell = SealedFile(header, cost, b"", b"", parts=(Part(b"", b"", b""),))
    parts = []
    for number, (game, code, salt, nonce) in enumerate(
        zip(games, codes, salts, nonces, strict=True), start=1
    ):
        plain = json.dumps({"game": dict(game)}, ensure_ascii=False).encode("utf-8")
        key = derive_key(code, Kdf(salt, cost.n, cost.r, cost.p))
        associated = _part_associated(shell, number, salt, nonce)
        parts.append(Part(salt, nonce, AESGCM(key).encrypt(nonce, plain, associated)))
    return SealedFile(header, cost, b"", b"", parts=tuple(parts))


def _in_order(header: Header) -> bool:
    """Each game starts with or after the one before, the first at the simultané's start."""
    starts = header.game_starts
    return not starts or (
        starts[0] == header.starts_at and all(a <= b for a, b in pairwise(starts))
    )


def dumps(sealed: SealedFile) -> str:
    if sealed.version == 1:
        return json.dumps({**_outer(sealed), "ciphertext": _b64(sealed.ciphertext)}, indent=1)
    games = [
        {"salt": _b64(p.salt), "nonce": _b64(p.nonce), "ciphertext": _b64(p.ciphertext)}
        for p in sealed.parts
    ]
    return json.dumps({**_outer(sealed), "games": games}, indent=1)


def _field(obj: Any, key: str, kind: type | tuple[type, ...]) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise _refused("missing", key=key)
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _refused("wrong_type", key=key)
    return value


def _bytes(obj: Any, key: str, length: int | None = None) -> bytes:
    text = _field(obj, key, str)
    try:
        data = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise _refused("bad_base64", key=key) from None
    if length is not None and len(data) != length:
        raise _refused("bad_base64", key=key)
    return data


def _in(value: int, bounds: tuple[int, int]) -> bool:
    return bounds[0] <= value <= bounds[1]


def _time(text: Any) -> datetime:
    if not isinstance(text, str):
        raise _refused("bad_time")
    try:
        found = datetime.fromisoformat(text)
    except ValueError:
        raise _refused("bad_time") from None
    if found.tzinfo is None:
        raise _refused("bad_time")
    return found


def _header(data: dict[str, Any], version: int) -> Header:
    head = _field(data, "simultane", dict)
    starts_at = _time(_field(head, "starts_at", str))
    games = _field(head, "games", int)
    if not 0 < games <= MAX_GAMES:
        raise _refused("games_count", count=games, expected=MAX_GAMES)
    starts: tuple[datetime, ...] = ()
    if version == 2:
        listed = _field(head, "game_starts", list)
        if len(listed) != games:
            raise _refused("games_count", count=len(listed), expected=games)
        starts = tuple(_time(t) for t in listed)
    header = Header(
        uid=_field(head, "uid", str)[:80],
        name=_field(head, "name", str)[:200],
        type_code=_field(head, "type", str)[:10],
        starts_at=starts_at,
        seconds_per_move=_field(head, "seconds_per_move", int),
        games=games,
        game_starts=starts,
    )
    if _header_dict(header) != head:
        raise _refused("wrong_type", key="simultane")  # a field too long, or one added
    if not _in_order(header):
        raise _refused("bad_time")
    return header


def _cost(data: dict[str, Any], version: int) -> Kdf:
    raw_kdf = _field(data, "kdf", dict)
    n, r, p = (_field(raw_kdf, key, int) for key in ("n", "r", "p"))
    if (
        raw_kdf.get("name") != KDF
        or n & (n - 1)
        or not (_in(n, Kdf.N_RANGE) and _in(r, Kdf.R_RANGE) and _in(p, Kdf.P_RANGE))
    ):
        raise _refused("bad_kdf")
    return Kdf(_bytes(raw_kdf, "salt", SALT_BYTES) if version == 1 else b"", n, r, p)


def loads(text: str) -> SealedFile:
    """The sealed file in ``text`` (version 1 or 2), checked (nothing decrypted), or
    :class:`SealedRefused`."""
    if len(text) > MAX_CHARS:
        raise _refused("too_large", limit=MAX_CHARS)
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise _refused("not_json") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refused("not_sealed", format=FORMAT)
    version = data.get("version")
    if isinstance(version, bool) or version not in READ_VERSIONS:
        raise _refused("version", version=repr(version)[:20])
    header = _header(data, version)
    kdf = _cost(data, version)
    cipher = _field(data, "cipher", dict)
    if cipher.get("name") != CIPHER:
        raise _refused("bad_cipher", cipher=str(cipher.get("name"))[:40])
    if version == 1:
        nonce = _bytes(cipher, "nonce", NONCE_BYTES)
        return SealedFile(header, kdf, nonce, _bytes(data, "ciphertext"))
    listed = _field(data, "games", list)
    if len(listed) != header.games:
        raise _refused("games_count", count=len(listed), expected=header.games)
    parts = tuple(
        Part(
            _bytes(p, "salt", SALT_BYTES), _bytes(p, "nonce", NONCE_BYTES), _bytes(p, "ciphertext")
        )
        for p in listed
    )
    return SealedFile(header, kdf, b"", b"", parts=parts)


def open_with_key(sealed: SealedFile, key: bytes) -> list[dict[str, Any]]:
    """The games of a version 1 file; :class:`SealedRefused` (``wrong_code``) when the key
    does not open it (another simultané's code, a mistyped one that still checks, a changed
    file)."""
    if sealed.version != 1:
        raise _refused("wrong_code")
    try:
        plain = AESGCM(key).decrypt(sealed.nonce, sealed.ciphertext, _associated(sealed))
    except (InvalidTag, ValueError):
        raise _refused("wrong_code") from None
    try:
        games = json.loads(plain.decode("utf-8"))["games"]
    except (ValueError, KeyError, TypeError):
        raise _refused("bad_content") from None
    if not isinstance(games, list) or not all(isinstance(g, dict) for g in games):
        raise _refused("bad_content")
    if len(games) != sealed.header.games:
        raise _refused("games_count", count=len(games), expected=sealed.header.games)
    return games


def _open_part(sealed: SealedFile, number: int, code: str) -> dict[str, Any]:
    part = sealed.parts[number - 1]
    key = derive_key(code, Kdf(part.salt, sealed.kdf.n, sealed.kdf.r, sealed.kdf.p))
    associated = _part_associated(sealed, number, part.salt, part.nonce)
    try:
        plain = AESGCM(key).decrypt(part.nonce, part.ciphertext, associated)
    except (InvalidTag, ValueError):
        raise _refused("wrong_code") from None
    try:
        game = json.loads(plain.decode("utf-8"))["game"]
    except (ValueError, KeyError, TypeError):
        raise _refused("bad_content") from None
    if not isinstance(game, dict):
        raise _refused("bad_content")
    return game


def open_game(sealed: SealedFile, number: int, typed: str) -> dict[str, Any]:
    """Game ``number`` (1-based) opened with a code as typed: in a version 2 file, game
    ``number``'s code alone opens it (another game's code is refused as not opening); in
    a version 1 file, the one code opens every game. Refused first as a code
    (:class:`~arbitre.duplicate.short_code.CodeRefused`), then as a key."""
    if not 1 <= number <= sealed.header.games:
        raise _refused("games_count", count=number, expected=sealed.header.games)
    code = short_code.parse(typed)
    if sealed.version == 1:
        return open_with_key(sealed, derive_key(code, sealed.kdf))[number - 1]
    return _open_part(sealed, number, code)


def open_with_code(sealed: SealedFile, typed: str) -> list[dict[str, Any]]:
    """The games a code as typed opens: every game of a version 1 file; in a version 2
    file, the one game whose code it is (each game tried, in order). Refused first as a
    code (:class:`~arbitre.duplicate.short_code.CodeRefused`), then as a key."""
    code = short_code.parse(typed)
    if sealed.version == 1:
        return open_with_key(sealed, derive_key(code, sealed.kdf))
    for number in range(1, sealed.header.games + 1):
        try:
            return [_open_part(sealed, number, code)]
        except SealedRefused as exc:
            if exc.message.code != "duplicate.sealed.wrong_code":
                raise
    raise _refused("wrong_code")
