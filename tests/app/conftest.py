"""Fixtures of the application-wide tests."""

from tests.app.world import world

__all__ = ["world"]
