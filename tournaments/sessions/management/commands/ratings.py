"""`manage.py ratings [--recompute] [--json]`: the club's ratings, best first; `--recompute` rebuilds them first
from every finished session (as the ratings page's button does: audited, and the same sessions give the same
figures), which is the step after importing old sessions."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from tournaments.sessions.selectors.ratings import club_ratings
from tournaments.sessions.services import ratings


class Command(BaseCommand):
    help = "List the club ratings (best first); --recompute rebuilds them from the finished sessions first."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--recompute", action="store_true", help="rebuild every rating first")
        parser.add_argument("--json", action="store_true", help="print JSON instead of a table")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["recompute"]:
            rows = ratings.recompute(actor=None)
            self.stderr.write(_("Recomputed: %(rows)s session ratings.") % {"rows": rows})
        table = club_ratings()
        if options["json"]:
            data = [
                {"member": r.member.name, "rating": round(r.rating, 2), "sessions": r.sessions, "points": r.points}
                for r in table
            ]
            self.stdout.write(json.dumps(data, indent=1))
            return
        for place, r in enumerate(table, start=1):
            self.stdout.write(f"{place:>3}  {r.rating:6.2f}  {r.sessions:>3}  {r.points:>5}  {r.member.name}")
