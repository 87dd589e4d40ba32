"""What the job pipeline and the views need to know about printing without loading ReportLab.

ReportLab costs a web process about a quarter of a second to import, and only a worker making a PDF (or a
director asking for one) needs it. So the errors, the paper names and the renderers' signatures live here, and
each domain's `jobs` module imports its renderer inside the function that calls it, never when URLs or views load
(the allow-list HEAVY in tests/test_layers.py).
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["PAPER_NAMES", "PDF", "NothingToPrint", "Progress", "Rendered", "ReportError"]

PDF = "application/pdf"
PAPER_NAMES: tuple[str, ...] = ("a4", "letter")

Progress = Callable[[float, str], None]
Rendered = tuple[str, str, bytes]  # (filename, content type, bytes)


class ReportError(Exception):
    """Why a report cannot be made, in words a director understands ("Session 12 has no results yet")."""


class NothingToPrint(ReportError):
    """The session simply has nothing of this kind (no hands recorded): a book leaves the report out."""
