"""`manage.py export_usebio SESSION -o FILE`: the session's results, scored by Bridgedesk, as USEBIO 1.2."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from tournaments.interchange import InterchangeError
from tournaments.interchange.cli import failure, get_session, write_output
from tournaments.interchange.exporters import export_usebio, export_usebio_event


class Command(BaseCommand):
    help = (
        "Export a session as a USEBIO 1.2 XML file, with Bridgedesk's scores: every section (one SECTION each), or "
        "with --section the one named; --event writes every session of the session's event (a SESSION each)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", help="the session id")
        parser.add_argument("-o", "--output", required=True, help="the file to write ('-' for standard output)")
        parser.add_argument("--event", action="store_true", help="export every session of the event, one SESSION each")
        parser.add_argument(
            "--section", default=None, help="export only this section (the flat form, with Bridgedesk's own data)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        session = get_session(options["session"])
        try:
            if options["event"]:
                _name, content = export_usebio_event(session)
            else:
                _name, content = export_usebio(session, options["section"])
        except InterchangeError as exc:
            raise failure(f"session {session.pk}", exc) from None
        write_output(options["output"], content)
        if options["output"] != "-":
            self.stdout.write(_("Wrote %(output)s") % {"output": options["output"]})
