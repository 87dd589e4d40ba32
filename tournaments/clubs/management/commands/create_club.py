"""`manage.py create_club SLUG --name NAME`: a new club on the service (its address is /c/SLUG/)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.clubs.models import Club, Federation
from tournaments.clubs.services import create_club


class Command(BaseCommand):
    help = "Create a club: its own directors, members, events and public pages under /c/SLUG/."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--name", required=True)
        parser.add_argument("--host", default="", help="The club's own host name, if any")
        parser.add_argument("--time-zone", default="Europe/London")
        parser.add_argument("--language", default="en-gb")
        parser.add_argument(
            "--paper", choices=["a4", "letter"], default="", help="Default: the custom of the club's country"
        )
        parser.add_argument("--federation", help="Slug of the federation (county, district) it belongs to")

    def handle(self, *args: Any, **options: Any) -> None:
        federation = None
        if options["federation"]:
            federation = Federation.objects.filter(slug=options["federation"]).first()
            if federation is None:
                raise CommandError(f"There is no federation {options['federation']!r}.")
        club = Club(
            slug=str(options["slug"]).lower(),
            name=options["name"],
            host=str(options["host"]).lower(),
            time_zone=options["time_zone"],
            language=options["language"],
            paper=options["paper"],
            federation=federation,
        )
        try:
            create_club(actor=None, club=club, how="manage.py create_club")  # audited, as every new club
        except ValidationError as error:
            raise CommandError("; ".join(f"{k}: {' '.join(v)}" for k, v in error.message_dict.items())) from None
        self.stdout.write(f"Created the club {club.name} ({club.slug}): its pages are under /c/{club.slug}/.")
