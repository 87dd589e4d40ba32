"""`manage.py backup [--out FILE]`: a consistent copy of the whole database, safe while the app runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.core.backups import BackupError, make_backup


class Command(BaseCommand):
    help = "Copy the whole database (SQLite's online backup, or pg_dump) to FILE; prints the file's path last."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--out", default=None, help="the file to write (default: a dated file in var/backups/)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            path = make_backup(Path(options["out"]) if options["out"] else None)
        except (BackupError, OSError) as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            _("Backup written (%(st_size)s bytes). Put it back with: manage.py restore FILE")
            % {"st_size": format(path.stat().st_size, ",")}
        )
        self.stdout.write(str(path))
