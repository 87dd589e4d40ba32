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
from tournaments.sessions.printables import BOOKS, KINDS, REPORT_FILES, title_of
from tournaments.sessions.reports import events, guidecards, handrecords, recaps, scorecards, slips, standings
from tournaments.sessions.reports.data import SessionData

__all__ = ["BOOKS", "KINDS", "REPORTS", "Report", "ReportError", "SessionData", "render", "render_job", "title_of"]


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
        Report("standings", *REPORT_FILES["standings"], standings.story),
        Report("recaps", *REPORT_FILES["recaps"], recaps.story),
        Report("scorecards", *REPORT_FILES["scorecards"], scorecards.story),
        Report("hand-records", *REPORT_FILES["hand-records"], handrecords.story, (handrecords.LAYOUT,)),
        Report("guide-cards", *REPORT_FILES["guide-cards"], guidecards.story, guidecards.LAYOUTS),
        Report("travellers", *REPORT_FILES["travellers"], slips.travellers, (slips.TRAVELLER_LAYOUT,)),
        Report("pickup-slips", *REPORT_FILES["pickup-slips"], slips.pickup_slips, (slips.PICKUP_LAYOUT,)),
        Report("event-standings", *REPORT_FILES["event-standings"], events.story),
    )
}


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


def render_job(kind: str, session: Session, paper: str, progress: Progress) -> tuple[str, str, bytes]:
    """The job pipeline's renderer (imported when a job runs, by sessions/jobs.py)."""
    return render(kind, session, paper=paper, progress=progress)
