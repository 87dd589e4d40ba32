"""A session's boards from a file's records: its own dealer and vulnerability where it states them (a score from
a contract uses the file's), a disagreement with the board number named, and the boards of several sections
made once."""

from __future__ import annotations

from django.utils.translation import gettext as _

import scoring
from tournaments.sessions.models import Board, Session

from .records import BoardRecord, SessionRecord


def disagreements_with_board_numbers(record: SessionRecord) -> list[str]:
    """Where the file's dealer or vulnerability is not the one the board number implies: the file's is used."""
    out = []
    for b in record.boards:
        dealer, vulnerability = scoring.board_dealer(b.number), scoring.board_vulnerability(b.number)
        if (b.dealer and b.dealer != dealer) or (b.vulnerability and b.vulnerability != vulnerability):
            out.append(
                f"{b.where or f'board {b.number}'}: the file deals board {b.number} with dealer {b.dealer or dealer}, "
                f"vulnerable {b.vulnerability or vulnerability}; its number implies dealer {dealer}, vulnerable "
                f"{vulnerability}. The file's are used, in the scores too."
            )
    return out


def board_rows(session: Session, sections: tuple[SessionRecord, ...], warnings: list[str]) -> dict[int, Board]:
    """The session's boards, not saved (the importer writes them): every board any section has (the sections of
    a session play the same boards)."""
    boards: dict[int, Board] = {}
    warnings.extend(disagreements_with_board_numbers(sections[0]))
    for part in sections:
        for b in part.boards:
            known = boards.get(b.number)
            if known is not None:
                if b.deal and known.deal and b.deal != known.deal:
                    warnings.append(
                        _(
                            "%(where)s: section %(section)s deals board %(number)s otherwise than "
                            "section %(value)s; the first section's deal is kept."
                        )
                        % {
                            "where": b.where,
                            "section": part.section,
                            "number": b.number,
                            "value": sections[0].section or "A",
                        }
                    )
                known.deal = known.deal or b.deal
                continue
            boards[b.number] = board_row(session, b)
    return boards


def board_row(session: Session, b: BoardRecord) -> Board:
    """The board as the file gives it (not saved): its own dealer and vulnerability, else its number's."""
    return Board(
        session=session,
        number=b.number,
        dealer=b.dealer or scoring.board_dealer(b.number),
        vulnerability=b.vulnerability or scoring.board_vulnerability(b.number),
        deal=b.deal,
        published_analysis=b.published_analysis,
    )
