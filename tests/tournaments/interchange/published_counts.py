"""What `manage.py compare_published SESSION --json` prints, for the convention tests: one helper instead of a
copy in each test module, so they all read the command's output the same way."""

from __future__ import annotations

import json
from io import StringIO

from django.core.management import call_command

Counts = dict[str, dict[str, object]]


def published_counts(session_pk: int) -> Counts:
    """The command's counts (`lines` and `pairs`: same, explained by convention, file inconsistent, unexplained)."""
    out = StringIO()
    call_command("compare_published", str(session_pk), "--json", stdout=out)
    counts: Counts = json.loads(out.getvalue())
    return counts


def all_same(counts: Counts) -> bool:
    """Every figure agrees as it stands: nothing explained by a convention, nothing inconsistent or unexplained."""
    return all(c["explained"] == {} and c["file_inconsistent"] == c["unexplained"] == 0 for c in counts.values())
