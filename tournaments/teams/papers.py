"""A teams event's printable papers by name and title, apart from `reports.py` (which loads ReportLab) so that
the job registry and the pages know them without importing a PDF library."""

from __future__ import annotations

from django.utils.translation import gettext_noop as N_

PAPERS: dict[str, str] = {  # translated where shown (gettext(PAPERS[name]))
    "draw": N_("The draw (latest round)"),
    "score-cards": N_("Match score cards (latest round)"),
    "standings": N_("Standings"),
}
