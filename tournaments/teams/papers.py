"""A teams event's printable papers by name and title, apart from `reports.py` (which loads ReportLab) so that
the job registry and the pages know them without importing a PDF library."""

from __future__ import annotations

PAPERS: dict[str, str] = {
    "draw": "The draw (latest round)",
    "score-cards": "Match score cards (latest round)",
    "standings": "Standings",
}
