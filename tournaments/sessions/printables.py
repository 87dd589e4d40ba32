"""The session's printable reports by name and title, and the hook that gives guide cards their table links.

Kept apart from `sessions/reports/` (which loads ReportLab) so that the job registry, the printing panel and
the app's start-up know every report's name and title without importing a PDF library.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from django.utils.translation import gettext
from django.utils.translation import gettext_noop as N_

from tournaments.printing.base import ReportError

if TYPE_CHECKING:
    from tournaments.sessions.models import Section

# kind -> (file name, title) of each single report.
REPORT_FILES: dict[str, tuple[str, str]] = {
    "standings": ("standings.pdf", N_("Standings")),
    "recaps": ("recaps.pdf", N_("Recaps")),
    "scorecards": ("scorecards.pdf", N_("Personal score cards")),
    "hand-records": ("hand-records.pdf", N_("Hand records")),
    "guide-cards": ("guide-cards.pdf", N_("Guide cards")),
    "travellers": ("travellers.pdf", N_("Traveling score slips")),
    "pickup-slips": ("pickup-slips.pdf", N_("Pickup slips")),
    "event-standings": ("overall-standings.pdf", N_("Overall standings")),
}

# Books: several reports in one PDF, for the session page's two big buttons.
BOOKS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "results": ("results.pdf", N_("Results"), ("standings", "recaps", "scorecards", "hand-records")),
    "session-kit": ("session-kit.pdf", N_("Session kit"), ("guide-cards", "travellers", "pickup-slips")),
}

KINDS: tuple[str, ...] = (*BOOKS, *REPORT_FILES)


def title_of(kind: str) -> str:
    if kind in BOOKS:
        return gettext(BOOKS[kind][1])
    if kind in REPORT_FILES:
        return gettext(REPORT_FILES[kind][1])
    raise ReportError(f"Unknown report {kind!r}: choose one of {', '.join(KINDS)}.")


# The table links belong to a higher domain (tableside), which registers at start-up (tournaments/apps.py) the
# function giving the guide cards their URLs: section -> {table number: the table page's URL}.
TableUrls = Callable[["Section"], dict[int, str]]
_table_urls: list[TableUrls] = []


def set_table_urls(provider: TableUrls) -> None:
    _table_urls[:] = [provider]


def table_urls(section: Section) -> dict[int, str]:
    return _table_urls[0](section) if _table_urls else {}
