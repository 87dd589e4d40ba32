"""`manage.py grant USER ROLE [--revoke]`: give a login a role (administrator, director, scorer, player)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

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
            raise CommandError(f"There is no login called {options['user']!r}.")
        try:
            role = Role(str(options["role"]).lower())
        except ValueError:
            roles = ", ".join(r.value for r in Role)
            raise CommandError(f"{options['role']!r} is not a role: choose one of {roles}.") from None
        grant(user, role, revoke=options["revoke"])
        held = ", ".join(sorted(g.name for g in user.groups.all())) or "none"
        verb = "no longer has" if options["revoke"] else "now has"
        self.stdout.write(f"{user.get_username()} {verb} the {role.value} role (roles: {held}).")
