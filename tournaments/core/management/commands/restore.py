"""`manage.py restore FILE [--yes]`: put a backup back in place of the whole database, after a confirmation."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.core.backups import BackupError, describe, restore_backup


class Command(BaseCommand):
    help = "Replace the whole database with a backup from `manage.py backup` (asks first; --yes skips that)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup file (var/backups/...)")
        parser.add_argument("--yes", action="store_true", help="do not ask for a confirmation")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            what = describe(path)
        except (BackupError, OSError) as exc:
            raise CommandError(str(exc)) from None
        if not options["yes"]:
            self.stdout.write(_("This replaces everything in the database with %(what)s.") % {"what": what})
            self.stdout.write(_("Stop Bridgedesk (Ctrl-C in the terminal of `make run`) before you go on."))
            answer = input("Type yes to restore: ") if sys.stdin.isatty() else ""
            if answer.strip().lower() != "yes":
                raise CommandError(_("Nothing was changed (restore needs a yes, or --yes)."))
        try:
            before = restore_backup(path)
        except (BackupError, OSError) as exc:
            raise CommandError(str(exc)) from None
        if before is not None:
            self.stdout.write(_("The database as it was is kept in %(before)s.") % {"before": before})
        self.stdout.write(_("Restored %(what)s.") % {"what": what})
