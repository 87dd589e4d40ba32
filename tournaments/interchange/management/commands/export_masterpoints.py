"""`manage.py export_masterpoints SESSION --form usebio|ebu|acbl -o FILE`: the session's master-point awards in a
national body's form (tournaments/interchange/masterpoint_files.py; docs/interchange.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from tournaments.interchange import InterchangeError
from tournaments.interchange.cli import failure, get_session, write_output
from tournaments.interchange.masterpoint_files import EBU_SCALES, FORMS, EbuDetails, export_masterpoints


class Command(BaseCommand):
    help = (
        "Write a finished session's master-point awards as USEBIO 1.2 (--form usebio), in the EBU's form "
        "(--form ebu, with --club-number, --event-code and --scale), or say why the ACBL's form cannot be written."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", help="the session id")
        parser.add_argument("--form", choices=FORMS, required=True, help="the national body's form")
        parser.add_argument("-o", "--output", required=True, help="the file to write ('-' for standard output)")
        parser.add_argument("--club-number", default="", help="ebu: the club's EBU number (CLUB_ID_NUMBER)")
        parser.add_argument("--event-code", default="", help="ebu: the event's code (EVENT_IDENTIFIER; default the id)")
        parser.add_argument("--scale", default="Club", choices=EBU_SCALES, help="ebu: the status pointed at")
        parser.add_argument(
            "--charge-code", default="", help="ebu: the P2P charge code (P2P_CHARGE_RATE: 10 a club session, 02 none)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        session = get_session(options["session"])
        details = EbuDetails(options["club_number"], options["event_code"], options["scale"], options["charge_code"])
        try:
            _name, content = export_masterpoints(session, options["form"], details)
        except InterchangeError as exc:
            raise failure(f"session {session.pk}", exc) from None
        write_output(options["output"], content)
        if options["output"] != "-":
            self.stdout.write(_("Wrote %(output)s") % {"output": options["output"]})
