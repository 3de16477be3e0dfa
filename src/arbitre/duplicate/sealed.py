"""The sealed games of a simultané: the file a centre downloads before the start.

Format ``arbitre.duplicate.sealed``, version 1 (docs/simultanes.md)::

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

Pure: the salt and the nonce are given by the caller (the federation's server draws them).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from arbitre.common.messages import Message, Refusal
from arbitre.duplicate import short_code

FORMAT = "arbitre.duplicate.sealed"
VERSION = 1
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


@dataclass(frozen=True)
class SealedFile:
    header: Header
    kdf: Kdf
    nonce: bytes
    ciphertext: bytes


def derive_key(code: str, kdf: Kdf) -> bytes:
    """The file key of the short code ``code`` (its 20 digits, as :func:`short_code.parse`
    gives them), by scrypt with the file's salt and cost."""
    return Scrypt(salt=kdf.salt, length=KEY_BYTES, n=kdf.n, r=kdf.r, p=kdf.p).derive(
        code.encode("ascii")
    )


def _header_dict(header: Header) -> dict[str, Any]:
    return {
        "uid": header.uid,
        "name": header.name,
        "type": header.type_code,
        "starts_at": header.starts_at.isoformat(),
        "seconds_per_move": header.seconds_per_move,
        "games": header.games,
    }


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _outer(sealed: SealedFile) -> dict[str, Any]:
    """The file without its ciphertext: the associated data."""
    k = sealed.kdf
    return {
        "format": FORMAT,
        "version": VERSION,
        "simultane": _header_dict(sealed.header),
        "kdf": {"name": KDF, "n": k.n, "r": k.r, "p": k.p, "salt": _b64(k.salt)},
        "cipher": {"name": CIPHER, "nonce": _b64(sealed.nonce)},
    }


def _associated(sealed: SealedFile) -> bytes:
    return json.dumps(_outer(sealed), sort_keys=True, ensure_ascii=True).encode("ascii")


def seal(
    header: Header, games: Sequence[Mapping[str, Any]], code: str, kdf: Kdf, nonce: bytes
) -> SealedFile:
    """The games sealed under the short code ``code`` (its 20 digits)."""
    if len(games) != header.games or not 0 < len(games) <= MAX_GAMES:
        raise _refused("games_count", count=len(games), expected=header.games)
    if len(nonce) != NONCE_BYTES or len(kdf.salt) != SALT_BYTES:
        raise ValueError("nonce or salt of the wrong length")
    shell = SealedFile(header, kdf, nonce, b"")
    plain = json.dumps({"games": list(games)}, ensure_ascii=False).encode("utf-8")
    key = derive_key(code, kdf)
    return SealedFile(header, kdf, nonce, AESGCM(key).encrypt(nonce, plain, _associated(shell)))


def dumps(sealed: SealedFile) -> str:
    return json.dumps({**_outer(sealed), "ciphertext": _b64(sealed.ciphertext)}, indent=1)


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


def loads(text: str) -> SealedFile:
    """The sealed file in ``text``, checked (nothing decrypted), or :class:`SealedRefused`."""
    if len(text) > MAX_CHARS:
        raise _refused("too_large", limit=MAX_CHARS)
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise _refused("not_json") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refused("not_sealed", format=FORMAT)
    if data.get("version") != VERSION:
        raise _refused("version", version=repr(data.get("version"))[:20])
    head = _field(data, "simultane", dict)
    try:
        starts_at = datetime.fromisoformat(_field(head, "starts_at", str))
    except ValueError:
        raise _refused("bad_time") from None
    if starts_at.tzinfo is None:
        raise _refused("bad_time")
    games = _field(head, "games", int)
    if not 0 < games <= MAX_GAMES:
        raise _refused("games_count", count=games, expected=MAX_GAMES)
    header = Header(
        uid=_field(head, "uid", str)[:80],
        name=_field(head, "name", str)[:200],
        type_code=_field(head, "type", str)[:10],
        starts_at=starts_at,
        seconds_per_move=_field(head, "seconds_per_move", int),
        games=games,
    )
    if _outer(SealedFile(header, Kdf(b""), b"", b""))["simultane"] != head:
        raise _refused("wrong_type", key="simultane")  # a field too long, or one added
    raw_kdf = _field(data, "kdf", dict)
    n, r, p = (_field(raw_kdf, key, int) for key in ("n", "r", "p"))
    if (
        raw_kdf.get("name") != KDF
        or n & (n - 1)
        or not (_in(n, Kdf.N_RANGE) and _in(r, Kdf.R_RANGE) and _in(p, Kdf.P_RANGE))
    ):
        raise _refused("bad_kdf")
    kdf = Kdf(_bytes(raw_kdf, "salt", SALT_BYTES), n, r, p)
    cipher = _field(data, "cipher", dict)
    if cipher.get("name") != CIPHER:
        raise _refused("bad_cipher", cipher=str(cipher.get("name"))[:40])
    nonce = _bytes(cipher, "nonce", NONCE_BYTES)
    return SealedFile(header, kdf, nonce, _bytes(data, "ciphertext"))


def open_with_key(sealed: SealedFile, key: bytes) -> list[dict[str, Any]]:
    """The games of ``sealed``; :class:`SealedRefused` (``wrong_code``) when the key does not
    open it (another simultané's code, a mistyped one that still checks, a changed file)."""
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


def open_with_code(sealed: SealedFile, typed: str) -> list[dict[str, Any]]:
    """The games of ``sealed`` opened with a code as typed: refused first as a code
    (:class:`~arbitre.duplicate.short_code.CodeRefused`), then as a key."""
    return open_with_key(sealed, derive_key(short_code.parse(typed), sealed.kdf))
