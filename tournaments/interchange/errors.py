"""The one error the interchange code raises for a bad or foreign file, with the place in the file."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from tournaments.core.errors import DomainError

_LINE = re.compile(r"\bline (\d+)")


class InterchangeError(DomainError, ValueError):
    """A file we cannot import (or a session we cannot export), naming where the trouble is.

    ``where`` is a place a director can find in the file: ``"line 123"``, ``"line 40, BOARD 7, TRAVELLER_LINE 3"``,
    ``"PAIR 4NS"``. ``str(error)`` reads ``"<where>: <message>"``.
    """

    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(message)
        self.where = where

    def __str__(self) -> str:
        return f"{self.where_text()}: {self.message}" if self.where else self.message

    def where_text(self) -> str:
        """`where` in the reader's language: "line 40" translated; the file's own names (BOARD 7) as they are."""
        return where_text(self.where)


def where_text(where: str) -> str:
    """A place in a file in the reader's language: "line 40" translated; the file's own names (BOARD 7) as they are."""
    return _LINE.sub(lambda m: _("line %(line)s") % {"line": m.group(1)}, where)


def located(where: str, message: str) -> str:
    """A note on an imported file as the director reads it: the place (its line number kept), then the sentence."""
    if not where:
        return message
    # Translators: a place in an imported file ("line 12, Board 3"), then the whole sentence about it.
    return _("%(where)s: %(message)s") % {"where": where_text(where), "message": message}
