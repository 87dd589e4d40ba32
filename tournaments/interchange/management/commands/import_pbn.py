"""`manage.py import_pbn FILE`: a PBN file becomes a new session (or, with --session, deals for a session)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from tournaments.clubs.commands import ClubOption
from tournaments.interchange import InterchangeError
from tournaments.interchange.cli import failure, get_session, read_file, report_lines
from tournaments.interchange.importers import import_deals, import_pbn
from tournaments.interchange.pbn import read_pbn


class Command(ClubOption):
    help = (
        "Import a PBN 2.1 file: its deals, and its results (ScoreTable/TotalScoreTable) if it has them, as a new "
        "session; with --session ID, load its deals (hand records) into that session instead."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the PBN file")
        parser.add_argument("--session", default=None, help="load the deals into this session instead")
        parser.add_argument(
            "--set",
            type=int,
            default=None,
            dest="deal_set",
            help="for a file of several events (deal sets), the set to import, from 1 (the error lists them)",
        )
        parser.add_argument(
            "--no-scale-missed-boards",
            action="store_false",
            dest="scale_missed_boards",
            help="do not scale the totals of pairs that missed boards (on by default)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        data = read_file(path)
        name = path.rsplit("/", 1)[-1]
        try:
            if options["session"]:
                session = get_session(options["session"])
                report = import_deals(session, read_pbn(data, options["deal_set"]), filename=name)
                lines = [f"Loaded {report.boards} deals from {name}.", *report.notes]
                lines += [f"Note: {w}" for w in report.warnings]
                self.stdout.write("\n".join([*lines, str(session.pk)]))
                return
            report = import_pbn(
                data,
                filename=name,
                scale_missed_boards=options["scale_missed_boards"],
                deal_set=options["deal_set"],
            )
        except InterchangeError as exc:
            raise failure(path, exc) from None
        self.stdout.write("\n".join(report_lines(report)))
