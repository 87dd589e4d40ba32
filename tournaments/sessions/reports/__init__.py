"""ReportLab renderers for a session's paper: results (standings, recaps, score cards, hand records) and the
session kit (guide cards, travellers, pickup slips).

Each report is a `story` function (session data -> flowables); `render(kind, session, paper=...)` lays one
report, or a book of several, out on pages and returns `(filename, content_type, bytes)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.platypus import Flowable, NextPageTemplate, PageBreak

from tournaments.printing.pdf import PAGE, PDF, Layout, NothingToPrint, Progress, ReportError, build_pdf, page_size
from tournaments.sessions.models import Session
from tournaments.sessions.reports import events, guidecards, handrecords, recaps, scorecards, slips, standings
from tournaments.sessions.reports.data import SessionData

__all__ = ["BOOKS", "REPORTS", "Report", "ReportError", "SessionData", "render"]


@dataclass(frozen=True)
class Report:
    """One printable report: its file name, title, page layouts (the first is its first page's; the story
    switches to the others itself) and the function that writes its story."""

    kind: str
    filename: str
    title: str
    story: Callable[[SessionData, str, Progress | None], list[Flowable]]
    layouts: tuple[Layout, ...] = (PAGE,)


REPORTS: dict[str, Report] = {
    r.kind: r
    for r in (
        Report("standings", "standings.pdf", "Standings", standings.story),
        Report("recaps", "recaps.pdf", "Recaps", recaps.story),
        Report("scorecards", "scorecards.pdf", "Personal score cards", scorecards.story),
        Report("hand-records", "hand-records.pdf", "Hand records", handrecords.story, (handrecords.LAYOUT,)),
        Report("guide-cards", "guide-cards.pdf", "Guide cards", guidecards.story, guidecards.LAYOUTS),
        Report("travellers", "travellers.pdf", "Traveling score slips", slips.travellers, (slips.TRAVELLER_LAYOUT,)),
        Report("pickup-slips", "pickup-slips.pdf", "Pickup slips", slips.pickup_slips, (slips.PICKUP_LAYOUT,)),
        Report("event-standings", "overall-standings.pdf", "Overall standings", events.story),
    )
}

# Books: several reports in one PDF, for the session page's two big buttons.
BOOKS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "results": ("results.pdf", "Results", ("standings", "recaps", "scorecards", "hand-records")),
    "session-kit": ("session-kit.pdf", "Session kit", ("guide-cards", "travellers", "pickup-slips")),
}

KINDS: tuple[str, ...] = (*BOOKS, *REPORTS)


def title_of(kind: str) -> str:
    if kind in BOOKS:
        return BOOKS[kind][1]
    if kind in REPORTS:
        return REPORTS[kind].title
    raise ReportError(f"Unknown report {kind!r}: choose one of {', '.join(KINDS)}.")


def render(
    kind: str,
    session: Session | int | SessionData,
    *,
    paper: str = "a4",
    progress: Progress | None = None,
) -> tuple[str, str, bytes]:
    """Make the PDF of one report or book for a session: (filename, content type, bytes).

    Raises ReportError with a message for the director when it cannot be made (no results, no deals, ...).
    `progress(fraction, message)` is called as pages are laid out.
    """
    title_of(kind)
    page_size(paper)  # an unknown paper fails before any work
    data = session if isinstance(session, SessionData) else SessionData.load(session)
    parts = BOOKS[kind][2] if kind in BOOKS else (kind,)
    filename, title = (
        (BOOKS[kind][0], BOOKS[kind][1]) if kind in BOOKS else (REPORTS[kind].filename, REPORTS[kind].title)
    )
    story: list[Flowable] = []
    layouts: list[Layout] = []
    for index, part in enumerate(parts):
        report = REPORTS[part]

        def part_progress(fraction: float, message: str, index: int = index) -> None:
            if progress is not None:
                progress((index + min(max(fraction, 0.0), 1.0)) / len(parts), message)

        first = report.layouts[0]
        try:
            part_story = report.story(data, paper, part_progress)
        except NothingToPrint:
            if len(parts) == 1:
                raise
            continue  # e.g. a results book without hand records when no deals were recorded
        if story:
            story += [NextPageTemplate(first.name), PageBreak()]
        layouts += [layout for layout in report.layouts if layout not in layouts]
        story += part_story
    content = build_pdf(story, paper=paper, masthead=data.masthead, title=title, layouts=layouts)
    return filename, PDF, content
