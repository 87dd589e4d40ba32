"""`manage.py compare_published SESSION [--json]`: another program's published figures against ours, counted.

The same comparison as the *Published vs Bridgedesk* page and the import report (one tolerance: the two decimals
the files print). With ``--json`` it prints exactly ``{"lines": {"same": n, "explained": {"<convention>": n},
"file_inconsistent": n, "unexplained": n}, "pairs": {the same keys}}``, pairs counting pair figures (totals,
percentages and places); without, the same counts and each difference with its reason, in words.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.interchange.cli import get_session
from tournaments.interchange.published import compare_session, has_published, total_counts


class Command(BaseCommand):
    help = "Compare the figures an imported session's file published with Bridgedesk's arithmetic."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", help="the session's id (the import commands print it last)")
        parser.add_argument("--json", action="store_true", help="print the counts as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        session = get_session(options["session"])
        if not has_published(session):
            raise CommandError(
                _("session %(pk)s holds no figures another program published.") % {"pk": session.pk}, returncode=2
            )
        comparisons = compare_session(session)
        counts = total_counts(comparisons)
        if options["json"]:
            self.stdout.write(json.dumps(counts))
            return
        for part, words in (("lines", "traveller lines"), ("pairs", "pair figures")):
            c = counts[part]
            explained = ", ".join(f"{k}: {n}" for k, n in c["explained"].items()) or "none"
            self.stdout.write(
                f"{words}: {c['same']} the same; explained {sum(c['explained'].values())} ({explained}); "
                f"the file disagreeing with itself {c['file_inconsistent']}; unexplained {c['unexplained']}"
            )
        for comparison in comparisons:
            for d in comparison.lines:
                self.stdout.write(
                    f"section {comparison.section.letter}, board {d.board}, {d.ns} v {d.ew} ({d.score}): file "
                    f"{d.published[0]:g}/{d.published[1]:g}; {d.category.replace('_', ' ')}: {d.reason}"
                )
            for p in comparison.pairs:
                self.stdout.write(
                    f"section {comparison.section.letter}, pair {p.label} {p.figure}: file {p.published}, Bridgedesk "
                    f"{p.ours}; {p.category.replace('_', ' ')}: {p.reason}"
                )
