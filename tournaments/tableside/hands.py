"""Hands entered at the table, for boards shuffled and dealt there (the director's setting).

The first table to play a board types its four hands on the card grid; they are checked (scoring.hands: 13 cards
a hand, 52 in all) and stored as the board's deal by the session's own service (sessions.services.dealing), so
leads are checked against it, later tables see it after playing, and hand records, double dummy and par follow.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from scoring.errors import ScoringError
from scoring.hands import InvalidHands, deal_from_cards
from scoring.play import check_cards
from tournaments.core.errors import CONFLICT, REFUSED, DomainError
from tournaments.sessions.models import Board
from tournaments.sessions.services.dealing import HandsRefused, enter_hands
from tournaments.tableside.models import TableLink, TableSettings
from tournaments.tableside.state import current_row, entered_at, table_rows


class HandsError(DomainError):
    """Hands refused: not asked for, not this table's board, already entered (conflict) or miscounted."""


def table_board(link: TableLink, number: int) -> Board:
    """The board, when this table plays it in its current round or an earlier one."""
    rows = table_rows(link.table_section, link.table)
    now, _done = current_row(rows, entered_at(link.table_section, rows))
    row = next((r for r in rows if number in {int(b) for b in r.boards} and r.ns_entry_id and r.ew_entry_id), None)
    if row is None or now is None or row.round > now.round:
        raise HandsError(
            _("Table %(table)s does not play board %(board)s now.") % {"table": link.table, "board": number},
            field="board",
        )
    board = Board.objects.filter(session_id=link.table_section.session_id, number=number).first()
    if board is None:
        raise HandsError(_("Board %(board)s is not in this session.") % {"board": number}, field="board")
    return board


def submit_hands(link: TableLink, number: Any, hands: Mapping[str, Sequence[str]]) -> str:
    """Store the four hands of a board as this table typed them; returns the deal (PBN, North first)."""
    settings = TableSettings.objects.filter(section=link.table_section).first()
    if settings is None or not settings.hands_at_table:
        raise HandsError(_("The director has not asked for the hands at the table."), code=REFUSED)
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise HandsError(_("Give the board number."), field="board")
    board = table_board(link, number)
    if board.deal:
        raise HandsError(
            _("Board %(board)s's hands are already entered.") % {"board": number}, field="board", code=CONFLICT
        )
    try:
        deal = deal_from_cards(hands)
    except InvalidHands as exc:
        raise HandsError(str(exc), field=exc.seat or "hands") from None
    try:
        enter_hands(actor=None, board=board, deal=deal, why=f"Entered at table {link.table}")
    except HandsRefused as exc:
        raise HandsError(exc.messages[0], field="board", code=CONFLICT) from None
    except DomainError as exc:  # the session was finished meanwhile (the one finished guard)
        raise HandsError(exc.message, code=REFUSED) from None
    return deal


def check_cards_played(link: TableLink, number: Any, contract: str, declarer: str, play: str) -> int:
    """Check the cards a table has tapped so far on a board it plays, as the phone asks after each card: against
    the board's deal when it is known (a card held, the suit followed: scoring.play, the rule the result is
    checked by), else only that none is played twice. Nothing is stored; the number of cards, or HandsError
    (field `play`) with the reason. Only what sending the whole play with the result would already answer."""
    settings = TableSettings.objects.filter(section=link.table_section).first()
    if settings is None or not settings.play:
        raise HandsError(_("The director has not asked for the play card by card."), code=REFUSED)
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise HandsError(_("Give the board number."), field="board")
    if len(play) > 200:
        raise HandsError(_("A play has at most %(max)s characters.") % {"max": 200}, field="play")
    board = table_board(link, number)
    try:
        return check_cards(board.deal, contract, declarer, play)
    except (ScoringError, ValueError) as exc:  # InvalidPlay, or a contract or seat that is not one
        raise HandsError(str(exc), field="play") from None
