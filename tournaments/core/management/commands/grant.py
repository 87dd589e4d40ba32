"""`manage.py grant USER ROLE [--club SLUG] [--revoke]`: give a login a role in one club."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.clubs.commands import club_named
from tournaments.clubs.models import ClubRole
from tournaments.core.access import Role, grant


class Command(BaseCommand):
    help = "Give a login a role in a club: administrator, director, scorer or player (--revoke takes it away)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("user")
        parser.add_argument("role")
        parser.add_argument("--club", help="The club's slug (needed when the service has several clubs)")
        parser.add_argument("--revoke", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        user = get_user_model().objects.filter(username=options["user"]).first()
        if user is None:
            raise CommandError(_("There is no login called %(user)r.") % {"user": options["user"]})
        try:
            role = Role(str(options["role"]).lower())
        except ValueError:
            roles = ", ".join(r.value for r in Role)
            raise CommandError(
                _("%(role)r is not a role: choose one of %(roles)s.") % {"role": options["role"], "roles": roles}
            ) from None
        club = club_named(options["club"])
        grant(user, role, revoke=options["revoke"], club_id=club.pk)
        held = ", ".join(sorted(ClubRole.objects.filter(user=user, club=club).values_list("role", flat=True)))
        if options["revoke"]:
            done = _("%(user)s no longer has the %(role)s role in %(club)s (roles there: %(held)s).")
        else:
            done = _("%(user)s now has the %(role)s role in %(club)s (roles there: %(held)s).")
        params = {"user": user.get_username(), "role": role.value, "club": club.name, "held": held or _("none")}
        self.stdout.write(done % params)
