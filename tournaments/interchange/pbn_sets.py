"""Concatenated PBN files: several events' deals one after the other in one file, offered as separate deal sets.

Dealing programs and results pages append events to one file (a week of club deals, both sessions of a
weekend). Read as one, its second "board 1" would be refused as dealt twice. A new set starts at a game whose
[Event] names another event, or whose board number the current set already holds with another deal; a game
without a board (a TotalScoreTable) stays with the set before it. The importer takes one set, by its number.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .errors import InterchangeError
from .pbn_scan import Game


@dataclass
class DealSet:
    """One event's games in a concatenated file, numbered from 1 in file order."""

    number: int
    line: int
    event: str = ""
    games: list[Game] = field(default_factory=list)
    deals: dict[str, str] = field(default_factory=dict)  # board number -> the deal as written

    def describe(self) -> str:
        """The set as a director finds it in the file: its number, its event, its boards and its first line."""
        boards = sorted(int(b) for b in self.deals if b.isdigit())
        what = {"number": self.number, "event": f" {self.event!r}" if self.event else "", "line": self.line}
        if len(boards) > 1:
            what |= {"first": boards[0], "last": boards[-1]}
            return _("set %(number)s%(event)s (boards %(first)s-%(last)s, from line %(line)s)") % what
        if boards:
            return _("set %(number)s%(event)s (board %(first)s, from line %(line)s)") % (what | {"first": boards[0]})
        return _("set %(number)s%(event)s (no boards, from line %(line)s)") % what


def _event(game: Game) -> str:
    return game.value("Event").strip("?").strip()


def split_sets(games: list[Game]) -> list[DealSet]:
    """The file's deal sets, in order (one for an ordinary file)."""
    sets: list[DealSet] = []
    current: DealSet | None = None
    for game in games:
        event, board, deal = _event(game), game.value("Board"), game.value("Deal")
        new_event = current is not None and bool(event) and bool(current.event) and event != current.event
        earlier = current.deals.get(board, "") if current is not None else ""
        dealt_again = bool(earlier) and bool(deal) and earlier != deal
        if current is None or new_event or dealt_again:
            current = DealSet(number=len(sets) + 1, line=game.line, event=event)
            sets.append(current)
        current.event = current.event or event
        current.games.append(game)
        if board:
            current.deals[board] = current.deals.get(board, "") or deal
    return sets


def choose_set(sets: list[DealSet], number: int | None) -> list[Game]:
    """The games of set ``number``; without a number, the only set, or a refusal that lists them all."""
    if number is None:
        if len(sets) == 1:
            return sets[0].games
        listed = "; ".join(s.describe() for s in sets)
        message = ngettext(
            "the file holds %(count)s deal set: %(listed)s. Choose the set to import (Deal set on the upload page, "
            "--set N on the command line).",
            "the file holds %(count)s deal sets: %(listed)s. Choose the set to import (Deal set on the upload page, "
            "--set N on the command line).",
            len(sets),
        )
        raise InterchangeError(message % {"count": len(sets), "listed": listed}, "line 1")
    if not 1 <= number <= len(sets):
        message = ngettext(
            "there is no deal set %(number)s: the file holds %(count)s deal set.",
            "there is no deal set %(number)s: the file holds %(count)s deal sets.",
            len(sets),
        )
        raise InterchangeError(message % {"number": number, "count": len(sets)}, "line 1")
    return sets[number - 1].games
