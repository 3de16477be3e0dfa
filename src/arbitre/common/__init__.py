"""What every engine shares: messages as values and the players file reader.

>>> from arbitre.common import Message
>>> Message.of("players_csv.no_players")
Message(code='players_csv.no_players', params={})
"""

from arbitre.common.messages import Message, Refusal

__all__ = ["Message", "Refusal"]
