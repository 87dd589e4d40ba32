"""`manage.py deal SESSION [--seed SEED]`: deal the session's boards at random (or again from its seed)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.core.errors import DomainError
from tournaments.sessions.models import Session
from tournaments.sessions.services.analysis import solve_deals
from tournaments.sessions.services.dealing import deal_session


class Command(BaseCommand):
    help = "Deal every board of a session (a secure random seed; --seed deals a recorded set again), then solve them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int, help="the session's number (its id, as in /sessions/12/)")
        parser.add_argument("--seed", default=None, help="the seed the session shows, to deal the same boards again")
        parser.add_argument("--no-analysis", action="store_true", help="skip the double-dummy solving")

    def handle(self, *args: Any, **options: Any) -> None:
        session = Session.objects.filter(pk=options["session"]).first()
        if session is None:
            raise CommandError(_("There is no session %(session)s.") % {"session": options["session"]})
        try:
            count = deal_session(actor=None, session=session, seed=options["seed"])
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        except DomainError as exc:  # the session is finished
            raise CommandError(exc.message) from None
        self.stdout.write(_("Dealt %(count)s boards of session %(pk)s.") % {"count": count, "pk": session.pk})
        if not options["no_analysis"]:
            self.stdout.write(
                _("Solved %(solve_deals)s deals double dummy (tricks and par).") % {"solve_deals": solve_deals(session)}
            )
        self.stdout.write(
            _("Seed (keep it private; --seed deals these boards again): %(deal_seed)s")
            % {"deal_seed": session.deal_seed}
        )
