"""`manage.py print_results SESSION --out DIR`: standings, recaps, score cards and hand records as PDFs."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.printing import jobs
from tournaments.sessions.models import Session

KINDS = jobs.RESULTS_KINDS


class Command(BaseCommand):
    help = "Write the results of a session as PDFs: standings.pdf, recaps.pdf, scorecards.pdf, hand-records.pdf."
    kinds: tuple[str, ...] = KINDS

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int, help="the session's number (its id, as in /sessions/12/)")
        parser.add_argument("--out", required=True, help="folder to write the PDFs into (made if missing)")
        parser.add_argument("--paper", choices=["a4", "letter"], default="a4", help="paper size (default a4)")

    def handle(self, *args: Any, **options: Any) -> None:
        session = Session.objects.select_related("event").filter(pk=options["session"]).first()
        if session is None:
            raise CommandError(_("Session %(session)s does not exist.") % {"session": options["session"]})
        made = jobs.run_to_folder(session=session, kinds=self.kinds, out_dir=options["out"], paper=options["paper"])
        failed = 0
        for kind, path, error in made:
            if path is not None:
                self.stdout.write(_("wrote %(path)s") % {"path": path})
            elif error.startswith("skipped"):
                self.stdout.write(f"{kind}: {error}")
            else:
                failed += 1
                self.stderr.write(f"{kind}: {error}")
        if failed:
            raise CommandError(
                _("%(failed)s of %(n_made)s files could not be made (see above).")
                % {"failed": failed, "n_made": len(made)}
            )
