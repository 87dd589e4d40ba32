"""`manage.py export_usebio_teams EVENT -o FILE`: a teams event, scored by Bridgedesk, as a USEBIO teams file."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.interchange.cli import write_output
from tournaments.interchange.teams_export import export_usebio_teams
from tournaments.teams.models import TeamEvent


class Command(BaseCommand):
    help = "Export a teams event as a USEBIO 1.2 teams file (EVENT_TYPE TEAMS) with Bridgedesk's IMPs and VPs."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int, help="the teams event's id")
        parser.add_argument("-o", "--output", required=True, help="the file to write ('-' for standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        event = TeamEvent.objects.filter(pk=options["event"]).first()
        if event is None:
            raise CommandError(_("No teams event %(id)s.") % {"id": options["event"]})
        _name, content = export_usebio_teams(event)
        write_output(options["output"], content)
        if options["output"] != "-":
            self.stdout.write(_("Wrote %(output)s") % {"output": options["output"]})
