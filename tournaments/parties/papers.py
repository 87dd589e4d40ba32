"""A party's papers by name and label, apart from `parties/reports.py` (which loads ReportLab), so that the job
registry and the print page list them without importing a PDF library."""

from __future__ import annotations

from django.utils.translation import gettext_noop as _

PARTY_JOB_PREFIX = "party-"  # the stored kinds of party papers: "party-tally-cards", ...

# Marked for the catalogue (gettext_noop), translated where shown: a job's title through `registry.title_of`.
PAPERS: dict[str, str] = {
    "tally-cards": _("Tally cards (two colours)"),
    "table-cards": _("Table number cards"),
    "score-pads": _("Score pads with the party scoring table"),
    "standings": _("Final standings and prize list"),
}
