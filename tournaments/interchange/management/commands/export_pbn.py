"""`manage.py export_pbn SESSION -o FILE`: the session's deals and results (Bridgedesk's scores) as PBN 2.1."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from tournaments.interchange import InterchangeError
from tournaments.interchange.cli import failure, get_session, write_output
from tournaments.interchange.exporters import export_pbn


class Command(BaseCommand):
    help = "Export a session as a PBN 2.1 file: deals, ScoreTable per board, TotalScoreTable."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", help="the session id")
        parser.add_argument("-o", "--output", required=True, help="the file to write ('-' for standard output)")
        parser.add_argument("--section", default=None, help="the section letter, when the session has several")
        parser.add_argument("--deals-only", action="store_true", help="hand records only, without results")

    def handle(self, *args: Any, **options: Any) -> None:
        session = get_session(options["session"])
        try:
            _name, text = export_pbn(session, options["section"], results=not options["deals_only"])
        except InterchangeError as exc:
            raise failure(f"session {session.pk}", exc) from None
        write_output(options["output"], text.encode("utf-8"))
        if options["output"] != "-":
            self.stdout.write(_("Wrote %(output)s") % {"output": options["output"]})
