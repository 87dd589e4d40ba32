"""`manage.py export_lin SESSION -o FILE`: the session's deals as a LIN file for BBO's hand viewer, each table's
auction and play (entered on its phone or read from a file) after its board."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from tournaments.interchange import InterchangeError
from tournaments.interchange.cli import failure, get_session, write_output
from tournaments.interchange.exporters import export_lin


class Command(BaseCommand):
    help = "Export a session's hand records as a BBO .lin file (one board a line, for BBO's hand viewer)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", help="the session id")
        parser.add_argument("-o", "--output", required=True, help="the file to write ('-' for standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        session = get_session(options["session"])
        try:
            _name, data = export_lin(session)
        except InterchangeError as exc:
            raise failure(f"session {session.pk}", exc) from None
        write_output(options["output"], data)
        if options["output"] != "-":
            self.stdout.write(_("Wrote %(output)s") % {"output": options["output"]})
