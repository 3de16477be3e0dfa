"""Arbitre: tournament and arbitration suite for Duplicate Scrabble, Classic Scrabble and backgammon.

Layers:
- engines (pure, no I/O): ``lexicon``, ``scrabble``, ``duplicate``, ``classic``, ``backgammon``, ``ranking``;
- formats: one module per file format, inside the engine it belongs to;
- application: ``app`` (Django web application and database) and ``cli`` (the ``arbitre`` command).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("arbitre")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0.0.0+unknown"
