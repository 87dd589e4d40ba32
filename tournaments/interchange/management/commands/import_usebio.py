"""`manage.py import_usebio FILE`: a USEBIO 1.2 results file becomes a new session (a teams file: a teams event);
its id is the last line."""

from __future__ import annotations

from typing import Any

from django.core.management.base import CommandParser

from tournaments.clubs.commands import ClubOption
from tournaments.interchange import InterchangeError
from tournaments.interchange.cli import failure, read_file, report_lines
from tournaments.interchange.importers import import_usebio
from tournaments.interchange.teams_import import import_usebio_teams
from tournaments.interchange.usebio_teams import is_teams_file


class Command(ClubOption):
    help = (
        "Import a USEBIO 1.2 file (MP, Butler or cross-IMP pairs) as a new session, scored by Bridgedesk; a teams "
        "file (EVENT_TYPE TEAMS) as a new teams event."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the USEBIO XML file")
        parser.add_argument(
            "--no-scale-missed-boards",
            action="store_false",
            dest="scale_missed_boards",
            help="do not scale the totals of pairs that missed boards (on by default)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        data = read_file(path)
        if is_teams_file(data):
            try:
                teams = import_usebio_teams(data, filename=path.rsplit("/", 1)[-1])
            except InterchangeError as exc:
                raise failure(path, exc) from None
            self.stdout.write("\n".join(teams.lines()))
            return
        try:
            report = import_usebio(
                data, filename=path.rsplit("/", 1)[-1], scale_missed_boards=options["scale_missed_boards"]
            )
        except InterchangeError as exc:
            raise failure(path, exc) from None
        self.stdout.write("\n".join(report_lines(report)))
