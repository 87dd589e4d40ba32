"""`manage.py publish SESSION [--final] [--unpublish] [--base-url URL]`: make a session's results public."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.clubs.addresses import club_url
from tournaments.publishing import services
from tournaments.sessions.models import Session


class Command(BaseCommand):
    help = "Publish a session's results (prints the public URL last); --final drops the provisional banner."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int)
        parser.add_argument("--final", action="store_true", help="Mark the results final at once")
        parser.add_argument("--unpublish", action="store_true", help="Take the results off the public pages")
        parser.add_argument("--base-url", default=None, help="The site as players reach it (default SITE_URL)")

    def handle(self, *args: Any, **options: Any) -> None:
        session = Session.objects.filter(pk=options["session"]).first()
        if session is None:
            raise CommandError(_("There is no session %(session)s.") % {"session": options["session"]})
        try:
            if options["unpublish"]:
                services.unpublish(actor=None, session=session)
                self.stdout.write(_("Session %(pk)s is no longer public.") % {"pk": session.pk})
                return
            pub = services.publish(actor=None, session=session, final=options["final"])
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        state = "provisional until " + f"{pub.final_from:%Y-%m-%d %H:%M}" if pub.is_provisional() else "final"
        self.stdout.write(_("Published session %(pk)s (%(state)s).") % {"pk": session.pk, "state": state})
        club = session.event.tenant_id
        self.stdout.write(club_url("publishing:standings", [session.pk], club_id=club, base=options["base_url"]))
