"""`manage.py import_bws FILE`: a Bridgemate .bws database (read with mdbtools) becomes a new session."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from tournaments.clubs.commands import ClubOption
from tournaments.interchange import InterchangeError
from tournaments.interchange.bws_import import import_bws
from tournaments.interchange.cli import failure, read_file, report_lines


class Command(ClubOption):
    help = (
        "Import a Bridgemate .bws file (needs Debian's mdbtools): its movement, players, results with lead cards "
        "and hand records, as a new session."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the .bws file")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            report = import_bws(read_file(path), filename=path.rsplit("/", 1)[-1])
        except InterchangeError as exc:
            raise failure(path, exc) from None
        self.stdout.write("\n".join(report_lines(report)))
