"""Messages as values: a code and its parameters, worded by the interface, never by an engine.

An engine reports a refusal, a sanction, a warning or an explanation as a :class:`Message`;
the web application and the command line word it through the translation catalogue
(``arbitre.i18n``), French first. No sentence is parsed back.

>>> m = Message.of("players_csv.duplicate", column="name", value="Alice", first_line=2)
>>> m.code, m.params["first_line"]
('players_csv.duplicate', 2)
>>> m.as_dict()
{'code': 'players_csv.duplicate', 'params': {'column': 'name', 'value': 'Alice', 'first_line': 2}}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

Param: TypeAlias = "str | int | float | bool | None | Message"
"""A parameter: a plain value, or a message worded in its turn (a match's name, a rule)."""


@dataclass(frozen=True)
class Message:
    """What an engine says: a stable ``code`` (``family.name``) and its parameters."""

    code: str
    params: dict[str, Param] = field(default_factory=dict)
    """Values by name; a :class:`Message` among them is worded in its turn."""

    @classmethod
    def of(cls, code: str, **params: Param) -> Message:
        return cls(code, dict(params))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Message:
        """The message of :meth:`as_dict`'s output (nested messages included).

        >>> Message.from_dict(Message.of("a", inner=Message.of("b")).as_dict())
        Message(code='a', params={'inner': Message(code='b', params={})})
        """
        params: dict[str, Param] = {}
        for key, value in dict(data.get("params") or {}).items():
            params[key] = cls.from_dict(value) if isinstance(value, dict) else value
        return cls(str(data["code"]), params)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form (nested messages as dicts too)."""
        params = {k: v.as_dict() if isinstance(v, Message) else v for k, v in self.params.items()}
        return {"code": self.code, "params": params}


class Refusal(ValueError):
    """An input an engine refuses, with the reason as a :class:`Message`.

    ``str()`` gives the code and parameters, for logs and tests; users see the worded text.
    """

    def __init__(self, message: Message) -> None:
        self.message = message
        params = ", ".join(f"{k}={v!r}" for k, v in message.params.items())
        super().__init__(f"{message.code}({params})")
