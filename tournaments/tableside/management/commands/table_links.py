"""`manage.py table_links SESSION [--json] [--base-url URL]`: every table's link, to send or check."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.sessions.models import Session
from tournaments.tableside.selectors import table_url
from tournaments.tableside.services import issue_links


class Command(BaseCommand):
    help = "Print each table's link: section letter, table number and the absolute URL (made if missing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int)
        parser.add_argument("--json", action="store_true", help="One JSON list instead of lines")
        parser.add_argument("--base-url", default=None, help="The site as the phones reach it (default SITE_URL)")

    def handle(self, *args: Any, **options: Any) -> None:
        session = Session.objects.filter(pk=options["session"]).first()
        if session is None:
            raise CommandError(_("There is no session %(session)s.") % {"session": options["session"]})
        base = options["base_url"] or settings.SITE_URL
        rows = [
            {"section": section.letter, "table": link.table, "url": table_url(link, base)}
            for section in session.sections.order_by("letter")
            for link in issue_links(section)
        ]
        if options["json"]:
            self.stdout.write(json.dumps(rows, indent=2))
            return
        for row in rows:
            self.stdout.write(f"{row['section']}\t{row['table']}\t{row['url']}")
