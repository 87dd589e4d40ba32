"""`manage.py import_lin FILE`: a BBO LIN file (hand records, a traveller's tables) becomes a new session."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from tournaments.clubs.commands import ClubOption
from tournaments.interchange import InterchangeError
from tournaments.interchange.cli import failure, read_file, report_lines
from tournaments.interchange.importers import import_lin


class Command(ClubOption):
    help = "Import a BBO .lin file: its deals, and its tables' results (contract, declarer, tricks) as a new session."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the .lin file")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            report = import_lin(read_file(path), filename=path.rsplit("/", 1)[-1])
        except InterchangeError as exc:
            raise failure(path, exc) from None
        self.stdout.write("\n".join(report_lines(report)))
