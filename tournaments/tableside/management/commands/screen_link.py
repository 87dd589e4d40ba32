"""`manage.py screen_link SESSION [--party] [--revoke]`: the club room TV's secret link to the big screen."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from config.siteurl import reach_warning
from tournaments.parties.models import Party
from tournaments.sessions.models import Session
from tournaments.tableside import screenlinks


class Command(BaseCommand):
    help = "Print the TV's link to the big screen of a session (or, with --party, a party), made if missing."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int, help="the session's number (or the party's, with --party)")
        parser.add_argument("--party", action="store_true", help="the number is a party's")
        parser.add_argument("--revoke", action="store_true", help="withdraw the live link and make a new one")

    def handle(self, *args: Any, **options: Any) -> None:
        number = options["session"]
        session = party_id = None
        if options["party"]:
            if not Party.objects.filter(pk=number).exists():
                raise CommandError(_("There is no party %(number)s.") % {"number": number})
            party_id = number
        else:
            session = Session.objects.filter(pk=number).first()
            if session is None:
                raise CommandError(_("There is no session %(number)s.") % {"number": number})
        if options["revoke"]:
            old = screenlinks.live_screen_link(session=session, party_id=party_id)
            if old is not None:
                screenlinks.revoke_screen_link(actor=None, link=old)
                self.stdout.write(_("The old screen link is withdrawn."))
        link = screenlinks.issue_screen_link(actor=None, session=session, party_id=party_id)
        if warning := reach_warning(settings.SITE_URL):
            self.stderr.write(warning)
        self.stdout.write(screenlinks.screen_url(link))
