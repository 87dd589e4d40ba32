"""Concatenated PBN files: several events' deals one after the other in one file, offered as separate deal sets.

Dealing programs and results pages append events to one file (a week of club deals, both sessions of a
weekend). Read as one, its second "board 1" would be refused as dealt twice. A new set starts at a game whose
[Event] names another event, or whose board number the current set already holds with another deal; a game
without a board (a TotalScoreTable) stays with the set before it. The importer takes one set, by its number.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

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
        boards = sorted(int(b) for b in self.deals if b.isdigit())
        span = (
            f"boards {boards[0]}-{boards[-1]}" if len(boards) > 1 else f"board {boards[0]}" if boards else "no boards"
        )
        name = f" {self.event!r}" if self.event else ""
        return f"set {self.number}{name} ({span}, from line {self.line})"


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
        raise InterchangeError(
            _(
                "the file holds %(count)s deal sets: %(listed)s. Choose the set to import (Deal set "
                "on the upload page, --set N on the command line)."
            )
            % {"count": len(sets), "listed": listed},
            "line 1",
        )
    if not 1 <= number <= len(sets):
        count = f"{len(sets)} deal set" + ("" if len(sets) == 1 else "s")
        raise InterchangeError(
            _("there is no deal set %(number)s: the file holds %(count)s.") % {"number": number, "count": count},
            "line 1",
        )
    return sets[number - 1].games
