"""A party's papers by name and label, apart from `parties/reports.py` (which loads ReportLab), so that the job
registry and the print page list them without importing a PDF library."""

from __future__ import annotations

PARTY_JOB_PREFIX = "party-"  # the stored kinds of party papers: "party-tally-cards", ...

PAPERS: dict[str, str] = {
    "tally-cards": "Tally cards (two colours)",
    "table-cards": "Table number cards",
    "score-pads": "Score pads with the party scoring table",
    "standings": "Final standings and prize list",
}
