"""Create the first director login if no user exists yet, and say how to log in."""

import secrets
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from tournaments.core.access import Role, grant


class Command(BaseCommand):
    help = "Create the first login (club administrator) if the database has no users; print it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--username", default="director")

    def handle(self, *args: object, **options: object) -> None:
        user_model = get_user_model()
        note = Path(settings.DATA_DIR) / "first-login.txt"
        if user_model.objects.exists():
            if note.exists():
                self.stdout.write(
                    _("Director login already exists (first login written to %(note)s).") % {"note": note}
                )
            else:
                self.stdout.write(_("Director login already exists."))
            return
        username = str(options["username"])
        password = secrets.token_urlsafe(9)
        user = user_model.objects.create_superuser(username=username, email="", password=password)
        grant(user, Role.ADMINISTRATOR)
        note.write_text(f"user: {username}\npassword: {password}\n")
        note.chmod(0o600)
        self.stdout.write(
            self.style.SUCCESS(
                _("Created the director login  user: %(username)s  password: %(password)s")
                % {"username": username, "password": password}
            )
        )
        self.stdout.write(_("(also written to %(note)s; change it under Admin once logged in)") % {"note": note})
