"""The party games, each a small pure module with a ``GAME`` that speaks :class:`.base.Game`.

The registry finds them by looking at this package, so adding a game touches its own module (and its
tests) and nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil

from scoring.messages import gettext as _

from ..types import PartyError
from .base import Game, GameError

__all__ = ["GAMES", "Game", "GameError", "game"]


def _discover() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name == "base":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        rules = getattr(module, "GAME", None)
        if rules is not None:
            found[rules.code] = rules
    return found


GAMES: dict[str, Game] = _discover()


def game(code: str) -> Game:
    """The rules of the game called ``code`` ("whist", "five-hundred", ...)."""
    try:
        return GAMES[code]
    except KeyError:
        message = _("Unknown game %(game)r: choose one of %(games)s.")
        raise PartyError(message % {"game": code, "games": ", ".join(map(repr, sorted(GAMES)))}) from None
