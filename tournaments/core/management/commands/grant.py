"""`manage.py grant USER ROLE [--revoke]`: give a login a role (administrator, director, scorer, player)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.core.access import Role, grant


class Command(BaseCommand):
    help = "Give a login a role: administrator, director, scorer or player (--revoke takes it away)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("user")
        parser.add_argument("role")
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
        grant(user, role, revoke=options["revoke"])
        held = ", ".join(sorted(g.name for g in user.groups.all())) or _("none")
        if options["revoke"]:
            done = _("%(user)s no longer has the %(role)s role (roles: %(held)s).")
        else:
            done = _("%(user)s now has the %(role)s role (roles: %(held)s).")
        self.stdout.write(done % {"user": user.get_username(), "role": role.value, "held": held})
