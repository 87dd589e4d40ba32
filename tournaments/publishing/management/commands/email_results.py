"""`manage.py email_results SESSION`: e-mail each player of a published session their score card and print, per
player, what became of it (sent, no address, unsubscribed, refused, or not delivered: no mail server)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.publishing.email import send_results
from tournaments.sessions.models import Session


class Command(BaseCommand):
    help = "E-mail every player with an address their personal score card and the link to the results."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        session = Session.objects.filter(pk=options["session"]).first()
        if session is None:
            raise CommandError(_("There is no session %(session)s.") % {"session": options["session"]})
        try:
            report = send_results(session)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        self.stdout.write(report.words())
        for line in report.lines:
            self.stdout.write(f"  {line.words()}")
        if report.failed:
            raise CommandError(_("%(n_failed)s e-mails could not be sent.") % {"n_failed": len(report.failed)})
